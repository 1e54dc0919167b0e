//! `packdesk scale read (--serial PATH --protocol sics|nci [--baud N] [--parity P] | --hid PATH)
//! [--count N]`: one JSON object a line per reading, `{"weight": "0.420", "unit": "kg",
//! "stable": true, "status": "stable"}`, until Ctrl+C or N readings. Exit 1 with the reason
//! when the scale cannot be opened, stops answering for 2 s or goes away; a bad answer is said
//! on stderr and reading goes on.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, Subcommand};

use crate::station::scale::{
    ANSWER_WITHIN, POLL_EVERY, Parity, Protocol, Reading, ScaleConfig, ScaleConnection,
};

#[derive(Debug, clap::Args)]
pub struct ScaleArgs {
    #[command(subcommand)]
    pub command: ScaleCommand,
}

#[derive(Debug, Subcommand)]
pub enum ScaleCommand {
    /// Print the scale's readings as JSON lines ({"weight": "0.420", "unit": "kg", "stable":
    /// true, "status": "stable"}) until Ctrl+C or --count readings. Exit 1 with the reason when
    /// the scale cannot be opened or does not answer within 2 s.
    Read(ReadArgs),
}

#[derive(Debug, clap::Args)]
#[command(group(ArgGroup::new("device").required(true).args(["serial", "hid"])))]
pub struct ReadArgs {
    /// A serial scale's port (/dev/ttyUSB0, COM3).
    #[arg(long, value_name = "PATH", requires = "protocol")]
    pub serial: Option<String>,
    /// What the serial scale speaks: sics (Mettler Toledo) or nci (Avery Weigh-Tronix).
    #[arg(long, value_parser = parse_protocol, conflicts_with = "hid")]
    pub protocol: Option<Protocol>,
    /// The serial port's speed.
    #[arg(long, default_value_t = 9600, conflicts_with = "hid")]
    pub baud: u32,
    /// The serial port's parity: none (8 data bits), even or odd (7 data bits).
    #[arg(long, value_parser = parse_parity, default_value = "none", conflicts_with = "hid")]
    pub parity: Parity,
    /// A USB scale's hidraw device (/dev/hidraw0).
    #[arg(long, value_name = "PATH")]
    pub hid: Option<PathBuf>,
    /// Stop after this many readings.
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
}

fn parse_protocol(text: &str) -> Result<Protocol, String> {
    Protocol::parse(text).ok_or_else(|| format!("{text:?} is not sics or nci"))
}

fn parse_parity(text: &str) -> Result<Parity, String> {
    Parity::parse(text).ok_or_else(|| format!("{text:?} is not none, even or odd"))
}

impl ReadArgs {
    fn config(&self) -> ScaleConfig {
        match (&self.serial, self.protocol, &self.hid) {
            (Some(path), Some(protocol), _) => ScaleConfig::Serial {
                path: path.clone(),
                baud: self.baud,
                parity: self.parity,
                protocol,
            },
            (_, _, Some(path)) => ScaleConfig::Hid { path: path.clone() },
            // clap requires one of the two.
            _ => ScaleConfig::None,
        }
    }
}

pub fn run(args: &ScaleArgs) -> ExitCode {
    match &args.command {
        ScaleCommand::Read(read) => run_read(read),
    }
}

fn run_read(args: &ReadArgs) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let mut connection = match ScaleConnection::open(&args.config()) {
        Ok(connection) => connection,
        Err(why) => {
            let _ = writeln!(err, "packdesk scale: {why}");
            return ExitCode::from(1);
        }
    };
    let mut printed = 0;
    while args.count.is_none_or(|count| printed < count) {
        match connection.read(ANSWER_WITHIN) {
            Ok(reading) => {
                // A closed pipe (`| head -1`) ends the run as Ctrl+C would.
                if writeln!(out, "{}", json_line(&reading)).is_err() {
                    return ExitCode::SUCCESS;
                }
                printed += 1;
            }
            Err(why) if why.is_unreachable() => {
                let _ = writeln!(err, "packdesk scale: {why}");
                return ExitCode::from(1);
            }
            Err(why) => {
                let _ = writeln!(err, "packdesk scale: {why}");
            }
        }
        if args.count.is_none_or(|count| printed < count) {
            std::thread::sleep(POLL_EVERY);
        }
    }
    ExitCode::SUCCESS
}

/// The weight as the scale's exact decimal text; every other value is a fixed word.
fn json_line(reading: &Reading) -> String {
    format!(
        r#"{{"weight": "{}", "unit": "{}", "stable": {}, "status": "{}"}}"#,
        reading.weight,
        reading.unit.as_str(),
        reading.status.is_stable(),
        reading.status.as_str()
    )
}
