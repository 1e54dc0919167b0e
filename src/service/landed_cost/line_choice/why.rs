//! Why a national line was chosen, as the duty line says it.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The merchant's code names this line.
    Named,
    /// The subheading has this one line.
    Only,
    /// The subheading's lines share one rate.
    OneRate { lines: usize },
    /// The item's unit value is in this line's range ("valued over $12/pair").
    Valued { lines: usize },
    /// The product's words rule out every other line.
    Left { lines: usize },
    /// The product's name, category or description fit this line best.
    Described { lines: usize },
    /// Nothing fits better: the tariff's "other" line of the subheading.
    Other { lines: usize },
    /// Nothing fits better and no line is "other": the rate most of the lines have.
    MostLines { lines: usize },
}
