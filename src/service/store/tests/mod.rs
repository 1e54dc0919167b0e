//! Fixtures: a hand-built calculation (two shipments DE→GB and FR→GB, two rates each) with
//! internally consistent amounts, and helpers to look into the database.

mod create;
mod fulfill;
mod labels;
mod quotes;
mod refund;
mod retention;
mod store;
mod update;

use rust_decimal::Decimal;
use tempfile::TempDir;
use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::api::*;
use crate::service::store::codec::to_json;

pub(super) use crate::decimal::dec as d;

pub(super) fn now() -> OffsetDateTime {
    datetime!(2026-03-02 10:00 UTC)
}

/// Where one test's store lives: a SQLite file in a temporary directory, or a fresh database
/// of the throwaway PostgreSQL cluster (`tests/support/pg_cluster.rs`). [`Db::open`] opens the
/// same store each time, so "survives reopening" means the same on both engines.
pub(super) struct Db {
    location: crate::sql::Location,
    _dir: Option<TempDir>,
}

impl Db {
    pub fn sqlite() -> Db {
        let dir = TempDir::new().unwrap();
        Db {
            location: crate::sql::Location::Sqlite(dir.path().join("service.db")),
            _dir: Some(dir),
        }
    }

    /// `None` where PostgreSQL is not installed (outside CI; see `pg_cluster`).
    pub fn postgres() -> Option<Db> {
        let url = crate::pg_cluster::fresh_database()?;
        Some(Db {
            location: crate::sql::Location::parse(&url).unwrap(),
            _dir: None,
        })
    }

    pub fn open(&self) -> Store {
        Store::connect(&self.location).unwrap()
    }
}

/// `on_both_engines!(a, b)` makes `sqlite::a`, `postgres::a`, ... each calling `a(&Db)`: the
/// store's behaviour suite runs on both engines, the same test function, not two copies.
macro_rules! on_both_engines {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $name() {
                    super::$name(&$crate::service::store::tests::Db::sqlite());
                }
            )+
        }
        mod postgres {
            $(
                #[test]
                fn $name() {
                    let Some(db) = $crate::service::store::tests::Db::postgres() else {
                        return;
                    };
                    super::$name(&db);
                }
            )+
        }
    };
}
pub(super) use on_both_engines;

pub(super) fn temp_store() -> (TempDir, Store) {
    let dir = TempDir::new().unwrap();
    let store = Store::open(&dir.path().join("service.db")).unwrap();
    (dir, store)
}

pub(super) fn reopen(dir: &TempDir) -> Store {
    Store::open(&dir.path().join("service.db")).unwrap()
}

pub(super) fn db_path(dir: &TempDir) -> std::path::PathBuf {
    dir.path().join("service.db")
}

pub(super) fn address(country: &str, name: &str) -> Address {
    Address {
        country_code: country.into(),
        province: None,
        postal_code: Some("SW1A 1AA".into()),
        address1: Some("1 Test Street".into()),
        address2: None,
        city: Some("London".into()),
        name: Some(name.into()),
    }
}

pub(super) fn item(line: &str, sku: &str, quantity: &str, price: &str, discount: &str) -> CartItem {
    CartItem {
        source_line_id: line.into(),
        source_product_id: 100,
        source_variant_id: 200,
        hs_code: Some("610910".into()),
        quantity: d(quantity),
        unit_price: d(price),
        unit_discount: d(discount),
        sku: sku.into(),
        product_name: format!("Product {sku}"),
        variant_name: "M".into(),
        description: "Cotton T-shirt".into(),
        origin_country_code: "PT".into(),
        category: "apparel".into(),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: d("250"),
            unit: "g".into(),
        },
    }
}

fn cost(duties: &str, shipment_taxes: &str, product_taxes: &str) -> LandedCost {
    let line = |kind, amount: &str, sku: Option<&str>| TaxBreakdown {
        kind,
        tax_name: "test".into(),
        rate: d("20"),
        amount: d(amount),
        taxable_amount: d(amount) * d("5"),
        jurisdiction: Jurisdiction {
            name: "United Kingdom".into(),
            kind: "country".into(),
        },
        sku: sku.map(Into::into),
    };
    LandedCost {
        duties: d(duties),
        total_taxes: d(shipment_taxes) + d(product_taxes),
        shipment_taxes: d(shipment_taxes),
        product_taxes: d(product_taxes),
        breakdown: vec![
            line(BreakdownType::Duty, duties, Some("SKU-A")),
            line(BreakdownType::ShipmentTax, shipment_taxes, None),
            line(BreakdownType::ProductTax, product_taxes, Some("SKU-A")),
        ],
    }
}

/// The calculation `id`: S1 (DE) holds A ×2 at 50 less 5 and B ×1 at 20 (net 110), rates
/// `std` 10 (duties 4, taxes 2 + 22) and `exp` 25; S2 (FR) holds C ×3 at 10 (net 30), rates
/// `std` 8 (taxes 1.60 + 6) and `exp` 15. Tax transactions are `{id}-S1-std` and so on.
pub(super) fn calculation(
    id: &str,
    order_discount: &str,
) -> (TaxCalculationRequest, TaxCalculationResponse) {
    let rate = |id: &str, cost_: &str| ShippingRate {
        shipping_rate_id: id.into(),
        shipping_rate: d(cost_),
    };
    let request = TaxCalculationRequest {
        ship_to: address("GB", "Ada Lovelace"),
        caller_app: "tests".into(),
        external_reference_id: None,
        currency_code: "GBP".into(),
        order_discount: d(order_discount),
        shipments: vec![
            CartShipmentRequest {
                ship_from: address("DE", "Warehouse Berlin"),
                shipment_id: "S1".into(),
                shipping_rates: vec![rate("std", "10.00"), rate("exp", "25.00")],
                items: vec![
                    item("L1", "SKU-A", "2", "50.00", "5.00"),
                    item("L2", "SKU-B", "1", "20.00", "0"),
                ],
            },
            CartShipmentRequest {
                ship_from: address("FR", "Warehouse Lyon"),
                shipment_id: "S2".into(),
                shipping_rates: vec![rate("std", "8.00"), rate("exp", "15.00")],
                items: vec![item("L3", "SKU-C", "3", "10.00", "0")],
            },
        ],
        custom_properties: None,
    };
    let taxes = |shipment: &str, rate_id: &str, cost_: &str, lc: LandedCost| ShippingRateTaxes {
        shipping_rate_id: rate_id.into(),
        shipping_rate: d(cost_),
        tax_transaction_id: format!("{id}-{shipment}-{rate_id}"),
        landed_cost: lc,
    };
    let response = TaxCalculationResponse {
        landedcost_request_id: id.into(),
        currency_code: "GBP".into(),
        external_reference_id: None,
        created_at: "2026-03-01T09:00:00Z".into(),
        usd_conversion_rate: d("1.27"),
        shipments: vec![
            CartShipmentResponse {
                shipment_id: "S1".into(),
                shipment_type: ShipmentType::CrossBorder,
                shipping_rate_taxes: vec![
                    taxes("S1", "std", "10.00", cost("4.00", "2.00", "22.00")),
                    taxes("S1", "exp", "25.00", cost("4.00", "5.00", "22.00")),
                ],
            },
            CartShipmentResponse {
                shipment_id: "S2".into(),
                shipment_type: ShipmentType::CrossBorder,
                shipping_rate_taxes: vec![
                    taxes("S2", "std", "8.00", cost("0", "1.60", "6.00")),
                    taxes("S2", "exp", "15.00", cost("0", "3.00", "6.00")),
                ],
            },
        ],
        hs_codes: None,
    };
    (request, response)
}

/// The typical cart of the benches (the demo's, which `service` may not name), quoted now with
/// HS codes, under a new id each time; the tables are read once.
pub(super) fn typical_calculation() -> (TaxCalculationRequest, TaxCalculationResponse) {
    use crate::service::landed_cost::{CalcOptions, Engine, Tables};
    static ENGINE: std::sync::LazyLock<Engine> =
        std::sync::LazyLock::new(|| Engine::new(Tables::load().unwrap()));
    let cart = include_str!("../../../../benches/wrk/typical_cart.json");
    let options = CalcOptions {
        now: OffsetDateTime::now_utc(),
        require_hs_codes: true,
        undecided: Default::default(),
    };
    let request: TaxCalculationRequest = serde_json::from_str(cart).unwrap();
    let response = ENGINE.calculate(&request, &options).unwrap();
    (request, response)
}

fn new_calculation<'a>(
    calc: &'a (TaxCalculationRequest, TaxCalculationResponse),
    json: &'a (String, String),
) -> NewCalculation<'a> {
    NewCalculation {
        request: &calc.0,
        response: &calc.1,
        request_json: json.0.as_bytes(),
    }
}

fn json_of(calc: &(TaxCalculationRequest, TaxCalculationResponse)) -> (String, String) {
    (to_json(&calc.0).unwrap(), to_json(&calc.1).unwrap())
}

/// Stores `calcs` as one batch; the result of each.
pub(super) fn save_batch(
    store: &Store,
    calcs: &[(TaxCalculationRequest, TaxCalculationResponse)],
) -> Vec<Result<(), StoreError>> {
    let json: Vec<_> = calcs.iter().map(json_of).collect();
    let batch: Vec<_> = calcs
        .iter()
        .zip(&json)
        .map(|(c, j)| new_calculation(c, j))
        .collect();
    store.save_calculations(&batch).unwrap()
}

/// Stores one calculation, as the calculation writer would on its own.
pub(super) fn save_calculation(
    store: &Store,
    req: &TaxCalculationRequest,
    resp: &TaxCalculationResponse,
) -> Result<(), StoreError> {
    let mut results = save_batch(store, &[(req.clone(), resp.clone())]);
    results.pop().unwrap()
}

pub(super) fn save(store: &Store, id: &str) {
    let (req, resp) = calculation(id, "0");
    save_calculation(store, &req, &resp).unwrap();
}

/// An order on calculation `calc` with the standard rate of both shipments.
pub(super) fn order_request(reference: u64, calc: &str) -> OrderCreateRequest {
    OrderCreateRequest {
        source: "shopify".into(),
        source_reference: reference,
        landedcost_request_id: calc.into(),
        source_created_at: "2026-03-01T09:05:00Z".into(),
        source_updated_at: "2026-03-01T09:05:00Z".into(),
        total: d("205.60"),
        shipments: vec![
            OrderShipmentRef {
                tax_transaction_id: format!("{calc}-S1-std"),
                shipment_id: "S1".into(),
            },
            OrderShipmentRef {
                tax_transaction_id: format!("{calc}-S2-std"),
                shipment_id: "S2".into(),
            },
        ],
        custom_properties: None,
        billing_address: Some(address("GB", "Ada Lovelace")),
    }
}

/// A stored calculation `c{reference}` and its order `reference`.
pub(super) fn seeded(store: &Store, reference: u64) {
    let calc = format!("c{reference}");
    save(store, &calc);
    store
        .create_order(&order_request(reference, &calc), now())
        .unwrap();
}

pub(super) fn update(reference: u64, at: &str) -> OrderUpdateRequest {
    OrderUpdateRequest {
        source_reference: reference,
        source_updated_at: at.into(),
        ..Default::default()
    }
}

pub(super) fn fulfillment(tracking: &str, lines: &[(&str, &str)]) -> Fulfillment {
    Fulfillment {
        tracking_number: tracking.into(),
        location: "Berlin".into(),
        carrier: "DHL".into(),
        shipped_at: "2026-03-02T08:00:00Z".into(),
        status: "in_transit".into(),
        items: lines
            .iter()
            .map(|(line, quantity)| FulfillmentItem {
                source_line_id: (*line).into(),
                source_product_id: 100,
                source_variant_id: 200,
                quantity: d(quantity),
                hs_code: None,
            })
            .collect(),
    }
}

pub(super) fn shipment_update(id: &str) -> ShipmentUpdate {
    ShipmentUpdate {
        shipment_id: id.into(),
        ..Default::default()
    }
}

pub(super) fn shipment<'a>(order: &'a OrderView, id: &str) -> &'a ShipmentView {
    order
        .shipments
        .iter()
        .find(|s| s.shipment_id == id)
        .unwrap()
}

pub(super) fn line<'a>(order: &'a OrderView, shipment_id: &str, line: &str) -> &'a ItemView {
    shipment(order, shipment_id)
        .items
        .iter()
        .find(|i| i.source_line_id == line)
        .unwrap()
}

/// The fields of an `Invalid` error, or a panic naming what came instead.
pub(super) fn invalid_fields(result: Result<impl std::fmt::Debug, StoreError>) -> Vec<String> {
    match result {
        Err(StoreError::Invalid(errors)) => errors.into_iter().map(|e| e.field).collect(),
        other => panic!("expected Invalid, got {other:?}"),
    }
}

pub(super) fn invalid_errors(result: Result<impl std::fmt::Debug, StoreError>) -> Vec<FieldError> {
    match result {
        Err(StoreError::Invalid(errors)) => errors,
        other => panic!("expected Invalid, got {other:?}"),
    }
}

pub(super) fn is_conflict(result: &Result<impl std::fmt::Debug, StoreError>) -> bool {
    matches!(result, Err(StoreError::Conflict(_)))
}

/// The event history of an order: `(kind, detail)` in order.
pub(super) fn events(store: &Store, reference: &str) -> Vec<(String, serde_json::Value)> {
    store
        .read(|tx| {
            tx.query_map(
                "SELECT kind, detail_json FROM events WHERE source_reference = ?1 ORDER BY id",
                crate::sql::params![reference],
                |row| -> Result<_, StoreError> {
                    let detail: String = row.get("detail_json")?;
                    Ok((row.get("kind")?, serde_json::from_str(&detail).unwrap()))
                },
            )
        })
        .unwrap()
}

/// `work` on the store's own SQLite connection (pragmas and what only SQLite has).
pub(super) fn on_sqlite<T>(store: &Store, work: impl FnOnce(&mut rusqlite::Connection) -> T) -> T {
    store
        .on_sqlite(|conn| Ok(work(conn)))
        .unwrap()
        .expect("a SQLite store")
}

/// The one integer `sql` answers (a count), on either engine.
pub(super) fn count(store: &Store, sql: &str) -> i64 {
    store
        .read(|tx| Ok(tx.query_value::<i64>(sql, crate::sql::params![])?))
        .unwrap()
}
