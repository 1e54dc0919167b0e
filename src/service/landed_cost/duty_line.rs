//! What duty one cart line faces, the same at every shipping rate: worked out once per
//! shipment. With a full national tariff, the national line (`line_choice`) and its MFN rate,
//! or the rate of the trade agreement that covers the goods where the tariff gives one;
//! without one (or for goods it lacks), the chapter table's row, named an approximation.

use std::borrow::Cow;

use rust_decimal::Decimal;

use super::assess::{Assessed, Quantities, assess};
use super::cart::{Context, Line, Shipment};
use super::classify::ProductText;
use super::line_choice::{Choice, UndecidedLine, Unit, Why, choose};
use super::tables::dated::Dated as _;
use super::tables::{AgreementKind, AgreementRow, NationalLine, RateExpr, Schedule, Term};
use crate::api::SharedText;
use crate::api::undecided::NOT_GUARANTEED;
use crate::domain::{Weight, WeightUnit};

/// Room for a national duty line's name without growing: the typical cart's are 156–159 bytes
/// (a longer one grows as any string does).
const NAME_CAPACITY: usize = 256;

/// The rate a line pays and the breakdown line's name.
pub enum Priced<'t> {
    /// A chapter-table row: percent of the customs value.
    Percent { rate: Decimal, name: SharedText },
    /// A national line's rate expression.
    National {
        rate: &'t RateExpr,
        name: SharedText,
        /// Items, kilograms and pairs of the line (its value is set per shipping rate).
        quantities: Quantities,
    },
}

/// Duty-free (an agreement or a zero rate), or the rate it pays.
pub struct LineDuty<'t> {
    pub priced: Option<Priced<'t>>,
    /// Ships and no trade agreement makes it duty-free.
    pub dutiable: bool,
    /// The national tariff line the item was priced under, where the tariff has one.
    pub national: Option<&'t NationalLine>,
}

impl<'t> LineDuty<'t> {
    fn free() -> Self {
        LineDuty {
            priced: None,
            dutiable: false,
            national: None,
        }
    }

    /// `agreements`: those of [`shipment_agreements`]; the line's origin narrows them.
    pub fn new(ctx: &Context<'t>, agreements: &[&'t AgreementRow], line: &Line<'_, 't>) -> Self {
        if !line.ships() {
            return LineDuty::free();
        }
        let agreements: Vec<&'t AgreementRow> = agreements
            .iter()
            .copied()
            .filter(|a| a.has(line.origin))
            .collect();
        let in_force = ctx
            .tables
            .schedules
            .get(&ctx.tariff.id)
            .filter(|s| s.info.effective <= ctx.date);
        let schedule = in_force.filter(|s| line.hs.get(..2).is_some_and(|c| s.has_chapter(c)));
        let choice = schedule.and_then(|s| {
            let unit = Unit {
                value: ctx
                    .fx
                    .convert(line.net_unit, &ctx.code, &ctx.destination.currency),
                weight: WeightUnit::parse_cart(&line.item.weight.unit)
                    .map(|unit| Weight::new(line.item.weight.per_unit, unit)),
            };
            Some((s, choose(s, &line.hs, || text(line), unit)?))
        });
        if let Some((schedule, choice)) = choice {
            return national(ctx, schedule, choice, &agreements, line);
        }
        if agreements.iter().any(|a| a.covers_goods(line.hs6())) {
            return LineDuty::free();
        }
        let priced = ctx.tariff.lookup(line.hs6(), ctx.date).map(|row| {
            let scope = row.label();
            let approximation = if row.hs.len() == 6 {
                ""
            } else {
                " approximation"
            };
            let lacking = in_force
                .map(|s| format!("; HS {} is not in the {} {}", line.hs6(), s.name, s.edition))
                .unwrap_or_default();
            Priced::Percent {
                rate: row.rate,
                name: format!(
                    "Customs duty, {} MFN{approximation} (HS {}, rate for {scope}{lacking})",
                    ctx.tariff.short_name,
                    line.hs6(),
                )
                .into(),
            }
        });
        LineDuty {
            priced,
            dutiable: true,
            national: None,
        }
    }
}

/// The free-trade agreements in force whose members are the shipment's origin and the
/// destination; those a line's origin is also a member of cover it (proofs of origin and
/// direct transport assumed). Found once per shipment, not once per line.
pub fn shipment_agreements<'t>(
    ctx: &Context<'t>,
    shipment: &Shipment<'_, '_>,
) -> Vec<&'t AgreementRow> {
    ctx.tables
        .agreements
        .iter()
        .filter(|a| {
            a.kind == AgreementKind::Fta
                && a.period().contains(ctx.date)
                && a.has(shipment.from)
                && a.has(ctx.dest)
        })
        .collect()
}

fn text(line: &Line<'_, '_>) -> ProductText {
    let item = line.item;
    let name = format!("{} {}", item.product_name, item.variant_name);
    ProductText::new(&name, &item.category, &item.description)
}

fn national<'t>(
    ctx: &Context<'t>,
    schedule: &'t Schedule,
    choice: Choice<'t>,
    agreements: &[&'t AgreementRow],
    line: &Line<'_, '_>,
) -> LineDuty<'t> {
    let quantities = quantities(line);
    let (national, charged) = match ctx.undecided {
        UndecidedLine::Highest if !choice.unsure.is_empty() => (
            highest(ctx, schedule, &choice, agreements, line, &quantities),
            true,
        ),
        _ => (choice.line, false),
    };
    let (rate, column) = match rated(schedule, national, agreements, line) {
        Rated::Free => {
            return LineDuty {
                national: Some(national),
                ..LineDuty::free()
            };
        }
        Rated::At(rate, column) => (rate, column),
    };
    // Written piece by piece into a string of about its size: a name is made for every line of
    // every quote, and `write!` spent twice the time of the pieces' copies on formatting.
    let mut name = String::with_capacity(NAME_CAPACITY);
    for piece in [
        "Customs duty, ",
        &ctx.tariff.short_name,
        " ",
        &column,
        ", line ",
        national.label(&ctx.tables.hs),
        ": ",
        rate.written(),
        "; ",
    ] {
        name.push_str(piece);
    }
    why_chosen(&mut name, &choice.why, line.hs6());
    if choice.by_value {
        name.push_str(", the lines for other unit values ruled out by the value of one item");
    }
    if choice.ruled_out > 0 {
        name.push_str(", ");
        name.push_str(itoa::Buffer::new().format(choice.ruled_out));
        name.push_str(" ruled out by the product's words");
    }
    if charged {
        name.push_str(", the highest of the lines possible, as the merchant asks");
    }
    if !choice.unsure.is_empty() {
        let others = std::iter::once(choice.line)
            .chain(choice.unsure.iter().copied())
            .filter(|l| l.code != national.code);
        unsure(&mut name, schedule, others, agreements, line);
    }
    LineDuty {
        priced: Some(Priced::National {
            rate,
            name: name.into(),
            quantities,
        }),
        dutiable: true,
        national: Some(national),
    }
}

/// The duty rate of a national line for this item.
enum Rated<'t> {
    /// A trade agreement makes it duty-free.
    Free,
    /// The rate and the column it is read from (MFN, or an agreement's).
    At(&'t RateExpr, Cow<'static, str>),
}

/// The file's own rate for an agreement it has a column for; duty-free for one it has none for
/// (the engine's assumption before full tariffs); else MFN.
fn rated<'t>(
    schedule: &'t Schedule,
    national: &'t NationalLine,
    agreements: &[&'t AgreementRow],
    line: &Line<'_, '_>,
) -> Rated<'t> {
    let preferential = agreements
        .iter()
        .filter(|a| schedule.carries(&a.id))
        .filter_map(|a| Some((a, national.preferential(&a.id, line.origin.as_str())?)))
        .filter(|(_, p)| !p.terms().any(|t| matches!(t, Term::Unknown(_))))
        .min_by_key(|(_, p)| p.ad_valorem_only().unwrap_or(Decimal::MAX));
    match preferential {
        Some((_, p)) if p.ad_valorem_only().is_some_and(|r| r.is_zero()) => Rated::Free,
        Some((a, p)) => Rated::At(p, Cow::Owned(format!("{} preferential rate", a.id))),
        None if agreements
            .iter()
            .any(|a| !schedule.carries(&a.id) && a.covers_goods(line.hs6())) =>
        {
            Rated::Free
        }
        None => Rated::At(&national.mfn, Cow::Borrowed("MFN")),
    }
}

/// Of the lines the item may fall under, the one whose rate costs it most: for a merchant
/// who pays any difference and would rather never undercharge.
fn highest<'t>(
    ctx: &Context<'t>,
    schedule: &'t Schedule,
    choice: &Choice<'t>,
    agreements: &[&'t AgreementRow],
    line: &Line<'_, '_>,
    quantities: &Quantities,
) -> &'t NationalLine {
    let q = Quantities {
        value: line.value,
        ..quantities.clone()
    };
    let convert = |amount: Decimal, from: &str| ctx.fx.convert(amount, from, &ctx.code);
    let duty = |l: &'t NationalLine| match rated(schedule, l, agreements, line) {
        Rated::Free => Decimal::ZERO,
        Rated::At(rate, _) => assess(rate, &q, &convert).amount,
    };
    let mut most = (choice.line, duty(choice.line));
    for &l in &choice.unsure {
        let amount = duty(l);
        if amount > most.1 {
            most = (l, amount);
        }
    }
    most.0
}

/// The most lines a breakdown line names at one rate; every rate is named.
const NAMED_PER_RATE: usize = 4;

/// "; not guaranteed: may also be at 5%: 6403.91.98": the other rates the item may pay and their
/// lines, so that the merchant can tell which longer code to send.
fn unsure<'t>(
    name: &mut String,
    schedule: &'t Schedule,
    others: impl Iterator<Item = &'t NationalLine>,
    agreements: &[&'t AgreementRow],
    line: &Line<'_, '_>,
) {
    // (the rate as written, its lines), in the order the tariff first reaches each rate.
    let mut by_rate: Vec<(&str, Vec<&NationalLine>)> = Vec::new();
    for other in others {
        let rate = match rated(schedule, other, agreements, line) {
            Rated::Free => "free under a trade agreement",
            Rated::At(rate, _) => rate.written(),
        };
        match by_rate.iter_mut().find(|(r, _)| *r == rate) {
            Some((_, lines)) => lines.push(other),
            None => by_rate.push((rate, vec![other])),
        }
    }
    name.push_str("; ");
    name.push_str(NOT_GUARANTEED);
    name.push_str(" may also be");
    for (i, (rate, lines)) in by_rate.iter().enumerate() {
        name.push_str(if i == 0 { " at " } else { "; at " });
        name.push_str(rate);
        name.push_str(": ");
        for (k, other) in lines.iter().take(NAMED_PER_RATE).enumerate() {
            if k > 0 {
                name.push_str(", ");
            }
            name.push_str(&other.printed_code());
        }
        if lines.len() > NAMED_PER_RATE {
            name.push_str(" and ");
            name.push_str(itoa::Buffer::new().format(lines.len() - NAMED_PER_RATE));
            name.push_str(" more");
        }
    }
}

/// Why the line was chosen, appended to the breakdown line's name.
fn why_chosen(name: &mut String, why: &Why, hs6: &str) {
    let (lines, said) = match why {
        Why::Named => return name.push_str("the line the HS code given names"),
        Why::Only => {
            name.push_str("the one line of HS ");
            return name.push_str(hs6);
        }
        Why::OneRate { lines } => (lines, " lines, all at this rate"),
        Why::Valued { lines } => (lines, " lines, chosen by the value or content of one item"),
        Why::Left { lines } => (lines, " lines, one left by the product's words"),
        Why::Described { lines } => (lines, " lines, chosen from the description"),
        Why::MostLines { lines } => (
            lines,
            " lines, none described by the product: the rate most of them have",
        ),
        Why::Other { lines } => (
            lines,
            " lines, none described by the product: the tariff's \"other\"",
        ),
    };
    for piece in [
        "HS ",
        hs6,
        " has ",
        itoa::Buffer::new().format(*lines),
        said,
    ] {
        name.push_str(piece);
    }
}

/// The line's quantities; its value is set when a shipping rate is priced.
fn quantities(line: &Line<'_, '_>) -> Quantities {
    let item = line.item;
    let kg = WeightUnit::parse_cart(&item.weight.unit)
        .map(|unit| Weight::new(item.weight.per_unit, unit).grams())
        .and_then(|grams| grams.checked_mul(item.quantity))
        .map(|grams| grams / Decimal::ONE_THOUSAND)
        .filter(|kg| *kg > Decimal::ZERO);
    // Footwear, hosiery and gloves come in pairs: one item, one pair.
    let in_pairs = line.hs.starts_with("64")
        || ["6115", "6116", "6216", "420321", "420329"]
            .iter()
            .any(|p| line.hs.starts_with(p));
    Quantities {
        value: Decimal::ZERO,
        items: item.quantity,
        kg,
        pairs: in_pairs.then_some(item.quantity),
    }
}

/// The amount (before rounding), the line's rate and its name for a customs value.
pub fn price(
    ctx: &Context<'_>,
    priced: &Priced<'_>,
    value: Decimal,
) -> (Decimal, Decimal, SharedText) {
    match priced {
        Priced::Percent { rate, name } => {
            (value * rate / Decimal::ONE_HUNDRED, *rate, name.clone())
        }
        Priced::National {
            rate,
            name,
            quantities,
        } => {
            let q = Quantities {
                value,
                ..quantities.clone()
            };
            let convert = |amount: Decimal, from: &str| ctx.fx.convert(amount, from, &ctx.code);
            let Assessed { amount, left_out } = assess(rate, &q, &convert);
            let percent = rate.ad_valorem_only().unwrap_or_else(|| {
                amount
                    .checked_div(value)
                    .map(|r| (r * Decimal::ONE_HUNDRED).round_dp(2))
                    .unwrap_or_default()
            });
            let name = if left_out.is_empty() {
                name.clone()
            } else {
                format!(
                    "{name}; non-guaranteed: without {}, the ad valorem part only",
                    left_out.join(" and ")
                )
                .into()
            };
            (amount, percent, name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason, as a breakdown line's name says it.
    #[test]
    fn why_a_line_was_chosen_is_said_in_words() {
        let reasons = [
            (Why::Named, "the line the HS code given names"),
            (Why::Only, "the one line of HS 640391"),
            (
                Why::OneRate { lines: 3 },
                "HS 640391 has 3 lines, all at this rate",
            ),
            (
                Why::Valued { lines: 12 },
                "HS 640391 has 12 lines, chosen by the value or content of one item",
            ),
            (
                Why::Described { lines: 24 },
                "HS 640391 has 24 lines, chosen from the description",
            ),
            (
                Why::MostLines { lines: 9 },
                "HS 640391 has 9 lines, none described by the product: the rate most of them have",
            ),
            (
                Why::Other { lines: 105 },
                "HS 640391 has 105 lines, none described by the product: the tariff's \"other\"",
            ),
        ];
        for (why, words) in reasons {
            let mut name = String::from("…; ");
            why_chosen(&mut name, &why, "640391");
            assert_eq!(name, format!("…; {words}"));
        }
    }
}
