//! The office printer through CUPS. Runs where `lpstat -e` lists a queue (CI: cups, cups-client
//! and cups-pdf installed, cupsd running, a `PDF` queue added with lpadmin — see .ci); skipped
//! with a message otherwise.

use std::time::{Duration, Instant};

use packdesk::station::print::{SpoolerPrinter, spool_pdf, spooler_queues, test_page_pdf};

fn queue() -> Option<String> {
    match spooler_queues() {
        Ok(queues) if !queues.is_empty() => queues
            .iter()
            .find(|q| q.as_str() == "PDF")
            .or(queues.first())
            .cloned(),
        Ok(_) => {
            eprintln!("SKIPPED: CUPS lists no printer queue (lpstat -e is empty)");
            None
        }
        Err(e) => {
            eprintln!("SKIPPED: no CUPS here: {e}");
            None
        }
    }
}

#[test]
fn a_pdf_goes_through_cups_to_a_real_queue_and_completes() {
    let Some(queue) = queue() else {
        return;
    };
    let printer = SpoolerPrinter {
        queue: Some(queue.clone()),
    };
    let said = spool_pdf(&printer, &test_page_pdf("CUPS test")).unwrap();
    // "Sent to the printer (request id is PDF-12 (1 file(s)))."
    let job = said
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{queue}-")))
        .unwrap_or_else(|| panic!("no job id in {said:?}"))
        .to_string();
    let started = Instant::now();
    loop {
        let out = std::process::Command::new("lpstat")
            .args(["-W", "completed", "-o", &queue])
            .output()
            .unwrap();
        if String::from_utf8_lossy(&out.stdout).contains(&job) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "CUPS did not complete {job}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn an_unknown_queue_is_refused_with_what_to_do() {
    if queue().is_none() {
        return;
    }
    let printer = SpoolerPrinter {
        queue: Some("No-Such-Printer".into()),
    };
    let err = spool_pdf(&printer, &test_page_pdf("x")).unwrap_err();
    assert!(err.nothing_sent());
    assert!(err.to_string().contains("does not exist"), "{err}");
}
