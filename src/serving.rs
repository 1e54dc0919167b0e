//! Serving a router over HTTP/1 with the limits a server other machines reach needs: both
//! `packdesk serve` and the warehouse server go through [`serve`]. What `axum::serve` leaves
//! unbounded is bounded here:
//!
//! - a request's head must arrive within [`Limits::header_read`], so a client trickling bytes
//!   (or holding connections open saying nothing) has them closed;
//! - a handler must answer within [`Limits::request`] (503 otherwise; a stream such as the
//!   warehouse's change feed goes on after its head);
//! - at most [`Limits::max_connections`] connections are served at once, and at most
//!   [`Limits::max_connections_per_client`] from one address, so one machine cannot take them
//!   all;
//! - one address may send [`Limits::requests_per_second`] requests a second (with a burst of
//!   twice that); beyond, `429` with `Retry-After`.
//!
//! Credentials are checked by each server's own layers before a body is read. Refusals made
//! here have the servers' shared error body (`api::ErrorBody`).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use axum::response::IntoResponse as _;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt as _;

use crate::api::{ErrorBody, FieldError};

/// The limits of one server; [`Limits::default`] is what `--help` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The time a client has to send a request's head (and, between requests, to start one).
    pub header_read: Duration,
    /// The time a handler has to answer.
    pub request: Duration,
    /// Connections served at once, all clients together.
    pub max_connections: usize,
    /// Connections served at once from one address.
    pub max_connections_per_client: usize,
    /// Requests a second from one address, sustained (0: no limit).
    pub requests_per_second: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(20),
            request: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_client: 256,
            requests_per_second: 1000,
        }
    }
}

impl Limits {
    /// A server in the app's own process, for this desk alone: the same timers, no rate limit.
    pub fn in_process() -> Self {
        Self {
            requests_per_second: 0,
            ..Self::default()
        }
    }
}

/// How long a stopping server waits for requests in flight before closing their connections.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests in flight finish (for up to a few seconds).
pub async fn serve<L>(
    mut listener: L,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send,
) where
    L: axum::serve::Listener<Addr = SocketAddr>,
    L::Io: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let clients = Arc::new(Clients::new(limits));
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (stop, stopping) = watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    tokio::pin!(shutdown);
    loop {
        while connections.try_join_next().is_some() {}
        // At the limit, new connections wait in the listener's backlog.
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit,
            () = &mut shutdown => break,
        };
        let Ok(permit) = permit else { break };
        let (io, peer) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let Some(slot) = clients.open(peer.ip()) else {
            tracing::debug!(%peer, "refused: too many connections from this address");
            continue;
        };
        let service = Guarded {
            router: router.clone(),
            peer,
            clients: clients.clone(),
            request: limits.request,
        };
        let mut stopping = stopping.clone();
        let http = http.clone();
        connections.spawn(async move {
            let _held = (permit, slot);
            let connection = http.serve_connection(TokioIo::new(io), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(DRAIN, connection).await;
                }
            }
        });
    }
    let _ = stop.send(true);
    let _ = tokio::time::timeout(DRAIN, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.abort_all();
}

/// One connection's requests: rate-limited by address, and timed.
#[derive(Clone)]
struct Guarded {
    router: Router,
    peer: SocketAddr,
    clients: Arc<Clients>,
    request: Duration,
}

impl hyper::service::Service<Request<Incoming>> for Guarded {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        if let Some(wait) = self.clients.take_request(self.peer.ip()) {
            return Box::pin(std::future::ready(Ok(too_many_requests(wait))));
        }
        let request = request.map(Body::new);
        let router = self.router.clone();
        let limit = self.request;
        Box::pin(async move {
            match tokio::time::timeout(limit, router.oneshot(request)).await {
                Ok(Ok(response)) => Ok(in_error_shape(response).await),
                Ok(Err(never)) => match never {},
                Err(_) => Ok(error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "The server did not answer in time; try again.",
                    None,
                )),
            }
        })
    }
}

/// axum answers what it cannot hand to a handler (a path parameter that is not a number, say)
/// in plain text; these servers answer every error in their JSON shape, the problem said.
async fn in_error_shape(response: Response<Body>) -> Response<Body> {
    let plain = response.status().is_client_error()
        && response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/plain"));
    if !plain {
        return response;
    }
    let status = response.status();
    let text = axum::body::to_bytes(response.into_body(), 16 * 1024)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_string())
        .unwrap_or_default();
    let said = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("The request was refused.")
    } else {
        &text
    };
    error(status, said, None)
}

fn too_many_requests(wait: Duration) -> Response<Body> {
    let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
    error(
        StatusCode::TOO_MANY_REQUESTS,
        &format!("Too many requests from this address: wait {seconds} s and send again."),
        Some(seconds),
    )
}

/// The servers' error shape ([`ErrorBody`]), the problem said of the request as a whole.
fn error(status: StatusCode, message: &str, retry_after: Option<u64>) -> Response<Body> {
    let body = ErrorBody {
        error: vec![FieldError::new("", message)],
    };
    let mut response = (status, axum::Json(body)).into_response();
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// What each address has open and may still send.
struct Clients {
    limits: Limits,
    by_address: Mutex<HashMap<IpAddr, Client>>,
}

struct Client {
    connections: usize,
    /// Requests it may send now (a token bucket of twice the rate).
    tokens: f64,
    refilled: Instant,
}

/// Addresses kept at most before idle ones are swept on every close.
const FORGET_ABOVE: usize = 10_000;

impl Client {
    /// The tokens it has at `now`, refilled at `rate` up to `burst`.
    fn tokens_at(&self, now: Instant, rate: f64, burst: f64) -> f64 {
        let earned = now.duration_since(self.refilled).as_secs_f64() * rate;
        (self.tokens + earned).min(burst)
    }
}

/// A connection counted against its address until dropped.
struct Slot {
    clients: Arc<Clients>,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.clients.close(self.address);
    }
}

impl Clients {
    fn new(limits: Limits) -> Self {
        Self {
            limits,
            by_address: Mutex::new(HashMap::new()),
        }
    }

    fn burst(&self) -> f64 {
        f64::from(self.limits.requests_per_second) * 2.0
    }

    /// A connection from `address`, or `None` when it has as many open as it may.
    fn open(self: &Arc<Self>, address: IpAddr) -> Option<Slot> {
        let mut all = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let burst = self.burst();
        let client = all.entry(address).or_insert_with(|| Client {
            connections: 0,
            tokens: burst,
            refilled: Instant::now(),
        });
        if client.connections >= self.limits.max_connections_per_client.max(1) {
            return None;
        }
        client.connections += 1;
        Some(Slot {
            clients: self.clone(),
            address,
        })
    }

    fn close(&self, address: IpAddr) {
        let mut all = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(client) = all.get_mut(&address) {
            client.connections = client.connections.saturating_sub(1);
        }
        // Forgotten once it has nothing open and its bucket is full again: a client opening a
        // connection per request keeps its bucket (and its wait) until then.
        if all.len() > FORGET_ABOVE || all.get(&address).is_some_and(|c| c.connections == 0) {
            let (rate, burst, now) = (self.rate(), self.burst(), Instant::now());
            all.retain(|_, c| c.connections > 0 || c.tokens_at(now, rate, burst) < burst);
        }
    }

    fn rate(&self) -> f64 {
        f64::from(self.limits.requests_per_second)
    }

    /// Takes one request's token; `Some(wait)` when the address must wait that long first.
    fn take_request(&self, address: IpAddr) -> Option<Duration> {
        let rate = self.rate();
        if rate == 0.0 {
            return None;
        }
        let mut all = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let client = all.get_mut(&address)?;
        let now = Instant::now();
        client.tokens = client.tokens_at(now, rate, self.burst());
        client.refilled = now;
        if client.tokens >= 1.0 {
            client.tokens -= 1.0;
            None
        } else {
            Some(Duration::from_secs_f64((1.0 - client.tokens) / rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(rate: u32, per_client: usize) -> Limits {
        Limits {
            requests_per_second: rate,
            max_connections_per_client: per_client,
            ..Limits::default()
        }
    }

    #[test]
    fn an_address_gets_its_burst_then_waits_for_the_rate() {
        let clients = Arc::new(Clients::new(limits(10, 4)));
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let _a = clients.open(a).unwrap();
        let _b = clients.open(b).unwrap();
        for n in 0..20 {
            assert_eq!(clients.take_request(a), None, "request {n} of the burst");
        }
        let wait = clients.take_request(a).unwrap();
        assert!(wait <= Duration::from_millis(100), "{wait:?}");
        assert_eq!(clients.take_request(b), None, "another address is served");
        assert_eq!(
            Arc::new(Clients::new(limits(0, 4))).take_request(a),
            None,
            "0: no limit"
        );
    }

    #[test]
    fn an_address_has_at_most_its_connections_and_gets_them_back_when_closed() {
        let clients = Arc::new(Clients::new(limits(10, 2)));
        let a: IpAddr = [10, 0, 0, 1].into();
        let first = clients.open(a).unwrap();
        let _second = clients.open(a).unwrap();
        assert!(clients.open(a).is_none());
        assert!(clients.open([10, 0, 0, 2].into()).is_some());
        drop(first);
        assert!(clients.open(a).is_some());
    }

    #[test]
    fn a_client_opening_a_connection_per_request_keeps_its_wait() {
        let clients = Arc::new(Clients::new(limits(1, 4)));
        let a: IpAddr = [10, 0, 0, 1].into();
        let mut refused = 0;
        for _ in 0..5 {
            let _slot = clients.open(a).unwrap();
            refused += usize::from(clients.take_request(a).is_some());
        }
        assert_eq!(refused, 3, "a burst of 2, then waits");
    }
}
