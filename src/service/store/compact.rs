//! A quote's answer as the store keeps it, on both engines: its values in a compact binary form.
//!
//! The answer's JSON (8.7 KB for the typical cart) repeats its keys on every line, and at every
//! shipping rate the same tax names, jurisdictions and SKUs. LZ4 packed it to 1.9 KB, but was
//! the writer thread's largest cost. Here each value is written once, in the order of the
//! answer's fields: 1.7 KB, written with no search for repeats, because the engine already
//! shares a repeated text (an `Arc`) and only those are looked up.
//!
//! Nothing is lost: decoding gives back the same answer, and `write_json` of it gives the bytes
//! that were sent (a test holds both). The quote stays the promise the merchant was given.
//!
//! # Layout
//!
//! [`MAGIC`], then the answer's fields in declaration order:
//! - a count or a length: LEB128;
//! - a text: its length, then its UTF-8 bytes;
//! - a shared text (tax names, jurisdictions, SKUs): 0 then the text when it is new, or its
//!   place among the shared texts before it, from 1;
//! - a decimal: one byte (the scale, and 0x80 when negative), then the mantissa's magnitude;
//! - an option or an enum: one byte.

use rust_decimal::Decimal;

use super::error::StoreError;
use crate::api::{
    BreakdownType, CartShipmentResponse, Jurisdiction, LandedCost, SharedText, ShipmentType,
    ShippingRateTaxes, SkuHsCodeEntry, TaxBreakdown, TaxCalculationResponse,
};

/// Begins every compact answer. An LZ4-packed value (`packed`) begins with its length, at most
/// 64 MiB, as a little-endian `u32`; read that way these bytes are over 4 GiB, so the two are
/// never mistaken for each other. The third byte is the layout's version.
const MAGIC: [u8; 4] = [b'Q', b'A', 1, 0xFF];

/// The largest mantissa a `Decimal` holds: 96 bits.
const MANTISSA_LIMIT: u128 = 1 << 96;

/// Whether `bytes` is an answer in this form.
pub(super) fn is_compact(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// The answer in its compact form.
pub(super) fn encode(answer: &TaxCalculationResponse) -> Vec<u8> {
    // A typical answer takes 1.7 KB.
    let mut out = Encoder {
        out: Vec::with_capacity(2048),
        shared: 0,
        seen: [None; SEEN_SLOTS],
    };
    out.out.extend_from_slice(&MAGIC);
    out.answer(answer);
    out.out
}

/// The answer `bytes` holds; `what` names the column in the error of a damaged one.
pub(super) fn decode(bytes: &[u8], what: &str) -> Result<TaxCalculationResponse, StoreError> {
    read(bytes).map_err(|why| StoreError::Corrupt(format!("{what}: {why}")))
}

/// The answer `bytes` holds, or what is wrong with them.
fn read(bytes: &[u8]) -> Result<TaxCalculationResponse, String> {
    let body = bytes
        .strip_prefix(&MAGIC)
        .ok_or("not a compact answer (no marker)")?;
    let mut input = Decoder {
        bytes: body,
        shared: Vec::new(),
    };
    let answer = input.answer()?;
    if !input.bytes.is_empty() {
        return Err(format!("{} bytes after the answer", input.bytes.len()));
    }
    Ok(answer)
}

/// Places in [`Encoder::seen`]: more than the distinct texts of a cart of a dozen items (about
/// three an item, and the jurisdictions).
const SEEN_SLOTS: usize = 64;
/// Slots looked in for a text, from the one its address picks.
const SEEN_PROBES: usize = 8;

struct Encoder<'a> {
    out: Vec<u8>,
    /// How many shared texts have been written.
    shared: usize,
    /// Shared texts written, each with its place among them, in slots chosen by its address.
    /// A text is recognised by its address, not compared: the engine gives every line the same
    /// `Arc` of a name. One equal to another but made apart, or one found no free slot (a
    /// large answer), is written again, which costs room, not correctness. (Searching a list
    /// of them all was two-thirds of encoding.)
    seen: [Option<(&'a str, usize)>; SEEN_SLOTS],
}

impl<'a> Encoder<'a> {
    fn answer(&mut self, answer: &'a TaxCalculationResponse) {
        self.text(&answer.landedcost_request_id);
        self.text(&answer.currency_code);
        self.option(answer.external_reference_id.as_deref(), Self::text);
        self.text(&answer.created_at);
        self.decimal(&answer.usd_conversion_rate);
        self.count(answer.shipments.len());
        for shipment in &answer.shipments {
            self.shipment(shipment);
        }
        self.option(answer.hs_codes.as_deref(), |out, entries| {
            out.count(entries.len());
            for entry in entries {
                out.text(&entry.sku);
                out.text(&entry.hs_code);
            }
        });
    }

    fn shipment(&mut self, shipment: &'a CartShipmentResponse) {
        self.text(&shipment.shipment_id);
        self.out.push(match shipment.shipment_type {
            ShipmentType::CrossBorder => 0,
            ShipmentType::Local => 1,
        });
        self.count(shipment.shipping_rate_taxes.len());
        for rate in &shipment.shipping_rate_taxes {
            self.text(&rate.shipping_rate_id);
            self.decimal(&rate.shipping_rate);
            self.text(&rate.tax_transaction_id);
            let cost = &rate.landed_cost;
            for amount in [
                &cost.duties,
                &cost.total_taxes,
                &cost.shipment_taxes,
                &cost.product_taxes,
            ] {
                self.decimal(amount);
            }
            self.count(cost.breakdown.len());
            for line in &cost.breakdown {
                self.line(line);
            }
        }
    }

    fn line(&mut self, line: &'a TaxBreakdown) {
        self.out.push(match line.kind {
            BreakdownType::ShipmentTax => 0,
            BreakdownType::ProductTax => 1,
            BreakdownType::Duty => 2,
        });
        self.shared(&line.tax_name);
        self.decimal(&line.rate);
        self.decimal(&line.amount);
        self.decimal(&line.taxable_amount);
        self.shared(&line.jurisdiction.name);
        self.shared(&line.jurisdiction.kind);
        self.option(line.sku.as_deref(), Self::shared);
    }

    fn option<T>(&mut self, value: Option<T>, write: impl FnOnce(&mut Self, T)) {
        match value {
            None => self.out.push(0),
            Some(value) => {
                self.out.push(1);
                write(self, value);
            }
        }
    }

    fn count(&mut self, count: usize) {
        self.unsigned(count as u128);
    }

    /// LEB128: seven bits a byte, low first, the high bit set on all but the last.
    fn unsigned(&mut self, value: u128) {
        // Counts and nearly every mantissa fit 64 bits, whose shifts are one instruction each.
        match u64::try_from(value) {
            Ok(mut small) => {
                while small >= 0x80 {
                    self.out.push(small as u8 | 0x80);
                    small >>= 7;
                }
                self.out.push(small as u8);
            }
            Err(_) => {
                let mut large = value;
                while large >= 0x80 {
                    self.out.push(large as u8 | 0x80);
                    large >>= 7;
                }
                self.out.push(large as u8);
            }
        }
    }

    fn text(&mut self, text: &str) {
        self.count(text.len());
        self.out.extend_from_slice(text.as_bytes());
    }

    fn shared(&mut self, text: &'a str) {
        // Fibonacci hashing of the address picks the first slot to look in; a few after it are
        // looked in too (open addressing).
        let hash = (text.as_ptr() as usize as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let first = (hash >> (u64::BITS - SEEN_SLOTS.ilog2())) as usize;
        for probe in 0..SEEN_PROBES {
            let slot = (first + probe) % SEEN_SLOTS;
            match self.seen.get(slot).copied().flatten() {
                Some((seen, place)) if std::ptr::eq(seen, text) => return self.count(place + 1),
                Some(_) => continue,
                None => {
                    if let Some(free) = self.seen.get_mut(slot) {
                        *free = Some((text, self.shared));
                    }
                    break;
                }
            }
        }
        self.shared += 1;
        self.out.push(0);
        self.text(text);
    }

    fn decimal(&mut self, value: &Decimal) {
        // The sign is kept apart from the magnitude so that a negative zero reads back as one.
        let sign = if value.is_sign_negative() { 0x80 } else { 0 };
        // The scale is at most 28: it fits the low seven bits.
        self.out.push(sign | value.scale() as u8);
        self.unsigned(value.mantissa().unsigned_abs());
    }
}

struct Decoder<'b> {
    /// What is left to read.
    bytes: &'b [u8],
    shared: Vec<SharedText>,
}

impl Decoder<'_> {
    fn answer(&mut self) -> Result<TaxCalculationResponse, String> {
        let landedcost_request_id = self.text()?;
        let currency_code = self.text()?;
        let external_reference_id = self.option(Self::text)?;
        let created_at = self.text()?;
        let usd_conversion_rate = self.decimal()?;
        let shipments = self.list(Self::shipment)?;
        let hs_codes = self.option(|input| {
            input.list(|input| {
                Ok(SkuHsCodeEntry {
                    sku: input.text()?,
                    hs_code: input.text()?,
                })
            })
        })?;
        Ok(TaxCalculationResponse {
            landedcost_request_id,
            currency_code,
            external_reference_id,
            created_at,
            usd_conversion_rate,
            shipments,
            hs_codes,
        })
    }

    fn shipment(&mut self) -> Result<CartShipmentResponse, String> {
        let shipment_id = self.text()?;
        let shipment_type = match self.byte()? {
            0 => ShipmentType::CrossBorder,
            1 => ShipmentType::Local,
            other => return Err(format!("shipment type {other}")),
        };
        let shipping_rate_taxes = self.list(Self::rate)?;
        Ok(CartShipmentResponse {
            shipment_id,
            shipment_type,
            shipping_rate_taxes,
        })
    }

    fn rate(&mut self) -> Result<ShippingRateTaxes, String> {
        Ok(ShippingRateTaxes {
            shipping_rate_id: self.text()?,
            shipping_rate: self.decimal()?,
            tax_transaction_id: self.text()?,
            landed_cost: LandedCost {
                duties: self.decimal()?,
                total_taxes: self.decimal()?,
                shipment_taxes: self.decimal()?,
                product_taxes: self.decimal()?,
                breakdown: self.list(Self::line)?,
            },
        })
    }

    fn line(&mut self) -> Result<TaxBreakdown, String> {
        let kind = match self.byte()? {
            0 => BreakdownType::ShipmentTax,
            1 => BreakdownType::ProductTax,
            2 => BreakdownType::Duty,
            other => return Err(format!("breakdown type {other}")),
        };
        Ok(TaxBreakdown {
            kind,
            tax_name: self.shared()?,
            rate: self.decimal()?,
            amount: self.decimal()?,
            taxable_amount: self.decimal()?,
            jurisdiction: Jurisdiction {
                name: self.shared()?,
                kind: self.shared()?,
            },
            sku: self.option(Self::shared)?,
        })
    }

    fn byte(&mut self) -> Result<u8, String> {
        let (&first, rest) = self.bytes.split_first().ok_or("it ends too soon")?;
        self.bytes = rest;
        Ok(first)
    }

    fn option<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.byte()? {
            0 => Ok(None),
            1 => read(self).map(Some),
            other => Err(format!("an option marked {other}")),
        }
    }

    /// A count, then that many items.
    fn list<T>(
        &mut self,
        mut read: impl FnMut(&mut Self) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let count = self.count()?;
        // Every item takes a byte at least: a damaged count cannot become a huge allocation.
        if count > self.bytes.len() {
            return Err(format!("a list of {count} in {} bytes", self.bytes.len()));
        }
        (0..count).map(|_| read(self)).collect()
    }

    fn count(&mut self) -> Result<usize, String> {
        let value = self.unsigned()?;
        usize::try_from(value).map_err(|_| format!("a count of {value}"))
    }

    fn unsigned(&mut self) -> Result<u128, String> {
        let mut value: u128 = 0;
        for shift in (0..MANTISSA_LIMIT.ilog2() + 7).step_by(7) {
            let byte = self.byte()?;
            value |= u128::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err("a number longer than 96 bits".into())
    }

    fn text(&mut self) -> Result<String, String> {
        let length = self.count()?;
        if length > self.bytes.len() {
            return Err(format!("a text of {length} in {} bytes", self.bytes.len()));
        }
        let (text, rest) = self.bytes.split_at(length);
        self.bytes = rest;
        String::from_utf8(text.to_vec()).map_err(|e| format!("a text that is not UTF-8: {e}"))
    }

    fn shared(&mut self) -> Result<SharedText, String> {
        match self.count()? {
            0 => {
                let text: SharedText = self.text()?.into();
                self.shared.push(text.clone());
                Ok(text)
            }
            place => self
                .shared
                .get(place - 1)
                .cloned()
                .ok_or_else(|| format!("shared text {place} of {}", self.shared.len())),
        }
    }

    fn decimal(&mut self) -> Result<Decimal, String> {
        let flags = self.byte()?;
        let scale = flags & 0x7f;
        let mantissa = self.unsigned()?;
        if u32::from(scale) > Decimal::MAX_SCALE || mantissa >= MANTISSA_LIMIT {
            return Err(format!(
                "a decimal of scale {scale} and mantissa {mantissa}"
            ));
        }
        // `Decimal::serialize`'s layout: `from_parts` would turn a negative zero positive.
        let mut raw = [0u8; 16];
        raw[2] = scale;
        raw[3] = flags & 0x80;
        raw[4..].copy_from_slice(&mantissa.to_le_bytes()[..12]);
        Ok(Decimal::deserialize(raw))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;

    fn answer_json(answer: &TaxCalculationResponse) -> Vec<u8> {
        let mut out = Vec::new();
        answer.write_json(&mut out);
        out
    }

    fn typical_answer() -> TaxCalculationResponse {
        crate::service::store::tests::typical_calculation().1
    }

    #[test]
    fn the_typical_answer_reads_back_as_it_was_sent_in_about_a_fifth_of_its_json() {
        let answer = typical_answer();
        let compact = encode(&answer);
        let decoded = decode(&compact, "c").unwrap();
        assert_eq!(decoded, answer);
        let json = answer_json(&answer);
        assert_eq!(answer_json(&decoded), json);
        // 20.0 % since the HS codes listed are the national lines priced (8 digits, not 6).
        assert!(
            compact.len() * 100 < json.len() * 21,
            "{} of {}",
            compact.len(),
            json.len()
        );
        // A text repeated at every rate is written once and read back as one `Arc` again.
        let rates = &decoded.shipments[0].shipping_rate_taxes;
        let (first, second) = (&rates[0].landed_cost, &rates[1].landed_cost);
        assert!(Arc::ptr_eq(
            &first.breakdown[0].tax_name,
            &second.breakdown[0].tax_name
        ));
    }

    /// An answer with every kind of value: no reference, a local shipment, no SKU, a negative
    /// zero, the largest mantissa and scale, texts that are not ASCII; two equal names made
    /// apart (written twice) and one shared.
    fn unusual_answer() -> TaxCalculationResponse {
        let mut answer = typical_answer();
        answer.external_reference_id = None;
        answer.hs_codes = None;
        answer.usd_conversion_rate = Decimal::from_parts(u32::MAX, u32::MAX, u32::MAX, true, 28);
        let shipment = &mut answer.shipments[0];
        shipment.shipment_type = ShipmentType::Local;
        shipment.shipment_id = "Sendung ü 東京".into();
        let cost = &mut shipment.shipping_rate_taxes[0].landed_cost;
        cost.duties = Decimal::deserialize([0, 0, 2, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let line = &mut cost.breakdown[0];
        line.sku = None;
        line.tax_name = "Zoll, Ölsteuer".into();
        line.amount = Decimal::new(-1234, 2);
        cost.breakdown[1].tax_name = "Zoll, Ölsteuer".into();
        answer
    }

    #[test]
    fn every_kind_of_value_reads_back_exactly() {
        let answer = unusual_answer();
        let decoded = decode(&encode(&answer), "c").unwrap();
        assert_eq!(decoded, answer);
        assert_eq!(answer_json(&decoded), answer_json(&answer));
        let duties = decoded.shipments[0].shipping_rate_taxes[0]
            .landed_cost
            .duties;
        assert!(duties.is_zero() && duties.is_sign_negative() && duties.scale() == 2);
    }

    #[test]
    fn an_answer_with_more_texts_than_slots_reads_back() {
        let mut answer = typical_answer();
        let cost = &mut answer.shipments[0].shipping_rate_taxes[0].landed_cost;
        let template = cost.breakdown[0].clone();
        for n in 0..5 * SEEN_SLOTS {
            let mut line = template.clone();
            line.sku = Some(format!("SKU-{n}").into());
            // Every other line shares the SKU of the line before it.
            if n % 2 == 1 {
                line.sku = cost.breakdown.last().and_then(|l| l.sku.clone());
            }
            cost.breakdown.push(line);
        }
        let decoded = decode(&encode(&answer), "c").unwrap();
        assert_eq!(decoded, answer);
    }

    #[test]
    fn a_damaged_answer_is_refused_with_a_reason_never_a_panic() {
        let compact = encode(&unusual_answer());
        // Cut anywhere: too short.
        for end in 0..compact.len() {
            assert!(read(&compact[..end]).is_err(), "cut at {end}");
        }
        let mut longer = compact.clone();
        longer.push(0);
        assert!(read(&longer).unwrap_err().contains("after the answer"));
        // An LZ4-packed value is never taken for one.
        let packed = lz4_flex::compress_prepend_size(&answer_json(&unusual_answer()));
        assert!(!is_compact(&packed));
        assert!(is_compact(&compact));
    }

    proptest! {
        #[test]
        fn any_bytes_after_the_marker_decode_or_are_refused(tail in prop::collection::vec(any::<u8>(), 0..400)) {
            let mut bytes = MAGIC.to_vec();
            bytes.extend(tail);
            let _ = read(&bytes);
        }

        #[test]
        fn any_byte_changed_decodes_or_is_refused(at in 0usize..1700, to in any::<u8>()) {
            let mut compact = encode(&typical_answer());
            let at = at % compact.len();
            compact[at] = to;
            let _ = read(&compact);
        }
    }
}
