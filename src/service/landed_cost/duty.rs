//! Import duty of one shipment at one shipping rate.

use rust_decimal::Decimal;

use super::allocate::allocate;
use super::cart::{Context, Shipment};
use super::deminimis;
use super::duty_line::{LineDuty, price, shipment_agreements};
use super::regime::Regime;
use super::tables::{DeMinimisKind, DeMinimisRow, NationalLine, Treatment};
use crate::api::{BreakdownType, FieldError, SharedText, TaxBreakdown};

/// Duty lines and each line item's share of duty (for the import VAT base).
pub struct Duties {
    pub lines: Vec<TaxBreakdown>,
    /// Indexed like the shipment's lines.
    pub per_line: Vec<Decimal>,
}

/// What duty each line of a shipment faces, the same at every shipping rate: worked out once
/// per shipment rather than once per rate (tariff look-up, preference, the line's name).
pub struct LineDuties<'t> {
    lines: Vec<LineDuty<'t>>,
    /// The low-value duty relief for the shipment's origin, if any.
    relief: Option<&'t DeMinimisRow>,
}

impl<'t> LineDuties<'t> {
    pub fn new(ctx: &Context<'t>, shipment: &Shipment<'_, 't>) -> LineDuties<'t> {
        let agreements = shipment_agreements(ctx, shipment);
        let lines = shipment
            .lines
            .iter()
            .map(|l| LineDuty::new(ctx, &agreements, l))
            .collect();
        LineDuties {
            lines,
            relief: deminimis::rule(ctx, DeMinimisKind::Duty, shipment.from),
        }
    }

    /// The national line the shipment's line `j` was priced under, where the tariff has one.
    pub fn national(&self, j: usize) -> Option<&'t NationalLine> {
        self.lines.get(j)?.national
    }
}

fn line(
    ctx: &Context<'_>,
    name: SharedText,
    rate: Decimal,
    amount: Decimal,
    taxable: Decimal,
    sku: Option<SharedText>,
) -> TaxBreakdown {
    TaxBreakdown {
        kind: BreakdownType::Duty,
        tax_name: name,
        rate: rate.normalize(),
        amount,
        taxable_amount: taxable,
        jurisdiction: ctx.tariff.jurisdiction.clone(),
        sku,
    }
}

/// `customs_values` holds each line's customs value (goods, plus allocated shipping where
/// the destination values CIF), indexed like the shipment's lines.
pub fn duties(
    ctx: &Context<'_>,
    shipment: &Shipment<'_, '_>,
    facts: &LineDuties<'_>,
    regime: Regime,
    customs_values: &[Decimal],
) -> Result<Duties, Vec<FieldError>> {
    let mut out = Duties {
        lines: Vec::new(),
        per_line: vec![Decimal::ZERO; shipment.lines.len()],
    };
    if regime != Regime::Import {
        return Ok(out);
    }
    let dutiable: Vec<usize> = (0..shipment.lines.len())
        .filter(|&j| facts.lines.get(j).is_some_and(|f| f.dutiable))
        .collect();
    if dutiable.is_empty() {
        return Ok(out);
    }
    let goods_value: Decimal = shipment
        .lines
        .iter()
        .filter(|l| l.ships())
        .map(|l| l.value)
        .sum();
    if let Some(rule) = facts.relief
        && deminimis::within(ctx, rule, goods_value).map_err(|e| vec![e])?
    {
        if let (Treatment::FlatPerSubheading, Some(flat)) = (rule.treatment, rule.flat_amount) {
            let flat = Flat {
                amount: flat,
                currency: &rule.currency,
            };
            flat_duties(ctx, shipment, &dutiable, customs_values, flat, &mut out)?;
        }
        return Ok(out);
    }
    out.lines.reserve_exact(dutiable.len());
    for j in dutiable {
        let (Some(l), Some(value)) = (shipment.lines.get(j), customs_values.get(j)) else {
            continue;
        };
        let Some(priced) = facts.lines.get(j).and_then(|f| f.priced.as_ref()) else {
            return Err(vec![FieldError::new(
                format!("shipments[{}].items[{j}].hs_code", shipment.index),
                format!(
                    "no {} duty rate for HS {} on {}",
                    ctx.tariff.short_name,
                    l.hs6(),
                    ctx.date
                ),
            )]);
        };
        let (amount, rate, name) = price(ctx, priced, *value);
        let amount = ctx.currency.round(amount);
        out.lines
            .push(line(ctx, name, rate, amount, *value, Some(l.sku.clone())));
        if let Some(slot) = out.per_line.get_mut(j) {
            *slot = amount;
        }
    }
    Ok(out)
}

/// A flat duty per subheading and the currency it is set in.
struct Flat<'a> {
    amount: Decimal,
    currency: &'a str,
}

/// One line per distinct subheading among the dutiable lines: the flat amount converted and
/// rounded; it is shared among the subheading's lines by customs value.
fn flat_duties(
    ctx: &Context<'_>,
    shipment: &Shipment<'_, '_>,
    dutiable: &[usize],
    customs_values: &[Decimal],
    Flat {
        amount: flat,
        currency: flat_currency,
    }: Flat<'_>,
    out: &mut Duties,
) -> Result<(), Vec<FieldError>> {
    let converted = ctx
        .fx
        .convert(flat, flat_currency, &ctx.code)
        .ok_or_else(|| {
            vec![FieldError::new(
                "currency_code",
                format!("no exchange rate from {flat_currency} to {}", ctx.code),
            )]
        })?;
    let amount = ctx.currency.round(converted);
    let mut subheadings: Vec<&str> = Vec::new();
    for &j in dutiable {
        if let Some(l) = shipment.lines.get(j)
            && !subheadings.contains(&l.hs6())
        {
            subheadings.push(l.hs6());
        }
    }
    for hs6 in subheadings {
        let members: Vec<usize> = dutiable
            .iter()
            .copied()
            .filter(|&j| shipment.lines.get(j).is_some_and(|l| l.hs6() == hs6))
            .collect();
        let values: Vec<Decimal> = members
            .iter()
            .map(|&j| customs_values.get(j).copied().unwrap_or_default())
            .collect();
        let taxable: Decimal = values.iter().copied().sum();
        // The SKU when the subheading holds one SKU only; null when it covers several.
        let mut skus = members
            .iter()
            .filter_map(|&j| shipment.lines.get(j))
            .map(|l| &l.sku);
        let first = skus.next();
        let sku = first.filter(|f| skus.all(|s| s == *f)).cloned();
        let name = format!(
            "{} flat duty on a low-value consignment: {flat} {flat_currency} per tariff subheading (HS {hs6})",
            ctx.tariff.short_name
        );
        out.lines
            .push(line(ctx, name.into(), Decimal::ZERO, amount, taxable, sku));
        let shares = allocate(amount, &values, ctx.currency.minor_units())
            .map_err(|e| vec![FieldError::new("currency_code", e.to_string())])?;
        for (j, share) in members.into_iter().zip(shares) {
            if let Some(slot) = out.per_line.get_mut(j) {
                *slot = share;
            }
        }
    }
    Ok(())
}
