//! How a duty line says that its national tariff line, and so its rate, is not certain: the
//! product's words left lines at other rates possible. Packdesk's service writes it into the
//! line's name (SPEC.md's breakdown has no field for it); the desk's quote panel reads it back
//! to show an agent which longer code the merchant should send. A provider's names that do not
//! say it are simply shown as they are.
//!
//! The form: `…; not guaranteed: may also be at 5%: 6403.91.98; at 6%: 6402.19.05, 6402.19.07
//! and 3 more`.

/// Begins the note in a duty line's name.
pub const NOT_GUARANTEED: &str = "not guaranteed:";

/// What a duty line may be instead of the line it was priced under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undecided {
    /// The line it was priced under, as named (`6403.91.11`).
    pub charged: String,
    /// Each other rate as written, with the lines at it (and how many more are not named).
    pub others: Vec<OtherRate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherRate {
    pub rate: String,
    pub lines: Vec<String>,
    pub more: usize,
}

impl Undecided {
    /// The note in a duty line's name, if it has one.
    pub fn read(name: &str) -> Option<Undecided> {
        let (before, note) = name.split_once(NOT_GUARANTEED)?;
        let charged = before
            .split_once(", line ")
            .map(|(_, rest)| rest.split_once(' ').map_or(rest, |(code, _)| code))
            .unwrap_or_default()
            .trim_end_matches(':')
            .to_string();
        let others = note
            .trim()
            .strip_prefix("may also be ")?
            .split("; ")
            .filter_map(|part| {
                let (rate, lines) = part.strip_prefix("at ")?.split_once(": ")?;
                let (lines, more) = match lines.split_once(" and ") {
                    Some((named, more)) => (
                        named,
                        more.strip_suffix(" more")
                            .and_then(|n| n.parse().ok())
                            .unwrap_or(0),
                    ),
                    None => (lines, 0),
                };
                Some(OtherRate {
                    rate: rate.to_string(),
                    lines: lines.split(", ").map(str::to_string).collect(),
                    more,
                })
            })
            .collect();
        Some(Undecided { charged, others })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duty_lines_note_reads_back_as_its_lines_and_rates() {
        let name = "Customs duty, EU Common Customs Tariff MFN, line 6403.91.11 (Footwear with \
                    outer soles...): 8%; HS 640391 has 9 lines, none described by the product: \
                    the rate most of them have; not guaranteed: may also be at 5%: 6403.91.98; \
                    at 3.5%: 6403.91.16, 6403.91.18 and 2 more";
        let undecided = Undecided::read(name).unwrap();
        assert_eq!(undecided.charged, "6403.91.11");
        assert_eq!(
            undecided.others,
            [
                OtherRate {
                    rate: "5%".into(),
                    lines: vec!["6403.91.98".into()],
                    more: 0
                },
                OtherRate {
                    rate: "3.5%".into(),
                    lines: vec!["6403.91.16".into(), "6403.91.18".into()],
                    more: 2
                },
            ]
        );
        assert_eq!(
            Undecided::read("Customs duty, line 6109.10.00 (T-shirts): 12%"),
            None
        );
    }
}
