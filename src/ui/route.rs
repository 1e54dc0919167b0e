//! Where commands and job results go: each to the feature that owns it, with only what that
//! feature may change (its own state and a [`Desk`](super::desk::Desk)); the shell's own to the shell, which owns
//! the app. What a feature asks of another ([`Desk::then`](super::desk::Desk::then)) is routed next, in order.

use crate::ui::orders::command::OrdersCommand;
use crate::ui::packing::command::PackingCommand;
use std::collections::VecDeque;

use super::command::Command;
use super::core::Core;
use super::jobs::{JobResult, Progress, Received};
use super::status::Level;
use super::{
    customs, import, orders, outbox, packing, people, quote, settings, shell, supervisor, warehouse,
};

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
    let (f, mut desk) = core.split(then);
    match command {
        Command::Orders(command) => orders::handle(f.orders, &mut desk, command),
        Command::Packing(command) => {
            packing::handle(f.packing, &f.outbox.open, f.supervisor, &mut desk, command);
        }
        Command::Supervisor(command) => {
            supervisor::handle(f.supervisor, f.pin_section, &mut desk, command);
        }
        Command::People(command) => people::handle(f.people, f.supervisor, &mut desk, command),
        Command::Customs(command) => customs::handle(f.customs, f.supervisor, &mut desk, command),
        Command::Outbox(command) => outbox::handle(f.outbox, f.supervisor, &mut desk, command),
        Command::Quote(intent) => quote::handle(f.quote, &mut desk, *intent),
        Command::Settings(intent) => {
            settings::handle(f.settings_panel, f.supervisor, &mut desk, intent)
        }
        Command::Import(intent) => import::handle(f.import, &mut desk, intent),
        // Taken above.
        _ => {}
    }
}

fn apply_progress(core: &mut Core, progress: Progress, then: &mut Vec<Command>) {
    let (f, mut desk) = core.split(then);
    match progress {
        Progress::Shell(progress) => shell::progress(desk.shell, progress),
        Progress::Packing(progress) => packing::progress(f.packing, progress),
        Progress::Outbox(report) => {
            // The quote's order follows its own entry.
            for entry in outbox::progress(f.outbox, &mut desk, *report) {
                quote::outbox_report(f.quote, &entry);
            }
        }
        Progress::Warehouse(problem) => warehouse::health_changed(f.warehouse, &mut desk, problem),
        Progress::Resync => desk.then(OrdersCommand::Reload),
        Progress::Changes(orders) => {
            desk.then(OrdersCommand::Changed(orders.clone()));
            desk.then(PackingCommand::Changed(orders));
        }
        Progress::Inbox(Ok(reports)) => import::show(f.import, &mut desk, reports),
        Progress::Inbox(Err(failure)) => desk.notice(Level::Warning, failure.message()),
        Progress::Scale(event) => packing::scale::event(f.packing, event),
    }
}

fn apply_result(core: &mut Core, result: JobResult, then: &mut Vec<Command>) {
    let result = match result {
        JobResult::Shell(done) => return shell::apply(core, done, then),
        other => other,
    };
    let (f, mut desk) = core.split(then);
    match result {
        JobResult::Orders(done) => orders::apply(f.orders, &mut desk, done),
        JobResult::Packing(done) => packing::apply(f.packing, &f.outbox.open, &mut desk, *done),
        JobResult::Supervisor(done) => {
            supervisor::apply(f.supervisor, f.pin_section, &mut desk, done)
        }
        JobResult::People(done) => people::apply(f.people, &mut desk, done),
        JobResult::Customs(done) => customs::apply(f.customs, &mut desk, done),
        JobResult::Outbox(done) => outbox::apply(f.outbox, done),
        JobResult::Quote(done) => quote::apply(f.quote, &mut desk, done),
        JobResult::Settings(done) => settings::apply(f.settings_panel, &mut desk, done),
        JobResult::Import(done) => import::apply(f.import, &mut desk, done),
        // Taken above.
        JobResult::Shell(_) => {}
    }
}
