"""The lesson's variance experiment: why attention divides by √d_k.

Part 1: for each d_k, the spread (std) of q·k over many random pairs grows like √d_k.
Part 2: for each d_k, one q against several candidate keys; unscaled, the softmax
collapses to one winner as d_k grows, divided by √d_k it keeps a spread.

With the lesson's settings, random numbers are drawn from ``numpy.random.RandomState(seed)``
(other settings: ``numpy.random.default_rng(seed)``, faster) in the lesson's order
(each pair q then k; each trial q then the candidates' K), in chunks: the legacy stream
does not depend on how it is cut, so the lesson's table comes out bit for bit while a
run of 10⁶ samples at d_k = 4096 stays within a few tens of megabytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..messages import InputError, Message
from .row_blocks import softmax_rows

MAX_D_K = 4096
MAX_SAMPLES = 10_000_000
MAX_CANDIDATES = 100_000
MAX_TRIALS = 1_000_000
MAX_D_K_VALUES = 32
CHUNK_FLOATS = 1 << 20  # random numbers drawn per chunk (8 MB)
HISTOGRAM_EDGES = np.linspace(-5.0, 5.0, 81)  # in units of √d_k (the scaled q·k)


class ExperimentCancelled(Exception):
    """Raised by variance_experiment when its ``cancel`` callback returned True."""


@dataclass(frozen=True)
class VarianceRow:
    """One line of the lesson's table, plus the softmax's gradient size."""

    d_k: int
    std: float  # measured std of q·k
    sqrt_d_k: float
    max_weight_unscaled: float  # mean over trials of the largest softmax weight
    max_weight_scaled: float  # the same after dividing the scores by √d_k
    gradient_unscaled: float  # mean Frobenius norm of the softmax's Jacobian
    gradient_scaled: float


@dataclass(frozen=True)
class DotHistogram:
    """Counts of q·k for one d_k.

    Bins are fixed in units of √d_k, so raw and scaled histograms share their counts and
    differ only in their edges.
    """

    d_k: int
    counts: NDArray[np.int64]
    below: int  # samples left of the first edge
    above: int  # samples right of the last edge

    @property
    def edges_scaled(self) -> NDArray[np.float64]:
        """Bin edges of q·k/√d_k."""
        return HISTOGRAM_EDGES

    @property
    def edges_raw(self) -> NDArray[np.float64]:
        """Bin edges of q·k."""
        return HISTOGRAM_EDGES * math.sqrt(self.d_k)


@dataclass(frozen=True)
class VarianceResult:
    """Everything the experiment found, with the settings it ran with."""

    rows: tuple[VarianceRow, ...]
    histograms: tuple[DotHistogram, ...]
    samples: int
    candidates: int
    trials: int
    seed: int


def _positive_int(value: object, name: Message, limit: int, least: int = 1) -> int:
    """Return ``value`` as an int from ``least`` to ``limit``; ``name`` names the setting."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InputError(
            Message("{setting} must be a whole number, not {value!r}", setting=name, value=value)
        )
    number = int(value)
    if not least <= number <= limit:
        raise InputError(
            Message(
                "{setting} must be between {least:,} and {most:,}, not {value:,}",
                setting=name,
                least=least,
                most=limit,
                value=number,
            )
        )
    return number


def check_settings(
    d_ks: Sequence[int], samples: int, candidates: int, trials: int, seed: int
) -> tuple[int, ...]:
    """Validate the experiment's settings; return the d_k values as ints.

    Raises
    ------
    InputError
        A ValueError naming the setting that is not a whole number in its range.
    """
    if isinstance(d_ks, (str, bytes)) or len(d_ks) == 0:
        raise InputError(Message("give at least one d_k value"))
    if len(d_ks) > MAX_D_K_VALUES:
        raise InputError(
            Message(
                "give at most {most} d_k values, not {count}", most=MAX_D_K_VALUES, count=len(d_ks)
            )
        )
    # The settings' names are messages of their own, translated with the sentence: the
    # experiment panel's labels, in the same words (gui/variance/panel.py), so that a
    # refusal names the field the user sees.
    dims = tuple(_positive_int(d, Message("each of the d_k values"), MAX_D_K) for d in d_ks)
    _positive_int(samples, Message("samples per d_k"), MAX_SAMPLES, least=2)
    _positive_int(candidates, Message("candidate keys"), MAX_CANDIDATES, least=2)
    _positive_int(trials, Message("trials"), MAX_TRIALS)
    _positive_int(seed, Message("random seed"), 2**32 - 1, least=0)
    return dims


def _chunks(count: int, per_item: int) -> list[int]:
    size = max(1, CHUNK_FLOATS // per_item)
    return [min(size, count - start) for start in range(0, count, size)]


def _softmax_stats(s: NDArray[np.float64], tau: float) -> tuple[float, float]:
    """Return the sums over rows of the largest weight and of ‖J‖_F, J = diag(a) − aaᵀ."""
    a, max_weight, _ = softmax_rows(s, tau, None)
    sq = np.einsum("ij,ij->i", a, a)  # Σ a²
    cube = np.einsum("ij,ij,ij->i", a, a, a)  # Σ a³
    jacobian = np.sqrt(np.maximum(sq - 2.0 * cube + sq * sq, 0.0))
    return float(max_weight.sum()), float(jacobian.sum())


#: The lesson's settings (d_ks, samples, candidates, trials, seed): its table, bit for bit.
LESSON_SETTINGS = ((4, 16, 64), 20_000, 8, 20, 0)


def work_of(d_ks: Sequence[int], samples: int, candidates: int, trials: int) -> int:
    """Return how many random numbers a run of these settings draws: its length, in work."""
    return sum(d * (2 * samples + (1 + candidates) * trials) for d in d_ks)


def variance_experiment(
    d_ks: Sequence[int] = (4, 16, 64),
    samples: int = 20_000,
    candidates: int = 8,
    trials: int = 20,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> VarianceResult:
    """Run the lesson's experiment; with the defaults it reproduces the lesson's table.

    ``progress(fraction)`` is called after every chunk with the share of random numbers
    drawn so far; when ``cancel()`` returns True the run stops within one chunk and
    raises ExperimentCancelled.
    """
    dims = check_settings(d_ks, samples, candidates, trials, seed)
    # The lesson's table needs the legacy stream, number for number; any other run draws
    # from NumPy's default generator, which gives the same numbers however a run is cut
    # into chunks, and is faster (bench/engine.py: the lesson's run 1.4× over its floor).
    lesson = (tuple(dims), samples, candidates, trials, seed) == LESSON_SETTINGS
    legacy = np.random.RandomState(seed) if lesson else None
    generator = None if lesson else np.random.default_rng(seed)

    def normals(*shape: int) -> NDArray[np.float64]:
        if legacy is not None:
            return legacy.randn(*shape)
        assert generator is not None
        return generator.standard_normal(shape)

    total = work_of(dims, samples, candidates, trials)
    done = 0

    def advance(floats: int) -> None:
        nonlocal done
        done += floats
        if progress is not None:
            progress(done / total)
        if cancel is not None and cancel():
            raise ExperimentCancelled

    stds: list[float] = []
    histograms: list[DotHistogram] = []
    for d in dims:
        count, mean, m2 = 0, 0.0, 0.0  # Chan et al.'s parallel mean and variance
        counts = np.zeros(len(HISTOGRAM_EDGES) - 1, dtype=np.int64)
        below = above = 0
        for n in _chunks(samples, 2 * d):
            pairs = normals(n, 2, d)  # (n, 2, d): each pair q then k
            dots = np.einsum("ij,ij->i", pairs[:, 0], pairs[:, 1])  # (n,)
            chunk_mean = float(dots.mean())
            chunk_m2 = float(np.square(dots - chunk_mean).sum())
            delta = chunk_mean - mean
            mean += delta * n / (count + n)
            m2 += chunk_m2 + delta * delta * count * n / (count + n)
            count += n
            scaled = dots / math.sqrt(d)
            counts += np.histogram(scaled, HISTOGRAM_EDGES)[0]
            below += int((scaled < HISTOGRAM_EDGES[0]).sum())
            above += int((scaled > HISTOGRAM_EDGES[-1]).sum())
            advance(2 * d * n)
        stds.append(math.sqrt(m2 / count))
        histograms.append(DotHistogram(d, counts, below, above))

    rows: list[VarianceRow] = []
    for d, std in zip(dims, stds, strict=True):
        sums = np.zeros(4)
        for n in _chunks(trials, (1 + candidates) * d):
            block = normals(n, 1 + candidates, d)  # each trial: q, then K
            s = np.einsum("tcd,td->tc", block[:, 1:], block[:, 0])  # (n, candidates)
            sums += (*_softmax_stats(s, 1.0), *_softmax_stats(s, math.sqrt(d)))
            advance((1 + candidates) * d * n)
        mean_unscaled, grad_unscaled, mean_scaled, grad_scaled = sums / trials
        rows.append(
            VarianceRow(
                d_k=d,
                std=std,
                sqrt_d_k=math.sqrt(d),
                max_weight_unscaled=float(mean_unscaled),
                max_weight_scaled=float(mean_scaled),
                gradient_unscaled=float(grad_unscaled),
                gradient_scaled=float(grad_scaled),
            )
        )
    return VarianceResult(tuple(rows), tuple(histograms), samples, candidates, trials, seed)
