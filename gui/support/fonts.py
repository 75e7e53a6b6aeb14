"""Fonts: Chinese must render on machines with no CJK font at all.

The app prefers the system's own CJK font where there is one; the bundled subset of
Noto Sans CJK SC (resources/fonts) is always registered behind it as the fallback.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QRawFont

from resources import resource_path

FONT_FILE = resource_path("fonts", "NotoSansSC-Subset.otf")
_bundled_family: str | None = None


def bundled_family() -> str:
    """Register the bundled font (once) and return its family name."""
    global _bundled_family
    if _bundled_family is None:
        font_id = QFontDatabase.addApplicationFont(str(FONT_FILE))
        if font_id < 0:
            raise RuntimeError(f"cannot load the bundled font {FONT_FILE}")
        _bundled_family = QFontDatabase.applicationFontFamilies(font_id)[0]
    return _bundled_family


def system_cjk_family() -> str | None:
    """Return a font family installed on the system that writes Simplified Chinese, if any."""
    bundled = bundled_family()
    for family in QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        if family != bundled and not QFontDatabase.isPrivateFamily(family):
            return family
    return None


def install_fonts(app: QGuiApplication) -> QFont:
    """Make the application font draw Chinese as well as Latin, and return that font.

    Latin is drawn with the system's default font, Chinese with the system's CJK font, else
    the bundled one.
    """
    font = QFont(app.font())
    families = [f for f in font.families() if f]
    system_cjk = system_cjk_family()
    for family in (system_cjk, bundled_family()):
        if family and family not in families:
            families.append(family)
    font.setFamilies(families)
    app.setFont(font)
    return font


def cjk_raw_font(font: QFont) -> QRawFont:
    """Return the actual font file Qt uses to draw Chinese text in ``font``."""
    return QRawFont.fromFont(font, QFontDatabase.WritingSystem.SimplifiedChinese)
