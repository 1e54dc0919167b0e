//! A landed-cost answer written as JSON by hand: byte for byte what `serde_json` writes for the
//! derived `Serialize` (the tests below hold the two equal), without its per-byte work.
//!
//! The answer is the service's hottest output: 8.7 KB for a typical cart, about 500 keys and
//! strings. serde_json checks every byte of every key and string for a character to escape,
//! one byte at a time, and that loop alone was a sixth of the request thread
//! (BENCHMARKS.md, "The answer written by hand"). Here keys are the literals they are, and a
//! string is checked in one pass the compiler vectorizes, then copied whole when, as nearly
//! always, nothing in it needs escaping.
//!
//! Adding a field to a response type means adding it here too; the equality tests fail until
//! it is.

use super::landed_cost::{
    CartShipmentResponse, Jurisdiction, LandedCost, ShippingRateTaxes, SkuHsCodeEntry,
    TaxBreakdown, TaxCalculationResponse,
};
use super::num;

impl TaxCalculationResponse {
    /// Appends this answer's JSON to `out`: what `serde_json::to_writer` would write.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let mut o = Object::start(out);
        string(o.key("landedcost_request_id"), &self.landedcost_request_id);
        string(o.key("currency_code"), &self.currency_code);
        optional(
            o.key("external_reference_id"),
            self.external_reference_id.as_deref(),
        );
        string(o.key("created_at"), &self.created_at);
        num::write(o.key("usd_conversion_rate"), &self.usd_conversion_rate);
        array(o.key("shipments"), &self.shipments, shipment);
        match &self.hs_codes {
            Some(codes) => array(o.key("hs_codes"), codes, hs_code),
            None => o.key("hs_codes").extend_from_slice(b"null"),
        }
        o.end();
    }
}

fn shipment(out: &mut Vec<u8>, shipment: &CartShipmentResponse) {
    let mut o = Object::start(out);
    string(o.key("shipment_id"), &shipment.shipment_id);
    string(o.key("shipment_type"), shipment.shipment_type.as_str());
    array(
        o.key("shipping_rate_taxes"),
        &shipment.shipping_rate_taxes,
        rate,
    );
    o.end();
}

fn rate(out: &mut Vec<u8>, rate: &ShippingRateTaxes) {
    let mut o = Object::start(out);
    string(o.key("shipping_rate_id"), &rate.shipping_rate_id);
    num::write(o.key("shipping_rate"), &rate.shipping_rate);
    string(o.key("tax_transaction_id"), &rate.tax_transaction_id);
    landed_cost(o.key("landed_cost"), &rate.landed_cost);
    o.end();
}

fn landed_cost(out: &mut Vec<u8>, cost: &LandedCost) {
    let mut o = Object::start(out);
    num::write(o.key("duties"), &cost.duties);
    num::write(o.key("total_taxes"), &cost.total_taxes);
    num::write(o.key("shipment_taxes"), &cost.shipment_taxes);
    num::write(o.key("product_taxes"), &cost.product_taxes);
    array(o.key("breakdown"), &cost.breakdown, breakdown);
    o.end();
}

fn breakdown(out: &mut Vec<u8>, line: &TaxBreakdown) {
    let mut o = Object::start(out);
    string(o.key("type"), line.kind.as_str());
    string(o.key("tax_name"), &line.tax_name);
    num::write(o.key("rate"), &line.rate);
    num::write(o.key("amount"), &line.amount);
    num::write(o.key("taxable_amount"), &line.taxable_amount);
    jurisdiction(o.key("jurisdiction"), &line.jurisdiction);
    optional(o.key("sku"), line.sku.as_deref());
    o.end();
}

fn jurisdiction(out: &mut Vec<u8>, jurisdiction: &Jurisdiction) {
    let mut o = Object::start(out);
    string(o.key("name"), &jurisdiction.name);
    string(o.key("type"), &jurisdiction.kind);
    o.end();
}

fn hs_code(out: &mut Vec<u8>, entry: &SkuHsCodeEntry) {
    let mut o = Object::start(out);
    string(o.key("sku"), &entry.sku);
    string(o.key("hs_code"), &entry.hs_code);
    o.end();
}

/// A JSON object being written: `{`, then each key after a comma but the first.
struct Object<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Object<'a> {
    fn start(out: &'a mut Vec<u8>) -> Object<'a> {
        out.push(b'{');
        Object { out, first: true }
    }

    /// Writes `"name":` and returns the buffer for its value. Names are this file's own
    /// literals, none with a character to escape.
    fn key(&mut self, name: &str) -> &mut Vec<u8> {
        if !std::mem::take(&mut self.first) {
            self.out.push(b',');
        }
        self.out.push(b'"');
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    fn end(self) {
        self.out.push(b'}');
    }
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
    // `|` rather than `||` and no early exit: the whole check is one vectorized pass.
    let plain = !text.bytes().fold(false, |found, b| found | needs_escape(b));
    if plain {
        out.extend_from_slice(text.as_bytes());
    } else {
        escaped(out, text);
    }
    out.push(b'"');
}

fn needs_escape(b: u8) -> bool {
    (b < 0x20) | (b == b'"') | (b == b'\\')
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
