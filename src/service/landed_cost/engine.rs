//! [`Engine::calculate`]: one landed-cost calculation.

use std::sync::Arc;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::allocate::allocate;
use super::cart::{self, Context, Shipment};
use super::line_choice::UndecidedLine;
use super::regime::{Regime, regime};
use super::tables::{Tables, Valuation};
use super::{duty, tax};
use crate::api::{
    BreakdownType, CartShipmentResponse, FieldError, LandedCost, ShipmentType, ShippingRate,
    ShippingRateTaxes, SkuHsCodeEntry, TaxBreakdown, TaxCalculationRequest, TaxCalculationResponse,
};
use crate::service::ids;

/// What the calculation depends on besides the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CalcOptions {
    /// The moment of calculation: rules in force on its date apply; `created_at` shows it.
    pub now: OffsetDateTime,
    /// Whether the response lists one HS code per SKU (`--require-hs-codes`).
    pub require_hs_codes: bool,
    /// The rate charged when the cart cannot decide between national lines at different
    /// rates (`--undecided-line`).
    pub undecided: UndecidedLine,
}

/// The landed-cost engine over loaded tables; cheap to clone and share between threads.
#[derive(Debug, Clone)]
pub struct Engine {
    tables: Arc<Tables>,
}

impl Engine {
    pub fn new(tables: Tables) -> Engine {
        Engine {
            tables: Arc::new(tables),
        }
    }

    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Prices every shipping rate of every shipment of `req` under the rules in force on
    /// `opts.now`'s date. Inputs it cannot price give field errors, never a panic.
    pub fn calculate(
        &self,
        req: &TaxCalculationRequest,
        opts: &CalcOptions,
    ) -> Result<TaxCalculationResponse, Vec<FieldError>> {
        let date = opts.now.date();
        let (mut ctx, shipments) = cart::prepare(&self.tables, req, date)?;
        ctx.undecided = opts.undecided;
        let created_at = opts.now.format(&Rfc3339).map_err(|e| {
            vec![FieldError::new(
                "",
                format!("the calculation time cannot be shown: {e}"),
            )]
        })?;
        let usd = ctx
            .fx
            .convert(Decimal::ONE, &ctx.code, "USD")
            .and_then(|rate| rate.round_sf(8))
            .map(|rate| rate.normalize())
            .ok_or_else(|| {
                vec![FieldError::new(
                    "currency_code",
                    format!("no USD rate for {}", ctx.code),
                )]
            })?;

        let id = ids::calculation_id();
        let mut rate_number = 0;
        let mut responses = Vec::with_capacity(shipments.len());
        let mut codes = opts.require_hs_codes.then(Vec::new);
        for shipment in &shipments {
            let regime = regime(&ctx, shipment);
            let facts = (
                duty::LineDuties::new(&ctx, shipment),
                tax::LineRates::new(&ctx, shipment),
            );
            if let Some(codes) = &mut codes {
                hs_codes(shipment, &facts.0, codes);
            }
            let mut rates = Vec::with_capacity(shipment.request.shipping_rates.len());
            for rate in &shipment.request.shipping_rates {
                rate_number += 1;
                rates.push(ShippingRateTaxes {
                    shipping_rate_id: rate.shipping_rate_id.clone(),
                    shipping_rate: rate.shipping_rate,
                    tax_transaction_id: ids::tax_transaction_id(&id, rate_number),
                    landed_cost: landed_cost(&ctx, shipment, &facts, regime, rate)?,
                });
            }
            responses.push(CartShipmentResponse {
                shipment_id: shipment.request.shipment_id.clone(),
                shipment_type: match regime {
                    Regime::Local => ShipmentType::Local,
                    Regime::CustomsUnion | Regime::Import => ShipmentType::CrossBorder,
                },
                shipping_rate_taxes: rates,
            });
        }

        Ok(TaxCalculationResponse {
            landedcost_request_id: id,
            currency_code: ctx.code.clone(),
            external_reference_id: req.external_reference_id.clone(),
            created_at,
            usd_conversion_rate: usd,
            shipments: responses,
            hs_codes: codes,
        })
    }
}

/// One entry per distinct SKU, first occurrence first: the national line the duty was priced
/// under where the tariff has one, else the HS code used.
fn hs_codes(
    shipment: &Shipment<'_, '_>,
    duties: &duty::LineDuties<'_>,
    out: &mut Vec<SkuHsCodeEntry>,
) {
    for (j, line) in shipment.lines.iter().enumerate() {
        if !out.iter().any(|e| e.sku == line.item.sku) {
            out.push(SkuHsCodeEntry {
                sku: line.item.sku.clone(),
                hs_code: duties
                    .national(j)
                    .map_or_else(|| line.hs.clone(), |l| l.code.to_string()),
            });
        }
    }
}

/// The sum of the lines of `kind`, shown with the currency's minor units even when empty.
fn sum(lines: &[TaxBreakdown], kind: BreakdownType, minor_units: u32) -> Decimal {
    lines.iter().filter(|l| l.kind == kind).fold(
        Decimal::try_new(0, minor_units).unwrap_or_default(),
        |acc, l| acc + l.amount,
    )
}

fn landed_cost(
    ctx: &Context<'_>,
    shipment: &Shipment<'_, '_>,
    (duty_facts, tax_rates): &(duty::LineDuties<'_>, tax::LineRates<'_>),
    regime: Regime,
    rate: &ShippingRate,
) -> Result<LandedCost, Vec<FieldError>> {
    let shipping = ctx.currency.round(rate.shipping_rate);
    // Shipping is shared over the items that ship, by value, for the customs value and for
    // the rate the shipping is taxed at.
    let shipped: Vec<usize> = (0..shipment.lines.len())
        .filter(|&j| shipment.lines.get(j).is_some_and(|l| l.ships()))
        .collect();
    let weights: Vec<Decimal> = shipped
        .iter()
        .filter_map(|&j| shipment.lines.get(j))
        .map(|l| l.value)
        .collect();
    let parts = allocate(shipping, &weights, ctx.currency.minor_units()).map_err(|e| {
        vec![FieldError::new(
            format!("shipments[{}].shipping_rates", shipment.index),
            e.to_string(),
        )]
    })?;
    let mut shares = vec![Decimal::ZERO; shipment.lines.len()];
    for (j, part) in shipped.into_iter().zip(parts) {
        if let Some(slot) = shares.get_mut(j) {
            *slot = part;
        }
    }
    let customs_values: Vec<Decimal> = shipment
        .lines
        .iter()
        .zip(&shares)
        .map(|(line, share)| match ctx.destination.valuation {
            Valuation::Cif => line.value + share,
            Valuation::Fob => line.value,
        })
        .collect();

    let duties = duty::duties(ctx, shipment, duty_facts, regime, &customs_values)?;
    let taxes = tax::taxes(
        ctx,
        shipment,
        tax_rates,
        regime,
        shipping,
        &shares,
        &duties.per_line,
    )?;
    let mut breakdown = duties.lines;
    // Grown once to its size: the lines are some hundred bytes each.
    breakdown.reserve_exact(taxes.product.len() + taxes.shipment.len());
    breakdown.extend(taxes.product);
    breakdown.extend(taxes.shipment);
    let minor = ctx.currency.minor_units();
    let shipment_taxes = sum(&breakdown, BreakdownType::ShipmentTax, minor);
    let product_taxes = sum(&breakdown, BreakdownType::ProductTax, minor);
    Ok(LandedCost {
        duties: sum(&breakdown, BreakdownType::Duty, minor),
        total_taxes: shipment_taxes + product_taxes,
        shipment_taxes,
        product_taxes,
        breakdown,
    })
}
