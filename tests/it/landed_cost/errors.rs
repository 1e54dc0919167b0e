//! What the engine cannot price comes back as field errors naming the field.

use time::macros::date;

use super::*;

fn fields(req: &TaxCalculationRequest) -> Vec<String> {
    match engine().calculate(req, &at(date!(2026 - 10 - 15))) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.into_iter().map(|e| e.field).collect(),
    }
}

fn simple(to: Address, currency: &str) -> TaxCalculationRequest {
    let tee = item(
        "T",
        "Cotton T-shirt",
        "Apparel",
        Some("610910"),
        "CN",
        (1, "20.00", "0"),
    );
    request(
        to,
        currency,
        "0",
        vec![shipment("CN", &[("r", "5.00")], vec![tee])],
    )
}

#[test]
fn unpriceable_requests_name_their_fields() {
    assert!(fields(&simple(address("DE", None), "EUR")).is_empty());
    // A real currency without an exchange rate.
    assert_eq!(
        fields(&simple(address("DE", None), "XAU")),
        ["currency_code"]
    );
    assert_eq!(
        fields(&simple(address("DE", None), "EURO")),
        ["currency_code"]
    );
    // A destination without tables, and US/CA addresses without a known state or province.
    assert_eq!(
        fields(&simple(address("BR", None), "EUR")),
        ["ship_to.country_code"]
    );
    assert_eq!(
        fields(&simple(address("US", None), "USD")),
        ["ship_to.province"]
    );
    assert_eq!(
        fields(&simple(address("CA", Some("ZZ")), "CAD")),
        ["ship_to.province"]
    );

    let mut req = simple(address("DE", None), "EUR");
    req.order_discount = dec("20.01");
    assert_eq!(fields(&req), ["order_discount"]);
    let mut req = simple(address("DE", None), "EUR");
    req.shipments[0].items[0].unit_discount = dec("25");
    req.shipments[0].items[0].quantity = dec("0");
    req.shipments[0].items[0].origin_country_code = "XX".into();
    req.shipments[0].shipping_rates[0].shipping_rate = dec("-1");
    assert_eq!(
        fields(&req),
        [
            "shipments[0].shipping_rates[0].shipping_rate",
            "shipments[0].items[0].origin_country_code",
            "shipments[0].items[0].quantity",
            "shipments[0].items[0].unit_discount",
        ]
    );
}

#[test]
fn the_engine_is_shared_between_threads() {
    fn shareable<T: Send + Sync + Clone + 'static>(_: &T) {}
    shareable(engine());
    let engine = engine().clone();
    let handle = std::thread::spawn(move || {
        engine
            .calculate(
                &simple(address("DE", None), "EUR"),
                &at(date!(2026 - 10 - 15)),
            )
            .is_ok()
    });
    assert!(handle.join().unwrap());
}
