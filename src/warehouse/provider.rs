//! The provider's address and credentials, which only the warehouse server holds: in
//! `provider.json` in its data directory (readable by its owner only), written by
//! `packdesk warehouse set-provider` with the key and token typed on the terminal.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use crate::api::Secret;
use crate::api::{Client, ClientConfig};
use crate::private_file::{self, Write};

/// The provider file in the server's data directory.
pub const PROVIDER_FILE: &str = "provider.json";

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("cannot read or write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is damaged ({cause}): write it again with `packdesk warehouse set-provider`")]
    Damaged { path: PathBuf, cause: String },
    #[error("{0}")]
    Invalid(String),
}

/// What the file holds. The secrets are plain text here: the file is the server's own, mode
/// 0600, and nothing else ever writes them anywhere.
#[derive(Serialize, Deserialize)]
struct Stored {
    base_url: String,
    labels_url: String,
    api_key: String,
    access_token: String,
    #[serde(default)]
    allow_plain_http: bool,
}

/// The provider as `set-provider` is given it.
pub struct Provider {
    pub base_url: String,
    pub labels_url: String,
    pub api_key: Secret,
    pub access_token: Secret,
    /// Plain `http://` to a host other than loopback (a test provider on the warehouse's LAN).
    pub allow_plain_http: bool,
}

impl Provider {
    /// The client configuration it makes, refused when a client could not be built from it
    /// (a URL that does not parse, plain HTTP off loopback, an empty credential).
    pub fn client_config(&self) -> Result<ClientConfig, ProviderError> {
        if self.api_key.is_empty() || self.access_token.is_empty() {
            return Err(ProviderError::Invalid(
                "the API key and the access token are both needed".into(),
            ));
        }
        let mut config = ClientConfig::new(
            self.base_url.trim(),
            self.labels_url.trim(),
            self.api_key.clone(),
            self.access_token.clone(),
        );
        config.allow_plain_http = self.allow_plain_http;
        Client::new(config.clone()).map_err(|e| ProviderError::Invalid(e.to_string()))?;
        Ok(config)
    }

    /// Checks it, then writes it into `data_dir`, replacing what was there.
    pub fn save(&self, data_dir: &Path) -> Result<PathBuf, ProviderError> {
        self.client_config()?;
        let path = data_dir.join(PROVIDER_FILE);
        let io = |source| ProviderError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(data_dir).map_err(io)?;
        let stored = Stored {
            base_url: self.base_url.trim().to_owned(),
            labels_url: self.labels_url.trim().to_owned(),
            api_key: self.api_key.expose().to_owned(),
            access_token: self.access_token.expose().to_owned(),
            allow_plain_http: self.allow_plain_http,
        };
        let body = serde_json::to_vec_pretty(&stored).map_err(|e| io(std::io::Error::other(e)))?;
        private_file::write(&path, &body, Write::Replace).map_err(io)?;
        Ok(path)
    }
}

/// The provider `data_dir` holds, `None` when none was set.
pub fn load(data_dir: &Path) -> Result<Option<ClientConfig>, ProviderError> {
    let path = data_dir.join(PROVIDER_FILE);
    let text = match std::fs::read(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(ProviderError::Io { path, source }),
    };
    let stored: Stored = serde_json::from_slice(&text).map_err(|e| ProviderError::Damaged {
        path: path.clone(),
        cause: e.to_string(),
    })?;
    let provider = Provider {
        base_url: stored.base_url,
        labels_url: stored.labels_url,
        api_key: Secret::new(stored.api_key),
        access_token: Secret::new(stored.access_token),
        allow_plain_http: stored.allow_plain_http,
    };
    provider
        .client_config()
        .map(Some)
        .map_err(|e| ProviderError::Damaged {
            path,
            cause: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider(base: &str) -> Provider {
        Provider {
            base_url: base.into(),
            labels_url: format!("{base}/api/post/fc/labels"),
            api_key: Secret::new("pk_test"),
            access_token: Secret::new("at_test"),
            allow_plain_http: false,
        }
    }

    #[test]
    fn saved_private_read_back_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        assert!(load(dir.path()).unwrap().is_none());
        provider("https://one.example.com")
            .save(dir.path())
            .unwrap();
        provider("https://two.example.com")
            .save(dir.path())
            .unwrap();
        let config = load(dir.path()).unwrap().unwrap();
        assert_eq!(config.base_url, "https://two.example.com");
        assert_eq!(config.api_key.expose(), "pk_test");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let meta = std::fs::metadata(dir.path().join(PROVIDER_FILE)).unwrap();
            assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn plain_http_off_loopback_and_missing_secrets_are_refused_and_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let error = provider("http://provider.lan")
            .save(dir.path())
            .unwrap_err();
        assert!(error.to_string().contains("http"), "{error}");
        let mut empty = provider("https://p.example.com");
        empty.access_token = Secret::new("");
        assert!(empty.save(dir.path()).is_err());
        assert!(!dir.path().join(PROVIDER_FILE).exists());
    }

    #[test]
    fn a_damaged_file_says_how_to_mend_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(PROVIDER_FILE), "{").unwrap();
        let error = load(dir.path()).unwrap_err();
        assert!(error.to_string().contains("set-provider"), "{error}");
    }
}
