"""The kit's computers and Python versions: what --platform and --python accept, and the
tags pip is given for each (checked against the wheels PySide6 6.11.3, NumPy and pyqtgraph
0.14.0 publish)."""

from __future__ import annotations

import pytest

from engine.messages import Message
from gui.command_line.kit.targets import (
    PYTHONS,
    TARGETS,
    KitError,
    parse_platforms,
    parse_pythons,
    pip_options,
    system_floor,
)
from gui.support.catalogue import translated

BY_KEY = {target.key: target for target in TARGETS}


def platforms_of(options: list[str]) -> list[str]:
    return [options[i + 1] for i, word in enumerate(options) if word == "--platform"]


def test_the_four_computers_of_the_issue_and_the_four_pythons():
    assert [t.key for t in TARGETS] == [
        "linux-x86_64",
        "windows-x64",
        "macos-arm64",
        "macos-x86_64",
    ]
    assert PYTHONS == ("3.10", "3.11", "3.12", "3.13")


def test_linux_offers_every_manylinux_tag_from_glibc_2_34_down():
    tags = BY_KEY["linux-x86_64"].tags
    # PySide6 6.11.3 is manylinux_2_34; NumPy 2.4 manylinux_2_28; NumPy 2.2 manylinux2014
    for needed in ("manylinux_2_34_x86_64", "manylinux_2_28_x86_64", "manylinux2014_x86_64"):
        assert needed in tags
    assert "manylinux_2_35_x86_64" not in tags  # a wheel needing a newer glibc is not taken
    assert tags[0] == "manylinux_2_34_x86_64"
    assert all(tag.endswith("_x86_64") for tag in tags)


def test_the_macs_start_at_macos_13_which_pip_expands_to_older_and_universal2_wheels():
    assert BY_KEY["macos-arm64"].tags == ("macosx_13_0_arm64",)
    assert BY_KEY["macos-x86_64"].tags == ("macosx_13_0_x86_64",)
    assert BY_KEY["windows-x64"].tags == ("win_amd64",)


def test_pip_is_given_cpython_the_version_and_the_three_abis():
    options = pip_options(BY_KEY["windows-x64"], "3.12")
    assert options[:1] == ["--only-binary=:all:"]
    assert options[options.index("--python-version") + 1] == "3.12"
    assert options[options.index("--implementation") + 1] == "cp"
    abis = [options[i + 1] for i, word in enumerate(options) if word == "--abi"]
    assert abis == ["cp312", "abi3", "none"]  # NumPy, PySide6 and shiboken6, pure wheels
    assert platforms_of(options) == ["win_amd64"]
    assert len(platforms_of(pip_options(BY_KEY["linux-x86_64"], "3.10"))) == 33


def test_platform_words_choose_targets_in_their_order_each_once():
    assert [t.key for t in parse_platforms("windows, LINUX,windows")] == [
        "linux-x86_64",
        "windows-x64",
    ]
    assert [t.key for t in parse_platforms("macos")] == ["macos-arm64", "macos-x86_64"]


@pytest.mark.parametrize(
    ("text", "english", "chinese"),
    [
        ("beos", "unknown platform 'beos'; choose from linux, windows, macos", "未知的平台 'beos'"),
        (" , ", "no platform given; choose from linux, windows, macos", "没有给出平台"),
    ],
)
def test_a_bad_platform_is_refused_in_english_and_chinese(text, english, chinese):
    with pytest.raises(KitError) as caught:
        parse_platforms(text)
    assert str(caught.value.message) == english
    assert translated(caught.value.message, "zh_CN").startswith(chinese)


def test_python_versions_are_sorted_and_unsupported_ones_refused():
    assert parse_pythons("3.13,3.10") == ("3.10", "3.13")
    with pytest.raises(KitError) as caught:
        parse_pythons("3.9,3.14")
    message: Message = caught.value.message
    assert str(message) == (
        "Attention Lab does not support Python '3.9', '3.14'; choose from 3.10, 3.11, 3.12, 3.13"
    )
    assert translated(message, "zh_CN").startswith("Attention Lab 不支持 Python '3.9', '3.14'")
    with pytest.raises(KitError):
        parse_pythons("")


@pytest.mark.parametrize(
    ("wheel", "floor"),
    [
        ("pyside6_essentials-6.11.3-cp310-abi3-manylinux_2_34_x86_64.whl", (2, 34)),
        ("numpy-2.4.6-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", (2, 27)),
        ("numpy-2.2.6-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl", (2, 17)),
        ("pyside6_essentials-6.11.3-cp310-abi3-macosx_13_0_universal2.whl", (13, 0)),
        ("numpy-2.2.6-cp310-cp310-macosx_11_0_arm64.whl", (11, 0)),
        ("pyqtgraph-0.14.0-py3-none-any.whl", None),
        ("numpy-2.2.6-cp312-cp312-win_amd64.whl", None),
    ],
)
def test_the_oldest_system_a_wheel_runs_on_comes_from_its_name(wheel, floor):
    assert system_floor(wheel) == floor
