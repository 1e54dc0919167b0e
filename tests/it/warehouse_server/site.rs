//! A warehouse as its administrator sets it up: a record (a SQLite file, or a database on the
//! throwaway PostgreSQL cluster), `packdesk warehouse add-person`/`add-desk` run as processes,
//! and `packdesk warehouse serve` as a process on a loopback port; and a desk's HTTP client that
//! trusts the server by the fingerprint it printed.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use packdesk::station::db::{Location, StationDb};
use packdesk::warehouse::client::{Trust, WarehouseClient, http_client};
use reqwest::{Method, StatusCode, header::HeaderMap};
use serde_json::Value;

use crate::pg_cluster;

/// One warehouse's record and its server's data directory.
pub struct Site {
    pub name: &'static str,
    data: tempfile::TempDir,
    /// `--database` (PostgreSQL); `None`: the SQLite file in the data directory.
    pub database: Option<String>,
}

impl Site {
    pub fn sqlite() -> Site {
        Site {
            name: "sqlite",
            data: tempfile::tempdir().unwrap(),
            database: None,
        }
    }

    /// `None` (the test skips that half) where PostgreSQL is not installed, outside CI.
    pub fn postgres() -> Option<Site> {
        Some(Site {
            name: "postgres",
            data: tempfile::tempdir().unwrap(),
            database: Some(pg_cluster::fresh_database()?),
        })
    }

    /// Both engines (PostgreSQL where installed).
    pub fn each() -> Vec<Site> {
        std::iter::once(Site::sqlite())
            .chain(Site::postgres())
            .collect()
    }

    pub fn data_dir(&self) -> PathBuf {
        self.data.path().join("server")
    }

    /// The record, opened straight (as the tests' own look at what the server wrote).
    pub fn open_record(&self) -> StationDb {
        let location = match &self.database {
            Some(url) => Location::parse(url).unwrap(),
            None => Location::Sqlite(self.data_dir().join("warehouse.sqlite3")),
        };
        StationDb::connect(&location).unwrap()
    }

    fn record_args(&self) -> Vec<String> {
        let mut args = vec![
            "--data-dir".to_string(),
            self.data_dir().display().to_string(),
        ];
        if let Some(url) = &self.database {
            args.extend(["--database".to_string(), url.clone()]);
        }
        args
    }

    fn command(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_packdesk"));
        let home = self.data.path().join("home");
        command
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env_remove("PACKDESK_DATABASE_URL")
            .env_remove("PACKDESK_WAREHOUSE_DATABASE_URL");
        command
    }

    /// `packdesk warehouse SUBCOMMAND ARGS… --data-dir … [--database …]` with `stdin` typed in;
    /// the exit code, stdout and stderr.
    pub fn admin(&self, subcommand: &str, args: &[&str], stdin: &str) -> (i32, String, String) {
        let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        all.extend(self.record_args());
        self.run_warehouse(subcommand, &all, stdin)
    }

    /// `packdesk warehouse SUBCOMMAND ARGS… --data-dir …`: a command of the server's own files
    /// that takes no record (`set-provider`).
    pub fn admin_in_data_dir(
        &self,
        subcommand: &str,
        args: &[&str],
        stdin: &str,
    ) -> (i32, String, String) {
        let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        all.extend([
            "--data-dir".to_string(),
            self.data_dir().display().to_string(),
        ]);
        self.run_warehouse(subcommand, &all, stdin)
    }

    fn run_warehouse(
        &self,
        subcommand: &str,
        args: &[String],
        stdin: &str,
    ) -> (i32, String, String) {
        let mut child = self
            .command()
            .args(["warehouse", subcommand])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    /// Adds a person with `add-person`, the PIN typed twice.
    pub fn add_person(&self, name: &str, role: &str, pin: &str) {
        let (code, out, err) = self.admin(
            "add-person",
            &["--name", name, "--role", role],
            &format!("{pin}\n{pin}\n"),
        );
        assert_eq!(code, 0, "add-person {name}: {out}{err}");
    }

    /// A desk's enrollment code from `add-desk`.
    pub fn add_desk(&self, name: &str) -> String {
        let (code, out, err) = self.admin("add-desk", &[name], "");
        assert_eq!(code, 0, "add-desk {name}: {out}{err}");
        out.split("enrollment code ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no enrollment code in {out:?}"))
            .to_string()
    }

    /// `packdesk warehouse serve` on a free loopback port, once it says where it listens.
    pub fn serve(&self, extra: &[&str]) -> Server {
        self.try_serve(extra).unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn try_serve(&self, extra: &[&str]) -> Result<Server, String> {
        let addr: &[&str] = if extra.contains(&"--addr") {
            &[]
        } else {
            &["--addr", "127.0.0.1:0"]
        };
        let mut child = self
            .command()
            .args(["warehouse", "serve"])
            .args(addr)
            .args(self.record_args())
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut base_url = None;
        let mut fingerprint = None;
        let mut provider_line = String::new();
        while let Some(Ok(line)) = stdout.next() {
            if let Some(url) = line.strip_prefix("packdesk warehouse serve: listening on ") {
                base_url = Some(url.trim().to_string());
            } else if let Some(fp) = line.trim().strip_prefix("certificate SHA-256: ") {
                fingerprint = Some(fp.trim().to_string());
            } else if line.trim().starts_with("provider:") {
                provider_line = line.trim().to_string();
            } else if line.trim().starts_with("data directory:") {
                std::thread::spawn(move || stdout.for_each(drop));
                let Some(base_url) = base_url else {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err("no address before the data directory".into());
                };
                return Ok(Server {
                    child,
                    base_url,
                    fingerprint,
                    provider_line,
                });
            }
        }
        let output = child.wait_with_output().unwrap();
        Err(format!(
            "packdesk warehouse serve {extra:?} stopped ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// A running `packdesk warehouse serve`, stopped on drop.
pub struct Server {
    child: Child,
    pub base_url: String,
    pub fingerprint: Option<String>,
    /// What it printed of the provider the outbox delivers to.
    pub provider_line: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Asks the server to stop (SIGTERM, as a service manager does) and waits up to `within`
    /// for it to end; whether it ended.
    #[cfg(unix)]
    pub fn terminate(&mut self, within: Duration) -> bool {
        let pid = i32::try_from(self.child.id()).unwrap();
        // SAFETY: a signal to our own child process.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        let deadline = std::time::Instant::now() + within;
        while std::time::Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// A desk's typed client: trusts this server by the fingerprint it printed.
    pub fn client(&self) -> WarehouseClient {
        let trust = Trust::Fingerprint(self.fingerprint.clone().expect("a TLS server"));
        WarehouseClient::new(&self.base_url, &trust).unwrap()
    }

    /// A desk's client: trusts this server by the fingerprint it printed.
    pub fn desk(&self) -> Desk {
        let trust = Trust::Fingerprint(self.fingerprint.clone().expect("a TLS server"));
        Desk::new(&self.base_url, &trust)
    }
}

/// What a desk sends and receives, synchronously (each call on its own small runtime).
pub struct Desk {
    runtime: tokio::runtime::Runtime,
    http: reqwest::Client,
    base_url: String,
}

/// An answer: its status, headers and JSON body (`Null` when it had none).
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
}

impl Desk {
    pub fn new(base_url: &str, trust: &Trust) -> Desk {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let _entered = runtime.enter();
        Desk {
            http: http_client(trust).unwrap(),
            runtime,
            base_url: base_url.to_string(),
        }
    }

    pub fn try_call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Result<Answer, reqwest::Error> {
        self.try_call_with(method, path, token, body, &[])
    }

    /// [`Self::try_call`] with these headers too.
    pub fn try_call_with(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Result<Answer, reqwest::Error> {
        self.runtime.block_on(async {
            let mut request = self
                .http
                .request(method, format!("{}{path}", self.base_url))
                .timeout(Duration::from_secs(30));
            for (name, value) in headers {
                request = request.header(*name, *value);
            }
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            if let Some(body) = body {
                request = request.json(&body);
            }
            let response = request.send().await?;
            let status = response.status();
            let headers = response.headers().clone();
            let text = response.text().await?;
            Ok(Answer {
                status,
                headers,
                body: serde_json::from_str(&text).unwrap_or(Value::Null),
                text,
            })
        })
    }

    pub fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        self.try_call(method.clone(), path, token, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e:?}"))
    }

    /// `method path` with `body` sent as raw JSON text: the status and the answer's text.
    pub fn runtime_call_raw(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> (StatusCode, String) {
        self.raw_with(method, path, token, body, &[])
    }

    /// [`Self::runtime_call_raw`] with these headers too.
    pub fn raw_with(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &str,
        headers: &[(&str, &str)],
    ) -> (StatusCode, String) {
        self.runtime.block_on(async {
            let mut request = self
                .http
                .request(method, format!("{}{path}", self.base_url))
                .header("content-type", "application/json")
                .body(body.to_string());
            for (name, value) in headers {
                request = request.header(*name, *value);
            }
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            let response = request.send().await.unwrap();
            let status = response.status();
            (status, response.text().await.unwrap())
        })
    }

    /// Opens the live stream of changes, resuming after `last_event_id` when given.
    pub fn watch(&self, session: &str, last_event_id: Option<&str>) -> Stream<'_> {
        let response = self.runtime.block_on(async {
            let mut request = self
                .http
                .get(format!("{}/v1/warehouse/changes", self.base_url))
                .bearer_auth(session)
                .timeout(Duration::from_secs(600));
            if let Some(id) = last_event_id {
                request = request.header("last-event-id", id);
            }
            request.send().await.unwrap()
        });
        assert_eq!(response.status(), StatusCode::OK);
        Stream {
            desk: self,
            response,
            buffer: String::new(),
        }
    }

    /// Enrolls with `code`: the desk token.
    pub fn enroll(&self, code: &str) -> String {
        let answer = self.call(
            Method::POST,
            "/v1/warehouse/desks",
            None,
            Some(serde_json::json!({ "enrollment_code": code })),
        );
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        answer.body["desk_token"].as_str().unwrap().to_string()
    }

    pub fn sign_in(&self, desk_token: &str, person: &str, pin: &str) -> Answer {
        self.call(
            Method::POST,
            "/v1/warehouse/sessions",
            Some(desk_token),
            Some(serde_json::json!({ "person": person, "pin": pin })),
        )
    }

    /// Signs in and returns the session token, which must be given.
    pub fn session(&self, desk_token: &str, person: &str, pin: &str) -> String {
        let answer = self.sign_in(desk_token, person, pin);
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        answer.body["session_token"].as_str().unwrap().to_string()
    }
}

/// A live stream of changes as a desk reads it.
pub struct Stream<'d> {
    desk: &'d Desk,
    response: reqwest::Response,
    buffer: String,
}

/// One server-sent event: its id and its data as JSON (keep-alive comments are skipped).
#[derive(Debug)]
pub struct Change {
    pub id: String,
    pub data: Value,
}

impl Stream<'_> {
    /// The next event within `wait`, or `None`.
    pub fn next(&mut self, wait: Duration) -> Option<Change> {
        let deadline = std::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut id = String::new();
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("id:") {
                        id = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim());
                    }
                }
                if data.is_empty() {
                    continue;
                }
                return Some(Change {
                    id,
                    data: serde_json::from_str(&data).unwrap(),
                });
            }
            let left = deadline.checked_duration_since(std::time::Instant::now())?;
            let response = &mut self.response;
            let chunk = self
                .desk
                .runtime
                .block_on(async { tokio::time::timeout(left, response.chunk()).await })
                .ok()?
                .unwrap()?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}
