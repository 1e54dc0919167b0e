//! The durable outbox against the real reference service on loopback and a real station
//! database file: deliveries survive the service being down, a worker killed mid-delivery
//! loses and duplicates nothing after a restart, and refusals wait for a person.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use packdesk::api::{Client, ClientConfig, RetryPolicy, Secret};
use packdesk::demo::orders::demo_orders;
use packdesk::service::server::{self, RunningService, ServeConfig};
use packdesk::station::db::*;
use packdesk::station::outbox::{Outbox, SharedDb, WorkerConfig};
use time::OffsetDateTime;

use crate::synthetic;

pub(crate) const KEY: &str = "outbox-key";
const TOKEN: &str = "outbox-token";

pub(crate) fn serve_config(dir: &Path, port: u16) -> ServeConfig {
    ServeConfig {
        addr: ([127, 0, 0, 1], port).into(),
        api_key: Some(KEY.into()),
        access_token: Some(TOKEN.into()),
        ..ServeConfig::local(dir.to_path_buf())
    }
}

pub(crate) fn client(port: u16, key: &str) -> Client {
    let base = format!("http://127.0.0.1:{port}");
    let mut config = ClientConfig::new(
        base.clone(),
        format!("{base}/api/post/fc/labels"),
        Secret::new(key),
        Secret::new(TOKEN),
    );
    config.retry = RetryPolicy::none();
    config.request_timeout = Duration::from_secs(5);
    Client::new(config).unwrap()
}

pub(crate) fn fast() -> WorkerConfig {
    WorkerConfig {
        first_retry: Duration::from_millis(100),
        longest_retry: Duration::from_millis(400),
        first_poll: Duration::from_millis(50),
        longest_poll: Duration::from_millis(200),
        idle: Duration::from_millis(200),
        lease: Duration::from_secs(2),
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `count` demo orders quoted by `service`, each submitted into the station (create queued),
/// with its first shipment packed into one parcel and fulfilled (update queued).
async fn queue_orders(service: &RunningService, db: &SharedDb, count: usize) -> Vec<u64> {
    let quoting = client(service.addr.port(), KEY);
    let first = demo_orders(OffsetDateTime::now_utc())[0].number;
    let quoted = synthetic::quoted_demo_orders(&quoting, first, count).await;
    for order in &quoted {
        synthetic::submit_and_fulfill(&mut db.lock().unwrap(), order);
    }
    quoted.iter().map(|q| q.order.number).collect()
}

async fn wait_for(what: &str, db: &SharedDb, done: impl Fn(&mut StationDb) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(&mut db.lock().unwrap()) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each order exists once at the service with exactly one fulfillment.
pub(crate) fn assert_once_each(service: &RunningService, numbers: &[u64]) {
    for number in numbers {
        let order = service
            .store
            .order(*number)
            .unwrap()
            .expect("order created");
        let fulfillments: usize = order.shipments.iter().map(|s| s.fulfillments.len()).sum();
        assert_eq!(fulfillments, 1, "order {number}: one fulfillment");
    }
}

fn open_db(dir: &Path) -> SharedDb {
    Arc::new(Mutex::new(
        StationDb::open(dir.join("station.sqlite3")).unwrap(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_wait_out_an_outage_and_arrive_once() {
    let (service_dir, station_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let port = free_port();
    let service = server::start(serve_config(service_dir.path(), port))
        .await
        .unwrap();
    let db = open_db(station_dir.path());
    let numbers = queue_orders(&service, &db, 2).await;
    service.shutdown().await.unwrap();

    let outbox = Outbox::spawn(
        &tokio::runtime::Handle::current(),
        db.clone(),
        client(port, KEY),
        fast(),
        "desk".into(),
    );
    wait_for("the creates to be retrying", &db, |db: &mut StationDb| {
        let summary = db.outbox_summary().unwrap();
        summary.retrying >= 1 && summary.next_retry_at.is_some()
    })
    .await;
    let open = db.lock().unwrap().outbox_open().unwrap();
    assert_eq!(open.len(), 4, "two creates, two fulfillments, none lost");
    assert!(open.iter().all(|e| e.state != OutboxState::NeedsAttention));

    let service = server::start(serve_config(service_dir.path(), port))
        .await
        .unwrap();
    wait_for("every delivery", &db, |db: &mut StationDb| {
        db.outbox_summary().unwrap().is_empty()
    })
    .await;
    outbox.abort();
    assert_once_each(&service, &numbers);
    for number in &numbers {
        let entries = db.lock().unwrap().outbox_for_order(*number).unwrap();
        assert!(entries.iter().all(|e| e.state == OutboxState::Delivered));
        assert!(
            entries.iter().any(|e| e.attempts > 1),
            "retried after the outage"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_delivery_loses_and_duplicates_nothing() {
    let (service_dir, station_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let service = server::start(serve_config(service_dir.path(), 0))
        .await
        .unwrap();
    let port = service.addr.port();
    let db = open_db(station_dir.path());
    let numbers = queue_orders(&service, &db, 4).await;

    // The worst moment by hand: the first create reached the service, then the app died
    // before recording the answer (the attempt is counted, the state is still queued, and
    // the lease runs out).
    let lease = Duration::from_millis(500);
    let first = db
        .lock()
        .unwrap()
        .outbox_claim_next("desk", lease)
        .unwrap()
        .unwrap();
    db.lock().unwrap().outbox_begin_attempt(first.id).unwrap();
    let body = serde_json::from_value(first.body.clone()).unwrap();
    client(port, KEY).create_order(&body).await.unwrap();

    // A worker on its own runtime, dropped (as a crash would) after a few deliveries.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let outbox = Outbox::spawn(
        runtime.handle(),
        db.clone(),
        client(port, KEY),
        fast(),
        "desk".into(),
    );
    wait_for("some deliveries", &db, |db: &mut StationDb| {
        db.outbox_open().unwrap().len() <= 5
    })
    .await;
    outbox.abort();
    tokio::task::spawn_blocking(move || drop(runtime))
        .await
        .unwrap();

    // Restart from the same database file.
    drop(db);
    let db = open_db(station_dir.path());
    let outbox = Outbox::spawn(
        &tokio::runtime::Handle::current(),
        db.clone(),
        client(port, KEY),
        fast(),
        "desk".into(),
    );
    wait_for(
        "every delivery after the restart",
        &db,
        |db: &mut StationDb| db.outbox_summary().unwrap().is_empty(),
    )
    .await;
    outbox.abort();
    assert_once_each(&service, &numbers);
    let replayed = db.lock().unwrap().outbox_entry(first.id).unwrap().unwrap();
    assert_eq!(replayed.state, OutboxState::Delivered);
    assert!(replayed.attempts >= 2);
    assert!(
        replayed
            .last_error
            .unwrap_or_default()
            .contains("earlier attempt"),
        "the 409 after a retry counted as delivered"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_wait_for_a_correction_or_a_discard() {
    let (service_dir, station_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let service = server::start(serve_config(service_dir.path(), 0))
        .await
        .unwrap();
    let port = service.addr.port();
    let db = open_db(station_dir.path());
    let numbers = queue_orders(&service, &db, 2).await;
    // The second order's fulfillment says a status the service does not know: a 422.
    let bad = {
        let mut db = db.lock().unwrap();
        let entries = db.outbox_for_order(numbers[1]).unwrap();
        entries
            .into_iter()
            .find(|e| e.action == OutboxAction::Fulfill)
            .unwrap()
    };
    let mut body = bad.body.clone();
    body["shipments"][0]["fulfillments"][0]["status"] = "teleported".into();
    db.lock()
        .unwrap()
        .outbox_resend(bad.id, Some(body))
        .unwrap();

    // With a wrong API key every call is a 401: all wait for a person, none is retried.
    let outbox = Outbox::spawn(
        &tokio::runtime::Handle::current(),
        db.clone(),
        client(port, "wrong-key"),
        fast(),
        "desk".into(),
    );
    wait_for("the 401s", &db, |db: &mut StationDb| {
        db.outbox_summary().unwrap().needs_attention == 2
    })
    .await;
    let refused = db.lock().unwrap().outbox_open().unwrap();
    assert!(
        refused[0]
            .last_error
            .as_deref()
            .unwrap()
            .contains("credentials")
    );
    assert!(service.store.order(numbers[0]).unwrap().is_none());

    // The key is corrected in Settings; each create is resent and goes through, and the
    // 422 shows its field error.
    outbox.set_client(client(port, KEY));
    for entry in &refused {
        db.lock().unwrap().outbox_resend(entry.id, None).unwrap();
    }
    outbox.wake();
    wait_for("the 422", &db, |db: &mut StationDb| {
        db.outbox_entry(bad.id).unwrap().unwrap().state == OutboxState::NeedsAttention
    })
    .await;
    let waiting = db.lock().unwrap().outbox_entry(bad.id).unwrap().unwrap();
    assert!(
        waiting
            .field_errors
            .iter()
            .any(|e| e.field.contains("fulfillments[0].status")),
        "{:?}",
        waiting.field_errors
    );
    // Resent with the status corrected, it is delivered once.
    let mut fixed = waiting.body.clone();
    fixed["shipments"][0]["fulfillments"][0]["status"] = "in_transit".into();
    db.lock()
        .unwrap()
        .outbox_resend(bad.id, Some(fixed))
        .unwrap();
    outbox.wake();
    wait_for("the correction delivered", &db, |db: &mut StationDb| {
        db.outbox_entry(bad.id).unwrap().unwrap().state == OutboxState::Delivered
    })
    .await;
    wait_for("everything delivered", &db, |db: &mut StationDb| {
        db.outbox_summary().unwrap().is_empty()
    })
    .await;
    assert_once_each(&service, &numbers);

    // A cancellation the service refuses (the shipment is fulfilled) is discarded.
    let shipment = {
        let mut db = db.lock().unwrap();
        db.order(numbers[0]).unwrap().unwrap().shipments[0]
            .shipment_id
            .clone()
    };
    let cancel = NewOutboxEntry {
        action: OutboxAction::Cancel,
        order: numbers[0],
        shipment_id: Some(shipment.clone()),
        parcel: None,
        body: serde_json::json!({
            "source_reference": numbers[0],
            "source_updated_at": OffsetDateTime::now_utc()
                .format(&time::format_description::well_known::Rfc3339).unwrap(),
            "shipments": [{"shipment_id": shipment, "status": "canceled"}]
        }),
    };
    let id = db.lock().unwrap().enqueue(&cancel).unwrap();
    outbox.wake();
    wait_for("the 409", &db, |db: &mut StationDb| {
        db.outbox_entry(id).unwrap().unwrap().state == OutboxState::NeedsAttention
    })
    .await;
    let gone = db
        .lock()
        .unwrap()
        .outbox_discard(id, "wrong shipment")
        .unwrap();
    assert_eq!(gone.state, OutboxState::Discarded);
    assert!(db.lock().unwrap().outbox_summary().unwrap().is_empty());
    outbox.abort();
}
