//! transform (see DESIGN.md)
