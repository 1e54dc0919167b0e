//! The figures the result panel shows and the order it submits, computed from the request that
//! was calculated and the service's answer: Decimal throughout, each amount rounded once to the
//! currency's minor units (half away from zero), totals summed from rounded amounts.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::api::{
    FieldError, OrderCreateRequest, OrderShipmentRef, TaxCalculationRequest, TaxCalculationResponse,
};
use crate::domain::Currency;
use crate::domain::validate;

/// `source` of the orders the quote panel submits.
pub const ORDER_SOURCE: &str = "packdesk";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TotalsError {
    #[error("the answer's currency {0:?} is not an ISO 4217 currency")]
    Currency(String),
    #[error("an amount is too large to add up")]
    Overflow,
}

/// A calculation: the request as sent and the service's answer to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    pub request: TaxCalculationRequest,
    pub response: TaxCalculationResponse,
}

/// One shipment of the answer with what its products cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentTotals {
    pub shipment_id: String,
    /// Sum over items of unit price × quantity.
    pub products: Decimal,
    /// Sum over items of unit discount × quantity (the order discount is not included).
    pub discounts: Decimal,
    pub rates: Vec<RateTotals>,
}

/// One shipping rate of a shipment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateTotals {
    pub shipping_rate_id: String,
    pub tax_transaction_id: String,
    pub shipping: Decimal,
    pub duties: Decimal,
    pub product_taxes: Decimal,
    pub shipment_taxes: Decimal,
    pub total_taxes: Decimal,
    /// Products minus discounts plus shipping, duties and taxes.
    pub all_in: Decimal,
}

impl Quote {
    pub fn currency(&self) -> Result<Currency, TotalsError> {
        Currency::parse(&self.response.currency_code)
            .ok_or_else(|| TotalsError::Currency(self.response.currency_code.clone()))
    }

    /// Every shipment of the answer, in its order, with the totals of each rate.
    pub fn shipment_totals(&self) -> Result<Vec<ShipmentTotals>, TotalsError> {
        let currency = self.currency()?;
        self.response
            .shipments
            .iter()
            .map(|answered| {
                let items = self
                    .request
                    .shipments
                    .iter()
                    .find(|s| s.shipment_id == answered.shipment_id)
                    .map(|s| s.items.as_slice())
                    .unwrap_or(&[]);
                let products = sum(items
                    .iter()
                    .map(|i| times(currency, i.unit_price, i.quantity)))?;
                let discounts = sum(items
                    .iter()
                    .map(|i| times(currency, i.unit_discount, i.quantity)))?;
                let net = products
                    .checked_sub(discounts)
                    .ok_or(TotalsError::Overflow)?;
                let rates = answered
                    .shipping_rate_taxes
                    .iter()
                    .map(|rate| {
                        let cost = &rate.landed_cost;
                        let shipping = currency.round(rate.shipping_rate);
                        let duties = currency.round(cost.duties);
                        let total_taxes = currency.round(cost.total_taxes);
                        Ok(RateTotals {
                            shipping_rate_id: rate.shipping_rate_id.clone(),
                            tax_transaction_id: rate.tax_transaction_id.clone(),
                            shipping,
                            duties,
                            product_taxes: currency.round(cost.product_taxes),
                            shipment_taxes: currency.round(cost.shipment_taxes),
                            total_taxes,
                            all_in: sum([Ok(net), Ok(shipping), Ok(duties), Ok(total_taxes)])?,
                        })
                    })
                    .collect::<Result<Vec<_>, TotalsError>>()?;
                Ok(ShipmentTotals {
                    shipment_id: answered.shipment_id.clone(),
                    products,
                    discounts,
                    rates,
                })
            })
            .collect()
    }

    /// The order discount of the request, rounded to the currency.
    pub fn order_discount(&self) -> Result<Decimal, TotalsError> {
        Ok(self.currency()?.round(self.request.order_discount))
    }

    /// The all-in total of the order: the chosen rate's all-in total of every shipment, minus
    /// the order discount. `None` until every shipment has a chosen rate.
    pub fn order_total(
        &self,
        chosen: &BTreeMap<String, String>,
    ) -> Result<Option<Decimal>, TotalsError> {
        let mut total = Decimal::ZERO;
        for shipment in self.shipment_totals()? {
            let Some(rate) = chosen
                .get(&shipment.shipment_id)
                .and_then(|id| shipment.rates.iter().find(|r| &r.shipping_rate_id == id))
            else {
                return Ok(None);
            };
            total = total
                .checked_add(rate.all_in)
                .ok_or(TotalsError::Overflow)?;
        }
        let total = total
            .checked_sub(self.order_discount()?)
            .ok_or(TotalsError::Overflow)?;
        Ok(Some(total.max(Decimal::ZERO)))
    }

    /// The order create body for the chosen rates. Problems come with the order body's paths
    /// (`source_reference`, `shipments[1].tax_transaction_id`, ...), the shipments in the
    /// answer's order.
    pub fn order_request(
        &self,
        chosen: &BTreeMap<String, String>,
        order_number: &str,
        now: OffsetDateTime,
    ) -> Result<OrderCreateRequest, Vec<FieldError>> {
        let mut problems = Vec::new();
        let number = order_number.trim();
        let source_reference = match number.parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ if number.is_empty() => {
                problems.push(FieldError::new(
                    "source_reference",
                    "Enter the order number from the store (digits only): the order is found by it later.",
                ));
                0
            }
            _ => {
                problems.push(FieldError::new(
                    "source_reference",
                    format!("\"{number}\" is not an order number: enter digits only, e.g. 100234."),
                ));
                0
            }
        };
        let totals = self
            .shipment_totals()
            .map_err(|e| vec![FieldError::new("total", e.to_string())])?;
        let mut shipments = Vec::new();
        for (index, shipment) in totals.iter().enumerate() {
            let rate = chosen
                .get(&shipment.shipment_id)
                .and_then(|id| shipment.rates.iter().find(|r| &r.shipping_rate_id == id));
            match rate {
                Some(rate) => shipments.push(OrderShipmentRef {
                    tax_transaction_id: rate.tax_transaction_id.clone(),
                    shipment_id: shipment.shipment_id.clone(),
                }),
                None => problems.push(FieldError::new(
                    format!("shipments[{index}].tax_transaction_id"),
                    format!(
                        "Choose a shipping rate for shipment {}.",
                        shipment.shipment_id
                    ),
                )),
            }
        }
        let total = match self.order_total(chosen) {
            Ok(total) => total.unwrap_or(Decimal::ZERO),
            Err(e) => {
                problems.push(FieldError::new("total", e.to_string()));
                Decimal::ZERO
            }
        };
        let now = now
            .format(&Rfc3339)
            .map_err(|e| vec![FieldError::new("source_created_at", e.to_string())])?;
        if !problems.is_empty() {
            return Err(problems);
        }
        let order = OrderCreateRequest {
            source: ORDER_SOURCE.into(),
            source_reference,
            landedcost_request_id: self.response.landedcost_request_id.clone(),
            source_created_at: now.clone(),
            source_updated_at: now,
            total,
            shipments,
            custom_properties: None,
            billing_address: None,
        };
        let problems = validate::order_create(&order);
        if problems.is_empty() {
            Ok(order)
        } else {
            Err(problems)
        }
    }
}

/// `amount × quantity`, rounded to the currency.
fn times(currency: Currency, amount: Decimal, quantity: Decimal) -> Result<Decimal, TotalsError> {
    amount
        .checked_mul(quantity)
        .map(|value| currency.round(value))
        .ok_or(TotalsError::Overflow)
}

fn sum(
    values: impl IntoIterator<Item = Result<Decimal, TotalsError>>,
) -> Result<Decimal, TotalsError> {
    values.into_iter().try_fold(Decimal::ZERO, |total, value| {
        total.checked_add(value?).ok_or(TotalsError::Overflow)
    })
}

/// An amount with exactly the currency's minor units: `12.5` EUR shows as `12.50`.
pub fn format_amount(amount: Decimal, currency: Option<Currency>) -> String {
    match currency {
        Some(currency) => {
            let mut rounded = currency.round(amount);
            rounded.rescale(currency.minor_units());
            rounded.to_string()
        }
        None => amount.to_string(),
    }
}

#[cfg(test)]
mod tests;
