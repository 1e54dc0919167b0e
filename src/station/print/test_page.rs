//! The "Test print" pages: a small ZPL label and a one-page PDF naming the station.

/// A 4×6 in test label at 203 dpi: the station name, a frame, and a Code 128 barcode, so the
/// packer sees position, darkness and barcode quality at once.
pub fn test_label_zpl(station: &str) -> Vec<u8> {
    let name = field_text(station);
    format!(
        "^XA\n^CI28\n^PW812\n^LL1218\n^LH0,0\n\
         ^FO30,30^GB752,1158,4^FS\n\
         ^FO70,80^A0N,60,60^FDPackdesk test print^FS\n\
         ^FO70,170^A0N,40,40^FD{name}^FS\n\
         ^FO70,260^BY3^BCN,160,Y,N,N^FDPACKDESK-TEST^FS\n\
         ^XZ\n"
    )
    .into_bytes()
}

/// ZPL field data cannot hold `^` or `~` (command prefixes).
fn field_text(text: &str) -> String {
    text.chars()
        .filter(|c| *c != '^' && *c != '~' && !c.is_control())
        .take(40)
        .collect()
}

/// A one-page A4 PDF with a line of text, built by hand (objects and cross-reference table),
/// small enough for any spooler.
pub fn test_page_pdf(station: &str) -> Vec<u8> {
    let text: String = station
        .chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control() && !matches!(c, '(' | ')' | '\\'))
        .take(60)
        .collect();
    let stream = format!("BT /F1 24 Tf 72 760 Td (Packdesk test print - {text}) Tj ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] \
         /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
        format!(
            "<< /Length {} >>\nstream\n{stream}\nendstream",
            stream.len()
        ),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        table.push_str(&format!("{offset:010} 00000 n \n"));
    }
    table.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    ));
    pdf.extend_from_slice(table.as_bytes());
    pdf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_label_keeps_command_characters_out_of_field_data() {
        let zpl = String::from_utf8(test_label_zpl("Bench ^XZ~JR 2")).unwrap();
        assert!(zpl.contains("^FDBench XZJR 2^FS"), "{zpl}");
        assert_eq!(zpl.matches("^XZ").count(), 1);
    }

    #[test]
    fn the_test_page_cross_reference_points_at_its_objects() {
        let pdf = test_page_pdf("Bench 2");
        let text = String::from_utf8(pdf.clone()).unwrap();
        let start: usize = text
            .rsplit("startxref\n")
            .next()
            .and_then(|t| t.lines().next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(text[start..].starts_with("xref"));
        for (i, line) in text[start..].lines().skip(3).take(5).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            assert!(text[offset..].starts_with(&format!("{} 0 obj", i + 1)));
        }
    }
}
