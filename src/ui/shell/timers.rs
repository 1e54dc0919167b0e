//! What time makes due: a claim to renew, an idle desk to sign out.

use crate::ui::command::Command;
use crate::ui::packing;
use crate::ui::people::command::PeopleCommand;
use crate::ui::state::AppState;

/// Commands that time makes due (the open shipment's claim renewal, or asking again once
/// another desk's lease ran out; signing out a desk left idle), and how long until the next
/// one. Frames, not sleeping jobs, keep the time: a job would count as work in flight for as
/// long as it slept.
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
