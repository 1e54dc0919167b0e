//! The warehouse API's operations on who works where: enrolling the desk, signing in and out
//! (a person, or the desk itself on the app's one-desk server, and its supervisor PIN), people
//! and desks.

use reqwest::Method;

use super::calls::{Credential, DeskToken, Result, SessionToken, WarehouseClient};
use super::error::WarehouseClientError;
use crate::api::warehouse::{
    DeskView, EnrollRequest, EnrollResponse, EnrollmentCodeResponse, NewDeskRequest,
    NewPersonRequest, PersonUpdateRequest, PersonView, SessionResponse, SignInRequest,
    SupervisorPinRequest, UnlockRequest,
};

impl WarehouseClient {
    /// Exchanges a one-time enrollment code for this desk's token.
    pub async fn enroll(&self, code: &str) -> Result<EnrollResponse> {
        let body = EnrollRequest {
            enrollment_code: code.to_owned(),
        };
        self.call(Method::POST, &["desks"], Credential::None, Some(&body))
            .await
    }

    /// Signs a person in at this desk by name or badge and PIN.
    pub async fn sign_in(
        &self,
        desk: &DeskToken,
        person: &str,
        pin: &str,
    ) -> Result<(SessionToken, SessionResponse)> {
        let body = SignInRequest {
            person: person.to_owned(),
            pin: pin.to_owned(),
        };
        let answer: SessionResponse = self
            .call(
                Method::POST,
                &["sessions"],
                Credential::Desk(desk),
                Some(&body),
            )
            .await?;
        opened(answer)
    }

    /// The desk signs in as itself (the app's one-desk server, nobody set up).
    pub async fn sign_in_desk(&self, desk: &DeskToken) -> Result<(SessionToken, SessionResponse)> {
        let answer: SessionResponse = self
            .call(
                Method::POST,
                &["sessions", "desk"],
                Credential::Desk(desk),
                None::<&()>,
            )
            .await?;
        opened(answer)
    }

    /// Unlocks the desk's own session for supervisor work with the one-desk PIN.
    pub async fn unlock(&self, session: &SessionToken, pin: &str) -> Result<SessionResponse> {
        let body = UnlockRequest {
            pin: pin.to_owned(),
        };
        self.post(session, &["sessions", "current", "unlock"], Some(&body))
            .await
    }

    /// Locks it again.
    pub async fn lock(&self, session: &SessionToken) -> Result<()> {
        self.act(
            Method::DELETE,
            &["sessions", "current", "unlock"],
            Credential::Session(session),
        )
        .await
    }

    /// Sets the one-desk supervisor PIN (`current`: the one in force, once one is set).
    pub async fn set_supervisor_pin(
        &self,
        session: &SessionToken,
        current: Option<&str>,
        pin: &str,
    ) -> Result<()> {
        let body = SupervisorPinRequest {
            current: current.map(str::to_owned),
            pin: pin.to_owned(),
        };
        self.send(
            Method::PUT,
            self.url(&["supervisor-pin"]),
            Credential::Session(session),
            Some(&body),
            None,
        )
        .await
        .map(drop)
    }

    pub async fn sign_out(&self, session: &SessionToken) -> Result<()> {
        self.act(
            Method::DELETE,
            &["sessions", "current"],
            Credential::Session(session),
        )
        .await
    }

    /// Who is signed in (and whether the session still lives).
    pub async fn current(&self, session: &SessionToken) -> Result<SessionResponse> {
        self.get(session, &["sessions", "current"]).await
    }

    pub async fn people(&self, session: &SessionToken) -> Result<Vec<PersonView>> {
        self.get(session, &["people"]).await
    }

    pub async fn add_person(
        &self,
        session: &SessionToken,
        person: &NewPersonRequest,
    ) -> Result<PersonView> {
        self.post(session, &["people"], Some(person)).await
    }

    /// Changes a person (a supervisor's).
    pub async fn update_person(
        &self,
        session: &SessionToken,
        person: i64,
        change: &PersonUpdateRequest,
    ) -> Result<PersonView> {
        self.call(
            Method::PATCH,
            &["people", &person.to_string()],
            Credential::Session(session),
            Some(change),
        )
        .await
    }

    pub async fn desks(&self, session: &SessionToken) -> Result<Vec<DeskView>> {
        self.get(session, &["desks"]).await
    }

    /// A new desk's one-time enrollment code.
    pub async fn add_desk(
        &self,
        session: &SessionToken,
        name: &str,
    ) -> Result<EnrollmentCodeResponse> {
        let body = NewDeskRequest {
            name: name.to_owned(),
        };
        self.post(session, &["desks", "enrollments"], Some(&body))
            .await
    }

    pub async fn revoke_desk(&self, session: &SessionToken, desk: &str) -> Result<()> {
        self.act(
            Method::DELETE,
            &["desks", desk],
            Credential::Session(session),
        )
        .await
    }
}

/// The session a sign-in opened: its token (only in that answer) apart from the rest.
fn opened(mut answer: SessionResponse) -> Result<(SessionToken, SessionResponse)> {
    let token = answer
        .session_token
        .take()
        .ok_or_else(|| WarehouseClientError::Other {
            status: 201,
            message: "the sign-in answer has no session token".into(),
        })?;
    Ok((SessionToken(token), answer))
}
