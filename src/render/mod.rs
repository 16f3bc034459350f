//! Placeholder: drawing tours as SVG, PNG and PDF (being written).
