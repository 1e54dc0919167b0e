//! Where Packdesk keeps its files: the platform's standard directories (XDG on Linux, Application
//! Support and Logs on macOS, AppData on Windows), resolved once here so the app, the service,
//! the logs and `packdesk --help` always name the same places.
//!
//! # Files on the station, and packaging
//!
//! `paths::Paths` resolves every location once from `directories` (`ProjectDirs("", "Packdesk",
//! "packdesk")`): settings in the config directory, the station database (which also caches each
//! label's PDF and ZPL) and the embedded service under the data directory, `packdesk.log` in the XDG
//! state directory on Linux, `~/Library/Logs/Packdesk` on macOS, the local app data on Windows.
//! `packdesk --help` prints them resolved. Logs go to stderr and that file; no secret is ever
//! formatted into a log event.
//!
//! Installers are built by **cargo-packager** from `[package.metadata.packager]` in Cargo.toml (with
//! `packaging/packdesk.desktop` and `assets/icon/`): one maintained tool and one config for .deb,
//! AppImage, .msi (WiX), NSIS, .app and .dmg, instead of cargo-deb + cargo-wix + cargo-bundle with
//! three copies of the metadata. Its .deb writer is pure Rust (no dpkg-deb needed) and it installs
//! with `cargo install --locked` from crates.io. Its AppImage, WiX and NSIS steps download their
//! tools (linuxdeploy, WiX, NSIS) from GitHub on first use; .app and .dmg need macOS (`hdiutil`).
//! The icon's source is `assets/icon/packdesk.svg`; `packaging/icons.sh` renders the PNG sizes,
//! `.ico` and `.icns` (committed).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::station::db::StationDb;
use crate::station::settings::Settings;

/// Every file and directory Packdesk writes, for this user on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    /// The station's settings (no secrets: those are in the OS credential store).
    pub settings: PathBuf,
    /// The supervisor unlock's wrong tries and lockout, next to the settings.
    pub supervisor_lock: PathBuf,
    /// This desk's own record (SQLite), held by the app's own one-desk warehouse server when
    /// the desk is not enrolled at a warehouse server: orders, parcels, labels, documents.
    pub station_db: PathBuf,
    /// This desk's print queue (what it sent to its printers).
    pub print_queue: PathBuf,
    /// The app's own one-desk server's data (its PIN pepper), beside the record.
    pub desk_server: PathBuf,
    /// The embedded reference service the app starts (its database and credentials).
    pub embedded_service: PathBuf,
    /// `packdesk serve`'s default data directory.
    pub service: PathBuf,
    /// `packdesk warehouse serve`'s default data directory (its certificate, PIN pepper, log,
    /// and the record when it is a SQLite file).
    pub warehouse: PathBuf,
    /// Where `packdesk.log` is written.
    pub log_dir: PathBuf,
}

impl Paths {
    /// The platform's directories, or `.packdesk` in the working directory when the platform
    /// has none (no home directory).
    pub fn platform() -> Self {
        let fallback = PathBuf::from(".packdesk");
        let dirs = crate::station::project_dirs();
        let data_dir = dirs
            .as_ref()
            .map_or_else(|| fallback.clone(), |d| d.data_dir().to_path_buf());
        let settings = Settings::default_path().unwrap_or_else(|| fallback.join("settings.json"));
        Self {
            supervisor_lock: settings.with_file_name(SUPERVISOR_LOCK_FILE),
            settings,
            station_db: StationDb::default_path()
                .unwrap_or_else(|| fallback.join("station.sqlite3")),
            print_queue: data_dir.join("prints.sqlite3"),
            desk_server: data_dir.join("desk-server"),
            embedded_service: data_dir.join("embedded-service"),
            service: data_dir.join("service"),
            warehouse: data_dir.join("warehouse"),
            log_dir: log_dir(dirs.as_ref()).unwrap_or_else(|| fallback.join("logs")),
        }
    }

    /// Everything under one directory (tests, measurements).
    pub fn in_directory(dir: &Path) -> Self {
        Self {
            settings: dir.join("settings.json"),
            supervisor_lock: dir.join(SUPERVISOR_LOCK_FILE),
            station_db: dir.join("station.sqlite3"),
            print_queue: dir.join("prints.sqlite3"),
            desk_server: dir.join("desk-server"),
            embedded_service: dir.join("embedded-service"),
            service: dir.join("service"),
            warehouse: dir.join("warehouse"),
            log_dir: dir.join("logs"),
        }
    }

    /// The log file the app and the service append to.
    pub fn log_file(&self) -> PathBuf {
        self.log_dir.join(LOG_FILE)
    }

    /// The list `packdesk --help` shows, one line per file.
    pub fn describe(&self) -> String {
        let mut text = String::from("Files (this user, this machine):\n");
        let rows = [
            ("Settings", &self.settings),
            ("Supervisor lockout", &self.supervisor_lock),
            ("Station record", &self.station_db),
            ("Print queue", &self.print_queue),
            ("Own server data", &self.desk_server),
            ("Embedded service", &self.embedded_service),
            ("Service data", &self.service),
            ("Warehouse server data", &self.warehouse),
            ("Log file", &self.log_file()),
        ];
        for (what, path) in rows {
            let _ = writeln!(text, "  {what:<22}{}", path.display());
        }
        text.push_str(
            "  (label PDF and ZPL documents are kept in the station record, or by the warehouse\n   \
             server when the desk is enrolled at one; API keys, access tokens and the desk's\n   \
             token are in the OS credential store, never in these files)",
        );
        text
    }
}

/// The supervisor lockout's file name, in the settings' directory.
pub const SUPERVISOR_LOCK_FILE: &str = "supervisor-lock.json";

/// The log file's name inside [`Paths::log_dir`].
pub const LOG_FILE: &str = "packdesk.log";

/// Logs belong in the XDG state directory on Linux, `~/Library/Logs` on macOS, and next to the
/// local (not roaming) app data on Windows.
fn log_dir(dirs: Option<&directories::ProjectDirs>) -> Option<PathBuf> {
    let dirs = dirs?;
    if cfg!(target_os = "macos") {
        let home = directories::BaseDirs::new()?.home_dir().to_path_buf();
        return Some(home.join("Library").join("Logs").join("Packdesk"));
    }
    Some(
        dirs.state_dir()
            .map_or_else(|| dirs.data_local_dir().join("logs"), Path::to_path_buf),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_every_file_under_the_chosen_directory() {
        let dir = Path::new("/srv/station-7");
        let paths = Paths::in_directory(dir);
        let text = paths.describe();
        for path in [
            &paths.settings,
            &paths.supervisor_lock,
            &paths.station_db,
            &paths.print_queue,
            &paths.desk_server,
            &paths.embedded_service,
            &paths.service,
            &paths.log_file(),
        ] {
            assert!(path.starts_with(dir), "{}", path.display());
            assert!(text.contains(&path.display().to_string()), "{text}");
        }
        assert!(
            text.contains("Print queue") && text.contains("desk's\n   token"),
            "{text}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_uses_the_xdg_directories() {
        let Some(base) = directories::BaseDirs::new() else {
            return;
        };
        let paths = Paths::platform();
        assert!(paths.settings.starts_with(base.config_dir()));
        assert_eq!(paths.supervisor_lock.parent(), paths.settings.parent());
        assert!(paths.station_db.starts_with(base.data_dir()));
        let state = base.state_dir().map(Path::to_path_buf);
        assert_eq!(
            Some(paths.log_dir.clone()),
            state.map(|s| s.join("packdesk"))
        );
    }
}
