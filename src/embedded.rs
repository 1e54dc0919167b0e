//! Assets compressed into the binary at build time (`build.rs`: the national tariffs, the HS
//! nomenclature, the FX history, the PDF fonts), each inflated once, when first used, and kept
//! for the life of the process, so what borrows from it may borrow for `'static` as it did from
//! an `include_str!`.

use std::sync::OnceLock;

/// One compressed asset.
pub struct Packed {
    /// Its path under `assets/`, for messages.
    pub name: &'static str,
    deflated: &'static [u8],
    inflated: OnceLock<Result<Box<[u8]>, String>>,
}

/// A `static` [`Packed`] of `assets/PATH`; `build.rs` must list `PATH`.
macro_rules! packed {
    ($path:literal) => {
        $crate::embedded::Packed::new(
            $path,
            include_bytes!(concat!(env!("OUT_DIR"), "/assets/", $path, ".deflate")),
        )
    };
}

pub(crate) use packed;

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum EmbeddedError {
    /// The build embedded something that does not inflate: a broken build, not bad data.
    #[error("the embedded {name} is damaged: {why}")]
    Damaged { name: &'static str, why: String },
}

impl Packed {
    pub const fn new(name: &'static str, deflated: &'static [u8]) -> Self {
        Self {
            name,
            deflated,
            inflated: OnceLock::new(),
        }
    }

    /// The asset's bytes, inflated on the first call.
    pub fn bytes(&'static self) -> Result<&'static [u8], EmbeddedError> {
        self.inflated
            .get_or_init(|| {
                miniz_oxide::inflate::decompress_to_vec(self.deflated)
                    .map(Vec::into_boxed_slice)
                    .map_err(|e| e.to_string())
            })
            .as_deref()
            .map_err(|why| self.damaged(why.clone()))
    }

    /// The asset as UTF-8 text.
    pub fn text(&'static self) -> Result<&'static str, EmbeddedError> {
        std::str::from_utf8(self.bytes()?).map_err(|e| self.damaged(e.to_string()))
    }

    fn damaged(&self, why: String) -> EmbeddedError {
        EmbeddedError::Damaged {
            name: self.name,
            why,
        }
    }
}

#[cfg(test)]
mod tests {
    static FX: super::Packed = super::packed!("tables/fx_rates.json");

    #[test]
    fn an_asset_inflates_to_the_file_it_was_made_from() {
        let file = include_str!("../assets/tables/fx_rates.json");
        assert_eq!(FX.text().unwrap(), file);
        // Once: the same memory the second time.
        assert!(std::ptr::eq(FX.text().unwrap(), FX.text().unwrap()));
    }
}
