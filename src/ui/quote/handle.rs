//! The quote panel's commands carried out (HTTP on the app's runtime, file dialogs) and their
//! results reported back to the panel.

use super::command::{Done, QuoteCommand};
use super::jobs;
use super::state::QuoteView;
use crate::api::ClientError;
use crate::station::db::{Action, OutboxAction, OutboxEntry, OutboxState};
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::status::{Connection, Level};

pub fn handle(view: &mut QuoteView, desk: &mut Desk<'_>, intent: QuoteCommand) {
    match intent {
        QuoteCommand::Calculate(request) => match desk.backend.client.clone() {
            Some(client) => desk.spawn(move |_| jobs::calculate(client, request)),
            None => {
                view.calculating = false;
                view.message = Some("The station is still starting; try again in a moment.".into());
            }
        },
        QuoteCommand::SubmitOrder(body) => {
            if let Some(why) = desk.access.why_not(Action::SubmitOrder) {
                view.submitting = false;
                view.message = Some(why);
                return;
            }
            let (Some(record), Some(quote)) = (desk.record(), view.result.clone()) else {
                view.submitting = false;
                view.message = Some("Calculate the cart first.".into());
                return;
            };
            desk.spawn(move |_| jobs::submit(record, quote.request, quote.response, body));
        }
        QuoteCommand::LoadCart => desk.spawn(|_| jobs::load_cart()),
        QuoteCommand::SaveCart(text) => desk.spawn(move |_| jobs::save_cart(text)),
    }
}

pub fn apply(view: &mut QuoteView, desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::Calculated(answer) => {
            match &answer {
                Ok(response) => view.calculated(response.clone()),
                Err(e) => view.calculation_failed(e),
            }
            connection_from(desk, answer.as_ref().err());
        }
        Done::Submitted(Ok(())) => {
            view.order_queued();
            desk.then(Command::ReloadOrders);
        }
        Done::Submitted(Err(failure)) => view.order_failed(&failure),
        Done::CartLoaded(result) => match result {
            Ok(Some(text)) => view.cart_loaded(&text),
            Ok(None) => {}
            Err(failure) => view.cart_file_failed(&failure.message()),
        },
        Done::CartSaved(result) => match result {
            Ok(Some(place)) => view.cart_saved(&place),
            Ok(None) => {}
            Err(failure) => view.cart_file_failed(&failure.message()),
        },
    }
}

/// The outbox's report of an entry: an order this panel submitted that the service refused
/// shows its messages at the panel's fields.
pub fn outbox_report(view: &mut QuoteView, entry: &OutboxEntry) {
    if entry.action == OutboxAction::CreateOrder && entry.state == OutboxState::NeedsAttention {
        let why = entry.last_error.as_deref().unwrap_or("refused");
        view.order_refused(entry.order, &entry.field_errors, why);
    }
}

fn connection_from(desk: &mut Desk<'_>, error: Option<&ClientError>) {
    desk.shell.connection = match error {
        None => Connection::Online,
        Some(e) if e.is_retryable() => Connection::Offline(e.user_message()),
        Some(_) => Connection::Online,
    };
    if let Some(ClientError::Unauthorized) = error {
        desk.notice(Level::Error, "API key rejected — check Settings");
    }
}
