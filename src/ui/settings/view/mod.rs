//! The settings panel's views: the panel (`panel`), its printers, scale and supervisor PIN
//! sections. They read a `SettingsView` and return `SettingsIntent`s.

pub mod panel;
mod printers;
mod scale;
pub mod supervisor;
mod warehouse;
