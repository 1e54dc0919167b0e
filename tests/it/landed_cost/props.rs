//! Property tests: random valid carts keep every invariant; random garbage never panics.

use std::collections::HashSet;

use packdesk::api::{CartItem, TaxCalculationRequest};
use packdesk::service::landed_cost::CalcOptions;
use proptest::prelude::*;
use time::macros::{date, time};
use time::{Date, Duration, OffsetDateTime};

use super::*;

/// Destinations with the province a US/CA address needs.
const DESTINATIONS: &[(&str, Option<&str>)] = &[
    ("DE", None),
    ("FR", None),
    ("IT", None),
    ("NL", None),
    ("PL", None),
    ("SE", None),
    ("HU", None),
    ("IE", None),
    ("GB", None),
    ("NO", None),
    ("CH", None),
    ("IS", None),
    ("AU", None),
    ("NZ", None),
    ("JP", None),
    ("KR", None),
    ("SG", None),
    ("MX", None),
    ("CA", Some("ON")),
    ("CA", Some("QC")),
    ("CA", Some("BC")),
    ("CA", Some("AB")),
    ("US", Some("NY")),
    ("US", Some("CA")),
    ("US", Some("OR")),
    ("BG", None),
];
const COUNTRIES: &[&str] = &[
    "CN", "US", "DE", "FR", "GB", "CA", "MX", "JP", "VN", "IT", "AU", "KR", "CH", "IN", "TR",
];
const CURRENCIES: &[&str] = &[
    "EUR", "USD", "GBP", "CAD", "AUD", "JPY", "CHF", "KWD", "BHD", "KRW", "SEK", "HUF", "MXN",
    "ISK",
];
const PRODUCTS: &[(&str, &str, Option<&str>)] = &[
    ("Cotton T-shirt", "Apparel", Some("610910")),
    ("Kids hoodie", "Kids > Clothing", None),
    ("Paperback novel", "Books", None),
    ("Leather handbag", "Bags", Some("4202.21")),
    ("Stoneware mug", "Kitchen", Some("691200")),
    ("Wireless earbuds", "Electronics", None),
    ("Organic coffee beans", "Grocery", None),
    ("Gold ring", "Jewellery", Some("711319")),
    ("Lipstick", "Beauty", Some("330410")),
    ("Plush toy", "Toys", Some("999999999")),
    ("E-book voucher", "Digital", None),
];

fn money(minor: u32) -> impl Strategy<Value = Decimal> {
    (0i64..50_000 * 10i64.pow(minor)).prop_map(move |n| Decimal::new(n, minor))
}

fn item_strategy(minor: u32) -> impl Strategy<Value = CartItem> {
    (
        0..PRODUCTS.len(),
        0..COUNTRIES.len(),
        1u32..5,
        money(minor),
        0u32..=100,
        any::<bool>(),
        "[A-C]{1,2}",
    )
        .prop_map(move |(p, origin, qty, price, discount_pct, ships, sku)| {
            let (name, category, hs) = PRODUCTS[p];
            let discount =
                (price * Decimal::from(discount_pct) / Decimal::from(100)).round_dp(minor);
            let mut it = item(&sku, name, category, hs, COUNTRIES[origin], (qty, "0", "0"));
            it.unit_price = price;
            it.unit_discount = discount;
            it.requires_shipping = ships || p != PRODUCTS.len() - 1;
            it
        })
}

fn cart_strategy() -> impl Strategy<Value = (TaxCalculationRequest, Date)> {
    (0..DESTINATIONS.len(), 0..CURRENCIES.len(), 0i64..700).prop_flat_map(|(d, c, day)| {
        let minor = Currency::parse(CURRENCIES[c]).unwrap().minor_units();
        let one_shipment = (
            0..COUNTRIES.len(),
            prop::collection::vec(money(minor), 1..4),
            prop::collection::vec(item_strategy(minor), 1..6),
        );
        (prop::collection::vec(one_shipment, 1..3), 0u32..=100).prop_map(
            move |(shipments, discount_pct)| {
                let (to, province) = DESTINATIONS[d];
                let shipments: Vec<_> = shipments
                    .into_iter()
                    .enumerate()
                    .map(|(i, (from, rates, items))| {
                        let ids: Vec<(String, String)> = rates
                            .iter()
                            .enumerate()
                            .map(|(k, r)| (format!("r{k}"), r.to_string()))
                            .collect();
                        let refs: Vec<(&str, &str)> =
                            ids.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
                        let mut s = shipment(COUNTRIES[from], &refs, items);
                        s.shipment_id = format!("s{i}");
                        s
                    })
                    .collect();
                let total: Decimal = shipments
                    .iter()
                    .flat_map(|s| &s.items)
                    .map(|i| i.quantity * (i.unit_price - i.unit_discount))
                    .sum();
                let discount = (total * Decimal::from(discount_pct) / Decimal::from(200))
                    .round_dp_with_strategy(minor, rust_decimal::RoundingStrategy::ToZero);
                let req = request(
                    address(to, province),
                    CURRENCIES[c],
                    &discount.to_string(),
                    shipments,
                );
                (req, date!(2025 - 01 - 02) + Duration::days(day))
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn valid_carts_keep_every_invariant((req, day) in cart_strategy(), hs in any::<bool>()) {
        let opts = CalcOptions { now: OffsetDateTime::new_utc(day, time!(09:30)), require_hs_codes: hs, undecided: Default::default() };
        let first = engine().calculate(&req, &opts).unwrap_or_else(|e| panic!("{e:?} for {req:#?}"));
        let mut ids = HashSet::new();
        check_invariants(&req, &first, &mut ids);
        let second = engine().calculate(&req, &opts).unwrap();
        check_invariants(&req, &second, &mut ids);
        // Same request, same amounts (only the ids differ).
        let amounts = |r: &packdesk::api::TaxCalculationResponse| {
            r.shipments.iter().map(|s| s.shipping_rate_taxes.iter().map(|t| t.landed_cost.clone()).collect::<Vec<_>>()).collect::<Vec<_>>()
        };
        prop_assert_eq!(amounts(&first), amounts(&second));
        if hs {
            let skus: HashSet<&str> = req.shipments.iter().flat_map(|s| &s.items).map(|i| i.sku.as_str()).collect();
            let codes = first.hs_codes.as_ref().unwrap();
            prop_assert_eq!(codes.len(), skus.len());
            prop_assert!(codes.iter().all(|c| c.hs_code.len() >= 6 && c.hs_code.bytes().all(|b| b.is_ascii_digit())));
        } else {
            prop_assert!(first.hs_codes.is_none());
        }
    }

    #[test]
    fn garbage_never_panics(
        to in prop_oneof![Just("DE".to_string()), Just("US".to_string()), Just("CA".to_string()), "[A-Za-z]{0,3}"],
        province in proptest::option::of(prop_oneof![Just("QC".to_string()), Just("NY".to_string()), "\\PC{0,4}"]),
        currency in prop_oneof![Just("EUR".to_string()), Just("KWD".to_string()), "[A-Za-z]{0,4}"],
        numbers in prop::collection::vec((any::<i64>(), 0u32..29), 6),
        from in prop_oneof![Just("CN".to_string()), Just("DE".to_string()), "\\PC{0,3}"],
        hs in proptest::option::of("\\PC{0,12}"),
        name in "\\PC{0,20}",
        day in -100_000i64..100_000,
    ) {
        let n = |i: usize| {
            let (mantissa, scale) = numbers[i];
            Decimal::new(mantissa, scale)
        };
        let mut it = item("X", &name, &name, hs.as_deref(), &from, (1, "0", "0"));
        it.quantity = n(0);
        it.unit_price = n(1);
        it.unit_discount = n(2);
        let mut s = shipment(&from, &[("r", "0")], vec![it.clone(), it]);
        s.shipping_rates[0].shipping_rate = n(3);
        let mut req = request(address(&to, None), &currency, "0", vec![s]);
        req.ship_to.province = province;
        req.order_discount = n(4);
        let now = OffsetDateTime::new_utc(date!(2026 - 01 - 01), time!(0:00)).checked_add(Duration::days(day));
        if let Some(now) = now {
            let opts = CalcOptions { now, require_hs_codes: true, undecided: Default::default() };
            if let Ok(resp) = engine().calculate(&req, &opts) {
                check_invariants(&req, &resp, &mut HashSet::new());
            }
        }
    }
}
