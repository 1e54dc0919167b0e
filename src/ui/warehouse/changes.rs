//! What every desk does, seen here at once: the warehouse server's live stream of changed
//! orders (`GET /v1/warehouse/changes`), reported as [`Progress::Changes`] (the table shows
//! their rows again, an open order reloads). The stream is also how the desk knows the server
//! answers: a broken stream is [`Progress::Warehouse`] with why, and it is opened again every
//! two seconds from the last change it saw, so nothing is missed; once it is back, the desk
//! hears so.

use std::time::Duration;

use crate::ui::failure::Failure;
use crate::ui::jobs::{Background, Progress, Reporter};
use crate::ui::outbox_report::OutboxProgress;
use crate::ui::record::Record;
use crate::warehouse::client::WarehouseClientError;
use crate::warehouse::client::rows::outbox_entry;

const RETRY_EVERY: Duration = Duration::from_secs(2);
/// The outbox is looked at after every change, and this often while entries wait (a retry's
/// attempt changes no order).
const OUTBOX_EVERY: Duration = Duration::from_secs(3);

/// Starts hearing the warehouse's changes; dropped, the watcher stops.
pub fn watch_changes(
    runtime: &tokio::runtime::Handle,
    record: Record,
    reporter: Reporter,
) -> Background {
    Background::spawn(runtime, watch(record, reporter))
}

async fn watch(record: Record, reporter: Reporter) {
    let mut after: Option<i64> = None;
    let mut unreachable = false;
    // Nobody was signed in a while: what changed before the stream opens is read whole then.
    let mut waited_for_session = false;
    loop {
        let Ok(session) = record.session() else {
            // Nobody signed in yet: nothing to hear (look again soon: a sign-in is quick).
            after = None;
            waited_for_session = true;
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        match record.client().changes(&session, after).await {
            Ok(mut stream) => {
                if unreachable {
                    unreachable = false;
                    reporter.progress(Progress::Warehouse(None));
                } else if std::mem::take(&mut waited_for_session) {
                    // A sign-in read the table just before; what changed since is read whole.
                    reporter.progress(Progress::Resync);
                }
                let mut waiting = outbox_snapshot(&record, &reporter).await;
                loop {
                    match tokio::time::timeout(OUTBOX_EVERY, stream.next()).await {
                        Ok(Ok(Some(change))) => {
                            after = Some(change.id);
                            reporter.progress(Progress::Changes(change.orders));
                            waiting = outbox_snapshot(&record, &reporter).await;
                        }
                        Ok(Ok(None)) => break,
                        Ok(Err(e)) => {
                            tracing::debug!("the change stream broke: {e}");
                            break;
                        }
                        // Only entries waiting change without a change to an order (a retry's
                        // attempt): with none, an idle desk asks nothing.
                        Err(_) if waiting => waiting = outbox_snapshot(&record, &reporter).await,
                        Err(_) => {}
                    }
                }
                after = stream.last_id().or(after);
            }
            // An ended session: the next sign-in (or the desk's own, opened again by the next
            // call) gives a new one.
            Err(WarehouseClientError::Unauthorized(_)) => {
                if record
                    .call(|c, s| async move { c.current(&s).await })
                    .await
                    .is_err()
                {
                    tokio::time::sleep(RETRY_EVERY).await;
                }
                continue;
            }
            Err(e) => {
                if !unreachable && matches!(Failure::from(e.clone()), Failure::WarehouseUnreachable)
                {
                    unreachable = true;
                    reporter.progress(Progress::Warehouse(Some(e.to_string())));
                }
            }
        }
        tokio::time::sleep(RETRY_EVERY).await;
    }
}

/// The outbox at a glance (its summary and open entries), for the Outbox tab and the packing
/// view's word on a parcel's label and fulfillment. Whether any entry still waits (`true` when
/// it could not be read: ask again).
async fn outbox_snapshot(record: &Record, reporter: &Reporter) -> bool {
    let read = record
        .call(|c, s| async move {
            let summary = c.outbox_summary(&s).await?;
            let open = c.outbox(&s).await?;
            Ok((summary, open))
        })
        .await;
    let (summary, open) = match read {
        Ok(read) => read,
        Err(failure) => {
            tracing::debug!("outbox not read: {}", failure.message());
            return true;
        }
    };
    let open: Result<Vec<_>, _> = open.into_iter().map(outbox_entry).collect();
    match open {
        Ok(open) => {
            let waiting = !open.is_empty();
            reporter.progress(Progress::Outbox(Box::new(OutboxProgress {
                summary,
                open,
                entry: None,
                error: None,
            })));
            waiting
        }
        Err(e) => {
            tracing::warn!("outbox not read: {e}");
            true
        }
    }
}
