//! The one use a national line is for, read from its description: a line "of a kind used for
//! telecommunications" is a phone cord's when the product names telephones; a line for making
//! other goods or for a hospital is no shop's parcel; a machine's line "for the manufacture of"
//! pasta is a pasta extruder's.

use super::stems::stem_all;
use crate::service::landed_cost::phrase::words;

/// What a line for one use asks of a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecialUse {
    /// A use no shop's parcel has: making other goods, a hospital's, on a doctor's order.
    NotRetail,
    /// A use the product must name: one of these words (stemmed), "telecommunication", "sport".
    Named(Vec<String>),
}

/// The word of a line for making goods: an input's (no shop's parcel, as [`NOT_RETAIL`]) or,
/// in the machinery chapters, a machine's.
const MAKING: &str = "manufactur";

/// A segment's items, each naming its own goods: split at semicolons, but "cameras (a) used
/// for preparing printing plates; and (b) used … in the graphic arts" is one thing with two
/// uses, an item opening with "and" or "or" going on with the one before.
fn goods_items(segment: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut start = 0;
    for (at, _) in segment.match_indices(';') {
        let next = segment[at..].trim_start_matches(';').trim_start();
        if next.starts_with("and ") || next.starts_with("or ") {
            continue;
        }
        items.push(&segment[start..at]);
        start = at + 1;
    }
    items.push(&segment[start..]);
    items.retain(|item| !item.trim().is_empty());
    items
}

/// Where the goods a machine makes end: "felt or nonwovens in the piece", "particle board …
/// of wood and other machinery for treating wood".
const GOODS_END: &[&str] = &[
    ";",
    "(",
    ")",
    " of ",
    " in ",
    " with ",
    " including ",
    " and other",
];

/// Phrases that mark a line's goods as going into others: "for use in the assembly or
/// manufacture of passenger motor vehicles", "for the repair or remanufacture of".
const INPUT: &[&str] = &["for use in the", "remanufactur"];

/// Phrases that mark a line for making other goods or for an institution, besides [`MAKING`]:
/// an online shop's customer imports for their own use, never under these.
const NOT_RETAIL: &[&str] = &[
    "for the production of",
    "for industrial",
    "for the industrial",
    "industrial assembly",
    "civil aircraft",
    "public hospital",
    "written order of",
    "for sacramental",
    "for technical use",
    "for the assembly of",
    "for processing",
];

/// Phrases that open a line's one use; the words after the last preposition of the use are
/// what the product must name ("of a kind used for telecommunications": telecommunications).
const USE_MARKERS: &[&str] = &[
    "for use in",
    "for use as",
    "for use with",
    "for use on",
    "for use by",
    "for use of",
    "of a kind used in",
    "of a kind used for",
    "of a kind used with",
    "of a kind used on",
    "of a kind used by",
    "of a kind used as",
    "specially designed for",
    "designed for use",
    "solely or principally for",
    "solely or principally with",
    "for sports",
];

/// Words a use names that say nothing of which use: "for goods of chapter 90".
const NOT_A_USE: &[&str] = &[
    "good",
    "heading",
    "subheading",
    "chapter",
    "use",
    "kind",
    "similar",
    "article",
    "primary",
    "source",
    "principally",
    "solely",
    "machine",
    "apparatus",
    "product",
    "purpose",
    "specially",
    "designed",
];

/// The use a product's word (stemmed) names besides itself: a line "for sports" or "of a kind
/// used for telecommunications" is a golf glove's or an RJ11 cord's. Only uses are read this
/// way: a line naming tennis shoes says nothing of a running shoe.
pub fn use_named(word: &str) -> Option<&'static str> {
    Some(match word {
        "golf" | "tennis" | "running" | "football" | "soccer" | "ski" | "gym" | "fitness"
        | "cycling" | "athletic" | "training" | "basketball" | "badminton" => "sport",
        "telephone" | "rj11" | "rj45" | "ethernet" | "modem" | "landline" => "telecommunication",
        _ => return None,
    })
}

impl SpecialUse {
    /// The use a description segment (lower case) names, if any. Each item of a list is its
    /// own goods ("braided cord … for use in the manufacture of generators; rope, for
    /// climbing"): the line is for one use only when every item is, and for any of theirs.
    pub(super) fn of(segment: &str, machine: bool) -> Option<SpecialUse> {
        let mut named = Vec::new();
        let items = goods_items(segment);
        if items.is_empty() {
            return None;
        }
        for item in items {
            if let SpecialUse::Named(uses) = SpecialUse::of_item(item, machine)? {
                named.extend(uses);
            }
        }
        Some(SpecialUse::naming(named))
    }

    /// The use one item of a description names, if any. A machine's line (`machine`) for
    /// making something is for the use of making it: the machine is the parcel.
    fn of_item(segment: &str, machine: bool) -> Option<SpecialUse> {
        let making = making_at(segment);
        let not_retail = NOT_RETAIL.iter().any(|m| segment.contains(m));
        if making.is_some() || not_retail {
            // A machine's line for making goods, with nothing else no shop's parcel has.
            let made = making.filter(|_| machine && !not_retail);
            let use_ = made.and_then(|at| SpecialUse::making(segment, at));
            return Some(use_.unwrap_or(SpecialUse::NotRetail));
        }
        let at = USE_MARKERS
            .iter()
            .filter_map(|m| segment.find(m).map(|at| at + m.len()))
            .min()?;
        let clause = segment[at..]
            .split([';', '(', ','])
            .next()
            .unwrap_or_default();
        // "for use as the primary source of electrical power for … vehicles": the object is
        // after the last preposition.
        let object = [" for ", " of ", " in ", " with ", " on ", " by "]
            .iter()
            .filter_map(|p| clause.rfind(p).map(|at| at + p.len()))
            .max()
            .map_or(clause, |at| &clause[at..]);
        let object = if object.trim().is_empty() {
            clause
        } else {
            object
        };
        let mut named = Vec::new();
        stem_all(words(object).iter().map(String::as_str), &mut named);
        named.retain(|w| {
            !NOT_A_USE.contains(&w.as_str()) && !w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        });
        Some(SpecialUse::naming(named))
    }

    /// The use `words` (stemmed) name, each once. A use they do not name ("for goods of chapter
    /// 90 or 92") cannot be told from the cart: it is not a retail parcel's.
    fn naming(mut words: Vec<String>) -> SpecialUse {
        words.sort_unstable();
        words.dedup();
        if words.is_empty() {
            SpecialUse::NotRetail
        } else {
            SpecialUse::Named(words)
        }
    }
}

impl SpecialUse {
    /// The goods a machine's line is for making, as a use the product must name: "for the
    /// manufacture of macaroni, spaghetti or similar products" is a pasta extruder's line,
    /// "machinery for sugar manufacture" a sugar mill's. A part "for use in the manufacture of"
    /// other goods is an input, no shop's parcel: `None`. `at`: where [`making_at`] found it.
    fn making(segment: &str, at: usize) -> Option<SpecialUse> {
        if INPUT.iter().any(|m| segment.contains(m)) {
            return None;
        }
        let rest = segment[at + MAKING.len()..].trim_start_matches(char::is_alphabetic);
        // "manufacture or finishing of felt", "manufacturing of optical media", "manufacturing
        // shoes": the goods follow the first "of" of the clause, else the word itself.
        let clause = rest.split([';', ',', '(', ')']).next().unwrap_or_default();
        let goods = match clause.find(" of ") {
            Some(of) => &rest[of + " of ".len()..],
            None => rest,
        };
        let goods = GOODS_END
            .iter()
            .filter_map(|end| goods.find(end))
            .min()
            .map_or(goods, |end| &goods[..end]);
        let mut named = Vec::new();
        stem_all(words(goods).iter().map(String::as_str), &mut named);
        if named.is_empty() {
            // "Machinery for sugar manufacture": the goods come before the word.
            let before = segment[..at].split_whitespace().last().unwrap_or_default();
            stem_all(words(before).iter().map(String::as_str), &mut named);
        }
        named.retain(|w| !NOT_A_USE.contains(&w.as_str()));
        (!named.is_empty()).then(|| SpecialUse::naming(named))
    }
}

/// Where `segment` names making goods as a purpose ([`MAKING`]): "manufactured to the
/// standards of the UIAA" or "manufactured from foil" says how the goods were made, not what
/// they are for.
fn making_at(segment: &str) -> Option<usize> {
    segment
        .match_indices(MAKING)
        .map(|(at, _)| at)
        .find(|&at| !segment[at..].starts_with("manufactured"))
}
