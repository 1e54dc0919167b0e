//! The station record in use (the status bar), and the Settings section as typed.

/// The record in use, as the status bar shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WarehouseStatus {
    /// e.g. `postgres://packer@db.local:5432/warehouse` or the SQLite file's path.
    pub location: String,
    /// On a shared PostgreSQL database (other desks see what this one does).
    pub shared: bool,
    /// Why the record cannot be reached now; `None` while it can.
    pub unreachable: Option<String>,
    /// Switching to another database is under way.
    pub switching: bool,
}

/// The Settings → Warehouse section as typed (write-only password).
#[derive(Clone, Default)]
pub struct WarehouseDraft {
    /// "Warehouse database" chosen (else "This desk only").
    pub shared: bool,
    pub url: String,
    pub(crate) new_password: String,
    /// The stored password, masked; `None` when none is stored.
    pub stored_password: Option<String>,
    pub inbox_folder: String,
    pub testing: bool,
    /// What "Test connection" found, in words; `Ok` when it connected.
    pub tested: Option<Result<String, String>>,
}

impl std::fmt::Debug for WarehouseDraft {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarehouseDraft")
            .field("shared", &self.shared)
            .field("url", &self.url)
            .field("tested", &self.tested)
            .finish_non_exhaustive()
    }
}

impl WarehouseDraft {
    pub fn new(settings: &crate::station::settings::Settings) -> Self {
        Self {
            shared: settings.warehouse_database.is_some(),
            url: settings.warehouse_database.clone().unwrap_or_default(),
            inbox_folder: settings
                .inbox_folder
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            ..Self::default()
        }
    }

    /// What the draft means for the settings file: the URL (trimmed) when shared.
    pub fn database(&self) -> Option<String> {
        let url = self.url.trim();
        (self.shared && !url.is_empty()).then(|| url.to_string())
    }

    pub fn inbox(&self) -> Option<std::path::PathBuf> {
        let folder = self.inbox_folder.trim();
        (!folder.is_empty()).then(|| folder.into())
    }

    /// The problem with the URL as typed, said next to the field; `None` when usable.
    pub fn url_problem(&self) -> Option<String> {
        if !self.shared {
            return None;
        }
        if self.url.trim().is_empty() {
            return Some(
                "Enter the warehouse database's URL, e.g. postgres://packer@db.local:5432/warehouse"
                    .into(),
            );
        }
        match crate::station::db::Location::parse(&self.url) {
            Ok(crate::station::db::Location::Postgres(_)) => None,
            Ok(_) => Some(
                "Enter the warehouse database's URL: postgres://user@host:5432/database".into(),
            ),
            Err(e) => Some(capitalized(&e.to_string())),
        }
    }
}

pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
