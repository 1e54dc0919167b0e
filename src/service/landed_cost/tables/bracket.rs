//! The value, content and size brackets a national line states ("valued over $3 but not over
//! $6.50/pair", "cups valued over $5.25 per dozen", "in immediate packings of a net content of
//! <= 1 kg", "a square the side of which is less than 7 cm"), and whether an item falls in
//! them. An item is measured as well as the cart allows: a weight is the parcel's, packaging
//! included, so a content bracket near the item's weight cannot be told, and says so rather
//! than guess.

use rust_decimal::Decimal;

use crate::domain::Weight;

/// What a bracket's amounts measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    /// Value of one article ("each", "per piece", "per unit").
    Item,
    /// Value of one pair.
    Pair,
    /// Value of twelve pieces.
    Dozen,
    /// Value of 144 pieces.
    Gross,
    /// Value of a kilogram.
    Kg,
    /// A set's aggregate value ("aggregate value not over $200"): a set's only.
    Set,
    /// The net content of the item's packing, in grams.
    Content,
    /// The side of the square the item's largest face fits in, in centimetres ("tiles … the
    /// largest surface area of which is capable of being enclosed in a square the side of
    /// which is less than 7 cm").
    Side,
}

/// One end of a bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub at: Decimal,
    pub inclusive: bool,
}

/// A range of values (in the tariff's currency) or contents (in grams), per `per`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    pub per: Per,
    pub lower: Option<Bound>,
    pub upper: Option<Bound>,
    /// What the bracket is for, where a line states several ("cups valued …; saucers valued
    /// …; platters or chop dishes valued …"): stemmed words, any of which names it; empty for
    /// the line itself.
    pub thing: Vec<String>,
    /// Stated in an exclusion ("excl. in immediate packings of <= 1 kg"): the line is for
    /// what lies outside it.
    pub outside: bool,
}

/// The least share of a parcel's weight its content can be: a jar of jam is over a third
/// glass. A content bracket is certain only where the whole range agrees.
const NET_SHARE_LEAST: Decimal = Decimal::from_parts(6, 0, 0, false, 1);

/// An item as brackets measure it.
#[derive(Debug, Clone, Copy)]
pub struct Measures {
    /// One item's value in the tariff's currency.
    pub value: Option<Decimal>,
    /// One item's weight as shipped.
    pub weight: Option<Weight>,
    /// How many pieces (or pairs) its words say it holds: "set of 4", "12-piece", "3 pairs".
    pub pieces: Option<Decimal>,
    /// Its words call it a set.
    pub set: bool,
    /// The longest side its words give, in centimetres ("60 x 60 cm" tiles): the side of the
    /// square its largest face fits in.
    pub side: Option<Decimal>,
}

impl Bracket {
    /// Whether the item falls in the bracket: `None` where the cart cannot tell (no weight, a
    /// weight too near the bound, a set bracket for an item that is not a set).
    pub fn admits(&self, item: &Measures) -> Option<bool> {
        let (low, high) = self.measure(item)?;
        let inside = if self.below(high) || self.above(low) {
            Some(false)
        } else if self.below(low) || self.above(high) {
            None
        } else {
            Some(true)
        };
        inside.map(|inside| inside != self.outside)
    }

    /// The item's measure in this bracket's terms, as the least and most it may be.
    fn measure(&self, item: &Measures) -> Option<(Decimal, Decimal)> {
        let exact = |v: Decimal| Some((v, v));
        let per_piece = |value: Decimal| match item.pieces {
            Some(n) if n > Decimal::ZERO => value / n,
            _ => value,
        };
        let grams = item
            .weight
            .map(|w| w.grams())
            .filter(|g| *g > Decimal::ZERO);
        match self.per {
            Per::Item | Per::Pair => exact(per_piece(item.value?)),
            Per::Dozen => exact(per_piece(item.value?) * Decimal::from(12)),
            Per::Gross => exact(per_piece(item.value?) * Decimal::from(144)),
            // A set bracket says nothing of a single article.
            Per::Set if !item.set => None,
            Per::Set => exact(item.value?),
            Per::Kg => {
                let (value, grams) = (item.value?, grams?);
                let per_kg = |g: Decimal| value * Decimal::from(1000) / g;
                Some((per_kg(grams), per_kg(grams * NET_SHARE_LEAST)))
            }
            Per::Content => Some((grams? * NET_SHARE_LEAST, grams?)),
            Per::Side => exact(item.side?),
        }
    }

    /// `x` fails the lower bound.
    fn below(&self, x: Decimal) -> bool {
        self.lower
            .is_some_and(|b| x < b.at || (x == b.at && !b.inclusive))
    }

    /// `x` fails the upper bound.
    fn above(&self, x: Decimal) -> bool {
        self.upper
            .is_some_and(|b| x > b.at || (x == b.at && !b.inclusive))
    }

    /// The brackets a description segment (lower case) states, in order. Where it states
    /// value brackets for several things ("cups valued …; saucers valued …") each names its
    /// thing; `stem` gives a text's words as lines' words are compared.
    pub fn all_in(segment: &str, stem: impl Fn(&str) -> Vec<String>) -> Vec<Bracket> {
        let mut found = Vec::new();
        for piece in segment.split(';') {
            let from = found.len();
            for marker in VALUE_MARKERS {
                for (at, _) in piece.match_indices(marker) {
                    let set = marker.starts_with("aggregate");
                    let mut text = &piece[at + marker.len()..];
                    // "aggregate value of the articles listed in … is over $56".
                    if set && let Some(is) = text.find(" is ") {
                        text = &text[is + " is ".len()..];
                    }
                    if let Some(b) = value_at(text, set) {
                        found.push((at, b, piece));
                    }
                }
            }
            for (at, _) in piece.match_indices(SIDE_MARKER) {
                if let Some((lower, upper, _)) = bounds(&piece[at + SIDE_MARKER.len()..], length) {
                    let bracket = Bracket {
                        per: Per::Side,
                        lower,
                        upper,
                        thing: Vec::new(),
                        outside: false,
                    };
                    found.push((at, bracket, piece));
                }
            }
            if found.len() == from
                && CONTENT_MARKERS.iter().any(|m| piece.contains(m))
                && let Some((at, b)) = content_in(piece)
            {
                found.push((at, b, piece));
            }
        }
        let several = found.len() > 1;
        found
            .into_iter()
            .map(|(at, mut bracket, piece)| {
                bracket.outside = in_exclusion(piece, at);
                if several && !matches!(bracket.per, Per::Content | Per::Side) {
                    bracket.thing = stem(thing_named(&piece[..at]));
                }
                bracket
            })
            .collect()
    }
}

/// The thing a bracket's text names before its condition: "plates" of "plates not over
/// 22.9 cm in maximum diameter and valued".
fn thing_named(text: &str) -> &str {
    let end = [" not ", " over ", " of ", " valued", " and valued"]
        .iter()
        .filter_map(|m| text.find(m))
        .chain(text.find(|c: char| c.is_ascii_digit()))
        .min()
        .unwrap_or(text.len());
    &text[..end]
}

/// Words that open what a line excludes ("Bags (excl. insulated bags)").
pub(super) const EXCLUDING: [&str; 3] = ["excl.", "excluding", "other than"];

/// Whether what stands at `at` of `text` is inside an exclusion: after one of [`EXCLUDING`]
/// and before the bracket that closes it.
fn in_exclusion(text: &str, at: usize) -> bool {
    EXCLUDING.iter().any(|m| {
        text[..at]
            .rfind(m)
            .is_some_and(|from| !text[from..at].contains(')'))
    })
}

/// What a size bracket follows: "enclosed in a square the side of which is less than 7 cm".
const SIDE_MARKER: &str = "the side of which is ";

/// Phrases a value bracket follows.
const VALUE_MARKERS: [&str; 2] = ["valued ", "aggregate value "];

/// Words of a line whose weight bracket is the content of the item's packing.
const CONTENT_MARKERS: [&str; 5] = ["packing", "container", "package", "receptacle", "content"];

/// A value bracket at the start of `text` (after "valued "), with its unit.
fn value_at(text: &str, set: bool) -> Option<Bracket> {
    let (lower, upper, rest) = bounds(text, money)?;
    let per = if set { Per::Set } else { per_unit(rest)? };
    Some(Bracket {
        per,
        lower,
        upper,
        thing: Vec::new(),
        outside: false,
    })
}

/// The first weight bracket of a packing's content in `piece`: where it starts and the
/// bracket.
fn content_in(piece: &str) -> Option<(usize, Bracket)> {
    COMPARATORS
        .iter()
        .filter_map(|(word, _, _)| piece.find(word))
        .chain(piece.find(|c: char| c.is_ascii_digit()))
        .filter_map(|at| {
            let (lower, upper, _) = bounds(&piece[at..], mass)?;
            Some((
                at,
                Bracket {
                    per: Per::Content,
                    lower,
                    upper,
                    thing: Vec::new(),
                    outside: false,
                },
            ))
        })
        .min_by_key(|(at, _)| *at)
}

/// How a comparison opens: its words, whether it bounds from above, and whether the amount is
/// in the range.
const COMPARATORS: [(&str, bool, bool); 17] = [
    ("<= ", true, true),
    ("< ", true, false),
    (">= ", false, true),
    ("> ", false, false),
    ("not over ", true, true),
    ("not exceeding ", true, true),
    ("not more than ", true, true),
    ("not less than ", false, true),
    ("at not less than ", false, true),
    ("at least ", false, true),
    ("under ", true, false),
    ("less than ", true, false),
    ("over ", false, false),
    ("exceeding ", false, false),
    ("more than ", false, false),
    ("of ", false, true),
    ("at ", false, true),
];

/// What may close an amount: "or more", "or less".
const SUFFIXES: [(&str, bool, bool); 4] = [
    (" or more", false, true),
    (" or over", false, true),
    (" or less", true, true),
    (" or under", true, true),
];

/// The range a comparison at the start of `text` states ("over $3 but not over $6.50",
/// "<= 1 kg", "5 kg or less", "50¢ or over but less than 80¢"), with its amounts read by
/// `amount`, and the text after its last amount.
type Amount = fn(&str) -> Option<(Decimal, &str)>;

fn bounds(text: &str, amount: Amount) -> Option<(Option<Bound>, Option<Bound>, &str)> {
    let (lower, upper, rest) = one_bound(text, amount)?;
    // A second bound: "over $3 but not over $6.50", "50¢ or over but less than 80¢".
    let second = rest
        .strip_prefix(" but ")
        .or_else(|| rest.strip_prefix(" and "))
        .and_then(|after| one_bound(after, amount));
    Some(match second {
        Some((l, u, rest)) => (lower.or(l), upper.or(u), rest),
        None => (lower, upper, rest),
    })
}

/// One comparison: "over $3", "<= 1 kg", "$10 or more".
fn one_bound(text: &str, amount: Amount) -> Option<(Option<Bound>, Option<Bound>, &str)> {
    let (prefix, text) = COMPARATORS
        .iter()
        .find_map(|c| text.strip_prefix(c.0).map(|rest| (Some(c), rest)))
        .unwrap_or((None, text));
    let (at, rest) = amount(text)?;
    // A unit may stand between the amount and "or more": "20¢/kg or more".
    let unit_end = rest
        .find(" or ")
        .filter(|&i| i > 0 && !rest[..i].contains(' '));
    let (unit, after_unit) = rest.split_at(unit_end.unwrap_or(0));
    let suffix = SUFFIXES
        .iter()
        .find_map(|s| after_unit.strip_prefix(s.0).map(|after| (s, after)));
    let (upper, inclusive, rest) = match (prefix, suffix) {
        // "of 5 kg or less": the suffix says which way.
        (_, Some((&(_, upper, inclusive), after))) => (upper, inclusive, (unit, after)),
        (Some(&(word, upper, inclusive)), None) if !matches!(word, "of " | "at ") => {
            (upper, inclusive, (rest, ""))
        }
        _ => return None,
    };
    let bound = Some(Bound { at, inclusive });
    let rest = if rest.0.is_empty() { rest.1 } else { rest.0 };
    Some(if upper {
        (None, bound, rest)
    } else {
        (bound, None, rest)
    })
}

/// A money amount at the start of `text`, in the tariff's main unit: "$6.50", "80¢",
/// "25 cents", "¥6000".
fn money(text: &str) -> Option<(Decimal, &str)> {
    // Japan's lines are read into English with their amounts in yen.
    if let Some(after) = text.strip_prefix('$').or_else(|| text.strip_prefix('¥')) {
        return number(after);
    }
    let (n, rest) = number(text)?;
    let cents = Decimal::from(100);
    if let Some(rest) = rest.strip_prefix('¢') {
        return Some((n / cents, rest));
    }
    rest.strip_prefix(" cents").map(|rest| (n / cents, rest))
}

/// A mass at the start of `text`, in grams: "1 kg", "250 g".
fn mass(text: &str) -> Option<(Decimal, &str)> {
    let kg = Decimal::ONE_THOUSAND;
    let grams = [
        (" kg", kg),
        ("kg", kg),
        (" g", Decimal::ONE),
        ("g", Decimal::ONE),
    ];
    // "1 gross" is no mass, nor "200 g/m²" (a fabric's weight per area).
    amount_in(text, &grams, |c| c.is_ascii_alphabetic() || c == '/')
}

/// A length at the start of `text`, in centimetres: "7 cm", "80 mm".
fn length(text: &str) -> Option<(Decimal, &str)> {
    let mm = Decimal::new(1, 1);
    let cm = [
        (" cm", Decimal::ONE),
        ("cm", Decimal::ONE),
        (" mm", mm),
        ("mm", mm),
    ];
    // "38.7 cm2" is an area.
    amount_in(text, &cm, |c| c.is_alphanumeric() || c == '²')
}

/// An amount at the start of `text` in one of `units` (each with what one of it is worth in
/// the bracket's unit), unless the character after the unit makes it another measure.
fn amount_in<'t>(
    text: &'t str,
    units: &[(&str, Decimal)],
    another: fn(char) -> bool,
) -> Option<(Decimal, &'t str)> {
    let (n, rest) = number(text)?;
    units.iter().find_map(|(unit, worth)| {
        let after = rest.strip_prefix(unit)?;
        (!after.starts_with(another)).then(|| (n * worth, after))
    })
}

/// A number at the start of `text` ("1,000.50") and what follows it.
pub(super) fn number(text: &str) -> Option<(Decimal, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(text.len());
    let digits = text[..end].trim_end_matches(['.', ',']).replace(',', "");
    let end = text[..end].trim_end_matches(['.', ',']).len();
    Some((digits.parse().ok()?, &text[end..]))
}

/// What a value's amounts are per, from the text after the last amount.
fn per_unit(rest: &str) -> Option<Per> {
    let rest = rest.trim_start_matches([' ', '/']);
    let rest = rest.strip_prefix("per ").unwrap_or(rest);
    let unit = |w: &str| rest.starts_with(w);
    Some(if unit("pair") {
        Per::Pair
    } else if unit("each") || unit("piece") || unit("unit") {
        Per::Item
    } else if unit("dozen") || unit("doz") {
        Per::Dozen
    } else if unit("gross") {
        Per::Gross
    } else if unit("kg") || unit("kilogram") {
        Per::Kg
    } else {
        return None;
    })
}
