//! The secrets the warehouse server hands out: desk tokens, session tokens and one-time
//! enrollment codes. Each is random (256 bits for tokens, 100 for codes, which a supervisor reads
//! out or types), and the record keeps only its SHA-256, so a copy of the database opens no desk.

use base64::Engine as _;
use rand::RngExt as _;

/// The kinds of token, told apart by their prefix so a token pasted in the wrong place is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Desk,
    Session,
}

impl TokenKind {
    fn prefix(self) -> &'static str {
        match self {
            TokenKind::Desk => "pdk_desk_",
            TokenKind::Session => "pdk_session_",
        }
    }

    /// The kind a presented token claims to be, from its prefix.
    pub fn of(token: &str) -> Option<TokenKind> {
        [TokenKind::Desk, TokenKind::Session]
            .into_iter()
            .find(|kind| token.starts_with(kind.prefix()))
    }
}

/// A new token of `kind`: its prefix and 32 random bytes in URL-safe base64.
pub fn new_token(kind: TokenKind) -> String {
    let bytes: [u8; 32] = rand::rng().random();
    format!(
        "{}{}",
        kind.prefix(),
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    )
}

/// Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or retyped is unambiguous.
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A new enrollment code: 20 characters in four groups, `K7QX2-9MZ4T-…` (100 random bits).
pub fn new_enrollment_code() -> String {
    let mut rng = rand::rng();
    let chars: Vec<char> = (0..20)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..32)]))
        .collect();
    chars
        .chunks(5)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// An enrollment code as typed, in the one spelling its hash is taken of: upper case, no
/// spaces or dashes, and the letters Crockford's alphabet reads as digits (O → 0, I and L → 1).
pub fn normalize_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

/// What the record keeps of a token or code: its SHA-256, in hex.
pub fn digest(secret: &str) -> String {
    hex(ring::digest::digest(&ring::digest::SHA256, secret.as_bytes()).as_ref())
}

/// 32 bytes from 64 hex digits (either case); `None` for anything else.
pub fn parse_hex32(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(bytes)
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_carry_their_kind_and_are_stored_only_as_a_digest() {
        let a = new_token(TokenKind::Desk);
        let b = new_token(TokenKind::Desk);
        assert_ne!(a, b);
        assert_eq!(TokenKind::of(&a), Some(TokenKind::Desk));
        assert_eq!(
            TokenKind::of(&new_token(TokenKind::Session)),
            Some(TokenKind::Session)
        );
        assert_eq!(TokenKind::of("Bearer-nonsense"), None);
        assert_eq!(digest(&a).len(), 64);
        assert!(!digest(&a).contains(&a[9..]));
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn an_enrollment_code_is_read_back_the_same_however_it_is_typed() {
        let code = new_enrollment_code();
        assert_eq!(code.len(), 23);
        assert_eq!(code.matches('-').count(), 3);
        let typed = code.to_lowercase().replace('-', " ").replace('0', "o");
        assert_eq!(normalize_code(&typed), normalize_code(&code));
        assert_ne!(
            normalize_code(&new_enrollment_code()),
            normalize_code(&code)
        );
    }
}
