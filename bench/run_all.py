"""Every benchmark, one after the other, each in its own process: JSON lines, then one
readable table. Ratios are against floors measured in the same run (see each file).

Run: python bench/run_all.py [--soak-seconds 600] [--skip NAME ...]
Takes about 15 minutes with the ten-minute soak (--soak-seconds 0 leaves it out).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = ("engine", "startup", "edit", "animation", "heads", "weight_lines", "variance",
              "real_model", "soak")  # fmt: skip


def run(name: str, soak_seconds: float) -> list[dict[str, object]]:
    command = [sys.executable, str(HERE / f"{name}.py")]
    if name == "soak":
        command += ["--seconds", str(soak_seconds)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=HERE.parent)
    print(f"# {name}: {time.perf_counter() - started:.0f} s, exit {done.returncode}",
          file=sys.stderr)  # fmt: skip
    if done.returncode != 0:
        return [{"name": f"{name} failed", "error": done.stderr.strip().splitlines()[-1:]}]
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return [{"benchmark": name, **row} for row in rows]


def measured(row: dict[str, object]) -> str:
    """The figure of a row and its floor, whatever the benchmark measures."""
    if "fps" in row and "empty_animation_fps" in row:
        return f"{row['fps']:.1f} painted/s vs {row['empty_animation_fps']:.1f} bare view"
    if "frames" in row:
        return (f"{row['seconds'] * 1e3:.1f} ms vs 16.7 ms frame, "
                f"{row['empty_repaint_seconds'] * 1e3:.2f} ms view")  # fmt: skip
    if "growth_mb" in row:
        return (f"{row['start_mb']:.0f} → {row['end_mb']:.0f} MB, {row['qt_warnings']} + "
                f"{row['python_warnings']} warnings")  # fmt: skip
    if "MB" in str(row["name"]):
        return f"{row['seconds']:.0f} MB vs {row['floor_seconds']:.0f} MB"
    if "samples" in row:  # the largest experiment: its time and memory, no floor
        return (f"{row['seconds']:.0f} s, peak {row['peak_mb']:.0f} MB "
                f"(idle {row['idle_peak_mb']:.0f} MB)")  # fmt: skip
    if "rss_bytes" in row:  # the real model's memory against its goal
        return (f"{row['rss_bytes'] / 2**20:.0f} MB added vs goal "
                f"{row['goal_bytes'] / 2**20:.0f} MB")  # fmt: skip
    if "seconds" in row and row.get("floor_seconds") is None:  # a time with no floor
        return f"{row['seconds'] * 1e3:.0f} ms"
    if "seconds" in row:
        return f"{row['seconds'] * 1e3:.2f} ms vs {row['floor_seconds'] * 1e3:.2f} ms"
    return str(row.get("error", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--soak-seconds", type=float, default=600.0)
    parser.add_argument("--skip", nargs="*", default=[], choices=BENCHMARKS)
    args = parser.parse_args()
    chosen = [b for b in BENCHMARKS if b not in args.skip and (b != "soak" or args.soak_seconds)]
    rows = [row for name in chosen for row in run(name, args.soak_seconds)]
    machines = [row for row in rows if "machine" in row]  # one line per benchmark
    rows = [row for row in rows if "machine" not in row]
    for row in rows + machines:
        print(json.dumps(row, ensure_ascii=False))
    print()
    print(f"{'benchmark':<40} {'measured (median) vs floor':<44} {'ratio':>7} {'spread':>13}"
          "  goal")  # fmt: skip
    for row in rows:
        ratio = f"{row['ratio']:.2f}×" if "ratio" in row else ""
        if "frames" in row:  # an edit: against one 60 Hz frame and a bare view's repaint
            ratio = f"{row['frames']:.2f} fr"
        if "ratio_min" in row:
            spread = f"{row['ratio_min']:.2f}–{row['ratio_max']:.2f}×"
        elif "min_seconds" in row:
            spread = f"{row['min_seconds'] * 1e3:.1f}–{row['max_seconds'] * 1e3:.1f} ms"
        else:
            spread = ""
        goal = next((f"{row[k]}{unit}" for k, unit in (("goal", "×"), ("goal_fps", " fps"),
                     ("goal_growth_mb", " MB")) if row.get(k) is not None), "")  # fmt: skip
        if "within_frame" in row and not goal:  # edits up to 512 tokens: one 60 Hz frame
            goal = "< 16.7 ms" + ("" if row["within_frame"] else " (missed)")
        print(f"{row['name']:<40} {measured(row):<44} {ratio:>7} {spread:>13}  {goal}")
    for row in machines:
        print(
            f"# {row['benchmark']}: {row['machine']} at {row['mhz']} MHz, {row['cores']} cores,"
            f" load {row['load_before']} before, {row['load_after']} after"
        )


if __name__ == "__main__":
    main()
