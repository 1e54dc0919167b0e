//! `packdesk serve` started as a process, as a merchant starts it, rather than in the test's own
//! process: the command line's parser, its options and its environment are part of what is
//! tested. Two instances on one throwaway PostgreSQL database take a quote through one and the
//! order through the other, with a desk's `PACKDESK_DATABASE_URL` set in their environment
//! (which names the desk's record, not the service's store, and must change nothing).

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use packdesk::api::{Client, ClientConfig, Secret};

use crate::pg_cluster;
use crate::support::{cart, order_for};

const API_KEY: &str = "cli-serve-api-key";
const ACCESS_TOKEN: &str = "cli-serve-access-token";

/// A `packdesk serve` process, stopped on drop.
struct Served {
    child: Child,
    base_url: String,
    _data: tempfile::TempDir,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `packdesk serve ARGS` on a free port with its own data directory, once it says where it
/// listens; `Err` is what it printed when it stopped instead.
fn serve(args: &[&str], env: &[(&str, &str)]) -> Result<Served, String> {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_packdesk"))
        .arg("serve")
        .args(["--addr", "127.0.0.1:0", "--data-dir"])
        .arg(data.path())
        .args(args)
        .env("HOME", data.path())
        .env("XDG_STATE_HOME", data.path().join("state"))
        .env_remove("PACKDESK_SERVICE_DATABASE_URL")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    while let Some(Ok(line)) = stdout.next() {
        if let Some(url) = line.strip_prefix("packdesk serve: listening on ") {
            // The rest is read (and dropped) so the service never writes into a closed pipe.
            std::thread::spawn(move || stdout.for_each(drop));
            return Ok(Served {
                child,
                base_url: url.trim().to_owned(),
                _data: data,
            });
        }
    }
    let output = child.wait_with_output().unwrap();
    Err(format!(
        "packdesk serve {args:?} stopped ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    ))
}

fn client(served: &Served) -> Client {
    let mut config = ClientConfig::new(
        served.base_url.clone(),
        format!("{}/api/post/fc/labels", served.base_url),
        Secret::new(API_KEY),
        Secret::new(ACCESS_TOKEN),
    );
    config.request_timeout = Duration::from_secs(30);
    Client::new(config).unwrap()
}

#[test]
fn two_serve_processes_on_one_postgres_database_are_one_service() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    // The password comes from PGPASSWORD, as the README has it, not from the URL.
    let (without_password, password) = split_password(&url);
    let env = [
        ("PGPASSWORD", password.as_str()),
        ("PACKDESK_API_KEY", API_KEY),
        ("PACKDESK_ACCESS_TOKEN", ACCESS_TOKEN),
        (
            "PACKDESK_DATABASE_URL",
            "postgres://desk@192.0.2.1:5432/warehouse",
        ),
    ];
    let args = ["--database", without_password.as_str()];
    let a = serve(&args, &env).unwrap();
    let b = serve(&args, &env).unwrap();
    assert_ne!(a.base_url, b.base_url);

    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let quote = client(&a)
            .landed_cost(&cart("DE", None, None))
            .await
            .unwrap();
        let order = order_for(4100, &quote, 0);
        client(&b).create_order(&order).await.unwrap();
        // Created once: the same order again through the first is a conflict, not a second.
        let again = client(&a).create_order(&order).await;
        assert!(
            matches!(again, Err(packdesk::api::ClientError::Conflict { .. })),
            "{again:?}"
        );
    });
}

#[test]
fn a_desks_database_in_the_environment_neither_crashes_nor_redirects_serve() {
    let data = tempfile::tempdir().unwrap();
    let store = data.path().join("store.sqlite3");
    let desk_record = data.path().join("desk.sqlite3");
    let store_arg = format!("sqlite:{}", store.display());
    let desk_env = format!("sqlite:{}", desk_record.display());
    for args in [&["--database", store_arg.as_str()][..], &[]] {
        let served = serve(args, &[("PACKDESK_DATABASE_URL", &desk_env)]).unwrap();
        drop(served);
    }
    assert!(
        store.exists(),
        "--database sqlite:PATH was not the service's store"
    );
    assert!(
        !desk_record.exists(),
        "serve opened the desk's record named by PACKDESK_DATABASE_URL"
    );
}

#[test]
fn a_usage_problem_is_a_message_and_status_2_never_a_panic() {
    for args in [
        &["serve", "--database", "mysql://somewhere/db"][..],
        &["--database", "sqlite:/tmp/x.sqlite3", "serve"],
        &["serve", "--addr", "nowhere"],
    ] {
        let (code, out, err) = crate::support::packdesk(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("stopped unexpectedly"), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

/// `postgres://user:password@host/db` → (`postgres://user@host/db`, `password`).
fn split_password(url: &str) -> (String, String) {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (credentials, host) = rest.split_once('@').unwrap();
    let (user, password) = credentials.split_once(':').unwrap();
    (format!("{scheme}://{user}@{host}"), password.to_owned())
}

#[test]
fn a_key_short_enough_to_guess_is_refused_at_start_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = crate::support::packdesk([
        "serve".as_ref(),
        "--data-dir".as_ref(),
        dir.path().as_os_str(),
        "--api-key".as_ref(),
        "key-1".as_ref(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("short enough to guess"), "{stderr}");
    assert!(stderr.contains("at least 16"), "{stderr}");
}

/// `--undecided-line highest`, for a merchant who pays any difference: a tote that does not say
/// what it is made of, sent as HS 420222, may be of plastic sheeting (4202.22.10, 8 %) or of
/// textile (4202.22.90, 2 %); by default the quote charges the tariff's "other" line, with the
/// option the dearer one. Either way the line says it is not guaranteed, and
/// `--require-hs-codes` names the line charged.
#[test]
fn undecided_line_highest_charges_the_dearest_line_the_words_leave_possible() {
    let mut tote = cart("GB", None, None);
    tote.currency_code = "GBP".into();
    let shipment = &mut tote.shipments[0];
    shipment.ship_from.country_code = "CN".into();
    shipment.items.truncate(1);
    let item = &mut shipment.items[0];
    item.sku = "TOTE-1".into();
    item.product_name = "Everyday tote handbag".into();
    item.category = "Bags".into();
    item.description = String::new();
    item.hs_code = Some("420222".into());
    item.unit_price = "200.00".parse().unwrap();
    let env = [
        ("PACKDESK_API_KEY", API_KEY),
        ("PACKDESK_ACCESS_TOKEN", ACCESS_TOKEN),
    ];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for (option, line, rate) in [
        (&[][..], "42022290", "2"),
        (&["--undecided-line", "highest"][..], "42022210", "8"),
    ] {
        let served = serve(&[option, &["--require-hs-codes"]].concat(), &env).unwrap();
        let quote = runtime
            .block_on(client(&served).landed_cost(&tote))
            .unwrap();
        let duty = &quote.shipments[0].shipping_rate_taxes[0]
            .landed_cost
            .breakdown[0];
        assert_eq!(
            duty.rate.normalize().to_string(),
            rate,
            "{option:?}: {duty:?}"
        );
        assert!(
            duty.tax_name.contains("not guaranteed: may also be"),
            "{duty:?}"
        );
        let codes = quote.hs_codes.unwrap();
        assert_eq!(codes[0].hs_code, line, "{option:?}");
    }
}
