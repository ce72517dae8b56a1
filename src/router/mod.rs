//! router (see DESIGN.md)
