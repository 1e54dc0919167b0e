//! The reference service of SPEC.md (`packdesk serve`).

pub mod store;
