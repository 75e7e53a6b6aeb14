"""What the user edits: the state, its undo commands, snapshots, number parsing, view settings."""
