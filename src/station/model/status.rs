//! Order and shipment status, derived from what was recorded (never set by hand).
//!
//! A shipment is
//! - **Canceled** once a cancellation was recorded for it;
//! - else **Fulfilled** when every line that requires shipping has all its units in
//!   fulfillments (a shipment with only digital lines has nothing to ship and counts as fulfilled);
//! - else **PartlyFulfilled** when at least one fulfillment was recorded;
//! - else **Labelled** when a parcel that was not voided has a label with status `success`;
//! - else **Open**.
//!
//! An order is **Canceled** when all its shipments are; otherwise, looking only at the shipments
//! that are not canceled, **Fulfilled** when all of them are, **PartlyFulfilled** when any is
//! fulfilled or partly fulfilled, **Labelled** when any is labelled, else **Open**.

/// Status of an order or of one shipment; the derivation is in the module documentation.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    Open,
    Labelled,
    PartlyFulfilled,
    Fulfilled,
    Canceled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [
        Self::Open,
        Self::Labelled,
        Self::PartlyFulfilled,
        Self::Fulfilled,
        Self::Canceled,
    ];

    /// Stable code stored in the database.
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Labelled => "labelled",
            Self::PartlyFulfilled => "partly_fulfilled",
            Self::Fulfilled => "fulfilled",
            Self::Canceled => "canceled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// For people: "open", "labelled", "partly fulfilled", "fulfilled", "canceled".
    pub fn label(&self) -> &'static str {
        match self {
            Self::PartlyFulfilled => "partly fulfilled",
            other => other.as_str(),
        }
    }
}

impl std::fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// What the status of one shipment is derived from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ShipmentFacts {
    pub canceled: bool,
    pub has_success_label: bool,
    pub fulfillments: u32,
    /// Per line: (ordered, fulfilled, requires_shipping).
    pub lines: Vec<(u32, u32, bool)>,
}

pub(crate) fn shipment_status(facts: &ShipmentFacts) -> OrderStatus {
    let all_shipped = facts
        .lines
        .iter()
        .all(|&(ordered, fulfilled, requires_shipping)| !requires_shipping || fulfilled >= ordered);
    if facts.canceled {
        OrderStatus::Canceled
    } else if all_shipped {
        OrderStatus::Fulfilled
    } else if facts.fulfillments > 0 {
        OrderStatus::PartlyFulfilled
    } else if facts.has_success_label {
        OrderStatus::Labelled
    } else {
        OrderStatus::Open
    }
}

pub(crate) fn order_status(shipments: &[OrderStatus]) -> OrderStatus {
    let live: Vec<OrderStatus> = shipments
        .iter()
        .copied()
        .filter(|s| *s != OrderStatus::Canceled)
        .collect();
    let any = |wanted: &[OrderStatus]| live.iter().any(|s| wanted.contains(s));
    if live.is_empty() && !shipments.is_empty() {
        OrderStatus::Canceled
    } else if !live.is_empty() && live.iter().all(|s| *s == OrderStatus::Fulfilled) {
        OrderStatus::Fulfilled
    } else if any(&[OrderStatus::Fulfilled, OrderStatus::PartlyFulfilled]) {
        OrderStatus::PartlyFulfilled
    } else if any(&[OrderStatus::Labelled]) {
        OrderStatus::Labelled
    } else {
        OrderStatus::Open
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::*;
    use super::*;

    fn facts(lines: &[(u32, u32, bool)]) -> ShipmentFacts {
        ShipmentFacts {
            lines: lines.to_vec(),
            ..ShipmentFacts::default()
        }
    }

    #[test]
    fn shipment_status_follows_what_was_recorded() {
        let mut f = facts(&[(2, 0, true), (1, 0, true)]);
        assert_eq!(shipment_status(&f), Open);
        f.has_success_label = true;
        assert_eq!(shipment_status(&f), Labelled);
        f.fulfillments = 1;
        f.lines = vec![(2, 2, true), (1, 0, true)];
        assert_eq!(shipment_status(&f), PartlyFulfilled);
        f.lines = vec![(2, 2, true), (1, 1, true)];
        assert_eq!(shipment_status(&f), Fulfilled);
        f.canceled = true;
        assert_eq!(shipment_status(&f), Canceled);
    }

    #[test]
    fn digital_lines_never_hold_a_shipment_open() {
        assert_eq!(shipment_status(&facts(&[(1, 0, false)])), Fulfilled);
        let mut f = facts(&[(1, 0, false), (3, 3, true)]);
        f.fulfillments = 1;
        assert_eq!(shipment_status(&f), Fulfilled);
    }

    #[test]
    fn order_status_ignores_canceled_shipments_unless_all_are() {
        assert_eq!(order_status(&[Open, Open]), Open);
        assert_eq!(order_status(&[Open, Labelled]), Labelled);
        assert_eq!(order_status(&[Labelled, Fulfilled]), PartlyFulfilled);
        assert_eq!(order_status(&[PartlyFulfilled, Open]), PartlyFulfilled);
        assert_eq!(order_status(&[Fulfilled, Canceled]), Fulfilled);
        assert_eq!(order_status(&[Canceled, Open]), Open);
        assert_eq!(order_status(&[Canceled, Canceled]), Canceled);
        assert_eq!(order_status(&[Fulfilled, Fulfilled]), Fulfilled);
    }

    #[test]
    fn codes_round_trip() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(PartlyFulfilled.to_string(), "partly fulfilled");
        assert_eq!(OrderStatus::parse("shipped"), None);
    }
}
