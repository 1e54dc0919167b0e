//! The label endpoint over real HTTP: full-order and split-parcel labels, pending labels, documents.

use std::time::Duration;

use crate::support::*;
use packdesk::api::*;

fn addr(first: &str, country: &str, province: &str, zip: &str, phone: &str) -> LabelAddress {
    LabelAddress {
        first_name: first.into(),
        last_name: "Example".into(),
        phone_number: phone.into(),
        line1: "1 Main Street".into(),
        line2: None,
        city: "Somewhere".into(),
        province: province.into(),
        country: country.into(),
        zipcode: zip.into(),
    }
}

fn parcel(order: u64, reference: &str, skus: &[(&str, u32)]) -> LabelRequest {
    LabelRequest {
        order_number: order.to_string(),
        weight: Some(dec("1.2")),
        weight_unit: Some("pounds".into()),
        length: Some(dec("30")),
        width: Some(dec("20")),
        height: Some(dec("10")),
        dimensions_unit: Some("cm".into()),
        skus: Some(
            skus.iter()
                .map(|(sku, qty)| LabelSku {
                    sku_name: (*sku).into(),
                    asn: format!("ASN-{sku}"),
                    quantity: (*qty).into(),
                })
                .collect(),
        ),
        from_address: Some(addr("Ana", "DE", "BE", "10115", "+49 30 1234567")),
        to_address: Some(addr("Jean", "FR", "IDF", "75001", "+33 1 23 45 67 89")),
        track_reference: Some(reference.into()),
        parcel_weight: Some("544".into()),
        brand_code: Some("ACME".into()),
        ..Default::default()
    }
}

#[tokio::test]
async fn the_full_order_label_is_generated_once() {
    let svc = TestService::start().await;
    svc.order_from(8001, &cart("FR", None, None)).await;
    let req = LabelRequest {
        order_number: "8001".into(),
        ..Default::default()
    };
    let first = svc.client.label(&req).await.unwrap();
    assert!(!first.is_error);
    assert_eq!(first.result.status, LabelStatus::Success);
    assert_eq!(first.result.order_number, "8001");
    assert!(
        first.result.base64.is_none() && first.result.zpl.is_none(),
        "only when asked"
    );
    let again = svc.client.label(&req).await.unwrap();
    assert_eq!(again, first, "the same label every time");
    let pdf = svc
        .client
        .fetch_document(&first.result.label_urls[0])
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
}

#[tokio::test]
async fn split_parcels_get_their_own_label_and_never_more_than_is_left() {
    let svc = TestService::start().await;
    svc.order_from(8002, &cart("FR", None, None)).await;
    let mut first = parcel(8002, "P-8002-1", &[("TSHIRT-M", 1), ("MUG-W", 3)]);
    first.base64 = Some(true);
    first.zpl = Some(true);
    let one = svc.client.label(&first).await.unwrap();
    assert_eq!(one.result.status, LabelStatus::Success);
    assert!(one.result.tracking_code.len() == 13, "{:?}", one.result);
    let pdf = base64::Engine::decode(
        &base64::engine::general_purpose::STANDARD,
        one.result.base64.as_ref().unwrap(),
    )
    .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let zpl = svc
        .client
        .fetch_document(one.result.zpl.as_ref().unwrap())
        .await
        .unwrap();
    let zpl = String::from_utf8(zpl).unwrap();
    assert!(
        zpl.starts_with("^XA") && zpl.contains(&one.result.tracking_code),
        "{zpl:.200}"
    );

    // A retry of the same parcel returns the same label and takes nothing more.
    let retry = svc.client.label(&first).await.unwrap();
    assert_eq!(retry.result.tracking_code, one.result.tracking_code);

    // Only one T-shirt and no mug is left.
    let err = svc
        .client
        .label(&parcel(8002, "P-8002-2", &[("MUG-W", 1)]))
        .await
        .unwrap_err();
    assert!(
        err.field_errors()
            .iter()
            .any(|e| e.field == "skus[0].quantity"),
        "{err:?}"
    );
    let err = svc
        .client
        .label(&parcel(8002, "P-8002-2", &[("NOT-IN-ORDER", 1)]))
        .await
        .unwrap_err();
    assert!(
        err.field_errors()
            .iter()
            .any(|e| e.field == "skus[0].skuName"),
        "{err:?}"
    );

    let two = svc
        .client
        .label(&parcel(
            8002,
            "P-8002-2",
            &[("TSHIRT-M", 1), ("SHOE-42", 1)],
        ))
        .await
        .unwrap();
    assert_ne!(two.result.tracking_code, one.result.tracking_code);
}

#[tokio::test]
async fn split_fields_are_required_once_skus_are_sent() {
    let svc = TestService::start().await;
    svc.order_from(8003, &cart("FR", None, None)).await;
    let mut req = parcel(8003, "P-1", &[("TSHIRT-M", 1)]);
    req.from_address = None;
    req.brand_code = None;
    req.weight_unit = None;
    let err = svc.client.label(&req).await.unwrap_err();
    let fields: Vec<&str> = err
        .field_errors()
        .iter()
        .map(|e| e.field.as_str())
        .collect();
    for expected in ["fromAddress", "brandCode", "weightUnit"] {
        assert!(
            fields.contains(&expected),
            "{expected} missing from {fields:?}"
        );
    }
}

#[tokio::test]
async fn unknown_orders_are_404_and_canceled_ones_409() {
    let svc = TestService::start().await;
    let err = svc
        .client
        .label(&LabelRequest {
            order_number: "424242".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            ClientError::NotFound { .. } | ClientError::Label { .. }
        ),
        "{err:?}"
    );
    let (status, body) = svc
        .raw(
            reqwest::Method::POST,
            "/api/post/fc/labels",
            r#"{"orderNumber":"424242"}"#,
        )
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["isError"], true);
    assert_eq!(body["result"]["status"], "error");
    assert_eq!(body["result"]["orderNumber"], "424242");
    assert_eq!(body["error"][0]["field"], "orderNumber");

    let quote = svc.order_from(8004, &cart("FR", None, None)).await;
    let rate = &quote.shipments[0].shipping_rate_taxes[0];
    svc.client
        .update_order(&OrderUpdateRequest {
            source_reference: 8004,
            source_updated_at: "2026-11-21T10:00:00Z".into(),
            shipments: vec![ShipmentUpdate {
                shipment_id: "S1".into(),
                status: Some("canceled".into()),
                shipping_rate_id: Some(rate.shipping_rate_id.clone()),
                shipping_rate: Some(rate.shipping_rate),
                ..Default::default()
            }],
            ..Default::default()
        })
        .await
        .unwrap();
    let (status, body) = svc
        .raw(
            reqwest::Method::POST,
            "/api/post/fc/labels",
            serde_json::to_string(&parcel(8004, "P", &[("TSHIRT-M", 1)])).unwrap(),
        )
        .await;
    assert_eq!(status, 409, "{body}");
}

#[tokio::test]
async fn with_a_label_delay_new_labels_are_pending_until_ready() {
    let svc = TestService::start_with(|c| c.label_delay = Duration::from_millis(600)).await;
    svc.order_from(8005, &cart("FR", None, None)).await;
    let req = LabelRequest {
        order_number: "8005".into(),
        zpl: Some(true),
        ..Default::default()
    };
    let pending = svc.client.label(&req).await.unwrap();
    assert_eq!(pending.result.status, LabelStatus::Pending);
    assert_eq!(pending.result.tracking_code, "");
    assert_eq!(pending.result.tracking_url, "");
    assert!(pending.result.label_urls.is_empty() && pending.result.zpl.is_none());
    tokio::time::sleep(Duration::from_millis(700)).await;
    let ready = svc.client.label(&req).await.unwrap();
    assert_eq!(ready.result.status, LabelStatus::Success);
    assert!(!ready.result.tracking_code.is_empty() && ready.result.zpl.is_some());
    let track = reqwest::get(&ready.result.tracking_url).await.unwrap();
    assert_eq!(track.status(), 200);
}
