"""Below everything: the interface language, the bundled fonts, the C library's memory tuning."""
