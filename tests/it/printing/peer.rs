//! A ZPL-speaking printer on a loopback port: it records every connection's bytes and answers
//! `~HS` with the three status strings of a real Zebra printer (ready, paused, out of paper,
//! head open) or stays silent like a printer that does not support it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use packdesk::station::print::{Dpi, ZplPrinter};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Ready,
    Paused,
    PaperOut,
    HeadOpen,
    /// Takes the bytes, never answers `~HS`.
    Silent,
}

impl Mode {
    /// The `~HS` answer: STX string ETX CR LF, three times (Zebra's field layout).
    fn host_status(&self) -> Option<String> {
        let (paper, pause, head) = match self {
            Mode::Ready => (0, 0, 0),
            Mode::Paused => (0, 1, 0),
            Mode::PaperOut => (1, 0, 0),
            Mode::HeadOpen => (0, 0, 1),
            Mode::Silent => return None,
        };
        Some(format!(
            "\u{2}030,{paper},{pause},1218,000,0,0,0,000,0,0,0\u{3}\r\n\
             \u{2}001,0,{head},0,0,2,6,0,00000000,1,000\u{3}\r\n\
             \u{2}1234,0\u{3}\r\n"
        ))
    }
}

#[derive(Default)]
struct Record {
    /// Bytes of each finished connection, `~HS` queries taken out.
    jobs: Vec<Vec<u8>>,
    status_queries: usize,
}

pub struct ZplPeer {
    pub port: u16,
    mode: Arc<Mutex<Mode>>,
    record: Arc<Mutex<Record>>,
}

impl ZplPeer {
    pub fn start(mode: Mode) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let mode = Arc::new(Mutex::new(mode));
        let record = Arc::new(Mutex::new(Record::default()));
        let (m, r) = (mode.clone(), record.clone());
        // Runs until the test binary exits; each connection on its own thread.
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (m, r) = (m.clone(), r.clone());
                std::thread::spawn(move || serve(stream, &m, &r));
            }
        });
        Self { port, mode, record }
    }

    pub fn set_mode(&self, mode: Mode) {
        *self.mode.lock().unwrap() = mode;
    }

    pub fn printer(&self, dpi: Dpi) -> ZplPrinter {
        ZplPrinter {
            host: "127.0.0.1".into(),
            port: self.port,
            dpi,
        }
    }

    /// What was printed: the non-empty jobs as text.
    pub fn printed(&self) -> Vec<String> {
        self.record
            .lock()
            .unwrap()
            .jobs
            .iter()
            .filter(|j| !j.is_empty())
            .map(|j| String::from_utf8_lossy(j).into_owned())
            .collect()
    }

    pub fn status_queries(&self) -> usize {
        self.record.lock().unwrap().status_queries
    }
}

fn serve(mut stream: TcpStream, mode: &Mutex<Mode>, record: &Mutex<Record>) {
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        received.extend_from_slice(&chunk[..n]);
        while let Some(at) = received.windows(3).position(|w| w == b"~HS") {
            received.drain(at..at + 3);
            record.lock().unwrap().status_queries += 1;
            let answer = mode.lock().unwrap().host_status();
            if let Some(answer) = answer {
                let _ = stream.write_all(answer.as_bytes());
            }
        }
    }
    record.lock().unwrap().jobs.push(received);
}

/// A loopback port nobody listens on.
pub fn unreachable_printer() -> ZplPrinter {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    ZplPrinter {
        host: "127.0.0.1".into(),
        port,
        dpi: Dpi::D203,
    }
}
