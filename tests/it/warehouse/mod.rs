//! A warehouse of desks on one PostgreSQL station record, each running what a desk runs (its
//! outbox worker), against the real service on loopback: what holds across desks, not just
//! within one (`station/` shows each behaviour on both engines; this shows them together).

mod claims;
mod outbox;
mod reprint;
mod roles;
