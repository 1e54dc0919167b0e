//! The packing-station desktop app (egui/eframe).
//!
//! Views (`*_ui` functions) read [`state::AppState`] and emit [`command::Command`]s; `handle`
//! is the one place that changes the state and starts jobs; jobs run on the tokio runtime the
//! app owns and send their results back over a channel (`jobs`), followed by a repaint. No view
//! waits on the network, the database or a file. The quote and settings panels live in
//! `quote/` and `settings/` as self-contained components shown as tabs.
//!
//! # The app: how a frame runs
//!
//! 1. Apply what jobs sent back (`handle::apply`): results, and progress such as "label pending".
//! 2. Turn shortcut keys (`keys`) and the scan box's text (`scan::capture`) into commands. The scan box
//!    takes every text and key event of the frame when it has the focus or nobody has, so a scanner's
//!    whole code and its terminator are handled in one frame.
//! 3. Draw the views; they read `AppState` and push commands (text fields edit a copy and emit the new
//!    text), never touching the network, SQLite or files.
//! 4. Apply the commands (`handle::handle`): change the state, start jobs. A job in flight is a state
//!    value (`LabelJob::Polling`, `Request::Pending`, ...) so its button is disabled and shows why.
//! 5. Give the focus back to the scan box when no field has it.
//!
//! A split-parcel label is asked for through the outbox: `pack_and_request_label` records the parcel and
//! queues its request in one transaction, the job wakes the worker, and `handle::label_follow` follows
//! the entry from the worker's reports (queued → requesting, `pending` → "asking again in …", delivered →
//! `jobs::parcel_label::ready` shows the cached documents and the preview). A refusal with field errors
//! (422, label `error`) voids the parcel (which closes its entry) so its units are free again and the
//! messages sit under their fields; other refusals (401, ...) keep the parcel, and Retry queues the same
//! entry again after the fix. A network failure keeps the parcel too: the worker retries by itself and
//! Retry (F5) makes it due now, with the same `trackReference`. A parcel picked up again (after a restart)
//! shows its entry's state (`label_follow::resumed`). Full-order labels (only `orderNumber`) stay direct
//! (`jobs::label`): they only fetch the order's one label, change nothing at the service, and the client
//! repeats them safely, so there is nothing to make durable; after a failure Retry asks again.

pub mod app;
mod cancel_ui;
pub mod command;
pub mod config;
pub mod failure;
mod handle;
pub mod import;
pub mod jobs;
mod keys;
mod label_ui;
pub mod measure;
pub mod orders;
pub mod outbox_ui;
pub mod parcel_form;
mod parcel_ui;
pub mod quote;
mod rules;
mod scan;
pub mod settings;
mod shipment_ui;
pub mod state;
mod status_bar;
pub mod warehouse;
mod widgets;

pub use app::{AppError, PackdeskApp};
pub use config::{AppConfig, CredentialSource};
pub use handle::REPEATED_SCAN_WINDOW;
pub use keys::{BINDINGS, OTHER_KEYS, Shortcut};

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
