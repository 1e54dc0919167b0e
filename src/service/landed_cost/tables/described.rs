//! A national line's description as the words line choice compares with a product's. Worked
//! out once per line, on first use: a request reads a handful of subheadings, and preparing all
//! 50 000 lines at load would slow the service's start for lines most quotes never ask about.

use crate::service::landed_cost::phrase::words;

/// A line's description as words it asks for and words it rules out ("excl.", "other than",
/// "not"), stemmed.
#[derive(Debug, Clone)]
pub struct Described {
    pub wanted: Vec<String>,
    pub excluded: Vec<String>,
    /// The tariff's catch-all ("other", "n.e.s.", その他).
    pub other: bool,
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
        for segment in description.split(" > ") {
            let lower = segment.to_lowercase();
            // Words after a marker of exclusion count against the line.
            let cut = ["excl.", "excluding", "other than", "not "]
                .iter()
                .filter_map(|m| lower.find(m))
                .min()
                .unwrap_or(lower.len());
            let (asked, ruled_out) = lower.split_at(cut);
            for word in words(asked) {
                stems(&word, &mut wanted);
            }
            for word in words(ruled_out) {
                stems(&word, &mut excluded);
            }
        }
        let own = own.trim_start().to_lowercase();
        Described {
            wanted,
            excluded,
            other: own.starts_with("other")
                || own.contains(" other ")
                || own.contains("n.e.s")
                || own.contains("nesoi")
                || own.starts_with("その他"),
        }
    }
}

/// A word as compared: without a plural or participle ending, plus the family it belongs to
/// (`polyester` is synthetic, `knit` is knitted), added to `out`; nothing for a stop word.
pub fn stems(word: &str, out: &mut Vec<String>) {
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
    let family = match stem.as_str() {
        "polyester" | "nylon" | "acrylic" | "polyamide" | "elastane" | "spandex" => "synthetic",
        "viscose" | "rayon" | "modal" | "lyocell" => "artificial",
        "knit" | "knitwear" | "crocheted" => "knitted",
        "woman" | "ladie" | "lady" | "girl" => "women",
        "man" | "boy" | "gent" => "men",
        "porcelain" => "china",
        "earbud" | "earphone" | "headset" => "headphone",
        _ => "",
    };
    out.push(stem);
    if !family.is_empty() {
        out.push(family.to_string());
    }
}
