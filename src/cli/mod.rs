//! Command line: `packdesk` (the station app), `packdesk import` (orders into the station's
//! record), `packdesk documents` (customs paperwork as PDF files), `packdesk scale read` (a
//! parcel scale's readings as JSON lines), `packdesk serve` (the reference service) and
//! `packdesk warehouse …` (the warehouse server and its administration).
//!
//! Each option belongs to one command and names one database: the app's, `import`'s and
//! `documents`' `--database` (`PACKDESK_DATABASE_URL`) is the desk's record, `serve --database`
//! (`PACKDESK_SERVICE_DATABASE_URL`) the service's store. A top-level option before a command is
//! a usage error, and a usage error is clap's message with status 2, never a panic. `--help`
//! ends with this machine's file locations (`paths`).

mod documents;
mod import;
mod limits;
mod record;
mod scale;
mod warehouse;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

use crate::paths::Paths;
use crate::service::landed_cost::UndecidedLine;
use crate::service::server::{
    DEFAULT_QUOTE_RETENTION_DAYS, DatabaseLocation, ServeConfig, parse_database,
};

pub use documents::{DocumentsArgs, run as run_documents};
pub use import::{ImportArgs, run as run_import};
pub use record::RecordArg;
pub use scale::{ReadArgs as ScaleReadArgs, ScaleArgs, ScaleCommand, run as run_scale};
pub use warehouse::{
    ServeArgs as WarehouseServeArgs, WarehouseArgs, WarehouseCommand,
    log_file as warehouse_log_file, run_admin as run_warehouse_admin,
};

// A top-level option belongs to the app alone: `packdesk --database X serve` would otherwise
// read as if X were the service's store. Each command takes its own options after its name.
#[derive(Debug, Parser)]
#[command(
    name = "packdesk",
    version,
    about = "Packing-station software for cross-border Delivered Duty Paid shipping",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the window on a fresh temporary station, print the time to the first frame and to
    /// the orders shown, and quit (BENCHMARKS.md).
    #[arg(long, hide = true)]
    pub measure_startup: bool,
    /// The warehouse server this desk is enrolled at (e.g. https://warehouse.local:8443;
    /// Settings → Warehouse enrolls it). Without it, the app runs its own one-desk server on
    /// this desk's file.
    #[arg(long, value_name = "URL")]
    pub warehouse: Option<String>,
    /// A desk no longer opens a record database itself; kept, hidden, so that an old command
    /// line is told what to do instead (start-up refuses it with the way there).
    #[arg(long, env = "PACKDESK_DATABASE_URL", value_name = "URL", hide = true)]
    pub database: Option<String>,
}

impl Cli {
    /// Parses the command line; `--help` ends with where this machine keeps Packdesk's files.
    /// A usage problem ends the process with clap's message and exit status 2, never a panic.
    pub fn parse_with_paths(paths: &Paths) -> Self {
        Self::try_parse_with_paths(paths, std::env::args_os()).unwrap_or_else(|e| e.exit())
    }

    /// [`Cli::parse_with_paths`] on `args` (the program's name first), returning the usage error.
    pub fn try_parse_with_paths<I, T>(paths: &Paths, args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let matches = Self::command()
            .after_help(paths.describe())
            .try_get_matches_from(args)?;
        Self::from_arg_matches(&matches)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the reference landed-cost, order and label service (SPEC.md) over HTTP.
    Serve(ServeArgs),
    /// Import orders from files (format: assets/import/README.md) into the station's record.
    /// Exit status: 0 when every entry was imported or already present, 1 when any entry was
    /// rejected, 2 when a file could not be read or the database could not be reached.
    Import(ImportArgs),
    /// Write the customs documents (commercial invoice, CN22 or CN23, packing slip) of an
    /// order's parcels as PDF files named ORDER-SHIPMENT-PARCEL-KIND.pdf; exit 1 with the reason
    /// when the order is unknown or data is missing.
    Documents(DocumentsArgs),
    /// Read a parcel scale (serial MT-SICS or NCI, or USB HID): `packdesk scale read`.
    Scale(ScaleArgs),
    /// The warehouse server and its administration: `packdesk warehouse serve`, `add-person`,
    /// `add-desk`, `revoke-desk`.
    Warehouse(WarehouseArgs),
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "PACKDESK_SERVICE_ADDR", default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Where the database and generated credentials live [default: the platform data directory].
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Merchant API key expected in `x-service-direct-api-key`, at least 16 characters; better
    /// from the environment than here, where `ps` shows it [default: generated once and kept].
    #[arg(long, env = "PACKDESK_API_KEY", hide_env_values = true, value_parser = credential)]
    pub api_key: Option<String>,
    /// Access token expected as `Authorization: Bearer` on the label endpoint, at least 16
    /// characters [default: generated once and kept].
    #[arg(long, env = "PACKDESK_ACCESS_TOKEN", hide_env_values = true, value_parser = credential)]
    pub access_token: Option<String>,
    /// Base of the absolute label URLs when the service is reached through another address.
    #[arg(long)]
    pub public_url: Option<String>,
    /// Return HS codes with every calculation (one per SKU, classified when the merchant's is missing).
    #[arg(long)]
    pub require_hs_codes: bool,
    /// The duty rate charged when a product's words leave national lines at different rates
    /// possible (the quote then says it is not guaranteed and names them): the most likely
    /// line's, or the highest, for a merchant who pays any difference and never undercharges.
    #[arg(long, value_enum, default_value_t = UndecidedLine::MostLikely)]
    pub undecided_line: UndecidedLine,
    /// Keep new labels `pending` for this many milliseconds, to exercise clients' polling.
    #[arg(long, default_value_t = 0)]
    pub label_delay_ms: u64,
    /// Price calculations as on this day (YYYY-MM-DD) instead of today, to reproduce past quotes.
    #[arg(long, value_parser = parse_date)]
    pub pricing_date: Option<time::Date>,
    /// Delete calculations no order uses once they are this many days old (an order keeps its
    /// calculation as long as the order exists); ordering a deleted one is refused as expired.
    #[arg(long, default_value_t = DEFAULT_QUOTE_RETENTION_DAYS, value_parser = clap::value_parser!(u64).range(1..=36_500))]
    pub quote_retention_days: u64,
    /// The service's own store of calculations, orders and labels (not a desk's record, so
    /// PACKDESK_DATABASE_URL is not read here): a SQLite file path or sqlite:PATH [default:
    /// service.sqlite3 in the data directory], or postgres://user@host:5432/database so that
    /// several instances (on other ports or machines) serve one merchant. A URL without a
    /// password takes PGPASSWORD from the environment.
    #[arg(
        long,
        env = "PACKDESK_SERVICE_DATABASE_URL",
        value_name = "URL",
        value_parser = parse_database
    )]
    pub database: Option<DatabaseLocation>,
    #[command(flatten)]
    pub limits: limits::LimitArgs,
}

/// The shortest API key or access token `serve` takes: a short one is guessed.
pub const MIN_CREDENTIAL_CHARS: usize = 16;

/// A key or token as given (empty: generate one), refused when short enough to guess.
fn credential(text: &str) -> Result<String, String> {
    let chars = text.chars().count();
    if chars > 0 && chars < MIN_CREDENTIAL_CHARS {
        return Err(format!(
            "{chars} characters is short enough to guess: give at least {MIN_CREDENTIAL_CHARS} \
             (e.g. from `openssl rand -hex 16`), or none and the service makes one"
        ));
    }
    Ok(text.to_string())
}

fn parse_date(text: &str) -> Result<time::Date, String> {
    time::Date::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .map_err(|_| format!("{text:?} is not a date like 2026-10-15"))
}

impl ServeArgs {
    pub fn into_config(self, default_data_dir: PathBuf) -> ServeConfig {
        ServeConfig {
            addr: self.addr,
            data_dir: self.data_dir.unwrap_or(default_data_dir),
            api_key: self.api_key.filter(|k| !k.is_empty()),
            access_token: self.access_token.filter(|t| !t.is_empty()),
            public_url: self.public_url,
            require_hs_codes: self.require_hs_codes,
            undecided: self.undecided_line,
            label_delay: Duration::from_millis(self.label_delay_ms),
            pricing_date: self.pricing_date,
            quote_retention: Duration::from_secs(self.quote_retention_days * 86_400),
            database: self.database,
            limits: self.limits.limits(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_the_commands_and_the_files() {
        let paths = Paths::in_directory(std::path::Path::new("/srv/station-7"));
        let help = Cli::command()
            .after_help(paths.describe())
            .render_long_help()
            .to_string();
        assert!(help.contains("serve"), "{help}");
        assert!(help.contains("import"), "{help}");
        assert!(help.contains("scale"), "{help}");
        assert!(help.contains("--warehouse"), "{help}");
        // The app refuses a record database of its own; its help offers none.
        assert!(!help.contains("--database"), "{help}");
        assert!(help.contains("Files (this user, this machine):"), "{help}");
        assert!(help.contains("/srv/station-7/station.sqlite3"), "{help}");
        // Every file's path stands apart from its name, the longest name too.
        for line in help.lines().filter(|l| l.contains("/srv/station-7")) {
            assert!(line.contains(" /srv/station-7"), "{line:?}");
        }
        assert!(!help.contains("measure-startup"), "{help}");
    }

    #[test]
    fn the_definition_holds_together() {
        // clap checks its definition (names, types, conflicts) here rather than by panicking
        // at a user's first run of the command that breaks it.
        Cli::command().debug_assert();
    }

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        let paths = Paths::in_directory(std::path::Path::new("/srv/station-7"));
        Cli::try_parse_with_paths(
            &paths,
            std::iter::once("packdesk").chain(args.iter().copied()),
        )
    }

    #[test]
    fn serve_reads_its_own_store_for_every_form() {
        for (url, engine) in [
            ("postgres://packdesk@127.0.0.1:5432/service", "postgres"),
            ("sqlite:/var/lib/packdesk/service.sqlite3", "sqlite"),
            ("/var/lib/packdesk/service.sqlite3", "sqlite"),
        ] {
            let cli = parse(&["serve", "--database", url]).unwrap();
            let Some(Command::Serve(args)) = cli.command else {
                panic!("serve was not parsed: {cli:?}");
            };
            let location = args.database.unwrap();
            let is_postgres = matches!(location, DatabaseLocation::Postgres(_));
            assert_eq!(is_postgres, engine == "postgres", "{url}: {location}");
        }
    }

    #[test]
    fn the_desks_record_and_the_services_store_are_separate_options() {
        let cli = parse(&["import", "--database", "sqlite:/tmp/desk.sqlite3", "a.json"]).unwrap();
        let Some(Command::Import(args)) = cli.command else {
            panic!("import was not parsed: {cli:?}");
        };
        assert_eq!(
            args.record.database.as_deref(),
            Some("sqlite:/tmp/desk.sqlite3")
        );

        let cli = parse(&["--database", "sqlite:/tmp/desk.sqlite3"]).unwrap();
        assert_eq!(cli.database.as_deref(), Some("sqlite:/tmp/desk.sqlite3"));

        // The app's option before a command is a usage error, not a silent redirect.
        let e = parse(&["--database", "sqlite:/tmp/desk.sqlite3", "serve"]).unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::ArgumentConflict, "{e}");
    }

    #[test]
    fn every_usage_problem_is_an_error_not_a_panic() {
        for args in [
            &["serve", "--database", "mysql://x"][..],
            &["serve", "--database"],
            &["serve", "--addr", "nowhere"],
            &["serve", "--pricing-date", "yesterday"],
            &["import"],
            &["documents"],
            &[
                "scale",
                "read",
                "--serial",
                "/dev/ttyUSB0",
                "--protocol",
                "morse",
            ],
            &["no-such-command"],
            &["serve", "--api-key", "key-1"],
            &["serve", "--access-token", "token-1"],
        ] {
            assert!(parse(args).is_err(), "{args:?} was accepted");
        }
    }
}
