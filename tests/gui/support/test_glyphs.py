"""Every character the app shows is drawn by a font it ships or finds, never as a box:
each symbol of the interface (its texts in both languages and the literals in gui/)."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QImage, QPainter

ROOT = Path(__file__).resolve().parents[3]
TS = ROOT / "resources" / "translations" / "attention_lab_zh_CN.ts"
MISSING = "\U0010fffd"  # a private-use character no font draws: what a missing glyph looks like


def shown_characters() -> set[str]:
    """Every non-ASCII character of the interface's texts and of gui/'s string literals."""
    texts = []
    for message in ET.parse(TS).getroot().iter("message"):
        texts += [message.findtext("source") or "", message.findtext("translation") or ""]
    for path in (ROOT / "gui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append(node.value)
    return {c for text in texts for c in text if ord(c) > 127 and c.isprintable()}


def drawn(character: str, font: QFont) -> bytes:
    image = QImage(48, 48, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setFont(font)
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, character)
    painter.end()
    return bytes(image.constBits())


def test_every_character_the_app_shows_has_a_glyph(qapp):
    from gui import install_fonts

    font = QFont(install_fonts(qapp))
    font.setPixelSize(28)
    box = drawn(MISSING, font)
    blank = drawn(" ", font)
    characters = shown_characters()
    assert len(characters) > 100  # the Chinese texts are among them
    missing = sorted(c for c in characters if drawn(c, font) in (box, blank))
    assert not missing, "drawn as a box: " + " ".join(f"U+{ord(c):04X} {c}" for c in missing)
    assert QGuiApplication.font().families() == font.families()
