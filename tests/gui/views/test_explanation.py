"""Clicking a heatmap cell shows its arithmetic in the lesson's style."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QWidget

from engine import random_preset
from tests.gui.isolation import next_frame


def click(window, step, row, col):
    window.findChild(QWidget, f"{step}Heatmap").cell_clicked.emit(row, col)
    return window.explanation.text()


def test_the_score_of_cat_and_fish(window):
    text = click(window, "scores", 0, 2)
    assert "S[猫, 鱼]" in text
    assert "[1, 1, 0, 0] · [1, 1, 0, 0]" in text
    assert "= 1×1 + 1×1 + 0×0 + 0×0" in text
    assert text.rstrip().endswith("= 2")


def test_the_scaling_of_cat_and_fish(window):
    assert "2 ÷ √4 = 1" in click(window, "scaled", 0, 2)


def test_the_softmax_of_the_cat_row(window):
    text = click(window, "weights", 0, 2)
    assert "e0.5 ≈ 1.65, e0.5 ≈ 1.65, e1 ≈ 2.72" in text  # superscripts lose their markup
    assert "sum ≈ 6.02" in text
    assert "[0.27, 0.27, 0.45]" in text
    assert "A[猫, 鱼] = 2.72 ÷ 6.02 ≈ 0.45" in text


def test_the_context_of_cat(window):
    text = click(window, "context", 0, 1)
    # three decimals where two do not add up (0.27 + 0.90 = 1.17, written 1.18 before)
    assert "0.274×[1, 0, 1, 0] + 0.274×[0, 1, 0, 1] + 0.452×[2, 0, 0, 2]" in text
    assert "= [0.274, 0, 0.274, 0] + [0, 0.274, 0, 0.274] + [0.904, 0, 0, 0.904]" in text
    assert "= [1.178, 0.274, 0.274, 1.178] ≈ [1.18, 0.27, 0.27, 1.18]" in text
    assert "≈ [1.18, 0.27, 0.27, 1.18]" in text


def test_clicking_a_cell_selects_its_query_token_everywhere(window):
    click(window, "weights", 1, 0)
    assert window.state.selected_token == 1
    assert window.state.selected_cell == ("weights", 1, 0)


def test_the_explanation_follows_edits(window):
    click(window, "scores", 0, 2)
    window.state.set_cell("q", 0, 0, 3)
    next_frame()
    assert "= 3×1 + 1×1 + 0×0 + 0×0" in window.explanation.text()
    assert window.explanation.text().rstrip().endswith("= 4")


def test_long_sums_are_shortened_unless_asked(window):
    window.state.load_preset(random_preset(3, 64, 4, seed=2))
    text = click(window, "scores", 0, 1)
    assert "… 59 more …" in text
    assert text.count("×") < 10
    window.explanation.show_all.setChecked(True)
    assert window.explanation.text().count("×") == 64


def test_masked_cells_are_explained_as_hidden(window):
    window.state.set_causal(True)
    assert "the mask hides this key" in click(window, "scaled", 0, 2)
    text = click(window, "weights", 0, 2)
    assert "exactly 0" in text
    assert np.all(window.state.result.weights[0, 1:] == 0)


def test_a_changed_temperature_is_shown_in_the_division(window):
    window.state.set_temperature(0.5)
    text = click(window, "scaled", 0, 2)
    assert "2 ÷ 0.5 = 4" in text
    assert "τ = 0.5 instead of √d_k = 2" in text


def test_a_hidden_keys_term_is_written_as_minus_infinity_becoming_zero(window):
    # the README promises the −∞ becoming e^−∞ = 0; only the kept terms were written
    window.state.set_causal(True)
    text = click(window, "weights", 1, 0)  # 吃 sees 猫 and itself, not 鱼
    assert "scaled row [0, 2, −∞]" in text
    assert "e0 ≈ 1, e2 ≈ 7.39, e−∞ = 0" in text  # superscripts lose their markup
    assert text.count("e−∞ = 0") == 1
    assert "→ e0.5 ≈ 1.65, e−∞ = 0, e−∞ = 0\n" in click(window, "weights", 0, 2)  # 猫: itself


def test_every_number_of_the_hand_calculation_has_the_true_minus_sign(window):
    # "= -1×2 + −1.73×0", "= -2": whole numbers kept the hyphen
    from PySide6.QtGui import QFontMetricsF

    window.state.set_cell("q", 0, 0, -1)
    window.state.set_cell("q", 0, 1, -1.73)
    next_frame()
    for step, col in (("scores", 2), ("scaled", 2), ("weights", 2), ("context", -1)):
        text = click(window, step, 0, col)
        assert "-" not in text, (step, text)
    text = click(window, "scores", 0, 0)
    assert "[−1, −1.73, 0, 0] · [1, 0, 1, 0]" in text
    assert "= −1×1 + −1.73×0" in text
    assert text.rstrip().endswith("= −1")
    assert QFontMetricsF(window.explanation.browser.font()).inFontUcs4(0x2212)  # drawn, not a box


def test_step_four_says_a_prime_while_dropout_trains(window):
    from engine.lesson.dropout import DropoutSetting

    window.state.set_dropout(DropoutSetting(0.5, 1, True))
    next_frame()
    text = click(window, "context", 0, -1)
    assert "z′猫 = Σ A′[猫, j] × vj" in text  # it said A above a sum of A′'s weights
    weights = window.state.shown_result.weights[0]
    assert text.split("\n")[1].startswith(f"{weights[0]:.2f}".rstrip("0").rstrip(".") + "×")
    assert "A′" in click(window, "context", 0, 1)
    window.state.set_dropout(DropoutSetting(0.5, 1, False))  # evaluation: A itself
    next_frame()
    text = click(window, "context", 0, -1)
    assert "z猫 = Σ A[猫, j] × vj" in text
    assert "′" not in text


def test_the_hand_calculation_follows_a_token_selected_elsewhere(qtbot, qapp):
    # a click on K's 鱼 row selected 鱼 everywhere; the hand calculation still said A[猫, 猫]
    from engine import load_preset
    from gui.model.state import AttentionState
    from gui.views.hand_calculation import ExplainPanel

    state = AttentionState(load_preset("cat-eats-fish"))
    panel = ExplainPanel(state)
    qtbot.addWidget(panel)
    state.select_cell("weights", 0, 0)
    assert "A[猫, 猫]" in panel.text()
    state.select_token(2)  # as a click on a cell of Q, K, V or the token row does
    assert state.selected_cell == ("weights", 2, 0)
    assert "A[鱼, 猫]" in panel.text()
    assert "A[猫, 猫]" not in panel.text()


def test_the_dropout_line_is_in_view_in_a_short_panel(qtbot, qapp):
    # at 1280×720 "A′[猫,猫] = 1 ÷ (1 − 0.5) = 2" lay below the panel's bottom edge
    from engine import load_preset
    from engine.lesson.dropout import DropoutSetting
    from gui.model.state import AttentionState
    from gui.views.hand_calculation import ExplainPanel

    state = AttentionState(load_preset("cat-eats-fish"))
    state.set_dropout(DropoutSetting(0.5, 1, True))
    panel = ExplainPanel(state)
    qtbot.addWidget(panel)
    panel.resize(480, 130)
    panel.show()
    qtbot.waitExposed(panel)
    state.select_cell("weights", 0, 0)
    browser = panel.browser
    document = browser.document()
    block = document.find("Dropout").block()
    rect = document.documentLayout().blockBoundingRect(block)
    top = browser.verticalScrollBar().value()
    assert rect.bottom() - top <= browser.viewport().height()
    assert rect.top() >= top


def _decimal(text):
    from decimal import Decimal

    return Decimal(text.replace("−", "-"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_written_context_adds_up_by_hand_on_a_random_state(qapp, seed):
    # "0.23×[2, 0, 0, 2] = [0.47, …]" and "0.27 + 0.90 → 1.18": a student got 0.46 and 1.17
    from decimal import ROUND_HALF_UP

    from engine import ContextStep
    from gui.model.state import AttentionState
    from gui.views.hand_calculation_text import adding_up, number

    state = AttentionState(random_preset(5, 4, 3, seed=seed))
    digits = 2
    for row in range(5):
        step = state.explain("context", row, None)
        assert isinstance(step, ContextStep)
        places, written, total = adding_up(step, digits)
        unit = _decimal(f"1e-{places}")
        sums = [0] * len(step.value)
        for weight, value, term in zip(step.weights, step.values, written, strict=True):
            w = _decimal(number(weight, places))
            for k, (v, t) in enumerate(zip(value, term, strict=True)):
                product = (w * _decimal(number(v, places))).quantize(unit, ROUND_HALF_UP)
                assert product == _decimal(number(t, places)), (row, k)
                sums[k] += _decimal(number(t, places))
        for k, z in enumerate(step.value):
            shown = _decimal(number(z, digits))
            assert sums[k].quantize(_decimal("0.01"), ROUND_HALF_UP) == shown, (row, k)
            if total is None:
                assert sums[k] == shown
            else:
                assert _decimal(number(total[k], places)) == sums[k]


def test_the_dropout_line_divides_the_weight_it_writes(qapp):
    # "A′[猫, 猫] = 0.01 ÷ (1 − 0.5) = 0.03": A was 0.014, and 0.01 ÷ 0.5 is 0.02
    from engine import load_preset
    from engine.lesson.dropout import DropoutSetting
    from gui.model.state import AttentionState
    from gui.views.hand_calculation import ExplainPanel

    state = AttentionState(load_preset("two-heads"))
    state.set_heads(2)
    state.set_dropout(DropoutSetting(0.5, 1, True))
    panel = ExplainPanel(state)
    state.select_cell("weights", 0, 0)
    assert state.dropped.kept[0, 0]
    assert "A′[猫, 猫] = 0.014 ÷ (1 − 0.5) = 0.028" in panel.text()


def thirds_state():
    """Three equal weights: z = 1/3 × [1, 1] + 1/3 × [0, 1] + 1/3 × [0, 1] = [1/3, 1]."""
    from engine import Preset
    from gui.model.state import AttentionState

    zeros = np.zeros((3, 2))
    v = np.array([[1.0, 1.0], [0.0, 1.0], [0.0, 1.0]])
    return AttentionState(Preset(tokens=("a", "b", "c"), q=zeros, k=zeros, v=v))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_sum_of_rounded_terms_is_not_written_as_the_result(qtbot, language):
    # "= [0.333, 0.999] ≈ [0.33, 1]" where z is exactly [1/3, 1]
    from gui.support.language import set_language
    from gui.views.hand_calculation import ExplainPanel

    set_language(language)
    try:
        state = thirds_state()
        panel = ExplainPanel(state)
        qtbot.addWidget(panel)
        state.select_cell("context", 0, -1)
        text = panel.text()
        assert "= [0.333, 0.333] + [0, 0.333] + [0, 0.333]" in text  # what is added by hand
        assert "[0.333, 0.999] ≈" not in text
        if language == "en":
            assert "= [0.333, 0.999]: the sum of the rounded terms\n" in text
            assert text.rstrip().endswith("without rounding: za ≈ [0.33, 1]")
        else:
            assert "= [0.333, 0.999]：各项取整后之和\n" in text
            assert text.rstrip().endswith("不取整：za ≈ [0.33, 1]")
        state.select_cell("context", 0, 1)  # one dimension
        assert panel.text().rstrip().endswith("za[d1] ≈ [1]")
    finally:
        set_language("en")


def test_a_sum_that_is_z_at_the_terms_decimals_still_reads_as_before(window):
    # 0.274 + 0.904 = 1.178, and z = 1.1779 is 1.178 too: the sum may stand for z
    text = click(window, "context", 0, -1)
    assert "= [1.178, 0.274, 0.274, 1.178] ≈ [1.18, 0.27, 0.27, 1.18]" in text
    assert "rounded terms" not in text


def line_ends_inside_brackets(browser):
    """Return the lines of the browser's layout that end inside a vector's brackets."""
    broken = []
    block = browser.document().begin()
    while block.isValid():
        layout, text, depth = block.layout(), block.text(), 0
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            part = text[line.textStart() : line.textStart() + line.textLength()]
            depth += part.count("[") - part.count("]")
            if depth:
                broken.append(part)
        block = block.next()
    return broken


@pytest.mark.parametrize(("presenting", "width"), [(False, 230), (True, 400), (True, 700)])
def test_a_vector_never_breaks_inside_its_brackets(qtbot, presenting, width):
    # presenting, "[0," ended a line and "1, 0, 1]" began the next
    from engine import load_preset
    from gui.model.state import AttentionState
    from gui.views.hand_calculation import ExplainPanel

    state = AttentionState(load_preset("cat-eats-fish"))
    panel = ExplainPanel(state)
    qtbot.addWidget(panel)
    panel.resize(width, 300)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_presenting(presenting)
    for step, col in (("scores", -1), ("weights", 2), ("context", -1), ("context", 1)):
        state.select_cell(step, 0, col)
        panel.browser.document().size()  # laid out
        assert line_ends_inside_brackets(panel.browser) == [], (step, col)
