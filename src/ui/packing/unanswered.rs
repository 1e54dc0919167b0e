//! Writes of the open order that were sent and not answered (the warehouse server unreachable,
//! the connection cut, the record's commit cut off): each keeps the key of its first try, so
//! asking for the same write again (F2, F4, the cancel confirmation, Retry) sends the same key
//! and the warehouse records it once (`api::idempotency`). Once an answer comes, the write is
//! forgotten and the next one gets a key of its own.

use crate::api::IdempotencyKey;
use crate::station::db::{FulfillmentInput, ParcelId};
use crate::ui::failure::Failure;
use crate::ui::packing::command::LabelPlan;

/// A write as first asked, and its key.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked<W> {
    pub write: W,
    pub key: IdempotencyKey,
}

/// The open order's unanswered writes, one of each kind at most (one is in flight at a time).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unanswered {
    /// A parcel to record with its label request, or a recorded parcel's label asked again.
    pub label: Option<Asked<LabelPlan>>,
    pub fulfill: Option<Asked<(ParcelId, FulfillmentInput)>>,
    /// The shipment whose cancellation was sent.
    pub cancel: Option<Asked<String>>,
}

/// `write` as it goes out: the unanswered one it repeats (with its key, and as first asked),
/// or itself with a fresh key, kept as unanswered until [`settle`].
pub fn ask<W: Clone>(
    slot: &mut Option<Asked<W>>,
    write: W,
    repeats: impl Fn(&W, &W) -> bool,
) -> Asked<W> {
    match slot {
        Some(asked) if repeats(&asked.write, &write) => asked.clone(),
        _ => {
            let asked = Asked {
                write,
                key: IdempotencyKey::new(),
            };
            *slot = Some(asked.clone());
            asked
        }
    }
}

/// A fulfillment repeats an unanswered one of the same parcel, tracking number, carrier and
/// location; it goes out with the first try's time (the parcel shipped then).
pub fn same_fulfillment(
    (first_parcel, first): &(ParcelId, FulfillmentInput),
    (parcel, input): &(ParcelId, FulfillmentInput),
) -> bool {
    first_parcel == parcel
        && first.tracking_number == input.tracking_number
        && first.carrier == input.carrier
        && first.location == input.location
}

/// Forgets the write once the warehouse answered it, or definitely refused it; keeps it (and
/// its key) when the answer may have been lost.
pub fn settle<W>(slot: &mut Option<Asked<W>>, outcome: Result<(), &Failure>) {
    if outcome.map_or_else(|failure| !failure.is_offline(), |()| true) {
        *slot = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_keeps_its_key_until_answered_and_another_write_gets_its_own() {
        let mut slot = None;
        let first = ask(&mut slot, "S1".to_string(), PartialEq::eq);
        let again = ask(&mut slot, "S1".to_string(), PartialEq::eq);
        assert_eq!(again.key, first.key, "a repeat sends the first key");
        settle(&mut slot, Err(&Failure::WarehouseUnreachable));
        assert_eq!(ask(&mut slot, "S1".into(), PartialEq::eq).key, first.key);
        let other = ask(&mut slot, "S2".to_string(), PartialEq::eq);
        assert_ne!(other.key, first.key, "another write is another key");
        settle(&mut slot, Ok(()));
        assert_ne!(ask(&mut slot, "S2".into(), PartialEq::eq).key, other.key);
        settle(&mut slot, Err(&Failure::Other("refused".into())));
        assert!(slot.is_none(), "a refusal is an answer");
    }
}
