//! Where the station's record lives: a SQLite file (this desk only) or a PostgreSQL database
//! (the warehouse), as typed on the command line (`--database`) or in Settings → Warehouse.

use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;

use postgres::config::{Host, SslMode};

use crate::api::Secret;

/// A parsed `--database` value.
#[derive(Debug, Clone)]
pub enum Location {
    /// A plain path or `sqlite:PATH`.
    Sqlite(PathBuf),
    /// `postgres://user@host:port/database` (also `postgresql://`).
    Postgres(Box<PgTarget>),
}

/// Why a database location cannot be used, said so a person can fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocationError {
    #[error(
        "the database location is empty: give a file path or postgres://user@host:5432/database"
    )]
    Empty,
    #[error("not a PostgreSQL URL ({0}); the shape is postgres://user@host:5432/database")]
    BadUrl(String),
    #[error(
        "{0}:// is not a database Packdesk uses: give a file path, sqlite:PATH or \
         postgres://user@host:5432/database"
    )]
    UnknownScheme(String),
    #[error("the URL names no database; add it after the port: postgres://user@host:5432/packdesk")]
    NoDatabase,
    #[error("the URL names no user: postgres://user@host:5432/database")]
    NoUser,
    #[error(
        "sslmode=disable is refused off this machine: the warehouse database is reached with TLS \
         unless it is on loopback"
    )]
    PlainOffLoopback,
}

impl Location {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; `sqlite:PATH` or any other text a
    /// SQLite file path.
    pub fn parse(text: &str) -> Result<Self, LocationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LocationError::Empty);
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return PgTarget::parse(text).map(|target| Location::Postgres(Box::new(target)));
        }
        let path = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"));
        if path.is_none() {
            // `mysql://…` would otherwise become a SQLite file of that name.
            if let Some((scheme, _)) = text.split_once("://")
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            {
                return Err(LocationError::UnknownScheme(scheme.to_owned()));
            }
        }
        match path.unwrap_or(text) {
            "" => Err(LocationError::Empty),
            path => Ok(Location::Sqlite(PathBuf::from(path))),
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "{}", path.display()),
            Location::Postgres(target) => target.fmt(f),
        }
    }
}

/// How long a PostgreSQL session may wait for a lock, run a statement, or sit idle inside a
/// transaction (milliseconds precision).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    pub lock: std::time::Duration,
    pub statement: std::time::Duration,
    pub idle_in_transaction: std::time::Duration,
}

/// A PostgreSQL database and how to reach it. Its `Display` and `Debug` never show a password.
#[derive(Clone)]
pub struct PgTarget {
    config: postgres::Config,
    tls: bool,
}

impl PgTarget {
    /// Parses a URL; a password in it is kept (as `psql` does), but Settings keeps its password
    /// in the OS credential store and adds it with [`PgTarget::with_password`].
    pub fn parse(url: &str) -> Result<Self, LocationError> {
        let mut config =
            postgres::Config::from_str(url).map_err(|e| LocationError::BadUrl(e.to_string()))?;
        if config.get_dbname().is_none_or(str::is_empty) {
            return Err(LocationError::NoDatabase);
        }
        if config.get_user().is_none_or(str::is_empty) {
            return Err(LocationError::NoUser);
        }
        // `hostaddr` is where the connection goes whatever `host` says (`host` then only names
        // the server for its certificate): both must be this machine for plain text.
        let loopback = config.get_hosts().iter().all(is_loopback)
            && config.get_hostaddrs().iter().all(IpAddr::is_loopback);
        let tls = match config.get_ssl_mode() {
            SslMode::Disable if !loopback => return Err(LocationError::PlainOffLoopback),
            SslMode::Disable => false,
            SslMode::Require => true,
            // `prefer` (libpq's default) would fall back to plain text; off loopback we do not.
            _ => !loopback,
        };
        if tls {
            config.ssl_mode(SslMode::Require);
        } else {
            config.ssl_mode(SslMode::Disable);
        }
        // A dead network must not hang a packer's action: give up on connecting after 5 s and
        // notice a silent peer within about 15 s.
        config.connect_timeout(std::time::Duration::from_secs(5));
        config.keepalives_idle(std::time::Duration::from_secs(10));
        config.application_name("packdesk");
        Ok(Self { config, tls })
    }

    /// The same target with this password.
    pub fn with_password(mut self, password: &Secret) -> Self {
        if !password.is_empty() {
            self.config.password(password.expose());
        }
        self
    }

    /// The same target with limits every session of it keeps (the warehouse server's): a lock
    /// waited for, a statement, and a transaction left idle by its client all give up after
    /// their limit, so no client can hold what others wait on for longer.
    pub fn with_session_limits(mut self, limits: SessionLimits) -> Self {
        let ms = |d: std::time::Duration| d.as_millis();
        self.config.options(&format!(
            "-c lock_timeout={} -c statement_timeout={} -c idle_in_transaction_session_timeout={}",
            ms(limits.lock),
            ms(limits.statement),
            ms(limits.idle_in_transaction)
        ));
        self
    }

    /// Whether a password is set (from the URL or [`PgTarget::with_password`]).
    pub fn has_password(&self) -> bool {
        self.config.get_password().is_some_and(|p| !p.is_empty())
    }

    /// Whether connections use TLS (always off loopback).
    pub fn uses_tls(&self) -> bool {
        self.tls
    }

    pub(super) fn config(&self) -> &postgres::Config {
        &self.config
    }

    /// The database name (for messages).
    pub fn database(&self) -> &str {
        self.config.get_dbname().unwrap_or_default()
    }
}

impl std::fmt::Display for PgTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let user = self.config.get_user().unwrap_or_default();
        let hosts: Vec<String> = self
            .config
            .get_hosts()
            .iter()
            .zip(
                self.config
                    .get_ports()
                    .iter()
                    .chain(std::iter::repeat(&5432)),
            )
            .map(|(host, port)| match host {
                Host::Tcp(name) if name.contains(':') => format!("[{name}]:{port}"),
                Host::Tcp(name) => format!("{name}:{port}"),
                #[cfg(unix)]
                Host::Unix(path) => path.display().to_string(),
            })
            .collect();
        write!(
            f,
            "postgres://{user}@{}/{}",
            hosts.join(","),
            self.database()
        )
    }
}

impl std::fmt::Debug for PgTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PgTarget({self}, tls: {})", self.tls)
    }
}

fn is_loopback(host: &Host) -> bool {
    match host {
        Host::Tcp(name) => {
            name.eq_ignore_ascii_case("localhost")
                || name
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse::<IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
        #[cfg(unix)]
        Host::Unix(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn paths_and_sqlite_urls_are_sqlite_and_postgres_urls_are_postgres() {
        assert!(
            matches!(Location::parse("station.sqlite3"), Ok(Location::Sqlite(p)) if p == Path::new("station.sqlite3"))
        );
        assert!(
            matches!(Location::parse("sqlite:/var/lib/s.db"), Ok(Location::Sqlite(p)) if p == Path::new("/var/lib/s.db"))
        );
        let Ok(Location::Postgres(target)) =
            Location::parse("postgres://packer:hunter2@127.0.0.1:5433/warehouse")
        else {
            panic!("expected PostgreSQL");
        };
        assert_eq!(
            target.to_string(),
            "postgres://packer@127.0.0.1:5433/warehouse"
        );
        assert!(!format!("{target:?}").contains("hunter2"));
        assert!(!target.uses_tls());
    }

    #[test]
    fn a_url_of_another_database_is_refused_rather_than_taken_for_a_file_name() {
        assert_eq!(
            Location::parse("mysql://packer@db/warehouse").unwrap_err(),
            LocationError::UnknownScheme("mysql".into())
        );
        // A Windows path is not a URL.
        assert!(matches!(
            Location::parse(r"C:\data\s.db"),
            Ok(Location::Sqlite(_))
        ));
    }

    #[test]
    fn off_loopback_tls_is_required_and_plain_text_refused() {
        let Ok(Location::Postgres(target)) =
            Location::parse("postgresql://packer@db.example:5432/w")
        else {
            panic!("expected PostgreSQL");
        };
        assert!(target.uses_tls());
        assert_eq!(
            Location::parse("postgres://packer@db.example/w?sslmode=disable").unwrap_err(),
            LocationError::PlainOffLoopback
        );
        assert_eq!(
            Location::parse("postgres://packer@db.example:5432").unwrap_err(),
            LocationError::NoDatabase
        );
        assert!(matches!(
            Location::parse("postgres://packer@db:notaport/w"),
            Err(LocationError::BadUrl(_))
        ));
        assert_eq!(Location::parse("  ").unwrap_err(), LocationError::Empty);
    }

    #[test]
    fn a_hostaddr_off_this_machine_needs_tls_whatever_the_host_says() {
        for url in [
            "postgres://packer@localhost/w?hostaddr=203.0.113.5&sslmode=disable",
            "postgres://packer@/w?hostaddr=203.0.113.5&sslmode=disable",
        ] {
            assert_eq!(
                Location::parse(url).unwrap_err(),
                LocationError::PlainOffLoopback,
                "{url}"
            );
        }
        for (url, tls) in [
            ("postgres://packer@localhost/w?hostaddr=203.0.113.5", true),
            ("postgres://packer@/w?hostaddr=203.0.113.5", true),
            ("postgres://packer@localhost/w?hostaddr=127.0.0.1", false),
        ] {
            let Ok(Location::Postgres(target)) = Location::parse(url) else {
                panic!("expected PostgreSQL: {url}");
            };
            assert_eq!(target.uses_tls(), tls, "{url}");
        }
    }
}
