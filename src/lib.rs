//! Packdesk: the packing-station app and its reference landed-cost, order and label service.
//! See ARCHITECTURE.md for the module map and the invariants that hold.

pub mod api;
pub mod cli;
pub mod connection;
pub mod customs;
pub mod demo;
pub mod domain;
pub mod embedded;
pub mod logging;
pub mod paths;
pub mod private_file;
pub mod redact;
pub mod render;
pub mod service;
pub mod serving;
pub mod sql;
pub mod station;
pub mod ui;
pub mod warehouse;

// Unit tests share fixtures with the integration tests (`tests/support/`), which name this
// crate `packdesk`.
#[cfg(test)]
extern crate self as packdesk;

/// Synthetic orders, shared with the integration tests and benchmarks (loaded once here for
/// the unit tests).
#[cfg(test)]
#[path = "../tests/support/synthetic.rs"]
pub(crate) mod synthetic;

#[cfg(test)]
#[path = "../tests/support/pg_cluster.rs"]
pub(crate) mod pg_cluster;

#[cfg(test)]
#[path = "../tests/support/decimal.rs"]
pub(crate) mod decimal;

/// mimalloc instead of the system allocator, for every binary built on this crate (the app, its
/// tests and benchmarks, so they measure what ships): the engine allocates many small values per
/// quote, and glibc's allocator spent a quarter of its time in `malloc`/`free`
/// (docs/perf/engine-and-service.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
