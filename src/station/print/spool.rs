//! PDFs through the operating system's print spooler.
//!
//! Linux and macOS: CUPS through its command-line client `lp` (`lpstat` lists the queues), so
//! the app neither links libcups nor fails to start where CUPS is absent, and it can say
//! plainly that CUPS is missing. Windows: the spooler (winspool) through the `printers` crate;
//! the PDF goes to the queue as it is, which office printers that take PDF directly print.
//! Once the spooler took the job it is sent: the spooler holds it until the printer is back.

use super::error::PrintError;
use super::printers::SpoolerPrinter;

/// Sends a PDF to the queue (or the default printer); blocking. Returns what the spooler said.
pub fn spool_pdf(printer: &SpoolerPrinter, pdf: &[u8]) -> Result<String, PrintError> {
    platform::spool(printer.queue_name(), pdf)
}

/// The spooler's queues, or why it cannot list them (CUPS missing or not running).
pub fn spooler_queues() -> Result<Vec<String>, PrintError> {
    platform::queues()
}

#[cfg(not(windows))]
mod platform {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    use super::PrintError;

    fn missing(program: &str, e: &std::io::Error) -> PrintError {
        if e.kind() == std::io::ErrorKind::NotFound {
            PrintError::Spooler(format!(
                "CUPS is not installed here (no `{program}` command): install CUPS \
                 (Debian/Ubuntu: cups and cups-client), or save the PDF and print it by hand."
            ))
        } else {
            PrintError::Spooler(format!("Cannot run {program}: {e}"))
        }
    }

    /// `lp`'s refusal, with what to do about the common ones.
    fn refused(stderr: &str) -> PrintError {
        let said = stderr.trim();
        let lower = said.to_lowercase();
        let advice = if lower.contains("no default destination") {
            "No default printer is set: name a printer queue under Settings (Printers)."
        } else if lower.contains("does not exist") || lower.contains("not found") {
            "That printer queue does not exist: pick one from the list under Settings (Printers)."
        } else if lower.contains("scheduler") || lower.contains("connect") {
            "CUPS is not running: start it (systemctl start cups) and print again."
        } else {
            "The spooler refused the document."
        };
        PrintError::Spooler(format!("{advice} (lp: {said})"))
    }

    pub fn spool(queue: Option<&str>, pdf: &[u8]) -> Result<String, PrintError> {
        let mut command = Command::new("lp");
        if let Some(queue) = queue {
            command.arg("-d").arg(queue);
        }
        let mut child = command
            .args(["-t", "Packdesk label", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| missing("lp", &e))?;
        // A write error here means lp stopped reading; its exit status says whether it queued.
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(pdf);
        }
        let output = child
            .wait_with_output()
            .map_err(|e| PrintError::SpoolerUncertain(e.to_string()))?;
        if !output.status.success() {
            return Err(refused(&String::from_utf8_lossy(&output.stderr)));
        }
        let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
        Ok(if said.is_empty() {
            "Sent to the printer.".into()
        } else {
            format!("Sent to the printer ({said}).")
        })
    }

    pub fn queues() -> Result<Vec<String>, PrintError> {
        let output = Command::new("lpstat")
            .arg("-e")
            .output()
            .map_err(|e| missing("lpstat", &e))?;
        if !output.status.success() {
            return Err(refused(&String::from_utf8_lossy(&output.stderr)));
        }
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect())
    }
}

#[cfg(windows)]
mod platform {
    use printers::common::base::job::PrinterJobOptions;

    use super::PrintError;

    pub fn spool(queue: Option<&str>, pdf: &[u8]) -> Result<String, PrintError> {
        let printer = match queue {
            Some(name) => printers::get_printer_by_name(name).ok_or_else(|| {
                PrintError::Spooler(format!(
                    "There is no printer named {name:?}: pick one under Settings (Printers)."
                ))
            })?,
            None => printers::get_default_printer().ok_or_else(|| {
                PrintError::Spooler(
                    "Windows has no default printer: name one under Settings (Printers).".into(),
                )
            })?,
        };
        let options = PrinterJobOptions {
            name: Some("Packdesk label"),
            ..PrinterJobOptions::none()
        };
        printer
            .print(pdf, options)
            .map(|job| format!("Sent to the printer (job {job})."))
            .map_err(|e| {
                PrintError::Spooler(format!("The Windows spooler refused it: {}", e.message))
            })
    }

    pub fn queues() -> Result<Vec<String>, PrintError> {
        Ok(printers::get_printers()
            .into_iter()
            .map(|p| p.system_name)
            .collect())
    }
}
