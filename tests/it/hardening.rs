//! The station's hardening promises: HTTPS off this machine unless an environment allows plain
//! HTTP (checked where the client is built, on document URLs and on redirects), and no secret
//! in the settings file or in `Debug` output.

use packdesk::api::{Client, ClientConfig, ClientError, Secret};
use packdesk::station::secrets::{CredentialStore, SecretKind};
use packdesk::station::settings::{Environment, EnvironmentKind, Settings};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

const KEY: &str = "sk_live_9f8e7d6c5b4a39281706";
const TOKEN: &str = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu";

fn config(base: &str, labels: &str) -> ClientConfig {
    ClientConfig::new(base, labels, Secret::new(KEY), Secret::new(TOKEN))
}

#[test]
fn plain_http_off_this_machine_needs_the_environments_permission() {
    let refused = Client::new(config(
        "http://api.example.com",
        "https://labels.example.com/l",
    ))
    .unwrap_err();
    assert!(matches!(refused, ClientError::Config(_)), "{refused:?}");
    assert!(refused.to_string().contains("must use https"), "{refused}");
    let refused = Client::new(config(
        "https://api.example.com",
        "http://labels.example.com/l",
    ));
    assert!(refused.is_err(), "the label URL too");

    let mut allowed = config("http://api.example.com", "http://labels.example.com/l");
    allowed.allow_plain_http = true;
    assert!(Client::new(allowed).is_ok());
    assert!(Client::new(config("https://api.example.com", "https://l.example.com/l")).is_ok());
    for loopback in [
        "http://127.0.0.1:8080",
        "http://localhost:1",
        "http://[::1]:9",
    ] {
        assert!(
            Client::new(config(loopback, &format!("{loopback}/l"))).is_ok(),
            "{loopback}"
        );
    }
}

/// A loopback server that answers every request with a redirect to `location`.
async fn redirecting(location: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut buffer = [0u8; 4096];
            let _ = stream.read(&mut buffer).await;
            let answer =
                format!("HTTP/1.1 302 Found\r\nLocation: {location}\r\ncontent-length: 0\r\n\r\n");
            let _ = stream.write_all(answer.as_bytes()).await;
        }
    });
    format!("http://{address}")
}

#[tokio::test]
async fn a_redirect_or_document_url_to_plain_http_elsewhere_is_refused() {
    // 192.0.2.1 is TEST-NET-1: if the client followed, it would hang connecting.
    let base = redirecting("http://192.0.2.1/v1/landed-cost").await;
    let mut config = config(&base, &format!("{base}/api/post/fc/labels"));
    config.connect_timeout = std::time::Duration::from_secs(20);
    config.retry = packdesk::api::RetryPolicy::none();
    let client = Client::new(config).unwrap();
    let started = std::time::Instant::now();
    let err = client
        .fetch_document(&format!("{base}/labels/x.pdf"))
        .await
        .unwrap_err();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "refused, not followed: {err:?}"
    );
    let err = client
        .fetch_document("http://labels.example.com/x.pdf")
        .await
        .unwrap_err();
    assert!(err.to_string().contains("must use https"), "{err}");
}

/// A loopback listener that keeps every request it is sent, answering 200 with `{}`.
async fn recording() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = heard.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut buffer = vec![0u8; 16 * 1024];
            let n = stream.read(&mut buffer).await.unwrap_or(0);
            kept.lock()
                .unwrap()
                .push(String::from_utf8_lossy(&buffer[..n]).into_owned());
            let answer = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}";
            let _ = stream.write_all(answer.as_bytes()).await;
        }
    });
    (format!("http://{address}"), heard)
}

#[tokio::test]
async fn an_api_call_follows_no_redirect_and_the_other_host_hears_no_credential() {
    let (elsewhere, heard) = recording().await;
    let target: &'static str = Box::leak(format!("{elsewhere}/v1/landed-cost").into_boxed_str());
    let base = redirecting(target).await;
    let mut config = config(&base, &format!("{base}/api/post/fc/labels"));
    config.retry = packdesk::api::RetryPolicy::none();
    let client = Client::new(config).unwrap();

    let cart: packdesk::api::TaxCalculationRequest = serde_json::from_value(
        serde_json::from_str(include_str!("../../docs/examples/cart.json")).unwrap(),
    )
    .unwrap();
    let err = client.landed_cost(&cart).await.unwrap_err();
    assert!(
        matches!(&err, ClientError::Redirected { status: 302, location } if location == target),
        "{err:?}"
    );
    assert!(err.to_string().contains(target), "{err}");
    let whole_order = packdesk::api::LabelRequest {
        order_number: "1001".into(),
        ..Default::default()
    };
    let err = client.label(&whole_order).await.unwrap_err();
    assert!(matches!(err, ClientError::Redirected { .. }), "{err:?}");

    let heard = heard.lock().unwrap();
    assert!(heard.is_empty(), "the other host was sent: {heard:?}");
}

#[test]
fn settings_saved_after_credentials_are_stored_hold_no_secret_and_debug_shows_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    let store = CredentialStore::mock().unwrap();
    store
        .set("Production", SecretKind::ApiKey, &Secret::new(KEY))
        .unwrap();
    store
        .set("Production", SecretKind::AccessToken, &Secret::new(TOKEN))
        .unwrap();

    let mut settings = Settings::default();
    settings.environments.push(Environment {
        name: "Production".into(),
        kind: EnvironmentKind::Production,
        base_url: "https://api.example.com".into(),
        labels_url: "https://labels.example.com/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    settings.active_environment = "Production".into();
    settings.set_supervisor_pin("480915").unwrap();
    settings.save(&path).unwrap();

    let text = std::fs::read_to_string(&path).unwrap();
    for secret in [KEY, TOKEN, "sk_live", "eyJhbGci", "480915"] {
        assert!(!text.contains(secret), "{secret} in the settings file");
    }
    let key = store
        .get("Production", SecretKind::ApiKey)
        .unwrap()
        .unwrap();
    let token = store
        .get("Production", SecretKind::AccessToken)
        .unwrap()
        .unwrap();
    let client_config = ClientConfig::new("https://a.example", "https://l.example/l", key, token);
    let client = Client::new(client_config.clone()).unwrap();
    let shown = format!("{settings:?} {client_config:?} {client:?} {store:?}");
    for secret in [KEY, TOKEN, "480915"] {
        assert!(!shown.contains(secret), "{secret} in Debug output: {shown}");
    }
    assert_eq!(
        packdesk::redact::redact(&format!("token {TOKEN} failed")),
        "token **** failed"
    );
}

/// A keyring that does not answer is said as such, never turned into an empty key that the
/// service would answer with "API key rejected".
#[tokio::test(flavor = "multi_thread")]
async fn a_keyring_that_does_not_answer_is_said_as_such() {
    use packdesk::ui::failure::Failure;
    use packdesk::ui::shell::Done;

    let store = CredentialStore::mock().unwrap();
    store
        .set("Staging", SecretKind::ApiKey, &Secret::new("key-1"))
        .unwrap();
    assert!(store.mock_fail_next("Staging", SecretKind::ApiKey));
    let env = Environment {
        name: "Staging".into(),
        kind: EnvironmentKind::Sandbox,
        base_url: "https://staging.example".into(),
        labels_url: "https://staging.example/api/post/fc/labels".into(),
        allow_plain_http: false,
    };
    let Done::Connected(result) =
        packdesk::ui::shell::connect_to(env, Some(store.clone()), None).await
    else {
        panic!("connect answers Connected");
    };
    let Err(Failure::Keyring(said)) = result else {
        panic!("a keyring that did not answer is not a keyring failure");
    };
    assert!(
        said.starts_with(
            "The system keyring did not answer, so the API key for Staging could not be read"
        ),
        "{said}"
    );
    assert!(!said.contains("rejected"), "{said}");
    // The keyring answers again: the stored key is used.
    assert_eq!(
        store.get("Staging", SecretKind::ApiKey).unwrap(),
        Some(Secret::new("key-1"))
    );
}

#[cfg(unix)]
#[test]
fn settings_are_private_to_their_user_and_keep_no_password_typed_into_an_address() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    // A file from before, readable by everyone: the next save makes it private.
    std::fs::write(&path, "{}").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut settings = Settings::default();
    settings.save(&path).unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");

    settings.warehouse_server = Some("https://desk:hunter2@warehouse.local:8443".into());
    let refused = settings.save(&path).unwrap_err().to_string();
    assert!(
        refused.contains("Take the name and password out"),
        "{refused}"
    );
    assert!(!refused.contains("hunter2"), "{refused}");
    assert!(!std::fs::read_to_string(&path).unwrap().contains("hunter2"));

    settings.warehouse_server = None;
    settings.environments.push(Environment {
        name: "Production".into(),
        kind: EnvironmentKind::Production,
        base_url: "https://shop:hunter2@api.example.com".into(),
        labels_url: "https://labels.example.com/api/post/fc/labels".into(),
        allow_plain_http: false,
    });
    let refused = settings.environments[1]
        .check_urls()
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("carries a user name or password"),
        "{refused}"
    );
    assert!(!refused.contains("hunter2"), "{refused}");
    let refused = settings.save(&path).unwrap_err().to_string();
    assert!(
        refused.contains("carries a user name or password"),
        "{refused}"
    );
    assert!(!std::fs::read_to_string(&path).unwrap().contains("hunter2"));
}
