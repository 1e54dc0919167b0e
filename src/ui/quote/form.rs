//! The landed-cost request as the agent edits it: every value is the text of its field, so a
//! half-typed number stays on screen until it parses (see `convert` for the way back).

use crate::api::{
    Address, CartItem, CartShipmentRequest, CustomProperties, ShippingRate, TaxCalculationRequest,
};
use crate::domain::WeightUnit;

/// What `caller_app` says when the form did not come from a loaded cart.
pub const CALLER_APP: &str = "packdesk";

/// A file chosen as a cart that is not one: where in it (a JSON path) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "This file is not a cart (the JSON body of a landed-cost request){}: {problem}. Choose a \
     cart saved by Packdesk or fix the file.",
    .place.as_ref().map(|p| format!(" at {p}")).unwrap_or_default()
)]
pub struct NotACart {
    pub place: Option<String>,
    pub problem: String,
}

/// The whole landed-cost request as editable text.
#[derive(Debug, Clone, PartialEq)]
pub struct QuoteForm {
    pub ship_to: AddressForm,
    /// ISO 4217 code, e.g. `EUR`.
    pub currency: String,
    pub order_discount: String,
    pub shipments: Vec<ShipmentForm>,
    /// Sent as `caller_app`; kept from a loaded cart.
    pub caller_app: String,
    /// Sent as `external_reference_id` when not blank.
    pub external_reference_id: String,
    /// Kept from a loaded cart and sent back unchanged (the form does not edit it).
    pub custom_properties: Option<CustomProperties>,
    /// Unit of new items' weights (from the station's preferred units).
    pub default_weight_unit: WeightUnit,
}

/// A ShipTo/ShipFrom address; blank optional fields are left out of the request.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddressForm {
    /// Two-letter code (a country's English name is accepted too).
    pub country: String,
    /// US state or Canadian province: code or name.
    pub province: String,
    pub postal_code: String,
    pub city: String,
    pub address1: String,
    pub address2: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentForm {
    pub shipment_id: String,
    pub ship_from: AddressForm,
    pub rates: Vec<RateForm>,
    pub items: Vec<ItemForm>,
}

/// A candidate shipping rate: the carrier platform's ID and the amount charged.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RateForm {
    pub id: String,
    pub amount: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemForm {
    pub line_id: String,
    /// Whole number; blank is sent as 0 (a product the store has no ID for).
    pub product_id: String,
    /// Whole number; blank is sent as 0.
    pub variant_id: String,
    pub sku: String,
    pub product_name: String,
    pub variant_name: String,
    pub description: String,
    pub unit_price: String,
    /// Blank is sent as 0.
    pub unit_discount: String,
    pub quantity: String,
    /// Blank is left out: the service classifies the product.
    pub hs_code: String,
    /// Country of origin: two-letter code (or English name).
    pub origin: String,
    pub category: String,
    pub requires_shipping: bool,
    pub weight: String,
    /// `g` or `lb`; other text (from a loaded cart) is kept so its problem can be shown.
    pub weight_unit: String,
}

impl Default for QuoteForm {
    fn default() -> Self {
        Self::new(WeightUnit::Gram)
    }
}

impl QuoteForm {
    /// An empty cart with one shipment, one rate and one item; new items weigh in `unit`.
    pub fn new(unit: WeightUnit) -> Self {
        Self {
            ship_to: AddressForm::default(),
            currency: "USD".into(),
            order_discount: "0".into(),
            shipments: vec![ShipmentForm::new(1, unit)],
            caller_app: CALLER_APP.into(),
            external_reference_id: String::new(),
            custom_properties: None,
            default_weight_unit: unit,
        }
    }

    /// The form showing `req` exactly (amounts as written, units as sent).
    pub fn from_request(req: &TaxCalculationRequest) -> Self {
        let unit = req
            .shipments
            .iter()
            .flat_map(|s| &s.items)
            .find_map(|item| WeightUnit::parse_cart(&item.weight.unit))
            .unwrap_or(WeightUnit::Gram);
        Self {
            ship_to: AddressForm::from_address(&req.ship_to),
            currency: req.currency_code.clone(),
            order_discount: req.order_discount.to_string(),
            shipments: req
                .shipments
                .iter()
                .map(ShipmentForm::from_request)
                .collect(),
            caller_app: req.caller_app.clone(),
            external_reference_id: req.external_reference_id.clone().unwrap_or_default(),
            custom_properties: req.custom_properties.clone(),
            default_weight_unit: unit,
        }
    }

    /// Reads a saved cart: the JSON body of a landed-cost request. The error names the place
    /// in the file that does not fit.
    pub fn from_json(text: &str) -> Result<Self, NotACart> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let req: TaxCalculationRequest = serde_path_to_error::deserialize(&mut deserializer)
            .map_err(|e| {
                let path = e.path().to_string();
                NotACart {
                    place: (!path.is_empty() && path != ".").then_some(path),
                    problem: e.into_inner().to_string(),
                }
            })?;
        Ok(Self::from_request(&req))
    }

    /// Adds a shipment with a fresh ID, one empty rate and one empty item.
    pub fn add_shipment(&mut self) {
        let number = (1..)
            .find(|n| {
                let id = ShipmentForm::default_id(*n);
                !self.shipments.iter().any(|s| s.shipment_id == id)
            })
            .unwrap_or(self.shipments.len() + 1);
        let mut shipment = ShipmentForm::new(number, self.default_weight_unit);
        if let Some(first) = self.shipments.first() {
            shipment.ship_from = first.ship_from.clone();
        }
        self.shipments.push(shipment);
    }
}

impl AddressForm {
    pub fn from_address(addr: &Address) -> Self {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        Self {
            country: addr.country_code.clone(),
            province: text(&addr.province),
            postal_code: text(&addr.postal_code),
            city: text(&addr.city),
            address1: text(&addr.address1),
            address2: text(&addr.address2),
            name: text(&addr.name),
        }
    }
}

impl ShipmentForm {
    fn default_id(number: usize) -> String {
        format!("shipment-{number}")
    }

    pub fn new(number: usize, unit: WeightUnit) -> Self {
        Self {
            shipment_id: Self::default_id(number),
            ship_from: AddressForm::default(),
            rates: vec![RateForm::default()],
            items: vec![ItemForm::new(1, unit)],
        }
    }

    pub fn from_request(shipment: &CartShipmentRequest) -> Self {
        Self {
            shipment_id: shipment.shipment_id.clone(),
            ship_from: AddressForm::from_address(&shipment.ship_from),
            rates: shipment
                .shipping_rates
                .iter()
                .map(RateForm::from_rate)
                .collect(),
            items: shipment.items.iter().map(ItemForm::from_item).collect(),
        }
    }

    /// Adds an item with a line ID not used in this shipment yet.
    pub fn add_item(&mut self, unit: WeightUnit) {
        let number = (1..)
            .find(|n| !self.items.iter().any(|i| i.line_id == n.to_string()))
            .unwrap_or(self.items.len() + 1);
        self.items.push(ItemForm::new(number, unit));
    }
}

impl RateForm {
    pub fn from_rate(rate: &ShippingRate) -> Self {
        Self {
            id: rate.shipping_rate_id.clone(),
            amount: rate.shipping_rate.to_string(),
        }
    }
}

impl ItemForm {
    /// An empty item on line `number`: quantity 1, no discount, requires shipping.
    pub fn new(number: usize, unit: WeightUnit) -> Self {
        Self {
            line_id: number.to_string(),
            product_id: String::new(),
            variant_id: String::new(),
            sku: String::new(),
            product_name: String::new(),
            variant_name: String::new(),
            description: String::new(),
            unit_price: String::new(),
            unit_discount: "0".into(),
            quantity: "1".into(),
            hs_code: String::new(),
            origin: String::new(),
            category: String::new(),
            requires_shipping: true,
            weight: String::new(),
            weight_unit: unit.cart_code().into(),
        }
    }

    pub fn from_item(item: &CartItem) -> Self {
        Self {
            line_id: item.source_line_id.clone(),
            product_id: item.source_product_id.to_string(),
            variant_id: item.source_variant_id.to_string(),
            sku: item.sku.clone(),
            product_name: item.product_name.clone(),
            variant_name: item.variant_name.clone(),
            description: item.description.clone(),
            unit_price: item.unit_price.to_string(),
            unit_discount: item.unit_discount.to_string(),
            quantity: item.quantity.to_string(),
            hs_code: item.hs_code.clone().unwrap_or_default(),
            origin: item.origin_country_code.clone(),
            category: item.category.clone(),
            requires_shipping: item.requires_shipping,
            weight: item.weight.per_unit.to_string(),
            weight_unit: item.weight.unit.clone(),
        }
    }
}
