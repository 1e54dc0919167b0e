//! Which low-value relief applies to a consignment, and whether it qualifies.

use rust_decimal::Decimal;

use super::cart::Context;
use super::tables::{DeMinimisKind, DeMinimisRow};
use crate::api::FieldError;
use crate::domain::CountryCode;

/// The relief of `kind` in force at the destination for a shipment from `from`, if any.
pub fn rule<'t>(
    ctx: &Context<'t>,
    kind: DeMinimisKind,
    from: CountryCode,
) -> Option<&'t DeMinimisRow> {
    ctx.tables
        .de_minimis(&ctx.destination.tariff, kind, from, ctx.date)
}

/// Whether `amount` (in the request currency) does not exceed the rule's threshold.
pub fn within(ctx: &Context<'_>, rule: &DeMinimisRow, amount: Decimal) -> Result<bool, FieldError> {
    let local = ctx
        .fx
        .convert(amount, &ctx.code, &rule.currency)
        .ok_or_else(|| {
            FieldError::new(
                "currency_code",
                format!(
                    "no exchange rate from {} to {} on {}",
                    ctx.code, rule.currency, ctx.date
                ),
            )
        })?;
    Ok(local <= rule.threshold)
}
