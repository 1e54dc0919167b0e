//! What a failed attempt means: retry later, delivered after all, or wait for a person.

use std::time::Duration;

use rand::Rng;
use time::OffsetDateTime;

use super::config::WorkerConfig;
use crate::api::{ClientError, FieldError};
use crate::station::db::{Answer, OutboxAction, OutboxEntry};

/// The outcome of a failed attempt.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// It reached the service after all (a create's 409 after an earlier attempt).
    Delivered(Answer),
    /// The service may take it later: try again at `at`.
    Retry { at: OffsetDateTime, why: String },
    /// No retry can fix it.
    NeedsAttention {
        why: String,
        fields: Vec<FieldError>,
    },
}

/// `first * 2^n`, at most `longest`; with `jitter`, a random point in its upper half so
/// stations that lost the service together do not come back together.
pub fn backoff(first: Duration, longest: Duration, n: u32, jitter: bool) -> Duration {
    let full = first
        .checked_mul(1u32.checked_shl(n.min(20)).unwrap_or(u32::MAX))
        .unwrap_or(longest)
        .min(longest);
    if !jitter {
        return full;
    }
    let half = full / 2;
    let millis = u64::try_from(half.as_millis()).unwrap_or(u64::MAX);
    half + Duration::from_millis(rand::rng().random_range(0..=millis))
}

/// A create refused as a duplicate of its own `source_reference`.
fn duplicate_order(error: &ClientError) -> bool {
    matches!(error, ClientError::Conflict { errors }
        if errors.iter().any(|e| e.field == "source_reference" && e.error.contains("already exists")))
}

pub fn classify(entry: &OutboxEntry, error: &ClientError, config: &WorkerConfig) -> Verdict {
    // `attempts` counts this one: more than one means an earlier attempt may have landed.
    if entry.action == OutboxAction::CreateOrder && entry.attempts > 1 && duplicate_order(error) {
        return Verdict::Delivered(Answer::AlreadyCreated);
    }
    if error.is_retryable() {
        let wait = match error {
            ClientError::RateLimited {
                retry_after: Some(wait),
            } => (*wait).min(config.longest_retry),
            _ => backoff(
                config.first_retry,
                config.longest_retry,
                entry.attempts.saturating_sub(1),
                true,
            ),
        };
        return Verdict::Retry {
            at: OffsetDateTime::now_utc() + wait,
            why: error.user_message(),
        };
    }
    Verdict::NeedsAttention {
        why: error.user_message(),
        fields: error.field_errors().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::station::db::{OutboxId, OutboxState};

    fn entry(action: OutboxAction, attempts: u32) -> OutboxEntry {
        let now = OffsetDateTime::now_utc();
        OutboxEntry {
            id: OutboxId(1),
            key: "k".into(),
            action,
            order: 1,
            shipment_id: None,
            parcel: None,
            body: serde_json::Value::Null,
            state: OutboxState::Queued,
            attempts,
            created_at: now,
            next_attempt_at: now,
            last_error: None,
            field_errors: vec![],
            delivered_at: None,
        }
    }

    fn exists() -> ClientError {
        ClientError::Conflict {
            errors: vec![FieldError::new(
                "source_reference",
                "the order 7 already exists; change it with PUT /v1/orders",
            )],
        }
    }

    #[test]
    fn a_duplicate_create_counts_as_delivered_only_after_a_retry() {
        let config = WorkerConfig::default();
        let first = classify(&entry(OutboxAction::CreateOrder, 1), &exists(), &config);
        assert!(matches!(first, Verdict::NeedsAttention { .. }));
        let retried = classify(&entry(OutboxAction::CreateOrder, 2), &exists(), &config);
        assert_eq!(retried, Verdict::Delivered(Answer::AlreadyCreated));
        let update = classify(&entry(OutboxAction::Fulfil, 2), &exists(), &config);
        assert!(matches!(update, Verdict::NeedsAttention { .. }));
    }

    #[test]
    fn network_and_server_errors_retry_later_refusals_wait() {
        let config = WorkerConfig::default();
        for error in [
            ClientError::Network("refused".into()),
            ClientError::Timeout,
            ClientError::Server { status: 503 },
        ] {
            let verdict = classify(&entry(OutboxAction::Fulfil, 3), &error, &config);
            let Verdict::Retry { at, .. } = verdict else {
                panic!("{error:?} should retry");
            };
            let wait = at - OffsetDateTime::now_utc();
            assert!(wait > time::Duration::seconds(3) && wait <= time::Duration::seconds(8));
        }
        for error in [
            ClientError::Unauthorized,
            ClientError::NotFound { errors: vec![] },
            ClientError::Validation {
                errors: vec![FieldError::new("a", "b")],
            },
        ] {
            let verdict = classify(&entry(OutboxAction::Cancel, 1), &error, &config);
            let Verdict::NeedsAttention { fields, .. } = verdict else {
                panic!("{error:?} should need attention");
            };
            assert_eq!(fields, error.field_errors());
        }
    }

    #[test]
    fn backoff_doubles_up_to_its_limit_and_jitter_stays_in_the_upper_half() {
        let (first, longest) = (Duration::from_secs(2), Duration::from_secs(60));
        assert_eq!(backoff(first, longest, 0, false), first);
        assert_eq!(backoff(first, longest, 3, false), Duration::from_secs(16));
        assert_eq!(backoff(first, longest, 30, false), longest);
        for n in 0..8 {
            let full = backoff(first, longest, n, false);
            let jittered = backoff(first, longest, n, true);
            assert!(
                jittered >= full / 2 && jittered <= full,
                "{n}: {jittered:?}"
            );
        }
    }
}
