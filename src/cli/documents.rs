//! `packdesk documents ORDER [--database URL] [--out DIR]`: writes the customs paperwork of an
//! order's parcels as PDF files, `ORDER-SHIPMENT-PARCEL-KIND.pdf` (a shipment not yet packed
//! counts as one parcel), for scripted printing and support. Exit 1 with the reason when the
//! order is unknown or data is missing.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::customs::build::{Outcome, Request, paperwork};
use crate::customs::documents::{documented_parcels, render_all, settings_in, tables};
use crate::paths::Paths;
use crate::station::db::{DocumentKind, OrderNumber, StationDb};

#[derive(Debug, clap::Args)]
pub struct DocumentsArgs {
    /// The order number (`source_reference`).
    #[arg(value_name = "ORDER")]
    pub order: OrderNumber,
    /// Where to write the files [default: the working directory].
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    #[command(flatten)]
    pub record: super::record::RecordArg,
}

pub fn run(args: &DocumentsArgs, paths: &Paths) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let database = args.record.database.as_deref();
    let Some(mut db) = super::record::open("documents", database, paths, &mut err) else {
        return ExitCode::from(2);
    };
    match write_documents(&mut db, args.order, &args.out, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            let _ = writeln!(err, "packdesk documents: {why}");
            ExitCode::from(1)
        }
    }
}

/// Writes every document of `order`'s parcels into `dir`, naming each file on `out`.
pub fn write_documents(
    db: &mut StationDb,
    order: OrderNumber,
    dir: &Path,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    let settings = settings_in(db).map_err(|e| e.to_string())?;
    let record = db
        .order(order)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("order {order} is not in the station record"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let today = time::OffsetDateTime::now_utc().date();
    let mut problems = Vec::new();
    let tables = tables().map_err(|e| e.to_string())?;
    for (id, n, parcel, date) in documented_parcels(&record, today) {
        let request = Request {
            order: &record,
            shipment_id: &id,
            parcel,
            settings: &settings,
            date,
        };
        let paperwork = match paperwork(tables, request).map_err(|e| e.to_string())? {
            Outcome::NotNeeded(why) => {
                let _ = writeln!(out, "shipment {id}: no customs documents. {why}");
                continue;
            }
            Outcome::Missing(missing) => {
                problems.extend(
                    missing
                        .into_iter()
                        .map(|m| format!("shipment {id}: {}", m.message)),
                );
                continue;
            }
            Outcome::Ready(paperwork) => paperwork,
        };
        let files = render_all(&paperwork).map_err(|e| e.to_string())?;
        for file in files.iter().filter(|f| f.kind == DocumentKind::Pdf) {
            let name = format!(
                "{order}-{id}-{n}-{}.pdf",
                file.paper.as_str().replace('_', "-")
            );
            let path = dir.join(name);
            std::fs::write(&path, &file.bytes)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let _ = writeln!(out, "{}", path.display());
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        problems.dedup();
        Err(format!("data is missing:\n  {}", problems.join("\n  ")))
    }
}
