//! When a failed attempt is tried again, and after how long (policy in `api::client`'s docs).

use std::time::Duration;

use rand::RngExt;
use reqwest::header::HeaderValue;

use super::config::RetryPolicy;
use super::error::ClientError;

/// Whether sending a call twice leaves the service as sending it once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeat {
    Safe,
    Unsafe,
}

/// One failed attempt, by how far the request got.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The request never left: the connection could not be opened.
    NotSent(ClientError),
    /// The request was (or may have been) sent, but no full answer came back.
    Lost(ClientError),
    /// The service answered with an error status, or the call cannot be made at all.
    Answered(ClientError),
}

impl Failure {
    pub(crate) fn from_reqwest(error: reqwest::Error) -> Self {
        if error.is_builder() {
            Self::Answered(ClientError::Config(ClientError::describe(error)))
        } else if error.is_connect() {
            // Checked before the timeout: a connect timeout also never sent the request.
            Self::NotSent(ClientError::Network(ClientError::describe(error)))
        } else if error.is_timeout() {
            Self::Lost(ClientError::Timeout)
        } else {
            Self::Lost(ClientError::Network(ClientError::describe(error)))
        }
    }

    pub(crate) fn into_error(self) -> ClientError {
        match self {
            Self::NotSent(error) | Self::Lost(error) | Self::Answered(error) => error,
        }
    }
}

/// How long to wait before the next attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wait {
    /// Exponential backoff with full jitter.
    Backoff,
    /// What the service asked for in `Retry-After`.
    Exactly(Duration),
}

/// Whether the failure may be retried for a call of this kind, and how long to wait first.
pub(crate) fn retry_wait(failure: &Failure, repeat: Repeat, policy: &RetryPolicy) -> Option<Wait> {
    match (failure, repeat) {
        (Failure::NotSent(_), _) => Some(Wait::Backoff),
        (Failure::Lost(_), Repeat::Safe) => Some(Wait::Backoff),
        (Failure::Lost(_), Repeat::Unsafe) => None,
        (Failure::Answered(ClientError::RateLimited { retry_after }), _) => match retry_after {
            Some(wait) if *wait > policy.max_retry_after => None,
            Some(wait) => Some(Wait::Exactly(*wait)),
            None => Some(Wait::Backoff),
        },
        (Failure::Answered(ClientError::Server { status: 502..=504 }), Repeat::Safe) => {
            Some(Wait::Backoff)
        }
        (Failure::Answered(_), _) => None,
    }
}

/// Full jitter: uniform in `0..=min(max_delay, base_delay * 2^(retry - 1))`, `retry` counting
/// from 1 for the first retry.
pub(crate) fn backoff(policy: &RetryPolicy, retry: u32, rng: &mut impl RngExt) -> Duration {
    let factor = 2u32.saturating_pow(retry.saturating_sub(1));
    let ceiling = policy
        .base_delay
        .saturating_mul(factor)
        .min(policy.max_delay);
    let micros = u64::try_from(ceiling.as_micros()).unwrap_or(u64::MAX);
    Duration::from_micros(rng.random_range(0..=micros))
}

/// `Retry-After` in its seconds form; the HTTP-date form is ignored (backoff applies instead).
pub(crate) fn parse_retry_after(value: &HeaderValue) -> Option<Duration> {
    let text = value.to_str().ok()?.trim();
    text.parse::<u64>().ok().map(Duration::from_secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> RetryPolicy {
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(300),
            max_retry_after: Duration::from_secs(10),
        }
    }

    #[test]
    fn backoff_stays_under_the_doubling_ceiling_and_the_cap() {
        let mut rng = rand::rng();
        for _ in 0..200 {
            assert!(backoff(&policy(), 1, &mut rng) <= Duration::from_millis(100));
            assert!(backoff(&policy(), 2, &mut rng) <= Duration::from_millis(200));
            assert!(backoff(&policy(), 3, &mut rng) <= Duration::from_millis(300));
            assert!(backoff(&policy(), 40, &mut rng) <= Duration::from_millis(300));
        }
    }

    #[test]
    fn backoff_is_jittered() {
        let mut rng = rand::rng();
        let draws: std::collections::HashSet<Duration> =
            (0..50).map(|_| backoff(&policy(), 3, &mut rng)).collect();
        assert!(draws.len() > 10, "only {} distinct delays", draws.len());
    }

    #[test]
    fn retry_after_reads_seconds_only() {
        let parse = |text: &'static str| parse_retry_after(&HeaderValue::from_static(text));
        assert_eq!(parse("1"), Some(Duration::from_secs(1)));
        assert_eq!(parse(" 120 "), Some(Duration::from_secs(120)));
        assert_eq!(parse("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(parse("-3"), None);
    }

    #[test]
    fn only_harmless_failures_are_retried() {
        let p = policy();
        let network = || ClientError::Network("refused".into());
        let server = |status| Failure::Answered(ClientError::Server { status });
        let limited = |secs: Option<u64>| {
            Failure::Answered(ClientError::RateLimited {
                retry_after: secs.map(Duration::from_secs),
            })
        };
        for repeat in [Repeat::Safe, Repeat::Unsafe] {
            assert_eq!(
                retry_wait(&Failure::NotSent(network()), repeat, &p),
                Some(Wait::Backoff)
            );
            assert_eq!(
                retry_wait(&limited(Some(2)), repeat, &p),
                Some(Wait::Exactly(Duration::from_secs(2)))
            );
            assert_eq!(retry_wait(&limited(None), repeat, &p), Some(Wait::Backoff));
            assert_eq!(retry_wait(&limited(Some(11)), repeat, &p), None);
            assert_eq!(retry_wait(&server(500), repeat, &p), None);
            let validation = Failure::Answered(ClientError::Validation { errors: vec![] });
            assert_eq!(retry_wait(&validation, repeat, &p), None);
        }
        for status in [502, 503, 504] {
            assert_eq!(
                retry_wait(&server(status), Repeat::Safe, &p),
                Some(Wait::Backoff)
            );
            assert_eq!(retry_wait(&server(status), Repeat::Unsafe, &p), None);
        }
        let lost = || Failure::Lost(ClientError::Timeout);
        assert_eq!(retry_wait(&lost(), Repeat::Safe, &p), Some(Wait::Backoff));
        assert_eq!(retry_wait(&lost(), Repeat::Unsafe, &p), None);
    }
}
