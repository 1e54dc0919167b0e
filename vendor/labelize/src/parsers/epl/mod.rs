pub mod fonts;
pub mod format;
pub mod parser;
