//! Among the lines still possible, the one the product's words describe, else the tariff's
//! catch-all: a preference, not a certainty, so the lines at other rates stay named.

use super::why::Why;
use crate::service::landed_cost::tables::NationalLine;

/// What one word of a thing a line names weighs against one of its parents' words.
const NAMED: usize = 10;

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
    let telling = |w: &&String| !in_every_line(w);
    // A line's own words count only when all of one thing they name is the product's: a
    // bicycle bell shares "bell" with "Church bells" but is not one. Its parents' words count
    // one by one ("Jams > Apricot" and "Jams > Other" are both jams).
    let scores: Vec<i32> = described
        .iter()
        .map(|d| {
            let named = d
                .units
                .iter()
                .map(|unit| unit.iter().filter(telling).collect::<Vec<_>>())
                .filter(|unit| !unit.is_empty() && unit.iter().all(|w| in_product(w)))
                .map(|unit| unit.len())
                .max()
                .unwrap_or(0);
            let hits = d
                .parents
                .iter()
                .filter(|w| in_product(w) && telling(w))
                .count();
            let misses = d.excluded.iter().filter(|w| in_product(w)).count();
            (NAMED * named + hits) as i32 - misses as i32
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if best > 0 {
        // Of lines the product's words fit alike, those whose levels above ask least that the
        // product does not say: a leather handbag is "Other > Of leather", not "Using precious
        // metal or pearls > Of leather".
        let unsaid = |i: usize| {
            described[i]
                .parents
                .iter()
                .filter(|w| !in_product(w) && telling(w))
                .count()
        };
        let tied: Vec<usize> = (0..n).filter(|&i| scores[i] == best).collect();
        let fewest = tied.iter().map(|&i| unsaid(i)).min().unwrap_or(0);
        let tied: Vec<usize> = tied.into_iter().filter(|&i| unsaid(i) == fewest).collect();
        // Of lines that share only their parents' words with the product, that level's "other"
        // ("Jams > Other" for a fig jam); of lines naming the product, a named one.
        let by_parents = best < NAMED as i32;
        let pick = tied
            .iter()
            .copied()
            .find(|&i| described[i].other == by_parents)
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
