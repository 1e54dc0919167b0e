//! The landed-cost engine through its public API: table pins, worked examples with amounts
//! checked by hand, and property tests of the SPEC 4.1 invariants.

mod errors;
mod europe;
mod flat_duty;
mod national;
mod overseas;
mod props;
mod tables;

use std::collections::HashSet;
use std::sync::OnceLock;

use packdesk::api::{
    Address, BreakdownType, CartItem, CartShipmentRequest, LandedCost, ShippingRate,
    TaxCalculationRequest, TaxCalculationResponse, WireWeight,
};
use packdesk::domain::Currency;
use packdesk::service::landed_cost::{CalcOptions, Engine, Tables};
use rust_decimal::Decimal;
use time::macros::time;
use time::{Date, OffsetDateTime};

/// One engine for the whole test binary (loading the tables is the slow part).
pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| Engine::new(Tables::load().expect("tables load")))
}

pub use crate::decimal::dec;

pub fn at(date: Date) -> CalcOptions {
    CalcOptions {
        now: OffsetDateTime::new_utc(date, time!(12:00)),
        require_hs_codes: false,
        undecided: Default::default(),
    }
}

pub fn address(country: &str, province: Option<&str>) -> Address {
    Address {
        country_code: country.into(),
        province: province.map(Into::into),
        postal_code: province.map(|p| postal_code(country, p).into()),
        ..Address::default()
    }
}

/// A real postal code of the province, so the service's validation accepts the address.
fn postal_code(country: &str, province: &str) -> &'static str {
    match (country, province) {
        ("CA", "QC") => "H2X 1Y4",
        ("CA", "BC") => "V6B 1A1",
        ("CA", _) => "M5V 2T6",
        ("US", "CA") => "94103",
        _ => "10001",
    }
}

/// An item; `(quantity, unit price, unit discount)`.
pub fn item(
    sku: &str,
    name: &str,
    category: &str,
    hs: Option<&str>,
    origin: &str,
    (qty, price, discount): (u32, &str, &str),
) -> CartItem {
    CartItem {
        source_line_id: format!("line-{sku}"),
        source_product_id: 1,
        source_variant_id: 1,
        hs_code: hs.map(Into::into),
        quantity: Decimal::from(qty),
        unit_price: dec(price),
        unit_discount: dec(discount),
        sku: sku.into(),
        product_name: name.into(),
        variant_name: "Default".into(),
        description: String::new(),
        origin_country_code: origin.into(),
        category: category.into(),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: dec("250"),
            unit: "g".into(),
        },
    }
}

pub fn shipment(from: &str, rates: &[(&str, &str)], items: Vec<CartItem>) -> CartShipmentRequest {
    CartShipmentRequest {
        ship_from: address(from, None),
        shipment_id: format!("shp-{from}"),
        shipping_rates: rates
            .iter()
            .map(|(id, cost)| ShippingRate {
                shipping_rate_id: (*id).into(),
                shipping_rate: dec(cost),
            })
            .collect(),
        items,
    }
}

pub fn request(
    to: Address,
    currency: &str,
    order_discount: &str,
    shipments: Vec<CartShipmentRequest>,
) -> TaxCalculationRequest {
    TaxCalculationRequest {
        ship_to: to,
        caller_app: "packdesk-tests".into(),
        external_reference_id: Some("cart-42".into()),
        currency_code: currency.into(),
        order_discount: dec(order_discount),
        shipments,
        custom_properties: None,
    }
}

/// A breakdown line reduced to what the examples check: type, SKU, rate, base, amount.
pub type Row = (BreakdownType, Option<String>, Decimal, Decimal, Decimal);

pub fn rows(cost: &LandedCost) -> Vec<Row> {
    cost.breakdown
        .iter()
        .map(|l| {
            let sku = l.sku.as_deref().map(str::to_string);
            (l.kind, sku, l.rate, l.taxable_amount, l.amount)
        })
        .collect()
}

pub fn row(kind: BreakdownType, sku: Option<&str>, rate: &str, base: &str, amount: &str) -> Row {
    (kind, sku.map(Into::into), dec(rate), dec(base), dec(amount))
}

/// Asserts the totals of a landed cost: duties, product taxes, shipment taxes.
pub fn assert_totals(cost: &LandedCost, duties: &str, product: &str, shipment: &str) {
    assert_eq!(
        (cost.duties, cost.product_taxes, cost.shipment_taxes),
        (dec(duties), dec(product), dec(shipment)),
        "duties / product taxes / shipment taxes; breakdown: {:#?}",
        cost.breakdown
    );
    assert_eq!(cost.total_taxes, dec(product) + dec(shipment));
}

/// Every invariant SPEC 4.1 and the engine promise for a successful calculation.
pub fn check_invariants(
    req: &TaxCalculationRequest,
    resp: &TaxCalculationResponse,
    ids: &mut HashSet<String>,
) {
    let currency = Currency::parse(&req.currency_code).expect("currency of a priced request");
    assert_eq!(resp.currency_code, currency.code());
    assert_eq!(resp.external_reference_id, req.external_reference_id);
    assert!(resp.usd_conversion_rate > Decimal::ZERO);
    assert!(
        OffsetDateTime::parse(
            &resp.created_at,
            &time::format_description::well_known::Rfc3339
        )
        .is_ok()
    );
    assert!(
        ids.insert(resp.landedcost_request_id.clone()),
        "landedcost_request_id repeated"
    );
    assert_eq!(resp.shipments.len(), req.shipments.len());
    for (sent, got) in req.shipments.iter().zip(&resp.shipments) {
        assert_eq!(got.shipment_id, sent.shipment_id);
        assert_eq!(got.shipping_rate_taxes.len(), sent.shipping_rates.len());
        for (rate, taxes) in sent.shipping_rates.iter().zip(&got.shipping_rate_taxes) {
            assert_eq!(taxes.shipping_rate_id, rate.shipping_rate_id);
            assert_eq!(taxes.shipping_rate, rate.shipping_rate);
            assert!(
                ids.insert(taxes.tax_transaction_id.clone()),
                "tax_transaction_id repeated"
            );
            let cost = &taxes.landed_cost;
            let sum = |kind| {
                cost.breakdown
                    .iter()
                    .filter(|l| l.kind == kind)
                    .map(|l| l.amount)
                    .sum::<Decimal>()
            };
            assert_eq!(cost.duties, sum(BreakdownType::Duty));
            assert_eq!(cost.product_taxes, sum(BreakdownType::ProductTax));
            assert_eq!(cost.shipment_taxes, sum(BreakdownType::ShipmentTax));
            assert_eq!(cost.total_taxes, cost.product_taxes + cost.shipment_taxes);
            for line in &cost.breakdown {
                assert!(
                    line.amount >= Decimal::ZERO && line.taxable_amount >= Decimal::ZERO,
                    "{line:?}"
                );
                assert!(line.rate >= Decimal::ZERO, "{line:?}");
                assert!(
                    currency.fits_minor_units(line.amount),
                    "{line:?} not in minor units"
                );
                assert!(
                    currency.fits_minor_units(line.taxable_amount),
                    "{line:?} not in minor units"
                );
                match line.kind {
                    BreakdownType::ShipmentTax => assert!(line.sku.is_none(), "{line:?}"),
                    BreakdownType::ProductTax => assert!(line.sku.is_some(), "{line:?}"),
                    BreakdownType::Duty => {}
                }
                assert!(!line.tax_name.is_empty() && !line.jurisdiction.name.is_empty());
            }
        }
    }
}

/// Prices `req` as on `date` twice — with the engine, and over real HTTP through `packdesk serve`
/// pinned to that date — and insists the amounts are identical, so every worked example checked
/// by hand here holds for the service too.
pub fn quote(req: &TaxCalculationRequest, date: Date) -> TaxCalculationResponse {
    let direct = engine()
        .calculate(req, &at(date))
        .expect("the engine prices the cart");
    let served = served::quote(req, date);
    assert_eq!(
        served::amounts(&served),
        served::amounts(&direct),
        "the service and the engine disagree"
    );
    served
}

mod served {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};

    use packdesk::api::{Client, TaxCalculationRequest, TaxCalculationResponse};
    use packdesk::service::server::{self, RunningService, ServeConfig};
    use time::Date;
    use tokio::runtime::Runtime;

    /// Kept alive for the whole test run.
    struct Pinned {
        _running: RunningService,
        _dir: tempfile::TempDir,
    }

    fn runtime() -> &'static Runtime {
        static RUNTIME: OnceLock<Runtime> = OnceLock::new();
        RUNTIME.get_or_init(|| Runtime::new().expect("runtime"))
    }

    /// One service per pricing date, shared by the tests that price on that day.
    pub fn quote(req: &TaxCalculationRequest, date: Date) -> TaxCalculationResponse {
        static SERVICES: OnceLock<Mutex<HashMap<Date, Client>>> = OnceLock::new();
        static KEEP: OnceLock<Mutex<Vec<Pinned>>> = OnceLock::new();
        let client = {
            let mut services = SERVICES.get_or_init(Default::default).lock().unwrap();
            services
                .entry(date)
                .or_insert_with(|| {
                    let dir = tempfile::tempdir().expect("tempdir");
                    let mut config = ServeConfig::local(dir.path().to_path_buf());
                    config.pricing_date = Some(date);
                    let running = runtime()
                        .block_on(server::start(config))
                        .expect("service starts");
                    let client = crate::support::client_for(&running);
                    KEEP.get_or_init(Default::default)
                        .lock()
                        .unwrap()
                        .push(Pinned {
                            _running: running,
                            _dir: dir,
                        });
                    client
                })
                .clone()
        };
        runtime()
            .block_on(client.landed_cost(req))
            .expect("the service prices the cart")
    }

    /// Everything but the generated ids and the timestamp.
    pub fn amounts(resp: &TaxCalculationResponse) -> serde_json::Value {
        let mut value = serde_json::to_value(resp).expect("serializes");
        for key in ["landedcost_request_id", "created_at"] {
            value[key] = serde_json::Value::Null;
        }
        if let Some(shipments) = value["shipments"].as_array_mut() {
            for rate in shipments
                .iter_mut()
                .filter_map(|s| s["shipping_rate_taxes"].as_array_mut())
                .flatten()
            {
                rate["tax_transaction_id"] = serde_json::Value::Null;
            }
        }
        value
    }
}
