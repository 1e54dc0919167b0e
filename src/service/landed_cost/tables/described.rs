//! A national line's description as the words line choice compares with a product's. Worked
//! out once per line, on first use: a request reads a handful of subheadings, and preparing all
//! 50 000 lines at load would slow the service's start for lines most quotes never ask about.

use super::bracket::{Bracket, EXCLUDING, Measures};
use super::glossary;
use super::special_use::SpecialUse;
use super::stems::{each_word, stem, stem_all};
use crate::service::landed_cost::phrase::words;

/// A line's description as words it asks for and words it rules out ("excl.", "other than",
/// "not"), stemmed.
#[derive(Debug, Clone)]
pub struct Described {
    pub wanted: Vec<String>,
    /// The words of the levels above the line's own (sorted): "jams" for "Jams > Apricot".
    pub parents: Vec<String>,
    /// What the line's own words name, each a set of words that must all be the product's:
    /// "Liquorice candy; Toffee" names liquorice candy or toffee, "Church bells" church bells
    /// (a bicycle bell is not one).
    pub units: Vec<Vec<String>>,
    /// Every word the line's exclusions name: a product's word among them counts against the
    /// line when lines are scored.
    pub excluded: Vec<String>,
    /// The things the line excludes, each a set of words that must all be the product's for
    /// it to be ruled out: "(excl. spice and coffee mills)" excludes a coffee mill, not a
    /// coffee mug; "(not of tropical wood)" excludes teak, not oak.
    pub exclusions: Vec<Vec<String>>,
    /// The tariff's catch-all ("other", "n.e.s.", その他).
    pub other: bool,
    /// The value and content brackets of each level of the line's description that states
    /// any ("Valued over $3 but not over $6.50/pair", "in immediate packings of <= 1 kg"): the
    /// item must be in one bracket of every level, the one for the thing it is where a level
    /// states several ("cups valued …; saucers valued …").
    pub brackets: Vec<Vec<Bracket>>,
    /// The line is for one use only ("of a kind used for telecommunications", "for use in the
    /// manufacture of hats").
    pub special_use: Option<SpecialUse>,
}

/// A segment's text (lower case) as what the line asks for and the spans it excludes. An
/// exclusion runs from its marker ("excl.", "other than", "not ") to the bracket that closes
/// it, else to the semicolon that ends its item of a list, else to the segment's end: "mead
/// (not containing spirits) or sake" asks for sake, and so does "wine, but not containing
/// goods of 2208; sake".
fn split_exclusions(segment: &str) -> (String, Vec<&str>) {
    let mut asked = String::with_capacity(segment.len());
    let mut ruled_out = Vec::new();
    let mut rest = segment;
    while let Some(cut) = EXCLUDING
        .iter()
        .chain(&["not "])
        .filter_map(|m| rest.find(m))
        .min()
    {
        let (before, after) = rest.split_at(cut);
        asked.push_str(before);
        let in_bracket = before.matches('(').count() > before.matches(')').count();
        let end = if in_bracket { ')' } else { ';' };
        match after.find(end) {
            Some(end) => {
                ruled_out.push(&after[..end]);
                rest = &after[end..];
            }
            None => {
                ruled_out.push(after);
                rest = "";
            }
        }
    }
    asked.push_str(rest);
    (asked, ruled_out)
}

/// Words an exclusion names that say nothing of which thing it excludes ("of textile
/// materials" excludes textiles).
const NOT_A_THING: &[&str] = &[
    "material",
    "heading",
    "subheading",
    "chapter",
    "those",
    "which",
];

/// The things an exclusion span names, as [`named_units`] reads a line's own words.
fn excluded_things(span: &str) -> Vec<Vec<String>> {
    let mut things = named_units(&of_this_heading(span));
    for thing in &mut things {
        thing.retain(|w| !NOT_A_THING.contains(&w.as_str()));
    }
    things.retain(|t| !t.is_empty());
    things
}

/// An exclusion span without the things it names as goods of another heading: "(excl.
/// tapered rollers and steel balls of heading 7326)" excludes tapered rollers, but steel balls
/// of 7326 are grinding balls, and bearing balls the merchant codes 8482.91 are not them. The
/// merchant's code places the product; a line does not take it back by its words.
fn of_this_heading(span: &str) -> String {
    const REFERENCES: [&str; 4] = ["of heading", "of subheading", "of chapter", "of headings"];
    span.split(" and ")
        .flat_map(|part| part.split(", "))
        .filter(|part| {
            !REFERENCES.iter().any(|r| {
                part.find(r).is_some_and(|at| {
                    part[at + r.len()..]
                        .trim_start()
                        .starts_with(|c: char| c.is_ascii_digit())
                })
            })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Words that name nothing a product has: "goods, NSA, as follows", "and the like".
const FILLER: &[&str] = &[
    "good", "nsa", "follow", "similar", "article", "like", "thereof", "purpose", "use", "kind",
    "type", "whether",
];

/// The things a line's own words name ("Tricycles, scooters, pedal cars and similar wheeled
/// toys"): its text split at commas, semicolons, brackets, "and" and "or", each part's words
/// stemmed, without filler; sorted.
fn named_units(own: &str) -> Vec<Vec<String>> {
    own.split([',', ';', '(', ')', ':'])
        // "Sake as defined in Additional Note 8 to this Chapter" names sake.
        .filter_map(|part| part.split(" as defined").next())
        .flat_map(|part| part.split(" or "))
        .flat_map(|part| part.split(" and "))
        .flat_map(alternatives)
        .filter_map(|part| {
            let mut unit = thing_words(&part);
            unit.sort_unstable();
            unit.dedup();
            (!unit.is_empty()).then_some(unit)
        })
        .collect()
}

/// A part read once for each of its slash alternatives: "ink cartridges for printers/copiers"
/// names cartridges for printers and cartridges for copiers, not cartridges for both. Only
/// words are alternatives ("g/m²" is a unit).
fn alternatives(part: &str) -> Vec<String> {
    let is_word = |w: &str| w.len() >= 3 && w.chars().all(|c| c.is_alphabetic() || c == '-');
    let slashed = part.split_whitespace().find_map(|token| {
        let options: Vec<&str> = token.split('/').collect();
        (options.len() > 1 && options.iter().all(|o| is_word(o))).then_some((token, options))
    });
    match slashed {
        Some((token, options)) => options
            .iter()
            .flat_map(|option| alternatives(&part.replacen(token, option, 1)))
            .collect(),
        None => vec![part.to_string()],
    }
}

/// The words that name a thing ("wheeled toys"): stemmed as [`base_stems`], without filler.
fn thing_words(text: &str) -> Vec<String> {
    let mut words = base_stems(text);
    words.retain(|w| !FILLER.contains(&w.as_str()));
    words
}

/// Each word of `text` stemmed, without the families [`stem_all`] adds: a thing a line names
/// ("man-made fibres") asks for its own words, not for every family they belong to.
fn base_stems(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    each_word(words(text).iter().map(String::as_str), |word| {
        out.extend(stem(word));
    });
    out
}

/// "Not" that does not exclude, and what it is read as.
const NOT_EXCLUDING: &[(&str, &str)] = &[
    ("whether or not", "whether"),
    ("not exceeding", "up to"),
    ("not over", "up to"),
    ("not more than", "up to"),
    ("not less than", "at least"),
];

impl Described {
    /// From a line's description (parents' first, ` > ` between) and its own part.
    /// `machine`: the line is in the machinery chapters (84, 85), where a line for making
    /// goods is a machine's, not an input's.
    pub(super) fn new(description: &str, own: &str, machine: bool) -> Described {
        let mut wanted = Vec::new();
        let mut excluded = Vec::new();
        let mut exclusions = Vec::new();
        let mut brackets = Vec::new();
        let mut special_use = None;
        let mut parents = Vec::new();
        let mut units = Vec::new();
        let mut segments = description.split(" > ").peekable();
        while let Some(segment) = segments.next() {
            // Japan's lines are read through the glossary, so one set of rules reads all.
            let lower = if glossary::is_japanese(segment) {
                glossary::english(segment)
            } else {
                segment.to_lowercase()
            };
            let stated = Bracket::all_in(&lower, thing_words);
            if !stated.is_empty() {
                brackets.push(stated);
            }
            // "Whether or not lined" allows both, and "not exceeding 1 litre" is a bound: neither
            // rules anything out.
            let lower = NOT_EXCLUDING
                .iter()
                .fold(lower, |text, (phrase, plain)| text.replace(phrase, plain));
            let (asked, ruled_out) = split_exclusions(&lower);
            // "Other (not of a kind used for telecommunications)" is for any use but that one.
            special_use = SpecialUse::of(&asked, machine).or(special_use);
            let from = wanted.len();
            stem_all(words(&asked).iter().map(String::as_str), &mut wanted);
            for span in ruled_out {
                stem_all(words(span).iter().map(String::as_str), &mut excluded);
                exclusions.extend(excluded_things(span));
            }
            if segments.peek().is_some() {
                parents.extend_from_slice(&wanted[from..]);
            } else {
                units = named_units(&asked);
            }
        }
        // A word counts once, however many of the line's words belong to its family.
        for list in [&mut wanted, &mut excluded, &mut parents] {
            list.sort_unstable();
            list.dedup();
        }
        let own = own.trim_start().to_lowercase();
        let is_other = |text: &str| {
            text.starts_with("other")
                // "(excl. statuettes and other ornaments)" does not make a line the catch-all;
                // "Other than in powder form" still is one.
                || split_exclusions(text).0.contains(" other ")
                || text.contains("n.e.s")
                || text.contains("nesoi")
                || text.starts_with("その他")
        };
        // "Other > Valued over $12/pair": the catch-all, split by value.
        let parent = description
            .rsplit(" > ")
            .nth(1)
            .map(|p| p.trim().to_lowercase());
        let other =
            is_other(&own) || (!brackets.is_empty() && parent.is_some_and(|p| is_other(&p)));
        Described {
            wanted,
            parents,
            units,
            excluded,
            exclusions,
            brackets,
            other,
            special_use,
        }
    }
}

impl Described {
    /// Whether an item (`has` its stemmed words) is in the line's brackets: `Some(false)` when
    /// a level's brackets rule it out, `None` when the cart cannot tell.
    pub fn admits(&self, item: &Measures, has: &dyn Fn(&String) -> bool) -> Option<bool> {
        all(self.brackets.iter().map(|level| {
            if level.iter().all(|b| b.thing.is_empty()) {
                return all(level.iter().map(|b| b.admits(item)));
            }
            // The bracket of the thing the item is; naming none of them, it cannot be told.
            let mut named = level
                .iter()
                .filter(|b| b.thing.iter().any(has))
                .map(|b| b.admits(item))
                .peekable();
            named.peek()?;
            any(named)
        }))
    }
}

/// Every verdict true (`Some(true)`), one false (`Some(false)`), else unknown.
fn all(verdicts: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut out = Some(true);
    for v in verdicts {
        match v {
            Some(false) => return Some(false),
            None => out = None,
            Some(true) => {}
        }
    }
    out
}

/// One verdict true (`Some(true)`), every one false (`Some(false)`), else unknown.
fn any(verdicts: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    all(verdicts.map(|v| v.map(|b| !b))).map(|b| !b)
}
