"""Every token name the app accepts survives every export format; the names it refuses
are refused wherever they come from, naming the character."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import pytest

from gui.export.files import export_all_files

#: Allowed, and each a trap for some format: joiners, a right-to-left override, markup,
#: a byte-order mark, a soft hyphen, the last private-use character, quotes and commas.
HARD_NAMES = ["😀\u200d😀", "\u202eabc", "a&b<c>]]>", "\ufeff", "x\u00ady", "\U0010fffd",
              '"q",k;v', "猫\u3000鱼"]  # fmt: skip
REFUSED = ["a\x00b", "\x1b[31m", "\x01", "a\x0bb", "\ufffe", "a\nb", "a\u2028b"]


@pytest.mark.parametrize("start", [0, 3, 6])
def test_every_format_survives_every_allowed_name(window, start):
    names = (HARD_NAMES * 2)[start : start + 3]
    for index, name in enumerate(names):
        assert window.state.rename_token(index, name), name
    files = export_all_files(window, ("png", "svg", "pdf", "csv", "json"), scale=1.0)
    svgs = [name for name in files if name.endswith(".svg")]
    assert len(svgs) >= 6
    for name in svgs:
        ET.fromstring(files[name])  # valid XML, names and all
    assert all(files[name].startswith(b"%PDF") for name in files if name.endswith(".pdf"))
    assert all(files[name][:4] == b"\x89PNG" for name in files if name.endswith(".png"))
    exported = json.loads(files["matrices.json"])
    assert exported["tokens"] == [*names]
    rows = list(csv.reader(io.StringIO(files["tokens.csv"].decode("utf-8-sig"))))
    assert [row[-1] for row in rows[1:]] == [*names]


@pytest.mark.parametrize("name", REFUSED)
def test_a_refused_name_is_refused_by_rename_and_add_naming_the_character(window, name):
    messages: list[str] = []
    window.state.message.connect(messages.append)
    assert not window.state.rename_token(0, name)
    assert not window.state.add_token(name)
    bad = next(c for c in name if c not in "ab[31m")
    assert len(messages) == 2  # both refused, and both said why
    assert all(f"U+{ord(bad):04X}" in message for message in messages), messages
    assert window.state.tokens == ("猫", "吃", "鱼")


@pytest.mark.parametrize("how", ["figure", "handout"])
def test_a_figure_that_cannot_be_drawn_is_said_not_raised(window, tmp_path, dialogs, monkeypatch,
                                                          how):  # fmt: skip
    import gui.export.handout
    import gui.export.render

    def broken(*args, **kwargs):
        raise RuntimeError("the drawing blew up")

    monkeypatch.setattr(gui.export.render, "render_figure", broken)
    monkeypatch.setattr(gui.export.handout, "handout_pdf", broken)
    if how == "figure":
        assert not window.exports.export_figure("1-scores", tmp_path / "s.svg", "svg")
    else:
        assert not window.exports.write_handout(tmp_path / "h.pdf")
    assert "the drawing blew up" in dialogs.warnings[0]
    assert list(tmp_path.iterdir()) == []


def test_no_plot_offers_pyqtgraphs_own_english_menu(window):
    views = [*window.figure_views().values(), window.variance.plots]
    for view in views:
        assert view.scene().contextMenu == []  # only the app's menu, in the chosen language
