use super::*;
use crate::service::landed_cost::tables::Tables;

fn text(name: &str, category: &str) -> ProductText {
    ProductText::new(name, category, "")
}

/// The differential check of the derived tables: every national line of every full
/// tariff, given as the merchant's code, resolves to itself and so to its own rate.
#[test]
fn every_national_line_resolves_to_itself() {
    let tables = Tables::load().unwrap();
    let mut checked = 0;
    for tariff in ["AU", "CA", "EU", "GB", "JP", "US"] {
        let schedule = tables.schedule(tariff).unwrap();
        for line in schedule.lines() {
            let choice = choose(schedule, line.code, || text("", ""), None).unwrap();
            assert_eq!(choice.line.code, line.code, "{tariff}");
            assert_eq!(choice.line.mfn, line.mfn, "{tariff} {}", line.code);
            checked += 1;
        }
    }
    assert!(checked > 55_000, "{checked}");
}

#[test]
fn a_subheading_with_lines_at_different_rates_is_chosen_by_the_product_words() {
    let tables = Tables::load().unwrap();
    let us = tables.schedule("US").unwrap();
    // HS 640399 (other footwear, leather uppers): the lines differ by who wears them.
    let men = choose(us, "640399", || text("Men's leather shoes", "Shoes"), None).unwrap();
    assert_eq!(
        (men.line.code, men.why),
        ("64039960", Why::Described { lines: 6 })
    );
    // Without a word for who wears them: "for other persons".
    let anyone = choose(us, "640399", || text("Leather shoes", "Shoes"), None).unwrap();
    assert_eq!(anyone.line.code, "64039990", "{anyone:?}");
    // Nothing in the words fits a line: the tariff's "other" line.
    let other = choose(us, "691110", || text("Gravy boat", "Kitchen"), None).unwrap();
    assert_eq!(other.line.code, "69111080", "{other:?}");
    assert!(matches!(other.why, Why::Other { .. }));
    // A statistical suffix names its 8-digit line; another country's code names nothing.
    let named = choose(us, "6911108010", || text("", ""), None).unwrap();
    assert_eq!((named.line.code, named.why), ("69111080", Why::Named));
    let eu_code = choose(us, "69111000", || text("Porcelain plate", ""), None).unwrap();
    assert_ne!(eu_code.why, Why::Named);
}

/// A line's material that the product contradicts rules the line out; nylon is a man-made
/// fibre (not a men's line).
#[test]
fn materials_and_fibres_agree_with_the_product_or_rule_a_line_out() {
    let tables = Tables::load().unwrap();
    let (us, eu) = (
        tables.schedule("US").unwrap(),
        tables.schedule("EU").unwrap(),
    );
    let bag = choose(us, "420292", || text("Nylon backpack", "Bags"), None).unwrap();
    assert_eq!(bag.line.code, "42029231", "{bag:?}");
    let train = || text("Wooden toy train set for children", "Toys");
    let wooden = choose(eu, "950300", train, None).unwrap();
    let plastics = wooden
        .line
        .described()
        .wanted
        .iter()
        .any(|w| w == "plastic");
    assert!(!plastics, "{wooden:?}");
    // A product that names no material keeps every line.
    let boots = || text("Ankle boots", "Footwear");
    assert_eq!(
        choose(eu, "640391", boots, None).unwrap().line.code,
        "64039105"
    );
    let leather = || text("Leather ankle boots", "Footwear");
    assert_eq!(
        choose(eu, "640391", leather, None).unwrap().line.code,
        "64039111"
    );
}

/// HTS 6403.99 (other footwear, leather uppers): for persons other than men, youths and
/// boys, 6403.99.75 "valued not over $2.50/pair" 7 % and 6403.99.90 "valued over
/// $2.50/pair" 10 %; men's shoes, 6403.99.60, have no value range.
#[test]
fn a_value_range_in_the_description_is_chosen_by_the_items_unit_value() {
    let tables = Tables::load().unwrap();
    let us = tables.schedule("US").unwrap();
    let shoes = |name: &str, usd: &str| {
        let value = usd.parse().unwrap();
        choose(us, "640399", || text(name, "Shoes"), Some(value)).unwrap()
    };
    assert_eq!(shoes("Leather slippers", "2.00").line.code, "64039975");
    assert_eq!(shoes("Leather slippers", "2.50").line.code, "64039975");
    assert_eq!(shoes("Leather slippers", "2.51").line.code, "64039990");
    assert_eq!(shoes("Men's leather shoes", "80.00").line.code, "64039960");
    // 6402.19 (sports footwear, other): four value ranges under "Other", and golf shoes and
    // the rubber-uppers "Other" without one. (Words alone decide first: a product called
    // "shoes" would match "Golf shoes", the one line naming shoes.)
    let sneakers = |usd: &str| {
        let value = usd.parse().unwrap();
        choose(
            us,
            "640219",
            || text("Running trainers", "Sportswear"),
            Some(value),
        )
        .unwrap()
    };
    let codes: Vec<&str> = ["2", "5", "10", "40"]
        .iter()
        .map(|usd| sneakers(usd).line.code)
        .collect();
    assert_eq!(codes, ["64021930", "64021950", "64021970", "64021990"]);
}

#[test]
fn value_ranges_are_read_per_pair_or_each_and_nothing_else() {
    let parse = |text: &str| super::super::tables::Bracket::parse(text);
    let d = |s: &str| Some(s.parse().unwrap());
    assert_eq!(
        parse("valued over $3 but not over $6.50/pair").map(|b| (b.over, b.not_over)),
        Some((d("3"), d("6.50")))
    );
    assert_eq!(
        parse("valued not over $5 each").map(|b| (b.over, b.not_over)),
        Some((None, d("5")))
    );
    assert_eq!(
        parse("valued over $12/pair").map(|b| (b.over, b.not_over)),
        Some((d("12"), None))
    );
    assert_eq!(
        parse("valued over $1,000 each").map(|b| b.over),
        Some(d("1000"))
    );
    assert_eq!(parse("valued over $4.50 per gross"), None);
    assert_eq!(parse("valued not over $1/liter"), None);
    assert_eq!(parse("of cotton"), None);
}

#[test]
fn an_eu_cn8_line_covers_what_its_end_use_subdivisions_do_not() {
    let tables = Tables::load().unwrap();
    let eu = tables.schedule("EU").unwrap();
    let lines = eu.under("8507");
    let with_children = lines
        .iter()
        .find(|l| l.code.len() == 8 && eu.under(l.code).len() > 1)
        .unwrap();
    let choice = choose(eu, with_children.code, || text("Battery", ""), None).unwrap();
    assert_eq!(choice.line.code, with_children.code);
}
