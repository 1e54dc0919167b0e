//! The lines a product cannot fall under, read from its words: each rule is a contradiction a
//! broker would not argue with, so a line it rules out is not named among the lines a quote
//! may be wrong about. A rule that would rule out every line says nothing and is skipped.
//!
//! One rule reads what the product leaves unsaid: a line for one use (sports footwear, hotel
//! ware) is not chosen for a product that does not name the use, yet the product may well be
//! for it. Such a line is never chosen, but it stays among the lines the quote may be wrong
//! about: a quote is guaranteed only by what the product says.

use super::material::materials;
use crate::service::landed_cost::tables::{NationalLine, SpecialUse, use_named};

/// Which of the lines (in order) a rule keeps.
type Rule<'a> = dyn Fn(&[&NationalLine]) -> Vec<bool> + 'a;

/// The lines a product may fall under.
pub(super) struct Possible<'t> {
    /// The lines its words leave, in the tariff's order: the choice is among them.
    pub left: Vec<&'t NationalLine>,
    /// Lines for a use the product does not name, which nothing it says rules out, in the
    /// tariff's order: not chosen, but possible.
    pub unsaid: Vec<&'t NationalLine>,
}

/// The `candidates` the product (its stemmed words, sorted) may fall under.
pub(super) fn possible<'t>(candidates: &[&'t NationalLine], product: &[String]) -> Possible<'t> {
    let has = |w: &String| product.binary_search(w).is_ok();
    let names_use = |u: &String| has(u) || product.iter().any(|w| use_named(w) == Some(u.as_str()));
    let left = ruled(candidates, product, &names_use);
    // Most subheadings have no line for one use: the second reading only where one is left out
    // for want of its use, not for being no shop's parcel.
    let unsaid_use = |l: &&NationalLine| !for_its_use(l, &names_use) && for_its_use(l, &|_| true);
    let unsaid = if !candidates.iter().any(unsaid_use) {
        Vec::new()
    } else {
        let any_use = ruled(candidates, product, &|_| true);
        any_use
            .into_iter()
            .filter(|l| !left.iter().any(|k| k.code == l.code))
            .collect()
    };
    Possible { left, unsaid }
}

/// The `candidates` every rule leaves, a line for one use left when `names_use` says the
/// product names it.
fn ruled<'t>(
    candidates: &[&'t NationalLine],
    product: &[String],
    names_use: &dyn Fn(&String) -> bool,
) -> Vec<&'t NationalLine> {
    let has = |w: &String| product.binary_search(w).is_ok();
    let mut left = candidates.to_vec();
    let rules: [&Rule; 5] = [
        &|lines| lines.iter().map(|l| for_its_use(l, names_use)).collect(),
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

/// Whether the product is a thing the line excludes: it has every word of the thing beyond
/// the words the line asks for ("bags (excl. beverage bags)" excludes a beverage bag, not
/// every bag; "(excl. coffee mills)" not a coffee mug).
fn excluded(line: &NationalLine, has: &dyn Fn(&String) -> bool) -> bool {
    let d = line.described();
    d.exclusions.iter().any(|thing| {
        let mut telling = thing
            .iter()
            .filter(|w| d.wanted.binary_search(w).is_err())
            .peekable();
        telling.peek().is_some() && telling.all(has)
    })
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
