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
mod tests {
    use super::*;
    use crate::api::{
        Address, CartItem, CartShipmentRequest, CartShipmentResponse, LandedCost, ShipmentType,
        ShippingRate, ShippingRateTaxes, WireWeight,
    };

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn item(price: &str, discount: &str, quantity: &str) -> CartItem {
        CartItem {
            source_line_id: format!("{price}-{quantity}"),
            source_product_id: 1,
            source_variant_id: 1,
            hs_code: None,
            quantity: dec(quantity),
            unit_price: dec(price),
            unit_discount: dec(discount),
            sku: "SKU".into(),
            product_name: "Thing".into(),
            variant_name: String::new(),
            description: String::new(),
            origin_country_code: "DE".into(),
            category: "toys".into(),
            requires_shipping: true,
            weight: WireWeight {
                per_unit: dec("100"),
                unit: "g".into(),
            },
        }
    }

    fn rate(
        id: &str,
        shipping: &str,
        duties: &str,
        product: &str,
        shipment: &str,
    ) -> ShippingRateTaxes {
        ShippingRateTaxes {
            shipping_rate_id: id.into(),
            shipping_rate: dec(shipping),
            tax_transaction_id: format!("tx-{id}"),
            landed_cost: LandedCost {
                duties: dec(duties),
                total_taxes: dec(product) + dec(shipment),
                shipment_taxes: dec(shipment),
                product_taxes: dec(product),
                breakdown: Vec::new(),
            },
        }
    }

    fn quote(currency: &str, order_discount: &str) -> Quote {
        let request = TaxCalculationRequest {
            ship_to: Address {
                country_code: "FR".into(),
                ..Address::default()
            },
            caller_app: "packdesk".into(),
            external_reference_id: None,
            currency_code: currency.into(),
            order_discount: dec(order_discount),
            shipments: vec![CartShipmentRequest {
                ship_from: Address {
                    country_code: "US".into(),
                    ..Address::default()
                },
                shipment_id: "S1".into(),
                shipping_rates: vec![
                    ShippingRate {
                        shipping_rate_id: "std".into(),
                        shipping_rate: dec("10"),
                    },
                    ShippingRate {
                        shipping_rate_id: "exp".into(),
                        shipping_rate: dec("25"),
                    },
                ],
                items: vec![item("19.99", "2.50", "3"), item("5.005", "0", "1")],
            }],
            custom_properties: None,
        };
        let response = TaxCalculationResponse {
            landedcost_request_id: "lc-1".into(),
            currency_code: currency.into(),
            external_reference_id: None,
            created_at: "2026-01-01T00:00:00Z".into(),
            usd_conversion_rate: dec("1.08"),
            shipments: vec![CartShipmentResponse {
                shipment_id: "S1".into(),
                shipment_type: ShipmentType::CrossBorder,
                shipping_rate_taxes: vec![
                    rate("std", "10", "3.12", "11.05", "2.00"),
                    rate("exp", "25", "3.12", "11.05", "5.00"),
                ],
            }],
            hs_codes: None,
        };
        Quote { request, response }
    }

    #[test]
    fn all_in_is_products_minus_discounts_plus_shipping_duties_and_taxes() {
        let totals = quote("EUR", "0").shipment_totals().unwrap();
        let shipment = &totals[0];
        // 19.99 × 3 = 59.97 and 5.005 rounds to 5.01 (half away from zero).
        assert_eq!(shipment.products, dec("64.98"));
        assert_eq!(shipment.discounts, dec("7.50"));
        let std = &shipment.rates[0];
        assert_eq!(std.total_taxes, dec("13.05"));
        assert_eq!(
            std.all_in,
            dec("64.98") - dec("7.50") + dec("10") + dec("3.12") + dec("13.05")
        );
        assert_eq!(
            shipment.rates[1].all_in - std.all_in,
            dec("18"),
            "15 more shipping, 3 more tax"
        );
        let yen = quote("JPY", "0").shipment_totals().unwrap();
        assert_eq!(
            yen[0].products,
            dec("65"),
            "60 + 5, each line rounded to whole yen"
        );
    }

    #[test]
    fn the_order_takes_the_chosen_rates_and_the_order_discount() {
        let quote = quote("EUR", "4.00");
        let mut chosen = BTreeMap::new();
        assert_eq!(quote.order_total(&chosen).unwrap(), None);
        let now = OffsetDateTime::UNIX_EPOCH;
        let problems = quote.order_request(&chosen, "12a", now).unwrap_err();
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(
            fields,
            ["source_reference", "shipments[0].tax_transaction_id"]
        );

        chosen.insert("S1".to_string(), "exp".to_string());
        let expected = quote.shipment_totals().unwrap()[0].rates[1].all_in - dec("4.00");
        assert_eq!(quote.order_total(&chosen).unwrap(), Some(expected));
        let order = quote.order_request(&chosen, " 100234 ", now).unwrap();
        assert_eq!(order.source, ORDER_SOURCE);
        assert_eq!(order.source_reference, 100_234);
        assert_eq!(order.landedcost_request_id, "lc-1");
        assert_eq!(order.total, expected);
        assert_eq!(order.shipments[0].tax_transaction_id, "tx-exp");
        assert_eq!(order.source_created_at, "1970-01-01T00:00:00Z");
    }

    #[test]
    fn amounts_show_the_currency_minor_units() {
        let eur = Currency::parse("EUR");
        assert_eq!(format_amount(dec("12.5"), eur), "12.50");
        assert_eq!(format_amount(dec("12.345"), eur), "12.35");
        assert_eq!(format_amount(dec("1200"), Currency::parse("JPY")), "1200");
        assert_eq!(format_amount(dec("1.5"), Currency::parse("BHD")), "1.500");
    }
}
