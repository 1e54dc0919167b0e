//! `PUT /v1/orders`: fulfillments, cancellations, refunds, product changes, new shipments and
//! address corrections, applied all together or not at all.

mod changes;
mod ctx;
mod fulfill;
mod items;
mod shipment;

use std::collections::HashSet;

use rust_decimal::Decimal;
use serde_json::json;
use time::OffsetDateTime;

use ctx::Ctx;

use super::codec::{opt_from_json, parse_client_ts, to_json, ts};
use super::error::StoreError;
use super::handle::Store;
use super::rows::load_order;
use crate::api::{Address, CustomProperties, FieldError, OrderUpdateRequest};
use crate::sql::params;

impl Store {
    /// Applies an update (SPEC 4.3). Unknown order → `NotFound`; a `source_updated_at` older
    /// than the stored one → `Conflict` and nothing changes; equal or newer is applied.
    pub fn update_order(
        &self,
        req: &OrderUpdateRequest,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let source_reference = req.source_reference.to_string();
        self.write(|tx| {
            let order = load_order(tx, &source_reference)?.ok_or_else(|| {
                StoreError::NotFound(format!(
                    "no order {source_reference}; create it with POST /v1/orders first"
                ))
            })?;
            let Some(incoming) = parse_client_ts(&req.source_updated_at) else {
                return Err(StoreError::Invalid(vec![FieldError::new(
                    "source_updated_at",
                    format!(
                        "{:?} is not an ISO 8601 timestamp such as 2026-03-01T12:00:00Z",
                        req.source_updated_at
                    ),
                )]));
            };
            let stored = parse_client_ts(&order.source_updated_at).ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "order {source_reference} holds source_updated_at {:?}",
                    order.source_updated_at
                ))
            })?;
            if incoming < stored {
                return Err(StoreError::Conflict(format!(
                    "this update (source_updated_at {}) is older than the order's last update \
                     ({}); nothing was changed",
                    req.source_updated_at, order.source_updated_at
                )));
            }
            let mut ctx = Ctx {
                tx,
                order,
                now,
                errors: Vec::new(),
            };
            order_fields(&mut ctx, req)?;
            let mut seen = HashSet::new();
            for (i, update) in req.shipments.iter().enumerate() {
                if !seen.insert(update.shipment_id.as_str()) {
                    ctx.invalid(
                        format!("shipments[{i}].shipment_id"),
                        format!(
                            "the shipment {} is listed twice; send one object per shipment",
                            update.shipment_id
                        ),
                    );
                    continue;
                }
                shipment::apply(&mut ctx, i, update)?;
            }
            if !ctx.errors.is_empty() {
                return Err(StoreError::Invalid(ctx.errors));
            }
            let order_id = ctx.order.id;
            ctx.tx.execute(
                "UPDATE orders SET source_updated_at = ?1, updated_at = ?2 WHERE id = ?3",
                params![req.source_updated_at, ts(now)?, order_id],
            )?;
            ctx.event(
                "order_updated",
                json!({
                    "source_updated_at": req.source_updated_at,
                    "shipments": req.shipments.iter().map(|s| &s.shipment_id).collect::<Vec<_>>(),
                }),
            )
        })
    }
}

/// Order-level corrections; each change is kept with its value before and after.
fn order_fields(ctx: &mut Ctx<'_, '_>, req: &OrderUpdateRequest) -> Result<(), StoreError> {
    if let Some(discount) = req.order_discount {
        if discount < Decimal::ZERO {
            ctx.invalid("order_discount", "the order discount cannot be negative");
        } else if discount != ctx.order.order_discount {
            ctx.tx.execute(
                "UPDATE orders SET order_discount = ?1 WHERE id = ?2",
                params![discount.to_string(), ctx.order.id],
            )?;
            ctx.event(
                "order_discount_changed",
                json!({
                    "before": ctx.order.order_discount.to_string(),
                    "after": discount.to_string(),
                }),
            )?;
            ctx.order.order_discount = discount;
        }
    }
    if let Some(props) = &req.custom_properties {
        let before: Option<CustomProperties> = opt_from_json(
            ctx.order.custom_properties_json.clone(),
            "orders.custom_properties_json",
        )?;
        if before.as_ref() != Some(props) {
            let text = to_json(props)?;
            ctx.tx.execute(
                "UPDATE orders SET custom_properties_json = ?1 WHERE id = ?2",
                params![&text, ctx.order.id],
            )?;
            ctx.event(
                "custom_properties_changed",
                json!({ "before": before, "after": props }),
            )?;
            ctx.order.custom_properties_json = Some(text);
        }
    }
    if let Some(address) = &req.destination_address {
        let before: Address = super::codec::from_json(
            &ctx.order.destination_address_json,
            "orders.destination_address_json",
        )?;
        if before != *address {
            let text = to_json(address)?;
            ctx.tx.execute(
                "UPDATE orders SET destination_address_json = ?1 WHERE id = ?2",
                params![&text, ctx.order.id],
            )?;
            ctx.event(
                "destination_address_corrected",
                json!({ "before": before, "after": address }),
            )?;
            ctx.order.destination_address_json = text;
        }
    }
    if let Some(address) = &req.billing_address {
        let before: Option<Address> = opt_from_json(
            ctx.order.billing_address_json.clone(),
            "orders.billing_address_json",
        )?;
        if before.as_ref() != Some(address) {
            let text = to_json(address)?;
            ctx.tx.execute(
                "UPDATE orders SET billing_address_json = ?1 WHERE id = ?2",
                params![&text, ctx.order.id],
            )?;
            ctx.event(
                "billing_address_corrected",
                json!({ "before": before, "after": address }),
            )?;
            ctx.order.billing_address_json = Some(text);
        }
    }
    Ok(())
}
