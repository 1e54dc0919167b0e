//! A quote's bodies as the SQLite store keeps them: LZ4-compressed, in a BLOB. Quotes are
//! nearly all the store writes: a typical quote's 11 KB of JSON took three overflow pages, each
//! written to the log and again by the checkpoint. The request's JSON is packed (2.5 to 1.1 KB),
//! and so is the answer's compact form (`compact`, 1.7 to 1.1 KB), which puts three quotes in a
//! page of 8 KB. Answers stored by earlier versions still read: JSON packed, and before that
//! JSON as TEXT, and the compact form unpacked.
//! PostgreSQL compresses long values by itself (TOAST, LZ4 since schema step 4), so there they
//! are stored as they are. On SQLite a TEXT value is a quote stored before packing, and reads as
//! it is.

use super::error::StoreError;
use crate::sql::Value;

/// The largest value unpacked: a response is a few times its request, and a request is at most
/// 1 MiB (`MAX_BODY_BYTES`). A corrupt length prefix must not become a huge allocation.
const MAX_UNPACKED: usize = 64 * 1024 * 1024;

pub(super) fn pack(bytes: &[u8]) -> Vec<u8> {
    lz4_flex::compress_prepend_size(bytes)
}

/// The bytes of a stored column, packed or not; `what` names the column in an error.
pub(super) fn unpack_bytes(value: Value, what: &str) -> Result<Vec<u8>, StoreError> {
    let corrupt = |why: String| StoreError::Corrupt(format!("{what}: {why}"));
    match value {
        Value::Text(text) => Ok(text.into_bytes()),
        Value::Blob(packed) => {
            let length = packed
                .first_chunk::<4>()
                .map(|prefix| u32::from_le_bytes(*prefix) as usize)
                .ok_or_else(|| corrupt("a packed value shorter than its length".into()))?;
            if length > MAX_UNPACKED {
                return Err(corrupt(format!("a packed value of {length} bytes")));
            }
            lz4_flex::decompress_size_prepended(&packed)
                .map_err(|e| corrupt(format!("cannot unpack: {e}")))
        }
        other => Err(corrupt(format!("holds {other:?}, not a packed value"))),
    }
}

/// The JSON of a stored column, packed or not; `what` names the column in an error.
pub(super) fn unpack(value: Value, what: &str) -> Result<String, StoreError> {
    text(unpack_bytes(value, what)?, what)
}

/// Unpacked bytes as the JSON text they hold; `what` names the column in an error.
pub(super) fn text(bytes: Vec<u8>, what: &str) -> Result<String, StoreError> {
    String::from_utf8(bytes).map_err(|e| StoreError::Corrupt(format!("{what}: not text: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_json_unpacks_to_itself_and_plain_text_reads_as_it_is() {
        let json = r#"{"lines":[{"sku":"MUG-S","duty":"1.20"},{"sku":"MUG-S","duty":"1.20"}]}"#;
        assert_eq!(
            unpack(Value::Blob(pack(json.as_bytes())), "c").unwrap(),
            json
        );
        assert_eq!(unpack(Value::Text(json.into()), "c").unwrap(), json);
    }

    #[test]
    fn a_damaged_value_is_said_to_be_corrupt_not_unpacked() {
        let mut packed = pack(b"{\"a\":1}");
        packed[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        let err = unpack(Value::Blob(packed), "calculations.response_json").unwrap_err();
        assert!(
            matches!(err, StoreError::Corrupt(ref m) if m.contains("response_json")),
            "{err}"
        );
        assert!(unpack(Value::Blob(vec![1]), "c").is_err());
        assert!(unpack(Value::Int(3), "c").is_err());
    }
}
