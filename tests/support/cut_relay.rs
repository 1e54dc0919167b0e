//! A TCP relay that can lose one answer: the request reaches the server and is acted on, and
//! its answer never reaches the client, whose connection is closed instead (what a pulled cable
//! or a dead switch does at the worst moment). In front of PostgreSQL it cuts the `COMMIT` of a
//! transaction that ran a given statement ([`CutRelay::arm_commit_after`]): the commit is made,
//! the server cannot know it. In front of an HTTP server it loses the answer to a request whose
//! text holds a given pattern ([`CutRelay::arm_answer_to`]). Once armed, it cuts once; everything
//! else is relayed as it is.

use std::io::{Read as _, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The simple-protocol `COMMIT` the `postgres` crate sends: `Q`, length 11, `COMMIT\0`.
const COMMIT: &[u8] = b"Q\0\0\0\x0bCOMMIT\0";

pub struct CutRelay {
    pub port: u16,
    shared: Arc<Shared>,
}

/// What is cut: the answer to the client's bytes `then` once it sent `first` (`then` empty:
/// the answer to `first` itself).
#[derive(Clone)]
struct Trigger {
    first: Vec<u8>,
    then: Vec<u8>,
}

struct Shared {
    armed: Mutex<Option<Trigger>>,
    cuts: AtomicUsize,
}

impl CutRelay {
    /// Relays 127.0.0.1:`port` (its own) to `upstream` (host:port).
    pub fn start(upstream: String) -> CutRelay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared {
            armed: Mutex::new(None),
            cuts: AtomicUsize::new(0),
        });
        let relay = shared.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(&upstream) else {
                    continue;
                };
                let relay = relay.clone();
                std::thread::spawn(move || relay.connection(client, server));
            }
        });
        CutRelay { port, shared }
    }

    /// `url` (a `postgres://…@127.0.0.1:PORT/db` URL) pointed at this relay instead.
    pub fn in_front_of(url: &str) -> (CutRelay, String) {
        let after_at = url.rfind('@').unwrap() + 1;
        let slash = after_at + url[after_at..].find('/').unwrap();
        let upstream = url[after_at..slash].to_string();
        let cut = CutRelay::start(upstream);
        let relayed = format!(
            "{}127.0.0.1:{}{}",
            &url[..after_at],
            cut.port,
            &url[slash..]
        );
        (cut, relayed)
    }

    /// Cuts the next `COMMIT` of a transaction that ran a statement containing `statement`.
    pub fn arm_commit_after(&self, statement: &str) {
        self.arm(statement, COMMIT);
    }

    /// Loses the answer to the next request whose text holds `pattern` (an HTTP request line).
    pub fn arm_answer_to(&self, pattern: &str) {
        self.arm(pattern, b"");
    }

    fn arm(&self, first: &str, then: &[u8]) {
        *self.shared.armed.lock().unwrap() = Some(Trigger {
            first: first.as_bytes().to_vec(),
            then: then.to_vec(),
        });
    }

    /// How many commits were cut so far.
    pub fn cuts(&self) -> usize {
        self.shared.cuts.load(Ordering::SeqCst)
    }
}

impl Shared {
    fn connection(self: Arc<Self>, client: TcpStream, server: TcpStream) {
        // Set once the COMMIT to cut went upstream: the answer coming back is dropped and both
        // ends closed.
        let swallow = Arc::new(AtomicBool::new(false));
        let (back_client, back_server) = (client.try_clone().unwrap(), server.try_clone().unwrap());
        let back_swallow = swallow.clone();
        std::thread::spawn(move || relay_back(back_server, back_client, &back_swallow));
        self.relay_forth(client, server, &swallow);
    }

    /// Client → server, watching for the armed trigger. Bytes after it are still relayed (the
    /// rest of a request's body): the answer is what is lost.
    fn relay_forth(&self, mut client: TcpStream, mut server: TcpStream, swallow: &AtomicBool) {
        let mut seen = Vec::new();
        let mut first_seen = false;
        let mut buffer = [0u8; 16 * 1024];
        loop {
            let n = match client.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let chunk = &buffer[..n];
            if !swallow.load(Ordering::SeqCst) {
                self.watch(&mut seen, &mut first_seen, chunk, swallow);
            }
            if server.write_all(chunk).is_err() {
                break;
            }
        }
    }

    /// Sets `swallow` when `chunk` completes the armed trigger (disarming it).
    fn watch(&self, seen: &mut Vec<u8>, first_seen: &mut bool, chunk: &[u8], swallow: &AtomicBool) {
        // The tail of what came before too, so a pattern split across reads is found.
        seen.extend_from_slice(chunk);
        let mut armed = self.armed.lock().unwrap();
        let Some(trigger) = armed.clone() else {
            *first_seen = false;
            return;
        };
        if !*first_seen && let Some(at) = find(seen, &trigger.first) {
            *first_seen = true;
            // Only what comes after the first pattern completes it.
            seen.drain(..at + trigger.first.len());
        }
        if *first_seen && (trigger.then.is_empty() || find(seen, &trigger.then).is_some()) {
            *armed = None;
            swallow.store(true, Ordering::SeqCst);
            self.cuts.fetch_add(1, Ordering::SeqCst);
        }
        let keep = seen.len().saturating_sub(4096);
        seen.drain(..keep);
    }
}

/// Server → client, until the request to cut is answered: then neither end hears more.
fn relay_back(mut server: TcpStream, mut client: TcpStream, swallow: &AtomicBool) {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let n = match server.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if swallow.load(Ordering::SeqCst) {
            // The server answered (a COMMIT answered is made): the client never hears so.
            let _ = client.shutdown(Shutdown::Both);
            let _ = server.shutdown(Shutdown::Both);
            return;
        }
        if client.write_all(&buffer[..n]).is_err() {
            break;
        }
    }
    let _ = client.shutdown(Shutdown::Both);
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
