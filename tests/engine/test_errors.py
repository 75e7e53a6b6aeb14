"""Bad input raises ValueError with a message a student understands."""

from __future__ import annotations

import numpy as np
import pytest

from engine import attention, softmax, variance_experiment

Q = np.ones((3, 4))


@pytest.mark.parametrize(
    ("q", "k", "v", "message"),
    [
        (Q, np.ones((3, 5)), np.ones((3, 4)), r"same width d_k.*Q is 3×4 and K is 3×5"),
        (Q, np.ones((3, 4)), np.ones((2, 4)), r"V needs one row per key: K has 3 rows but V has 2"),
        (np.zeros((0, 4)), np.ones((3, 4)), np.ones((3, 4)), r"Q is empty"),
        (Q, np.ones((3, 4)), [[1, 2], [3, 4], [5, float("nan")]], r"V\[2, 1\] is nan"),
        (Q, [[1, 2, 3, float("inf")]] * 3, np.ones((3, 4)), r"K\[0, 3\] is inf"),
        (np.ones(4), np.ones((3, 4)), np.ones((3, 4)), r"Q must be a 2-D matrix"),
        ([["a", "b"]], np.ones((3, 2)), np.ones((3, 2)), r"Q must be a matrix of numbers"),
    ],
)
def test_bad_matrices_are_refused_with_a_clear_message(q, k, v, message):
    with pytest.raises(ValueError, match=message):
        attention(q, k, v)


@pytest.mark.parametrize(
    "temperature", [0.0, -1.0, float("nan"), float("inf"), "hot", True, 1e-320, 5e-301]
)
def test_a_temperature_that_is_not_positive_is_refused(temperature):
    with pytest.raises(ValueError, match="temperature must be"):
        attention(Q, Q, Q, temperature=temperature)
    with pytest.raises(ValueError, match="temperature must be"):
        softmax([1.0, 2.0], temperature=temperature)


def test_a_mask_of_the_wrong_shape_or_type_is_refused():
    with pytest.raises(ValueError, match=r"mask has shape 2×2, but the scores are 3×3"):
        attention(Q, Q, Q, mask=np.ones((2, 2), dtype=bool))
    with pytest.raises(ValueError, match="mask has shape a single value"):
        attention(Q, Q, Q, mask=np.bool_(True))
    with pytest.raises(ValueError, match=r"True \(allowed\) and False"):
        attention(Q, Q, Q, mask=np.ones((3, 3)))


def test_causal_needs_as_many_queries_as_keys():
    with pytest.raises(ValueError, match="causal mask needs as many queries as keys"):
        attention(np.ones((2, 4)), Q, Q, causal=True)


def test_scores_that_overflow_are_refused():
    with pytest.raises(ValueError, match="too large"):
        attention([[1e200, 1e200]], [[1e200, 1e200]], [[1.0]])


def test_softmax_refuses_nan_and_empty_input():
    with pytest.raises(ValueError, match="NaN"):
        softmax([1.0, float("nan")])
    with pytest.raises(ValueError, match="at least one"):
        softmax([])


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"d_ks": ()}, "at least one d_k"),
        ({"d_ks": (0,)}, "each of the d_k values must be between 1 and 4,096, not 0"),
        ({"d_ks": (-4,)}, "each of the d_k values must be between"),
        ({"d_ks": ("abc",)}, "each of the d_k values must be a whole number"),
        ({"d_ks": (8192,)}, "not 8,192"),
        ({"samples": 10**9}, "samples per d_k must be between 2 and 10,000,000"),
        ({"candidates": 1}, "candidate keys must be between 2"),
        ({"trials": 0}, "trials must be between 1"),
        ({"seed": -1}, "random seed must be between 0"),
        ({"samples": 2.5}, "samples per d_k must be a whole number"),
    ],
)
def test_bad_experiment_settings_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        variance_experiment(**settings)
