//! Where commands and job results go: each to the feature that owns it, with only what that
//! feature may change (its own state and a [`Desk`]); the shell's own to the shell, which owns
//! the app. What a feature asks of another ([`Desk::then`]) is routed next, in order.

use std::collections::VecDeque;

use super::command::Command;
use super::core::Core;
use super::desk::Desk;
use super::jobs::{JobResult, Progress, Received};
use super::state::AppState;
use super::status::Level;
use super::{import, orders, outbox, packing, quote, settings, shell, supervisor, warehouse};

/// Carries out a command and whatever it asks for in turn.
pub fn handle(core: &mut Core, command: Command) {
    let mut queue = VecDeque::from([command]);
    while let Some(command) = queue.pop_front() {
        let mut then = Vec::new();
        route(core, command, &mut then);
        queue.extend(then);
    }
}

/// Applies what a job sent back, then whatever that asks for.
pub fn apply(core: &mut Core, received: Received) {
    let mut then = Vec::new();
    match received {
        Received::Progress(progress) => apply_progress(core, progress, &mut then),
        Received::Done(result) => apply_result(core, *result, &mut then),
    }
    for command in then {
        handle(core, command);
    }
}

fn route(core: &mut Core, command: Command, then: &mut Vec<Command>) {
    if command.is_shell() {
        return shell::handle(core, command, then);
    }
    let Core {
        state,
        jobs,
        backend,
        config,
        ..
    } = core;
    let AppState {
        shell,
        settings,
        orders,
        packing,
        supervisor,
        quote,
        settings_panel,
        outbox,
        import,
        ..
    } = state;
    let mut desk = Desk::new(shell, settings, backend, config, jobs, then);
    match command {
        Command::Orders(command) => orders::handle(orders, &mut desk, command),
        Command::Packing(command) => {
            packing::handle(packing, outbox, supervisor, &mut desk, command);
        }
        Command::Supervisor(command) => supervisor::handle(supervisor, &mut desk, command),
        Command::Outbox(command) => outbox::handle(outbox, supervisor, &mut desk, command),
        Command::Quote(intent) => quote::handle(quote, &mut desk, *intent),
        Command::Settings(intent) => {
            settings::handle(settings_panel, supervisor, &mut desk, intent)
        }
        Command::Import(intent) => import::handle(import, &mut desk, intent),
        // Taken above.
        _ => {}
    }
}

fn apply_progress(core: &mut Core, progress: Progress, then: &mut Vec<Command>) {
    let Core {
        state,
        jobs,
        backend,
        config,
        ..
    } = core;
    let AppState {
        shell,
        settings,
        packing,
        quote,
        outbox,
        import,
        warehouse,
        ..
    } = state;
    let mut desk = Desk::new(shell, settings, backend, config, jobs, then);
    match progress {
        Progress::Shell(progress) => shell::progress(desk.shell, progress),
        Progress::Packing(progress) => packing::progress(packing, progress),
        Progress::Outbox(report) => {
            // The quote's order and the packer's label follow their own entries.
            if let Some((entry, error)) = outbox::progress(outbox, &mut desk, *report) {
                quote::outbox_report(quote, &entry);
                packing::follow::on_entry(packing, &mut desk, &entry, error.as_ref());
            }
        }
        Progress::Warehouse(problem) => warehouse::health_changed(warehouse, &mut desk, problem),
        Progress::Inbox(Ok(reports)) => import::show(import, &mut desk, reports),
        Progress::Inbox(Err(failure)) => desk.notice(Level::Warning, failure.message()),
    }
}

fn apply_result(core: &mut Core, result: JobResult, then: &mut Vec<Command>) {
    let result = match result {
        JobResult::Shell(done) => return shell::apply(core, done, then),
        other => other,
    };
    let Core {
        state,
        jobs,
        backend,
        config,
        ..
    } = core;
    let AppState {
        shell,
        settings,
        orders,
        packing,
        supervisor,
        quote,
        settings_panel,
        outbox,
        import,
        warehouse,
    } = state;
    let mut desk = Desk::new(shell, settings, backend, config, jobs, then);
    match result {
        JobResult::Orders(done) => orders::apply(orders, &mut desk, done),
        JobResult::Packing(done) => packing::apply(packing, outbox, &mut desk, *done),
        JobResult::Supervisor(done) => {
            supervisor::apply(supervisor, settings_panel, &mut desk, done)
        }
        JobResult::Outbox(done) => outbox::apply(outbox, done),
        JobResult::Quote(done) => quote::apply(quote, &mut desk, done),
        JobResult::Settings(done) => settings::apply(settings_panel, &mut desk, done),
        JobResult::Import(done) => import::apply(import, &mut desk, done),
        JobResult::Warehouse(warehouse::Done::Tested(result)) => {
            if let Some(view) = settings_panel {
                warehouse::tested(&mut view.warehouse, result);
            }
        }
        JobResult::Warehouse(warehouse::Done::Switched(result)) => {
            warehouse::switched(warehouse, &mut desk, result);
        }
        // Taken above.
        JobResult::Shell(_) => {}
    }
}
