//! The reference service of SPEC.md (`packdesk serve`, and the app's embedded default).

pub mod labels;
pub mod landed_cost;
pub mod store;
