//! Storing quotes at volume: batches, the writer thread, checkpoints and the schema step that
//! stopped copying each rate's landed cost.

use std::time::{Duration, Instant};

use rusqlite::Connection;

use super::*;
use crate::service::store::checkpoint::Limits;
use crate::service::store::codec::to_json;
use crate::service::store::{compact, connection, packed};
use crate::sql::Value;

fn a_failing_calculation_in_a_batch_leaves_the_others_stored(db: &Db) {
    let store = db.open();
    save(&store, "taken");
    let calcs = [
        calculation("a", "0"),
        calculation("taken", "0"),
        calculation("b", "0"),
    ];
    let results = save_batch(&store, &calcs);

    assert!(results[0].is_ok() && results[2].is_ok(), "{results:?}");
    assert!(is_conflict(&results[1]), "{results:?}");
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 3);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculation_rates"), 0);
    store.create_order(&order_request(1, "a"), now()).unwrap();
    store.create_order(&order_request(2, "b"), now()).unwrap();
    // Each order wrote the rows of the two rates it locked, and no other.
    let locked = "SELECT COUNT(*) FROM calculation_rates r JOIN order_shipments s
                  ON s.tax_transaction_id = r.tax_transaction_id";
    assert_eq!(count(&store, locked), 4);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculation_rates"), 4);
}

fn a_batch_cannot_store_an_id_twice(db: &Db) {
    let store = db.open();
    // "x" twice, then "y" quoting one of x's tax transactions, then "z" repeating its own.
    let mut y = calculation("y", "0");
    y.1.shipments[1].shipping_rate_taxes[0].tax_transaction_id = "x-S1-std".into();
    let mut z = calculation("z", "0");
    z.1.shipments[1].shipping_rate_taxes[1].tax_transaction_id = "z-S1-exp".into();
    let calcs = [
        calculation("x", "0"),
        calculation("x", "0"),
        y,
        z,
        calculation("w", "0"),
    ];
    let mut results = save_batch(&store, &calcs);

    assert!(results[0].is_ok() && results[4].is_ok(), "{results:?}");
    assert!(is_conflict(&results[1]), "{results:?}");
    let field = "shipments[1].shipping_rate_taxes[0].tax_transaction_id";
    assert_eq!(
        invalid_fields(std::mem::replace(&mut results[2], Ok(()))),
        [field]
    );
    let field = "shipments[1].shipping_rate_taxes[1].tax_transaction_id";
    assert_eq!(
        invalid_fields(std::mem::replace(&mut results[3], Ok(()))),
        [field]
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 2);
}

fn a_tax_transaction_naming_another_calculation_is_refused(db: &Db) {
    let store = db.open();
    save(&store, "p");
    // "q" repeats a rate id of "p", stored in an earlier transaction; "r" is fine.
    let mut q = calculation("q", "0");
    q.1.shipments[0].shipping_rate_taxes[0].tax_transaction_id = "p-S1-std".into();
    let mut results = save_batch(&store, &[q, calculation("r", "0")]);

    let field = "shipments[0].shipping_rate_taxes[0].tax_transaction_id";
    assert_eq!(
        invalid_fields(std::mem::replace(&mut results[0], Ok(()))),
        [field]
    );
    assert!(results[1].is_ok(), "{results:?}");
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 2);
    store.create_order(&order_request(1, "r"), now()).unwrap();
}

#[test]
fn on_sqlite_an_answer_is_stored_compact_and_packed_and_ones_stored_before_still_read() {
    let (_dir, store) = temp_store();
    for id in ["compact", "unpacked", "packed", "plain"] {
        save(&store, id);
    }
    let (request_json, response_json) = json_of(&calculation("plain", "0"));
    let stored: (String, Vec<u8>) = on_sqlite(&store, |conn| {
        conn.query_row(
            "SELECT typeof(request_json), response_json FROM calculations
             WHERE landedcost_request_id = 'compact'",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
    });
    assert_eq!(stored.0, "blob", "the request is packed");
    let unpacked = packed::unpack_bytes(Value::Blob(stored.1.clone()), "c").unwrap();
    assert!(
        compact::is_compact(&unpacked),
        "the answer is compact, packed"
    );
    assert!(stored.1.len() < unpacked.len(), "{}", stored.1.len());
    // Earlier versions stored the compact answer unpacked, before that the answer's JSON
    // packed with LZ4, and before that as text.
    let json_packed = packed::pack(json_of(&calculation("packed", "0")).1.as_bytes());
    let compact_unpacked = compact::encode(&calculation("unpacked", "0").1);
    on_sqlite(&store, |conn| {
        conn.execute(
            "UPDATE calculations SET response_json = ?1 WHERE landedcost_request_id = 'packed'",
            [&json_packed],
        )
        .unwrap();
        conn.execute(
            "UPDATE calculations SET response_json = ?1 WHERE landedcost_request_id = 'unpacked'",
            [&compact_unpacked],
        )
        .unwrap();
        conn.execute(
            "UPDATE calculations SET request_json = ?1, response_json = ?2
             WHERE landedcost_request_id = 'plain'",
            [&request_json, &response_json],
        )
        .unwrap()
    });

    // An order copies the cart and the locked rates from each.
    let mut taxes = Vec::new();
    for (reference, calc) in [(1, "compact"), (2, "unpacked"), (3, "packed"), (4, "plain")] {
        store
            .create_order(&order_request(reference, calc), now())
            .unwrap();
        let order = store.order(reference).unwrap().unwrap();
        assert_eq!(order.shipments.len(), 2, "{calc}");
        assert_eq!(
            order.destination_address.name.as_deref(),
            Some("Ada Lovelace")
        );
        // The same quote under four ids: the same shipments once the id is taken out.
        taxes.push(format!("{:?}", order.shipments).replace(calc, "ID"));
    }
    for other in &taxes[1..] {
        assert_eq!(&taxes[0], other);
    }
}

#[test]
fn on_sqlite_typical_quotes_are_three_to_a_page() {
    let (_dir, store) = temp_store();
    let pages = |store: &Store| count(store, "SELECT page_count FROM pragma_page_count");
    assert_eq!(
        count(&store, "SELECT page_size FROM pragma_page_size"),
        connection::PAGE_SIZE
    );
    let before = pages(&store);
    for _ in 0..30 {
        let (request, response) = typical_calculation();
        save_calculation(&store, &request, &response).unwrap();
    }
    // Ten pages of rows, and a few of the id's index and the tree above them; at one quote to
    // a page (4 KB, or the answer unpacked) thirty.
    let grown = pages(&store) - before;
    assert!(grown <= 13, "{grown} pages for 30 quotes");
}

/// The quote the writer is handed for `calc`, with its JSON as it would have crossed the wire.
fn quote_of(calc: (TaxCalculationRequest, TaxCalculationResponse)) -> Quote {
    let (request_json, _) = json_of(&calc);
    Quote {
        request: calc.0,
        response: calc.1,
        request_json: request_json.into(),
    }
}

#[tokio::test]
async fn the_writer_refuses_a_quote_that_breaks_its_rules_and_stores_nothing_of_it() {
    let (_dir, store) = temp_store();
    let writer = CalculationWriter::start(store.clone()).unwrap();
    let mut calc = calculation("bad", "0");
    calc.1.shipments[0].shipping_rate_taxes[1].tax_transaction_id = "other-S1-exp".into();
    assert_eq!(
        invalid_fields(writer.save(quote_of(calc)).await),
        ["shipments[0].shipping_rate_taxes[1].tax_transaction_id"]
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 0);
}

/// The writer checks each quote's rules itself: one that breaks them, sent with good ones (in
/// one batch or not, as the writer gathers them), is refused alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_quote_that_breaks_its_rules_is_refused_alone_among_good_ones() {
    let (_dir, store) = temp_store();
    let writer = CalculationWriter::start(store.clone()).unwrap();
    let mut bad = calculation("bad", "0");
    // A line twice in one shipment: an order could not copy the items.
    let line = bad.0.shipments[0].items[0].clone();
    bad.0.shipments[0].items.push(line);
    let (first, refused, last) = tokio::join!(
        writer.save(quote_of(calculation("good-1", "0"))),
        writer.save(quote_of(bad)),
        writer.save(quote_of(calculation("good-2", "0"))),
    );
    first.unwrap();
    last.unwrap();
    assert_eq!(
        invalid_fields(refused),
        ["shipments[0].items[2].source_line_id"]
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 2);
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM calculations WHERE landedcost_request_id = 'bad'"
        ),
        0
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_writer_stores_every_concurrent_quote_once_and_answers_each() {
    let (_dir, store) = temp_store();
    save(&store, "c-7");
    let writer = CalculationWriter::start(store.clone()).unwrap();
    let saves = (0..200).map(|i| {
        let writer = writer.clone();
        tokio::spawn(async move {
            let calc = calculation(&format!("c-{i}"), "0");
            writer.save(quote_of(calc)).await
        })
    });
    let results: Vec<_> = futures_join(saves.collect()).await;

    for (i, result) in results.iter().enumerate() {
        if i == 7 {
            assert!(is_conflict(result), "c-7 was stored before: {result:?}");
        } else {
            assert!(result.is_ok(), "c-{i}: {result:?}");
        }
    }
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 200);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculation_rates"), 0);
    // A quote is its own record: no history entry besides.
    assert_eq!(count(&store, "SELECT COUNT(*) FROM events"), 0);
    // Committed before answered: an order on any of them goes through at once.
    store
        .create_order(&order_request(1, "c-199"), now())
        .unwrap();
}

async fn futures_join(
    handles: Vec<tokio::task::JoinHandle<Result<(), StoreError>>>,
) -> Vec<Result<(), StoreError>> {
    let mut results = Vec::new();
    for handle in handles {
        results.push(handle.await.unwrap());
    }
    results
}

fn db_file_size(dir: &TempDir) -> u64 {
    std::fs::metadata(db_path(dir)).unwrap().len()
}

/// Stores `quotes` calculations (a few pages of log each).
fn fill_log(store: &Store, quotes: usize) {
    for i in 0..quotes {
        save(store, &format!("fill-{i}"));
    }
}

#[test]
fn the_checkpoint_thread_copies_the_log_into_the_database() {
    let dir = TempDir::new().unwrap();
    let limits = Limits {
        signal: 20,
        force: c_int_max(),
    };
    let store = Store::open_with(&db_path(&dir), limits).unwrap();
    let before = db_file_size(&dir);

    fill_log(&store, 40);

    // Nothing else checkpoints: the commits only signal, and `force` is out of reach.
    let deadline = Instant::now() + Duration::from_secs(20);
    while db_file_size(&dir) <= before {
        assert!(
            Instant::now() < deadline,
            "the database file never grew past {before} bytes"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_commit_checkpoints_itself_when_the_log_passes_the_hard_limit() {
    let dir = TempDir::new().unwrap();
    let limits = Limits {
        signal: c_int_max(),
        force: 20,
    };
    let store = Store::open_with(&db_path(&dir), limits).unwrap();
    let before = db_file_size(&dir);

    fill_log(&store, 40);

    // No thread was woken, so the growth was done by the commits themselves, before returning.
    assert!(db_file_size(&dir) > before);
}

#[test]
fn without_checkpoints_the_database_file_does_not_grow() {
    // The control for the two tests above: they would pass vacuously if writes reached the
    // database file some other way.
    let dir = TempDir::new().unwrap();
    let limits = Limits {
        signal: c_int_max(),
        force: c_int_max(),
    };
    let store = Store::open_with(&db_path(&dir), limits).unwrap();
    let before = db_file_size(&dir);
    fill_log(&store, 40);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(db_file_size(&dir), before);
}

fn c_int_max() -> std::ffi::c_int {
    std::ffi::c_int::MAX
}

#[test]
fn a_database_from_before_rates_lost_their_copy_migrates_and_orders_still_lock_the_quote() {
    let dir = TempDir::new().unwrap();
    let (req, resp) = calculation("old", "0");
    {
        // A schema-1 database as an earlier Packdesk wrote it, rate rows with their own copy.
        let conn = Connection::open(db_path(&dir)).unwrap();
        conn.execute_batch(include_str!(
            "../migrations/sqlite/V1__calculations_orders_labels.sql"
        ))
        .unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute(
            "INSERT INTO calculations VALUES (?1, ?2, ?3, ?4, ?5)",
            (
                "old",
                "GBP",
                &resp.created_at,
                to_json(&req).unwrap(),
                to_json(&resp).unwrap(),
            ),
        )
        .unwrap();
        for shipment in &resp.shipments {
            for rate in &shipment.shipping_rate_taxes {
                conn.execute(
                    "INSERT INTO calculation_rates VALUES (?1, 'old', ?2, ?3, ?4, ?5)",
                    (
                        &rate.tax_transaction_id,
                        &shipment.shipment_id,
                        &rate.shipping_rate_id,
                        rate.shipping_rate.to_string(),
                        to_json(&rate.landed_cost).unwrap(),
                    ),
                )
                .unwrap();
            }
        }
    }

    let store = reopen(&dir);
    store.create_order(&order_request(5, "old"), now()).unwrap();

    let order = store.order(5).unwrap().unwrap();
    let s1 = shipment(&order, "S1").landed_cost.as_ref().unwrap();
    assert_eq!(s1, &resp.shipments[0].shipping_rate_taxes[0].landed_cost);
    let columns = count(
        &store,
        "SELECT COUNT(*) FROM pragma_table_info('calculation_rates') WHERE name = 'landed_cost_json'",
    );
    assert_eq!(columns, 0);
}

on_both_engines!(
    a_failing_calculation_in_a_batch_leaves_the_others_stored,
    a_batch_cannot_store_an_id_twice,
    a_tax_transaction_naming_another_calculation_is_refused,
    a_damaged_compact_answer_is_refused_as_corrupt_and_the_store_goes_on,
);

#[test]
fn on_postgres_typical_quotes_are_compressed_with_lz4_three_to_a_page() {
    let Some(db) = Db::postgres() else {
        return;
    };
    let store = db.open();
    for _ in 0..6 {
        let (request, response) = typical_calculation();
        save_calculation(&store, &request, &response).unwrap();
    }
    // Both bodies compressed (the answer too, since schema step 6), in the row: six quotes
    // on two pages, nothing in the TOAST table.
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM calculations WHERE pg_column_compression(request_json) = 'lz4'
             AND pg_column_compression(response_compact) = 'lz4'"
        ),
        6
    );
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(DISTINCT (ctid::text::point)[0]) FROM calculations"
        ),
        2
    );
    let toast: String = store
        .read(|tx| {
            Ok(tx.query_value(
                "SELECT reltoastrelid::regclass::text FROM pg_class WHERE relname = 'calculations'",
                crate::sql::params![],
            )?)
        })
        .unwrap();
    assert_eq!(count(&store, &format!("SELECT COUNT(*) FROM {toast}")), 0);
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM pg_attribute WHERE attrelid = 'calculations'::regclass
             AND attname IN ('request_json', 'response_json', 'response_compact')
             AND attcompression = 'l'"
        ),
        3
    );
}

/// Runs `sql` in a write transaction of its own.
fn execute(
    store: &Store,
    sql: &str,
    params: &[&dyn crate::sql::ToValue],
) -> Result<u64, StoreError> {
    store.write(|tx| Ok(tx.execute(sql, params)?))
}

#[test]
fn on_postgres_an_answer_is_stored_compact_and_ones_stored_as_json_still_read() {
    let Some(db) = Db::postgres() else {
        return;
    };
    let store = db.open();
    save(&store, "compact");
    save(&store, "json");
    let compact_rows = "SELECT COUNT(*) FROM calculations
                        WHERE response_json IS NULL AND response_compact IS NOT NULL";
    assert_eq!(count(&store, compact_rows), 2);
    let (_, response_json) = json_of(&calculation("json", "0"));
    assert!(
        count(
            &store,
            "SELECT MAX(octet_length(response_compact)) FROM calculations"
        ) < response_json.len() as i64 / 2
    );
    // Before schema step 6 the answer was its JSON, in `response_json`.
    execute(
        &store,
        "UPDATE calculations SET response_compact = NULL, response_json = ?1
         WHERE landedcost_request_id = 'json'",
        crate::sql::params![response_json],
    )
    .unwrap();
    assert_eq!(count(&store, compact_rows), 1);

    let mut taxes = Vec::new();
    for (reference, calc) in [(1, "compact"), (2, "json")] {
        store
            .create_order(&order_request(reference, calc), now())
            .unwrap();
        let order = store.order(reference).unwrap().unwrap();
        assert_eq!(order.shipments.len(), 2, "{calc}");
        taxes.push(format!("{:?}", order.shipments).replace(calc, "ID"));
    }
    assert_eq!(taxes[0], taxes[1]);
    // A row holds exactly one answer.
    for both_or_neither in [
        "UPDATE calculations SET response_compact = NULL WHERE landedcost_request_id = 'compact'",
        "UPDATE calculations SET response_compact = '\\x00' WHERE landedcost_request_id = 'json'",
    ] {
        let err = execute(&store, both_or_neither, crate::sql::params![]).unwrap_err();
        assert!(err.to_string().contains("calculations_one_answer"), "{err}");
    }
}

fn a_damaged_compact_answer_is_refused_as_corrupt_and_the_store_goes_on(db: &Db) {
    let store = db.open();
    save(&store, "damaged");
    save(&store, "fine");
    // The answer's column on each engine (`calculation::quoted`).
    let column = match store.dialect() {
        crate::sql::Dialect::Sqlite => "response_json",
        crate::sql::Dialect::Postgres => "response_compact",
    };
    execute(
        &store,
        &format!(
            "UPDATE calculations SET {column} = substr({column}, 1, 40)
             WHERE landedcost_request_id = 'damaged'"
        ),
        crate::sql::params![],
    )
    .unwrap();
    let err = store
        .create_order(&order_request(1, "damaged"), now())
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Corrupt(ref m) if m.contains(column)),
        "{err}"
    );
    store
        .create_order(&order_request(2, "fine"), now())
        .unwrap();
}

#[test]
fn on_postgres_a_quote_batch_relaxes_only_its_own_commit() {
    let Some(db) = Db::postgres() else {
        return;
    };
    let store = db.open();
    save(&store, "one");
    save(&store, "two");
    // The batch is a transaction of its own that sets `synchronous_commit = off` for itself;
    // the connection it ran on (the pool's last idle one, taken next) is back to the server's
    // setting, so an order written on it next waits for the disk as it must.
    let setting = store
        .on_postgres(|conn| {
            let mut tx = conn.read()?;
            Ok(tx.query_value::<String>(
                "SELECT current_setting('synchronous_commit')",
                crate::sql::params![],
            )?)
        })
        .unwrap();
    assert_eq!(setting.as_deref(), Some("on"));
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 2);
}
