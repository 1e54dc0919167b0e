//! A warehouse for the app's tests, as a warehouse runs one: the reference service as the
//! provider, a real warehouse server (HTTPS, its own certificate) on a throwaway PostgreSQL
//! database (a SQLite file where no cluster can run), its people, and desks enrolled at it
//! with one-time codes, each holding only its token in its credential store.

use std::time::Duration;

use packdesk::demo::orders::DemoOrder;
use packdesk::service::server::{RunningService, ServeConfig};
use packdesk::station::db::{Location, Role, StationDb};
use packdesk::station::secrets::{CredentialStore, SecretKind};
use packdesk::station::settings::{Environment, EnvironmentKind};
use packdesk::ui::config::AppConfig;
use packdesk::ui::config::CredentialSource;
use packdesk::ui::status::Startup;
use packdesk::warehouse::client::{Trust, WarehouseClient};
use packdesk::warehouse::{RunningWarehouse, Transport, WarehouseConfig, admin};
use tempfile::TempDir;

use super::{AppHarness, Station, click, start, station_settings, type_into, wait_until};
use crate::pg_cluster;

/// The people every test warehouse has: name, role, PIN (Ana also has badge `B-17`).
pub const SUPERVISOR: (&str, &str) = ("Sam", "2468");
pub const PACKER: (&str, &str) = ("Ana", "1357");
pub const SERVICE: (&str, &str) = ("Cy", "9753");

pub struct Warehouse {
    pub runtime: tokio::runtime::Runtime,
    pub server: Option<RunningWarehouse>,
    provider: Option<RunningService>,
    pub location: Location,
    pub data_dir: TempDir,
    base_url: String,
    fingerprint: String,
    /// Plain HTTP on loopback instead of HTTPS (a relay in front of it can see the requests).
    plain: bool,
}

impl Warehouse {
    /// On a fresh PostgreSQL database when the cluster runs, else on a SQLite file.
    pub fn start() -> Self {
        Self::on(pg_cluster::fresh_database())
    }

    pub fn on(database: Option<String>) -> Self {
        Self::with(database, false)
    }

    /// On a SQLite file, over plain HTTP on loopback.
    pub fn plain() -> Self {
        Self::with(None, true)
    }

    fn with(database: Option<String>, plain: bool) -> Self {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let data_dir = tempfile::tempdir().unwrap();
        let provider = runtime
            .block_on(packdesk::service::server::start(ServeConfig::local(
                data_dir.path().join("provider"),
            )))
            .unwrap();
        let location = match &database {
            Some(url) => Location::parse(url).unwrap(),
            None => Location::Sqlite(data_dir.path().join("warehouse.sqlite3")),
        };
        let server_dir = data_dir.path().join("server");
        let mut warehouse = Self {
            runtime,
            server: None,
            provider: Some(provider),
            location,
            data_dir,
            base_url: String::new(),
            fingerprint: String::new(),
            plain,
        };
        warehouse.serve();
        for (name, role, pin, badge) in [
            (SUPERVISOR.0, Role::Supervisor, SUPERVISOR.1, None),
            (PACKER.0, Role::Packer, PACKER.1, Some("B-17")),
            (SERVICE.0, Role::CustomerService, SERVICE.1, None),
        ] {
            admin::add_person(
                &warehouse.location,
                &server_dir,
                name,
                role,
                badge.map(Into::into),
                pin,
            )
            .unwrap();
        }
        warehouse
    }

    /// Starts the server (again, on the same port after a stop).
    pub fn serve(&mut self) {
        let mut config = WarehouseConfig::local(self.data_dir.path().join("server"));
        config.database = Some(self.location.clone());
        config.provider = Some(packdesk::connection::config_for(self.provider()));
        config.outbox.first_retry = Duration::from_millis(200);
        if self.plain {
            config.transport = Transport::PlainLoopback;
        }
        let address = self.base_url.split("://").last().unwrap_or_default();
        if let Ok(addr) = address.parse() {
            config.addr = addr;
        }
        let running = self
            .runtime
            .block_on(packdesk::warehouse::start(config))
            .unwrap();
        self.base_url = running.base_url.clone();
        self.fingerprint = running.fingerprint.clone().unwrap_or_default();
        self.server = Some(running);
    }

    /// Stops the server (the desks find it gone).
    pub fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            self.runtime.block_on(server.shutdown()).unwrap();
        }
    }

    /// The merchant's provider (the reference service).
    pub fn provider(&self) -> &RunningService {
        self.provider.as_ref().unwrap()
    }

    /// The provider goes away; where it was.
    pub fn stop_provider(&mut self) -> std::net::SocketAddr {
        let provider = self.provider.take().unwrap();
        let addr = provider.addr;
        self.runtime.block_on(provider.shutdown()).unwrap();
        addr
    }

    /// Adds a person as the administrator does on the server's machine.
    pub fn add_person(&self, name: &str, role: Role, pin: &str) {
        admin::add_person(
            &self.location,
            &self.data_dir.path().join("server"),
            name,
            role,
            None,
            pin,
        )
        .unwrap();
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The record, opened as the administrator does (tests read what was recorded).
    pub fn record(&self) -> StationDb {
        StationDb::connect(&self.location).unwrap()
    }

    /// A supervisor's one-time code for a desk called `name`.
    pub fn enrollment_code(&self, name: &str) -> String {
        admin::add_desk(&self.location, name, Duration::from_secs(600)).unwrap()
    }

    /// A desk called `name`, enrolled, started and showing its sign-in screen.
    pub fn desk(&self, name: &str) -> Station {
        self.desk_through(name, &self.base_url.clone())
    }

    /// [`Self::desk`] reaching the server at `base_url` (a relay in front of it).
    pub fn desk_through(&self, name: &str, base_url: &str) -> Station {
        let trust = match self.plain {
            true => Trust::System,
            false => Trust::Fingerprint(self.fingerprint.clone()),
        };
        let client = WarehouseClient::new(base_url, &trust).unwrap();
        let token = self
            .runtime
            .block_on(client.enroll(&self.enrollment_code(name)))
            .unwrap()
            .desk_token;
        let dir = tempfile::tempdir().unwrap();
        let mut config = AppConfig::in_directory(dir.path());
        config.seed_demo_orders = false;
        config.warehouse = Some(base_url.to_string());
        let mut settings = station_settings();
        settings.station_name = name.into();
        settings.warehouse_fingerprint = Some(self.fingerprint.clone()).filter(|f| !f.is_empty());
        // Quotes at the merchant's provider, as every desk of the warehouse asks it.
        settings.environments.push(Environment {
            name: "Shop".into(),
            kind: EnvironmentKind::Sandbox,
            base_url: self.provider().base_url.clone(),
            labels_url: self.provider().labels_url.clone(),
            allow_plain_http: false,
        });
        settings.active_environment = "Shop".into();
        settings.save(&config.settings_path).unwrap();
        let store = CredentialStore::mock().unwrap();
        let keys = &self.provider().credentials;
        store
            .set("Shop", SecretKind::ApiKey, &keys.api_key)
            .unwrap();
        store
            .set("Shop", SecretKind::AccessToken, &keys.access_token)
            .unwrap();
        store
            .set(
                base_url,
                SecretKind::DeskToken,
                &packdesk::station::secrets::Secret::new(token),
            )
            .unwrap();
        config.credentials = CredentialSource::Given(store);
        let mut desk = start(dir, config);
        wait_until(&mut desk.harness, name, |app| {
            app.state().shell.startup == Startup::Ready
        });
        desk
    }

    /// Quotes and creates `order` at the provider, as the shop does, and records it in the
    /// warehouse's record, as `packdesk import` does.
    pub fn submit(&self, order: &DemoOrder) {
        let client = crate::support::client_for(self.provider());
        let quote = self
            .runtime
            .block_on(client.landed_cost(&order.cart))
            .unwrap();
        let body = packdesk::demo::orders::create_body(order, &quote).unwrap();
        self.runtime.block_on(client.create_order(&body)).unwrap();
        self.record()
            .record_submitted_order(&order.cart, &quote, &body)
            .unwrap();
    }
}

impl Drop for Warehouse {
    fn drop(&mut self) {
        self.stop();
    }
}

/// `who` (a name or badge) signs in at the desk with `pin`; waits for the server's answer.
pub fn sign_in(h: &mut AppHarness, who: &str, pin: &str) {
    type_into(h, "Name or badge", who);
    type_into(h, "PIN", pin);
    click(h, "Sign in");
    wait_until(h, "the PIN check", |app| {
        !app.state().features.people.checking
    });
}

/// Who is signed in at the desk.
pub fn signed_in(h: &AppHarness) -> Option<String> {
    h.state()
        .state()
        .features
        .people
        .signed_in
        .as_ref()
        .map(|p| p.name.clone())
}
