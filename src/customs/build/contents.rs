//! What the parcel holds: the units of each item line before, in and through it, and the goods
//! lines customs sees (value, HS code, origin, weight).

use rust_decimal::Decimal;

use super::parties::{party_of_address, party_of_label};
use super::types::{BuildError, Missing, MissingAt};
use crate::api::LabelStatus;
use crate::customs::paperwork::{GoodsLine, ParcelOf, Party};
use crate::domain::{CountryCode, Currency, Weight, WeightUnit};
use crate::station::db::{ParcelId, StationOrder, StationShipment};

/// The units of each item line before, in and through the parcel; its place in the shipment.
pub(super) struct Contents {
    /// Per item line, in the cart's order.
    pub(super) before: Vec<u32>,
    pub(super) through: Vec<u32>,
    pub(super) parcel: ParcelOf,
    /// Per goods line (lines with units in this parcel): units ordered.
    pub(super) slip_ordered: Vec<u32>,
    pub(super) tracking: String,
    pub(super) gross_weight: Option<Weight>,
    pub(super) consignee: Party,
    /// The destination city, for the incoterm's named place.
    pub(super) city: String,
}

impl Contents {
    pub(super) fn of(
        order: &StationOrder,
        shipment: &StationShipment,
        parcel: Option<ParcelId>,
    ) -> Result<Self, BuildError> {
        let count = |parcels: &[&crate::station::db::Parcel]| -> Vec<u32> {
            shipment
                .items
                .iter()
                .map(|item| {
                    parcels
                        .iter()
                        .flat_map(|p| &p.lines)
                        .filter(|l| l.source_line_id == item.item.source_line_id)
                        .map(|l| l.quantity)
                        .sum()
                })
                .collect()
        };
        let Some(id) = parcel else {
            let through: Vec<u32> = shipment
                .items
                .iter()
                .map(|i| {
                    if i.item.requires_shipping {
                        i.ordered
                    } else {
                        0
                    }
                })
                .collect();
            return Ok(Self {
                before: vec![0; through.len()],
                slip_ordered: through.iter().copied().filter(|&u| u > 0).collect(),
                through,
                parcel: ParcelOf { n: 1, m: 1 },
                tracking: String::new(),
                gross_weight: None,
                consignee: party_of_address(&order.cart.ship_to),
                city: order.cart.ship_to.city.clone().unwrap_or_default(),
            });
        };
        let live: Vec<_> = shipment
            .parcels
            .iter()
            .filter(|p| p.voided_at.is_none())
            .collect();
        let k = live.iter().position(|p| p.id == id).ok_or_else(|| {
            BuildError::NoParcel(order.source_reference, shipment.shipment_id.clone(), id)
        })?;
        let this = live[k];
        let before = count(&live[..k]);
        let through = count(&live[..=k]);
        let all_packed = shipment.items.iter().all(|i| i.left == 0);
        let tracking = this
            .labels
            .iter()
            .rev()
            .find(|l| l.status == LabelStatus::Success)
            .map(|l| l.tracking_code.clone())
            .unwrap_or_default();
        let slip_ordered = shipment
            .items
            .iter()
            .zip(before.iter().zip(&through))
            .filter(|(_, (b, t))| t > b)
            .map(|(i, _)| i.ordered)
            .collect();
        Ok(Self {
            before,
            through,
            parcel: ParcelOf {
                n: k as u32 + 1,
                // Not known while units are left to pack: the slip says "more to follow".
                m: if all_packed { live.len() as u32 } else { 0 },
            },
            slip_ordered,
            tracking,
            gross_weight: Some(this.weight),
            consignee: party_of_label(&this.to),
            city: this.to.city.clone(),
        })
    }

    fn in_parcel(&self, line: usize) -> u32 {
        self.through[line] - self.before[line]
    }
}

pub(super) fn goods_lines(
    order: &StationOrder,
    shipment: &StationShipment,
    contents: &Contents,
    currency: Currency,
    missing: &mut Vec<Missing>,
) -> Result<Vec<GoodsLine>, BuildError> {
    let classified = |sku: &str| {
        order
            .quote
            .as_ref()
            .and_then(|q| q.hs_codes.as_ref())
            .and_then(|codes| codes.iter().find(|c| c.sku == sku))
            .map(|c| c.hs_code.clone())
    };
    let mut lines = Vec::new();
    for (index, progress) in shipment.items.iter().enumerate() {
        let quantity = contents.in_parcel(index);
        if quantity == 0 {
            continue;
        }
        let item = &progress.item;
        let at = || MissingAt::Item {
            source_line_id: item.source_line_id.clone(),
        };
        let hs_code = item
            .hs_code
            .clone()
            .filter(|c| !c.trim().is_empty())
            .or_else(|| classified(&item.sku))
            .map(|c| c.chars().filter(char::is_ascii_digit).collect::<String>())
            .unwrap_or_default();
        if hs_code.len() < 6 {
            missing.push(Missing {
                at: at(),
                message: format!(
                    "{} has no HS code: customer service adds it to the product in the shop \
                     and sends the order again.",
                    item.sku
                ),
            });
        }
        if CountryCode::parse(&item.origin_country_code).is_none() {
            missing.push(Missing {
                at: at(),
                message: format!(
                    "{} has no country of origin: customer service adds it to the product in \
                     the shop and sends the order again.",
                    item.sku
                ),
            });
        }
        let unit = WeightUnit::parse_cart(&item.weight.unit)
            .ok_or_else(|| BuildError::WeightUnit(item.sku.clone(), item.weight.unit.clone()))?;
        let unit_value = currency.round(item.unit_price - item.unit_discount);
        lines.push(GoodsLine {
            sku: item.sku.clone(),
            description: describe(item),
            hs_code,
            origin_country_code: item.origin_country_code.to_ascii_uppercase(),
            quantity,
            unit_value,
            line_value: currency.round(unit_value * Decimal::from(quantity)),
            net_weight: Weight::new(item.weight.per_unit * Decimal::from(quantity), unit),
        });
    }
    Ok(lines)
}

/// "Product, variant: description", each part once.
fn describe(item: &crate::api::CartItem) -> String {
    let mut text = item.product_name.trim().to_owned();
    let variant = item.variant_name.trim();
    // A shop's placeholder variant ("Default", "Default Title") says nothing to customs.
    let placeholder = variant.to_ascii_lowercase().starts_with("default");
    if !variant.is_empty() && !placeholder && !text.contains(variant) {
        text = format!("{text}, {variant}");
    }
    let description = item.description.trim();
    if !description.is_empty() && !text.contains(description) {
        text = format!("{text}: {description}");
    }
    text
}

/// The sum of `weights`, in their unit when they share one, else in grams.
pub(super) fn total_weight(weights: impl Iterator<Item = Weight>) -> Weight {
    let weights: Vec<Weight> = weights.collect();
    match weights.first() {
        Some(first) if weights.iter().all(|w| w.unit == first.unit) => {
            Weight::new(weights.iter().map(|w| w.value).sum(), first.unit)
        }
        _ => Weight::new(weights.iter().map(Weight::grams).sum(), WeightUnit::Gram),
    }
}
