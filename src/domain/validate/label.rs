//! `POST {labels_url}` (SPEC 2.18, 4.4), camelCase on the wire.

use rust_decimal::Decimal;

use super::address::label_address;
use super::common::Problems;
use super::path::JsonPath;
use crate::api::{FieldError, LabelRequest, LabelSku};
use crate::domain::{LengthUnit, WeightUnit};

/// Every problem of a label request. A unit without its values is reported on the unit field,
/// a value without its unit on the missing unit field. Once `skus` is sent (split parcel), the
/// fields SPEC 4.4 rule 2 names are required; any address sent is checked either way.
pub fn label_request(req: &LabelRequest) -> Vec<FieldError> {
    let root = JsonPath::root();
    let mut problems = Problems::new();
    problems.required(
        &root.key("orderNumber"),
        &req.order_number,
        "Enter the order number the label is for.",
    );
    weight(&mut problems, &root, req);
    dimensions(&mut problems, &root, req);

    if let Some(skus) = &req.skus {
        split_parcel(&mut problems, &root, req, skus);
    }
    if let Some(from) = &req.from_address {
        problems.append(label_address(from, "fromAddress"));
    }
    if let Some(to) = &req.to_address {
        problems.append(label_address(to, "toAddress"));
    }
    if let Some(text) = &req.parcel_weight {
        parcel_weight(&mut problems, &root.key("parcelWeight"), text);
    }
    problems.into_vec()
}

fn weight(problems: &mut Problems, root: &JsonPath, req: &LabelRequest) {
    let unit_path = root.key("weightUnit");
    if let Some(value) = req.weight {
        problems.positive(&root.key("weight"), value, "parcel weight");
        if req.weight_unit.is_none() {
            problems.add(
                &unit_path,
                "Choose the unit of the parcel weight: grams or pounds.",
            );
        }
    }
    if let Some(unit) = &req.weight_unit {
        if WeightUnit::parse_label(unit).is_none() {
            problems.add(
                &unit_path,
                format!("\"{unit}\" is not a weight unit here: use grams or pounds."),
            );
        }
        if req.weight.is_none() {
            problems.add(
                &unit_path,
                "Enter the parcel weight this unit belongs to, or leave the unit out.",
            );
        }
    }
}

fn dimensions(problems: &mut Problems, root: &JsonPath, req: &LabelRequest) {
    let sides = [
        ("length", req.length),
        ("width", req.width),
        ("height", req.height),
    ];
    let unit_path = root.key("dimensionsUnit");
    let any_side = sides.iter().any(|(_, value)| value.is_some());
    if any_side {
        for (name, value) in sides {
            let path = root.key(name);
            match value {
                Some(value) => problems.positive(&path, value, &format!("parcel {name}")),
                None => problems.add(
                    &path,
                    format!("Enter the parcel {name} too: length, width and height go together."),
                ),
            }
        }
        if req.dimensions_unit.is_none() {
            problems.add(
                &unit_path,
                "Choose the unit of the parcel dimensions: cm or in.",
            );
        }
    }
    if let Some(unit) = &req.dimensions_unit {
        if LengthUnit::parse(unit).is_none() {
            problems.add(
                &unit_path,
                format!("\"{unit}\" is not a dimensions unit: use cm or in."),
            );
        }
        if !any_side {
            problems.add(
                &unit_path,
                "Enter the parcel's length, width and height this unit belongs to, or leave the unit out.",
            );
        }
    }
}

/// SPEC 4.4 rule 2: a label for some of the order's items needs the parcel's own details.
fn split_parcel(problems: &mut Problems, root: &JsonPath, req: &LabelRequest, skus: &[LabelSku]) {
    let skus_path = root.key("skus");
    problems.not_empty(
        &skus_path,
        skus,
        "Add at least one SKU to the parcel, or leave skus out to get the whole order's label.",
    );
    for (index, sku) in skus.iter().enumerate() {
        let path = skus_path.index(index);
        problems.required(
            &path.key("skuName"),
            &sku.sku_name,
            "Enter the SKU of this item.",
        );
        problems.required(
            &path.key("asn"),
            &sku.asn,
            "Enter the Advanced Shipment Notice (ASN) reference of this item.",
        );
        problems.whole_positive(&path.key("quantity"), sku.quantity, "quantity");
    }
    problems.unique(
        &skus_path,
        "skuName",
        skus.iter().map(|sku| sku.sku_name.as_str()),
        "SKU",
        "list each SKU once with its total quantity in the parcel.",
    );

    let split = "it is required for a label of part of the order";
    if req.from_address.is_none() {
        problems.add(
            &root.key("fromAddress"),
            format!("Enter the address the parcel ships from: {split}."),
        );
    }
    if req.to_address.is_none() {
        problems.add(
            &root.key("toAddress"),
            format!("Enter the address the parcel goes to: {split}."),
        );
    }
    problems.required(
        &root.key("trackReference"),
        req.track_reference.as_deref().unwrap_or(""),
        &format!("Enter the reference to print on the label: {split}."),
    );
    problems.required(
        &root.key("parcelWeight"),
        req.parcel_weight.as_deref().unwrap_or(""),
        &format!("Enter the parcel weight in grams (e.g. 1250): {split}."),
    );
    problems.required(
        &root.key("brandCode"),
        req.brand_code.as_deref().unwrap_or(""),
        &format!("Enter the brand code issued to you: {split}."),
    );
}

/// `parcelWeight` is text holding a number of grams (SPEC 2.18). Blank is reported as missing
/// by the split-parcel check when it is required.
fn parcel_weight(problems: &mut Problems, path: &JsonPath, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    let grams = text
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.')
        .then(|| Decimal::from_str_exact(text).ok())
        .flatten();
    match grams {
        Some(grams) if grams > Decimal::ZERO => {}
        _ => problems.add(
            path,
            format!("\"{text}\" is not a parcel weight: enter a number of grams above 0 (e.g. 1250 or 1250.5)."),
        ),
    }
}
