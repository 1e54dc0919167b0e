//! The one integration-test binary: features tested end to end, against real servers.

mod client;
mod contract;
mod labels;
mod service;
mod service_labels;
mod support;
mod validation;
