"""Figures (PNG, SVG, PDF), the handout, the matrices, Export all and its dialogs."""
