//! The reference service of SPEC.md (`packdesk serve`, and the app's embedded default).

pub mod http;
pub mod ids;
pub mod keys;
pub mod labels;
pub mod landed_cost;
pub mod retention;
pub mod server;
pub mod store;
