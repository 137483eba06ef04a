"""At the largest font, at 1280×800: nothing elided, every setting in view, the window fits."""

from __future__ import annotations

import pytest
from _demo_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView

from workbench.ui import fonts
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings
from workbench.ui.tables import cell_text_width, text_margin


@pytest.fixture
def window(qtbot):
    window = demo_window(qtbot)
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=60000)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=60000)
    yield window
    fonts.apply_font("normal")


def _largest(qtbot, window: MainWindow) -> None:
    """The user picks View ▸ Font size ▸ Very large with everything loaded."""
    window.font_actions["very_large"].trigger()
    assert QApplication.font().pointSizeF() == fonts.POINT_SIZES["very_large"]
    qtbot.wait(100)  # the pages refit on the next turns of the event loop


def _visible_rows(view: QTableView) -> range:
    model = view.model()
    first = view.rowAt(0)
    last = view.rowAt(view.viewport().height() - 1)
    if first < 0:
        return range(0)
    return range(first, (last if last >= 0 else model.rowCount() - 1) + 1)


def elided_cells(view: QAbstractItemView, rows=None) -> list[str]:
    """Every cell (and header) whose text is wider than its column."""
    model = view.model()
    out = []
    header = view.horizontalHeader()
    header_fm = QFontMetrics(header.font())
    for col in range(model.columnCount()):
        if view.isColumnHidden(col):
            continue
        width = view.columnWidth(col)
        title = str(model.headerData(col, Qt.Orientation.Horizontal) or "")
        need = max((header_fm.horizontalAdvance(line) for line in title.split("\n")), default=0)
        if need + text_margin(view) > width:
            out.append(f"header {title!r}: {need} > {width}")
        for row in rows if rows is not None else range(model.rowCount()):
            index = model.index(row, col)
            if cell_text_width(view, index) > width:
                out.append(f"{index.data()!r} (row {row}, column {title!r}): {width} px")
    return out


def test_at_the_largest_font_no_score_id_or_header_is_elided(qtbot, window):
    _largest(qtbot, window)
    overview = window.page("overview")
    window.show_page("overview")
    qtbot.wait(50)
    for view in (overview.metrics_view, overview.type_view, overview.abstention_view):
        assert view.model().rowCount() > 0
        assert elided_cells(view) == [], view.objectName()
    # the check can fail: a column narrowed by hand elides its numbers
    narrow = overview.metrics_view
    column = next(c for c in range(1, narrow.model().columnCount()) if not narrow.isColumnHidden(c))
    keep = narrow.columnWidth(column)
    narrow.setColumnWidth(column, 12)
    assert elided_cells(narrow)
    narrow.setColumnWidth(column, keep)
    # the frozen system column is as wide as the table's own first column
    assert overview.metrics_view.frozen.columnWidth(0) == overview.metrics_view.columnWidth(0)

    window.show_page("questions")
    review = window.page("questions")
    qtbot.wait(50)
    rows = _visible_rows(review.table)
    assert len(rows) > 5
    assert elided_cells(review.table, rows) == []
    # the id, flag, type and mean columns are in view, not cut off at the pane's edge
    header = review.table.horizontalHeader()
    mean = review.model.mean_column()
    right = header.sectionViewportPosition(mean) + header.sectionSize(mean)
    assert right <= review.table.viewport().width()
    # rows tall enough for the larger text
    assert review.table.rowHeight(rows[0]) >= review.table.fontMetrics().height()

    window.show_page("compare")
    compare = window.page("compare")
    qtbot.waitUntil(lambda: compare.model.rowCount() > 0, timeout=60000)
    qtbot.wait(50)
    assert elided_cells(compare.table) == []


def test_at_the_largest_font_every_setting_is_in_view_and_the_window_fits(qtbot, window):
    _largest(qtbot, window)
    window.show_page("overview")
    qtbot.wait(50)
    assert window.width() <= 1280 and window.height() <= 800
    panel = window.page("overview").settings_panel
    scroll = window.page("overview").page_scroll
    for key, row in panel.setting_rows.items():
        assert row.isVisible(), key
        # inside the page's first screen, not scrolled away or clipped
        top_left = row.mapTo(scroll.viewport(), row.rect().topLeft())
        bottom = top_left.y() + row.height()
        assert 0 <= top_left.y() and bottom <= scroll.viewport().height(), key
        assert top_left.x() + row.width() <= scroll.viewport().width(), key
    for key in window.page_keys():
        window.show_page(key)
        qtbot.wait(20)
        assert window.width() <= 1280 and window.height() <= 800, key


def test_help_text_and_titles_grow_with_the_font(qtbot, window):
    """Hints with a style sheet and titles with a font of their own follow the size."""
    from PySide6.QtWidgets import QLabel, QWidget

    overview = window.page("overview")
    title = overview.metrics_title.font().pointSizeF()
    _largest(qtbot, window)
    size = QApplication.font().pointSizeF()
    small = [
        (type(w).__name__, w.objectName(), w.font().pointSizeF())
        for w in window.findChildren(QWidget)
        if not type(w).__module__.startswith("pyqtgraph") and w.font().pointSizeF() < size * 0.99
    ]
    assert small == []
    assert overview.metrics_hint.font().pointSizeF() == size  # grey help text
    ratio = fonts.POINT_SIZES["very_large"] / fonts.POINT_SIZES["normal"]
    assert overview.metrics_title.font().pointSizeF() == pytest.approx(title * ratio)
    assert isinstance(overview.metrics_hint, QLabel)


def test_passage_cards_open_at_rank_one_with_the_system_names_pinned(qtbot, window):
    window.show_page("questions")
    review = window.page("questions")
    qtbot.wait(50)
    bar = review.scroll.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    first = review.current_qid
    review.next_question()
    qtbot.waitUntil(lambda: review.current_qid != first, timeout=5000)
    assert bar.value() == 0
    # the names stay above the scrolling cards, in the order of the columns
    shown = [c.column.system for c in review.columns if not c.isHidden()]
    assert review.headers.titles() == shown
    assert review.headers.isVisible() and review.headers.height() > 0
    assert not review.scroll.widget().isAncestorOf(review.headers)


def test_at_the_largest_font_the_systems_page_scrolls_rather_than_squeeze(qtbot, window):
    """The cards show every demo system and the stage list five rows; the wrapped
    texts keep every line — the page scrolls instead (it was squeezed shut)."""
    _largest(qtbot, window)
    page = window.page("systems")
    # the stages are compared when the page is first looked at
    with qtbot.waitSignal(page.stages_updated, timeout=60000):
        window.show_page("systems")
    qtbot.wait(50)
    cards = page.cards_table
    assert cards.rowCount() == 4
    assert cards.viewport().height() >= sum(cards.rowHeight(r) for r in range(4))
    for label in (page.cards_hint, page.comparability, page.stages_hint):
        assert label.text() and label.height() >= label.heightForWidth(label.width())
    questions = page.questions_view
    row = questions.verticalHeader().defaultSectionSize()
    assert questions.viewport().height() >= 5 * row
    assert page.page_scroll.verticalScrollBar().maximum() > 0  # 800 px is too short


def test_started_at_the_largest_font_every_empty_page_fits_1280(qtbot):
    """A user whose font setting is already the largest opens the app (English:
    the longer button texts) — before any file is open, no page widens the window."""
    fonts.apply_font("very_large")
    try:
        window = MainWindow(settings=Settings())
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        for key in window.page_keys():
            window.show_page(key)
            qtbot.wait(20)
            assert window.width() <= 1280, key
    finally:
        fonts.apply_font("normal")


def _mean_in_view(table, model) -> bool:
    header = table.horizontalHeader()
    mean = model.mean_column()
    return header.sectionViewportPosition(mean) + header.sectionSize(mean) <= (
        table.viewport().width()
    )


def test_started_at_the_largest_font_both_question_lists_show_their_mean(qtbot):
    """Font already the largest when the app starts, then the demo: Question
    review's and the Answers page's lists show the id, type and mean columns."""
    fonts.apply_font("very_large")
    try:
        window = demo_window(qtbot)
        window.show_page("questions")
        review = window.page("questions")
        qtbot.waitUntil(lambda: review.model.rowCount() > 0, timeout=60000)
        qtbot.wait(50)
        assert _mean_in_view(review.table, review.model)
        window.show_page("answers")
        panel = window.page("answers").review
        qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=60000)
        qtbot.wait(50)
        assert _mean_in_view(panel.table, panel.model)
        assert window.width() <= 1280
    finally:
        fonts.apply_font("normal")


def test_started_at_the_largest_font_the_gold_evidence_opens_several_lines_tall(qtbot):
    """Font already the largest, then the demo: the Answers page's gold evidence
    opens a few lines of passage text tall (it opened one row tall, the user had
    to drag the splitter), the answers below keep their room and the window its
    size; back at the normal font it still shows several lines."""
    fonts.apply_font("very_large")
    try:
        window = demo_window(qtbot)
        window.show_page("answers")
        panel = window.page("answers").review
        qtbot.waitUntil(lambda: panel.gold_table.rowCount() > 0, timeout=60000)
        qtbot.wait(50)
        gold = panel.gold_table
        line = gold.fontMetrics().lineSpacing()
        assert gold.isVisible()
        assert gold.viewport().height() >= 4 * line
        # the answers below are not pushed off: their area shows a few lines too
        assert panel.scroll.viewport().height() >= 4 * panel.scroll.fontMetrics().lineSpacing()
        assert window.width() <= 1280 and window.height() <= 800

        window.font_actions["normal"].trigger()
        qtbot.wait(100)
        assert gold.viewport().height() >= 4 * gold.fontMetrics().lineSpacing()
    finally:
        fonts.apply_font("normal")


def _full_rows_in_view(table) -> int:
    """Rows of ``table`` whose whole height can be seen: inside its viewport and
    not hidden by what covers it (a splitter side too small for its contents
    clips them while their own sizes look right)."""
    seen = table.viewport().visibleRegion().boundingRect()
    bottom = seen.top() + seen.height() if not seen.isEmpty() else 0
    return sum(
        1
        for r in range(table.rowCount())
        if table.rowViewportPosition(r) >= 0
        and table.rowViewportPosition(r) + table.rowHeight(r) <= bottom
    )


def test_question_review_shows_two_whole_gold_passages_at_any_font(qtbot):
    """Question review's gold evidence showed one clipped row at the largest font
    (a row is a few wrapped lines of passage text): it keeps two whole rows in
    view, started at the largest font or switched to it (also when the title
    wraps to three lines), and the cards below keep some lines; the window
    keeps its size."""
    fonts.apply_font("very_large")
    try:
        window = demo_window(qtbot)
        window.show_page("questions")
        review = window.page("questions")
        qtbot.waitUntil(lambda: review.gold_table.rowCount() >= 2, timeout=60000)
        # the page refits to the font on the next turns of the event loop
        qtbot.waitUntil(lambda: _full_rows_in_view(review.gold_table) >= 2, timeout=5000)
        assert review.scroll.viewport().height() >= 2 * review.scroll.fontMetrics().lineSpacing()
        assert window.width() <= 1280 and window.height() <= 800

        for size in ("normal", "very_large"):
            window.font_actions[size].trigger()
            line = QFontMetrics(QApplication.font()).lineSpacing()
            qtbot.waitUntil(lambda line=line: review.gold_table.fontMetrics().lineSpacing() == line)
            qtbot.wait(100)  # the page refits on the next turns of the event loop
            qtbot.waitUntil(lambda: _full_rows_in_view(review.gold_table) >= 2, timeout=5000)
            cards = review.scroll.viewport().height() // review.scroll.fontMetrics().lineSpacing()
            assert cards >= (10 if size == "normal" else 2)
    finally:
        fonts.apply_font("normal")


def test_a_measure_stays_beside_its_value_in_the_system_headers(qapp):
    """The per-question scores above each system's cards broke wherever the
    width ran out ("P@10" ending a line above "0.200", a lone "·"): whole
    "measure value" items go on a line, separated by " · "."""
    from PySide6.QtGui import QFont, QFontMetrics

    from workbench.ui.views.passage_cards import packed_line_items

    font = QFont(QApplication.font())
    items = ["nDCG@10 0.885", "Recall@10 1.000", "P@10 0.200", "MRR@10 1.000"]
    fm = QFontMetrics(font)
    for width in (60, fm.horizontalAdvance("nDCG@10 0.885 · Recall@10"), 10_000):
        lines = packed_line_items(items, font, width).split("\N{LINE SEPARATOR}")
        assert " · ".join(lines) == " · ".join(items)  # every item, whole, in order
        for line in lines:
            assert not line.startswith("·") and not line.endswith("·")
            parts = line.split(" · ")
            assert all(p in items for p in parts)
            # a line of several items fits; an item alone may be wider (it wraps as text)
            assert len(parts) == 1 or fm.horizontalAdvance(line) <= width
    assert packed_line_items(items, font, 10_000) == " · ".join(items)
    assert packed_line_items([], font, 100) == ""
