//! Product text -> HS code and tax categories.
//!
//! Text is lower-cased and split into words: apostrophes are dropped (`children's` ->
//! `childrens`) and every other non-alphanumeric character separates words (`T-shirt` ->
//! `t shirt`). A phrase matches consecutive words; the keyword table's and the tax categories'
//! phrases are each a [`PhraseSet`](super::phrase::PhraseSet), found in one pass over a text.
//! See `assets/hs/keywords.json` for the scoring of the keyword table.

use std::collections::{BTreeMap, BTreeSet};

use super::phrase::{PhraseId, Words};
use super::tables::{Categories, HsTable, Keywords, Tables};

/// An item's text, split once.
#[derive(Debug, Clone)]
pub struct ProductText {
    pub name: Words,
    pub category: Words,
    pub description: Words,
}

impl ProductText {
    pub fn new(name: &str, category: &str, description: &str) -> ProductText {
        ProductText {
            name: Words::new(name),
            category: Words::new(category),
            description: Words::new(description),
        }
    }
}

/// The merchant's code as digits when its first six digits are a known subheading: one of the
/// HS nomenclature, or one a national tariff still lists (an HS 2017 code such as 9405.20,
/// which a tariff's edition may keep). Dots and spaces are ignored (`6109.10.00` ->
/// `61091000`).
pub fn valid_merchant_code(tables: &Tables, code: &str) -> Option<String> {
    let digits: String = code.chars().filter(|c| !matches!(c, '.' | ' ')).collect();
    let known = |hs6: &str| {
        tables.hs.contains(hs6) || tables.schedules.values().any(|s| !s.under(hs6).is_empty())
    };
    let ok = digits.len() >= 6
        && digits.len() <= 14
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits
            .get(..6)
            .is_some_and(|hs6| hs6.len() == 6 && known(hs6));
    ok.then_some(digits)
}

/// Words too common in product names and HS descriptions to classify by.
const STOP_WORDS: &[&str] = &[
    "and",
    "the",
    "for",
    "with",
    "without",
    "other",
    "than",
    "not",
    "new",
    "set",
    "pack",
    "size",
    "colour",
    "color",
    "from",
    "made",
    "this",
    "that",
    "your",
    "our",
    "item",
    "items",
    "premium",
    "n",
    "e",
    "c",
    "nec",
    "heading",
    "whether",
    "excluding",
    "including",
    "of",
    "or",
    "in",
    "a",
    "an",
    "to",
    "by",
    "on",
    "x",
];

/// A six-digit code for the product: the keyword table first, then the HS descriptions,
/// then the table's fallback.
pub fn classify(hs: &HsTable, keywords: &Keywords, text: &ProductText) -> String {
    const FIELD_WEIGHTS: [usize; 3] = [3, 2, 1];
    // Which of the ~1 000 phrases each field has, in one pass over its words each; then only
    // the entries those phrases are keywords of are scored (trying every phrase at every word
    // of every field, or every entry's keywords against what was found, was thousands of
    // comparisons per item).
    let set = &keywords.phrases;
    let found = [&text.name, &text.category, &text.description].map(|f| set.found_in(&[f]));
    let mut scores = vec![0usize; keywords.entries.len()];
    for (field, weight) in found.iter().zip(FIELD_WEIGHTS) {
        for id in field.iter() {
            let words = set.get(id).map_or(0, |p| p.len());
            for &at in keywords.keyword_of.get(id).map_or(&[][..], Vec::as_slice) {
                if let Some(score) = scores.get_mut(at) {
                    *score += weight * words;
                }
            }
        }
    }
    let mut best: Option<(usize, &str)> = None;
    for (entry, &score) in keywords.entries.iter().zip(&scores) {
        if score == 0 {
            continue;
        }
        let score = score
            + entry
                .also
                .iter()
                .filter(|&&also| found.iter().any(|f| f.has(also)))
                .count();
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, &entry.hs6));
        }
    }
    if let Some((_, hs6)) = best {
        return hs6.to_string();
    }
    by_description(hs, &text.name)
        .or_else(|| by_description(hs, &text.category))
        .unwrap_or_else(|| keywords.fallback.clone())
}

/// The subheading whose description shares the most distinct words with `name`, trying each
/// word, its singular and its plural; a description that starts with one of them (its head noun) wins a
/// tie, then the lowest code.
fn by_description(hs: &HsTable, name: &Words) -> Option<String> {
    let mut scores: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seen: Vec<&str> = Vec::new();
    for word in name.iter() {
        if word.len() < 3 || STOP_WORDS.contains(&word) || seen.contains(&word) {
            continue;
        }
        seen.push(word);
        let plural = format!("{word}s");
        let forms: Vec<&str> = [
            Some(word),
            word.strip_suffix('s').filter(|s| s.len() >= 3),
            Some(plural.as_str()),
        ]
        .into_iter()
        .flatten()
        .collect();
        for code in gather(&forms, |f| hs.subheadings_with(f)) {
            *scores.entry(code).or_default() += 2;
        }
        for code in gather(&forms, |f| hs.subheadings_headed_by(f)) {
            *scores.entry(code).or_default() += 1;
        }
    }
    // BTreeMap iterates by code, so the first maximum is the lowest code.
    let mut best: Option<(&str, usize)> = None;
    for (code, score) in scores {
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((code, score));
        }
    }
    best.map(|(code, _)| code.to_string())
}

/// The distinct codes `find` gives for any of `forms`, sorted.
fn gather<'h>(forms: &[&str], find: impl Fn(&str) -> Option<&'h BTreeSet<String>>) -> Vec<&'h str> {
    let mut codes: Vec<&str> = forms
        .iter()
        .filter_map(|f| find(f))
        .flatten()
        .map(String::as_str)
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

/// Ids of the tax categories the item belongs to (see `tax_categories.json`).
pub fn categories<'a>(all: &'a Categories, text: &ProductText, hs_code: &str) -> Vec<&'a str> {
    let found = all.phrases.found_in(&[&text.category, &text.name]);
    let found = |id: &PhraseId| found.has(*id);
    all.list
        .iter()
        .filter(|c| {
            c.hs.iter().any(|prefix| starts_with(hs_code, prefix))
                || ((c.any.iter().any(found)
                    || (!c.all.is_empty() && c.all.iter().all(|group| group.iter().any(found))))
                    && !c.none.iter().any(found))
        })
        .map(|c| c.id.as_str())
        .collect()
}

/// `str::starts_with` for the short codes of the category table, byte by byte: the library's
/// call to `memcmp` for each of ~50 prefixes per item was a twentieth of a quote.
fn starts_with(code: &str, prefix: &str) -> bool {
    code.len() >= prefix.len() && code.bytes().zip(prefix.bytes()).all(|(a, b)| a == b)
}

#[cfg(test)]
mod tests {
    use super::super::phrase::{Phrase, words};
    use super::*;
    use crate::service::landed_cost::Tables;

    #[test]
    fn words_split_hyphens_and_drop_apostrophes() {
        assert_eq!(
            words("Kids' T-Shirt, 100% cotton"),
            ["kids", "t", "shirt", "100", "cotton"]
        );
        assert_eq!(words("children’s"), ["childrens"]);
        assert_eq!(words("ΟΔΟΣ Σ Straße"), ["οδος", "σ", "straße"]);
        assert!(Phrase::new("t shirt").found_in(&Words::new("Organic T-shirt")));
        assert!(!Phrase::new("t shirt").found_in(&Words::new("shirt t")));
    }

    #[test]
    fn classifies_common_products() {
        let tables = Tables::load().unwrap();
        let hs = |name: &str, category: &str, description: &str| {
            classify(
                &tables.hs,
                &tables.keywords,
                &ProductText::new(name, category, description),
            )
        };
        assert_eq!(hs("Organic cotton T-shirt", "Apparel", ""), "610910");
        assert_eq!(hs("Running tee", "Apparel", "100% polyester"), "610990");
        assert_eq!(hs("Merino wool sweater", "Knitwear", ""), "611011");
        assert_eq!(hs("Leather wallet", "Accessories", ""), "420231");
        assert_eq!(
            hs("Laptop bag", "Bags", "fits 15 inch laptops, nylon"),
            "420292"
        );
        assert_eq!(hs("The Hobbit", "Books", "Paperback novel"), "490199");
        assert_eq!(hs("Stoneware mug", "Kitchen", ""), "691200");
        assert_eq!(hs("Wireless earbuds", "Electronics", ""), "851830");
        // No keyword: the HS descriptions decide ("Umbrellas and sun umbrellas; garden ...").
        assert_eq!(hs("Umbrella", "Outdoor", ""), "660110");
        // Nothing at all: the documented fallback.
        assert_eq!(hs("Harmonica", "", ""), "999999");
    }

    /// The keyword table's choice by the phrase index is the one trying each phrase at every
    /// word gives, for texts made of the table's own keywords and `also` phrases.
    #[test]
    fn the_keyword_choice_is_that_of_every_phrase_tried_in_turn() {
        let tables = Tables::load().unwrap();
        let keywords = &tables.keywords;
        let phrase = |id: PhraseId| keywords.phrases.get(id).unwrap();
        let reference = |text: &ProductText| -> Option<String> {
            let fields = [&text.name, &text.category, &text.description];
            let mut best: Option<(usize, &str)> = None;
            for entry in &keywords.entries {
                let mut score = 0;
                for &k in &entry.keywords {
                    for (field, weight) in fields.iter().zip([3, 2, 1]) {
                        if phrase(k).found_in(field) {
                            score += weight * phrase(k).len();
                        }
                    }
                }
                if score == 0 {
                    continue;
                }
                score += entry
                    .also
                    .iter()
                    .filter(|&&a| fields.iter().any(|f| phrase(a).found_in(f)))
                    .count();
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, &entry.hs6));
                }
            }
            best.map(|(_, hs6)| hs6.to_string())
        };
        let n = keywords.entries.len();
        let text_of = |ids: &[PhraseId]| -> String {
            let words: Vec<&str> = ids
                .iter()
                .flat_map(|&id| phrase(id).words())
                .map(String::as_str)
                .collect();
            words.join(" ")
        };
        let mut checked = 0;
        for i in 0..n {
            let entry = &keywords.entries[i];
            let other = &keywords.entries[(i * 7 + 3) % n];
            let third = &keywords.entries[(i * 13 + 5) % n];
            let text = ProductText::new(
                &format!("{} {}", text_of(&entry.keywords[..1]), text_of(&third.also)),
                &text_of(&other.also),
                &text_of(&third.keywords),
            );
            let expected = reference(&text).unwrap();
            assert_eq!(classify(&tables.hs, keywords, &text), expected, "{text:?}");
            checked += 1;
        }
        assert!(checked > 150);
    }

    #[test]
    fn merchant_codes_are_checked_against_the_nomenclature() {
        let tables = Tables::load().unwrap();
        assert_eq!(
            valid_merchant_code(&tables, "6109.10.0010"),
            Some("6109100010".into())
        );
        assert_eq!(
            valid_merchant_code(&tables, "610910"),
            Some("610910".into())
        );
        assert_eq!(valid_merchant_code(&tables, "610900"), None);
        assert_eq!(valid_merchant_code(&tables, "6109"), None);
        assert_eq!(valid_merchant_code(&tables, "61O910"), None);
        // HS 2017's 9405.20 is not in HS 2022, but the EU's tariff still has lines under it.
        assert!(!tables.hs.contains("940520"));
        assert_eq!(
            valid_merchant_code(&tables, "9405.20"),
            Some("940520".into())
        );
    }

    #[test]
    fn tax_categories_from_text_and_code() {
        let tables = Tables::load().unwrap();
        let cats = |name: &str, category: &str, hs: &str| {
            categories(
                &tables.categories,
                &ProductText::new(name, category, ""),
                hs,
            )
        };
        assert_eq!(cats("The Hobbit", "Books", "490199"), ["books"]);
        assert_eq!(
            cats("Leather notebook", "Stationery", "482010"),
            Vec::<&str>::new()
        );
        assert_eq!(
            cats("Dino T-shirt", "Kids > Clothing", "610910"),
            ["childrens_clothing", "clothing"]
        );
        assert_eq!(
            cats("Oxford shirt", "Men > Clothing", "620520"),
            ["clothing"]
        );
        assert_eq!(cats("Basmati rice 1 kg", "Grocery", "100630"), ["food"]);
        assert_eq!(
            cats("Dark chocolate bar", "Grocery", "180632"),
            Vec::<&str>::new()
        );
    }
}
