"""A font that shows Hangul everywhere, at the size the user chose."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

#: first available wins: Windows, macOS, then common Linux packages
KOREAN_FAMILIES = (
    "Malgun Gothic",
    "맑은 고딕",
    "Apple SD Gothic Neo",
    "Noto Sans CJK KR",
    "Noto Sans KR",
    "NanumGothic",
    "Nanum Gothic",
    "나눔고딕",
    "NanumBarunGothic",
    "Source Han Sans KR",
    "UnDotum",
)

#: point sizes for the font-size setting (older eyes need "large")
POINT_SIZES = {"normal": 10.0, "large": 12.5, "very_large": 15.0}


def korean_family() -> str | None:
    """The first installed Korean-capable family, or None (Qt falls back)."""
    available = set(QFontDatabase.families())
    for family in KOREAN_FAMILIES:
        if family in available:
            return family
    # any family that claims Korean support is better than tofu boxes
    for family in QFontDatabase.families(QFontDatabase.WritingSystem.Korean):
        return family
    return None


def apply_font(size: str = "normal", app: QApplication | None = None) -> QFont:
    """Set the application font: a Korean-capable family at the chosen size."""
    app = app or QApplication.instance()
    font = QFont(app.font())
    family = korean_family()
    if family:
        font.setFamilies([family, *font.families()] if font.families() else [family])
    font.setPointSizeF(POINT_SIZES.get(size, POINT_SIZES["normal"]))
    app.setFont(font)
    return font


def scaled(base: QFont, factor: float, bold: bool = False) -> QFont:
    """``base`` scaled by ``factor`` (titles stay proportional to the chosen size)."""
    font = QFont(base)
    font.setPointSizeF(max(6.0, base.pointSizeF() * factor))
    font.setBold(bold)
    return font
