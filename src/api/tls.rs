//! The one TLS implementation of the process: rustls with ring's cryptography, for the HTTP
//! client and for the warehouse database alike. rustls is built with ring only (ARCHITECTURE.md,
//! "Dependencies": aws-lc-rs is a C library with a build of its own), and reqwest, built without
//! a provider of its own, takes the process's default: [`install`] makes ring that default
//! before the first client is built.

use std::sync::Arc;

use rustls::crypto::CryptoProvider;

/// ring's provider, for a rustls configuration built by hand.
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Makes ring the process's default provider, once; later calls do nothing.
pub fn install() {
    // Err only means a default is already installed, which is then the same provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
