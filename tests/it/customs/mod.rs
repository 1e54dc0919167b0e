//! The customs paperwork rendered and read back by independent tools: poppler (`pdfinfo`,
//! `pdftotext`, `pdffonts`, `pdftoppm`), zbar (`zbarimg`) and the `labelize` ZPL renderer.
//! Fixtures (a Berlin → San Francisco parcel and a Berlin → Tokyo one) and the tool helpers are
//! here, the tests in the submodules.
//!
//! The tools are not optional: a missing one fails the test with what to install (CI installs
//! poppler-utils and zbar-tools, `.ci/run`). Set `PACKDESK_CUSTOMS_SAMPLES=DIR` to keep the
//! rendered documents and PNGs for a look.

mod render;

use std::path::{Path, PathBuf};
use std::process::Command;

use packdesk::customs::paperwork::*;
use packdesk::domain::{Weight, WeightUnit};
use rust_decimal::Decimal;
use time::macros::date;

pub fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

pub fn grams(text: &str) -> Weight {
    Weight::new(d(text), WeightUnit::Gram)
}

pub const TRACKING: &str = "LX123456785DE";
pub const DECLARATION: &str = "I declare that the information in this invoice is true and \
    correct, that the goods are of the origin shown, and that the duties and taxes of the \
    destination have been paid by the sender (Delivered Duty Paid).";

pub fn berlin() -> Party {
    Party {
        name: "Anna Schmidt".into(),
        company: Some("Kiezware GmbH".into()),
        address_lines: vec!["Torstraße 120".into(), "10119 Berlin".into()],
        country_code: "DE".into(),
        country_name: "Germany".into(),
    }
}

pub fn san_francisco() -> Party {
    Party {
        name: "Jordan Lee".into(),
        company: None,
        address_lines: vec![
            "1455 Market Street, Apt 12B".into(),
            "San Francisco, CA 94103".into(),
        ],
        country_code: "US".into(),
        country_name: "United States".into(),
    }
}

pub fn tokyo() -> Party {
    Party {
        name: "山田 太郎".into(),
        company: None,
        address_lines: vec!["東京都千代田区丸の内1-1".into(), "100-0005".into()],
        country_code: "JP".into(),
        country_name: "Japan".into(),
    }
}

pub fn id(label: &str, value: &str) -> Identifier {
    Identifier {
        label: label.into(),
        value: value.into(),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn line(
    sku: &str,
    description: &str,
    hs_code: &str,
    origin: &str,
    quantity: u32,
    unit_value: &str,
    line_value: &str,
    weight: Weight,
) -> GoodsLine {
    GoodsLine {
        sku: sku.into(),
        description: description.into(),
        hs_code: hs_code.into(),
        origin_country_code: origin.into(),
        quantity,
        unit_value: d(unit_value),
        line_value: d(line_value),
        net_weight: weight,
    }
}

pub fn us_lines() -> Vec<GoodsLine> {
    vec![
        line(
            "BEANIE-MER-GRY",
            "Merino wool beanie, charcoal grey, 100% merino wool, knitted",
            "6505009090",
            "DE",
            2,
            "24.90",
            "49.80",
            grams("180"),
        ),
        line(
            "MUG-STN-350",
            "Ceramic coffee mug, stoneware, hand-glazed, 350 ml",
            "691200",
            "PT",
            1,
            "18.5",
            "18.50",
            grams("420"),
        ),
        line(
            "TSHIRT-ORG-GRN-M",
            "Organic cotton T-shirt, heavyweight jersey 220 g/m², garment-dyed in forest \
             green with a screen-printed Berlin skyline on the back, crew neck, size M",
            "610910",
            "TR",
            3,
            "29.00",
            "87.00",
            Weight::new(d("1.45"), WeightUnit::Pound),
        ),
    ]
}

/// Berlin → San Francisco, on Letter paper, USD.
pub fn us_invoice() -> Invoice {
    Invoice {
        paper: PaperSize::Letter,
        exporter: berlin(),
        exporter_ids: vec![
            id("EORI", "DE123456789012345"),
            id("VAT No.", "DE129273398"),
        ],
        consignee: san_francisco(),
        invoice_number: "INV-2026-000421".into(),
        date: date!(2026 - 11 - 24),
        order_number: 10042,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 2 },
        tracking_number: TRACKING.into(),
        incoterm: "DDP".into(),
        incoterm_place: "San Francisco, United States".into(),
        currency: "USD".into(),
        lines: us_lines(),
        subtotal: d("155.30"),
        transport: d("14.9"),
        paid_charges: vec![
            PaidCharge {
                label: "Duties".into(),
                amount: d("9.32"),
            },
            PaidCharge {
                label: "Merchandise processing fee".into(),
                amount: d("2.69"),
            },
        ],
        paid_total: d("12.01"),
        total: d("182.21"),
        net_weight: grams("1257.71"),
        gross_weight: grams("1480"),
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: "Anna Schmidt".into(),
    }
}

/// Berlin → Tokyo, on A4, JPY (no minor units), a Japanese consignee, an IOSS-style id.
pub fn jp_invoice() -> Invoice {
    Invoice {
        paper: PaperSize::A4,
        exporter: berlin(),
        exporter_ids: vec![id("EORI", "DE123456789012345")],
        consignee: tokyo(),
        invoice_number: "INV-2026-000422".into(),
        date: date!(2026 - 11 - 24),
        order_number: 10043,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 1 },
        tracking_number: "LX123456794DE".into(),
        incoterm: "DDP".into(),
        incoterm_place: "Tokyo, Japan".into(),
        currency: "JPY".into(),
        lines: vec![
            line(
                "BEANIE-MER-GRY",
                "Merino wool beanie, charcoal grey",
                "650500",
                "DE",
                2,
                "3900",
                "7800",
                grams("180"),
            ),
            line(
                "TOWEL-LIN-2",
                "Linen tea towel, set of two",
                "630260",
                "LT",
                2,
                "2500",
                "5000",
                grams("240"),
            ),
        ],
        subtotal: d("12800"),
        transport: d("2400"),
        paid_charges: vec![
            PaidCharge {
                label: "Duties".into(),
                amount: d("640"),
            },
            PaidCharge {
                label: "Import consumption tax".into(),
                amount: d("1580"),
            },
        ],
        paid_total: d("2220"),
        total: d("17420"),
        net_weight: grams("420"),
        gross_weight: grams("610"),
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: "Anna Schmidt".into(),
    }
}

/// The declaration of an invoice's parcel.
pub fn declaration_of(invoice: &Invoice, form: DeclarationForm) -> CustomsDeclaration {
    CustomsDeclaration {
        form,
        paper: invoice.paper,
        sender: invoice.exporter.clone(),
        sender_ids: invoice.exporter_ids.clone(),
        addressee: invoice.consignee.clone(),
        category: "Sale of goods".into(),
        lines: invoice.lines.clone(),
        currency: invoice.currency.clone(),
        total_value: invoice.subtotal,
        total_weight: invoice.net_weight,
        gross_weight: invoice.gross_weight,
        postal_charges: invoice.transport,
        value_sdr: d("118.42"),
        sdr_rate_date: date!(2026 - 11 - 23),
        tracking_number: invoice.tracking_number.clone(),
        order_number: invoice.order_number,
        date: invoice.date,
        signatory: invoice.signatory.clone(),
    }
}

pub fn us_slip() -> PackingSlip {
    PackingSlip {
        paper: PaperSize::Letter,
        sender: berlin(),
        ship_to: san_francisco(),
        order_number: 10042,
        shipment_id: "S1".into(),
        parcel: ParcelOf { n: 1, m: 2 },
        tracking_number: TRACKING.into(),
        date: date!(2026 - 11 - 24),
        lines: vec![
            SlipLine {
                sku: "BEANIE-MER-GRY".into(),
                description: "Merino wool beanie, charcoal grey".into(),
                quantity: 2,
                ordered: 3,
            },
            SlipLine {
                sku: "MUG-STN-350".into(),
                description: "Ceramic coffee mug, stoneware, 350 ml".into(),
                quantity: 1,
                ordered: 1,
            },
        ],
    }
}

/// Runs an external checker; a missing tool fails the test with what to install.
pub fn run(program: &str, args: &[&dyn AsRef<std::ffi::OsStr>]) -> std::process::Output {
    Command::new(program)
        .args(args.iter().map(|a| a.as_ref()))
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run `{program}` ({error}): install the Debian packages poppler-utils and \
                 zbar-tools (CI installs them, .ci/run)"
            )
        })
}

pub fn stdout(program: &str, args: &[&dyn AsRef<std::ffi::OsStr>]) -> String {
    let output = run(program, args);
    assert!(
        output.status.success(),
        "`{program}` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Writes `bytes` as `name` in `dir` (and into the samples folder if one is set).
pub fn save(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    keep_sample(&path);
    path
}

pub fn keep_sample(path: &Path) {
    if let Ok(dir) = std::env::var("PACKDESK_CUSTOMS_SAMPLES") {
        let target = PathBuf::from(dir).join(path.file_name().unwrap());
        std::fs::copy(path, target).unwrap();
    }
}

/// `pdftotext -layout` of the whole document.
pub fn text_of(pdf: &Path) -> String {
    stdout("pdftotext", &[&"-layout", &pdf, &"-"])
}

pub fn assert_contains_all(text: &str, expected: &[&str]) {
    for item in expected {
        assert!(text.contains(item), "{item:?} missing from:\n{text}");
    }
}

/// Page 1 of `pdf` as a PNG at `dpi`; later pages as `-<n>` siblings.
pub fn rasterize(pdf: &Path, dpi: u32, page: u32) -> PathBuf {
    let stem = pdf.file_stem().unwrap().to_string_lossy().into_owned();
    let prefix = pdf.with_file_name(format!("{stem}-p{page}-{dpi}dpi"));
    let (dpi, page) = (dpi.to_string(), page.to_string());
    stdout(
        "pdftoppm",
        &[
            &"-r",
            &dpi,
            &"-f",
            &page,
            &"-l",
            &page,
            &"-png",
            &"-singlefile",
            &pdf,
            &prefix,
        ],
    );
    let png = prefix.with_extension("png");
    keep_sample(&png);
    png
}

/// Every Code 128 symbol zbar finds in `png`, one per line.
pub fn scan(png: &Path) -> String {
    let output = run(
        "zbarimg",
        &[&"--raw", &"-q", &"-Sdisable", &"-Scode128.enable", &png],
    );
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// A word `pdftotext -bbox` found: its text and box in points from the page's top left.
#[derive(Debug, Clone)]
pub struct WordBox {
    pub page: u32,
    pub text: String,
    pub x_min: f32,
    pub y_min: f32,
    pub x_max: f32,
    pub y_max: f32,
}

pub fn word_boxes(pdf: &Path) -> Vec<WordBox> {
    let html = stdout("pdftotext", &[&"-bbox", &pdf, &"-"]);
    let attribute = |tag: &str, name: &str| -> f32 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        let end = start + tag[start..].find('"').unwrap();
        tag[start..end].parse().unwrap()
    };
    let mut page = 0;
    let mut words = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            page += 1;
        }
        if let Some(rest) = line.strip_prefix("<word ") {
            let (tag, text) = rest.split_once('>').unwrap();
            let text = text.trim_end_matches("</word>");
            words.push(WordBox {
                page,
                text: text.replace("&amp;", "&"),
                x_min: attribute(tag, "xMin"),
                y_min: attribute(tag, "yMin"),
                x_max: attribute(tag, "xMax"),
                y_max: attribute(tag, "yMax"),
            });
        }
    }
    words
}

/// The dark pixels of `png` (rendered at `dpi`) inside `word`'s box, as a bitmap of
/// `columns` x `rows` cells per character, left to right: one bitmap per character, for
/// `count` equally wide characters.
pub fn glyph_bitmaps(png: &Path, dpi: u32, word: &WordBox, count: usize) -> Vec<Vec<bool>> {
    let image = image::open(png).unwrap().to_luma8();
    let scale = dpi as f32 / 72.0;
    let (left, top) = (word.x_min * scale, word.y_min * scale);
    let (width, height) = (
        (word.x_max - word.x_min) * scale,
        (word.y_max - word.y_min) * scale,
    );
    let glyph = width / count as f32;
    (0..count)
        .map(|index| {
            let x0 = (left + glyph * index as f32) as u32;
            let mut bits = Vec::new();
            for y in top as u32..(top + height) as u32 {
                for x in x0..x0 + glyph as u32 {
                    bits.push(image.get_pixel(x, y).0[0] < 128);
                }
            }
            bits
        })
        .collect()
}

/// Asserts `word` drew as `count` distinct inked glyphs on page `page` of `pdf`: real glyphs
/// differ from each other, while missing-glyph boxes ("tofu") are all the same box.
pub fn assert_distinct_glyphs(pdf: &Path, word: &str, count: usize) {
    let boxes = word_boxes(pdf);
    let found = boxes
        .iter()
        .find(|b| b.text == word)
        .unwrap_or_else(|| panic!("{word:?} not among the words: {boxes:?}"));
    let png = rasterize(pdf, 288, found.page);
    let bitmaps = glyph_bitmaps(&png, 288, found, count);
    for (index, bits) in bitmaps.iter().enumerate() {
        let ink = bits.iter().filter(|&&b| b).count();
        assert!(
            ink * 20 > bits.len(),
            "glyph {index} of {word:?} has too little ink: {ink} of {}",
            bits.len()
        );
    }
    for (index, pair) in bitmaps.windows(2).enumerate() {
        let differ = pair[0].iter().zip(&pair[1]).filter(|(a, b)| a != b).count();
        assert!(
            differ * 10 > pair[0].len(),
            "glyphs {index} and {} of {word:?} look alike: tofu?",
            index + 1
        );
    }
}

/// `pdffonts` lists a font whose name contains `name`, embedded.
pub fn assert_font_embedded(pdf: &Path, name: &str) {
    let fonts = stdout("pdffonts", &[&pdf]);
    let row = fonts
        .lines()
        .find(|line| line.contains(name))
        .unwrap_or_else(|| panic!("no {name} in:\n{fonts}"));
    // Columns: name, type..., encoding, emb, sub, uni, object, generation.
    let columns: Vec<&str> = row.split_whitespace().collect();
    let emb = columns[columns.len() - 5];
    let uni = columns[columns.len() - 3];
    assert_eq!(
        (emb, uni),
        ("yes", "yes"),
        "{name} not embedded with a ToUnicode map:\n{fonts}"
    );
}
