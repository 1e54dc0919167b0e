//! One README section run as a person would type it, with the machine's parts swapped for
//! throwaway ones: its own home directory, free loopback ports for the ones the README names, a
//! throwaway PostgreSQL cluster for `127.0.0.1:5432` and `sudo -u postgres`, a simulated scale
//! for `/dev/ttyUSB0` and `/dev/hidraw0`, its own directories for `/tmp/…`, and an X server
//! (`xvfb-run`) for the app. `cargo run --release --` and `packdesk` run the binary under test.
//!
//! Prompts are answered as a person would (`Session::answers`). A server (`serve`, `warehouse
//! serve`), the app and a scale read without `--count` keep running, as in a terminal
//! of their own, until the section ends; the next command starts once they are ready. Every
//! other command must succeed, and print what a console block shows.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead as _, BufReader, Write as _};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use packdesk::station::scale::Protocol;

use super::parse::{self, Command, Line};
use crate::pg_cluster::{self, Cluster};
use crate::scale::sim::SimScale;

/// The longest a long-running command may take to be ready (the app's first start builds its
/// record and seeds the demo orders through the embedded service, in a debug build).
const READY_WITHIN: Duration = Duration::from_secs(180);

/// The PIN the README's warehouse section says to type for its first supervisor.
const README_PIN: &str = "2468";

/// What the simulated serial scale answers; the README's scale section shows these readings.
const SCALE_ANSWERS: [&str; 2] = ["S D      0.418 kg\r\n", "S S      0.420 kg\r\n"];
/// The HID scale's report: 425 g, stable (report 3, status 4, unit 2 = g, scale 0, 0x01A9).
const HID_REPORT: [u8; 6] = [3, 4, 2, 0, 0xA9, 0x01];

pub struct Session {
    repo: PathBuf,
    home: tempfile::TempDir,
    /// `export`ed in this section.
    env: BTreeMap<String, String>,
    /// A port the README names → the free one used instead.
    ports: HashMap<u16, u16>,
    /// `/tmp/NAME` the README names → a directory of this session.
    dirs: HashMap<String, tempfile::TempDir>,
    cluster: Option<Cluster>,
    scale: Option<SimScale>,
    hid: Option<PathBuf>,
    running: Vec<Running>,
    /// Said on stderr at the end: what was not run here, and why.
    pub skipped: Vec<String>,
}

/// A command left running, its output collected as it comes.
struct Running {
    what: String,
    child: Child,
    output: Arc<Mutex<String>>,
}

/// How a `packdesk` command is run.
#[derive(PartialEq)]
enum Kind {
    /// Runs to its end and must succeed.
    Finite,
    /// Keeps running; ready once its output contains this.
    LongRunning {
        ready: &'static str,
        in_stderr: bool,
    },
}

impl Session {
    pub fn new() -> Self {
        Self {
            repo: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            home: tempfile::tempdir().unwrap(),
            env: BTreeMap::new(),
            ports: HashMap::new(),
            dirs: HashMap::new(),
            cluster: None,
            scale: None,
            hid: None,
            running: Vec::new(),
            skipped: Vec::new(),
        }
    }

    /// Runs one README line; `Err` says what went wrong, for the failure message.
    pub fn run(&mut self, line: &Line) -> Result<(), String> {
        let commands = parse::commands(&line.text, &self.env)?;
        let count = commands.len();
        for (index, command) in commands.into_iter().enumerate() {
            // What a console block shows belongs to the line's last command.
            let output = if index + 1 == count {
                &line.output[..]
            } else {
                &[]
            };
            self.command(command, output)?;
        }
        Ok(())
    }

    fn command(&mut self, command: Command, output: &[String]) -> Result<(), String> {
        let mut words = command.words.clone();
        let mut run_as_postgres = false;
        if words.first().is_some_and(|w| w == "sudo") {
            words.remove(0);
            if words.first().is_some_and(|w| w == "-u") {
                run_as_postgres = words.get(1).is_some_and(|w| w == "postgres");
                words.drain(..2);
            }
        }
        let Some(program) = words.first().cloned() else {
            for (name, value) in command.assignments {
                let value = self.rewrite(&value)?;
                self.env.insert(name, value);
            }
            return Ok(());
        };
        match program.as_str() {
            "export" => {
                for word in &words[1..] {
                    let (name, value) =
                        parse::assignment(word).ok_or_else(|| format!("export {word}?"))?;
                    let value = self.rewrite(&value)?;
                    self.env.insert(name, value);
                }
                Ok(())
            }
            "cargo" if words.get(1).is_some_and(|w| w == "run") => {
                let args = cargo_run_args(&words)?;
                self.packdesk(&command, &[], args, output)
            }
            "cargo" => super::ci::covers(&words, &mut self.skipped),
            "apt-get" => super::ci::installs(&words),
            "packdesk" => self.packdesk(&command, &[], words[1..].to_vec(), output),
            "xvfb-run" => {
                let inner = words.iter().position(|w| w == "cargo" || w == "packdesk");
                let inner = inner.ok_or("xvfb-run of something other than packdesk")?;
                let wrapper = words[..inner].to_vec();
                let args = if words[inner] == "cargo" {
                    cargo_run_args(&words[inner..])?
                } else {
                    words[inner + 1..].to_vec()
                };
                self.packdesk(&command, &wrapper, args, output)
            }
            "curl" => self.curl(&command, &words),
            "createuser" | "createdb" if run_as_postgres => self.postgres_tool(&words),
            other => Err(format!(
                "the README test does not know how to run `{other}`: teach tests/it/readme"
            )),
        }
    }

    /// `packdesk ARGS` (inside `wrapper`, e.g. `xvfb-run -a`), as its kind is run.
    fn packdesk(
        &mut self,
        command: &Command,
        wrapper: &[String],
        args: Vec<String>,
        output: &[String],
    ) -> Result<(), String> {
        let args = args
            .iter()
            .map(|a| self.rewrite(a))
            .collect::<Result<Vec<_>, _>>()?;
        let kind = kind(&args);
        let app = args.first().is_none_or(|a| a.starts_with('-'))
            && !args.iter().any(|a| a == "--help" || a == "--version");
        let mut wrapper = wrapper.to_vec();
        if app && wrapper.is_empty() {
            // A person runs the app on their desktop; here the X server is the test's.
            wrapper = ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"]
                .map(String::from)
                .into();
        }
        if !wrapper.is_empty() && !on_path("xvfb-run") {
            return self.skip_or_fail(format!(
                "`{}` needs xvfb-run (Debian: apt-get install xvfb)",
                args.join(" ")
            ));
        }
        let mut process = match wrapper.split_first() {
            Some((program, rest)) => {
                let mut p = std::process::Command::new(program);
                p.args(rest).arg(env!("CARGO_BIN_EXE_packdesk"));
                p
            }
            None => std::process::Command::new(env!("CARGO_BIN_EXE_packdesk")),
        };
        process.args(&args);
        self.environment(&mut process, command)?;
        let what = format!("packdesk {}", args.join(" "));
        match kind {
            Kind::Finite => {
                let answers = self.answers(&args);
                let out = if answers.is_empty() {
                    process.output().map_err(|e| format!("{what}: {e}"))?
                } else {
                    // What a person types at the command's prompts (a PIN, a key).
                    process
                        .stdin(Stdio::piped())
                        .stdout(Stdio::piped())
                        .stderr(Stdio::piped());
                    let mut child = process.spawn().map_err(|e| format!("{what}: {e}"))?;
                    if let Some(mut stdin) = child.stdin.take() {
                        stdin
                            .write_all(format!("{}\n", answers.join("\n")).as_bytes())
                            .map_err(|e| format!("{what}: {e}"))?;
                    }
                    child
                        .wait_with_output()
                        .map_err(|e| format!("{what}: {e}"))?
                };
                let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
                if !out.status.success() {
                    return Err(format!(
                        "{what} exited with {}:\n{stdout}{}",
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
                self.compare(&what, output, &stdout)
            }
            Kind::LongRunning { ready, in_stderr } => {
                // The provider's keys, as `serve` was given them: `set-provider` asks for them.
                for (flag, name) in [("--api-key", "API_KEY"), ("--access-token", "ACCESS_TOKEN")] {
                    if let Some(at) = args.iter().position(|a| a == flag)
                        && let Some(value) = args.get(at + 1)
                    {
                        self.env.insert(name.into(), value.clone());
                    }
                }
                let mut running = start(process, &what)?;
                let printed = running.wait_for(ready, in_stderr, output.len())?;
                self.compare(&what, output, &printed)?;
                if let Some(key) = printed
                    .lines()
                    .find_map(|l| l.split_once("new API key (x-service-direct-api-key): "))
                {
                    // README: "with KEY set to the API key it printed".
                    self.env.insert("KEY".into(), key.1.trim().to_owned());
                }
                self.running.push(running);
                Ok(())
            }
        }
    }

    /// The lines a person types at `packdesk ARGS`'s prompts: the PIN the README's comment
    /// names, twice (`warehouse add-person`); the provider's key and token as `serve` was given
    /// them (`warehouse set-provider`).
    fn answers(&self, args: &[String]) -> Vec<String> {
        match (
            args.first().map(String::as_str),
            args.get(1).map(String::as_str),
        ) {
            (Some("warehouse"), Some("add-person")) => vec![README_PIN.into(); 2],
            // The key and token the provider was started with: exported, or on its line.
            (Some("warehouse"), Some("set-provider")) => [
                ("PACKDESK_API_KEY", "API_KEY"),
                ("PACKDESK_ACCESS_TOKEN", "ACCESS_TOKEN"),
            ]
            .iter()
            .map(|(exported, given)| {
                self.env
                    .get(*exported)
                    .or_else(|| self.env.get(*given))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect(),
            _ => Vec::new(),
        }
    }

    fn curl(&mut self, command: &Command, words: &[String]) -> Result<(), String> {
        let args = words[1..]
            .iter()
            .map(|a| self.rewrite(a))
            .collect::<Result<Vec<_>, _>>()?;
        let mut process = std::process::Command::new("curl");
        process.args(&args);
        self.environment(&mut process, command)?;
        let out = process.output().map_err(|e| format!("curl: {e}"))?;
        let body = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!(
                "curl {} failed ({}): {body}",
                args.join(" "),
                out.status
            ));
        }
        if body.trim().is_empty() {
            return Err(format!("curl {} answered nothing", args.join(" ")));
        }
        Ok(())
    }

    /// `sudo -u postgres createuser|createdb …`, on the throwaway cluster as its superuser. A
    /// `--pwprompt` is answered with the password this section exports as `PGPASSWORD`, the
    /// one its commands connect with.
    fn postgres_tool(&mut self, words: &[String]) -> Result<(), String> {
        let prompt = words.iter().any(|w| w == "--pwprompt" || w == "-P");
        let password = if prompt {
            Some(self.readme_password()?)
        } else {
            None
        };
        let Some(cluster) = self.cluster()? else {
            return Ok(());
        };
        let mut process = std::process::Command::new(cluster.bin().join(&words[0]));
        process
            .args(&words[1..])
            .env("PGHOST", "127.0.0.1")
            .env("PGPORT", cluster.port().to_string())
            .env("PGUSER", cluster.superuser())
            .env("PGPASSWORD", pg_cluster::PASSWORD)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: setsid is async-signal-safe; without a terminal the prompt reads stdin.
        unsafe {
            process.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
        let mut child = process.spawn().map_err(|e| format!("{}: {e}", words[0]))?;
        if let Some(password) = password {
            let mut stdin = child.stdin.take().ok_or("no stdin")?;
            writeln!(stdin, "{password}\n{password}").map_err(|e| e.to_string())?;
        }
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(format!(
                "{} failed: {}",
                words.join(" "),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(())
    }

    /// The password typed at a prompt: the one the section's `export PGPASSWORD=…` names.
    fn readme_password(&self) -> Result<String, String> {
        let readme = std::fs::read_to_string(self.repo.join("README.md")).unwrap();
        readme
            .split_whitespace()
            .find_map(|w| w.strip_prefix("PGPASSWORD="))
            .map(str::to_owned)
            .ok_or_else(|| "a --pwprompt with no PGPASSWORD in the README to type".into())
    }

    /// The process's environment: nothing of this machine's Packdesk or PostgreSQL settings, the
    /// session's home, what the section exported, then the command's own assignments.
    fn environment(
        &mut self,
        process: &mut std::process::Command,
        command: &Command,
    ) -> Result<(), String> {
        for (name, _) in std::env::vars() {
            if name.starts_with("PACKDESK_") || name.starts_with("PG") || name == "DISPLAY" {
                process.env_remove(name);
            }
        }
        // A service started without --addr listens on the session's port for 8787, not the
        // machine's.
        let addr = format!("127.0.0.1:{}", self.port(8787)?);
        let home = self.home.path();
        process
            .current_dir(&self.repo)
            .env("PACKDESK_SERVICE_ADDR", addr)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .envs(&self.env);
        for (name, value) in &command.assignments {
            let value = self.rewrite(value)?;
            process.env(name, value);
        }
        Ok(())
    }

    /// A README word with this machine's parts swapped for the session's.
    fn rewrite(&mut self, word: &str) -> Result<String, String> {
        let mut word = word.to_owned();
        // First, so the session's own temporary paths put in below are left alone.
        if let Some(rest) = word.strip_prefix("/tmp/") {
            let name = rest.split('/').next().unwrap_or_default().to_owned();
            let dir = self
                .dirs
                .entry(name.clone())
                .or_insert_with(|| tempfile::tempdir().unwrap());
            word = format!("{}{}", dir.path().display(), &rest[name.len()..]);
        }
        for host in ["127.0.0.1:", "localhost:"] {
            let mut from = 0;
            while let Some(at) = word[from..].find(host) {
                let start = from + at + host.len();
                let digits: String = word[start..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let Ok(port) = digits.parse::<u16>() else {
                    from = start;
                    continue;
                };
                let mapped = self.port(port)?;
                word.replace_range(start..start + digits.len(), &mapped.to_string());
                from = start;
            }
        }
        if word.contains("/dev/ttyUSB0") {
            let scale = self
                .scale
                .get_or_insert_with(|| SimScale::start(Protocol::Sics, &SCALE_ANSWERS));
            word = word.replace("/dev/ttyUSB0", &scale.path().display().to_string());
        }
        if word.contains("/dev/hidraw0") {
            let path = self.home.path().join("hidraw0");
            std::fs::write(&path, HID_REPORT).unwrap();
            word = word.replace("/dev/hidraw0", &path.display().to_string());
            self.hid = Some(path);
        }
        Ok(word)
    }

    /// 5432 is PostgreSQL's: the throwaway cluster. Any other port: a free one, the same for the
    /// whole section.
    fn port(&mut self, port: u16) -> Result<u16, String> {
        if port == 5432 {
            return Ok(self.cluster()?.map_or(port, Cluster::port));
        }
        if let Some(&mapped) = self.ports.get(&port) {
            return Ok(mapped);
        }
        let mapped = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        self.ports.insert(port, mapped);
        Ok(mapped)
    }

    /// The section's cluster, started on first use, with `postgres` as its superuser as a
    /// distribution's is; `None` where PostgreSQL is not installed (outside CI).
    fn cluster(&mut self) -> Result<Option<&Cluster>, String> {
        if self.cluster.is_none() {
            match Cluster::start_as("postgres") {
                Ok(cluster) => self.cluster = Some(cluster),
                Err(why) => {
                    self.skip_or_fail(format!("PostgreSQL: {why}"))?;
                    return Ok(None);
                }
            }
        }
        Ok(self.cluster.as_ref())
    }

    /// Where a part the README needs is missing: a failure under `CI=true` (CI installs it),
    /// else a note and the command left out.
    fn skip_or_fail(&mut self, why: String) -> Result<(), String> {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            return Err(why);
        }
        self.skipped.push(why);
        Ok(())
    }

    /// What a console block shows, line by line; `…` stands for any text, and the README's
    /// ports are the session's.
    fn compare(&mut self, what: &str, shown: &[String], printed: &str) -> Result<(), String> {
        let printed: Vec<&str> = printed.lines().collect();
        for (index, expected) in shown.iter().enumerate() {
            let expected = self.rewrite_text(expected)?;
            let actual = printed.get(index).copied().unwrap_or_default();
            if !matches_shown(&expected, actual) {
                return Err(format!(
                    "{what}: the README shows line {} as\n  {expected}\nbut it printed\n  {actual}\n(all: {printed:?})",
                    index + 1
                ));
            }
        }
        Ok(())
    }

    fn rewrite_text(&mut self, text: &str) -> Result<String, String> {
        let words: Vec<String> = text
            .split(' ')
            .map(|w| self.rewrite(w))
            .collect::<Result<_, _>>()?;
        Ok(words.join(" "))
    }

    /// Every command still running must not have died meanwhile; then they are stopped.
    pub fn finish(mut self) -> Result<(), String> {
        let mut problems = Vec::new();
        for running in &mut self.running {
            if let Ok(Some(status)) = running.child.try_wait() {
                problems.push(format!(
                    "{} stopped by itself ({status}):\n{}",
                    running.what,
                    running.output.lock().unwrap()
                ));
            }
        }
        for running in &mut self.running {
            running.stop();
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        for running in &mut self.running {
            running.stop();
        }
    }
}

impl Running {
    /// Waits until `ready` is printed and at least `lines` lines are on stdout; what was printed.
    fn wait_for(&mut self, ready: &str, in_stderr: bool, lines: usize) -> Result<String, String> {
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            let exited = self.child.try_wait().ok().flatten();
            let all = self.output.lock().unwrap().clone();
            let stdout: String = all
                .lines()
                .filter_map(|l| l.strip_prefix("1 "))
                .map(|l| format!("{l}\n"))
                .collect();
            let stream = if in_stderr { &all } else { &stdout };
            if stream.contains(ready) && stdout.lines().count() >= lines {
                return Ok(stdout);
            }
            if let Some(status) = exited {
                // Give the pipes' readers a moment to take the last lines.
                std::thread::sleep(Duration::from_millis(200));
                let all = self.output.lock().unwrap().clone();
                return Err(format!(
                    "{} stopped ({status}) before it was ready:\n{all}",
                    self.what
                ));
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "{} was not ready within {READY_WITHIN:?}:\n{all}",
                    self.what
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// SIGTERM to its whole process group (xvfb-run's X server too), SIGKILL after 10 s.
    fn stop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        let group = -(self.child.id() as i32);
        // SAFETY: kill has no memory preconditions.
        unsafe { libc::kill(group, libc::SIGTERM) };
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // SAFETY: as above.
        unsafe { libc::kill(group, libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

/// Starts `process` in a process group of its own, its stdout lines kept as `1 LINE` and its
/// stderr lines as `2 LINE`, in the order they came.
fn start(mut process: std::process::Command, what: &str) -> Result<Running, String> {
    process
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = process.spawn().map_err(|e| format!("{what}: {e}"))?;
    let output = Arc::new(Mutex::new(String::new()));
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    for (tag, pipe) in [
        ("1", Box::new(stdout) as Box<dyn std::io::Read + Send>),
        ("2", Box::new(stderr)),
    ] {
        let output = output.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                let mut all = output.lock().unwrap();
                all.push_str(tag);
                all.push(' ');
                all.push_str(&line);
                all.push('\n');
            }
        });
    }
    Ok(Running {
        what: what.to_owned(),
        child,
        output,
    })
}

/// `cargo run --release [-- ARGS]`: ARGS.
fn cargo_run_args(words: &[String]) -> Result<Vec<String>, String> {
    match words.iter().position(|w| w == "--") {
        Some(at) => Ok(words[at + 1..].to_vec()),
        None if words.len() <= 3 => Ok(Vec::new()),
        None => Err(format!(
            "`{}`: cargo run with options of its own",
            words.join(" ")
        )),
    }
}

fn kind(args: &[String]) -> Kind {
    let help = args.iter().any(|a| a == "--help" || a == "--version");
    match args.first().map(String::as_str) {
        _ if help => Kind::Finite,
        Some("serve") => Kind::LongRunning {
            ready: "listening on",
            in_stderr: false,
        },
        Some("warehouse") if args.get(1).is_some_and(|a| a == "serve") => Kind::LongRunning {
            ready: "listening on",
            in_stderr: false,
        },
        // A desk not enrolled yet starts and says what to do (enrolling is typed in Settings).
        Some(first) if first.starts_with('-') && args.iter().any(|a| a == "--warehouse") => {
            Kind::LongRunning {
                ready: "is not enrolled at the warehouse server",
                in_stderr: true,
            }
        }
        Some("scale") if !args.iter().any(|a| a == "--count") => Kind::LongRunning {
            ready: "\"weight\"",
            in_stderr: false,
        },
        None => Kind::LongRunning {
            ready: "station ready",
            in_stderr: true,
        },
        Some(first) if first.starts_with('-') => Kind::LongRunning {
            ready: "station ready",
            in_stderr: true,
        },
        Some(_) => Kind::Finite,
    }
}

/// `shown` with `…` standing for any text matches `actual`.
fn matches_shown(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    let [first, middle @ .., last] = parts.as_slice() else {
        return shown == actual;
    };
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| Path::new(&dir).join(program).is_file())
    })
}

#[cfg(test)]
mod tests {
    use super::matches_shown;

    #[test]
    fn an_ellipsis_stands_for_any_text() {
        assert!(matches_shown(
            "  data directory: …/packdesk/service",
            "  data directory: /h/x/packdesk/service"
        ));
        assert!(matches_shown("key: …", "key: abc"));
        assert!(!matches_shown("key: …", "token: abc"));
        assert!(matches_shown("exact", "exact"));
        assert!(!matches_shown("exact", "exactly"));
    }
}
