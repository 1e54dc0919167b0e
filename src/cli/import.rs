//! `packdesk import [--database URL] FILE...`: the same import as the app's "Import orders…"
//! and the inbox folder, into whichever record this desk uses, with the same report.

use crate::station::import::import_file;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::paths::Paths;
use crate::station::db::StationError;

#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    #[command(flatten)]
    pub record: super::record::RecordArg,
    /// The files to import, each in its own transaction.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Every entry imported or already present.
const CLEAN: u8 = 0;
/// Some entry was rejected (the report names it and why).
const REJECTED: u8 = 1;
/// A file could not be read, or the record could not be opened.
const FAILED: u8 = 2;

/// Imports each file, printing its report; the exit status says how it went (see `ImportArgs`).
pub fn run(args: &ImportArgs, paths: &Paths) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let database = args.record.database.as_deref();
    ExitCode::from(import(args, database, paths, &mut out, &mut err))
}

fn import(
    args: &ImportArgs,
    database: Option<&str>,
    paths: &Paths,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> u8 {
    let Some((mut db, settings)) = super::record::open("import", database, paths, err) else {
        return FAILED;
    };
    let max_bytes = settings.import_max_bytes();
    let mut status = CLEAN;
    for file in &args.files {
        match import_file(&mut db, file, max_bytes) {
            Ok(report) => {
                let _ = write!(out, "{}", report.to_text(&file.display().to_string()));
                if !report.is_clean() {
                    status = status.max(REJECTED);
                }
            }
            Err(
                e @ (StationError::Io { .. }
                | StationError::ImportFormat(_)
                | StationError::ImportTooLarge { .. }),
            ) => {
                let _ = writeln!(err, "{}: not imported: {e}", file.display());
                status = FAILED;
            }
            Err(e) => {
                let _ = writeln!(
                    err,
                    "{}: not imported, nothing was recorded: {e}",
                    file.display()
                );
                status = FAILED;
            }
        }
    }
    status
}
