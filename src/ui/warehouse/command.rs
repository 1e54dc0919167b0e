//! What the Settings → Warehouse section asks for, and what the warehouse's jobs end with.

use super::state::WarehouseStatus;
use crate::api::Secret;
use crate::ui::failure::Failure;

/// What the section asked for.
#[derive(Clone, PartialEq, Eq)]
pub enum WarehouseIntent {
    /// Try to connect with this URL and password (typed, else the stored one); change nothing.
    TestConnection {
        url: String,
        password: Option<Secret>,
    },
    /// Keep this password in the credential store.
    SavePassword(Secret),
}

impl std::fmt::Debug for WarehouseIntent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TestConnection { url, password } => f
                .debug_struct("TestConnection")
                .field("url", url)
                .field("password", password)
                .finish(),
            Self::SavePassword(secret) => f.debug_tuple("SavePassword").field(secret).finish(),
        }
    }
}

/// What the warehouse's jobs end with.
pub enum Done {
    /// What "Test connection" found, in words.
    Tested(Result<String, Failure>),
    /// Another station record is in use now (or why not).
    Switched(Result<WarehouseStatus, Failure>),
}
