//! The parcel being packed: what the packer typed (text, as typed), checked as typed, turned
//! into the station's `NewParcel`, and the problems the service or the station reported,
//! placed on the fields they name. No egui here.

mod check;
mod fields;
mod form;
mod weight;

use rust_decimal::Decimal;

/// Why a scanned SKU did not go into the parcel; the text is what the packer reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScanMiss {
    #[error("SKU {sku} is not in shipment {shipment}.")]
    NotInShipment { sku: String, shipment: String },
    #[error("All {left} unit(s) of SKU {sku} left are already in this parcel.")]
    AllPacked { sku: String, left: u32 },
}

pub use check::Check;
pub use fields::{AddressField, FieldKey, Side, place_reported};
pub use form::{AddressInput, LabelMode, LineInput, ParcelEdit, ParcelForm, parse_units};
pub use weight::{parse_amount, weight_text, weight_warning};

use crate::demo::orders::{PHONE_FROM, PHONE_TO};
use crate::domain::{LengthUnit, Weight, WeightUnit};
use crate::station::db::{
    Dimensions, NewParcel, NewParcelLine, StationOrder, StationShipment, prefill_label_address,
};
use crate::station::settings::{Settings, Units};

impl ParcelForm {
    /// A fresh form: nothing chosen, addresses prefilled from the order (phones from the
    /// order's `custom_properties`), units from Settings, a new track reference.
    pub fn new(order: &StationOrder, shipment: &StationShipment, settings: &Settings) -> Self {
        let phone = |key: &str| {
            order
                .create
                .custom_properties
                .as_ref()
                .and_then(|p| p.get(key))
                .and_then(|v| v.as_str())
                .unwrap_or("")
                .to_string()
        };
        let mut to = prefill_label_address(&order.cart.ship_to);
        to.phone_number = phone(PHONE_TO);
        let mut from = prefill_label_address(&shipment.ship_from);
        from.phone_number = phone(PHONE_FROM);
        let lines = shipment
            .items
            .iter()
            .filter(|i| i.item.requires_shipping)
            .map(|i| LineInput {
                source_line_id: i.item.source_line_id.clone(),
                sku: i.item.sku.clone(),
                product: i.item.product_name.clone(),
                ordered: i.ordered,
                in_parcels: i.in_parcels,
                left: i.left,
                include: false,
                quantity: String::new(),
                asn: format!("{}-{}", order.source_reference, i.item.source_line_id),
                unit_grams: WeightUnit::parse_cart(&i.item.weight.unit)
                    .map(|unit| Weight::new(i.item.weight.per_unit, unit).grams()),
            })
            .collect();
        let (weight_unit, length_unit) = match settings.units {
            Units::Metric => (WeightUnit::Gram, LengthUnit::Centimetre),
            Units::Imperial => (WeightUnit::Pound, LengthUnit::Inch),
        };
        Self {
            order: order.source_reference,
            shipment_id: shipment.shipment_id.clone(),
            lines,
            weight: String::new(),
            weight_unit,
            length: String::new(),
            width: String::new(),
            height: String::new(),
            length_unit,
            from: AddressInput::from_label(&from),
            to: AddressInput::from_label(&to),
            mode: LabelMode::Parcel,
            base64: false,
            track_reference: format!(
                "{}-{}-{}",
                order.source_reference,
                shipment.shipment_id,
                shipment.parcels.len() + 1
            ),
            brand_code: settings.brand_code.clone(),
            reported: Vec::new(),
            reported_other: Vec::new(),
            // The addresses come filled in: what is wrong with them shows at once.
            touched: [Side::From, Side::To]
                .into_iter()
                .flat_map(|side| AddressField::ALL.map(|f| FieldKey::Address(side, f)))
                .collect(),
            show_all: false,
            scale_weight: None,
            weight_typed: false,
        }
    }

    /// Applies one edit and forgets what was reported about the edited field.
    pub fn apply(&mut self, edit: ParcelEdit) {
        let touched = match &edit {
            ParcelEdit::Include(i, _) => vec![
                FieldKey::LineInclude(*i),
                FieldKey::LineQuantity(*i),
                FieldKey::Lines,
            ],
            ParcelEdit::Quantity(i, _) => vec![FieldKey::LineQuantity(*i), FieldKey::Lines],
            ParcelEdit::Asn(i, _) => vec![FieldKey::LineAsn(*i)],
            ParcelEdit::Weight(_) | ParcelEdit::WeightUnit(_) => vec![FieldKey::Weight],
            ParcelEdit::Length(_) => vec![FieldKey::Length, FieldKey::DimensionsUnit],
            ParcelEdit::Width(_) => vec![FieldKey::Width, FieldKey::DimensionsUnit],
            ParcelEdit::Height(_) => vec![FieldKey::Height, FieldKey::DimensionsUnit],
            ParcelEdit::LengthUnit(_) => vec![FieldKey::DimensionsUnit],
            ParcelEdit::Address(side, field, _) => vec![FieldKey::Address(*side, *field)],
            ParcelEdit::Mode(_) => vec![FieldKey::Lines],
            ParcelEdit::EverythingLeft => (0..self.lines.len())
                .map(FieldKey::LineQuantity)
                .chain([FieldKey::Lines])
                .collect(),
            ParcelEdit::Base64(_) => Vec::new(),
        };
        self.reported.retain(|(key, _)| !touched.contains(key));
        self.touched.extend(touched);
        match edit {
            ParcelEdit::Include(i, include) => {
                if let Some(line) = self.lines.get_mut(i) {
                    line.include = include;
                    if include && line.quantity.trim().is_empty() {
                        line.quantity = line.left.to_string();
                    }
                }
            }
            ParcelEdit::Quantity(i, text) => {
                if let Some(line) = self.lines.get_mut(i) {
                    line.include = !text.trim().is_empty();
                    line.quantity = text;
                }
            }
            ParcelEdit::Asn(i, text) => {
                if let Some(line) = self.lines.get_mut(i) {
                    line.asn = text;
                }
            }
            ParcelEdit::Weight(text) => {
                self.weight = text;
                self.weight_typed = true;
                self.scale_weight = None;
            }
            ParcelEdit::WeightUnit(unit) => {
                self.weight_unit = unit;
                if let Some(weight) = self.scale_weight {
                    self.weight = weight_text(weight, unit);
                }
            }
            ParcelEdit::Length(text) => self.length = text,
            ParcelEdit::Width(text) => self.width = text,
            ParcelEdit::Height(text) => self.height = text,
            ParcelEdit::LengthUnit(unit) => self.length_unit = unit,
            ParcelEdit::Address(Side::From, field, text) => self.from.set(field, text),
            ParcelEdit::Address(Side::To, field, text) => self.to.set(field, text),
            ParcelEdit::Mode(mode) => self.mode = mode,
            ParcelEdit::Base64(on) => self.base64 = on,
            ParcelEdit::EverythingLeft => {
                for line in self.lines.iter_mut().filter(|l| l.left > 0) {
                    line.include = true;
                    line.quantity = line.left.to_string();
                }
            }
        }
    }

    /// A scanned SKU: one more unit of it in the parcel (the line's index). `Err` says why not.
    pub fn scan_sku(&mut self, sku: &str) -> Result<usize, ScanMiss> {
        let sku = sku.trim();
        let matching: Vec<usize> = (0..self.lines.len())
            .filter(|&i| {
                self.lines
                    .get(i)
                    .is_some_and(|l| l.sku.eq_ignore_ascii_case(sku))
            })
            .collect();
        if matching.is_empty() {
            return Err(ScanMiss::NotInShipment {
                sku: sku.to_string(),
                shipment: self.shipment_id.clone(),
            });
        }
        let room = matching.iter().copied().find(|&i| {
            self.lines
                .get(i)
                .is_some_and(|l| !l.include || parse_units(&l.quantity).is_some_and(|q| q < l.left))
                && self.lines.get(i).is_some_and(|l| l.left > 0)
        });
        let Some(index) = room else {
            let left: u32 = matching
                .iter()
                .filter_map(|&i| self.lines.get(i))
                .map(|l| l.left)
                .sum();
            return Err(ScanMiss::AllPacked {
                sku: sku.to_string(),
                left,
            });
        };
        let current = self
            .lines
            .get(index)
            .filter(|l| l.include)
            .and_then(|l| parse_units(&l.quantity))
            .unwrap_or(0);
        self.apply(ParcelEdit::Quantity(index, (current + 1).to_string()));
        Ok(index)
    }

    /// Form indices of the lines that go into the parcel, in the order they are sent.
    pub fn chosen_lines(&self) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&i| {
                self.lines.get(i).is_some_and(|l| match self.mode {
                    LabelMode::FullOrder => l.left > 0,
                    LabelMode::Parcel => l.include,
                })
            })
            .collect()
    }

    /// Checks the form as typed (see [`Check`]).
    pub fn check(&self) -> Check {
        check::check(self)
    }

    /// The parcel to record, or the check with its problems.
    pub fn to_new_parcel(&self) -> Result<NewParcel, Check> {
        let check = self.check();
        if !check.is_ok() {
            return Err(check);
        }
        let weight = parse_amount(&self.weight).ok_or_else(|| check.clone())?;
        let lines = self
            .chosen_lines()
            .into_iter()
            .filter_map(|i| self.lines.get(i))
            .map(|l| NewParcelLine {
                source_line_id: l.source_line_id.clone(),
                quantity: match self.mode {
                    LabelMode::FullOrder => l.left,
                    LabelMode::Parcel => parse_units(&l.quantity).unwrap_or(0),
                },
                asn: l.asn.trim().to_string(),
            })
            .collect();
        let dimensions = match (
            parse_amount(&self.length),
            parse_amount(&self.width),
            parse_amount(&self.height),
        ) {
            (Some(length), Some(width), Some(height)) => Some(Dimensions {
                length,
                width,
                height,
                unit: self.length_unit,
            }),
            _ => None,
        };
        Ok(NewParcel {
            lines,
            weight: Weight::new(weight, self.weight_unit),
            dimensions,
            track_reference: self.track_reference.trim().to_string(),
            from: self.from.to_label(),
            to: self.to.to_label(),
        })
    }

    /// The sum of the chosen items' weights in grams; `None` when nothing is chosen or a
    /// chosen item's weight is unknown.
    pub fn expected_grams(&self) -> Option<Decimal> {
        let mut total = Decimal::ZERO;
        let chosen = self.chosen_lines();
        if chosen.is_empty() {
            return None;
        }
        for line in chosen.into_iter().filter_map(|i| self.lines.get(i)) {
            let units = match self.mode {
                LabelMode::FullOrder => line.left,
                LabelMode::Parcel => parse_units(&line.quantity)?,
            };
            total += line.unit_grams? * Decimal::from(units);
        }
        Some(total)
    }

    /// Puts reported problems on their fields; `sent` are the form indices of the lines in the
    /// order they were sent (`skus[i]`, `lines[i]`).
    pub fn set_reported(&mut self, errors: &[crate::api::FieldError], sent: &[usize]) {
        let (placed, other) = place_reported(errors, sent);
        self.reported = placed;
        self.reported_other = other;
    }

    /// The message to show next to a field: the check as typed (once the field was touched or
    /// every problem is to show), then what was reported.
    pub fn message(&self, check: &Check, key: FieldKey) -> Option<String> {
        let typed = check
            .errors
            .get(&key)
            .filter(|_| self.show_all || self.touched.contains(&key));
        typed.cloned().or_else(|| {
            let reported: Vec<&str> = self
                .reported
                .iter()
                .filter(|(k, _)| *k == key)
                .map(|(_, m)| m.as_str())
                .collect();
            (!reported.is_empty()).then(|| reported.join(" "))
        })
    }
}

#[cfg(test)]
mod tests;
