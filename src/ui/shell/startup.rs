//! Start-up: the station database, the credential store, the embedded reference service (when
//! it is the environment in use) and the demo orders, seeded once through the real API.

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;

use super::command::{Done, Progress, StartFailed, Started};
use crate::api::{Client, ClientError};
use crate::connection::{self, EmbeddedService};
use crate::demo::orders::{create_body, demo_orders};
use crate::station::db::{ConnectionProblem, StationDb, StationError};
use crate::station::secrets::{CredentialStore, SecretsError};
use crate::station::settings::{EnvironmentKind, Settings};
use crate::station::warehouse;
use crate::ui::config::{AppConfig, CredentialSource};
use crate::ui::core::Core;
use crate::ui::failure::Failure;
use crate::ui::jobs::{Reporter, SharedDb, with_db};
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
) -> Result<Started, String> {
    reporter.progress(Progress::Starting("Opening the station database…".into()));
    let location = warehouse::location(
        config.database.as_deref(),
        settings,
        &config.station_db_path,
        credentials.as_ref(),
    )
    .map_err(|e| format!("The station database setting cannot be used: {e}"))?;
    let shown = location.to_string();
    let db = loop {
        let target = location.clone();
        let opened = tokio::task::spawn_blocking(move || StationDb::connect(&target))
            .await
            .map_err(|e| e.to_string())?;
        match opened {
            Ok(db) => break db,
            // A warehouse database that is down now may be up in a moment: keep trying.
            Err(
                StationError::Unreachable(why)
                | StationError::Connection(ConnectionProblem::Unreachable { reason: why, .. }),
            ) => {
                reporter.progress(Progress::Starting(format!(
                    "Warehouse database {shown} unreachable ({why}) — retrying…"
                )));
                tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            }
            Err(e) => {
                return Err(format!(
                    "The station database at {shown} cannot be opened: {e}"
                ));
            }
        }
    };
    let warehouse = crate::ui::warehouse::jobs::status_of(&db);
    let db: SharedDb = Arc::new(Mutex::new(db));

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
    let connected = connection::connect(&env, credentials.as_ref(), &embedded)
        .await
        .map_err(|e| e.to_string())?;
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
    let empty = with_db(&db, |db| Ok(db.list_orders()?.is_empty()))
        .await
        .map_err(|e| e.message())?;
    Ok(Started {
        db,
        client,
        // Demo orders only into this desk's own record: a warehouse's shared database holds
        // the merchant's real orders, and other desks could not label demo orders that exist
        // only at this desk's embedded service.
        seed: service.is_some() && empty && config.seed_demo_orders && !warehouse.shared,
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
pub async fn seed(client: Client, db: SharedDb, reporter: Reporter) -> Done {
    Done::Seeded(
        seed_all(&client, &db, &reporter)
            .await
            .map_err(Failure::Other),
    )
}

async fn seed_all(client: &Client, db: &SharedDb, reporter: &Reporter) -> Result<usize, String> {
    let orders = demo_orders(OffsetDateTime::now_utc());
    let total = orders.len();
    let mut seeded = 0;
    for (done, order) in orders.into_iter().enumerate() {
        reporter.progress(Progress::Seeding { done, total });
        let quote = client
            .landed_cost(&order.cart)
            .await
            .map_err(|e| format!("Demo order {}: {}", order.number, e.user_message()))?;
        let body = create_body(&order, &quote)?;
        match client.create_order(&body).await {
            Ok(()) => {}
            // Already on the service (its data outlived the station's): it is not ours to record.
            Err(ClientError::Conflict { .. }) => continue,
            Err(e) => return Err(format!("Demo order {}: {}", order.number, e.user_message())),
        }
        let cart = order.cart.clone();
        with_db(db, move |db| {
            db.record_submitted_order(&cart, &quote, &body)
        })
        .await
        .map_err(|e| format!("Demo order {}: {}", order.number, e.message()))?;
        seeded += 1;
    }
    // The demo warehouse's exporter, so cross-border demo parcels get their documents.
    with_db(db, |db| {
        use crate::customs::settings::{CustomsSettings, SETTINGS_KEY};
        if db.warehouse_setting(SETTINGS_KEY)?.is_none() {
            let demo = serde_json::to_value(CustomsSettings::demo())
                .map_err(|e| crate::station::db::StationError::Corrupt(e.to_string()))?;
            db.set_warehouse_setting(SETTINGS_KEY, &demo)?;
        }
        Ok(())
    })
    .await
    .map_err(|e| format!("Demo customs settings: {}", e.message()))?;
    Ok(seeded)
}
