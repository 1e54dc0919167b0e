//! The orders table's search, filters and sort, in memory over the summary rows, so typing in
//! the search box never touches the database.

use std::cmp::Ordering;

use crate::station::db::{OrderRow, OrderStatus};

/// What the table shows: a search text and optional status and destination filters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFilter {
    /// Matches, in any case, part of the order number, the recipient's name, a SKU or a
    /// product name. Blank matches everything.
    pub text: String,
    pub status: Option<OrderStatus>,
    /// A country code (`US`) or country and province (`US-NY`), any case.
    pub destination: Option<String>,
}

impl OrderFilter {
    pub fn matches(&self, row: &OrderRow) -> bool {
        self.matches_lowercase(row, &self.text.trim().to_lowercase())
    }

    fn matches_lowercase(&self, row: &OrderRow, needle: &str) -> bool {
        if self.status.is_some_and(|s| s != row.status) {
            return false;
        }
        if let Some(wanted) = self.destination.as_deref().map(str::trim) {
            let (country, province) = match wanted.split_once('-') {
                Some((c, p)) => (c, Some(p)),
                None => (wanted, None),
            };
            let province_ok = province.is_none_or(|p| {
                row.province
                    .as_deref()
                    .is_some_and(|rp| rp.eq_ignore_ascii_case(p))
            });
            if !(country.is_empty() || row.country_code.eq_ignore_ascii_case(country))
                || !province_ok
            {
                return false;
            }
        }
        needle.is_empty() || row.search_text.contains(needle)
    }
}

/// A column of the orders table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortColumn {
    OrderNumber,
    Recipient,
    Destination,
    Shipments,
    Status,
    /// By `created_at`: ascending is newest first (youngest age).
    Age,
    /// By amount, then currency (amounts in different currencies are not converted).
    Total,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortDirection {
    #[default]
    Ascending,
    Descending,
}

fn compare(a: &OrderRow, b: &OrderRow, column: SortColumn) -> Ordering {
    let by_column = match column {
        SortColumn::OrderNumber => Ordering::Equal,
        SortColumn::Recipient => lower(&a.recipient).cmp(lower(&b.recipient)),
        SortColumn::Destination => {
            (&a.country_code, &a.province).cmp(&(&b.country_code, &b.province))
        }
        SortColumn::Shipments => a.shipment_count.cmp(&b.shipment_count),
        SortColumn::Status => a.status.cmp(&b.status),
        SortColumn::Age => b.created_at.cmp(&a.created_at),
        SortColumn::Total => a
            .total
            .cmp(&b.total)
            .then_with(|| a.currency.cmp(&b.currency)),
    };
    // Ties fall back to the order number so the order of rows is always the same.
    by_column.then_with(|| a.source_reference.cmp(&b.source_reference))
}

/// Case-insensitive comparison key without allocating (sorting 100 000 rows compares a lot).
fn lower(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().flat_map(char::to_lowercase)
}

/// Sorts rows in place by a column.
pub fn sort_rows(rows: &mut [OrderRow], column: SortColumn, direction: SortDirection) {
    rows.sort_by(|a, b| {
        let ordering = compare(a, b, column);
        match direction {
            SortDirection::Ascending => ordering,
            SortDirection::Descending => ordering.reverse(),
        }
    });
}

/// The indices of the rows that match `filter`, in the order of `column` and `direction`:
/// keep one `Vec<OrderRow>` and show `rows[i]` for each index (virtualised tables).
pub fn select(
    rows: &[OrderRow],
    filter: &OrderFilter,
    column: SortColumn,
    direction: SortDirection,
) -> Vec<usize> {
    let needle = filter.text.trim().to_lowercase();
    let mut picked: Vec<usize> = (0..rows.len())
        .filter(|&i| {
            rows.get(i)
                .is_some_and(|r| filter.matches_lowercase(r, &needle))
        })
        .collect();
    picked.sort_by(|&a, &b| match (rows.get(a), rows.get(b)) {
        (Some(ra), Some(rb)) => {
            let ordering = compare(ra, rb, column);
            match direction {
                SortDirection::Ascending => ordering,
                SortDirection::Descending => ordering.reverse(),
            }
        }
        _ => Ordering::Equal,
    });
    picked
}

/// Whether every row matching `new` text also matches `old` (the same filter otherwise), so
/// [`narrow`] may start from the rows `old` selected: a search that only grew.
pub fn narrows(old: &str, new: &str) -> bool {
    new.trim()
        .to_lowercase()
        .contains(&old.trim().to_lowercase())
}

/// [`select`] for a search that only grew (see [`narrows`]): filters the rows already shown,
/// which are already in order, so a keystroke neither rescans every row nor sorts again.
pub fn narrow(rows: &[OrderRow], shown: &[usize], filter: &OrderFilter) -> Vec<usize> {
    let needle = filter.text.trim().to_lowercase();
    shown
        .iter()
        .copied()
        .filter(|&i| {
            rows.get(i)
                .is_some_and(|r| filter.matches_lowercase(r, &needle))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;
    use time::OffsetDateTime;

    use super::*;

    fn row(number: u64, recipient: &str, country: &str, province: Option<&str>) -> OrderRow {
        OrderRow {
            source_reference: number,
            recipient: recipient.into(),
            country_code: country.into(),
            province: province.map(str::to_string),
            shipment_count: 1,
            status: OrderStatus::Open,
            created_at: OffsetDateTime::UNIX_EPOCH,
            total: Decimal::from(number),
            currency: "EUR".into(),
            skus: vec![format!("SKU-{number}")],
            search_text: format!("{number}\u{1f}{recipient}\u{1f}sku-{number}").to_lowercase(),
        }
    }

    #[test]
    fn filter_by_text_status_and_destination() {
        let ny = row(1001, "Zoë Tremblay", "US", Some("NY"));
        let de = row(2002, "Max Müller", "DE", None);
        let text = |t: &str| OrderFilter {
            text: t.into(),
            ..OrderFilter::default()
        };
        assert!(text("zoË").matches(&ny));
        assert!(!text("zoë").matches(&de));
        assert!(text(" 100 ").matches(&ny));
        assert!(text("sku-2002").matches(&de));
        assert!(text("").matches(&de));
        let dest = |d: &str| OrderFilter {
            destination: Some(d.into()),
            ..OrderFilter::default()
        };
        assert!(dest("us").matches(&ny));
        assert!(dest("US-ny").matches(&ny));
        assert!(!dest("US-CA").matches(&ny));
        assert!(!dest("US").matches(&de));
        let labelled = OrderFilter {
            status: Some(OrderStatus::Labelled),
            ..OrderFilter::default()
        };
        assert!(!labelled.matches(&ny));
    }

    #[test]
    fn sort_and_select_keep_ties_in_order_number_order() {
        let mut rows = vec![
            row(3, "bea", "DE", None),
            row(1, "Bea", "AT", None),
            row(2, "al", "US", Some("NY")),
        ];
        sort_rows(&mut rows, SortColumn::Recipient, SortDirection::Ascending);
        let order: Vec<u64> = rows.iter().map(|r| r.source_reference).collect();
        assert_eq!(order, [2, 1, 3]);
        sort_rows(
            &mut rows,
            SortColumn::Destination,
            SortDirection::Descending,
        );
        let order: Vec<u64> = rows.iter().map(|r| r.source_reference).collect();
        assert_eq!(order, [2, 3, 1]);
        let filter = OrderFilter {
            text: "b".into(),
            ..OrderFilter::default()
        };
        let picked = select(&rows, &filter, SortColumn::Total, SortDirection::Descending);
        let order: Vec<u64> = picked.iter().map(|&i| rows[i].source_reference).collect();
        assert_eq!(order, [3, 1]);
    }

    /// Typing a search letter by letter and narrowing each time ends where selecting from
    /// scratch ends, row for row and in the same order; a shorter text is not a narrowing.
    #[test]
    fn narrowing_a_growing_search_equals_selecting_again() {
        let names = ["Ann Lee", "Anna Berg", "Bo Ng", "Annika Vogt", "Lee Ann"];
        let rows: Vec<OrderRow> = (0..200)
            .map(|n| row(n, names[n as usize % names.len()], "DE", None))
            .collect();
        let (column, direction) = (SortColumn::Recipient, SortDirection::Descending);
        let mut filter = OrderFilter::default();
        let mut shown = select(&rows, &filter, column, direction);
        for typed in ["a", "an", "ann", "anni", "annik"] {
            assert!(narrows(&filter.text, typed));
            filter.text = typed.into();
            shown = narrow(&rows, &shown, &filter);
            assert_eq!(shown, select(&rows, &filter, column, direction), "{typed}");
        }
        assert!(!shown.is_empty());
        assert!(!narrows("ann", "an"));
        assert!(!narrows("ann", "bo"));
    }
}
