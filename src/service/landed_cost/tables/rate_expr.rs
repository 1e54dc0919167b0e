//! A national tariff line's rate as written in `assets/tables/duty/lines/` (its README has
//! the grammar): ad valorem and specific terms added up, with an optional floor (`min`,
//! "but not less than") and ceiling (`max`, "but not more than"). `?WORD` terms name parts
//! Packdesk cannot compute (an EU agricultural component, a rate set by a note).

use std::fmt::{self, Write as _};

use rust_decimal::Decimal;

/// A parsed rate expression. Displays as it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateExpr {
    // Read only: `written` is made from them when the expression is parsed.
    pub sum: Vec<Term>,
    pub min: Option<Vec<Term>>,
    pub max: Option<Vec<Term>>,
    /// The expression as it displays, written once: it is in the name of every duty line a
    /// national rate prices, and writing its decimals was a third of making that name.
    written: Box<str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// Percent of the customs value.
    AdValorem(Decimal),
    /// An amount per unit of quantity, in the tariff's currency.
    Specific {
        amount: Decimal,
        currency: Box<str>,
        unit: Unit,
    },
    /// A component the engine cannot compute, by the name the table gives it.
    Unknown(Box<str>),
}

/// The quantity a specific term is charged on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    Kg,
    Item,
    Pair,
    Dozen,
    /// Any other quantity (litres, square metres, kilograms of sugar ...): not in a cart.
    Other(Box<str>),
}

impl Unit {
    fn parse(text: &str) -> Option<Unit> {
        let ok = text.starts_with(|c: char| c.is_ascii_lowercase())
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        ok.then(|| match text {
            "kg" => Unit::Kg,
            "item" => Unit::Item,
            "pair" => Unit::Pair,
            "dozen" => Unit::Dozen,
            other => Unit::Other(other.into()),
        })
    }

    fn as_str(&self) -> &str {
        match self {
            Unit::Kg => "kg",
            Unit::Item => "item",
            Unit::Pair => "pair",
            Unit::Dozen => "dozen",
            Unit::Other(other) => other,
        }
    }
}

impl RateExpr {
    pub fn parse(text: &str) -> Option<RateExpr> {
        let (rest, max) = match text.split_once(" max ") {
            Some((rest, max)) => (rest, Some(sum(max)?)),
            None => (text, None),
        };
        let (rest, min) = match rest.split_once(" min ") {
            Some((rest, min)) => (rest, Some(sum(min)?)),
            None => (rest, None),
        };
        let sum = sum(rest)?;
        Some(RateExpr {
            written: written(&sum, min.as_deref(), max.as_deref()),
            sum,
            min,
            max,
        })
    }

    /// The percent when the whole rate is one ad valorem term.
    pub fn ad_valorem_only(&self) -> Option<Decimal> {
        match (self.sum.as_slice(), &self.min, &self.max) {
            ([Term::AdValorem(percent)], None, None) => Some(*percent),
            _ => None,
        }
    }

    /// The expression as it displays.
    pub fn written(&self) -> &str {
        &self.written
    }

    /// Every term, the floor's and the ceiling's included.
    pub fn terms(&self) -> impl Iterator<Item = &Term> {
        self.sum
            .iter()
            .chain(self.min.iter().flatten())
            .chain(self.max.iter().flatten())
    }
}

fn sum(text: &str) -> Option<Vec<Term>> {
    text.split(" + ").map(term).collect()
}

fn term(text: &str) -> Option<Term> {
    if let Some(name) = text.strip_prefix('?') {
        let ok = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        return ok.then(|| Term::Unknown(name.into()));
    }
    if let Some(percent) = text.strip_suffix('%') {
        return number(percent).map(Term::AdValorem);
    }
    let (amount, per) = text.split_once(' ')?;
    let (currency, unit) = per.split_once('/')?;
    let currency_ok = currency.len() == 3 && currency.bytes().all(|b| b.is_ascii_uppercase());
    currency_ok.then_some(())?;
    Some(Term::Specific {
        amount: number(amount)?,
        currency: currency.into(),
        unit: Unit::parse(unit)?,
    })
}

/// A plain non-negative decimal, as the tables write them (no sign, no exponent).
fn number(text: &str) -> Option<Decimal> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && !text.starts_with('.')
        && !text.ends_with('.');
    plain.then(|| text.parse().ok()).flatten()
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::AdValorem(percent) => write!(f, "{}%", percent.normalize()),
            Term::Specific {
                amount,
                currency,
                unit,
            } => write!(f, "{} {currency}/{}", amount.normalize(), unit.as_str()),
            Term::Unknown(name) => write!(f, "?{name}"),
        }
    }
}

/// The terms as the tables write them (`12.8% + ?EA max 18.7% + ?ADSZ`), for
/// [`RateExpr::written`].
fn written(sum: &[Term], min: Option<&[Term]>, max: Option<&[Term]>) -> Box<str> {
    let mut text = String::new();
    write_sum(&mut text, sum);
    for (bound, terms) in [(" min ", min), (" max ", max)] {
        if let Some(terms) = terms {
            text.push_str(bound);
            write_sum(&mut text, terms);
        }
    }
    text.into()
}

fn write_sum(text: &mut String, terms: &[Term]) {
    for (i, term) in terms.iter().enumerate() {
        if i > 0 {
            text.push_str(" + ");
        }
        // Writing to a `String` fails only if a `Display` does, and `Term`'s does not.
        let _ = write!(text, "{term}");
    }
}

impl fmt::Display for RateExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_read_back_as_written() {
        for text in [
            "12%",
            "0%",
            "0.044 USD/kg + 6%",
            "238% min 0.308 CAD/item",
            "12.8% + ?EA max 18.7% + ?ADSZ",
            "10% min 250 JPY/kg",
            "1.768 EUR/kg max 5%",
            "0.9 USD/pair + 20%",
            "0.015 USD/l_proof",
        ] {
            let parsed = RateExpr::parse(text).unwrap();
            assert_eq!(parsed.to_string(), text);
        }
    }

    #[test]
    fn what_the_grammar_does_not_allow_is_refused() {
        for text in [
            "", "12", "12 %", "-1%", "1e3%", "4 usd/kg", "4 USD/Kg", "4 USD", "? ", "?", "4% +",
            ".5%",
        ] {
            assert_eq!(RateExpr::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn pure_ad_valorem_rates_say_their_percent() {
        let rate = |t: &str| RateExpr::parse(t).unwrap().ad_valorem_only();
        assert_eq!(rate("20.8%"), Some(Decimal::new(208, 1)));
        assert_eq!(rate("0.044 USD/kg + 6%"), None);
        assert_eq!(rate("6% min 1 USD/kg"), None);
    }
}
