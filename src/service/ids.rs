//! The ids the service gives a calculation and its rate options.
//!
//! A calculation is `lc_` and a time-ordered id; each of its rate options is the calculation's
//! id, a dash and the option's number (`lc_01a2…7e-2`). A tax transaction id thus names its
//! calculation, and is unique because the calculation's id is: the store keeps no row per rate
//! option of a quote (three rows and three indexes more per quote, most of which no order ever
//! uses). An order looks its tax transactions up in the calculation it names; the row that
//! locks a rate is written when an order takes it.

use std::time::{SystemTime, UNIX_EPOCH};

use uuid::Uuid;

/// A new calculation id.
pub fn calculation_id() -> String {
    // Put together in a string of its size: `format!` grew it twice, and every quote has one.
    let mut hex = Uuid::encode_buffer();
    let hex = time_ordered_id().simple().encode_lower(&mut hex);
    let mut id = String::with_capacity(3 + hex.len());
    id.push_str("lc_");
    id.push_str(hex);
    id
}

/// The id of rate option `number` (from 1, across the calculation's shipments).
pub fn tax_transaction_id(calculation_id: &str, number: usize) -> String {
    let mut digits = itoa::Buffer::new();
    let number = digits.format(number);
    let mut id = String::with_capacity(calculation_id.len() + 1 + number.len());
    id.push_str(calculation_id);
    id.push('-');
    id.push_str(number);
    id
}

/// Whether `tax_transaction_id` is one of `calculation_id`'s: the calculation's id and a dash,
/// then anything.
pub fn names_calculation(tax_transaction_id: &str, calculation_id: &str) -> bool {
    tax_transaction_id
        .strip_prefix(calculation_id)
        .is_some_and(|rest| rest.starts_with('-'))
}

/// The calculation a tax transaction id names, if it has the form of one (calculation ids have
/// no dash). Whether that calculation exists is for the store to say.
pub fn calculation_of(tax_transaction_id: &str) -> Option<&str> {
    tax_transaction_id
        .split_once('-')
        .map(|(calculation, _)| calculation)
        .filter(|calculation| !calculation.is_empty())
}

/// A time-ordered (version 7) id: the Unix time in milliseconds, then 74 bits from the thread's
/// CSPRNG (seeded by the OS; no `getrandom` system call per id). Ids made later sort later, so
/// the store's indexes on them grow at their right edge. Random ids land on random leaves of
/// indexes that grow with every stored quote, each insert reading and rewriting a page of its
/// own, which makes quoting slower the more quotes are kept.
fn time_ordered_id() -> Uuid {
    use rand::RngExt as _;
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        });
    uuid::Builder::from_unix_timestamp_millis(millis, &rand::rng().random()).into_uuid()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tax_transaction_names_its_calculation_and_no_other() {
        let calc = calculation_id();
        let other = calculation_id();
        assert!(calc.starts_with("lc_") && !calc.contains('-'), "{calc}");
        assert_ne!(calc, other);
        assert_eq!(calc.len(), 3 + 32, "{calc}");
        assert!(
            calc[3..]
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
            "{calc}"
        );
        let ttx = tax_transaction_id(&calc, 2);
        assert_eq!(ttx, format!("{calc}-2"));
        assert_eq!(tax_transaction_id(&calc, 120), format!("{calc}-120"));
        assert!(names_calculation(&ttx, &calc));
        assert!(!names_calculation(&ttx, &other));
        assert_eq!(calculation_of(&ttx), Some(calc.as_str()));
        // A calculation whose id is the start of another's names none of the other's rates.
        assert!(!names_calculation("lc_ab-1", "lc_a"));
        assert!(!names_calculation("lc_a", "lc_a"));
        assert_eq!(calculation_of("tt_d5a0d3e2e63a4606b985bf92799fc130"), None);
        assert_eq!(calculation_of("-1"), None);
    }

    #[test]
    fn ids_made_later_sort_later_and_are_not_guessable() {
        let first = time_ordered_id();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let later = time_ordered_id();
        assert_eq!(first.get_version(), Some(uuid::Version::SortRand));
        assert!(
            first.simple().to_string() < later.simple().to_string(),
            "{first} then {later}"
        );
        // Within one millisecond the random part still tells ids apart.
        let same_moment: std::collections::HashSet<_> =
            (0..1000).map(|_| time_ordered_id()).collect();
        assert_eq!(same_moment.len(), 1000);
    }
}
