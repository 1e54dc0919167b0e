//! Start-up: the station database, the credential store, the embedded reference service (when
//! it is the environment in use) and the demo orders, seeded once through the real API.

use std::sync::{Arc, Mutex};

use super::start_error::StartError;
use super::warehouse_link::{self, LinkError, Preparation};
use crate::api::warehouse::SubmitOrderRequest;
use crate::station::print::DeskPrintQueue;
use crate::ui::record::Record;
use crate::ui::warehouse::state::WarehouseStatus;

use time::OffsetDateTime;

use super::command::{Done, Progress, StartFailed, Started};
use crate::api::Client;
use crate::connection::{self, EmbeddedService};
use crate::demo::orders::{create_body, demo_orders};
use crate::station::secrets::{CredentialStore, SecretsError};
use crate::station::settings::{EnvironmentKind, Settings};
use crate::ui::config::{AppConfig, CredentialSource};
use crate::ui::core::Core;
use crate::ui::failure::Failure;
use crate::ui::jobs::Reporter;
use crate::ui::status::Startup;

/// Starts the app: the start-up job (the first frame is already drawn).
pub fn begin(core: &mut Core) {
    core.state.shell.startup = Startup::Starting("Starting…".into());
    let (config, settings, first) = (
        core.config.clone(),
        core.state.settings.clone(),
        core.first_start,
    );
    core.jobs
        .spawn(move |reporter| start(config, settings, first, reporter));
}

/// Starts again on the warehouse the settings now name: what reached the old one (its
/// session, the own server, the embedded service) is ended in the job, then start-up runs.
pub fn relink(core: &mut Core) {
    core.state.features.packing.open = None;
    core.state.shell.startup = Startup::Starting("Switching the warehouse…".into());
    let backend = &mut core.backend;
    backend.changes = None;
    backend.inbox = None;
    let (record, own_server, service) = (
        backend.record.take(),
        backend.own_server.take(),
        backend.service.take(),
    );
    let (mut config, settings) = (core.config.clone(), core.state.settings.clone());
    // The same store again (a mock store made afresh would have lost what was saved in it).
    if let Some(store) = backend.credentials.clone() {
        config.credentials = crate::ui::config::CredentialSource::Given(store);
    }
    core.jobs.spawn(move |reporter| async move {
        if let Some(record) = record {
            let _ = record.sign_out().await;
        }
        if let Some(server) = own_server
            && let Err(e) = server.shutdown().await
        {
            tracing::warn!("this desk's own warehouse server did not stop cleanly: {e}");
        }
        if let Some(service) = service {
            let _ = service.shutdown().await;
        }
        start(config, settings, false, reporter).await
    });
}

/// The start-up job.
pub async fn start(
    config: AppConfig,
    mut settings: Settings,
    first_start: bool,
    reporter: Reporter,
) -> Done {
    let source = config.credentials.clone();
    let store = tokio::task::spawn_blocking(move || match source {
        CredentialSource::Mock => CredentialStore::mock(),
        CredentialSource::Native => CredentialStore::native(),
        CredentialSource::Given(store) => Ok(store),
    })
    .await
    .unwrap_or_else(|e| Err(SecretsError::Unavailable(e.to_string())));
    let (credentials, credential_note) = match store {
        Ok(store) => {
            let note = store.persistence_note().map(str::to_string);
            (Some(store), note)
        }
        Err(e) => (None, Some(e.to_string())),
    };
    let kept = credentials.clone();
    Done::Started(
        run(
            config,
            &mut settings,
            first_start,
            &reporter,
            credentials,
            credential_note,
        )
        .await
        .map(|mut s| {
            s.settings = settings;
            Box::new(s)
        })
        .map_err(|why| {
            Box::new(StartFailed {
                why,
                credentials: kept,
            })
        }),
    )
}

async fn run(
    config: AppConfig,
    settings: &mut Settings,
    first_start: bool,
    reporter: &Reporter,
    credentials: Option<CredentialStore>,
    mut credential_note: Option<String>,
) -> Result<Started, StartError> {
    if let Some(url) = config
        .database
        .as_deref()
        .or(settings.warehouse_database.as_deref())
    {
        return Err(StartError::OpensDatabase(
            crate::station::db::Location::parse(url)
                .map_or_else(|_| "the database given".to_string(), |l| l.to_string()),
        ));
    }
    let env = settings.active().clone();
    if env.kind == EnvironmentKind::EmbeddedSandbox {
        reporter.progress(Progress::Starting("Starting embedded service…".into()));
        // The embedded sandbox's keys come from the service itself: the store matters only
        // when it is missing (for the other environments).
        credential_note = match &credentials {
            Some(_) => None,
            None => credential_note.map(|n| format!("{n} The embedded sandbox works without it.")),
        };
    }
    let embedded = EmbeddedService {
        data_dir: config.embedded_data_dir.clone(),
        label_delay: config.embedded_label_delay,
    };
    let connected = connection::connect(&env, credentials.as_ref(), &embedded).await?;
    let (client, service) = (connected.client, connected.service);
    if let Some(note) = connected.note {
        credential_note = Some(match credential_note {
            Some(earlier) => format!("{earlier} {note}"),
            None => note,
        });
    }
    if let Some(running) = &service
        && let Some(embedded) = settings.environment_mut(&env.name)
    {
        embedded.base_url = running.base_url.clone();
        embedded.labels_url = running.labels_url.clone();
    }
    if first_start && env.kind == EnvironmentKind::EmbeddedSandbox {
        demo_defaults(settings);
        if let Err(e) = settings.save(&config.settings_path) {
            tracing::warn!("could not save the first settings: {e}");
        }
    }

    let remote = config
        .warehouse
        .clone()
        .or(settings.warehouse_server.clone());
    let (record, own_server, empty) = match remote {
        Some(url) => {
            reporter.progress(Progress::Starting(format!(
                "Connecting to the warehouse server {url}…"
            )));
            let record = loop {
                match warehouse_link::connect_remote(
                    &url,
                    settings.warehouse_fingerprint.as_deref(),
                    credentials.as_ref(),
                )
                .await
                {
                    Ok(record) => break record,
                    // A server that is down now may be up in a moment: keep trying.
                    Err(LinkError::Server(why)) => {
                        reporter.progress(Progress::Starting(format!(
                            "The warehouse server is unreachable ({why}) — retrying…"
                        )));
                        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
                    }
                    Err(e) => return Err(e.into()),
                }
            };
            (record, None, false)
        }
        None => {
            reporter.progress(Progress::Starting("Opening the station record…".into()));
            let preparation = Preparation {
                pin_hash: settings.supervisor_pin_hash.clone(),
                demo_customs: service.is_some() && config.seed_demo_orders,
            };
            let own = warehouse_link::start_own(
                &config,
                connected.config,
                preparation,
                credentials.as_ref(),
            )
            .await?;
            (own.record, Some(own.running), own.empty)
        }
    };
    let prints = DeskPrintQueue::open(&config.print_queue_path)?;
    let warehouse = WarehouseStatus {
        location: record.describe.clone(),
        shared: own_server.is_none(),
        ..WarehouseStatus::default()
    };
    Ok(Started {
        // Demo orders only into this desk's own record (`empty` is never true for a
        // warehouse's, whose orders are the merchant's), submitted by the desk's own session
        // (with people set up there, nobody is signed in yet).
        seed: service.is_some() && empty && config.seed_demo_orders && record.session().is_ok(),
        record,
        own_server,
        prints: Arc::new(Mutex::new(prints)),
        client,
        service,
        credentials,
        credential_note,
        settings: settings.clone(),
        warehouse,
    })
}

/// Station values that make the demo work end to end on a first start.
fn demo_defaults(settings: &mut Settings) {
    let fill = |value: &mut String, default: &str| {
        if value.trim().is_empty() {
            *value = default.to_string();
        }
    };
    fill(&mut settings.location_code, "BER-1");
    fill(&mut settings.default_carrier, "Packdesk Post");
    fill(&mut settings.brand_code, "DEMO");
}

/// Quotes, submits and records the demo orders (once: only into an empty station).
pub async fn seed(client: Client, record: Record, reporter: Reporter) -> Done {
    Done::Seeded(seed_all(&client, &record, &reporter).await)
}

async fn seed_all(client: &Client, record: &Record, reporter: &Reporter) -> Result<usize, Failure> {
    let session = record.session()?;
    let orders = demo_orders(OffsetDateTime::now_utc());
    let total = orders.len();
    let mut seeded = 0;
    for (done, order) in orders.into_iter().enumerate() {
        reporter.progress(Progress::Seeding { done, total });
        let quote = client.landed_cost(&order.cart).await.map_err(|e| {
            Failure::Other(format!("Demo order {}: {}", order.number, e.user_message()))
        })?;
        let body = create_body(&order, &quote).map_err(Failure::Other)?;
        // Recorded and queued: the warehouse server's outbox creates it at the service.
        let submitted = SubmitOrderRequest {
            cart: order.cart.clone(),
            quote,
            order: body,
        };
        record
            .client()
            .submit_order(&session, &submitted)
            .await
            .map_err(|e| Failure::Other(format!("Demo order {}: {e}", order.number)))?;
        seeded += 1;
    }
    Ok(seeded)
}
