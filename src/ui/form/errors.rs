//! Field problems keyed by their JSON path (`shipments[0].items[2].weight.unit`), so the form can
//! show each one under the field it belongs to, whether it came from `domain::validate`, from
//! parsing the form's text, or from a service 422.

use std::collections::{BTreeMap, BTreeSet};

use crate::api::FieldError;

/// Messages per JSON path, in the order they were added; a path keeps each message once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors {
    by_path: BTreeMap<String, Vec<String>>,
}

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn from_list(errors: &[FieldError]) -> Self {
        let mut all = Self::new();
        all.extend(errors);
        all
    }

    pub fn add(&mut self, path: &str, message: &str) {
        let messages = self.by_path.entry(path.to_string()).or_default();
        if !messages.iter().any(|m| m == message) {
            messages.push(message.to_string());
        }
    }

    pub fn extend<'a>(&mut self, errors: impl IntoIterator<Item = &'a FieldError>) {
        for error in errors {
            self.add(&error.field, &error.error);
        }
    }

    /// The messages for exactly this path.
    pub fn at(&self, path: &str) -> &[String] {
        self.by_path.get(path).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn is_empty(&self) -> bool {
        self.by_path.is_empty()
    }

    pub fn len(&self) -> usize {
        self.by_path.values().map(Vec::len).sum()
    }

    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.by_path.keys().map(String::as_str)
    }

    /// Every (path, message), paths in sorted order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.by_path
            .iter()
            .flat_map(|(path, messages)| messages.iter().map(move |m| (path.as_str(), m.as_str())))
    }

    pub fn remove(&mut self, path: &str) {
        self.by_path.remove(path);
    }

    /// Removes this path and everything below it (`shipments[1]` takes `shipments[1].items[0].sku`).
    pub fn remove_below(&mut self, prefix: &str) {
        self.by_path.retain(|path, _| !is_below(path, prefix));
    }

    /// Only the paths in `keep`.
    pub fn retain_paths(&mut self, keep: impl Fn(&str) -> bool) {
        self.by_path.retain(|path, _| keep(path));
    }

    /// The entries whose path is not in `shown`: problems no field of the form displays.
    pub fn not_in(&self, shown: &BTreeSet<String>) -> Vec<(&str, &str)> {
        self.iter()
            .filter(|(path, _)| !shown.contains(*path))
            .collect()
    }
}

/// Whether `path` is `prefix` or lies below it.
pub fn is_below(path: &str, prefix: &str) -> bool {
    match path.strip_prefix(prefix) {
        Some(rest) => rest.is_empty() || rest.starts_with('.') || rest.starts_with('['),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_messages_per_path_once_and_removes_subtrees() {
        let mut errors = FieldErrors::from_list(&[
            FieldError::new("shipments[1].items[0].sku", "Enter the SKU."),
            FieldError::new("shipments[1].items[0].sku", "Enter the SKU."),
            FieldError::new("shipments[10].shipment_id", "Enter the ID."),
            FieldError::new("ship_to.province", "Enter the province."),
        ]);
        assert_eq!(errors.len(), 3);
        assert_eq!(errors.at("shipments[1].items[0].sku"), ["Enter the SKU."]);
        errors.remove_below("shipments[1]");
        assert!(errors.at("shipments[1].items[0].sku").is_empty());
        assert_eq!(
            errors.at("shipments[10].shipment_id").len(),
            1,
            "[10] is not below [1]"
        );
        let shown = BTreeSet::from(["ship_to.province".to_string()]);
        assert_eq!(
            errors.not_in(&shown),
            [("shipments[10].shipment_id", "Enter the ID.")]
        );
    }
}
