"""File → Import matrices…: a good import is one undoable step; a bad one says why and
changes nothing."""

from __future__ import annotations

import threading
import zipfile

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QProgressDialog

from engine import load_preset

LESSON = load_preset("cat-eats-fish")


def inputs(window):
    state = window.state
    return state.tokens, {name: state.matrix(name).tolist() for name in state.input_names}


def write_csvs(folder, names=True):
    paths = []
    for name in ("q", "k", "v"):
        matrix = getattr(LESSON, name) * 2
        lines = [f"{'word,' if names else ''}" + ",".join(f"d{j}" for j in range(4))]
        for word, row in zip(("the", "cat", "sat"), matrix, strict=True):
            lines.append(f"{word + ',' if names else ''}" + ",".join(str(x) for x in row))
        path = folder / f"{name}.csv"
        path.write_text("\n".join(lines), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_importing_csv_files_is_one_undoable_step_named_after_them(window, dialogs, tmp_path):
    state = window.state
    state.set_causal(True)
    before = inputs(window)
    count = state.undo_stack.count()
    dialogs.files = [write_csvs(tmp_path)]
    window.sessions.importer.action.trigger()
    assert dialogs.warnings == []
    assert state.tokens == ("the", "cat", "sat")
    np.testing.assert_array_equal(state.matrix("q"), LESSON.q * 2)
    np.testing.assert_array_equal(state.result.v, LESSON.v * 2)
    assert state.causal  # the mask switch stays as it was
    assert state.undo_stack.count() == count + 1
    assert state.undo_stack.undoText() == "Import q.csv, k.csv, v.csv"
    assert window.windowTitle().endswith("*")
    state.undo_stack.undo()
    assert inputs(window) == before


def test_csv_files_without_names_give_tokens_t1_to_tl(window, tmp_path):
    assert window.sessions.import_files(write_csvs(tmp_path, names=False))
    assert window.state.tokens == ("t1", "t2", "t3")


def test_npy_and_npz_files_import_in_both_modes(window, tmp_path):
    for name in ("q", "k", "v"):
        np.save(tmp_path / f"{name}.npy", getattr(LESSON, name).astype(np.float32) + 1)
    assert window.sessions.import_files([tmp_path / f"{n}.npy" for n in ("q", "k", "v")])
    np.testing.assert_array_equal(window.state.matrix("k"), LESSON.k + 1)
    shape = load_preset("shape-check").projection
    np.savez(tmp_path / "model.npz", x=shape.x, w_q=shape.w_q, w_k=shape.w_k, w_v=shape.w_v)
    assert window.sessions.import_files([tmp_path / "model.npz"])
    assert window.state.is_projection
    np.testing.assert_array_equal(window.state.matrix("w_v"), shape.w_v)
    np.testing.assert_array_equal(window.state.matrix("q"), shape.x @ shape.w_q)


def ragged(folder):
    paths = write_csvs(folder)
    (folder / "k.csv").write_text("1,2,3,4\n5,6,7\n1,2,3,4\n", encoding="utf-8")
    return paths, "k.csv: line 2 has 3 cells but line 1 has 4"


def text_cell(folder):
    paths = write_csvs(folder)
    (folder / "v.csv").write_text("1,2,3,4\n5,six,7,8\n1,2,3,4\n", encoding="utf-8")
    return paths, "v.csv: line 2, column 2: 'six' is not a number"


def pickled(folder):
    np.save(folder / "q.npy", np.array([[object(), 1]], dtype=object), allow_pickle=True)
    np.save(folder / "k.npy", LESSON.k)
    np.save(folder / "v.npy", LESSON.v)
    return [str(folder / f"{n}.npy") for n in ("q", "k", "v")], "q.npy: holds Python objects"


def huge(folder):
    """An archive whose member claims 800 MB but holds only its header."""
    header = {"descr": "<f8", "fortran_order": False, "shape": (10_000, 10_001)}
    with zipfile.ZipFile(folder / "m.npz", "w") as archive, archive.open("q.npy", "w") as member:
        np.lib.format.write_array_header_1_0(member, header)
    return [str(folder / "m.npz")], "m.npz, array 'q': holds 100,010,000 numbers"


def mismatched(folder):
    np.save(folder / "q.npy", LESSON.q)
    np.save(folder / "k.npy", LESSON.k[:, :3])
    np.save(folder / "v.npy", LESSON.v)
    paths = [str(folder / f"{n}.npy") for n in ("q", "k", "v")]
    return paths, "K (k.npy) has 3 columns but Q (q.npy) has 4"


@pytest.mark.parametrize("make", [ragged, text_cell, pickled, huge, mismatched])
def test_a_bad_import_says_why_and_changes_nothing(window, dialogs, tmp_path, make):
    window.state.set_cell("q", 0, 0, "5")
    before = inputs(window), window.state.undo_stack.count()
    paths, words = make(tmp_path)
    assert not window.sessions.import_files(paths)
    assert len(dialogs.warnings) == 1
    assert words in dialogs.warnings[0]
    assert "Nothing was imported" in dialogs.warnings[0]
    assert (inputs(window), window.state.undo_stack.count()) == before


def test_the_csv_files_of_export_all_import_back(window, tmp_path):
    state = window.state
    state.set_cell("q", 1, 2, "0.125")
    state.rename_token(2, "fish, fresh")  # a comma: the CSV quotes it
    exported = inputs(window)
    window.exports.export_all(str(tmp_path), ("csv",), 1)
    assert window.sessions.new_session()
    paths = [tmp_path / f"{name}.csv" for name in ("Q", "K", "V")]
    assert window.sessions.import_files(paths)
    assert inputs(window) == exported


def test_a_slow_import_keeps_the_window_responsive_and_can_be_cancelled(
    window, qtbot, tmp_path, monkeypatch
):
    import engine.formats.importing

    release = threading.Event()
    real = engine.formats.importing.import_preset

    def slow(paths):
        release.wait(10)  # as a large archive takes seconds to read
        return real(paths)

    monkeypatch.setattr(engine.formats.importing, "import_preset", slow)
    ticks: list[int] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    before = inputs(window)

    def cancel_when_shown() -> None:
        dialog = window.findChild(QProgressDialog, "busyDialog")
        if dialog is not None and dialog.isVisible():
            dialog.cancel()
        else:
            QTimer.singleShot(20, cancel_when_shown)

    QTimer.singleShot(20, cancel_when_shown)
    news: list[str] = []
    window.sessions.news.connect(news.append)
    assert not window.sessions.import_files(write_csvs(tmp_path))
    release.set()
    timer.stop()
    assert len(ticks) >= 10  # the event loop went on turning: ~40 ticks in the 400 ms
    assert news == ["Import cancelled: nothing was imported"]
    np.testing.assert_array_equal(inputs(window)[0], before[0])


def test_an_import_the_engine_refuses_is_not_reported_as_done(window, tmp_path, monkeypatch):
    news: list[str] = []
    window.sessions.news.connect(news.append)
    monkeypatch.setattr(window.state, "load_preset", lambda *args: False)
    assert not window.sessions.import_files(write_csvs(tmp_path))
    assert news == []


def test_keys_and_clicks_wait_until_a_slow_import_is_done(window, qtbot, tmp_path, monkeypatch):
    import engine.formats.importing

    class Keys(QObject):
        count = 0

        def eventFilter(self, watched, event):  # noqa: N802
            if event.type() == QEvent.Type.KeyPress:
                Keys.count += 1
            return False

    grid = window.inputs.grid("q").view
    keys = Keys()
    grid.installEventFilter(keys)
    real = engine.formats.importing.import_preset
    seen_while_reading: list[int] = []
    pressed = threading.Event()

    def slow(paths):
        # Reads until the key has been pressed (50 ms: shorter than the dialog's delay, so
        # no dialog, but input held back); a sleep of 250 ms could end before the press on
        # a busy machine.
        pressed.wait(10)
        seen_while_reading.append(Keys.count)
        return real(paths)

    def press() -> None:
        QTest.keyClick(grid, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        pressed.set()

    monkeypatch.setattr(engine.formats.importing, "import_preset", slow)
    QTimer.singleShot(50, press)
    assert window.sessions.import_files(write_csvs(tmp_path))
    assert seen_while_reading == [0]  # no key reached the window while it read
    assert window.state.undo_stack.text(window.state.undo_stack.index() - 1).startswith("Import")
    QTest.keyClick(grid, Qt.Key.Key_Down)  # and afterwards keys work again
    assert Keys.count == 1
    grid.removeEventFilter(keys)


def test_an_import_ends_an_earlier_refusal_whether_it_works_or_not(window, dialogs, tmp_path):
    state = window.state
    assert not state.rename_token(0, " ")
    assert window.inputs.message.text() == "A token needs a name"
    bad = write_csvs(tmp_path)
    text = (tmp_path / "k.csv").read_text(encoding="utf-8")
    (tmp_path / "k.csv").write_text(text + "\nsat,zz,1,1,1", encoding="utf-8")
    assert not window.sessions.import_files(bad)
    assert "A token needs a name" not in window.inputs.message.text()  # a new problem's
    assert "Nothing was imported" in window.inputs.message.text()
    assert not state.rename_token(0, " ")
    folder = tmp_path / "good"
    folder.mkdir()
    assert window.sessions.import_files(write_csvs(folder))
    assert window.inputs.message.text() == ""
