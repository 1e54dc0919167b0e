//! A landed-cost answer written as JSON by hand: byte for byte what `serde_json` writes for the
//! derived `Serialize` (the tests below hold the two equal), without its per-byte work.
//!
//! The answer is the service's hottest output: 8.7 KB for a typical cart, about 500 keys and
//! strings. serde_json checks every byte of every key and string for a character to escape,
//! one byte at a time, and that loop was a large part of the request thread
//! (docs/perf/quote-store.md). Here keys are the literals they are, and a string is checked in
//! one pass, then copied whole when, as nearly always, nothing in it needs escaping.
//!
//! Adding a field to a response type means adding it here too; the equality tests fail until
//! it is.

use super::landed_cost::{
    CartShipmentResponse, Jurisdiction, LandedCost, ShippingRateTaxes, SkuHsCodeEntry,
    TaxBreakdown, TaxCalculationResponse,
};
use super::num;

/// Writes a JSON object of these keys (literals, none with a character to escape), each value
/// written by its expression in turn. Each key is one literal with the punctuation around it
/// (`,"rate":`): an answer has some five hundred keys, and writing the comma, the quotes, the
/// name and the colon one at a time was a large share of its instructions.
macro_rules! object {
    ($out:ident, $first:literal => $value:expr $(, $key:literal => $rest:expr)* $(,)?) => {{
        $out.extend_from_slice(concat!("{\"", $first, "\":").as_bytes());
        $value;
        $(
            $out.extend_from_slice(concat!(",\"", $key, "\":").as_bytes());
            $rest;
        )*
        $out.push(b'}');
    }};
}

impl TaxCalculationResponse {
    /// Appends this answer's JSON to `out`: what `serde_json::to_writer` would write.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        object!(out,
            "landedcost_request_id" => string(out, &self.landedcost_request_id),
            "currency_code" => string(out, &self.currency_code),
            "external_reference_id" => optional(out, self.external_reference_id.as_deref()),
            "created_at" => string(out, &self.created_at),
            "usd_conversion_rate" => num::write(out, &self.usd_conversion_rate),
            "shipments" => array(out, &self.shipments, shipment),
            "hs_codes" => match &self.hs_codes {
                Some(codes) => array(out, codes, hs_code),
                None => out.extend_from_slice(b"null"),
            },
        );
    }
}

fn shipment(out: &mut Vec<u8>, shipment: &CartShipmentResponse) {
    object!(out,
        "shipment_id" => string(out, &shipment.shipment_id),
        "shipment_type" => string(out, shipment.shipment_type.as_str()),
        "shipping_rate_taxes" => array(out, &shipment.shipping_rate_taxes, rate),
    );
}

fn rate(out: &mut Vec<u8>, rate: &ShippingRateTaxes) {
    object!(out,
        "shipping_rate_id" => string(out, &rate.shipping_rate_id),
        "shipping_rate" => num::write(out, &rate.shipping_rate),
        "tax_transaction_id" => string(out, &rate.tax_transaction_id),
        "landed_cost" => landed_cost(out, &rate.landed_cost),
    );
}

fn landed_cost(out: &mut Vec<u8>, cost: &LandedCost) {
    object!(out,
        "duties" => num::write(out, &cost.duties),
        "total_taxes" => num::write(out, &cost.total_taxes),
        "shipment_taxes" => num::write(out, &cost.shipment_taxes),
        "product_taxes" => num::write(out, &cost.product_taxes),
        "breakdown" => array(out, &cost.breakdown, breakdown),
    );
}

fn breakdown(out: &mut Vec<u8>, line: &TaxBreakdown) {
    object!(out,
        "type" => string(out, line.kind.as_str()),
        "tax_name" => string(out, &line.tax_name),
        "rate" => num::write(out, &line.rate),
        "amount" => num::write(out, &line.amount),
        "taxable_amount" => num::write(out, &line.taxable_amount),
        "jurisdiction" => jurisdiction(out, &line.jurisdiction),
        "sku" => optional(out, line.sku.as_deref()),
    );
}

fn jurisdiction(out: &mut Vec<u8>, jurisdiction: &Jurisdiction) {
    object!(out,
        "name" => string(out, &jurisdiction.name),
        "type" => string(out, &jurisdiction.kind),
    );
}

fn hs_code(out: &mut Vec<u8>, entry: &SkuHsCodeEntry) {
    object!(out,
        "sku" => string(out, &entry.sku),
        "hs_code" => string(out, &entry.hs_code),
    );
}

fn array<T>(out: &mut Vec<u8>, items: &[T], write: fn(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

fn optional(out: &mut Vec<u8>, text: Option<&str>) {
    match text {
        Some(text) => string(out, text),
        None => out.extend_from_slice(b"null"),
    }
}

/// A JSON string, escaped as serde_json escapes it.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    if any_needs_escape(text.as_bytes()) {
        escaped(out, text);
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    out.push(b'"');
}

fn needs_escape(b: u8) -> bool {
    (b < 0x20) | (b == b'"') | (b == b'\\')
}

/// Whether any byte needs escaping, checked eight bytes at a time in a `u64`. An answer's
/// strings are 2–40 bytes: too short for the compiler's vectorized loop, which left them to its
/// byte-at-a-time tail.
fn any_needs_escape(bytes: &[u8]) -> bool {
    let (words, tail) = bytes.as_chunks::<8>();
    let mut found = words
        .iter()
        .fold(0, |found, word| found | flags(u64::from_le_bytes(*word)));
    if !tail.is_empty() {
        // Shifted into a word of spaces, which need no escape (copying the tail into a padded
        // array was a call to `memcpy` per string).
        let last = tail.iter().fold(u64::from_le_bytes([b' '; 8]), |word, &b| {
            (word << 8) | u64::from(b)
        });
        found |= flags(last);
    }
    found != 0
}

/// Not zero exactly when a byte of `word` is a control character, a quote or a backslash.
/// `(w - n×0x01…01) & !w` sets the high bit of a byte below `n` (at most 0x80); a byte at or
/// above `n` gets one only from a borrow, and only a byte below `n` borrows. A quote or a
/// backslash is a zero byte, below 1, once the word is xor-ed with it.
fn flags(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w;
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    (below(word, 0x20) | below(quote, 1) | below(backslash, 1)) & HIGH
}

/// serde_json's escapes: the two-character ones where JSON has them, `\u00xx` (lower-case hex)
/// for the other control characters; everything else as it is (UTF-8 included).
fn escaped(out: &mut Vec<u8>, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !needs_escape(b) {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\x08' => out.extend_from_slice(b"\\b"),
            b'\x0c' => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ]),
        }
    }
    out.extend_from_slice(&bytes[start..]);
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use rust_decimal::Decimal;

    use proptest::prelude::*;

    use super::*;

    fn by_hand(response: &TaxCalculationResponse) -> String {
        let mut out = Vec::new();
        response.write_json(&mut out);
        String::from_utf8(out).unwrap()
    }

    /// An answer with every field, both shipment types, every breakdown type, a null and a
    /// present SKU, and HS codes. (The service's own answers are compared over HTTP:
    /// `tests/it/service.rs`.)
    fn answer() -> TaxCalculationResponse {
        let line = |kind: &str, sku: serde_json::Value| {
            serde_json::json!({
                "type": kind, "tax_name": "VAT \"standard\" (FR)\n20 %", "rate": 20,
                "amount": 12.40, "taxable_amount": 62.00,
                "jurisdiction": {"name": "France", "type": "country"}, "sku": sku
            })
        };
        let rate = |id: &str, lines: Vec<serde_json::Value>| {
            serde_json::json!({
                "shipping_rate_id": id, "shipping_rate": 9.90,
                "tax_transaction_id": format!("lc_1-{id}"),
                "landed_cost": {"duties": 0.00, "total_taxes": 12.40, "shipment_taxes": 0,
                    "product_taxes": 12.40, "breakdown": lines}
            })
        };
        serde_json::from_value(serde_json::json!({
            "landedcost_request_id": "lc_1", "currency_code": "EUR",
            "external_reference_id": "cart-7", "created_at": "2026-11-27T08:00:00Z",
            "usd_conversion_rate": 1.1172,
            "shipments": [
                {"shipment_id": "S1", "shipment_type": "cross_border", "shipping_rate_taxes": [
                    rate("1", vec![line("duty", "MUG".into()), line("product_tax", "MUG".into())]),
                    rate("2", vec![line("shipment_tax", serde_json::Value::Null)]),
                ]},
                {"shipment_id": "S2 — local", "shipment_type": "local", "shipping_rate_taxes": []},
            ],
            "hs_codes": [{"sku": "MUG", "hs_code": "691200"}]
        }))
        .unwrap()
    }

    #[test]
    fn every_field_and_variant_is_written_as_serde_json_writes_it() {
        let mut response = answer();
        let json = by_hand(&response);
        assert_eq!(json, serde_json::to_string(&response).unwrap());
        for text in [
            "\"local\"",
            "\"cross_border\"",
            "\"shipment_tax\"",
            "\"product_tax\"",
            "\"duty\"",
            "\"sku\":null",
            "\"hs_codes\":[{",
            "\\\"standard\\\"",
        ] {
            assert!(json.contains(text), "{text} in {json}");
        }
        let amounts = &mut response.shipments[0].shipping_rate_taxes[0].landed_cost;
        amounts.duties = Decimal::MAX;
        amounts.breakdown[0].rate = Decimal::from_str("-0.0050").unwrap();
        amounts.breakdown[1].amount = Decimal::MIN;
        response.external_reference_id = None;
        response.hs_codes = None;
        assert_eq!(
            by_hand(&response),
            serde_json::to_string(&response).unwrap()
        );
        response.shipments.clear();
        assert_eq!(
            by_hand(&response),
            serde_json::to_string(&response).unwrap()
        );
    }

    proptest! {
        /// Any text, control characters, quotes, backslashes and non-ASCII included.
        #[test]
        fn strings_are_escaped_as_serde_json_escapes_them(text in "(?s).{0,40}") {
            let mut out = Vec::new();
            string(&mut out, &text);
            prop_assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&text).unwrap());
        }
    }

    /// Every byte value at every place of texts up to three words long, among bytes that need
    /// no escape, ASCII and not (a borrow across bytes would show here).
    #[test]
    fn the_word_check_finds_every_byte_that_needs_escaping_and_no_other() {
        for background in [b'a', b' ', b'!', b'~', 0x7f, 0x80, 0xc3, 0xff] {
            for len in 1..=24 {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut bytes = vec![background; len];
                        bytes[at] = b;
                        assert_eq!(
                            any_needs_escape(&bytes),
                            needs_escape(b),
                            "byte {b:#04x} at {at} of {len} among {background:#04x}"
                        );
                    }
                }
            }
            assert!(!any_needs_escape(&[]));
        }
    }

    #[test]
    fn each_character_that_needs_it_is_escaped() {
        for b in 0u8..0x80 {
            let text = format!("a{}b", b as char);
            let mut out = Vec::new();
            string(&mut out, &text);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(&text).unwrap(),
                "byte {b:#04x}"
            );
        }
    }
}
