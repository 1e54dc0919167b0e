//! The CN22 (PDF and ZPL) and CN23 read back: text, barcodes, the labelize rendering.

use std::path::Path;

use packdesk::customs::render::*;

use super::*;

const CERTIFICATION: &str = "I, the undersigned, whose name and address are given on the \
    item, certify that the particulars given in this declaration are correct and that this \
    item does not contain any dangerous article or articles prohibited by legislation or by \
    postal or customs regulations";

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn page_count(pdf: &Path) -> u32 {
    let info = stdout("pdfinfo", &[&pdf]);
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn cn22_pdf_is_a_4x6_page_with_every_field_and_a_scannable_barcode() {
    let decl = declaration_of(&jp_invoice(), DeclarationForm::Cn22);
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "cn22.pdf", &declaration_pdf(&decl).unwrap());
    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("288 x 432 pts"), "4x6: {info}");
    assert_eq!(page_count(&path), 1);
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "CUSTOMS DECLARATION CN 22",
            "May be opened officially",
            "[X] Sale of goods",
            "[ ] Gift",
            "[ ] Documents",
            "[ ] Commercial sample",
            "[ ] Returned goods",
            "[ ] Other",
            "Weight",
            "Value",
            "2 x Merino wool beanie",
            "2 x Linen tea towel",
            "650500",
            "630260",
            "7800",
            "5000",
            "180 g",
            "240 g",
            "Total weight: 610 g",
            "Total value: 12800 JPY",
            "Postal charges/Fees: 2400 JPY",
            "EORI: DE123456789012345",
            "Date: 2026-11-24",
            "Signature: Anna Schmidt",
            "LX123456794DE",
        ],
    );
    let words = one_line(&text);
    for header in [
        "Quantity and detailed description of contents",
        "HS tariff number",
        "Country of origin",
    ] {
        // Wrapped in their narrow columns: each word is there.
        for word in header.split(' ') {
            assert!(
                words.contains(word),
                "{word:?} of {header:?} missing:\n{text}"
            );
        }
    }
    assert!(
        words.contains(&one_line(CERTIFICATION)),
        "certification:\n{text}"
    );
    let rows: Vec<String> = text.lines().map(one_line).collect();
    assert!(
        rows.iter().any(|r| r.contains("180 g 7800 650500 DE")),
        "line one's cells in one row:\n{text}"
    );
    assert_eq!(scan(&rasterize(&path, 300, 1)), "LX123456794DE");
}

#[test]
fn cn22_with_an_ioss_number_and_too_many_lines_says_how_many_more() {
    let mut invoice = us_invoice();
    invoice.exporter_ids.push(id("IOSS No.", "IM2760000711"));
    invoice.lines = (1..=9)
        .map(|i| {
            line(
                &format!("SKU-{i}"),
                &format!("Item {i}, knitted wool"),
                "611020",
                "DE",
                1,
                "5.00",
                "5.00",
                grams("100"),
            )
        })
        .collect();
    let decl = declaration_of(&invoice, DeclarationForm::Cn22);
    let dir = tempfile::tempdir().unwrap();
    let path = save(
        dir.path(),
        "cn22-many.pdf",
        &declaration_pdf(&decl).unwrap(),
    );
    let text = text_of(&path);
    assert!(text.contains("IOSS No.: IM2760000711"), "{text}");
    assert!(text.contains("Item 1, knitted wool"), "{text}");
    let more = text
        .lines()
        .find(|l| l.contains("more lines: see the attached CN23/invoice"))
        .unwrap_or_else(|| panic!("no 'more' line:\n{text}"));
    let shown = (1..=9)
        .filter(|i| text.contains(&format!("Item {i}, knitted")))
        .count();
    assert!(shown < 9, "{text}");
    assert!(
        more.contains(&format!("+ {} more lines", 9 - shown)),
        "{more} after {shown} shown"
    );
    let zpl = String::from_utf8(cn22_zpl(&decl).unwrap()).unwrap();
    assert!(
        zpl.contains("more lines: see the attached CN23/invoice"),
        "{zpl}"
    );
}

#[test]
fn cn22_zpl_is_a_utf8_4x6_format_that_labelize_renders_with_a_scannable_barcode() {
    let mut invoice = jp_invoice();
    // ZPL's command characters in a description must stay text.
    invoice.lines[0].description = "Beanie ^XZ~JR caret_tilde".into();
    let decl = declaration_of(&invoice, DeclarationForm::Cn22);
    let zpl = String::from_utf8(cn22_zpl(&decl).unwrap()).unwrap();
    assert!(zpl.starts_with("^XA"), "{zpl}");
    assert!(zpl.trim_end().ends_with("^XZ"), "{zpl}");
    assert_eq!(zpl.matches("^XA").count(), 1, "{zpl}");
    assert_eq!(zpl.matches("^XZ").count(), 1, "one end only:\n{zpl}");
    for command in ["^CI28", "^PW812", "^LL1218", "^A0N", "^FB", "^BC", "^GB"] {
        assert!(zpl.contains(command), "{command} missing:\n{zpl}");
    }
    assert!(zpl.contains("^FDLX123456794DE^FS"), "{zpl}");
    assert!(zpl.contains("Beanie _5EXZ_7EJR"), "{zpl}");
    assert!(zpl.contains("caret_5Ftilde"), "{zpl}");
    for expected in [
        "CUSTOMS DECLARATION CN 22",
        "[X] Sale of goods",
        "Total value: 12800 JPY",
        "Total weight: 610 g",
        "Postal charges/Fees: 2400 JPY",
        "EORI: DE123456789012345",
        "650500",
    ] {
        assert!(zpl.contains(expected), "{expected:?} missing:\n{zpl}");
    }

    let options = labelize::RenderOptions {
        width_mm: Some(101.6),
        height_mm: Some(152.4),
        dpmm: 8,
        ..labelize::RenderOptions::default()
    };
    let rendered = labelize::render_png(zpl.as_bytes(), options).unwrap();
    assert_eq!(rendered.language, labelize::Language::Zpl);
    assert_eq!(rendered.labels, 1);
    let dir = tempfile::tempdir().unwrap();
    save(dir.path(), "cn22.zpl", zpl.as_bytes());
    let png = save(dir.path(), "cn22-zpl.png", &rendered.bytes);
    let image = image::open(&png).unwrap().to_luma8();
    let dark = image.pixels().filter(|p| p.0[0] < 128).count();
    let total = image.pixels().count();
    assert!(dark * 50 > total, "nearly blank: {dark} of {total} dark");
    // Across the middle of the barcode (1068..1158 dots from the top): bars and gaps.
    let y = (1068 + 45).min(image.height() - 1);
    let mut edges = 0;
    for x in 1..image.width() {
        let left = image.get_pixel(x - 1, y).0[0] < 128;
        let right = image.get_pixel(x, y).0[0] < 128;
        edges += usize::from(left != right);
    }
    assert!(edges > 40, "only {edges} edges across the barcode row");
    assert_eq!(scan(&png), "LX123456794DE");
}

#[test]
fn cn22_zpl_refuses_a_cn23() {
    let decl = declaration_of(&us_invoice(), DeclarationForm::Cn23);
    let error = cn22_zpl(&decl).unwrap_err();
    assert!(matches!(error, RenderError::Form { .. }), "{error}");
}

#[test]
fn cn23_reads_back_with_addresses_identifiers_and_a_scannable_barcode() {
    let mut invoice = us_invoice();
    invoice.paper = PaperSize::A4;
    invoice.exporter_ids.push(id("IOSS No.", "IM2760000711"));
    let decl = declaration_of(&invoice, DeclarationForm::Cn23);
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "cn23.pdf", &declaration_pdf(&decl).unwrap());
    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("595 x 842 pts"), "A4: {info}");
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "CUSTOMS DECLARATION CN 23",
            "May be opened officially",
            "FROM",
            "Kiezware GmbH",
            "Torstraße 120",
            "EORI: DE123456789012345",
            "VAT No.: DE129273398",
            "IOSS No.: IM2760000711",
            "TO",
            "Jordan Lee",
            "San Francisco, CA 94103",
            "United States (US)",
            "[X] Sale of goods",
            "[ ] Gift",
            "Quantity",
            "Net weight",
            "Value",
            "Total gross weight: 1480 g",
            "Total net weight: 1257.71 g",
            "Total value: 155.30 USD",
            "Postal charges/Fees: 14.90 USD",
            "Date: 2026-11-24",
            "Signatory: Anna Schmidt",
            "Signature",
            "LX123456785DE",
            "Page 1 of 1",
        ],
    );
    let words = one_line(&text);
    assert!(words.contains("Detailed description of contents"), "{text}");
    assert!(words.contains(&one_line(CERTIFICATION)), "{text}");
    let rows: Vec<String> = text.lines().map(one_line).collect();
    for wanted in [
        "2 180 g 49.80 6505009090 DE",
        "1 420 g 18.50 691200 PT",
        "3 1.45 lb 87.00 610910 TR",
    ] {
        assert!(
            rows.iter().any(|r| r.contains(wanted)),
            "{wanted:?} missing:\n{text}"
        );
    }
    assert_eq!(scan(&rasterize(&path, 300, 1)), "LX123456785DE");
}

#[test]
fn cn23_to_japan_on_letter_prints_the_addressee_in_japanese() {
    let mut invoice = jp_invoice();
    invoice.paper = PaperSize::Letter;
    let decl = declaration_of(&invoice, DeclarationForm::Cn23);
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "cn23-jp.pdf", &declaration_pdf(&decl).unwrap());
    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("612 x 792 pts"), "Letter: {info}");
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "山田 太郎",
            "東京都千代田区丸の内1-1",
            "Total value: 12800 JPY",
        ],
    );
    assert_font_embedded(&path, "DroidSansFallback");
    assert_distinct_glyphs(&path, "山田", 2);
    assert_eq!(scan(&rasterize(&path, 300, 1)), "LX123456794DE");
}

#[test]
fn a_long_cn23_flows_onto_more_pages() {
    let mut invoice = us_invoice();
    invoice.lines = (1..=50)
        .map(|i| {
            line(
                &format!("SKU-{i}"),
                &format!("Item {i:02}, a plain cotton tote bag"),
                "420222",
                "IN",
                1,
                "10.00",
                "10.00",
                grams("120"),
            )
        })
        .collect();
    let decl = declaration_of(&invoice, DeclarationForm::Cn23);
    let dir = tempfile::tempdir().unwrap();
    let path = save(
        dir.path(),
        "cn23-long.pdf",
        &declaration_pdf(&decl).unwrap(),
    );
    let pages = page_count(&path);
    assert!(pages >= 2);
    let text = text_of(&path);
    for i in 1..=50 {
        assert!(
            text.contains(&format!("Item {i:02}, a plain")),
            "item {i}:\n{text}"
        );
    }
    assert!(text.contains(&format!("Page {pages} of {pages}")));
    assert!(text.contains("CUSTOMS DECLARATION CN 23 (continued)"));
    assert_eq!(text.matches("HS tariff").count() as u32, pages, "{text}");
}

#[test]
fn a_tracking_number_code_128_cannot_hold_is_an_error_not_a_broken_barcode() {
    let mut decl = declaration_of(&us_invoice(), DeclarationForm::Cn23);
    decl.tracking_number = "LX12345678€".into();
    let error = declaration_pdf(&decl).unwrap_err();
    assert!(matches!(error, RenderError::Barcode { .. }), "{error}");
    decl.form = DeclarationForm::Cn22;
    assert!(matches!(cn22_zpl(&decl), Err(RenderError::Barcode { .. })));
}
