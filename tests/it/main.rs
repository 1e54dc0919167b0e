//! The one integration-test binary: features tested end to end, against real servers.

#![allow(clippy::unwrap_used, clippy::expect_used)] // Test code: a failure is a panic.

mod benchmarks_doc;
mod cli_serve;
mod client;
mod contract;
mod customs;
#[path = "../support/cut_relay.rs"]
mod cut_relay;
#[path = "../support/decimal.rs"]
mod decimal;
mod hardening;
mod labels;
mod landed_cost;
mod layering;
mod openapi;
mod outbox;
mod paperwork;
#[path = "../support/pg_cluster.rs"]
mod pg_cluster;
mod printing;
mod readme;
mod retention;
mod scale;
mod server_edges;
mod service;
mod service_fuzz;
mod service_hostile;
mod service_instances;
mod service_labels;
mod service_openapi_fuzz;
mod spelling;
mod station;
mod support;
#[path = "../support/synthetic.rs"]
mod synthetic;
mod tariffs;
mod ui;
mod ui_quote;
mod validation;
mod warehouse;
mod warehouse_server;
