"""The size of an export's matrices, known before it starts: measured figures, refusals."""

from __future__ import annotations

import pytest

from engine.formats.export_size import (
    MAX_EXPORT_BYTES,
    check_export,
    estimate_export,
    matrix_numbers,
    pinned_numbers,
)
from engine.machine import available_memory, megabytes, memory_budget
from engine.messages import InputError

GB = 10**9


def test_the_numbers_counted_are_those_matrices_json_holds():
    # one head: S, S/τ, A (3 × 3 × 3), Q, K (3 × 2 each), V, Z (3 × 2 each)
    assert matrix_numbers(3, 2, 2, 1, False) == 27 + 12 + 12
    # two heads: the selected head's seven, each head's seven, the concat
    assert matrix_numbers(3, 2, 2, 2, False) == 51 + 2 * (27 + 6 + 6) + 6
    assert matrix_numbers(3, 2, 2, 2, True) == matrix_numbers(3, 2, 2, 2, False) + 6


@pytest.mark.parametrize(
    ("tokens", "d", "heads", "measured"),
    [(256, 64, 16, 60e6), (512, 64, 16, 237e6), (1024, 64, 16, 987e6)],
)
def test_the_estimate_is_within_ten_percent_of_the_files_measured(tokens, d, heads, measured):
    estimate = estimate_export(tokens, d, d, heads, False, ("json",))
    assert abs(estimate.bytes - measured) / measured < 0.1
    assert estimate.files == "matrices.json"


def test_figures_alone_are_never_large():
    estimate = estimate_export(2048, 1024, 1024, 16, True, ("png", "svg", "pdf"))
    assert estimate.bytes == estimate.memory == 0
    check_export(estimate, allow_large=False, budget=1)


def test_a_large_export_is_refused_with_its_size_and_the_flag_that_writes_it():
    estimate = estimate_export(1024, 64, 64, 16, False, ("csv", "json"))
    assert estimate.is_large
    with pytest.raises(InputError) as caught:
        check_export(estimate, allow_large=False, budget=100 * GB)
    said = str(caught.value)
    assert "matrices.json, *.csv" in said
    assert "1.9 GB" in said
    assert "--allow-large" in said
    assert "--format png,svg,pdf" in said
    check_export(estimate, allow_large=True, budget=100 * GB)  # asked for: written


def test_past_the_machines_memory_even_an_allowed_export_is_refused():
    estimate = estimate_export(2048, 1024, 1024, 16, False, ("csv", "json"))
    assert estimate.memory > 8 * GB
    with pytest.raises(InputError, match=r"this machine has 4\.0 GB to spare"):
        check_export(estimate, allow_large=True, budget=4 * GB)


def test_a_session_of_the_lesson_is_small():
    estimate = estimate_export(1024, 64, 64, 1, False, ("csv", "json"))
    assert estimate.bytes < MAX_EXPORT_BYTES
    check_export(estimate, allow_large=False, budget=1 * GB)


def test_the_machine_says_its_memory_or_a_sane_fallback(monkeypatch):
    assert available_memory() > 0
    assert memory_budget() >= 64 * 2**20
    monkeypatch.setattr("engine.machine.Path.read_text", lambda *a, **k: "garbage")
    assert available_memory() > 0  # sysconf, else the fallback
    assert megabytes(987_000_000) == "987 MB"
    assert megabytes(2_100_000_000) == "2.1 GB"


def test_a_comparison_counts_a_and_b_minus_a_in_every_copy():
    alone = estimate_export(512, 64, 64, 1, False, ("csv", "json"))
    pinned = pinned_numbers((256, 32, 32), (512, 64, 64))  # A smaller than B
    compared = estimate_export(512, 64, 64, 1, False, ("csv", "json"), pinned)
    assert pinned == matrix_numbers(256, 32, 32, 1, False) + matrix_numbers(512, 64, 64, 1, False)
    assert compared.numbers == alone.numbers + 2 * pinned  # in the CSV files and in the JSON
    assert compared.bytes > alone.bytes
