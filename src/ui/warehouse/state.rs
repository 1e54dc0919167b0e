//! The warehouse in use, as the status bar shows it.

/// The warehouse in use, as the status bar shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WarehouseStatus {
    /// The warehouse server's address, or this desk's own record's file.
    pub location: String,
    /// At a warehouse server (other desks see what this one does).
    pub shared: bool,
    /// Why the server cannot be reached now; `None` while it can.
    pub unreachable: Option<String>,
    /// Switching to another warehouse is under way.
    pub switching: bool,
}
