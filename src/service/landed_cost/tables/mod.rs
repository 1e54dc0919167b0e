//! The rate tables of `assets/`, embedded in the binary and parsed and checked once by
//! [`Tables::load`]: rows sorted, effective periods without overlaps, every country, currency,
//! subdivision, HS code and cross-reference known.

mod bracket;
pub(crate) mod dated;
mod described;
mod duty;
mod error;
mod fields;
mod fx;
mod glossary;
mod hs;
mod info;
mod national;
mod printed;
mod query;
mod rate_expr;
mod rules;
mod special_use;
mod stems;
mod tax;

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use time::Date;

use crate::embedded::{Packed, packed};

pub use bracket::{Bound, Bracket, Measures, Per};
pub use described::Described;
pub use duty::{DutyRow, Tariff};
pub use error::TablesError;
pub use fx::{FxDay, FxTable};
pub use hs::{Categories, Category, HsTable, KeywordEntry, Keywords};
pub use info::TableInfo;
pub use national::{NationalLine, Schedule};
pub use rate_expr::{RateExpr, Term, Unit};
pub use rules::{
    AgreementKind, AgreementRow, Basis, DeMinimisKind, DeMinimisRow, DestinationRow, Treatment,
    Valuation,
};
pub use special_use::{SpecialUse, use_named};
pub use stems::stem_all;
pub use tax::{ReducedRow, TaxRow};

/// The header every table file carries.
#[derive(Debug, Deserialize)]
struct Header {
    source: String,
    source_url: String,
    #[serde(deserialize_with = "dated::date")]
    retrieved: Date,
    #[serde(deserialize_with = "dated::date")]
    effective: Date,
}

/// A file whose payload is a `rows` array.
#[derive(Debug, Deserialize)]
struct RowsFile<R> {
    rows: Vec<R>,
}

macro_rules! asset {
    ($path:literal) => {
        (
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)),
        )
    };
}

type Asset = (&'static str, &'static str);

static HS_CODES: Packed = packed!("hs/hscodes.json");
const HS_KEYWORDS: Asset = asset!("hs/keywords.json");
const TAX_CATEGORIES: Asset = asset!("tables/tax_categories.json");
const TAX_FILES: [Asset; 4] = [
    asset!("tables/vat_europe.json"),
    asset!("tables/vat_other.json"),
    asset!("tables/ca_sales_tax.json"),
    asset!("tables/us_sales_tax.json"),
];
const REDUCED: Asset = asset!("tables/vat_reduced.json");
const DUTY_FILES: [Asset; 13] = [
    asset!("tables/duty/au.json"),
    asset!("tables/duty/ca.json"),
    asset!("tables/duty/ch.json"),
    asset!("tables/duty/eu.json"),
    asset!("tables/duty/gb.json"),
    asset!("tables/duty/is.json"),
    asset!("tables/duty/jp.json"),
    asset!("tables/duty/kr.json"),
    asset!("tables/duty/mx.json"),
    asset!("tables/duty/no.json"),
    asset!("tables/duty/nz.json"),
    asset!("tables/duty/sg.json"),
    asset!("tables/duty/us.json"),
];
/// Full national tariffs (`duty/lines/README.md`), compressed in the binary (`build.rs`).
static NATIONAL_FILES: [Packed; 6] = [
    packed!("tables/duty/lines/au.tsv"),
    packed!("tables/duty/lines/ca.tsv"),
    packed!("tables/duty/lines/eu.tsv"),
    packed!("tables/duty/lines/gb.tsv"),
    packed!("tables/duty/lines/jp.tsv"),
    packed!("tables/duty/lines/us.tsv"),
];
const DESTINATIONS: Asset = asset!("tables/destinations.json");
const DE_MINIMIS: Asset = asset!("tables/de_minimis.json");
const PREFERENTIAL: Asset = asset!("tables/preferential.json");
static FX_RATES: Packed = packed!("tables/fx_rates.json");

/// Every table the engine uses, parsed and checked.
#[derive(Debug, Clone)]
pub struct Tables {
    pub(crate) hs: HsTable,
    pub(crate) keywords: Keywords,
    pub(crate) categories: Categories,
    /// VAT/GST/sales-tax components, sorted by (country, subdivision, tax, effective_from).
    pub(crate) taxes: Vec<TaxRow>,
    pub(crate) reduced: Vec<ReducedRow>,
    pub(crate) tariffs: BTreeMap<String, Tariff>,
    /// Full national tariffs by tariff id; a tariff without one is priced from `tariffs`.
    pub(crate) schedules: BTreeMap<String, Schedule>,
    pub(crate) destinations: Vec<DestinationRow>,
    pub(crate) de_minimis: Vec<DeMinimisRow>,
    pub(crate) agreements: Vec<AgreementRow>,
    pub(crate) fx: FxTable,
    info: Vec<TableInfo>,
}

impl Tables {
    /// Parses and checks the tables embedded from `assets/` at build time.
    pub fn load() -> Result<Tables, TablesError> {
        let mut info = Vec::new();

        let hs_codes = unpack(&HS_CODES)?;
        let hs = HsTable::parse(hs_codes.0, &read::<hs::CodesFile>(hs_codes, &mut info)?)?;
        let keywords = Keywords::parse(HS_KEYWORDS.0, read(HS_KEYWORDS, &mut info)?, &hs)?;
        let categories =
            hs::parse_categories(TAX_CATEGORIES.0, read(TAX_CATEGORIES, &mut info)?, &hs)?;
        let fx_rates = unpack(&FX_RATES)?;
        let fx = FxTable::parse(fx_rates.0, read(fx_rates, &mut info)?)?;

        let mut taxes = Vec::new();
        for file in TAX_FILES {
            let rows: RowsFile<TaxRow> = read(file, &mut info)?;
            tax::check_components(file.0, &rows.rows)?;
            taxes.extend(rows.rows);
        }
        taxes.sort_by(|a, b| (a.key(), a.effective_from).cmp(&(b.key(), b.effective_from)));
        tax::check_components("tax tables together", &taxes)?;

        let reduced: RowsFile<ReducedRow> = read(REDUCED, &mut info)?;
        tax::check_reduced(REDUCED.0, &reduced.rows, &taxes, &categories.list)?;

        let mut tariffs = BTreeMap::new();
        for file in DUTY_FILES {
            let tariff = Tariff::parse(file.0, read(file, &mut info)?, &hs)?;
            if tariffs.insert(tariff.id.clone(), tariff).is_some() {
                return Err(TablesError::Invalid(
                    file.0.to_string(),
                    "a tariff with this id is already loaded".into(),
                ));
            }
        }

        // Six tariffs of 5 000 to 12 000 lines each: parsed side by side, they take the service's
        // start from the sum of their times to about the longest one's per core.
        let parsed: Vec<Result<Schedule, TablesError>> = std::thread::scope(|scope| {
            // Each inflated on its own thread too.
            let parsing: Vec<_> = NATIONAL_FILES
                .iter()
                .map(|packed| {
                    scope.spawn(move || {
                        let (file, text) = unpack(packed)?;
                        Schedule::parse(file, text)
                    })
                })
                .collect();
            parsing
                .into_iter()
                .map(|parse| {
                    parse.join().unwrap_or_else(|_| {
                        Err(TablesError::Invalid(
                            "duty/lines".into(),
                            "parsing panicked".into(),
                        ))
                    })
                })
                .collect()
        });
        let mut schedules = BTreeMap::new();
        for (Packed { name: file, .. }, schedule) in NATIONAL_FILES.iter().zip(parsed) {
            let schedule = schedule?;
            if !tariffs.contains_key(&schedule.tariff) {
                return Err(TablesError::Invalid(
                    file.to_string(),
                    format!("no tariff {} to complete", schedule.tariff),
                ));
            }
            info.push(schedule.info.clone());
            schedules.insert(schedule.tariff.clone(), schedule);
        }

        let destinations: RowsFile<DestinationRow> = read(DESTINATIONS, &mut info)?;
        rules::check_destinations(DESTINATIONS.0, &destinations.rows, &tariffs, &fx, &taxes)?;
        let de_minimis: RowsFile<DeMinimisRow> = read(DE_MINIMIS, &mut info)?;
        rules::check_de_minimis(DE_MINIMIS.0, &de_minimis.rows, &tariffs, &fx)?;
        let agreements: RowsFile<AgreementRow> = read(PREFERENTIAL, &mut info)?;
        rules::check_agreements(PREFERENTIAL.0, &agreements.rows, &hs)?;

        Ok(Tables {
            hs,
            keywords,
            categories,
            taxes,
            reduced: reduced.rows,
            tariffs,
            schedules,
            destinations: destinations.rows,
            de_minimis: de_minimis.rows,
            agreements: agreements.rows,
            fx,
            info,
        })
    }

    /// The full national tariff of a tariff id (`US`, `EU`, ...), if Packdesk has one.
    pub fn schedule(&self, tariff: &str) -> Option<&Schedule> {
        self.schedules.get(tariff)
    }

    /// Every table file with its source and dates, in load order.
    pub fn sources(&self) -> &[TableInfo] {
        &self.info
    }
}

/// Parses one embedded file: its header into `info`, its payload into `T`.
/// A compressed table as an [`Asset`].
fn unpack(packed: &'static Packed) -> Result<Asset, TablesError> {
    let text = packed
        .text()
        .map_err(|e| TablesError::Parse(packed.name.to_string(), e.to_string()))?;
    Ok((packed.name, text))
}

fn read<T: DeserializeOwned>(
    (file, text): Asset,
    info: &mut Vec<TableInfo>,
) -> Result<T, TablesError> {
    let parse_error = |e: String| TablesError::Parse(file.to_string(), e);
    let header: Header = parse(text).map_err(parse_error)?;
    info.push(TableInfo {
        file,
        source: header.source,
        source_url: header.source_url,
        retrieved: header.retrieved,
        effective: header.effective,
    });
    parse(text).map_err(parse_error)
}

fn parse<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut deserializer)
        .map_err(|e| format!("at {}: {}", e.path(), e.inner()))
}
