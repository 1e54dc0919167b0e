//! What an item is made of, as far as a line's material decides it ("of plastics", "of wood",
//! "of glass").

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Material {
    Plastics,
    Wood,
    Bamboo,
    Glass,
    Ceramic,
    Leather,
    BaseMetal,
    Textile,
    Paper,
    Rubber,
}

fn material(stem: &str) -> Option<Material> {
    use Material::*;
    Some(match stem {
        "plastic" | "pvc" | "vinyl" | "polyethylene" | "polypropylene" | "polycarbonate"
        | "silicone" => Plastics,
        "wood" | "wooden" | "beech" | "oak" | "pine" | "walnut" | "teak" | "birch" | "maple"
        | "sandalwood" | "rosewood" | "ebony" | "mahogany" | "acacia" | "cedar" => Wood,
        "bamboo" => Bamboo,
        "glass" | "crystal" => Glass,
        "ceramic" | "stoneware" | "earthenware" | "porcelain" | "china" | "terracotta" => Ceramic,
        "leather" | "lambskin" | "cowhide" | "suede" | "nubuck" => Leather,
        "steel" | "stainless" | "iron" | "aluminium" | "aluminum" | "copper" | "brass"
        | "bronze" | "zinc" | "titanium" => BaseMetal,
        // Vegetable fibres are textiles, but not of the textile family a line's "of cotton"
        // shares with a cotton product: a jute rug is not an "of cotton" line's best match.
        "textile" | "jute" | "sisal" | "hemp" | "coir" | "ramie" | "abaca" => Textile,
        "paper" | "paperboard" | "cardboard" => Paper,
        "rubber" | "latex" => Rubber,
        _ => return None,
    })
}

/// The materials `words` (stemmed) name, sorted, each once.
pub(super) fn materials<'w>(words: impl IntoIterator<Item = &'w String>) -> Vec<Material> {
    let mut found: Vec<Material> = words.into_iter().filter_map(|w| material(w)).collect();
    found.sort_unstable();
    found.dedup();
    found
}
