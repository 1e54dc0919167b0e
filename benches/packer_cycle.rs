//! The packer's cycle through the warehouse server (issue 43, BENCHMARKS.md): from F2 (the
//! packed parcel sent) to its label received by a real TCP printer, p50/p99.
//! `cargo bench --bench packer_cycle`; `PACKDESK_BENCH_SMOKE=1` for CI's short check.
//!
//! Two set-ups side by side in one run, each with the reference provider on a loopback port:
//!
//! - **embedded**: the one-desk server in this process on a SQLite file, plain HTTP on
//!   loopback (as the app starts it when no warehouse is set up);
//! - **through the server**: the server on PostgreSQL (a throwaway cluster) over HTTPS, the
//!   desk trusting its fingerprint.
//!
//! Each cycle, as a desk does it with the typed client: the shipment claimed; then, timed, the
//! parcel packed (`POST …/parcels`), the server's outbox asks the provider for the label and
//! fetches its documents, the desk hears it on the live stream, reads the label, downloads
//! the ZPL and sends it to the printer's port; the clock stops when the printer has read the
//! whole label (`^XZ`).

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

#[path = "../tests/support/pg_cluster.rs"]
mod pg_cluster;

use std::time::{Duration, Instant};

use packdesk::api::warehouse::{LabelOptionsRequest, MeasureRequest, PackRequest};
use packdesk::api::{ClientConfig, IdempotencyKey, LabelStatus};
use packdesk::service::server::{RunningService, ServeConfig};
use packdesk::station::db::{Location, StationDb};
use packdesk::station::model::Role;
use packdesk::warehouse::client::{ChangeStream, DeskToken, SessionToken, Trust, WarehouseClient};
use packdesk::warehouse::{Transport, WarehouseConfig, admin};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

const CYCLE_P99_TARGET_MS: f64 = 1_000.0;
const PIN: &str = "1357";

fn cycles() -> usize {
    if support::smoke() { 5 } else { 40 }
}

/// A label printer on a loopback port: each connection's bytes, once its label ended.
async fn printer() -> (std::net::SocketAddr, mpsc::UnboundedReceiver<Instant>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (printed, received) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let printed = printed.clone();
            tokio::spawn(async move {
                let mut label = Vec::new();
                let mut chunk = [0u8; 8192];
                while let Ok(n) = socket.read(&mut chunk).await {
                    if n == 0 {
                        break;
                    }
                    label.extend_from_slice(&chunk[..n]);
                    if label.windows(3).any(|w| w == b"^XZ") {
                        let _ = printed.send(Instant::now());
                        break;
                    }
                }
            });
        }
    });
    (addr, received)
}

/// `count` orders quoted by the provider, known to it and recorded in `location`: numbers.
async fn orders(provider: &RunningService, location: &Location, count: usize) -> Vec<u64> {
    let client = packdesk::connection::client_for(provider).unwrap();
    let quoted = support::synthetic::quoted_demo_orders(&client, 880_001, count).await;
    let mut numbers = Vec::new();
    for order in &quoted {
        client.create_order(&order.body).await.unwrap();
        let location = location.clone();
        let (cart, quote, body) = (
            order.order.cart.clone(),
            order.quote.clone(),
            order.body.clone(),
        );
        tokio::task::spawn_blocking(move || {
            StationDb::connect(&location)
                .unwrap()
                .record_submitted_order(&cart, &quote, &body)
                .unwrap()
        })
        .await
        .unwrap();
        numbers.push(order.order.number);
    }
    numbers
}

/// Waits on the live stream until `order` changes again.
async fn changed(stream: &mut ChangeStream, order: u64) {
    loop {
        let change = tokio::time::timeout(Duration::from_secs(30), stream.next())
            .await
            .expect("a change within 30 s")
            .unwrap()
            .expect("the stream stays open");
        if change.orders.contains(&order) {
            return;
        }
    }
}

/// One timed cycle: pack, hear the label, download it, print it.
async fn cycle(
    client: &WarehouseClient,
    session: &SessionToken,
    stream: &mut ChangeStream,
    printer: std::net::SocketAddr,
    printed: &mut mpsc::UnboundedReceiver<Instant>,
    order: u64,
) -> Duration {
    let record = client.order(session, order).await.unwrap();
    let shipment = &record.shipments[0];
    client
        .claim(session, order, &shipment.shipment_id)
        .await
        .unwrap();
    let pack = PackRequest {
        lines: support::synthetic::parcel_lines_left(shipment),
        weight: MeasureRequest {
            value: "1.25".into(),
            unit: "pounds".into(),
        },
        dimensions: None,
        track_reference: format!("TR-{order}"),
        from: support::synthetic::label_address("Warehouse"),
        to: support::synthetic::label_address("Zoë"),
        label: LabelOptionsRequest {
            brand_code: "ACME".into(),
            location_code: None,
            base64: false,
            zpl: true,
            full_order: false,
        },
    };
    let started = Instant::now();
    let parcel = client
        .pack(
            session,
            order,
            &shipment.shipment_id,
            &pack,
            &IdempotencyKey::new(),
        )
        .await
        .unwrap()
        .parcel;
    let zpl = loop {
        changed(stream, order).await;
        let label = client.parcel_label(session, order, parcel).await.unwrap();
        let zpl = label
            .documents
            .iter()
            .find(|d| d.paper == "label" && d.kind == "zpl");
        if let (Some(LabelStatus::Success), Some(zpl)) = (label.status, zpl) {
            break zpl.id;
        }
    };
    let bytes = client.document(session, zpl).await.unwrap();
    let mut socket = TcpStream::connect(printer).await.unwrap();
    socket.write_all(&bytes).await.unwrap();
    socket.flush().await.unwrap();
    let at = printed.recv().await.unwrap();
    at.duration_since(started)
}

/// `tls`: HTTPS with the server's self-signed certificate; else plain HTTP on loopback.
async fn run(name: &str, location: Location, tls: bool, budget: &mut support::Budget) {
    let dir = tempfile::tempdir().unwrap();
    let provider = packdesk::service::server::start(ServeConfig::local(dir.path().join("p")))
        .await
        .unwrap();
    let data_dir = dir.path().join("server");
    let numbers = orders(&provider, &location, cycles()).await;
    let (admin_location, admin_dir) = (location.clone(), data_dir.clone());
    let code = tokio::task::spawn_blocking(move || {
        admin::add_person(
            &admin_location,
            &admin_dir,
            "Sam",
            Role::Supervisor,
            None,
            PIN,
        )
        .unwrap();
        admin::add_person(&admin_location, &admin_dir, "Pia", Role::Packer, None, PIN).unwrap();
        admin::add_desk(&admin_location, "Station 1", Duration::from_secs(600)).unwrap()
    })
    .await
    .unwrap();
    let mut config = WarehouseConfig::local(data_dir);
    config.database = Some(location);
    if !tls {
        config.transport = Transport::PlainLoopback;
    }
    config.provider = Some(ClientConfig::new(
        provider.base_url.clone(),
        provider.labels_url.clone(),
        provider.credentials.api_key.clone(),
        provider.credentials.access_token.clone(),
    ));
    let server = packdesk::warehouse::start(config).await.unwrap();
    let trust = match &server.fingerprint {
        Some(fingerprint) => Trust::Fingerprint(fingerprint.clone()),
        None => Trust::System,
    };
    let client = WarehouseClient::new(&server.base_url, &trust).unwrap();
    let desk = DeskToken(client.enroll(&code).await.unwrap().desk_token);
    let (session, _) = client.sign_in(&desk, "Pia", PIN).await.unwrap();
    let mut stream = client.changes(&session, None).await.unwrap();
    let (printer, mut printed) = printer().await;
    let mut times = Vec::new();
    for order in numbers {
        times.push(cycle(&client, &session, &mut stream, printer, &mut printed, order).await);
    }
    let (p50, p99) = support::p50_p99_ms(&mut times);
    println!("{name}: F2 to the label at the printer: p50 {p50:.0} ms, p99 {p99:.0} ms");
    budget.at_most(
        &format!("{name} packer cycle p99"),
        p99,
        CYCLE_P99_TARGET_MS,
        "ms",
    );
    drop(stream);
    server.shutdown().await.unwrap();
    provider.shutdown().await.unwrap();
}

fn main() {
    packdesk::api::tls::install();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut budget = support::Budget::default();
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Location::Sqlite(dir.path().join("one-desk.sqlite3"));
    runtime.block_on(run("embedded", sqlite, false, &mut budget));
    match pg_cluster::fresh_database() {
        Some(url) => {
            let location = Location::parse(&url).unwrap();
            let name = "through the server (PostgreSQL, TLS)";
            runtime.block_on(run(name, location, true, &mut budget));
        }
        None => println!("through the server: skipped (no PostgreSQL here)"),
    }
    budget.finish();
}
