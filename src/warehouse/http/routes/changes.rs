//! Live updates: Server-Sent Events naming the orders that changed, whichever desk or instance
//! changed them. Each event's id is the record's newest event handled, so a desk that lost the
//! stream reconnects with `Last-Event-ID` (or `?after=`) and catches up from where it was.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Deserialize;

use crate::api::ErrorBody;
use crate::api::warehouse::OrdersChanged;
use crate::station::db::ChangeCursor;
use crate::warehouse::http::auth::Caller;
use crate::warehouse::http::error::WarehouseError;
use crate::warehouse::http::state::Shared;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct After {
    /// Resume after this event id (as `Last-Event-ID` does); from now when neither is given.
    pub after: Option<i64>,
}

/// The orders that change, as they change.
///
/// `text/event-stream`: each event is `event: orders` with `data: {"orders": ["4401", …]}` and
/// `id:` the newest change it covers; a comment every 15 s keeps idle connections open.
#[utoipa::path(
    get,
    path = "/v1/warehouse/changes",
    operation_id = "watchChanges",
    tag = "warehouse",
    params(After),
    responses(
        (status = 200, description = "The stream of changes.", content_type = "text/event-stream",
            body = String),
        (status = 401, description = "No live session.", body = ErrorBody),
    )
)]
pub async fn watch(
    State(state): State<Shared>,
    caller: Caller,
    headers: HeaderMap,
    Query(after): Query<After>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WarehouseError> {
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .or(after.after);
    let newest = state.feed.subscribe();
    let actor = caller.actor();
    let cursor = match resume {
        Some(event) => ChangeCursor::resuming_after(event),
        // From the record's newest event, not the feed's: the feed may not have seen the
        // latest change yet, and the desk has just read the record.
        None => ChangeCursor::after(
            state
                .pool
                .run(actor.clone(), |db| db.newest_event())
                .await?,
        ),
    };
    let pool = state.pool.clone();
    let stream = futures_util::stream::unfold(
        (cursor, newest, pool, actor, true),
        |(mut cursor, mut newest, pool, actor, first)| async move {
            loop {
                // The first round reads at once: a resuming desk may be behind already.
                if !first || cursor.newest() >= *newest.borrow_and_update() {
                    newest.changed().await.ok()?;
                }
                let taken = cursor.clone();
                let read = pool
                    .run(actor.clone(), move |db| {
                        let mut cursor = taken;
                        db.changes_since(&mut cursor).map(|orders| (orders, cursor))
                    })
                    .await;
                match read {
                    Ok((orders, moved)) => {
                        cursor = moved;
                        if orders.is_empty() {
                            continue;
                        }
                        let changed = OrdersChanged {
                            orders: orders.iter().map(u64::to_string).collect(),
                        };
                        let event = Event::default()
                            .event("orders")
                            .id(cursor.newest().to_string())
                            .json_data(&changed)
                            .unwrap_or_else(|_| Event::default().comment("unencodable"));
                        return Some((Ok(event), (cursor, newest, pool, actor, false)));
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "a change stream cannot read the record");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
