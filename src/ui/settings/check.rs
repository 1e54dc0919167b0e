//! The rules the settings form checks as it is typed, one sentence per field.

use crate::station::settings::{Environment, EnvironmentKind};

/// Why a service URL cannot be used, or `None` when it can. Loopback hosts may use plain HTTP;
/// any other host needs HTTPS unless `allow_plain_http` is ticked.
pub fn url_problem(what: &str, text: &str, allow_plain_http: bool) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return Some(format!("Enter the {what}, e.g. https://api.example.com."));
    }
    let Ok(url) = url::Url::parse(text) else {
        return Some(format!(
            "\"{text}\" is not a URL: write it in full, e.g. https://api.example.com."
        ));
    };
    if crate::station::settings::carries_credentials(&url) {
        return Some(format!(
            "Take the name and password out of the {what}: put the key in the API key field \
             (kept in the credential store, never in the settings file)."
        ));
    }
    let loopback = match url.host() {
        Some(url::Host::Domain(host)) => host.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => {
            return Some(format!(
                "\"{text}\" names no server: write it like https://api.example.com."
            ));
        }
    };
    match url.scheme() {
        "https" => None,
        "http" if loopback || allow_plain_http => None,
        "http" => Some(format!(
            "Use https:// for {}: plain HTTP would send the credentials unencrypted. \
             Tick \"Allow plain HTTP\" only for a test server on a trusted network.",
            url.host_str().unwrap_or("this server")
        )),
        scheme => Some(format!(
            "\"{scheme}:\" is not a web address: start the {what} with https://."
        )),
    }
}

/// The problems of one environment's URLs: (`base_url` | `labels_url`, sentence).
pub fn environment_problems(env: &Environment) -> Vec<(&'static str, String)> {
    // The embedded service's addresses are filled in when it starts.
    if env.kind == EnvironmentKind::EmbeddedSandbox {
        return Vec::new();
    }
    [
        ("base_url", "base URL", &env.base_url),
        ("labels_url", "label URL", &env.labels_url),
    ]
    .into_iter()
    .filter_map(|(key, what, text)| url_problem(what, text, env.allow_plain_http).map(|m| (key, m)))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_http_only_for_loopback_unless_allowed() {
        assert_eq!(
            url_problem("base URL", "https://api.example.com", false),
            None
        );
        assert_eq!(
            url_problem("base URL", "http://127.0.0.1:8787", false),
            None
        );
        assert_eq!(
            url_problem("base URL", "http://localhost:8787", false),
            None
        );
        let with_password =
            url_problem("base URL", "https://shop:hunter2@api.example.com", false).unwrap();
        assert!(with_password.starts_with("Take the name and password out"));
        assert!(!with_password.contains("hunter2"), "{with_password}");
        let plain = url_problem("base URL", "http://sandbox.example.com", false).unwrap();
        assert!(
            plain.contains("https://") && plain.contains("sandbox.example.com"),
            "{plain}"
        );
        assert_eq!(
            url_problem("base URL", "http://sandbox.example.com", true),
            None
        );
        assert!(url_problem("base URL", "api.example.com", false).is_some());
        assert!(url_problem("base URL", "ftp://api.example.com", true).is_some());
        assert!(
            url_problem("base URL", " ", false)
                .unwrap()
                .starts_with("Enter")
        );
    }
}
