//! Duty from full national tariffs, worked by hand: specific and compound rates from the
//! cart's quantities, a floor ("not less than"), a quantity a cart cannot give, an agreement's
//! own rate column, and a destination priced from its chapter table.

use std::collections::HashSet;

use packdesk::api::BreakdownType::Duty;
use time::macros::date;

use super::*;

fn one_line(
    dest: &str,
    currency: &str,
    from: &str,
    items: Vec<packdesk::api::CartItem>,
) -> LandedCost {
    let req = request(
        address(
            dest,
            match dest {
                "US" => Some("NY"),
                "CA" => Some("ON"),
                _ => None,
            },
        ),
        currency,
        "0",
        vec![shipment(from, &[("ground", "0")], items)],
    );
    let resp = quote(&req, date!(2026 - 10 - 15));
    check_invariants(&req, &resp, &mut HashSet::new());
    resp.shipments[0].shipping_rate_taxes[0].landed_cost.clone()
}

/// HTS 6402.19.70 (sports footwear valued over $6.50 but not over $12/pair), "76¢/pr. + 17%":
/// two pairs at 10.00 -> 2 x 0.76 = 1.52, 17 % x 20.00 = 3.40; duty 4.92, 24.6 % of the value.
#[test]
fn footwear_pays_per_pair_and_percent() {
    let shoes = item(
        "SNK-2",
        "Rubber sneakers",
        "Shoes",
        Some("64021970"),
        "CN",
        (2, "10.00", "0"),
    );
    let cost = one_line("US", "USD", "CN", vec![shoes]);
    assert_eq!(
        rows(&cost)[0],
        row(Duty, Some("SNK-2"), "24.6", "20.00", "4.92")
    );
    let name = &cost.breakdown[0].tax_name;
    assert!(
        name.contains("line 6402.19.70 (") && name.contains(": 0.76 USD/pair + 17%"),
        "{name}"
    );
    assert!(!name.contains("non-guaranteed"), "{name}");
}

/// HTS 0401.50.75 (cream over 45 % fat, other), "$1.646/kg": four 250 g tubs are 1 kg ->
/// 1.646 -> 1.65; 1.646 / 20.00 = 8.23 % of the value.
#[test]
fn a_per_kg_food_duty_uses_the_carts_weights() {
    let cream = item(
        "CRM-4",
        "Double cream",
        "Food",
        Some("04015075"),
        "FR",
        (4, "5.00", "0"),
    );
    let cost = one_line("US", "USD", "FR", vec![cream]);
    assert_eq!(
        rows(&cost)[0],
        row(Duty, Some("CRM-4"), "8.23", "20.00", "1.65")
    );
}

/// Japan 6403.99-015 (other leather footwear), WTO "30 % or 4,300 yen per pair, whichever is
/// greater". One pair at 9,000: 30 % = 2,700 < 4,300, so 4,300 (47.78 %); one pair at
/// 20,000: 30 % = 6,000 > 4,300, so 6,000.
#[test]
fn not_less_than_lifts_the_duty_to_its_floor() {
    let pair = |sku: &str, price: &str| {
        item(
            sku,
            "Leather shoes",
            "Shoes",
            Some("640399015"),
            "US",
            (1, price, "0"),
        )
    };
    let cost = one_line(
        "JP",
        "JPY",
        "US",
        vec![pair("CHEAP", "9000"), pair("DEAR", "20000")],
    );
    let duties: Vec<_> = rows(&cost).into_iter().filter(|r| r.0 == Duty).collect();
    assert_eq!(
        duties,
        [
            row(Duty, Some("CHEAP"), "47.78", "9000", "4300"),
            row(Duty, Some("DEAR"), "30", "20000", "6000"),
        ]
    );
}

/// The same shoes made in and sent from Germany: the EU-Japan EPA column of Japan's tariff,
/// 3.9 % -> 3.9 % x 12,000 = 468 (above Japan's JPY 10,000 relief).
#[test]
fn an_agreement_pays_its_own_column_where_the_tariff_has_one() {
    let shoes = item(
        "EPA-1",
        "Leather shoes",
        "Shoes",
        Some("640399015"),
        "DE",
        (1, "12000", "0"),
    );
    let cost = one_line("JP", "JPY", "DE", vec![shoes]);
    assert_eq!(
        rows(&cost)[0],
        row(Duty, Some("EPA-1"), "3.9", "12000", "468")
    );
    assert!(
        cost.breakdown[0]
            .tax_name
            .contains("EU-JP preferential rate")
    );
}

/// HTS 0401.10.00 (milk, fat not over 1 %), "0.34¢/liter": a cart has no litres, so the duty
/// is its ad valorem part (none) and the line says it is not guaranteed.
#[test]
fn a_quantity_the_cart_lacks_is_said_not_dropped() {
    let milk = item(
        "MILK-1",
        "Skimmed milk",
        "Food",
        Some("04011000"),
        "FR",
        (1, "3.00", "0"),
    );
    let cost = one_line("US", "USD", "FR", vec![milk]);
    let name = &cost.breakdown[0].tax_name;
    assert!(
        name.ends_with("non-guaranteed: without the quantity in l, the ad valorem part only"),
        "{name}"
    );
    assert_eq!(cost.duties, dec("0"));
}

/// New Zealand has no full tariff here: its chapter table prices toys, and says so.
#[test]
fn a_destination_without_a_full_tariff_says_approximation() {
    let toy = item(
        "TOY-1",
        "Wooden puzzle",
        "Toys",
        Some("950300"),
        "CN",
        (1, "1500.00", "0"),
    );
    let cost = one_line("NZ", "NZD", "CN", vec![toy]);
    let name = &cost.breakdown[0].tax_name;
    assert!(name.contains("MFN approximation (HS 950300"), "{name}");
}

/// Canada's tariff gives CUSMA one column per partner. Customs Tariff 1602.10.10 (homogenised
/// preparations of chicken and turkey), MFN 12.5 %, UST (CUSMA, goods of the US) Free, MXT
/// (CUSMA, goods of Mexico) empty, CPTPT 2 %. Eight jars at CAD 20.00 (160.00, over the CAD 150
/// CUSMA de minimis): made in the US, duty-free; made in Mexico, CUSMA gives nothing, CPTPP
/// (Mexico is a member) 2 % x 160.00 = 3.20; made in China, MFN 12.5 % = 20.00.
#[test]
fn cusma_pays_the_column_of_the_goods_partner() {
    let jars = |origin: &str| {
        item(
            "BBY-8",
            "Baby food, chicken",
            "Food",
            Some("16021010"),
            origin,
            (8, "20.00", "0"),
        )
    };
    let duty = |origin: &str, from: &str| {
        let cost = one_line("CA", "CAD", from, vec![jars(origin)]);
        let name = cost
            .breakdown
            .iter()
            .find(|b| b.kind == Duty)
            .map(|b| b.tax_name.clone());
        (cost.duties, name)
    };
    assert_eq!(duty("US", "US"), (dec("0"), None));
    let (mexico, name) = duty("MX", "MX");
    assert_eq!(mexico, dec("3.20"));
    let name = name.unwrap();
    assert!(
        name.contains("CPTPP preferential rate, line 1602.10.10 (")
            && name.ends_with(": 2%; the line the HS code given names"),
        "{name}"
    );
    let (china, name) = duty("CN", "US");
    assert_eq!(china, dec("20.00"));
    assert!(
        name.unwrap()
            .contains("Canadian Customs Tariff MFN, line 1602.10.10")
    );
}

/// Customs Tariff 0406.90.11 (Cheddar and Cheddar types, within access commitment), MFN
/// "2.84 ¢/kg", chosen among HS 040690's 24 lines by the word "cheddar" (its over-access line,
/// 0406.90.12 at 245.5 % but not less than $3.53/kg, is for imports beyond the quota; the
/// within-quota line is the first of the two the description fits). Eight 250 g blocks from
/// China = 2 kg x 0.0284 = 0.0568 -> 0.06.
#[test]
fn canadian_cheddar_pays_per_kg_within_its_quota() {
    let cheddar = item(
        "CHD-8",
        "Aged cheddar",
        "Cheese",
        Some("040690"),
        "CN",
        (8, "20.00", "0"),
    );
    let cost = one_line("CA", "CAD", "CN", vec![cheddar]);
    assert_eq!(cost.duties, dec("0.06"));
    let name = &cost.breakdown[0].tax_name;
    assert!(
        name.contains("line 0406.90.11 (Within access commitment): 0.0284 CAD/kg; HS 040690 has 24 lines, chosen from the description"),
        "{name}"
    );
}

/// The same trainers given only as HS 640219: of its lines, the value ranges of "Other"
/// decide. Two pairs at USD 10.00 are "valued over $6.50 but not over $12/pair", 6402.19.70:
/// 4.92 as above; at USD 20.00 a pair, "valued over $12/pair", 6402.19.90 at 9 %: 3.60.
#[test]
fn a_value_range_is_chosen_by_the_price_of_a_pair() {
    let trainers = |price: &str| {
        item(
            "RUN-2",
            "Running trainers",
            "Sportswear",
            Some("640219"),
            "CN",
            (2, price, "0"),
        )
    };
    let at_ten = one_line("US", "USD", "CN", vec![trainers("10.00")]);
    assert_eq!(at_ten.duties, dec("4.92"));
    let name = &at_ten.breakdown[0].tax_name;
    assert!(
        name.contains("line 6402.19.70 (")
            && name.contains("ruled out by the value of one item; ")
            // Trainers with uppers over 90 % rubber or plastics are of two lines of their own.
            && name.ends_with("not guaranteed: may also be at 6%: 6402.19.05; at 5.1%: 6402.19.15"),
        "{name}"
    );
    let at_twenty = one_line("US", "USD", "CN", vec![trainers("20.00")]);
    assert_eq!(at_twenty.duties, dec("3.60"));
    assert!(
        at_twenty.breakdown[0]
            .tax_name
            .contains("line 6402.19.90 (")
    );
}
