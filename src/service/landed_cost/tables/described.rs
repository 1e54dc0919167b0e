//! A national line's description as the words line choice compares with a product's. Worked
//! out once per line, on first use: a request reads a handful of subheadings, and preparing all
//! 50 000 lines at load would slow the service's start for lines most quotes never ask about.

use rust_decimal::Decimal;

use crate::service::landed_cost::phrase::words;

/// A line's description as words it asks for and words it rules out ("excl.", "other than",
/// "not"), stemmed.
#[derive(Debug, Clone)]
pub struct Described {
    pub wanted: Vec<String>,
    pub excluded: Vec<String>,
    /// The tariff's catch-all ("other", "n.e.s.", その他).
    pub other: bool,
    /// "Valued over $3 but not over $6.50/pair", "valued not over $5 each": the unit values the
    /// line is for, in the tariff's currency.
    pub valued: Option<Bracket>,
}

/// A range of unit values, per pair or per item: above `over`, up to and including `not_over`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bracket {
    pub over: Option<Decimal>,
    pub not_over: Option<Decimal>,
}

impl Bracket {
    pub fn contains(&self, value: Decimal) -> bool {
        self.over.is_none_or(|over| value > over)
            && self.not_over.is_none_or(|not_over| value <= not_over)
    }

    /// The bracket a description segment states, if any: "valued over $A", "valued not over
    /// $B", "valued over $A but not over $B", each followed by "/pair" or " each".
    pub fn parse(segment: &str) -> Option<Bracket> {
        let at = segment.find("valued ")?;
        let rest = &segment[at + "valued ".len()..];
        let (over, rest) = match rest.strip_prefix("over $") {
            Some(after) => {
                let (amount, rest) = amount(after)?;
                (Some(amount), rest.strip_prefix(" but not over $"))
            }
            None => (None, rest.strip_prefix("not over $")),
        };
        let (not_over, rest) = match rest {
            Some(after) => {
                let (amount, rest) = amount(after)?;
                (Some(amount), rest)
            }
            None => (None, &segment[segment.len()..]),
        };
        // The unit follows the last amount; a bracket of another unit (per litre, per kg, per
        // gross) is not a unit value of the cart's items.
        let tail = if not_over.is_some() {
            rest
        } else {
            segment
                .get(segment.find('$')?..)?
                .trim_start_matches(|c: char| {
                    c == '$' || c.is_ascii_digit() || c == '.' || c == ','
                })
        };
        (tail.starts_with("/pair") || tail.starts_with(" each"))
            .then_some(Bracket { over, not_over })
    }
}

/// A dollar amount at the start of `text` ("6.50/pair" -> 6.50) and what follows it.
fn amount(text: &str) -> Option<(Decimal, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(text.len());
    let digits = text[..end].trim_end_matches('.').replace(',', "");
    Some((digits.parse().ok()?, &text[end..]))
}

const STOP: &[&str] = &[
    "a",
    "an",
    "and",
    "or",
    "of",
    "the",
    "for",
    "with",
    "in",
    "to",
    "by",
    "on",
    "its",
    "their",
    "whether",
    "other",
    "than",
    "not",
    "excl",
    "excluding",
    "kind",
    "used",
    "type",
    "nesoi",
    "etc",
    "parts",
    "thereof",
    "such",
    "as",
    "be",
    "is",
    "are",
    "each",
    "more",
    "less",
    "but",
];

impl Described {
    /// From a line's description (parents' first, ` > ` between) and its own part.
    pub(super) fn new(description: &str, own: &str) -> Described {
        let mut wanted = Vec::new();
        let mut excluded = Vec::new();
        let mut valued = None;
        for segment in description.split(" > ") {
            let lower = segment.to_lowercase();
            valued = Bracket::parse(&lower).or(valued);
            // Words after a marker of exclusion count against the line.
            let cut = ["excl.", "excluding", "other than", "not "]
                .iter()
                .filter_map(|m| lower.find(m))
                .min()
                .unwrap_or(lower.len());
            let (asked, ruled_out) = lower.split_at(cut);
            stem_all(words(asked).iter().map(String::as_str), &mut wanted);
            stem_all(words(ruled_out).iter().map(String::as_str), &mut excluded);
        }
        // A word counts once, however many of the line's words belong to its family.
        for list in [&mut wanted, &mut excluded] {
            list.sort_unstable();
            list.dedup();
        }
        let own = own.trim_start().to_lowercase();
        let is_other = |text: &str| {
            text.starts_with("other")
                || text.contains(" other ")
                || text.contains("n.e.s")
                || text.contains("nesoi")
                || text.starts_with("その他")
        };
        // "Other > Valued over $12/pair": the catch-all, split by value.
        let parent = description
            .rsplit(" > ")
            .nth(1)
            .map(|p| p.trim().to_lowercase());
        let other = is_other(&own) || (valued.is_some() && parent.is_some_and(|p| is_other(&p)));
        Described {
            wanted,
            excluded,
            valued,
            other,
        }
    }
}

/// [`stems`] of each of `words` in turn, "man-made" (split at its hyphen) as one word: so
/// "man-made fibres" is not read as "man", a men's line. Line descriptions and products' words
/// alike go through here.
pub fn stem_all<'w>(words: impl IntoIterator<Item = &'w str>, out: &mut Vec<String>) {
    let mut words = words.into_iter().peekable();
    while let Some(word) = words.next() {
        if word == "man" && words.peek() == Some(&"made") {
            words.next();
            stems("manmade", out);
        } else {
            stems(word, out);
        }
    }
}

/// A word as compared: without a plural or participle ending, plus the families it belongs
/// to (`polyester` is synthetic, man-made and textile; `knit` is knitted), added to `out`;
/// nothing for a stop word.
fn stems(word: &str, out: &mut Vec<String>) {
    if STOP.contains(&word) || word.len() < 2 || word.bytes().all(|b| b.is_ascii_digit()) {
        return;
    }
    let stem = if let Some(s) = word.strip_suffix("ies") {
        format!("{s}y")
    } else if word.len() > 3 && word.ends_with('s') && !word.ends_with("ss") {
        word[..word.len() - 1].to_string()
    } else {
        word.to_string()
    };
    let families: &[&str] = match stem.as_str() {
        "polyester" | "nylon" | "polyamide" | "elastane" | "spandex" => {
            &["synthetic", "manmade", "textile"]
        }
        "acrylic" => &["synthetic", "manmade"],
        "viscose" | "rayon" | "modal" | "lyocell" => &["artificial", "manmade", "textile"],
        "manmade" => &["synthetic", "artificial"],
        "cotton" | "wool" | "silk" | "linen" | "flax" | "fabric" => &["textile"],
        "knit" | "knitwear" | "crocheted" => &["knitted"],
        "woman" | "ladie" | "lady" | "girl" => &["women"],
        "man" | "boy" | "gent" => &["men"],
        "porcelain" => &["china"],
        "earbud" | "earphone" | "headset" => &["headphone"],
        _ => &[],
    };
    out.push(stem);
    out.extend(families.iter().map(|f| (*f).to_string()));
}
