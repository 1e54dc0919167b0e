use rust_decimal::Decimal;

use super::*;
use crate::decimal::dec as d;
use crate::domain::{Weight, WeightUnit};
use crate::service::landed_cost::tables::{Bound, Bracket, Measures, Per, Tables};

fn worth(value: Decimal) -> Unit {
    Unit {
        value: Some(value),
        weight: None,
    }
}

fn text(name: &str, category: &str) -> ProductText {
    ProductText::new(name, category, "")
}

/// The line `tariff`'s schedule chooses under `hs` for a product of no stated value or weight.
fn pick<'t>(tables: &'t Tables, tariff: &str, hs: &str, product: ProductText) -> Choice<'t> {
    let schedule = tables.schedule(tariff).unwrap();
    choose(schedule, hs, || product, Unit::default()).unwrap()
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
            let choice = choose(schedule, line.code, || text("", ""), Unit::default()).unwrap();
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
    let men = choose(
        us,
        "640399",
        || text("Men's leather shoes", "Shoes"),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(
        (men.line.code, men.why),
        ("64039960", Why::Described { lines: 6 })
    );
    // Without a word for who wears them: "for other persons".
    let anyone = choose(
        us,
        "640399",
        || text("Leather shoes", "Shoes"),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(anyone.line.code, "64039990", "{anyone:?}");
    // Nothing in the words fits a line: the tariff's "other" line.
    let other = choose(
        us,
        "691110",
        || text("Gravy boat", "Kitchen"),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(other.line.code, "69111080", "{other:?}");
    assert!(matches!(other.why, Why::Other { .. }));
    // A statistical suffix names its 8-digit line; another country's code names nothing.
    let named = choose(us, "6911108010", || text("", ""), Unit::default()).unwrap();
    assert_eq!((named.line.code, named.why), ("69111080", Why::Named));
    let eu_code = choose(
        us,
        "69111000",
        || text("Porcelain plate", ""),
        Unit::default(),
    )
    .unwrap();
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
    let bag = choose(
        us,
        "420292",
        || text("Nylon backpack", "Bags"),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(bag.line.code, "42029231", "{bag:?}");
    let train = || text("Wooden toy train set for children", "Toys");
    let wooden = choose(eu, "950300", train, Unit::default()).unwrap();
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
        choose(eu, "640391", boots, Unit::default())
            .unwrap()
            .line
            .code,
        "64039105"
    );
    let leather = || text("Leather ankle boots", "Footwear");
    assert_eq!(
        choose(eu, "640391", leather, Unit::default())
            .unwrap()
            .line
            .code,
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
        let value = d(usd);
        choose(us, "640399", || text(name, "Shoes"), worth(value)).unwrap()
    };
    assert_eq!(shoes("Leather slippers", "2.00").line.code, "64039975");
    assert_eq!(shoes("Leather slippers", "2.50").line.code, "64039975");
    assert_eq!(shoes("Leather slippers", "2.51").line.code, "64039990");
    assert_eq!(shoes("Men's leather shoes", "80.00").line.code, "64039960");
    // 6402.19 (sports footwear, other): four value ranges under "Other", and golf shoes and
    // the rubber-uppers "Other" without one. (Words alone decide first: a product called
    // "shoes" would match "Golf shoes", the one line naming shoes.)
    let sneakers = |usd: &str| {
        let value = d(usd);
        choose(
            us,
            "640219",
            || text("Running trainers", "Sportswear"),
            worth(value),
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
fn brackets_are_read_per_pair_each_dozen_gross_kg_set_packing_content_and_side() {
    let read = |text: &str| Bracket::all_in(text, |thing| vec![thing.trim().to_string()]);
    let one = |text: &str| {
        let brackets = read(text);
        assert_eq!(brackets.len(), 1, "{text}: {brackets:?}");
        let b = brackets[0].clone();
        let end = |b: Option<Bound>| b.map(|b| (b.at, b.inclusive));
        (b.per, end(b.lower), end(b.upper), b.outside)
    };
    let incl = |s: &str| Some((d(s), true));
    let excl = |s: &str| Some((d(s), false));
    let cases = [
        (
            "valued over $3 but not over $6.50/pair",
            (Per::Pair, excl("3"), incl("6.50"), false),
        ),
        (
            "valued not over $5 each",
            (Per::Item, None, incl("5"), false),
        ),
        (
            "valued over $1,000 each",
            (Per::Item, excl("1000"), None, false),
        ),
        (
            "valued over $4.50 per gross",
            (Per::Gross, excl("4.50"), None, false),
        ),
        (
            "valued at 20¢/kg or more",
            (Per::Kg, incl("0.20"), None, false),
        ),
        (
            "valued 50¢ or over but less than 80¢ each",
            (Per::Item, incl("0.50"), excl("0.80"), false),
        ),
        (
            "aggregate value not over $200",
            (Per::Set, None, incl("200"), false),
        ),
        (
            "in immediate packings of a net content of <= 1 kg",
            (Per::Content, None, incl("1000"), false),
        ),
        (
            "in containers weighing with their contents 2 kg or less",
            (Per::Content, None, incl("2000"), false),
        ),
        (
            "olive oil (excl. in immediate packings of > 5 kg)",
            (Per::Content, excl("5000"), None, true),
        ),
        (
            "enclosed in a square the side of which is less than 7 cm",
            (Per::Side, None, excl("7"), false),
        ),
        (
            "enclosed in a square the side of which is <= 80 mm",
            (Per::Side, None, incl("8"), false),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(one(text), expected, "{text}");
    }
    assert!(read("valued not over $1/liter").is_empty());
    assert!(read("of cotton").is_empty());
    assert!(read("containing >= 85% cotton by content, weighing <= 200 g/m²").is_empty());
    let things: Vec<_> = read("cups valued over $5.25 per dozen; plates not over 22.9 cm in maximum diameter and valued over $6 per dozen")
        .into_iter()
        .map(|b| (b.thing, b.per))
        .collect();
    assert_eq!(
        things,
        [
            (vec!["cups".to_string()], Per::Dozen),
            (vec!["plates".to_string()], Per::Dozen)
        ]
    );
}

#[test]
fn an_item_is_in_a_bracket_only_where_the_cart_can_tell() {
    let bracket = |text: &str| Bracket::all_in(text, |_| Vec::new()).remove(0);
    let item = |value: &str, grams: Option<&str>, pieces: Option<&str>, set: bool| Measures {
        value: Some(d(value)),
        weight: grams.map(|g| Weight::new(d(g), WeightUnit::Gram)),
        pieces: pieces.map(d),
        set,
        side: None,
    };
    let dozen = bracket("valued over $5.25 per dozen");
    let set = bracket("aggregate value not over $38");
    let packed = bracket("in immediate packings of a net content of <= 1 kg");
    let outside = bracket("(excl. in immediate packings of <= 1 kg)");
    let per_kg = bracket("valued over $2/kg");
    let cases = [
        // A $0.40 cup is $4.80 a dozen; a 4-piece $2 set of cups is $6 a dozen.
        (&dozen, item("0.40", None, None, false), Some(false)),
        (&dozen, item("2", None, Some("4"), false), Some(true)),
        (&set, item("30", None, None, true), Some(true)),
        (&set, item("400", None, None, true), Some(false)),
        (&set, item("30", None, None, false), None),
        // A parcel's weight includes its packing: 900 g shipped is surely at most 1 kg net;
        // 1.2 kg shipped may be a kilogram in a glass jar; 3 kg shipped is not.
        (&packed, item("5", Some("900"), None, false), Some(true)),
        (&packed, item("5", Some("1200"), None, false), None),
        (&packed, item("5", Some("3000"), None, false), Some(false)),
        (&packed, item("5", None, None, false), None),
        (&outside, item("5", Some("900"), None, false), Some(false)),
        (&outside, item("5", Some("3000"), None, false), Some(true)),
        // $3 for 1 kg shipped is $3 to $5 a kilogram net.
        (&per_kg, item("3", Some("1000"), None, false), Some(true)),
        (&per_kg, item("1.5", Some("1000"), None, false), None),
        (&per_kg, item("1", Some("1000"), None, false), Some(false)),
    ];
    for (bracket, item, expected) in cases {
        assert_eq!(bracket.admits(&item), expected, "{bracket:?} {item:?}");
    }
}

/// The second row: a stoneware dinner set is chosen by its aggregate value as a set
/// (6912.00.35 for a pattern's set not over $38, 6912.00.39 over it), not by "steins".
#[test]
fn a_tableware_set_is_chosen_by_its_value_as_a_set() {
    let tables = Tables::load().unwrap();
    let us = tables.schedule("US").unwrap();
    let set = |usd: &str| {
        choose(
            us,
            "691200",
            || text("Stoneware dinner set, 12 pieces", "Tableware"),
            worth(d(usd)),
        )
        .unwrap()
    };
    let codes = |c: &Choice| c.unsure.iter().map(|l| l.code).collect::<Vec<_>>();
    let dear = set("400");
    assert_eq!(dear.line.mfn.written(), "4.5%", "{:?}", dear.line);
    // Whether its stoneware is coarse-grained (6912.00.10) the cart cannot tell; the set of a
    // pattern under $38 it is not.
    assert!(!codes(&dear).contains(&"69120035"), "{:?}", codes(&dear));
    let cheap = set("30");
    assert_eq!(cheap.line.code, "69120035");
    assert!(!codes(&cheap).contains(&"69120039"), "{:?}", codes(&cheap));
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
    let choice = choose(
        eu,
        with_children.code,
        || text("Battery", ""),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(choice.line.code, with_children.code);
}

/// Knitted and woven must agree: EU 6307.10 has a line for knitted cleaning cloths (12 %); a
/// woven dishcloth is not under it, a knitted one is.
#[test]
fn a_woven_product_is_not_under_a_line_for_knitted_goods() {
    let tables = Tables::load().unwrap();
    let eu = tables.schedule("EU").unwrap();
    let cloths = |name: &str, description: &str| {
        let text = || ProductText::new(name, "Kitchen", description);
        choose(eu, "630710", text, Unit::default()).unwrap()
    };
    let woven = cloths(
        "Waffle cotton dishcloths",
        "Woven 100% cotton waffle cloths.",
    );
    let codes: Vec<&str> = std::iter::once(woven.line.code)
        .chain(woven.unsure.iter().map(|l| l.code))
        .collect();
    assert!(!codes.contains(&"63071010"), "{codes:?}");
    let knitted = cloths("Knitted cotton dishcloths", "Hand-knit cotton cloths.");
    assert_eq!(knitted.line.code, "63071010", "{:?}", knitted.why);
}

/// An exclusion rules a line out only for the thing it names, all of its words: EU 6912.00.23
/// (stoneware tableware) excludes "spice and coffee mills", not a coffee mug; GB 4420.90.99
/// (not of tropical wood) excludes teak, not oak.
#[test]
fn an_exclusion_rules_out_the_thing_it_names_not_each_of_its_words() {
    let tables = Tables::load().unwrap();
    let (eu, gb) = (
        tables.schedule("EU").unwrap(),
        tables.schedule("GB").unwrap(),
    );
    let mug = || {
        ProductText::new(
            "Stoneware coffee mug 350 ml",
            "Kitchen",
            "Reactive-glaze stoneware mug, dishwasher and microwave safe.",
        )
    };
    let mug = choose(eu, "691200", mug, worth(d("16.90"))).unwrap();
    assert_eq!(mug.line.code, "69120023", "{mug:?}");
    let box_of = |wood: &str| {
        let name = format!("{wood} jewellery box");
        choose(gb, "442090", || text(&name, "Home Decor"), Unit::default()).unwrap()
    };
    let oak = box_of("Oak wood");
    assert_eq!(oak.line.code, "44209099", "{oak:?}");
    let teak = box_of("Teak wood");
    assert_ne!(teak.line.code, "44209099", "{teak:?}");
    assert!(teak.unsure.iter().all(|l| l.code != "44209099"), "{teak:?}");
}

/// An exclusion ends where its bracket closes, or its item of a list at the semicolon: AU
/// 2206.00.30 is for "… mead (not containing goods of 2208 …); sake as defined …", so sake
/// and cider are under it; "as defined in Additional Note 8" does not hide the sake it names.
#[test]
fn a_line_asks_for_what_follows_its_exclusion() {
    let tables = Tables::load().unwrap();
    let au = tables.schedule("AU").unwrap();
    for name in [
        "Junmai Ginjo sake, 720 ml",
        "Normandy dry apple cider, 750 ml",
    ] {
        let drink = choose(au, "220600", || text(name, "Drinks"), Unit::default()).unwrap();
        let codes: Vec<&str> = std::iter::once(drink.line.code)
            .chain(drink.unsure.iter().map(|l| l.code))
            .collect();
        assert!(codes.contains(&"22060030"), "{name}: {codes:?}");
    }
    let sake = || text("Junmai Ginjo sake, 720 ml", "Drinks");
    let sake = choose(au, "220600", sake, Unit::default()).unwrap();
    assert_eq!(sake.line.code, "22060030", "{sake:?}");
}

/// What a product says it has not is not its: "no stones or pearls", "not chocolate-coated",
/// "no added sugar"; a negation names one word, so "non-slip rubber" is rubber.
#[test]
fn a_product_does_not_have_what_it_says_it_has_not() {
    let said = |text: &str| {
        super::said(&Words::new(text))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        said("Matte acetate claw, no stones or pearls"),
        ["matte", "acetate", "claw"]
    );
    assert_eq!(
        said("Crisp waffles, not chocolate-coated"),
        ["crisp", "waffles"]
    );
    assert_eq!(said("Peanut butter, no added sugar"), ["peanut", "butter"]);
    assert_eq!(said("Non-slip rubber mat"), ["rubber", "mat"]);
    assert_eq!(said("No-show cotton socks"), ["cotton", "socks"]);
}

/// A line for one use is not chosen for a product that does not name it, but the product may
/// be for it, so the quote names it: US 8544.42.20 (of a kind used for telecommunications) for
/// a charging cable. A product that names the use is under it.
#[test]
fn a_line_for_a_use_the_product_does_not_name_is_possible_not_chosen() {
    let tables = Tables::load().unwrap();
    let us = tables.schedule("US").unwrap();
    let cable =
        |name: &str| choose(us, "854442", || text(name, "Cables"), Unit::default()).unwrap();
    let usb = cable("USB-C charging cable 2 m");
    assert_ne!(usb.line.code, "85444220", "{usb:?}");
    let unsure: Vec<&str> = usb.unsure.iter().map(|l| l.code).collect();
    assert!(unsure.contains(&"85444220"), "{unsure:?}");
    let phone = cable("Telephone extension cord 10 m");
    let named: Vec<&str> = std::iter::once(phone.line.code)
        .chain(phone.unsure.iter().map(|l| l.code))
        .collect();
    assert!(named.contains(&"85444220"), "{named:?}");
}

/// Imitation leather is plastic sheeting: GB 4202.22 puts a vegan leather handbag under "of
/// plastic sheeting" (8 %), a leather one under "of leather" elsewhere in 4202.21.
#[test]
fn vegan_and_faux_leather_are_plastic_sheeting() {
    let tables = Tables::load().unwrap();
    let gb = tables.schedule("GB").unwrap();
    for name in [
        "Vegan leather tote handbag",
        "PU leather shoulder bag",
        "Leatherette clutch bag",
    ] {
        let bag = choose(gb, "420222", || text(name, "Bags"), Unit::default()).unwrap();
        assert_eq!(bag.line.code, "42022210", "{name}: {bag:?}");
    }
}

/// A line is the catch-all by its own words, not by those of its exclusions: EU 6912.00.23
/// "(excl. statuettes and other ornamental articles …)" is not one; CA 1601.00.21 "Other than
/// spent fowl" is.
#[test]
fn an_exclusion_does_not_make_a_line_the_catch_all() {
    let tables = Tables::load().unwrap();
    let line = |tariff: &str, code: &str| {
        let schedule = tables.schedule(tariff).unwrap();
        schedule.line(code).unwrap().described().other
    };
    assert!(!line("EU", "69120023"));
    assert!(line("CA", "16010021"));
}

/// "Ink cartridges for printers/copiers" names cartridges for printers: the slash is an "or".
#[test]
fn a_slash_between_words_is_an_or() {
    let tables = Tables::load().unwrap();
    let gb = tables.schedule("GB").unwrap();
    let cartridges = choose(
        gb,
        "321590",
        || text("Compatible ink cartridges for inkjet printers", "Office"),
        Unit::default(),
    )
    .unwrap();
    assert_eq!(cartridges.line.code, "32159020", "{cartridges:?}");
    let units = &gb.line("32159020").unwrap().described().units;
    assert!(
        units
            .iter()
            .any(|u| !u.contains(&"printer".to_string()) && u.contains(&"copier".to_string())),
        "{units:?}"
    );
}

/// A tile's size decides AU 6907.21: "the side of which is less than 7 cm" is not a 60 cm
/// tile's; a 5 cm tile may be either line; a mosaic sheet's size is not its tiles'.
#[test]
fn a_tile_is_measured_by_the_sides_its_words_give() {
    let tables = Tables::load().unwrap();
    let au = tables.schedule("AU").unwrap();
    let tile = |name: &str| choose(au, "690721", || text(name, "Tiles"), Unit::default()).unwrap();
    let large = tile("Porcelain floor tiles 60 x 60 cm, box of 4");
    assert_eq!(
        (large.line.code, large.unsure.len()),
        ("69072190", 0),
        "{large:?}"
    );
    assert_eq!(tile("Porcelain wall tiles 30x60 cm").line.code, "69072190");
    assert!(!tile("Porcelain wall tiles 5 x 5 cm").unsure.is_empty());
    assert!(
        !tile("Porcelain mosaic tiles, sheet 30 x 30 cm")
            .unsure
            .is_empty()
    );
}

/// In the machinery chapters a line "for the manufacture of" goods is a machine's, and the
/// machine is the parcel: AU 8438.10.10 (for the manufacture of macaroni, spaghetti…, Free) is
/// a pasta extruder's, and stays possible for a dough sheeter, whose quote then says it may be
/// Free. An engine "for use in the assembly or manufacture of" cars (AU 8407.33.10) is an
/// input, no shop's parcel, and is ruled out.
#[test]
fn a_machine_for_making_goods_is_chosen_by_the_goods_it_makes() {
    let tables = Tables::load().unwrap();
    let au = tables.schedule("AU").unwrap();
    let machine = |hs: &str, name: &str, description: &str| {
        let text = || ProductText::new(name, "Commercial Kitchen", description);
        choose(au, hs, text, Unit::default()).unwrap()
    };
    let codes = |lines: &[&NationalLine]| lines.iter().map(|l| l.code).collect::<Vec<_>>();
    let extruder = machine(
        "843810",
        "Commercial pasta extruder",
        "Extrudes fresh spaghetti, penne and macaroni",
    );
    assert_eq!(extruder.line.code, "84381010", "{extruder:?}");
    let sheeter = machine(
        "843810",
        "Tabletop dough sheeter",
        "For croissant and pizza dough",
    );
    assert_eq!(sheeter.line.code, "84381090", "{sheeter:?}");
    assert_eq!(codes(&sheeter.unsure), ["84381010"]);
    let engine = machine(
        "840733",
        "Petrol engine 125 cc",
        "Replacement engine for scooters",
    );
    assert_eq!(engine.line.code, "84073390", "{engine:?}");
    assert!(engine.unsure.is_empty(), "{engine:?}");
}

/// "Manufactured to the standards of the UIAA" says how a rope is made, not that it is for
/// making goods; and each item of a list is its own goods, so one item "for use in the
/// manufacture of" generators does not make CA 5607.50.10 no shop's line: a climbing rope is
/// under it (Free). An item opening with "and" goes on with the one before: AU 9006.59.10 is
/// cameras "(a) used for preparing printing plates; and (b) used … in the graphic arts", and
/// a film camera is not one.
#[test]
fn a_line_is_for_one_use_only_when_every_item_it_lists_is() {
    let tables = Tables::load().unwrap();
    let rope = text("Dynamic climbing rope 9.8 mm x 60 m", "Climbing");
    let rope = pick(&tables, "CA", "560750", rope);
    assert_eq!(rope.line.code, "56075010", "{rope:?}");
    let camera = text("Medium format 120 film camera", "Cameras");
    let camera = pick(&tables, "AU", "900659", camera);
    assert_eq!(camera.line.code, "90065990", "{camera:?}");
    assert!(camera.unsure.is_empty(), "{camera:?}");
}

/// An exclusion of goods "of heading 7326" names goods of another heading, and the merchant's
/// code has placed the product here: GB 8482.91.90 (balls … for bearings, excl. tapered
/// rollers and steel balls of heading 7326) is steel bearing balls' line.
#[test]
fn an_exclusion_of_another_headings_goods_does_not_rule_out_this_ones() {
    let tables = Tables::load().unwrap();
    let balls = text(
        "Chrome steel bearing balls 1/4 inch, pack of 100",
        "Bearings",
    );
    let balls = pick(&tables, "GB", "848291", balls);
    assert_eq!(balls.line.code, "84829190", "{balls:?}");
}

/// Sisal and jute are textiles: a sisal carpet with a latex backing is not ruled out of AU
/// 5702.50.10 ("of sisal or jute; of 100% cotton", Free) by its rubber, and a jute rug is
/// still not under US 5702.99 "Of cotton" lines for being a textile.
#[test]
fn a_vegetable_fibre_is_a_textile_not_cotton() {
    let tables = Tables::load().unwrap();
    let carpet = ProductText::new(
        "Natural sisal boucle carpet, per linear metre",
        "Flooring",
        "Woven 100% sisal fibre with a latex backing",
    );
    let carpet = pick(&tables, "AU", "570250", carpet);
    assert_eq!(carpet.line.code, "57025010", "{carpet:?}");
    let rug = pick(
        &tables,
        "US",
        "570299",
        text("Natural jute flatweave rug", "Flooring"),
    );
    assert_eq!(rug.line.code, "57029920", "{rug:?}");
}
