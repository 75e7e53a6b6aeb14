"""Features plug into the window and never receive it: export and sessions work with
any host that gives them what they ask for, and the window retranslates each once."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from engine.vocabulary import STEPS
from gui.export.controller import ExportController
from gui.model.model_run import ModelRun
from gui.model.state import AttentionState
from gui.session.controller import SessionController
from gui.support.language import set_language
from gui.variance.panel import VariancePanel
from gui.views.pipeline import PipelineView


class PipelineHost:
    """An ExportHost that is not the main window: a state and its four heatmaps."""

    def __init__(self) -> None:
        self.parent = QWidget()
        self.state = AttentionState(None, self.parent)
        self.pipeline = PipelineView(self.state, self.parent)
        self.model_run = ModelRun(self.state, self.parent)  # no sentence ran: no atlas
        self.news: list[str] = []
        self._experiment: VariancePanel | None = None

    def figure_views(self) -> dict[str, pg.GraphicsView]:
        return {f"{n}-{s}": self.pipeline.heatmaps[s] for n, s in enumerate(STEPS, 1)}

    def experiment(self) -> VariancePanel:
        if self._experiment is None:
            self._experiment = VariancePanel(self.parent)
        return self._experiment

    def has_experiment(self) -> bool:
        return self._experiment is not None

    def mixing_legend(self) -> str:
        return ""

    def mixing_entries(self):
        return []

    def show_status(self, message: str) -> None:
        self.news.append(message)

    def dialog_parent(self) -> QWidget:
        return self.parent


def test_export_copies_and_draws_for_a_host_that_is_not_the_window(qtbot, tmp_path):
    host = PipelineHost()
    qtbot.addWidget(host.parent)
    exports = ExportController(host)
    text = exports.copy_matrix("scores", "tsv")
    assert text.splitlines() == ["1\t1\t2", "0\t4\t2", "1\t1\t0"]  # the lesson's S
    assert QGuiApplication.clipboard().text() == text
    assert host.news[-1].startswith("Copied S")
    host.parent.resize(600, 400)
    host.parent.show()
    assert exports.export_figure("3-weights", tmp_path / "weights.png", "png", 1.0)
    assert (tmp_path / "weights.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert host.news[-1] == f"Saved {tmp_path / 'weights.png'}"
    assert not host.has_experiment()  # drawing the pipeline's figures did not build it


def test_the_session_controller_says_the_title_and_never_sets_it(qtbot, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    state = AttentionState(None, parent)
    sessions = SessionController(state, parent)
    titles: list[str] = []
    news: list[str] = []
    sessions.title_changed.connect(titles.append)
    sessions.news.connect(news.append)
    state.set_cell("q", 0, 0, "5")
    state.result  # noqa: B018 (the edit is computed; the undo stack is no longer clean)
    assert titles[-1] == "Attention Lab — untitled*"
    assert sessions.save_to(tmp_path / "lesson.json")
    assert titles[-1] == "Attention Lab — lesson.json"
    assert news == ["Saved lesson.json"]
    assert parent.windowTitle() == ""  # the owner sets its title from the signal


def test_a_language_switch_retranslates_each_feature_once(window, monkeypatch):
    calls: dict[str, int] = {"sessions": 0, "exports": 0, "menus": 0}
    for name in calls:
        feature = getattr(window, name)
        original = feature.retranslate

        def counted(name: str = name, original=original) -> None:
            calls[name] += 1
            original()

        monkeypatch.setattr(feature, "retranslate", counted)
    try:
        set_language("zh_CN")
        assert calls == {"sessions": 1, "exports": 1, "menus": 1}
        assert (
            window.windowTitle() == "注意力实验室 Attention Lab — 猫 吃 鱼(第 8 课的例子)"
        )  # set once, by the window
    finally:
        set_language("en")
