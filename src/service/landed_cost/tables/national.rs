//! Full national tariffs (`assets/tables/duty/lines/*.tsv`): every national tariff line with
//! its MFN rate, the preferential rates the official file carries, the official text and the
//! description. Parsed once; the text stays in the binary and lines borrow from it.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, OnceLock};

use time::Date;

use super::dated;
use super::described::Described;
use super::error::{TablesError, invalid};
use super::hs::HsTable;
use super::info::TableInfo;
use super::printed;
use super::rate_expr::RateExpr;

/// One customs territory's full tariff.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// The tariff id of `destinations.json` (`EU`, `GB`, `US`, `JP`, `AU`).
    pub tariff: String,
    pub name: String,
    pub edition: String,
    /// Sorted by code, each once.
    lines: Vec<NationalLine>,
    /// Each line's first six digits as a number, in the same order: the look-up of an item's
    /// subheading compares integers instead of strings (a twentieth of a quote before).
    subheadings: Vec<u32>,
    /// Chapters the source lacks (a partial scrape): the chapter tables price them.
    missing_chapters: BTreeSet<String>,
    /// Agreements with a rate column in the file: for them a line without a preferential
    /// rate pays MFN; for any other agreement the engine keeps its duty-free assumption.
    agreements: BTreeSet<&'static str>,
    pub info: TableInfo,
}

/// A national tariff line.
#[derive(Debug, Clone)]
pub struct NationalLine {
    /// Digits only.
    pub code: &'static str,
    /// Shared by every line printing the same rate: a tariff has tens of thousands of lines but
    /// a few hundred distinct rates, so each is parsed and held once.
    pub mfn: Arc<RateExpr>,
    pub prefs: Box<[(&'static str, Arc<RateExpr>)]>,
    /// The MFN rate as the official file prints it.
    pub official: &'static str,
    /// The line's description after its parents' below the subheading, ` > ` between.
    pub description: &'static str,
    /// The end of `description`: the line's own words.
    own_description: &'static str,
    described: OnceLock<Described>,
    /// Made on first use, like `described`.
    label: OnceLock<String>,
}

impl NationalLine {
    /// The rate of a trade agreement for goods of `origin`, when the file gives one for this
    /// line: the agreement's own column, or its column for that partner (`USMCA:MX`) where the
    /// tariff has one per partner.
    pub fn preferential(&self, agreement: &str, origin: &str) -> Option<&RateExpr> {
        self.prefs
            .iter()
            .find(|(key, _)| match key.split_once(':') {
                Some((id, partner)) => id == agreement && partner == origin,
                None => *key == agreement,
            })
            .map(|(_, rate)| &**rate)
    }

    /// The description as words, prepared on first use.
    pub fn described(&self) -> &Described {
        self.described.get_or_init(|| {
            let machine = self.code.starts_with("84") || self.code.starts_with("85");
            Described::new(self.description, self.own_description(), machine)
        })
    }

    /// The line as a breakdown line names it: `6911.10.80 (other porcelain tableware)`. Made
    /// once, on first use: every quote naming the line used to format it again.
    pub fn label(&self, hs: &HsTable) -> &str {
        self.label
            .get_or_init(|| printed::label(self.code, self.own_description, hs))
    }

    /// The code dotted as the tariff prints it (`6911.10.80`).
    pub fn printed_code(&self) -> String {
        printed::dotted(self.code)
    }

    /// The line's own description, without its parents'.
    pub fn own_description(&self) -> &'static str {
        self.own_description
    }
}

impl Schedule {
    pub(super) fn parse(file: &'static str, text: &'static str) -> Result<Schedule, TablesError> {
        let mut header = Header::default();
        let mut lines: Vec<NationalLine> = Vec::new();
        let mut rates = Rates::default();
        for (n, row) in text.lines().enumerate() {
            let at = |message: String| invalid(file, format!("line {}: {message}", n + 1));
            if let Some(pair) = row.strip_prefix("# ") {
                if let Some((key, value)) = pair.split_once(": ") {
                    header.set(key, value);
                }
                continue;
            }
            let line = parse_line(row, &mut rates).map_err(at)?;
            if let Some(last) = lines.last()
                && last.code >= line.code
            {
                return Err(at(format!("{} is out of order or repeated", line.code)));
            }
            lines.push(line);
        }
        let date = |key: &str, value: &Option<String>| {
            value
                .as_deref()
                .and_then(|v| dated::parse_date(v.get(..10).unwrap_or(v)))
                .ok_or_else(|| invalid(file, format!("header `{key}` is not a date")))
        };
        let retrieved: Date = date("retrieved", &header.retrieved)?;
        let effective: Date = date("effective", &header.effective)?;
        let required = |key: &str, value: Option<String>| {
            value.ok_or_else(|| invalid(file, format!("header `{key}` is missing")))
        };
        let agreements = lines
            .iter()
            .flat_map(|l| l.prefs.iter().map(|(key, _)| agreement_of(key)))
            .collect();
        let subheadings = lines
            .iter()
            .map(|l| digits_as_number(l.code, b'0'))
            .collect::<Option<_>>()
            .ok_or_else(|| invalid(file, "a code is not digits".to_string()))?;
        Ok(Schedule {
            tariff: required("tariff", header.tariff)?.to_uppercase(),
            name: required("name", header.name)?,
            edition: required("edition", header.edition)?,
            lines,
            subheadings,
            missing_chapters: header
                .missing_chapters
                .iter()
                .flat_map(|c| c.split(','))
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect(),
            agreements,
            info: TableInfo {
                file,
                source: required("source", header.source)?,
                source_url: required("source_url", header.source_url)?,
                retrieved,
                effective,
            },
        })
    }

    /// The lines whose code starts with `prefix`, in code order.
    pub fn under(&self, prefix: &str) -> &[NationalLine] {
        // The lines of the subheadings the first six digits span (`6911` spans 691100-691199)...
        let (Some(low), Some(high)) = (
            digits_as_number(prefix, b'0'),
            digits_as_number(prefix, b'9'),
        ) else {
            return &[];
        };
        let start = self.subheadings.partition_point(|&s| s < low);
        let end = self.subheadings.partition_point(|&s| s <= high);
        let lines = self.lines.get(start..end).unwrap_or_default();
        if prefix.len() <= 6 {
            return lines;
        }
        // ...then those of them that start with the rest.
        let start = lines.partition_point(|l| l.code < prefix);
        let lines = lines.get(start..).unwrap_or_default();
        let len = lines
            .iter()
            .take_while(|l| l.code.starts_with(prefix))
            .count();
        lines.get(..len).unwrap_or_default()
    }

    /// The line with exactly this code.
    pub fn line(&self, code: &str) -> Option<&NationalLine> {
        let at = self.lines.binary_search_by(|l| l.code.cmp(code)).ok()?;
        self.lines.get(at)
    }

    /// Whether the source has this HS chapter (two digits) at all.
    pub fn has_chapter(&self, chapter: &str) -> bool {
        !self.missing_chapters.contains(chapter)
    }

    /// Whether the file gives this agreement's rates.
    pub fn carries(&self, agreement: &str) -> bool {
        self.agreements.contains(agreement)
    }

    pub fn lines(&self) -> &[NationalLine] {
        &self.lines
    }
}

/// The first six characters of `code` as a six-digit number, a shorter code padded with `pad`
/// (`b'0'` for the lowest subheading it spans, `b'9'` for the highest); `None` unless digits.
fn digits_as_number(code: &str, pad: u8) -> Option<u32> {
    let head = code.as_bytes().iter().take(6).copied();
    head.chain(std::iter::repeat(pad))
        .take(6)
        .try_fold(0u32, |n, b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
}

/// The agreement of a preference key: `CETA`, or `USMCA` of `USMCA:MX`.
fn agreement_of(key: &'static str) -> &'static str {
    key.split_once(':').map_or(key, |(id, _)| id)
}

/// The rate expressions of a tariff, each parsed once.
#[derive(Default)]
struct Rates(HashMap<&'static str, Arc<RateExpr>>);

impl Rates {
    fn get(&mut self, text: &'static str) -> Option<Arc<RateExpr>> {
        if let Some(rate) = self.0.get(text) {
            return Some(Arc::clone(rate));
        }
        let rate = Arc::new(RateExpr::parse(text)?);
        self.0.insert(text, Arc::clone(&rate));
        Some(rate)
    }
}

fn parse_line(row: &'static str, rates: &mut Rates) -> Result<NationalLine, String> {
    let mut fields = row.split('\t');
    let (Some(code), Some(mfn), Some(prefs), Some(official), Some(description), None) = (
        fields.next(),
        fields.next(),
        fields.next(),
        fields.next(),
        fields.next(),
        fields.next(),
    ) else {
        return Err("a line has five tab-separated fields".to_string());
    };
    if code.len() < 8 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("code {code:?} is not 8 or more digits"));
    }
    let mut expr = |text: &'static str| {
        rates
            .get(text)
            .ok_or_else(|| format!("{code}: {text:?} is not a rate expression"))
    };
    let prefs = prefs
        .split(';')
        .filter(|p| !p.is_empty())
        .map(|pref| {
            let (id, rate) = pref
                .split_once('=')
                .ok_or_else(|| format!("{code}: preference {pref:?} is not ID=rate"))?;
            Ok((id, expr(rate)?))
        })
        .collect::<Result<_, String>>()?;
    Ok(NationalLine {
        code,
        mfn: expr(mfn)?,
        prefs,
        official,
        description,
        own_description: description.rsplit(" > ").next().unwrap_or(description),
        described: OnceLock::new(),
        label: OnceLock::new(),
    })
}

#[derive(Default)]
struct Header {
    tariff: Option<String>,
    name: Option<String>,
    source: Option<String>,
    source_url: Option<String>,
    edition: Option<String>,
    effective: Option<String>,
    retrieved: Option<String>,
    missing_chapters: Option<String>,
}

impl Header {
    fn set(&mut self, key: &str, value: &str) {
        let slot = match key {
            "tariff" => &mut self.tariff,
            "name" => &mut self.name,
            "source" => &mut self.source,
            "source_url" => &mut self.source_url,
            "edition" => &mut self.edition,
            "effective" => &mut self.effective,
            "retrieved" => &mut self.retrieved,
            "missing_chapters" => &mut self.missing_chapters,
            _ => return,
        };
        *slot = Some(value.trim().to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# tariff: US\n# name: HTSUS\n# source: USITC\n# source_url: https://hts.usitc.gov/\n# edition: 2026 Revision 10\n# effective: 2026-07-01\n# retrieved: 2026-11-24\n# missing_chapters: 28,30\n\
69111010\t0.075 USD/dozen + 3%\t\t$x\tHotel or restaurant ware\n\
69111080\t20.8%\tKORUS=0%;AUSFTA=0%\t20.8%\tOther > Other\n\
69120010\t7%\tUSMCA:CA=0%;USMCA:MX=3%\t7%\tTableware\n";

    #[test]
    fn a_schedule_reads_its_header_and_lines() {
        let s = Schedule::parse("sample", SAMPLE).unwrap();
        assert_eq!(
            (s.tariff.as_str(), s.edition.as_str()),
            ("US", "2026 Revision 10")
        );
        assert_eq!(s.under("691110").len(), 2);
        assert_eq!(s.under("6911").len(), 2);
        assert_eq!(s.under("69111080")[0].mfn.to_string(), "20.8%");
        assert!(s.under("691190").is_empty());
        assert_eq!(s.under("69111080")[0].own_description(), "Other");
        assert!(s.carries("KORUS") && s.carries("USMCA") && !s.carries("CETA"));
        let tableware = s.line("69120010").unwrap();
        let usmca = |origin| {
            tableware
                .preferential("USMCA", origin)
                .map(ToString::to_string)
        };
        assert_eq!(usmca("MX").as_deref(), Some("3%"));
        assert_eq!(usmca("CA").as_deref(), Some("0%"));
        assert_eq!(usmca("US"), None);
        assert!(!s.has_chapter("28") && s.has_chapter("69"));
        let line = &s.under("69111080")[0];
        assert_eq!(
            line.preferential("KORUS", "KR")
                .map(ToString::to_string)
                .as_deref(),
            Some("0%")
        );
    }

    #[test]
    fn a_bad_row_names_its_line() {
        let text = "# tariff: US\n69111080\t20,8%\t\t20.8%\tOther\n";
        let err = Schedule::parse("sample", text).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("20,8%"), "{err}");
        let unsorted = "69120010\t7%\t\t7%\tTableware\n69111080\t20.8%\t\t20.8%\tOther\n";
        let err = Schedule::parse("sample", unsorted).unwrap_err().to_string();
        assert!(err.contains("out of order"), "{err}");
    }

    /// The look-up by subheading number finds what a scan of every line for the prefix finds:
    /// prefixes of every length of a sample of each tariff's lines, and their neighbours.
    #[test]
    fn lines_under_a_prefix_are_those_a_scan_finds() {
        let tables = crate::service::landed_cost::Tables::load().unwrap();
        for tariff in ["AU", "CA", "EU", "GB", "JP", "US"] {
            let schedule = tables.schedule(tariff).unwrap();
            let scan = |prefix: &str| -> Vec<&str> {
                let lines = schedule.lines().iter();
                lines
                    .filter(|l| l.code.starts_with(prefix))
                    .map(|l| l.code)
                    .collect()
            };
            for line in schedule.lines().iter().step_by(211) {
                for len in 1..=line.code.len() + 1 {
                    let prefix = format!("{}0", line.code).get(..len).unwrap().to_string();
                    let found: Vec<&str> = schedule.under(&prefix).iter().map(|l| l.code).collect();
                    assert_eq!(found, scan(&prefix), "{tariff} {prefix}");
                }
            }
            assert!(
                schedule.under("61x").is_empty()
                    && schedule.under("").len() == schedule.lines().len()
            );
        }
    }
}
