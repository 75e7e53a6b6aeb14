"""Write the comparisons that ship under Presets (resources/presets/compare-*.json).

Each is a session file with a pin: B as the file's own setting, A under ``"pinned"``.
Run from the repository's top: ``python tools/make_comparisons.py``; the files are
committed, this says how they were made.

- compare-scaling: the lesson's d_k = 64 argument. Eight tokens, Q and K standard normals
  (rounded to 2 decimals; seed 327 of NumPy's default generator, chosen of 400 for the
  mean of the rows' largest weights nearest the lesson's table): A unscaled (τ = 1), its
  largest weights 0.90 on average; B divided by √d_k = 8, 0.38.
- compare-temperature: 猫 吃 鱼 at τ = 0.5 (A) against τ = 2 (B).
- compare-causal: 猫 吃 鱼 without a mask (A) against the causal mask (B).
- compare-training: to train (the Training tab) from one start at d_k = 64, unscaled (A,
  τ = 1) against divided by √d_k (B): Q, K (3 × 64) and V (3 × 4) standard normals,
  rounded to 2 decimals, from seed 191 (tests/engine/test_training.py's figure: at τ = 1
  every row of A is nearly one-hot on another token); the goal Z = V, each token its own
  value, Q and K learning at η = 0.2.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Preset, load_preset, write_preset

PRESETS = Path(__file__).resolve().parents[1] / "resources" / "presets"


def scaling() -> Preset:
    """Return the lesson's d_k = 64 comparison: B divided by √d_k, A unscaled."""
    rng = np.random.default_rng(327)
    q, k = rng.normal(size=(8, 64)).round(2) + 0.0, rng.normal(size=(8, 64)).round(2) + 0.0
    v = rng.normal(size=(8, 4)).round(2) + 0.0
    b = Preset(
        tokens=tuple(f"t{i}" for i in range(1, 9)), q=q, k=k, v=v, temperature=None,
        title={"en": "Compare: d_k = 64 unscaled (A) against ÷√d_k (B)",
               "zh": "对比:d_k = 64,不缩放(A)与除以 √d_k(B)"},
        description={"en": "Eight tokens, d_k = 64. Unscaled, the rows' largest weights "
                            "are 0.90 on average (一家独大); divided by √d_k = 8, 0.38.",
                      "zh": "八个词,d_k = 64。不缩放时每行最大权重平均 0.90(一家独大);"
                            "除以 √d_k = 8 后为 0.38。"},
    )  # fmt: skip
    return replace(b, pinned=replace(b, temperature=1.0))


def training() -> Preset:
    """Return the training comparison: B divided by √d_k, A unscaled, the goal Z = V."""
    rng = np.random.default_rng(191)
    q, k = rng.normal(size=(3, 64)).round(2) + 0.0, rng.normal(size=(3, 64)).round(2) + 0.0
    v = rng.normal(size=(3, 4)).round(2) + 0.0
    b = Preset(
        tokens=("猫", "吃", "鱼"), q=q, k=k, v=v, temperature=None,
        title={"en": "Train at d_k = 64: unscaled (A) against ÷√d_k (B)",
               "zh": "在 d_k = 64 训练:不缩放(A)与除以 √d_k(B)"},
        description={"en": "The goal Z = V (each token its own value); press Train. Unscaled, "
                            "A is nearly one-hot and passes back almost no gradient.",
                      "zh": "目标 Z = V(每个词自己的值);按“训练”。不缩放时 A 几乎是独热,"
                            "梯度几乎传不回去。"},
        view={"training": {"goal": "context", "learning": "qk", "rate": 0.2, "limit": 2000}},
    )  # fmt: skip
    return replace(b, pinned=replace(b, temperature=1.0))


def lesson(title: dict[str, str], description: dict[str, str], **b: object) -> Preset:
    """Return B: 猫 吃 鱼 named ``title``, with the settings ``b``."""
    base = load_preset("cat-eats-fish")
    return replace(replace(base, title=title, description=description, **b), pinned=None)


def main() -> None:
    """Write the three comparisons."""
    write_preset(PRESETS / "compare-scaling.json", scaling())
    write_preset(PRESETS / "compare-training.json", training())
    temperature = lesson(
        {"en": "Compare: τ = 0.5 (A) against τ = 2 (B)", "zh": "对比:τ = 0.5(A)与 τ = 2(B)"},
        {"en": "猫 吃 鱼 at a small and a large τ: one winner, or an even spread.",
         "zh": "猫 吃 鱼,小 τ 与大 τ:一家独大,还是雨露均沾。"},
        temperature=2.0,
    )  # fmt: skip
    write_preset(PRESETS / "compare-temperature.json",
                 replace(temperature, pinned=replace(temperature, temperature=0.5)))  # fmt: skip
    causal = lesson(
        {"en": "Compare: no mask (A) against the causal mask (B)",
         "zh": "对比:不遮挡(A)与因果遮挡(B)"},
        {"en": "猫 吃 鱼 with every key allowed, and with no query seeing a later token.",
         "zh": "猫 吃 鱼:所有键都可见,与每个查询看不到后面的词。"},
        causal=True,
    )  # fmt: skip
    write_preset(PRESETS / "compare-causal.json",
                 replace(causal, pinned=replace(causal, causal=False)))  # fmt: skip


if __name__ == "__main__":
    main()
