//! Worked examples for Canada, Australia, Japan and the United States; every amount is worked
//! out by hand in the comments. Dates are fixed so the rules and exchange rates in force are known.

use std::collections::HashSet;

use packdesk::api::{BreakdownType::*, ShipmentType};
use time::macros::date;

use super::*;

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
    let resp = quote(&req, date!(2026 - 10 - 15));
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
            .all(|l| &*l.jurisdiction.name == "Ontario")
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
    let resp = quote(&req, date!(2026 - 10 - 15));
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
        .map(|l| (&*l.jurisdiction.name, &*l.jurisdiction.kind))
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
    let resp = quote(&req, date!(2026 - 10 - 15));
    check_invariants(&req, &resp, &mut HashSet::new());
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert!(cost.breakdown.is_empty(), "{:#?}", cost.breakdown);
    assert_totals(cost, "0", "0", "0");
    // The same parcel from China: CAD 20 threshold, so duty 18 % x 35.00 = 6.30 and
    // GST 5 % x 41.30 = 2.065 -> 2.07, QST 9.975 % x 41.30 = 4.119675 -> 4.12;
    // shipping GST 0.40, QST 0.798 -> 0.80.
    let mut from_cn = req.clone();
    from_cn.shipments[0].ship_from.country_code = "CN".into();
    let cost = quote(&from_cn, date!(2026 - 10 - 15)).shipments[0].shipping_rate_taxes[0]
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
    let resp = quote(&req, date!(2026 - 10 - 15));
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
    let resp = quote(&req, date!(2026 - 10 - 15));
    check_invariants(&req, &resp, &mut HashSet::new());
    // Goods 40,400 > JPY 10,000. Shipping 3,500 by 38,000:2,400 -> 3,292.07.. / 207.92.. ->
    // 3,292 / 207 + 1 to tea -> 3,292 / 208. CIF: bag 41,292, tea 2,608.
    // Duty (Japan's tariff, VERSION 2026_07_09; the WTO rate, below the general one):
    // bag 4202.21-210 ("その他のもの > 革製のもの": not using precious metal or pearls, of
    // leather, read through the glossary) 8 % x 41,292 = 3,303.36 -> 3,303;
    // tea 0902.10-000 (green tea in packings <= 3 kg) 17 % x 2,608 = 443.36 -> 443.
    // Tax: bag 10 % x (38,000 + 3,303) = 4,130.3 -> 4,130; tea 8 % x (2,400 + 443) = 227.44 -> 227.
    // Shipping: 10 % x 3,292 = 329.2 -> 329; 8 % x 208 = 16.64 -> 17.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("BAG-1"), "8", "41292", "3303"),
            row(Duty, Some("TEA-1"), "17", "2608", "443"),
            row(ProductTax, Some("BAG-1"), "10", "41303", "4130"),
            row(ProductTax, Some("TEA-1"), "8", "2843", "227"),
            row(ShipmentTax, None, "10", "3292", "329"),
            row(ShipmentTax, None, "8", "208", "17"),
        ]
    );
    assert_totals(cost, "3746", "4357", "346");
    assert!(
        cost.breakdown[0].tax_name.contains("line 4202.21.210 ("),
        "{}",
        cost.breakdown[0].tax_name
    );
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
    let resp = quote(&req, date!(2026 - 10 - 15));
    check_invariants(&req, &resp, &mut HashSet::new());
    // Duty (FOB): tees HTS 6109.10.00 16.5 % x 60.00 = 9.90; speaker HTS 8518.22.00 (multiple
    // loudspeakers in one enclosure) Free in the HTS 2026 Revision 10.
    // Sales tax: tees clothing < USD 110 -> 0 %; speaker 4 % x 80.00 = 3.20 (no duty in the base).
    // Shipping 10.00 by 60:80 -> 4.2857.. / 5.7142.. -> 4.28 / 5.71 + 0.01 to the tees -> 4.29 / 5.71:
    // 0 % -> 0.00; 4 % x 5.71 = 0.2284 -> 0.23.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, Some("TEE-3"), "16.5", "60.00", "9.90"),
            row(Duty, Some("SPK-1"), "0", "80.00", "0.00"),
            row(ProductTax, Some("TEE-3"), "0", "60.00", "0.00"),
            row(ProductTax, Some("SPK-1"), "4", "80.00", "3.20"),
            row(ShipmentTax, None, "0", "4.29", "0.00"),
            row(ShipmentTax, None, "4", "5.71", "0.23"),
        ]
    );
    assert_totals(cost, "9.90", "3.20", "0.23");
    assert_eq!(&*cost.breakdown[3].jurisdiction.name, "New York");
}

/// The same cart before 2025-08-29 fell under the USD 800 de minimis: no duty.
#[test]
fn new_york_before_august_2025_had_de_minimis() {
    let cost = quote(&new_york_cart("CN"), date!(2025 - 08 - 01)).shipments[0].shipping_rate_taxes
        [0]
    .landed_cost
    .clone();
    assert_totals(&cost, "0", "3.20", "0.23");
}

/// A local shipment (US to US-NY): no duty, the same state sales tax.
#[test]
fn new_york_local_shipment_has_tax_only() {
    let req = new_york_cart("US");
    let resp = quote(&req, date!(2026 - 10 - 15));
    assert_eq!(resp.shipments[0].shipment_type, ShipmentType::Local);
    assert_totals(
        &resp.shipments[0].shipping_rate_taxes[0].landed_cost,
        "0",
        "3.20",
        "0.23",
    );
}

/// Without `require_hs_codes` the response has no HS list; the USD rate comes from the ECB table.
#[test]
fn hs_codes_only_on_request_and_usd_rate_from_the_table() {
    let req = new_york_cart("CN");
    let resp = quote(&req, date!(2026 - 10 - 15));
    assert!(resp.hs_codes.is_none());
    assert_eq!(resp.usd_conversion_rate, dec("1"));
    let mut eur = req.clone();
    eur.currency_code = "EUR".into();
    // ECB 2026-10-15 reference rate: EUR 1 = USD x, checked against the table's own row.
    let fx = engine().tables().fx_on(date!(2026 - 10 - 15)).unwrap();
    let resp = quote(&eur, date!(2026 - 10 - 15));
    assert_eq!(
        resp.usd_conversion_rate,
        fx.per_eur("USD").unwrap().normalize()
    );
}
