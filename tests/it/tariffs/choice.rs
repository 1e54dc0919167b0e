//! The national line a customs broker would choose, measured (issue 45): a labelled set of
//! products as online shops list them (`choice/*.tsv`, one file per tariff, each case naming
//! the official row it was read from) quoted through the engine, from China, in enough units that no duty-free threshold applies.
//! The test reports, for each half:
//! - *exact*: the share of cases whose line is the expected one;
//! - *charged*: the share charged the right rate (another line at the same rate costs the
//!   customer nothing);
//! - *right rate*: the share whose quote is right about its rate: charged right, or marked not
//!   guaranteed with the right rate among the other rates it names (the measure);
//! - *guaranteed wrong*: quotes charged a wrong rate without saying they may be wrong, the
//!   error that costs a merchant who guarantees the quote;
//! - *not guaranteed*: the share of quotes that say so;
//!
//! and every wrong choice of the tuning half. It fails when a share falls below the floor it
//! has reached, or the guaranteed wrong quotes grow.
//!
//! The set is split once into a tuning half and a held-out half by a hash of each case with a
//! fixed seed ([`SEED`]); the held-out half's wrong choices are never printed, so rules are not
//! tuned to them, and its shares say whether a rule generalises.

use std::fmt::Write as _;

use packdesk::api::undecided::NOT_GUARANTEED;
use packdesk::api::{BreakdownType, CartItem, WireWeight};
use packdesk::service::landed_cost::Tables;
use rust_decimal::Decimal;
use time::macros::date;

use crate::landed_cost::{address, at, engine, request, shipment};

/// The split's seed: changing it re-deals the halves, which spoils the held-out half.
const SEED: u64 = 0x5EED_2026_1129;

/// (tariff, the destination quoted, its currency, the evaluation file).
const TARIFFS: [(&str, &str, Option<&str>, &str, &str); 6] = [
    ("US", "US", Some("NY"), "USD", include_str!("choice/us.tsv")),
    ("EU", "DE", None, "EUR", include_str!("choice/eu.tsv")),
    ("GB", "GB", None, "GBP", include_str!("choice/gb.tsv")),
    ("JP", "JP", None, "JPY", include_str!("choice/jp.tsv")),
    ("CA", "CA", Some("ON"), "CAD", include_str!("choice/ca.tsv")),
    ("AU", "AU", None, "AUD", include_str!("choice/au.tsv")),
];

/// The shares reached, in percent, that the test holds: exact, charged and right rate of the
/// tuning half, then of the held-out half. Raise them as the choice improves; never lower them
/// to pass. (They were last set anew when 268 more cases joined the set, of all six tariffs,
/// written where the lines under a subheading differ, often where a line is for one use or a
/// number on the item decides: the engine then scored 68.5, 75.7, 100 / 68.0, 74.3, 99.3 on
/// the 1 023 cases. The misses it shows most now are content brackets in percent, "containing
/// 36 percent or more by weight of wool", "fat content > 6 %", which it does not read.)
const FLOOR: [f64; 6] = [68.0, 75.5, 99.9, 67.5, 74.0, 99.0];

/// The most quotes of each half (tuning, held out) charged a wrong rate while saying nothing
/// of it. Lower them as the choice improves; the aim is none. (The tuning half's last ones
/// were a pasta extruder, climbing rope, steel bearing balls and a sisal carpet: a machine's
/// line "for the manufacture of" pasta, a rope "manufactured to the standards of the UIAA",
/// balls "of heading 7326" and sisal not known as a textile ruled the right line out. The
/// held-out half's fourth came with the cases added since.)
const GUARANTEED_WRONG: [usize; 2] = [0, 4];

struct Case<'a> {
    tariff: &'static str,
    hs6: &'a str,
    product: &'a str,
    category: &'a str,
    description: &'a str,
    unit_price: &'a str,
    weight_g: &'a str,
    expected: &'a str,
    row: &'a str,
}

fn cases(tariff: &'static str, file: &'static str) -> Vec<Case<'static>> {
    let mut lines = file
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    assert_eq!(
        lines.next(),
        Some("hs6\tproduct\tcategory\tdescription\tunit_price\tweight_g\texpected\trow"),
        "{tariff}: the header"
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 8, "{tariff}: {line}");
            assert_eq!(&f[6][..6], f[0], "{tariff}: {line}");
            Case {
                tariff,
                hs6: f[0],
                product: f[1],
                category: f[2],
                description: f[3],
                unit_price: f[4],
                weight_g: f[5],
                expected: f[6],
                row: f[7],
            }
        })
        .collect()
}

/// Whether a case is in the held-out half (FNV-1a of its tariff, code and product, seeded).
fn held_out(case: &Case) -> bool {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ SEED;
    for byte in [case.tariff, case.hs6, case.product].join("|").bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash >> 63 == 1
}

/// A consignment's value well above any destination's duty-free threshold (GB's £135, Japan's
/// ¥10,000, Australia's A$1,000), in the destination's currency: the case is quoted in as many
/// units as it takes, so duty is charged and its line named.
fn above_thresholds(currency: &str) -> Decimal {
    match currency {
        "JPY" => Decimal::from(300_000),
        _ => Decimal::from(3_000),
    }
}

/// The quote's duty line: its national line ("… line 6402.19.70 (…", digits only) and its name.
fn chosen(
    case: &Case,
    destination: &str,
    province: Option<&str>,
    currency: &str,
) -> (String, String) {
    let unit_price: Decimal = case.unit_price.parse().unwrap();
    let quantity = (above_thresholds(currency) / unit_price)
        .ceil()
        .max(Decimal::ONE);
    let item = CartItem {
        source_line_id: "line-1".into(),
        source_product_id: 1,
        source_variant_id: 1,
        hs_code: Some(case.hs6.into()),
        quantity,
        unit_price,
        unit_discount: Decimal::ZERO,
        sku: "SKU-1".into(),
        product_name: case.product.into(),
        variant_name: "Default".into(),
        description: case.description.into(),
        origin_country_code: "CN".into(),
        category: case.category.into(),
        requires_shipping: true,
        weight: WireWeight {
            per_unit: case.weight_g.parse().unwrap(),
            unit: "g".into(),
        },
    };
    let req = request(
        address(destination, province),
        currency,
        "0",
        vec![shipment("CN", &[("ground", "0")], vec![item])],
    );
    let resp = engine()
        .calculate(&req, &at(date!(2026 - 11 - 29)))
        .unwrap_or_else(|e| panic!("{}: {e:?}", case.product));
    let cost = &resp.shipments[0].shipping_rate_taxes[0].landed_cost;
    let duty = cost
        .breakdown
        .iter()
        .find(|b| b.kind == BreakdownType::Duty)
        .map(|b| b.tax_name.to_string())
        .unwrap_or_default();
    let code = duty
        .split_once("line ")
        .map(|(_, rest)| {
            rest.chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
                .filter(char::is_ascii_digit)
                .collect()
        })
        .unwrap_or_default();
    (code, duty)
}

#[derive(Default)]
struct Tally {
    cases: usize,
    exact: usize,
    charged: usize,
    rate: usize,
    unsure: usize,
    sure_wrong: usize,
}

impl Tally {
    fn share(&self, of: usize) -> f64 {
        if self.cases == 0 {
            return 0.0;
        }
        (of as f64) * 100.0 / (self.cases as f64)
    }
}

#[test]
fn the_line_a_broker_would_choose_is_chosen_at_least_as_often_as_before() {
    let tables = Tables::load().unwrap();
    let (mut tuning, mut holdout) = (Tally::default(), Tally::default());
    let mut report = String::new();
    let mut wrong = String::new();
    for (tariff, destination, province, currency, file) in TARIFFS {
        let schedule = tables.schedule(tariff).unwrap();
        let (mut tuned, mut held) = (Tally::default(), Tally::default());
        for case in cases(tariff, file) {
            let expected = schedule
                .line(case.expected)
                .unwrap_or_else(|| panic!("{tariff} has no line {} ({})", case.expected, case.row));
            let (got, duty) = chosen(&case, destination, province, currency);
            let line = schedule.line(&got);
            let exact = got == case.expected;
            let charged = line.is_some_and(|l| l.mfn == expected.mfn);
            let unsure = duty.split_once(NOT_GUARANTEED);
            let named = unsure.is_some_and(|(_, others)| {
                others.contains(&format!("at {}:", expected.mfn.written()))
            });
            let rate = charged || named;
            let tally = if held_out(&case) {
                &mut held
            } else {
                &mut tuned
            };
            tally.cases += 1;
            tally.exact += usize::from(exact);
            tally.charged += usize::from(charged);
            tally.rate += usize::from(rate);
            tally.unsure += usize::from(unsure.is_some());
            tally.sure_wrong += usize::from(unsure.is_none() && !charged);
            if !exact && !held_out(&case) {
                let said = line.map_or("none".to_string(), |l| l.mfn.to_string());
                let _ = writeln!(
                    wrong,
                    "{tariff} {} \"{}\": chose {got} ({said}{}), expected {}{}",
                    case.hs6,
                    case.product,
                    if unsure.is_some() {
                        ", not guaranteed"
                    } else {
                        ""
                    },
                    case.row,
                    if charged {
                        " — same rate"
                    } else if named {
                        " — its rate named"
                    } else {
                        ""
                    }
                );
            }
        }
        for (half, t) in [("tuning", &tuned), ("held out", &held)] {
            let _ = writeln!(
                report,
                "{tariff} {half}: {} cases, {} exact, {} charged, {} right rate, {} guaranteed \
                 wrong, {} not guaranteed",
                t.cases, t.exact, t.charged, t.rate, t.sure_wrong, t.unsure
            );
        }
        for (all, part) in [(&mut tuning, tuned), (&mut holdout, held)] {
            all.cases += part.cases;
            all.exact += part.exact;
            all.charged += part.charged;
            all.rate += part.rate;
            all.unsure += part.unsure;
            all.sure_wrong += part.sure_wrong;
        }
    }
    let mut shares = Vec::new();
    for (half, t) in [("tuning", &tuning), ("held out", &holdout)] {
        let three = [t.share(t.exact), t.share(t.charged), t.share(t.rate)];
        let _ = writeln!(
            report,
            "all {half}: {:.1} % exact, {:.1} % charged, {:.1} % right rate, {} guaranteed \
             wrong, {:.1} % not guaranteed",
            three[0],
            three[1],
            three[2],
            t.sure_wrong,
            t.share(t.unsure)
        );
        shares.extend(three);
    }
    eprintln!("{report}\nwrong choices (tuning half):\n{wrong}");
    assert!(tuning.cases + holdout.cases >= 300, "at least 300 cases");
    for (share, floor) in shares.iter().zip(FLOOR) {
        assert!(
            *share >= floor,
            "a share fell below its floor: {shares:?} against {FLOOR:?}"
        );
    }
    let sure_wrong = [tuning.sure_wrong, holdout.sure_wrong];
    assert!(
        sure_wrong[0] <= GUARANTEED_WRONG[0] && sure_wrong[1] <= GUARANTEED_WRONG[1],
        "more quotes are wrong without saying so: {sure_wrong:?} against {GUARANTEED_WRONG:?}"
    );
}
