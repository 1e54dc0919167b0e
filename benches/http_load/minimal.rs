//! The minimal conforming endpoint the service is measured against (issue 18): only what any
//! landed-cost endpoint must do. It parses the cart into the same request type, stores the body
//! before answering in the service's engine (SQLite with `synchronous = NORMAL`, or PostgreSQL
//! with `synchronous_commit = off`; there, compressed with LZ4 as the service's quotes are) by
//! group commit, and answers a body of the size the service answers. It does none of the
//! service's own work: validation, the calculation, ids, rate rows and history.

use std::path::Path;
use std::sync::mpsc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use packdesk::api::TaxCalculationRequest;
use tokio::sync::oneshot;

/// Where the endpoint stores what it is sent.
pub enum Database<'a> {
    /// A SQLite file of its own (the service's is beside it).
    Sqlite(&'a Path),
    /// A table of its own in the service's PostgreSQL database.
    Postgres(&'a str),
}

/// Most bodies in one transaction, as the service's calculation writer.
const MAX_BATCH: usize = 128;

type Job = (Bytes, oneshot::Sender<bool>);

#[derive(Clone)]
struct Endpoint {
    queue: mpsc::Sender<Job>,
    /// The service's own answer to the same cart: the same bytes to send.
    answer: Bytes,
}

/// The endpoint (`POST /v1/landed-cost`) and its writer thread, with `stored` rows already in
/// its table (as the service is given as many stored quotes).
pub fn router(database: Database<'_>, answer: Bytes, body: &[u8], stored: u64) -> axum::Router {
    let mut store = Store::open(database);
    store.prefill(body, stored);
    let (queue, jobs) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("min-writer".into())
        .spawn(move || {
            while let Ok(first) = jobs.recv() {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match jobs.try_recv() {
                        Ok(job) => batch.push(job),
                        Err(_) => break,
                    }
                }
                let ok = store.insert(batch.iter().map(|(body, _)| body.as_ref()));
                for (_, done) in batch {
                    let _ = done.send(ok);
                }
            }
        })
        .unwrap_or_else(|e| panic!("writer thread: {e}"));
    axum::Router::new()
        .route("/v1/landed-cost", post(quote))
        .with_state(Endpoint { queue, answer })
}

async fn quote(State(endpoint): State<Endpoint>, body: Bytes) -> Response {
    if serde_json::from_slice::<TaxCalculationRequest>(&body).is_err() {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let (done, stored) = oneshot::channel();
    if endpoint.queue.send((body, done)).is_err() || !stored.await.unwrap_or(false) {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    (
        [(header::CONTENT_TYPE, "application/json")],
        endpoint.answer,
    )
        .into_response()
}

enum Store {
    Sqlite(rusqlite::Connection),
    /// With its insert prepared once: a batch is one statement (the bodies as one array).
    Postgres(postgres::Client, postgres::Statement),
}

impl Store {
    fn open(database: Database<'_>) -> Store {
        match database {
            Database::Sqlite(path) => {
                let conn = rusqlite::Connection::open(path)
                    .unwrap_or_else(|e| panic!("minimal endpoint's SQLite: {e}"));
                conn.execute_batch(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
                     CREATE TABLE IF NOT EXISTS quotes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);",
                )
                .unwrap_or_else(|e| panic!("minimal endpoint's schema: {e}"));
                Store::Sqlite(conn)
            }
            Database::Postgres(url) => {
                let mut client = postgres::Client::connect(url, postgres::NoTls)
                    .unwrap_or_else(|e| panic!("minimal endpoint's PostgreSQL: {e}"));
                client
                    .batch_execute(
                        "SET synchronous_commit = off;
                         CREATE TABLE IF NOT EXISTS minimal_quotes
                            (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                             body TEXT COMPRESSION lz4 NOT NULL);",
                    )
                    .unwrap_or_else(|e| panic!("minimal endpoint's schema: {e}"));
                let insert = client
                    .prepare("INSERT INTO minimal_quotes (body) SELECT unnest($1::TEXT[])")
                    .unwrap_or_else(|e| panic!("minimal endpoint's insert: {e}"));
                Store::Postgres(client, insert)
            }
        }
    }

    fn prefill(&mut self, body: &[u8], rows: u64) {
        if rows == 0 {
            return;
        }
        let body = std::str::from_utf8(body).unwrap_or_else(|e| panic!("body: {e}"));
        match self {
            Store::Sqlite(conn) => {
                conn.execute(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
                     INSERT INTO quotes (body) SELECT ?1 FROM n",
                    rusqlite::params![body, rows as i64],
                )
                .unwrap_or_else(|e| panic!("prefill: {e}"));
            }
            Store::Postgres(client, _) => {
                client
                    .execute(
                        "INSERT INTO minimal_quotes (body)
                         SELECT $1 FROM generate_series(1, $2::BIGINT)",
                        &[&body, &(rows as i64)],
                    )
                    .unwrap_or_else(|e| panic!("prefill: {e}"));
            }
        }
    }

    /// One transaction for the batch; false when it could not be committed.
    fn insert<'b>(&mut self, bodies: impl Iterator<Item = &'b [u8]>) -> bool {
        match self {
            Store::Sqlite(conn) => (|| -> rusqlite::Result<()> {
                let tx = conn.transaction()?;
                {
                    let mut insert = tx.prepare_cached("INSERT INTO quotes (body) VALUES (?1)")?;
                    for body in bodies {
                        insert.execute([std::str::from_utf8(body).unwrap_or_default()])?;
                    }
                }
                tx.commit()
            })()
            .is_ok(),
            Store::Postgres(client, insert) => (|| -> Result<(), postgres::Error> {
                // Valid UTF-8: each was parsed as JSON.
                let bodies: Vec<&str> = bodies
                    .map(|b| std::str::from_utf8(b).unwrap_or_default())
                    .collect();
                let mut tx = client.transaction()?;
                tx.execute(&*insert, &[&bodies])?;
                tx.commit()
            })()
            .is_ok(),
        }
    }
}
