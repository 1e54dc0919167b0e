//! A simulated serial scale on a pseudo-terminal: the test's thread holds the master side and
//! answers each command with the next answer it was given (the last one again and again),
//! while Packdesk opens the slave side through a symlink, the way `/dev/serial/by-id/…` names
//! a real adapter. Unplugging closes the terminal (Packdesk's end hangs up) and removes the
//! symlink; plugging in makes a new terminal behind the same name.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read as _, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use packdesk::station::scale::{Parity, Protocol, ScaleConfig};
use serialport::{SerialPort as _, TTYPort};

#[derive(Default)]
struct State {
    answers: VecDeque<Vec<u8>>,
    silent: bool,
    commands: Vec<String>,
}

pub struct SimScale {
    protocol: Protocol,
    dir: tempfile::TempDir,
    state: Arc<Mutex<State>>,
    device: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl SimScale {
    /// A scale speaking `protocol`, plugged in, answering `answers` in turn.
    pub fn start(protocol: Protocol, answers: &[&str]) -> Self {
        let mut scale = Self {
            protocol,
            dir: tempfile::tempdir().unwrap(),
            state: Arc::default(),
            device: None,
        };
        scale.answer(answers);
        scale.plug_in();
        scale
    }

    /// The name Packdesk opens.
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("scale")
    }

    pub fn config(&self) -> ScaleConfig {
        ScaleConfig::Serial {
            path: self.path().display().to_string(),
            baud: 9600,
            parity: Parity::None,
            protocol: self.protocol,
        }
    }

    /// From now on, these answers in turn, the last one repeated.
    pub fn answer(&self, answers: &[&str]) {
        let mut state = self.state.lock().unwrap();
        state.answers = answers.iter().map(|a| a.as_bytes().to_vec()).collect();
    }

    /// A silent scale hears commands and answers none.
    pub fn set_silent(&self, silent: bool) {
        self.state.lock().unwrap().silent = silent;
    }

    /// The commands it heard, each with its line end.
    pub fn commands(&self) -> Vec<String> {
        self.state.lock().unwrap().commands.clone()
    }

    pub fn unplug(&mut self) {
        if let Some((stop, thread)) = self.device.take() {
            stop.store(true, Ordering::Relaxed);
            thread.join().unwrap();
        }
        let _ = std::fs::remove_file(self.path());
    }

    pub fn plug_in(&mut self) {
        let (master, slave) = TTYPort::pair().unwrap();
        let terminal = slave.name().unwrap();
        let staged = self.dir.path().join("scale.new");
        std::os::unix::fs::symlink(&terminal, &staged).unwrap();
        std::fs::rename(&staged, self.path()).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (stop, state, protocol) =
                (Arc::clone(&stop), Arc::clone(&self.state), self.protocol);
            std::thread::spawn(move || serve(master, slave, protocol, &state, &stop))
        };
        self.device = Some((stop, thread));
    }
}

impl Drop for SimScale {
    fn drop(&mut self) {
        self.unplug();
    }
}

/// Answers commands until stopped. The slave end is held open too, so the master never reads
/// a hang-up while Packdesk has its end closed between two opens.
fn serve(
    mut master: TTYPort,
    slave: TTYPort,
    protocol: Protocol,
    state: &Mutex<State>,
    stop: &AtomicBool,
) {
    let end = match protocol {
        Protocol::Sics => b'\n',
        Protocol::Nci => b'\r',
    };
    let mut heard = Vec::new();
    let mut buffer = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        match master.read(&mut buffer) {
            Ok(n) => heard.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == ErrorKind::TimedOut => continue,
            Err(e) => panic!("the simulated scale cannot read: {e}"),
        }
        while let Some(at) = heard.iter().position(|b| *b == end) {
            let command: Vec<u8> = heard.drain(..=at).collect();
            let answer = {
                let mut state = state.lock().unwrap();
                state
                    .commands
                    .push(String::from_utf8_lossy(&command).into_owned());
                let answer = if state.answers.len() > 1 {
                    state.answers.pop_front()
                } else {
                    state.answers.front().cloned()
                };
                answer.filter(|_| !state.silent)
            };
            if let Some(answer) = answer {
                master.write_all(&answer).unwrap();
            }
        }
    }
    drop(slave);
}
