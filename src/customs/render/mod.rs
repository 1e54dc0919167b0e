//! Rendering the paperwork (see `paperwork`) as PDF and ZPL.
