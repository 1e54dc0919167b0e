//! The warehouse this desk works in: its own record (the app's one-desk server) or a
//! warehouse server it is enrolled at (Settings → Warehouse: the server's address, its
//! certificate's fingerprint, and the one-time enrollment code a supervisor made), and saying
//! in the status bar when the server cannot be reached.
//!
//! State ([`WarehouseStatus`], the settings draft in `WarehouseDraft`), intents
//! ([`WarehouseIntent`], carried out by [`handle`]), jobs (`jobs`) and views (`view`) live here.

pub mod changes;
pub mod command;
pub mod jobs;
pub mod state;
pub mod view;

use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::orders::command::OrdersCommand;
use crate::ui::status::Level;

pub use command::{Done, WarehouseIntent};
pub use state::{WarehouseDraft, WarehouseStatus};
pub use view::{warehouse_settings_ui, warehouse_status_ui};

/// Carries an intent out on the settings panel's section.
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
            desk.then(OrdersCommand::Reload);
        }
        _ => {}
    }
    status.unreachable = problem;
}
