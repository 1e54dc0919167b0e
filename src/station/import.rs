//! Importing orders from a JSON file (the merchant's platform export, or another station): one
//! import for the app's "Import orders…", dropped files, the inbox folder and `packdesk import`.
//! The format is documented on [`import_file`] and in `assets/import/README.md`. Parsing, the
//! checks and the report are here; `StationDb::record_imported` stores what passed.
//!
//! # Orders come in
//!
//! One import (`station::import`: parse, check with `model::check`, record with
//! `StationDb::record_imported` in one transaction, report every rejected entry with its index,
//! order number and each problem's path), reached three ways: the app's "Import orders…" and
//! dropped files (`ui::import`), the inbox folder (`station::inbox`, watched by a task of the app;
//! a file is taken on the second look that finds it unchanged, claimed by renaming it into
//! `processing/` so one desk of several takes it, then filed under `imported/` or `rejected/` with
//! its report), and `packdesk import` (`cli::import`, exit 0/1/2).

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

use crate::api::{FieldError, OrderCreateRequest, TaxCalculationRequest, TaxCalculationResponse};

use super::db::{Recorded, StationDb};
use super::error::StationError;
use super::model::OrderNumber;
use super::model::check;

/// Why nothing of a file was imported, as its report says it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportFailure {
    /// The file's own fault (unreadable, too large, not an import file): in the inbox it goes
    /// to `rejected/` with the reason.
    #[error("{0}")]
    File(String),
    /// The record could not be written: nothing of the file is recorded; in the inbox it goes
    /// back to be tried again.
    #[error("{0}")]
    Record(String),
    /// The inbox could not claim or file it.
    #[error("not taken: {0}. It stays in the inbox and is tried again once it changes.")]
    NotTaken(String),
    /// A claim left by a desk that stopped, which this desk could not take over.
    #[error("left in processing/ by a desk that stopped, and not taken over: {0}")]
    NotTakenOver(String),
    /// This many desks stopped while importing it: it is not tried again.
    #[error(
        "{0} desks stopped while importing this file; it is not tried again. Check that it is \
         an import file of a sensible size, then drop it in again."
    )]
    StoppedDesks(u32),
}

/// One file's import, wherever it came from (the app, a drop, the inbox folder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    /// The file's name, as the report shows it.
    pub file: String,
    /// The report, or why nothing of the file was imported.
    pub result: Result<ImportReport, ImportFailure>,
    /// Where the inbox folder filed it (`imported/…`, `rejected/…`); `None` when it was not
    /// filed (imported from elsewhere, or left in the inbox to try again).
    pub moved_to: Option<std::path::PathBuf>,
}

/// A file's name as its report shows it (the whole path when it has no name).
pub fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What an import did.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub struct ImportReport {
    /// Recorded now, in file order.
    pub imported: Vec<OrderNumber>,
    /// Already in the station with the same create body; left as they were.
    pub already_present: Vec<OrderNumber>,
    /// Entries not imported, each with every problem found.
    pub rejected: Vec<EntryProblem>,
}

/// Why one entry of an import file was not imported.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct EntryProblem {
    /// Position in the file's array (0 for a single object).
    pub index: usize,
    /// When the entry's order number could be read.
    pub source_reference: Option<OrderNumber>,
    /// Each with its full path, e.g. `[3].cart.shipments[0].items[1].quantity`.
    pub errors: Vec<FieldError>,
}

impl ImportReport {
    /// Whether every entry was imported or already present.
    pub fn is_clean(&self) -> bool {
        self.rejected.is_empty()
    }

    /// The whole report as text (the command line prints it; the inbox folder writes it beside
    /// a rejected file): the summary, then each rejected entry with every problem and its path.
    pub fn to_text(&self, source: &str) -> String {
        let mut text = format!("{source}: {}\n", self.summary());
        let numbers = |list: &[OrderNumber]| {
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !self.imported.is_empty() {
            text.push_str(&format!("  imported: {}\n", numbers(&self.imported)));
        }
        if !self.already_present.is_empty() {
            text.push_str(&format!(
                "  already present: {}\n",
                numbers(&self.already_present)
            ));
        }
        for problem in &self.rejected {
            let order = problem
                .source_reference
                .map(|n| format!(" (order {n})"))
                .unwrap_or_default();
            text.push_str(&format!("  rejected entry {}{order}:\n", problem.index));
            for error in &problem.errors {
                let at = if error.field.is_empty() {
                    "(the entry)"
                } else {
                    error.field.as_str()
                };
                text.push_str(&format!("    {at}: {}\n", error.error));
            }
        }
        text
    }

    /// One line for a status bar: "Imported 12 orders, 3 already present, 2 rejected."
    pub fn summary(&self) -> String {
        format!(
            "Imported {} orders, {} already present, {} rejected.",
            self.imported.len(),
            self.already_present.len(),
            self.rejected.len()
        )
    }
}

/// One order to import, already parsed: the create body, the cart that was quoted and,
/// optionally, the quote (see [`import_file`] for how they must agree).
#[derive(Debug, Clone)]
pub struct ImportEntry {
    pub order: OrderCreateRequest,
    pub cart: TaxCalculationRequest,
    pub quote: Option<TaxCalculationResponse>,
}

/// Imports an import file. `Err` only when the file cannot be read or is not a JSON object
/// or array; problems with entries are in the report.
///
/// # Format
///
/// The file holds one entry, or an array of entries. An entry is an object:
///
/// ```text
/// {
///   "order": { ...the order create body, SPEC 2.16... },
///   "cart":  { ...the landed-cost request that was quoted, SPEC 2.1... },
///   "quote": { ...the landed-cost response, SPEC 2.8 (optional)... }
/// }
/// ```
///
/// - `order` and `cart` are required; `quote` may be absent or `null`. With a quote, the
///   shipment's chosen rate and locked duties and taxes come from the quote rate whose
///   `tax_transaction_id` the order names. Without one, each cart shipment must list exactly
///   one shipping rate (the chosen one) and no landed cost is shown.
/// - The three must agree: every cart shipment appears once in `order.shipments` and no other;
///   `order.landedcost_request_id` equals `quote.landedcost_request_id`; the quote has the
///   cart's currency and every shipment with the order's `tax_transaction_id`.
/// - Quantities are whole units; the destination country is ISO 3166-1 alpha-2, with a
///   province and postal code for US and CA; `order.source_created_at` is ISO 8601 with a zone;
///   `order.source_reference` is at most 9223372036854775807.
/// - Other keys in an entry are rejected (a typo must not silently drop data).
///
/// Every problem is reported with its path: `[3].cart.shipments[0].items[1].quantity` (no
/// `[i]` prefix when the file is a single object). A bad entry is not imported at all; the good
/// ones are. An order already in the station with the same create body is counted as already
/// present (importing a file twice is harmless); with a different body it is an error.
/// The same text, with an example, is in `assets/import/README.md`.
pub fn import_file(
    db: &mut StationDb,
    path: impl AsRef<Path>,
    max_bytes: u64,
) -> Result<ImportReport, StationError> {
    read_file(path.as_ref(), max_bytes)?.record(db)
}

/// Imports the text of an import file; see [`import_file`].
pub fn import_json(db: &mut StationDb, text: &str) -> Result<ImportReport, StationError> {
    read_json(text.as_bytes(), u64::MAX)?.record(db)
}

/// The largest import file taken unless the settings say otherwise (10 000 orders are about
/// 40 MB).
pub const DEFAULT_MAX_IMPORT_BYTES: u64 = 50_000_000;

/// An import file read and its entries parsed, before anything is recorded: parsing needs no
/// record, so it is done without holding one (a large file must not stop other desks' writes).
#[derive(Debug)]
pub struct ReadFile {
    entries: Vec<(usize, String, ImportEntry)>,
    /// The entries that could not be parsed, already refused.
    report: ImportReport,
}

impl ReadFile {
    /// Checks the entries and records those that pass, in one transaction.
    pub fn record(self, db: &mut StationDb) -> Result<ImportReport, StationError> {
        import_parsed(db, self.entries, self.report)
    }
}

/// Reads an import file of at most `max_bytes` (its size is checked before a byte is read).
pub fn read_file(path: &Path, max_bytes: u64) -> Result<ReadFile, StationError> {
    let file = open_within(path, max_bytes)?;
    read_json(std::io::BufReader::new(file), max_bytes).map_err(|e| match e {
        StationError::Io { source, .. } => StationError::Io {
            path: path.to_path_buf(),
            source,
        },
        other => other,
    })
}

/// An import file's whole text, at most `max_bytes` of it (a desk sends it to the warehouse
/// server as it is); the same limit as [`read_file`].
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, StationError> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    Limited {
        inner: open_within(path, max_bytes)?,
        left: max_bytes,
    }
    .read_to_end(&mut bytes)
    .map_err(|source| too_large_or(source, max_bytes, path))?;
    String::from_utf8(bytes).map_err(|_| StationError::ImportFormat("not text in UTF-8".into()))
}

/// The file at `path`, opened once its size is known to be within `max_bytes`.
fn open_within(path: &Path, max_bytes: u64) -> Result<std::fs::File, StationError> {
    let io = |source| StationError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    if file.metadata().map_err(io)?.len() > max_bytes {
        return Err(StationError::ImportTooLarge { limit: max_bytes });
    }
    Ok(file)
}

/// A read error of a [`Limited`] reader: past the limit, or the file's own.
fn too_large_or(source: std::io::Error, max_bytes: u64, path: &Path) -> StationError {
    if source.get_ref().is_some_and(|inner| inner.is::<TooLarge>()) {
        StationError::ImportTooLarge { limit: max_bytes }
    } else {
        StationError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Reads import-file JSON from `reader`, one entry at a time: only one entry's JSON is held at
/// once, beside the typed entries read so far. More than `max_bytes` is refused.
pub fn read_json(reader: impl std::io::Read, max_bytes: u64) -> Result<ReadFile, StationError> {
    let mut read = ReadFile {
        entries: Vec::new(),
        report: ImportReport::default(),
    };
    let mut de = serde_json::Deserializer::from_reader(Limited {
        inner: reader,
        left: max_bytes,
    });
    let shape = serde::Deserializer::deserialize_any(&mut de, FileVisitor { read: &mut read })
        .and_then(|()| de.end());
    match shape {
        Ok(()) => Ok(read),
        Err(e) if e.is_io() => Err(too_large_or(e.into(), max_bytes, Path::new(""))),
        Err(e) if e.is_data() => Err(StationError::ImportFormat(
            "expected an object with order and cart, or an array of them".into(),
        )),
        Err(e) => Err(StationError::ImportFormat(format!("not valid JSON ({e})"))),
    }
}

/// The reader of an import file, refusing to read past its limit.
struct Limited<R> {
    inner: R,
    left: u64,
}

#[derive(Debug, thiserror::Error)]
#[error("larger than the import limit")]
struct TooLarge;

impl<R: std::io::Read> std::io::Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            // One byte more than the limit says whether the file goes on.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(std::io::Error::other(TooLarge)),
            };
        }
        let most = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..most])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// The file's top level: an array of entries (each parsed as it is read), or one entry.
struct FileVisitor<'a> {
    read: &'a mut ReadFile,
}

impl FileVisitor<'_> {
    fn take(&mut self, index: usize, prefix: String, value: &Value) {
        match parse_entry(value, &|path: &str| join_path(&prefix, path)) {
            Ok(entry) => self.read.entries.push((index, prefix, entry)),
            Err(errors) => self.read.report.rejected.push(EntryProblem {
                index,
                source_reference: reference_of(value),
                errors,
            }),
        }
    }
}

impl<'de> serde::de::Visitor<'de> for FileVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object with order and cart, or an array of them")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while let Some(value) = seq.next_element::<Value>()? {
            self.take(index, format!("[{index}]"), &value);
            index += 1;
        }
        Ok(())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(mut self, map: A) -> Result<(), A::Error> {
        let value: Value =
            serde::Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        // serde_json hands a bare number (kept exact) to `visit_map` too.
        if !value.is_object() {
            return Err(serde::de::Error::invalid_type(
                serde::de::Unexpected::Other("a number"),
                &self,
            ));
        }
        self.take(0, String::new(), &value);
        Ok(())
    }
}

/// Imports orders already parsed (the same checks and report as a file whose array holds
/// them in this order).
pub fn import_entries(
    db: &mut StationDb,
    entries: impl IntoIterator<Item = ImportEntry>,
) -> Result<ImportReport, StationError> {
    let parsed = entries
        .into_iter()
        .enumerate()
        .map(|(index, entry)| (index, format!("[{index}]"), entry))
        .collect();
    import_parsed(db, parsed, ImportReport::default())
}

/// Checks the parsed entries and records those that pass in one transaction; `report`
/// already holds the entries that could not be parsed (and ends in file order).
fn import_parsed(
    db: &mut StationDb,
    parsed: Vec<(usize, String, ImportEntry)>,
    mut report: ImportReport,
) -> Result<ImportReport, StationError> {
    let mut seen: HashMap<u64, String> = HashMap::new();
    let mut passed = Vec::with_capacity(parsed.len());
    for (index, prefix, entry) in &parsed {
        let at = |path: &str| join_path(prefix, path);
        let reference = entry.order.source_reference;
        let reject = |errors: Vec<FieldError>| EntryProblem {
            index: *index,
            source_reference: Some(reference),
            errors,
        };
        let prepared = match check::prepare(&entry.order, &entry.cart, entry.quote.as_ref()) {
            Ok(prepared) => prepared,
            Err(errors) => {
                let errors = errors
                    .into_iter()
                    .map(|e| FieldError::new(at(&e.field), e.error))
                    .collect();
                report.rejected.push(reject(errors));
                continue;
            }
        };
        if let Some(first) = seen.get(&reference) {
            let error = format!("order {reference} is already in this file at {first}");
            report.rejected.push(reject(vec![FieldError::new(
                at("order.source_reference"),
                error,
            )]));
            continue;
        }
        seen.insert(
            reference,
            if prefix.is_empty() {
                "the top".into()
            } else {
                prefix.clone()
            },
        );
        passed.push((*index, prefix.as_str(), prepared));
    }
    let orders: Vec<_> = passed.iter().map(|(index, _, p)| (*index, p)).collect();
    let outcomes = db.record_imported(&orders)?;
    for ((index, prefix, prepared), outcome) in passed.iter().zip(outcomes) {
        let reference = prepared.create.source_reference;
        match outcome {
            Recorded::Imported => report.imported.push(reference),
            Recorded::AlreadyPresent => report.already_present.push(reference),
            Recorded::Different => report.rejected.push(EntryProblem {
                index: *index,
                source_reference: Some(reference),
                errors: vec![FieldError::new(
                    join_path(prefix, "order.source_reference"),
                    format!(
                        "order {reference} is already in the station with a different create body"
                    ),
                )],
            }),
        }
    }
    report.rejected.sort_by_key(|problem| problem.index);
    Ok(report)
}

fn join_path(prefix: &str, path: &str) -> String {
    match (prefix.is_empty(), path.is_empty()) {
        (true, _) => path.to_string(),
        (false, true) => prefix.to_string(),
        (false, false) if path.starts_with('[') => format!("{prefix}{path}"),
        (false, false) => format!("{prefix}.{path}"),
    }
}

/// Reads one entry; `Err` holds every problem, paths made by `at`.
fn parse_entry(value: &Value, at: &dyn Fn(&str) -> String) -> Result<ImportEntry, Vec<FieldError>> {
    let Value::Object(map) = value else {
        return Err(vec![FieldError::new(
            at(""),
            "must be an object with order, cart and an optional quote",
        )]);
    };
    let mut errors = Vec::new();
    for key in map.keys() {
        if !matches!(key.as_str(), "order" | "cart" | "quote") {
            errors.push(FieldError::new(
                at(key),
                "unknown key; an entry has order, cart and quote",
            ));
        }
    }
    let order = part::<OrderCreateRequest>(map.get("order"), "order", at, &mut errors);
    let cart = part::<TaxCalculationRequest>(map.get("cart"), "cart", at, &mut errors);
    let quote = match map.get("quote") {
        None | Some(Value::Null) => None,
        some => part::<TaxCalculationResponse>(some, "quote", at, &mut errors),
    };
    match (order, cart, errors.is_empty()) {
        (Some(order), Some(cart), true) => Ok(ImportEntry { order, cart, quote }),
        _ => Err(errors),
    }
}

fn part<T: serde::de::DeserializeOwned>(
    value: Option<&Value>,
    name: &str,
    at: &dyn Fn(&str) -> String,
    errors: &mut Vec<FieldError>,
) -> Option<T> {
    let Some(value) = value else {
        errors.push(FieldError::new(at(name), "is required"));
        return None;
    };
    match serde_path_to_error::deserialize::<_, T>(value) {
        Ok(parsed) => Some(parsed),
        Err(err) => {
            let inner = err.inner().to_string();
            let path = err.path().to_string();
            let mut field = if path == "." {
                name.to_string()
            } else {
                format!("{name}.{path}")
            };
            // "missing field `sku`" names the absent field: point the path at it.
            let message = match inner
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split_once('`'))
            {
                Some((missing, _)) => {
                    field = format!("{field}.{missing}");
                    "is required".to_string()
                }
                None => inner,
            };
            errors.push(FieldError::new(at(&field), message));
            None
        }
    }
}

/// The entry's order number when it can be read, for the report.
fn reference_of(value: &Value) -> Option<OrderNumber> {
    value.get("order")?.get("source_reference")?.as_u64()
}
