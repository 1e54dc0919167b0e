//! The fields of the parcel form, and where a reported field path (`toAddress.zipcode`,
//! `skus[1].quantity`, the station's `lines[0].asn`, `to.phoneNumber`) shows its message.

use crate::api::FieldError;

/// Which label address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    From,
    To,
}

impl Side {
    pub fn title(&self) -> &'static str {
        match self {
            Self::From => "Ship from",
            Self::To => "Ship to",
        }
    }
}

/// A field of a label address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressField {
    FirstName,
    LastName,
    Phone,
    Line1,
    Line2,
    City,
    Province,
    Country,
    Zipcode,
}

impl AddressField {
    pub const ALL: [AddressField; 9] = [
        Self::FirstName,
        Self::LastName,
        Self::Phone,
        Self::Line1,
        Self::Line2,
        Self::City,
        Self::Province,
        Self::Country,
        Self::Zipcode,
    ];

    /// The SPEC 2.18 name.
    pub fn wire(&self) -> &'static str {
        match self {
            Self::FirstName => "firstName",
            Self::LastName => "lastName",
            Self::Phone => "phoneNumber",
            Self::Line1 => "line1",
            Self::Line2 => "line2",
            Self::City => "city",
            Self::Province => "province",
            Self::Country => "country",
            Self::Zipcode => "zipcode",
        }
    }

    /// For people.
    pub fn label(&self) -> &'static str {
        match self {
            Self::FirstName => "First name",
            Self::LastName => "Last name",
            Self::Phone => "Phone",
            Self::Line1 => "Street",
            Self::Line2 => "Line 2",
            Self::City => "City",
            Self::Province => "State / province",
            Self::Country => "Country",
            Self::Zipcode => "ZIP / postal code",
        }
    }

    fn from_wire(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.wire() == name)
    }
}

/// A place on the form that can show a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldKey {
    /// The parcel's items as a whole.
    Lines,
    /// A line's SKU (its "Include" box).
    LineInclude(usize),
    LineQuantity(usize),
    LineAsn(usize),
    Weight,
    Length,
    Width,
    Height,
    DimensionsUnit,
    Address(Side, AddressField),
    TrackReference,
}

/// Splits reported problems into those a field shows and the rest (as "path: message").
pub fn place_reported(
    errors: &[FieldError],
    sent: &[usize],
) -> (Vec<(FieldKey, String)>, Vec<String>) {
    let mut placed = Vec::new();
    let mut other = Vec::new();
    for error in errors {
        match field_key(&error.field, sent) {
            Some(key) => placed.push((key, error.error.clone())),
            None => other.push(error.to_string()),
        }
    }
    (placed, other)
}

/// The form field a path names; `None` when the form has no such field.
fn field_key(path: &str, sent: &[usize]) -> Option<FieldKey> {
    let (head, rest) = match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    };
    let (name, index) = match head.split_once('[') {
        Some((name, index)) => (name, index.strip_suffix(']')?.parse::<usize>().ok()),
        None => (head, None),
    };
    match (name, index, rest) {
        ("skus" | "lines", None, None) => Some(FieldKey::Lines),
        ("skus" | "lines", Some(i), rest) => {
            let line = *sent.get(i)?;
            match rest {
                Some("quantity") => Some(FieldKey::LineQuantity(line)),
                Some("asn") => Some(FieldKey::LineAsn(line)),
                _ => Some(FieldKey::LineInclude(line)),
            }
        }
        ("fromAddress" | "from", None, Some(field)) => {
            AddressField::from_wire(field).map(|f| FieldKey::Address(Side::From, f))
        }
        ("toAddress" | "to", None, Some(field)) => {
            AddressField::from_wire(field).map(|f| FieldKey::Address(Side::To, f))
        }
        ("weight" | "weightUnit" | "parcelWeight", None, None) => Some(FieldKey::Weight),
        ("length", None, None) => Some(FieldKey::Length),
        ("width", None, None) => Some(FieldKey::Width),
        ("height", None, None) => Some(FieldKey::Height),
        ("dimensions", None, Some("length")) => Some(FieldKey::Length),
        ("dimensions", None, Some("width")) => Some(FieldKey::Width),
        ("dimensions", None, Some("height")) => Some(FieldKey::Height),
        ("dimensionsUnit", None, None) => Some(FieldKey::DimensionsUnit),
        ("trackReference" | "track_reference", None, None) => Some(FieldKey::TrackReference),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_and_station_paths_land_on_their_fields() {
        let sent = [0, 2];
        let key = |path: &str| field_key(path, &sent);
        assert_eq!(
            key("toAddress.zipcode"),
            Some(FieldKey::Address(Side::To, AddressField::Zipcode))
        );
        assert_eq!(
            key("from.phoneNumber"),
            Some(FieldKey::Address(Side::From, AddressField::Phone))
        );
        assert_eq!(key("skus[1].quantity"), Some(FieldKey::LineQuantity(2)));
        assert_eq!(key("lines[0].asn"), Some(FieldKey::LineAsn(0)));
        assert_eq!(key("skus[1].skuName"), Some(FieldKey::LineInclude(2)));
        assert_eq!(key("skus[5].quantity"), None, "not a line that was sent");
        assert_eq!(key("parcelWeight"), Some(FieldKey::Weight));
        assert_eq!(key("dimensions.height"), Some(FieldKey::Height));
        assert_eq!(key("brandCode"), None);
        let (placed, other) = place_reported(
            &[
                FieldError::new("skus[0].quantity", "only 1 left"),
                FieldError::new("brandCode", "Enter the brand code."),
            ],
            &sent,
        );
        assert_eq!(
            placed,
            vec![(FieldKey::LineQuantity(0), "only 1 left".into())]
        );
        assert_eq!(other, vec!["brandCode: Enter the brand code.".to_string()]);
    }
}
