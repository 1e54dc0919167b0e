//! The people's work off the UI thread, through the warehouse server (which alone checks PINs,
//! keeps the lockouts and hashes new PINs with its pepper).

use super::command::{Done, SignedIn};
use crate::api::warehouse::{NewPersonRequest, PersonUpdateRequest};
use crate::station::db::Role;
use crate::ui::failure::Failure;
use crate::ui::record::Record;
use crate::warehouse::client::WarehouseClientError;
use crate::warehouse::client::rows::person;

/// Everyone in the record (the People tab: a supervisor's).
pub async fn reload(record: Record) -> Done {
    let read = record.call(|c, s| async move { c.people(&s).await }).await;
    Done::Listed(read.and_then(|views| {
        views
            .into_iter()
            .map(|v| person(v).map_err(Failure::from))
            .collect()
    }))
}

/// Signs `who` (a name or a badge) in with `pin`; the server says whether it was right.
pub async fn sign_in(record: Record, who: String, pin: String) -> Done {
    let result = match record.sign_in(&who, &pin).await {
        Ok(answer) => match answer.person.map(person) {
            Some(Ok(person)) => Ok(SignedIn::Person(person)),
            Some(Err(e)) => Err(Failure::from(e)),
            None => Err(Failure::Other("The server signed in no one.".into())),
        },
        Err(WarehouseClientError::Unauthorized(text)) => Ok(SignedIn::Wrong(text)),
        Err(WarehouseClientError::LockedOut { message, .. }) => Ok(SignedIn::Wrong(message)),
        Err(e) => Err(Failure::from(e)),
    };
    Done::Checked { who, result }
}

/// Ends the session here; the server gives this desk's claims back.
pub async fn sign_out(record: Record) -> Done {
    if let Err(e) = record.sign_out().await {
        tracing::warn!("the sign-out did not reach the server: {e}");
    }
    Done::SignedOut
}

pub async fn add(
    record: Record,
    name: String,
    role: Role,
    badge: Option<String>,
    pin: String,
) -> Done {
    let request = NewPersonRequest {
        name,
        role: role.as_str().to_owned(),
        badge,
        pin,
    };
    let added = record
        .call(|c, s| {
            let request = request.clone();
            async move { c.add_person(&s, &request).await }
        })
        .await;
    Done::Added(added.and_then(|v| person(v).map_err(Failure::from)))
}

/// Lets a person sign in again, or not any more.
pub async fn set_active(record: Record, id: i64, active: bool) -> Done {
    let change = PersonUpdateRequest {
        active: Some(active),
        ..PersonUpdateRequest::default()
    };
    let updated = record
        .call(|c, s| {
            let change = change.clone();
            async move { c.update_person(&s, id, &change).await }
        })
        .await;
    Done::Updated(updated.and_then(|v| person(v).map_err(Failure::from)))
}
