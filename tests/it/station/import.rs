//! Orders come in: `packdesk import` (exit codes, report, idempotent second run) and the inbox
//! folder (filed away with its report; a growing file waits; one desk takes a shared file), on
//! both engines.

use std::path::{Path, PathBuf};

use packdesk::station::db::*;
use packdesk::station::inbox::{ImportFailure, Inbox};
use serde_json::json;

use super::engines::Engine;
use super::entry;

/// `packdesk import --database … FILE...` with its own empty config directory; returns the
/// exit code, stdout and stderr.
fn packdesk_import(engine: &Engine, files: &[&Path]) -> (i32, String, String) {
    let database = match engine {
        Engine::Sqlite { path, .. } => format!("sqlite:{}", path.display()),
        Engine::Postgres { url } => url.clone(),
    };
    let mut args: Vec<&std::ffi::OsStr> = vec!["import".as_ref(), "--database".as_ref()];
    args.push(database.as_ref());
    args.extend(files.iter().map(|f| f.as_os_str()));
    crate::support::packdesk(args)
}

pub(super) fn write(dir: &Path, name: &str, value: &serde_json::Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

fn the_command_line_imports_reports_and_exits_by_what_happened(engine: &Engine) {
    let dir = tempfile::tempdir().unwrap();
    let good = write(
        dir.path(),
        "good.json",
        &json!([entry(8001, "Aiko Tanaka"), entry(8002, "Max Müller")]),
    );
    let (code, out, err) = packdesk_import(engine, &[&good]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "good.json: Imported 2 orders, 0 already present, 0 rejected.\n  imported: 8001, 8002\n"
            .replace("good.json", &good.display().to_string())
    );

    // A second run changes nothing and is still a success.
    let (code, out, _) = packdesk_import(engine, &[&good]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Imported 0 orders, 2 already present, 0 rejected."),
        "{out}"
    );
    assert!(out.contains("already present: 8001, 8002"), "{out}");

    // A rejected entry: exit 1, its index, order number and every problem with its path.
    let mut bad = entry(8003, "Sofia Rossi");
    bad["cart"]["ship_to"]["country_code"] = json!("XX");
    bad["cart"]["shipments"][0]["items"][1]["quantity"] = json!(1.5);
    let mixed = write(
        dir.path(),
        "mixed.json",
        &json!([entry(8004, "Noah Smith"), bad]),
    );
    let (code, out, _) = packdesk_import(engine, &[&mixed]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("Imported 1 orders, 0 already present, 1 rejected."),
        "{out}"
    );
    assert!(out.contains("rejected entry 1 (order 8003):"), "{out}");
    assert!(out.contains("    [1].cart.ship_to.country_code: "), "{out}");
    assert!(
        out.contains("    [1].cart.shipments[0].items[1].quantity: "),
        "{out}"
    );

    // An unreadable file: exit 2, said on stderr; the other file is still imported.
    let missing = dir.path().join("missing.json");
    let not_json = dir.path().join("notes.json");
    std::fs::write(&not_json, "order 8005, please").unwrap();
    let more = write(dir.path(), "more.json", &entry(8006, "Emma Johansson"));
    let (code, out, err) = packdesk_import(engine, &[&missing, &not_json, &more]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("missing.json: not imported"), "{err}");
    assert!(
        err.contains("notes.json: not imported: the import file is not usable"),
        "{err}"
    );
    assert!(out.contains("Imported 1 orders"), "{out}");

    let mut db = engine.open();
    let numbers: Vec<u64> = db
        .list_orders()
        .unwrap()
        .iter()
        .map(|r| r.source_reference)
        .collect();
    assert_eq!(numbers, [8001, 8002, 8004, 8006]);
}

/// An empty inbox folder in a temporary directory (kept while the `TempDir` lives).
pub(super) fn inbox_folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("inbox");
    std::fs::create_dir(&folder).unwrap();
    (dir, folder)
}

/// Polls until `done` or 50 looks (the inbox takes a file on its second look).
fn poll_until(inbox: &mut Inbox, db: &mut StationDb, done: impl Fn(&Path) -> bool) -> usize {
    let mut taken = 0;
    for _ in 0..50 {
        taken += inbox.poll(db).unwrap().len();
        if done(inbox.folder()) {
            return taken;
        }
    }
    panic!("the inbox did not finish");
}

fn the_inbox_files_each_file_with_its_report_and_waits_for_growing_ones(engine: &Engine) {
    let (_dir, folder) = inbox_folder();
    let mut db = engine.open();
    let mut inbox = Inbox::new(&folder);

    write(
        &folder,
        "shop-1.json",
        &json!([entry(9001, "Zoë Tremblay")]),
    );
    let mut bad = entry(9003, "Liam O'Brien");
    bad["colour"] = json!("red");
    write(
        &folder,
        "shop-2.json",
        &json!([entry(9002, "Aiko Tanaka"), bad]),
    );
    std::fs::write(folder.join("shop-3.json.part"), "[{\"order\":").unwrap();
    std::fs::write(folder.join("shop-4.tmp"), "[").unwrap();

    // Nothing on the first look: a file must be seen unchanged twice.
    assert!(inbox.poll(&mut db).unwrap().is_empty());
    let outcomes = inbox.poll(&mut db).unwrap();
    assert_eq!(outcomes.len(), 2);
    assert!(folder.join("imported/shop-1.json").exists());
    assert!(folder.join("rejected/shop-2.json").exists());
    let report = std::fs::read_to_string(folder.join("rejected/shop-2.json.report.txt")).unwrap();
    assert!(
        report.starts_with("shop-2.json: Imported 1 orders, 0 already present, 1 rejected."),
        "{report}"
    );
    assert!(
        report.contains("rejected entry 1 (order 9003):\n    [1].colour: unknown key"),
        "{report}"
    );
    assert!(folder.join("shop-3.json.part").exists() && folder.join("shop-4.tmp").exists());
    assert!(!folder.join("processing/shop-1.json").exists());

    // A file still being written waits until it stops growing.
    let growing = folder.join("shop-5.json");
    let text = json!([entry(9005, "Noah Smith")]).to_string();
    let (head, tail) = text.split_at(text.len() / 2);
    std::fs::write(&growing, head).unwrap();
    assert!(inbox.poll(&mut db).unwrap().is_empty());
    std::fs::OpenOptions::new()
        .append(true)
        .open(&growing)
        .and_then(|mut f| std::io::Write::write_all(&mut f, tail.as_bytes()))
        .unwrap();
    assert!(
        inbox.poll(&mut db).unwrap().is_empty(),
        "changed since the last look"
    );
    let outcomes = inbox.poll(&mut db).unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0].result.as_ref().unwrap().imported, [9005]);
    assert!(folder.join("imported/shop-5.json").exists());

    // The same name again is filed beside the first, not over it.
    write(
        &folder,
        "shop-1.json",
        &json!([entry(9001, "Zoë Tremblay")]),
    );
    poll_until(&mut inbox, &mut db, |f| {
        f.join("imported/shop-1.json.2").exists()
    });

    let numbers: Vec<u64> = db
        .list_orders()
        .unwrap()
        .iter()
        .map(|r| r.source_reference)
        .collect();
    assert_eq!(numbers, [9001, 9002, 9005]);
}

/// Two desks watching one shared folder: each file is imported by exactly one of them.
fn two_desks_on_one_inbox_import_each_file_once(engine: &Engine) {
    let (_dir, folder) = inbox_folder();
    for n in 0..6 {
        write(
            &folder,
            &format!("batch-{n}.json"),
            &entry(9100 + n, "Max Müller"),
        );
    }
    // Both desks look at the same moments, so both find every file ready at once.
    let start = std::sync::Barrier::new(2);
    let outcomes: Vec<_> = std::thread::scope(|scope| {
        let desks: Vec<_> = (0..2)
            .map(|_| {
                let (folder, start) = (&folder, &start);
                let mut db = engine.open();
                scope.spawn(move || {
                    let mut inbox = Inbox::new(folder);
                    let mut outcomes = Vec::new();
                    for _ in 0..3 {
                        start.wait();
                        outcomes.extend(inbox.poll(&mut db).unwrap());
                    }
                    outcomes
                })
            })
            .collect();
        desks.into_iter().flat_map(|d| d.join().unwrap()).collect()
    });
    let mut files: Vec<String> = outcomes.iter().map(|o| o.file.clone()).collect();
    files.sort();
    assert_eq!(
        files,
        (0..6)
            .map(|n| format!("batch-{n}.json"))
            .collect::<Vec<_>>()
    );
    assert!(
        outcomes
            .iter()
            .all(|o| o.result.as_ref().unwrap().imported.len() == 1)
    );
    assert_eq!(
        std::fs::read_dir(folder.join("imported")).unwrap().count(),
        6
    );
    assert_eq!(engine.open().list_orders().unwrap().len(), 6);
}

crate::on_both_engines!(
    the_command_line_imports_reports_and_exits_by_what_happened,
    the_inbox_files_each_file_with_its_report_and_waits_for_growing_ones,
    two_desks_on_one_inbox_import_each_file_once,
);

/// A warehouse database that cannot be reached leaves the file in the inbox, whole, and it is
/// imported once the database is back.
#[test]
fn the_inbox_keeps_a_file_while_the_warehouse_database_is_down() {
    let cluster = match crate::pg_cluster::Cluster::start() {
        Ok(cluster) => cluster,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("{why}"),
        Err(why) => return eprintln!("skipped: {why}"),
    };
    let url = cluster.create_database("inbox").unwrap();
    let mut db = StationDb::connect(&Location::parse(&url).unwrap()).unwrap();
    let (_dir, folder) = inbox_folder();
    let mut inbox = Inbox::new(&folder);
    let file = write(&folder, "shop.json", &json!([entry(9301, "Ava Johnson")]));

    cluster.pause().unwrap();
    assert!(inbox.poll(&mut db).unwrap().is_empty(), "first look");
    let outcomes = inbox.poll(&mut db).unwrap();
    assert_eq!(outcomes.len(), 1);
    assert!(matches!(outcomes[0].result, Err(ImportFailure::Record(_))));
    let why = outcomes[0].result.as_ref().unwrap_err().to_string();
    assert!(why.contains("unreachable"), "{why}");
    assert!(outcomes[0].moved_to.is_none());
    assert!(file.exists(), "the file waits in the inbox");
    assert!(!folder.join("rejected").exists());

    cluster.resume().unwrap();
    let taken = poll_until(&mut inbox, &mut db, |f| {
        f.join("imported/shop.json").exists()
    });
    assert_eq!(taken, 1);
    let numbers: Vec<u64> = db
        .list_orders()
        .unwrap()
        .iter()
        .map(|r| r.source_reference)
        .collect();
    assert_eq!(numbers, [9301]);
}
