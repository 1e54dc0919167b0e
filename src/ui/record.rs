//! The desk's one way to the warehouse record: the warehouse server's typed client, this desk's
//! token, and the session of whoever works here (the desk itself on the app's one-desk server
//! with nobody set up, or the person signed in). Jobs take a clone; the session inside is
//! shared, so a sign-in or sign-out reaches every job started after it.

use std::sync::{Arc, Mutex, PoisonError};

use crate::api::warehouse::SessionResponse;
use crate::ui::failure::Failure;
use crate::warehouse::client::{DeskToken, SessionToken, WarehouseClient, WarehouseClientError};

/// A session token, and whether it is the desk's own (opened again by itself when the server
/// ended it for idleness) or a person's (who signs in again).
#[derive(Clone)]
struct Session {
    token: SessionToken,
    desk_own: bool,
}

#[derive(Clone)]
pub struct Record {
    client: WarehouseClient,
    desk: DeskToken,
    session: Arc<Mutex<Option<Session>>>,
    /// The id this desk's claims carry, as the server's answers give it (kept after a
    /// sign-out: it is the desk's, not the person's).
    desk_id: Arc<Mutex<Option<String>>>,
    /// Where the record is, as the status bar names it.
    pub describe: String,
    /// The app runs this server itself (one desk).
    pub own_server: bool,
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("server", &self.client.base_url())
            .finish_non_exhaustive()
    }
}

impl Record {
    pub fn new(
        client: WarehouseClient,
        desk: DeskToken,
        describe: String,
        own_server: bool,
    ) -> Self {
        Self {
            client,
            desk,
            session: Arc::new(Mutex::new(None)),
            desk_id: Arc::new(Mutex::new(None)),
            describe,
            own_server,
        }
    }

    pub fn client(&self) -> &WarehouseClient {
        &self.client
    }

    /// The session jobs use, or why there is none.
    pub fn session(&self) -> Result<SessionToken, Failure> {
        self.session
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|s| s.token.clone())
            .ok_or_else(|| Failure::Other("Sign in first.".into()))
    }

    /// Whether the session here is the desk's own (no person signed in).
    fn desk_own(&self) -> bool {
        self.session
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .is_some_and(|s| s.desk_own)
    }

    /// Runs one call with the session here, its refusal as a [`Failure`]. The desk's own
    /// session, ended by the server after a long idle spell, is opened again and the call
    /// made once more (a person's is not: they sign in again).
    pub async fn call<T, F, Fut>(&self, op: F) -> Result<T, Failure>
    where
        F: Fn(WarehouseClient, SessionToken) -> Fut,
        Fut: std::future::Future<Output = Result<T, WarehouseClientError>>,
    {
        let first = op(self.client.clone(), self.session()?).await;
        match first {
            Err(WarehouseClientError::Unauthorized(_)) if self.desk_own() => {
                self.open_desk_session().await?;
                Ok(op(self.client.clone(), self.session()?).await?)
            }
            other => Ok(other?),
        }
    }

    /// The id this desk's claims carry, once a session told it.
    pub fn desk_id(&self) -> Option<String> {
        self.desk_id
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn opened(&self, token: SessionToken, answer: &SessionResponse) {
        *self.session.lock().unwrap_or_else(PoisonError::into_inner) = Some(Session {
            token,
            desk_own: answer.person.is_none(),
        });
        *self.desk_id.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer.desk_id.clone());
    }

    /// The desk's own session (the app's one-desk server with nobody set up), or why not:
    /// `Conflict` when people are set up (someone signs in), `Unauthorized` for a desk token
    /// the server does not know.
    pub async fn open_desk_session(&self) -> Result<SessionResponse, WarehouseClientError> {
        let (token, answer) = self.client.sign_in_desk(&self.desk).await?;
        self.opened(token, &answer);
        Ok(answer)
    }

    /// A person signs in here by name or badge and PIN.
    pub async fn sign_in(
        &self,
        person: &str,
        pin: &str,
    ) -> Result<SessionResponse, WarehouseClientError> {
        let (token, answer) = self.client.sign_in(&self.desk, person, pin).await?;
        self.opened(token, &answer);
        Ok(answer)
    }

    /// Ends the session here (the server gives this desk's claims back); the desk has none
    /// after it, even when the server could not be told.
    pub async fn sign_out(&self) -> Result<(), WarehouseClientError> {
        let token = self
            .session
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        match token {
            Some(session) => self.client.sign_out(&session.token).await,
            None => Ok(()),
        }
    }
}

impl From<WarehouseClientError> for Failure {
    fn from(error: WarehouseClientError) -> Self {
        match error {
            WarehouseClientError::Unreachable(_) | WarehouseClientError::Busy { .. } => {
                Self::WarehouseUnreachable
            }
            WarehouseClientError::Invalid(problems) => Self::Fields(problems),
            WarehouseClientError::Unauthorized(text) if text.is_empty() => {
                Self::Other("The warehouse server did not know this session; sign in again.".into())
            }
            other => Self::Other(sentence(&other.to_string())),
        }
    }
}

/// The server's text as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut out: String = text.trim().to_owned();
    if let Some(first) = out.get(..1) {
        let upper = first.to_uppercase();
        out.replace_range(..1, &upper);
    }
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
