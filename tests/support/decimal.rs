//! A decimal from its literal, for tests: the one helper the unit tests, the integration tests
//! and the benchmarks' fixtures share.

use rust_decimal::Decimal;

/// `dec("12.50")`; panics on a text that is not a decimal (a test's own literal).
pub fn dec(text: &str) -> Decimal {
    match text.parse() {
        Ok(value) => value,
        Err(e) => panic!("not a decimal literal {text:?}: {e}"),
    }
}
