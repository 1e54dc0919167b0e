//! The database itself: pragmas, migrations, durability, the event log, concurrency.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::*;

#[test]
fn wal_foreign_keys_and_busy_timeout_are_on() {
    let (_dir, store) = temp_store();
    on_sqlite(&store, |conn| {
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let fk: i64 = conn
            .query_row("PRAGMA foreign_keys", [], |r| r.get(0))
            .unwrap();
        assert_eq!(fk, 1);
        let busy: i64 = conn
            .query_row("PRAGMA busy_timeout", [], |r| r.get(0))
            .unwrap();
        assert!(busy >= 1000, "busy_timeout is {busy} ms");
        let bad = conn.execute(
            "INSERT INTO order_items (shipment_row, source_line_id, source_product_id,
            source_variant_id, quantity, unit_price, unit_discount, sku, product_name,
            variant_name, description, origin_country_code, category, requires_shipping,
            refunded_quantity)
         VALUES (999, 'L', 1, 1, '1', '1', '0', 'S', 'P', 'V', 'D', 'PT', 'c', 1, '0')",
            [],
        );
        assert!(bad.is_err(), "a line of a missing shipment was accepted");
    });
}

#[test]
fn migrations_are_idempotent_on_reopen() {
    let (dir, store) = temp_store();
    seeded(&store, 1);
    let history = |s: &Store| -> Vec<i64> {
        on_sqlite(s, |conn| {
            let mut stmt = conn
                .prepare("SELECT version FROM refinery_schema_history ORDER BY version")
                .unwrap();
            stmt.query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        })
    };
    let every_step: Vec<i64> = (1..=migrations::latest()).collect();
    assert_eq!(history(&store), every_step);
    let tables = count(&store, "SELECT COUNT(*) FROM sqlite_master");
    drop(store);
    for _ in 0..2 {
        let again = reopen(&dir);
        assert_eq!(history(&again), every_step);
        assert_eq!(count(&again, "SELECT COUNT(*) FROM sqlite_master"), tables);
        assert!(again.order(1).unwrap().is_some());
    }
}

#[test]
fn a_database_from_a_newer_build_is_refused() {
    let (dir, store) = temp_store();
    drop(store);
    let raw = rusqlite::Connection::open(db_path(&dir)).unwrap();
    raw.execute(
        "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
         VALUES (99, 'from_the_future', '2026-03-02T10:00:00Z', '0')",
        [],
    )
    .unwrap();
    drop(raw);
    let result = Store::open(&db_path(&dir));
    assert!(
        matches!(&result, Err(StoreError::Corrupt(m)) if m.contains("update Packdesk")),
        "{result:?}"
    );
}

#[test]
fn a_database_counted_by_a_newer_build_before_refinery_is_refused() {
    let dir = TempDir::new().unwrap();
    let raw = rusqlite::Connection::open(db_path(&dir)).unwrap();
    raw.pragma_update(None, "user_version", migrations::latest() + 1)
        .unwrap();
    drop(raw);
    let result = Store::open(&db_path(&dir));
    assert!(
        matches!(&result, Err(StoreError::Corrupt(m)) if m.contains("update Packdesk")),
        "{result:?}"
    );
}

#[test]
fn a_packdesk_from_before_refinery_refuses_a_migrated_database() {
    let (dir, store) = temp_store();
    drop(store);
    let raw = rusqlite::Connection::open(db_path(&dir)).unwrap();
    let user_version: i64 = raw
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    // The old runner refused any count above its steps as "newer".
    assert!(user_version > migrations::latest(), "{user_version}");
}

/// Processes starting at once on one file, empty or left by a Packdesk from before refinery
/// (step 1 counted in `user_version`): the ones that lose the race to adopt the file or apply a
/// step find it done and open the store anyway.
#[test]
fn stores_migrating_one_file_at_once_all_open_it() {
    const OPENERS: usize = 8;
    for before_refinery in [false, true, false, true, false, true] {
        let dir = TempDir::new().unwrap();
        let path = db_path(&dir);
        // Already in WAL mode: switching a file to WAL while others open it can fail "locked"
        // before any migration runs, which is not what this test is about.
        let raw = rusqlite::Connection::open(&path).unwrap();
        let _mode: String = raw
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .unwrap();
        if before_refinery {
            raw.execute_batch(include_str!(
                "../migrations/sqlite/V1__calculations_orders_labels.sql"
            ))
            .unwrap();
            raw.pragma_update(None, "user_version", 1).unwrap();
        }
        drop(raw);
        let start = Arc::new(std::sync::Barrier::new(OPENERS));
        let openers: Vec<_> = (0..OPENERS)
            .map(|_| {
                let (path, start) = (path.clone(), Arc::clone(&start));
                thread::spawn(move || {
                    start.wait();
                    Store::open(&path).map(drop)
                })
            })
            .collect();
        for opener in openers {
            opener.join().unwrap().unwrap();
        }
        let store = reopen(&dir);
        assert_eq!(
            count(&store, "SELECT COUNT(*) FROM refinery_schema_history"),
            migrations::latest()
        );
    }
}

fn data_survives_reopen(db: &Db) {
    let store = db.open();
    seeded(&store, 7);
    let mut up = update(7, "2026-03-02T08:00:00Z");
    up.shipments = vec![ShipmentUpdate {
        status: Some("fulfilled".into()),
        fulfillments: vec![fulfillment("TRACK1", &[("L1", "2")])],
        ..shipment_update("S1")
    }];
    store.update_order(&up, now()).unwrap();
    let label = store
        .full_order_label("7", now(), now(), super::labels::render_ok)
        .unwrap();
    let before = store.order(7).unwrap().unwrap();
    drop(store);
    let store = db.open();
    assert_eq!(store.order(7).unwrap().unwrap(), before);
    assert_eq!(
        store.label_document(&label.id, DocFormat::Pdf).unwrap(),
        Some(label.pdf)
    );
}

fn every_write_is_in_the_event_history(db: &Db) {
    let store = db.open();
    seeded(&store, 3);
    // The quote the order was made from is its own record (`calculations`), not an event.
    let calc_events = count(
        &store,
        "SELECT COUNT(*) FROM events WHERE source_reference IS NULL",
    );
    assert_eq!(calc_events, 0);
    let mut up = update(3, "2026-03-02T08:00:00Z");
    up.shipments = vec![ShipmentUpdate {
        status: Some("canceled".into()),
        ..shipment_update("S2")
    }];
    store.update_order(&up, now()).unwrap();
    let kinds: Vec<String> = events(&store, "3").into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds,
        ["order_created", "shipment_canceled", "order_updated"]
    );
    assert_eq!(store.order(3).unwrap().unwrap().events, 3);
    let (_, created) = &events(&store, "3")[0];
    assert_eq!(created["shipments"][0]["tax_transaction_id"], "c3-S1-std");
    assert_eq!(created["shipments"][0]["duties"], "4.00");
}

fn the_largest_source_reference_round_trips(db: &Db) {
    let store = db.open();
    seeded(&store, u64::MAX);
    let order = store.order(u64::MAX).unwrap().unwrap();
    assert_eq!(order.source_reference, u64::MAX);
    assert!(store.order(u64::MAX - 1).unwrap().is_none());
}

fn calculations_are_stored_once_with_unique_ids(db: &Db) {
    let store = db.open();
    save(&store, "c1");
    let (req, resp) = calculation("c1", "0");
    assert!(is_conflict(&save_calculation(&store, &req, &resp)));
    // A new request id reusing a tax transaction id of c1, which names c1, not c2.
    let (req, mut resp) = calculation("c2", "0");
    resp.shipments[1].shipping_rate_taxes[0].tax_transaction_id = "c1-S1-std".into();
    assert_eq!(
        invalid_fields(save_calculation(&store, &req, &resp)),
        ["shipments[1].shipping_rate_taxes[0].tax_transaction_id"]
    );
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM calculations WHERE landedcost_request_id = 'c2'"
        ),
        0,
        "a refused calculation left rows behind"
    );
    let (mut req, mut resp) = calculation("c3", "0");
    resp.shipments[1].shipment_id = "S9".into();
    req.shipments[0].items[1].source_line_id = "L1".into();
    assert_eq!(
        invalid_fields(save_calculation(&store, &req, &resp)),
        [
            "shipments[1].shipment_id",
            "shipments[0].items[1].source_line_id"
        ]
    );
    // A quote's rate options are its response's: no row of their own until an order takes one.
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculation_rates"), 0);
}

/// Two handles on one file (two connections, as two processes would have) and eight threads:
/// every distinct order is created exactly once, a contested reference is created once, and
/// concurrent fulfillments never exceed the line's quantity or double count a retry.
/// Two stores on one database, as two service instances on one PostgreSQL (or two processes
/// on one SQLite file): parallel creates and updates of the same orders, no duplicate and no
/// lost update.
fn parallel_writers_lose_nothing_and_duplicate_nothing(db: &Db) {
    let first = db.open();
    let second = db.open();
    const THREADS: u64 = 8;
    const PER_THREAD: u64 = 5;
    for t in 0..THREADS {
        for n in 0..PER_THREAD {
            save(&first, &format!("c{}", 1000 + t * 100 + n));
        }
    }
    save(&first, "shared-a");
    save(&first, "shared-b");
    seeded(&first, 1); // S2 line L3 has 3 units to fulfill.
    let contested_wins = Arc::new(AtomicUsize::new(0));
    let fulfill_wins = Arc::new(AtomicUsize::new(0));
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let store = if t % 2 == 0 {
                first.clone()
            } else {
                second.clone()
            };
            let contested_wins = contested_wins.clone();
            let fulfill_wins = fulfill_wins.clone();
            thread::spawn(move || {
                for n in 0..PER_THREAD {
                    let reference = 1000 + t * 100 + n;
                    let calc = format!("c{reference}");
                    store
                        .create_order(&order_request(reference, &calc), now())
                        .unwrap();
                }
                let calc = if t % 2 == 0 { "shared-a" } else { "shared-b" };
                match store.create_order(&order_request(42, calc), now()) {
                    Ok(()) => {
                        contested_wins.fetch_add(1, Ordering::SeqCst);
                    }
                    Err(StoreError::Conflict(_)) => {}
                    Err(other) => panic!("contested create: {other:?}"),
                }
                for tracking in [format!("T{t}"), "RETRY".to_owned()] {
                    let mut up = update(1, "2026-03-02T08:00:00Z");
                    up.shipments = vec![ShipmentUpdate {
                        fulfillments: vec![fulfillment(&tracking, &[("L3", "1")])],
                        ..shipment_update("S2")
                    }];
                    match store.update_order(&up, now()) {
                        Ok(()) => {
                            fulfill_wins.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(StoreError::Invalid(_)) => {}
                        Err(other) => panic!("fulfillment: {other:?}"),
                    }
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    assert_eq!(contested_wins.load(Ordering::SeqCst), 1);
    assert_eq!(
        count(&first, "SELECT COUNT(*) FROM orders"),
        (THREADS * PER_THREAD + 2) as i64
    );
    for t in 0..THREADS {
        for n in 0..PER_THREAD {
            let order = second.order(1000 + t * 100 + n).unwrap().unwrap();
            assert_eq!(order.shipments.len(), 2);
            assert_eq!(order.events, 1);
        }
    }
    let order = first.order(1).unwrap().unwrap();
    let l3 = line(&order, "S2", "L3");
    assert_eq!(
        l3.fulfilled,
        d("3"),
        "fulfilled more or less than the line holds"
    );
    let fulfillments = &shipment(&order, "S2").fulfillments;
    assert_eq!(fulfillments.len(), 3);
    // Accepted calls = recorded fulfillments + accepted retries of the one already stored.
    assert!(fulfill_wins.load(Ordering::SeqCst) >= 3);
}

#[test]
fn the_store_can_be_shared_between_threads() {
    fn shareable<T: Clone + Send + Sync + 'static>() {}
    shareable::<Store>();
}

/// Calculations commit without waiting for the disk; orders wait for it, and that sync also
/// makes every calculation before them durable.
#[test]
fn calculations_commit_relaxed_and_orders_commit_fully() {
    let (_dir, store) = temp_store();
    let synchronous = |s: &Store| -> i64 {
        on_sqlite(s, |conn| {
            conn.query_row("PRAGMA synchronous", [], |r| r.get(0))
                .unwrap()
        })
    };
    assert_eq!(synchronous(&store), 2, "FULL from the start");
    save(&store, "calc-1");
    assert_eq!(synchronous(&store), 1, "NORMAL for a calculation");
    store
        .create_order(&order_request(1, "calc-1"), now())
        .unwrap();
    assert_eq!(synchronous(&store), 2, "FULL again for an order");
}

on_both_engines!(
    parallel_writers_lose_nothing_and_duplicate_nothing,
    data_survives_reopen,
    every_write_is_in_the_event_history,
    the_largest_source_reference_round_trips,
    calculations_are_stored_once_with_unique_ids,
);
