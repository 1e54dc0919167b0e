//! `packdesk warehouse …`: the warehouse server and what its administrator does on its machine.
//!
//! - `serve`: the server (HTTPS with a self-signed certificate unless one is given).
//! - `add-person`: a person, the first supervisor included; the PIN is asked twice on the
//!   terminal (read from standard input when it is not one), never taken from the command line.
//! - `add-desk NAME`: a desk's one-time enrollment code; `revoke-desk NAME`: a stolen laptop.
//! - `set-provider`: the provider the outbox delivers to; its key and token asked like a PIN.

use std::io::{BufRead as _, Write as _};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::paths::Paths;
use crate::service::server::{DatabaseLocation, parse_database};
use crate::station::model::Role;
use crate::station::outbox::WorkerConfig;
use crate::warehouse::admin;
use crate::warehouse::pins::LockoutPolicy;
use crate::warehouse::provider::{Provider, Secret};
use crate::warehouse::server::{DEFAULT_DB_LIMITS, Transport, WarehouseConfig};
use crate::warehouse::tls::CertSource;

#[derive(Debug, clap::Args)]
pub struct WarehouseArgs {
    #[command(subcommand)]
    pub command: WarehouseCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum WarehouseCommand {
    /// Run the warehouse server: it alone holds the warehouse's record, checks every role, claim
    /// and PIN, and serves the desks over HTTPS (its OpenAPI document at GET /openapi.json).
    Serve(ServeArgs),
    /// Add a person (the first supervisor too). The PIN is asked twice, never given here.
    AddPerson(AddPersonArgs),
    /// Add a desk: prints its one-time enrollment code, typed once at the desk.
    AddDesk(DeskArgs),
    /// Revoke a desk: its token and every session at it stop at once.
    RevokeDesk(DeskArgs),
    /// Set the provider the outbox delivers to. Its API key and access token are asked on the
    /// terminal, never given here, and kept only in the server's data directory.
    SetProvider(SetProviderArgs),
}

/// The record and the server's data directory, shared by every warehouse command.
#[derive(Debug, Clone, clap::Args)]
pub struct RecordArgs {
    /// The warehouse's record: postgres://user@host:5432/database (password from PGPASSWORD),
    /// or a SQLite file for one desk [default: warehouse.sqlite3 in the data directory].
    #[arg(
        long,
        env = "PACKDESK_WAREHOUSE_DATABASE_URL",
        value_name = "URL",
        value_parser = parse_database
    )]
    pub database: Option<DatabaseLocation>,
    /// The server's own files: its certificate and key, the PIN pepper, its log [default: the
    /// platform data directory's warehouse/].
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

impl RecordArgs {
    fn data_dir(&self, paths: &Paths) -> PathBuf {
        self.data_dir
            .clone()
            .unwrap_or_else(|| paths.warehouse.clone())
    }

    fn location(&self, paths: &Paths) -> DatabaseLocation {
        self.database.clone().unwrap_or_else(|| {
            DatabaseLocation::Sqlite(
                self.data_dir(paths)
                    .join(crate::warehouse::server::DATABASE_FILE),
            )
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub record: RecordArgs,
    /// Address to listen on.
    #[arg(long, env = "PACKDESK_WAREHOUSE_ADDR", default_value = "0.0.0.0:8443")]
    pub addr: SocketAddr,
    /// The server's certificate chain (PEM), from the warehouse's own authority [default: a
    /// self-signed one, made on the first start and kept in the data directory].
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Plain HTTP instead of HTTPS: only on a loopback address (desk and server on one machine).
    #[arg(long, conflicts_with_all = ["tls_cert", "tls_key"])]
    pub plain_http: bool,
    /// A session ends after this many minutes without a request.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=1440))]
    pub session_idle_minutes: u64,
    /// Wrong PINs in a row that lock a person's sign-in.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(i64).range(1..=100))]
    pub max_wrong_pins: i64,
    /// How long the first lockout lasts, in seconds; each next one lasts twice as long (at most
    /// a day).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub lockout_seconds: u64,
    /// How long an enrollment code stays usable, in hours.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..=720))]
    pub enrollment_hours: u64,
    /// Connections to the record at most.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub connections: u64,
    #[command(flatten)]
    pub limits: super::limits::LimitArgs,
}

impl ServeArgs {
    pub fn into_config(self, paths: &Paths) -> WarehouseConfig {
        let data_dir = self.record.data_dir(paths);
        let transport = if self.plain_http {
            Transport::PlainLoopback
        } else {
            match (self.tls_cert, self.tls_key) {
                (Some(cert), Some(key)) => Transport::Tls(CertSource::Files { cert, key }),
                _ => Transport::Tls(CertSource::SelfSigned {
                    data_dir: data_dir.clone(),
                }),
            }
        };
        WarehouseConfig {
            addr: self.addr,
            database: self.record.database,
            transport,
            connections: usize::try_from(self.connections).unwrap_or(8),
            lockout: LockoutPolicy {
                max_wrong: self.max_wrong_pins,
                first: Duration::from_secs(self.lockout_seconds),
                ..LockoutPolicy::default()
            },
            session_idle: Duration::from_secs(self.session_idle_minutes * 60),
            enrollment_valid: Duration::from_secs(self.enrollment_hours * 3600),
            db_limits: DEFAULT_DB_LIMITS,
            provider: None,
            outbox: WorkerConfig::default(),
            one_desk: false,
            limits: self.limits.limits(),
            data_dir,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct AddPersonArgs {
    #[command(flatten)]
    pub record: RecordArgs,
    /// Their name, as they pick themselves at sign-in.
    #[arg(long)]
    pub name: String,
    /// packer, supervisor or customer_service.
    #[arg(long, value_parser = parse_role)]
    pub role: Role,
    /// The code of their badge, for signing in by scanning it.
    #[arg(long)]
    pub badge: Option<String>,
}

fn parse_role(text: &str) -> Result<Role, String> {
    Role::parse(text)
        .ok_or_else(|| format!("{text:?} is not a role: packer, supervisor or customer_service"))
}

#[derive(Debug, clap::Args)]
pub struct DeskArgs {
    #[command(flatten)]
    pub record: RecordArgs,
    /// The desk's name, as people know it ("Station 3").
    pub name: String,
    /// How long the enrollment code stays usable, in hours (add-desk).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..=720))]
    pub enrollment_hours: u64,
}

#[derive(Debug, clap::Args)]
pub struct SetProviderArgs {
    /// The server's own files [default: the platform data directory's warehouse/].
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// The provider's API base, e.g. https://api.provider.example; /v1/... is appended.
    #[arg(long, value_name = "URL")]
    pub base_url: String,
    /// The provider's label endpoint, e.g. https://labels.provider.example/api/post/fc/labels.
    #[arg(long, value_name = "URL")]
    pub labels_url: String,
    /// Allow plain http:// to a host other than this machine (a test provider on the LAN).
    #[arg(long)]
    pub allow_plain_http: bool,
}

/// The log file of `warehouse serve`: in its data directory.
pub fn log_file(args: &WarehouseArgs, paths: &Paths) -> Option<PathBuf> {
    match &args.command {
        WarehouseCommand::Serve(serve) => Some(serve.record.data_dir(paths).join("warehouse.log")),
        _ => None,
    }
}

/// Runs an administrator's command (not `serve`, which `main` runs on its runtime).
pub fn run_admin(command: &WarehouseCommand, paths: &Paths) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let result = match command {
        WarehouseCommand::Serve(_) => return ExitCode::from(2),
        WarehouseCommand::AddPerson(args) => add_person(args, paths, &mut out),
        WarehouseCommand::AddDesk(args) => {
            let code = admin::add_desk(
                &args.record.location(paths),
                &args.name,
                Duration::from_secs(args.enrollment_hours * 3600),
            );
            code.map(|code| {
                let _ = writeln!(
                    out,
                    "Desk \"{}\": enrollment code {code}\n  Type it once at the desk (Settings → \
                     Warehouse) with this server's address; it works once, for {} hours.",
                    args.name.trim(),
                    args.enrollment_hours
                );
            })
            .map_err(|e| e.to_string())
        }
        WarehouseCommand::SetProvider(args) => set_provider(args, paths, &mut out),
        WarehouseCommand::RevokeDesk(args) => {
            admin::revoke_desk(&args.record.location(paths), &args.name)
                .map(|()| {
                    let _ = writeln!(
                        out,
                        "Desk \"{}\" revoked: its token and sessions no longer work.",
                        args.name.trim()
                    );
                })
                .map_err(|e| e.to_string())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(err, "packdesk warehouse: {message}");
            ExitCode::FAILURE
        }
    }
}

fn add_person(
    args: &AddPersonArgs,
    paths: &Paths,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    let pin = read_pin_twice().map_err(|e| e.to_string())?;
    let person = admin::add_person(
        &args.record.location(paths),
        &args.record.data_dir(paths),
        &args.name,
        args.role,
        args.badge.clone(),
        &pin,
    )
    .map_err(|e| e.to_string())?;
    let _ = writeln!(
        out,
        "{} added as {}.",
        person.name,
        person.role.label().to_lowercase()
    );
    Ok(())
}

fn set_provider(
    args: &SetProviderArgs,
    paths: &Paths,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    let api_key = read_secret("The provider's API key: ").map_err(|e| e.to_string())?;
    let access_token = read_secret("The provider's access token: ").map_err(|e| e.to_string())?;
    let data_dir = args
        .data_dir
        .clone()
        .unwrap_or_else(|| paths.warehouse.clone());
    let provider = Provider {
        base_url: args.base_url.clone(),
        labels_url: args.labels_url.clone(),
        api_key: Secret::new(api_key),
        access_token: Secret::new(access_token),
        allow_plain_http: args.allow_plain_http,
    };
    let path = provider.save(&data_dir).map_err(|e| e.to_string())?;
    let _ = writeln!(
        out,
        "The provider at {} is set ({}).\n  Restart `packdesk warehouse serve` for the outbox to \
         deliver to it.",
        args.base_url.trim(),
        path.display()
    );
    Ok(())
}

#[derive(Debug, thiserror::Error)]
enum SecretEntryError {
    #[error("the two PINs differ; nothing was added")]
    Differ,
    #[error("nothing was typed (standard input ended)")]
    Missing,
    #[error("cannot read it: {0}")]
    Io(#[from] std::io::Error),
}

/// The PIN, typed twice without echo on a terminal, or two lines of standard input otherwise.
fn read_pin_twice() -> Result<String, SecretEntryError> {
    let first = read_secret("PIN (4 to 8 digits): ")?;
    let second = read_secret("The same PIN again: ")?;
    if first == second {
        Ok(first)
    } else {
        Err(SecretEntryError::Differ)
    }
}

/// One line typed without echo on a terminal, or read from standard input otherwise.
fn read_secret(prompt: &str) -> Result<String, SecretEntryError> {
    let mut err = std::io::stderr();
    let _ = write!(err, "{prompt}");
    let _ = err.flush();
    let _echo_off = echo::off();
    let mut line = String::new();
    let read = std::io::stdin().lock().read_line(&mut line)?;
    drop(_echo_off);
    if echo::is_terminal() {
        let _ = writeln!(err);
    }
    if read == 0 {
        return Err(SecretEntryError::Missing);
    }
    Ok(line.trim().to_string())
}

/// Typing without echo on a terminal, restored when the guard goes.
mod echo {
    use std::io::IsTerminal as _;

    pub fn is_terminal() -> bool {
        std::io::stdin().is_terminal()
    }

    pub struct Guard {
        #[cfg(unix)]
        saved: Option<libc::termios>,
    }

    #[cfg(unix)]
    pub fn off() -> Guard {
        if !is_terminal() {
            return Guard { saved: None };
        }
        // SAFETY: tcgetattr/tcsetattr on standard input with a termios they fill in; a failure
        // leaves echo on, which only shows the PIN on this person's own screen.
        unsafe {
            let mut term: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(libc::STDIN_FILENO, &mut term) != 0 {
                return Guard { saved: None };
            }
            let saved = term;
            term.c_lflag &= !libc::ECHO;
            libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &term);
            Guard { saved: Some(saved) }
        }
    }

    #[cfg(not(unix))]
    pub fn off() -> Guard {
        Guard {}
    }

    #[cfg(unix)]
    impl Drop for Guard {
        fn drop(&mut self) {
            if let Some(saved) = self.saved {
                // SAFETY: restores the settings read in `off`.
                unsafe {
                    libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &saved);
                }
            }
        }
    }
}
