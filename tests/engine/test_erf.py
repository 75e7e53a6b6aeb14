"""The vectorised erf against math.erf, and the float32 and float64 GELUs against the
exact x·½(1 + erf(x/√2))."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.real_model.erf import erf, gelu32, gelu64


def exact_erf(values: np.ndarray) -> np.ndarray:
    return np.array([math.erf(v) for v in values.ravel()]).reshape(values.shape)


def exact_gelu(values: np.ndarray) -> np.ndarray:
    return np.array([v * 0.5 * (1 + math.erf(v / math.sqrt(2))) for v in values.ravel()])


def test_erf_agrees_with_math_erf_within_1e_15_on_a_wide_range() -> None:
    x = np.linspace(-9, 9, 300_001)
    error = np.abs(erf(x) - exact_erf(x))
    assert error.max() <= 1.2e-15


def test_erf_keeps_its_relative_accuracy_at_tiny_and_moderate_arguments() -> None:
    x = np.geomspace(1e-300, 6.5, 20_001)
    x = np.concatenate([x, -x])
    relative = np.abs(erf(x) - exact_erf(x)) / np.abs(exact_erf(x))
    assert relative.max() <= 2.5e-15


@pytest.mark.parametrize(
    ("x", "expected"), [(0.0, 0.0), (np.inf, 1.0), (-np.inf, -1.0), (40.0, 1.0), (-7.0, -1.0)]
)
def test_erf_at_its_special_points(x: float, expected: float) -> None:
    assert erf(np.array([x]))[0] == expected


def test_erf_of_nan_is_nan_and_the_shape_is_kept() -> None:
    assert np.isnan(erf(np.array([np.nan]))[0])
    assert erf(np.zeros((3, 4, 5))).shape == (3, 4, 5)
    assert np.signbit(erf(np.array([-0.0]))[0])


@given(st.floats(min_value=-30, max_value=30, allow_nan=False))
def test_erf_is_odd_and_matches_math_erf_anywhere(x: float) -> None:
    value = erf(np.array([x, -x]))
    assert value[0] == -value[1]
    assert abs(value[0] - math.erf(x)) <= 1.2e-15


def test_gelu64_is_the_exact_erf_gelu() -> None:
    x = np.linspace(-12, 12, 100_001)
    assert np.abs(gelu64(x) - exact_gelu(x)).max() <= 2e-15


def test_gelu32_is_within_float32_rounding_of_the_exact_gelu() -> None:
    x = np.linspace(-12, 12, 200_001).astype(np.float32)
    exact = exact_gelu(x.astype(np.float64))
    result = gelu32(x)
    assert result.dtype == np.float32
    assert (np.abs(result - exact) / np.maximum(1, np.abs(exact))).max() <= 1.2e-7


def test_gelu32_can_write_over_its_input() -> None:
    x = np.linspace(-4, 4, 101).astype(np.float32).reshape(1, 101)
    expected = gelu32(x.copy())
    gelu32(x, out=x)
    np.testing.assert_array_equal(x, expected)


def test_gelu32_is_not_the_tanh_approximation() -> None:
    # at x = -3 the two differ by 4.1e-4: far more than float32's rounding
    x = np.array([-3.0], dtype=np.float32)
    tanh_form = 0.5 * -3 * (1 + math.tanh(math.sqrt(2 / math.pi) * (-3 + 0.044715 * -27)))
    assert abs(float(gelu32(x)[0]) - exact_gelu(np.array([-3.0]))[0]) < 1e-7
    assert abs(float(gelu32(x)[0]) - tanh_form) > 4e-4
