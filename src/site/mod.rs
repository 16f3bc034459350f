//! Placeholder: the gallery site builder (being written).
