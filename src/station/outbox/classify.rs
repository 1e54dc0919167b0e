//! What a failed attempt means: retry later, delivered after all, or wait for a person.

use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};
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

/// Past this many doublings every schedule the worker uses is at its limit; it bounds the steps
/// taken for a (corrupt) huge attempt count.
const MAX_DOUBLINGS: u32 = 32;

/// The wait before retry `n + 1` (`n` = 0 first): `first * 2^n`, at most `longest` (`backon`'s
/// exponential schedule, factor 2). With `jitter`, `backon` adds a random part of up to that
/// much again, so a wait `d` becomes one in `[d, 2d)` (at the limit, up to twice `longest`):
/// stations that lost the service together do not come back together.
pub fn backoff(first: Duration, longest: Duration, n: u32, jitter: bool) -> Duration {
    // `backon` starts at its minimum unclipped; clipping it keeps `longest` the longest.
    let schedule = ExponentialBuilder::new()
        .with_min_delay(first.min(longest))
        .with_max_delay(longest)
        .with_factor(2.0)
        .without_max_times();
    let schedule = if jitter {
        schedule.with_jitter()
    } else {
        schedule
    };
    let step = usize::try_from(n.min(MAX_DOUBLINGS)).unwrap_or(0);
    schedule.build().nth(step).unwrap_or(longest)
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
            lease_until: None,
            leased_by: None,
            tried_by: None,
            tried_at: None,
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
        let update = classify(&entry(OutboxAction::Fulfill, 2), &exists(), &config);
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
            let verdict = classify(&entry(OutboxAction::Fulfill, 3), &error, &config);
            let Verdict::Retry { at, .. } = verdict else {
                panic!("{error:?} should retry");
            };
            // The third attempt failed: the second retry waits 2 s * 2^2 = 8 s, plus jitter of
            // up to as much again (less the moment since `at` was set).
            let wait = at - OffsetDateTime::now_utc();
            assert!(
                wait > time::Duration::seconds(7) && wait < time::Duration::seconds(16),
                "{wait}"
            );
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
    fn backoff_doubles_up_to_its_limit_and_jitter_adds_up_to_as_much_again() {
        let (first, longest) = (Duration::from_secs(2), Duration::from_secs(60));
        assert_eq!(backoff(first, longest, 0, false), first);
        assert_eq!(backoff(first, longest, 3, false), Duration::from_secs(16));
        assert_eq!(backoff(first, longest, 30, false), longest);
        assert_eq!(backoff(first, longest, u32::MAX, false), longest);
        assert_eq!(backoff(longest * 2, longest, 0, false), longest);
        let mut moved = false;
        for n in 0..8 {
            let full = backoff(first, longest, n, false);
            for _ in 0..20 {
                let jittered = backoff(first, longest, n, true);
                assert!(
                    jittered >= full && jittered < full * 2,
                    "{n}: {jittered:?} for {full:?}"
                );
                moved |= jittered != full;
            }
        }
        assert!(moved, "jitter never changed a wait");
    }
}
