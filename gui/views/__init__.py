"""Widgets that subscribe to the state: pipeline, formula, hand calculation, dial, mixing."""
