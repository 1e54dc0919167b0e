//! `packdesk`: with no command, the packing-station app; `packdesk serve`, the reference service.

use anyhow::Context as _;
use clap::Parser as _;
use packdesk::cli::{Cli, Command, ServeArgs, default_data_dir};
use packdesk::service::server;

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    packdesk::redact::install_panic_hook();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(args)) => {
            let runtime =
                tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
            runtime.block_on(serve(args))
        }
        // The app owns its own runtime (jobs run there while the window runs on this thread).
        None => packdesk::ui::run(packdesk::ui::AppConfig::platform()),
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let config = args.into_config(default_data_dir().join("service"));
    let data_dir = config.data_dir.clone();
    let running = server::start(config)
        .await
        .context("cannot start the service")?;
    println!("packdesk serve: listening on {}", running.base_url);
    println!("  label endpoint: {}", running.labels_url);
    println!("  data directory: {}", data_dir.display());
    if running.generated_credentials {
        // Shown once, on the start that generated them; they are kept in the data directory.
        println!(
            "  new API key (x-service-direct-api-key): {}",
            running.credentials.api_key.expose()
        );
        println!(
            "  new access token (Authorization: Bearer): {}",
            running.credentials.access_token.expose()
        );
    }
    shutdown_signal().await;
    tracing::info!("shutting down: finishing requests in flight");
    running
        .shutdown()
        .await
        .context("the service did not stop cleanly")?;
    Ok(())
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
