"""The main window: demo, drag-and-drop, pages, font size, busy indicator."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.show()
    return window


def _demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.sources_loaded, timeout=60000):
        window.start_page.buttons["demo"].click()
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=60000)


def test_demo_button_loads_both_files_and_shows_the_overview(qtbot):
    window = _window(qtbot)
    _demo(qtbot, window)
    assert window.state.has_data
    assert window.state.systems == ["BM25", "Vector", "Hybrid", "GraphRAG"]
    assert window.current_page_key() == "overview"
    # the start page tells what is loaded, with a remove button per system
    texts = [
        w.text() for w in window.start_page.loaded_box.findChildren(type(window.start_page.title))
    ]
    assert any("judgments.xlsx" in t for t in texts)
    assert "GraphRAG" in texts
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=60000)


def test_removing_a_system_from_the_start_page(qtbot):
    window = _window(qtbot)
    _demo(qtbot, window)
    box = window.start_page.loaded_box
    layout = window.start_page.loaded_layout
    for row in range(layout.rowCount()):
        item = layout.itemAtPosition(row, 0)
        if item is not None and item.widget().text() == "Vector":
            layout.itemAtPosition(row, 2).widget().click()
            break
    assert "Vector" not in window.state.systems
    qtbot.waitUntil(
        lambda: "Vector" not in [w.text() for w in box.findChildren(type(window.start_page.title))],
        timeout=5000,
    )


def _drop(window: MainWindow, paths) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def test_dropped_files_open_one_import_dialog_after_another_with_the_right_kind(qtbot, demo_files):
    window = _window(qtbot)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as first:
        _drop(window, [demo_files["runs"], demo_files["judgments"]])
    dialog = first.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=30000)
    assert dialog.kind == "runs"
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as second:
        with qtbot.waitSignal(window.state.data_changed, timeout=60000):
            dialog.load_button.click()
    assert window.state.systems == ["BM25", "Vector", "Hybrid", "GraphRAG"]
    dialog = second.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=30000)
    assert dialog.kind == "judgments"
    with qtbot.waitSignal(window.state.data_changed, timeout=60000):
        dialog.load_button.click()
    assert window.state.has_data
    assert window.current_page_key() == "overview"
    assert str(demo_files["judgments"].resolve()) in window.settings.recent_files


def test_adding_the_same_run_file_twice_keeps_systems_apart_with_the_warning(
    qtbot, demo_files, monkeypatch
):
    """Asked about the names, the user keeps both: the app renames through the study,
    like the command line, and says so."""
    asked = []

    def keep_both(box):
        asked.append(box.objectName())
        next(b for b in box.buttons() if b.text() == "Keep both").click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", keep_both)
    window = _window(qtbot)
    _demo(qtbot, window)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as opened:
        window.import_files([str(demo_files["runs"])], "runs")
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=30000)
    with qtbot.waitSignal(window.state.results_changed, timeout=60000):
        dialog.load_button.click()
    qtbot.waitUntil(lambda: len(window.state.systems) == 8, timeout=60000)
    qtbot.waitUntil(
        lambda: window.state.results is not None and len(window.state.results.systems) == 8,
        timeout=60000,
    )
    assert asked == ["sameSystemNames"]
    assert window.state.systems[4:] == ["BM25 (2)", "Vector (2)", "Hybrid (2)", "GraphRAG (2)"]
    renamed = [p for p in window.state.results.warnings if p.code == "system.renamed"]
    assert len(renamed) == 4 and all(p.file == "runs.xlsx" for p in renamed)
    # the Overview lists them
    items = window.page("overview").warnings_list
    shown = [items.item(i).text() for i in range(items.count())]
    assert sum("'BM25 (2)'" in text for text in shown) == 1


def test_font_size_applies_to_the_whole_app_and_is_remembered(qtbot):
    window = _window(qtbot)
    normal = QApplication.font().pointSizeF()
    window.font_actions["very_large"].trigger()
    assert QApplication.font().pointSizeF() > normal
    assert Settings().font_size == "very_large"
    window.font_actions["normal"].trigger()


def test_pages_registered_later_appear_in_the_sidebar(qtbot):
    from PySide6.QtWidgets import QLabel, QVBoxLayout

    from workbench.ui.page import Page

    window = _window(qtbot)
    extra = Page()
    QVBoxLayout(extra).addWidget(QLabel("x"))
    window.add_page("extra", extra, lambda: "Extra page")
    assert "extra" in window.page_keys()
    assert window.show_page("extra")
    assert window.current_page_key() == "extra"
    assert not window.show_page("no-such-page")


def test_a_chart_click_on_the_overview_opens_those_questions_in_review(qtbot):
    window = _window(qtbot)
    overview = window.page("overview")
    _demo(qtbot, window)
    overview.questions_requested.emit(["Q001", "Q002"], "test")
    assert window.current_page_key() == "questions"


def test_the_export_page_gets_every_chart_of_the_overview_and_compare_pages(qtbot):
    window = _window(qtbot)
    export, overview, compare = (
        window.page("export"),
        window.page("overview"),
        window.page("compare"),
    )
    assert window.chart_sources() and not export.chart_list()  # no results: nothing to save
    assert not export.charts_card.save_button.isEnabled()
    _demo(qtbot, window)
    panel = overview.overview_charts
    tabs = [panel.tabs.tabText(i) for i in range(panel.tabs.count())]
    # the Compare page runs its comparison after the results; then its two charts join
    qtbot.waitUntil(lambda: len(export.chart_list()) == len(panel.charts()) + 2, timeout=60000)
    names = [name for name, _chart in export.chart_list()]
    assert names[: len(tabs)] == tabs
    assert names[-2:] == ["Compare per question", "Compare differences"]
    charts = [chart for _name, chart in export.chart_list()]
    assert charts[-2:] == [compare.scatter, compare.diff_hist]
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=60000)
    window.show_page("export")  # the page says what can be saved when it is looked at
    assert export.charts_card.save_button.isEnabled()


def _laid_out(qtbot, splitter) -> None:
    """Until the splitter's parts fill it (the page has its final size)."""
    qtbot.waitUntil(
        lambda: sum(splitter.sizes()) + splitter.handleWidth() * (splitter.count() - 1)
        == (splitter.height() if splitter.orientation() == Qt.Orientation.Vertical
            else splitter.width())
        and sum(splitter.sizes()) > 300,
        timeout=10000,
    )  # fmt: skip


def test_how_the_user_divided_a_page_is_found_again_in_the_next_session(qtbot):
    """Question review's split between the gold evidence and the cards (at a
    large font the cards get little room) and the list's width come back as
    the user left them."""
    from _demo_window import demo_window

    first = demo_window(qtbot)
    first.show_page("questions")
    review = first.page("questions")
    _laid_out(qtbot, review.right_split)
    total = sum(review.right_split.sizes())
    review.right_split.setSizes([total // 3, total - total // 3])
    review.split.setSizes([400, sum(review.split.sizes()) - 400])
    qtbot.wait(50)
    wanted, list_width = review.right_split.sizes(), review.split.sizes()
    first.close()

    second = demo_window(qtbot)
    second.show_page("questions")
    again = second.page("questions")
    _laid_out(qtbot, again.right_split)

    def near(sizes, target) -> bool:  # restored at another size first: rounding
        return all(abs(a - b) <= 3 for a, b in zip(sizes, target))

    qtbot.waitUntil(lambda: near(again.right_split.sizes(), wanted), timeout=5000)
    assert near(again.split.sizes(), list_width)
    assert not near(wanted, [sum(wanted) // 2, sum(wanted) // 2])  # not the default halves
    names = [s.objectName() for s in second._named_splitters()]
    assert len(names) == len(set(names)) >= 10  # one name each: no two share a state
