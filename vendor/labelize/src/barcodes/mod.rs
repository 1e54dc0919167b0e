pub mod aztec;
pub mod bit_matrix;
pub mod code128;
pub mod code39;
pub mod datamatrix;
mod datamatrix_field;
pub mod datamatrix_legacy;
pub mod ean13;
pub mod ean8;
pub mod maxicode;
pub mod pdf417;
pub mod pdf417_encoding;
mod qr_mask;
pub mod qrcode;
pub mod twooffive;
pub mod upca;
pub mod upce;

pub use bit_matrix::BitMatrix;
