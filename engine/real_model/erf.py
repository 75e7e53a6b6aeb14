"""The error function and the exact GELU, vectorised, for NumPy arrays.

BERT's feed-forward layers use GELU(x) = x·Φ(x) = x·½(1 + erf(x/√2)) with the true erf
(the tanh approximation is off by 3·10⁻³ in the model's activations). NumPy has no erf and
``math.erf`` is a scalar function, about 100 times too slow for a (512, 1536) array, so
this module evaluates erf with polynomials:

- for |x| < ½, the Taylor series erf(x) = 2/√π · Σ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1)), thirteen
  terms, whose coefficients are exact;
- for |x| ≥ ½, erfc(x) = e^(−x²) · g(t), where g = e^(x²)·erfc(x) is smooth in
  t = κ/(κ + x), and erf(x) = 1 − erfc(x); g is a Chebyshev series in t fitted once, the
  first time it is needed, to ``math.erfc`` at Chebyshev points (which are accurate to
  an ulp), so nothing here is a copied table of coefficients;
- beyond |x| = 6, erf(x) is ±1 in float64 (erfc(6) = 2·10⁻¹⁷).

Measured against ``math.erf`` on 10⁶ points of [−8, 8] and at tiny arguments: within
1.2·10⁻¹⁵ absolute and 2·10⁻¹⁵ relative (``tests/engine/test_erf.py``).

The float32 GELU of the forward pass uses the same form with a series of degree 6 and
float32 arithmetic throughout (within 1.2·10⁻⁷ of the exact GELU, float32's own rounding):
in float64 the erf would cost more than the model's matrix products at 128 tokens.
"""

from __future__ import annotations

import math
from functools import cache
from types import ModuleType

import numpy as np
from numpy.typing import ArrayLike, NDArray


def _chebyshev() -> ModuleType:
    # imported when first used, not with the module: numpy.polynomial takes 3 ms, on the
    # way to the window's first paint (the real model's modules are imported at start-up)
    from numpy.polynomial import chebyshev

    return chebyshev


#: Below it, the Taylor series; above it, the erfc form.
_SERIES_BELOW = 0.5
#: Above it, erf(x) = ±1 in float64.
_ONE_ABOVE = 6.0
#: 2/√π, the slope of erf at 0.
_TWO_OVER_ROOT_PI = 2.0 / math.sqrt(math.pi)
#: Terms of the Taylor series: the 13th is below 2⁻⁵³ of the first at |x| = ½.
_SERIES_TERMS = 13


@cache
def _taylor_coefficients() -> tuple[float, ...]:
    """Return the coefficients of erf(x)/x as a polynomial in x², lowest first."""
    return tuple(
        _TWO_OVER_ROOT_PI * (-1) ** n / (math.factorial(n) * (2 * n + 1))
        for n in range(_SERIES_TERMS)
    )


def erfcx_series(kappa: float, degree: int, low: float, high: float) -> NDArray[np.float64]:
    """Return a Chebyshev series of g(x) = e^(x²)·erfc(x) in t = κ/(κ + x), on [low, high].

    Parameters
    ----------
    kappa : float
        κ of the change of variable: t runs from κ/(κ + high) to κ/(κ + low).
    degree : int
        The series' degree.
    low, high : float
        The range of x ≥ 0 it is fitted on.

    Returns
    -------
    ndarray
        The Chebyshev coefficients in s = 2(t − t_low)/(t_high − t_low) − 1, lowest first.
    """
    t_low, t_high = kappa / (kappa + high), kappa / (kappa + low)

    def g(s: NDArray[np.float64]) -> NDArray[np.float64]:
        t = t_low + (t_high - t_low) * (s + 1.0) / 2.0
        x = kappa * (1.0 - t) / t
        return np.array([math.exp(v * v) * math.erfc(v) for v in x])

    return np.asarray(_chebyshev().chebinterpolate(g, degree), dtype=np.float64)


@cache
def _erfc_series() -> NDArray[np.float64]:
    # κ = 1 and degree 18: the smallest that reaches 1.1e-15 on [0.5, 6] (degree 16: 4e-15).
    return erfcx_series(1.0, 18, _SERIES_BELOW, _ONE_ABOVE)


def erf(x: ArrayLike) -> NDArray[np.float64]:
    """Return the error function erf(x) = 2/√π ∫₀ˣ e^(−t²) dt, element by element.

    Parameters
    ----------
    x : array_like
        Real numbers; NaN gives NaN, ±∞ gives ±1.

    Returns
    -------
    ndarray of float64
        erf of each element, within about 1.2·10⁻¹⁵ of the exact value (2·10⁻¹⁵ relative).
    """
    values = np.asarray(x, dtype=np.float64)
    size = np.abs(values)
    result = np.empty_like(values)
    small = size < _SERIES_BELOW
    middle = (size >= _SERIES_BELOW) & (size < _ONE_ABOVE)
    xs = values[small]
    result[small] = xs * np.polynomial.polynomial.polyval(xs * xs, _taylor_coefficients())
    xm = size[middle]
    t_low, t_high = 1.0 / (1.0 + _ONE_ABOVE), 1.0 / (1.0 + _SERIES_BELOW)
    s = (1.0 / (1.0 + xm) - t_low) * (2.0 / (t_high - t_low)) - 1.0
    erfc = np.exp(-xm * xm) * _chebyshev().chebval(s, _erfc_series())
    result[middle] = np.copysign(1.0 - erfc, values[middle])
    far = ~(small | middle)  # |x| ≥ 6, and NaN
    result[far] = np.sign(values[far])
    return result


def gelu64(x: ArrayLike) -> NDArray[np.float64]:
    """Return GELU(x) = x·½(1 + erf(x/√2)) in float64.

    Parameters
    ----------
    x : array_like
        Real numbers.

    Returns
    -------
    ndarray of float64
        The exact-erf GELU of each element.
    """
    values = np.asarray(x, dtype=np.float64)
    return values * 0.5 * (1.0 + erf(values / math.sqrt(2.0)))


#: κ of the float32 series, in t = κ/(κ + |x|) with the √2 of Φ folded in.
_KAPPA32 = 2.5


@cache
def _gelu32_polynomial() -> tuple[np.float32, ...]:
    """Return g(z) for Φ(−|x|) = ½ e^(−z²) g(z), z = |x|/√2, as a polynomial in t, highest first.

    The series is fitted in Chebyshev form on z in [0, 6] and turned into powers of
    t = κ/(κ + z) ∈ [0.29, 1] for Horner's rule in float32. Degree 6 with κ = 2.5 keeps the
    GELU within 1.13·10⁻⁷ (float32's own rounding: degree 8 gives 1.02·10⁻⁷, degree 6 with
    κ = 2, 5·10⁻⁷), in four operations fewer than degree 8.
    """
    high = _ONE_ABOVE
    t_low, t_high = _KAPPA32 / (_KAPPA32 + high), 1.0
    series = erfcx_series(_KAPPA32, 6, 0.0, high)
    in_s = _chebyshev().cheb2poly(series)
    # s = a·t + b maps [t_low, 1] onto [−1, 1]
    a = 2.0 / (t_high - t_low)
    b = -1.0 - a * t_low
    in_t = np.polynomial.Polynomial(in_s)(np.polynomial.Polynomial([b, a])).coef
    return tuple(np.float32(c / 2.0) for c in in_t[::-1])


def gelu32(x: NDArray[np.float32], out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """Return GELU(x) = x·Φ(x) of a float32 array, computed in float32.

    Φ(x) is 1 − Φ(−|x|) for x ≥ 0 and Φ(−|x|) for x < 0, so GELU(x) = max(x, 0) − |x|·Φ(−|x|),
    with Φ(−|x|) = ½ erfc(|x|/√2) from the erfc form (no subtraction loses digits).

    Parameters
    ----------
    x : ndarray of float32
        The activations.
    out : ndarray of float32, optional
        Where to write the result; it may be ``x`` itself.

    Returns
    -------
    ndarray of float32
        GELU of each element, within 1.2·10⁻⁷·max(1, |x|) of the exact value.
    """
    coefficients = _gelu32_polynomial()
    size = np.abs(x)  # |x|
    t = size * np.float32(1.0 / (_KAPPA32 * math.sqrt(2.0)))
    t += np.float32(1.0)
    np.reciprocal(t, out=t)  # t = κ/(κ + z), z = |x|/√2
    tail = t * coefficients[0]
    tail += coefficients[1]
    for coefficient in coefficients[2:]:
        tail *= t
        tail += coefficient
    np.square(x, out=t)
    t *= np.float32(-0.5)
    np.exp(t, out=t)  # e^(−z²)
    tail *= t  # Φ(−|x|)
    tail *= size  # |x|·Φ(−|x|)
    result = np.add(x, size, out=out)
    result *= np.float32(0.5)  # max(x, 0)
    result -= tail
    return result


__all__ = ["erf", "erfcx_series", "gelu32", "gelu64"]
