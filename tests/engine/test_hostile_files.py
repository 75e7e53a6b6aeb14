"""Issue 25's classes, attacked from outside: every case refused by name or accepted,
under time and memory limits (see hostile_files.py)."""

from __future__ import annotations

import pytest

from tests.engine.hostile_files import MODEL_CASES, run_model_case

CASES = [(surface, name) for surface, cases in MODEL_CASES.items() for name in cases]


@pytest.mark.slow
@pytest.mark.parametrize(("surface", "name"), CASES, ids=[f"{s}:{n}" for s, n in CASES])
def test_a_hostile_model_folder_is_refused_by_name_or_accepted(tmp_path, surface, name):
    result = run_model_case(MODEL_CASES[surface][name], tmp_path / "model")
    assert result["outcome"] in ("refused", "accepted"), result
    if result["outcome"] == "refused":
        said = str(result["said"])
        assert any(file in said for file in ("config.json", "tokenizer.json",
                                             "model.safetensors", "vocab.txt")), said  # fmt: skip
        assert "None" not in said, said
        assert len(said) < 400, said
    assert float(result["seconds"]) < 10, result  # type: ignore[arg-type]
