//! The warehouse API over HTTP: `router(state)`, and its OpenAPI document, both built from one
//! route table, so an operation cannot be served undocumented or documented with the wrong
//! credential.
//!
//! # Answers
//!
//! | Status | When |
//! |---|---|
//! | 401 | No token, a forged or revoked one, an ended session; a wrong name, badge or PIN; an unknown, used or expired enrollment code |
//! | 403 | The session's role may never do this (said before anything is looked up) |
//! | 404 | No such order, shipment or desk |
//! | 409 | Another desk holds the shipment; a state the move does not fit; no supervisor yet |
//! | 422 | A field breaks a rule, each named; an `Idempotency-Key` sent before with another request |
//! | 429 | Locked out after wrong PINs (`Retry-After`) |
//! | 503 | The record cannot be reached; nothing was recorded, or (the connection cut while committing) the write may be: repeat it with its key |
//!
//! Packing a parcel, asking for its label, fulfilling it and canceling a shipment take an
//! `Idempotency-Key` (see `once`): a desk repeating one after a lost answer gets the first
//! answer again, marked `Idempotent-Replayed: true`, and nothing is recorded twice.

mod auth;
pub mod error;
mod once;
mod routes;
pub mod state;

use std::sync::LazyLock;

use axum::Router;
use axum::body::Bytes;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use crate::service::http::openapi::{limited, methods, require};
pub use error::WarehouseError;
pub use state::{Shared, WarehouseState};

/// The credential an operation takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// None (the document, the health check).
    Public,
    /// A one-time enrollment code, in the body.
    EnrollmentCode,
    /// The desk's token.
    Desk,
    /// A person's session token.
    Session,
}

pub const DESK_SCHEME: &str = "desk_token";
pub const SESSION_SCHEME: &str = "session_token";

fn route_table() -> Vec<(Access, UtoipaMethodRouter<Shared>)> {
    vec![
        (Access::EnrollmentCode, routes!(routes::access::enroll)),
        (Access::Desk, routes!(routes::access::sign_in)),
        (Access::Desk, routes!(routes::one_desk::sign_in_desk)),
        (
            Access::Session,
            routes!(routes::one_desk::unlock, routes::one_desk::lock),
        ),
        (Access::Session, routes!(routes::one_desk::set_pin)),
        (
            Access::Session,
            routes!(routes::access::sign_out, routes::access::current),
        ),
        (
            Access::Session,
            routes!(routes::people::list, routes::people::add),
        ),
        (Access::Session, routes!(routes::people::update)),
        (Access::Session, routes!(routes::desks::list)),
        (Access::Session, routes!(routes::desks::add)),
        (Access::Session, routes!(routes::desks::revoke)),
        (
            Access::Session,
            routes!(routes::orders::list, routes::submit::submit),
        ),
        // An import file may be far larger than any other request: the handler reads its
        // body itself, to its own limit (`routes::imports::MAX_IMPORT_BYTES`).
        (Access::Session, routes!(routes::imports::import)),
        (Access::Session, routes!(routes::reading::order)),
        (Access::Session, routes!(routes::reading::events)),
        (Access::Session, routes!(routes::reading::scan)),
        (
            Access::Session,
            routes!(routes::orders::claim, routes::orders::release),
        ),
        (Access::Session, routes!(routes::orders::claims)),
        (Access::Session, routes!(routes::orders::take_over)),
        (Access::Session, routes!(routes::orders::cancel)),
        (Access::Session, routes!(routes::packing::pack)),
        (
            Access::Session,
            routes!(routes::packing::label, routes::documents::parcel_label),
        ),
        (Access::Session, routes!(routes::documents::document)),
        (Access::Session, routes!(routes::packing::fulfill)),
        (Access::Session, routes!(routes::packing::void)),
        (Access::Session, routes!(routes::changes::watch)),
        (Access::Session, routes!(routes::outbox::list)),
        (Access::Session, routes!(routes::reading::outbox_summary)),
        (Access::Session, routes!(routes::outbox::resend)),
        (Access::Session, routes!(routes::outbox::discard)),
        (
            Access::Session,
            routes!(routes::settings::get, routes::settings::put),
        ),
        (Access::Public, routes!(health)),
        (Access::Public, routes!(document)),
    ]
}

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Packdesk warehouse API",
        description = "The warehouse server between the desks and the warehouse's record: desks \
            enroll once, people sign in at them, and every operation is checked against the \
            session's role and the shipment's claim. Errors have the body \
            `{\"error\": [{\"field\": …, \"error\": …}]}`."
    ),
    modifiers(&Schemes),
    tags(
        (name = "warehouse", description = "What desks do through the warehouse server."),
        (name = "server", description = "The server itself: its document and health."),
    )
)]
struct Base;

struct Schemes;

impl Modify for Schemes {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let bearer = |description: &str| {
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(description))
                    .build(),
            )
        };
        components.add_security_scheme(
            DESK_SCHEME,
            bearer("The desk's token from enrollment: `Authorization: Bearer pdk_desk_…`."),
        );
        components.add_security_scheme(
            SESSION_SCHEME,
            bearer("A person's session token from sign-in: `Authorization: Bearer pdk_session_…`."),
        );
    }
}

fn documented_router() -> OpenApiRouter<Shared> {
    route_table().into_iter().fold(
        OpenApiRouter::with_openapi(<Base as utoipa::OpenApi>::openapi()),
        |router, (access, (schemas, mut paths, method_router))| {
            match access {
                Access::Desk => require(&mut paths, DESK_SCHEME),
                Access::Session => require(&mut paths, SESSION_SCHEME),
                Access::Public | Access::EnrollmentCode => {}
            }
            limited(&mut paths);
            router.routes((schemas, paths, method_router))
        },
    )
}

/// The warehouse API's OpenAPI 3.1 document.
pub fn openapi() -> OpenApi {
    documented_router().into_openapi()
}

/// Every operation the router serves, with its credential: `(access, method, path)`.
pub fn route_list() -> Vec<(Access, String, String)> {
    route_table()
        .into_iter()
        .flat_map(|(access, (_, paths, _))| {
            paths.paths.into_iter().flat_map(move |(path, item)| {
                methods(&item)
                    .into_iter()
                    .map(move |method| (access, method.to_string(), path.clone()))
            })
        })
        .collect()
}

static DOCUMENT: LazyLock<Result<Bytes, String>> = LazyLock::new(|| {
    openapi()
        .to_json()
        .map(Bytes::from)
        .map_err(|e| e.to_string())
});

/// This OpenAPI document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "warehouseOpenapi",
    tag = "server",
    responses((status = 200, description = "The OpenAPI 3.1 document of the warehouse API.",
        content_type = "application/json", body = Object))
)]
pub async fn document() -> Response {
    match &*DOCUMENT {
        Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json.clone()).into_response(),
        Err(cause) => {
            WarehouseError::Internal(format!("the OpenAPI document: {cause}")).into_response()
        }
    }
}

/// Whether the server is up (it answers without the database).
#[utoipa::path(
    get,
    path = "/health",
    operation_id = "warehouseHealth",
    tag = "server",
    responses((status = 200, description = "The server is up.", body = String))
)]
pub async fn health() -> &'static str {
    "ok"
}

pub fn router(state: Shared) -> Router {
    let (router, _) = documented_router().split_for_parts();
    router
        .fallback(|| async {
            WarehouseError::NotFound("No such operation: see GET /openapi.json.".into())
        })
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(DefaultBodyLimit::max(
            crate::service::http::extract::MAX_BODY_BYTES,
        ))
        .with_state(state)
}
