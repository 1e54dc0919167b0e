//! The Settings → Warehouse section as typed: where the draft's addresses come from and what
//! they mean for the settings file.

use crate::ui::failure::Failure;

/// The Settings → Warehouse section as typed (the enrollment code is write-only).
#[derive(Clone, Default)]
pub struct WarehouseDraft {
    /// "Warehouse server" chosen (else "This desk only").
    pub shared: bool,
    pub url: String,
    pub fingerprint: String,
    pub(crate) code: String,
    pub inbox_folder: String,
    /// The largest import file, in MB.
    pub import_max_mb: u32,
    pub enrolling: bool,
    /// What "Enroll this desk" came to: what was found, or why not.
    pub enrolled: Option<Result<String, Failure>>,
}

impl std::fmt::Debug for WarehouseDraft {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarehouseDraft")
            .field("shared", &self.shared)
            .field("url", &self.url)
            .field("enrolled", &self.enrolled)
            .finish_non_exhaustive()
    }
}

impl WarehouseDraft {
    pub fn new(settings: &crate::station::settings::Settings) -> Self {
        Self {
            shared: settings.warehouse_server.is_some(),
            url: settings.warehouse_server.clone().unwrap_or_default(),
            fingerprint: settings.warehouse_fingerprint.clone().unwrap_or_default(),
            inbox_folder: settings
                .inbox_folder
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            import_max_mb: settings.import_max_mb,
            ..Self::default()
        }
    }

    /// "Enroll this desk" was pressed: its answer is awaited.
    pub fn enrolling_started(&mut self) {
        self.enrolling = true;
        self.enrolled = None;
    }

    /// "Enroll this desk" answered.
    pub fn enrolled(&mut self, result: Result<String, Failure>) {
        self.enrolling = false;
        self.enrolled = Some(result);
    }

    /// What the draft means for the settings file: the server's address (trimmed) when shared.
    pub fn server(&self) -> Option<String> {
        let url = self.url.trim().trim_end_matches('/');
        (self.shared && !url.is_empty()).then(|| url.to_string())
    }

    pub fn fingerprint(&self) -> Option<String> {
        let typed = self.fingerprint.trim();
        (self.shared && !typed.is_empty()).then(|| typed.to_string())
    }

    pub fn inbox(&self) -> Option<std::path::PathBuf> {
        let folder = self.inbox_folder.trim();
        (!folder.is_empty()).then(|| folder.into())
    }

    /// The problem with the address as typed, said next to the field; `None` when usable.
    pub fn url_problem(&self) -> Option<String> {
        if !self.shared {
            return None;
        }
        let url = self.url.trim();
        if url.is_empty() {
            return Some(
                "Enter the warehouse server's address, e.g. https://warehouse.local:8443".into(),
            );
        }
        match url::Url::parse(url) {
            Ok(parsed) if crate::station::settings::carries_credentials(&parsed) => {
                Some(crate::station::settings::WAREHOUSE_URL_WITH_PASSWORD.into())
            }
            Ok(parsed) if parsed.scheme() == "https" || parsed.scheme() == "http" => None,
            _ => Some(
                "Enter the address the warehouse server printed, e.g. https://warehouse.local:8443"
                    .into(),
            ),
        }
    }
}
