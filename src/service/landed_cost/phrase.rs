//! Text as lower-case words, and phrases of consecutive words found in it: shared by the HS
//! tables (which store their keywords as phrases) and the classifier (which matches them).

/// Lower-case words of `text`.
pub fn words(text: &str) -> Vec<String> {
    let cleaned: String = text
        .chars()
        .filter(|c| !matches!(c, '\'' | '\u{2019}'))
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    cleaned.split_whitespace().map(str::to_lowercase).collect()
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

    pub fn found_in(&self, text: &[String]) -> bool {
        // Called for every phrase of every category and keyword on every item: comparing the
        // first byte before the whole word skips most calls to `memcmp` (a tenth of a quote).
        let same = |a: &String, b: &String| {
            a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
        };
        !self.0.is_empty()
            && text
                .windows(self.0.len())
                .any(|w| w.iter().zip(&self.0).all(|(a, b)| same(a, b)))
    }
}
