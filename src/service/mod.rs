//! The reference service of issue 3.

pub mod labels;
