//! Placeholder: tour files (being written).
