//! The warehouse API's operations, a file per subject.

pub mod access;
pub mod changes;
pub mod desks;
pub mod documents;
pub mod imports;
pub mod one_desk;
pub mod orders;
pub mod outbox;
pub mod packing;
pub mod people;
pub mod reading;
pub mod settings;
pub mod submit;
