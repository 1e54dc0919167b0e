//! The warehouse API's operations on the work: orders and their rows, scans and history,
//! imports and submissions, claims, packing, labels and their documents, fulfillment and
//! cancellation, the outbox, shared settings, and the live stream of changes.

use std::time::Duration;

use reqwest::Method;

use super::calls::{Credential, Result, SessionToken, WarehouseClient, describe, json};
use super::error::WarehouseClientError;
use super::sse::ChangeStream;
use crate::api::IdempotencyKey;
use crate::api::warehouse::{
    CancelResponse, ClaimView, DiscardRequest, FulfillRequest, LabelOptionsRequest, OrderQueued,
    OrderSummary, OutboxEntryView, PackRequest, ParcelLabelView, ParcelQueued, ResendRequest,
    SubmitOrderRequest,
};
use crate::station::db::{Event, OutboxSummary, ScanMatch, StationOrder};
use crate::station::import::ImportReport;

impl WarehouseClient {
    /// `POST /v1/warehouse/orders/{order}/shipments/{shipment}/{action}`, no body.
    async fn on_shipment<T: serde::de::DeserializeOwned>(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
        action: &str,
    ) -> Result<T> {
        let order = order.to_string();
        let segments = ["orders", &order, "shipments", shipment, action];
        self.post(session, &segments, None::<&()>).await
    }

    pub async fn orders(&self, session: &SessionToken) -> Result<Vec<OrderSummary>> {
        self.get(session, &["orders"]).await
    }

    /// The rows of these orders only (what another desk changed).
    pub async fn order_rows(
        &self,
        session: &SessionToken,
        numbers: &[u64],
    ) -> Result<Vec<OrderSummary>> {
        let mut url = self.url(&["orders"]);
        let list: Vec<String> = numbers.iter().map(u64::to_string).collect();
        url.query_pairs_mut()
            .append_pair("numbers", &list.join(","));
        self.read(url, session).await
    }

    /// One order in full: shipments, items left, parcels, labels and their documents.
    pub async fn order(&self, session: &SessionToken, order: u64) -> Result<StationOrder> {
        self.get(session, &["orders", &order.to_string()]).await
    }

    /// An order's history, oldest first.
    pub async fn events(&self, session: &SessionToken, order: u64) -> Result<Vec<Event>> {
        self.get(session, &["orders", &order.to_string(), "events"])
            .await
    }

    /// What a scanned code names.
    pub async fn scan(&self, session: &SessionToken, code: &str) -> Result<ScanMatch> {
        let mut url = self.url(&["scan"]);
        url.query_pairs_mut().append_pair("code", code);
        self.read(url, session).await
    }

    /// Imports an order import file (its text, as read): what was imported, already there, or
    /// refused, each entry's problems with their paths.
    pub async fn import(&self, session: &SessionToken, file: String) -> Result<ImportReport> {
        let response = self
            .send_json(
                Method::POST,
                self.url(&["imports"]),
                Credential::Session(session),
                Some(file.into_bytes()),
                None,
            )
            .await?;
        json(response).await
    }

    /// Submits a quoted cart as an order (customer service).
    pub async fn submit_order(
        &self,
        session: &SessionToken,
        order: &SubmitOrderRequest,
    ) -> Result<OrderQueued> {
        self.post(session, &["orders"], Some(order)).await
    }

    /// The order's live claims (who packs which shipment).
    pub async fn claims(&self, session: &SessionToken, order: u64) -> Result<Vec<ClaimView>> {
        self.get(session, &["orders", &order.to_string(), "claims"])
            .await
    }

    /// Claims a shipment for this desk (renews it when held already).
    pub async fn claim(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
    ) -> Result<ClaimView> {
        self.on_shipment(session, order, shipment, "claim").await
    }

    pub async fn release(&self, session: &SessionToken, order: u64, shipment: &str) -> Result<()> {
        let order = order.to_string();
        self.act(
            Method::DELETE,
            &["orders", &order, "shipments", shipment, "claim"],
            Credential::Session(session),
        )
        .await
    }

    /// Takes a shipment over from the desk holding it (a supervisor's).
    pub async fn take_over(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
    ) -> Result<ClaimView> {
        self.on_shipment(session, order, shipment, "take-over")
            .await
    }

    /// Cancels a shipment (a supervisor's); `key` as for [`Self::pack`].
    pub async fn cancel(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
        key: &IdempotencyKey,
    ) -> Result<CancelResponse> {
        let order = order.to_string();
        let segments = ["orders", &order, "shipments", shipment, "cancel"];
        self.post_once(session, &segments, None::<&()>, key).await
    }

    /// Records a packed parcel; the server asks for its label. `key` is made before the first
    /// try and sent again with every repeat of it, so a parcel whose answer was lost is not
    /// recorded twice.
    pub async fn pack(
        &self,
        session: &SessionToken,
        order: u64,
        shipment: &str,
        parcel: &PackRequest,
        key: &IdempotencyKey,
    ) -> Result<ParcelQueued> {
        let order = order.to_string();
        let segments = ["orders", &order, "shipments", shipment, "parcels"];
        self.post_once(session, &segments, Some(parcel), key).await
    }

    /// Asks for a parcel's label again; `key` as for [`Self::pack`].
    pub async fn request_label(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
        options: &LabelOptionsRequest,
        key: &IdempotencyKey,
    ) -> Result<ParcelQueued> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        let segments = ["orders", &order, "parcels", &parcel, "label"];
        self.post_once(session, &segments, Some(options), key).await
    }

    /// The parcel's newest label and its documents.
    pub async fn parcel_label(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
    ) -> Result<ParcelLabelView> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.get(session, &["orders", &order, "parcels", &parcel, "label"])
            .await
    }

    /// A document's bytes, as the printer gets them.
    pub async fn document(&self, session: &SessionToken, document: i64) -> Result<Vec<u8>> {
        let response = self
            .send(
                Method::GET,
                self.url(&["documents", &document.to_string()]),
                Credential::Session(session),
                None::<&()>,
                None,
            )
            .await?;
        response
            .bytes()
            .await
            .map(|b| b.to_vec())
            .map_err(|e| WarehouseClientError::Unreachable(describe(&e)))
    }

    /// Discards a parcel not yet fulfilled; its units count as left again.
    pub async fn void_parcel(&self, session: &SessionToken, order: u64, parcel: i64) -> Result<()> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        self.act(
            Method::POST,
            &["orders", &order, "parcels", &parcel, "void"],
            Credential::Session(session),
        )
        .await
    }

    /// Marks a parcel fulfilled; `key` as for [`Self::pack`].
    pub async fn fulfill(
        &self,
        session: &SessionToken,
        order: u64,
        parcel: i64,
        fulfillment: &FulfillRequest,
        key: &IdempotencyKey,
    ) -> Result<ParcelQueued> {
        let (order, parcel) = (order.to_string(), parcel.to_string());
        let segments = ["orders", &order, "parcels", &parcel, "fulfill"];
        self.post_once(session, &segments, Some(fulfillment), key)
            .await
    }

    /// How many entries wait, and the soonest retry.
    pub async fn outbox_summary(&self, session: &SessionToken) -> Result<OutboxSummary> {
        self.get(session, &["outbox", "summary"]).await
    }

    /// Entries still to deliver, oldest first.
    pub async fn outbox(&self, session: &SessionToken) -> Result<Vec<OutboxEntryView>> {
        self.get(session, &["outbox"]).await
    }

    /// Sends an entry again, as it is or with a supervisor's corrected body.
    pub async fn resend(
        &self,
        session: &SessionToken,
        entry: i64,
        corrected: Option<serde_json::Value>,
    ) -> Result<OutboxEntryView> {
        let body = ResendRequest { body: corrected };
        self.post(
            session,
            &["outbox", &entry.to_string(), "resend"],
            Some(&body),
        )
        .await
    }

    pub async fn discard(
        &self,
        session: &SessionToken,
        entry: i64,
        reason: &str,
    ) -> Result<OutboxEntryView> {
        let body = DiscardRequest {
            reason: reason.to_owned(),
        };
        self.post(
            session,
            &["outbox", &entry.to_string(), "discard"],
            Some(&body),
        )
        .await
    }

    /// A setting shared by the warehouse's desks (`customs_documents`).
    pub async fn setting(&self, session: &SessionToken, key: &str) -> Result<serde_json::Value> {
        self.get(session, &["settings", key]).await
    }

    pub async fn set_setting(
        &self,
        session: &SessionToken,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<()> {
        self.send(
            Method::PUT,
            self.url(&["settings", key]),
            Credential::Session(session),
            Some(value),
            None,
        )
        .await
        .map(drop)
    }

    /// The live stream of changed orders, resuming after `after` (an event id it gave) when
    /// given. It stays open until dropped; a broken one is opened again with its last id.
    pub async fn changes(
        &self,
        session: &SessionToken,
        after: Option<i64>,
    ) -> Result<ChangeStream> {
        let mut url = self.url(&["changes"]);
        if let Some(after) = after {
            url.query_pairs_mut()
                .append_pair("after", &after.to_string());
        }
        // No overall limit: the stream is meant to stay open (keep-alives every 15 s).
        let response = self
            .send(
                Method::GET,
                url,
                Credential::Session(session),
                None::<&()>,
                Some(Duration::from_secs(365 * 24 * 3600)),
            )
            .await?;
        Ok(ChangeStream::new(response, after))
    }
}
