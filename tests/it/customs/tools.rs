//! The independent checkers: poppler, zbar, and a look at the pixels where a word was drawn.

use std::path::{Path, PathBuf};
use std::process::Command;

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
