//! The service's credentials: given on the command line or in the environment, or else
//! generated once on first start and kept in the data directory, readable by the owner only.

use std::fs;
use std::path::{Path, PathBuf};

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::api::Secret;
use crate::service::http::Credentials;

const FILE_NAME: &str = "credentials.json";

#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("cannot read or write the credentials file {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the credentials file {path} is damaged ({source}); delete it to generate new credentials"
    )]
    Damaged {
        path: PathBuf,
        source: serde_json::Error,
    },
}

#[derive(Serialize, Deserialize)]
struct Stored {
    api_key: String,
    access_token: String,
}

/// The credentials to use, and whether they were generated now (so they are shown once).
pub fn resolve(
    data_dir: &Path,
    api_key: Option<String>,
    access_token: Option<String>,
) -> Result<(Credentials, bool), KeysError> {
    let path = data_dir.join(FILE_NAME);
    let stored =
        match fs::read(&path) {
            Ok(bytes) => Some(serde_json::from_slice::<Stored>(&bytes).map_err(|source| {
                KeysError::Damaged {
                    path: path.clone(),
                    source,
                }
            })?),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(source) => return Err(KeysError::Io { path, source }),
        };
    let mut generated = false;
    let stored = match stored {
        Some(stored) => stored,
        None if api_key.is_some() && access_token.is_some() => Stored {
            api_key: String::new(),
            access_token: String::new(),
        },
        None => {
            let fresh = Stored {
                api_key: random_secret("pk_"),
                access_token: random_secret("pt_"),
            };
            write_private(&path, &fresh)?;
            generated = true;
            fresh
        }
    };
    let credentials = Credentials {
        api_key: Secret::new(api_key.unwrap_or(stored.api_key)),
        access_token: Secret::new(access_token.unwrap_or(stored.access_token)),
    };
    Ok((credentials, generated))
}

/// 256 random bits, URL-safe, with a prefix that says what the secret is for.
fn random_secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}{hex}")
}

fn write_private(path: &Path, stored: &Stored) -> Result<(), KeysError> {
    let io = |source| KeysError::Io {
        path: path.to_path_buf(),
        source,
    };
    let body = serde_json::to_vec_pretty(stored).map_err(|e| io(std::io::Error::other(e)))?;
    crate::private_file::write(path, &body, crate::private_file::Write::CreateNew).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_once_then_reused_and_private() {
        let dir = tempfile::tempdir().unwrap();
        let (first, generated) = resolve(dir.path(), None, None).unwrap();
        assert!(generated);
        assert!(first.api_key.expose().starts_with("pk_") && first.api_key.expose().len() == 67);
        let (second, generated) = resolve(dir.path(), None, None).unwrap();
        assert!(!generated);
        assert_eq!(first.api_key, second.api_key);
        assert_eq!(first.access_token, second.access_token);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn given_credentials_win_and_are_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let (creds, generated) = resolve(dir.path(), Some("k".into()), Some("t".into())).unwrap();
        assert!(!generated);
        assert_eq!(creds.api_key.expose(), "k");
        assert!(!dir.path().join(FILE_NAME).exists());
    }
}
