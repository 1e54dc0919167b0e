//! Among the lines still possible, the one the product's words describe, else the tariff's
//! catch-all: a preference, not a certainty, so the lines at other rates stay named.

use super::why::Why;
use crate::service::landed_cost::tables::NationalLine;

/// The line of `candidates` (of the subheading's `lines`) that the product's words (stemmed,
/// sorted) describe best, and why.
pub(super) fn best<'t>(
    candidates: &[&'t NationalLine],
    lines: usize,
    product: &[String],
) -> (&'t NationalLine, Why) {
    let n = candidates.len();
    let described: Vec<_> = candidates.iter().map(|l| l.described()).collect();
    let in_product = |w: &String| product.binary_search(w).is_ok();
    // A word every line has says nothing about which line (asked only of the product's words).
    let in_every_line = |w: &String| described.iter().all(|d| d.wanted.contains(w));
    let scores: Vec<i32> = described
        .iter()
        .map(|d| {
            let hits = d
                .wanted
                .iter()
                .filter(|w| in_product(w) && !in_every_line(w))
                .count();
            let misses = d.excluded.iter().filter(|w| in_product(w)).count();
            hits as i32 - misses as i32
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if best > 0 {
        let tied: Vec<usize> = (0..n).filter(|&i| scores[i] == best).collect();
        let pick = tied
            .iter()
            .copied()
            .find(|&i| !described[i].other)
            .unwrap_or(tied[0]);
        return (candidates[pick], Why::Described { lines });
    }
    // The last "other" line: the tariff's catch-all, at the deepest level it has one.
    if let Some(other) = (0..n).rev().find(|&i| described[i].other && scores[i] == 0) {
        return (candidates[other], Why::Other { lines });
    }
    // Flat descriptions (the EU's) name no catch-all: the rate most lines share, else the
    // last line, where tariffs put what is left.
    let shared = |i: usize| {
        candidates
            .iter()
            .filter(|l| l.mfn == candidates[i].mfn)
            .count()
    };
    match (0..n).find(|&i| shared(i) * 2 > n) {
        Some(i) => (candidates[i], Why::MostLines { lines }),
        None => (candidates[n - 1], Why::Other { lines }),
    }
}
