//! What a `Client` is built from: addresses, credentials, timeouts and the retry policy.

use std::time::Duration;

/// A credential that never shows in `Debug` output or logs.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The raw value, for the one place that puts it in a header.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(****)")
    }
}

/// Everything a `Client` needs. Build with [`ClientConfig::new`] and change fields as needed.
#[derive(Clone)]
pub struct ClientConfig {
    /// Direct API base, e.g. `http://127.0.0.1:8787`; `/v1/...` is appended to it.
    pub base_url: String,
    /// Full label endpoint URL, e.g. `http://127.0.0.1:8787/api/post/fc/labels`.
    pub labels_url: String,
    /// Sent as `x-service-direct-api-key` to the direct API.
    pub api_key: Secret,
    /// Sent as `Authorization: Bearer` to the label endpoint and its documents.
    pub access_token: Secret,
    /// Limit for opening a TCP (and TLS) connection.
    pub connect_timeout: Duration,
    /// Limit for one attempt from sending the request to reading the whole response.
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// Allow `http://` to hosts other than loopback (an environment's explicit "allow plain
    /// HTTP"). Off: such URLs, and redirects to them, are refused, so credentials never travel
    /// unencrypted off this machine.
    pub allow_plain_http: bool,
}

impl ClientConfig {
    /// A configuration with default timeouts (10 s connect, 30 s per attempt) and retry policy.
    pub fn new(
        base_url: impl Into<String>,
        labels_url: impl Into<String>,
        api_key: Secret,
        access_token: Secret,
    ) -> Self {
        Self {
            base_url: base_url.into(),
            labels_url: labels_url.into(),
            api_key,
            access_token,
            connect_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            retry: RetryPolicy::default(),
            allow_plain_http: false,
        }
    }
}

// Written by hand so a future field cannot leak a credential through a derive.
impl std::fmt::Debug for ClientConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientConfig")
            .field("base_url", &self.base_url)
            .field("labels_url", &self.labels_url)
            .field("api_key", &self.api_key)
            .field("access_token", &self.access_token)
            .field("connect_timeout", &self.connect_timeout)
            .field("request_timeout", &self.request_timeout)
            .field("retry", &self.retry)
            .field("allow_plain_http", &self.allow_plain_http)
            .finish()
    }
}

/// How often and how patiently a call is repeated when repeating it cannot do harm
/// (see the module documentation of `api::client` for which failures qualify).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in total, the first included; 0 is treated as 1.
    pub max_attempts: u32,
    /// Upper bound of the first backoff; doubles for every further retry.
    pub base_delay: Duration,
    /// Upper bound of any computed backoff.
    pub max_delay: Duration,
    /// Longest `Retry-After` the client waits out; a longer one is returned to the caller as
    /// `RateLimited` instead of blocking the call.
    pub max_retry_after: Duration,
}

impl RetryPolicy {
    /// One attempt, no retries.
    pub fn none() -> Self {
        Self {
            max_attempts: 1,
            ..Self::default()
        }
    }
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 4,
            base_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(5),
            max_retry_after: Duration::from_secs(30),
        }
    }
}
