//! The inbox folder against what a careless or hostile drop can put there: a file far over the
//! limit, a link planted where a report goes, a folder that is a link, a file that cannot be
//! claimed, a file copied with an old time while a desk imports it, and a file that stops every
//! desk that takes it.

use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use packdesk::station::db::StationDb;
use packdesk::station::import::{ImportReport, read_json};
use packdesk::station::inbox::{ImportFailure, Importer, Inbox};
use serde_json::json;

use super::engines::Engine;
use super::entry;
use super::import::{inbox_folder, write as drop_file};

/// Looks until `done` or 20 looks; every report made on the way.
fn poll_until(
    inbox: &mut Inbox,
    importer: &mut impl Importer,
    done: impl Fn(&Path) -> bool,
) -> Vec<packdesk::station::import::FileReport> {
    let mut outcomes = Vec::new();
    for _ in 0..20 {
        outcomes.extend(inbox.poll(importer).unwrap());
        if done(inbox.folder()) {
            return outcomes;
        }
    }
    panic!("the inbox did not finish: {outcomes:#?}");
}

fn numbers(db: &mut StationDb) -> Vec<u64> {
    db.list_orders()
        .unwrap()
        .iter()
        .map(|r| r.source_reference)
        .collect()
}

/// This process's resident memory, in bytes (Linux).
fn resident_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Memory is measured in a process of its own: under `cargo test` other tests share this one.
const ALONE: &str = "PACKDESK_TEST_INBOX_ALONE";

#[test]
fn a_file_over_the_limit_is_refused_unread_and_the_next_is_imported() {
    if std::env::var_os(ALONE).is_none() {
        let name = "station::inbox_edges::a_file_over_the_limit_is_refused_unread_and_the_next_is_imported";
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", name, "--nocapture", "--test-threads=1"])
            .env(ALONE, "1")
            .output()
            .unwrap();
        assert!(
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
            "{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let engine = Engine::sqlite();
    let mut db = engine.open();
    let (_dir, folder) = inbox_folder();
    // 200 MB, sparse: nothing of it is on the disk, and nothing of it may come into memory.
    let huge = std::fs::File::create(folder.join("huge.json")).unwrap();
    huge.set_len(200_000_000).unwrap();
    drop(huge);
    drop_file(&folder, "small.json", &json!([entry(9501, "Ava Johnson")]));
    let before = resident_bytes();

    let mut inbox = Inbox::new(&folder);
    let outcomes = poll_until(&mut inbox, &mut db, |f| {
        f.join("rejected/huge.json").exists() && f.join("imported/small.json").exists()
    });
    let grew = resident_bytes().saturating_sub(before);
    assert!(grew < 100_000_000, "resident memory grew by {grew} bytes");

    let huge = outcomes.iter().find(|o| o.file == "huge.json").unwrap();
    let why = huge.result.as_ref().unwrap_err().to_string();
    assert!(why.contains("larger than 50 MB"), "{why}");
    let report = std::fs::read_to_string(folder.join("rejected/huge.json.report.txt")).unwrap();
    assert!(
        report.starts_with("huge.json: not imported: the import file is larger than 50 MB"),
        "{report}"
    );
    assert!(report.contains("Settings → Warehouse"), "{report}");
    assert_eq!(numbers(&mut db), [9501]);

    // The limit is the setting's: the same small file refused under a tiny one.
    drop_file(&folder, "again.json", &json!([entry(9502, "Max Müller")]));
    let mut strict = Inbox::new(&folder).max_bytes(10);
    poll_until(&mut strict, &mut db, |f| {
        f.join("rejected/again.json").exists()
    });
    assert_eq!(numbers(&mut db), [9501]);
}

#[test]
fn a_file_that_grows_past_the_limit_while_read_is_refused() {
    let text = json!([entry(9510, "Noah Smith"), entry(9511, "Liam O'Brien")]).to_string();
    let refused = read_json(text.as_bytes(), (text.len() - 1) as u64).unwrap_err();
    assert!(refused.to_string().contains("larger than"), "{refused}");
    read_json(text.as_bytes(), text.len() as u64).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_where_the_report_goes_is_passed_over_and_its_target_untouched() {
    let engine = Engine::sqlite();
    let mut db = engine.open();
    let (dir, folder) = inbox_folder();
    let precious = dir.path().join("settings.json");
    std::fs::write(&precious, "{\"station_name\": \"Desk 4\"}").unwrap();
    std::fs::create_dir(folder.join("rejected")).unwrap();
    let planted = folder.join("rejected/bad.json.report.txt");
    std::os::unix::fs::symlink(&precious, &planted).unwrap();

    let mut bad = entry(9520, "Zoë Tremblay");
    bad["colour"] = json!("red");
    drop_file(&folder, "bad.json", &json!([bad]));
    let mut inbox = Inbox::new(&folder);
    let outcomes = poll_until(&mut inbox, &mut db, |f| {
        !f.join("bad.json").exists() && !has_claims(f)
    });

    assert_eq!(
        std::fs::read_to_string(&precious).unwrap(),
        "{\"station_name\": \"Desk 4\"}",
        "the link's target was written"
    );
    assert!(std::fs::symlink_metadata(&planted).unwrap().is_symlink());
    assert_eq!(
        outcomes[0].moved_to.as_deref(),
        Some(folder.join("rejected/bad.json.2").as_path())
    );
    let report = std::fs::read_to_string(folder.join("rejected/bad.json.2.report.txt")).unwrap();
    assert!(report.contains("[0].colour: unknown key"), "{report}");
}

#[cfg(unix)]
#[test]
fn a_folder_that_is_a_link_is_refused_once_and_nothing_is_filed_through_it() {
    let engine = Engine::sqlite();
    let mut db = engine.open();
    let (dir, folder) = inbox_folder();
    let elsewhere = dir.path().join("config");
    std::fs::create_dir(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, folder.join("imported")).unwrap();
    let file = drop_file(&folder, "shop.json", &json!([entry(9530, "Aiko Tanaka")]));

    let mut inbox = Inbox::new(&folder);
    let mut outcomes = Vec::new();
    for _ in 0..5 {
        outcomes.extend(inbox.poll(&mut db).unwrap());
    }
    assert_eq!(outcomes.len(), 1, "said once: {outcomes:#?}");
    let why = outcomes[0].result.as_ref().unwrap_err().to_string();
    assert!(
        why.contains("imported/ in the inbox is not a folder"),
        "{why}"
    );
    assert!(file.exists(), "the file waits in the inbox");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);

    // Mended, the file is taken (importing it again is harmless).
    std::fs::remove_file(folder.join("imported")).unwrap();
    std::fs::write(
        &file,
        json!([entry(9530, "Aiko Tanaka")]).to_string() + "\n",
    )
    .unwrap();
    poll_until(&mut inbox, &mut db, |f| {
        f.join("imported/shop.json").exists()
    });
    assert_eq!(numbers(&mut db), [9530]);
}

#[test]
fn a_file_that_cannot_be_claimed_is_said_once_and_the_next_is_taken() {
    let engine = Engine::sqlite();
    let mut db = engine.open();
    let (_dir, folder) = inbox_folder();
    // A name the file system takes, but too long to claim under the claim's stamp.
    let long = format!("{}.json", "o".repeat(245));
    let stuck = drop_file(&folder, &long, &json!([entry(9540, "Noah Smith")]));
    drop_file(&folder, "next.json", &json!([entry(9541, "Max Müller")]));

    let mut inbox = Inbox::new(&folder);
    let mut outcomes = poll_until(&mut inbox, &mut db, |f| {
        f.join("imported/next.json").exists()
    });
    for _ in 0..3 {
        outcomes.extend(inbox.poll(&mut db).unwrap());
    }
    let about_long: Vec<_> = outcomes.iter().filter(|o| o.file == long).collect();
    assert_eq!(about_long.len(), 1, "said once: {outcomes:#?}");
    assert!(matches!(
        about_long[0].result,
        Err(ImportFailure::NotTaken(_))
    ));
    let why = about_long[0].result.as_ref().unwrap_err().to_string();
    assert!(why.starts_with("not taken:"), "{why}");
    assert!(stuck.exists());
    assert_eq!(numbers(&mut db), [9541]);
}

/// An importer that waits for a word before importing: a desk in the middle of a slow import.
struct Held {
    db: StationDb,
    claimed: mpsc::Sender<()>,
    go: mpsc::Receiver<()>,
}

impl Importer for Held {
    fn import(&mut self, path: &Path, max_bytes: u64) -> Result<ImportReport, ImportFailure> {
        self.claimed.send(()).unwrap();
        self.go.recv().unwrap();
        self.db.import(path, max_bytes)
    }
}

fn has_claims(folder: &Path) -> bool {
    std::fs::read_dir(folder.join("processing")).is_ok_and(|mut d| d.next().is_some())
}

#[test]
fn a_file_copied_with_an_old_time_is_not_taken_from_the_desk_importing_it() {
    let engine = Engine::sqlite();
    let (_dir, folder) = inbox_folder();
    let file = drop_file(
        &folder,
        "overnight.json",
        &json!([entry(9550, "Ava Johnson")]),
    );
    let three_days_ago = SystemTime::now() - Duration::from_secs(3 * 24 * 3600);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(three_days_ago)
        .unwrap();

    let (claimed, heard) = mpsc::channel();
    let (go, wait) = mpsc::channel();
    let mut desk_a = Held {
        db: engine.open(),
        claimed,
        go: wait,
    };
    let folder_a = folder.clone();
    let a = std::thread::spawn(move || {
        let mut inbox = Inbox::new(&folder_a);
        let mut outcomes = Vec::new();
        for _ in 0..2 {
            outcomes.extend(inbox.poll(&mut desk_a).unwrap());
        }
        outcomes
    });
    heard.recv_timeout(Duration::from_secs(30)).unwrap();

    // Desk B looks while A imports: the claim is new, whatever the file's own time says.
    let mut db_b = engine.open();
    let mut inbox_b = Inbox::new(&folder);
    for _ in 0..3 {
        assert!(inbox_b.poll(&mut db_b).unwrap().is_empty());
    }
    assert!(has_claims(&folder), "desk A still holds it");

    go.send(()).unwrap();
    let outcomes = a.join().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0].result.as_ref().unwrap().imported, [9550]);
    assert!(folder.join("imported/overnight.json").exists());
    assert!(!has_claims(&folder));
}

/// An importer that stops its desk, as a crash in the middle of an import would.
struct Stops;

impl Importer for Stops {
    fn import(&mut self, _: &Path, _: u64) -> Result<ImportReport, ImportFailure> {
        panic!("this desk stopped in the middle of an import");
    }
}

/// A desk that looks at the inbox until its importer stops it.
fn desk_that_stops(folder: &Path, abandoned_after: Duration) {
    let folder = folder.to_path_buf();
    let stopped = std::thread::spawn(move || {
        let mut inbox = Inbox::new(&folder).abandoned_after(abandoned_after);
        for _ in 0..3 {
            inbox.poll(&mut Stops).unwrap();
        }
    })
    .join();
    assert!(stopped.is_err(), "the desk did not stop");
}

#[test]
fn a_file_that_stops_two_desks_is_rejected_with_the_reason() {
    let engine = Engine::sqlite();
    let (_dir, folder) = inbox_folder();
    drop_file(
        &folder,
        "poison.json",
        &json!([entry(9560, "Liam O'Brien")]),
    );

    desk_that_stops(&folder, Duration::from_secs(3600));
    assert!(has_claims(&folder), "left in processing/ by the first desk");
    std::thread::sleep(Duration::from_millis(20));
    // The second desk takes the abandoned claim over, and stops too.
    desk_that_stops(&folder, Duration::ZERO);
    assert!(has_claims(&folder), "left again by the second desk");
    std::thread::sleep(Duration::from_millis(20));

    let mut db = engine.open();
    let mut inbox = Inbox::new(&folder).abandoned_after(Duration::ZERO);
    let outcomes = inbox.poll(&mut db).unwrap();
    assert_eq!(outcomes.len(), 1, "{outcomes:#?}");
    assert_eq!(outcomes[0].result, Err(ImportFailure::StoppedDesks(2)));
    let why = outcomes[0].result.as_ref().unwrap_err().to_string();
    assert!(
        why.contains("2 desks stopped while importing this file"),
        "{why}"
    );
    assert_eq!(
        outcomes[0].moved_to.as_deref(),
        Some(folder.join("rejected/poison.json").as_path())
    );
    let report = std::fs::read_to_string(folder.join("rejected/poison.json.report.txt")).unwrap();
    assert!(
        report.starts_with("poison.json: 2 desks stopped"),
        "{report}"
    );
    assert!(!has_claims(&folder));
    assert!(numbers(&mut db).is_empty(), "nothing was imported");
}
