//! The status values of an order update (SPEC 3): the checked forms of the text the wire carries.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Shipment `status` of `PUT /v1/orders` (SPEC 2.17, 4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipmentStatus {
    Fulfilled,
    /// Spelled `canceled` (one l) on the wire.
    Canceled,
}

impl ShipmentStatus {
    pub const ALL: [ShipmentStatus; 2] = [Self::Fulfilled, Self::Canceled];

    /// Exactly the wire spelling; anything else (including `cancelled`) is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Fulfilled => "fulfilled",
            Self::Canceled => "canceled",
        }
    }
}

impl fmt::Display for ShipmentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Fulfillment `status` of `PUT /v1/orders` (SPEC 2.17): only `in_transit` is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FulfillmentStatus {
    InTransit,
}

impl FulfillmentStatus {
    pub const ALL: [FulfillmentStatus; 1] = [Self::InTransit];

    /// Exactly the wire spelling; anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::InTransit => "in_transit",
        }
    }
}

impl fmt::Display for FulfillmentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_parse_only_their_wire_spelling() {
        for status in ShipmentStatus::ALL {
            assert_eq!(ShipmentStatus::parse(status.as_str()), Some(status));
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{}\"", status.as_str()));
        }
        assert_eq!(ShipmentStatus::parse("cancelled"), None);
        assert_eq!(ShipmentStatus::parse("Fulfilled"), None);
        assert_eq!(
            FulfillmentStatus::parse("in_transit"),
            Some(FulfillmentStatus::InTransit)
        );
        assert_eq!(FulfillmentStatus::parse("in transit"), None);
    }
}
