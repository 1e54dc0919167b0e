//! TLS without a certificate authority: with no certificate given, the server makes a
//! self-signed one on its first start, keeps it in its data directory (the key mode 0600), and
//! prints its SHA-256 fingerprint, which a desk is enrolled with (`client::trust`). A warehouse
//! that has a certificate from its own authority gives it with `--tls-cert`/`--tls-key`.
//!
//! Handshakes run on their own tasks with a time limit, so a client that opens a connection and
//! says nothing holds no other client up.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;

/// The self-signed certificate and its key, in the data directory.
pub const CERT_FILE: &str = "tls-cert.pem";
pub const KEY_FILE: &str = "tls-key.pem";

/// How long a client has to finish its handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read or write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} holds no usable {what}: {reason}")]
    Pem {
        path: PathBuf,
        what: &'static str,
        reason: String,
    },
    #[error("cannot make the server's certificate: {0}")]
    Generate(String),
    #[error("the certificate and key do not make a TLS configuration: {0}")]
    Config(String),
}

/// Where the server's certificate comes from.
#[derive(Debug, Clone)]
pub enum CertSource {
    /// Made on the first start and kept in the data directory.
    SelfSigned { data_dir: PathBuf },
    /// A certificate chain and its key, as PEM files (`--tls-cert`, `--tls-key`).
    Files { cert: PathBuf, key: PathBuf },
}

/// The server's certificate, ready to serve.
#[derive(Clone)]
pub struct ServerCert {
    pub acceptor: TlsAcceptor,
    /// SHA-256 of the end-entity certificate, `AB:CD:…`, as a desk is enrolled with.
    pub fingerprint: String,
}

impl CertSource {
    /// Loads the certificate (making the self-signed one on the first start).
    pub fn load(&self) -> Result<ServerCert, TlsError> {
        let (cert_path, key_path) = match self {
            CertSource::SelfSigned { data_dir } => {
                let cert = data_dir.join(CERT_FILE);
                let key = data_dir.join(KEY_FILE);
                if !cert.exists() {
                    make_self_signed(&cert, &key)?;
                }
                (cert, key)
            }
            CertSource::Files { cert, key } => (cert.clone(), key.clone()),
        };
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&cert_path)
            .and_then(Iterator::collect)
            .map_err(|e| TlsError::Pem {
                path: cert_path.clone(),
                what: "certificate",
                reason: e.to_string(),
            })?;
        let Some(leaf) = chain.first() else {
            return Err(TlsError::Pem {
                path: cert_path,
                what: "certificate",
                reason: "no CERTIFICATE block".into(),
            });
        };
        let fingerprint = fingerprint(leaf);
        let key = PrivateKeyDer::from_pem_file(&key_path).map_err(|e| TlsError::Pem {
            path: key_path,
            what: "private key",
            reason: e.to_string(),
        })?;
        let config = rustls::ServerConfig::builder_with_provider(crate::api::tls::provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| TlsError::Config(e.to_string()))?;
        Ok(ServerCert {
            acceptor: TlsAcceptor::from(Arc::new(config)),
            fingerprint,
        })
    }
}

/// The SHA-256 of a certificate as people compare it: upper-case hex pairs joined by colons.
pub fn fingerprint(cert: &[u8]) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, cert);
    digest
        .as_ref()
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

fn make_self_signed(cert_path: &Path, key_path: &Path) -> Result<(), TlsError> {
    // The names only matter to clients that check them; desks check the fingerprint.
    let host = hostname().unwrap_or_else(|| "packdesk-warehouse".into());
    let made = rcgen::generate_simple_self_signed(vec![host, "localhost".into()])
        .map_err(|e| TlsError::Generate(e.to_string()))?;
    write_file(key_path, made.signing_key.serialize_pem().as_bytes(), true)?;
    write_file(cert_path, made.cert.pem().as_bytes(), false)
}

fn hostname() -> Option<String> {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
}

fn write_file(path: &Path, bytes: &[u8], private: bool) -> Result<(), TlsError> {
    let io = |source| TlsError::Io {
        path: path.to_path_buf(),
        source,
    };
    if private {
        crate::private_file::write(path, bytes, crate::private_file::Write::Replace).map_err(io)
    } else {
        std::fs::write(path, bytes).map_err(io)
    }
}

/// A listener that hands axum finished TLS connections: each handshake on its own task, so a
/// silent client delays nobody.
pub struct TlsListener {
    local: SocketAddr,
    ready: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
}

impl TlsListener {
    pub fn new(listener: TcpListener, acceptor: TlsAcceptor) -> std::io::Result<Self> {
        let local = listener.local_addr()?;
        let (send, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let (stream, peer) = match listener.accept().await {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of descriptors, say: wait a moment rather than spin.
                        tracing::warn!(error = %e, "accepting a connection failed");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                if send.is_closed() {
                    break;
                }
                let acceptor = acceptor.clone();
                let send = send.clone();
                tokio::spawn(async move {
                    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
                        Ok(Ok(tls)) => {
                            let _ = send.send((tls, peer)).await;
                        }
                        Ok(Err(e)) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                    }
                });
            }
        });
        Ok(Self { local, ready })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(accepted) => accepted,
            // The accepting task ends only when this listener is gone; wait for shutdown.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.local)
    }
}
