//! The desk's scale at the packing view: each reading is shown beside the weight field, and a
//! stable one above zero fills the field in its unit unless the packer typed a weight for this
//! parcel (`ParcelForm::scale_reading`).

use super::state::{Packing, ScaleLive};
use crate::station::scale::ScaleEvent;

pub fn event(packing: &mut Packing, event: ScaleEvent) {
    packing.scale = Some(match event {
        ScaleEvent::Reading(reading) => {
            if reading.usable()
                && let Some(open) = &mut packing.open
                && open.parcel.is_none()
                && !open.label.in_flight()
            {
                let weight = reading.to_weight(open.form.weight_unit);
                open.form.scale_reading(weight);
            }
            ScaleLive::Reading(reading)
        }
        ScaleEvent::Problem(why) => ScaleLive::Problem(why),
    });
}

/// The line beside the weight field: "Scale: 0.420 kg, stable".
pub fn live_text(live: &ScaleLive) -> (String, bool) {
    match live {
        ScaleLive::Reading(reading) => (format!("Scale: {reading}"), reading.usable()),
        ScaleLive::Problem(why) => (format!("Scale: {why}"), false),
    }
}
