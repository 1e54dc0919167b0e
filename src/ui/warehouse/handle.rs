//! The warehouse feature's handlers: what its commands and job results do to its state.

use super::command::WarehouseIntent;
use super::jobs;
use super::state::{WarehouseDraft, WarehouseStatus};
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::status::Level;

pub fn handle(draft: &mut WarehouseDraft, desk: &mut Desk<'_>, intent: WarehouseIntent) {
    match intent {
        WarehouseIntent::Enroll {
            url,
            fingerprint,
            code,
        } => {
            draft.enrolling = true;
            draft.enrolled = None;
            let store = desk.backend.credentials.clone();
            desk.spawn(move |_| jobs::enroll(url, fingerprint, code, store));
        }
    }
}

/// "Enroll this desk" answered.
pub fn enrolled(draft: &mut WarehouseDraft, result: Result<String, Failure>) {
    draft.enrolling = false;
    draft.enrolled = Some(result);
}

/// The change stream's news: the server became unreachable, or answers again.
pub fn health_changed(status: &mut WarehouseStatus, desk: &mut Desk<'_>, problem: Option<String>) {
    let was = status.unreachable.is_some();
    match (&problem, was) {
        (Some(reason), false) => {
            tracing::warn!(%reason, "warehouse server unreachable");
            desk.notice(
                Level::Error,
                "Warehouse server unreachable — nothing is recorded until it is back; retrying",
            );
        }
        (None, true) => {
            desk.notice(Level::Info, "Warehouse server reachable again.");
            desk.then(Command::ReloadOrders);
        }
        _ => {}
    }
    status.unreachable = problem;
}
