//! Files dropped onto the window: input, like keys and scans, turned into a command.

use std::path::PathBuf;

use crate::ui::command::Command;
use crate::ui::import::command::ImportCommand;

/// `.json` files dropped onto the window this frame become one import (reading what the window
/// received is input, like keys; the files are read by the job).
pub fn files(ctx: &egui::Context, commands: &mut Vec<Command>) {
    let files: Vec<PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .collect()
    });
    if !files.is_empty() {
        commands.push(Command::from(ImportCommand::Files(files)));
    }
}
