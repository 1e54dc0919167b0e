//! Both HTTP servers (`packdesk serve` and the warehouse server) against callers that do not
//! play fair: a request without credentials is refused before its body is read.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::support::TestService;

/// Sends only the head of a request announcing `length` bytes of body, and reads the answer's
/// status line; the body is never sent, so an answer proves the body was not waited for.
async fn head_only(addr: SocketAddr, method: &str, path: &str, length: usize) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    answer.extend_from_slice(&buffer[..n]);
                    if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "{method} {path}: no answer while the body was withheld"
    );
    let text = String::from_utf8_lossy(&answer).into_owned();
    text.lines().next().unwrap_or_default().to_string()
}

/// A request without credentials announcing `length` bytes is answered 401 at once, the body
/// never sent.
async fn refused_unread(addr: SocketAddr, method: &str, path: &str, length: usize) {
    let started = Instant::now();
    let status = head_only(addr, method, path, length).await;
    assert!(
        status.starts_with("HTTP/1.1 401"),
        "{method} {path}: {status}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{method} {path}"
    );
}

#[tokio::test]
async fn the_service_refuses_a_request_without_credentials_before_reading_its_body() {
    let svc = TestService::start().await;
    let addr = svc.running.addr;
    for (method, path) in [
        ("POST", "/api/post/fc/labels"),
        ("POST", "/v1/landed-cost"),
        ("POST", "/v1/orders"),
        ("PUT", "/v1/orders"),
    ] {
        refused_unread(addr, method, path, 1_000_000).await;
    }
}

/// A warehouse server on a SQLite record in `dir`, plain HTTP on loopback.
async fn warehouse_server(dir: &std::path::Path) -> packdesk::warehouse::RunningWarehouse {
    use packdesk::warehouse::{Transport, WarehouseConfig};
    let mut config = WarehouseConfig::local(dir.to_path_buf());
    config.database = Some(packdesk::station::db::Location::Sqlite(
        dir.join("warehouse.sqlite3"),
    ));
    config.transport = Transport::PlainLoopback;
    packdesk::warehouse::start(config).await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_warehouse_server_refuses_a_request_without_a_session_before_reading_its_body() {
    let dir = tempfile::tempdir().unwrap();
    let server = warehouse_server(dir.path()).await;
    for (method, path, length) in [
        ("POST", "/v1/warehouse/imports", 60_000_000),
        ("POST", "/v1/warehouse/orders", 1_000_000),
        ("PUT", "/v1/warehouse/settings/customs", 1_000_000),
        (
            "POST",
            "/v1/warehouse/orders/7/shipments/S1/parcels",
            1_000_000,
        ),
        ("POST", "/v1/warehouse/sessions", 1_000_000),
    ] {
        refused_unread(server.addr, method, path, length).await;
    }
}

/// The soft limit of open files raised to the hard one: a thousand connections need two
/// thousand descriptors in this process (both ends), more than some machines' default 1 024.
fn enough_files() {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// `count` connections from 127.0.0.2, each having sent half a request head and then nothing.
async fn slow_clients(server: SocketAddr, count: usize) -> Vec<tokio::net::TcpStream> {
    let mut held = Vec::with_capacity(count);
    for _ in 0..count {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        let Ok(mut stream) = socket.connect(server).await else {
            continue;
        };
        let _ = stream
            .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            .await;
        held.push(stream);
    }
    held
}

/// A client from `from` asking `GET {base}{path}`, with its status and how long it took.
async fn timed_get(from: [u8; 4], url: &str) -> (u16, Duration) {
    let client = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(from))
        .danger_accept_invalid_certs(true)
        .build()
        .unwrap();
    let started = Instant::now();
    let status = client.get(url).send().await.unwrap().status().as_u16();
    (status, started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_thousand_slow_connections_do_not_keep_a_normal_client_waiting() {
    enough_files();
    let svc = TestService::start().await;
    let dir = tempfile::tempdir().unwrap();
    let warehouse = warehouse_server(dir.path()).await;
    for (name, addr, url) in [
        (
            "service",
            svc.running.addr,
            format!("{}/healthz", svc.running.base_url),
        ),
        (
            "warehouse server",
            warehouse.addr,
            format!("{}/health", warehouse.base_url),
        ),
    ] {
        let held = slow_clients(addr, 1000).await;
        assert!(held.len() > 500, "{name}: only {} connected", held.len());
        // One address holds at most its share of the server's connections: the rest are
        // closed at once rather than kept (with their descriptors) until they time out.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let still_open = held
            .iter()
            .filter(|stream| {
                let mut byte = [0u8; 1];
                matches!(stream.try_read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
            })
            .count();
        let per_client = packdesk::serving::Limits::default().max_connections_per_client;
        assert!(
            still_open <= per_client,
            "{name}: {still_open} slow connections kept"
        );
        let (status, took) = timed_get([127, 0, 0, 1], &url).await;
        assert_eq!(status, 200, "{name}");
        assert!(
            took < Duration::from_secs(1),
            "{name}: answered after {took:?}"
        );
        drop(held);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_from_one_address_gets_429_while_another_is_served() {
    let svc = TestService::start_with(|config| config.limits.requests_per_second = 20).await;
    let url = format!("{}/healthz", svc.running.base_url);
    let flood = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let mut refused = None;
    for _ in 0..200 {
        let answer = flood.get(&url).send().await.unwrap();
        if answer.status() == 429 {
            refused = Some(answer);
            break;
        }
    }
    let refused = refused.expect("the flood was never refused");
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&wait), "Retry-After: {wait}");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert!(
        body["error"][0]["error"]
            .as_str()
            .unwrap()
            .starts_with("Too many requests from this address"),
        "{body}"
    );
    let (status, _) = timed_get([127, 0, 0, 1], &url).await;
    assert_eq!(status, 200, "another address is served");
}

#[tokio::test]
async fn a_request_head_that_never_ends_is_cut_off_at_the_header_timeout() {
    let svc = TestService::start_with(|config| {
        config.limits.header_read = Duration::from_secs(1);
    })
    .await;
    let mut held = slow_clients(svc.running.addr, 1).await;
    let mut stream = held.pop().unwrap();
    let started = Instant::now();
    let mut buffer = [0u8; 1024];
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection was held past 10 s");
    assert!(started.elapsed() >= Duration::from_millis(900));
}
