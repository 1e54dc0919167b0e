//! Japan's national lines read in English: the tariff's recurring terms by a hand-made
//! glossary (`assets/tables/duty/glossary-ja.tsv`), its exclusions ("（…を除く。）") and its
//! value and content brackets ("課税価格が1個につき6,000円を超える", "正味重量が3キログラム
//! 以下") in the forms the English tariffs use, so that line choice reads every tariff alike.

use std::sync::LazyLock;

use super::bracket::number;

const GLOSSARY: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/tables/duty/glossary-ja.tsv"
));

/// (Japanese term, English words), longest term first: "割り箸" is read before "箸".
static TERMS: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    let mut terms: Vec<_> = GLOSSARY
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .collect();
    terms.sort_by_key(|(ja, _)| std::cmp::Reverse(ja.chars().count()));
    terms
});

/// Whether `text` is written in Japanese (kana or kanji).
pub fn is_japanese(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}'))
}

/// A Japanese description segment in English, lower case: its glossary terms in order, its
/// brackets, then its exclusions after "excl.".
pub fn english(segment: &str) -> String {
    let text: String = segment.chars().map(half_width).collect();
    let mut asked = String::new();
    let mut excluded = String::new();
    let mut rest = text.as_str();
    // "（…を除く。）": what the parenthesis names is excluded; the rest is asked for.
    while let Some(end) = rest.find("を除く") {
        let open = rest[..end].rfind('（').unwrap_or(0);
        read(&rest[..open], &mut asked);
        read(&rest[open..end], &mut excluded);
        rest = &rest[end..];
        rest = rest
            .find('）')
            .map_or("", |close| &rest[close + '）'.len_utf8()..]);
    }
    read(rest, &mut asked);
    if !excluded.is_empty() {
        asked.push_str(" (excl.");
        asked.push_str(&excluded);
        asked.push(')');
    }
    asked.trim_start().to_string()
}

/// The English of `text`'s terms and brackets, appended to `out`, each after a space.
fn read(text: &str, out: &mut String) {
    // (start, end, English) of each term, a longer term's span kept from shorter ones inside.
    let mut found: Vec<(usize, usize, &str)> = Vec::new();
    for (ja, en) in TERMS.iter() {
        for (at, _) in text.match_indices(ja) {
            let end = at + ja.len();
            if found.iter().all(|&(s, e, _)| end <= s || at >= e) {
                found.push((at, end, en));
            }
        }
    }
    found.sort_by_key(|(at, _, _)| *at);
    let mut after_last = 0;
    for (at, end, en) in found {
        // What joins two terms: "靴下又はタイツ" names either.
        let between = text.get(after_last..at).unwrap_or_default();
        if after_last > 0 {
            out.push_str(joint(between));
        }
        out.push(' ');
        out.push_str(en);
        after_last = end;
    }
    if let Some(bracket) = value_bracket(text).or_else(|| content_bracket(text)) {
        out.push(' ');
        out.push_str(&bracket);
    }
}

/// How the text between two terms joins them.
fn joint(between: &str) -> &'static str {
    if between.contains("又は") || between.contains("若しくは") {
        " or"
    } else if between.contains("及び") || between.contains("並びに") {
        " and"
    } else if between.contains('、') {
        ","
    } else {
        ""
    }
}

/// Full-width digits and commas as ASCII.
fn half_width(c: char) -> char {
    match c {
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
        '，' => ',',
        '．' => '.',
        _ => c,
    }
}

/// "課税価格が1個につき6,000円を超える" as "valued over ¥6000 each".
fn value_bracket(text: &str) -> Option<String> {
    let at = text.find("課税価格が")? + "課税価格が".len();
    let text = &text[at..];
    let (per, after) = [
        ("1個につき", "each"),
        ("1足につき", "/pair"),
        ("1ダースにつき", "per dozen"),
        ("1キログラムにつき", "per kg"),
    ]
    .iter()
    .find_map(|(ja, en)| text.strip_prefix(ja).map(|after| (*en, after)))?;
    let (amount, after) = number(after)?;
    let after = after.strip_prefix('円')?;
    let comparison = comparison(after)?;
    let per = if per.starts_with('/') {
        per.to_string()
    } else {
        format!(" {per}")
    };
    Some(format!("valued {} ¥{amount}{per}", comparison.word))
}

/// "正味重量が3キログラム以下", "（容器とも1個の重量が10キログラム以下）" as "in packings of a
/// net content of <= 3 kg".
fn content_bracket(text: &str) -> Option<String> {
    if !(text.contains("正味重量") || text.contains("容器")) {
        return None;
    }
    let at = text.find("重量が")? + "重量が".len();
    let (amount, after) = number(&text[at..])?;
    let (unit, after) = [("キログラム", "kg"), ("グラム", "g")]
        .iter()
        .find_map(|(ja, en)| after.strip_prefix(ja).map(|after| (*en, after)))?;
    let comparison = comparison(after)?;
    Some(format!(
        "in packings of a net content of {} {amount} {unit}",
        comparison.sign
    ))
}

struct Comparison {
    word: &'static str,
    sign: &'static str,
}

/// The comparison after an amount: 以下 (at most), 未満 (under), を超える (over), 以上 (at
/// least).
fn comparison(after: &str) -> Option<Comparison> {
    let (word, sign) = if after.starts_with("以下") {
        ("not over", "<=")
    } else if after.starts_with("未満") {
        ("under", "<")
    } else if after.starts_with("を超える") {
        ("over", ">")
    } else if after.starts_with("以上") {
        ("at least", ">=")
    } else {
        return None;
    };
    Some(Comparison { word, sign })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_lines_read_in_english_with_their_brackets_and_exclusions() {
        assert_eq!(english("革製のもの"), "of leather");
        assert_eq!(english("割り箸"), "disposable chopsticks");
        assert_eq!(
            english("オープンシャツ、ポロシャツその他これらに類するシャツ"),
            "open shirt, polo shirt other shirt"
        );
        assert_eq!(
            english("亜麻製又はラミー製のもの"),
            "of flax or linen or ramie"
        );
        assert_eq!(
            english("その他の紡織用繊維製のもの"),
            "other of textile materials"
        );
        assert_eq!(
            english("その他の卑金属製のもの（貴金属をめつきしたものを除く。）"),
            "other of base metal (excl. plated with precious metal)"
        );
        assert_eq!(
            english("貴金属を使用したもののうち、課税価格が1個につき6,000円を超えるもの"),
            "precious metal valued over ¥6000 each"
        );
        assert_eq!(
            english("正味重量が３キログラム以下の直接包装にしたもの"),
            "in packings of a net content of <= 3 kg"
        );
        assert!(is_japanese("その他のもの"));
        assert!(!is_japanese("Other, of cotton"));
    }
}
