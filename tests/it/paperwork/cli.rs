//! `packdesk documents ORDER --database … --out DIR`: every parcel's documents as PDF files
//! named ORDER-SHIPMENT-PARCEL-KIND.pdf (a shipment not yet packed as one parcel); exit 1 with
//! the reason for an unknown order or missing data.

use std::path::Path;

use packdesk::customs::settings::SETTINGS_KEY;

use super::{recorded, settings};
use crate::support::{TestService, cart};

fn packdesk_documents(database: &Path, order: &str, out: &Path) -> (i32, String, String) {
    let database = format!("sqlite:{}", database.display());
    crate::support::packdesk([
        "documents".as_ref(),
        order.as_ref(),
        "--database".as_ref(),
        database.as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ])
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread")]
async fn the_command_line_writes_each_parcels_documents_or_says_what_is_missing() {
    let service = TestService::start().await;
    let (dir, mut db) = recorded(&service, 8401, &cart("US", Some("NY"), Some("10001"))).await;
    let database = dir.path().join("station.sqlite3");

    // Without exporter details: exit 1, every missing piece said.
    let out = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = packdesk_documents(&database, "8401", out.path());
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains("(Exporter company)"), "{stderr}");
    assert!(stderr.contains("(Signatory)"), "{stderr}");
    assert!(names(out.path()).is_empty());

    // With them: the shipment not yet packed, as one parcel.
    db.set_warehouse_setting(SETTINGS_KEY, &serde_json::to_value(settings()).unwrap())
        .unwrap();
    let (code, stdout, stderr) = packdesk_documents(&database, "8401", out.path());
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        names(out.path()),
        [
            "8401-S1-1-cn22.pdf",
            "8401-S1-1-invoice.pdf",
            "8401-S1-1-packing-slip.pdf"
        ]
    );
    assert_eq!(stdout.lines().count(), 3, "{stdout}");

    // Packed in two parcels: each its own documents.
    for lines in [&[("L1", 2), ("L3", 1)][..], &[("L2", 1), ("L3", 2)][..]] {
        let mut parcel = crate::station::parcel(lines);
        parcel.to.country = "US".into();
        parcel.to.province = "NY".into();
        parcel.to.zipcode = "10001".into();
        db.start_parcel(8401, "S1", &parcel).unwrap();
    }
    let split = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = packdesk_documents(&database, "8401", split.path());
    assert_eq!(code, 0, "{stdout}{stderr}");
    let written = names(split.path());
    assert_eq!(written.len(), 6, "{written:?}");
    assert!(written.contains(&"8401-S1-2-invoice.pdf".to_owned()));

    // An unknown order: exit 1, said.
    let (code, _, stderr) = packdesk_documents(&database, "9999", out.path());
    assert_eq!(code, 1);
    assert!(
        stderr.contains("order 9999 is not in the station record"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shipment_id_that_names_a_path_writes_inside_out() {
    let service = TestService::start().await;
    let mut hostile = cart("US", Some("NY"), Some("10001"));
    hostile.shipments[0].shipment_id = "../../x".into();
    let (dir, mut db) = recorded(&service, 8402, &hostile).await;
    db.set_warehouse_setting(SETTINGS_KEY, &serde_json::to_value(settings()).unwrap())
        .unwrap();
    let database = dir.path().join("station.sqlite3");

    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("a/b");
    let (code, stdout, stderr) = packdesk_documents(&database, "8402", &out);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        names(&out),
        [
            "8402-.._.._x-1-cn22.pdf",
            "8402-.._.._x-1-invoice.pdf",
            "8402-.._.._x-1-packing-slip.pdf"
        ]
    );
    assert_eq!(names(root.path()), ["a"], "nothing written above --out");
    assert_eq!(names(&root.path().join("a")), ["b"]);
}
