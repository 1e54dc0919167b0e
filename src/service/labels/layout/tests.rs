//! Layout checks against both backends' text measures.

use super::*;
use crate::domain::{CountryCode, Weight, WeightUnit};
use crate::render::code128::code128;
use crate::render::fonts;
use crate::render::page::{Font0, HEIGHT, QUIET_MODULES};
use crate::service::labels::{LabelParty, TrackingCode};

fn party(name: &str, country: &str, filler: &str) -> LabelParty {
    LabelParty {
        name: name.to_owned(),
        company: Some(filler.to_owned()),
        line1: format!("{filler} 1"),
        line2: Some(format!("{filler} 2")),
        city: filler.to_owned(),
        province: filler.to_owned(),
        zipcode: filler.to_owned(),
        country: CountryCode::parse(country).unwrap(),
        phone: Some(filler.to_owned()),
    }
}

/// Labels from empty to absurdly long fields.
fn documents() -> Vec<LabelDocument> {
    let long = "Wolfeschlegelsteinhausenbergerdorff Ärztehaus ".repeat(4);
    [("", 0), ("Zoë Müller-Łukasiewicz", 3), (long.as_str(), 40)]
        .into_iter()
        .flat_map(|(text, skus)| {
            ["DE", "GB", "US"].map(|country| LabelDocument {
                order_number: text.to_owned(),
                tracking_code: TrackingCode::s10("CP", 1, CountryCode::parse("FR").unwrap())
                    .unwrap(),
                track_reference: text.to_owned(),
                service: text.to_owned(),
                from: party(text, "US", text),
                to: party(text, country, text),
                weight: Some(Weight::new(
                    "123456.789".parse().unwrap(),
                    WeightUnit::Pound,
                )),
                dimensions: None,
                skus: (0..skus)
                    .map(|i| (format!("{text}{i}"), i.into()))
                    .collect(),
                brand_code: Some(text.to_owned()),
                created: time::macros::date!(2026 - 01 - 31),
            })
        })
        .collect()
}

/// Top, left, bottom, right of what an element covers.
fn extent(element: &Element) -> (u32, u32, u32, u32) {
    match element {
        Element::Fill {
            x,
            y,
            width,
            height,
        }
        | Element::Frame {
            x,
            y,
            width,
            height,
            ..
        } => (*y, *x, y + height, x + width),
        Element::Text(block) => {
            let lines = u32::try_from(block.lines.len()).unwrap();
            let bottom = block.y + (lines - 1) * block.line_height + block.size;
            (block.y, block.x, bottom, block.x + block.width)
        }
        Element::Barcode {
            x,
            y,
            height,
            module,
            data,
        } => {
            let modules = u32::try_from(code128(data).unwrap().len()).unwrap();
            let quiet = QUIET_MODULES * module;
            (*y, x - quiet, y + height, x + modules * module + quiet)
        }
    }
}

#[test]
fn everything_stays_on_the_page_inside_its_own_box() {
    let pdf_fonts = fonts::fonts().unwrap();
    let measures: [&dyn Measure; 2] = [pdf_fonts, &Font0];
    for doc in documents() {
        for measure in measures {
            let elements = layout(&doc, measure);
            let texts = elements.iter().filter_map(|e| match e {
                Element::Text(block) => Some(block),
                _ => None,
            });
            for block in texts {
                for line in &block.lines {
                    let width = measure.width(line, block.size, block.bold);
                    assert!(width <= block.width as f32 + 0.01, "{line:?} overflows");
                }
            }
            for (index, element) in elements.iter().enumerate() {
                let (top, left, bottom, right) = extent(element);
                assert!(left >= MARGIN && right <= WIDTH - MARGIN, "{element:?}");
                assert!(
                    top >= MARGIN && bottom <= HEIGHT - MARGIN / 2,
                    "{element:?}"
                );
                // Nothing overlaps, except white text on its black box.
                for other in elements.iter().skip(index + 1) {
                    let inverse = |e: &Element| matches!(e, Element::Text(b) if b.inverse);
                    let fill = |e: &Element| matches!(e, Element::Fill { .. });
                    if (inverse(element) && fill(other)) || (fill(element) && inverse(other)) {
                        continue;
                    }
                    let (t, l, b, r) = extent(other);
                    let apart = bottom <= t || b <= top || right <= l || r <= left;
                    assert!(apart, "{element:?} overlaps {other:?}");
                }
            }
        }
    }
}

#[test]
fn squeeze_joins_the_shortest_neighbours() {
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let squeezed = squeeze(
        lines(&["Acme Ltd", "1 Long Street Name", "LONDON", "SW1A 1AA"]),
        3,
    );
    assert_eq!(
        squeezed,
        lines(&["Acme Ltd", "1 Long Street Name", "LONDON, SW1A 1AA"])
    );
    assert_eq!(squeeze(lines(&["a", "b"]), 5), lines(&["a", "b"]));
    assert_eq!(squeeze(lines(&["a", "b", "c"]), 0), lines(&["a, b, c"]));
}
