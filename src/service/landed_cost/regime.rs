//! How a shipment crosses (or does not cross) a border, which decides what it owes.

use super::cart::{Context, Shipment};
use super::tables::{AgreementKind, dated::Dated};

/// How a shipment crosses (or does not cross) a border.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regime {
    /// Origin and destination are the same country: domestic tax only.
    Local,
    /// Between two members of a customs union: no customs at all, destination VAT.
    CustomsUnion,
    /// An import: duty, import tax and low-value reliefs.
    Import,
}

pub(super) fn regime(ctx: &Context<'_>, shipment: &Shipment<'_, '_>) -> Regime {
    if shipment.from == ctx.dest {
        return Regime::Local;
    }
    let union = ctx.tables.agreements.iter().any(|a| {
        a.kind == AgreementKind::CustomsUnion
            && a.period().contains(ctx.date)
            && a.has(shipment.from)
            && a.has(ctx.dest)
    });
    if union {
        Regime::CustomsUnion
    } else {
        Regime::Import
    }
}
