//! Retention: old quotes no order uses are deleted, ordered ones never; an order naming a
//! deleted one is told its quote expired; the space is given back; orders taken while it runs
//! lose nothing.

use std::sync::Arc;

use time::macros::datetime;

use super::*;
use crate::service::store::codec::append_event;

fn expiry_message(result: &Result<impl std::fmt::Debug, StoreError>) -> Option<String> {
    match result {
        Err(StoreError::Invalid(errors)) => errors
            .iter()
            .find(|e| e.field == "landedcost_request_id")
            .map(|e| e.error.clone()),
        _ => None,
    }
}

/// The quotes of `tests::calculation` are created 2026-03-01T09:00:00Z.
const AFTER_THEM: time::OffsetDateTime = datetime!(2026-04-01 00:00 UTC);
const BEFORE_THEM: time::OffsetDateTime = datetime!(2026-02-01 00:00 UTC);

fn purge_all(store: &Store, cutoff: time::OffsetDateTime) -> usize {
    let (mut after, mut deleted) = (0, 0);
    loop {
        let step = store.purge_quotes(cutoff, after, 7).unwrap();
        deleted += step.deleted;
        after = step.next;
        if step.done {
            return deleted;
        }
    }
}

fn an_old_quote_no_order_uses_is_deleted_and_ordering_it_says_it_expired(db: &Db) {
    let store = db.open();
    save(&store, "ordered");
    save(&store, "abandoned");
    store
        .create_order(&order_request(1, "ordered"), now())
        .unwrap();

    // Not old enough yet: nothing goes.
    assert_eq!(purge_all(&store, BEFORE_THEM), 0);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 2);

    assert_eq!(purge_all(&store, AFTER_THEM), 1);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM calculations"), 1);
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM calculation_rates WHERE landedcost_request_id = 'abandoned'"
        ),
        0
    );
    // The ordered quote and its order are whole.
    let order = store.order(1).unwrap().unwrap();
    assert_eq!(order.landedcost_request_id, "ordered");

    let late = store.create_order(&order_request(2, "abandoned"), now());
    let message = expiry_message(&late).unwrap();
    assert!(
        message.contains("has expired") && message.contains("quote the cart again"),
        "{message}"
    );
    // Earlier versions wrote a history entry per quote: the deleted quote's goes too (entries
    // are stamped with the real time, so the cutoff is after now); the ordered quote's stays
    // with its order's.
    store
        .write(|tx| {
            for id in ["ordered", "abandoned"] {
                let detail = serde_json::json!({"landedcost_request_id": id, "shipments": 2});
                let at = time::OffsetDateTime::now_utc();
                append_event(tx, None, at, "calculation_saved", detail)?;
            }
            Ok(())
        })
        .unwrap();
    let saved = |store: &Store| {
        count(
            store,
            "SELECT COUNT(*) FROM events WHERE kind = 'calculation_saved'",
        )
    };
    assert_eq!(saved(&store), 2);
    let later = time::OffsetDateTime::now_utc() + time::Duration::days(1);
    let (mut after, mut deleted) = (0, 0);
    loop {
        let step = store.purge_quote_events(later, after, 3).unwrap();
        (after, deleted) = (step.next, deleted + step.deleted);
        if step.done {
            break;
        }
    }
    assert_eq!((deleted, saved(&store)), (1, 1));

    // An id that never existed still says so.
    let unknown = store.create_order(&order_request(3, "never"), now());
    assert!(
        expiry_message(&unknown)
            .unwrap()
            .contains("no calculation never exists")
    );
}

#[test]
fn the_pages_of_deleted_quotes_go_back_to_the_file_system() {
    let (_dir, store) = temp_store();
    // Enough quotes that theirs are most of the file's pages (these are small: several to a
    // page), beside a root page for each table and index.
    for i in 0..600 {
        save(&store, &format!("q{i}"));
    }
    assert_eq!(count(&store, "PRAGMA auto_vacuum"), 2, "incremental");
    let (full, _) = store.page_counts().unwrap().unwrap();
    assert_eq!(purge_all(&store, AFTER_THEM), 600);
    let (_, free) = store.page_counts().unwrap().unwrap();
    assert!(free > full / 2, "free {free} of {full}");
    store.release_free_pages(u32::MAX).unwrap();
    let (after, free) = store.page_counts().unwrap().unwrap();
    assert_eq!(free, 0);
    assert!(after * 2 < full, "{after} pages of {full}");
}

fn orders_taken_while_retention_runs_lose_nothing(db: &Db) {
    let store = db.open();
    for i in 0..200 {
        save(&store, &format!("q{i}"));
    }
    let store = Arc::new(store);
    let ordering = {
        let store = Arc::clone(&store);
        std::thread::spawn(move || {
            (0..200_u64)
                .step_by(2)
                .map(|i| {
                    let result = store.create_order(&order_request(i + 1, &format!("q{i}")), now());
                    (i, result.is_ok(), expiry_message(&result))
                })
                .collect::<Vec<_>>()
        })
    };
    let purged = purge_all(&store, AFTER_THEM);
    let outcomes = ordering.join().unwrap();

    let ordered = outcomes.iter().filter(|(_, ok, _)| *ok).count();
    for (i, ok, message) in &outcomes {
        // Each order either took its quote or was told it expired: nothing else.
        assert!(
            *ok || message
                .as_deref()
                .is_some_and(|m| m.contains("has expired")),
            "q{i}: {message:?}"
        );
    }
    // Every order kept its calculation; every other quote went.
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM orders o JOIN calculations c USING (landedcost_request_id)"
        ),
        i64::try_from(ordered).unwrap()
    );
    assert_eq!(purged + ordered, 200);
    assert_eq!(
        count(&store, "SELECT COUNT(*) FROM calculations"),
        i64::try_from(ordered).unwrap()
    );
}

fn the_ids_of_long_expired_quotes_are_forgotten_oldest_first(db: &Db) {
    let store = db.open();
    for id in ["first", "second", "third"] {
        save(&store, id);
    }
    assert_eq!(purge_all(&store, AFTER_THEM), 3);
    // Expired at the real time, now; the first two made to have expired long ago.
    store
        .write(|tx| {
            for (id, at) in [
                ("first", "2026-01-01T00:00:00Z"),
                ("second", "2026-01-02T00:00:00.5Z"),
            ] {
                tx.execute(
                    "UPDATE expired_calculations SET expired_at = ?1
                     WHERE landedcost_request_id = ?2",
                    crate::sql::params![at, id],
                )?;
            }
            Ok(())
        })
        .unwrap();
    let message = |id: &str, reference| {
        expiry_message(&store.create_order(&order_request(reference, id), now())).unwrap()
    };

    // Nothing expired before the cutoff: nothing is forgotten.
    assert_eq!(
        store
            .forget_expired_ids(datetime!(2025-12-31 00:00 UTC), 10)
            .unwrap(),
        0
    );
    // Oldest first, a batch at a time.
    let cutoff = datetime!(2026-06-01 00:00 UTC);
    assert_eq!(store.forget_expired_ids(cutoff, 1).unwrap(), 1);
    assert!(message("first", 1).contains("no calculation first exists"));
    assert!(message("second", 2).contains("has expired"));
    assert_eq!(store.forget_expired_ids(cutoff, 10).unwrap(), 1);
    let forgotten = message("second", 3);
    assert!(
        forgotten.contains("no calculation second exists")
            && forgotten.contains("quote the cart again"),
        "{forgotten}"
    );
    // The one that expired just now is still known as expired.
    assert!(message("third", 4).contains("has expired"));
    assert_eq!(
        count(&store, "SELECT COUNT(*) FROM expired_calculations"),
        1
    );
}

on_both_engines!(
    an_old_quote_no_order_uses_is_deleted_and_ordering_it_says_it_expired,
    orders_taken_while_retention_runs_lose_nothing,
    the_ids_of_long_expired_quotes_are_forgotten_oldest_first,
);
