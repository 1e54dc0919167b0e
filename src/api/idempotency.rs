//! The key of a write a desk may repeat (`Idempotency-Key`, as the IETF draft and most payment
//! APIs spell it): made by the desk before the first try and sent with every try, so the
//! warehouse records the write once however often the answer is lost on the way back.

/// The request header that carries the key.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// The answer header that says "this is the answer an earlier try got" (`true`).
pub const IDEMPOTENT_REPLAYED: &str = "idempotent-replayed";

/// A key: 16 to 255 characters of letters, digits, `-`, `_`, `.` and `:` (a UUID fits, and
/// nothing that could split a header or a log line does).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

/// What a key must look like, for the answer to a malformed one.
pub const KEY_RULE: &str =
    "Send 16 to 255 characters of letters, digits, '-', '_', '.' or ':' (a UUID, say).";

impl IdempotencyKey {
    /// A fresh key: a random UUID, unguessable and never made twice.
    pub fn new() -> Self {
        Self(uuid::Uuid::new_v4().to_string())
    }

    /// The key as received, or `None` when it breaks [`KEY_RULE`].
    pub fn parse(text: &str) -> Option<Self> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
        ((16..=255).contains(&text.len()) && text.chars().all(allowed))
            .then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for IdempotencyKey {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_keys_are_valid_and_differ_and_malformed_ones_are_refused() {
        let (a, b) = (IdempotencyKey::new(), IdempotencyKey::new());
        assert_ne!(a, b);
        assert_eq!(IdempotencyKey::parse(a.as_str()), Some(a));
        for bad in [
            "short",
            "has space in it here",
            "line\nbreak-0123456789",
            &"x".repeat(256),
        ] {
            assert_eq!(IdempotencyKey::parse(bad), None, "{bad:?}");
        }
        assert!(IdempotencyKey::parse("desk-7:parcel.0123456789_ab").is_some());
    }
}
