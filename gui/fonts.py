"""The bundled CJK font, so 猫 吃 鱼 render on machines without Chinese fonts."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from resources import resource_path

FONT_FILE = resource_path("fonts", "NotoSansSC-Subset.otf")


def install_fonts(app: QGuiApplication) -> str:
    """Register the bundled font and make it the application's default; return its family.

    Its Latin, Greek and maths glyphs come with it, so numbers look the same on
    every machine; anything it lacks falls back to the system's fonts.
    """
    font_id = QFontDatabase.addApplicationFont(str(FONT_FILE))
    if font_id < 0:
        raise RuntimeError(f"cannot load the bundled font {FONT_FILE}")
    family = QFontDatabase.applicationFontFamilies(font_id)[0]
    font = QFont(app.font())
    font.setFamilies([family, *font.families()])
    app.setFont(font)
    return family
