//! `PackdeskApp`: the eframe app. Each frame: apply what jobs sent back, turn keys and scans
//! into commands, draw the views (which emit commands), then route the commands.

use super::command::Command;
use super::config::AppConfig;
use super::core::Core;
use super::desk::Backend;
use super::jobs::Jobs;
use super::shell::{self, central, dropped, keys, scan, status_bar, timers, top_bar};
use super::state::AppState;
use super::{route, widgets};
use crate::service::server::RunningService;
use crate::station::pin::{self, DEFAULT_RELOCK_AFTER, SupervisorLock};
use crate::station::settings::Settings;

/// The packing-station app.
pub struct PackdeskApp {
    core: Core,
    /// The first frame started the start-up job.
    started: bool,
    /// The window title last sent.
    title: String,
    /// The last key, click or pointer move (for the idle sign-out).
    last_input: std::time::Instant,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("cannot start the background runtime: {0}")]
    Runtime(#[from] std::io::Error),
}

impl PackdeskApp {
    /// The app for a window (eframe).
    pub fn new(cc: &eframe::CreationContext<'_>, config: AppConfig) -> Result<Self, AppError> {
        let app = Self::build(config)?;
        app.core.jobs.set_context(&cc.egui_ctx);
        widgets::setup_style(&cc.egui_ctx);
        Ok(app)
    }

    /// The app without a window, for egui_kittest. Start-up begins on the first frame.
    pub fn new_for_test(config: AppConfig) -> Result<Self, AppError> {
        Self::build(config)
    }

    /// The app on a bare `egui::Context` with the window's style: measurements drive its
    /// frames themselves (`benches/app.rs`).
    pub fn new_headless(ctx: &egui::Context, config: AppConfig) -> Result<Self, AppError> {
        let app = Self::build(config)?;
        app.core.jobs.set_context(ctx);
        widgets::setup_style(ctx);
        Ok(app)
    }

    fn build(config: AppConfig) -> Result<Self, AppError> {
        let first_start = !config.settings_path.exists();
        let (settings, problem) = Settings::load_or_default(&config.settings_path);
        let mut state = AppState::new(settings, problem.map(|e| e.to_string()));
        state.features.supervisor.lock =
            supervisor_lock(&state.settings, &config.supervisor_lock_path);
        state.shell.local_offset = config.local_offset;
        Ok(Self {
            core: Core {
                state,
                jobs: Jobs::new()?,
                backend: Backend::default(),
                config,
                first_start,
            },
            started: false,
            title: String::new(),
            last_input: std::time::Instant::now(),
        })
    }

    /// Everything shown.
    pub fn state(&self) -> &AppState {
        &self.core.state
    }

    /// Everything shown, to change directly: for tests and scripted demos (e.g. to load a cart
    /// into the quote panel without a file dialog). The app itself changes it only through `route`.
    pub fn state_mut(&mut self) -> &mut AppState {
        &mut self.core.state
    }

    /// Where the app keeps its files.
    pub fn config(&self) -> &AppConfig {
        &self.core.config
    }

    /// Jobs started whose result was not applied yet (tests wait for 0).
    pub fn jobs_in_flight(&self) -> usize {
        self.core.jobs.in_flight()
    }

    /// Applies a command as if a view had emitted it (tests, scripted demos).
    pub fn command(&mut self, command: Command) {
        route::handle(&mut self.core, command);
    }

    /// Makes the desk's last key, click or pointer move `by` older, as if nobody had touched it
    /// since: tests of the idle sign-out, which counts in minutes, do not wait them out.
    pub fn backdate_last_input(&mut self, by: std::time::Duration) {
        if let Some(earlier) = self.last_input.checked_sub(by) {
            self.last_input = earlier;
        }
    }

    /// The warehouse record once start-up reached it (tests ask it what was recorded).
    pub fn record(&self) -> Option<crate::ui::record::Record> {
        self.core.backend.record.clone()
    }

    /// The app's own one-desk server, while it runs (tests reach it as another desk would).
    pub fn own_server(&self) -> Option<&crate::warehouse::RunningWarehouse> {
        self.core.backend.own_server.as_ref()
    }

    /// The embedded service's base URL, label URL and credentials (tests act as another
    /// station through them).
    pub fn embedded_service(&self) -> Option<&RunningService> {
        self.core.backend.service.as_ref()
    }

    /// One frame, inside the `Ui` eframe or the test harness gives.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let core = &mut self.core;
        if !self.started {
            self.started = true;
            core.jobs.set_context(&ctx);
            shell::begin(core);
        }
        while let Some(received) = core.jobs.try_recv() {
            route::apply(core, received);
        }
        let title = core.state.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }

        let mut commands = Vec::new();
        keys::shortcuts(&ctx, &core.state, &mut commands);
        scan::capture(&ctx, &core.state, &mut commands);
        dropped::files(&ctx, &mut commands);

        egui::Panel::top("top_bar").show(ui, |ui| {
            top_bar::top_bar_ui(ui, &core.state, &mut commands);
        });
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            status_bar::status_bar_ui(ui, &core.state, &mut commands);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            central::central_ui(ui, &mut core.state, &mut commands);
        });
        central::dialogs_ui(&ctx, &core.state, &mut commands);

        if ctx.input(|i| !i.events.is_empty() || i.pointer.is_moving()) {
            self.last_input = std::time::Instant::now();
        }
        let next_timer = timers::due(&core.state, self.last_input, &mut commands);
        let any = !commands.is_empty();
        for command in commands {
            route::handle(core, command);
        }
        scan::keep_focus(&ctx, &mut core.state);
        if any || core.state.shell.focus.is_some() {
            ctx.request_repaint();
        } else if let Some(wait) = next_timer {
            ctx.request_repaint_after(wait);
        }
    }
}

/// The lock for the PIN in the settings, with the wrong tries and lockout the last run left. It
/// is read here with the settings, before the first frame, so no PIN is ever checked without
/// it; a missing or damaged file means no lockout.
fn supervisor_lock(settings: &Settings, path: &std::path::Path) -> Option<SupervisorLock> {
    let mut lock = SupervisorLock::new(settings.supervisor_pin_hash.clone()?, DEFAULT_RELOCK_AFTER);
    match pin::load_lockout(path) {
        Ok(Some(saved)) => {
            lock.restore_lockout(
                saved,
                std::time::Instant::now(),
                std::time::SystemTime::now(),
            );
        }
        Ok(None) => tracing::debug!("no supervisor lockout file at {}", path.display()),
        Err(e) => tracing::warn!("{e}: no supervisor lockout is in force"),
    }
    Some(lock)
}

impl eframe::App for PackdeskApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // Other desks may pack this desk's shipments at once, not after the leases run out:
        // the server gives a session's claims back when it ends.
        if let Some(record) = self.core.backend.record.take()
            && let Err(e) = self.core.jobs.block_on(record.sign_out())
        {
            tracing::warn!("the session did not end at exit: {e}");
        }
        self.core.backend.changes = None;
        // Its outbox worker gives back what it was sending; the next start sends it again.
        if let Some(server) = self.core.backend.own_server.take()
            && let Err(e) = self.core.jobs.block_on(server.shutdown())
        {
            tracing::warn!("this desk's own warehouse server did not stop cleanly: {e}");
        }
        if let Some(service) = self.core.backend.service.take() {
            let _ = self.core.jobs.block_on(service.shutdown());
        }
    }
}
