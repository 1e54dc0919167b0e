//! From the form's text to a landed-cost request: numbers are parsed exactly, names are turned
//! into codes where unambiguous, and every problem carries the request's JSON path so it lands
//! under its field. Text that does not parse gets its own message and no request is made.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::form::{AddressForm, ItemForm, QuoteForm, RateForm, ShipmentForm};
use crate::api::{
    Address, CartItem, CartShipmentRequest, FieldError, ShippingRate, TaxCalculationRequest,
    WireWeight,
};
use crate::domain::validate::{self, JsonPath};
use crate::domain::{CountryCode, Subdivision};
use crate::ui::form::country::country_code;

impl QuoteForm {
    /// The request, or every problem: unparsable text first, then what `domain::validate`
    /// finds in the rest (a field whose text did not parse gets only its parse message).
    pub fn to_request(&self) -> Result<TaxCalculationRequest, Vec<FieldError>> {
        let (req, mut problems) = self.parse();
        let unparsed: Vec<String> = problems.iter().map(|p| p.field.clone()).collect();
        problems.extend(
            validate::landed_cost_request(&req)
                .into_iter()
                .filter(|e| !unparsed.contains(&e.field)),
        );
        if problems.is_empty() {
            Ok(req)
        } else {
            Err(problems)
        }
    }

    /// The cart as pretty JSON (the landed-cost request body), for saving. Every number must
    /// parse; other problems may remain (a cart can be saved half done).
    pub fn to_json(&self) -> Result<String, Vec<FieldError>> {
        let (req, problems) = self.parse();
        if !problems.is_empty() {
            return Err(problems);
        }
        serde_json::to_string_pretty(&req).map_err(|e| {
            vec![FieldError::new(
                "",
                format!("The cart cannot be written as JSON: {e}"),
            )]
        })
    }

    /// The request with every unparsable number replaced by 0, and the parse problems.
    fn parse(&self) -> (TaxCalculationRequest, Vec<FieldError>) {
        let root = JsonPath::root();
        let mut p = Parser::default();
        let order_discount = p.decimal_or_zero(
            &root.key("order_discount"),
            &self.order_discount,
            "order discount",
        );
        let shipments = self
            .shipments
            .iter()
            .enumerate()
            .map(|(i, s)| p.shipment(&root.item("shipments", i), s))
            .collect();
        let req = TaxCalculationRequest {
            ship_to: address(&self.ship_to),
            caller_app: self.caller_app.trim().to_string(),
            external_reference_id: non_blank(&self.external_reference_id),
            currency_code: self.currency.trim().to_ascii_uppercase(),
            order_discount,
            shipments,
            custom_properties: self.custom_properties.clone(),
        };
        (req, p.problems)
    }
}

fn address(form: &AddressForm) -> Address {
    let country = country_code(&form.country);
    // A US state or Canadian province is sent as its code, whichever way it was typed.
    let province = non_blank(&form.province).map(|text| {
        CountryCode::parse(&country)
            .and_then(|c| Subdivision::parse(c, &text))
            .map(|s| s.code().to_string())
            .unwrap_or(text)
    });
    Address {
        country_code: country,
        province,
        postal_code: non_blank(&form.postal_code),
        address1: non_blank(&form.address1),
        address2: non_blank(&form.address2),
        city: non_blank(&form.city),
        name: non_blank(&form.name),
    }
}

fn non_blank(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

#[derive(Default)]
struct Parser {
    problems: Vec<FieldError>,
}

impl Parser {
    fn shipment(&mut self, path: &JsonPath, form: &ShipmentForm) -> CartShipmentRequest {
        CartShipmentRequest {
            ship_from: address(&form.ship_from),
            shipment_id: form.shipment_id.trim().to_string(),
            shipping_rates: form
                .rates
                .iter()
                .enumerate()
                .map(|(i, r)| self.rate(&path.item("shipping_rates", i), r))
                .collect(),
            items: form
                .items
                .iter()
                .enumerate()
                .map(|(i, item)| self.item(&path.item("items", i), item))
                .collect(),
        }
    }

    fn rate(&mut self, path: &JsonPath, form: &RateForm) -> ShippingRate {
        ShippingRate {
            shipping_rate_id: form.id.trim().to_string(),
            shipping_rate: self.decimal(
                &path.key("shipping_rate"),
                &form.amount,
                "shipping rate",
                "Enter the amount charged for this rate (0 for free shipping).",
            ),
        }
    }

    fn item(&mut self, path: &JsonPath, form: &ItemForm) -> CartItem {
        CartItem {
            source_line_id: form.line_id.trim().to_string(),
            source_product_id: self.id(
                &path.key("source_product_id"),
                &form.product_id,
                "product ID",
            ),
            source_variant_id: self.id(
                &path.key("source_variant_id"),
                &form.variant_id,
                "variant ID",
            ),
            hs_code: non_blank(&form.hs_code),
            quantity: self.decimal(
                &path.key("quantity"),
                &form.quantity,
                "quantity",
                "Enter the quantity: how many units of this product are in the shipment.",
            ),
            unit_price: self.decimal(
                &path.key("unit_price"),
                &form.unit_price,
                "unit price",
                "Enter the unit price: what one unit sells for before discounts.",
            ),
            unit_discount: self.decimal_or_zero(
                &path.key("unit_discount"),
                &form.unit_discount,
                "unit discount",
            ),
            sku: form.sku.trim().to_string(),
            product_name: form.product_name.trim().to_string(),
            variant_name: form.variant_name.trim().to_string(),
            description: form.description.trim().to_string(),
            origin_country_code: country_code(&form.origin),
            category: form.category.trim().to_string(),
            requires_shipping: form.requires_shipping,
            weight: WireWeight {
                per_unit: self.decimal(
                    &path.key("weight").key("per_unit"),
                    &form.weight,
                    "weight per unit",
                    "Enter the weight of one unit and choose its unit (g or lb).",
                ),
                unit: form.weight_unit.trim().to_string(),
            },
        }
    }

    /// A required decimal; blank gets `missing`, other text that is not a number gets a
    /// message saying how to write it.
    fn decimal(&mut self, path: &JsonPath, text: &str, what: &str, missing: &str) -> Decimal {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            self.problems
                .push(FieldError::new(path.to_string(), missing));
            return Decimal::ZERO;
        }
        self.number(path, trimmed, what)
    }

    /// An optional decimal: blank is 0.
    fn decimal_or_zero(&mut self, path: &JsonPath, text: &str, what: &str) -> Decimal {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Decimal::ZERO;
        }
        self.number(path, trimmed, what)
    }

    fn number(&mut self, path: &JsonPath, text: &str, what: &str) -> Decimal {
        match Decimal::from_str_exact(text) {
            Ok(value) => value,
            Err(_) => {
                let hint = if text.contains(',') {
                    " Use a point for decimals and no thousands separator"
                } else {
                    " Write it with digits and at most one decimal point"
                };
                self.problems.push(FieldError::new(
                    path.to_string(),
                    format!("\"{text}\" is not a number for the {what}.{hint} (e.g. 12.50)."),
                ));
                Decimal::ZERO
            }
        }
    }

    /// An optional whole-number ID: blank is 0.
    fn id(&mut self, path: &JsonPath, text: &str, what: &str) -> i64 {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return 0;
        }
        i64::from_str(trimmed).unwrap_or_else(|_| {
            self.problems.push(FieldError::new(
                path.to_string(),
                format!("\"{trimmed}\" is not a {what}: enter a whole number, or leave it blank."),
            ));
            0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::WeightUnit;

    fn filled() -> QuoteForm {
        let mut form = QuoteForm::new(WeightUnit::Gram);
        form.ship_to.country = "Canada".into();
        form.ship_to.province = "quebec".into();
        form.ship_to.postal_code = "H2X 1Y4".into();
        form.currency = "cad".into();
        let shipment = &mut form.shipments[0];
        shipment.ship_from.country = "de".into();
        shipment.rates[0] = RateForm {
            id: "standard".into(),
            amount: "12.50".into(),
        };
        let item = &mut shipment.items[0];
        item.sku = "TEE-1".into();
        item.product_name = "T-shirt".into();
        item.unit_price = "29.00".into();
        item.origin = "PT".into();
        item.category = "apparel".into();
        item.weight = "180".into();
        form
    }

    #[test]
    fn names_become_codes_and_amounts_stay_exact() {
        let req = filled().to_request().unwrap();
        assert_eq!(req.ship_to.country_code, "CA");
        assert_eq!(req.ship_to.province.as_deref(), Some("QC"));
        assert_eq!(req.currency_code, "CAD");
        assert_eq!(req.shipments[0].ship_from.country_code, "DE");
        assert_eq!(
            req.shipments[0].shipping_rates[0].shipping_rate.to_string(),
            "12.50"
        );
        assert_eq!(req.shipments[0].items[0].unit_discount, Decimal::ZERO);
        assert_eq!(QuoteForm::from_request(&req).to_request().unwrap(), req);
    }

    #[test]
    fn unparsable_text_gets_its_own_message_at_its_path() {
        let mut form = filled();
        form.shipments[0].items[0].unit_price = "12,5x".into();
        form.shipments[0].items[0].product_id = "abc".into();
        form.shipments[0].items[0].sku = String::new();
        let errors = form.to_request().unwrap_err();
        let at = |path: &str| errors.iter().filter(|e| e.field == path).count();
        assert_eq!(at("shipments[0].items[0].unit_price"), 1, "{errors:?}");
        assert_eq!(at("shipments[0].items[0].source_product_id"), 1);
        assert_eq!(at("shipments[0].items[0].sku"), 1, "validation still runs");
        assert!(
            form.to_json().is_err(),
            "an unparsable cart cannot be saved"
        );
    }

    #[test]
    fn a_saved_cart_loads_back_and_bad_files_say_where() {
        let form = filled();
        let loaded = QuoteForm::from_json(&form.to_json().unwrap()).unwrap();
        assert_eq!(loaded.to_request(), form.to_request());
        let not_a_cart = QuoteForm::from_json(r#"{"ship_to": {"country_code": 5}}"#).unwrap_err();
        assert_eq!(not_a_cart.place.as_deref(), Some("ship_to.country_code"));
        let message = not_a_cart.to_string();
        assert!(message.contains("at ship_to.country_code"), "{message}");
        assert!(QuoteForm::from_json("not json").is_err());
    }
}
