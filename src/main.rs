//! `packdesk`: with no command, the packing-station app; `packdesk serve`, the reference service.

fn main() -> anyhow::Result<()> {
    println!(
        "Packdesk {}: the app and `packdesk serve` are being built.",
        env!("CARGO_PKG_VERSION")
    );
    Ok(())
}
