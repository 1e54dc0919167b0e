//! Applying what jobs send back.

use std::collections::BTreeSet;

use egui::TextureOptions;

use super::cancel::locked_out_message;
use super::packing;
use super::{refilter, reload_orders};
use crate::station::db::ScanMatch;
use crate::station::pin::{SupervisorLock, UnlockResult};
use crate::ui::app::Core;
use crate::ui::command::Command;
use crate::ui::failure::Failure;
use crate::ui::jobs::{JobResult, Progress, Received, startup};
use crate::ui::state::{
    CancelFlow, Connection, FocusTarget, LabelJob, Level, Notice, Preview, Request, Startup,
};

pub fn apply(core: &mut Core, received: Received) {
    match received {
        Received::Progress(progress) => apply_progress(core, progress),
        Received::Done(result) => apply_result(core, *result),
    }
}

fn apply_progress(core: &mut Core, progress: Progress) {
    let state = &mut core.state;
    match progress {
        Progress::Startup(what) => state.startup = Startup::Starting(what),
        Progress::Seeding { done, total } => state.startup = Startup::Seeding { done, total },
        Progress::ParcelRecorded { order, parcel } => {
            if let Some(open) = &mut state.open
                && open.order.source_reference == order.source_reference
            {
                open.order = *order;
                open.parcel = Some(parcel);
            }
        }
        Progress::Outbox(report) => super::outbox::progress(core, *report),
        Progress::Warehouse(problem) => crate::ui::warehouse::health_changed(core, problem),
        Progress::Inbox(Ok(reports)) => crate::ui::import::show(core, reports),
        Progress::Inbox(Err(problem)) => core.state.notice(Level::Warning, problem),
        Progress::LabelPending {
            parcel,
            attempt,
            next_in_ms,
        } => {
            if let Some(open) = &mut state.open
                && open.parcel == Some(parcel)
            {
                open.label = LabelJob::Polling {
                    attempt,
                    next_in_ms,
                };
            }
        }
    }
}

fn apply_result(core: &mut Core, result: JobResult) {
    match result {
        JobResult::Started(Ok(started)) => {
            let started = *started;
            let state = &mut core.state;
            state.settings = started.settings;
            state.credential_note = started.credential_note;
            // The lock was built with the settings (with the lockout kept on disk); a start
            // again after a failed one must not give fresh tries.
            let pin = state.settings.supervisor_pin_hash.clone();
            state.supervisor.follow_pin(pin.as_deref());
            if started.service.is_some() {
                state.connection = Connection::Online;
            }
            state.startup = Startup::Ready;
            state.focus = Some(FocusTarget::Scan);
            core.backend.db = Some(started.db.clone());
            core.backend.client = Some(started.client.clone());
            core.backend.outbox = Some(crate::ui::jobs::outbox::start(
                &core.jobs,
                started.db.clone(),
                started.client.clone(),
                core.config.outbox,
            ));
            core.backend.service = started.service;
            core.backend.credentials = started.credentials;
            core.state.warehouse = started.warehouse;
            core.backend.health = Some(crate::ui::warehouse::HealthWatcher::start(
                &core.jobs.runtime(),
                started.db.clone(),
                core.jobs.reporter(),
            ));
            super::panels::watch_inbox(core);
            if started.seed {
                core.state.startup = Startup::Seeding { done: 0, total: 0 };
                let (client, db) = (started.client, started.db);
                core.jobs
                    .spawn(move |reporter| startup::seed(client, db, reporter));
            }
            reload_orders(core);
        }
        JobResult::Started(Err(failed)) => {
            core.state.startup = Startup::Failed(failed.why);
            core.backend.credentials = failed.credentials;
        }
        JobResult::Seeded(result) => {
            core.state.startup = Startup::Ready;
            match result {
                Ok(0) => {}
                Ok(count) => core.state.notice(
                    Level::Info,
                    format!("{count} demo orders are ready to pack."),
                ),
                Err(why) => core.state.notice(Level::Error, why),
            }
            reload_orders(core);
        }
        JobResult::OrdersLoaded(result) => {
            core.state.orders.loading = false;
            match result {
                Ok(rows) => {
                    let destinations: BTreeSet<String> =
                        rows.iter().map(|r| r.country_code.clone()).collect();
                    core.state.orders.destinations = destinations.into_iter().collect();
                    core.state.orders.rows = rows;
                    refilter(core);
                }
                Err(why) => core.state.notice(Level::Error, why),
            }
        }
        JobResult::OrderLoaded { number, result } => {
            if core.state.opening == Some(number) {
                core.state.opening = None;
            }
            match result {
                Ok(order) => {
                    packing::open_loaded(core, order);
                    core.state.focus = Some(FocusTarget::Scan);
                }
                Err(failure) => core.state.notice(Level::Error, failure.message()),
            }
        }
        JobResult::Scanned { code, result } => scanned(core, code, result),
        JobResult::Imported(reports) => crate::ui::import::apply(core, reports),
        JobResult::WarehouseTested(result) => crate::ui::warehouse::tested(core, result),
        JobResult::WarehouseSwitched(result) => crate::ui::warehouse::switched(core, result),
        JobResult::Label(result) => label(core, result),
        JobResult::LabelQueued(entry) => super::label_follow::queued(core, *entry),
        JobResult::Preview { label, result } => {
            let ctx = core.jobs.context();
            if let Some(open) = &mut core.state.open {
                open.preview = match (result, ctx) {
                    (Ok(image), Some(ctx)) => Preview::Ready {
                        label,
                        texture: ctx.load_texture(
                            format!("label-{label}"),
                            image,
                            TextureOptions::LINEAR,
                        ),
                    },
                    (Ok(_), None) => Preview::Failed("No window to show the preview in.".into()),
                    (Err(why), _) => Preview::Failed(why),
                };
            }
        }
        JobResult::Fulfilled(result) => fulfilled(core, result),
        JobResult::Canceled(result) => canceled(core, result),
        JobResult::ParcelDiscarded(result) => match result {
            Ok(order) => {
                packing::next_parcel(core, order);
                core.state.notice(
                    Level::Info,
                    "Parcel discarded; its items are left to pack again.",
                );
            }
            Err(failure) => {
                if let Some(open) = &mut core.state.open {
                    open.label = LabelJob::Failed(failure.clone());
                }
                core.state.notice(Level::Error, failure.message());
            }
        },
        JobResult::OutboxChanged(result) => super::outbox::changed(core, result),
        JobResult::Unlocked { lock, result } => unlocked(core, lock, result),
        JobResult::Saved(result) => {
            let (request, notice) = match result {
                Ok(Some(path)) => (
                    Request::Done(format!("Saved to {}", path.display())),
                    Some((Level::Info, format!("Label saved to {}.", path.display()))),
                ),
                Ok(None) => (Request::Done("Not saved.".into()), None),
                Err(why) => (
                    Request::Failed(Failure::Other(why.clone())),
                    Some((Level::Error, why)),
                ),
            };
            if let Some(open) = &mut core.state.open {
                open.save = request;
            }
            if let Some((level, text)) = notice {
                core.state.notice(level, text);
            }
        }
        JobResult::Printed(result) => {
            let request = match &result {
                Ok(text) => Request::Done(text.clone()),
                Err(why) => Request::Failed(Failure::Other(why.clone())),
            };
            if let Some(open) = &mut core.state.open {
                open.print = request;
            }
            match result {
                Ok(text) => core.state.notice(Level::Info, text),
                Err(why) => core.state.notice(Level::Error, why),
            }
        }
        panel => super::panels::apply(core, panel),
    }
}

fn scanned(core: &mut Core, code: String, result: Result<ScanMatch, String>) {
    let message = match result {
        Ok(ScanMatch::Order(number)) => {
            super::handle(core, Command::OpenOrder(number));
            Notice {
                level: Level::Info,
                text: format!("Order {number}"),
            }
        }
        Ok(ScanMatch::Sku { sku, orders }) => {
            let list: Vec<String> = orders.iter().take(5).map(u64::to_string).collect();
            super::handle(core, Command::SetSearch(sku.clone()));
            Notice {
                level: Level::Info,
                text: format!(
                    "SKU {sku} is in {} order(s): {}{} — open one to pack it.",
                    orders.len(),
                    list.join(", "),
                    if orders.len() > 5 { ", …" } else { "" }
                ),
            }
        }
        Ok(ScanMatch::Nothing) => Notice {
            level: Level::Warning,
            text: format!("No order or SKU \"{code}\" in this station."),
        },
        Err(why) => Notice {
            level: Level::Error,
            text: why,
        },
    };
    core.state.scan.message = Some(message);
}

fn label(
    core: &mut Core,
    result: Result<Box<crate::ui::jobs::LabelDone>, Box<crate::ui::jobs::LabelFailed>>,
) {
    match result {
        Ok(done) => {
            let done = *done;
            core.state.connection = Connection::Online;
            let ctx = core.jobs.context();
            if let Some(open) = &mut core.state.open
                && open.order.source_reference == done.order.source_reference
            {
                open.order = done.order;
                open.parcel = Some(done.parcel);
                open.label = LabelJob::Ready {
                    label: done.label,
                    tracking_code: done.tracking_code.clone(),
                };
                open.preview = match (done.preview, ctx) {
                    (Ok(image), Some(ctx)) => Preview::Ready {
                        label: done.label,
                        texture: ctx.load_texture(
                            format!("label-{}", done.label),
                            image,
                            TextureOptions::LINEAR,
                        ),
                    },
                    (Ok(_), None) => Preview::None,
                    (Err(why), _) => Preview::Failed(why),
                };
            }
            core.state.notice(
                Level::Info,
                format!("Label ready — tracking {}.", done.tracking_code),
            );
            reload_orders(core);
        }
        Err(failed) => {
            let failed = *failed;
            let failure = failed.failure;
            if let Some(open) = &mut core.state.open {
                if let Some(order) = failed.order
                    && order.source_reference == open.order.source_reference
                {
                    open.order = order;
                }
                open.parcel = failed.parcel_kept;
                if let Failure::Fields(errors) = &failure {
                    open.form.set_reported(errors, &failed.sent_lines);
                }
                open.label = LabelJob::Failed(failure.clone());
            }
            network_failure(core, &failure, Command::RetryLabel);
            let text = match &failure {
                Failure::Fields(errors) => format!(
                    "The label was refused: {} problem(s), shown next to their fields.",
                    errors.len()
                ),
                other => other.message(),
            };
            core.state.notice(Level::Error, text);
        }
    }
}

/// Offline failures flip the indicator and arm Retry; others mean the service answered.
pub(super) fn network_failure(core: &mut Core, failure: &Failure, retry: Command) {
    if let Failure::WarehouseUnreachable = failure {
        // The service may be fine: only the shared record is down (the status bar says so).
        core.state.retry = Some(retry);
    } else if failure.is_offline() {
        core.state.connection = Connection::Offline(failure.message());
        core.state.retry = Some(retry);
    } else if !matches!(failure, Failure::Other(_)) {
        core.state.connection = Connection::Online;
    }
}

fn fulfilled(core: &mut Core, result: Result<crate::station::db::StationOrder, Failure>) {
    match result {
        Ok(order) => {
            core.state.connection = Connection::Online;
            let shipment = core.state.open.as_ref().map(|o| o.shipment).unwrap_or(0);
            let status = order
                .shipments
                .get(shipment)
                .map(|s| (s.shipment_id.clone(), s.status));
            packing::next_parcel(core, order);
            if let Some(open) = &mut core.state.open {
                open.fulfil = Request::Done("Parcel fulfilled — queued for sending.".into());
            }
            if let Some((id, status)) = status {
                core.state.notice(
                    Level::Info,
                    format!(
                        "Parcel fulfilled — queued for sending; shipment {id} is now {status}."
                    ),
                );
            }
            reload_orders(core);
        }
        Err(failure) => {
            if let Some(open) = &mut core.state.open {
                open.fulfil = Request::Failed(failure.clone());
            }
            network_failure(core, &failure, Command::MarkFulfilled);
            core.state.notice(Level::Error, failure.message());
        }
    }
}

fn canceled(core: &mut Core, result: Result<crate::station::db::StationOrder, Failure>) {
    match result {
        Ok(order) => {
            core.state.connection = Connection::Online;
            let shipment = core.state.open.as_ref().map(|o| o.shipment).unwrap_or(0);
            let id = order
                .shipments
                .get(shipment)
                .map(|s| s.shipment_id.clone())
                .unwrap_or_default();
            let text = format!(
                "Shipment {id} of order {} is canceled — queued for sending.",
                order.source_reference
            );
            packing::next_parcel(core, order);
            if let Some(open) = &mut core.state.open {
                open.cancel = CancelFlow::Closed;
            }
            core.state.notice(Level::Info, text);
            reload_orders(core);
        }
        Err(failure) => {
            if let Some(open) = &mut core.state.open {
                open.cancel = CancelFlow::Confirming;
            }
            network_failure(core, &failure, Command::ConfirmCancel);
            core.state.notice(Level::Error, failure.message());
        }
    }
}

fn unlocked(core: &mut Core, lock: SupervisorLock, result: Result<UnlockResult, String>) {
    core.state.supervisor.lock = Some(lock);
    core.state.supervisor.checking = false;
    super::cancel::save_lockout(core);
    let supervisor = &mut core.state.supervisor;
    let confirm = match result {
        Ok(UnlockResult::Unlocked) => {
            supervisor.message = None;
            true
        }
        Ok(UnlockResult::Wrong { tries_left: left }) => {
            supervisor.message = Some(format!(
                "Wrong PIN — {} before the unlock is locked for a while.",
                crate::ui::settings::tries_left(left)
            ));
            false
        }
        Ok(UnlockResult::LockedOut { until }) => {
            supervisor.message = Some(locked_out_message(until));
            false
        }
        Err(why) => {
            supervisor.message = Some(why);
            false
        }
    };
    core.state.focus = Some(FocusTarget::Pin);
    if let Some(open) = &mut core.state.open
        && open.cancel == CancelFlow::Unlocking
        && confirm
    {
        open.cancel = CancelFlow::Confirming;
        core.state.focus = None;
    }
}
