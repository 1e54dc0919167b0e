//! Breaking text into lines that fit a width, for any way of measuring it (PDF points with the
//! embedded fonts, printer dots with the ZPL font estimate).

const ELLIPSIS: &str = "...";

/// `text` in lines no wider than `width` as `measure` says: words as they come, a word wider
/// than the whole line (a long SKU, a run of kanji with no spaces) broken after its hyphens or
/// between characters.
/// Newlines in `text` start new lines; an empty text gives no lines.
pub(super) fn wrap(text: &str, width: f32, measure: &dyn Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let joined = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if measure(&joined) <= width {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if measure(word) <= width {
                line = word.to_owned();
                continue;
            }
            // Too long for a line of its own: break after hyphens where possible (SKUs),
            // else between characters.
            for piece in word.split_inclusive('-') {
                let longer = format!("{line}{piece}");
                if measure(&longer) <= width {
                    line = longer;
                    continue;
                }
                if !line.is_empty() && measure(piece) <= width {
                    lines.push(std::mem::replace(&mut line, piece.to_owned()));
                    continue;
                }
                for c in piece.chars() {
                    let mut longer = line.clone();
                    longer.push(c);
                    // At least one character per line, or a too-narrow column would never end.
                    if !line.is_empty() && measure(&longer) > width {
                        lines.push(std::mem::replace(&mut line, c.to_string()));
                    } else {
                        line = longer;
                    }
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// At most `max` lines of `lines`; if some were dropped the last kept one ends in "...".
pub(super) fn at_most(
    mut lines: Vec<String>,
    max: usize,
    width: f32,
    measure: &dyn Fn(&str) -> f32,
) -> Vec<String> {
    if lines.len() <= max.max(1) {
        return lines;
    }
    lines.truncate(max.max(1));
    if let Some(last) = lines.last_mut() {
        loop {
            let candidate = format!("{}{ELLIPSIS}", last.trim_end());
            if measure(&candidate) <= width || last.pop().is_none() {
                *last = candidate;
                break;
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One unit per character.
    fn chars(text: &str) -> f32 {
        text.chars().count() as f32
    }

    #[test]
    fn words_wrap_and_long_words_break() {
        assert_eq!(wrap("aa bb cc", 5.0, &chars), ["aa bb", "cc"]);
        assert_eq!(
            wrap("SKU-ABCDEFGH x", 4.0, &chars),
            ["SKU-", "ABCD", "EFGH", "x"]
        );
        assert_eq!(
            wrap("TSHIRT-ORG-GRN-M", 8.0, &chars),
            ["TSHIRT-", "ORG-GRN-", "M"]
        );
        assert_eq!(wrap("ABCDEFGHIJ", 4.0, &chars), ["ABCD", "EFGH", "IJ"]);
        assert_eq!(
            wrap("東京都千代田区", 3.0, &chars),
            ["東京都", "千代田", "区"]
        );
        assert_eq!(wrap("one\ntwo", 10.0, &chars), ["one", "two"]);
        assert!(wrap("  ", 10.0, &chars).is_empty());
        // A column narrower than one character still ends.
        assert_eq!(wrap("ab", 0.5, &chars), ["a", "b"]);
    }

    #[test]
    fn at_most_marks_what_was_cut() {
        let lines = wrap("aaaa bbbb cccc", 4.0, &chars);
        assert_eq!(at_most(lines.clone(), 3, 4.0, &chars), lines);
        assert_eq!(at_most(lines, 2, 4.0, &chars), ["aaaa", "b..."]);
    }
}
