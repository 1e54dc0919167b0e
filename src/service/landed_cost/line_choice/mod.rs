//! Which national tariff line an item falls under, and why, read as a broker reads the tariff:
//! the line its code names when the merchant gave one of this tariff; else, under its 6-digit
//! subheading, the lines its unit value and its words leave possible (`rule_out`), and among
//! them the one its words describe or the tariff's "other" (`words`). When the lines left carry
//! different rates the cart cannot decide, and the choice says which other lines it may be.
//! The product's words are what it says it has: "no stones or pearls" has neither, and "vegan
//! leather" is plastic.

mod material;
mod measured;
mod rule_out;
mod why;
mod words;

pub use measured::Unit;
pub use why::Why;

use super::classify::ProductText;
use super::phrase::Words;
use super::tables::{NationalLine, Per, Schedule, stem_all};

/// Which rate a quote charges when the product's words leave national lines at different
/// rates possible; either way the duty line says the quote is not guaranteed and names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum UndecidedLine {
    /// The line the product's words describe best, else the tariff's "other".
    #[default]
    MostLikely,
    /// The line of them that costs the item most: never undercharge.
    Highest,
}

/// The line chosen, why, and what else it may be.
#[derive(Debug, Clone)]
pub struct Choice<'t> {
    pub line: &'t NationalLine,
    pub why: Why,
    /// Lines for other unit values were ruled out before the choice.
    pub by_value: bool,
    /// Lines the product's words ruled out: a material, a wearer or a use it contradicts, or
    /// something a line excludes.
    pub ruled_out: usize,
    /// The lines still possible at another rate than `line`'s, in the tariff's order: the
    /// rate is certain only when there are none.
    pub unsure: Vec<&'t NationalLine>,
}

impl<'t> Choice<'t> {
    fn sure(line: &'t NationalLine, why: Why) -> Choice<'t> {
        Choice {
            line,
            why,
            by_value: false,
            ruled_out: 0,
            unsure: Vec::new(),
        }
    }
}

/// The line for an item with HS code `hs` (6 to 14 digits, the first six a subheading), or
/// `None` when the tariff has no line under the subheading. `text` gives the product's words,
/// asked for only when lines at different rates are to be told apart; `unit`, its value and
/// weight, rules out lines for other values or contents.
pub fn choose<'t>(
    schedule: &'t Schedule,
    hs: &str,
    text: impl FnOnce() -> ProductText,
    unit: Unit,
) -> Option<Choice<'t>> {
    if hs.len() > 6
        && let Some(named) = named(schedule, hs)
    {
        let named = outermost(named);
        return Some(if let [line] = named[..] {
            Choice::sure(line, Why::Named)
        } else {
            among(&named, text, &unit)
        });
    }
    let candidates = outermost(schedule.under(hs.get(..6)?));
    match candidates[..] {
        [] => None,
        [line] => Some(Choice::sure(line, Why::Only)),
        _ => Some(among(&candidates, text, &unit)),
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
    unit: &Unit,
) -> Choice<'t> {
    let lines = candidates.len();
    if one_rate(candidates) {
        return Choice::sure(candidates[0], Why::OneRate { lines });
    }
    let text = text();
    let product = product_words(&text);
    let has = |w: &String| product.binary_search(w).is_ok();
    // A line for another range of unit values or contents is not this item's; one the cart
    // cannot measure against stays possible.
    // Reading a size from the words costs a scan of them: only for lines that state one.
    let sized = candidates.iter().any(|l| {
        let brackets = &l.described().brackets;
        brackets.iter().flatten().any(|b| b.per == Per::Side)
    });
    let item = measured::measures(unit, &text, &product, sized);
    let in_range: Vec<&'t NationalLine> = candidates
        .iter()
        .copied()
        .filter(|l| l.described().admits(&item, &has) != Some(false))
        .collect();
    let candidates = match in_range[..] {
        [line] => return Choice::sure(line, Why::Valued { lines }),
        [] => candidates,
        _ => &in_range[..],
    };
    let by_value = candidates.len() < lines;
    // The lines left in the item's value range may share one rate.
    if one_rate(candidates) {
        return Choice {
            by_value,
            ..Choice::sure(candidates[0], Why::OneRate { lines })
        };
    }
    let rule_out::Possible { left, unsaid } = rule_out::possible(candidates, &product);
    let (line, why) = match left[..] {
        [line] => (line, Why::Left { lines }),
        _ => words::best(&left, lines, &product),
    };
    let possible = |l: &&NationalLine| {
        left.iter().chain(&unsaid).any(|k| k.code == l.code) && !same_rate(l, line)
    };
    Choice {
        line,
        why,
        by_value,
        ruled_out: candidates.len() - left.len() - unsaid.len(),
        unsure: candidates.iter().copied().filter(possible).collect(),
    }
}

/// Words every product of an online shop has, as line descriptions' words are stemmed.
const CONSUMER: [&str; 3] = ["domestic", "household", "retail"];

/// The product's name, category and description as line descriptions' words are compared:
/// stemmed, sorted, each once.
fn product_words(text: &ProductText) -> Vec<String> {
    // What every shop's parcel is, said or not: bought by a household, for its own use, put
    // up for retail sale ("For domestic purposes", "put up for retail sale").
    let mut product: Vec<String> = CONSUMER.iter().map(|w| (*w).to_string()).collect();
    for part in [&text.name, &text.category, &text.description] {
        stem_all(made_of(said(part)), &mut product);
    }
    product.sort_unstable();
    product.dedup();
    product
}

/// Words that say the product has not what follows: "no added sugar", "not chocolate-coated",
/// "no stones or pearls".
const NEGATING: [&str; 4] = ["no", "not", "without", "non"];

/// The words of `part` the product says it has: a word a negation names is left out, with one
/// joined to it by "or" or "and" ("no stones or pearls") and a participle after it ("not
/// chocolate-coated"). A negation names one word, past "added" or "any": "non-slip rubber" is
/// rubber, "no-show socks" are socks.
fn said(part: &Words) -> impl Iterator<Item = &str> {
    let mut negated = false;
    let mut joined = false;
    part.iter().filter(move |w| {
        if NEGATING.contains(w) {
            negated = true;
            return false;
        }
        if negated {
            negated = matches!(*w, "added" | "any");
            joined = !negated;
            return false;
        }
        let follows = joined;
        joined = false;
        if follows && matches!(*w, "or" | "and" | "nor") {
            negated = true;
            return false;
        }
        !(follows && w.ends_with("ed"))
    })
}

/// Words that make the leather after them plastic: "vegan leather", "PU leather".
const NOT_LEATHER: [&str; 7] = [
    "faux",
    "vegan",
    "pu",
    "synthetic",
    "artificial",
    "imitation",
    "bonded",
];

/// `words` with imitation leather read as what it is, plastic sheeting: a "vegan leather
/// tote" is under "outer surface of plastic sheeting", not "of leather".
fn made_of<'w>(words: impl Iterator<Item = &'w str>) -> impl Iterator<Item = &'w str> {
    let mut before = "";
    words.map(move |w| {
        let fake = matches!(w, "leatherette" | "pleather")
            || (w == "leather" && NOT_LEATHER.contains(&before));
        before = w;
        if fake { "plastic" } else { w }
    })
}

fn same_rate(a: &NationalLine, b: &NationalLine) -> bool {
    a.mfn == b.mfn && a.prefs == b.prefs
}

/// Whether the lines share one rate, MFN and preferential.
fn one_rate(lines: &[&NationalLine]) -> bool {
    lines.iter().all(|l| same_rate(l, lines[0]))
}

#[cfg(test)]
mod tests;
