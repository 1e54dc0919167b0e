//! What every request handler shares.

use std::sync::Arc;
use std::time::Duration;

use super::auth::Credentials;
use crate::service::landed_cost::{Engine, UndecidedLine};
use crate::service::store::{CalculationWriter, Store};

/// Everything a request handler needs, shared by all requests.
pub struct ServiceState {
    pub engine: Engine,
    pub store: Store,
    /// Stores each calculation before it is answered (group commit on its own thread).
    pub calculations: CalculationWriter,
    pub credentials: Credentials,
    /// Absolute base of the label document URLs, without a trailing slash.
    pub public_url: String,
    pub require_hs_codes: bool,
    pub undecided: UndecidedLine,
    /// How long a new label stays `pending` (0 = ready at once).
    pub label_delay: Duration,
    /// When set, calculations are priced as on this day (see `ServeConfig::pricing_date`).
    pub pricing_date: Option<time::Date>,
}

impl ServiceState {
    /// The moment a calculation is priced at.
    pub fn pricing_moment(&self) -> time::OffsetDateTime {
        match self.pricing_date {
            Some(date) => date
                .with_time(time::Time::MIDNIGHT + time::Duration::hours(12))
                .assume_utc(),
            None => time::OffsetDateTime::now_utc(),
        }
    }
}

pub type SharedState = Arc<ServiceState>;
