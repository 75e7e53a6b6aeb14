"""gui.support.markup.escape writes what html.escape writes, without loading html."""

from __future__ import annotations

import html

import pytest

from gui.support.markup import escape


@pytest.mark.parametrize(
    "text",
    ["", "猫", "<b>", "a & b", "&amp;", 'say "hi"', "it's", "<&>\"'", "x<sub>猫</sub>", "&lt;"],
)
def test_escape_is_html_escape(text):
    assert escape(text) == html.escape(text)
