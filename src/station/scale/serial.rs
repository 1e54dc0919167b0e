//! A scale on a serial port: one command out, one answer back, framed by its protocol.

use std::io::{ErrorKind, Read as _, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serialport::{ClearBuffer, DataBits, FlowControl, SerialPort, StopBits};

use super::config::{Parity, Protocol};
use super::error::ScaleError;
use super::reading::{Reading, ScaleUnit};
use super::{nci, sics};

/// How long one read of the port waits, so a stop is noticed quickly.
const SLICE: Duration = Duration::from_millis(100);
/// An answer longer than this without its end is noise (wrong baud rate, another protocol).
const LONGEST_ANSWER: usize = 512;

pub(super) struct SerialLink {
    port: Box<dyn SerialPort>,
    path: String,
    protocol: Protocol,
    /// The unit of the last weight, for answers that carry none (over or under capacity).
    unit: ScaleUnit,
}

impl SerialLink {
    pub(super) fn open(
        path: &str,
        baud: u32,
        parity: Parity,
        protocol: Protocol,
    ) -> Result<Self, ScaleError> {
        let (parity, data_bits) = match parity {
            Parity::None => (serialport::Parity::None, DataBits::Eight),
            Parity::Even => (serialport::Parity::Even, DataBits::Seven),
            Parity::Odd => (serialport::Parity::Odd, DataBits::Seven),
        };
        let port = serialport::new(path, baud)
            .parity(parity)
            .data_bits(data_bits)
            .stop_bits(StopBits::One)
            .flow_control(FlowControl::None)
            .timeout(SLICE)
            .open()
            .map_err(|e| ScaleError::Open {
                path: path.to_string(),
                reason: e.to_string(),
            })?;
        Ok(Self {
            port,
            path: path.to_string(),
            protocol,
            unit: ScaleUnit::Kilogram,
        })
    }

    /// Asks for the weight and waits up to `timeout` for the answer (less once `stop` is set).
    pub(super) fn read(
        &mut self,
        timeout: Duration,
        stop: &AtomicBool,
    ) -> Result<Reading, ScaleError> {
        let (command, complete) = match self.protocol {
            Protocol::Sics => (sics::COMMAND, sics::complete as fn(&[u8]) -> bool),
            Protocol::Nci => (nci::COMMAND, nci::complete as fn(&[u8]) -> bool),
        };
        // What is left of an earlier answer (one that came too late) must not pass for this one.
        self.port
            .clear(ClearBuffer::Input)
            .map_err(|e| self.gone(&e.to_string()))?;
        self.port.write_all(command).map_err(|e| match e.kind() {
            ErrorKind::TimedOut => ScaleError::NoAnswer,
            _ => self.gone(&e.to_string()),
        })?;
        let deadline = Instant::now() + timeout;
        let mut received = Vec::new();
        let mut chunk = [0u8; 256];
        while !complete(&received) {
            if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                return Err(ScaleError::NoAnswer);
            }
            if received.len() > LONGEST_ANSWER {
                return Err(ScaleError::Garbled(
                    String::from_utf8_lossy(&received).into_owned(),
                ));
            }
            match self.port.read(&mut chunk) {
                Ok(0) => return Err(self.gone("the device closed")),
                Ok(n) => received.extend_from_slice(&chunk[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
                Err(e) => return Err(self.gone(&e.to_string())),
            }
        }
        let answer = String::from_utf8_lossy(&received);
        let reading = match self.protocol {
            Protocol::Sics => sics::parse(&answer, self.unit),
            Protocol::Nci => nci::parse(&answer, self.unit),
        }?;
        self.unit = reading.unit;
        Ok(reading)
    }

    fn gone(&self, reason: &str) -> ScaleError {
        ScaleError::Gone {
            path: self.path.clone(),
            reason: reason.to_string(),
        }
    }
}
