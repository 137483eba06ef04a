"""The Korean font: a system font when there is one, else the bundled Noto Sans KR."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics

from workbench.ui import fonts


def _never() -> str | None:
    raise AssertionError("the bundled font must not be loaded when a system font is there")


@pytest.mark.parametrize(
    ("installed", "claims", "bundled", "chosen"),
    [
        (["Arial", "Malgun Gothic", "NanumGothic"], [], _never, "Malgun Gothic"),
        (["DejaVu Sans", "NanumGothic"], ["NanumGothic"], _never, "NanumGothic"),
        (["Apple SD Gothic Neo", "Helvetica"], [], _never, "Apple SD Gothic Neo"),
        # no known Korean font: the bundled one, before an unknown family claiming Korean
        (["DejaVu Sans"], ["Droid Sans Fallback"], lambda: "Noto Sans KR", "Noto Sans KR"),
        (["DejaVu Sans"], [], lambda: "Noto Sans KR", "Noto Sans KR"),
        # the bundled file is missing: whatever claims Korean, else nothing
        (["DejaVu Sans"], ["Droid Sans Fallback"], lambda: None, "Droid Sans Fallback"),
        (["DejaVu Sans"], [], lambda: None, None),
    ],
)
def test_the_korean_family_is_chosen_in_order(installed, claims, bundled, chosen):
    assert fonts.choose_korean_family(installed, claims, bundled) == chosen


@pytest.fixture
def bundled(qapp):
    """The bundled font registered for one test only (other tests see the system's)."""
    yield
    fonts.unload_bundled_font()
    assert "Noto Sans KR" not in QFontDatabase.families()


def test_the_bundled_font_loads_and_has_every_hangul_syllable(bundled):
    assert fonts.BUNDLED_FONT.is_file()
    assert fonts.BUNDLED_FONT.stat().st_size < 3_000_000  # a subset, not the 4.6 MB font
    family = fonts.load_bundled_font()
    assert family == "Noto Sans KR"
    assert QFontDatabase.WritingSystem.Korean in QFontDatabase.writingSystems(family)
    fm = QFontMetrics(QFont(family, 12))
    for text in ("가", "힣", "똠", "평가 설정", "A", "1", "·", "↑", "↓", "∅", "▲", "−"):
        assert all(fm.inFontUcs4(ord(ch)) for ch in text if not ch.isspace()), text


def test_a_missing_bundled_file_gives_no_family(tmp_path, monkeypatch):
    monkeypatch.setattr(fonts, "_bundled_family", None)
    assert fonts.load_bundled_font(tmp_path / "missing.otf") is None


def test_the_bundled_font_is_listed_with_its_licence():
    from workbench.licences import installed_document

    text = installed_document()
    assert "Noto Sans KR" in text and "OFL-1.1" in text
    assert "SIL Open Font License" in text


def test_a_table_never_shown_has_its_corner_button_follow_the_font(qtbot):
    """Qt does not hand a new application font to a hidden table's corner button;
    the font change gives it its table's, wherever the table is."""
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QAbstractButton, QApplication, QTableView

    app = QApplication.instance()
    before = fonts.POINT_SIZES["normal"]
    fonts.apply_font("normal")
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(QStandardItemModel(2, 2))
    (corner,) = table.findChildren(QAbstractButton, "qt_tableview_cornerbutton")
    try:
        fonts.apply_font("very_large")
        assert corner.font().pointSizeF() == pytest.approx(app.font().pointSizeF())
        assert app.font().pointSizeF() > before
    finally:
        fonts.apply_font("normal")
