//! The thresholds, each side, on a pinned date: CN22 up to 300 SDR and CN23 above; the IOSS
//! number only on EU consignments up to EUR 150, the UK VAT number only on GB ones up to GBP 135.

use packdesk::api::TaxCalculationRequest;
use packdesk::customs::paperwork::DeclarationForm;
use packdesk::customs::sdr::to_sdr;
use packdesk::service::landed_cost::tables::Tables;
use rust_decimal::Decimal;
use serde_json::json;
use time::macros::date;

use super::{build, ready, recorded};
use crate::support::{TestService, line};

/// One item of `price` from `from` to `to`.
fn one_item(from: &str, to: &str, price: Decimal, currency: &str) -> TaxCalculationRequest {
    serde_json::from_value(json!({
        "ship_to": {"country_code": to, "address1": "1 Main Street", "city": "Somewhere",
                    "postal_code": "12345", "name": "Alex Doe",
                    "province": if to == "US" { Some("NY") } else { None }},
        "caller_app": "packdesk-tests",
        "currency_code": currency,
        "order_discount": 0,
        "shipments": [{
            "ship_from": {"country_code": from, "postal_code": "10115", "city": "Berlin"},
            "shipment_id": "S1",
            "shipping_rates": [{"shipping_rate_id": "standard", "shipping_rate": 9.90}],
            "items": [line("L1", "LAMP-1", 1, &price.to_string(), "940520", "DE", "home", "1200")]
        }]
    }))
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn cn22_up_to_300_sdr_and_cn23_above() {
    let service = TestService::start().await;
    let tables = Tables::load().unwrap();
    // The documents' pinned date (2026-11-23): 300 SDR in euros at that day's rates.
    let rate = to_sdr(&tables, Decimal::ONE, "EUR", date!(2026 - 11 - 23)).unwrap();
    let limit = (Decimal::from(300) * rate.eur_per_sdr).round_dp(2);
    let cent = Decimal::new(1, 2);
    for (number, price, form) in [
        (8101, limit - cent, DeclarationForm::Cn22),
        (8102, limit + cent, DeclarationForm::Cn23),
    ] {
        let (_dir, mut db) = recorded(&service, number, &one_item("DE", "US", price, "EUR")).await;
        let order = db.order(number).unwrap().unwrap();
        let declaration = ready(build(&order, None)).declaration;
        assert_eq!(
            declaration.form, form,
            "{price} EUR = {} SDR",
            declaration.value_sdr
        );
        assert_eq!(declaration.sdr_rate_date, rate.rates_of);
    }
}

/// The labels of the exporter's numbers on the invoice of one item of `price` from `from` to
/// `to`, recorded as order `number`.
async fn exporter_ids(
    service: &TestService,
    number: u64,
    (from, to): (&str, &str),
    price: &str,
    currency: &str,
) -> Vec<String> {
    let cart = one_item(from, to, price.parse().unwrap(), currency);
    let (_dir, mut db) = recorded(service, number, &cart).await;
    let order = db.order(number).unwrap().unwrap();
    let invoice = ready(build(&order, None)).invoice;
    invoice.exporter_ids.into_iter().map(|i| i.label).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_ioss_number_only_on_eu_consignments_up_to_150_eur() {
    let service = TestService::start().await;
    for (number, price, shown) in [(8201, "150.00", true), (8202, "150.01", false)] {
        let labels = exporter_ids(&service, number, ("GB", "FR"), price, "EUR").await;
        assert_eq!(
            labels.contains(&"IOSS No.".into()),
            shown,
            "{price}: {labels:?}"
        );
        assert!(!labels.contains(&"UK VAT No.".into()));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_uk_vat_number_only_on_gb_consignments_up_to_135_gbp() {
    let service = TestService::start().await;
    for (number, price, shown) in [(8301, "135.00", true), (8302, "135.01", false)] {
        let labels = exporter_ids(&service, number, ("DE", "GB"), price, "GBP").await;
        assert_eq!(
            labels.contains(&"UK VAT No.".into()),
            shown,
            "{price}: {labels:?}"
        );
        assert!(!labels.contains(&"IOSS No.".into()));
    }
}
