"""Settings of the wrong type or past reason read as their defaults, never raising."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from gui.support.settings import setting_int, setting_str, setting_texts


@pytest.mark.parametrize(
    ("stored", "read"),
    [("abc", 7), ("9" * 100, 7), (2**40, 7), ([1, 2], 7), ("", 7), ("12", 12), (3, 3),
     (True, 7), ("1e9", 7), (" -4 ", -4)],
)  # fmt: skip
def test_a_whole_number_setting_of_any_kind_reads_as_itself_or_the_default(qapp, stored, read):
    """Before: "abc" read as 0 and 100 digits raised OverflowError."""
    QSettings().setValue("hostile/int", stored)
    assert setting_int("hostile/int", 7) == read
    QSettings().remove("hostile/int")


def test_a_text_setting_past_reason_reads_as_the_default(qapp):
    QSettings().setValue("hostile/text", "x" * 200_000)
    assert setting_str("hostile/text", "the cat eats fish") == "the cat eats fish"
    QSettings().setValue("hostile/text", 12)
    assert setting_str("hostile/text") == "12"
    assert setting_texts("hostile/text") == []  # not a list of texts: none
    QSettings().remove("hostile/text")
