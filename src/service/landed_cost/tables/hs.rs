//! The HS nomenclature (`assets/hs/hscodes.json`), the classification keywords
//! (`assets/hs/keywords.json`) and the tax categories (`tax_categories.json`), with their text
//! already split into words.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Deserialize;

use super::error::{TablesError, invalid};
use crate::service::landed_cost::phrase::{Phrase, PhraseId, PhraseSet, words};

#[derive(Debug, Deserialize)]
pub(super) struct CodesFile {
    codes: Vec<(String, String)>,
}

/// HS chapters, headings and subheadings with their descriptions.
#[derive(Debug, Clone)]
pub struct HsTable {
    /// Hashed: every item's code is checked here, and a tree of 7 000 codes compared strings
    /// a dozen times per look-up.
    descriptions: HashMap<String, String>,
    /// Word of a subheading description -> subheadings using it (for classification).
    index: BTreeMap<String, BTreeSet<String>>,
    /// First word of a subheading description (its head noun) -> subheadings.
    heads: BTreeMap<String, BTreeSet<String>>,
}

impl HsTable {
    pub(super) fn parse(file: &str, raw: &CodesFile) -> Result<HsTable, TablesError> {
        let mut descriptions = HashMap::new();
        let mut index: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut heads: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (code, description) in &raw.codes {
            if !matches!(code.len(), 2 | 4 | 6) || !code.bytes().all(|b| b.is_ascii_digit()) {
                return Err(invalid(
                    file,
                    format!("`{code}` is not an HS chapter, heading or subheading"),
                ));
            }
            if code.len() == 6 {
                let description = words(description);
                if let Some(head) = description.first() {
                    heads.entry(head.clone()).or_default().insert(code.clone());
                }
                for word in description {
                    index.entry(word).or_default().insert(code.clone());
                }
            }
            descriptions.insert(code.clone(), description.clone());
        }
        if descriptions.len() < 5000 {
            return Err(invalid(file, "the nomenclature looks truncated"));
        }
        Ok(HsTable {
            descriptions,
            index,
            heads,
        })
    }

    /// Every six-digit subheading, in order.
    #[cfg(test)]
    pub fn subheadings(&self) -> impl Iterator<Item = &str> {
        let mut codes: Vec<&str> = self
            .descriptions
            .keys()
            .map(String::as_str)
            .filter(|code| code.len() == 6)
            .collect();
        codes.sort_unstable();
        codes.into_iter()
    }

    /// Whether `code` is a known chapter, heading or subheading.
    pub fn contains(&self, code: &str) -> bool {
        self.descriptions.contains_key(code)
    }

    pub fn description(&self, code: &str) -> Option<&str> {
        self.descriptions.get(code).map(String::as_str)
    }

    /// Subheadings whose description uses `word`.
    pub fn subheadings_with(&self, word: &str) -> Option<&BTreeSet<String>> {
        self.index.get(word)
    }

    /// Subheadings whose description starts with `word`.
    pub fn subheadings_headed_by(&self, word: &str) -> Option<&BTreeSet<String>> {
        self.heads.get(word)
    }
}

#[derive(Debug, Deserialize)]
struct RawEntry {
    hs6: String,
    keywords: Vec<String>,
    #[serde(default)]
    also: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct KeywordsFile {
    fallback: String,
    entries: Vec<RawEntry>,
}

/// One classification rule: any keyword makes the entry a candidate, `also` words add to it.
#[derive(Debug, Clone)]
pub struct KeywordEntry {
    pub hs6: String,
    /// Numbers in [`Keywords::phrases`].
    pub keywords: Vec<PhraseId>,
    pub also: Vec<PhraseId>,
}

/// The classification keyword table.
#[derive(Debug, Clone)]
pub struct Keywords {
    pub fallback: String,
    pub entries: Vec<KeywordEntry>,
    /// Every keyword and `also` phrase, looked up together.
    pub phrases: PhraseSet,
    /// By phrase number, the entries (indexes into `entries`) having it as a keyword, once per
    /// time they list it: an item's few phrases found lead to the entries they score for.
    pub keyword_of: Vec<Vec<usize>>,
}

fn phrases(list: &[String]) -> Vec<Phrase> {
    list.iter()
        .map(|p| Phrase::new(p))
        .filter(|p| !p.is_empty())
        .collect()
}

fn subheading(hs: &HsTable, code: &str) -> bool {
    code.len() == 6 && hs.contains(code)
}

impl Keywords {
    pub(super) fn parse(
        file: &str,
        raw: KeywordsFile,
        hs: &HsTable,
    ) -> Result<Keywords, TablesError> {
        if !subheading(hs, &raw.fallback) {
            return Err(invalid(
                file,
                format!("fallback `{}` is not a known subheading", raw.fallback),
            ));
        }
        let mut entries = Vec::new();
        let mut set = PhraseSet::default();
        for entry in raw.entries {
            if !subheading(hs, &entry.hs6) {
                return Err(invalid(
                    file,
                    format!("`{}` is not a known subheading", entry.hs6),
                ));
            }
            let keywords = phrases(&entry.keywords);
            if keywords.is_empty() {
                return Err(invalid(file, format!("{}: no keywords", entry.hs6)));
            }
            let also = phrases(&entry.also);
            entries.push(KeywordEntry {
                hs6: entry.hs6,
                keywords: keywords.into_iter().map(|p| set.add(p)).collect(),
                also: also.into_iter().map(|p| set.add(p)).collect(),
            });
        }
        let mut keyword_of: Vec<Vec<usize>> = Vec::new();
        for (at, entry) in entries.iter().enumerate() {
            for &id in &entry.keywords {
                if keyword_of.len() <= id {
                    keyword_of.resize_with(id + 1, Vec::new);
                }
                if let Some(list) = keyword_of.get_mut(id) {
                    list.push(at);
                }
            }
        }
        Ok(Keywords {
            fallback: raw.fallback,
            entries,
            phrases: set,
            keyword_of,
        })
    }
}

#[derive(Debug, Deserialize)]
struct RawCategory {
    id: String,
    #[serde(default)]
    any: Vec<String>,
    #[serde(default)]
    all: Vec<Vec<String>>,
    #[serde(default)]
    none: Vec<String>,
    #[serde(default)]
    hs: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct CategoriesFile {
    categories: Vec<RawCategory>,
}

/// A tax category and how an item is recognised as belonging to it: by its HS code, or by
/// phrases of its name and category (numbers in [`Categories::phrases`]).
#[derive(Debug, Clone)]
pub struct Category {
    pub id: String,
    pub any: Vec<PhraseId>,
    pub all: Vec<Vec<PhraseId>>,
    pub none: Vec<PhraseId>,
    pub hs: Vec<String>,
}

/// The tax categories and every phrase they name, looked up together.
#[derive(Debug, Clone, Default)]
pub struct Categories {
    pub list: Vec<Category>,
    pub phrases: PhraseSet,
}

pub(super) fn parse_categories(
    file: &str,
    raw: CategoriesFile,
    hs: &HsTable,
) -> Result<Categories, TablesError> {
    let mut out = Categories::default();
    for c in raw.categories {
        if out.list.iter().any(|o| o.id == c.id) {
            return Err(invalid(file, format!("category `{}` appears twice", c.id)));
        }
        if let Some(bad) = c.hs.iter().find(|p| !hs.contains(p)) {
            return Err(invalid(file, format!("{}: unknown HS code `{bad}`", c.id)));
        }
        let mut ids = |list: &[String]| -> Vec<PhraseId> {
            phrases(list)
                .into_iter()
                .map(|p| out.phrases.add(p))
                .collect()
        };
        let category = Category {
            any: ids(&c.any),
            all: c.all.iter().map(|group| ids(group)).collect(),
            none: ids(&c.none),
            id: c.id,
            hs: c.hs,
        };
        out.list.push(category);
    }
    Ok(out)
}
