"""The torch side of ``bench/real_model_torch.py``: run by a Python that has torch and
transformers (never the project's own: torch is no dependency of Attention Lab), as a
long-lived subprocess, so that the rounds alternate without loading the model again.

It loads all-MiniLM-L6-v2 from the folder given as its argument with transformers'
``BertModel`` (eager attention, float32), sets torch to 2 threads, and answers one JSON
line per request read from stdin:

- ``{"ids": [...], "runs": 9}``: times ``runs`` forward passes with ``output_attentions=True``
  and answers ``{"seconds": [...]}``;
- ``{"ids": [...], "save": "path.npy"}``: saves every layer's attentions (layers, heads, T,
  T) there and answers ``{"saved": "path.npy"}``;
- an empty line ends it.

It imports nothing of the project: it runs with another interpreter's packages.
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np
import torch
from transformers import BertModel


def main() -> None:
    torch.set_num_threads(2)
    model = BertModel.from_pretrained(sys.argv[1], attn_implementation="eager")
    model.eval()
    print(json.dumps({"torch": torch.__version__, "threads": torch.get_num_threads()}),
          flush=True)  # fmt: skip
    for line in sys.stdin:
        if not line.strip():
            break
        request = json.loads(line)
        ids = torch.tensor([request["ids"]], dtype=torch.long)
        with torch.inference_mode():
            if "save" in request:
                output = model(input_ids=ids, output_attentions=True)
                weights = torch.stack([a[0] for a in output.attentions]).numpy()
                np.save(request["save"], weights)
                print(json.dumps({"saved": request["save"]}), flush=True)
                continue
            model(input_ids=ids, output_attentions=True)  # warm
            seconds = []
            for _ in range(request["runs"]):
                start = time.perf_counter()
                model(input_ids=ids, output_attentions=True)
                seconds.append(time.perf_counter() - start)
        print(json.dumps({"seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()
