//! The watcher keeps reading: a silent scale is said and read again when it answers, garbage is
//! said and passed over, an unplugged scale is opened again when it is back, and dropping the
//! watcher stops it.

use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use packdesk::station::scale::*;

use super::d;
use super::sim::SimScale;

/// Generous: the watcher gives up on an answer after 2 s and reopens every second.
const WITHIN: Duration = Duration::from_secs(20);

/// The events a watcher sent, waited for one by one.
struct Events {
    received: Receiver<ScaleEvent>,
    seen: Vec<ScaleEvent>,
}

fn watch(config: ScaleConfig) -> (ScaleWatcher, Events) {
    let (send, received) = channel();
    let watcher = ScaleWatcher::start(config, move |event| {
        let _ = send.send(event);
    });
    let events = Events {
        received,
        seen: Vec::new(),
    };
    (watcher, events)
}

impl Events {
    /// The next event that is `what`, skipping others.
    fn until(&mut self, what: &str, wanted: impl Fn(&ScaleEvent) -> bool) -> ScaleEvent {
        let until = Instant::now() + WITHIN;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let Ok(event) = self.received.recv_timeout(left) else {
                panic!("no {what} within {WITHIN:?}; saw {:#?}", self.seen);
            };
            self.seen.push(event.clone());
            if wanted(&event) {
                return event;
            }
        }
    }

    fn reading(&mut self, what: &str, wanted: impl Fn(&Reading) -> bool) -> Reading {
        match self.until(what, |e| matches!(e, ScaleEvent::Reading(r) if wanted(r))) {
            ScaleEvent::Reading(reading) => reading,
            ScaleEvent::Problem(_) => unreachable!(),
        }
    }

    fn problem(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        match self.until(what, |e| matches!(e, ScaleEvent::Problem(p) if wanted(p))) {
            ScaleEvent::Problem(problem) => problem,
            ScaleEvent::Reading(_) => unreachable!(),
        }
    }
}

#[test]
fn a_silent_scale_is_said_and_read_again_when_it_answers() {
    let scale = SimScale::start(Protocol::Sics, &["S S      0.420 kg\r\n"]);
    let (_watcher, mut events) = watch(scale.config());
    let reading = events.reading("a stable reading", Reading::usable);
    assert_eq!(reading.weight.to_string(), "0.420");

    scale.set_silent(true);
    events.problem("the silence said", |p| p == "the scale does not answer");
    scale.answer(&["S S      0.512 kg\r\n"]);
    scale.set_silent(false);
    events.reading("readings again", |r| r.weight == d("0.512"));
}

#[test]
fn a_garbled_answer_is_said_and_readings_go_on() {
    let scale = SimScale::start(
        Protocol::Nci,
        &["\n 1.2#lb\r\nS00\r\n\x03", "\n   1.25lb\r\nS00\r\n\x03"],
    );
    let (_watcher, mut events) = watch(scale.config());
    let problem = events.problem("the garbage said", |p| p.contains("makes no sense"));
    assert!(problem.contains("1.2#lb"), "{problem}");
    let reading = events.reading("the next reading", |_| true);
    assert_eq!(
        (reading.weight, reading.unit),
        (d("1.25"), ScaleUnit::Pound)
    );
}

#[test]
fn an_unplugged_scale_is_opened_again_when_it_is_back() {
    let mut scale = SimScale::start(Protocol::Nci, &["\n  0.420kg\r\nS00\r\n\x03"]);
    let (_watcher, mut events) = watch(scale.config());
    events.reading("a reading", Reading::usable);

    scale.unplug();
    let problem = events.problem("the scale missing", |p| p.starts_with("cannot open "));
    assert!(
        problem.contains(&scale.path().display().to_string()),
        "{problem}"
    );

    scale.answer(&["\n  0.000kg\r\nS20\r\n\x03"]);
    scale.plug_in();
    events.reading("readings again", |r| r.status == ScaleStatus::StableAtZero);
}

#[test]
fn dropping_the_watcher_stops_it() {
    let scale = SimScale::start(Protocol::Sics, &["S S      0.420 kg\r\n"]);
    let (watcher, mut events) = watch(scale.config());
    events.reading("a reading", |_| true);
    drop(watcher);
    // A command written just before the drop may still be on its way to the scale.
    std::thread::sleep(Duration::from_millis(300));
    let asked = scale.commands().len();
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(scale.commands().len(), asked, "asked after it was dropped");

    // With no scale set up nothing runs and nothing is said.
    let (watcher, events) = watch(ScaleConfig::None);
    drop(watcher);
    assert!(events.received.recv().is_err());
}
