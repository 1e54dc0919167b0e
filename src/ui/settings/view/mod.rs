//! The settings panel's views: the panel (`panel`), its printers, scale and warehouse sections,
//! and the slots other features fill (`extras`). They read a `SettingsView` and return
//! `SettingsCommand`s.

pub mod extras;
pub mod panel;
mod printers;
mod scale;
mod warehouse;
