//! Compatibility alias: the `MeasurementUnit` enum's canonical definition
//! lives in `elements::measurement_unit` (it is a neutral
//! dots/inches/millimeters concept that downstream code consumes); this
//! module keeps the `parsers::zpl::measurement_unit` path alive for code
//! written against the post-reorganization layout.

pub use crate::elements::measurement_unit::*;
