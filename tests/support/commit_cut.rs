//! A TCP relay in front of PostgreSQL that can cut a connection while its `COMMIT` is in flight:
//! the commit reaches the server and is made, and its answer never reaches the client, whose
//! connection is closed instead (what a pulled cable or a dead switch does at the worst moment).
//! Armed with a statement, it cuts the `COMMIT` that follows that statement on its connection,
//! once. Everything else is relayed as it is.

use std::io::{Read as _, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The simple-protocol `COMMIT` the `postgres` crate sends: `Q`, length 11, `COMMIT\0`.
const COMMIT: &[u8] = b"Q\0\0\0\x0bCOMMIT\0";

pub struct CommitCut {
    pub port: u16,
    shared: Arc<Shared>,
}

struct Shared {
    /// The statement whose transaction's `COMMIT` is cut; `None` when disarmed.
    armed: Mutex<Option<Vec<u8>>>,
    cuts: AtomicUsize,
}

impl CommitCut {
    /// Relays 127.0.0.1:`port` (its own) to `upstream` (host:port).
    pub fn start(upstream: String) -> CommitCut {
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
        CommitCut { port, shared }
    }

    /// `url` (a `postgres://…@127.0.0.1:PORT/db` URL) pointed at this relay instead.
    pub fn in_front_of(url: &str) -> (CommitCut, String) {
        let after_at = url.rfind('@').unwrap() + 1;
        let slash = after_at + url[after_at..].find('/').unwrap();
        let upstream = url[after_at..slash].to_string();
        let cut = CommitCut::start(upstream);
        let relayed = format!(
            "{}127.0.0.1:{}{}",
            &url[..after_at],
            cut.port,
            &url[slash..]
        );
        (cut, relayed)
    }

    /// Cuts the next `COMMIT` of a transaction that ran a statement containing `statement`.
    pub fn arm(&self, statement: &str) {
        *self.shared.armed.lock().unwrap() = Some(statement.as_bytes().to_vec());
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

    /// Client → server, watching for the armed statement and then its `COMMIT`.
    fn relay_forth(&self, mut client: TcpStream, mut server: TcpStream, swallow: &AtomicBool) {
        let mut seen = Vec::new();
        let mut in_armed_transaction = false;
        let mut buffer = [0u8; 16 * 1024];
        loop {
            let n = match client.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let chunk = &buffer[..n];
            // The tail of what came before too, so a statement split across reads is found.
            seen.extend_from_slice(chunk);
            let armed = self.armed.lock().unwrap().clone();
            if !in_armed_transaction
                && let Some(statement) = &armed
                && let Some(at) = find(&seen, statement)
            {
                in_armed_transaction = true;
                // Only a COMMIT after the statement is its transaction's.
                seen.drain(..at + statement.len());
            }
            let cut = in_armed_transaction && armed.is_some() && find(&seen, COMMIT).is_some();
            if cut {
                *self.armed.lock().unwrap() = None;
                swallow.store(true, Ordering::SeqCst);
            }
            if server.write_all(chunk).is_err() {
                break;
            }
            if cut {
                self.cuts.fetch_add(1, Ordering::SeqCst);
                // `relay_back` closes both ends once the server has answered the commit.
                break;
            }
            let keep = seen.len().saturating_sub(4096);
            seen.drain(..keep);
        }
    }
}

/// Server → client, until the commit to cut is answered: then neither end hears more.
fn relay_back(mut server: TcpStream, mut client: TcpStream, swallow: &AtomicBool) {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let n = match server.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if swallow.load(Ordering::SeqCst) {
            // The server answered the COMMIT: it is made. The client never hears so.
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
