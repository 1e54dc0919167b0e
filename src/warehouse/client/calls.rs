//! The desk's typed client of the warehouse API: how it reaches the server and reads its
//! answers; its operations, one method each with the wire types of `api::warehouse` in and out
//! and every refusal as a [`WarehouseClientError`], are in `access` and `orders`. It holds no
//! token: each call is given the desk's or the session's, so one client serves a desk whose
//! people sign in and out.

use std::time::Duration;

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use reqwest::{Method, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::WarehouseClientError;
use super::trust::{Trust, http_client};
use crate::api::FieldError;
use crate::api::idempotency::{IDEMPOTENCY_KEY, IdempotencyKey};

/// A desk's token, as enrollment gave it (kept in the OS credential store).
#[derive(Clone, PartialEq, Eq)]
pub struct DeskToken(pub String);

/// A person's session at a desk, as sign-in gave it (kept in memory only).
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(pub String);

// By hand, so a token never shows in a log line or a test's failure message.
impl std::fmt::Debug for DeskToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DeskToken(…)")
    }
}

impl std::fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionToken(…)")
    }
}

/// The credential a call carries.
#[derive(Clone, Copy)]
pub(super) enum Credential<'a> {
    None,
    Desk(&'a DeskToken),
    Session(&'a SessionToken),
}

/// A warehouse server at `base_url`, trusted as the desk was enrolled.
#[derive(Clone)]
pub struct WarehouseClient {
    http: reqwest::Client,
    base: Url,
}

impl std::fmt::Debug for WarehouseClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarehouseClient")
            .field("base", &self.base.as_str())
            .finish_non_exhaustive()
    }
}

pub(super) type Result<T> = std::result::Result<T, WarehouseClientError>;

impl WarehouseClient {
    /// `base_url` is the server's address (`https://warehouse.local:8443`; `http://` only on
    /// loopback, where the app runs its one-desk server).
    pub fn new(base_url: &str, trust: &Trust) -> Result<Self> {
        let base = Url::parse(base_url.trim()).map_err(|e| {
            WarehouseClientError::Unreachable(format!("\"{base_url}\" is not an address: {e}"))
        })?;
        let loopback = base.host().is_some_and(|host| match host {
            url::Host::Ipv4(ip) => ip.is_loopback(),
            url::Host::Ipv6(ip) => ip.is_loopback(),
            url::Host::Domain(name) => name == "localhost",
        });
        if base.scheme() != "https" && !(base.scheme() == "http" && loopback) {
            return Err(WarehouseClientError::Unreachable(format!(
                "{base_url}: the warehouse server is reached over https:// (plain http:// only \
                 on this machine)"
            )));
        }
        let http =
            http_client(trust).map_err(|e| WarehouseClientError::Unreachable(e.to_string()))?;
        Ok(Self { http, base })
    }

    pub fn base_url(&self) -> &str {
        self.base.as_str()
    }

    /// `/v1/warehouse/` and `segments`, each percent-encoded as one path segment.
    pub(super) fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty()
                .extend(["v1", "warehouse"])
                .extend(segments);
        }
        url
    }

    pub(super) async fn send(
        &self,
        method: Method,
        url: Url,
        credential: Credential<'_>,
        body: Option<&(impl Serialize + ?Sized)>,
        timeout: Option<Duration>,
    ) -> Result<reqwest::Response> {
        self.send_json(method, url, credential, json_body(body)?, timeout)
            .await
    }

    /// [`Self::send`] with the body already JSON text.
    pub(super) async fn send_json(
        &self,
        method: Method,
        url: Url,
        credential: Credential<'_>,
        json: Option<Vec<u8>>,
        timeout: Option<Duration>,
    ) -> Result<reqwest::Response> {
        let request = self.request(method, url, credential, json, timeout)?;
        dispatch(request).await
    }

    fn request(
        &self,
        method: Method,
        url: Url,
        credential: Credential<'_>,
        json: Option<Vec<u8>>,
        timeout: Option<Duration>,
    ) -> Result<reqwest::RequestBuilder> {
        let mut request = self.http.request(method, url);
        let bearer = match credential {
            Credential::None => None,
            Credential::Desk(token) => Some(&token.0),
            Credential::Session(token) => Some(&token.0),
        };
        if let Some(token) = bearer {
            let mut value = HeaderValue::from_str(&format!("Bearer {token}"))
                .map_err(|_| WarehouseClientError::Unauthorized("The token is damaged.".into()))?;
            value.set_sensitive(true);
            request = request.header(AUTHORIZATION, value);
        }
        if let Some(json) = json {
            request = request.header(CONTENT_TYPE, "application/json").body(json);
        }
        if let Some(timeout) = timeout {
            request = request.timeout(timeout);
        }
        Ok(request)
    }

    /// A POST of a write the desk may repeat, with the key it made before the first try
    /// (`api::idempotency`): however often it is sent, the server records it once.
    pub(super) async fn post_once<T: DeserializeOwned>(
        &self,
        session: &SessionToken,
        segments: &[&str],
        body: Option<&(impl Serialize + ?Sized)>,
        key: &IdempotencyKey,
    ) -> Result<T> {
        let request = self
            .request(
                Method::POST,
                self.url(segments),
                Credential::Session(session),
                json_body(body)?,
                None,
            )?
            .header(IDEMPOTENCY_KEY, key.as_str());
        json(dispatch(request).await?).await
    }

    pub(super) async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        segments: &[&str],
        credential: Credential<'_>,
        body: Option<&(impl Serialize + ?Sized)>,
    ) -> Result<T> {
        let response = self
            .send(method, self.url(segments), credential, body, None)
            .await?;
        json(response).await
    }

    /// A GET with the session's token, its answer read as JSON.
    pub(super) async fn get<T: DeserializeOwned>(
        &self,
        session: &SessionToken,
        segments: &[&str],
    ) -> Result<T> {
        self.call(
            Method::GET,
            segments,
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// A POST with the session's token, its answer read as JSON.
    pub(super) async fn post<T: DeserializeOwned>(
        &self,
        session: &SessionToken,
        segments: &[&str],
        body: Option<&(impl Serialize + ?Sized)>,
    ) -> Result<T> {
        self.call(Method::POST, segments, Credential::Session(session), body)
            .await
    }

    /// A call whose answer has no body worth reading (204).
    pub(super) async fn act(
        &self,
        method: Method,
        segments: &[&str],
        credential: Credential<'_>,
    ) -> Result<()> {
        self.send(method, self.url(segments), credential, None::<&()>, None)
            .await
            .map(drop)
    }

    /// A GET of `url` read as JSON.
    pub(super) async fn read<T: DeserializeOwned>(
        &self,
        url: Url,
        session: &SessionToken,
    ) -> Result<T> {
        let response = self
            .send(
                Method::GET,
                url,
                Credential::Session(session),
                None::<&()>,
                None,
            )
            .await?;
        json(response).await
    }
}

/// A request's body as JSON bytes.
fn json_body(body: Option<&(impl Serialize + ?Sized)>) -> Result<Option<Vec<u8>>> {
    body.map(serde_json::to_vec)
        .transpose()
        .map_err(|e| WarehouseClientError::Invalid(vec![FieldError::new("", e.to_string())]))
}

/// Sends `request`; a refusal becomes the error its status and body say.
async fn dispatch(request: reqwest::RequestBuilder) -> Result<reqwest::Response> {
    let response = request
        .send()
        .await
        .map_err(|e| WarehouseClientError::Unreachable(describe(&e)))?;
    if response.status().is_success() {
        return Ok(response);
    }
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get(RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .map(Duration::from_secs);
    let body = response.bytes().await.unwrap_or_default();
    Err(WarehouseClientError::from_answer(
        status,
        retry_after,
        &body,
    ))
}

/// A successful answer's JSON body.
pub(super) async fn json<T: DeserializeOwned>(response: reqwest::Response) -> Result<T> {
    let status = response.status().as_u16();
    let bytes = response
        .bytes()
        .await
        .map_err(|e| WarehouseClientError::Unreachable(describe(&e)))?;
    serde_json::from_slice(&bytes).map_err(|e| WarehouseClientError::Other {
        status,
        message: format!("an answer this desk cannot read ({e}): is the server newer?"),
    })
}

/// A transport error in words, with its cause (reqwest's own message stops at "error sending
/// request").
pub(super) fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
