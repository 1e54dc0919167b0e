//! Code 128 (ISO/IEC 15417) in subsets B and C: printable ASCII in B, digit pairs in C, choosing
//! the switches that give the fewest symbols.

/// Data Code 128 (subsets B and C) cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Code128Error {
    #[error("nothing to encode")]
    Empty,
    #[error("character {0:?} cannot be encoded in Code 128 subset B")]
    Unencodable(char),
    #[error("symbol value out of range")]
    OutOfRange,
}

/// Bar/space widths of symbol values 0..=105, bar first (ISO/IEC 15417 table 1). Each adds up
/// to 11 modules.
const PATTERNS: [&[u8; 6]; 106] = [
    b"212222", b"222122", b"222221", b"121223", b"121322", b"131222", b"122213", b"122312",
    b"132212", b"221213", b"221312", b"231212", b"112232", b"122132", b"122231", b"113222",
    b"123122", b"123221", b"223211", b"221132", b"221231", b"213212", b"223112", b"312131",
    b"311222", b"321122", b"321221", b"312212", b"322112", b"322211", b"212123", b"212321",
    b"232121", b"111323", b"131123", b"131321", b"112313", b"132113", b"132311", b"211313",
    b"231113", b"231311", b"112133", b"112331", b"132131", b"113123", b"113321", b"133121",
    b"313121", b"211331", b"231131", b"213113", b"213311", b"213131", b"311123", b"311321",
    b"331121", b"312113", b"312311", b"332111", b"314111", b"221411", b"431111", b"111224",
    b"111422", b"121124", b"121421", b"141122", b"141221", b"112214", b"112412", b"122114",
    b"122411", b"142112", b"142211", b"241211", b"221114", b"413111", b"241112", b"134111",
    b"111242", b"121142", b"121241", b"114212", b"124112", b"124211", b"411212", b"421112",
    b"421211", b"212141", b"214121", b"412121", b"111143", b"111341", b"131141", b"114113",
    b"114311", b"411113", b"411311", b"113141", b"114131", b"311141", b"411131", b"211412",
    b"211214", b"211232",
];
/// The stop symbol (value 106) has a seventh element: the final 2-module bar.
const STOP_PATTERN: &[u8; 7] = b"2331112";

const CODE_C: u8 = 99;
const CODE_B: u8 = 100;
const START_B: u8 = 104;
const START_C: u8 = 105;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Subset {
    B,
    C,
}

/// The modules of `data` as Code 128, `true` for a bar, from the start symbol through the stop
/// pattern (quiet zones are the caller's). Every character must be printable ASCII (32..=126).
pub fn code128(data: &str) -> Result<Vec<bool>, Code128Error> {
    let values = symbol_values(data)?;
    let mut modules = Vec::with_capacity(values.len() * 11 + 2);
    for value in values {
        let pattern = PATTERNS
            .get(usize::from(value))
            .ok_or(Code128Error::OutOfRange)?;
        push_widths(&mut modules, *pattern);
    }
    push_widths(&mut modules, STOP_PATTERN);
    Ok(modules)
}

/// Symbol values of `data`: start, data and subset switches, then the check symbol (the stop
/// symbol is not included).
pub(crate) fn symbol_values(data: &str) -> Result<Vec<u8>, Code128Error> {
    if data.is_empty() {
        return Err(Code128Error::Empty);
    }
    if let Some(bad) = data.chars().find(|c| !(' '..='~').contains(c)) {
        return Err(Code128Error::Unencodable(bad));
    }
    let bytes = data.as_bytes();
    let plan = cheapest_subsets(bytes);
    let mut values = Vec::with_capacity(bytes.len() + 4);
    let mut position = 0;
    let mut current = None;
    while let Some(&byte) = bytes.get(position) {
        let subset = plan.get(position).copied().unwrap_or(Subset::B);
        match (current, subset) {
            (None, Subset::B) => values.push(START_B),
            (None, Subset::C) => values.push(START_C),
            (Some(Subset::C), Subset::B) => values.push(CODE_B),
            (Some(Subset::B), Subset::C) => values.push(CODE_C),
            _ => {}
        }
        current = Some(subset);
        match subset {
            Subset::B => {
                values.push(byte.saturating_sub(b' '));
                position += 1;
            }
            Subset::C => {
                let low = bytes.get(position + 1).copied().unwrap_or(b'0');
                // The plan only picks C for digit pairs.
                values.push(byte.saturating_sub(b'0') * 10 + low.saturating_sub(b'0'));
                position += 2;
            }
        }
    }
    values.push(checksum(&values));
    Ok(values)
}

/// Mod-103 check: the start value plus each following value times its position.
pub(crate) fn checksum(values: &[u8]) -> u8 {
    let sum: usize = values
        .iter()
        .enumerate()
        .map(|(position, &value)| usize::from(value) * position.max(1))
        .sum();
    // The remainder is below 103, so it fits.
    u8::try_from(sum % 103).unwrap_or(0)
}

/// For each position where a symbol starts, the subset to encode it in, minimising the number of
/// symbols (switches included). Dynamic programming from the end: `cost[i][s]` is the fewest
/// symbols for `bytes[i..]` when the symbol before `i` was in subset `s`.
fn cheapest_subsets(bytes: &[u8]) -> Vec<Subset> {
    let n = bytes.len();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    // cost[i] = (cost if currently in B, cost if currently in C); choice[i] likewise.
    let mut cost = vec![(0usize, 0usize); n + 1];
    let mut choice = vec![(Subset::B, Subset::B); n + 1];
    for i in (0..n).rev() {
        let via_b = 1 + cost.get(i + 1).map_or(0, |c| c.0);
        let via_c = (digit(i) && digit(i + 1)).then(|| 1 + cost.get(i + 2).map_or(0, |c| c.1));
        // A switch costs one symbol; ties stay in the current subset.
        let best = |current: Subset| {
            let (stay, other, other_subset) = match current {
                Subset::B => (Some(via_b), via_c, Subset::C),
                Subset::C => (via_c, Some(via_b), Subset::B),
            };
            let stay_cost = stay.unwrap_or(usize::MAX);
            let switch_cost = other.map_or(usize::MAX, |c| c + 1);
            if stay_cost <= switch_cost {
                (stay_cost, current)
            } else {
                (switch_cost, other_subset)
            }
        };
        let (in_b, choose_b) = best(Subset::B);
        let (in_c, choose_c) = best(Subset::C);
        if let (Some(c), Some(h)) = (cost.get_mut(i), choice.get_mut(i)) {
            *c = (in_b, in_c);
            *h = (choose_b, choose_c);
        }
    }
    // The start symbol picks the subset for free: begin in whichever is cheaper.
    let mut current = match cost.first() {
        Some(&(b, c)) if c < b => Subset::C,
        _ => Subset::B,
    };
    let mut plan = vec![Subset::B; n];
    let mut i = 0;
    while i < n {
        let chosen = choice.get(i).map_or(Subset::B, |h| match current {
            Subset::B => h.0,
            Subset::C => h.1,
        });
        if let Some(slot) = plan.get_mut(i) {
            *slot = chosen;
        }
        current = chosen;
        i += if chosen == Subset::C { 2 } else { 1 };
    }
    plan
}

fn push_widths(modules: &mut Vec<bool>, widths: &[u8]) {
    for (index, width) in widths.iter().enumerate() {
        let bar = index % 2 == 0;
        modules.extend(std::iter::repeat_n(bar, usize::from(width - b'0')));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_has_eleven_modules_three_bars_and_is_unique() {
        for pattern in PATTERNS {
            let total: u32 = pattern.iter().map(|w| u32::from(w - b'0')).sum();
            assert_eq!(total, 11, "{:?}", std::str::from_utf8(pattern));
        }
        let mut sorted = PATTERNS.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), PATTERNS.len());
        assert_eq!(
            STOP_PATTERN
                .iter()
                .map(|w| u32::from(w - b'0'))
                .sum::<u32>(),
            13
        );
    }

    #[test]
    fn checksum_of_the_standard_example() {
        // "PJJ123C" all in subset B: 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7
        // = 104+48+84+126+68+90+114+245 = 879; 879 mod 103 = 879 - 824 = 55.
        assert_eq!(checksum(&[104, 48, 42, 42, 17, 18, 19, 35]), 55);
        // Three digits: C would cost a switch and a switch back, so B is kept.
        assert_eq!(
            symbol_values("PJJ123C").unwrap(),
            vec![104, 48, 42, 42, 17, 18, 19, 35, 55]
        );
    }

    #[test]
    fn digit_runs_switch_to_subset_c() {
        // LX, then "1" in B, C for 23 45 67 85, back to B for DE. Checksum:
        // 104 + 44·1 + 56·2 + 17·3 + 99·4 + 23·5 + 45·6 + 67·7 + 85·8 + 100·9 + 36·10 + 37·11
        // = 104+44+112+51+396+115+270+469+680+900+360+407 = 3908; 3908 - 37·103 = 97.
        assert_eq!(
            symbol_values("LX123456785DE").unwrap(),
            vec![104, 44, 56, 17, 99, 23, 45, 67, 85, 100, 36, 37, 97]
        );
        // All digits, even count: start C. 12 34 -> 105 + 12·1 + 34·2 = 185; 185 - 103 = 82.
        assert_eq!(symbol_values("1234").unwrap(), vec![105, 12, 34, 82]);
        // Odd count: one digit must go in B; it costs the same at either end, and the tie
        // starts in B. 104 + 17·1 + 99·2 + 23·3 + 45·4 = 568; 568 - 5·103 = 53.
        assert_eq!(
            symbol_values("12345").unwrap(),
            vec![104, 17, 99, 23, 45, 53]
        );
    }

    #[test]
    fn modules_frame_the_symbols() {
        let modules = code128("LX123456785DE").unwrap();
        // 13 symbols (start, 11 data and switches, check) of 11 modules plus the 13-module
        // stop; bars at both ends.
        assert_eq!(modules.len(), 13 * 11 + 13);
        assert_eq!(modules.first(), Some(&true));
        assert_eq!(modules.last(), Some(&true));
        // Start B is 2 1 1 2 1 4.
        let start: Vec<bool> = modules.iter().take(11).copied().collect();
        let expected = [
            true, true, false, true, false, false, true, false, false, false, false,
        ];
        assert_eq!(start, expected);
    }

    #[test]
    fn rejects_what_subset_b_cannot_hold() {
        assert_eq!(code128(""), Err(Code128Error::Empty));
        assert_eq!(code128("Zoë"), Err(Code128Error::Unencodable('ë')));
        assert_eq!(code128("a\tb"), Err(Code128Error::Unencodable('\t')));
    }
}
