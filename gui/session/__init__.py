"""Session files, autosave, recent files, importing matrices, the last session at start."""
