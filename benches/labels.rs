//! Rendering one label document, PDF and ZPL (BENCHMARKS.md). `cargo bench --bench labels`;
//! `PACKDESK_BENCH_SMOKE=1` for the short CI check.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use packdesk::domain::{CountryCode, Length, LengthUnit, Weight, WeightUnit};
use packdesk::service::labels::{
    Dimensions, LabelDocument, LabelParty, TrackingCode, render_pdf, render_zpl,
};
use rust_decimal::Decimal;

fn party(name: &str, country: &str, province: &str, zip: &str) -> LabelParty {
    LabelParty {
        name: name.to_string(),
        company: None,
        line1: "12 Harbour Road".to_string(),
        line2: Some("Unit 4".to_string()),
        city: "Springfield".to_string(),
        province: province.to_string(),
        zipcode: zip.to_string(),
        country: CountryCode::parse(country).unwrap_or_else(|| panic!("country {country}")),
        phone: Some("+1 416 555 0100".to_string()),
    }
}

fn document() -> LabelDocument {
    let cm = |v: i64| Length::new(Decimal::from(v), LengthUnit::Centimetre);
    LabelDocument {
        order_number: "100234".to_string(),
        tracking_code: TrackingCode::s10(
            "CP",
            12345678,
            CountryCode::parse("DE").unwrap_or_else(|| panic!("DE")),
        )
        .unwrap_or_else(|e| panic!("{e}")),
        track_reference: "100234-P2".to_string(),
        service: "Express DDP".to_string(),
        from: party("Packdesk Fulfillment", "DE", "BE", "10115"),
        to: party("Zoë Müller", "CA", "ON", "M5V 2T6"),
        weight: Some(Weight::new(Decimal::new(1250, 0), WeightUnit::Gram)),
        dimensions: Some(Dimensions {
            length: cm(30),
            width: cm(20),
            height: cm(10),
        }),
        skus: vec![
            ("TEE-ORG-M".to_string(), Decimal::from(2)),
            ("MUG-STN-350".to_string(), Decimal::from(1)),
        ],
        brand_code: Some("ACME".to_string()),
        created: time::macros::date!(2026 - 11 - 22),
    }
}

fn labels(c: &mut Criterion) {
    let doc = document();
    let mut group = c.benchmark_group("label");
    group.bench_function("pdf_4x6", |b| b.iter(|| render_pdf(black_box(&doc))));
    group.bench_function("zpl_203dpi", |b| b.iter(|| render_zpl(black_box(&doc))));
    group.finish();
}

criterion_group!(benches, labels);

fn main() {
    if !support::smoke() {
        benches();
        Criterion::default().configure_from_args().final_summary();
        return;
    }
    let doc = document();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let pdf = support::median_time(9, || {
        let _ = black_box(render_pdf(black_box(&doc)));
    });
    let zpl = support::median_time(9, || {
        let _ = black_box(render_zpl(black_box(&doc)));
    });
    let mut budget = support::Budget::default();
    budget.at_most("PDF label", ms(pdf), 10.0, "ms");
    budget.at_most("ZPL label", ms(zpl), 1.0, "ms");
    budget.finish();
}
