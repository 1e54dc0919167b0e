//! Raw ZPL to a thermal printer over TCP, with a `~HS` host-status check before sending.
//!
//! The transport is `zpl_toolchain_print_client`'s (see ARCHITECTURE.md for why): connect,
//! write and read timeouts, STX/ETX framing of the three status strings. The strings are read
//! here, by the field layout of Zebra's ZPL II guide: the crate's own `HostStatus` (0.1.8)
//! skips the unused second field of string 2 and so reads "head open" from the wrong place.

use zpl_toolchain_print_client::{
    PrintError as WireError, Printer as _, PrinterConfig, StatusQuery as _, TcpPrinter,
};

use super::error::{PrintError, PrinterProblem};
use super::printers::{Dpi, ZplPrinter, ZplTimeouts};

/// A `~HS` answer without the fields Zebra's guide lays out: the label is printed anyway.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnreadableStatus {
    #[error("~HS answer has {0} strings, not 3")]
    Strings(usize),
    #[error("~HS string {0} is not text")]
    NotText(usize),
    #[error("~HS string {string} has {fields} fields: {text:?}")]
    Fields {
        string: usize,
        fields: usize,
        text: String,
    },
}

/// What stops a printer from printing, read from its three `~HS` strings (empty: ready).
///
/// String 1 `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l`: b paper out, c paused, f buffer full,
/// j corrupt RAM, k under temperature, l over temperature. String 2
/// `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www`: n unused, o head up, p ribbon out, q thermal-transfer
/// mode (the ribbon flag counts only then). String 3 holds nothing that stops printing.
pub fn problems_of(frames: &[Vec<u8>]) -> Result<Vec<PrinterProblem>, UnreadableStatus> {
    let fields = |i: usize, count: usize| -> Result<Vec<bool>, UnreadableStatus> {
        let line = frames
            .get(i)
            .ok_or(UnreadableStatus::Strings(frames.len()))?;
        let text = std::str::from_utf8(line).map_err(|_| UnreadableStatus::NotText(i + 1))?;
        let parts: Vec<&str> = text.trim().split(',').map(str::trim).collect();
        if parts.len() < count {
            return Err(UnreadableStatus::Fields {
                string: i + 1,
                fields: parts.len(),
                text: text.to_string(),
            });
        }
        // A flag is "1"; counters and settings are read as "not zero", which is all we ask.
        Ok(parts
            .iter()
            .map(|p| p.chars().any(|c| c.is_ascii_digit() && c != '0'))
            .collect())
    };
    let one = fields(0, 12)?;
    let two = fields(1, 5)?;
    let flag = |line: &[bool], i: usize| line.get(i).copied().unwrap_or(false);
    let checks = [
        (flag(&one, 1), PrinterProblem::PaperOut),
        (flag(&one, 2), PrinterProblem::Paused),
        (flag(&two, 2), PrinterProblem::HeadOpen),
        (flag(&two, 3) && flag(&two, 4), PrinterProblem::RibbonOut),
        (flag(&one, 5), PrinterProblem::BufferFull),
        (flag(&one, 11), PrinterProblem::TooHot),
        (flag(&one, 10), PrinterProblem::TooCold),
        (flag(&one, 9), PrinterProblem::CorruptRam),
    ];
    Ok(checks
        .into_iter()
        .filter_map(|(on, problem)| on.then_some(problem))
        .collect())
}

/// Labels from the service are laid out at 203 dpi. A 300 dpi printer is told so with
/// `^MUd,200,300` after each `^XA`, and scales positions, fonts and barcodes itself (Zebra's
/// documented conversion; bitmaps drawn with `^GF` would not scale — our labels have none).
pub fn adapt_density(zpl: &[u8], dpi: Dpi) -> Vec<u8> {
    match dpi {
        Dpi::D203 => zpl.to_vec(),
        Dpi::D300 => {
            let mut out = Vec::with_capacity(zpl.len() + 32);
            let mut rest = zpl;
            while let Some(at) = find(rest, b"^XA") {
                let (head, tail) = rest.split_at(at + 3);
                out.extend_from_slice(head);
                out.extend_from_slice(b"^MUd,200,300");
                rest = tail;
            }
            out.extend_from_slice(rest);
            out
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Asks the printer for its status, then sends the label (blocking). A printer that reports a
/// problem gets nothing; one that does not answer `~HS` in time is printed to anyway.
pub fn send_zpl(
    printer: &ZplPrinter,
    zpl: &[u8],
    timeouts: ZplTimeouts,
) -> Result<String, PrintError> {
    let address = printer.address();
    if printer.host.trim().is_empty() {
        return Err(PrintError::NoPrinter);
    }
    let mut config = PrinterConfig::default();
    config.timeouts.connect = timeouts.connect;
    config.timeouts.write = timeouts.write;
    config.timeouts.read = timeouts.status;
    let unreachable = |e: WireError| PrintError::Unreachable {
        address: address.clone(),
        detail: e.to_string(),
    };
    let mut connection = TcpPrinter::connect(&address, config).map_err(unreachable)?;
    let checked = match connection.query_raw(b"~HS") {
        Ok(frames) => match problems_of(&frames) {
            Ok(problems) if !problems.is_empty() => {
                return Err(PrintError::NotReady { address, problems });
            }
            Ok(_) => true,
            Err(why) => {
                tracing::warn!(printer = %address, %why, "unreadable ~HS answer; printing anyway");
                false
            }
        },
        // Silent or not speaking ~HS: print anyway, as the printer would have before.
        Err(WireError::ReadTimeout | WireError::MalformedFrame { .. }) => false,
        Err(e @ (WireError::ConnectionClosed | WireError::ReadFailed(_))) => {
            return Err(unreachable(e));
        }
        // The ~HS query itself could not be written: nothing of the label left either.
        Err(e) => return Err(unreachable(e)),
    };
    let bytes = adapt_density(zpl, printer.dpi);
    connection
        .send_raw(&bytes)
        .map_err(|e| PrintError::Interrupted {
            address: address.clone(),
            detail: e.to_string(),
        })?;
    drop(connection);
    tracing::info!(printer = %address, bytes = bytes.len(), status_checked = checked, "label sent");
    Ok(if checked {
        format!("Label sent to the printer {address}.")
    } else {
        format!("Label sent to the printer {address} (it did not report its status).")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_300_dpi_printer_is_told_to_scale_each_format() {
        let zpl = b"^XA^FO10,10^FDa^FS^XZ\n^XA^FDb^FS^XZ";
        let adapted = String::from_utf8(adapt_density(zpl, Dpi::D300)).unwrap();
        assert_eq!(
            adapted,
            "^XA^MUd,200,300^FO10,10^FDa^FS^XZ\n^XA^MUd,200,300^FDb^FS^XZ"
        );
        assert_eq!(adapt_density(zpl, Dpi::D203), zpl.to_vec());
    }

    fn frames(one: &str, two: &str) -> Vec<Vec<u8>> {
        vec![one.into(), two.into(), b"1234,0".to_vec()]
    }

    #[test]
    fn host_status_strings_are_read_by_zebras_field_layout() {
        let ready = "030,0,0,1218,000,0,0,0,000,0,0,0";
        let idle2 = "001,0,0,0,0,2,6,0,00000000,1,000";
        assert_eq!(problems_of(&frames(ready, idle2)), Ok(vec![]));
        assert_eq!(
            problems_of(&frames("030,1,1,1218,000,0,0,0,000,0,0,0", idle2)),
            Ok(vec![PrinterProblem::PaperOut, PrinterProblem::Paused])
        );
        // Head up is the third field of string 2 (the second is unused).
        assert_eq!(
            problems_of(&frames(ready, "001,0,1,0,0,2,6,0,00000000,1,000")),
            Ok(vec![PrinterProblem::HeadOpen])
        );
        assert_eq!(
            problems_of(&frames(ready, "001,1,0,0,0,2,6,0,00000000,1,000")),
            Ok(vec![]),
            "the unused field means nothing"
        );
        // Ribbon out counts only in thermal-transfer mode.
        assert_eq!(
            problems_of(&frames(ready, "001,0,0,1,0,2,6,0,00000000,1,000")),
            Ok(vec![])
        );
        assert_eq!(
            problems_of(&frames(ready, "001,0,0,1,1,2,6,0,00000000,1,000")),
            Ok(vec![PrinterProblem::RibbonOut])
        );
        assert!(matches!(
            problems_of(&frames("030,0", idle2)),
            Err(UnreadableStatus::Fields {
                string: 1,
                fields: 2,
                ..
            })
        ));
        assert_eq!(problems_of(&[]), Err(UnreadableStatus::Strings(0)));
        assert_eq!(
            problems_of(&[b"030".to_vec()]),
            Err(UnreadableStatus::Fields {
                string: 1,
                fields: 1,
                text: "030".into()
            })
        );
        assert_eq!(
            problems_of(&[vec![0xff], vec![]]),
            Err(UnreadableStatus::NotText(1))
        );
    }

    #[test]
    fn the_address_brackets_ipv6_literals() {
        let printer = |host: &str| ZplPrinter {
            host: host.into(),
            port: 9100,
            dpi: Dpi::D203,
        };
        assert_eq!(printer("10.0.0.5").address(), "10.0.0.5:9100");
        assert_eq!(printer("::1").address(), "[::1]:9100");
        assert_eq!(printer("zebra.local").address(), "zebra.local:9100");
    }
}
