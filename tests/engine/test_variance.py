"""The variance experiment beyond the lesson's table: chunking, progress, cancel, gradient."""

from __future__ import annotations

import numpy as np
import pytest

import engine.lesson.variance as variance
from engine import ExperimentCancelled, variance_experiment


def test_chunked_runs_draw_the_same_stream(monkeypatch):
    whole = variance_experiment(d_ks=(4, 16), samples=3000, trials=50)
    monkeypatch.setattr(variance, "CHUNK_FLOATS", 1000)
    chunked = variance_experiment(d_ks=(4, 16), samples=3000, trials=50)
    for a, b in zip(whole.rows, chunked.rows, strict=True):
        assert a.std == pytest.approx(b.std, rel=1e-12)
        assert a.max_weight_unscaled == pytest.approx(b.max_weight_unscaled, rel=1e-12)
        assert a.gradient_scaled == pytest.approx(b.gradient_scaled, rel=1e-12)
    for a, b in zip(whole.histograms, chunked.histograms, strict=True):
        assert a.counts.tolist() == b.counts.tolist()


def test_histograms_count_every_sample_and_share_bins_in_units_of_sqrt_d_k():
    result = variance_experiment(d_ks=(4, 64), samples=5000)
    for histogram in result.histograms:
        assert histogram.counts.sum() + histogram.below + histogram.above == 5000
        np.testing.assert_allclose(
            histogram.edges_raw, histogram.edges_scaled * np.sqrt(histogram.d_k)
        )


def test_progress_is_reported_up_to_one():
    seen: list[float] = []
    variance_experiment(d_ks=(4, 16), samples=1000, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == pytest.approx(1.0)


def test_cancel_stops_the_run_within_one_chunk(monkeypatch):
    monkeypatch.setattr(variance, "CHUNK_FLOATS", 4096)
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(ExperimentCancelled):
        variance_experiment(d_ks=(1024,), samples=1_000_000, cancel=cancel)
    assert len(calls) == 3


def test_the_softmax_gradient_shrinks_without_scaling_as_d_k_grows():
    rows = variance_experiment().rows
    unscaled = [r.gradient_unscaled for r in rows]
    assert unscaled == sorted(unscaled, reverse=True)
    assert rows[-1].gradient_scaled > 2.5 * rows[-1].gradient_unscaled


def test_the_gradient_norm_matches_the_jacobian_built_by_hand():
    rng = np.random.RandomState(5)
    s = rng.randn(3, 8)
    _, total_norm = variance._softmax_stats(s, 1.0)
    norms = []
    for row in s:
        a = np.exp(row - row.max())
        a /= a.sum()
        jacobian = np.diag(a) - np.outer(a, a)
        norms.append(np.linalg.norm(jacobian))
    assert total_norm == pytest.approx(sum(norms), rel=1e-12)
