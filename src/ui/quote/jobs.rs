//! The quote panel's work: the landed-cost calculation, recording a submitted order (the
//! outbox sends it), and cart files.

use super::command::Done;
use crate::api::warehouse::SubmitOrderRequest;
use crate::api::{Client, OrderCreateRequest, TaxCalculationRequest, TaxCalculationResponse};
use crate::ui::failure::Failure;
use crate::ui::record::Record;

pub async fn calculate(client: Client, request: TaxCalculationRequest) -> Done {
    Done::Calculated(client.landed_cost(&request).await)
}

/// Records the order and queues its `POST /v1/orders` in one transaction, so it shows in the
/// orders table at once; the outbox worker sends it.
pub async fn submit(
    record: Record,
    cart: TaxCalculationRequest,
    quote: TaxCalculationResponse,
    body: OrderCreateRequest,
) -> Done {
    let submitted = SubmitOrderRequest {
        cart,
        quote,
        order: body,
    };
    let recorded = record
        .call(|c, s| {
            let submitted = submitted.clone();
            async move { c.submit_order(&s, &submitted).await }
        })
        .await;
    Done::Submitted(recorded.map(drop))
}

/// Asks for a cart file and reads it; `None` when the dialog was closed.
pub async fn load_cart() -> Done {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Load cart")
        .add_filter("JSON", &["json"])
        .pick_file()
        .await;
    let result = match picked {
        None => Ok(None),
        Some(handle) => tokio::fs::read_to_string(handle.path())
            .await
            .map(Some)
            .map_err(|e| {
                Failure::File(format!("Could not read {}: {e}.", handle.path().display()))
            }),
    };
    Done::CartLoaded(result)
}

/// Asks where to save the cart and writes it; the file name, or `None` when closed.
pub async fn save_cart(text: String) -> Done {
    let picked = rfd::AsyncFileDialog::new()
        .set_title("Save cart")
        .set_file_name("cart.json")
        .add_filter("JSON", &["json"])
        .save_file()
        .await;
    let result = match picked {
        None => Ok(None),
        Some(handle) => {
            let path = handle.path().to_path_buf();
            tokio::fs::write(&path, text)
                .await
                .map(|()| Some(path.display().to_string()))
                .map_err(|e| Failure::File(format!("Could not write {}: {e}.", path.display())))
        }
    };
    Done::CartSaved(result)
}
