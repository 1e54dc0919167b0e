//! Where commands and job results go: a feature's to [`Features`](super::Features),
//! which hands it to its feature with only what that feature may change (its own state and a
//! [`Desk`](super::desk::Desk)); the shell's own to the shell, which owns the app. What a feature asks of another ([`Desk::then`](super::desk::Desk::then)) is routed next, in order.

use crate::ui::orders::command::OrdersCommand;
use crate::ui::packing::command::PackingCommand;
use std::collections::VecDeque;

use super::command::Command;
use super::core::Core;
use super::desk::Desk;
use super::jobs::{JobResult, Progress, Received};
use super::status::Level;
use super::{FeatureCommand, FeatureDone, FeatureProgress, Features};
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
    match command {
        Command::Feature(command) => {
            let (features, mut desk) = core.split(then);
            handle_feature(features, &mut desk, command);
        }
        shell_command => shell::handle(core, shell_command, then),
    }
}

fn apply_progress(core: &mut Core, progress: Progress, then: &mut Vec<Command>) {
    let (f, mut desk) = core.split(then);
    match progress {
        Progress::Shell(progress) => shell::progress(desk.shell, progress),
        Progress::Feature(FeatureProgress::Packing(progress)) => {
            packing::progress(&mut f.packing, progress)
        }
        Progress::Outbox(report) => {
            // The quote's order follows its own entry.
            for entry in outbox::progress(&mut f.outbox, &mut desk, *report) {
                quote::outbox_report(&mut f.quote, &entry);
            }
        }
        Progress::Warehouse(problem) => {
            warehouse::health_changed(&mut f.warehouse, &mut desk, problem)
        }
        Progress::Resync => desk.then(OrdersCommand::Reload),
        Progress::Changes(orders) => {
            desk.then(OrdersCommand::Changed(orders.clone()));
            desk.then(PackingCommand::Changed(orders));
        }
        Progress::Inbox(Ok(reports)) => import::show(&mut f.import, &mut desk, reports),
        Progress::Inbox(Err(failure)) => desk.notice(Level::Warning, failure.message()),
        Progress::Scale(event) => packing::scale::event(&mut f.packing, event),
    }
}

fn apply_result(core: &mut Core, result: JobResult, then: &mut Vec<Command>) {
    match result {
        JobResult::Shell(done) => shell::apply(core, done, then),
        JobResult::Feature(done) => {
            let (features, mut desk) = core.split(then);
            apply_feature(features, &mut desk, done);
        }
    }
}

/// Hands a command to its feature, with what its handler may change and read.
fn handle_feature(features: &mut Features, desk: &mut Desk, command: FeatureCommand) {
    use FeatureCommand as C;
    match command {
        C::Orders(command) => orders::handle(&mut features.orders, desk, command),
        C::Packing(command) => packing::handle(
            &mut features.packing,
            &features.outbox.open,
            &mut features.supervisor,
            desk,
            command,
        ),
        C::Supervisor(command) => {
            supervisor::handle(
                &mut features.supervisor,
                &mut features.pin_section,
                desk,
                command,
            );
        }
        C::People(command) => {
            people::handle(&mut features.people, &features.supervisor, desk, command)
        }
        C::Customs(command) => {
            customs::handle(&mut features.customs, &features.supervisor, desk, command);
        }
        C::Outbox(command) => {
            outbox::handle(
                &mut features.outbox,
                &mut features.supervisor,
                desk,
                command,
            );
        }
        C::Quote(command) => quote::handle(&mut features.quote, desk, *command),
        C::Settings(command) => {
            settings::handle(
                &mut features.settings_panel,
                &mut features.supervisor,
                desk,
                command,
            );
        }
        C::Import(command) => import::handle(&mut features.import, desk, command),
    }
}

/// Hands a job's result to its feature.
fn apply_feature(features: &mut Features, desk: &mut Desk, done: FeatureDone) {
    use FeatureDone as D;
    match done {
        D::Orders(done) => orders::apply(&mut features.orders, desk, done),
        D::Packing(done) => {
            packing::apply(&mut features.packing, &features.outbox.open, desk, *done)
        }
        D::Supervisor(done) => {
            supervisor::apply(
                &mut features.supervisor,
                &mut features.pin_section,
                desk,
                done,
            );
        }
        D::People(done) => people::apply(&mut features.people, desk, done),
        D::Customs(done) => customs::apply(&mut features.customs, desk, done),
        D::Outbox(done) => outbox::apply(&mut features.outbox, done),
        D::Quote(done) => quote::apply(&mut features.quote, desk, done),
        D::Settings(done) => settings::apply(&mut features.settings_panel, desk, done),
        D::Import(done) => import::apply(&mut features.import, desk, done),
    }
}
