//! The parcel form's types: what the packer typed, as typed, and the edits a view emits.

use std::collections::HashSet;

use rust_decimal::Decimal;

use super::fields::{AddressField, FieldKey, Side};
use crate::api::LabelAddress;
use crate::domain::{LengthUnit, Weight, WeightUnit};
use crate::station::db::OrderNumber;

/// Which label to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelMode {
    /// Only `orderNumber`: the order's one label; the parcel holds everything left.
    FullOrder,
    /// The split-parcel fields: a label for the chosen items.
    Parcel,
}

/// One item line of the shipment as the form shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct LineInput {
    pub source_line_id: String,
    pub sku: String,
    pub product: String,
    pub ordered: u32,
    pub in_parcels: u32,
    pub left: u32,
    pub include: bool,
    /// Units in this parcel, as typed.
    pub quantity: String,
    pub asn: String,
    /// Weight of one unit in grams, from the cart; `None` when the cart's unit is unknown.
    pub unit_grams: Option<Decimal>,
}

/// An address as typed: the label address fields as text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddressInput {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub province: String,
    pub country: String,
    pub zipcode: String,
}

impl AddressInput {
    pub fn from_label(address: &LabelAddress) -> Self {
        Self {
            first_name: address.first_name.clone(),
            last_name: address.last_name.clone(),
            phone_number: address.phone_number.clone(),
            line1: address.line1.clone(),
            line2: address.line2.clone().unwrap_or_default(),
            city: address.city.clone(),
            province: address.province.clone(),
            country: address.country.clone(),
            zipcode: address.zipcode.clone(),
        }
    }

    /// The label address, trimmed; a blank line 2 is left out.
    pub fn to_label(&self) -> LabelAddress {
        let line2 = self.line2.trim();
        LabelAddress {
            first_name: self.first_name.trim().into(),
            last_name: self.last_name.trim().into(),
            phone_number: self.phone_number.trim().into(),
            line1: self.line1.trim().into(),
            line2: (!line2.is_empty()).then(|| line2.to_string()),
            city: self.city.trim().into(),
            province: self.province.trim().into(),
            country: self.country.trim().to_ascii_uppercase(),
            zipcode: self.zipcode.trim().into(),
        }
    }

    pub fn get(&self, field: AddressField) -> &str {
        match field {
            AddressField::FirstName => &self.first_name,
            AddressField::LastName => &self.last_name,
            AddressField::Phone => &self.phone_number,
            AddressField::Line1 => &self.line1,
            AddressField::Line2 => &self.line2,
            AddressField::City => &self.city,
            AddressField::Province => &self.province,
            AddressField::Country => &self.country,
            AddressField::Zipcode => &self.zipcode,
        }
    }

    pub(super) fn set(&mut self, field: AddressField, value: String) {
        let slot = match field {
            AddressField::FirstName => &mut self.first_name,
            AddressField::LastName => &mut self.last_name,
            AddressField::Phone => &mut self.phone_number,
            AddressField::Line1 => &mut self.line1,
            AddressField::Line2 => &mut self.line2,
            AddressField::City => &mut self.city,
            AddressField::Province => &mut self.province,
            AddressField::Country => &mut self.country,
            AddressField::Zipcode => &mut self.zipcode,
        };
        *slot = value;
    }
}

/// A change the packer made to the form (the view emits these; `packing::handle` applies them).
#[derive(Debug, Clone, PartialEq)]
pub enum ParcelEdit {
    Include(usize, bool),
    Quantity(usize, String),
    Asn(usize, String),
    Weight(String),
    WeightUnit(WeightUnit),
    Length(String),
    Width(String),
    Height(String),
    LengthUnit(LengthUnit),
    Address(Side, AddressField, String),
    Mode(LabelMode),
    Base64(bool),
    /// Put every unit left into this parcel.
    EverythingLeft,
}

/// The form for one parcel of one shipment.
#[derive(Debug, Clone, PartialEq)]
pub struct ParcelForm {
    pub order: OrderNumber,
    pub shipment_id: String,
    pub lines: Vec<LineInput>,
    pub weight: String,
    pub weight_unit: WeightUnit,
    pub length: String,
    pub width: String,
    pub height: String,
    pub length_unit: LengthUnit,
    pub from: AddressInput,
    pub to: AddressInput,
    pub mode: LabelMode,
    pub base64: bool,
    pub track_reference: String,
    pub brand_code: String,
    /// Problems the service or the station reported for the last request, on their fields;
    /// a field's entry goes when the packer edits it.
    pub reported: Vec<(FieldKey, String)>,
    /// Reported problems that no field of the form shows.
    pub reported_other: Vec<String>,
    /// Fields the packer changed (and the prefilled addresses): their problems show as typed.
    pub touched: HashSet<FieldKey>,
    /// Every problem shows (after "Get label" was asked for with problems left).
    pub show_all: bool,
    /// The weight the scale last filled in (so a change of unit converts it rather than
    /// reading its digits in the other unit); `None` once the packer typed one.
    pub scale_weight: Option<Weight>,
    /// The packer typed a weight: the scale leaves it alone until the next parcel.
    pub weight_typed: bool,
}

/// A whole number of units, as typed.
pub fn parse_units(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}
