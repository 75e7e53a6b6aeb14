"""A generated corpus of hostile model folders, kits and sessions, one case per attack, each
run in a child process under a time and a memory limit (a case that hangs or balloons
fails; it cannot stall the suite). Used by tests/engine/test_hostile_files.py.

Every case must end as "refused" (an InputError whose message names the file) or
"accepted"; anything else (another exception, a crash, a timeout, the memory limit) is a
failure. Files are small or sparse: no case writes more than a few MB."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from tests.engine.tiny_bert import tiny_config, tokenizer_json, write_tiny_bert

DEEP = "[" * 200_000 + "]" * 200_000
SECONDS, MEMORY = 20, 1536 * 2**20  # per case: far above what a refusal needs


def _header(folder: Path, text: str) -> None:
    raw = text.encode()
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", len(raw)) + raw)


def _json(name: str, text: str) -> Callable[[Path], None]:
    return lambda folder: (folder / name).write_text(text, encoding="utf-8")


def _config(**changes: object) -> Callable[[Path], None]:
    return _json("config.json", json.dumps({**tiny_config(), **changes}))


def _tokenizer(change: Callable[[dict], None]) -> Callable[[Path], None]:
    def write(folder: Path) -> None:
        document = tokenizer_json()
        change(document)
        (folder / "tokenizer.json").write_text(json.dumps(document))

    return write


def _pad(folder: Path) -> None:
    with open(folder / "model.safetensors", "r+b") as stream:
        stream.truncate(3 * 2**30 + 2**29)  # sparse 3.5 GB: nothing written, nothing read


def _link(target: str) -> Callable[[Path], None]:
    def write(folder: Path) -> None:
        (folder / "config.json").unlink()
        (folder / "config.json").symlink_to(target)

    return write


#: surface → case name → what it does to a fresh tiny model folder.
MODEL_CASES: dict[str, dict[str, Callable[[Path], None]]] = {
    "nesting": {
        "config.json 200,000 deep": _json("config.json", DEEP),
        "config.json object 5,000 deep": _json("config.json", '{"a":' * 5000 + "1" + "}" * 5000),
        "tokenizer.json 200,000 deep": _json("tokenizer.json", DEEP),
        "safetensors header 200,000 deep": lambda f: _header(f, DEEP),
        "safetensors header deep in a tensor": lambda f: _header(f, '{"x": ' + DEEP + "}"),
    },
    "size": {
        "model padded to a sparse 3.5 GB": _pad,
        "header of 1,000,000 tensors": lambda f: _header(
            f,
            json.dumps(
                {
                    f"t{i}": {"dtype": "F32", "shape": [0], "data_offsets": [0, 0]}
                    for i in range(1_000_000)
                }
            ),
        ),
        "config.json sparse 2 GB": lambda f: os.truncate(f / "config.json", 2**31),
        "tokenizer.json sparse 2 GB": lambda f: os.truncate(f / "tokenizer.json", 2**31),
        "shape of 100 dimensions": lambda f: _header(
            f, json.dumps({"x": {"dtype": "F32", "shape": [1] * 100, "data_offsets": [0, 4]}})
        ),
        "shape of side 2^62 and 0": lambda f: _header(
            f, json.dumps({"x": {"dtype": "F32", "shape": [2**62, 0], "data_offsets": [0, 0]}})
        ),
    },
    "work": {
        "max_input_chars_per_word 10^9": _tokenizer(
            lambda d: d["model"].update(max_input_chars_per_word=10**9)
        ),
        "200,000 added tokens": _tokenizer(
            lambda d: d.update(added_tokens=[{"content": f"[T{i}]"} for i in range(200_000)])
        ),
    },
    "numbers": {
        "5,000-digit hidden_size": _json(
            "config.json", json.dumps(tiny_config())[:-1] + ', "x": ' + "9" * 5000 + "}"
        ),
        "NaN layer_norm_eps": _json(
            "config.json", json.dumps(tiny_config())[:-1] + ', "layer_norm_eps": NaN}'
        ),
        "hidden_size 10^30": _config(hidden_size=10**30),
        "heads as true": _config(num_attention_heads=True),
        "positions 65,536": _config(max_position_embeddings=65_536),
    },
    "unclear": {
        "config.json -> /proc/self/mem": _link("/proc/self/mem"),
        "config.json -> /dev/zero": _link("/dev/zero"),
        "config.json -> itself": _link("config.json"),
        "config.json a folder": lambda f: (
            (f / "config.json").unlink(),
            (f / "config.json").mkdir(),
        ),
        "lone surrogate in vocab": _tokenizer(lambda d: d["model"]["vocab"].update({"\ud800": 99})),
        "not UTF-8 config": lambda f: (f / "config.json").write_bytes(b"\xff\xfe{}"),
    },
}

#: The child: load the model, tokenize a long sentence, and say how it ended.
CHILD = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    from engine import InputError
    from engine.real_model import load_model
    start = time.perf_counter()
    try:
        model = load_model(sys.argv[1])
        model.tokenizer.tokenize("a" * 100_000 + " 猫" * 2_000)
        outcome, said = "accepted", ""
    except InputError as error:
        outcome, said = "refused", str(error)
    except MemoryError:
        outcome, said = "failure", "MemoryError"
    except BaseException as error:
        outcome, said = "failure", type(error).__name__ + ": " + str(error)[:200]
    print(json.dumps({{"outcome": outcome, "said": said,
                      "seconds": time.perf_counter() - start}}))
""")


def run_model_case(make: Callable[[Path], None], folder: Path) -> dict[str, object]:
    """Make the case in ``folder`` and run the child on it, under the limits."""
    write_tiny_bert(folder)
    make(folder)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD.format(memory=MEMORY), str(folder)],
            capture_output=True, text=True, timeout=SECONDS, env=env, check=False,
            cwd=Path(__file__).resolve().parents[2],
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"outcome": "failure", "said": f"over {SECONDS} s"}
    if done.returncode != 0 or not done.stdout.strip():
        return {"outcome": "failure", "said": f"exit {done.returncode}: {done.stderr[-300:]}"}
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
