"""The examples a class starts from: the lesson's built-in presets, and random ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from resources import resource_path

from ..messages import Message
from ..vocabulary import MAX_DIM, MAX_TOKENS
from .preset_errors import PresetError
from .presets import Preset, read_preset

#: The presets that ship with the app, by name.
BUILT_IN = ("cat-eats-fish", "shape-check", "two-heads", "compare-scaling", "compare-temperature",
            "compare-causal", "compare-training")  # fmt: skip
#: Those whose tokens are placeholders (词1 词2 词3), named in the interface's language;
#: the lesson's 猫 吃 鱼 are words of the example and stay.
PLACEHOLDER_TOKENS = frozenset({"shape-check"})


def load_preset(name: str, token_name: Callable[[int], str] | None = None) -> Preset:
    """One of the built-in presets: "cat-eats-fish" (the lesson), "shape-check", "two-heads".

    ``token_name(n)`` names the n-th token (from 1) of a preset whose tokens are
    placeholders (PLACEHOLDER_TOKENS): "token 1" in an English interface.
    """
    if name not in BUILT_IN:
        raise PresetError(
            "",
            Message(
                "no built-in preset {name!r}; choose from {presets}",
                name=name,
                presets=", ".join(BUILT_IN),
            ),
        )
    preset = read_preset(resource_path("presets", f"{name}.json"))
    if token_name is None or name not in PLACEHOLDER_TOKENS:
        return preset
    return replace(preset, tokens=tuple(token_name(i + 1) for i in range(len(preset.tokens))))


def random_preset(length: int, d_k: int, d_v: int, seed: int) -> Preset:
    """Return a reproducible random example: standard normals rounded to two decimals."""
    for name, value, limit in (("length", length, MAX_TOKENS), ("d_k", d_k, MAX_DIM),
                               ("d_v", d_v, MAX_DIM), ("seed", seed, 2**32 - 1)):  # fmt: skip
        least = 0 if name == "seed" else 1
        if type(value) is not int or not least <= value <= limit:
            raise PresetError(
                name,
                Message("must be a whole number from {least} to {most}", least=least, most=limit),
            )
    rng = np.random.default_rng(seed)
    q, k = rng.normal(size=(length, d_k)).round(2), rng.normal(size=(length, d_k)).round(2)
    v = rng.normal(size=(length, d_v)).round(2)
    return Preset(
        tokens=tuple(f"t{i + 1}" for i in range(length)),
        q=q + 0.0,  # + 0.0 turns the -0.0 of rounding into 0.0
        k=k + 0.0,
        v=v + 0.0,
        title={
            "en": f"random (L={length}, d_k={d_k}, d_v={d_v}, seed {seed})",
            "zh": f"随机(L={length},d_k={d_k},d_v={d_v},种子 {seed})",
        },
    )
