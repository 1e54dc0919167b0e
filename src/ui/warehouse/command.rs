//! What the Settings → Warehouse section asks for, and what the warehouse's jobs end with.

use crate::ui::failure::Failure;

/// What the section asked for.
#[derive(Clone, PartialEq, Eq)]
pub enum WarehouseIntent {
    /// Exchange a supervisor's one-time code for this desk's token at the server.
    Enroll {
        url: String,
        fingerprint: Option<String>,
        code: String,
    },
}

impl std::fmt::Debug for WarehouseIntent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Enroll { url, .. } => f
                .debug_struct("Enroll")
                .field("url", url)
                .finish_non_exhaustive(),
        }
    }
}

/// What the warehouse's jobs end with.
pub enum Done {
    /// The desk is enrolled at this server (or why not).
    Enrolled(Result<String, Failure>),
}
