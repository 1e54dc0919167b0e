//! Opening the station's record from the command line, as the app would: `--database`, else
//! Settings → Warehouse (its password from the URL, PGPASSWORD or the credential store), else
//! this desk's own SQLite file.

use crate::paths::Paths;
use crate::station::db::StationDb;
use crate::station::secrets::CredentialStore;
use crate::station::settings::Settings;
use crate::station::warehouse;

/// `--database` of the app, `import` and `documents`: the station's record this desk uses. The
/// service's own store is another database, `packdesk serve --database`, which does not read
/// `PACKDESK_DATABASE_URL`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RecordArg {
    /// The station's record: a SQLite file path (`sqlite:PATH` also works) or a warehouse
    /// database, postgres://user@host:5432/database (password from PGPASSWORD or the URL).
    /// Overrides Settings → Warehouse [default: the setting, else this desk's SQLite file].
    #[arg(long, env = "PACKDESK_DATABASE_URL", value_name = "URL")]
    pub database: Option<String>,
}

/// The record and the settings it was found by, or `None` after saying on `err` why it could
/// not be opened (as `command`).
pub fn open(
    command: &str,
    database: Option<&str>,
    paths: &Paths,
    err: &mut dyn std::io::Write,
) -> Option<(StationDb, Settings)> {
    let (settings, problem) = Settings::load_or_default(&paths.settings);
    if let Some(problem) = problem {
        let _ = writeln!(err, "packdesk {command}: {problem}");
    }
    // Only the warehouse password is read from the credential store; without a store a
    // password still comes from the URL or PGPASSWORD.
    let credentials = settings
        .warehouse_database
        .as_ref()
        .and_then(|_| CredentialStore::native().ok());
    let location =
        match warehouse::location(database, &settings, &paths.station_db, credentials.as_ref()) {
            Ok(location) => location,
            Err(e) => {
                let _ = writeln!(err, "packdesk {command}: {e}");
                return None;
            }
        };
    match StationDb::connect(&location) {
        Ok(db) => Some((db, settings)),
        Err(e) => {
            let _ = writeln!(err, "packdesk {command}: cannot open {location}: {e}");
            None
        }
    }
}
