//! Label documents checked by independent tools: poppler (`pdfinfo`, `pdftotext`, `pdftoppm`),
//! zbar (`zbarimg`) and the `labelize` ZPL renderer.
//!
//! Set `PACKDESK_LABEL_SAMPLES=DIR` to keep the rendered PDF, ZPL and PNGs for a look.

use std::path::{Path, PathBuf};
use std::process::Command;

use packdesk::domain::{CountryCode, Length, LengthUnit, Weight, WeightUnit};
use packdesk::service::labels::{
    Dimensions, LabelDocument, LabelParty, TrackingCode, render_pdf, render_zpl,
};
use rust_decimal::Decimal;
use time::macros::date;

use crate::decimal::dec as d;

fn country(code: &str) -> CountryCode {
    CountryCode::parse(code).unwrap()
}

fn document(skus: Vec<(String, Decimal)>) -> LabelDocument {
    let cm = |v: &str| Length::new(d(v), LengthUnit::Centimetre);
    LabelDocument {
        order_number: "PD-10042".into(),
        tracking_code: TrackingCode::s10("LX", 12_345_678, country("US")).unwrap(),
        track_reference: "REF-7781-B".into(),
        service: "Express DDP".into(),
        from: LabelParty {
            name: "Northwind Outfitters".into(),
            company: Some("Fulfillment Center 3".into()),
            line1: "410 Terry Ave N".into(),
            line2: None,
            city: "Seattle".into(),
            province: "WA".into(),
            zipcode: "98109".into(),
            country: country("US"),
            phone: Some("+1 206 555 0100".into()),
        },
        to: LabelParty {
            name: "Zoë Müller-Łukasiewicz".into(),
            company: Some("Caret^Tilde~Co_Kollektiv".into()),
            line1: "Hauptstraße 5".into(),
            line2: Some("Hinterhaus, 3. OG".into()),
            city: "Berlin".into(),
            province: String::new(),
            zipcode: "10115".into(),
            country: country("DE"),
            phone: Some("+49 30 1234567".into()),
        },
        weight: Some(Weight::new(d("1250"), WeightUnit::Gram)),
        dimensions: Some(Dimensions {
            length: cm("30"),
            width: cm("20"),
            height: cm("10.5"),
        }),
        skus,
        brand_code: Some("NWO".into()),
        created: date!(2026 - 03 - 14),
    }
}

fn split_skus() -> Vec<(String, Decimal)> {
    vec![
        ("TSHIRT-RED-M".into(), d("2")),
        ("MUG-CERAMIC-350".into(), d("1")),
        ("SOCKS-WOOL-42".into(), d("3")),
    ]
}

/// Runs an external checker; a missing tool fails the test with what to install.
fn run(program: &str, args: &[&dyn AsRef<std::ffi::OsStr>]) -> std::process::Output {
    Command::new(program)
        .args(args.iter().map(|a| a.as_ref()))
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run `{program}` ({error}): install the Debian packages poppler-utils and \
                 zbar-tools (CI installs them)"
            )
        })
}

fn stdout(program: &str, args: &[&dyn AsRef<std::ffi::OsStr>]) -> String {
    let output = run(program, args);
    assert!(
        output.status.success(),
        "`{program}` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Every Code 128 symbol zbar finds in `png`, one per line.
fn scan(png: &Path) -> String {
    let output = run(
        "zbarimg",
        &[&"--raw", &"-q", &"-Sdisable", &"-Scode128.enable", &png],
    );
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

fn keep_sample(path: &Path) {
    if let Ok(dir) = std::env::var("PACKDESK_LABEL_SAMPLES") {
        let target = PathBuf::from(dir).join(path.file_name().unwrap());
        std::fs::copy(path, target).unwrap();
    }
}

#[test]
fn pdf_is_4x6_with_every_field_as_text() {
    let doc = document(split_skus());
    let pdf = render_pdf(&doc).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(
        pdf.len() < 100_000,
        "the fonts must be subset: {} bytes",
        pdf.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label-split.pdf");
    std::fs::write(&path, &pdf).unwrap();
    keep_sample(&path);

    let info = stdout("pdfinfo", &[&path]);
    assert!(info.contains("288 x 432 pts"), "{info}");
    assert!(
        info.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["Pages:", "1"]),
        "{info}"
    );

    let text = stdout("pdftotext", &[&"-layout", &path, &"-"]);
    for expected in [
        "LX123456785US",
        "PD-10042",
        "REF-7781-B",
        "DDP",
        "DUTIES & TAXES",
        "Express DDP",
        "1250 g",
        "30 x 20 x 10.5 cm",
        "2x TSHIRT-RED-M",
        "1x MUG-CERAMIC-350",
        "3x SOCKS-WOOL-42",
        "Zoë Müller-Łukasiewicz",
        "Caret^Tilde~Co_Kollektiv",
        "10115 Berlin",
        "GERMANY (DE)",
        "Northwind Outfitters",
        "Seattle, WA 98109",
        "2026-03-14",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}

#[test]
fn pdf_barcode_scans_at_printer_and_office_resolutions() {
    let doc = document(split_skus());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label.pdf");
    std::fs::write(&path, render_pdf(&doc).unwrap()).unwrap();
    for dpi in ["203", "300"] {
        let prefix = dir.path().join(format!("label-pdf-{dpi}dpi"));
        stdout(
            "pdftoppm",
            &[&"-r", &dpi, &"-png", &"-singlefile", &path, &prefix],
        );
        let png = prefix.with_extension("png");
        keep_sample(&png);
        assert_eq!(scan(&png), doc.tracking_code.as_str(), "at {dpi} dpi");
    }
}

#[test]
fn long_sku_lists_end_with_a_count_of_the_rest() {
    let skus: Vec<(String, Decimal)> = (1..=12).map(|i| (format!("SKU-{i:03}"), d("1"))).collect();
    let doc = document(skus);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label-many.pdf");
    std::fs::write(&path, render_pdf(&doc).unwrap()).unwrap();
    keep_sample(&path);
    let text = stdout("pdftotext", &[&"-layout", &path, &"-"]);
    assert!(text.contains("SPLIT PARCEL: 12 SKUs, 12 units"), "{text}");
    assert!(text.contains("SKU-007"), "{text}");
    assert!(!text.contains("SKU-008"), "{text}");
    assert!(text.contains("+5 more"), "{text}");

    let zpl = render_zpl(&doc);
    assert!(zpl.contains("SKU-007"));
    assert!(!zpl.contains("SKU-008"));
    assert!(zpl.contains("+5 more"));
}

#[test]
fn full_order_label_says_so() {
    let doc = document(Vec::new());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label-full.pdf");
    std::fs::write(&path, render_pdf(&doc).unwrap()).unwrap();
    keep_sample(&path);
    let text = stdout("pdftotext", &[&path, &"-"]);
    assert!(text.contains("Full order PD-10042"), "{text}");
    assert!(!text.contains("SPLIT"), "{text}");
}

#[test]
fn zpl_is_a_203_dpi_4x6_format_with_escaped_fields() {
    let doc = document(split_skus());
    let zpl = render_zpl(&doc);
    assert!(zpl.starts_with("^XA"), "{zpl}");
    assert!(zpl.trim_end().ends_with("^XZ"), "{zpl}");
    assert_eq!(zpl.matches("^XA").count(), 1);
    for command in [
        "^CI28", "^PW812", "^LL1218", "^BY", "^BCN", "^FB", "^GB", "^FR",
    ] {
        assert!(zpl.contains(command), "{command} missing:\n{zpl}");
    }
    // The barcode carries the tracking code; `^` `~` `_` in names are hex escapes.
    assert!(zpl.contains("^FDLX123456785US^FS"), "{zpl}");
    assert!(zpl.contains("Caret_5ETilde_7ECo_5FKollektiv"), "{zpl}");
    assert!(!zpl.contains("Caret^Tilde"));
    assert!(zpl.contains("Zoë Müller-Łukasiewicz"));
    assert!(zpl.contains("1250 g"));
    assert!(zpl.contains("30 x 20 x 10.5 cm"));
    assert!(zpl.contains("PD-10042"));
    assert!(zpl.contains("2x TSHIRT-RED-M"));
    // Every field that uses escapes announces them.
    for field in zpl.split("^FS").filter(|f| f.contains("_5E")) {
        assert!(field.contains("^FH_"), "{field}");
    }
}

#[test]
fn zpl_renders_with_labelize_and_the_barcode_scans() {
    let doc = document(split_skus());
    let zpl = render_zpl(&doc);
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
    let zpl_path = dir.path().join("label.zpl");
    std::fs::write(&zpl_path, &zpl).unwrap();
    keep_sample(&zpl_path);
    let png = dir.path().join("label-zpl.png");
    std::fs::write(&png, &rendered.bytes).unwrap();
    keep_sample(&png);
    assert_eq!(scan(&png), doc.tracking_code.as_str());
}

#[test]
fn long_fields_are_shrunk_or_cut_and_the_label_still_scans() {
    let mut doc = document(split_skus());
    doc.to.name = "Maximilian Alexander Sebastian von Hohenzollern-Sigmaringen".into();
    doc.to.company = Some("Internationale Handelsgesellschaft für Outdoor-Ausrüstung mbH".into());
    doc.to.line1 = "Straße des 17. Juni 135, Gebäude C, Aufgang 4, Zimmer 1234".into();
    doc.to.country = country("GB");
    doc.to.city = "Kingston upon Thames".into();
    doc.to.province = "Surrey".into();
    doc.to.zipcode = "KT1 1AA".into();
    doc.order_number = "ORDER-2026-0000000000000000001234567".into();
    doc.service = "Priority International Express Saver Duties Paid Worldwide".into();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label-long.pdf");
    std::fs::write(&path, render_pdf(&doc).unwrap()).unwrap();
    keep_sample(&path);
    let text = stdout("pdftotext", &[&path, &"-"]);
    assert!(
        text.contains("..."),
        "something must have been cut:\n{text}"
    );
    assert!(text.contains("KINGSTON UPON THAMES"), "{text}");
    assert!(text.contains("KT1 1AA"), "{text}");
    let prefix = dir.path().join("label-long");
    stdout(
        "pdftoppm",
        &[&"-r", &"203", &"-png", &"-singlefile", &path, &prefix],
    );
    let png = prefix.with_extension("png");
    keep_sample(&png);
    assert_eq!(scan(&png), doc.tracking_code.as_str());

    let zpl = render_zpl(&doc);
    let options = labelize::RenderOptions {
        width_mm: Some(101.6),
        height_mm: Some(152.4),
        ..labelize::RenderOptions::default()
    };
    let rendered = labelize::render_png(zpl.as_bytes(), options).unwrap();
    let png = dir.path().join("label-long-zpl.png");
    std::fs::write(&png, &rendered.bytes).unwrap();
    keep_sample(&png);
    assert_eq!(scan(&png), doc.tracking_code.as_str());
}

/// A Japanese consignee prints in the CJK fallback font: embedded, extractable, and inked.
#[test]
fn japanese_consignee_prints_in_the_cjk_fallback_font() {
    let mut doc = document(split_skus());
    doc.to = LabelParty {
        name: "山田 太郎".into(),
        company: None,
        line1: "丸の内1-1".into(),
        line2: None,
        city: "千代田区".into(),
        province: "東京都".into(),
        zipcode: "100-0005".into(),
        country: country("JP"),
        phone: None,
    };
    let pdf = render_pdf(&doc).unwrap();
    assert!(pdf.len() < 100_000, "subset fonts: {} bytes", pdf.len());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("label-jp.pdf");
    std::fs::write(&path, &pdf).unwrap();
    keep_sample(&path);

    let fonts = stdout("pdffonts", &[&path]);
    let cjk = fonts
        .lines()
        .find(|line| line.contains("DroidSansFallback"))
        .unwrap_or_else(|| panic!("no CJK font in:\n{fonts}"));
    // Columns: name type encoding emb sub uni object ID.
    let columns: Vec<&str> = cjk.split_whitespace().collect();
    assert!(columns.contains(&"yes"), "not embedded:\n{fonts}");

    let text = stdout("pdftotext", &[&"-layout", &path, &"-"]);
    for expected in [
        "山田 太郎",
        "丸の内1-1",
        "100-0005 千代田区",
        "東京都",
        "JAPAN (JP)",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}
