//! Time as the warehouse server stores and answers it: Unix milliseconds in the record
//! (`station::db::access`), RFC 3339 in answers.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// `at` in Unix milliseconds.
pub fn unix_ms(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    unix_ms(OffsetDateTime::now_utc())
}

/// `at` as RFC 3339 text.
pub fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

/// Unix milliseconds as RFC 3339 text (empty for a time out of range).
pub fn rfc3339_ms(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .map(rfc3339)
        .unwrap_or_default()
}
