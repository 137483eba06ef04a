"""At the largest font on a 1280×800 window the working pages stay usable:
the measure list shows whole rows, chart labels stand apart, check boxes grow."""

from __future__ import annotations

import pytest
from _demo_window import demo_window
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle

from workbench.ui import fonts


@pytest.fixture
def largest(qtbot):
    fonts.apply_font("very_large")
    try:
        yield demo_window(qtbot)
    finally:
        fonts.apply_font("normal")


def _whole_rows(box) -> int:
    """Rows of the measure list's check boxes wholly inside its viewport."""
    bottom = box.viewport().height()
    tops = {
        box.visualItemRect(box.item(i)).top()
        for i in range(box.count())
        if box.visualItemRect(box.item(i)).top() >= 0
        and box.visualItemRect(box.item(i)).bottom() < bottom
    }
    return len(tops)


def test_compare_shows_three_rows_of_measures_and_apart_axis_labels(qtbot, largest):
    window = largest
    page = window.page("compare")
    window.show_page("compare")
    qtbot.waitUntil(lambda: page.model.rowCount() > 0, timeout=60000)
    qtbot.wait(200)
    assert page.metrics_list.count() > 6
    assert _whole_rows(page.metrics_list) >= 3
    assert window.height() <= 800
    # the scatter's y labels: at least two, a line and more apart, inside the plot
    chart = page.scatter
    axis = chart.plot.getAxis("left")
    low, high = chart.vb.viewRange()[1]
    height = chart.vb.height()
    line = QFontMetrics(axis.style["tickFont"]).height()
    values = [v for v, _label in axis._tickLevels[0]]
    assert len(values) >= 2
    pixels = sorted((high - v) * height / (high - low) for v in values)
    assert all(b - a >= line for a, b in zip(pixels, pixels[1:]))
    assert all(0 <= p - 0.4 * line and p + 0.4 * line <= height for p in pixels)


def test_check_boxes_and_radio_buttons_grow_with_the_font(qtbot, largest):
    window = largest
    flag = window.page("questions").flag_check
    metrics = (QStyle.PixelMetric.PM_IndicatorWidth, QStyle.PixelMetric.PM_ExclusiveIndicatorWidth)
    large = [flag.style().pixelMetric(m, None, flag) for m in metrics]
    window.font_actions["normal"].trigger()
    qtbot.waitUntil(lambda: flag.font().pointSizeF() == fonts.POINT_SIZES["normal"])
    normal = [flag.style().pixelMetric(m, None, flag) for m in metrics]
    assert all(big >= small * 1.4 for big, small in zip(large, normal)), (large, normal)
    # at the normal font the platform's own size, not a smaller one
    base = QStyle.PixelMetric.PM_IndicatorWidth
    assert normal[0] == flag.style().baseStyle().pixelMetric(base, None, flag)


def test_the_first_answers_rating_keys_are_in_view_without_scrolling(qtbot, largest):
    """Every criterion's 0–3 keys of the first answer lie inside the answers'
    visible area (they sat below a long answer, out of view)."""
    window = largest
    window.show_page("answers")
    panel = window.page("answers").review
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=60000)
    qtbot.waitUntil(lambda: any(c.rows for c in panel.area.columns), timeout=60000)
    qtbot.wait(200)
    seen = panel.scroll.viewport()
    assert panel.scroll.verticalScrollBar().value() == 0
    first = next(c for c in panel.area.columns if c.isVisible() and c.rows)
    assert len(first.rows) >= 3
    for row in first.rows:
        for key in row.buttons:
            assert key.isVisible()
            top_left = key.mapTo(seen, key.rect().topLeft())
            assert 0 <= top_left.y() and top_left.y() + key.height() <= seen.height(), key.text()
            assert 0 <= top_left.x() and top_left.x() + key.width() <= seen.width(), key.text()
    assert window.height() <= 800


def test_question_review_shows_two_whole_cards_per_system(qtbot, largest):
    """Each system column shows at least two whole passage cards in view without
    scrolling (at the largest font only about one fitted)."""
    window = largest
    window.font_actions["very_large"].trigger()
    qtbot.wait(100)
    window.show_page("questions")
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None and bool(review.current_qid), timeout=60000)
    qtbot.waitUntil(
        lambda: any(c.isVisible() and c.shown_cards() for c in review.columns), timeout=60000
    )
    qtbot.wait(300)
    seen = review.scroll.viewport()
    assert review.scroll.verticalScrollBar().value() == 0
    shown = [c for c in review.columns if c.isVisible()]
    assert len(shown) >= 2
    for col in shown:
        assert len(col.shown_cards()) >= 2, col.title
        whole = 0
        for i in range(len(col.shown_cards())):
            rect = col.card_rect(i)
            top = col.mapTo(seen, rect.topLeft())
            bottom = col.mapTo(seen, rect.bottomRight())
            if 0 <= top.y() and bottom.y() < seen.height() and 0 <= top.x():
                if bottom.x() < seen.width():
                    whole += 1
        heights = [col.card_rect(i).height() for i in range(len(col.shown_cards()))]
        assert whole >= 2, (col.title, whole, seen.height(), heights)
    assert window.height() <= 800


def test_the_agreement_tables_show_every_row_and_the_ranking_its_whole_title(qtbot, largest):
    """A crowded page scrolls; its short tables are not squeezed to a row and a half
    (the rankings by assessor showed one of three), and the box's title is not cut."""
    from _gestures import go_to

    window = largest
    page = go_to(qtbot, window, "agreement")
    box = page.by_assessor_box
    qtbot.waitUntil(lambda: box.isVisible() and box.table.rowCount() >= 3, timeout=60000)
    qtbot.wait(100)
    for table in (page.stats_table, box.table):
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        assert table.rowCount() >= 1
        assert table.viewport().height() >= rows, table.objectName()
    title = QFontMetrics(box.font()).horizontalAdvance(box.title())
    assert title < box.width() - 16
    assert window.height() <= 800


def test_every_sidebar_name_is_whole_in_its_tooltip(qtbot, largest):
    """The sidebar grows only so far (the pages keep their room): a name cut short
    there ("Systems and stages" at the largest font) is whole where the pointer rests."""
    bar = largest.sidebar
    names = {bar.item(i).text(): bar.item(i).toolTip() for i in range(bar.count())}
    assert names["Systems and stages"] == "Systems and stages"
    assert all(tip == name for name, tip in names.items())
