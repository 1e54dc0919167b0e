//! One landed-cost calculation of the typical and the large cart, the reading and check of the
//! cart before it, and its answer written as JSON by hand beside serde_json, side by side in one run
//! (BENCHMARKS.md).
//! `cargo bench --bench engine`; `PACKDESK_BENCH_SMOKE=1` for the short CI check.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use packdesk::api::TaxCalculationRequest;
use packdesk::demo;
use packdesk::domain::validate;
use packdesk::service::http::extract;
use packdesk::service::landed_cost::{CalcOptions, Engine, Tables};

fn setup() -> (Engine, CalcOptions) {
    let Ok(tables) = Tables::load() else {
        panic!("the rate tables must load")
    };
    let options = CalcOptions {
        now: time::OffsetDateTime::now_utc(),
        require_hs_codes: false,
        undecided: Default::default(),
    };
    (Engine::new(tables), options)
}

fn engine(c: &mut Criterion) {
    let (engine, options) = setup();
    let mut group = c.benchmark_group("landed_cost");
    group.throughput(Throughput::Elements(1));
    // The typical cart without HS codes: every item classified from its text.
    let mut uncoded = demo::typical_cart();
    for item in uncoded.shipments.iter_mut().flat_map(|s| &mut s.items) {
        item.hs_code = None;
    }
    for (name, cart) in [
        ("typical_1x3x5", demo::typical_cart()),
        ("typical_uncoded_1x3x5", uncoded),
        ("large_10x5x50", demo::large_cart()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| engine.calculate(black_box(&cart), &options))
        });
    }
    group.finish();
}

/// Checking a cart before it is calculated (every field gets a path; nearly every cart is valid).
fn validation(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(1));
    for (name, cart) in [
        ("typical_1x3x5", demo::typical_cart()),
        ("large_10x5x50", demo::large_cart()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| validate::landed_cost_request(black_box(&cart)))
        });
    }
    group.finish();
}

/// The typical answer's JSON: `TaxCalculationResponse::write_json` (what the service sends)
/// against `serde_json::to_writer` of the same value (the same bytes, by the tests).
fn answer_json(c: &mut Criterion) {
    let (engine, options) = setup();
    let answer = engine
        .calculate(&demo::typical_cart(), &options)
        .expect("the typical cart is priced");
    let capacity = serde_json::to_vec(&answer).unwrap().len();
    let mut group = c.benchmark_group("answer_json");
    group.throughput(Throughput::Elements(1));
    group.bench_function("write_json", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(capacity);
            black_box(&answer).write_json(&mut out);
            out
        })
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(capacity);
            serde_json::to_writer(&mut out, black_box(&answer)).unwrap();
            out
        })
    });
    group.finish();
}

/// The typical cart's body read into the wire type, as the service's extractor reads it.
fn request_json(c: &mut Criterion) {
    let body = serde_json::to_vec(&demo::typical_cart()).unwrap();
    let mut group = c.benchmark_group("request_json");
    group.throughput(Throughput::Elements(1));
    group.bench_function("parse", |b| {
        b.iter(|| extract::parse::<TaxCalculationRequest>(black_box(&body)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, engine, validation, answer_json, request_json);

fn main() {
    if !support::smoke() {
        benches();
        Criterion::default().configure_from_args().final_summary();
        return;
    }
    let (engine, options) = setup();
    let cart = demo::typical_cart();
    let one = support::median_time(9, || {
        for _ in 0..1000 {
            let _ = black_box(engine.calculate(black_box(&cart), &options));
        }
    }) / 1000;
    let per_second = 1.0 / one.as_secs_f64().max(1e-12);
    let mut budget = support::Budget::default();
    budget.at_least("typical carts per second", per_second, 50_000.0, "/s");
    budget.finish();
}
