//! The warehouse feature's I/O, off the UI thread: enrolling this desk at a server.

use super::command::Done;
use crate::station::secrets::CredentialStore;
use crate::ui::failure::Failure;
use crate::ui::shell::warehouse_link;

pub async fn enroll(
    url: String,
    fingerprint: Option<String>,
    code: String,
    store: Option<CredentialStore>,
) -> Done {
    let Some(store) = store else {
        return Done::Enrolled(Err(Failure::Keyring(
            "No credential store is available to keep this desk's token; see the note above."
                .into(),
        )));
    };
    let result = warehouse_link::enroll(&url, fingerprint.as_deref(), &code, &store).await;
    Done::Enrolled(
        result
            .map(|()| format!("This desk is enrolled at {url}. Save the settings to use it."))
            .map_err(|e| Failure::Other(e.to_string())),
    )
}
