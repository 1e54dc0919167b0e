//! The warehouse database itself: ten desks starting at once migrate once, a newer schema is
//! refused with "update Packdesk", "Test connection" says in words what failed, and a station
//! file from before refinery is adopted (and then refused by a Packdesk that old); a record let
//! go on an async runtime closes its connection.

use packdesk::station::db::engine::{SchemaStatus, latest_schema_version, test_connection};
use packdesk::station::db::{ConnectionProblem, Location, PgTarget, StationDb, StationError};

use crate::pg_cluster;

fn target(url: &str) -> PgTarget {
    match Location::parse(url).unwrap() {
        Location::Postgres(target) => *target,
        other => panic!("not PostgreSQL: {other}"),
    }
}

/// The steps this build knows, from the migration files (the same numbers on both engines).
/// Numbers may skip one that another branch takes, so tests compare with these rather than
/// with `1..=latest`.
fn known_steps() -> Vec<i64> {
    let numbers = |engine: &str| {
        let dir = format!(
            "{}/src/station/db/migrations/{engine}",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut numbers: Vec<i64> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|file| {
                let name = file.unwrap().file_name().into_string().unwrap();
                name.strip_prefix('V')?.split_once("__")?.0.parse().ok()
            })
            .collect();
        numbers.sort_unstable();
        numbers
    };
    let steps = numbers("postgres");
    assert_eq!(steps, numbers("sqlite"), "the same steps on both engines");
    assert_eq!(steps.last().copied(), Some(latest_schema_version()));
    steps
}

fn history(url: &str) -> Vec<i32> {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .query(
            "SELECT version FROM refinery_schema_history ORDER BY version",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

#[test]
fn ten_desks_starting_at_once_migrate_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let start = std::sync::Barrier::new(10);
    std::thread::scope(|scope| {
        let desks: Vec<_> = (0..10)
            .map(|_| {
                let (url, start) = (&url, &start);
                scope.spawn(move || {
                    start.wait();
                    StationDb::connect(&Location::parse(url).unwrap()).map(|_| ())
                })
            })
            .collect();
        for desk in desks {
            desk.join().unwrap().unwrap();
        }
    });
    let expected: Vec<i32> = known_steps().into_iter().map(|v| v as i32).collect();
    assert_eq!(history(&url), expected, "each step applied once");
}

#[test]
fn a_newer_schema_is_refused_with_update_packdesk() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    StationDb::connect(&Location::parse(&url).unwrap()).unwrap();
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (99, 'from_the_future', '2027-01-01T00:00:00Z', '1')",
            &[],
        )
        .unwrap();
    let err = StationDb::connect(&Location::parse(&url).unwrap()).unwrap_err();
    assert!(
        matches!(err, StationError::NewerSchema { found: 99, .. }),
        "{err:?}"
    );
    assert!(err.to_string().ends_with("update Packdesk"), "{err}");
    assert!(matches!(
        test_connection(&target(&url)),
        Err(StationError::NewerSchema { found: 99, .. })
    ));
}

#[test]
fn test_connection_says_what_failed_and_what_it_found() {
    let Some(cluster) = pg_cluster::shared() else {
        return;
    };
    let url = pg_cluster::fresh_database().unwrap();
    let port = cluster.port();
    let problem = |url: &str| match test_connection(&target(url)) {
        Err(StationError::Connection(problem)) => problem,
        other => panic!("{url}: expected a connection problem, got {other:?}"),
    };

    let wrong = url.replace(pg_cluster::PASSWORD, "not-the-password");
    assert_eq!(
        problem(&wrong),
        ConnectionProblem::WrongPassword {
            user: pg_cluster::USER.into()
        }
    );
    assert!(
        problem(&wrong)
            .to_string()
            .contains("refused the password for user packdesk")
    );
    assert_eq!(
        problem(&cluster.url("no_such_db")),
        ConnectionProblem::NoSuchDatabase {
            database: "no_such_db".into()
        }
    );
    assert!(
        problem(&cluster.url("no_such_db"))
            .to_string()
            .contains("createdb no_such_db")
    );
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_port = closed.local_addr().unwrap().port();
    drop(closed);
    let unreachable = format!("postgres://packdesk:x@127.0.0.1:{closed_port}/warehouse");
    let said = problem(&unreachable);
    assert!(
        matches!(said, ConnectionProblem::Unreachable { .. }),
        "{said:?}"
    );
    assert!(
        said.to_string().contains("is PostgreSQL running there"),
        "{said}"
    );

    assert_eq!(test_connection(&target(&url)).unwrap(), SchemaStatus::Empty);
    StationDb::connect(&Location::parse(&url).unwrap()).unwrap();
    let known = latest_schema_version();
    assert_eq!(
        test_connection(&target(&url)).unwrap(),
        SchemaStatus::Current { version: known }
    );
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .execute(
            "DELETE FROM refinery_schema_history WHERE version = $1",
            &[&(known as i32)],
        )
        .unwrap();
    let before = known_steps().iter().rev().nth(1).copied().unwrap();
    assert_eq!(
        test_connection(&target(&url)).unwrap(),
        SchemaStatus::Older {
            found: before,
            known
        }
    );
    let _ = port;
}

#[test]
fn a_station_file_from_before_refinery_is_adopted_and_then_refused_by_that_old_packdesk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("station.sqlite3");
    {
        // What the hand-written runner left: steps 1–4 and their count in user_version.
        let conn = rusqlite::Connection::open(&path).unwrap();
        for step in [
            include_str!(
                "../../../src/station/db/migrations/sqlite/V1__orders_parcels_labels_events.sql"
            ),
            include_str!("../../../src/station/db/migrations/sqlite/V2__outbox.sql"),
            include_str!("../../../src/station/db/migrations/sqlite/V3__print_queue.sql"),
            include_str!("../../../src/station/db/migrations/sqlite/V4__scan_index.sql"),
        ] {
            conn.execute_batch(step).unwrap();
        }
        conn.pragma_update(None, "user_version", 4).unwrap();
    }
    let mut db = StationDb::open(&path).unwrap();
    assert!(db.list_orders().unwrap().is_empty());
    drop(db);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let steps: Vec<i64> = conn
        .prepare("SELECT version FROM refinery_schema_history ORDER BY version")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(steps, known_steps());
    let index: bool = conn
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'items_sku_lower')",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert!(index, "step 5 applied on top");
    // The old runner compared user_version with its 4 steps: it now says "update Packdesk".
    let user_version: i64 = conn
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .unwrap();
    assert!(user_version > 4);
}

/// The app's jobs hold copies of the record; when the app closes with a job in flight, the last
/// copy goes on the jobs' runtime, where the PostgreSQL client's own close would panic.
#[test]
fn a_record_let_go_on_an_async_runtime_closes_its_connection_without_panicking() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let db = StationDb::connect(&Location::parse(&url).unwrap()).unwrap();
    let count = || -> i64 {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                   AND pid <> pg_backend_pid()",
                &[],
            )
            .unwrap()
            .get(0)
    };
    assert_eq!(count(), 1, "the record's connection");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move { drop(db) });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while count() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the connection was closed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
