//! Claims: one shipment, one packer. Opening a shipment to pack it claims it for this desk (and
//! person) on a lease the desk renews while it stays open; another desk sees it read-only with
//! who has it, until it is released, its lease runs out (a crashed desk), or a supervisor takes
//! it over.

use std::time::Duration;

use time::{OffsetDateTime, UtcOffset};

use super::types::OrderNumber;

/// How long a claim holds without renewal: long enough that a busy desk renews it many times
/// over (every [`CLAIM_RENEW_EVERY`]), short enough that a crashed desk's shipment frees soon.
pub const CLAIM_LEASE: Duration = Duration::from_secs(120);

/// How often an open shipment's claim is renewed.
pub const CLAIM_RENEW_EVERY: Duration = Duration::from_secs(40);

/// Who claims: this desk, and the person signed in at it when people are set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimant {
    /// Stable per desk (generated once, kept in its settings): two desks may share a name.
    pub desk_id: String,
    pub desk_name: String,
    pub person: Option<String>,
}

/// A shipment's live claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub order: OrderNumber,
    pub shipment_id: String,
    pub by: Claimant,
    pub since: OffsetDateTime,
    pub until: OffsetDateTime,
}

impl Claim {
    /// "Being packed at Station 3 by Ana since 10:42", the time in `offset` (the desk's local
    /// time when known, else UTC, said as such).
    pub fn describe(&self, offset: Option<UtcOffset>) -> String {
        let at = self.since.to_offset(offset.unwrap_or(UtcOffset::UTC));
        let zone = if offset.is_some() { "" } else { " UTC" };
        let by = self
            .by
            .person
            .as_deref()
            .map(|p| format!(" by {p}"))
            .unwrap_or_default();
        format!(
            "Being packed at {}{by} since {:02}:{:02}{zone}.",
            self.by.desk_name,
            at.hour(),
            at.minute()
        )
    }

    pub fn is_held_by(&self, desk_id: &str) -> bool {
        self.by.desk_id == desk_id
    }
}

/// What claiming a shipment found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimOutcome {
    /// This desk holds it (newly or renewed).
    Ours(Claim),
    /// Another desk holds it.
    Theirs(Claim),
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{datetime, offset};

    fn claim(person: Option<&str>) -> Claim {
        Claim {
            order: 1001,
            shipment_id: "S1".into(),
            by: Claimant {
                desk_id: "d3".into(),
                desk_name: "Station 3".into(),
                person: person.map(Into::into),
            },
            since: datetime!(2026-11-24 09:42 UTC),
            until: datetime!(2026-11-24 09:44 UTC),
        }
    }

    #[test]
    fn says_where_who_and_since_when_in_local_time() {
        assert_eq!(
            claim(Some("Ana")).describe(Some(offset!(+1))),
            "Being packed at Station 3 by Ana since 10:42."
        );
        assert_eq!(
            claim(None).describe(None),
            "Being packed at Station 3 since 09:42 UTC."
        );
    }
}
