//! The desktop app's user interface (egui). Components draw state and return intents; they do
//! no I/O (see DESIGN.md).

pub mod quote;
pub mod settings;
