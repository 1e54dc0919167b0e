//! `packdesk`: with no command, the packing-station app; `packdesk serve`, the reference service.

use std::io::Write as _;

use anyhow::Context as _;
use packdesk::cli::{Cli, Command, ServeArgs, WarehouseCommand};
use packdesk::paths::Paths;
use packdesk::service::server;

fn main() -> anyhow::Result<std::process::ExitCode> {
    // The clock of `--measure-startup` starts before anything else happens.
    let started = std::time::Instant::now();
    packdesk::redact::install_panic_hook();
    let paths = Paths::platform();
    let cli = Cli::parse_with_paths(&paths);
    if cli.measure_startup {
        packdesk::ui::measure::startup(started)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    // The warehouse server logs into its own data directory, beside its certificate.
    let log_file = match &cli.command {
        Some(Command::Warehouse(args)) => packdesk::cli::warehouse_log_file(args, &paths),
        _ => None,
    }
    .unwrap_or_else(|| paths.log_file());
    if let Err(e) = packdesk::logging::init(&log_file) {
        tracing::warn!("logging to stderr only: {e}");
    }
    match cli.command {
        Some(Command::Serve(args)) => {
            let runtime =
                tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
            runtime.block_on(serve(args, &paths))?;
        }
        Some(Command::Import(args)) => {
            return Ok(packdesk::cli::run_import(&args, &paths));
        }
        Some(Command::Documents(args)) => {
            return Ok(packdesk::cli::run_documents(&args, &paths));
        }
        Some(Command::Scale(args)) => return Ok(packdesk::cli::run_scale(&args)),
        Some(Command::Warehouse(args)) => match args.command {
            WarehouseCommand::Serve(serve) => {
                let runtime =
                    tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
                runtime.block_on(warehouse_serve(serve, &paths))?;
            }
            command => return Ok(packdesk::cli::run_warehouse_admin(&command, &paths)),
        },
        // The app owns its own runtime (jobs run there while the window runs on this thread).
        None => {
            tracing::info!(version = env!("CARGO_PKG_VERSION"), "station app starting");
            let mut config = packdesk::ui::config::AppConfig::from_paths(&paths);
            config.database = cli.database;
            config.warehouse = cli.warehouse;
            packdesk::ui::window::run(config)?;
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

async fn serve(args: ServeArgs, paths: &Paths) -> anyhow::Result<()> {
    let config = args.into_config(paths.service.clone());
    let data_dir = config.data_dir.clone();
    let running = server::start(config)
        .await
        .context("cannot start the service")?;
    // Written, not printed: a closed stdout (`packdesk serve | head -1`, a launcher that went
    // away) must not stop the service, and `println!` panics on a broken pipe.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "packdesk serve: listening on {}", running.base_url);
    let _ = writeln!(out, "  label endpoint: {}", running.labels_url);
    let _ = writeln!(out, "  data directory: {}", data_dir.display());
    if running.generated_credentials {
        // Shown once, on the start that generated them; they are kept in the data directory.
        let _ = writeln!(
            out,
            "  new API key (x-service-direct-api-key): {}",
            running.credentials.api_key.expose()
        );
        let _ = writeln!(
            out,
            "  new access token (Authorization: Bearer): {}",
            running.credentials.access_token.expose()
        );
    }
    until_asked_to_stop(out).await;
    running
        .shutdown()
        .await
        .context("the service did not stop cleanly")?;
    Ok(())
}

async fn warehouse_serve(
    args: packdesk::cli::WarehouseServeArgs,
    paths: &Paths,
) -> anyhow::Result<()> {
    let config = args.into_config(paths);
    let data_dir = config.data_dir.clone();
    let running = packdesk::warehouse::start(config)
        .await
        .context("cannot start the warehouse server")?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "packdesk warehouse serve: listening on {}",
        running.base_url
    );
    if let Some(fingerprint) = &running.fingerprint {
        let _ = writeln!(out, "  certificate SHA-256: {fingerprint}");
    }
    let _ = writeln!(out, "  record: {}", running.record);
    match &running.provider {
        Some(url) => {
            let _ = writeln!(out, "  provider: {url}");
        }
        None => {
            let _ = writeln!(
                out,
                "  provider: none set, so orders and labels wait in the outbox (packdesk \
                 warehouse set-provider)"
            );
        }
    }
    let _ = writeln!(out, "  data directory: {}", data_dir.display());
    until_asked_to_stop(out).await;
    running
        .shutdown()
        .await
        .context("the warehouse server did not stop cleanly")?;
    Ok(())
}

/// Ends what the server printed at start, then waits for Ctrl+C or SIGTERM.
async fn until_asked_to_stop(mut out: std::io::StdoutLock<'_>) {
    let _ = out.flush();
    drop(out);
    shutdown_signal().await;
    tracing::info!("shutting down: finishing requests in flight");
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
