//! The commercial invoice and the packing slip read back (text with `pdftotext`, barcodes with
//! `zbarimg`), and the CJK fallback fonts: embedded, extractable, inked, not tofu.

use packdesk::customs::render::*;

use super::*;

#[test]
fn invoice_reads_back_every_field() {
    let invoice = us_invoice();
    let pdf = invoice_pdf(&invoice).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "invoice-us.pdf", &pdf);

    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("612 x 792 pts"), "Letter: {info}");
    // Dated by the invoice, not by the clock that rendered it.
    let created = info
        .lines()
        .find(|l| l.starts_with("CreationDate:"))
        .unwrap();
    assert!(
        created.contains("Nov 24") && created.contains("2026"),
        "{info}"
    );
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "COMMERCIAL INVOICE",
            "EXPORTER",
            "Kiezware GmbH",
            "Torstraße 120",
            "10119 Berlin",
            "Germany (DE)",
            "EORI: DE123456789012345",
            "VAT No.: DE129273398",
            "CONSIGNEE",
            "Jordan Lee",
            "1455 Market Street, Apt 12B",
            "San Francisco, CA 94103",
            "United States (US)",
            "Invoice No.: INV-2026-000421",
            "Date: 2026-11-24",
            "Order No.: 10042",
            "Shipment: S1",
            "Parcel 1 of 2",
            "Tracking No.: LX123456785DE",
            "Incoterm: DDP San Francisco, United States",
            "Currency: USD",
            "Reason for export: Sale of goods",
            "Net weight: 1257.71 g",
            "Gross weight: 1480 g",
            "Signatory: Anna Schmidt",
            "Signature",
            "Page 1 of 1",
        ],
    );
    for header in [
        "Description",
        "SKU",
        "HS code",
        "Origin",
        "Qty",
        "Unit value",
        "Line value",
        "Net weight",
    ] {
        assert!(text.contains(header), "{header:?} missing:\n{text}");
    }
    // Each line on one row: SKU, HS code, origin, quantity, values and weight.
    let row = |sku: &str| {
        text.lines()
            .find(|l| l.contains(sku))
            .unwrap_or_else(|| panic!("{sku} missing:\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        row("BEANIE-MER-GRY").contains("6505009090 DE 2 24.90 49.80 180 g"),
        "{}",
        row("BEANIE-MER-GRY")
    );
    assert!(row("MUG-STN-350").contains("691200 PT 1 18.50 18.50 420 g"));
    assert!(row("TSHIRT-ORG-GRN-M").contains("610910 TR 3 29.00 87.00 1.45 lb"));
    // The long description wraps within its column, every word kept.
    let words: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for piece in ["screen-printed", "skyline", "size M", "hand-glazed, 350 ml"] {
        assert!(words.contains(piece), "{piece:?} missing:\n{text}");
    }
    // The totals, each paid charge under its heading, amounts padded to cents.
    let amounts: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let has = |wanted: &str| amounts.iter().any(|l| l.contains(wanted));
    for wanted in [
        "Subtotal 155.30 USD",
        "Transport 14.90 USD",
        "Duties and taxes paid by the sender (DDP)",
        "Duties 9.32 USD",
        "Merchandise processing fee 2.69 USD",
        "Total duties and taxes 12.01 USD",
        "Total 182.21 USD",
    ] {
        assert!(has(wanted), "{wanted:?} missing:\n{text}");
    }
    // The declaration, wrapped, word for word.
    let declaration: String = DECLARATION.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(&declaration), "declaration missing:\n{text}");
}

#[test]
fn invoice_to_japan_prints_the_consignee_in_japanese_and_yen_without_decimals() {
    let invoice = jp_invoice();
    let dir = tempfile::tempdir().unwrap();
    let path = save(
        dir.path(),
        "invoice-jp.pdf",
        &invoice_pdf(&invoice).unwrap(),
    );
    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("595 x 842 pts"), "A4: {info}");
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "山田 太郎",
            "東京都千代田区丸の内1-1",
            "100-0005",
            "Japan (JP)",
            "Incoterm: DDP Tokyo, Japan",
            "Currency: JPY",
        ],
    );
    let rows: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for wanted in [
        "BEANIE-MER-GRY 650500 DE 2 3900 7800 180 g",
        "TOWEL-LIN-2 630260 LT 2 2500 5000 240 g",
        "Subtotal 12800 JPY",
        "Transport 2400 JPY",
        "Duties 640 JPY",
        "Import consumption tax 1580 JPY",
        "Total duties and taxes 2220 JPY",
        "Total 17420 JPY",
    ] {
        assert!(
            rows.iter().any(|r| r.contains(wanted)),
            "{wanted:?} missing:\n{text}"
        );
    }
    assert_font_embedded(&path, "DroidSansFallback");
    assert_distinct_glyphs(&path, "山田", 2);
    assert_distinct_glyphs(&path, "太郎", 2);
}

#[test]
fn a_latin_only_invoice_embeds_no_cjk_font() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = invoice_pdf(&us_invoice()).unwrap();
    assert!(pdf.len() < 120_000, "subset fonts: {} bytes", pdf.len());
    let path = save(dir.path(), "invoice-latin.pdf", &pdf);
    let fonts = stdout("pdffonts", &[&path]);
    assert!(!fonts.contains("Droid"), "{fonts}");
    assert!(!fonts.contains("Noto"), "{fonts}");
}

#[test]
fn packing_slip_has_the_order_barcode_and_partial_quantities() {
    let slip = us_slip();
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "slip-us.pdf", &packing_slip_pdf(&slip).unwrap());
    let text = text_of(&path);
    assert_contains_all(
        &text,
        &[
            "PACKING SLIP",
            "Shipment S1 · Parcel 1 of 2",
            "Tracking No.: LX123456785DE",
            "Date: 2026-11-24",
            "SHIP TO",
            "Jordan Lee",
            "San Francisco, CA 94103",
            "FROM",
            "Kiezware GmbH",
            "SKU",
            "Description",
            "Quantity",
            "10042",
            "Page 1 of 1",
        ],
    );
    let rows: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let row = |sku: &str| rows.iter().find(|r| r.contains(sku)).cloned().unwrap();
    assert!(row("BEANIE-MER-GRY").ends_with("2 of 3"), "{text}");
    assert!(row("MUG-STN-350").ends_with("350 ml 1"), "{text}");
    assert_eq!(scan(&rasterize(&path, 300, 1)), "10042");
}

#[test]
fn a_korean_name_prints_in_the_hangul_font() {
    let mut slip = us_slip();
    slip.ship_to = Party {
        name: "김민준".into(),
        company: None,
        address_lines: vec!["서울특별시 중구 세종대로 110".into(), "04524".into()],
        country_code: "KR".into(),
        country_name: "South Korea".into(),
    };
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "slip-kr.pdf", &packing_slip_pdf(&slip).unwrap());
    let text = text_of(&path);
    assert_contains_all(&text, &["김민준", "서울특별시 중구 세종대로 110", "04524"]);
    assert_font_embedded(&path, "NotoSansCJK");
    assert_distinct_glyphs(&path, "김민준", 3);
}

#[test]
fn many_lines_flow_onto_pages_with_the_header_repeated() {
    let mut invoice = us_invoice();
    invoice.lines = (1..=45)
        .map(|i| {
            line(
                &format!("SKU-{i:03}"),
                &format!("Item number {i}, a plain cotton tote bag"),
                "420222",
                "IN",
                1,
                "10.00",
                "10.00",
                grams("120"),
            )
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = save(
        dir.path(),
        "invoice-long.pdf",
        &invoice_pdf(&invoice).unwrap(),
    );
    let info = stdout("pdfinfo", &[&path]);
    let pages: u32 = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(pages >= 2, "{info}");
    for page in 1..=pages {
        let page_text = stdout(
            "pdftotext",
            &[
                &"-layout",
                &"-f",
                &page.to_string(),
                &"-l",
                &page.to_string(),
                &path,
                &"-",
            ],
        );
        assert!(
            page_text.contains(&format!("Page {page} of {pages}")),
            "{page_text}"
        );
        assert!(
            page_text.contains("Unit value"),
            "header on page {page}:\n{page_text}"
        );
        if page > 1 {
            assert!(page_text.contains("COMMERCIAL INVOICE (continued)"));
        }
    }
    let text = text_of(&path);
    for i in 1..=45 {
        assert!(text.contains(&format!("SKU-{i:03}")), "SKU-{i:03} missing");
    }
    let last = stdout(
        "pdftotext",
        &[&"-layout", &"-f", &pages.to_string(), &path, &"-"],
    );
    assert!(last.contains("Signatory: Anna Schmidt"), "{last}");
    assert!(last.contains("182.21 USD"), "{last}");
}

/// The glyph check is no formality: two identical glyphs side by side, as missing-glyph boxes
/// would be, are reported. (Characters no font has are not even extracted as text: the missing
/// glyph has no Unicode in the ToUnicode map, so the text checks catch those first.)
#[test]
#[should_panic(expected = "look alike")]
fn the_glyph_check_reports_identical_glyphs() {
    let mut slip = us_slip();
    slip.ship_to.name = "田田".into();
    let dir = tempfile::tempdir().unwrap();
    let path = save(
        dir.path(),
        "slip-same.pdf",
        &packing_slip_pdf(&slip).unwrap(),
    );
    assert_distinct_glyphs(&path, "田田", 2);
}
