//! The shared validation rules of `domain::validate`: a valid example of each request passes,
//! and every rule has a failing example that names the exact field path.

mod builders;
mod label;
mod landed_cost;
mod orders;

use packdesk::domain::validate::FieldError;

/// One rule: what breaks, how to break a valid request, and the path that must be reported.
type Case<T> = (&'static str, fn(&mut T), &'static str);

/// Applies each mutation to a fresh copy of `valid` and checks the expected path is reported
/// with an actionable sentence. Collects every failing case before failing, so one run shows all.
fn check_table<T: Clone>(valid: &T, validate: fn(&T) -> Vec<FieldError>, cases: &[Case<T>]) {
    assert_no_errors(&validate(valid));
    let mut failures = Vec::new();
    for (what, mutate, field) in cases {
        let mut request = valid.clone();
        mutate(&mut request);
        let errors = validate(&request);
        if !errors.iter().any(|e| e.field == *field) {
            failures.push(format!("{what}: expected `{field}`, got {errors:#?}"));
        }
        if let Some(bad) = errors.iter().find(|e| !is_sentence(&e.error)) {
            failures.push(format!("{what}: message is not a sentence: {bad:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn assert_no_errors(errors: &[FieldError]) {
    assert!(errors.is_empty(), "valid example rejected: {errors:#?}");
}

/// Asserts every `fields` path is among the reported ones.
fn assert_reports_all(errors: &[FieldError], fields: &[&str]) {
    let reported: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    for field in fields {
        assert!(
            reported.contains(field),
            "`{field}` missing from {reported:?}"
        );
    }
}

fn is_sentence(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c == '"')
        && text.ends_with('.')
}
