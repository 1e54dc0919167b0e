//! A delivered label's documents, fetched once and cached so reprints work offline.

use super::shared_db::{SharedDb, with_db};
use crate::api::Client;
use crate::station::db::{DocumentKind, LabelDocument, OutboxEntry, Paper};

/// Fetches the first PDF and the ZPL document of the entry's label and caches them. Failures
/// are logged: the label is recorded, and the app fetches missing documents on demand.
pub async fn fetch_and_cache(client: &Client, db: &SharedDb, entry: &OutboxEntry) {
    let (order, parcel) = (entry.order, entry.parcel);
    let label = with_db(db, move |db| {
        Ok(db.order(order)?.and_then(|o| {
            let (_, p) = o.parcel(parcel?)?;
            p.latest_label().cloned()
        }))
    })
    .await;
    let Ok(Some(label)) = label else {
        return;
    };
    let mut wanted: Vec<(DocumentKind, String)> = label
        .label_urls
        .iter()
        .take(1)
        .map(|url| (DocumentKind::Pdf, url.clone()))
        .collect();
    wanted.extend(
        label
            .zpl_url
            .iter()
            .map(|url| (DocumentKind::Zpl, url.clone())),
    );
    wanted.retain(|(kind, url)| {
        !label
            .documents
            .iter()
            .any(|d| d.paper == Paper::Label && d.kind == *kind && d.url.as_deref() == Some(url))
    });
    let mut fetched = Vec::new();
    for (kind, url) in wanted {
        match client.fetch_document(&url).await {
            Ok(bytes) => fetched.push(LabelDocument {
                paper: Paper::Label,
                kind,
                url: Some(url),
                bytes,
            }),
            Err(e) => tracing::warn!("label {}: fetching {url}: {e}", label.id),
        }
    }
    if fetched.is_empty() {
        return;
    }
    let id = label.id;
    if let Err(e) = with_db(db, move |db| db.record_label_documents(id, &fetched)).await {
        tracing::warn!("label {id}: caching documents: {e}");
    }
}
