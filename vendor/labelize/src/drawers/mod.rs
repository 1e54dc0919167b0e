pub mod drawer_state;
pub mod renderer;

pub use renderer::Renderer;
