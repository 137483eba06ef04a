""""How was this computed?" from the Overview's scores table, Question review and
Compare: the real button, key and menu item open the panel, and the numbers it shows
are the computed ones."""

from __future__ import annotations

import math

import pytest
from _gestures import press
from _overview_fixtures import judgment_set, run_set
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from workbench.core.measures.explain import number
from workbench.ui.models import metrics_table
from workbench.ui.state import AppState
from workbench.ui.views.overview import OverviewPage


@pytest.fixture(autouse=True)
def _every_column_shown():
    choice = metrics_table._SessionChoice
    for hidden in (choice.hidden_families, choice.hidden_ks, choice.hidden_measures):
        hidden.clear()
    yield


@pytest.fixture
def state(qtbot):
    st = AppState()
    errs = []
    st.failed.connect(errs.append)
    st.set_judgments(judgment_set())
    st.add_runs(run_set())
    qtbot.waitUntil(
        lambda: bool(errs) or (st.results is not None and not st.runner.is_running("evaluate")),
        timeout=20000,
    )
    assert not errs, errs
    yield st
    st.runner.cancel("evaluate")
    st.runner.wait(10000)


@pytest.fixture
def page(qtbot, state):
    widget = OverviewPage(state)
    qtbot.addWidget(widget)
    widget.resize(1400, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _cell(page, system: str, measure: str):
    model, proxy = page.metrics_model, page.metrics_proxy
    row = model.systems.index(system)
    index = proxy.mapFromSource(model.index(row, model.column_of(measure)))
    view = page.metrics_view
    view.scrollTo(index)
    return index, view.visualRect(index).center()


def _choose_cell(page, system: str, measure: str):
    index, centre = _cell(page, system, measure)
    QTest.mouseClick(page.metrics_view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert page.metrics_view.currentIndex() == index
    return index


def _mean_of(state, system, measure) -> float:
    return float(state.results.aggregates.loc[system, measure])


def _value_of(state, system, qid, measure) -> float:
    pq = state.results.per_question
    return float(pq[(pq["system"] == system) & (pq["question_id"] == qid)][measure].iloc[0])


def _choose_question(qtbot, panel, qid: str) -> None:
    plist = panel.question_list
    item = next(
        plist.item(i) for i in range(plist.count()) if plist.item(i).text().startswith(qid + " ")
    )
    assert plist.isVisible()
    QTest.mouseClick(
        plist.viewport(), Qt.MouseButton.LeftButton, pos=plist.visualItemRect(item).center()
    )
    qtbot.waitUntil(lambda: panel.question_id == qid, timeout=3000)


def test_the_button_explains_a_cells_mean_and_a_chosen_questions_ndcg(qtbot, page, state):
    assert not page.explain_button.isEnabled()  # no value chosen yet
    _choose_cell(page, "BM25", "nDCG@3")
    press(page.explain_button)
    panel = page.explain_panel
    assert panel is not None and panel.isVisible() and not panel.isModal()
    text = panel.text.toPlainText()
    # answerable questions q1, q2, q3, q5 (q4 has no relevant evidence)
    mean = _mean_of(state, "BM25", "nDCG@3")
    assert f"/ 4 = {number(mean)}" in text
    assert "q4" in text  # said to be left out
    assert [panel.question_list.item(i).text().split()[0] for i in range(4)] == [
        "q1", "q2", "q3", "q5",
    ]  # fmt: skip
    _choose_question(qtbot, panel, "q1")
    text = panel.text.toPlainText()
    # BM25 q1: p3 (grade 0), p1 (grade 3), x1 (unjudged); judged grades 3, 1, 0
    dcg = 7 / math.log2(3)
    idcg = 7 + 1 / math.log2(3)
    assert f"= {number(dcg)}" in text and f"= {number(idcg)}" in text
    assert f"nDCG@3 = {number(_value_of(state, 'BM25', 'q1', 'nDCG@3'))}" in text
    assert abs(dcg / idcg - _value_of(state, "BM25", "q1", "nDCG@3")) < 1e-12
    assert "R (relevant judged passages) = 2" in text
    press(panel.mean_button)
    assert f"/ 4 = {number(mean)}" in panel.text.toPlainText()


def test_an_open_panel_follows_new_scores(qtbot, page, state):
    from dataclasses import replace

    _choose_cell(page, "BM25", "P@3")
    press(page.explain_button)
    panel = page.explain_panel
    before = state.results
    # θ = 2: q5 (only grade-1 evidence) leaves the mean, so N is 3 now
    state.set_settings(replace(state.study.settings, threshold=2))
    qtbot.waitUntil(
        lambda: state.results is not before and not state.runner.is_running("evaluate"),
        timeout=20000,
    )
    qtbot.waitUntil(lambda: panel.results is state.results, timeout=5000)
    assert panel.isVisible()
    assert f"/ 3 = {number(_mean_of(state, 'BM25', 'P@3'))}" in panel.text.toPlainText()
    assert "q4, q5" in panel.text.toPlainText()  # both left out now


def test_enter_on_a_value_opens_its_mean_and_a_question_shows_mrr(qtbot, page, state):
    _choose_cell(page, "Hybrid", "MRR")
    QTest.keyClick(page.metrics_view, Qt.Key.Key_Return)
    panel = page.explain_panel
    assert panel is not None and panel.isVisible()
    mean = _mean_of(state, "Hybrid", "MRR")
    assert f"= {number(mean)}" in panel.text.toPlainText()
    # Hybrid returned nothing for q5: it counts as 0, and says so
    assert "q5" in [panel.question_list.item(i).text().split()[0] for i in range(4)]
    _choose_question(qtbot, panel, "q3")
    text = panel.text.toPlainText()
    # Hybrid q3: x4, p7 (grade 2) — the first relevant passage at rank 2
    assert "Rank of the first relevant passage: 2" in text and "MRR = 0.5" in text


def test_the_context_menu_item_opens_the_panel(qtbot, page, state):
    index, centre = _cell(page, "GraphRAG", "P@1")
    chosen = []

    def choose_from_menu() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        action = next(a for a in menu.actions() if a.objectName() == "explain_action")
        chosen.append(action.text())
        QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())

    QTimer.singleShot(200, choose_from_menu)
    # what a right click delivers to the table (QTest's clicks skip the window, which
    # turns a right click into this event)
    viewport = page.metrics_view.viewport()
    QApplication.sendEvent(
        viewport,
        QContextMenuEvent(QContextMenuEvent.Reason.Mouse, centre, viewport.mapToGlobal(centre)),
    )
    assert chosen == ["How was this computed?"]
    panel = page.explain_panel
    qtbot.waitUntil(lambda: panel is not None and panel.isVisible(), timeout=3000)
    assert panel.system == "GraphRAG" and panel.measure == "P@1"
    assert f"= {number(_mean_of(state, 'GraphRAG', 'P@1'))}" in panel.text.toPlainText()


# -- Question review ---------------------------------------------------------------------
@pytest.fixture
def review(qtbot, tmp_path):
    from workbench.ui import settings as ui_settings
    from workbench.ui.views.review import ReviewPage

    ui_settings.use_settings_dir(tmp_path)
    st = AppState()
    page = ReviewPage(st)
    qtbot.addWidget(page)
    page.resize(1400, 900)
    page.show()
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow, timeout=5000)
    with qtbot.waitSignal(page.index_ready, timeout=30000):
        st.set_judgments(judgment_set())
        st.add_runs(run_set())
    yield page
    st.runner.wait()


def _open_scores_tab(qtbot, page, qid):
    page.open_question(qid)
    bar = page.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    assert page.tabs.currentWidget() is page.metrics_table
    qtbot.waitUntil(lambda: page.metrics_table.rowCount() > 0, timeout=3000)


def test_enter_on_a_question_score_explains_that_question(qtbot, review):
    _open_scores_tab(qtbot, review, "q2")
    table = review.metrics_table
    row, col = review.index.systems.index("BM25"), review.index.measures.index("MAP")
    item = table.item(row, col)
    table.scrollToItem(item)
    QTest.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(item).center()
    )
    QTest.keyClick(table, Qt.Key.Key_Return)
    panel = review.explain_panel
    assert panel is not None and panel.isVisible() and not panel.question_list.isVisible()
    text = panel.text.toPlainText()
    # BM25 q2: x2, x3, p5 (grade 3); R = 2 (p4, p5): AP = (1/3) / 2
    assert "AP = (1/3) / 2" in text
    state = review.state
    assert f"MAP = {number(_value_of(state, 'BM25', 'q2', 'MAP'))}" in text
    assert abs(_value_of(state, "BM25", "q2", "MAP") - 1 / 6) < 1e-12
    assert item.text() == f"{1 / 6:.3f}"  # the cell explained is the number shown
    # θ = 3: only p5 is relevant in q2 now, R = 1 and AP = (1/3) / 1; the panel follows
    from dataclasses import replace

    before = state.results
    state.set_settings(replace(state.study.settings, threshold=3))
    qtbot.waitUntil(lambda: panel.results is not before and panel.results is state.results,
                    timeout=20000)  # fmt: skip
    assert panel.isVisible() and "AP = (1/3) / 1" in panel.text.toPlainText()


def test_a_system_columns_scores_are_explained_from_its_header(qtbot, review):
    review.open_question("q3")
    headers = review.headers
    column = next(c for c in review.columns if c.isVisible() and c.column.system == "GraphRAG")
    offset = review.scroll.horizontalScrollBar().value()
    pos = QPoint(column.x() - offset + column.width() // 2, headers.height() // 2)
    assert review.system_at_header(pos) == "GraphRAG"
    k = review.k_spin.value()
    chosen = []

    def choose_from_menu() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        action = next(a for a in menu.actions() if a.objectName() == f"explain_nDCG@{k}")
        chosen.append(action.text())
        QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())

    QTimer.singleShot(200, choose_from_menu)
    QApplication.sendEvent(
        headers, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, headers.mapToGlobal(pos))
    )
    assert chosen == [f"How was nDCG@{k} computed?"]
    panel = review.explain_panel
    qtbot.waitUntil(lambda: panel is not None and panel.isVisible(), timeout=3000)
    # GraphRAG q3: p8 (3), p7 (2), p6 (1) — the ideal order itself
    text = panel.text.toPlainText()
    assert f"nDCG@{k} = 1" in text and "DCG / IDCG" in text
    assert _value_of(review.state, "GraphRAG", "q3", f"nDCG@{k}") == 1


# -- Compare -----------------------------------------------------------------------------
def test_compare_explains_the_selected_systems_mean(qtbot, state):
    from workbench.ui.views.compare import ComparePage

    page = ComparePage(state)
    qtbot.addWidget(page)
    page.resize(1300, 900)
    page.show()
    qtbot.waitExposed(page)
    qtbot.waitUntil(lambda: len(page.model.frame) > 0, timeout=30000)
    assert not page.explain_button.isEnabled() or page.current_row() is not None
    view = page.table
    index = view.model().index(1, 0)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    rec = page.current_row()
    press(page.explain_button)
    panel = page.explain_panel
    assert panel is not None and panel.isVisible()
    assert (panel.system, panel.measure) == (rec["system"], rec["metric"])
    mean = _mean_of(state, str(rec["system"]), str(rec["metric"]))
    assert f"= {number(mean)}" in panel.text.toPlainText()
    state.runner.wait()
