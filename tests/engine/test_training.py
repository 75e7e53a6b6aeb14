"""Gradient descent and the training step: its gradients against finite differences, the
lesson's 猫 learning to look at 鱼, and the teaching figure: at d_k = 64 an unscaled softmax
(τ = 1) is nearly one-hot, passes back almost nothing, and learns far later than τ = √d_k."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from engine import (
    InputError,
    Objective,
    attention,
    descend,
    goal_rows,
    load_preset,
    previous_token_goal,
    same_token_goal,
    train_step,
)
from engine.lesson.compute import Inputs, compute
from engine.lesson.dropout import DropoutSetting
from tests.engine.finite_differences import WORST, assert_matches, numeric_gradient

LESSON = load_preset("cat-eats-fish")
CAT_LOOKS_AT_FISH = goal_rows(3, {0: [0.1, 0.1, 0.8]})


def lesson_inputs(**settings) -> Inputs:
    return Inputs({"q": LESSON.q, "k": LESSON.k, "v": LESSON.v}, **settings)


# ------------------------------------------------------------------ the optimiser


def test_descend_steps_against_the_gradient_and_leaves_the_others_alone():
    matrices = {"q": np.ones((2, 2)), "k": np.zeros((2, 2))}
    gradients = {"q": np.full((2, 2), 2.0), "k": np.ones((2, 2))}
    new, velocity = descend(matrices, gradients, ("q",), learning_rate=0.25)
    np.testing.assert_array_equal(new["q"], 0.5)
    assert new["k"] is matrices["k"]  # the same object: compute sees it unchanged
    np.testing.assert_array_equal(matrices["q"], 1.0)  # never written in place
    np.testing.assert_array_equal(velocity["q"], 2.0)


def test_momentum_adds_up_the_steps_before():
    matrices = {"q": np.zeros((1, 1))}
    g = {"q": np.ones((1, 1))}
    velocity = None
    for _ in range(3):
        matrices, velocity = descend(matrices, g, ("q",), 0.1, momentum=0.5, velocity=velocity)
    np.testing.assert_allclose(velocity["q"], 1 + 0.5 + 0.25)  # v = g + μg + μ²g
    np.testing.assert_allclose(matrices["q"], -0.1 * (1 + 1.5 + 1.75))


@pytest.mark.parametrize(
    ("rate", "momentum", "learning", "message"),
    [
        (0.0, 0.0, ("q",), "learning rate must be a positive number, not 0"),
        (math.inf, 0.0, ("q",), "learning rate must be a positive number, not inf"),
        (0.1, 1.0, ("q",), "momentum must be from 0 to below 1, not 1"),
        (0.1, -0.1, ("q",), "momentum must be from 0 to below 1, not -0.1"),
        ("fast", 0.0, ("q",), "must be numbers"),
        (0.1, 0.0, ("w_q",), "W_q cannot learn: these inputs have no W_q"),
    ],
)
def test_descend_refuses_what_it_cannot_do(rate, momentum, learning, message):
    with pytest.raises(InputError, match=message):
        descend({"q": np.ones((1, 1))}, {"q": np.ones((1, 1))}, learning, rate, momentum)


# ------------------------------------------------------------------ the training step


def step_gradients_match(inputs: Inputs, objective: Objective, dropout=None) -> None:
    step = train_step(inputs, objective, learning=(), learning_rate=1.0, dropout=dropout)
    for name, gradient in step.gradients.items():
        matrix = inputs.matrices[name]

        def loss() -> float:
            return train_step(inputs, objective, learning=(), learning_rate=1.0,
                              dropout=dropout).loss  # fmt: skip

        assert_matches(gradient, numeric_gradient(loss, matrix), f"train_step ∂L/∂{name}")


def test_a_direct_steps_gradients_are_the_finite_differences_of_its_loss():
    rng = np.random.default_rng(1)
    inputs = Inputs({"q": rng.normal(size=(4, 3)), "k": rng.normal(size=(4, 3)),
                     "v": rng.normal(size=(4, 2))}, causal=True, temperature=0.9)  # fmt: skip
    objective = Objective(goal=previous_token_goal(4), target_context=rng.normal(size=(4, 2)))
    step_gradients_match(inputs, objective, DropoutSetting(p=0.3, seed=5, training=True))


def test_a_projected_multi_head_steps_gradients_are_the_finite_differences_of_its_loss():
    rng = np.random.default_rng(2)
    matrices = {"x": rng.normal(size=(4, 5)), "w_q": rng.normal(size=(5, 4)) * 0.6,
                "w_k": rng.normal(size=(5, 4)) * 0.6, "w_v": rng.normal(size=(5, 4)),
                "w_o": rng.normal(size=(4, 3))}  # fmt: skip
    mask = np.ones((4, 4), dtype=bool)
    mask[2] = False  # a fully masked row
    inputs = Inputs(matrices, mask=mask, heads=2)
    objective = Objective(goal=goal_rows(4, {0: [0.25, 0.25, 0.25, 0.25], 3: [0, 0, 0, 1]}),
                          head=1, target_context=rng.normal(size=(4, 3)))  # fmt: skip
    step_gradients_match(inputs, objective, DropoutSetting(p=0.2, seed=1, training=True))


def test_the_step_reports_the_size_of_the_gradient_at_every_stage():
    step = train_step(lesson_inputs(), Objective(goal=CAT_LOOKS_AT_FISH), learning=("q", "k"),
                      learning_rate=0.5)  # fmt: skip
    assert set(step.norms) == {"context", "weights", "scaled", "scores", "q", "k", "v"}
    assert step.norms["context"] == 0.0
    assert step.norms["v"] == 0.0
    assert step.norms["scaled"] == pytest.approx(2.0 * step.norms["scores"])  # τ = 2
    assert step.inputs.matrices["v"] is LESSON.v  # V does not learn
    projected = Inputs({"x": np.eye(3), "w_q": LESSON.q, "w_k": LESSON.k, "w_v": LESSON.v})
    step = train_step(projected, Objective(goal=CAT_LOOKS_AT_FISH), learning=("w_q",),
                      learning_rate=0.5)  # fmt: skip
    assert {"x", "w_q", "w_k", "w_v", "q", "k"} <= set(step.norms)


def test_training_refuses_an_objective_without_a_goal_or_a_head_not_there():
    with pytest.raises(InputError, match="needs a goal for A, a target Z, or both"):
        train_step(lesson_inputs(), Objective(), learning=("q",), learning_rate=0.1)
    with pytest.raises(InputError, match=r"head 1 is not one of the 1 heads \(0 to 0\)"):
        train_step(lesson_inputs(), Objective(goal=CAT_LOOKS_AT_FISH, head=1), learning=("q",),
                   learning_rate=0.1)  # fmt: skip


@pytest.mark.parametrize("momentum", [0.0, 0.9])
def test_the_lessons_cat_learns_to_look_at_the_fish(momentum):
    inputs, velocity, losses = lesson_inputs(), None, []
    for _ in range(60):
        step = train_step(inputs, Objective(goal=CAT_LOOKS_AT_FISH), learning=("q", "k"),
                          learning_rate=0.5, momentum=momentum, velocity=velocity)  # fmt: skip
        inputs, velocity = step.inputs, step.velocity
        losses.append(step.loss)
    weights = compute(inputs).head(0).weights[0]
    assert losses[0] == pytest.approx(0.8944, abs=1e-4)
    best = -(0.2 * math.log(0.1) + 0.8 * math.log(0.8))  # the target's own entropy, 0.639
    assert losses[-1] < best + 0.01
    if momentum == 0.0:
        assert all(after < before for before, after in itertools.pairwise(losses))
    np.testing.assert_allclose(weights, [0.1, 0.1, 0.8], atol=0.03)


def test_training_is_deterministic_to_the_bit():
    def run():
        inputs = lesson_inputs(heads=2)
        setting = DropoutSetting(p=0.3, seed=7, training=True)
        for _ in range(5):
            inputs = train_step(inputs, Objective(goal=CAT_LOOKS_AT_FISH, head=1),
                                learning=("q", "k", "v"), learning_rate=0.3, momentum=0.5,
                                dropout=setting).inputs  # fmt: skip
        return inputs.matrices

    first, second = run(), run()
    for name in first:
        assert first[name].tobytes() == second[name].tobytes()


# ------------------------------------------------------------------ the teaching figure

#: Random Q, K (standard normal, d_k = 64) and V (3 × 4) from default_rng(191): at τ = 1 the
#: softmax is nearly one-hot on every row (largest weights 0.99998, 1.0, 0.9998), each on
#: a key other than the token itself; at τ = 8 the largest are 0.70, 0.77, 0.73.
FIGURE_SEED = 191
#: The task: each token looks at itself, seen through Z (target Z = I·V, squared error),
#: with Q and K learning at the same rate from the same start.
FIGURE_RATE = 0.2


def figure_run(tau: float, steps: int, aim: float):
    rng = np.random.default_rng(FIGURE_SEED)
    q, k, v = rng.normal(size=(3, 64)), rng.normal(size=(3, 64)), rng.normal(size=(3, 4))
    inputs = Inputs({"q": q, "k": k, "v": v}, temperature=tau)
    objective = Objective(target_context=same_token_goal(3).targets @ v)
    first, reached = None, None
    for index in range(steps):
        step = train_step(inputs, objective, learning=("q", "k"), learning_rate=FIGURE_RATE)
        first = first or step
        if step.loss < aim:
            reached = index
            break
        inputs = step.inputs
    return first, reached, step.loss


def test_an_unscaled_softmax_at_d_k_64_passes_back_almost_nothing_and_learns_far_later(capsys):
    rng = np.random.default_rng(FIGURE_SEED)
    q, k = rng.normal(size=(3, 64)), rng.normal(size=(3, 64))
    assert (attention(q, k, np.eye(3), temperature=1.0).max_weight > 0.999).all()
    scaled_first, scaled_steps, _ = figure_run(8.0, 400, aim=0.01)
    unscaled_first, unscaled_steps, unscaled_loss = figure_run(1.0, 2000, aim=0.01)
    ratio = scaled_first.norms["scores"] / unscaled_first.norms["scores"]
    with capsys.disabled():
        print(
            f"\n# d_k = 64, τ = 8: loss {scaled_first.loss:.3f}, ‖∂L/∂S‖ "
            f"{scaled_first.norms['scores']:.3g}, ‖∂L/∂Q‖ {scaled_first.norms['q']:.3g}, "
            f"loss < 0.01 after {scaled_steps} steps"
        )
        print(
            f"# d_k = 64, τ = 1: loss {unscaled_first.loss:.3f}, ‖∂L/∂S‖ "
            f"{unscaled_first.norms['scores']:.3g}, ‖∂L/∂Q‖ {unscaled_first.norms['q']:.3g}, "
            f"loss {unscaled_loss:.3f} after 2000 steps; ‖∂L/∂S‖ {ratio:.0f}× smaller"
        )
    assert ratio > 50  # measured 125×
    assert scaled_steps is not None
    assert scaled_steps < 400
    assert unscaled_steps is None  # not in 2000 steps (it first halves its loss at 6027)
    assert unscaled_loss > 0.5 * unscaled_first.loss


def test_the_worst_relative_error_of_the_finite_differences_is_reported(capsys):
    """Last of the gradient tests: prints the worst errors met (all of them with -s)."""
    if WORST:
        with capsys.disabled():
            print(f"\n# finite differences, worst relative error: {max(WORST.values()):.2e}")
            for name, error in sorted(WORST.items(), key=lambda item: -item[1])[:5]:
                print(f"#   {name}: {error:.2e}")
        assert max(WORST.values()) <= 1e-6
