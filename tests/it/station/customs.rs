//! Customs paperwork cached with the label's documents (step 10): each document says which
//! paper it is, generating one again replaces its bytes in place so print jobs keep pointing at
//! it, the label code still picks the label's own documents, settings are shared by the
//! warehouse, and a record from step 9 keeps every document and print job through the step.

use packdesk::api::LabelStatus;
use packdesk::station::db::*;
use packdesk::station::print::{PrintTarget, SpoolerPrinter, ZplPrinter};
use serde_json::json;

use super::engines::Engine;
use super::spelling::back_to_step_9;

const ORDER: u64 = 4343;

/// An order with one parcel and a ready label whose PDF came inline (base64).
fn labelled(engine: &Engine) -> (StationDb, LabelId) {
    let mut db = engine.open();
    db.set_actor(Actor {
        desk: Some("Station 2".into()),
        person: Some("Ana".into()),
    });
    let (cart, quote, create) = super::bodies(ORDER, "Zoë Tremblay");
    db.record_submitted_order(&cart, &quote, &create).unwrap();
    let parcel = db
        .start_parcel(ORDER, "S1", &super::parcel(&[("L1", 1)]))
        .unwrap();
    let order = db.order(ORDER).unwrap().unwrap();
    let request = order
        .parcel_label_request(parcel, &Default::default())
        .unwrap();
    let mut answer = super::label_answer(ORDER, LabelStatus::Success, "TRK-4343");
    answer.result.base64 = Some("JVBERi0xLjQ=".into());
    let label = db.record_label(parcel, &request, &answer).unwrap();
    (db, label)
}

fn generated(paper: Paper, kind: DocumentKind, bytes: &[u8]) -> LabelDocument {
    LabelDocument {
        paper,
        kind,
        url: None,
        bytes: bytes.to_vec(),
    }
}

fn label_zpl() -> LabelDocument {
    LabelDocument {
        paper: Paper::Label,
        kind: DocumentKind::Zpl,
        url: Some(format!("https://labels.example/{ORDER}.zpl")),
        bytes: b"^XA^FDlabel^FS^XZ".to_vec(),
    }
}

fn latest_label(db: &mut StationDb) -> LabelRecord {
    let order = db.order(ORDER).unwrap().unwrap();
    order.shipments[0].parcels[0]
        .latest_label()
        .unwrap()
        .clone()
}

fn spooler() -> PrintTarget {
    PrintTarget::Spooler(SpoolerPrinter {
        queue: Some("office".into()),
    })
}

fn zpl_printer() -> PrintTarget {
    PrintTarget::Zpl(ZplPrinter {
        host: "127.0.0.1".into(),
        port: 9100,
        dpi: Default::default(),
    })
}

fn customs_documents_come_back_with_their_paper_and_the_label_code_picks_the_label(
    engine: &Engine,
) {
    let (mut db, label) = labelled(engine);
    // Generated before the label's ZPL was fetched: a pick by kind alone would find the CN22's.
    let ids = db
        .record_customs_documents(
            label,
            &[
                generated(Paper::Invoice, DocumentKind::Pdf, b"%PDF invoice"),
                generated(Paper::Cn22, DocumentKind::Zpl, b"^XA^FDCN22^FS^XZ"),
                generated(Paper::Cn22, DocumentKind::Pdf, b"%PDF cn22"),
                generated(Paper::PackingSlip, DocumentKind::Pdf, b"%PDF slip"),
            ],
        )
        .unwrap();
    assert_eq!(ids.len(), 4);
    let label_zpl_id = db.record_label_documents(label, &[label_zpl()]).unwrap()[0];

    let record = latest_label(&mut db);
    let papers: Vec<(Paper, DocumentKind)> =
        record.documents.iter().map(|d| (d.paper, d.kind)).collect();
    assert_eq!(
        papers,
        [
            (Paper::Label, DocumentKind::Pdf),
            (Paper::Invoice, DocumentKind::Pdf),
            (Paper::Cn22, DocumentKind::Zpl),
            (Paper::Cn22, DocumentKind::Pdf),
            (Paper::PackingSlip, DocumentKind::Pdf),
            (Paper::Label, DocumentKind::Zpl),
        ]
    );
    // What printing, the preview, saving and reprint use: the label's own documents.
    let zpl = record.label_document(DocumentKind::Zpl).unwrap();
    assert_eq!((zpl.id, zpl.paper), (label_zpl_id, Paper::Label));
    let pdf = record.label_document(DocumentKind::Pdf).unwrap();
    assert_eq!(db.label_document(pdf.id).unwrap().unwrap().1, b"%PDF-1.4");
    assert!(record.has_label_documents());

    let customs = db.customs_documents(label).unwrap();
    let listed: Vec<(DocumentId, Paper, DocumentKind, Option<String>, u64)> = customs
        .iter()
        .map(|d| (d.id, d.paper, d.kind, d.url.clone(), d.size))
        .collect();
    assert_eq!(
        listed,
        [
            (ids[0], Paper::Invoice, DocumentKind::Pdf, None, 12),
            (ids[1], Paper::Cn22, DocumentKind::Zpl, None, 16),
            (ids[2], Paper::Cn22, DocumentKind::Pdf, None, 9),
            (ids[3], Paper::PackingSlip, DocumentKind::Pdf, None, 9),
        ]
    );
    let (info, bytes) = db.label_document(ids[1]).unwrap().unwrap();
    assert_eq!((info.paper, info.kind), (Paper::Cn22, DocumentKind::Zpl));
    assert_eq!(bytes, b"^XA^FDCN22^FS^XZ");
    assert_eq!(Paper::PackingSlip.title(), "Packing slip");
    assert_eq!(Paper::Invoice.title(), "Commercial invoice");

    // Another desk reads them from the shared record.
    let mut other = engine.open();
    assert_eq!(other.customs_documents(label).unwrap(), customs);

    // The order's history says who generated them, and where.
    let events = db.events(ORDER).unwrap();
    let logged: Vec<&Event> = events
        .iter()
        .filter(|e| e.kind == "customs_documents")
        .collect();
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].desk.as_deref(), Some("Station 2"));
    assert_eq!(logged[0].person.as_deref(), Some("Ana"));
    assert_eq!(logged[0].body["documents"][1]["paper"], "cn22");

    // Refused: the label's own paper, a label that is not ready, a label that is not there.
    assert!(matches!(
        db.record_customs_documents(label, &[generated(Paper::Label, DocumentKind::Pdf, b"x")]),
        Err(StationError::Invalid(_))
    ));
    let parcel = db
        .start_parcel(ORDER, "S1", &super::parcel(&[("L1", 1)]))
        .unwrap();
    let order = db.order(ORDER).unwrap().unwrap();
    let request = order
        .parcel_label_request(parcel, &Default::default())
        .unwrap();
    let pending = db
        .record_label(
            parcel,
            &request,
            &super::label_answer(ORDER, LabelStatus::Pending, ""),
        )
        .unwrap();
    assert!(matches!(
        db.record_customs_documents(pending, &[generated(Paper::Cn22, DocumentKind::Pdf, b"x")]),
        Err(StationError::Invalid(_))
    ));
    assert!(matches!(
        db.customs_documents(LabelId(999_999)),
        Err(StationError::UnknownLabel(_))
    ));
}

fn regenerating_replaces_the_bytes_in_place_and_print_jobs_keep_their_document(engine: &Engine) {
    let (mut db, label) = labelled(engine);
    let first = db
        .record_customs_documents(
            label,
            &[
                generated(Paper::Invoice, DocumentKind::Pdf, b"%PDF invoice v1"),
                generated(Paper::Cn22, DocumentKind::Zpl, b"^XA^FDv1^FS^XZ"),
            ],
        )
        .unwrap();
    let (invoice, cn22) = (first[0], first[1]);

    // The invoice is printed; the CN22 waits in the queue (its printer is off).
    let printed = db.queue_print(invoice, &spooler()).unwrap();
    let claimed = db.claim_print(printed).unwrap().unwrap();
    assert_eq!(claimed.bytes, b"%PDF invoice v1");
    db.finish_print(printed, &PrintOutcome::Sent).unwrap();
    let waiting = db.queue_print(cn22, &zpl_printer()).unwrap();

    // Generated again (the exporter's address was corrected): same ids, new bytes.
    let again = db
        .record_customs_documents(
            label,
            &[
                generated(Paper::Cn22, DocumentKind::Zpl, b"^XA^FDv2^FS^XZ"),
                generated(Paper::Invoice, DocumentKind::Pdf, b"%PDF invoice v2"),
            ],
        )
        .unwrap();
    assert_eq!(again, [cn22, invoice]);
    assert_eq!(
        db.customs_documents(label).unwrap().len(),
        2,
        "no second rows"
    );
    assert_eq!(
        db.label_document(invoice).unwrap().unwrap().1,
        b"%PDF invoice v2"
    );

    // The print history stays with the document; printing it again is a reprint of v2.
    let jobs = db.print_jobs(Some(invoice)).unwrap();
    assert_eq!(jobs.len(), 1);
    assert_eq!((jobs[0].id, jobs[0].state), (printed, PrintState::Sent));
    let reprint = db.queue_print(invoice, &spooler()).unwrap();
    assert!(db.print_jobs(Some(invoice)).unwrap()[0].reprint);
    assert_eq!(
        db.claim_print(reprint).unwrap().unwrap().bytes,
        b"%PDF invoice v2"
    );
    // The queued CN22 job is still the one open job of its document, and sends the new bytes.
    assert_eq!(db.queue_print(cn22, &zpl_printer()).unwrap(), waiting);
    assert_eq!(
        db.claim_print(waiting).unwrap().unwrap().bytes,
        b"^XA^FDv2^FS^XZ"
    );
    // Two generations, two events.
    let generations = db
        .events(ORDER)
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == "customs_documents")
        .count();
    assert_eq!(generations, 2);
}

fn warehouse_settings_are_shared_by_every_desk(engine: &Engine) {
    let mut desk = engine.open();
    desk.set_actor(Actor {
        desk: Some("Station 1".into()),
        person: Some("Sam".into()),
    });
    assert_eq!(desk.warehouse_setting("customs.exporter").unwrap(), None);
    let exporter = json!({"name": "Packdesk GmbH", "eori": "DE123456789012345",
                          "address_lines": ["Torstraße 1", "10119 Berlin"]});
    desk.set_warehouse_setting("customs.exporter", &exporter)
        .unwrap();

    let mut other = engine.open();
    assert_eq!(
        other.warehouse_setting("customs.exporter").unwrap(),
        Some(exporter.clone())
    );
    other.set_actor(Actor {
        desk: Some("Station 4".into()),
        person: None,
    });
    let moved = json!({"name": "Packdesk GmbH", "eori": "DE123456789012345",
                       "address_lines": ["Invalidenstraße 5", "10115 Berlin"]});
    other
        .set_warehouse_setting("customs.exporter", &moved)
        .unwrap();
    // The first desk's next read sees the change.
    assert_eq!(
        desk.warehouse_setting("customs.exporter").unwrap(),
        Some(moved)
    );
    assert_eq!(desk.warehouse_setting("customs.other").unwrap(), None);

    let stored = rows(
        engine,
        "SELECT updated_desk, COALESCE(updated_person, '-') AS person,
                CAST(updated_at AS TEXT) AS updated_at
         FROM warehouse_settings WHERE key = 'customs.exporter'",
    );
    assert_eq!(stored.len(), 1, "one row per key");
    assert_eq!(
        (stored[0][0].as_str(), stored[0][1].as_str()),
        ("Station 4", "-")
    );
    let at: i64 = stored[0][2].parse().unwrap();
    assert!(at > 1_000_000_000_000, "unix milliseconds: {at}");

    let history = desk.warehouse_events(10).unwrap();
    let changes: Vec<(Option<&str>, &serde_json::Value)> = history
        .iter()
        .filter(|e| e.kind == "settings_changed")
        .map(|e| (e.desk.as_deref(), &e.body))
        .collect();
    assert_eq!(
        changes,
        [
            (Some("Station 4"), &json!({"key": "customs.exporter"})),
            (Some("Station 1"), &json!({"key": "customs.exporter"})),
        ]
    );
}

/// Every row of a query on the test's record, each column read as text.
fn rows(engine: &Engine, sql: &str) -> Vec<Vec<String>> {
    match engine {
        Engine::Sqlite { path, .. } => {
            let conn = rusqlite::Connection::open(path).unwrap();
            let mut statement = conn.prepare(sql).unwrap();
            let columns = statement.column_count();
            statement
                .query_map([], |row| {
                    (0..columns).map(|i| row.get::<_, String>(i)).collect()
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        }
        Engine::Postgres { url } => {
            let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
            client
                .query(sql, &[])
                .unwrap()
                .iter()
                .map(|row| (0..row.len()).map(|i| row.get::<_, String>(i)).collect())
                .collect()
        }
    }
}

/// Runs statements on the test's record (foreign keys on, as the station has them).
fn execute(engine: &Engine, sql: &str) -> Result<(), String> {
    match engine {
        Engine::Sqlite { path, .. } => {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
            conn.execute_batch(sql).map_err(|e| e.to_string())
        }
        Engine::Postgres { url } => {
            let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
            client.batch_execute(sql).map_err(|e| e.to_string())
        }
    }
}

const DOCUMENT_ROWS: &str = "
    SELECT CAST(id AS TEXT) AS id, CAST(label_id AS TEXT) AS label_id, kind, url,
           CAST(length(bytes) AS TEXT) AS size, CAST(fetched_at AS TEXT) AS fetched_at
    FROM label_documents ORDER BY id";

const PRINT_JOB_ROWS: &str = "
    SELECT CAST(id AS TEXT) AS id, CAST(document_id AS TEXT) AS document_id, target_json,
           state, CAST(reprint AS TEXT) AS reprint, CAST(created_at AS TEXT) AS created_at,
           CAST(updated_at AS TEXT) AS updated_at, CAST(attempts AS TEXT) AS attempts,
           COALESCE(last_error, '-') AS last_error
    FROM print_jobs ORDER BY id";

fn a_record_at_step_9_keeps_every_document_and_print_job_through_step_10(engine: &Engine) {
    let (mut db, label) = labelled(engine);
    let zpl = db.record_label_documents(label, &[label_zpl()]).unwrap()[0];
    let pdf = latest_label(&mut db)
        .label_document(DocumentKind::Pdf)
        .unwrap()
        .id;
    let sent = db.queue_print(zpl, &zpl_printer()).unwrap();
    db.claim_print(sent).unwrap().unwrap();
    db.finish_print(sent, &PrintOutcome::Sent).unwrap();
    let queued = db.queue_print(zpl, &zpl_printer()).unwrap();
    db.queue_print(pdf, &spooler()).unwrap();
    drop(db);
    back_to_step_9(engine);

    // A Packdesk at step 9 goes on writing: another document and a job that broke off.
    assert!(
        execute(engine, "SELECT paper FROM label_documents").is_err(),
        "step 9 has no paper"
    );
    execute(
        engine,
        &format!(
            "INSERT INTO label_documents (id, label_id, kind, url, bytes, fetched_at)
             VALUES (500, {label}, 'zpl', 'https://labels.example/again.zpl', {bytes}, 1750000000);
             INSERT INTO print_jobs (id, document_id, target_json, state, reprint, created_at,
                 updated_at, attempts, last_error)
             VALUES (700, 500, '{{\"kind\":\"zpl\",\"host\":\"10.0.0.9\"}}', 'uncertain', 1,
                 1750000001, 1750000002, 3, 'cut off');",
            label = label.0,
            bytes = if engine.is_postgres() {
                "'\\x5e58415e585a'::bytea"
            } else {
                "X'5e58415e585a'"
            },
        ),
    )
    .unwrap();
    let documents = rows(engine, DOCUMENT_ROWS);
    let jobs = rows(engine, PRINT_JOB_ROWS);
    assert_eq!((documents.len(), jobs.len()), (3, 4));

    // Step 10 (and on): every row and id kept, each document the label's own paper.
    let mut db = engine.open();
    assert_eq!(rows(engine, DOCUMENT_ROWS), documents);
    assert_eq!(rows(engine, PRINT_JOB_ROWS), jobs);
    let papers = rows(engine, "SELECT DISTINCT paper FROM label_documents");
    assert_eq!(papers, [["label"]]);
    let steps = rows(
        engine,
        "SELECT CAST(MAX(version) AS TEXT) AS version FROM refinery_schema_history",
    );
    // Through step 10 and every step after it.
    let latest = packdesk::station::db::engine::latest_schema_version().to_string();
    assert_eq!(steps, [[latest]]);
    let (info, bytes) = db.label_document(DocumentId(500)).unwrap().unwrap();
    assert_eq!(
        (info.paper, bytes.as_slice()),
        (Paper::Label, &b"^XA^XZ"[..])
    );
    assert_eq!(
        latest_label(&mut db)
            .label_document(DocumentKind::Zpl)
            .unwrap()
            .id,
        zpl
    );

    // The queue's rules hold on the rebuilt tables: one open job per document, jobs only for
    // documents that exist.
    assert_eq!(db.queue_print(zpl, &zpl_printer()).unwrap(), queued);
    let second_open = format!(
        "INSERT INTO print_jobs (document_id, target_json, state, reprint, created_at,
             updated_at, attempts)
         VALUES ({}, '{{}}', 'queued', 0, 1, 1, 0)",
        zpl.0
    );
    assert!(
        execute(engine, &second_open).is_err(),
        "print_jobs_one_open"
    );
    let dangling = "INSERT INTO print_jobs (document_id, target_json, state, reprint, created_at,
             updated_at, attempts)
         VALUES (999999, '{}', 'sent', 0, 1, 1, 0)";
    assert!(execute(engine, dangling).is_err(), "document_id references");
    if let Engine::Sqlite { path, .. } = engine {
        let conn = rusqlite::Connection::open(path).unwrap();
        let schema: String = conn
            .query_row(
                "SELECT sql FROM sqlite_master WHERE name = 'print_jobs'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert!(
            schema.contains("\"label_documents\"") && !schema.contains("_v10"),
            "{schema}"
        );
        let problems: i64 = conn
            .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(problems, 0);
        let leftovers: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%_v10'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(leftovers, 0);
    }
    // Customs documents go in beside them with ids of their own.
    let customs = db
        .record_customs_documents(
            label,
            &[generated(Paper::Cn23, DocumentKind::Pdf, b"%PDF cn23")],
        )
        .unwrap();
    assert!(!documents.iter().any(|d| d[0] == customs[0].0.to_string()));
    assert_eq!(db.customs_documents(label).unwrap()[0].id, customs[0]);
}

crate::on_both_engines!(
    customs_documents_come_back_with_their_paper_and_the_label_code_picks_the_label,
    regenerating_replaces_the_bytes_in_place_and_print_jobs_keep_their_document,
    warehouse_settings_are_shared_by_every_desk,
    a_record_at_step_9_keeps_every_document_and_print_job_through_step_10,
);
