//! How a desk trusts the warehouse server: by the SHA-256 fingerprint of its certificate, which
//! the desk was enrolled with (a self-signed certificate, no authority needed), or by the
//! system's trust store (a certificate the warehouse's own authority issued).

use std::sync::Arc;
use std::time::Duration;

use rustls::DigitallySignedStruct;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};

/// What a desk checks the server's certificate against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trust {
    /// The certificate's SHA-256, as `packdesk warehouse serve` printed it (`AB:CD:…`; case,
    /// colons and spaces do not matter).
    Fingerprint(String),
    /// The system's trust store.
    System,
}

#[derive(Debug, thiserror::Error)]
pub enum TrustError {
    #[error(
        "\"{0}\" is not a certificate fingerprint: it is 64 hexadecimal digits, as the warehouse \
         server printed it"
    )]
    BadFingerprint(String),
    #[error("cannot set up TLS: {0}")]
    Tls(String),
}

/// The fingerprint's 32 bytes.
fn parse_fingerprint(text: &str) -> Result<[u8; 32], TrustError> {
    let hex: String = text
        .chars()
        .filter(|c| !matches!(c, ':' | ' ' | '-'))
        .collect();
    crate::warehouse::tokens::parse_hex32(&hex)
        .ok_or_else(|| TrustError::BadFingerprint(text.to_string()))
}

/// Accepts exactly the certificate with the enrolled fingerprint; the handshake's signatures
/// are still checked, so only the holder of that certificate's key gets through.
#[derive(Debug)]
struct Pinned {
    sha256: [u8; 32],
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let seen = ring::digest::digest(&ring::digest::SHA256, end_entity.as_ref());
        if seen.as_ref() == self.sha256 {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(format!(
                "the warehouse server's certificate (SHA-256 {}) is not the one this desk was \
                 enrolled with: if the server's certificate was replaced, enroll the desk again",
                crate::warehouse::tls::fingerprint(end_entity.as_ref())
            )))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// An HTTP client for the warehouse API that trusts the server as `trust` says. It follows no
/// redirect (a token is never sent anywhere but the server it was issued by).
pub fn http_client(trust: &Trust) -> Result<reqwest::Client, TrustError> {
    crate::api::tls::install();
    let builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(30));
    let builder = match trust {
        Trust::System => builder,
        Trust::Fingerprint(text) => {
            let provider = crate::api::tls::provider();
            let verifier = Pinned {
                sha256: parse_fingerprint(text)?,
                provider: provider.clone(),
            };
            let config = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map_err(|e| TrustError::Tls(e.to_string()))?
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(verifier))
                .with_no_client_auth();
            builder.tls_backend_preconfigured(config)
        }
    };
    builder.build().map_err(|e| TrustError::Tls(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_is_read_however_it_is_spelled() {
        let colons = "AB:".repeat(31) + "AB";
        assert_eq!(parse_fingerprint(&colons).unwrap(), [0xAB; 32]);
        assert_eq!(parse_fingerprint(&"ab".repeat(32)).unwrap(), [0xAB; 32]);
        assert!(matches!(
            parse_fingerprint("AB:CD"),
            Err(TrustError::BadFingerprint(_))
        ));
        assert!(parse_fingerprint(&"zz".repeat(32)).is_err());
    }
}
