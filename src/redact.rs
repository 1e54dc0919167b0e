//! The last line of defence for secrets in text that leaves the process: panic messages.
//!
//! Secrets are `api::Secret`, whose `Debug` prints `Secret(****)` and which has no `Display`,
//! so formatting one cannot show it; logs carry no headers or bodies. A panic message, though,
//! is built from whatever the failing code formatted, so the panic hook masks anything shaped
//! like a credential (a `Bearer` value, a long token) before it is printed or logged.

/// Tokens this long made of letters and digits (with `_-.`) are treated as credentials.
const TOKEN_LENGTH: usize = 32;

/// `text` with bearer values and long credential-like tokens replaced by `****`.
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_bearer = false;
    let mut rest = text;
    while !rest.is_empty() {
        let split = rest
            .find(|c: char| is_token_char(c) != rest.starts_with(is_token_char))
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(split);
        if run.starts_with(is_token_char) {
            if after_bearer || looks_like_token(run) {
                out.push_str("****");
                after_bearer = false;
            } else {
                out.push_str(run);
                after_bearer = run.eq_ignore_ascii_case("bearer");
            }
        } else {
            out.push_str(run);
        }
        rest = tail;
    }
    out
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

fn looks_like_token(word: &str) -> bool {
    word.len() >= TOKEN_LENGTH
        && word.chars().all(is_token_char)
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// Replaces the default panic output with one line through `tracing` (and stderr), redacted,
/// and the backtrace in the log file, redacted too (a frame's text can hold a formatted value).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = redact(&message);
        let backtrace = std::backtrace::Backtrace::force_capture().to_string();
        tracing::error!(%place, "{}", logged(&message, &backtrace));
        eprintln!("Packdesk stopped unexpectedly at {place}: {message}");
    }));
}

/// The panic as the log file gets it: the (redacted) message, then the backtrace, redacted.
fn logged(message: &str, backtrace: &str) -> String {
    format!(
        "Packdesk stopped unexpectedly: {message}\n{}",
        redact(backtrace)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_values_and_long_tokens_are_masked() {
        let key = format!("pk_{}", "a1".repeat(32));
        let text = format!("sent Authorization: Bearer tok-123 and key={key}, status 401");
        assert_eq!(
            redact(&text),
            "sent Authorization: Bearer **** and key=****, status 401"
        );
        let plain = "order 4242 shipment S1 has no parcel 12345678901234567890";
        assert_eq!(redact(plain), plain, "numbers and words stay");
    }

    #[test]
    fn the_logged_backtrace_is_redacted_too() {
        let key = format!("pk_{}", "b2".repeat(20));
        let backtrace = format!(
            "   0: packdesk::api::client::send\n             with Bearer {key}\n   1: main"
        );
        let logged = logged("the service failed", &backtrace);
        assert!(logged.starts_with("Packdesk stopped unexpectedly: the service failed\n"));
        assert!(
            logged.contains("0: packdesk::api::client::send"),
            "{logged}"
        );
        assert!(!logged.contains(&key), "{logged}");
    }
}
