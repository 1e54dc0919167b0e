//! National tariff lines (`assets/tables/duty/lines/`): rates pinned from the official files.

mod au;
mod eu;
mod gb;
mod jp;
mod us;

/// One national line's MFN rate as read from the official file by hand.
pub struct Pin {
    /// The national line, digits only.
    pub code: &'static str,
    /// Its MFN rate as a rate expression (`assets/tables/duty/lines/README.md`).
    pub mfn: &'static str,
    /// The row of the official file it was read from (code, description, rate), abridged.
    pub row: &'static str,
}
