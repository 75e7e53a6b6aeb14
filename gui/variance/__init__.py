"""The variance experiment (why divide by √d_k): its panel, plots, table and runner thread."""
