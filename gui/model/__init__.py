"""What the user edits: the state, its numbers, undo commands, snapshots, number parsing."""
