"""pyqtgraph items with no state: heatmap, axes, cell labels, colour bar, bar stacks, colours."""
