"""The real model: a BERT encoder (all-MiniLM-L6-v2) read, tokenized and run with NumPy.

No torch and no network; :mod:`engine` imports this package when one of its names is first
used (``from engine import load_model``), since opening the window needs none of it.

- ``model``: :func:`load_model` and :class:`Model`, a folder's encoder with its tokenizer;
  ``model_folder``: where that folder is (the user's choice, the package, the HF cache);
- ``model_heads``: a head of the model on a sentence, as a preset (the window and the
  command line both open one this way);
- ``bert``: the forward pass in float32, keeping every layer's and head's Q, K, V and A;
  ``erf``: the error function of its exact GELU;
- ``bert_config``: ``config.json``, checked; ``bert_weights``: the weights by their Hugging
  Face names; ``safetensors_file``: their file, read with NumPy alone;
- ``tokenizer_files``: the folder's tokenizer files; ``wordpiece``: BERT's tokenizer.
"""

from __future__ import annotations

from .bert import Forward, HeadNumbers
from .model import Model, load_model
from .model_folder import ModelFolder, locate_model
from .model_heads import head_preset, layer_preset, sentence_run
from .wordpiece import Tokenized

__all__ = [
    "Forward",
    "HeadNumbers",
    "Model",
    "ModelFolder",
    "Tokenized",
    "head_preset",
    "layer_preset",
    "load_model",
    "locate_model",
    "sentence_run",
]
