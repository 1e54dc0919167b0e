//! Typed async client for the endpoints of SPEC.md part 4, on tokio and reqwest (rustls).
//!
//! # Retries
//!
//! A call is repeated (up to [`RetryPolicy::max_attempts`] in total, exponential backoff with
//! full jitter between attempts) only where repeating it cannot do harm:
//!
//! - **The request never left** (connection refused, connect failure or connect timeout):
//!   retried on every call.
//! - **429**: retried on every call, since the service did not process it. A `Retry-After` in
//!   seconds is waited out exactly; one longer than [`RetryPolicy::max_retry_after`] is not
//!   waited for but returned as [`ClientError::RateLimited`] so the caller can schedule it.
//! - **502, 503, 504, and a timeout or broken connection after the request was sent**: retried
//!   only on calls that are safe to repeat: `landed_cost` (a pure calculation), `label` for the
//!   full order (no `skus`: it returns the order's existing label) and `fetch_document` (GET).
//!   Not `create_order`, `update_order` or split-parcel labels, which could act twice; the
//!   station's outbox makes those safe to deliver again.
//! - Everything else (other statuses, unreadable answers) is returned at once.
//!
//! # Secrets
//!
//! The API key and access token are [`Secret`]s: `Debug` of the config and the client shows
//! `Secret(****)`, the header values are marked sensitive, and the `tracing` debug logs carry
//! the method, the URL without its query, the attempt and the status, never headers or bodies.
//! The access token goes only to the label endpoint and to documents on its origin.
//!
//! # The client
//!
//! `api::Client` retries only where a retry cannot do harm: a request that never left (connect errors)
//! on any call; 429 honouring `Retry-After`; 502/503/504 and timeouts after sending only on calls that are
//! safe to repeat (landed cost, a full-order label, fetching a document) — never order create/update or
//! split-parcel labels, whose idempotency is the station outbox's job. The Bearer token is sent to label
//! document URLs only on the label endpoint's own origin.
//!
//! Plain HTTP is refused where the client is built (`Client::new`), on label-document URLs and on
//! redirects (a custom redirect policy), unless the host is loopback or the environment's
//! `allow_plain_http` (off by default) is set; Settings shows the same reason next to the URL field.
//!
//! API calls follow no redirect: the API key is a header of our own, which an HTTP client does not
//! strip on the way to another host, so a 3xx is an error naming where it pointed. Only documents
//! (whose links a provider may well redirect to storage) are followed, with the access token
//! stripped off the label endpoint's origin.

mod config;
mod error;
mod retry;

use std::sync::Arc;
use std::time::Instant;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use reqwest::{Method, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use config::{ClientConfig, RetryPolicy, Secret};
pub use error::ClientError;

use super::label::{LabelRequest, LabelResponse, LabelStatus};
use super::landed_cost::{TaxCalculationRequest, TaxCalculationResponse};
use super::order::{OrderCreateRequest, OrderUpdateRequest};
use retry::{Failure, Repeat, Wait};

const API_KEY_HEADER: &str = "x-service-direct-api-key";
const USER_AGENT: &str = concat!("packdesk/", env!("CARGO_PKG_VERSION"));

/// The typed client. Cloning is cheap: clones share one connection pool.
#[derive(Clone)]
pub struct Client {
    /// API calls: no redirects (see the module docs).
    http: reqwest::Client,
    /// Label documents: redirects followed under the plain-HTTP rule.
    documents: reqwest::Client,
    shared: Arc<Shared>,
}

struct Shared {
    landed_cost_url: Url,
    orders_url: Url,
    labels_url: Url,
    api_key: HeaderValue,
    bearer: HeaderValue,
    retry: config::RetryPolicy,
    allow_plain_http: bool,
}

/// Which credential a call carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Auth {
    ApiKey,
    Bearer,
    Nothing,
}

/// One logical call, sent once per attempt.
struct Call {
    name: &'static str,
    method: Method,
    url: Url,
    auth: Auth,
    json: Option<Vec<u8>>,
    repeat: Repeat,
    /// Read 4xx bodies as label responses.
    label: bool,
    /// A label document: fetched with the client that follows redirects.
    document: bool,
}

impl Client {
    pub fn new(config: ClientConfig) -> Result<Client, ClientError> {
        // Joined as text: a base with a path prefix (`https://host/sandbox/`) keeps it.
        let base = config.base_url.trim_end_matches('/');
        let plain = config.allow_plain_http;
        let landed_cost_url = http_url("base_url", &format!("{base}/v1/landed-cost"), plain)?;
        let orders_url = http_url("base_url", &format!("{base}/v1/orders"), plain)?;
        let labels_url = http_url("labels_url", &config.labels_url, plain)?;
        let api_key = sensitive("api_key", config.api_key.expose())?;
        let bearer = sensitive(
            "access_token",
            &format!("Bearer {}", config.access_token.expose()),
        )?;
        super::tls::install();
        let builder = || {
            reqwest::Client::builder()
                .user_agent(USER_AGENT)
                .connect_timeout(config.connect_timeout)
                .timeout(config.request_timeout)
        };
        let built = |b: reqwest::ClientBuilder| {
            b.build()
                .map_err(|e| ClientError::Config(ClientError::describe(e)))
        };
        let http = built(builder().redirect(reqwest::redirect::Policy::none()))?;
        let documents = built(builder().redirect(redirect_policy(plain)))?;
        Ok(Client {
            http,
            documents,
            shared: Arc::new(Shared {
                landed_cost_url,
                orders_url,
                labels_url,
                api_key,
                bearer,
                retry: config.retry,
                allow_plain_http: plain,
            }),
        })
    }

    /// `POST {base_url}/v1/landed-cost` (SPEC 4.1).
    pub async fn landed_cost(
        &self,
        req: &TaxCalculationRequest,
    ) -> Result<TaxCalculationResponse, ClientError> {
        let url = self.shared.landed_cost_url.clone();
        let call = Call::json(
            "landed_cost",
            Method::POST,
            url,
            Auth::ApiKey,
            req,
            Repeat::Safe,
        )?;
        decode(&self.execute(&call).await?)
    }

    /// `POST {base_url}/v1/orders` (SPEC 4.2); the service answers 204.
    pub async fn create_order(&self, req: &OrderCreateRequest) -> Result<(), ClientError> {
        let url = self.shared.orders_url.clone();
        let call = Call::json(
            "create_order",
            Method::POST,
            url,
            Auth::ApiKey,
            req,
            Repeat::Unsafe,
        )?;
        self.execute(&call).await.map(drop)
    }

    /// `PUT {base_url}/v1/orders` (SPEC 4.3); the service answers 204.
    pub async fn update_order(&self, req: &OrderUpdateRequest) -> Result<(), ClientError> {
        let url = self.shared.orders_url.clone();
        let call = Call::json(
            "update_order",
            Method::PUT,
            url,
            Auth::ApiKey,
            req,
            Repeat::Unsafe,
        )?;
        self.execute(&call).await.map(drop)
    }

    /// `POST {labels_url}` (SPEC 4.4). An answer with `isError: true` or `result.status`
    /// `error` is an `Err` carrying the answer's `error` list.
    pub async fn label(&self, req: &LabelRequest) -> Result<LabelResponse, ClientError> {
        // Without skus it fetches the order's existing label; with skus it makes a new one.
        let repeat = match &req.skus {
            Some(skus) if !skus.is_empty() => Repeat::Unsafe,
            _ => Repeat::Safe,
        };
        let url = self.shared.labels_url.clone();
        let mut call = Call::json("label", Method::POST, url, Auth::Bearer, req, repeat)?;
        call.label = true;
        let response: LabelResponse = decode(&self.execute(&call).await?)?;
        if response.is_error || response.result.status == LabelStatus::Error {
            return Err(ClientError::Label {
                errors: response.error.unwrap_or_default(),
            });
        }
        Ok(response)
    }

    /// GET a document named by a label response (`labelUrls`, `zpl`); a relative URL is taken
    /// relative to `labels_url`. The access token is sent only to the label endpoint's origin.
    pub async fn fetch_document(&self, url: &str) -> Result<Vec<u8>, ClientError> {
        let labels_url = &self.shared.labels_url;
        let url = labels_url
            .join(url)
            .map_err(|e| ClientError::Config(format!("document URL {url:?}: {e}")))?;
        if !transport_allowed(&url, self.shared.allow_plain_http) {
            return Err(ClientError::Config(format!(
                "document URL {} must use https (plain HTTP only to loopback or when the \
                 environment allows it)",
                loggable(&url)
            )));
        }
        let auth = if url.origin() == labels_url.origin() {
            Auth::Bearer
        } else {
            Auth::Nothing
        };
        let call = Call {
            name: "fetch_document",
            method: Method::GET,
            url,
            auth,
            json: None,
            repeat: Repeat::Safe,
            label: false,
            document: true,
        };
        self.execute(&call).await
    }

    /// Runs the attempts of a call; returns the body of its success answer.
    async fn execute(&self, call: &Call) -> Result<Vec<u8>, ClientError> {
        let policy = &self.shared.retry;
        let attempts = policy.max_attempts.max(1);
        let mut attempt = 1;
        loop {
            let failure = match self.attempt(call, attempt).await {
                Ok(body) => return Ok(body),
                Err(failure) => failure,
            };
            let wait = (attempt < attempts)
                .then(|| retry::retry_wait(&failure, call.repeat, policy))
                .flatten();
            let Some(wait) = wait else {
                return Err(failure.into_error());
            };
            let delay = match wait {
                Wait::Backoff => retry::backoff(policy, attempt, &mut rand::rng()),
                Wait::Exactly(delay) => delay,
            };
            tracing::debug!(call = call.name, attempt, ?delay, error = ?failure, "retrying");
            tokio::time::sleep(delay).await;
            attempt += 1;
        }
    }

    async fn attempt(&self, call: &Call, attempt: u32) -> Result<Vec<u8>, Failure> {
        let http = if call.document {
            &self.documents
        } else {
            &self.http
        };
        let mut request = http.request(call.method.clone(), call.url.clone());
        request = match call.auth {
            Auth::ApiKey => request.header(API_KEY_HEADER, self.shared.api_key.clone()),
            Auth::Bearer => request.header(AUTHORIZATION, self.shared.bearer.clone()),
            Auth::Nothing => request,
        };
        if let Some(json) = &call.json {
            request = request
                .header(CONTENT_TYPE, "application/json")
                .header(ACCEPT, "application/json")
                .body(json.clone());
        }
        let started = Instant::now();
        let url = loggable(&call.url);
        tracing::debug!(call = call.name, method = %call.method, %url, attempt, "sending");
        let response = request.send().await.map_err(Failure::from_reqwest)?;
        let status = response.status();
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(retry::parse_retry_after);
        let location = status
            .is_redirection()
            .then(|| response.headers().get(reqwest::header::LOCATION).cloned())
            .flatten();
        let body = response.bytes().await.map_err(Failure::from_reqwest)?;
        tracing::debug!(call = call.name, %status, elapsed = ?started.elapsed(), "answered");
        if status.is_redirection() {
            let location = location.map_or_else(
                || "nowhere (no Location)".to_string(),
                |l| String::from_utf8_lossy(l.as_bytes()).into_owned(),
            );
            Err(Failure::Answered(ClientError::Redirected {
                status: status.as_u16(),
                location,
            }))
        } else if status.is_success() {
            Ok(Vec::from(body))
        } else {
            let error = ClientError::from_status(status, &body, retry_after, call.label);
            Err(Failure::Answered(error))
        }
    }
}

impl Call {
    fn json(
        name: &'static str,
        method: Method,
        url: Url,
        auth: Auth,
        body: &impl Serialize,
        repeat: Repeat,
    ) -> Result<Self, ClientError> {
        let json = serde_json::to_vec(body).map_err(|e| ClientError::Encode(e.to_string()))?;
        Ok(Self {
            name,
            method,
            url,
            auth,
            json: Some(json),
            repeat,
            label: false,
            document: false,
        })
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("landed_cost_url", &self.shared.landed_cost_url.as_str())
            .field("orders_url", &self.shared.orders_url.as_str())
            .field("labels_url", &self.shared.labels_url.as_str())
            .field("retry", &self.shared.retry)
            .finish_non_exhaustive()
    }
}

/// Decodes a success body, naming the JSON path that did not fit.
fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, ClientError> {
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        ClientError::Decode(format!("{path}: {}", e.into_inner()))
    })
}

fn http_url(setting: &str, text: &str, allow_plain_http: bool) -> Result<Url, ClientError> {
    let url =
        Url::parse(text).map_err(|e| ClientError::Config(format!("{setting} {text:?}: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || !url.has_host() {
        return Err(ClientError::Config(format!(
            "{setting} {text:?} is not an http or https address"
        )));
    }
    if !transport_allowed(&url, allow_plain_http) {
        return Err(ClientError::Config(format!(
            "{setting} {text:?} must use https: plain HTTP is allowed only to this computer \
             (loopback) or when the environment allows plain HTTP"
        )));
    }
    Ok(url)
}

/// HTTPS anywhere; plain HTTP only to loopback or when the environment allows it.
pub fn transport_allowed(url: &Url, allow_plain_http: bool) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => allow_plain_http || is_loopback(url),
        _ => false,
    }
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(host)) => host.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Follows up to 10 redirects, but never from HTTPS (or at all) to a plain-HTTP URL the
/// environment does not allow: a redirect must not carry the request off encryption.
fn redirect_policy(allow_plain_http: bool) -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() >= 10 {
            attempt.error("too many redirects")
        } else if transport_allowed(attempt.url(), allow_plain_http) {
            attempt.follow()
        } else {
            attempt.error("redirect to a plain-HTTP address refused")
        }
    })
}

fn sensitive(setting: &str, value: &str) -> Result<HeaderValue, ClientError> {
    let mut header = HeaderValue::from_str(value).map_err(|_| {
        ClientError::Config(format!(
            "{setting} contains characters a header cannot carry"
        ))
    })?;
    header.set_sensitive(true);
    Ok(header)
}

/// The URL without query or fragment, which may carry signed tokens.
fn loggable(url: &Url) -> String {
    let mut url = url.clone();
    url.set_query(None);
    url.set_fragment(None);
    url.to_string()
}
