//! rustls configuration for both sides: terminating client TLS with the
//! proxy's certificate, and originating TLS to backends.

use std::path::Path;
use std::sync::Arc;

use anyhow::{anyhow, Context};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, ServerConfig, SignatureScheme};
use rustls_pki_types::pem::{self, PemObject};

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

fn load_certs(path: &Path) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    let certs: Result<Vec<_>, _> = CertificateDer::pem_file_iter(path)
        .map_err(|e| pem_error("opening certificate file", path, e))?
        .collect();
    let certs = certs.map_err(|e| pem_error("parsing PEM certificates in", path, e))?;
    if certs.is_empty() {
        return Err(anyhow!("no certificate found in {}", path.display()));
    }
    Ok(certs)
}

fn load_key(path: &Path) -> anyhow::Result<PrivateKeyDer<'static>> {
    PrivateKeyDer::from_pem_file(path).map_err(|e| match e {
        pem::Error::NoItemsFound => anyhow!("no private key found in {}", path.display()),
        e => pem_error("reading private key", path, e),
    })
}

/// A PEM error with the file it is about (an unreadable file is an I/O
/// error the message names as such).
fn pem_error(what: &str, path: &Path, e: pem::Error) -> anyhow::Error {
    match e {
        pem::Error::Io(io) => anyhow!("{what} {}: {io}", path.display()),
        e => anyhow!("{what} {}: {e}", path.display()),
    }
}

/// TLS acceptor configuration for client connections.
pub fn server_config(cert: &Path, key: &Path) -> anyhow::Result<Arc<ServerConfig>> {
    let cfg = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(load_certs(cert)?, load_key(key)?)
        .context("certificate and private key do not match")?;
    Ok(Arc::new(cfg))
}

/// TLS configuration for backend connections. With a CA file the server's
/// certificate chain is verified (and its name, if `verify_identity`);
/// without one the link is encrypted but not authenticated, like MySQL's
/// `ssl-mode=REQUIRED`.
pub fn client_config(
    ca: Option<&Path>,
    verify_identity: bool,
) -> anyhow::Result<Arc<ClientConfig>> {
    let builder =
        ClientConfig::builder_with_provider(provider()).with_safe_default_protocol_versions()?;
    let cfg = match ca {
        Some(ca) => {
            let mut roots = RootCertStore::empty();
            for c in load_certs(ca)? {
                roots
                    .add(c)
                    .with_context(|| format!("adding CA certificate from {}", ca.display()))?;
            }
            if verify_identity {
                builder.with_root_certificates(roots).with_no_client_auth()
            } else {
                let inner = rustls::client::WebPkiServerVerifier::builder_with_provider(
                    Arc::new(roots),
                    provider(),
                )
                .build()?;
                builder
                    .dangerous()
                    .with_custom_certificate_verifier(Arc::new(ChainOnly { inner }))
                    .with_no_client_auth()
            }
        }
        None => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerification(provider())))
            .with_no_client_auth(),
    };
    Ok(Arc::new(cfg))
}

/// Verifies the chain against the CA but accepts any server name (MySQL's
/// `ssl-mode=VERIFY_CA`).
#[derive(Debug)]
struct ChainOnly {
    inner: Arc<rustls::client::WebPkiServerVerifier>,
}

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .inner
            .verify_server_cert(end_entity, intermediates, server_name, ocsp, now)
        {
            Err(rustls::Error::InvalidCertificate(rustls::CertificateError::NotValidForName)) => {
                Ok(ServerCertVerified::assertion())
            }
            other => other,
        }
    }
    fn verify_tls12_signature(
        &self,
        m: &[u8],
        c: &CertificateDer<'_>,
        d: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls12_signature(m, c, d)
    }
    fn verify_tls13_signature(
        &self,
        m: &[u8],
        c: &CertificateDer<'_>,
        d: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls13_signature(m, c, d)
    }
    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.inner.supported_verify_schemes()
    }
}

#[derive(Debug)]
struct NoVerification(Arc<rustls::crypto::CryptoProvider>);

impl ServerCertVerifier for NoVerification {
    fn verify_server_cert(
        &self,
        _: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: &ServerName<'_>,
        _: &[u8],
        _: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }
    fn verify_tls12_signature(
        &self,
        m: &[u8],
        c: &CertificateDer<'_>,
        d: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(m, c, d, &self.0.signature_verification_algorithms)
    }
    fn verify_tls13_signature(
        &self,
        m: &[u8],
        c: &CertificateDer<'_>,
        d: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(m, c, d, &self.0.signature_verification_algorithms)
    }
    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
