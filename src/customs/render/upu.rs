//! What the UPU's CN22 and CN23 say word for word: the categories of item and the sender's
//! certification.

/// The UPU's categories of item, in the form's order.
const CATEGORIES: [&str; 6] = [
    "Gift",
    "Documents",
    "Commercial sample",
    "Returned goods",
    "Sale of goods",
    "Other",
];

/// The sender's certification, as the UPU words it on the CN22 and CN23.
pub(super) const CERTIFICATION: &str = "I, the undersigned, whose name and address are given on \
    the item, certify that the particulars given in this declaration are correct and that this \
    item does not contain any dangerous article or articles prohibited by legislation or by \
    postal or customs regulations";

/// `[X] Sale of goods`, `[ ] Gift`, ... for each category: the declaration's is ticked; one
/// that is none of them ticks "Other" and is named after it.
pub(super) fn category_marks(category: &str) -> Vec<String> {
    let category = category.trim();
    let known = CATEGORIES.iter().any(|c| c.eq_ignore_ascii_case(category));
    CATEGORIES
        .iter()
        .map(|&name| {
            let other = name == "Other" && !known;
            if name.eq_ignore_ascii_case(category) || other {
                if other && !category.is_empty() {
                    format!("[X] Other: {category}")
                } else {
                    format!("[X] {name}")
                }
            } else {
                format!("[ ] {name}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_category_is_ticked() {
        let marks = category_marks("Sale of goods");
        assert_eq!(marks.len(), 6);
        assert!(marks.contains(&"[X] Sale of goods".to_owned()));
        assert!(marks.contains(&"[ ] Gift".to_owned()));
        assert_eq!(marks.iter().filter(|m| m.starts_with("[X]")).count(), 1);
        let other = category_marks("Merchandise sample");
        assert!(other.contains(&"[X] Other: Merchandise sample".to_owned()));
        assert!(other.contains(&"[ ] Sale of goods".to_owned()));
    }
}
