//! Where a table comes from.

use time::Date;

/// Where a table comes from, as its file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableInfo {
    pub file: &'static str,
    pub source: String,
    pub source_url: String,
    pub retrieved: Date,
    pub effective: Date,
}
