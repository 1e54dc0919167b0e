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
use super::jobs::{JobResult, Jobs, Reporter, SharedDb};
use crate::api::Client;
use crate::station::secrets::CredentialStore;
use crate::station::settings::Settings;
use crate::ui::people::state::Access;
use crate::ui::shell::state::Shell;
use crate::ui::status::Level;

/// What jobs use but nobody sees: the database, the client, the embedded service. Only the
/// shell replaces these (start-up, connecting, switching the station record).
#[derive(Default)]
pub struct Backend {
    pub db: Option<SharedDb>,
    pub client: Option<Client>,
    pub service: Option<crate::service::server::RunningService>,
    pub credentials: Option<CredentialStore>,
    /// The outbox worker, once the station database and the client are there.
    pub outbox: Option<crate::station::outbox::Outbox>,
    /// Watches Settings' inbox folder while one is set.
    pub inbox: Option<crate::ui::import::jobs::InboxWatcher>,
    /// Tries an unreachable warehouse database again until it answers.
    pub health: Option<crate::ui::warehouse::jobs::HealthWatcher>,
    /// Hears other desks' changes (`ui::warehouse::changes`).
    pub changes: Option<crate::ui::warehouse::changes::ChangeWatcher>,
    /// Reads the desk's scale while one is set (`station::scale`).
    pub scale: Option<crate::station::scale::ScaleWatcher>,
    /// This desk's identity, which its claims carry (`station::desk`).
    pub desk_id: String,
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

    /// The station database, once start-up opened it.
    pub fn db(&self) -> Option<SharedDb> {
        self.backend.db.clone()
    }

    /// The context jobs repaint, for turning a job's image into a texture.
    pub fn egui(&self) -> Option<egui::Context> {
        self.jobs.context()
    }
}
