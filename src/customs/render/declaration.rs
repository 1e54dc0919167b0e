//! The customs declaration: the CN22 as one 4 x 6 in page, in PDF or ZPL, drawn from its dot
//! layout (`cn22`) by `render::page` as the shipping label is; the CN23 on office paper
//! (`cn23`).

use super::cn22;
use super::cn23;
use super::error::RenderError;
use crate::customs::paperwork::{CustomsDeclaration, DeclarationForm};
use crate::render::fonts::fonts;
use crate::render::page::{self, Font0};
use crate::render::pdf::Info;

/// The declaration as a PDF: a CN22 is one 4 x 6 in page, a CN23 an A4 or Letter document
/// (`decl.paper`).
pub fn declaration_pdf(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    match decl.form {
        DeclarationForm::Cn22 => cn22_pdf(decl),
        DeclarationForm::Cn23 => cn23::cn23_pdf(decl),
    }
}

fn cn22_pdf(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    let info = Info {
        title: format!("CN22 {}", decl.tracking_number),
        subject: None,
        // The declaration's own day, not the wall clock's.
        date: decl.date,
    };
    let elements = cn22::layout(decl, fonts()?)?;
    Ok(page::pdf(&elements, info)?)
}

/// `decl` (a CN22) as one ZPL format, `^XA` ... `^XZ`, UTF-8, for 203 dpi printers.
pub fn cn22_zpl(decl: &CustomsDeclaration) -> Result<Vec<u8>, RenderError> {
    Ok(page::zpl(&cn22::layout(decl, &Font0)?).into_bytes())
}
