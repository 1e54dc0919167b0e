//! The warehouse feature's handler: what the change stream's news of the server does.

use super::state::WarehouseStatus;
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::status::Level;

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
