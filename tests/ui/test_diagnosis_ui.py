"""The Diagnosis tab, the Systems and stages page, system-card tooltips and the
evidence sentences on the passage cards — driven as a user would, on the demo."""

from __future__ import annotations

from dataclasses import replace

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel

from workbench.ui import dialogs
from workbench.ui.main_window import MainWindow
from workbench.ui.models.question_list import QID_ROLE
from workbench.ui.settings import Settings

TIMEOUT = 60000


@pytest.fixture
def window(qtbot):
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1300, 900)
    window.show()
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        window.open_demo()
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=TIMEOUT)
    yield window
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    window.state.runner.wait()
    window.runner.wait()


def _idle(qtbot, window) -> None:
    """Every task of the window done (the scores of the last edit are in)."""
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    window.state.runner.wait()


def _diagnosis(qtbot, window):
    overview = window.page("overview")
    panel = overview.diagnosis_panel
    overview.details.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.data is not None, timeout=TIMEOUT)
    return panel


def test_the_diagnosis_tab_speaks_of_every_demo_system_and_opens_the_questions(qtbot, window):
    panel = _diagnosis(qtbot, window)
    overview = window.page("overview")
    assert overview.details.tabText(overview.details.indexOf(panel)) == "Diagnosis"
    systems = window.state.systems
    spoken = {f.system for f, _label, _button in panel.finding_rows}
    assert spoken == set(systems)
    for f, label, _button in panel.finding_rows:
        # the advice on a line of its own
        assert label.text().replace("\n→ ", " → ") == f.sentence("en")
        assert label.text().startswith(f"{f.system}: ") and label.text().count("\n→ ") == 1
    review = window.page("questions")
    opened = 0
    for f, _label, button in panel.finding_rows:
        if not f.question_ids:
            continue
        button.click()
        assert window.current_page_key() == "questions"
        qtbot.waitUntil(lambda: review.model.rowCount() > 0, timeout=TIMEOUT)
        shown = {
            review.model.data(review.model.index(r, 0), QID_ROLE)
            for r in range(review.model.rowCount())
        }
        assert shown == set(f.question_ids)
        assert review.current_qid in f.question_ids
        window.show_page("overview")
        opened += 1
    assert opened >= len(systems)
    # Recall@20 is not among the demo's K, and its runs hold 10 results per question:
    # the rules needing it say so, with no button to add a K that would repeat Recall@10
    notes = [label.text() for label in panel.findChildren(QLabel, "not_checked")]
    assert any("the runs return only 10 results per question" in t for t in notes), notes
    assert panel.add_k_buttons == []
    # a K the runs reach, taken out of the settings, is offered with a button
    found = {(f.system, f.rule) for f, _l, _b in panel.finding_rows}
    settings = window.state.settings
    _idle(qtbot, window)
    with qtbot.waitSignal(window.state.results_changed, timeout=TIMEOUT):
        window.state.set_settings(replace(settings, ks=tuple(k for k in settings.ks if k != 5)))
    qtbot.waitUntil(
        lambda: panel.data is not None and 5 not in panel.data.results.settings.ks,
        timeout=TIMEOUT,
    )
    ks, button = panel.add_k_buttons[0]
    assert ks == (5,)
    with qtbot.waitSignal(window.state.results_changed, timeout=TIMEOUT):
        button.click()
    assert 5 in window.state.settings.ks
    qtbot.waitUntil(
        lambda: panel.data is not None and 5 in panel.data.results.settings.ks, timeout=TIMEOUT
    )
    assert {(f.system, f.rule) for f, _l, _b in panel.finding_rows} == found
    _idle(qtbot, window)


def test_thresholds_are_adjustable_and_undoable(qtbot, window):
    panel = _diagnosis(qtbot, window)
    before = len(panel.finding_rows)
    panel.thresholds_button.click()
    assert panel.thresholds_box.isVisible()
    panel.spins["mrr_high"].setValue(0.99)  # the MRR-high rule now fires for nobody
    panel.apply_thresholds()
    assert window.state.study.diagnosis_settings.mrr_high == 0.99
    qtbot.waitUntil(lambda: panel.data.settings.mrr_high == 0.99, timeout=TIMEOUT)
    assert not any(f.rule == "first_only" for f, _l, _b in panel.finding_rows)
    assert len(panel.finding_rows) < before
    window.state.undo_stack.undo()
    assert window.state.study.diagnosis_settings.mrr_high == 0.8
    assert panel.spins["mrr_high"].value() == pytest.approx(0.8)
    qtbot.waitUntil(lambda: panel.data.settings.mrr_high == 0.8, timeout=TIMEOUT)
    assert len(panel.finding_rows) == before
    _idle(qtbot, window)


def test_k_advice_and_missed_evidence_tabs(qtbot, window):
    panel = _diagnosis(qtbot, window)
    advice = panel.data.diagnosis.k_advice
    assert set(advice) == set(window.state.systems)
    assert len(panel.k_chart.stars) == 4 and len(panel.k_chart.hits()) == 4
    assert panel.k_model.rowCount() == 4
    assert panel.missed_model.rowCount() == 16  # 4 systems × 4 question types
    review = window.page("questions")
    row = next(
        r
        for r in range(panel.missed_model.rowCount())
        if panel.data.missed.by_type.iloc[r].question_ids
    )
    panel._open_missed_row(panel.missed_proxy.mapFromSource(panel.missed_model.index(row, 0)))
    qtbot.waitUntil(lambda: window.current_page_key() == "questions", timeout=TIMEOUT)
    assert review.model.rowCount() == len(panel.data.missed.by_type.iloc[row].question_ids)
    _idle(qtbot, window)


def test_a_system_card_typed_in_the_app_shows_in_tooltips_and_the_report(
    qtbot, window, tmp_path, monkeypatch
):
    page = window.page("systems")
    window.show_page("systems")
    # the demo's 시스템 정보 sheet: BM25 is chunked differently
    assert "not directly comparable" in page.comparability.text()
    with qtbot.waitSignal(window.state.results_changed, timeout=TIMEOUT):
        assert page.set_card_value("GraphRAG", "reranker", "새 리랭커 v2")
    card = window.state.study.card_of("GraphRAG")
    assert card.reranker == "새 리랭커 v2" and card.chunk_size == 500  # the rest kept
    row = next(
        r
        for r in range(page.cards_table.rowCount())
        if page.cards_table.item(r, 0).text() == "GraphRAG"
    )
    assert page.cards_table.item(row, 3).text() == "새 리랭커 v2"
    assert page.cards_table.item(row, page.cards_table.columnCount() - 1).text() == "typed here"
    assert not page.set_card_value("GraphRAG", "chunk_size", "many")  # refused, said why
    assert "whole number" in page.cards_message.text()
    # tooltips wherever the name appears
    tip = window.state.system_tooltip("GraphRAG")
    assert "Reranker: 새 리랭커 v2" in tip and "Chunk size: 500" in tip
    overview = window.page("overview")
    model = overview.metrics_model
    r = model.systems.index("GraphRAG")
    # the Overview's tip adds how to rename there
    assert model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole).startswith(tip)
    window.show_page("questions")  # its list is drawn when looked at
    review = window.page("questions")
    col = review.model.FIRST_SYSTEM + review.model.systems.index("GraphRAG")
    header_tip = review.model.headerData(
        col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert header_tip.endswith(tip)
    chart = overview.overview_charts.curves  # redrawn when the new results' curves arrive
    window.show_page("overview")  # a chart is drawn when it is looked at
    overview.overview_charts.tabs.setCurrentWidget(chart)
    qtbot.waitUntil(
        lambda: (
            {label.text: label.toolTip() for _s, label in chart.legend.items}.get("GraphRAG") == tip
        ),
        timeout=TIMEOUT,
    )
    # into the report
    target = tmp_path / "report.xlsx"
    monkeypatch.setattr(dialogs, "get_save_file_name", lambda *a, **k: (str(target), ""))
    export = window.page("export")
    export.set_file_language("en")
    with qtbot.waitSignal(export.export_finished, timeout=TIMEOUT):
        assert export.export("report")
    rows = [list(r) for r in load_workbook(target)["System cards"].iter_rows(values_only=True)]
    header = rows[0]
    graph = dict(zip(header, next(r for r in rows if r[0] == "GraphRAG")))
    assert graph["Reranker"] == "새 리랭커 v2" and graph["Entered in"] == "the app"
    stages = load_workbook(target)["Stages"]
    assert stages["A1"].value == "Pipeline: 하이브리드 RAG"
    # undo: back to the file's card
    window.state.undo_stack.undo()
    assert window.state.study.card_of("GraphRAG").reranker == ""
    _idle(qtbot, window)


def test_the_stage_view_of_the_demo_pipeline(qtbot, window):
    page = window.page("systems")
    window.show_page("systems")
    qtbot.waitUntil(lambda: page.stage_data is not None, timeout=TIMEOUT)
    assert page.pipeline_combo.count() == 1
    assert "Vector" in page.pipeline_combo.currentText()
    plan, measures, pairs = page.stage_data
    assert [(s.stage, s.system) for s in plan.steps] == [
        ("candidates", "Vector"),
        ("rerank", "Hybrid"),
    ]
    # N = min(the candidate K 20, the run depth 10); K = Hybrid's card (5)
    assert (page.n_spin.value(), page.k_spin.value()) == (10, 5)
    assert page.measures_table.rowCount() == 2
    headers = [
        page.measures_table.horizontalHeaderItem(c).text()
        for c in range(page.measures_table.columnCount())
    ]
    assert headers[4:] == ["Recall@10", "MRR", "nDCG@5", "Recall@5", "P@5"]
    ids = page.stage_question_ids()
    assert ids
    losses = pairs[0][2]
    assert set(ids) == set(losses.loc[losses["kind"] == "lost", "question_id"])
    # the selected question's dropped passages, with grades
    assert page.losses_table.rowCount() >= 1
    assert page.losses_table.item(0, 3).text() in ("dropped", "brought in")
    with qtbot.waitSignal(page.questions_requested) as got:
        page.open_button.click()
    assert got.args[0] == ids
    # a deeper K keeps more
    page.k_spin.setValue(10)
    with qtbot.waitSignal(page.stages_updated, timeout=TIMEOUT):
        page._depths_changed()
    assert len(page.stage_question_ids()) < len(ids)
    _idle(qtbot, window)


def test_evidence_sentences_are_marked_on_the_cards(qtbot, window):
    js = window.state.judgment_set
    evidence = js.evidence
    assert evidence is not None and len(evidence) >= 10
    review = window.page("questions")
    window.show_page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    found = None
    for q, p in zip(evidence["question_id"], evidence["passage_id"]):
        review.open_question(q)
        review.k_spin.setValue(10)
        for col in review.columns:
            if not col.isVisible():
                continue
            i = col.index_of(p)
            if i >= 0:
                found = (col, i)
                break
        if found:
            break
    assert found is not None
    col, i = found
    item = col.cards[i]
    assert item.highlights and item.text[item.highlights[0][0] :].startswith(
        item.card.sentences[0][:10]
    )
    rect = col.card_rect(i)
    tip, _ = col.tooltip_at(rect.center())
    assert "Evidence sentence" in tip
    # the pinned column header carries the system card
    review.headers.place([c for c in review.columns if c.isVisible()])
    x = next(x for x, _w, c in review.headers._columns if c is col)
    title_tip, _ = review.headers.tooltip_at(QPoint(x + 10, 5))
    assert title_tip == window.state.system_tooltip(col.column.system)
    assert "Chunk size:" in title_tip
    _idle(qtbot, window)


def test_the_stage_tables_speak_the_new_language_at_once(qtbot, window):
    """Switching the language redraws the stages shown in it straight away (they
    stayed in the old language until the comparison, run again in a worker,
    came back)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from workbench.ui import i18n

    page = window.page("systems")
    window.show_page("systems")
    qtbot.waitUntil(lambda: page.stage_data is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: page.losses_table.rowCount() >= 1, timeout=TIMEOUT)

    def texts() -> str:
        table = page.losses_table
        cells = [
            table.item(r, c).text()
            for r in range(table.rowCount())
            for c in range(table.columnCount())
            if table.item(r, c) is not None
        ]
        return " ".join(cells)

    assert "dropped" in texts() or "brought in" in texts()
    try:
        window.language_actions["ko"].trigger()
        # the language change only: no worker's answer can arrive meanwhile
        QApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        assert "빠짐" in texts() or "새로 들어옴" in texts(), texts()
        assert "dropped" not in texts() and "brought in" not in texts()
    finally:
        i18n.install_language("en")
    _idle(qtbot, window)
