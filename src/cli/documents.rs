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
    let Some((mut db, _)) = super::record::open("documents", database, paths, &mut err) else {
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
    let mut names = FileNames::default();
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
            let name = names.unique(&format!(
                "{order}-{}-{n}-{}",
                safe_name_part(&id),
                file.paper.as_str().replace('_', "-")
            ));
            let path = dir.join(format!("{name}.pdf"));
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

/// A shipment id is the merchant's free text: in a file name only `[A-Za-z0-9._-]` of it is
/// kept, everything else (`/`, `\`, control characters, spaces…) becomes `_`, so a name never
/// leaves `--out` nor carries what a terminal would act on.
fn safe_name_part(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    // "." and ".." alone mean folders; as a part of a longer name they are harmless.
    if kept.is_empty() || kept.chars().all(|c| c == '.') {
        kept.replace('.', "_") + "_"
    } else {
        kept
    }
}

/// The names given in one run, so two shipment ids that clean up alike ("a/b", "a_b") do not
/// write one file over the other: the second gets `-2`, and so on.
#[derive(Default)]
struct FileNames(std::collections::HashSet<String>);

impl FileNames {
    fn unique(&mut self, stem: &str) -> String {
        let name = (1..)
            .map(|n| {
                if n == 1 {
                    stem.to_string()
                } else {
                    format!("{stem}-{n}")
                }
            })
            .find(|candidate| !self.0.contains(candidate))
            .unwrap_or_else(|| stem.to_string());
        self.0.insert(name.clone());
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipment_id_in_a_file_name_keeps_only_safe_characters() {
        assert_eq!(safe_name_part("../../x"), ".._.._x");
        assert_eq!(safe_name_part("S-1.a_b"), "S-1.a_b");
        assert_eq!(safe_name_part("a b\u{1b}[31m\\c"), "a_b__31m_c");
        assert_eq!(safe_name_part(".."), "___");
        assert_eq!(safe_name_part(""), "_");
        assert_eq!(safe_name_part("Zoë"), "Zo_");
    }

    #[test]
    fn names_that_clean_up_alike_are_made_unique() {
        let mut names = FileNames::default();
        assert_eq!(names.unique("7-a_b-1-cn22"), "7-a_b-1-cn22");
        assert_eq!(names.unique("7-a_b-1-cn22"), "7-a_b-1-cn22-2");
        assert_eq!(names.unique("7-a_b-1-cn22"), "7-a_b-1-cn22-3");
    }
}
