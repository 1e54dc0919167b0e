//! What a feature's handler may use besides its own state: the shell's status (notices, focus,
//! Retry, the connection indicator), the settings in force (to read), the backend's handles (to
//! hand to jobs), a way to start jobs, and a way to ask another feature for something.
//!
//! A handler gets `&mut` its own feature's state and a `Desk`; nothing else of the app. What
//! another feature must do (reload the table after a fulfillment, say) is a [`Command`] queued
//! with [`Desk::then`] and routed after the handler returns, like a command from a view.

use std::future::Future;

use super::command::Command;
use super::config::AppConfig;
use super::jobs::{JobResult, Jobs, Reporter};
use super::record::Record;
use crate::api::Client;
use crate::station::print::SharedPrints;
use crate::station::secrets::CredentialStore;
use crate::station::settings::Settings;
use crate::ui::access::Access;
use crate::ui::shell::state::Shell;
use crate::ui::status::Level;

/// What jobs use but nobody sees: the record, the client, the embedded service. Only the
/// shell replaces these (start-up, connecting, switching the warehouse).
#[derive(Default)]
pub struct Backend {
    /// The warehouse record, through its server (`ui::record`).
    pub record: Option<Record>,
    /// The app's own one-desk server, while it is the record's.
    pub own_server: Option<crate::warehouse::RunningWarehouse>,
    /// This desk's print queue (its own file).
    pub prints: Option<SharedPrints>,
    pub client: Option<Client>,
    pub service: Option<crate::service::server::RunningService>,
    pub credentials: Option<CredentialStore>,
    /// Watches Settings' inbox folder while one is set.
    pub inbox: Option<crate::ui::jobs::Background>,
    /// Hears the warehouse's changes, and whether the server answers (`ui::warehouse::changes`).
    pub changes: Option<crate::ui::jobs::Background>,
    /// Reads the desk's scale while one is set (`station::scale`).
    pub scale: Option<crate::station::scale::ScaleWatcher>,
}

impl Backend {
    /// The id this desk's claims carry, once the server told it.
    pub fn desk_id(&self) -> String {
        self.record
            .as_ref()
            .and_then(Record::desk_id)
            .unwrap_or_default()
    }
}

/// The shared part of the app a handler may use (see the module docs).
pub struct Desk<'a> {
    pub shell: &'a mut Shell,
    pub settings: &'a Settings,
    pub backend: &'a Backend,
    pub config: &'a AppConfig,
    /// What the person at this desk may do (a copy: the people feature owns the sign-in).
    pub access: Access,
    jobs: &'a Jobs,
    then: &'a mut Vec<Command>,
}

impl<'a> Desk<'a> {
    pub fn new(
        shell: &'a mut Shell,
        settings: &'a Settings,
        backend: &'a Backend,
        config: &'a AppConfig,
        jobs: &'a Jobs,
        then: &'a mut Vec<Command>,
        access: Access,
    ) -> Self {
        Self {
            shell,
            settings,
            backend,
            config,
            access,
            jobs,
            then,
        }
    }

    /// Runs a job; its result comes back to its feature's `apply`.
    pub fn spawn<F, R>(&self, job: impl FnOnce(Reporter) -> F)
    where
        F: Future<Output = R> + Send + 'static,
        R: Into<JobResult>,
    {
        self.jobs.spawn(job);
    }

    /// Asks for another command once this one is handled (another feature's, usually).
    pub fn then(&mut self, command: impl Into<Command>) {
        self.then.push(command.into());
    }

    /// Adds a status-bar message.
    pub fn notice(&mut self, level: Level, text: impl Into<String>) {
        self.shell.notice(level, text);
    }

    /// The warehouse record, once start-up reached it.
    pub fn record(&self) -> Option<Record> {
        self.backend.record.clone()
    }

    /// The context jobs repaint, for turning a job's image into a texture.
    pub fn egui(&self) -> Option<egui::Context> {
        self.jobs.context()
    }
}
