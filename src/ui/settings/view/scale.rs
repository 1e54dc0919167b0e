//! Settings → Scale: none, a USB HID scale (detected by its usage page) or a serial scale with
//! its port, baud rate, parity and protocol. "Read now" shows one reading from what is typed,
//! before it is saved.

use egui::{RichText, Ui};

use crate::station::scale::{Parity, Protocol, ScaleConfig};
use crate::ui::settings::command::SettingsCommand;
use crate::ui::settings::state::SettingsView;

/// The baud rates scales come set to.
const BAUDS: [u32; 5] = [1200, 2400, 4800, 9600, 19200];

pub fn scale_ui(ui: &mut Ui, view: &mut SettingsView, intents: &mut Vec<SettingsCommand>) {
    ui.heading("Scale");
    let config = &mut view.draft.scale;
    ui.horizontal(|ui| {
        ui.label("Scale");
        let kinds = [
            ("None", matches!(config, ScaleConfig::None)),
            ("USB (HID)", matches!(config, ScaleConfig::Hid { .. })),
            ("Serial", matches!(config, ScaleConfig::Serial { .. })),
        ];
        for (name, on) in kinds {
            if ui.radio(on, name).clicked() && !on {
                *config = match name {
                    "USB (HID)" => ScaleConfig::Hid {
                        path: view
                            .scales_detected
                            .first()
                            .map(|s| s.path.clone())
                            .unwrap_or_else(|| "/dev/hidraw0".into()),
                    },
                    "Serial" => ScaleConfig::Serial {
                        path: String::new(),
                        baud: 9600,
                        parity: Parity::None,
                        protocol: Protocol::Sics,
                    },
                    _ => ScaleConfig::None,
                };
            }
        }
    });
    match config {
        ScaleConfig::None => {
            ui.label(RichText::new("No scale: packers type the weight.").weak());
        }
        ScaleConfig::Hid { path } => {
            ui.horizontal_wrapped(|ui| {
                let mut text = path.display().to_string();
                let label = ui.label("HID device");
                if ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(180.0))
                    .labelled_by(label.id)
                    .changed()
                {
                    *path = text.into();
                }
                if ui.button("Detect scales").clicked() {
                    intents.push(SettingsCommand::DetectScales);
                }
                for found in &view.scales_detected {
                    if ui
                        .selectable_label(
                            *path == found.path,
                            format!("{} ({})", found.name, found.path.display()),
                        )
                        .clicked()
                    {
                        *path = found.path.clone();
                    }
                }
            });
        }
        ScaleConfig::Serial {
            path,
            baud,
            parity,
            protocol,
        } => {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label("Serial port");
                ui.add(
                    egui::TextEdit::singleline(path)
                        .desired_width(160.0)
                        .hint_text("/dev/ttyUSB0"),
                )
                .labelled_by(label.id);
                ui.label("Protocol");
                ui.radio_value(protocol, Protocol::Sics, "Mettler Toledo SICS");
                ui.radio_value(protocol, Protocol::Nci, "NCI / Avery Weigh-Tronix");
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Baud");
                for rate in BAUDS {
                    ui.radio_value(baud, rate, rate.to_string());
                }
                ui.label("Parity");
                for (value, name) in [
                    (Parity::None, "no parity"),
                    (Parity::Even, "even"),
                    (Parity::Odd, "odd"),
                ] {
                    ui.radio_value(parity, value, name);
                }
            });
        }
    }
    if !matches!(view.draft.scale, ScaleConfig::None) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!view.scale_reading, egui::Button::new("Read now"))
                .clicked()
            {
                view.scale_reading = true;
                view.scale_message = Some("Reading the scale…".into());
                intents.push(SettingsCommand::ReadScale(view.draft.scale.clone()));
            }
            if let Some(message) = &view.scale_message {
                ui.label(message);
            }
        });
    }
}
