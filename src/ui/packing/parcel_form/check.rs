//! The parcel form checked as typed: every problem on its field, plus the weight warning.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::fields::FieldKey;
use super::fields::place_reported;
use super::form::{LabelMode, ParcelForm, parse_units};
use super::weight::{parse_amount, weight_warning};
use crate::domain::Weight;
use crate::domain::validate::label_address;

/// What is wrong with the form as typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Check {
    /// A message per field.
    pub errors: HashMap<FieldKey, String>,
    /// Problems that belong to no field (e.g. a setting that is missing).
    pub general: Vec<String>,
    /// A likely unit slip; does not block the label.
    pub weight_warning: Option<String>,
}

impl Check {
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty() && self.general.is_empty()
    }

    /// Every problem as one sentence each (for a disabled button's hover text).
    pub fn summary(&self) -> Vec<String> {
        let mut all: Vec<String> = self.general.clone();
        let mut fields: Vec<&String> = self.errors.values().collect();
        fields.sort();
        all.extend(fields.into_iter().cloned());
        all
    }
}

pub(super) fn check(form: &ParcelForm) -> Check {
    let mut errors: HashMap<FieldKey, String> = HashMap::new();
    let mut general: Vec<String> = Vec::new();
    let mut add = |key: FieldKey, message: String| {
        errors.entry(key).or_insert(message);
    };
    let chosen = form.chosen_lines();
    if chosen.is_empty() {
        let message = match form.mode {
            LabelMode::Parcel => "Choose at least one item for this parcel (tick it or scan it).",
            LabelMode::FullOrder => "Nothing is left to pack in this shipment.",
        };
        add(FieldKey::Lines, message.into());
    }
    if form.mode == LabelMode::Parcel {
        for i in chosen.iter().copied() {
            let Some(line) = form.lines.get(i) else {
                continue;
            };
            match parse_units(&line.quantity) {
                _ if line.left == 0 => add(
                    FieldKey::LineQuantity(i),
                    format!("Nothing of {} is left to pack.", line.sku),
                ),
                None => add(
                    FieldKey::LineQuantity(i),
                    format!("Enter a whole number of units, 1 to {}.", line.left),
                ),
                Some(0) => add(
                    FieldKey::LineQuantity(i),
                    format!("Enter 1 to {} units, or untick the item.", line.left),
                ),
                Some(q) if q > line.left => add(
                    FieldKey::LineQuantity(i),
                    format!(
                        "Only {} left ({} ordered, {} in earlier parcels).",
                        line.left, line.ordered, line.in_parcels
                    ),
                ),
                Some(_) => {}
            }
        }
    }
    for i in chosen.iter().copied() {
        if form.lines.get(i).is_some_and(|l| l.asn.trim().is_empty()) {
            add(FieldKey::LineAsn(i), "Enter the ASN of this item.".into());
        }
    }
    let weight = parse_amount(&form.weight);
    match weight {
        None if form.weight.trim().is_empty() => add(
            FieldKey::Weight,
            "Enter the parcel weight from the scale.".into(),
        ),
        None => add(
            FieldKey::Weight,
            format!(
                "\"{}\" is not a weight: enter a number such as 1.25.",
                form.weight.trim()
            ),
        ),
        Some(value) if value <= Decimal::ZERO => {
            add(FieldKey::Weight, "The weight must be more than 0.".into())
        }
        Some(_) => {}
    }
    let sides = [
        (FieldKey::Length, "length", &form.length),
        (FieldKey::Width, "width", &form.width),
        (FieldKey::Height, "height", &form.height),
    ];
    if sides.iter().any(|(_, _, text)| !text.trim().is_empty()) {
        for (key, name, text) in sides {
            match parse_amount(text) {
                Some(v) if v > Decimal::ZERO => {}
                None if text.trim().is_empty() => add(
                    key,
                    format!("Enter the {name} too: length, width and height go together."),
                ),
                _ => add(key, format!("The {name} must be a number above 0.")),
            }
        }
    }
    let lines: Vec<usize> = Vec::new();
    for (prefix, address) in [("from", &form.from), ("to", &form.to)] {
        let (placed, other) = place_reported(&label_address(&address.to_label(), prefix), &lines);
        for (key, message) in placed {
            add(key, message);
        }
        general.extend(other);
    }
    if form.track_reference.trim().is_empty() {
        add(
            FieldKey::TrackReference,
            "A track reference is needed.".into(),
        );
    }
    if form.mode == LabelMode::Parcel && form.brand_code.trim().is_empty() {
        general.push("The brand code is not set: enter it in Settings.".into());
    }
    let weight_warning = match (weight, form.expected_grams()) {
        (Some(value), Some(expected)) => {
            weight_warning(Weight::new(value, form.weight_unit), expected)
        }
        _ => None,
    };
    Check {
        errors,
        general,
        weight_warning,
    }
}
