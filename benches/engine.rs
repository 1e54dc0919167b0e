//! One landed-cost calculation of the typical and the large cart (BENCHMARKS.md).
//! `cargo bench --bench engine`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use packdesk::demo;
use packdesk::service::landed_cost::{CalcOptions, Engine, Tables};

fn engine(c: &mut Criterion) {
    let Ok(tables) = Tables::load() else {
        panic!("the rate tables must load")
    };
    let engine = Engine::new(tables);
    let options = CalcOptions {
        now: time::OffsetDateTime::now_utc(),
        require_hs_codes: false,
    };
    let mut group = c.benchmark_group("landed_cost");
    group.throughput(Throughput::Elements(1));
    for (name, cart) in [
        ("typical_1x3x5", demo::typical_cart()),
        ("large_10x5x50", demo::large_cart()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| engine.calculate(black_box(&cart), &options))
        });
    }
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
