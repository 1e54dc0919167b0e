//! Words as line choice compares them: stemmed ("bags" is "bag"), without stop words, with the
//! families a word belongs to ("polyester" is synthetic, man-made and textile). Line
//! descriptions and products' words alike go through here.

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

/// [`stems`] of each of `words` in turn, "man-made" (split at its hyphen) as one word: so
/// "man-made fibres" is not read as "man", a men's line. Line descriptions and products' words
/// alike go through here.
pub fn stem_all<'w>(words: impl IntoIterator<Item = &'w str>, out: &mut Vec<String>) {
    each_word(words, |word| stems(word, out));
}

/// `each` of `words` in turn, "man-made" as the one word "manmade".
pub(super) fn each_word<'w>(words: impl IntoIterator<Item = &'w str>, mut each: impl FnMut(&str)) {
    let mut words = words.into_iter().peekable();
    while let Some(word) = words.next() {
        if word == "man" && words.peek() == Some(&"made") {
            words.next();
            each("manmade");
        } else {
            each(word);
        }
    }
}

/// A word as compared: without a plural or participle ending, plus the families it belongs
/// to (`polyester` is synthetic, man-made and textile; `knit` is knitted), added to `out`;
/// nothing for a stop word.
fn stems(word: &str, out: &mut Vec<String>) {
    let Some(stem) = stem(word) else { return };
    let families = families(&stem);
    out.push(stem);
    out.extend(families.iter().map(|f| (*f).to_string()));
}

/// A word without a plural or participle ending; `None` for a stop word.
pub(super) fn stem(word: &str) -> Option<String> {
    if STOP.contains(&word) || word.len() < 2 || word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if word.starts_with("fibre") {
        // One spelling: the US tariff's "fibers", the others' "fibres".
        "fiber".to_string()
    } else if let Some(s) = word.strip_suffix("ies") {
        format!("{s}y")
    } else if word.len() > 3 && word.ends_with('s') && !word.ends_with("ss") {
        word[..word.len() - 1].to_string()
    } else {
        word.to_string()
    })
}

/// The families a stem belongs to: `polyester` is synthetic, man-made, textile and a fibre.
fn families(stem: &str) -> &'static [&'static str] {
    match stem {
        "polyester" | "nylon" | "polyamide" | "elastane" | "spandex" => {
            &["synthetic", "manmade", "textile", "fiber"]
        }
        "acrylic" => &["synthetic", "manmade"],
        "viscose" | "rayon" | "modal" | "lyocell" => &["artificial", "manmade", "textile", "fiber"],
        "manmade" => &["synthetic", "artificial"],
        "cotton" | "wool" | "silk" | "linen" | "flax" | "fabric" => &["textile"],
        "knit" | "knitwear" | "crocheted" | "jersey" => &["knitted"],
        "denim" | "twill" | "poplin" | "chambray" => &["woven"],
        "woman" | "ladie" | "lady" | "girl" => &["women"],
        "man" | "boy" | "gent" => &["men"],
        "porcelain" => &["china"],
        "mug" | "cup" | "plate" | "bowl" | "saucer" | "teapot" | "dinnerware" => &["tableware"],

        "wooden" => &["wood"],
        "woollen" | "woolen" => &["wool"],
        "earbud" | "earphone" | "headset" => &["headphone"],
        _ => &[],
    }
}
