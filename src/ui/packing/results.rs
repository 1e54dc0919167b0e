//! Applying what packing's jobs send back.

use egui::TextureOptions;

use super::command::{Done, LabelDone, LabelFailed, PackingCommand};
use super::{claim, open, unanswered};
use crate::station::db::OutboxEntry;
use crate::station::db::{LabelId, StationOrder};
use crate::ui::command::Command;
use crate::ui::desk::Desk;
use crate::ui::failure::Failure;
use crate::ui::packing::state::{CancelFlow, LabelJob, Packing, Preview, Request};
use crate::ui::status::{Connection, FocusTarget, Level};

pub fn apply(packing: &mut Packing, outbox: &[OutboxEntry], desk: &mut Desk<'_>, done: Done) {
    match done {
        Done::OrderLoaded { number, result } => {
            if packing.opening == Some(number) {
                packing.opening = None;
            }
            match result {
                Ok((order, history)) => {
                    open::open_loaded(packing, outbox, desk, order, history);
                    desk.shell.focus = Some(FocusTarget::Scan);
                }
                Err(failure) => desk.shell.notice(Level::Error, failure.message()),
            }
        }
        Done::Label(result) => label(packing, desk, result),
        Done::Preview { label, result } => {
            let ctx = desk.egui();
            if let Some(open) = &mut packing.open {
                let no_window = Preview::Failed("No window to show the preview in.".into());
                open.preview = preview(label, result, ctx, no_window);
            }
        }
        Done::Fulfilled(result) => fulfilled(packing, desk, result),
        Done::Claimed {
            order,
            shipment_id,
            result,
        } => claim::claimed(packing, desk, order, &shipment_id, result),
        Done::TakenOver {
            order,
            shipment_id,
            result,
        } => claim::taken_over(packing, desk, order, &shipment_id, result),
        Done::Released(result) => {
            if let Err(failure) = result {
                // Harmless: the lease runs out by itself.
                tracing::warn!("a claim was not given back: {}", failure.message());
            }
        }
        Done::Refreshed(result) => match result {
            Ok((order, history)) => open::refreshed(packing, desk, order, history),
            Err(failure) => {
                if let Some(open) = &mut packing.open {
                    open.refreshing = false;
                }
                tracing::warn!("the open order was not reloaded: {}", failure.message());
            }
        },
        Done::Canceled(result) => canceled(packing, desk, result),
        Done::ParcelDiscarded(result) => match result {
            Ok(order) => {
                open::next_parcel(packing, desk, order);
                desk.shell.notice(
                    Level::Info,
                    "Parcel discarded; its items are left to pack again.",
                );
            }
            Err(failure) => {
                if let Some(open) = &mut packing.open {
                    open.label = LabelJob::Failed(failure.clone());
                }
                desk.shell.notice(Level::Error, failure.message());
            }
        },
        Done::Saved(result) => {
            let (request, notice) = match result {
                Ok(Some(path)) => (
                    Request::Done(format!("Saved to {}", path.display())),
                    Some((Level::Info, format!("Label saved to {}.", path.display()))),
                ),
                Ok(None) => (Request::Done("Not saved.".into()), None),
                Err(failure) => {
                    let text = failure.message();
                    (Request::Failed(failure), Some((Level::Error, text)))
                }
            };
            if let Some(open) = &mut packing.open {
                open.save = request;
            }
            if let Some((level, text)) = notice {
                desk.shell.notice(level, text);
            }
        }
        Done::Printed(result) => {
            let (request, level, text) = match result {
                Ok(text) => (Request::Done(text.clone()), Level::Info, text),
                Err(failure) => {
                    let text = failure.message();
                    (Request::Failed(failure), Level::Error, text)
                }
            };
            if let Some(open) = &mut packing.open {
                open.print = request;
            }
            desk.shell.notice(level, text);
        }
    }
}

/// A rendered label as the preview shows it; `no_window` when there is no window to load it in.
fn preview(
    label: LabelId,
    rendered: Result<egui::ColorImage, Failure>,
    ctx: Option<egui::Context>,
    no_window: Preview,
) -> Preview {
    match (rendered, ctx) {
        (Ok(image), Some(ctx)) => Preview::Ready {
            label,
            texture: ctx.load_texture(format!("label-{label}"), image, TextureOptions::LINEAR),
        },
        (Ok(_), None) => no_window,
        (Err(failure), _) => Preview::Failed(failure.message()),
    }
}

fn label(
    packing: &mut Packing,
    desk: &mut Desk<'_>,
    result: Result<Box<LabelDone>, Box<LabelFailed>>,
) {
    match result {
        Ok(done) => {
            let done = *done;
            desk.shell.connection = Connection::Online;
            let ctx = desk.egui();
            if let Some(open) = &mut packing.open
                && open.order.source_reference == done.order.source_reference
            {
                open.order = done.order;
                open.parcel = Some(done.parcel);
                unanswered::settle(&mut open.unanswered.label, Ok(()));
                open.label = LabelJob::Ready {
                    label: done.label,
                    tracking_code: done.tracking_code.clone(),
                };
                desk.then(Command::LabelShown {
                    order: open.order.source_reference,
                    parcel: done.parcel,
                    label: done.label,
                    fresh: true,
                });
                // A label is ready without a window to preview it in: nothing to say.
                open.preview = preview(done.label, done.preview, ctx, Preview::None);
            }
            desk.shell.notice(
                Level::Info,
                format!("Label ready — tracking {}.", done.tracking_code),
            );
            desk.then(Command::ReloadOrders);
        }
        Err(failed) => {
            let failed = *failed;
            let failure = failed.failure;
            // Retry asks again for a kept parcel's label; a parcel that may not be recorded
            // is sent again whole (with its key: recorded once).
            let retry = match failed.parcel_kept {
                Some(_) => PackingCommand::RetryLabel,
                None => PackingCommand::GetLabel,
            };
            if let Some(open) = &mut packing.open {
                if let Some(order) = failed.order
                    && order.source_reference == open.order.source_reference
                {
                    open.order = order;
                }
                open.parcel = failed.parcel_kept;
                unanswered::settle(&mut open.unanswered.label, Err(&failure));
                if let Failure::Fields(errors) = &failure {
                    open.form.set_reported(errors, &failed.sent_lines);
                }
                open.label = LabelJob::Failed(failure.clone());
            }
            desk.shell.network_failure(&failure, retry.into());
            let text = match &failure {
                Failure::Fields(errors) => format!(
                    "The label was refused: {} problem(s), shown next to their fields.",
                    errors.len()
                ),
                other => other.message(),
            };
            desk.shell.notice(Level::Error, text);
        }
    }
}

fn fulfilled(packing: &mut Packing, desk: &mut Desk<'_>, result: Result<StationOrder, Failure>) {
    match result {
        Ok(order) => {
            desk.shell.connection = Connection::Online;
            let shipment = packing.open.as_ref().map(|o| o.shipment).unwrap_or(0);
            let status = order
                .shipments
                .get(shipment)
                .map(|s| (s.shipment_id.clone(), s.status));
            open::next_parcel(packing, desk, order);
            if let Some(open) = &mut packing.open {
                open.fulfill = Request::Done("Parcel fulfilled — queued for sending.".into());
                unanswered::settle(&mut open.unanswered.fulfill, Ok(()));
            }
            if let Some((id, status)) = status {
                desk.shell.notice(
                    Level::Info,
                    format!(
                        "Parcel fulfilled — queued for sending; shipment {id} is now {status}."
                    ),
                );
            }
            desk.then(Command::ReloadOrders);
        }
        Err(failure) => {
            if let Some(open) = &mut packing.open {
                open.fulfill = Request::Failed(failure.clone());
                unanswered::settle(&mut open.unanswered.fulfill, Err(&failure));
            }
            desk.shell
                .network_failure(&failure, PackingCommand::MarkFulfilled.into());
            desk.shell.notice(Level::Error, failure.message());
        }
    }
}

fn canceled(packing: &mut Packing, desk: &mut Desk<'_>, result: Result<StationOrder, Failure>) {
    match result {
        Ok(order) => {
            desk.shell.connection = Connection::Online;
            let shipment = packing.open.as_ref().map(|o| o.shipment).unwrap_or(0);
            let id = order
                .shipments
                .get(shipment)
                .map(|s| s.shipment_id.clone())
                .unwrap_or_default();
            let text = format!(
                "Shipment {id} of order {} is canceled — queued for sending.",
                order.source_reference
            );
            open::next_parcel(packing, desk, order);
            if let Some(open) = &mut packing.open {
                open.cancel = CancelFlow::Closed;
                unanswered::settle(&mut open.unanswered.cancel, Ok(()));
            }
            desk.shell.notice(Level::Info, text);
            desk.then(Command::ReloadOrders);
        }
        Err(failure) => {
            if let Some(open) = &mut packing.open {
                open.cancel = CancelFlow::Confirming;
                unanswered::settle(&mut open.unanswered.cancel, Err(&failure));
            }
            desk.shell
                .network_failure(&failure, PackingCommand::ConfirmCancel.into());
            desk.shell.notice(Level::Error, failure.message());
        }
    }
}
