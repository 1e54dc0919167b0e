//! The lines a product cannot fall under, read from its words: each rule is a contradiction a
//! broker would not argue with, so a line it rules out is not named among the lines a quote
//! may be wrong about. A rule that would rule out every line says nothing and is skipped.

use super::material::materials;
use crate::service::landed_cost::tables::{NationalLine, SpecialUse, use_named};

/// Which of the lines (in order) a rule keeps.
type Rule<'a> = dyn Fn(&[&NationalLine]) -> Vec<bool> + 'a;

/// The `candidates` the product (its stemmed words, sorted) may fall under, in their order.
pub(super) fn possible<'t>(
    candidates: &[&'t NationalLine],
    product: &[String],
) -> Vec<&'t NationalLine> {
    let has = |w: &String| product.binary_search(w).is_ok();
    let names_use = |u: &String| has(u) || product.iter().any(|w| use_named(w) == Some(u.as_str()));
    let mut left = candidates.to_vec();
    let rules: [&Rule; 5] = [
        &|lines| lines.iter().map(|l| for_its_use(l, &names_use)).collect(),
        &|lines| lines.iter().map(|l| !excluded(l, &has)).collect(),
        &|lines| in_material(lines, product),
        &|lines| either_of(lines, &has, ("men", "women")),
        &|lines| either_of(lines, &has, ("knitted", "woven")),
    ];
    for rule in rules {
        let keep = rule(&left);
        if keep.iter().any(|k| *k) {
            let mut keep = keep.into_iter();
            left.retain(|_| keep.next().unwrap_or(true));
        }
    }
    left
}

/// A line for one use is a product's only when the product names that use; a line for making
/// other goods or for a hospital is never a shop's parcel.
fn for_its_use(line: &NationalLine, names_use: &dyn Fn(&String) -> bool) -> bool {
    match &line.described().special_use {
        None => true,
        Some(SpecialUse::NotRetail) => false,
        Some(SpecialUse::Named(uses)) => uses.iter().any(names_use),
    }
}

/// Whether the product has something the line excludes, beyond the words the line asks for
/// ("bags (excl. insulated food or beverage bags)" excludes an insulated bag, not every bag).
fn excluded(line: &NationalLine, has: &dyn Fn(&String) -> bool) -> bool {
    let d = line.described();
    d.excluded
        .iter()
        .any(|w| has(w) && d.wanted.binary_search(w).is_err())
}

/// A line whose material the product contradicts is not its: a line for wooden toys is not
/// a plastic toy's, nor one "of glass" a ceramic lamp's. Only the materials that tell the
/// lines apart count (one every line names says nothing); a product that names none keeps all.
fn in_material(lines: &[&NationalLine], product: &[String]) -> Vec<bool> {
    let made_of = materials(product);
    if made_of.is_empty() {
        return vec![true; lines.len()];
    }
    let of_line: Vec<_> = lines
        .iter()
        .map(|l| materials(&l.described().wanted))
        .collect();
    let in_every = |m| of_line.iter().all(|ms| ms.contains(m));
    of_line
        .iter()
        .map(|ms| {
            let mut telling = ms.iter().filter(|m| !in_every(m)).peekable();
            telling.peek().is_none() || telling.any(|m| made_of.contains(m))
        })
        .collect()
}

/// A line for men is not a women's product's, nor one for women a men's; a line for knitted
/// goods is not a woven product's, nor one for woven goods a knitted one's. A product that says
/// both, or neither, keeps every line; so does a line that names both, or neither.
fn either_of(
    lines: &[&NationalLine],
    has: &dyn Fn(&String) -> bool,
    (a, b): (&str, &str),
) -> Vec<bool> {
    let (a, b) = (a.to_string(), b.to_string());
    let (product_a, product_b) = (has(&a), has(&b));
    lines
        .iter()
        .map(|l| {
            if product_a == product_b {
                return true;
            }
            let wanted = &l.described().wanted;
            let (line_a, line_b) = (wanted.contains(&a), wanted.contains(&b));
            line_a == line_b || (product_a && line_a) || (product_b && line_b)
        })
        .collect()
}
