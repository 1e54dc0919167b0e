//! The one integration-test binary: features tested end to end, against real servers.

mod contract;
mod station;
