//! Form fields that always carry a visible label tied to the input (`labelled_by`, so screen
//! readers and UI tests find them by it) and show their problems right under the input.

use std::collections::BTreeSet;

use egui::{ComboBox, Layout, Response, RichText, TextEdit, Ui, Vec2};

pub mod country;
mod errors;
use crate::domain::{CountryCode, Subdivision};
pub use errors::{FieldErrors, is_below};

/// Width of a short field (codes, amounts) and of an ordinary one, in points.
pub const NARROW: f32 = 90.0;
pub const WIDE: f32 = 190.0;

/// Draws fields against a set of problems; remembers which paths it showed and which fields
/// the person changed this frame.
pub struct Fields<'a> {
    errors: &'a FieldErrors,
    /// Paths whose problems were drawn (the rest go to the form's summary).
    pub shown: BTreeSet<String>,
    /// Paths of the fields edited this frame.
    pub changed: Vec<String>,
}

impl<'a> Fields<'a> {
    pub fn new(errors: &'a FieldErrors) -> Self {
        Self {
            errors,
            shown: BTreeSet::new(),
            changed: Vec::new(),
        }
    }

    /// A labelled single-line text field `width` wide, its problems under it.
    pub fn text(
        &mut self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        path: &str,
        width: f32,
    ) -> Response {
        self.single_line(ui, label, value, path, width, false)
    }

    /// A labelled field whose text is hidden as it is typed (PINs, API keys).
    pub fn password(
        &mut self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        path: &str,
        width: f32,
    ) -> Response {
        self.single_line(ui, label, value, path, width, true)
    }

    fn single_line(
        &mut self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        path: &str,
        width: f32,
        hidden: bool,
    ) -> Response {
        self.column(ui, width, |this, ui| {
            let label = ui.label(label);
            let response = ui
                .add(
                    TextEdit::singleline(value)
                        .password(hidden)
                        .desired_width(width),
                )
                .labelled_by(label.id);
            this.note_change(&response, path);
            this.problems(ui, path);
            response
        })
    }

    /// A country: its code typed in (or picked from the list of names), the name shown.
    pub fn country(&mut self, ui: &mut Ui, label: &str, value: &mut String, path: &str) {
        self.column(ui, WIDE, |this, ui| {
            let label_response = ui.label(label);
            ui.horizontal(|ui| {
                let response = ui
                    .add(
                        TextEdit::singleline(value)
                            .desired_width(36.0)
                            .char_limit(40),
                    )
                    .labelled_by(label_response.id);
                this.note_change(&response, path);
                let known = CountryCode::parse(value);
                let shown = known.map_or("Choose…", |c| c.name());
                let before = value.clone();
                ComboBox::from_id_salt((path, "list"))
                    .selected_text(shown)
                    .width(WIDE - 50.0)
                    .height(320.0)
                    .show_ui(ui, |ui| {
                        let mut all: Vec<(CountryCode, &str)> = CountryCode::all().collect();
                        all.sort_by_key(|(_, name)| *name);
                        for (code, name) in all {
                            ui.selectable_value(
                                value,
                                code.to_string(),
                                format!("{name} ({code})"),
                            );
                        }
                    })
                    .response
                    .accessible_name(format!("{label} list"));
                if *value != before {
                    this.changed.push(path.to_string());
                }
            });
            this.problems(ui, path);
        });
    }

    /// A US state or Canadian province (code or name), the name shown once it is recognised.
    pub fn province(
        &mut self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        country: &str,
        path: &str,
    ) {
        self.column(ui, WIDE, |this, ui| {
            let label_response = ui.label(label);
            ui.horizontal(|ui| {
                let response = ui
                    .add(TextEdit::singleline(value).desired_width(NARROW))
                    .labelled_by(label_response.id);
                this.note_change(&response, path);
                let found = CountryCode::parse(&country::country_code(country))
                    .and_then(|c| Subdivision::parse(c, value));
                if let Some(found) = found {
                    ui.label(RichText::new(found.name()).weak());
                }
            });
            this.problems(ui, path);
        });
    }

    /// A choice among fixed texts (`g` | `lb`); text outside the list is shown as it is.
    pub fn choice(
        &mut self,
        ui: &mut Ui,
        label: &str,
        value: &mut String,
        options: &[&str],
        path: &str,
    ) {
        self.column(ui, NARROW, |this, ui| {
            let label_response = ui.label(label);
            let before = value.clone();
            ComboBox::from_id_salt((path, "choice"))
                .selected_text(value.as_str())
                .width(NARROW - 10.0)
                .show_ui(ui, |ui| {
                    for option in options {
                        ui.selectable_value(value, (*option).to_string(), *option);
                    }
                })
                .response
                .labelled_by(label_response.id);
            if *value != before {
                this.changed.push(path.to_string());
            }
            this.problems(ui, path);
        });
    }

    /// The problems at `path`, one line each, in the error colour.
    pub fn problems(&mut self, ui: &mut Ui, path: &str) {
        for message in self.errors.at(path) {
            ui.add(
                egui::Label::new(RichText::new(message).color(ui.visuals().error_fg_color)).wrap(),
            );
        }
        self.shown.insert(path.to_string());
    }

    pub fn note_change(&mut self, response: &Response, path: &str) {
        if response.changed() {
            self.changed.push(path.to_string());
        }
    }

    /// A top-down column `width` wide, so a field's problems wrap under the field.
    fn column<R>(
        &mut self,
        ui: &mut Ui,
        width: f32,
        add: impl FnOnce(&mut Self, &mut Ui) -> R,
    ) -> R {
        ui.allocate_ui_with_layout(
            Vec2::new(width, 0.0),
            Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_max_width(width);
                add(self, ui)
            },
        )
        .inner
    }
}
