//! Writing the settings file, which two features do: the settings panel saves its draft, the
//! supervisor feature writes a new PIN (without the panel's half-edited draft).

use std::path::PathBuf;

use crate::station::settings::{EnvironmentKind, Settings};
use crate::ui::failure::Failure;

/// Writes the settings file; the embedded environment's addresses are not kept (they change
/// with every start).
pub async fn write_settings(path: PathBuf, settings: Settings) -> Result<(), Failure> {
    let mut on_disk = settings;
    for env in &mut on_disk.environments {
        if env.kind == EnvironmentKind::EmbeddedSandbox {
            env.base_url.clear();
            env.labels_url.clear();
        }
    }
    tokio::task::spawn_blocking(move || on_disk.save(&path))
        .await
        .map_err(|e| Failure::File(e.to_string()))
        .and_then(|r| r.map_err(|e| Failure::File(e.to_string())))
}
