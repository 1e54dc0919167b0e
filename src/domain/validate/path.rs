//! JSON paths of `FieldError::field`, built step by step so `shipments[0].items[2].weight.unit`
//! never comes out as `shipments.0.items[2]weight.unit`.

use std::fmt;

/// A path into a JSON body in the dotted form of SPEC 2.15 `field`; the empty path is the body.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct JsonPath(String);

impl JsonPath {
    /// The body itself.
    pub fn root() -> Self {
        Self::default()
    }

    /// Continues below an existing path given as text (`toAddress`, `shipments[0].ship_from`);
    /// an empty prefix is the body.
    pub fn from_prefix(prefix: &str) -> Self {
        Self(prefix.to_string())
    }

    /// The member `name` of the object at this path.
    pub fn key(&self, name: &str) -> Self {
        // Pushed, not `format!`ted: every field of every request gets a path (most requests
        // have no problem to report), and formatting was half the cost of validating a cart.
        let mut path = String::with_capacity(self.0.len() + 1 + name.len());
        path.push_str(&self.0);
        if !self.0.is_empty() {
            path.push('.');
        }
        path.push_str(name);
        Self(path)
    }

    /// Element `index` of the array at this path.
    pub fn index(&self, index: usize) -> Self {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(index);
        let mut path = String::with_capacity(self.0.len() + 2 + digits.len());
        path.push_str(&self.0);
        path.push('[');
        path.push_str(digits);
        path.push(']');
        Self(path)
    }

    /// Shorthand for `key(name).index(index)`: `shipments[0]`.
    pub fn item(&self, name: &str, index: usize) -> Self {
        self.key(name).index(index)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<JsonPath> for String {
    fn from(path: JsonPath) -> Self {
        path.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_dotted_paths_with_indices() {
        let unit = JsonPath::root()
            .item("shipments", 0)
            .item("items", 2)
            .key("weight")
            .key("unit");
        assert_eq!(unit.as_str(), "shipments[0].items[2].weight.unit");
        assert_eq!(JsonPath::root().key("caller_app").as_str(), "caller_app");
        assert_eq!(
            JsonPath::from_prefix("toAddress")
                .key("zipcode")
                .to_string(),
            "toAddress.zipcode"
        );
        assert_eq!(JsonPath::root().index(3).as_str(), "[3]");
    }
}
