//! Text as lower-case words, and phrases of consecutive words found in it: shared by the HS
//! tables (which store their keywords and categories as phrase sets) and the classifier
//! (which finds them in an item's text).

use std::collections::HashMap;

/// Lower-case words of `text`, each its own string (the tables, built once).
pub fn words(text: &str) -> Vec<String> {
    Words::new(text).iter().map(str::to_owned).collect()
}

/// The lower-case words of a text, in one string: an item's text is split on every quote, and a
/// string per word was a dozen allocations per item (a twelfth of a quote).
#[derive(Debug, Clone)]
pub struct Words {
    /// The words one after another, nothing between them.
    text: String,
    /// Where each word ends in `text`; it starts where the one before ends.
    ends: Vec<usize>,
}

impl Words {
    /// Apostrophes are dropped (`children's` -> `childrens`) and every other character that is
    /// not a letter or digit separates words (`T-shirt` -> `t`, `shirt`).
    pub fn new(text: &str) -> Words {
        let mut words = Words {
            text: String::with_capacity(text.len()),
            ends: Vec::new(),
        };
        let mut start = 0;
        for c in text.chars() {
            if c.is_alphanumeric() {
                words.text.push(c);
            } else if !matches!(c, '\'' | '\u{2019}') {
                words.end_word(start);
                start = words.text.len();
            }
        }
        words.end_word(start);
        words
    }

    /// Closes the word begun at `start`, lower-casing it.
    fn end_word(&mut self, start: usize) {
        let Some(word) = self.text.get_mut(start..).filter(|w| !w.is_empty()) else {
            return;
        };
        if word.is_ascii() {
            word.make_ascii_lowercase();
        } else {
            // Unicode's lower case depends on the whole word (a final sigma).
            let lower = word.to_lowercase();
            self.text.truncate(start);
            self.text.push_str(&lower);
        }
        self.ends.push(self.text.len());
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn get(&self, at: usize) -> Option<&str> {
        let start = match at.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => 0,
        };
        self.text.get(start..*self.ends.get(at)?)
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.len()).filter_map(|at| self.get(at))
    }

    /// Whether the words from `at` on begin with `phrase`'s.
    fn has_at(&self, at: usize, phrase: &[String]) -> bool {
        phrase.iter().enumerate().all(|(k, word)| {
            at.checked_add(k)
                .and_then(|at| self.get(at))
                .is_some_and(|own| own == word)
        })
    }
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
    pub fn found_in(&self, text: &Words) -> bool {
        let text: Vec<&str> = text.iter().collect();
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
    /// Only looked up with a text's words (its keys are the tables' own): no flooding to
    /// guard against, so a fast hash.
    by_first: HashMap<String, Vec<PhraseId>, foldhash::fast::FixedState>,
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
    pub fn found_in(&self, texts: &[&Words]) -> Found {
        let mut found = Vec::new();
        for text in texts {
            for (at, word) in text.iter().enumerate() {
                let Some(ids) = self.by_first.get(word) else {
                    continue;
                };
                found.extend(
                    ids.iter()
                        .copied()
                        .filter(|&id| self.phrases.get(id).is_some_and(|p| text.has_at(at, &p.0))),
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

    /// The words as the plain definition gives them: split, apostrophes dropped, each word
    /// lower-cased on its own.
    fn reference(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric() && !matches!(c, '\'' | '\u{2019}'))
            .map(|word| word.replace(['\'', '\u{2019}'], ""))
            .filter(|word| !word.is_empty())
            .map(|word| word.to_lowercase())
            .collect()
    }

    #[test]
    fn words_are_those_of_the_plain_definition_in_one_string() {
        let texts = [
            "",
            "  ",
            "Kids' T-Shirt, 100% cotton",
            "children\u{2019}s",
            "'quoted'",
            "ΟΔΟΣ Σ Straße",
            "İstanbul MUG--XL",
            "ÅNGSTRÖM/ängström",
            "a",
            "tee-",
            "東京 mug",
        ];
        for text in texts {
            let words = Words::new(text);
            let expected = reference(text);
            assert_eq!(words.iter().collect::<Vec<_>>(), expected, "{text:?}");
            assert_eq!(words.len(), expected.len(), "{text:?}");
            assert_eq!(words.is_empty(), expected.is_empty(), "{text:?}");
            assert_eq!(words.get(expected.len()), None, "{text:?}");
            assert_eq!(super::words(text), expected, "{text:?}");
        }
    }

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
                let (a, b) = (Words::new(a), Words::new(b));
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
