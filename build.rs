//! Compresses the large assets the binary embeds (the six national tariffs, the HS nomenclature,
//! the FX history and the PDF fonts, 12 MB together) with deflate into `OUT_DIR`, where
//! `src/embedded.rs` takes them from: 3 MB of the binary instead of 12, each inflated once, when
//! first used. Only these files: the small tables stay plain `include_str!`s.

use std::error::Error;
use std::path::{Path, PathBuf};

/// Paths under `assets/`; `embedded::packed!` names the same ones.
const PACKED: &[&str] = &[
    "tables/duty/lines/au.tsv",
    "tables/duty/lines/ca.tsv",
    "tables/duty/lines/eu.tsv",
    "tables/duty/lines/gb.tsv",
    "tables/duty/lines/jp.tsv",
    "tables/duty/lines/us.tsv",
    "hs/hscodes.json",
    "tables/fx_rates.json",
    "fonts/DejaVuSansCondensed.ttf",
    "fonts/DejaVuSansCondensed-Bold.ttf",
    "fonts/DroidSansFallback-CJK-subset.ttf",
    "fonts/NotoSansCJKkr-Hangul-subset.ttf",
];

fn main() -> Result<(), Box<dyn Error>> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?);
    for asset in PACKED {
        let source = Path::new("assets").join(asset);
        println!("cargo::rerun-if-changed={}", source.display());
        let data = std::fs::read(&source).map_err(|e| format!("{}: {e}", source.display()))?;
        let target = out.join("assets").join(format!("{asset}.deflate"));
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&target, miniz_oxide::deflate::compress_to_vec(&data, 9))?;
    }
    Ok(())
}
