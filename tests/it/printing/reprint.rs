//! A label fetched once reprints with the service gone: the documents come from the station
//! database, never from the service again.

use packdesk::station::db::{DocumentKind, LabelDocument, NewParcelLine, Paper, StationDb};
use packdesk::station::print::{Dpi, PrintTarget, ZplTimeouts, print_queued};

use super::peer::{Mode, ZplPeer};
use crate::support::{TestService, cart, order_for};

#[tokio::test(flavor = "multi_thread")]
async fn an_earlier_label_reprints_from_the_cache_with_the_service_stopped() {
    let service = TestService::start().await;
    let client = service.client.clone();
    let dir = tempfile::tempdir().unwrap();
    let mut db = StationDb::open(dir.path().join("station.sqlite3")).unwrap();

    // A real order and its full-order label, documents fetched and cached as the app does.
    let cart = cart("CA", Some("QC"), Some("H2X 1Y4"));
    let quote = client.landed_cost(&cart).await.unwrap();
    let create = order_for(7001, &quote, 0);
    client.create_order(&create).await.unwrap();
    db.record_submitted_order(&cart, &quote, &create).unwrap();
    let order = db.order(7001).unwrap().unwrap();
    let shipment = &order.shipments[0];
    let lines = shipment
        .items
        .iter()
        .filter(|i| i.left > 0)
        .map(|i| NewParcelLine {
            source_line_id: i.item.source_line_id.clone(),
            quantity: i.left,
            asn: format!("ASN-{}", i.item.source_line_id),
        })
        .collect();
    let mut new = crate::station::parcel(&[]);
    new.lines = lines;
    let parcel = db.start_parcel(7001, &shipment.shipment_id, &new).unwrap();
    let request = order.full_order_label_request(false, true);
    let answer = client.label(&request).await.unwrap();
    let label = db.record_label(parcel, &request, &answer).unwrap();
    let zpl_url = answer.result.zpl.clone().unwrap();
    let zpl = client.fetch_document(&zpl_url).await.unwrap();
    assert!(zpl.starts_with(b"^XA"));
    db.record_label_documents(
        label,
        &[LabelDocument {
            paper: Paper::Label,
            kind: DocumentKind::Zpl,
            url: Some(zpl_url.clone()),
            bytes: zpl.clone(),
        }],
    )
    .unwrap();

    // The service goes away: its URL no longer answers.
    service.running.shutdown().await.unwrap();
    assert!(client.fetch_document(&zpl_url).await.is_err());

    // Reprint from the shipment's history: the document id comes from the cached order.
    let order = db.order(7001).unwrap().unwrap();
    let (_, cached) = order.parcel(parcel).unwrap();
    let document = cached
        .latest_label()
        .unwrap()
        .label_document(DocumentKind::Zpl)
        .unwrap()
        .id;
    let peer = ZplPeer::start(Mode::Ready);
    let target = PrintTarget::Zpl(peer.printer(Dpi::D203));
    let db = std::sync::Mutex::new(db);
    for _ in 0..2 {
        let job = db.lock().unwrap().queue_print(document, &target).unwrap();
        tokio::task::block_in_place(|| print_queued(&db, job, ZplTimeouts::default())).unwrap();
    }
    let printed = super::printed(&peer, 2);
    assert_eq!(printed.len(), 2, "the label and its reprint");
    for copy in printed {
        assert_eq!(copy.as_bytes(), zpl.as_slice());
        assert!(copy.contains("7001"));
    }
}
