"""Question review page on the demo data: list, columns, missed evidence, grading, notes."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QHeaderView

from workbench.core.io import load_judgments, load_run
from workbench.core.model import grades
from workbench.core.model import schema as s
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
    state.study.set_judgments(judgments)
    failures = []
    state.failed.connect(failures.append)
    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):  # built in the background
        state.add_runs(runs)
    assert not failures and page.index is not None
    yield page
    state.runner.wait()


def _top_k(results, system, qid, k):
    r = results.ranking
    rows = r[(r[s.SYSTEM] == system) & (r[s.QID] == qid) & (r["position"] <= k)]
    return rows.sort_values("position")


def _shown_cards(page, column):
    return [item.card for item in page.columns[column].shown_cards()]


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
        shown = page.columns[i].shown_cards()
        assert len(shown) == len(expected)
        for item, grade in zip(shown, expected[s.GRADE].tolist()):
            if math.isnan(grade):
                assert item.chip_text == grades.chip_text(None, "en") == "unjudged"
                assert item.grade_key == "none" and not item.judged
            else:
                assert item.chip_text == grades.chip_text(grade, "en")
                assert item.grade_key == str(int(grade))


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
            shown = {row.passage_id for row in col.missed_rows()}
            text = col.missed_text()
            for pid in shown:
                assert pid in text
            assert shown == expected
            checked += len(expected)
    assert checked > 0  # the demo has misses; otherwise the test proves nothing


def _find_unjudged(page):
    """(question, column, card index) of an unjudged card, opening questions in list order."""
    for r in range(page.model.rowCount()):
        page.table.setCurrentIndex(page.model.index(r, 0))
        for col in page.columns:
            if not col.isVisible():
                continue
            for i, item in enumerate(col.shown_cards()):
                if not item.judged:
                    return page.current_qid, col, i
    raise AssertionError("the demo has no unjudged retrieved passage")


def _score(results, system, qid, measure):
    pq = results.per_question
    return float(pq.loc[(pq[s.SYSTEM] == system) & (pq[s.QID] == qid), measure].iloc[0])


def test_grading_unjudged_passage_updates_scores_and_undo_restores(page, qtbot):
    state = page.state
    page.set_measure("nDCG@10")
    qid, col, i = _find_unjudged(page)
    system, pid = col.cards[i].card.system, col.cards[i].passage_id
    before = _score(state.results, system, qid, "nDCG@10")
    # a real click on the card's text (below its header row)
    rect = col.card_rect(i)
    qtbot.mouseClick(col, Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.selected == (system, pid)
    assert col.cards[i].selected

    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        qtbot.keyClick(page.cards_area, Qt.Key.Key_3)
        # the chip shows the new grade before the scores are back
        assert page.selected_card().chip_text == grades.chip_text(3, "en")
    added = state.added_grades
    assert len(added) == 1
    row = added.iloc[0]
    assert (row[s.QID], row[s.PID], int(row[s.GRADE]), row[s.ASSESSOR]) == (qid, pid, 3, ASSESSOR)
    assert row["time"]
    after = _score(state.results, system, qid, "nDCG@10")
    assert after > before
    # the page kept the question and the selection, and shows the new grade
    assert page.current_qid == qid and page.selected == (system, pid)
    assert page.selected_card().chip_text == grades.chip_text(3, "en")
    assert page.selected_card().card.grade == 3  # from the new index, not only the chip
    assert page.index.assessor_grades(qid, pid) == {ASSESSOR: 3}

    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        page.undo_action.trigger()
    assert state.added_grades.empty
    assert _score(state.results, system, qid, "nDCG@10") == pytest.approx(before)
    assert page.selected_card().chip_text == "unjudged"

    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        page.redo_action.trigger()
    assert _score(state.results, system, qid, "nDCG@10") == pytest.approx(after)


def test_regrading_a_judged_passage_asks_for_a_reason_and_resolves(page, qtbot, monkeypatch):
    state = page.state
    page.open_question(page.index.question_ids[0])
    card = next(c for col in page.columns if col.isVisible() for c in col.cards if c.judged)
    qid, pid, old = page.current_qid, card.card.passage_id, int(card.card.grade)
    new = 3 if old != 3 else 0
    page.select_card(card.card.system, pid)

    monkeypatch.setattr(page, "ask_reason", lambda *a: None)  # the user cancels
    assert page.grade_selected(new) is False
    assert state.added_grades.empty

    monkeypatch.setattr(page, "ask_reason", lambda *a: "본문이 질문에 직접 답함")
    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        assert page.grade_selected(new) is True
    assert state.added_grades.iloc[0]["reason"] == "본문이 질문에 직접 답함"
    assert state.resolutions[s.GRADE].tolist() == [new]
    assert page.index.grade_of(qid, pid) == new

    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
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
    assert page.selected[1] == page.columns[0].cards[1].passage_id
    qtbot.keyClick(page.cards_area, Qt.Key.Key_Right)
    assert page.selected == (
        page.columns[1].cards[1].card.system,
        page.columns[1].cards[1].card.passage_id,
    )
    # the same passage elsewhere is highlighted
    pid = page.selected[1]
    assert page.selected_card().selected and not page.selected_card().related
    related = [
        item
        for col in page.columns
        if col.isVisible() and col is not page.columns[1]
        for item in col.cards
        if item.passage_id == pid
    ]
    assert all(item.related for item in related)
    others = [item for col in page.columns for item in col.cards if item.passage_id != pid]
    assert not any(item.related or item.selected for item in others)


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


def _shared_passage(page):
    """(column, card index) of a card whose passage another shown column also has."""
    cols = [c for c in page.columns if c.isVisible()]
    for qid in page.index.question_ids:
        page.open_question(qid)
        cols = [c for c in page.columns if c.isVisible()]
        for col in cols:
            for i, item in enumerate(col.cards):
                if any(o is not col and o.index_of(item.passage_id) >= 0 for o in cols):
                    return col, i
    raise AssertionError("no passage is shown in two columns")


def test_hovering_a_card_highlights_the_passage_in_every_column(page, qtbot):
    col, i = _shared_passage(page)
    pid = col.cards[i].passage_id
    qtbot.mouseMove(col, col.card_rect(i).center())
    qtbot.waitUntil(lambda: page.hover_pid == pid, timeout=2000)
    shown = [c for c in page.columns if c.isVisible()]
    same = [item for c in shown for item in c.cards if item.passage_id == pid]
    assert len(same) >= 2 and all(item.related for item in same)
    assert not any(item.related for c in shown for item in c.cards if item.passage_id != pid)
    # off the cards (the column title): nothing is highlighted any more
    qtbot.mouseMove(col, QPoint(col.width() // 2, 2))
    qtbot.waitUntil(lambda: page.hover_pid == "", timeout=2000)
    assert not any(item.related for c in shown for item in c.cards)


def test_clicking_a_chip_grades_through_its_menu_and_undo(page, qtbot, monkeypatch):
    state = page.state
    qid, col, i = _find_unjudged(page)
    pid = col.cards[i].passage_id
    wanted = next(a for a in page._grade_actions if int(a.data()) == 2)
    asked = []
    monkeypatch.setattr(page.grade_menu, "exec", lambda where: asked.append(where) or wanted)
    chip = col.chip_rect(i)
    assert chip.isValid() and chip.intersects(col.card_rect(i))
    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        qtbot.mouseClick(col, Qt.MouseButton.LeftButton, pos=chip.center())
    assert len(asked) == 1  # the menu opened once, below the chip
    assert page.selected == (col.column.system, pid)
    row = state.added_grades.iloc[0]
    assert (row[s.QID], row[s.PID], int(row[s.GRADE])) == (qid, pid, 2)
    assert page.selected_card().chip_text == grades.chip_text(2, "en")
    with qtbot.waitSignal(page.index_ready, timeout=TIMEOUT):
        page.undo_action.trigger()
    assert state.added_grades.empty
    assert page.selected_card().chip_text == "unjudged"


def test_the_list_columns_are_sized_without_measuring_every_row(page):
    header = page.table.horizontalHeader()
    fm = page.table.fontMetrics()
    for col in range(page.model.columnCount()):
        assert header.sectionResizeMode(col) == QHeaderView.ResizeMode.Interactive
    # every question id fits in its column
    widest = max(fm.horizontalAdvance(q) for q in page.model.question_ids())
    assert header.sectionSize(page.model.ID) >= widest


def _column_with_everything():
    from workbench.core.protocol.review import Card, Column, EvidenceRow, Gap, OtherPosition, Source

    long_text = "참사랑은 위하여 사는 것입니다. " * 60  # longer than a card shows
    cards = [
        Card(
            "BM25",
            1,
            "P1",
            3.0,
            2.5,
            1.0,
            "짧은 본문",
            Source("12", "강연"),
            "higher",
            [OtherPosition("Vector", 4)],
        ),
        Card(
            "BM25",
            2,
            "P2",
            math.nan,
            2.0,
            2.0,
            long_text,
            Source(),
            "absent",
            [OtherPosition("Vector", None)],
        ),
        Card(
            "BM25", 5, "P5", 0.0, 1.0, 5.0, "다섯째", Source(), "same", [OtherPosition("Vector", 5)]
        ),
    ]
    gap = Gap(2, ["P3", "P4"])
    missed = [EvidenceRow("P9", 3.0, role="core", text="놓친 근거의 본문", position=None)]
    column = Column("BM25", [cards[0], cards[1], gap, cards[2]], missed, {"nDCG@10": 0.5})
    return column, long_text


def test_painted_column_layout_tooltips_and_large_fonts(qtbot):
    from PySide6.QtGui import QFont, QFontMetrics

    from workbench.ui.views.passage_cards import CARD_TEXT_CHARS, SystemColumnView

    column, long_text = _column_with_everything()
    col = SystemColumnView()
    qtbot.addWidget(col)
    col.set_column(column, 10, ["nDCG@10"], "ko")
    col.resize(320, col.heightForWidth(320))
    col.show()

    items = col.shown_cards()
    assert [c.passage_id for c in items] == ["P1", "P2", "P5"]
    assert [c.chip_text for c in items] == [
        grades.chip_text(3, "ko"),
        grades.chip_text(None, "ko"),
        grades.chip_text(0, "ko"),
    ]
    assert [c.arrow for c in items] == ["↑", "∅", "="]
    # cards stacked top to bottom without overlap, all inside the widget
    rects = [col.card_rect(i) for i in range(3)]
    for a, b in zip(rects, rects[1:]):
        assert a.bottom() < b.top()
    assert rects[-1].bottom() < col.height()

    # tooltips: the arrow names the other systems, the long text is in full,
    # the gap lists the removed passages
    arrow_tip, _ = col.tooltip_at(
        col._arrow_rect(col._current_layout().cards[0], items[0]).center()
    )
    assert "Vector" in arrow_tip and "4" in arrow_tip
    text_tip, _ = col.tooltip_at(QPoint(rects[1].center().x(), rects[1].bottom() - 5))
    assert text_tip == long_text.strip() or text_tip == long_text
    assert len(items[1].text) == CARD_TEXT_CHARS and items[1].text.endswith("…")
    gap_y = (rects[1].bottom() + rects[2].top()) // 2
    gap_tip, _ = col.tooltip_at(QPoint(col.width() // 2, gap_y))
    assert "P3" in gap_tip and "P4" in gap_tip
    chip_tip, _ = col.tooltip_at(col.chip_rect(1).center())
    assert chip_tip.startswith(grades.definition(None, "ko"))
    assert "P9" in col.missed_text() and "놓친 근거의 본문" in col.missed_text()
    assert not col.grab().isNull()

    # very large font: a long passage shows its first two lines (the tooltip has
    # it whole, with the card's source), and the grade label is never cut
    normal_lines = col._current_layout().cards[1].text.layout.lineCount()
    assert normal_lines > 2
    big = QFont(col.font())
    big.setPointSizeF(15.0)
    col.setFont(big)
    long_card = col._current_layout().cards[1]
    assert long_card.text.layout.lineCount() == 2 and long_card.text.text.endswith("…")
    text_tip, _ = col.tooltip_at(QPoint(rects[1].center().x(), col.card_rect(1).bottom() - 5))
    assert long_text.strip() in text_tip and items[1].meta in text_tip
    fm = QFontMetrics(big)
    for i, item in enumerate(col.shown_cards()):
        assert col.chip_rect(i).width() >= fm.horizontalAdvance(item.chip_text)
        assert col.card_rect(i).contains(col.chip_rect(i))
    # narrower column: the same cards simply wrap into more lines
    assert col.heightForWidth(200) > col.heightForWidth(320)
