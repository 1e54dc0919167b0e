//! The reference service of SPEC.md: the landed-cost engine (and, beside it, the HTTP layer,
//! the order store and labels).

pub mod landed_cost;
