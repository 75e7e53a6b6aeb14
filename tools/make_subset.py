"""Rebuild the bundled CJK font subset (run by hand; not part of the app).

The app must show Chinese on machines with no CJK fonts, with no network, so it ships
``resources/fonts/NotoSansSC-Subset.otf``, a subset of Noto Sans CJK SC (SIL Open Font
License 1.1, see ``resources/fonts/OFL.txt``): every GB2312 hanzi, Latin, Greek, the maths
symbols the lesson uses and CJK punctuation.

Usage::

    python tools/make_subset.py NotoSansCJK-Regular.ttc

(the .ttc comes from Debian's ``fonts-noto-cjk`` package; collection index 2 is SC).
Needs ``fonttools``, which is a build-time tool only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 and Latin Extended-A
    (0x0370, 0x03FF),  # Greek (τ, Σ)
    (0x1D00, 0x1D7F),  # phonetic extensions (ᵀ)
    (0x2000, 0x206F),  # general punctuation
    (0x2070, 0x209F),  # super- and subscripts
    (0x2100, 0x214F),  # letterlike symbols
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (√, ×, ≈, ∑)
    (0x2460, 0x24FF),  # enclosed alphanumerics (① ② ③ ④)
    (0x2500, 0x257F),  # box drawing
    (0x25A0, 0x25FF),  # geometric shapes
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0xFF00, 0xFFEF),  # full-width forms
]


def gb2312_hanzi() -> set[int]:
    """Every character of GB2312 (levels 1 and 2: 6,763 hanzi, plus symbols)."""
    found: set[int] = set()
    for high in range(0xA1, 0xF8):
        for low in range(0xA1, 0xFF):
            try:
                found.add(ord(bytes([high, low]).decode("gb2312")))
            except UnicodeDecodeError:
                continue
    return found


def main(source: str) -> None:
    font = TTCollection(source).fonts[2]
    assert font["name"].getDebugName(1) == "Noto Sans CJK SC"
    codepoints = gb2312_hanzi()
    for low, high in RANGES:
        codepoints.update(range(low, high + 1))
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    out = Path(__file__).resolve().parents[1] / "resources" / "fonts" / "NotoSansSC-Subset.otf"
    font.save(out)
    print(f"{out}: {out.stat().st_size:,} bytes, {len(font.getGlyphOrder()):,} glyphs")


if __name__ == "__main__":
    main(sys.argv[1])
