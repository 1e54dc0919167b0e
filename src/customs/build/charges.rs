//! This parcel's transport and the duties and taxes paid for it, as shares of the shipment's
//! locked totals (see `shares`).

use rust_decimal::Decimal;

use super::contents::Contents;
use super::types::{Missing, MissingAt};
use crate::api::BreakdownType;
use crate::customs::paperwork::PaidCharge;
use crate::customs::shares::Progress;
use crate::domain::Currency;
use crate::station::db::StationShipment;

/// This parcel's transport and its duties and taxes paid, by type (`None` without a quote).
pub(super) fn charges(
    shipment: &StationShipment,
    contents: &Contents,
    currency: Currency,
    missing: &mut Vec<Missing>,
) -> Option<(Decimal, Vec<PaidCharge>)> {
    let Some(cost) = &shipment.landed_cost else {
        missing.push(Missing {
            at: MissingAt::Quote,
            message: "The order was imported without its quote, so the duties and taxes the \
                      sender paid are unknown: customer service imports it again with its quote."
                .into(),
        });
        return None;
    };
    let items = &shipment.items;
    let progress = |weights: Vec<Decimal>| Progress {
        weights,
        ordered: items.iter().map(|i| i.ordered).collect(),
        before: contents.before.clone(),
        through: contents.through.clone(),
    };
    let by_value = progress(
        items
            .iter()
            .map(|i| (i.item.unit_price - i.item.unit_discount) * Decimal::from(i.ordered))
            .collect(),
    );
    // Per line, its part of the breakdown of `kind` (split among lines sharing a SKU by units).
    let by_breakdown = |kind: BreakdownType| {
        progress(
            items
                .iter()
                .map(|i| {
                    let of_sku: Decimal = cost
                        .breakdown
                        .iter()
                        .filter(|b| b.kind == kind && b.sku.as_deref() == Some(&i.item.sku))
                        .map(|b| b.amount)
                        .sum();
                    let units_of_sku: u32 = items
                        .iter()
                        .filter(|o| o.item.sku == i.item.sku)
                        .map(|o| o.ordered)
                        .sum();
                    if units_of_sku == 0 {
                        Decimal::ZERO
                    } else {
                        of_sku * Decimal::from(i.ordered) / Decimal::from(units_of_sku)
                    }
                })
                .collect(),
        )
    };
    let names = |kind: BreakdownType| {
        let mut names: Vec<&str> = cost
            .breakdown
            .iter()
            .filter(|b| b.kind == kind && !b.amount.is_zero())
            .map(|b| &*b.tax_name)
            .collect();
        let mut seen = Vec::new();
        names.retain(|n| {
            !seen.contains(n) && {
                seen.push(*n);
                true
            }
        });
        names.join(" + ")
    };
    let mut paid = vec![PaidCharge {
        label: "Duties".into(),
        amount: by_breakdown(BreakdownType::Duty).part_of(cost.duties, currency),
    }];
    for (kind, total, on) in [
        (BreakdownType::ProductTax, cost.product_taxes, "goods"),
        (BreakdownType::ShipmentTax, cost.shipment_taxes, "shipping"),
    ] {
        if total.is_zero() {
            continue;
        }
        let weights = if kind == BreakdownType::ShipmentTax {
            &by_value
        } else {
            &by_breakdown(kind)
        };
        let named = names(kind);
        paid.push(PaidCharge {
            label: if named.is_empty() {
                format!("Taxes on {on}")
            } else if named.contains(&format!(" on {on}")) {
                named
            } else {
                format!("{named} on {on}")
            },
            amount: weights.part_of(total, currency),
        });
    }
    Some((
        by_value.part_of(shipment.rate.shipping_rate, currency),
        paid,
    ))
}
