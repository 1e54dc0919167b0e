//! The app's window: eframe's native window on the app, with its title, size and icon.

use super::app::PackdeskApp;
use super::config::AppConfig;

/// Opens the app window and runs until it is closed.
pub fn run(config: AppConfig) -> anyhow::Result<()> {
    run_with(config, |app| Box::new(app))
}

/// Opens the window on the app `wrap` returns (the app itself, or a measuring wrapper).
pub(super) fn run_with(
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
