//! What the frame turns into commands besides keys and scans: time (a claim to renew, an idle
//! desk to sign out) and files dropped onto the window.

use std::path::PathBuf;

use crate::ui::command::Command;
use crate::ui::import::command::ImportCommand;
use crate::ui::packing;
use crate::ui::people::command::PeopleCommand;
use crate::ui::state::AppState;

/// Commands that time makes due (the open shipment's claim renewal, or asking again once
/// another desk's lease ran out; signing out a desk left idle), and how long until the next one. Frames, not sleeping jobs,
/// keep the time: a job would count as work in flight for as long as it slept.
pub fn due(
    state: &AppState,
    last_input: std::time::Instant,
    commands: &mut Vec<Command>,
) -> Option<std::time::Duration> {
    let now = std::time::Instant::now();
    let claim = state.features.packing.open.as_ref().and_then(|open| {
        let (due, wait) = packing::claim::due(open, now, time::OffsetDateTime::now_utc());
        if due {
            commands.push(Command::from(packing::PackingCommand::RenewClaim));
        }
        wait
    });
    let minutes = u64::from(state.settings.idle_sign_out_minutes);
    let idle = (state.features.people.signed_in.is_some() && minutes > 0).then(|| {
        let left = std::time::Duration::from_secs(minutes * 60)
            .saturating_sub(now.saturating_duration_since(last_input));
        if left.is_zero() {
            commands.push(Command::from(PeopleCommand::IdleSignOut));
        }
        left.max(std::time::Duration::from_secs(1))
    });
    match (claim, idle) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `.json` files dropped onto the window this frame become one import (reading what the window
/// received is input, like keys; the files are read by the job).
pub fn dropped_files(ctx: &egui::Context, commands: &mut Vec<Command>) {
    let files: Vec<PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .collect()
    });
    if !files.is_empty() {
        commands.push(Command::from(ImportCommand::Files(files)));
    }
}
