"""A font that shows Hangul everywhere, at the size the user chose."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

from workbench.paths import resources_dir

log = logging.getLogger(__name__)

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


#: an OFL Korean font shipped with the program (resources/fonts/README.md), used
#: when the computer has none of :data:`KOREAN_FAMILIES`
BUNDLED_FONT = resources_dir() / "fonts" / "NotoSansKR-Regular.otf"

_bundled_family: str | None = None
_bundled_id: int | None = None


def load_bundled_font(path: Path = BUNDLED_FONT) -> str | None:
    """Register the bundled font with Qt (once); its family name, or None when it
    cannot be loaded (a file missing from a damaged installation)."""
    global _bundled_family
    if _bundled_family is not None:
        return _bundled_family
    if not path.is_file():
        log.warning("the bundled Korean font is missing: %s", path)
        return None
    font_id = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        log.warning("the bundled Korean font could not be loaded: %s", path)
        return None
    global _bundled_id
    _bundled_family, _bundled_id = families[0], font_id
    return _bundled_family


def unload_bundled_font() -> None:
    """Forget the bundled font again (tests: the next choice sees the system's fonts)."""
    global _bundled_family, _bundled_id
    if _bundled_id is not None:
        QFontDatabase.removeApplicationFont(_bundled_id)
    _bundled_family, _bundled_id = None, None


def choose_korean_family(
    installed: Iterable[str],
    claims_korean: Iterable[str],
    load_bundled: Callable[[], str | None],
) -> str | None:
    """The family to show Hangul in: a well-known Korean font of the system (Malgun
    Gothic, Apple SD Gothic Neo, Noto Sans CJK KR, NanumGothic…), else the bundled
    Noto Sans KR, else any system family that claims Korean, else None."""
    available = set(installed)
    for family in KOREAN_FAMILIES:
        if family in available:
            return family
    bundled = load_bundled()
    if bundled:
        return bundled
    return next(iter(claims_korean), None)


def korean_family() -> str | None:
    """The Korean-capable family for this computer (see :func:`choose_korean_family`)."""
    return choose_korean_family(
        QFontDatabase.families(),
        QFontDatabase.families(QFontDatabase.WritingSystem.Korean),
        load_bundled_font,
    )


def apply_font(size: str = "normal", app: QApplication | None = None) -> QFont:
    """Set the application font: a Korean-capable family at the chosen size."""
    app = app or QApplication.instance()
    font = QFont(app.font())
    family = korean_family()
    if family:
        font.setFamilies([family, *font.families()] if font.families() else [family])
    before = app.font().pointSizeF()
    font.setPointSizeF(POINT_SIZES.get(size, POINT_SIZES["normal"]))
    if not isinstance(app.style(), FontScaledStyle):
        app.setStyle(FontScaledStyle(app.style().name()))
    app.setFont(font)
    if before > 0 and font.pointSizeF() != before:
        follow_font_size(app, font.pointSizeF() / before)
    return font


#: the check boxes' and radio buttons' squares and circles: Qt sizes them in
#: pixels, whatever the font, so at "very large" a tiny box sat beside big text
_INDICATOR_METRICS = (
    QStyle.PixelMetric.PM_IndicatorWidth,
    QStyle.PixelMetric.PM_IndicatorHeight,
    QStyle.PixelMetric.PM_ExclusiveIndicatorWidth,
    QStyle.PixelMetric.PM_ExclusiveIndicatorHeight,
)


class FontScaledStyle(QProxyStyle):
    """The platform's style with check box and radio button indicators that grow
    with the font: their size at the normal font times the font's size over the
    normal one (unchanged at the normal font, 1.5 × at "very large")."""

    def pixelMetric(self, metric, option=None, widget=None) -> int:  # noqa: N802 (Qt override)
        size = super().pixelMetric(metric, option, widget)
        if metric not in _INDICATOR_METRICS:
            return size
        font = widget.font() if widget is not None else QApplication.font()
        points = font.pointSizeF()
        if points <= 0:
            return size
        return max(size, round(size * points / POINT_SIZES["normal"]))


def follow_font_size(app: QApplication, ratio: float) -> None:
    """Make the widgets that do not follow the application font by themselves follow it.

    Qt hands a new application font only to widgets without a font of their own.
    A title or a hint whose font was set (``title × 1.2``) keeps its size, and a
    widget with a style sheet keeps the font it was polished with, so help text
    stayed small after View ▸ Font size. Here a font of its own is scaled by the
    same ratio (a title stays 1.2 × the text) and a style sheet is applied again
    (the style recomputes its font from the new one).
    """
    for widget in app.allWidgets():
        if widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            own = QFont(widget.font())
            if own.pointSizeF() > 0:
                own.setPointSizeF(own.pointSizeF() * ratio)
                widget.setFont(own)
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)
        elif widget.objectName() == "qt_tableview_cornerbutton" and widget.parentWidget():
            # a table's corner button that was never shown misses the new font and
            # would keep the old size; it takes its table's (which, not shown either,
            # may not have been handed the new one yet)
            table = widget.parentWidget()
            own = table.testAttribute(Qt.WidgetAttribute.WA_SetFont)
            widget.setFont(table.font() if own else QApplication.font(table))


def scaled(base: QFont, factor: float, bold: bool = False) -> QFont:
    """``base`` scaled by ``factor`` (titles stay proportional to the chosen size)."""
    font = QFont(base)
    font.setPointSizeF(max(6.0, base.pointSizeF() * factor))
    font.setBold(bold)
    return font
