//! Text as lower-case words, and phrases of consecutive words found in it: shared by the HS
//! tables (which store their keywords and categories as phrase sets) and the classifier
//! (which finds them in an item's text).

use std::collections::HashMap;

/// Lower-case words of `text`.
pub fn words(text: &str) -> Vec<String> {
    // One pass, each word built in place: cleaning the text into a second string and
    // lower-casing each word into a third took a tenth of a quote (every item's text is split).
    let mut out = Vec::new();
    let mut word = String::new();
    let mut end = |word: &mut String| {
        if word.is_empty() {
            return;
        }
        if word.is_ascii() {
            word.make_ascii_lowercase();
            out.push(std::mem::take(word));
        } else {
            // Unicode's lower case depends on the whole word (a final sigma).
            out.push(word.to_lowercase());
            word.clear();
        }
    };
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else if !matches!(c, '\'' | '\u{2019}') {
            end(&mut word);
        }
    }
    end(&mut word);
    out
}

/// One or more consecutive words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase(Vec<String>);

impl Phrase {
    pub fn new(text: &str) -> Phrase {
        Phrase(words(text))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    #[cfg(test)]
    pub fn words(&self) -> &[String] {
        &self.0
    }

    /// Whether the phrase occurs in `text`: the plain definition, which the tests hold a
    /// [`PhraseSet`] (many phrases found at once) to.
    #[cfg(test)]
    pub fn found_in(&self, text: &[String]) -> bool {
        !self.0.is_empty() && text.windows(self.0.len()).any(|w| w == self.0.as_slice())
    }
}

/// A phrase's number in its [`PhraseSet`].
pub type PhraseId = usize;

/// Many phrases, indexed by their first word: which of them occur in a text is found in one
/// pass over the text's words. (Trying each of the tax categories' ~200 phrases at every word
/// of every item took a fifth of a typical quote.)
#[derive(Debug, Clone, Default)]
pub struct PhraseSet {
    phrases: Vec<Phrase>,
    by_first: HashMap<String, Vec<PhraseId>>,
}

impl PhraseSet {
    /// Adds `phrase` once (the same phrase added again gets the same number). An empty phrase
    /// is never found.
    pub fn add(&mut self, phrase: Phrase) -> PhraseId {
        let same_start = phrase.0.first().and_then(|first| self.by_first.get(first));
        let known = same_start
            .into_iter()
            .flatten()
            .copied()
            .find(|&id| self.phrases.get(id) == Some(&phrase));
        if let Some(id) = known {
            return id;
        }
        let id = self.phrases.len();
        if let Some(first) = phrase.0.first() {
            self.by_first.entry(first.clone()).or_default().push(id);
        }
        self.phrases.push(phrase);
        id
    }

    pub fn get(&self, id: PhraseId) -> Option<&Phrase> {
        self.phrases.get(id)
    }

    /// The phrases found in any of `texts` (a phrase within one text, not across two).
    pub fn found_in(&self, texts: &[&[String]]) -> Found {
        let mut found = Vec::new();
        for text in texts {
            for (at, word) in text.iter().enumerate() {
                let Some(ids) = self.by_first.get(word.as_str()) else {
                    continue;
                };
                let rest = text.get(at..).unwrap_or_default();
                found.extend(
                    ids.iter()
                        .copied()
                        .filter(|&id| self.phrases.get(id).is_some_and(|p| rest.starts_with(&p.0))),
                );
            }
        }
        found.sort_unstable();
        found.dedup();
        Found(found)
    }
}

/// The phrases of a [`PhraseSet`] found in a text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found(Vec<PhraseId>);

impl Found {
    pub fn has(&self, id: PhraseId) -> bool {
        self.0.binary_search(&id).is_ok()
    }

    pub fn iter(&self) -> impl Iterator<Item = PhraseId> + '_ {
        self.0.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_set_finds_what_each_phrase_finds_on_its_own() {
        let texts = [
            "Kids' T-shirt",
            "organic cotton tee shirt",
            "t",
            "",
            "Shirt T",
        ];
        let phrases = [
            "t shirt",
            "shirt",
            "kids",
            "cotton tee",
            "tee",
            "t",
            "shirt t x",
            "",
        ];
        let mut set = PhraseSet::default();
        let ids: Vec<PhraseId> = phrases.iter().map(|p| set.add(Phrase::new(p))).collect();
        assert_eq!(
            set.add(Phrase::new("T-Shirt")),
            ids[0],
            "the same phrase, the same number"
        );
        for a in texts {
            for b in texts {
                let (a, b) = (words(a), words(b));
                let found = set.found_in(&[&a, &b]);
                for (phrase, id) in phrases.iter().zip(&ids) {
                    let alone = Phrase::new(phrase);
                    let expected = alone.found_in(&a) || alone.found_in(&b);
                    assert_eq!(found.has(*id), expected, "{phrase:?} in {a:?} / {b:?}");
                }
            }
        }
    }
}
