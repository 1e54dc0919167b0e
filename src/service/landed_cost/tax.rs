//! Import VAT/GST and sales tax of one shipment at one shipping rate.

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

/// Each line's rate under each tax of the destination, and the lines shipping is taxed in, the
/// same at every shipping rate: worked out once per shipment rather than per rate and per use.
pub struct LineRates<'t> {
    /// `[line][tax]`, indexed like the shipment's lines and `Context::taxes`.
    rates: Vec<Vec<LineRate>>,
    /// `[tax]`: the shipping groups of a tax that covers shipping (none for one that does not).
    shipping: Vec<Vec<ShippingGroup>>,
    /// The low-value tax relief for the shipment's origin, if any (imports only).
    relief: Option<&'t DeMinimisRow>,
}

/// Shipping follows the rate of the goods it carries: one breakdown line per distinct rate of
/// the lines that ship, named after the first of them (its tax's standard rate when none
/// ships, all of the shipping then taxed at it).
struct ShippingGroup {
    rate: Decimal,
    name: SharedText,
    /// The lines whose shares of the shipping it taxes; none for the standard-rate group of a
    /// shipment where nothing ships, which taxes the whole shipping.
    lines: Vec<usize>,
}

impl<'t> LineRates<'t> {
    pub fn new(ctx: &Context<'t>, shipment: &Shipment<'_, 't>) -> LineRates<'t> {
        let rates: Vec<Vec<LineRate>> = shipment
            .lines
            .iter()
            .map(|line| {
                ctx.taxes
                    .iter()
                    .map(|tax| LineRate::new(ctx, tax, line))
                    .collect()
            })
            .collect();
        let shipping = ctx
            .taxes
            .iter()
            .enumerate()
            .map(|(t, tax)| shipping_groups(shipment, &rates, t, tax))
            .collect();
        LineRates {
            rates,
            shipping,
            relief: deminimis::rule(ctx, DeMinimisKind::Tax, shipment.from),
        }
    }
}

/// The shipping groups of tax `t` (`[line][tax]` rates).
fn shipping_groups(
    shipment: &Shipment<'_, '_>,
    rates: &[Vec<LineRate>],
    t: usize,
    tax: &TaxRow,
) -> Vec<ShippingGroup> {
    let mut groups: Vec<ShippingGroup> = Vec::new();
    if !tax.shipping_taxable {
        return groups;
    }
    let shipped = shipment.lines.iter().zip(rates).enumerate();
    let shipped = shipped.filter(|(_, (l, _))| l.ships());
    for (j, of_line) in shipped.filter_map(|(j, (_, taxes))| Some((j, taxes.get(t)?))) {
        match groups.iter_mut().find(|g| g.rate == of_line.rate) {
            Some(group) => group.lines.push(j),
            None => groups.push(ShippingGroup {
                rate: of_line.rate,
                name: on_shipping(&of_line.name),
                lines: vec![j],
            }),
        }
    }
    if groups.is_empty() {
        groups.push(ShippingGroup {
            rate: tax.rate,
            name: on_shipping(&tax.tax_name),
            lines: Vec::new(),
        });
    }
    groups
}

fn on_shipping(name: &str) -> SharedText {
    format!("{name} on shipping").into()
}

/// A line's rate under one tax and the name its breakdown lines show (which names the
/// category that lowered the rate, if one did).
struct LineRate {
    rate: Decimal,
    name: SharedText,
}

impl LineRate {
    fn new<'t>(ctx: &Context<'t>, tax: &TaxRow, line: &Line<'_, 't>) -> Self {
        let (rate, category) = rate_for(ctx, tax, line);
        LineRate {
            rate,
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
    for ((j, line), line_rates) in shipment.lines.iter().enumerate().zip(&rates.rates) {
        if line.ships() && goods_exempt {
            continue;
        }
        let duty = match ctx.destination.tax_base_includes_duty {
            true => duties.get(j).copied().unwrap_or_default(),
            false => Decimal::ZERO,
        };
        for (tax, of_line) in ctx.taxes.iter().zip(line_rates) {
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
    let taxed = ctx.taxes.iter().zip(&rates.shipping);
    for (tax, groups) in taxed.filter(|_| !shipping.is_zero() && !goods_exempt) {
        for group in groups {
            let base = if group.lines.is_empty() {
                shipping
            } else {
                group
                    .lines
                    .iter()
                    .filter_map(|&j| shipping_shares.get(j))
                    .sum()
            };
            on_shipping.push(breakdown(
                BreakdownType::ShipmentTax,
                ctx,
                tax,
                group.name.clone(),
                group.rate,
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
