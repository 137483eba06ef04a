"""Question review page on the demo data: list, columns, missed evidence, grading, notes."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from workbench.core import grades
from workbench.core import schema as s
from workbench.core.io import load_judgments, load_run
from workbench.paths import demo_dir
from workbench.ui import settings as ui_settings
from workbench.ui.state import AppState
from workbench.ui.views.review import ReviewPage

ASSESSOR = "테스트 평가자"
TIMEOUT = 30000


@pytest.fixture(scope="module")
def demo():
    return load_judgments(demo_dir() / "judgments.xlsx"), load_run(demo_dir() / "runs.xlsx")


@pytest.fixture
def page(qtbot, demo, tmp_path):
    ui_settings.use_settings_dir(tmp_path)
    ui_settings.Settings().assessor_name = ASSESSOR
    state = AppState()
    page = ReviewPage(state)
    qtbot.addWidget(page)
    page.resize(1400, 900)
    page.show()
    page.activateWindow()  # shortcuts need an active window
    qtbot.waitUntil(page.isActiveWindow, timeout=5000)
    judgments, runs = demo
    state.judgment_set = judgments
    failures = []
    state.failed.connect(failures.append)
    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        state.add_runs(runs)
    assert not failures and page.index is not None
    yield page
    state.runner.wait()


def _top_k(results, system, qid, k):
    r = results.ranking
    rows = r[(r[s.SYSTEM] == system) & (r[s.QID] == qid) & (r["position"] <= k)]
    return rows.sort_values("position")


def _shown_cards(page, column):
    return [card.card for card in page.columns[column].cards if card.isVisible()]


def _sort_first_system_ascending(page, measure):
    page.set_measure(measure)
    column = page.model.system_column(0)
    page.table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
    page.table.setCurrentIndex(page.model.index(0, 0))
    return page.model.systems[0]


def test_list_is_worst_first_and_sorts_by_ndcg(page):
    results = page.state.results
    assert page.model.rowCount() == len(page.index.question_ids)
    # default: lowest mean over the systems first, unanswerable (no score) last
    means = [
        page.model.index(r, page.model.mean_column()).data(Qt.ItemDataRole.UserRole + 1)
        for r in range(page.model.rowCount())
    ]
    finite = [m for m in means if not math.isnan(m)]
    assert finite == sorted(finite) and all(math.isnan(m) for m in means[len(finite) :])

    system = _sort_first_system_ascending(page, "nDCG@10")
    pq = results.per_question[results.per_question[s.SYSTEM] == system]
    worst = pq["nDCG@10"].min()
    opened = page.current_qid
    assert pq.loc[pq[s.QID] == opened, "nDCG@10"].iloc[0] == pytest.approx(worst)
    assert page.title_label.text().startswith(opened)


def test_columns_show_exactly_the_core_ranking_and_grades(page):
    results = page.state.results
    _sort_first_system_ascending(page, "nDCG@10")
    qid = page.current_qid
    k = page.k_spin.value()
    assert k == max(results.settings.ks)
    shown_systems = [c.column.system for c in page.columns if c.isVisible()]
    assert 2 <= len(shown_systems) <= 4
    for i, system in enumerate(shown_systems):
        expected = _top_k(results, system, qid, k)
        cards = _shown_cards(page, i)
        assert [c.passage_id for c in cards] == expected[s.PID].tolist()
        for card_widget, grade in zip(page.columns[i].cards, expected[s.GRADE].tolist()):
            chip = card_widget.chip
            if math.isnan(grade):
                assert chip.text() == grades.chip_text(None, "en") == "unjudged"
                assert chip.property("grade") == "none"
            else:
                assert chip.text() == grades.chip_text(grade, "en")
                assert chip.property("grade") == str(int(grade))


def test_missed_evidence_matches_the_judgments(page):
    results = page.state.results
    theta = results.settings.threshold
    k = page.k_spin.value()
    checked = 0
    for qid in page.index.question_ids[:12]:
        page.open_question(qid)
        relevant = results.qrels[(results.qrels[s.QID] == qid) & (results.qrels[s.GRADE] >= theta)]
        for col in page.columns:
            if not col.isVisible():
                continue
            top = set(_top_k(results, col.column.system, qid, k)[s.PID])
            expected = set(relevant[s.PID]) - top
            shown = {row.passage_id for row in col.missed_list.rows}
            for pid in shown:
                assert pid in col.missed_list.text()
            assert shown == expected
            checked += len(expected)
    assert checked > 0  # the demo has misses; otherwise the test proves nothing


def _find_unjudged(page):
    """(question, column index, card) of an unjudged card, opening questions in list order."""
    for r in range(page.model.rowCount()):
        page.table.setCurrentIndex(page.model.index(r, 0))
        for i, col in enumerate(page.columns):
            if not col.isVisible():
                continue
            for card in col.cards:
                if card.isVisible() and not card.card.judged:
                    return page.current_qid, i, card
    raise AssertionError("the demo has no unjudged retrieved passage")


def _score(results, system, qid, measure):
    pq = results.per_question
    return float(pq.loc[(pq[s.SYSTEM] == system) & (pq[s.QID] == qid), measure].iloc[0])


def test_grading_unjudged_passage_updates_scores_and_undo_restores(page, qtbot):
    state = page.state
    page.set_measure("nDCG@10")
    qid, col_i, card = _find_unjudged(page)
    system, pid = card.card.system, card.card.passage_id
    before = _score(state.results, system, qid, "nDCG@10")
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert page.selected == (system, pid)

    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        qtbot.keyClick(page.cards_area, Qt.Key.Key_3)
    added = state.added_grades
    assert len(added) == 1
    row = added.iloc[0]
    assert (row[s.QID], row[s.PID], int(row[s.GRADE]), row[s.ASSESSOR]) == (qid, pid, 3, ASSESSOR)
    assert row["time"]
    after = _score(state.results, system, qid, "nDCG@10")
    assert after > before
    # the page kept the question and the selection, and shows the new grade
    assert page.current_qid == qid and page.selected == (system, pid)
    assert page.selected_card().chip.text() == grades.chip_text(3, "en")
    assert page.index.assessor_grades(qid, pid) == {ASSESSOR: 3}

    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        page.undo_action.trigger()
    assert state.added_grades.empty
    assert _score(state.results, system, qid, "nDCG@10") == pytest.approx(before)
    assert page.selected_card().chip.text() == "unjudged"

    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        page.redo_action.trigger()
    assert _score(state.results, system, qid, "nDCG@10") == pytest.approx(after)


def test_regrading_a_judged_passage_asks_for_a_reason_and_resolves(page, qtbot, monkeypatch):
    state = page.state
    page.open_question(page.index.question_ids[0])
    card = next(c for col in page.columns if col.isVisible() for c in col.cards if c.card.judged)
    qid, pid, old = page.current_qid, card.card.passage_id, int(card.card.grade)
    new = 3 if old != 3 else 0
    page.select_card(card.card.system, pid)

    monkeypatch.setattr(page, "ask_reason", lambda *a: None)  # the user cancels
    assert page.grade_selected(new) is False
    assert state.added_grades.empty

    monkeypatch.setattr(page, "ask_reason", lambda *a: "본문이 질문에 직접 답함")
    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        assert page.grade_selected(new) is True
    assert state.added_grades.iloc[0]["reason"] == "본문이 질문에 직접 답함"
    assert state.resolutions[s.GRADE].tolist() == [new]
    assert page.index.grade_of(qid, pid) == new

    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        page.undo_stack.undo()
    assert state.resolutions.empty and state.added_grades.empty
    assert page.index.grade_of(qid, pid) == old


def test_notes_and_flags_land_in_state_and_undo(page, qtbot):
    state = page.state
    qid = page.current_qid
    assert qid
    page.tabs.setCurrentIndex(2)
    qtbot.keyClicks(page.note_edit, "needs evidence")
    qtbot.waitUntil(lambda: qid in state.notes, timeout=5000)  # saved after a pause
    assert state.notes[qid]["note"] == "needs evidence"
    page.note_edit.appendPlainText("근거 문단이 부족함")
    page.commit_note()
    assert state.notes[qid]["note"] == "needs evidence\n근거 문단이 부족함"

    page.flag_check.click()
    assert state.notes[qid]["flagged"] is True
    flag_col = page.model.flag_column()
    row = page.model.row_of(qid)
    assert page.model.index(row, flag_col).data() == "⚑"

    page.flagged_check.setChecked(True)
    assert page.model.rowCount() == 1

    page.undo_stack.undo()  # the flag
    assert state.notes[qid]["flagged"] is False
    assert not page.flag_check.isChecked()
    page.undo_stack.undo()  # the note (consecutive edits merged into one step)
    assert qid not in state.notes
    assert page.note_edit.toPlainText() == ""


def test_keyboard_moves_between_questions_columns_and_cards(page, qtbot):
    first = page.current_qid
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_J)
    second = page.current_qid
    assert second != first
    assert page.table.currentIndex().row() == 1
    qtbot.keyClick(page.table, Qt.Key.Key_K)
    assert page.current_qid == first
    qtbot.keyClick(page.table, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert page.current_qid == second

    page.cards_area.setFocus()
    qtbot.keyClick(page.cards_area, Qt.Key.Key_Down)
    first_card = page.columns[0].cards[0].card
    assert page.selected == (first_card.system, first_card.passage_id)
    qtbot.keyClick(page.cards_area, Qt.Key.Key_Down)
    assert page.selected[1] == page.columns[0].cards[1].card.passage_id
    qtbot.keyClick(page.cards_area, Qt.Key.Key_Right)
    assert page.selected == (
        page.columns[1].cards[1].card.system,
        page.columns[1].cards[1].card.passage_id,
    )
    # the same passage elsewhere is highlighted
    pid = page.selected[1]
    for col in page.columns[:2]:
        for card in col.cards:
            if card.card.passage_id == pid and col is not page.columns[1]:
                assert card.property("related") is True


def test_filters_triage_and_show_questions(page):
    total = page.model.rowCount()
    page.answerable_combo.setCurrentIndex(2)  # unanswerable only
    assert 0 < page.model.rowCount() < total
    page.answerable_combo.setCurrentIndex(0)
    page.set_measure("nDCG@10")
    page.triage_combo.setCurrentIndex(page.triage_combo.findData("all_fail"))
    shown = {page.model.index(r, 0).data() for r in range(page.model.rowCount())}
    pq = page.state.results.per_question
    fails = (pq["nDCG@10"] < page.fail_spin.value()).groupby(pq[s.QID]).all()
    assert shown == set(fails[fails].index)
    page.triage_combo.setCurrentIndex(0)
    page.search.setText(page.index.question_ids[3])
    assert page.model.rowCount() >= 1
    page.search.clear()

    wanted = page.index.question_ids[5:8]
    page.show_questions(wanted, system=page.index.systems[-1])
    assert page.model.rowCount() == 3
    assert page.current_qid in wanted
    assert page.chosen_systems[0] == page.index.systems[-1]
    page.clear_question_filter()
    assert page.model.rowCount() == total
    page.open_question(page.index.question_ids[-1])
    assert page.current_qid == page.index.question_ids[-1]


def test_language_change_retranslates(page):
    QApplication.sendEvent(page, QEvent(QEvent.Type.LanguageChange))
    assert page.tabs.tabText(0) == "Gold evidence"
    assert page.columns[0].isVisible()


def test_per_question_scores_tab_shows_every_system(page):
    results = page.state.results
    qid = page.current_qid
    page.tabs.setCurrentIndex(1)
    table = page.metrics_table
    assert table.rowCount() == len(results.systems)
    col = results.measures.index("nDCG@10")
    for r, system in enumerate(results.systems):
        expected = _score(results, system, qid, "nDCG@10")
        assert table.item(r, col).text() == f"{expected:.3f}"
