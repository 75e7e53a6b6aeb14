"""Engine benchmarks: attention against the least work any implementation must do, and
the variance experiment against drawing its random numbers alone (both the legacy
RandomState stream the lesson's table needs and NumPy's default_rng). Candidate and floor
are timed in turn in one process over several rounds; the spread of the ratio is printed.

Run: python bench/engine.py
"""

from __future__ import annotations

import numpy as np
from common import compare_rounds, report

from engine import attention, variance_experiment


def attention_floor(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    s = q @ k.T
    e = np.exp(s - s.max(axis=1, keepdims=True))
    e /= e.sum(axis=1, keepdims=True)
    return e @ v


def random_numbers_floor() -> None:
    rng = np.random.RandomState(0)
    for d in (4, 16, 64):
        rng.randn(20_000, 2, d)
    for d in (4, 16, 64):
        rng.randn(20, 9, d)


def default_rng_floor() -> None:
    """The same numbers drawn by NumPy's default generator (PCG64, ziggurat normals)."""
    rng = np.random.default_rng(0)
    for d in (4, 16, 64):
        rng.standard_normal((20_000, 2, d))
    for d in (4, 16, 64):
        rng.standard_normal((20, 9, d))


def main() -> None:
    rows: list[dict[str, object]] = []
    rng = np.random.default_rng(0)
    for length in (3, 64, 512, 2048):
        q, k, v = (rng.normal(size=(length, 64)) for _ in range(3))
        repeats = {3: 2000, 64: 300, 512: 20, 2048: 3}[length]
        figures = compare_rounds(
            lambda q=q, k=k, v=v: attention(q, k, v),
            lambda q=q, k=k, v=v: attention_floor(q, k, v),
            rounds=9,
            repeats=repeats,
        )
        rows.append({"name": f"attention L={length} d=64", **figures,
                     "goal": 1.5 if length >= 512 else None})  # fmt: skip
    figures = compare_rounds(variance_experiment, random_numbers_floor, rounds=5, repeats=1)
    rows.append({"name": "variance (lesson) vs RandomState", **figures, "goal": 1.3})
    figures = compare_rounds(variance_experiment, default_rng_floor, rounds=5, repeats=1)
    rows.append({"name": "variance (lesson) vs default_rng", **figures, "goal": None})
    report(rows)


if __name__ == "__main__":
    main()
