//! The sign-in screen, who is signed in (top bar), and the People tab. Views read the state and
//! return commands; nothing here touches the record.

use egui::RichText;

use super::command::PeopleCommand;
use super::state::People;
use crate::station::db::Role;
use crate::ui::command::Command;
use crate::ui::state::AppState;

fn send(commands: &mut Vec<Command>, command: PeopleCommand) {
    commands.push(Command::from(command));
}

/// Who is there: a name picked (or a badge scanned into the scan box), then their PIN.
pub fn sign_in_ui(ui: &mut egui::Ui, people: &People, commands: &mut Vec<Command>) {
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading("Who is at this desk?");
        ui.label("Enter your name, or scan your badge, then your PIN.");
        ui.add_space(12.0);
    });
    ui.horizontal(|ui| {
        let label = ui.label("Name or badge");
        let mut who = people.who.clone();
        let response = ui
            .add_enabled(
                !people.checking,
                egui::TextEdit::singleline(&mut who)
                    .id(egui::Id::unique("sign_in_who"))
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
        if who != people.who {
            send(commands, PeopleCommand::SetWho(who));
        }
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            ui.memory_mut(|m| m.request_focus(egui::Id::unique("sign_in_pin")));
        }
    });
    ui.add_space(6.0);
    if !people.who.trim().is_empty() {
        ui.horizontal(|ui| {
            let label = ui.label("PIN");
            let mut pin = people.pin_input.clone();
            let response = ui
                .add_enabled(
                    !people.checking,
                    egui::TextEdit::singleline(&mut pin)
                        .id(egui::Id::unique("sign_in_pin"))
                        .password(true)
                        .desired_width(100.0),
                )
                .labelled_by(label.id);
            if pin != people.pin_input {
                send(commands, PeopleCommand::SetPin(pin));
            }
            let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let button = ui.add_enabled(
                !people.checking && !people.pin_input.is_empty(),
                egui::Button::new("Sign in"),
            );
            if button.clicked() || enter {
                send(commands, PeopleCommand::SignIn);
            }
            if people.checking {
                ui.spinner();
            }
        });
    }
    if let Some(message) = &people.message {
        ui.label(RichText::new(message).color(ui.visuals().warn_fg_color));
    }
}

/// The top bar's "Ana (Packer) · Sign out", when people are set up.
pub fn session_ui(ui: &mut egui::Ui, people: &People, commands: &mut Vec<Command>) {
    let Some(person) = &people.signed_in else {
        return;
    };
    ui.label(format!("{} ({})", person.name, person.role.label()));
    if ui.button("Sign out").clicked() {
        send(commands, PeopleCommand::SignOut);
    }
}

/// Everyone, and for a supervisor the form that adds a person and the switch that lets one
/// sign in or not.
pub fn people_tab_ui(ui: &mut egui::Ui, state: &AppState, commands: &mut Vec<Command>) {
    let people = &state.features.people;
    ui.heading("People");
    let why_not = super::handle::why_not_manage(people, &state.features.supervisor);
    if !people.required() {
        ui.label(
            "Nobody is set up: this desk works without signing in, and the supervisor PIN \
             guards canceling and settings. Add people (the first one a supervisor) and every \
             desk on this record asks who is there.",
        );
    }
    egui::Grid::new("people")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for heading in ["Name", "Role", "Badge", "Signs in"] {
                ui.strong(heading);
            }
            ui.end_row();
            for person in people.list.iter().flatten() {
                ui.label(&person.name);
                ui.label(person.role.label());
                ui.label(person.badge.as_deref().unwrap_or("—"));
                let mut active = person.active;
                let toggle = ui.add_enabled(
                    why_not.is_none(),
                    egui::Checkbox::new(&mut active, format!("{} may sign in", person.name)),
                );
                if toggle.changed() {
                    send(commands, PeopleCommand::SetActive(person.id, active));
                }
                ui.end_row();
            }
        });
    ui.add_space(12.0);
    ui.heading("Add a person");
    if let Some(why) = &why_not {
        ui.label(RichText::new(why).weak());
    }
    let form = &people.add;
    ui.add_enabled_ui(why_not.is_none() && !form.saving, |ui| {
        egui::Grid::new("add_person").num_columns(2).show(ui, |ui| {
            let label = ui.label("Name");
            let mut name = form.name.clone();
            ui.text_edit_singleline(&mut name).labelled_by(label.id);
            if name != form.name {
                send(commands, PeopleCommand::SetName(name));
            }
            ui.end_row();
            ui.label("Role");
            ui.horizontal(|ui| {
                for role in Role::ALL {
                    if ui.radio(form.role == role, role.label()).clicked() {
                        send(commands, PeopleCommand::SetRole(role));
                    }
                }
            });
            ui.end_row();
            let label = ui.label("Badge code (optional)");
            let mut badge = form.badge.clone();
            ui.text_edit_singleline(&mut badge).labelled_by(label.id);
            if badge != form.badge {
                send(commands, PeopleCommand::SetBadge(badge));
            }
            ui.end_row();
            let label = ui.label("Their PIN (4–8 digits)");
            let mut pin = form.pin.clone();
            ui.add(egui::TextEdit::singleline(&mut pin).password(true))
                .labelled_by(label.id);
            if pin != form.pin {
                send(commands, PeopleCommand::SetNewPin(pin));
            }
            ui.end_row();
        });
        ui.horizontal(|ui| {
            if ui.button("Add person").clicked() {
                send(commands, PeopleCommand::Add);
            }
            if form.saving {
                ui.spinner();
            }
        });
    });
    if let Some(message) = &form.message {
        ui.label(RichText::new(message).color(ui.visuals().warn_fg_color));
    }
}
