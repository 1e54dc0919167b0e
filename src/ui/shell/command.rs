//! What the shell's jobs end with or report: start-up, the demo orders, a scanned code's
//! lookup, and connecting to another environment.

use crate::api::Client;
use crate::service::server::RunningService;
use crate::station::db::ScanMatch;
use crate::station::print::SharedPrints;
use crate::station::secrets::CredentialStore;
use crate::station::settings::Settings;
use crate::ui::failure::Failure;
use crate::ui::record::Record;
use crate::ui::warehouse::state::WarehouseStatus;

/// What the shell's jobs end with.
pub enum Done {
    Started(Result<Box<Started>, Box<StartFailed>>),
    /// Demo orders submitted and recorded.
    Seeded(Result<usize, Failure>),
    /// What the station's record says a scanned code is.
    Scanned {
        code: String,
        result: Result<ScanMatch, Failure>,
    },
    /// A client for the environment now in use (and the embedded service if one was started).
    Connected(Result<(Client, Option<RunningService>), Failure>),
}

/// What start-up reports before it ends.
pub enum Progress {
    /// What is being done, e.g. "Opening the station database…".
    Starting(String),
    /// Demo orders being submitted: done of total.
    Seeding { done: usize, total: usize },
}

/// Everything start-up produced.
pub struct Started {
    pub record: Record,
    /// The app's own one-desk server, when no warehouse server is set.
    pub own_server: Option<crate::warehouse::RunningWarehouse>,
    pub prints: SharedPrints,
    pub client: Client,
    /// The embedded service, kept alive as long as the app runs.
    pub service: Option<RunningService>,
    pub credentials: Option<CredentialStore>,
    /// A sentence about credentials the person should read (missing store, missing key).
    pub credential_note: Option<String>,
    /// The settings with the embedded service's URLs and, on a first start, demo defaults.
    pub settings: Settings,
    /// The station has no orders and the embedded service runs: seed the demo orders.
    pub seed: bool,
    /// The record opened, for the status bar.
    pub warehouse: WarehouseStatus,
}

/// Why start-up stopped, with the credential store, so Settings can fix what stopped it (a
/// warehouse password, say) and start again.
pub struct StartFailed {
    pub why: super::start_error::StartError,
    pub credentials: Option<CredentialStore>,
}
