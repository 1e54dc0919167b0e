//! `POST {labels_url}`: SPEC 2.18 and 4.4, camelCase paths.

use packdesk::api::{LabelAddress, LabelRequest};
use packdesk::domain::validate;

use super::builders::{d, label_address, label_request, s};
use super::{Case, assert_no_errors, assert_reports_all, check_table};

type R = LabelRequest;

fn to(r: &mut R) -> &mut LabelAddress {
    r.to_address.as_mut().unwrap()
}

fn from(r: &mut R) -> &mut LabelAddress {
    r.from_address.as_mut().unwrap()
}

#[rustfmt::skip]
const CASES: &[Case<R>] = &[
    ("order number blank", |r| r.order_number = s(""), "orderNumber"),
    ("weight without unit", |r| r.weight_unit = None, "weightUnit"),
    ("weight unit not grams or pounds", |r| r.weight_unit = Some(s("lb")), "weightUnit"),
    ("weight unit without weight", |r| r.weight = None, "weightUnit"),
    ("weight zero", |r| r.weight = Some(d("0")), "weight"),
    ("weight negative", |r| r.weight = Some(d("-1")), "weight"),
    ("dimensions without unit", |r| r.dimensions_unit = None, "dimensionsUnit"),
    ("only a length, without unit", |r| { r.width = None; r.height = None; r.dimensions_unit = None; }, "dimensionsUnit"),
    ("dimensions unit mm", |r| r.dimensions_unit = Some(s("mm")), "dimensionsUnit"),
    ("dimensions unit without dimensions", |r| { r.length = None; r.width = None; r.height = None; }, "dimensionsUnit"),
    ("width missing", |r| r.width = None, "width"),
    ("length zero", |r| r.length = Some(d("0")), "length"),
    ("height negative", |r| r.height = Some(d("-10")), "height"),
    ("skus empty", |r| r.skus = Some(vec![]), "skus"),
    ("SKU name blank", |r| r.skus.as_mut().unwrap()[1].sku_name = s(""), "skus[1].skuName"),
    ("ASN blank", |r| r.skus.as_mut().unwrap()[0].asn = s(" "), "skus[0].asn"),
    ("SKU quantity zero", |r| r.skus.as_mut().unwrap()[0].quantity = d("0"), "skus[0].quantity"),
    ("SKU quantity fractional", |r| r.skus.as_mut().unwrap()[1].quantity = d("1.5"), "skus[1].quantity"),
    ("SKU repeated", |r| r.skus.as_mut().unwrap()[1].sku_name = s("TS-BLK-M"), "skus[1].skuName"),
    ("split label without from address", |r| r.from_address = None, "fromAddress"),
    ("split label without to address", |r| r.to_address = None, "toAddress"),
    ("split label without track reference", |r| r.track_reference = None, "trackReference"),
    ("split label with blank track reference", |r| r.track_reference = Some(s("")), "trackReference"),
    ("split label without parcel weight", |r| r.parcel_weight = None, "parcelWeight"),
    ("parcel weight with unit", |r| r.parcel_weight = Some(s("567 g")), "parcelWeight"),
    ("parcel weight zero", |r| r.parcel_weight = Some(s("0")), "parcelWeight"),
    ("split label without brand code", |r| r.brand_code = None, "brandCode"),
    ("first name blank", |r| to(r).first_name = s(""), "toAddress.firstName"),
    ("last name blank", |r| from(r).last_name = s(""), "fromAddress.lastName"),
    ("phone blank", |r| to(r).phone_number = s(""), "toAddress.phoneNumber"),
    ("phone without country code", |r| to(r).phone_number = s("(514) 555-0199"), "toAddress.phoneNumber"),
    ("phone too short", |r| to(r).phone_number = s("+1 555"), "toAddress.phoneNumber"),
    ("line 1 blank", |r| to(r).line1 = s(""), "toAddress.line1"),
    ("city blank", |r| to(r).city = s(""), "toAddress.city"),
    ("province blank outside US/CA", |r| *from(r) = label_address("DE", "", "10115"), "fromAddress.province"),
    ("US state not real", |r| to(r).province = s("ZZ"), "toAddress.province"),
    ("US state written as name", |r| to(r).province = s("New York"), "toAddress.province"),
    ("CA province blank", |r| from(r).province = s(""), "fromAddress.province"),
    ("country blank", |r| to(r).country = s(""), "toAddress.country"),
    ("country not ISO", |r| to(r).country = s("USA"), "toAddress.country"),
    ("zipcode blank", |r| to(r).zipcode = s(""), "toAddress.zipcode"),
    ("US zipcode malformed", |r| to(r).zipcode = s("1011"), "toAddress.zipcode"),
    ("CA postal code malformed", |r| from(r).zipcode = s("H2X-1Y4"), "fromAddress.zipcode"),
];

#[test]
fn every_label_rule_names_its_field() {
    check_table(&label_request(), validate::label_request, CASES);
}

#[test]
fn full_order_label_needs_only_the_order_number() {
    let request = LabelRequest {
        order_number: s("1042"),
        ..LabelRequest::default()
    };
    assert_no_errors(&validate::label_request(&request));
    let request = LabelRequest {
        order_number: s("1042"),
        weight: Some(d("500")),
        weight_unit: Some(s("grams")),
        length: Some(d("12")),
        width: Some(d("9")),
        height: Some(d("4")),
        dimensions_unit: Some(s("in")),
        zpl: Some(true),
        ..LabelRequest::default()
    };
    assert_no_errors(&validate::label_request(&request));
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut request = label_request();
    request.weight_unit = None;
    request.height = None;
    request.skus.as_mut().unwrap()[0].asn.clear();
    request.brand_code = None;
    let to = request.to_address.as_mut().unwrap();
    to.zipcode = s("ABCDE");
    to.phone_number = s("555-0199");
    let errors = validate::label_request(&request);
    assert_reports_all(
        &errors,
        &[
            "weightUnit",
            "height",
            "skus[0].asn",
            "brandCode",
            "toAddress.zipcode",
            "toAddress.phoneNumber",
        ],
    );
    assert_eq!(errors.len(), 6, "{errors:#?}");
}

#[test]
fn a_blank_address_lists_every_missing_field() {
    let errors = validate::label_address(&LabelAddress::default(), "toAddress");
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "toAddress.firstName",
            "toAddress.lastName",
            "toAddress.phoneNumber",
            "toAddress.line1",
            "toAddress.city",
            "toAddress.country",
            "toAddress.province",
            "toAddress.zipcode",
        ]
    );
}

#[test]
fn province_names_are_answered_with_their_code() {
    let errors = validate::label_address(&label_address("CA", "Quebec", "H2X 1Y4"), "fromAddress");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].error.contains("(QC)"), "{}", errors[0].error);
    assert_no_errors(&validate::label_address(
        &label_address("CA", "ca-qc", "h2x 1y4"),
        "fromAddress",
    ));
}
