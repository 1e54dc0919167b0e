//! Printing to real peers: a ZPL printer on a loopback port that answers `~HS` (ready, paused,
//! out of paper, head open, silent), an unreachable one, the print queue's never-twice rule
//! across a printer coming back and a crash mid-send, the offline reprint, and CUPS where a
//! queue exists.

mod cups;
pub mod peer;
mod reprint;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use packdesk::station::db::{
    DocumentKind, LabelDocument, Paper, PrintOutcome, PrintState, StationDb,
};

use crate::station::engines::Engine;
use packdesk::station::print::{
    self, Dpi, PrintError, PrintTarget, PrinterProblem, ZplTimeouts, print_queued,
};
use peer::{Mode, ZplPeer, unreachable_printer};

const LABEL: &[u8] = b"^XA^FO50,50^A0N,40,40^FDOrder 4242^FS^XZ\n";

/// Waits until the peer has recorded `count` printed jobs (it records at connection close).
pub fn printed(peer: &ZplPeer, count: usize) -> Vec<String> {
    let started = Instant::now();
    loop {
        let jobs = peer.printed();
        if jobs.len() >= count || started.elapsed() > Duration::from_secs(5) {
            return jobs;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A station database with one order, parcel and label whose ZPL document is `LABEL`.
fn db_with_document(engine: &Engine) -> (StationDb, packdesk::station::db::DocumentId) {
    let mut db = engine.open();
    let (cart, quote, create) = crate::station::bodies(4242, "Ada Lovelace");
    db.record_submitted_order(&cart, &quote, &create).unwrap();
    let parcel = db
        .start_parcel(4242, "S1", &crate::station::parcel(&[("L1", 1)]))
        .unwrap();
    let order = db.order(4242).unwrap().unwrap();
    let request = order
        .parcel_label_request(parcel, &Default::default())
        .unwrap();
    let answer = crate::station::label_answer(4242, packdesk::api::LabelStatus::Success, "T1");
    let label = db.record_label(parcel, &request, &answer).unwrap();
    let zpl = LabelDocument {
        paper: Paper::Label,
        kind: DocumentKind::Zpl,
        url: Some("https://labels.example/4242.zpl".into()),
        bytes: LABEL.to_vec(),
    };
    let ids = db.record_label_documents(label, &[zpl]).unwrap();
    (db, ids[0])
}

#[test]
fn a_ready_printer_is_asked_for_its_status_then_gets_the_label_once() {
    let peer = ZplPeer::start(Mode::Ready);
    let said = print::send_zpl(&peer.printer(Dpi::D203), LABEL, ZplTimeouts::default()).unwrap();
    assert_eq!(
        said,
        format!("Label sent to the printer 127.0.0.1:{}.", peer.port)
    );
    assert_eq!(printed(&peer, 1), [String::from_utf8_lossy(LABEL)]);
    assert_eq!(peer.status_queries(), 1);

    // A 300 dpi printer is told the label was laid out at 200 dpi.
    print::send_zpl(&peer.printer(Dpi::D300), LABEL, ZplTimeouts::default()).unwrap();
    let jobs = printed(&peer, 2);
    assert!(
        jobs[1].starts_with("^XA^MUd,200,300^FO50,50"),
        "{}",
        jobs[1]
    );
}

#[test]
fn a_paused_printer_without_paper_or_with_its_head_open_gets_nothing_and_says_why() {
    let peer = ZplPeer::start(Mode::Paused);
    let cases = [
        (Mode::Paused, PrinterProblem::Paused, "paused"),
        (Mode::PaperOut, PrinterProblem::PaperOut, "out of labels"),
        (Mode::HeadOpen, PrinterProblem::HeadOpen, "head is open"),
    ];
    for (mode, problem, words) in cases {
        peer.set_mode(mode);
        let err =
            print::send_zpl(&peer.printer(Dpi::D203), LABEL, ZplTimeouts::default()).unwrap_err();
        assert!(
            matches!(&err, PrintError::NotReady { problems, .. } if problems == &[problem]),
            "{err:?}"
        );
        assert!(err.to_string().contains(words), "{err}");
        assert!(err.nothing_sent());
    }
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        peer.printed(),
        Vec::<String>::new(),
        "no label bytes were sent"
    );
    assert_eq!(peer.status_queries(), 3);
}

#[test]
fn a_printer_that_does_not_answer_the_status_query_is_printed_to_anyway() {
    let peer = ZplPeer::start(Mode::Silent);
    let timeouts = ZplTimeouts {
        status: Duration::from_millis(300),
        ..ZplTimeouts::default()
    };
    let said = print::send_zpl(&peer.printer(Dpi::D203), LABEL, timeouts).unwrap();
    assert!(said.contains("did not report its status"), "{said}");
    assert_eq!(printed(&peer, 1), [String::from_utf8_lossy(LABEL)]);
}

#[test]
fn an_unreachable_printer_is_named_in_the_message() {
    let printer = unreachable_printer();
    let err = print::send_zpl(&printer, LABEL, ZplTimeouts::default()).unwrap_err();
    assert!(matches!(err, PrintError::Unreachable { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains(&printer.address()) && text.contains("Is it on"),
        "{text}"
    );
    assert!(err.nothing_sent());
}

fn the_queue_prints_a_job_once_when_the_printer_comes_back(engine: &Engine) {
    let (db, document) = db_with_document(engine);
    let db = Mutex::new(db);
    let peer = ZplPeer::start(Mode::PaperOut);
    let target = PrintTarget::Zpl(peer.printer(Dpi::D203));
    let queue = |db: &Mutex<StationDb>| db.lock().unwrap().queue_print(document, &target).unwrap();

    // Out of paper: nothing sent, the job waits; pressing Print again finds the same job.
    let job = queue(&db);
    let err = print_queued(&db, job, ZplTimeouts::default()).unwrap_err();
    assert!(err.to_string().contains("out of labels"), "{err}");
    assert_eq!(queue(&db), job, "no second job for a document still queued");
    let jobs = db.lock().unwrap().print_jobs(Some(document)).unwrap();
    assert_eq!(jobs.len(), 1);
    assert_eq!((jobs[0].state, jobs[0].attempts), (PrintState::Queued, 1));

    // Paper loaded: sent once, and the job cannot be sent again.
    peer.set_mode(Mode::Ready);
    print_queued(&db, job, ZplTimeouts::default()).unwrap();
    let again = print_queued(&db, job, ZplTimeouts::default()).unwrap_err();
    assert!(again.to_string().contains("already sent"), "{again}");
    assert_eq!(printed(&peer, 1).len(), 1);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(peer.printed().len(), 1, "printed exactly once");

    // Print after that is a deliberate second copy: a new job, marked as a reprint.
    let second = queue(&db);
    assert_ne!(second, job);
    print_queued(&db, second, ZplTimeouts::default()).unwrap();
    assert_eq!(printed(&peer, 2).len(), 2);
    let jobs = db.lock().unwrap().print_jobs(Some(document)).unwrap();
    let summary: Vec<(PrintState, bool)> = jobs.iter().map(|j| (j.state, j.reprint)).collect();
    assert_eq!(
        summary,
        [(PrintState::Sent, true), (PrintState::Sent, false)]
    );
}

fn a_job_cut_off_mid_send_is_never_resent_by_itself(engine: &Engine) {
    let (mut db, document) = db_with_document(engine);
    let peer = ZplPeer::start(Mode::Ready);
    let target = PrintTarget::Zpl(peer.printer(Dpi::D203));

    // The app stops after claiming (bytes may have left): on restart the job is uncertain.
    let job = db.queue_print(document, &target).unwrap();
    assert!(db.claim_print(job).unwrap().is_some());
    drop(db);
    if let Engine::Postgres { url } = engine {
        // On a shared record another desk may be sending it right now: it stays `sending`
        // until it has been for longer than a send can take (here: made five minutes old).
        let mut db = engine.open();
        let jobs = db.print_jobs(Some(document)).unwrap();
        assert_eq!(jobs[0].state, PrintState::Sending);
        assert_eq!(
            db.claim_print(job).unwrap(),
            None,
            "not taken by another desk"
        );
        let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
        client
            .execute("UPDATE print_jobs SET updated_at = updated_at - 300", &[])
            .unwrap();
    }
    let mut db = engine.open();
    let jobs = db.print_jobs(Some(document)).unwrap();
    assert_eq!(jobs[0].state, PrintState::Uncertain);
    assert_eq!(db.claim_print(job).unwrap(), None, "not sent again");

    // A write that broke off part-way is uncertain too; Print makes a reprint job.
    let next = db.queue_print(document, &target).unwrap();
    assert!(db.claim_print(next).unwrap().is_some());
    db.finish_print(next, &PrintOutcome::Uncertain("reset by peer".into()))
        .unwrap();
    assert_eq!(db.claim_print(next).unwrap(), None);
    let third = db.queue_print(document, &target).unwrap();
    assert!(db.print_jobs(Some(document)).unwrap()[0].reprint);
    assert_ne!(third, next);
    assert_eq!(peer.printed(), Vec::<String>::new());
}

crate::on_both_engines!(
    the_queue_prints_a_job_once_when_the_printer_comes_back,
    a_job_cut_off_mid_send_is_never_resent_by_itself,
);
