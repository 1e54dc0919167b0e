//! The packing-station desktop app (egui/eframe), by feature.
//!
//! Each feature folder owns its state (`state.rs`), its commands and job results
//! (`command.rs`), its handlers (`handle.rs`), its jobs (`jobs.rs`) and its views (`view.rs`):
//! `orders` (the table), `packing` (the open order: parcel, label, fulfillment, cancellation),
//! `supervisor` (the PIN unlock), `outbox`, `quote`, `settings`, `import` and `warehouse`. The `shell` is the frame
//! around them: start-up, the connection, the top and status bars, the keys, the scan box, and
//! the commands that span features.
//!
//! # How a frame runs
//!
//! 1. Apply what jobs sent back (`route::apply` hands each result to its feature).
//! 2. Turn shortcut keys (`shell::keys`) and the scan box's text (`shell::scan`) into commands.
//!    The scan box takes every text and key event of the frame when it has the focus or nobody
//!    has, so a scanner's whole code and its terminator are handled in one frame.
//! 3. Draw the views; they read [`state::AppState`] and push [`command::Command`]s (text fields
//!    edit a copy and emit the new text), never touching the network, the database or files.
//! 4. Route the commands (`route::handle`): each goes to its feature's `handle` (the features
//!    are listed once, in [`features`]) with that
//!    feature's state and a [`desk::Desk`] (notices, focus, Retry, the settings to read, a way to
//!    start jobs and to ask another feature for something) — never the whole app. A job in flight
//!    is a state value (`LabelJob::Polling`, `Request::Pending`, ...) so its button is disabled
//!    and shows why.
//! 5. Give the focus back to the scan box when no field has it.
//!
//! Jobs run on the tokio runtime the app owns and end with their feature's result type; a
//! failure is a [`failure::Failure`] whose kind says what the person can do (retry, fix a field,
//! check a key, the keyring, the printer).

pub mod access;
pub mod app;
pub mod command;
pub mod config;
pub mod core;
pub mod customs;
pub mod desk;
pub mod documents;
pub mod failure;
pub mod features;
pub mod form;
pub mod import;
pub mod jobs;
pub mod measure;
pub mod orders;
pub mod outbox;
pub mod outbox_report;
pub mod packing;
pub mod people;
pub mod quote;
pub mod record;
mod route;
pub mod settings;
pub mod settings_file;
pub mod shell;
pub mod state;
pub mod status;
pub mod supervisor;
pub mod warehouse;
mod widgets;

pub use app::{AppError, PackdeskApp};
pub use config::{AppConfig, CredentialSource};
pub use shell::REPEATED_SCAN_WINDOW;
pub use shell::keys::{BINDINGS, OTHER_KEYS, Shortcut};

/// Opens the app window and runs until it is closed.
pub fn run(config: AppConfig) -> anyhow::Result<()> {
    run_with(config, |app| Box::new(app))
}

/// Opens the window on the app `wrap` returns (the app itself, or a measuring wrapper).
fn run_with(
    config: AppConfig,
    wrap: impl FnOnce(PackdeskApp) -> Box<dyn eframe::App> + 'static,
) -> anyhow::Result<()> {
    let title = "Packdesk";
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(title)
        .with_app_id("packdesk")
        .with_inner_size([1500.0, 940.0])
        .with_min_inner_size([1000.0, 640.0]);
    match eframe::icon_data::from_png_bytes(WINDOW_ICON) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => tracing::warn!("the window icon could not be read: {e}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        title,
        options,
        Box::new(move |cc| {
            let app = PackdeskApp::new(cc, config)?;
            Ok(wrap(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not be opened: {e}"))
}

/// The application icon (rendered from `assets/icon/packdesk.svg` by `packaging/icons.sh`).
const WINDOW_ICON: &[u8] = include_bytes!("../../assets/icon/packdesk-256.png");
