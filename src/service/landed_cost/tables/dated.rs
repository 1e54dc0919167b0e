//! Effective dates shared by every table row, and the checks that keep a table's periods sorted
//! and free of overlaps.
//!
//! A row applies from `effective_from` through `effective_to` (both inclusive). A row without
//! `effective_to` is open-ended: it applies until a later row with the same key starts (so an
//! FX table is a list of daily rows and a new VAT rate is one appended row).

use std::fmt::Debug;

use serde::{Deserialize, Deserializer, de::Error as _};
use time::Date;
use time::macros::format_description;

use super::error::TablesError;

/// The validity of one row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: Date,
    pub to: Option<Date>,
}

impl Period {
    pub fn contains(&self, date: Date) -> bool {
        self.from <= date && self.to.is_none_or(|to| date <= to)
    }

    /// Whether two periods share a day (open-ended periods run forever).
    pub fn overlaps(&self, other: &Period) -> bool {
        self.to.is_none_or(|to| other.from <= to) && other.to.is_none_or(|to| self.from <= to)
    }
}

/// A table row with effective dates.
pub trait Dated {
    fn period(&self) -> Period;
}

/// The row of `rows` in force on `date`: among those whose period contains it, the one that
/// started last (which is how an open-ended row gets superseded).
pub fn in_force<'a, T: Dated>(rows: impl IntoIterator<Item = &'a T>, date: Date) -> Option<&'a T> {
    rows.into_iter()
        .filter(|row| row.period().contains(date))
        .max_by_key(|row| row.period().from)
}

/// Checks that rows are sorted by (key, effective_from), that no two rows of one key start on
/// the same day, that every period ends after it starts, and that a closed period ends before
/// the next row of its key starts.
pub fn check_periods<K: Ord + Debug>(
    table: &str,
    rows: impl IntoIterator<Item = (K, Period)>,
) -> Result<(), TablesError> {
    let mut previous: Option<(K, Period)> = None;
    for (key, period) in rows {
        if period.to.is_some_and(|to| to < period.from) {
            return Err(TablesError::Invalid(
                table.to_string(),
                format!("{key:?}: effective_to is before effective_from"),
            ));
        }
        if let Some((prev_key, prev)) = &previous {
            if (prev_key, prev.from) >= (&key, period.from) {
                return Err(TablesError::Invalid(
                    table.to_string(),
                    format!(
                        "{key:?} from {}: rows must be sorted by key then effective_from, without duplicates",
                        period.from
                    ),
                ));
            }
            if *prev_key == key && prev.to.is_some_and(|to| to >= period.from) {
                return Err(TablesError::Invalid(
                    table.to_string(),
                    format!(
                        "{key:?}: the period starting {} overlaps the one before",
                        period.from
                    ),
                ));
            }
        }
        previous = Some((key, period));
    }
    Ok(())
}

pub(crate) fn parse_date(text: &str) -> Option<Date> {
    Date::parse(text, format_description!("[year]-[month]-[day]")).ok()
}

/// Serde: a `YYYY-MM-DD` date.
pub fn date<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse_date(&text).ok_or_else(|| D::Error::custom(format!("`{text}` is not a YYYY-MM-DD date")))
}

/// Serde: an optional `YYYY-MM-DD` date; pair with `#[serde(default)]`.
pub fn opt_date<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Date>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(text) => parse_date(&text)
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("`{text}` is not a YYYY-MM-DD date"))),
    }
}

/// Implements [`Dated`] for a row type with `effective_from` / `effective_to` fields.
macro_rules! dated {
    ($($row:ty),+ $(,)?) => {$(
        impl $crate::service::landed_cost::tables::dated::Dated for $row {
            fn period(&self) -> $crate::service::landed_cost::tables::dated::Period {
                $crate::service::landed_cost::tables::dated::Period {
                    from: self.effective_from,
                    to: self.effective_to,
                }
            }
        }
    )+};
}
pub(crate) use dated;

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn period(from: Date, to: Option<Date>) -> Period {
        Period { from, to }
    }

    #[test]
    fn periods_are_inclusive_and_checked() {
        let p = period(date!(2026 - 07 - 01), Some(date!(2028 - 06 - 30)));
        assert!(p.contains(date!(2026 - 07 - 01)));
        assert!(p.contains(date!(2028 - 06 - 30)));
        assert!(!p.contains(date!(2026 - 06 - 30)));
        assert!(!p.contains(date!(2028 - 07 - 01)));

        let ok = [
            (
                "A",
                period(date!(2020 - 01 - 01), Some(date!(2020 - 12 - 31))),
            ),
            ("A", period(date!(2021 - 01 - 01), None)),
            ("A", period(date!(2022 - 01 - 01), None)),
            ("B", period(date!(2019 - 01 - 01), None)),
        ];
        assert!(check_periods("t", ok).is_ok());
        let overlap = [
            (
                "A",
                period(date!(2020 - 01 - 01), Some(date!(2021 - 01 - 01))),
            ),
            ("A", period(date!(2021 - 01 - 01), None)),
        ];
        assert!(check_periods("t", overlap).is_err());
        let unsorted = [
            ("B", period(date!(2020 - 01 - 01), None)),
            ("A", period(date!(2021 - 01 - 01), None)),
        ];
        assert!(check_periods("t", unsorted).is_err());
        let backwards = [(
            "A",
            period(date!(2021 - 01 - 01), Some(date!(2020 - 01 - 01))),
        )];
        assert!(check_periods("t", backwards).is_err());
    }
}
