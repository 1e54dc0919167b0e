//! A throwaway PostgreSQL cluster for tests and benchmarks, started from the system's binaries
//! (`initdb`, `pg_ctl`; Debian's `postgresql` package) in a temporary directory on a free
//! loopback port, with password (SCRAM) authentication over TCP as a warehouse would have it.
//!
//! Shared by `tests/it` and `benches/` through `#[path]`, so none of it is in the shipped binary.
//! [`shared`] starts one cluster per process and stops it when the process exits; each test
//! takes its own database from it ([`fresh_database`]). A test that stops and starts a server
//! starts its own [`Cluster`].
//!
//! Where PostgreSQL is not installed the PostgreSQL half of a test is skipped with a message,
//! except under `CI=true`, where that is a failure: CI installs it (`.ci/run`).
//!
//! With `PACKDESK_TEST_PG_PORT` set, [`shared`] is the cluster already listening on that
//! loopback port (superuser [`USER`], password [`PASSWORD`]) instead of one of the process's
//! own: `.ci/run` starts one for the whole run, since nextest runs each test in a process of its
//! own and a cluster per test process costs an `initdb` each.
#![allow(dead_code)] // Tests and benches each use part of this.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The superuser every throwaway cluster has, and its password.
pub const USER: &str = "packdesk";
pub const PASSWORD: &str = "throwaway-cluster-password";

/// A running cluster in its own temporary directory; stopped and removed on drop.
pub struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    /// `initdb` and the server refuse to run as root: they run as this user then.
    run_as: Option<&'static str>,
    /// The cluster's superuser (password [`PASSWORD`]).
    superuser: &'static str,
    /// Started by someone else (`PACKDESK_TEST_PG_PORT`): never stopped from here.
    external: bool,
}

impl Cluster {
    /// `initdb` and start, with [`USER`] as the superuser; `Err` says what is missing or what
    /// failed.
    pub fn start() -> Result<Self, String> {
        Self::start_as(USER)
    }

    /// [`Cluster::start`] with `superuser` as the superuser's name (`postgres` for a cluster
    /// that looks like a distribution's own).
    pub fn start_as(superuser: &'static str) -> Result<Self, String> {
        let bin = binaries().ok_or(
            "PostgreSQL's initdb/pg_ctl were not found (Debian: apt-get install postgresql; \
             or set PACKDESK_PG_BIN to the directory holding them)",
        )?;
        let run_as = is_root().then_some("postgres");
        let dir = tempfile::Builder::new()
            .prefix("packdesk-pg-")
            .tempdir()
            .map_err(|e| format!("temporary directory: {e}"))?;
        let data = dir.path().join("data");
        let pwfile = dir.path().join("pwfile");
        std::fs::write(&pwfile, PASSWORD).map_err(|e| format!("password file: {e}"))?;
        if let Some(user) = run_as {
            run(Command::new("chown").args(["-R", user]).arg(dir.path()))?;
        }
        let cluster = Self {
            dir,
            bin,
            port: 0,
            run_as,
            superuser,
            external: false,
        };
        cluster.run_tool(
            "initdb",
            &[
                "-D",
                path_str(&data)?,
                "-U",
                superuser,
                "--pwfile",
                path_str(&pwfile)?,
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ],
        )?;
        let mut cluster = cluster;
        cluster.port = free_port()?;
        cluster.resume()?;
        Ok(cluster)
    }

    /// The cluster listening on `port` of loopback, started by someone else.
    fn external(port: u16) -> Result<Self, String> {
        Ok(Self {
            dir: tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?,
            bin: binaries().unwrap_or_default(),
            port,
            run_as: None,
            superuser: USER,
            external: true,
        })
    }

    /// Starts the server again after [`Cluster::pause`] (or for the first time), same port.
    pub fn resume(&self) -> Result<(), String> {
        if self.external {
            return Err("the shared cluster is not this process's to start".into());
        }
        // fsync off makes setup fast: a commit still reaches the OS before it returns, so a
        // stopped server ([`Cluster::pause`], as a crash) keeps every committed row.
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off \
             -c full_page_writes=off -c max_connections=200",
            self.port,
            path_str(self.dir.path())?
        );
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("server.log");
        self.run_tool(
            "pg_ctl",
            &[
                "-D",
                path_str(&data)?,
                "-l",
                path_str(&log)?,
                "-o",
                &options,
                "-w",
                "start",
            ],
        )
        .map_err(|e| {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            format!("{e}\n{log}")
        })
    }

    /// Stops the server at once (as a crash or a pulled cable would look to a desk).
    pub fn pause(&self) -> Result<(), String> {
        if self.external {
            return Err("the shared cluster is not this process's to stop".into());
        }
        let data = self.dir.path().join("data");
        self.run_tool(
            "pg_ctl",
            &["-D", path_str(&data)?, "-m", "immediate", "-w", "stop"],
        )
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn superuser(&self) -> &'static str {
        self.superuser
    }

    /// The directory holding PostgreSQL's programs (`createdb`, `psql`, …).
    pub fn bin(&self) -> &Path {
        &self.bin
    }

    /// `postgres://packdesk:…@127.0.0.1:PORT/NAME`.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://{}:{PASSWORD}@127.0.0.1:{}/{database}",
            self.superuser, self.port
        )
    }

    /// The same URL without the password (what Settings stores).
    pub fn url_without_password(&self, database: &str) -> String {
        format!(
            "postgres://{}@127.0.0.1:{}/{database}",
            self.superuser, self.port
        )
    }

    /// Creates an empty database and returns its URL (with the password).
    pub fn create_database(&self, name: &str) -> Result<String, String> {
        let mut client = postgres::Client::connect(&self.url("postgres"), postgres::NoTls)
            .map_err(|e| format!("connecting to the throwaway cluster: {e}"))?;
        client
            .batch_execute(&format!("CREATE DATABASE \"{name}\""))
            .map_err(|e| format!("CREATE DATABASE {name}: {e}"))?;
        Ok(self.url(name))
    }

    fn run_tool(&self, tool: &str, args: &[&str]) -> Result<(), String> {
        let mut command = tool_command(&self.bin, self.run_as, tool);
        command.args(args).current_dir(self.dir.path());
        run(&mut command)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if !self.external {
            let _ = self.pause();
        }
    }
}

/// The process's shared cluster, started on first use; `None` (after saying why) where
/// PostgreSQL is not installed, unless `CI=true`, where it panics.
pub fn shared() -> Option<&'static Cluster> {
    static SHARED: OnceLock<Option<Cluster>> = OnceLock::new();
    SHARED
        .get_or_init(
            || match external_port().map_or_else(Cluster::start, Cluster::external) {
                Ok(cluster) if cluster.external => Some(cluster),
                Ok(cluster) => {
                    stop_at_exit(&cluster);
                    Some(cluster)
                }
                Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
                    panic!("PostgreSQL is required under CI=true: {why}")
                }
                Err(why) => {
                    eprintln!("skipping the PostgreSQL half of the tests: {why}");
                    None
                }
            },
        )
        .as_ref()
}

/// `PACKDESK_TEST_PG_PORT`, when set; a value that is not a port is a mistake worth stopping on.
fn external_port() -> Option<u16> {
    let text = std::env::var("PACKDESK_TEST_PG_PORT").ok()?;
    Some(
        text.parse()
            .unwrap_or_else(|_| panic!("PACKDESK_TEST_PG_PORT={text:?} is not a port")),
    )
}

/// A new, empty database on the shared cluster; its URL with the password.
pub fn fresh_database() -> Option<String> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let cluster = shared()?;
    // The time too: with a cluster shared between processes, a later process may be given an
    // earlier one's id.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() % 1_000_000_000_000);
    let name = format!(
        "t{}_{now}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    );
    Some(
        cluster
            .create_database(&name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A static is never dropped: stop the shared server when the test process exits.
fn stop_at_exit(cluster: &Cluster) {
    static TO_STOP: Mutex<Vec<(PathBuf, PathBuf, Option<&'static str>)>> = Mutex::new(Vec::new());
    extern "C" fn stop_all() {
        if let Ok(list) = TO_STOP.lock() {
            for (bin, dir, run_as) in list.iter() {
                let data = dir.join("data");
                let _ = tool_command(bin, *run_as, "pg_ctl")
                    .arg("-D")
                    .arg(&data)
                    .args(["-m", "immediate", "-w", "stop"])
                    .output();
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }
    if let Ok(mut list) = TO_STOP.lock() {
        if list.is_empty() {
            // SAFETY: `stop_all` is an `extern "C" fn()` that does not unwind.
            unsafe {
                libc::atexit(stop_all);
            }
        }
        list.push((
            cluster.bin.clone(),
            cluster.dir.path().to_path_buf(),
            cluster.run_as,
        ));
    }
}

/// `tool` from `bin`, run as `run_as` when given (initdb and the server refuse root).
fn tool_command(bin: &Path, run_as: Option<&str>, tool: &str) -> Command {
    match run_as {
        Some(user) => {
            let mut command = Command::new("runuser");
            command.args(["-u", user, "--"]).arg(bin.join(tool));
            command
        }
        None => Command::new(bin.join(tool)),
    }
}

/// `PACKDESK_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin` (Debian), else `pg_config
/// --bindir`.
fn binaries() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PACKDESK_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    let output = Command::new("pg_config").arg("--bindir").output().ok()?;
    let bin = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    bin.join("initdb").exists().then_some(bin)
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

fn run(command: &mut Command) -> Result<(), String> {
    let output = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{command:?} failed ({}): {}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    ))
}

fn path_str(path: &Path) -> Result<&str, String> {
    path.to_str()
        .ok_or_else(|| format!("{} is not UTF-8", path.display()))
}
