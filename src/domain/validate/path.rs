//! JSON paths of `FieldError::field`, built step by step so `shipments[0].items[2].weight.unit`
//! never comes out as `shipments.0.items[2]weight.unit`.
//!
//! Every field of every request gets a path, and nearly every request has no problem to report,
//! so a path is only a step and a reference to its parent: it is written out as text when a
//! problem names it. (Built as a `String` per field, paths were a third of validating a cart:
//! an allocation and a copy of the parent's text for every key and index.)

use std::fmt;

/// A path into a JSON body in the dotted form of SPEC 2.15 `field`; the root is the body.
/// Cheap to make and to copy; [`fmt::Display`] writes it out.
#[derive(Debug, Clone, Copy)]
pub struct JsonPath<'a> {
    parent: Option<&'a JsonPath<'a>>,
    step: Step<'a>,
}

#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    /// The body itself, or a path given as text (`toAddress`, `shipments[0].ship_from`).
    Text(&'a str),
    Key(&'a str),
    Index(usize),
    /// `name[index]`, one step so a caller can make it without keeping `name`'s path.
    Item(&'a str, usize),
}

impl JsonPath<'static> {
    /// The body itself.
    pub fn root() -> Self {
        Self::from_prefix("")
    }
}

impl<'a> JsonPath<'a> {
    /// Continues below a path given as text; an empty prefix is the body.
    pub fn from_prefix(prefix: &'a str) -> Self {
        Self {
            parent: None,
            step: Step::Text(prefix),
        }
    }

    fn child<'b>(&'b self, step: Step<'b>) -> JsonPath<'b>
    where
        'a: 'b,
    {
        JsonPath {
            parent: Some(self),
            step,
        }
    }

    /// The member `name` of the object at this path.
    pub fn key<'b>(&'b self, name: &'b str) -> JsonPath<'b>
    where
        'a: 'b,
    {
        self.child(Step::Key(name))
    }

    /// Element `index` of the array at this path.
    pub fn index(&self, index: usize) -> JsonPath<'_> {
        self.child(Step::Index(index))
    }

    /// `key(name).index(index)` as one step: `shipments[0]`.
    pub fn item<'b>(&'b self, name: &'b str, index: usize) -> JsonPath<'b>
    where
        'a: 'b,
    {
        self.child(Step::Item(name, index))
    }

    /// Whether nothing is written for this path (the body itself).
    fn is_empty(&self) -> bool {
        matches!(self.step, Step::Text("")) && self.parent.is_none_or(|parent| parent.is_empty())
    }
}

impl fmt::Display for JsonPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(parent) = self.parent {
            parent.fmt(f)?;
        }
        let dot = if self.parent.is_some_and(|parent| !parent.is_empty()) {
            "."
        } else {
            ""
        };
        match self.step {
            Step::Text(text) => f.write_str(text),
            Step::Key(name) => write!(f, "{dot}{name}"),
            Step::Index(index) => write!(f, "[{index}]"),
            Step::Item(name, index) => write!(f, "{dot}{name}[{index}]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_dotted_paths_with_indices() {
        let root = JsonPath::root();
        let shipment = root.item("shipments", 0);
        let item = shipment.item("items", 2);
        let weight = item.key("weight");
        assert_eq!(
            weight.key("unit").to_string(),
            "shipments[0].items[2].weight.unit"
        );
        let shipments = root.key("shipments");
        let second = shipments.index(1);
        assert_eq!(
            second.key("shipment_id").to_string(),
            "shipments[1].shipment_id"
        );
        assert_eq!(root.key("caller_app").to_string(), "caller_app");
        assert_eq!(
            JsonPath::from_prefix("toAddress")
                .key("zipcode")
                .to_string(),
            "toAddress.zipcode"
        );
        assert_eq!(root.index(3).to_string(), "[3]");
        assert_eq!(root.to_string(), "");
        let ship_from = shipment.key("ship_from").to_string();
        assert_eq!(
            JsonPath::from_prefix(&ship_from)
                .key("country_code")
                .to_string(),
            "shipments[0].ship_from.country_code"
        );
    }
}
