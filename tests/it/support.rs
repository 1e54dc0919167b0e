//! Shared by the integration tests: a real service on a loopback port, a client for it, and carts.

use packdesk::api::*;
use packdesk::service::server::{self, RunningService, ServeConfig};
use serde_json::{Value, json};

pub use crate::decimal::dec;

/// A running service with its own data directory, and a client configured for it.
pub struct TestService {
    pub running: RunningService,
    pub client: Client,
    pub http: reqwest::Client,
    pub dir: tempfile::TempDir,
}

impl TestService {
    pub async fn start() -> Self {
        Self::start_with(|_| {}).await
    }

    pub async fn start_with(adjust: impl FnOnce(&mut ServeConfig)) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let mut config = ServeConfig::local(dir.path().to_path_buf());
        adjust(&mut config);
        let running = server::start(config).await.unwrap();
        let client = client_for(&running);
        Self {
            running,
            client,
            http: {
                packdesk::api::tls::install();
                reqwest::Client::new()
            },
            dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.running.base_url, path)
    }

    pub fn api_key(&self) -> &str {
        self.running.credentials.api_key.expose()
    }

    pub fn token(&self) -> &str {
        self.running.credentials.access_token.expose()
    }

    /// Sends raw bytes to a direct-API endpoint with the right key; returns status and JSON body.
    pub async fn raw(
        &self,
        method: reqwest::Method,
        path: &str,
        body: impl Into<reqwest::Body>,
    ) -> (u16, Value) {
        let resp = self
            .http
            .request(method, self.url(path))
            .header("x-service-direct-api-key", self.api_key())
            .header("authorization", format!("Bearer {}", self.token()))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        let bytes = resp.bytes().await.unwrap();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// Calculates `cart`, then creates order `reference` with the first rate of every shipment.
    pub async fn order_from(
        &self,
        reference: u64,
        cart: &TaxCalculationRequest,
    ) -> TaxCalculationResponse {
        let quote = self.client.landed_cost(cart).await.unwrap();
        self.client
            .create_order(&order_for(reference, &quote, 0))
            .await
            .unwrap();
        quote
    }
}

pub fn client_for(running: &RunningService) -> Client {
    packdesk::connection::client_for(running).unwrap()
}

/// An order create body choosing rate `rate_index` of every shipment of `quote`.
pub fn order_for(
    reference: u64,
    quote: &TaxCalculationResponse,
    rate_index: usize,
) -> OrderCreateRequest {
    OrderCreateRequest {
        source: "test-shop".into(),
        source_reference: reference,
        landedcost_request_id: quote.landedcost_request_id.clone(),
        source_created_at: "2026-11-20T09:00:00Z".into(),
        source_updated_at: "2026-11-20T09:00:00Z".into(),
        total: dec("100.00"),
        shipments: quote
            .shipments
            .iter()
            .map(|s| OrderShipmentRef {
                shipment_id: s.shipment_id.clone(),
                tax_transaction_id: s.shipping_rate_taxes[rate_index].tax_transaction_id.clone(),
            })
            .collect(),
        custom_properties: None,
        billing_address: None,
    }
}

/// A cart to `country` (with province/postal code for US/CA) from Germany: a T-shirt x2, shoes x1
/// and a mug x3, two rates.
pub fn cart(country: &str, province: Option<&str>, postal: Option<&str>) -> TaxCalculationRequest {
    let value = json!({
        "ship_to": {"country_code": country, "province": province, "postal_code": postal,
                    "address1": "1 Main Street", "city": "Somewhere", "name": "Alex Doe"},
        "caller_app": "packdesk-tests",
        "external_reference_id": "cart-1",
        "currency_code": "EUR",
        "order_discount": 0,
        "shipments": [{
            "ship_from": {"country_code": "DE", "postal_code": "10115", "city": "Berlin"},
            "shipment_id": "S1",
            "shipping_rates": [
                {"shipping_rate_id": "standard", "shipping_rate": 9.90},
                {"shipping_rate_id": "express", "shipping_rate": 24.50}
            ],
            "items": [
                line("L1", "TSHIRT-M", 2, "25.00", "610910", "CN", "apparel", "180"),
                line("L2", "SHOE-42", 1, "80.00", "640399", "VN", "footwear", "900"),
                line("L3", "MUG-W", 3, "12.00", "691200", "PT", "kitchen", "350")
            ]
        }]
    });
    serde_json::from_value(value).unwrap()
}

#[allow(clippy::too_many_arguments)]
pub fn line(
    id: &str,
    sku: &str,
    qty: u32,
    price: &str,
    hs: &str,
    origin: &str,
    category: &str,
    grams: &str,
) -> Value {
    json!({
        "source_line_id": id, "source_product_id": 1000, "source_variant_id": 2000,
        "hs_code": hs, "quantity": qty, "unit_price": Value::Number(price.parse().unwrap()),
        "unit_discount": 0, "sku": sku, "product_name": format!("Product {sku}"), "variant_name": "Default",
        "description": format!("Description of {sku}"), "origin_country_code": origin,
        "category": category, "requires_shipping": true,
        "weight": {"per_unit": Value::Number(grams.parse().unwrap()), "unit": "g"}
    })
}

/// The `packdesk` binary run with `args` and its own empty config, data and state directories
/// (so no desk's settings or `PACKDESK_DATABASE_URL` leak in); the exit code, stdout and stderr.
pub fn packdesk<I, S>(args: I) -> (i32, String, String)
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let home = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_packdesk"))
        .args(args)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env_remove("PACKDESK_DATABASE_URL")
        .env_remove("PACKDESK_SERVICE_DATABASE_URL")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
