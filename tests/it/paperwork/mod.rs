//! The customs paperwork worked out from a real record: orders quoted by the real service and
//! recorded in a station database, parcels packed, then `customs::build::paperwork` on a pinned
//! date. What the documents say adds up, picks the right form and numbers, and names what is
//! missing; the rendering is tested in `customs`.

use packdesk::api::TaxCalculationRequest;
use packdesk::customs::build::{MissingAt, Outcome, Paperwork, Request, paperwork};
use packdesk::customs::paperwork::DeclarationForm;
use packdesk::customs::settings::{CustomsSettings, Exporter, SettingsField};
use packdesk::service::landed_cost::tables::Tables;
use packdesk::station::db::{ParcelId, StationDb, StationOrder};
use rust_decimal::Decimal;
use time::macros::date;

use crate::support::{TestService, cart, dec, order_for};

mod cli;
mod thresholds;

pub(crate) fn settings() -> CustomsSettings {
    CustomsSettings {
        exporter: Exporter {
            company: "Acme Trading GmbH".into(),
            address1: "Chausseestraße 86".into(),
            postal_code: "10115".into(),
            city: "Berlin".into(),
            country_code: "DE".into(),
            eori: "DE123456789012345".into(),
            vat_number: "DE811907980".into(),
            ioss_number: "IM2760000742".into(),
            uk_vat_number: "GB123456789".into(),
            ..Exporter::default()
        },
        signatory: "Dana Fischer".into(),
        ..CustomsSettings::default()
    }
}

/// A station record holding `cart` quoted by the service and ordered as `number`.
pub(crate) async fn recorded(
    service: &TestService,
    number: u64,
    cart: &TaxCalculationRequest,
) -> (tempfile::TempDir, StationDb) {
    let dir = tempfile::tempdir().unwrap();
    let mut db = StationDb::open(dir.path().join("station.sqlite3")).unwrap();
    let quote = service.client.landed_cost(cart).await.unwrap();
    let create = order_for(number, &quote, 0);
    service.client.create_order(&create).await.unwrap();
    db.record_submitted_order(cart, &quote, &create).unwrap();
    (dir, db)
}

pub(crate) fn build(order: &StationOrder, parcel: Option<ParcelId>) -> Outcome {
    let tables = Tables::load().unwrap();
    paperwork(
        &tables,
        Request {
            order,
            shipment_id: "S1",
            parcel,
            settings: &settings(),
            date: date!(2026 - 11 - 23),
        },
    )
    .unwrap()
}

pub(crate) fn ready(outcome: Outcome) -> Paperwork {
    match outcome {
        Outcome::Ready(paperwork) => *paperwork,
        other => panic!("not ready: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_split_shipments_invoices_add_up_to_its_locked_totals_to_the_cent() {
    let service = TestService::start().await;
    let (_dir, mut db) = recorded(&service, 8001, &cart("US", Some("CA"), Some("94103"))).await;
    let mut pack = |lines: &[(&str, u32)]| {
        let mut parcel = crate::station::parcel(lines);
        parcel.to.city = "San Francisco".into();
        parcel.to.province = "CA".into();
        parcel.to.country = "US".into();
        parcel.to.zipcode = "94103".into();
        db.start_parcel(8001, "S1", &parcel).unwrap()
    };
    let first = pack(&[("L1", 1), ("L3", 2)]);
    let second = pack(&[("L1", 1), ("L2", 1)]);
    let third = pack(&[("L3", 1)]);
    let order = db.order(8001).unwrap().unwrap();
    let shipment = &order.shipments[0];
    let cost = shipment.landed_cost.clone().unwrap();
    assert!(
        cost.duties > Decimal::ZERO,
        "a US import owes duty: {cost:?}"
    );

    let invoices: Vec<_> = [first, second, third]
        .into_iter()
        .map(|p| ready(build(&order, Some(p))).invoice)
        .collect();
    for invoice in &invoices {
        let lines: Decimal = invoice.lines.iter().map(|l| l.line_value).sum();
        assert_eq!(lines, invoice.subtotal);
        let paid: Decimal = invoice.paid_charges.iter().map(|c| c.amount).sum();
        assert_eq!(paid, invoice.paid_total);
        assert_eq!(
            invoice.total,
            invoice.subtotal + invoice.transport + invoice.paid_total
        );
        assert_eq!(invoice.incoterm, "DDP");
        assert_eq!(invoice.parcel.m, 3, "all packed: parcel n of 3");
    }
    assert_eq!(invoices[0].incoterm_place, "San Francisco, United States");
    assert_eq!(
        invoices.iter().map(|i| i.parcel.n).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let sum = |f: &dyn Fn(&packdesk::customs::paperwork::Invoice) -> Decimal| -> Decimal {
        invoices.iter().map(f).sum()
    };
    assert_eq!(sum(&|i| i.subtotal), dec("166.00"), "2 x 25 + 80 + 3 x 12");
    assert_eq!(sum(&|i| i.transport), shipment.rate.shipping_rate);
    assert_eq!(sum(&|i| i.paid_charges[0].amount), cost.duties);
    assert_eq!(sum(&|i| i.paid_total), cost.duties + cost.total_taxes);

    // The first parcel's lines: what it holds, with codes, origins and weights.
    let first = &invoices[0];
    let skus: Vec<(&str, u32, &str, &str)> = first
        .lines
        .iter()
        .map(|l| {
            (
                l.sku.as_str(),
                l.quantity,
                l.hs_code.as_str(),
                l.origin_country_code.as_str(),
            )
        })
        .collect();
    assert_eq!(
        skus,
        [
            ("TSHIRT-M", 1, "610910", "CN"),
            ("MUG-W", 2, "691200", "PT")
        ]
    );
    assert_eq!(first.lines[1].line_value, dec("24.00"));
    assert_eq!(first.lines[1].net_weight.to_string(), "700 g");
    assert_eq!(first.invoice_number, "8001-S1-1");
    // The US has no IOSS or UK scheme: EORI and VAT number only.
    let ids: Vec<&str> = first
        .exporter_ids
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(ids, ["EORI", "VAT No."]);
}

#[tokio::test(flavor = "multi_thread")]
async fn parcels_still_to_come_say_so_and_the_whole_shipment_is_one_parcel_before_packing() {
    let service = TestService::start().await;
    let (_dir, mut db) = recorded(&service, 8002, &cart("US", Some("NY"), Some("10001"))).await;
    let order = db.order(8002).unwrap().unwrap();
    let whole = ready(build(&order, None));
    assert_eq!(whole.invoice.subtotal, dec("166.00"));
    assert_eq!(
        whole.invoice.transport,
        order.shipments[0].rate.shipping_rate
    );
    assert_eq!((whole.invoice.parcel.n, whole.invoice.parcel.m), (1, 1));
    let parcel = db
        .start_parcel(8002, "S1", &crate::station::parcel(&[("L2", 1)]))
        .unwrap();
    let order = db.order(8002).unwrap().unwrap();
    let slip = ready(build(&order, Some(parcel))).slip;
    assert_eq!((slip.parcel.n, slip.parcel.m), (1, 0), "more to follow");
    assert_eq!(slip.lines.len(), 1);
    assert_eq!((slip.lines[0].quantity, slip.lines[0].ordered), (1, 1));
}

#[tokio::test(flavor = "multi_thread")]
async fn domestic_and_intra_eu_parcels_need_no_customs_documents() {
    let service = TestService::start().await;
    for (number, country) in [(8003, "FR"), (8004, "DE")] {
        let (_dir, db) = recorded(&service, number, &cart(country, None, None)).await;
        let mut db = db;
        let order = db.order(number).unwrap().unwrap();
        match build(&order, None) {
            Outcome::NotNeeded(why) => assert!(
                why.contains("European Union customs union") || why.contains("domestic"),
                "{why}"
            ),
            other => panic!("{country}: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn missing_data_is_named_where_it_is_fixed() {
    let service = TestService::start().await;
    let (_dir, mut db) = recorded(&service, 8005, &cart("JP", None, Some("100-0005"))).await;
    let mut order = db.order(8005).unwrap().unwrap();
    // An item the shop sent without HS code that the service did not classify either.
    order.shipments[0].items[1].item.hs_code = None;
    if let Some(quote) = &mut order.quote {
        quote.hs_codes = None;
    }
    let mut settings = settings();
    settings.exporter.eori.clear();
    settings.signatory = " ".into();
    let tables = Tables::load().unwrap();
    let outcome = paperwork(
        &tables,
        Request {
            order: &order,
            shipment_id: "S1",
            parcel: None,
            settings: &settings,
            date: date!(2026 - 11 - 23),
        },
    )
    .unwrap();
    let Outcome::Missing(missing) = outcome else {
        panic!("{outcome:?}")
    };
    let at: Vec<&MissingAt> = missing.iter().map(|m| &m.at).collect();
    assert_eq!(
        at,
        [
            &MissingAt::Item {
                source_line_id: "L2".into()
            },
            &MissingAt::Settings(SettingsField::Signatory),
            &MissingAt::Settings(SettingsField::Eori),
        ]
    );
    assert!(missing[0].message.starts_with("SHOE-42 has no HS code"));
    assert!(
        missing[2]
            .message
            .contains("Settings, under Customs documents (EORI number)")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_japanese_parcel_takes_a_cn22_and_an_expensive_one_a_cn23() {
    let service = TestService::start().await;
    let (_dir, mut db) = recorded(&service, 8006, &cart("JP", None, Some("100-0005"))).await;
    let order = db.order(8006).unwrap().unwrap();
    let paperwork = ready(build(&order, None));
    assert_eq!(paperwork.declaration.form, DeclarationForm::Cn22);
    assert!(paperwork.declaration.value_sdr < dec("300"));
    assert_eq!(paperwork.declaration.total_value, dec("166.00"));
    assert_eq!(paperwork.declaration.total_weight.to_string(), "2310 g");
}
