//! A person's resend or discard of an outbox entry, through the warehouse server (whose
//! outbox worker sends it; the desks see the outbox through the change watcher's snapshots).

use super::command::Done;
use crate::station::db::OutboxId;
use crate::ui::record::Record;
use crate::warehouse::client::rows::outbox_entry;

pub async fn resend(record: Record, id: OutboxId, corrected: Option<serde_json::Value>) -> Done {
    let result = record
        .call(|c, s| {
            let corrected = corrected.clone();
            async move { c.resend(&s, id.0, corrected).await }
        })
        .await;
    Done::Changed(result.and_then(|view| outbox_entry(view).map_err(Into::into)))
}

pub async fn discard(record: Record, id: OutboxId, reason: String) -> Done {
    let result = record
        .call(|c, s| {
            let reason = reason.clone();
            async move { c.discard(&s, id.0, &reason).await }
        })
        .await;
    Done::Changed(result.and_then(|view| outbox_entry(view).map_err(Into::into)))
}
