//! An item as a line's value and content brackets measure it: what the cart says of its value
//! and weight, and what its words say it holds ("set of 4", "12-piece", "3 pairs").

use rust_decimal::Decimal;

use crate::domain::Weight;
use crate::service::landed_cost::classify::ProductText;
use crate::service::landed_cost::phrase::Words;
use crate::service::landed_cost::tables::Measures;

/// What the cart says of one item besides its words.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unit {
    /// One item's value (one pair of shoes) in the tariff's currency.
    pub value: Option<Decimal>,
    /// One item's weight as shipped.
    pub weight: Option<Weight>,
}

/// Words that count the pieces before them ("12 pieces", "3-pack") or, with "of", after them
/// ("set of 4").
const COUNTED: [&str; 8] = [
    "piece", "pieces", "pc", "pcs", "pack", "pair", "pairs", "count",
];
const COUNTING: [&str; 4] = ["set", "pack", "box", "case"];

/// The item's measures; `product` is its stemmed words, sorted; its size only when `sized`.
pub(super) fn measures(
    unit: &Unit,
    text: &ProductText,
    product: &[String],
    sized: bool,
) -> Measures {
    Measures {
        value: unit.value,
        weight: unit.weight,
        pieces: pieces(&text.name).or_else(|| pieces(&text.description)),
        set: product.binary_search(&"set".to_string()).is_ok(),
        // A mosaic's sheet is not its tiles' size.
        side: if !sized || product.binary_search(&"mosaic".to_string()).is_ok() {
            None
        } else {
            side(&text.name).or_else(|| side(&text.description))
        },
    }
}

/// Lengths in centimetres, by the unit written after them.
const LENGTHS: [(&str, u32, u32); 5] = [
    ("mm", 1, 10),
    ("cm", 1, 1),
    ("m", 100, 1),
    ("in", 254, 100),
    ("inch", 254, 100),
];

/// The longest side of "60 x 60 cm" or "30 x 60 x 1 cm", in centimetres: the side of the
/// square the item's largest face fits in. A single length does not say which side it is ("60
/// cm" may be a tile's diagonal), so it is not read.
fn side(words: &Words) -> Option<Decimal> {
    let words: Vec<&str> = words.iter().collect();
    (0..words.len()).find_map(|start| sides_at(&words[start..]))
}

/// The longest of the sides written at the start of `words`, in centimetres.
fn sides_at(words: &[&str]) -> Option<Decimal> {
    let number = |w: &str| w.parse::<Decimal>().ok().filter(|n| *n > Decimal::ZERO);
    let mut sides = Vec::new();
    let mut rest = words;
    loop {
        let (word, after) = rest.split_first()?;
        // "10x10" is one word, "10 x 10" three.
        match word.split_once('x') {
            Some((a, b)) => {
                sides.push(number(a)?);
                sides.push(number(b)?);
            }
            None => sides.push(number(word)?),
        }
        rest = after;
        match rest.split_first() {
            Some((&"x", after)) => rest = after,
            _ => break,
        }
    }
    if sides.len() < 2 {
        return None;
    }
    let unit = rest.first()?;
    let (_, times, per) = LENGTHS.iter().find(|(name, _, _)| name == unit)?;
    Some(sides.into_iter().max()? * Decimal::from(*times) / Decimal::from(*per))
}

/// How many pieces the words say the item holds, when more than one.
fn pieces(words: &Words) -> Option<Decimal> {
    let words: Vec<&str> = words.iter().collect();
    let count = |w: &str| -> Option<u32> { w.parse().ok().filter(|n| (2..=1000).contains(n)) };
    words
        .windows(3)
        .find_map(|w| match w {
            [n, counted, _] if COUNTED.contains(counted) => count(n),
            [counting, "of", n] if COUNTING.contains(counting) => count(n),
            _ => None,
        })
        .or_else(|| match words.as_slice() {
            // The last two words: "… 12 pieces".
            [.., n, counted] if COUNTED.contains(counted) => count(n),
            _ => None,
        })
        .map(Decimal::from)
}
