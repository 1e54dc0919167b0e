//! The request checked and prepared for pricing: destination and currency resolved, every
//! line's net value after unit and order discounts, its HS code and tax categories.

use rust_decimal::Decimal;
use time::Date;

use super::allocate::allocate;
use super::classify::{self, ProductText};
use super::line_choice::UndecidedLine;
use super::phrase::Words;
use super::tables::{DestinationRow, FxDay, Tables, Tariff, TaxRow};
use crate::api::{CartItem, CartShipmentRequest, FieldError, SharedText, TaxCalculationRequest};
use crate::domain::{CountryCode, Currency, Subdivision};

/// Largest money amount accepted in any one field or line (keeps all arithmetic exact).
const MAX_AMOUNT: Decimal = Decimal::from_parts(0xD4A5_1000, 0xE8, 0, false, 0); // 10^12
/// Largest quantity accepted on one line.
const MAX_QUANTITY: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// What is fixed for the whole request.
pub struct Context<'t> {
    pub tables: &'t Tables,
    pub date: Date,
    pub currency: Currency,
    pub code: String,
    pub fx: FxDay<'t>,
    pub dest: CountryCode,
    pub destination: &'t DestinationRow,
    pub tariff: &'t Tariff,
    /// The destination's taxes in force, in table order.
    pub taxes: Vec<&'t TaxRow>,
    /// The rate charged when national lines at different rates stay possible.
    pub undecided: UndecidedLine,
}

/// One item, priced.
pub struct Line<'r, 't> {
    pub item: &'r CartItem,
    /// The item's SKU, one copy for every breakdown line that names it.
    pub sku: SharedText,
    pub origin: CountryCode,
    /// Net unit price (unit price less unit discount).
    pub net_unit: Decimal,
    /// Line value after unit and order discounts, in minor units.
    pub value: Decimal,
    /// HS code used: the merchant's when valid, else classified (digits only).
    pub hs: String,
    pub categories: Vec<&'t str>,
}

impl Line<'_, '_> {
    pub fn hs6(&self) -> &str {
        self.hs.get(..6).unwrap_or(&self.hs)
    }

    pub fn ships(&self) -> bool {
        self.item.requires_shipping
    }
}

pub struct Shipment<'r, 't> {
    pub index: usize,
    pub request: &'r CartShipmentRequest,
    pub from: CountryCode,
    pub lines: Vec<Line<'r, 't>>,
}

fn amount_problem(value: Decimal) -> Option<&'static str> {
    if value < Decimal::ZERO {
        Some("must not be negative")
    } else if value > MAX_AMOUNT {
        Some("is larger than this service accepts (10^12)")
    } else {
        None
    }
}

fn resolve_destination<'t>(
    tables: &'t Tables,
    req: &TaxCalculationRequest,
    date: Date,
    errors: &mut Vec<FieldError>,
) -> Option<(CountryCode, &'t DestinationRow, Vec<&'t TaxRow>)> {
    let Some(dest) = CountryCode::parse(&req.ship_to.country_code) else {
        errors.push(FieldError::new(
            "ship_to.country_code",
            "is not an ISO 3166-1 alpha-2 country code",
        ));
        return None;
    };
    let Some(destination) = tables.destination(dest, date) else {
        errors.push(FieldError::new(
            "ship_to.country_code",
            format!("landed cost is not available for destination {dest} on {date}"),
        ));
        return None;
    };
    let subdivision = match (
        dest.requires_province_and_postal_code(),
        req.ship_to.province.as_deref(),
    ) {
        (false, _) => None,
        (true, Some(text)) => match Subdivision::parse(dest, text) {
            Some(sub) => Some(sub),
            None => {
                errors.push(FieldError::new(
                    "ship_to.province",
                    format!("is not a state or province of {dest}"),
                ));
                return None;
            }
        },
        (true, None) => {
            errors.push(FieldError::new(
                "ship_to.province",
                format!("is required for {dest}"),
            ));
            return None;
        }
    };
    let taxes = tables.taxes_at(dest, subdivision.map(|s| s.code()), date);
    if taxes.is_empty() {
        let place = subdivision.map_or_else(|| dest.to_string(), |s| s.iso_code().to_string());
        errors.push(FieldError::new(
            "ship_to.country_code",
            format!("no tax rates are known for {place} on {date}"),
        ));
        return None;
    }
    Some((dest, destination, taxes))
}

/// Checks what pricing needs and prepares every line.
pub fn prepare<'r, 't>(
    tables: &'t Tables,
    req: &'r TaxCalculationRequest,
    date: Date,
) -> Result<(Context<'t>, Vec<Shipment<'r, 't>>), Vec<FieldError>> {
    let mut errors = Vec::new();
    let currency = Currency::parse(&req.currency_code);
    let fx = tables.fx.on(date);
    let code = currency.map(|c| c.code()).unwrap_or_default();
    if currency.is_none() {
        errors.push(FieldError::new(
            "currency_code",
            "is not an ISO 4217 currency code",
        ));
    } else if fx.and_then(|fx| fx.per_eur(&code)).is_none() {
        errors.push(FieldError::new(
            "currency_code",
            format!("no exchange rate is known for {code} on {date}"),
        ));
    }
    let destination = resolve_destination(tables, req, date, &mut errors);
    if let Some(problem) = amount_problem(req.order_discount) {
        errors.push(FieldError::new("order_discount", problem));
    }

    let mut shipments = Vec::new();
    for (i, shipment) in req.shipments.iter().enumerate() {
        let at = |field: &str| format!("shipments[{i}].{field}");
        let from = CountryCode::parse(&shipment.ship_from.country_code);
        if from.is_none() {
            errors.push(FieldError::new(
                at("ship_from.country_code"),
                "is not an ISO 3166-1 alpha-2 country code",
            ));
        }
        for (k, rate) in shipment.shipping_rates.iter().enumerate() {
            if let Some(problem) = amount_problem(rate.shipping_rate) {
                errors.push(FieldError::new(
                    at(&format!("shipping_rates[{k}].shipping_rate")),
                    problem,
                ));
            }
        }
        let mut lines = Vec::new();
        for (j, item) in shipment.items.iter().enumerate() {
            let field = |name: &str| at(&format!("items[{j}].{name}"));
            let origin = CountryCode::parse(&item.origin_country_code);
            if origin.is_none() {
                errors.push(FieldError::new(
                    field("origin_country_code"),
                    "is not an ISO 3166-1 alpha-2 country code",
                ));
            }
            if item.quantity <= Decimal::ZERO || item.quantity > MAX_QUANTITY {
                errors.push(FieldError::new(
                    field("quantity"),
                    "must be more than 0 and at most 1000000",
                ));
            }
            if let Some(problem) = amount_problem(item.unit_price) {
                errors.push(FieldError::new(field("unit_price"), problem));
            }
            if let Some(problem) = amount_problem(item.unit_discount) {
                errors.push(FieldError::new(field("unit_discount"), problem));
            } else if item.unit_discount > item.unit_price {
                errors.push(FieldError::new(
                    field("unit_discount"),
                    "must not exceed unit_price",
                ));
            }
            if let (Some(origin), Some(currency)) = (origin, currency) {
                let net_unit = item.unit_price - item.unit_discount;
                let value =
                    currency.round(item.quantity.checked_mul(net_unit).unwrap_or(Decimal::MAX));
                if value > MAX_AMOUNT {
                    errors.push(FieldError::new(
                        field("quantity"),
                        "the line's value is larger than this service accepts (10^12)",
                    ));
                }
                // The description is split only when the classifier needs it.
                let mut text = ProductText::new(&item.product_name, &item.category, "");
                let merchant = item
                    .hs_code
                    .as_deref()
                    .and_then(|code| classify::valid_merchant_code(tables, code));
                let hs = merchant.unwrap_or_else(|| {
                    text.description = Words::new(&item.description);
                    classify::classify(&tables.hs, &tables.keywords, &text)
                });
                let categories = classify::categories(&tables.categories, &text, &hs);
                lines.push(Line {
                    item,
                    sku: item.sku.as_str().into(),
                    origin,
                    net_unit,
                    value,
                    hs,
                    categories,
                });
            }
        }
        if let Some(from) = from {
            shipments.push(Shipment {
                index: i,
                request: shipment,
                from,
                lines,
            });
        }
    }

    let (Some(currency), Some(fx), Some((dest, destination, taxes))) = (currency, fx, destination)
    else {
        return Err(errors);
    };
    let Some(tariff) = tables.tariffs.get(&destination.tariff) else {
        errors.push(FieldError::new(
            "ship_to.country_code",
            "no tariff is loaded for this destination",
        ));
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    apply_order_discount(req, currency, &mut shipments)?;
    Ok((
        Context {
            tables,
            date,
            currency,
            code,
            fx,
            dest,
            destination,
            tariff,
            taxes,
            undecided: UndecidedLine::default(),
        },
        shipments,
    ))
}

/// Splits the order discount over every line of every shipment by value (largest remainder).
fn apply_order_discount(
    req: &TaxCalculationRequest,
    currency: Currency,
    shipments: &mut [Shipment<'_, '_>],
) -> Result<(), Vec<FieldError>> {
    let discount = currency.round(req.order_discount);
    let values: Vec<Decimal> = shipments
        .iter()
        .flat_map(|s| s.lines.iter().map(|l| l.value))
        .collect();
    let total: Decimal = values.iter().copied().sum();
    if discount > total {
        return Err(vec![FieldError::new(
            "order_discount",
            format!("{discount} is more than the cart's value after unit discounts ({total})"),
        )]);
    }
    if discount.is_zero() {
        return Ok(());
    }
    let shares = allocate(discount, &values, currency.minor_units())
        .map_err(|e| vec![FieldError::new("order_discount", e.to_string())])?;
    let lines = shipments.iter_mut().flat_map(|s| s.lines.iter_mut());
    for (line, share) in lines.zip(shares) {
        line.value -= share;
    }
    Ok(())
}
