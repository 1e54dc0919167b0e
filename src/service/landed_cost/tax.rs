//! Import VAT/GST and sales tax of one shipment at one shipping rate.

use std::borrow::Cow;

use rust_decimal::Decimal;

use super::cart::{Context, Line, Shipment};
use super::deminimis;
use super::regime::Regime;
use super::tables::{Basis, DeMinimisKind, DeMinimisRow, TaxRow, dated::in_force};
use crate::api::{BreakdownType, FieldError, SharedText, TaxBreakdown};

/// Tax lines of a shipment at one rate.
pub struct Taxes {
    pub product: Vec<TaxBreakdown>,
    pub shipment: Vec<TaxBreakdown>,
}

/// Each line's rate under each tax of the destination, the same at every shipping rate: worked
/// out once per shipment rather than per rate and per use.
pub struct LineRates<'t> {
    /// `[line][tax]`, indexed like the shipment's lines and `Context::taxes`.
    rates: Vec<Vec<LineRate<'t>>>,
    /// The low-value tax relief for the shipment's origin, if any (imports only).
    relief: Option<&'t DeMinimisRow>,
}

impl<'t> LineRates<'t> {
    pub fn new(ctx: &Context<'t>, shipment: &Shipment<'_, 't>) -> LineRates<'t> {
        let rates = shipment
            .lines
            .iter()
            .map(|line| {
                ctx.taxes
                    .iter()
                    .map(|tax| LineRate::new(ctx, tax, line))
                    .collect()
            })
            .collect();
        LineRates {
            rates,
            relief: deminimis::rule(ctx, DeMinimisKind::Tax, shipment.from),
        }
    }

    /// The rate of `line` under `tax`, worked out here if [`Self::new`] did not.
    fn of(
        &self,
        ctx: &Context<'t>,
        j: usize,
        line: &Line<'_, 't>,
        t: usize,
        tax: &TaxRow,
    ) -> Cow<'_, LineRate<'t>> {
        match self.rates.get(j).and_then(|taxes| taxes.get(t)) {
            Some(rate) => Cow::Borrowed(rate),
            None => Cow::Owned(LineRate::new(ctx, tax, line)),
        }
    }
}

/// A line's rate under one tax, the category that lowered it, and the name its breakdown lines
/// show.
#[derive(Clone)]
struct LineRate<'t> {
    rate: Decimal,
    category: Option<&'t str>,
    name: SharedText,
}

impl<'t> LineRate<'t> {
    fn new(ctx: &Context<'t>, tax: &TaxRow, line: &Line<'_, 't>) -> Self {
        let (rate, category) = rate_for(ctx, tax, line);
        LineRate {
            rate,
            category,
            name: tax_name(tax, category, rate),
        }
    }
}

/// The rate of `tax` for `line` on the date, and the category that lowered it, if any. Among
/// the reduced-rate rows matching the line's categories the lowest rate wins.
fn rate_for<'t>(
    ctx: &Context<'t>,
    tax: &TaxRow,
    line: &Line<'_, 't>,
) -> (Decimal, Option<&'t str>) {
    let mut best: (Decimal, Option<&'t str>) = (tax.rate, None);
    for category in &line.categories {
        let rows = ctx
            .tables
            .reduced
            .iter()
            .filter(|r| r.category == *category && r.applies_to(tax));
        let Some(row) = in_force(rows, ctx.date) else {
            continue;
        };
        let price_ok = row.unit_price_below.is_none_or(|limit| {
            ctx.fx
                .convert(line.net_unit, &ctx.code, &ctx.destination.currency)
                .is_some_and(|local| local < limit)
        });
        if price_ok && row.rate < best.0 {
            best = (row.rate, Some(category));
        }
    }
    best
}

fn tax_name(tax: &TaxRow, category: Option<&str>, rate: Decimal) -> SharedText {
    match category {
        None => tax.tax_name.clone(),
        Some(c) if rate.is_zero() => {
            format!("{}, zero rate for {}", tax.tax_name, c.replace('_', " ")).into()
        }
        Some(c) => format!("{}, reduced rate for {}", tax.tax_name, c.replace('_', " ")).into(),
    }
}

fn breakdown(
    kind: BreakdownType,
    ctx: &Context<'_>,
    tax: &TaxRow,
    name: SharedText,
    rate: Decimal,
    base: Decimal,
    sku: Option<SharedText>,
) -> TaxBreakdown {
    TaxBreakdown {
        kind,
        tax_name: name,
        rate: rate.normalize(),
        amount: ctx.currency.round(base * rate / Decimal::ONE_HUNDRED),
        taxable_amount: base,
        jurisdiction: tax.jurisdiction.clone(),
        sku,
    }
}

/// `shipping_shares` is each line's share of `shipping` (zero for lines that do not ship);
/// `duties` each line's duty.
pub fn taxes<'t>(
    ctx: &Context<'t>,
    shipment: &Shipment<'_, 't>,
    rates: &LineRates<'t>,
    regime: Regime,
    shipping: Decimal,
    shipping_shares: &[Decimal],
    duties: &[Decimal],
) -> Result<Taxes, Vec<FieldError>> {
    let relief = match regime {
        Regime::Import => rates.relief,
        Regime::Local | Regime::CustomsUnion => None,
    };
    let goods_value: Decimal = shipment
        .lines
        .iter()
        .filter(|l| l.ships())
        .map(|l| l.value)
        .sum();
    let goods_exempt = match relief {
        Some(rule) if rule.basis == Basis::GoodsValue => {
            deminimis::within(ctx, rule, goods_value).map_err(|e| vec![e])?
        }
        _ => false,
    };

    // Each product line remembers whether it taxes shipped goods: only those (and shipping)
    // belong to the consignment a relief can cover; items that do not ship stay taxed.
    let mut product: Vec<(bool, TaxBreakdown)> =
        Vec::with_capacity(shipment.lines.len() * ctx.taxes.len());
    for (j, line) in shipment.lines.iter().enumerate() {
        if line.ships() && goods_exempt {
            continue;
        }
        let duty = match ctx.destination.tax_base_includes_duty {
            true => duties.get(j).copied().unwrap_or_default(),
            false => Decimal::ZERO,
        };
        for (t, tax) in ctx.taxes.iter().enumerate() {
            let of_line = rates.of(ctx, j, line, t, tax);
            let row = breakdown(
                BreakdownType::ProductTax,
                ctx,
                tax,
                of_line.name.clone(),
                of_line.rate,
                line.value + duty,
                Some(line.sku.clone()),
            );
            product.push((line.ships(), row));
        }
    }
    let mut on_shipping = Vec::new();
    for (t, tax) in ctx.taxes.iter().enumerate() {
        if shipping.is_zero() || !tax.shipping_taxable || goods_exempt {
            continue;
        }
        // Shipping follows the rate of the goods it carries: one line per distinct rate.
        let mut groups: Vec<(Decimal, Option<&str>, Decimal)> = Vec::new();
        let shipped = shipment
            .lines
            .iter()
            .enumerate()
            .zip(shipping_shares)
            .filter(|((_, l), _)| l.ships());
        for ((j, line), share) in shipped {
            let LineRate { rate, category, .. } = *rates.of(ctx, j, line, t, tax);
            match groups.iter_mut().find(|g| g.0 == rate) {
                Some(group) => group.2 += *share,
                None => groups.push((rate, category, *share)),
            }
        }
        if groups.is_empty() {
            groups.push((tax.rate, None, shipping));
        }
        for (rate, category, base) in groups {
            let name = format!("{} on shipping", tax_name(tax, category, rate)).into();
            on_shipping.push(breakdown(
                BreakdownType::ShipmentTax,
                ctx,
                tax,
                name,
                rate,
                base,
                None,
            ));
        }
    }

    if let Some(rule) = relief.filter(|r| r.basis == Basis::TaxAmount) {
        let on_goods = product
            .iter()
            .filter(|(goods, _)| *goods)
            .map(|(_, l)| l.amount);
        let due: Decimal = on_goods.chain(on_shipping.iter().map(|l| l.amount)).sum();
        if deminimis::within(ctx, rule, due).map_err(|e| vec![e])? {
            product.retain(|(goods, _)| !goods);
            on_shipping.clear();
        }
    }
    let product = product.into_iter().map(|(_, line)| line).collect();
    Ok(Taxes {
        product,
        shipment: on_shipping,
    })
}
