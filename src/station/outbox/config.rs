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
    /// How long the worker sleeps with nothing due before it looks again anyway (other desks
    /// of a shared record queue entries without waking this one).
    pub idle: Duration,
    /// How long a desk holds an entry it sends. Another desk takes the entry over only after
    /// this, so it must outlast a slow delivery; the worker cuts a send off at five sixths of
    /// it (see [`WorkerConfig::send_limit`]).
    pub lease: Duration,
}

impl WorkerConfig {
    /// How long one send may take before it is cut off as a timeout (and retried later): the
    /// rest of the lease is left to record the answer, so no two desks ever send one entry at
    /// the same time.
    pub fn send_limit(&self) -> Duration {
        self.lease - self.lease / 6
    }
}

impl Default for WorkerConfig {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(2),
            longest_retry: Duration::from_secs(300),
            first_poll: Duration::from_millis(250),
            longest_poll: Duration::from_secs(8),
            idle: Duration::from_secs(30),
            // The client waits up to 30 s for an answer and tries a request that never left 4
            // times with 10 s connect timeouts (`api::ClientConfig`): about 42 s at worst,
            // within the 50 s send limit this gives. (Only 429s waited out can take longer.)
            lease: Duration::from_secs(60),
        }
    }
}
