//! A national line as a duty breakdown line names it: its code dotted the way its tariff
//! prints it, and its description, shortened ("6911.10.80 (other porcelain tableware)").

use super::hs::HsTable;

/// `code` dotted and its own description (for a line called "other", "other" and its
/// subheading's description).
pub(super) fn label(code: &str, own_description: &str, hs: &HsTable) -> String {
    let own = own_description.trim();
    let described = if own.eq_ignore_ascii_case("other") || own == "その他のもの" {
        let hs6 = code
            .get(..6)
            .and_then(|c| hs.description(c))
            .unwrap_or_default();
        format!("other {}", shorten(&hs6.to_lowercase()))
    } else {
        shorten(own)
    };
    format!("{} ({described})", dotted(code))
}

/// `69111080` as `6911.10.80`; Japan's `691110000` as `6911.10.000`.
pub(super) fn dotted(code: &str) -> String {
    let (heading, rest) = code.split_at(4.min(code.len()));
    let (sub, national) = rest.split_at(2.min(rest.len()));
    let mut out = format!("{heading}.{sub}");
    let mut national = national;
    while !national.is_empty() {
        let take = if national.len() == 3 {
            3
        } else {
            2.min(national.len())
        };
        let (part, rest) = national.split_at(take);
        out.push('.');
        out.push_str(part);
        national = rest;
    }
    out
}

fn shorten(text: &str) -> String {
    const MOST: usize = 60;
    let text = text.trim_end_matches([':', '.', ' ']);
    match text.char_indices().nth(MOST) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}...", text.get(..cut).unwrap_or(text).trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_written_as_their_tariffs_print_them() {
        assert_eq!(dotted("69111080"), "6911.10.80");
        assert_eq!(dotted("691110000"), "6911.10.000");
        assert_eq!(dotted("6911100010"), "6911.10.00.10");
    }

    #[test]
    fn descriptions_longer_than_sixty_characters_are_cut_at_a_character() {
        assert_eq!(
            shorten("Tableware and kitchenware:"),
            "Tableware and kitchenware"
        );
        let sixty = "é".repeat(60);
        assert_eq!(shorten(&sixty), sixty);
        assert_eq!(shorten(&format!("{sixty}x")), format!("{sixty}..."));
        let spaced = format!("{} tail", "a".repeat(59));
        assert_eq!(shorten(&spaced), format!("{}...", "a".repeat(59)));
    }
}
