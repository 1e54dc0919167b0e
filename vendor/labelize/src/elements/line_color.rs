#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LineColor {
    #[default]
    Black = 0,
    White = 1,
}
