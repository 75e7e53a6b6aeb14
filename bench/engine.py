"""Engine benchmarks: attention against the least work any implementation must do, and
the variance experiment against drawing its random numbers alone. Prints ratios.

Run: python bench/engine.py
"""

from __future__ import annotations

import numpy as np
from common import compare, report

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


def main() -> None:
    rows: list[dict[str, object]] = []
    rng = np.random.default_rng(0)
    for length in (3, 64, 512, 2048):
        q, k, v = (rng.normal(size=(length, 64)) for _ in range(3))
        repeats = {3: 2000, 64: 300, 512: 20, 2048: 3}[length]
        seconds, floor = compare(
            lambda q=q, k=k, v=v: attention(q, k, v),
            lambda q=q, k=k, v=v: attention_floor(q, k, v),
            rounds=7,
            repeats=repeats,
        )
        rows.append({"name": f"attention L={length} d=64", "seconds": seconds,
                     "floor_seconds": floor, "ratio": seconds / floor,
                     "goal": 1.5 if length >= 512 else None})  # fmt: skip
    seconds, floor = compare(variance_experiment, random_numbers_floor, rounds=5, repeats=1)
    rows.append({"name": "variance experiment (lesson)", "seconds": seconds,
                 "floor_seconds": floor, "ratio": seconds / floor, "goal": 1.3})  # fmt: skip
    report(rows)


if __name__ == "__main__":
    main()
