//! Worked examples; every amount below is worked out by hand in the comments.
//! Dates are fixed so the rules and exchange rates in force are known.

use std::collections::HashSet;

use packdesk::api::{BreakdownType::*, ShipmentType};
use time::macros::date;

use super::*;

/// DE, import from CN above EUR 150, CIF valuation, merchant and classified HS codes.
#[test]
fn germany_import_above_150_pays_mfn_duty_on_cif_value() {
    let mut boots = item(
        "BOOT-1",
        "Leather ankle boots",
        "Footwear",
        None,
        "CN",
        (1, "140.00", "10.00"),
    );
    boots.description = "Handmade".into();
    let req = request(
        address("DE", None),
        "EUR",
        "18.00",
        vec![shipment(
            "CN",
            &[("std", "20.00")],
            vec![
                item(
                    "TEE-1",
                    "Cotton T-shirt",
                    "Apparel",
                    Some("6109.10.00"),
                    "CN",
                    (2, "25.00", "0"),
                ),
                boots,
            ],
        )],
    );
    let mut opts = at(date!(2026 - 10 - 15));
    opts.require_hs_codes = true;
    let resp = engine().calculate(&req, &opts).unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    let hs: Vec<(&str, &str)> = resp
        .hs_codes
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| (e.sku.as_str(), e.hs_code.as_str()))
        .collect();
    assert_eq!(hs, [("TEE-1", "61091000"), ("BOOT-1", "640391")]);
    assert_eq!(resp.shipments[0].shipment_type, ShipmentType::CrossBorder);
    // Lines: tee 2 x 25.00 = 50.00; boots 140.00 - 10.00 = 130.00; total 180.00.
    // Order discount 18.00: tee 18 x 50/180 = 5.00, boots 13.00 -> net 45.00 and 117.00.
    // Goods 162.00 > EUR 150: ordinary duty. Shipping 20.00 by 45:117 -> 5.555.. / 14.444..
    // -> 5.55 / 14.44, spare cent to the larger remainder (tee) -> 5.56 / 14.44.
    // CIF: tee 50.56, boots 131.44. Duty: EU chapter 61 12 % -> 6.0672 -> 6.07;
    // 6403 8 % -> 10.5152 -> 10.52. VAT 19 %: (45.00 + 6.07) = 51.07 -> 9.7033 -> 9.70;
    // (117.00 + 10.52) = 127.52 -> 24.2288 -> 24.23; shipping 20.00 -> 3.80.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("TEE-1"), "12", "50.56", "6.07"),
            row(Duty, Some("BOOT-1"), "8", "131.44", "10.52"),
            row(ProductTax, Some("TEE-1"), "19", "51.07", "9.70"),
            row(ProductTax, Some("BOOT-1"), "19", "127.52", "24.23"),
            row(ShipmentTax, None, "19", "20.00", "3.80"),
        ]
    );
    assert_totals(cost, "16.59", "33.93", "3.80");
}

fn france_cart() -> packdesk::api::TaxCalculationRequest {
    request(
        address("FR", None),
        "EUR",
        "0",
        vec![shipment(
            "GB",
            &[("colissimo", "9.60")],
            vec![
                item(
                    "BOOK-1",
                    "Paperback novel",
                    "Books",
                    Some("490199"),
                    "GB",
                    (3, "12.00", "0"),
                ),
                item(
                    "CANDLE-1",
                    "Scented candle",
                    "Home",
                    Some("340600"),
                    "GB",
                    (1, "30.00", "0"),
                ),
                item(
                    "MUG-1",
                    "Stoneware mug",
                    "Kitchen",
                    Some("691200"),
                    "CN",
                    (2, "15.00", "0"),
                ),
            ],
        )],
    )
}

/// FR from GB after 2026-07-01: UK-origin goods are preferential (EU-UK TCA), the CN mug
/// pays the EUR 3 flat duty of its subheading; books at the reduced 5.5 %.
#[test]
fn france_flat_duty_after_july_2026_and_preferential_origin() {
    let req = france_cart();
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Values: books 3 x 12.00 = 36.00, candle 30.00, mugs 2 x 15.00 = 30.00; goods 96.00 <= 150.
    // Shipping 9.60 by 36:30:30 -> 3.60 / 3.00 / 3.00 exactly.
    // Duty: books and candle GB origin from GB -> TCA, none. Mug: EUR 3 flat for 691200,
    // taxable = its customs value 30.00 + 3.00 = 33.00, rate 0.
    // VAT: books 5.5 % x 36.00 = 1.98; candle 20 % x 30.00 = 6.00; mug 20 % x (30.00 + 3.00) = 6.60.
    // Shipping: books' 3.60 at 5.5 % = 0.198 -> 0.20; the rest 6.00 at 20 % = 1.20.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("MUG-1"), "0", "33.00", "3.00"),
            row(ProductTax, Some("BOOK-1"), "5.5", "36.00", "1.98"),
            row(ProductTax, Some("CANDLE-1"), "20", "30.00", "6.00"),
            row(ProductTax, Some("MUG-1"), "20", "33.00", "6.60"),
            row(ShipmentTax, None, "5.5", "3.60", "0.20"),
            row(ShipmentTax, None, "20", "6.00", "1.20"),
        ]
    );
    assert_totals(cost, "3.00", "14.58", "1.40");
    assert!(
        cost.breakdown[0]
            .tax_name
            .contains("3 EUR per tariff subheading (HS 691200)")
    );
}

/// The same cart before 2026-07-01: the EUR 150 duty exemption, no duty line at all.
#[test]
fn france_before_july_2026_is_duty_exempt_under_150() {
    let req = france_cart();
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 06 - 15)))
        .unwrap();
    // VAT as above but the mug's base has no duty: 30.00 x 20 % = 6.00.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert!(cost.breakdown.iter().all(|l| l.kind != Duty));
    assert_totals(cost, "0", "13.98", "1.40");
}

/// GB from US, under GBP 135: no duty, VAT from the first pound, children's clothing zero-rated.
#[test]
fn britain_low_value_no_duty_children_clothing_zero_rated() {
    let mut hoodie = item(
        "HOOD-1",
        "Adult hoodie",
        "Apparel",
        None,
        "CN",
        (1, "40.00", "0"),
    );
    hoodie.description = "Cotton blend".into();
    let req = request(
        address("GB", None),
        "GBP",
        "5.70",
        vec![shipment(
            "US",
            &[("ups", "6.99"), ("free", "0")],
            vec![
                item(
                    "KIDTEE-1",
                    "Dinosaur T-shirt",
                    "Kids > Clothing",
                    Some("610910"),
                    "US",
                    (2, "8.50", "0"),
                ),
                hoodie,
            ],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Values 17.00 and 40.00 (57.00); discount 5.70: 5.70 x 17/57 = 1.70, hoodie 4.00
    // -> net 15.30 / 36.00; goods 51.30 <= GBP 135: no duty.
    // VAT: kids tee 0 % -> 0.00; hoodie 20 % x 36.00 = 7.20.
    // Shipping 6.99 by 15.30:36.00 -> 2.0847.. / 4.9052.. -> 2.08 / 4.90, spare penny to the
    // hoodie (.526 > .473) -> 2.08 / 4.91: 0 % -> 0.00; 20 % x 4.91 = 0.982 -> 0.98.
    let ups = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(ups),
        [
            row(ProductTax, Some("KIDTEE-1"), "0", "15.30", "0.00"),
            row(ProductTax, Some("HOOD-1"), "20", "36.00", "7.20"),
            row(ShipmentTax, None, "0", "2.08", "0.00"),
            row(ShipmentTax, None, "20", "4.91", "0.98"),
        ]
    );
    assert_totals(ups, "0", "7.20", "0.98");
    // Free shipping: the same goods, no shipping line.
    let free = &resp.shipments[0].shipping_rate_taxes[1].landed_cost;
    assert_totals(free, "0", "7.20", "0");
}

/// CA-ON from US above CAD 150: USMCA book duty-free, CN T-shirts 18 %, HST 13 % (books 5 %).
#[test]
fn ontario_hst_with_usmca_origin_and_fob_duty() {
    let req = request(
        address("CA", Some("ON")),
        "CAD",
        "0",
        vec![shipment(
            "US",
            &[("ground", "15.00")],
            vec![
                item(
                    "TEE-CN",
                    "Cotton T-shirt",
                    "Apparel",
                    Some("610910"),
                    "CN",
                    (4, "30.00", "0"),
                ),
                item(
                    "NOVEL-1",
                    "Hardcover novel",
                    "Books",
                    Some("490199"),
                    "US",
                    (1, "45.00", "0"),
                ),
            ],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Values 120.00 and 45.00: goods 165.00 > CAD 150 (and > 40). FOB: duty on goods only:
    // tee 18 % x 120.00 = 21.60; the US-made book ships from the US: USMCA, no duty.
    // HST 13 % x (120.00 + 21.60) = 18.408 -> 18.41; book 5 % (Ontario rebate) x 45.00 = 2.25.
    // Shipping 15.00 by 120:45 -> 10.909.. / 4.0909.. -> 10.90 / 4.09 + 0.01 to the tee -> 10.91 / 4.09:
    // 13 % x 10.91 = 1.4183 -> 1.42; 5 % x 4.09 = 0.2045 -> 0.20.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("TEE-CN"), "18", "120.00", "21.60"),
            row(ProductTax, Some("TEE-CN"), "13", "141.60", "18.41"),
            row(ProductTax, Some("NOVEL-1"), "5", "45.00", "2.25"),
            row(ShipmentTax, None, "13", "10.91", "1.42"),
            row(ShipmentTax, None, "5", "4.09", "0.20"),
        ]
    );
    assert_totals(cost, "21.60", "20.66", "1.62");
    assert!(
        cost.breakdown
            .iter()
            .skip(1)
            .all(|l| l.jurisdiction.name == "Ontario")
    );
}

/// CA-QC from GB: the UK-Canada agreement covers the scarf; GST and QST each get a line.
#[test]
fn quebec_gst_and_qst_lines_with_uk_preference() {
    let req = request(
        address("CA", Some("QC")),
        "CAD",
        "0",
        vec![shipment(
            "GB",
            &[("royal-mail", "12.00")],
            vec![item(
                "SCARF-1",
                "Wool scarf",
                "Accessories",
                Some("621420"),
                "GB",
                (1, "60.00", "0"),
            )],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Goods 60.00 > CAD 20 (from outside US/MX): taxed; UK-CA TCA covers chapter 62: no duty.
    // GST 5 % x 60.00 = 3.00; QST 9.975 % x 60.00 = 5.985 -> 5.99 (half away from zero).
    // Shipping 12.00: GST 0.60; QST 1.197 -> 1.20.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(ProductTax, Some("SCARF-1"), "5", "60.00", "3.00"),
            row(ProductTax, Some("SCARF-1"), "9.975", "60.00", "5.99"),
            row(ShipmentTax, None, "5", "12.00", "0.60"),
            row(ShipmentTax, None, "9.975", "12.00", "1.20"),
        ]
    );
    let places: Vec<(&str, &str)> = cost
        .breakdown
        .iter()
        .map(|l| (l.jurisdiction.name.as_str(), l.jurisdiction.kind.as_str()))
        .collect();
    assert_eq!(
        places,
        [
            ("Canada", "federal"),
            ("Quebec", "province"),
            ("Canada", "federal"),
            ("Quebec", "province")
        ]
    );
    assert_totals(cost, "0", "8.99", "1.80");
}

/// CA-QC from US at CAD 35: under both the CAD 40 tax and CAD 150 duty thresholds.
#[test]
fn quebec_de_minimis_from_us_charges_nothing() {
    let req = request(
        address("CA", Some("QC")),
        "CAD",
        "0",
        vec![shipment(
            "US",
            &[("ground", "8.00")],
            vec![item(
                "TEE-CN",
                "Cotton T-shirt",
                "Apparel",
                Some("610910"),
                "CN",
                (1, "35.00", "0"),
            )],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert!(cost.breakdown.is_empty(), "{:#?}", cost.breakdown);
    assert_totals(cost, "0", "0", "0");
    // The same parcel from China: CAD 20 threshold, so duty 18 % x 35.00 = 6.30 and
    // GST 5 % x 41.30 = 2.065 -> 2.07, QST 9.975 % x 41.30 = 4.119675 -> 4.12;
    // shipping GST 0.40, QST 0.798 -> 0.80.
    let mut from_cn = req.clone();
    from_cn.shipments[0].ship_from.country_code = "CN".into();
    let cost = engine()
        .calculate(&from_cn, &at(date!(2026 - 10 - 15)))
        .unwrap()
        .shipments[0]
        .shipping_rate_taxes[0]
        .landed_cost
        .clone();
    assert_totals(&cost, "6.30", "6.19", "1.20");
}

/// AU from CN: no duty up to AUD 1,000, GST on low-value goods from the first dollar, food GST-free.
#[test]
fn australia_gst_on_low_value_goods_food_gst_free() {
    let req = request(
        address("AU", None),
        "AUD",
        "0",
        vec![shipment(
            "CN",
            &[("air", "9.95")],
            vec![
                item(
                    "MUG-2",
                    "Stoneware mug",
                    "Kitchen",
                    Some("691200"),
                    "CN",
                    (2, "24.95", "0"),
                ),
                item(
                    "COFFEE-1",
                    "Organic coffee beans",
                    "Grocery",
                    Some("090121"),
                    "CN",
                    (1, "18.00", "0"),
                ),
            ],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Values 49.90 and 18.00; goods 67.90 <= AUD 1,000: no duty; GST has no threshold.
    // GST 10 % x 49.90 = 4.99; coffee (food) 0 %.
    // Shipping 9.95 by 49.90:18.00 -> 7.3123.. / 2.6377.. -> 7.31 / 2.63 + 0.01 to coffee -> 7.31 / 2.64:
    // 10 % x 7.31 = 0.731 -> 0.73; 0 % -> 0.00.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(ProductTax, Some("MUG-2"), "10", "49.90", "4.99"),
            row(ProductTax, Some("COFFEE-1"), "0", "18.00", "0.00"),
            row(ShipmentTax, None, "10", "7.31", "0.73"),
            row(ShipmentTax, None, "0", "2.64", "0.00"),
        ]
    );
    assert_totals(cost, "0", "4.99", "0.73");
}

/// JP from US in JPY (no minor units): CIF duty, consumption tax 10 % and 8 % for food.
#[test]
fn japan_cif_duty_and_reduced_food_rate_in_yen() {
    let req = request(
        address("JP", None),
        "JPY",
        "0",
        vec![shipment(
            "US",
            &[("ems", "3500")],
            vec![
                item(
                    "BAG-1",
                    "Leather handbag",
                    "Bags",
                    Some("420221"),
                    "US",
                    (1, "38000", "0"),
                ),
                item(
                    "TEA-1",
                    "Green tea",
                    "Food",
                    Some("090210"),
                    "US",
                    (1, "2400", "0"),
                ),
            ],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Goods 40,400 > JPY 10,000. Shipping 3,500 by 38,000:2,400 -> 3,292.07.. / 207.92.. ->
    // 3,292 / 207 + 1 to tea -> 3,292 / 208. CIF: bag 41,292, tea 2,608.
    // Duty: chapter 42 8 % x 41,292 = 3,303.36 -> 3,303; tea (chapters 01-24 default) 15 % x 2,608 = 391.2 -> 391.
    // Tax: bag 10 % x (38,000 + 3,303) = 4,130.3 -> 4,130; tea 8 % x (2,400 + 391) = 223.28 -> 223.
    // Shipping: 10 % x 3,292 = 329.2 -> 329; 8 % x 208 = 16.64 -> 17.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("BAG-1"), "8", "41292", "3303"),
            row(Duty, Some("TEA-1"), "15", "2608", "391"),
            row(ProductTax, Some("BAG-1"), "10", "41303", "4130"),
            row(ProductTax, Some("TEA-1"), "8", "2791", "223"),
            row(ShipmentTax, None, "10", "3292", "329"),
            row(ShipmentTax, None, "8", "208", "17"),
        ]
    );
    assert_totals(cost, "3694", "4353", "346");
}

fn new_york_cart(from: &str) -> packdesk::api::TaxCalculationRequest {
    request(
        address("US", Some("NY")),
        "USD",
        "0",
        vec![shipment(
            from,
            &[("ground", "10.00")],
            vec![
                item(
                    "TEE-3",
                    "Cotton T-shirt",
                    "Apparel",
                    Some("610910"),
                    "CN",
                    (3, "20.00", "0"),
                ),
                item(
                    "SPK-1",
                    "Bluetooth speaker",
                    "Electronics",
                    Some("851822"),
                    "CN",
                    (1, "80.00", "0"),
                ),
            ],
        )],
    )
}

/// US-NY from CN after 2025-08-29: duty from the first dollar, NY state sales tax 4 % on
/// goods and shipping but not on duty, clothing under USD 110 exempt.
#[test]
fn new_york_import_pays_duty_and_state_sales_tax() {
    let req = new_york_cart("CN");
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    // Duty (FOB): tees 16.5 % x 60.00 = 9.90; speaker (8518) 4.9 % x 80.00 = 3.92.
    // Sales tax: tees clothing < USD 110 -> 0 %; speaker 4 % x 80.00 = 3.20 (no duty in the base).
    // Shipping 10.00 by 60:80 -> 4.2857.. / 5.7142.. -> 4.28 / 5.71 + 0.01 to the tees -> 4.29 / 5.71:
    // 0 % -> 0.00; 4 % x 5.71 = 0.2284 -> 0.23.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("TEE-3"), "16.5", "60.00", "9.90"),
            row(Duty, Some("SPK-1"), "4.9", "80.00", "3.92"),
            row(ProductTax, Some("TEE-3"), "0", "60.00", "0.00"),
            row(ProductTax, Some("SPK-1"), "4", "80.00", "3.20"),
            row(ShipmentTax, None, "0", "4.29", "0.00"),
            row(ShipmentTax, None, "4", "5.71", "0.23"),
        ]
    );
    assert_totals(cost, "13.82", "3.20", "0.23");
    assert_eq!(cost.breakdown[3].jurisdiction.name, "New York");
}

/// The same cart before 2025-08-29 fell under the USD 800 de minimis: no duty.
#[test]
fn new_york_before_august_2025_had_de_minimis() {
    let cost = engine()
        .calculate(&new_york_cart("CN"), &at(date!(2025 - 08 - 01)))
        .unwrap()
        .shipments[0]
        .shipping_rate_taxes[0]
        .landed_cost
        .clone();
    assert_totals(&cost, "0", "3.20", "0.23");
}

/// A local shipment (US to US-NY): no duty, the same state sales tax.
#[test]
fn new_york_local_shipment_has_tax_only() {
    let req = new_york_cart("US");
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    assert_eq!(resp.shipments[0].shipment_type, ShipmentType::Local);
    assert_totals(
        &resp.shipments[0].shipping_rate_taxes[0].landed_cost,
        "0",
        "3.20",
        "0.23",
    );
}

/// KWD has three minor units: FR to DE inside the EU customs union (no duty, German VAT).
#[test]
fn kuwaiti_dinar_rounds_to_three_decimals() {
    let req = request(
        address("DE", None),
        "KWD",
        "0",
        vec![shipment(
            "FR",
            &[("dhl", "1.234")],
            vec![item(
                "SCARF-2",
                "Silk scarf",
                "Accessories",
                Some("621410"),
                "CN",
                (1, "12.345", "0"),
            )],
        )],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    check_invariants(&req, &resp, &mut HashSet::new());
    assert_eq!(resp.shipments[0].shipment_type, ShipmentType::CrossBorder);
    // VAT 19 % x 12.345 = 2.34555 -> 2.346; shipping 19 % x 1.234 = 0.23446 -> 0.234.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(ProductTax, Some("SCARF-2"), "19", "12.345", "2.346"),
            row(ShipmentTax, None, "19", "1.234", "0.234")
        ]
    );
    assert_totals(cost, "0", "2.346", "0.234");
}

/// Without `require_hs_codes` the response has no HS list; the USD rate comes from the ECB table.
#[test]
fn hs_codes_only_on_request_and_usd_rate_from_the_table() {
    let req = new_york_cart("CN");
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 10 - 15)))
        .unwrap();
    assert!(resp.hs_codes.is_none());
    assert_eq!(resp.usd_conversion_rate, dec("1"));
    let mut eur = req.clone();
    eur.currency_code = "EUR".into();
    // ECB 2026-10-15 reference rate: EUR 1 = USD x, checked against the table's own row.
    let fx = engine().tables().fx_on(date!(2026 - 10 - 15)).unwrap();
    let resp = engine()
        .calculate(&eur, &at(date!(2026 - 10 - 15)))
        .unwrap();
    assert_eq!(
        resp.usd_conversion_rate,
        fx.per_eur("USD").unwrap().normalize()
    );
}
