//! Real HTTP servers on 127.0.0.1:0 for the client tests: one that plays a script of replies and
//! records every request, and one that accepts connections and never answers.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use packdesk::api::{ClientConfig, RetryPolicy, Secret};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub const API_KEY: &str = "key-7f3a9c-very-secret";
pub const ACCESS_TOKEN: &str = "tok-51d2e8-also-secret";

/// One scripted answer.
#[derive(Clone)]
pub struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Reply {
    pub fn json(status: u16, body: &str) -> Self {
        Self::bytes(status, body.as_bytes()).header("content-type", "application/json")
    }

    pub fn bytes(status: u16, body: &[u8]) -> Self {
        Self {
            status,
            headers: Vec::new(),
            body: body.to_vec(),
        }
    }

    pub fn empty(status: u16) -> Self {
        Self::bytes(status, b"")
    }

    pub fn header(mut self, name: &'static str, value: &str) -> Self {
        self.headers.push((name, value.to_owned()));
        self
    }
}

/// What the server received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: Method,
    pub path: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

#[derive(Clone)]
struct Script {
    replies: Arc<Vec<Reply>>,
    requests: Arc<Mutex<Vec<Recorded>>>,
}

/// Serves `replies` in order, repeating the last one.
pub struct TestServer {
    pub addr: SocketAddr,
    requests: Arc<Mutex<Vec<Recorded>>>,
    task: JoinHandle<()>,
}

impl TestServer {
    pub async fn start(replies: Vec<Reply>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        Self::start_on(listener, replies)
    }

    pub fn start_on(listener: TcpListener, replies: Vec<Reply>) -> Self {
        assert!(!replies.is_empty());
        let addr = listener.local_addr().unwrap();
        let script = Script {
            replies: Arc::new(replies),
            requests: Arc::default(),
        };
        let requests = script.requests.clone();
        let app = axum::Router::new().fallback(answer).with_state(script);
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self {
            addr,
            requests,
            task,
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().unwrap().clone()
    }

    /// A config for this server with the test credentials and a fast retry policy.
    pub fn config(&self) -> ClientConfig {
        config_for(&self.url())
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub fn config_for(base_url: &str) -> ClientConfig {
    let mut config = ClientConfig::new(
        base_url,
        format!("{base_url}/api/post/fc/labels"),
        Secret::new(API_KEY),
        Secret::new(ACCESS_TOKEN),
    );
    config.connect_timeout = Duration::from_secs(2);
    config.request_timeout = Duration::from_secs(5);
    config.retry = RetryPolicy {
        max_attempts: 3,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        max_retry_after: Duration::from_secs(5),
    };
    config
}

async fn answer(
    State(script): State<Script>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let index = {
        let mut requests = script.requests.lock().unwrap();
        requests.push(Recorded {
            method,
            path: uri.path().to_owned(),
            headers,
            body: body.to_vec(),
        });
        requests.len() - 1
    };
    let reply = &script.replies[index.min(script.replies.len() - 1)];
    let mut response = (
        StatusCode::from_u16(reply.status).unwrap(),
        reply.body.clone(),
    )
        .into_response();
    for (name, value) in &reply.headers {
        response.headers_mut().insert(
            HeaderName::from_static(name),
            HeaderValue::from_str(value).unwrap(),
        );
    }
    response
}

/// Accepts connections and holds them open without ever answering.
pub struct HungServer {
    pub addr: SocketAddr,
    accepted: Arc<AtomicUsize>,
    task: JoinHandle<()>,
}

impl HungServer {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let accepted = Arc::new(AtomicUsize::new(0));
        let counter = accepted.clone();
        let task = tokio::spawn(async move {
            let mut held = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                counter.fetch_add(1, Ordering::SeqCst);
                held.push(socket);
            }
        });
        Self {
            addr,
            accepted,
            task,
        }
    }

    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

impl Drop for HungServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A port that nothing listens on: bound, then released.
pub async fn dead_port() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap()
}
