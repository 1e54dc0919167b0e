//! `packdesk --measure-startup`: the real window (winit, the GPU renderer) on a fresh temporary
//! station with the embedded service, timed from the start of `main` to the first frame on
//! screen and to the orders shown. The headless figures (frame time, memory) are in
//! `benches/app.rs`; BENCHMARKS.md says which is which.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::app::PackdeskApp;
use super::config::AppConfig;
use crate::ui::status::Startup;

/// Longer than this without the orders shown: report a failure instead of a figure.
const GIVE_UP_AFTER: Duration = Duration::from_secs(60);

/// What `--measure-startup` measured, from the start of `main`.
#[derive(Debug, Clone, Copy)]
pub struct StartupTimes {
    /// The first frame was drawn and handed to the screen (the second frame begins).
    pub first_frame: Duration,
    /// The embedded service answered and the demo orders are in the table.
    pub ready: Duration,
    pub orders: usize,
}

/// Opens the window, measures, closes it, prints the figures on stdout.
pub fn startup(started: Instant) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("packdesk-measure-{}", std::process::id()));
    let config = AppConfig::in_directory(&dir);
    let (sender, receiver) = mpsc::channel();
    let ran = super::window::run_with(config, move |app| {
        Box::new(Measured {
            app,
            started,
            frames: 0,
            first_frame: None,
            sender,
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
    ran?;
    let times = receiver
        .try_recv()
        .map_err(|_| anyhow::anyhow!("the orders were not shown within {GIVE_UP_AFTER:?}"))?;
    println!(
        "first_frame_ms={:.1}",
        times.first_frame.as_secs_f64() * 1e3
    );
    println!("ready_ms={:.1}", times.ready.as_secs_f64() * 1e3);
    println!("orders={}", times.orders);
    Ok(())
}

/// The app, with a clock around it.
struct Measured {
    app: PackdeskApp,
    started: Instant,
    frames: u32,
    first_frame: Option<Duration>,
    sender: mpsc::Sender<StartupTimes>,
}

impl eframe::App for Measured {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        // eframe paints a frame after `ui` returns: the next call begins once it is on screen.
        if self.frames == 1 {
            self.first_frame = Some(self.started.elapsed());
        }
        self.frames += 1;
        eframe::App::ui(&mut self.app, ui, frame);
        let state = self.app.state();
        let ready = state.shell.startup == Startup::Ready
            && !state.features.orders.rows.is_empty()
            && self.app.jobs_in_flight() == 0;
        let elapsed = self.started.elapsed();
        if let (true, Some(first_frame)) = (ready, self.first_frame) {
            let _ = self.sender.send(StartupTimes {
                first_frame,
                ready: elapsed,
                orders: state.features.orders.rows.len(),
            });
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        } else if elapsed > GIVE_UP_AFTER {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ui.ctx().request_repaint();
    }

    fn on_exit(&mut self, gl: Option<&eframe::glow::Context>) {
        eframe::App::on_exit(&mut self.app, gl);
    }
}
