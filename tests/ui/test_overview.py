"""The Overview page driven as a user would: settings → background recompute → tables."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from _overview_fixtures import judgment_set, make_results, run_set
from PySide6.QtCore import QCoreApplication, QEvent, Qt

from workbench.core.model import schema as s
from workbench.core.model.schema import EvalSettings
from workbench.ui.models import metrics_table
from workbench.ui.state import AppState
from workbench.ui.views.overview import OverviewPage

USER = Qt.ItemDataRole.UserRole
DISPLAY = Qt.ItemDataRole.DisplayRole


@pytest.fixture(autouse=True)
def _fresh_column_choice():
    choice = metrics_table._SessionChoice
    for hidden in (choice.hidden_families, choice.hidden_ks, choice.hidden_measures):
        hidden.clear()
    yield


@pytest.fixture
def state(qtbot):
    st = AppState()
    yield st
    st.runner.cancel("evaluate")
    st.runner.wait(10000)


@pytest.fixture
def page(qtbot, state):
    widget = OverviewPage(state)
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    return widget


def _load(qtbot, state):
    errs = []
    state.failed.connect(errs.append)
    state.set_judgments(judgment_set())
    state.add_runs(run_set())
    qtbot.waitUntil(
        lambda: (
            bool(errs) or (state.results is not None and not state.runner.is_running("evaluate"))
        ),
        timeout=20000,
    )
    assert not errs, errs


def _table_values(page, measure):
    model = page.metrics_model
    col = model.column_of(measure)
    return {
        model.data(model.index(r, 0), DISPLAY): model.data(model.index(r, col), USER)
        for r in range(model.rowCount())
    }


def test_empty_state_without_results(page):
    page.show()
    assert page.is_empty
    assert page.empty_page.isVisible()
    assert "Open judgments and runs" in page.empty_title.text()
    assert page.empty_hint.text()
    assert page.metrics_model.rowCount() == 0


def test_settings_panel_hands_debounced_settings_to_the_state(qtbot, page, state):
    calls = []
    state.settings_changed.connect(calls.append)
    panel = page.settings_panel
    panel.ks_edit.selectAll()
    qtbot.keyClicks(panel.ks_edit, "2, 4")
    panel.threshold_spin.setValue(2)
    qtbot.waitUntil(lambda: bool(calls) and calls[-1].threshold == 2 and calls[-1].ks == (2, 4))
    assert state.settings == EvalSettings(ks=(2, 4), threshold=2)


def test_invalid_k_list_is_flagged_and_not_applied(qtbot, page, state):
    panel = page.settings_panel
    panel.ks_edit.selectAll()
    qtbot.keyClicks(panel.ks_edit, "0, 5")
    assert not panel.ks_error.isHidden()
    panel.apply_now()
    assert state.settings.ks == EvalSettings().ks


def test_other_choices_reach_the_settings(qtbot, page, state):
    panel = page.settings_panel
    panel.gain_combo.setCurrentIndex(panel.gain_combo.findData("linear"))
    panel.order_combo.setCurrentIndex(panel.order_combo.findData("trec"))
    panel.dedup_combo.setCurrentIndex(panel.dedup_combo.findData("adjacent"))
    panel.window_spin.setValue(2)
    panel.unit_combo.setCurrentIndex(panel.unit_combo.findData("document"))
    panel.floor_check.setChecked(True)
    panel.floor_spin.setValue(0.25)
    assert "trec_eval" in panel.order_rule.text()
    qtbot.waitUntil(lambda: state.settings.score_floor == pytest.approx(0.25))
    assert state.settings == EvalSettings(
        gain="linear", order="trec", dedup="adjacent", window=2, unit="document", score_floor=0.25
    )


def test_tables_show_real_results_and_follow_settings(qtbot, page, state):
    _load(qtbot, state)
    assert not page.is_empty
    expected = make_results()
    shown = _table_values(page, "nDCG@5")
    for system in expected.systems:
        assert math.isclose(shown[system], expected.metric(system, "nDCG@5"), abs_tol=1e-12)
    assert [
        page.unanswerable_list.item(i).data(USER) for i in range(page.unanswerable_list.count())
    ] == ["q4"]

    # θ = 2 and K = 2: q5 (only grade-1 evidence) becomes unanswerable, numbers change
    with qtbot.waitSignal(state.results_changed, timeout=20000):
        page.settings_panel.threshold_spin.setValue(2)
        page.settings_panel.ks_edit.selectAll()
        qtbot.keyClicks(page.settings_panel.ks_edit, "2")
    qtbot.waitUntil(
        lambda: state.results.settings.ks == (2,) and state.results.settings.threshold == 2,
        timeout=20000,
    )
    qtbot.waitUntil(lambda: not state.runner.is_running("evaluate"), timeout=20000)
    expected2 = make_results(EvalSettings(ks=(2,), threshold=2))
    assert page.metrics_model.measures == expected2.measures
    shown = _table_values(page, "P@2")
    for system in expected2.systems:
        assert math.isclose(shown[system], expected2.metric(system, "P@2"), abs_tol=1e-12)
    ids = {page.unanswerable_list.item(i).data(USER) for i in range(page.unanswerable_list.count())}
    assert ids == {"q4", "q5"}


def test_by_type_abstention_and_warnings(qtbot, page, state):
    _load(qtbot, state)
    res = state.results
    # per question type: the chosen measure per system and type
    i = page.type_measure.findData("MRR")
    page.type_measure.setCurrentIndex(i)
    model = page.type_model
    headers = [
        model.headerData(c, Qt.Orientation.Horizontal, DISPLAY) for c in range(model.columnCount())
    ]
    assert any(h.startswith("사실 확인") and "n = 2" in h for h in headers)
    bt = res.by_type.set_index(["system", "question_type"])
    col = next(c for c, h in enumerate(headers) if h.startswith("개념 관계"))
    for r in range(model.rowCount()):
        system = model.data(model.index(r, 0), DISPLAY)
        assert model.data(model.index(r, col), USER) == pytest.approx(
            bt.loc[(system, "개념 관계"), "MRR"], abs=1e-12
        )
    # abstention: rates as the core computed them
    am = page.abstention_model
    rate_col = am.column_of("false_abstention_rate")
    hyb = [r for r in range(am.rowCount()) if am.data(am.index(r, 0), DISPLAY) == "Hybrid"][0]
    assert am.data(am.index(hyb, rate_col), USER) == pytest.approx(
        res.abstention.loc["Hybrid", "false_abstention_rate"]
    )
    assert am.data(am.index(hyb, rate_col), DISPLAY) == "25.0%"  # the "%" stays on its number
    # warnings: every one, in the UI language
    texts = [page.warnings_list.item(i).text() for i in range(page.warnings_list.count())]
    assert texts == [p.message("en") for p in res.warnings]
    assert str(len(res.warnings)) in page.warnings_title.text()


def test_busy_overlay_and_language_change(qtbot, page, state):
    page.show()
    state.busy_changed.emit(True, "Computing scores…")
    assert page.busy.isVisible() and "Computing" in page.busy.label.text()
    state.busy_changed.emit(False, "")
    assert not page.busy.isVisible()
    page.empty_title.setText("")
    QCoreApplication.sendEvent(page, QEvent(QEvent.Type.LanguageChange))
    assert page.empty_title.text() == "Open judgments and runs to see scores"


def test_charts_tab_holds_the_chart_panel_and_extra_tabs(qtbot, page):
    from PySide6.QtWidgets import QLabel

    page.show()
    if page.overview_charts is not None:
        assert page.charts_widget is page.overview_charts and page.has_charts
        assert page.details.tabText(page.details.indexOf(page.charts_section)) == "Charts"
    else:
        assert not page.has_charts
    page.add_chart(QLabel("chart"), "Bars")
    assert page.has_charts and page.charts.count() == 1
    panel = QLabel("panel")
    page.set_charts_widget(panel)
    assert page.charts_widget is panel and panel.parent() is page.charts_section
    # the tables keep their tabs
    assert (
        page.details.indexOf(page.type_page) >= 0
        and page.details.indexOf(page.abstention_page) >= 0
    )


def test_chart_clicks_reach_the_host(qtbot, page):
    with qtbot.waitSignal(page.questions_requested) as blocker:
        page.overview_charts.questions_requested.emit(["q1", "q3"], "nDCG@10")
    assert blocker.args == [["q1", "q3"], "nDCG@10"]


def test_demo_data_numbers_match_the_core(qtbot, page, state):
    from workbench.core import io
    from workbench.core.study import study_from_files
    from workbench.paths import demo_dir

    judgments = io.load_judgments(demo_dir() / "judgments.xlsx")
    runs = io.load_run(demo_dir() / "runs.xlsx")
    state.set_judgments(judgments)
    state.add_runs(runs)
    qtbot.waitUntil(
        lambda: state.results is not None and not state.runner.is_running("evaluate"),
        timeout=60000,
    )
    expected = study_from_files(judgments, [runs], EvalSettings()).evaluate()
    model = page.metrics_model
    assert model.rowCount() == len(expected.systems) >= 2
    for measure in ("P@5", "Recall@10", "MRR", "nDCG@10", "Judged@10"):
        shown = _table_values(page, measure)
        for system in expected.systems:
            assert math.isclose(shown[system], expected.metric(system, measure), abs_tol=1e-12)
    assert page.unanswerable_list.count() == len(expected.unanswerable)


def test_switching_to_korean_retranslates_the_page(qtbot, page, state):
    from workbench.ui import i18n

    _load(qtbot, state)
    page.show()
    try:
        assert i18n.install_language("ko")
        qtbot.waitUntil(lambda: page.settings_panel.box.title() == "평가 설정")
        assert page.empty_title.text() != "Open judgments and runs to see scores"
        warnings = [page.warnings_list.item(i).text() for i in range(page.warnings_list.count())]
        assert warnings == [p.message("ko") for p in state.results.warnings]
        col = page.metrics_model.column_of("MRR")
        tip = page.metrics_model.headerData(
            col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
        )
        assert "평균 역순위" in tip
    finally:
        i18n.install_language("en")
    qtbot.waitUntil(lambda: page.settings_panel.box.title() == "Evaluation settings")


def test_trec_eval_checkbox_reaches_the_settings_and_the_means(qtbot, page, state):
    _load(qtbot, state)
    panel = page.settings_panel
    n_before = state.results.aggregates["n"].max()
    assert not panel.trec_compat_check.isChecked()
    panel.trec_compat_check.setChecked(True)
    qtbot.waitUntil(lambda: state.settings.trec_compat)
    qtbot.waitUntil(
        lambda: (
            state.results is not None
            and state.results.settings.trec_compat
            and not state.runner.is_running("evaluate")
        ),
        timeout=20000,
    )
    # q4 (judged, no relevant evidence) now counts in the means, and is still listed
    assert "q4" in state.results.unanswerable
    assert state.results.aggregates["n"].max() == n_before + 1
    # shown back from the state without counting as an edit
    panel.show_settings(EvalSettings())
    assert not panel.trec_compat_check.isChecked()


def test_trec_eval_checkbox_label_in_korean(qtbot, page):
    from workbench.ui import i18n

    try:
        if not i18n.install_language("ko"):
            pytest.skip("Korean catalog not built")
        qtbot.waitUntil(lambda: page.settings_panel.trec_compat_check.text() == "trec_eval와 같은 방식")
    finally:
        i18n.install_language("en")


def test_a_normal_event_is_listed_and_counted_as_info_not_as_a_warning(
    qtbot, page, state, tmp_path
):
    import openpyxl
    from PySide6.QtWidgets import QStyle

    from workbench.core.io import load_judgments, load_run

    book = openpyxl.Workbook()
    book.remove(book.active)
    for assessor, grade in (("김평가", 3), ("이평가", 2)):
        sheet = book.create_sheet(assessor)
        sheet.append(["질문ID", "문단ID", "등급"])
        sheet.append(["Q1", "D1", grade])
        sheet.append(["Q1", "D2", 0])
    book.save(tmp_path / "판정.xlsx")
    # two warnings: the run answers Q9, which the judgments do not have, and only one
    # of BM25's top 10 places holds a judged passage
    (tmp_path / "run.txt").write_text("Q1 Q0 D1 1 2.0 BM25\nQ9 Q0 D1 1 2.0 BM25\n", encoding="utf-8")
    page.show()
    state.set_judgments(load_judgments(tmp_path / "판정.xlsx"))
    state.add_runs(load_run(tmp_path / "run.txt"))
    qtbot.waitUntil(
        lambda: state.results is not None and page.warnings_list.count() > 0, timeout=20000
    )
    items = [page.warnings_list.item(i) for i in range(page.warnings_list.count())]
    levels = [item.data(USER) for item in items]
    # hand count: "both sheets were read" is info; the two above are warnings
    assert sorted(levels) == ["info", "warning", "warning"], [i.text() for i in items]
    assert page.warnings_title.text() == "Errors 0 · Warnings 2 · Info 1"
    (told,) = [item for item in items if item.data(USER) == "info"]
    assert "2 sheets hold judgments and were all read" in told.text()

    def image(icon):
        return icon.pixmap(16, 16).toImage()

    style = page.style()
    info_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation)
    warning_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
    assert image(told.icon()) == image(info_icon) != image(warning_icon)


def test_first_evidence_tab_shows_where_each_systems_first_evidence_is(qtbot, page, state):
    from PySide6.QtTest import QTest

    _load(qtbot, state)
    page.show()
    bar = page.details.tabBar()
    index = page.details.indexOf(page.first_evidence_page)
    assert bar.tabText(index) == "First evidence"
    assert bar.isVisible() and bar.isEnabled()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.waitUntil(lambda: page.first_evidence_view.isVisible())
    res = state.results
    model = page.first_evidence_model
    cols = {key: model.column_of(key) for key in ("n", "rank_1", "top_3", "later", "not_found")}
    assert model.rowCount() == len(res.systems)
    for r in range(model.rowCount()):
        system = model.data(model.index(r, 0), DISPLAY)
        shares = {key: model.data(model.index(r, c), USER) for key, c in cols.items()}
        # rank 1 is Hit@1 and the top 3 is Hit@3; with "later" and "not found" they add up
        assert shares["rank_1"] == pytest.approx(res.metric(system, "Hit@1"), abs=1e-12)
        assert shares["top_3"] == pytest.approx(res.metric(system, "Hit@3"), abs=1e-12)
        assert shares["top_3"] + shares["later"] + shares["not_found"] == pytest.approx(1.0)
        assert shares["n"] == res.aggregates.loc[system, "n"]
        shown = model.data(model.index(r, cols["rank_1"]), DISPLAY)
        assert shown == f"{100 * shares['rank_1']:.1f}%"


def test_the_first_evidence_is_worked_out_beside_the_window_not_on_its_thread(
    qtbot, page, state, monkeypatch
):
    """Where the first evidence lies reads every row of the ranking (~70 ms at 2M
    rows): the evaluation's worker works it out, and the page only shows it."""
    import threading

    from PySide6.QtTest import QTest

    from workbench.core.measures import chart_data as cd

    threads = []
    make = cd._first_evidence

    def recorded(results):
        threads.append(threading.current_thread() is threading.main_thread())
        return make(results)

    monkeypatch.setattr(cd, "_first_evidence", recorded)
    _load(qtbot, state)
    page.show()
    bar = page.details.tabBar()
    index = page.details.indexOf(page.first_evidence_page)
    assert bar.isVisible() and bar.isEnabled()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.waitUntil(lambda: page.first_evidence_view.isVisible())
    assert page.first_evidence_model.rowCount() == len(state.results.systems)
    assert threads == [False]  # once, in the worker


def test_answerable_questions_without_evidence_are_listed_with_how_they_count(qtbot, page, state):
    # q4 (only a grade 0) and q5 are marked answerable; q1 too, but it has evidence
    js = judgment_set()
    js.questions[s.ANSWERABLE] = pd.array(
        [q in ("q1", "q4", "q5") for q in js.questions[s.QID]], dtype="boolean"
    )
    errs = []
    state.failed.connect(errs.append)
    state.set_judgments(js)
    state.add_runs(run_set())
    qtbot.waitUntil(
        lambda: bool(errs) or (state.results is not None and not state.runner.is_running("evaluate")),
        timeout=20000,
    )
    assert not errs, errs
    page.show()
    page.details.setCurrentWidget(page.abstention_page)
    listed = [
        page.without_evidence_list.item(i).data(USER)
        for i in range(page.without_evidence_list.count())
    ]
    # at θ = 1 only q4 lacks relevant evidence (q5 has a grade-1 passage)
    assert listed == ["q4"]
    assert page.without_evidence_list.isVisible()
    text = page.without_evidence_label.text()
    assert text.startswith("Questions whose evidence nobody has found yet (1)")
    assert "left out of every mean" in text
    headers = [
        page.abstention_model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(page.abstention_model.columnCount())
    ]
    assert "Share empty,\nunanswerable" in headers and "Share empty,\nanswerable" in headers


def test_a_value_tooltip_says_what_the_unjudged_passages_could_make_of_it(qtbot, state, page):
    """Hybrid's P@1 over q1, q2, q3, q5 (q4 has no relevant passage): p2 and p4 are
    relevant at rank 1, q3's first is x4, which nobody judged, and q5 is empty —
    2/4 = 0.5 with x4 not relevant, 3/4 = 0.75 with it relevant. Hybrid retrieved
    two unjudged passages (x9, x4). GraphRAG's P@1 is 1 whatever they are: no range."""
    page.show()
    _load(qtbot, state)
    model = page.metrics_model
    col = model.column_of("P@1")
    rows = {model.data(model.index(r, 0), DISPLAY): r for r in range(model.rowCount())}

    def tip(system):
        return model.data(model.index(rows[system], col), Qt.ItemDataRole.ToolTipRole)

    qtbot.waitUntil(lambda: "unjudged" in tip("Hybrid"), timeout=20000)
    assert tip("Hybrid").endswith(
        "0.500 – 0.750 depending on 2 unjudged passages (every one not relevant, or every "
        "one at the top grade)."
    )
    assert "unjudged" not in tip("GraphRAG")
    state.runner.wait(10000)
