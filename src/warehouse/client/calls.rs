//! The desk's typed client of the warehouse API: one method per operation, the wire types of
//! `api::warehouse` in and out, and every refusal as a [`WarehouseClientError`]. It holds no
//! token: each call is given the desk's or the session's, so one client serves a desk whose
//! people sign in and out.

use std::time::Duration;

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use reqwest::{Method, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::WarehouseClientError;
use super::sse::ChangeStream;
use super::trust::{Trust, http_client};
use crate::api::FieldError;
use crate::api::warehouse::{
    CancelResponse, ClaimView, DeskView, DiscardRequest, EnrollRequest, EnrollResponse,
    EnrollmentCodeResponse, FulfillRequest, LabelOptionsRequest, NewDeskRequest, NewPersonRequest,
    OrderQueued, OrderSummary, OutboxEntryView, PackRequest, ParcelLabelView, ParcelQueued,
    PersonUpdateRequest, PersonView, ResendRequest, SessionResponse, SignInRequest,
    SubmitOrderRequest, SupervisorPinRequest, UnlockRequest,
};
use crate::station::db::{Event, OutboxSummary, ScanMatch, StationOrder};
use crate::station::import::ImportReport;

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
enum Credential<'a> {
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

type Result<T> = std::result::Result<T, WarehouseClientError>;

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
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty()
                .extend(["v1", "warehouse"])
                .extend(segments);
        }
        url
    }

    async fn send(
        &self,
        method: Method,
        url: Url,
        credential: Credential<'_>,
        body: Option<&(impl Serialize + ?Sized)>,
        timeout: Option<Duration>,
    ) -> Result<reqwest::Response> {
        let json = body
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| WarehouseClientError::Invalid(vec![FieldError::new("", e.to_string())]))?;
        self.send_json(method, url, credential, json, timeout).await
    }

    /// [`Self::send`] with the body already JSON text.
    async fn send_json(
        &self,
        method: Method,
        url: Url,
        credential: Credential<'_>,
        json: Option<Vec<u8>>,
        timeout: Option<Duration>,
    ) -> Result<reqwest::Response> {
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

    async fn call<T: DeserializeOwned>(
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

    /// A call whose answer has no body worth reading (204).
    async fn act(
        &self,
        method: Method,
        segments: &[&str],
        credential: Credential<'_>,
    ) -> Result<()> {
        self.send(method, self.url(segments), credential, None::<&()>, None)
            .await
            .map(drop)
    }

    /// Exchanges a one-time enrollment code for this desk's token.
    pub async fn enroll(&self, code: &str) -> Result<EnrollResponse> {
        let body = EnrollRequest {
            enrollment_code: code.to_owned(),
        };
        self.call(Method::POST, &["desks"], Credential::None, Some(&body))
            .await
    }

    /// Signs a person in at this desk by name or badge and PIN.
    pub async fn sign_in(
        &self,
        desk: &DeskToken,
        person: &str,
        pin: &str,
    ) -> Result<(SessionToken, SessionResponse)> {
        let body = SignInRequest {
            person: person.to_owned(),
            pin: pin.to_owned(),
        };
        let mut answer: SessionResponse = self
            .call(
                Method::POST,
                &["sessions"],
                Credential::Desk(desk),
                Some(&body),
            )
            .await?;
        let token = answer
            .session_token
            .take()
            .ok_or_else(|| WarehouseClientError::Other {
                status: 201,
                message: "the sign-in answer has no session token".into(),
            })?;
        Ok((SessionToken(token), answer))
    }

    /// The desk signs in as itself (the app's one-desk server, nobody set up).
    pub async fn sign_in_desk(&self, desk: &DeskToken) -> Result<(SessionToken, SessionResponse)> {
        let mut answer: SessionResponse = self
            .call(
                Method::POST,
                &["sessions", "desk"],
                Credential::Desk(desk),
                None::<&()>,
            )
            .await?;
        let token = answer
            .session_token
            .take()
            .ok_or_else(|| WarehouseClientError::Other {
                status: 201,
                message: "the sign-in answer has no session token".into(),
            })?;
        Ok((SessionToken(token), answer))
    }

    /// Unlocks the desk's own session for supervisor work with the one-desk PIN.
    pub async fn unlock(&self, session: &SessionToken, pin: &str) -> Result<SessionResponse> {
        let body = UnlockRequest {
            pin: pin.to_owned(),
        };
        self.call(
            Method::POST,
            &["sessions", "current", "unlock"],
            Credential::Session(session),
            Some(&body),
        )
        .await
    }

    /// Locks it again.
    pub async fn lock(&self, session: &SessionToken) -> Result<()> {
        self.act(
            Method::DELETE,
            &["sessions", "current", "unlock"],
            Credential::Session(session),
        )
        .await
    }

    /// Sets the one-desk supervisor PIN (`current`: the one in force, once one is set).
    pub async fn set_supervisor_pin(
        &self,
        session: &SessionToken,
        current: Option<&str>,
        pin: &str,
    ) -> Result<()> {
        let body = SupervisorPinRequest {
            current: current.map(str::to_owned),
            pin: pin.to_owned(),
        };
        self.send(
            Method::PUT,
            self.url(&["supervisor-pin"]),
            Credential::Session(session),
            Some(&body),
            None,
        )
        .await
        .map(drop)
    }

    pub async fn sign_out(&self, session: &SessionToken) -> Result<()> {
        self.act(
            Method::DELETE,
            &["sessions", "current"],
            Credential::Session(session),
        )
        .await
    }

    /// Who is signed in (and whether the session still lives).
    pub async fn current(&self, session: &SessionToken) -> Result<SessionResponse> {
        self.call(
            Method::GET,
            &["sessions", "current"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    pub async fn people(&self, session: &SessionToken) -> Result<Vec<PersonView>> {
        self.call(
            Method::GET,
            &["people"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    pub async fn add_person(
        &self,
        session: &SessionToken,
        person: &NewPersonRequest,
    ) -> Result<PersonView> {
        self.call(
            Method::POST,
            &["people"],
            Credential::Session(session),
            Some(person),
        )
        .await
    }

    /// Changes a person (a supervisor's).
    pub async fn update_person(
        &self,
        session: &SessionToken,
        person: i64,
        change: &PersonUpdateRequest,
    ) -> Result<PersonView> {
        self.call(
            Method::PATCH,
            &["people", &person.to_string()],
            Credential::Session(session),
            Some(change),
        )
        .await
    }

    pub async fn desks(&self, session: &SessionToken) -> Result<Vec<DeskView>> {
        self.call(
            Method::GET,
            &["desks"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// A new desk's one-time enrollment code.
    pub async fn add_desk(
        &self,
        session: &SessionToken,
        name: &str,
    ) -> Result<EnrollmentCodeResponse> {
        let body = NewDeskRequest {
            name: name.to_owned(),
        };
        self.call(
            Method::POST,
            &["desks", "enrollments"],
            Credential::Session(session),
            Some(&body),
        )
        .await
    }

    pub async fn revoke_desk(&self, session: &SessionToken, desk: &str) -> Result<()> {
        self.act(
            Method::DELETE,
            &["desks", desk],
            Credential::Session(session),
        )
        .await
    }

    pub async fn orders(&self, session: &SessionToken) -> Result<Vec<OrderSummary>> {
        self.call(
            Method::GET,
            &["orders"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// The rows of these orders only (what another desk changed).
    pub async fn order_rows(
        &self,
        session: &SessionToken,
        numbers: &[u64],
    ) -> Result<Vec<OrderSummary>> {
        let mut url = self.url(&["orders"]);
        let list: Vec<String> = numbers.iter().map(u64::to_string).collect();
        url.query_pairs_mut()
            .append_pair("numbers", &list.join(","));
        self.read(url, session).await
    }

    /// One order in full: shipments, items left, parcels, labels and their documents.
    pub async fn order(&self, session: &SessionToken, order: u64) -> Result<StationOrder> {
        self.call(
            Method::GET,
            &["orders", &order.to_string()],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// An order's history, oldest first.
    pub async fn events(&self, session: &SessionToken, order: u64) -> Result<Vec<Event>> {
        self.call(
            Method::GET,
            &["orders", &order.to_string(), "events"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// What a scanned code names.
    pub async fn scan(&self, session: &SessionToken, code: &str) -> Result<ScanMatch> {
        let mut url = self.url(&["scan"]);
        url.query_pairs_mut().append_pair("code", code);
        self.read(url, session).await
    }

    /// Imports an order import file (its text, as read): what was imported, already there, or
    /// refused, each entry's problems with their paths.
    pub async fn import(&self, session: &SessionToken, file: String) -> Result<ImportReport> {
        let response = self
            .send_json(
                Method::POST,
                self.url(&["imports"]),
                Credential::Session(session),
                Some(file.into_bytes()),
                None,
            )
            .await?;
        json(response).await
    }

    /// Submits a quoted cart as an order (customer service).
    pub async fn submit_order(
        &self,
        session: &SessionToken,
        order: &SubmitOrderRequest,
    ) -> Result<OrderQueued> {
        self.call(
            Method::POST,
            &["orders"],
            Credential::Session(session),
            Some(order),
        )
        .await
    }

    /// A GET of `url` read as JSON.
    async fn read<T: DeserializeOwned>(&self, url: Url, session: &SessionToken) -> Result<T> {
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

    /// Claims a shipment for this desk (renews it when held already).
    pub async fn claim(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
    ) -> Result<ClaimView> {
        let order = order.to_string();
        self.call(
            Method::POST,
            &["orders", &order, "shipments", shipment, "claim"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    pub async fn release(&self, session: &SessionToken, order: u64, shipment: &str) -> Result<()> {
        let order = order.to_string();
        self.act(
            Method::DELETE,
            &["orders", &order, "shipments", shipment, "claim"],
            Credential::Session(session),
        )
        .await
    }

    /// Takes a shipment over from the desk holding it (a supervisor's).
    pub async fn take_over(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
    ) -> Result<ClaimView> {
        let order = order.to_string();
        self.call(
            Method::POST,
            &["orders", &order, "shipments", shipment, "take-over"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    pub async fn cancel(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
    ) -> Result<CancelResponse> {
        let order = order.to_string();
        self.call(
            Method::POST,
            &["orders", &order, "shipments", shipment, "cancel"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// Records a packed parcel; the server asks for its label.
    pub async fn pack(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
        parcel: &PackRequest,
    ) -> Result<ParcelQueued> {
        let order = order.to_string();
        self.call(
            Method::POST,
            &["orders", &order, "shipments", shipment, "parcels"],
            Credential::Session(session),
            Some(parcel),
        )
        .await
    }

    /// Asks for a parcel's label again.
    pub async fn request_label(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
        options: &LabelOptionsRequest,
    ) -> Result<ParcelQueued> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.call(
            Method::POST,
            &["orders", &order, "parcels", &parcel, "label"],
            Credential::Session(session),
            Some(options),
        )
        .await
    }

    /// The parcel's newest label and its documents.
    pub async fn parcel_label(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
    ) -> Result<ParcelLabelView> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.call(
            Method::GET,
            &["orders", &order, "parcels", &parcel, "label"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// A document's bytes, as the printer gets them.
    pub async fn document(&self, session: &SessionToken, document: i64) -> Result<Vec<u8>> {
        let response = self
            .send(
                Method::GET,
                self.url(&["documents", &document.to_string()]),
                Credential::Session(session),
                None::<&()>,
                None,
            )
            .await?;
        response
            .bytes()
            .await
            .map(|b| b.to_vec())
            .map_err(|e| WarehouseClientError::Unreachable(describe(&e)))
    }

    /// Discards a parcel not yet fulfilled; its units count as left again.
    pub async fn void_parcel(&self, session: &SessionToken, order: u64, parcel: i64) -> Result<()> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.act(
            Method::POST,
            &["orders", &order, "parcels", &parcel, "void"],
            Credential::Session(session),
        )
        .await
    }

    pub async fn fulfill(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
        fulfillment: &FulfillRequest,
    ) -> Result<ParcelQueued> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.call(
            Method::POST,
            &["orders", &order, "parcels", &parcel, "fulfill"],
            Credential::Session(session),
            Some(fulfillment),
        )
        .await
    }

    /// How many entries wait, and the soonest retry.
    pub async fn outbox_summary(&self, session: &SessionToken) -> Result<OutboxSummary> {
        self.call(
            Method::GET,
            &["outbox", "summary"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// Entries still to deliver, oldest first.
    pub async fn outbox(&self, session: &SessionToken) -> Result<Vec<OutboxEntryView>> {
        self.call(
            Method::GET,
            &["outbox"],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    /// Sends an entry again, as it is or with a supervisor's corrected body.
    pub async fn resend(
        &self,
        session: &SessionToken,
        entry: i64,
        corrected: Option<serde_json::Value>,
    ) -> Result<OutboxEntryView> {
        let body = ResendRequest { body: corrected };
        self.call(
            Method::POST,
            &["outbox", &entry.to_string(), "resend"],
            Credential::Session(session),
            Some(&body),
        )
        .await
    }

    pub async fn discard(
        &self,
        session: &SessionToken,
        entry: i64,
        reason: &str,
    ) -> Result<OutboxEntryView> {
        let body = DiscardRequest {
            reason: reason.to_owned(),
        };
        self.call(
            Method::POST,
            &["outbox", &entry.to_string(), "discard"],
            Credential::Session(session),
            Some(&body),
        )
        .await
    }

    /// A setting shared by the warehouse's desks (`customs_documents`).
    pub async fn setting(&self, session: &SessionToken, key: &str) -> Result<serde_json::Value> {
        self.call(
            Method::GET,
            &["settings", key],
            Credential::Session(session),
            None::<&()>,
        )
        .await
    }

    pub async fn set_setting(
        &self,
        session: &SessionToken,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<()> {
        self.send(
            Method::PUT,
            self.url(&["settings", key]),
            Credential::Session(session),
            Some(value),
            None,
        )
        .await
        .map(drop)
    }

    /// The live stream of changed orders, resuming after `after` (an event id it gave) when
    /// given. It stays open until dropped; a broken one is opened again with its last id.
    pub async fn changes(
        &self,
        session: &SessionToken,
        after: Option<i64>,
    ) -> Result<ChangeStream> {
        let mut url = self.url(&["changes"]);
        if let Some(after) = after {
            url.query_pairs_mut()
                .append_pair("after", &after.to_string());
        }
        // No overall limit: the stream is meant to stay open (keep-alives every 15 s).
        let response = self
            .send(
                Method::GET,
                url,
                Credential::Session(session),
                None::<&()>,
                Some(Duration::from_secs(365 * 24 * 3600)),
            )
            .await?;
        Ok(ChangeStream::new(response, after))
    }
}

/// A successful answer's JSON body.
async fn json<T: DeserializeOwned>(response: reqwest::Response) -> Result<T> {
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
fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
