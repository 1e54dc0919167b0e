//! Which national tariff line an item falls under, and why: the line its code names when the
//! merchant gave one of this tariff; else, under its 6-digit subheading, the one rate all
//! lines share, the line the product's words describe, or the line the tariff calls "other".

use rust_decimal::Decimal;

use super::classify::ProductText;
use super::tables::{Described, NationalLine, Schedule, stem_all};

/// The line chosen and why.
#[derive(Debug, Clone)]
pub struct Choice<'t> {
    pub line: &'t NationalLine,
    pub why: Why,
    /// Lines for other unit values were ruled out before the choice.
    pub by_value: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The merchant's code names this line.
    Named,
    /// The subheading has this one line.
    Only,
    /// The subheading's lines share one rate.
    OneRate { lines: usize },
    /// The item's unit value is in this line's range ("valued over $12/pair").
    Valued { lines: usize },
    /// The product's name, category or description fit this line best.
    Described { lines: usize },
    /// Nothing fits better: the tariff's "other" line of the subheading.
    Other { lines: usize },
    /// Nothing fits better and no line is "other": the rate most of the lines have.
    MostLines { lines: usize },
}

/// The line for an item with HS code `hs` (6 to 14 digits, the first six a subheading), or
/// `None` when the tariff has no line under the subheading. `text` gives the product's words,
/// asked for only when lines at different rates are to be told apart; `unit_value`, the value
/// of one item (one pair of shoes) in the tariff's currency, rules out lines for other values.
pub fn choose<'t>(
    schedule: &'t Schedule,
    hs: &str,
    text: impl FnOnce() -> ProductText,
    unit_value: Option<Decimal>,
) -> Option<Choice<'t>> {
    if hs.len() > 6
        && let Some(named) = named(schedule, hs)
    {
        let named = outermost(named);
        return Some(if let [line] = named[..] {
            Choice {
                line,
                why: Why::Named,
                by_value: false,
            }
        } else {
            among(&named, text, unit_value)
        });
    }
    let candidates = outermost(schedule.under(hs.get(..6)?));
    match candidates[..] {
        [] => None,
        [line] => Some(Choice {
            line,
            why: Why::Only,
            by_value: false,
        }),
        _ => Some(among(&candidates, text, unit_value)),
    }
}

/// The lines that are not subdivisions of another line in `lines` (a 10-digit CN code
/// under a CN8 line is for an end use or a listed substance; the CN8 line covers the rest).
fn outermost(lines: &[NationalLine]) -> Vec<&NationalLine> {
    let mut out: Vec<&NationalLine> = Vec::with_capacity(lines.len());
    for line in lines {
        if !out.last().is_some_and(|l| line.code.starts_with(l.code)) {
            out.push(line);
        }
    }
    out
}

/// The lines a code longer than a subheading names: the line it extends (a statistical
/// suffix), or the lines it is the start of (8 digits given, 9 in the tariff). A code that is
/// neither (another country's line) names nothing here.
fn named<'t>(schedule: &'t Schedule, hs: &str) -> Option<&'t [NationalLine]> {
    let starting = schedule.under(hs);
    if !starting.is_empty() {
        return Some(starting);
    }
    (8..hs.len())
        .rev()
        .find_map(|len| schedule.line(hs.get(..len)?).map(std::slice::from_ref))
}

fn among<'t>(
    candidates: &[&'t NationalLine],
    text: impl FnOnce() -> ProductText,
    unit_value: Option<Decimal>,
) -> Choice<'t> {
    let lines = candidates.len();
    if one_rate(candidates) {
        return Choice {
            line: candidates[0],
            why: Why::OneRate { lines },
            by_value: false,
        };
    }
    // A line for another range of unit values is not this item's.
    let in_range: Vec<&'t NationalLine> = match unit_value {
        Some(value) => candidates
            .iter()
            .copied()
            .filter(|l| l.described().valued.is_none_or(|b| b.contains(value)))
            .collect(),
        None => Vec::new(),
    };
    let candidates = match in_range[..] {
        [line] => {
            return Choice {
                line,
                why: Why::Valued { lines },
                by_value: false,
            };
        }
        [] => candidates,
        _ => &in_range[..],
    };
    let by_value = candidates.len() < lines;
    Choice {
        by_value,
        ..by_words(candidates, lines, text)
    }
}

/// What an item is made of, as far as a line's material decides it ("of plastics", "of wood",
/// "of glass").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Material {
    Plastics,
    Wood,
    Bamboo,
    Glass,
    Ceramic,
    Leather,
    BaseMetal,
    Textile,
    Paper,
    Rubber,
}

fn material(stem: &str) -> Option<Material> {
    use Material::*;
    Some(match stem {
        "plastic" | "pvc" | "vinyl" | "polyethylene" | "polypropylene" | "polycarbonate"
        | "silicone" => Plastics,
        "wood" | "wooden" | "beech" | "oak" | "pine" | "walnut" | "teak" | "birch" | "maple" => {
            Wood
        }
        "bamboo" => Bamboo,
        "glass" | "crystal" => Glass,
        "ceramic" | "stoneware" | "earthenware" | "porcelain" | "china" | "terracotta" => Ceramic,
        "leather" | "lambskin" | "cowhide" | "suede" | "nubuck" => Leather,
        "steel" | "stainless" | "iron" | "aluminium" | "aluminum" | "copper" | "brass"
        | "bronze" | "zinc" | "titanium" => BaseMetal,
        "textile" => Textile,
        "paper" | "paperboard" | "cardboard" => Paper,
        "rubber" | "latex" => Rubber,
        _ => return None,
    })
}

fn materials<'w>(words: impl IntoIterator<Item = &'w String>) -> Vec<Material> {
    let mut found: Vec<Material> = words.into_iter().filter_map(|w| material(w)).collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The candidates whose material does not contradict the product's: a line for wooden toys is
/// not a plastic toy's, nor one "of glass" a ceramic lamp's. Only the materials that tell the
/// lines apart count (one every line names says nothing), and a product that names none, or a
/// contradiction with every line, rules nothing out.
fn agreeing_in_material<'t>(
    candidates: &[&'t NationalLine],
    product: &[String],
) -> (Vec<&'t NationalLine>, Vec<&'t Described>) {
    let described: Vec<&Described> = candidates.iter().map(|l| l.described()).collect();
    let made_of = materials(product);
    let keep_all = || (candidates.to_vec(), described.clone());
    if made_of.is_empty() {
        return keep_all();
    }
    let of_line: Vec<Vec<Material>> = described.iter().map(|d| materials(&d.wanted)).collect();
    let in_every = |m: &Material| of_line.iter().all(|ms| ms.contains(m));
    let agrees = |ms: &Vec<Material>| {
        let telling: Vec<&Material> = ms.iter().filter(|m| !in_every(m)).collect();
        telling.is_empty() || telling.iter().any(|m| made_of.contains(m))
    };
    let kept: Vec<usize> = (0..candidates.len())
        .filter(|&i| agrees(&of_line[i]))
        .collect();
    if kept.is_empty() || kept.len() == candidates.len() {
        return keep_all();
    }
    (
        kept.iter().map(|&i| candidates[i]).collect(),
        kept.iter().map(|&i| described[i]).collect(),
    )
}

/// Whether the lines share one rate, MFN and preferential.
fn one_rate(lines: &[&NationalLine]) -> bool {
    lines
        .iter()
        .all(|l| l.mfn == lines[0].mfn && l.prefs == lines[0].prefs)
}

/// Among `candidates` (of the subheading's `lines`), the line the product's words describe,
/// else the tariff's catch-all.
fn by_words<'t>(
    candidates: &[&'t NationalLine],
    lines: usize,
    text: impl FnOnce() -> ProductText,
) -> Choice<'t> {
    // The lines left in the item's value range may share one rate.
    if one_rate(candidates) {
        return Choice {
            line: candidates[0],
            why: Why::OneRate { lines },
            by_value: false,
        };
    }
    let text = text();
    let mut product: Vec<String> = Vec::new();
    for part in [&text.name, &text.category, &text.description] {
        stem_all(part.iter(), &mut product);
    }
    product.sort_unstable();
    product.dedup();
    let in_product = |w: &String| product.binary_search(w).is_ok();
    let (candidates, described) = agreeing_in_material(candidates, &product);
    let (candidates, n) = (&candidates[..], candidates.len());
    // A word every line has says nothing about which line (asked only of the product's words).
    let in_every_line = |w: &String| described.iter().all(|d| d.wanted.contains(w));
    let scores: Vec<i32> = described
        .iter()
        .map(|d| {
            let hits = d
                .wanted
                .iter()
                .filter(|w| in_product(w) && !in_every_line(w))
                .count();
            let misses = d.excluded.iter().filter(|w| in_product(w)).count();
            hits as i32 - misses as i32
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if best > 0 {
        let tied: Vec<usize> = (0..n).filter(|&i| scores[i] == best).collect();
        let pick = tied
            .iter()
            .copied()
            .find(|&i| !described[i].other)
            .unwrap_or(tied[0]);
        return Choice {
            line: candidates[pick],
            why: Why::Described { lines },
            by_value: false,
        };
    }
    // The last "other" line: the tariff's catch-all, at the deepest level it has one.
    if let Some(other) = (0..n).rev().find(|&i| described[i].other && scores[i] == 0) {
        return Choice {
            line: candidates[other],
            why: Why::Other { lines },
            by_value: false,
        };
    }
    // Flat descriptions (the EU's) name no catch-all: the rate most lines share, else the
    // last line, where tariffs put what is left.
    let shared = |i: usize| {
        candidates
            .iter()
            .filter(|l| l.mfn == candidates[i].mfn)
            .count()
    };
    match (0..n).find(|&i| shared(i) * 2 > n) {
        Some(i) => Choice {
            line: candidates[i],
            why: Why::MostLines { lines },
            by_value: false,
        },
        None => Choice {
            line: candidates[n - 1],
            why: Why::Other { lines },
            by_value: false,
        },
    }
}

#[cfg(test)]
mod tests {
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
        let other = choose(us, "691110", || text("Plate", "Kitchen"), None).unwrap();
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
}
