//! The EU's low-value duty rules around 2026-07-01 and 2028-07-01.

use std::collections::HashSet;

use packdesk::api::BreakdownType::*;
use time::macros::date;

use super::*;

/// Two T-shirt SKUs of one subheading and a mug, EUR 75 of goods, free shipping.
fn cart() -> packdesk::api::TaxCalculationRequest {
    request(
        address("DE", None),
        "EUR",
        "0",
        vec![shipment(
            "CN",
            &[("free", "0")],
            vec![
                item(
                    "TEE-A",
                    "Cotton T-shirt",
                    "Apparel",
                    Some("610910"),
                    "CN",
                    (1, "20.00", "0"),
                ),
                item(
                    "TEE-B",
                    "Cotton T-shirt, striped",
                    "Apparel",
                    Some("610910"),
                    "CN",
                    (1, "30.00", "0"),
                ),
                item(
                    "MUG-3",
                    "Stoneware mug",
                    "Kitchen",
                    Some("691200"),
                    "CN",
                    (1, "25.00", "0"),
                ),
            ],
        )],
    )
}

#[test]
fn from_july_2026_three_euros_per_distinct_subheading() {
    let req = cart();
    let resp = quote(&req, date!(2026 - 07 - 01));
    check_invariants(&req, &resp, &mut HashSet::new());
    // Goods 75.00 <= EUR 150: EUR 3 for 610910 (two SKUs: sku null, taxable 20 + 30 = 50.00)
    // and EUR 3 for 691200 (taxable 25.00). The 3.00 of 610910 is shared 20:30 -> 1.20 / 1.80
    // for the VAT base. VAT 19 %: 21.20 -> 4.028 -> 4.03; 31.80 -> 6.042 -> 6.04; 28.00 -> 5.32.
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    assert_eq!(
        rows(cost),
        [
            row(Duty, None, "0", "50.00", "3.00"),
            row(Duty, Some("MUG-3"), "0", "25.00", "3.00"),
            row(ProductTax, Some("TEE-A"), "19", "21.20", "4.03"),
            row(ProductTax, Some("TEE-B"), "19", "31.80", "6.04"),
            row(ProductTax, Some("MUG-3"), "19", "28.00", "5.32"),
        ]
    );
    assert_totals(cost, "6.00", "15.39", "0");
}

#[test]
fn until_june_2026_the_150_euro_exemption() {
    // VAT only: 20.00 -> 3.80, 30.00 -> 5.70, 25.00 -> 4.75.
    let cost = quote(&cart(), date!(2026 - 06 - 30)).shipments[0].shipping_rate_taxes[0]
        .landed_cost
        .clone();
    assert_totals(&cost, "0", "14.25", "0");
}

#[test]
fn from_july_2028_ordinary_duty_from_the_first_euro() {
    // CN 6109.10.00 12 % x 20.00 = 2.40, x 30.00 = 3.60; the stoneware mug, CN 6912.00.23
    // (tableware and kitchenware of stoneware) 5.5 % x 25.00 = 1.375 -> 1.38.
    // VAT 19 %: 22.40 -> 4.256 -> 4.26; 33.60 -> 6.384 -> 6.38; 26.38 -> 5.0122 -> 5.01.
    let cost = quote(&cart(), date!(2028 - 07 - 01)).shipments[0].shipping_rate_taxes[0]
        .landed_cost
        .clone();
    assert_totals(&cost, "7.38", "15.65", "0");
}

#[test]
fn above_150_euros_no_flat_duty() {
    let mut req = cart();
    req.shipments[0].items[2].quantity = dec("4"); // mugs 100.00: goods 150.00 is still within
    let flat = quote(&req, date!(2026 - 10 - 15));
    assert_eq!(
        flat.shipments[0].shipping_rate_taxes[0].landed_cost.duties,
        dec("6.00")
    );
    req.shipments[0].items[2].unit_price = dec("25.01"); // goods 150.04 > 150: MFN
    // 12 % x 20.00 = 2.40; 12 % x 30.00 = 3.60; CN 6912.00.23 5.5 % x 100.04 = 5.5022 -> 5.50.
    let mfn = quote(&req, date!(2026 - 10 - 15));
    assert_eq!(
        mfn.shipments[0].shipping_rate_taxes[0].landed_cost.duties,
        dec("11.50")
    );
}
