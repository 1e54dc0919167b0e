//! Which record this desk uses: the command line's `--database`, else Settings → Warehouse,
//! else this desk's own SQLite file. The warehouse password comes from the URL or `PGPASSWORD`
//! on the command line, and from the OS credential store for the setting.

use std::path::Path;

use super::db::{Location, LocationError, PgTarget};
use super::secrets::{CredentialStore, Secret, SecretKind, SecretsError, WAREHOUSE};
use super::settings::Settings;

#[derive(Debug, thiserror::Error)]
pub enum WarehouseError {
    #[error("{0}")]
    Location(#[from] LocationError),
    #[error("the warehouse database password could not be read: {0}")]
    Password(#[from] SecretsError),
}

/// Where this desk's record lives (see the module documentation).
pub fn location(
    command_line: Option<&str>,
    settings: &Settings,
    default_sqlite: &Path,
    credentials: Option<&CredentialStore>,
) -> Result<Location, WarehouseError> {
    let stored_password = || -> Result<Option<Secret>, WarehouseError> {
        match credentials {
            Some(store) => Ok(store.get(WAREHOUSE, SecretKind::WarehousePassword)?),
            None => Ok(None),
        }
    };
    if let Some(text) = command_line.filter(|t| !t.trim().is_empty()) {
        return match Location::parse(text)? {
            // A password in the URL wins; else PGPASSWORD (as psql), else the stored one.
            Location::Postgres(target) if !target.has_password() => {
                let password = match std::env::var("PGPASSWORD") {
                    Ok(password) => Some(Secret::new(password)),
                    Err(_) => stored_password()?,
                };
                Ok(with_password(*target, password))
            }
            other => Ok(other),
        };
    }
    match settings.warehouse_database.as_deref() {
        Some(url) if !url.trim().is_empty() => match Location::parse(url)? {
            Location::Postgres(target) => Ok(with_password(*target, stored_password()?)),
            sqlite => Ok(sqlite),
        },
        _ => Ok(Location::Sqlite(default_sqlite.to_path_buf())),
    }
}

fn with_password(target: PgTarget, password: Option<Secret>) -> Location {
    Location::Postgres(Box::new(match password {
        Some(password) => target.with_password(&password),
        None => target,
    }))
}
