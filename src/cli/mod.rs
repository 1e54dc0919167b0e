//! Command line: `packdesk` (the station app), `packdesk import` (orders into the station's
//! record), `packdesk documents` (customs paperwork as PDF files), `packdesk scale read` (a
//! parcel scale's readings as JSON lines) and `packdesk serve` (the reference service).

mod documents;
mod import;
mod record;
mod scale;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

use crate::paths::Paths;
use crate::service::server::{
    DEFAULT_QUOTE_RETENTION_DAYS, DatabaseLocation, ServeConfig, parse_database,
};

pub use documents::{DocumentsArgs, run as run_documents};
pub use import::{ImportArgs, run as run_import};
pub use scale::{ReadArgs as ScaleReadArgs, ScaleArgs, ScaleCommand, run as run_scale};

#[derive(Debug, Parser)]
#[command(
    name = "packdesk",
    version,
    about = "Packing-station software for cross-border Delivered Duty Paid shipping"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the window on a fresh temporary station, print the time to the first frame and to
    /// the orders shown, and quit (BENCHMARKS.md).
    #[arg(long, hide = true)]
    pub measure_startup: bool,
    /// The station's record: a SQLite file path (`sqlite:PATH` also works) or a warehouse
    /// database, postgres://user@host:5432/database (password from PGPASSWORD or the URL).
    /// Overrides Settings → Warehouse [default: the setting, else this desk's SQLite file].
    #[arg(long, global = true, env = "PACKDESK_DATABASE_URL", value_name = "URL")]
    pub database: Option<String>,
}

impl Cli {
    /// Parses the command line; `--help` ends with where this machine keeps Packdesk's files.
    pub fn parse_with_paths(paths: &Paths) -> Self {
        let matches = Self::command().after_help(paths.describe()).get_matches();
        Self::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
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
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Where the database and generated credentials live [default: the platform data directory].
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Merchant API key expected in `x-service-direct-api-key` [default: generated once and kept].
    #[arg(long, env = "PACKDESK_API_KEY", hide_env_values = true)]
    pub api_key: Option<String>,
    /// Access token expected as `Authorization: Bearer` on the label endpoint [default: generated].
    #[arg(long, env = "PACKDESK_ACCESS_TOKEN", hide_env_values = true)]
    pub access_token: Option<String>,
    /// Base of the absolute label URLs when the service is reached through another address.
    #[arg(long)]
    pub public_url: Option<String>,
    /// Return HS codes with every calculation (one per SKU, classified when the merchant's is missing).
    #[arg(long)]
    pub require_hs_codes: bool,
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
    /// Where calculations, orders and labels are stored: a SQLite file [default:
    /// service.sqlite3 in the data directory], or postgres://user@host:5432/database so that
    /// several instances (on other ports or machines) serve one merchant. A URL without a
    /// password takes PGPASSWORD from the environment.
    #[arg(long, value_parser = parse_database)]
    pub database: Option<DatabaseLocation>,
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
            label_delay: Duration::from_millis(self.label_delay_ms),
            pricing_date: self.pricing_date,
            quote_retention: Duration::from_secs(self.quote_retention_days * 86_400),
            database: self.database,
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
        assert!(help.contains("--database"), "{help}");
        assert!(help.contains("/srv/station-7/station.sqlite3"), "{help}");
        assert!(!help.contains("measure-startup"), "{help}");
    }
}
