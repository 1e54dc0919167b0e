//! How patient the outbox worker is.

use std::time::Duration;

/// How patient the worker is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerConfig {
    /// The first retry after a network failure; doubled each time up to `longest_retry`. Jitter
    /// then adds up to as much again, so a retry may wait up to twice `longest_retry`.
    pub first_retry: Duration,
    pub longest_retry: Duration,
    /// The first poll of a pending label; doubled each time up to `longest_poll`.
    pub first_poll: Duration,
    pub longest_poll: Duration,
    /// How long the worker sleeps with nothing due before it looks again anyway.
    pub idle: Duration,
}

impl Default for WorkerConfig {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(2),
            longest_retry: Duration::from_secs(300),
            first_poll: Duration::from_millis(250),
            longest_poll: Duration::from_secs(8),
            idle: Duration::from_secs(30),
        }
    }
}
