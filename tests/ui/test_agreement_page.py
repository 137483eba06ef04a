"""Agreement page on the demo data: statistics, heat-map, resolving disagreements."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from workbench.core.io import load_judgments, load_run
from workbench.core.measures.agreement import (
    agreement_data,
    agreement_table,
    disagreements,
    dissent_record,
    grade_column,
    resolve_grades,
)
from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.model.schema import JudgmentSet
from workbench.paths import demo_dir
from workbench.ui import settings as ui_settings
from workbench.ui.state import AppState
from workbench.ui.views.agreement import AgreementPage, DisagreementModel

RESOLVER = "테스트 조정자"
TIMEOUT = 30000
A, B = "평가자A", "평가자B"


@pytest.fixture(scope="module")
def demo():
    return load_judgments(demo_dir() / "judgments.xlsx"), load_run(demo_dir() / "runs.xlsx")


@pytest.fixture
def state(qtbot, tmp_path):
    ui_settings.use_settings_dir(tmp_path)
    ui_settings.Settings().assessor_name = RESOLVER
    state = AppState()
    yield state
    state.runner.wait()


@pytest.fixture
def page(qtbot, demo, state):
    page = AgreementPage(state)
    qtbot.addWidget(page)
    page.resize(1400, 900)
    page.show()
    judgments, runs = demo
    state.study.set_judgments(judgments)
    with qtbot.waitSignals([state.results_changed, page.updated], timeout=TIMEOUT):
        state.add_runs(runs)
    yield page
    page.runner.wait()


def _qrel(results, item):
    q = results.qrels
    hit = q[(q[s.QID] == item[0]) & (q[s.PID] == item[1])]
    assert len(hit) == 1
    return int(hit[s.GRADE].iloc[0])


def _top(results, system, qid, k):
    r = results.ranking
    rows = r[(r[s.SYSTEM] == system) & (r[s.QID] == qid) & (r["position"] <= k)]
    return set(rows[s.PID])


def _wait_results(qtbot, state):
    return qtbot.waitSignal(state.results_changed, timeout=TIMEOUT)


# -- statistics and heat-map ---------------------------------------------------------


def test_statistics_table_equals_agreement_table(page, demo):
    expected = agreement_table(demo[0].judgments)
    assert page.stack.currentIndex() == 1
    shown = page.stats_values()
    assert len(shown) == len(expected.pairs) == 1
    pair = expected.pairs[0]
    row = shown[0]
    assert row["pair"] == f"{A} – {B}"
    assert row["n"] == pair.n == 737
    assert row["exact"] == pytest.approx(pair.exact)
    assert row["kappa"] == pytest.approx(pair.kappa)
    assert row["kappa_quadratic"] == pytest.approx(pair.kappa_quadratic)
    # the text a user reads: rounded value and the plain-language band
    assert page.stats_table.item(0, 3).text() == f"{pair.kappa:.3f} (substantial)"
    assert page.stats_table.item(0, 4).text() == f"{pair.kappa_quadratic:.3f} (almost perfect)"
    assert page.stats_table.item(0, 2).text() == f"{pair.exact * 100:.1f}%"
    assert f"{expected.alpha_ordinal:.3f}" in page.alpha_label.text()
    assert "reliable enough" in page.alpha_label.text()
    assert "96" in page.summary_label.text() and "737" in page.summary_label.text()
    # heat-map: the same confusion counts, grades 0–3 on both axes
    assert page.heatmap.grades() == [0, 1, 2, 3]
    assert (page.heatmap.counts() == pair.confusion.to_numpy()).all()
    assert not page.pair_combo.isVisible()  # one pair: nothing to choose


def test_queue_lists_every_disagreement_biggest_gap_first(page, demo):
    expected = disagreements(demo[0].judgments)
    model = page.model
    assert model.rowCount() == len(expected) == 96
    items = [model.item(r) for r in range(model.rowCount())]
    assert items == list(zip(expected[s.QID], expected[s.PID]))
    gaps = [model.index(r, 3 + 2).data(Qt.ItemDataRole.UserRole + 1) for r in range(len(items))]
    assert gaps == sorted(gaps, reverse=True) and gaps[0] == 2
    # the first item is chosen and shown with its question, passage and both grades
    first = items[0]
    assert page.current == first
    js = demo[0]
    qtext = js.questions.set_index(s.QID).loc[first[0], s.QTEXT]
    ptext = js.passages.set_index(s.PID).loc[first[1], s.TEXT]
    assert qtext in page.question_text.text()
    assert page.passage_text.toPlainText() == ptext
    assert "Vol." in page.source_label.text()
    rec = expected.iloc[0]
    shown = [chip.text() for _, chip, _ in page._grade_rows[:2]]
    assert grades.chip_text(int(rec[grade_column(A)]), "en") in shown[0]
    assert grades.chip_text(int(rec[grade_column(B)]), "en") in shown[1]
    assert "by the rule" in page.used_label.text()


def test_clicking_a_heatmap_cell_filters_the_queue(page, qtbot):
    pair = page.current_pair()
    expected = int(pair.confusion.loc[0, 2])
    assert expected > 0
    center = page.heatmap.cell_center(0, 2).toPoint()
    qtbot.mouseClick(page.heatmap, Qt.MouseButton.LeftButton, pos=center)
    model = page.model
    assert model.rowCount() == expected
    for r in range(model.rowCount()):
        rec = model.record(model.item(r))
        assert (int(rec[grade_column(A)]), int(rec[grade_column(B)])) == (0, 2)
    assert page.cell_filter_label.isVisible()
    # the chosen item follows the filter: it is one of the listed items
    assert page.model.row_of(page.current) >= 0
    qtbot.mouseClick(page.clear_cell_button, Qt.MouseButton.LeftButton)
    assert model.rowCount() == 96


# -- resolving ------------------------------------------------------------------------


def test_resolving_by_hand_changes_the_scores_and_keeps_the_dissent(page, qtbot, state, tmp_path):
    item = page.current
    assert item == ("Q001", "D007-01")
    before = state.results
    assert _qrel(before, item) == 0  # median of 0 and 2 → the lower, 0
    # only BM25 has this passage in its top 5, so only BM25's P@5 may move
    in_top5 = [sys for sys in before.systems if item[1] in _top(before, sys, item[0], 5)]
    assert in_top5 == ["BM25"]
    p5_before = {sys: before.metric(sys, "P@5") for sys in before.systems}
    n_answerable = int(before.aggregates.loc["BM25", "n"])

    page.reason_edit.setText("두 번째 문장이 근거")
    with qtbot.waitSignal(state.work_changed), _wait_results(qtbot, state):
        qtbot.mouseClick(page.grade_buttons[2], Qt.MouseButton.LeftButton)
    after = state.results
    assert _qrel(after, item) == 2
    assert after.metric("BM25", "P@5") == pytest.approx(p5_before["BM25"] + 0.2 / n_answerable)
    for sys in ("Vector", "Hybrid", "GraphRAG"):
        assert after.metric(sys, "P@5") == pytest.approx(p5_before[sys])

    # the page moved on, and shows the item as resolved
    assert page.current == page.model.item(1)
    assert page.model.index(0, 0).data() == "✓"
    assert page.model.index(0, page.model.columnCount() - 1).data() == grades.chip_text(2, "en")
    row = state.resolutions.iloc[-1]
    assert (row[s.QID], row[s.PID], int(row[s.GRADE])) == (*item, 2)
    assert row["by"] == RESOLVER and row["reason"] == "두 번째 문장이 근거" and row["time"]
    page.select_item(item)
    assert "resolved by hand by " + RESOLVER in page.used_label.text()
    assert page.unresolve_button.isEnabled()

    # the dissent is kept: both original grades remain in the judgments …
    j = state.judgment_set.judgments
    own = j[(j[s.QID] == item[0]) & (j[s.PID] == item[1])].set_index(s.ASSESSOR)[s.GRADE]
    assert own.to_dict() == {A: 0, B: 2}
    # … and in the dissent record, next to the grade used
    overrides = state.resolutions.rename(columns={"by": "resolved_by_name"})
    resolved = resolve_grades(j, state.settings.resolution, overrides=overrides)
    dissent = dissent_record(j, resolved)
    rec = dissent[(dissent[s.QID] == item[0]) & (dissent[s.PID] == item[1])].iloc[0]
    assert (rec[grade_column(A)], rec[grade_column(B)], rec["resolved_grade"]) == (0, 2, 2)
    assert rec["resolved_by"] == "manual" and rec["resolved_by_name"] == RESOLVER

    import openpyxl

    from workbench.core import export

    path = export.write_judgments_workbook(
        tmp_path / "판정.xlsx",
        j,
        added=state.added_grades,
        resolutions=state.resolutions,
        dissent=dissent,
        lang="ko",
    )
    wb = openpyxl.load_workbook(path, read_only=True)
    rows = list(wb["이견"].iter_rows(values_only=True))
    header = list(rows[0])
    found = [r for r in rows[1:] if r[0] == item[0] and r[1] == item[1]]
    assert len(found) == 1
    got = dict(zip(header, found[0]))
    assert got["등급:" + A] == 0 and got["등급:" + B] == 2 and got["사용한 등급"] == 2
    assert "manual" in found[0] and RESOLVER in found[0]
    judged = [r for r in wb["평가"].iter_rows(values_only=True) if r[:2] == item]
    assert sorted(r[2] for r in judged) == [0, 2]  # both assessors' own grades exported
    wb.close()


def test_undo_returns_the_item_to_the_rule(page, qtbot, state):
    item = page.current
    with _wait_results(qtbot, state):
        page.resolve_current(3)
    assert _qrel(state.results, item) == 3
    with _wait_results(qtbot, state):
        page.undo_stack.undo()
    assert _qrel(state.results, item) == 0
    assert state.resolutions.empty
    assert page.current == item  # undo brings the item back into view
    with _wait_results(qtbot, state):
        page.undo_stack.redo()
    assert _qrel(state.results, item) == 3
    # "back to the rule" is a separate, undoable step
    page.select_item(item)
    with _wait_results(qtbot, state):
        qtbot.mouseClick(page.unresolve_button, Qt.MouseButton.LeftButton)
    assert _qrel(state.results, item) == 0 and state.resolutions.empty


def test_unresolved_only_filter(page, qtbot, state):
    first, second = page.model.item(0), page.model.item(1)
    with _wait_results(qtbot, state):
        page.resolve_current(1)
    page.unresolved_check.setChecked(True)
    assert page.model.rowCount() == 95
    assert page.model.row_of(first) == -1
    assert page.current == second
    # resolving with the filter on takes the item out and shows the next one
    third = page.model.item(1)
    with _wait_results(qtbot, state):
        page.resolve_current(2)
    assert page.model.rowCount() == 94 and page.current == third
    assert "2 resolved by hand" in page.queue_count.text()
    page.unresolved_check.setChecked(False)
    assert page.model.rowCount() == 96


def test_keyboard_resolves_and_moves(page, qtbot, state):
    items = [page.model.item(r) for r in range(4)]
    page.queue_view.setFocus()
    with _wait_results(qtbot, state):
        qtbot.keyClick(page.queue_view, Qt.Key.Key_3)
    res = state.resolutions.set_index([s.QID, s.PID])[s.GRADE]
    assert int(res.loc[items[0]]) == 3
    assert page.current == items[1]
    # B takes 평가자B's grade for the second item
    rec = page.model.record(items[1])
    with _wait_results(qtbot, state):
        qtbot.keyClick(page.queue_view, Qt.Key.Key_B)
    res = state.resolutions.set_index([s.QID, s.PID])[s.GRADE]
    assert int(res.loc[items[1]]) == int(rec[grade_column(B)])
    assert page.current == items[2]
    qtbot.keyClick(page.queue_view, Qt.Key.Key_P)
    assert page.current == items[1]
    qtbot.keyClick(page.queue_view, Qt.Key.Key_N)
    qtbot.keyClick(page.queue_view, Qt.Key.Key_Down)
    assert page.current == items[3]
    qtbot.keyClick(page.queue_view, Qt.Key.Key_Up)
    assert page.current == items[2]
    # A takes 평가자A's grade
    rec = page.model.record(items[2])
    with _wait_results(qtbot, state):
        qtbot.keyClick(page.queue_view, Qt.Key.Key_A)
    res = state.resolutions.set_index([s.QID, s.PID])[s.GRADE]
    assert int(res.loc[items[2]]) == int(rec[grade_column(A)])
    assert len(state.resolutions) == 3


def test_arrow_keys_on_a_focused_combo_box_choose_in_it_not_in_the_queue(page, qtbot, state):
    """Up and Down move through the queue, but a keyboard user on the rule's
    combo box moves through its rules: the page's shortcuts leave it the arrows."""
    from PySide6.QtTest import QTest

    combo = page.policy_combo
    assert combo.isVisible() and combo.isEnabled()
    item = page.current
    combo.setFocus()
    start = combo.currentIndex()
    QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == start + 1
    assert state.settings.resolution == combo.itemData(start + 1)
    QTest.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentIndex() == start
    assert page.current == item  # the queue did not move
    page.queue_view.setFocus()
    qtbot.keyClick(page.queue_view, Qt.Key.Key_Down)
    assert page.current != item  # there, the arrows still move through it


def test_typing_a_reason_does_not_resolve(page, qtbot, state):
    page.reason_edit.setFocus()
    qtbot.keyClicks(page.reason_edit, "A 2 B")
    assert page.reason_edit.text() == "A 2 B"
    assert state.resolutions.empty


# -- policy ---------------------------------------------------------------------------


def test_policy_change_changes_the_grades(page, qtbot, state, demo):
    queue = disagreements(demo[0].judgments)
    items = list(zip(queue[s.QID], queue[s.PID]))
    a_grades = dict(zip(items, queue[grade_column(A)].astype(int)))
    b_grades = dict(zip(items, queue[grade_column(B)].astype(int)))

    with qtbot.waitSignals([state.results_changed, page.updated], timeout=TIMEOUT):
        page.set_policy("max")
    assert state.settings.resolution == "max"
    assert "highest" in page.policy_sentence.text()
    for it in items:
        assert _qrel(state.results, it) == max(a_grades[it], b_grades[it])
    used = page.model.columnCount() - 1
    assert page.model.index(0, used).data(Qt.ItemDataRole.UserRole + 1) == max(
        a_grades[items[0]], b_grades[items[0]]
    )

    assert not page.adjudicator_combo.isEnabled()
    with qtbot.waitSignals([state.results_changed, page.updated], timeout=TIMEOUT):
        page.set_policy("assessor", B)
    assert (state.settings.resolution, state.settings.adjudicator) == ("assessor", B)
    assert page.adjudicator_combo.isEnabled()
    assert B in page.policy_sentence.text()
    for it in items:
        assert _qrel(state.results, it) == b_grades[it]

    # a hand resolution still wins over the policy
    item = page.current
    with _wait_results(qtbot, state):
        page.resolve_current(a_grades[item])
    assert _qrel(state.results, item) == a_grades[item] != b_grades[item]


def test_a_resolution_made_while_the_page_computes_is_kept(page, qtbot, state, monkeypatch):
    """The user picks another policy (the queue is computed again in the
    background) and, before that answer comes, resolves the item in front of
    them: the late answer must not bring back the grade from before."""
    import threading

    from PySide6.QtTest import QTest

    from workbench.ui.views import agreement as agreement_view

    go = threading.Event()
    real = agreement_view.agreement_data

    def held_back(*args, **kwargs):
        assert go.wait(TIMEOUT / 1000)
        return real(*args, **kwargs)

    monkeypatch.setattr(agreement_view, "agreement_data", held_back)
    combo = page.policy_combo
    # another policy, the list's last (the page's own arrow keys move through the
    # queue): the queue is computed again, and that answer is held back
    assert combo.isVisible() and combo.isEnabled()
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: state.settings.resolution == "assessor", timeout=TIMEOUT)
    item = page.current
    chosen = 3 if page.model.grade_used(item) != 3 else 1
    button = page.grade_buttons[chosen]
    assert button.isVisible() and button.isEnabled()
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    go.set()  # the answer computed before the resolution arrives now
    # (the answer is of the new policy: the data before it were of the old one)
    qtbot.waitUntil(lambda: page.data.policy == "assessor", timeout=TIMEOUT)
    assert page.data.grade_used(item) == chosen
    assert page.model.grade_used(item) == chosen


# -- fewer than two assessors, language --------------------------------------------------


def test_one_assessor_gets_an_explanation(qtbot, state, demo):
    js = demo[0]
    one = js.judgments[js.judgments[s.ASSESSOR] == A].reset_index(drop=True)
    page = AgreementPage(state)
    qtbot.addWidget(page)
    with qtbot.waitSignal(page.updated, timeout=TIMEOUT):
        state.set_judgments(JudgmentSet(one, js.questions, js.passages))
    assert page.stack.currentIndex() == 0
    assert "Only one assessor" in page.empty_label.text() and A in page.empty_label.text()

    unnamed = one.assign(**{s.ASSESSOR: ""})
    with qtbot.waitSignal(page.updated, timeout=TIMEOUT):
        state.set_judgments(JudgmentSet(unnamed, js.questions, js.passages))
    assert page.stack.currentIndex() == 0
    assert "names no assessors" in page.empty_label.text()
    page.runner.wait()


def test_no_judgments_explains_what_to_open(qtbot, state):
    page = AgreementPage(state)
    qtbot.addWidget(page)
    assert page.stack.currentIndex() == 0
    assert "Open a judgments file" in page.empty_label.text()


def test_language_change_retranslates_grade_labels(page):
    from workbench.ui import i18n

    try:
        i18n.install_language("ko")
        QApplication.sendEvent(page, QEvent(QEvent.Type.LanguageChange))
        assert page.grade_buttons[3].text() == grades.chip_text(3, "ko") == "3 직접 근거"
        assert "(상당)" in page.stats_table.item(0, 3).text()
    finally:
        i18n.install_language("en")
        QApplication.sendEvent(page, QEvent(QEvent.Type.LanguageChange))
    assert page.grade_buttons[3].text() == "3 direct evidence"
    assert "(substantial)" in page.stats_table.item(0, 3).text()


def test_model_handles_an_assessor_who_skipped_an_item():
    import pandas as pd

    frame = pd.DataFrame(
        {
            s.QID: ["q1", "q1", "q1", "q1", "q1"],
            s.PID: ["p1", "p1", "p1", "p2", "p2"],
            s.GRADE: [0, 3, 1, 2, 0],
            s.ASSESSOR: ["a", "b", "c", "a", "b"],
            s.ROLE: "",
            s.GROUP: "",
            s.NOTE: "",
            s.ROW: range(5),
        }
    )
    model = DisagreementModel()
    model.set_agreement(agreement_data(frame, frame.iloc[0:0], "median", None))
    assert model.rowCount() == 2 and model.columnCount() == 3 + 3 + 2
    row = model.row_of(("q1", "p2"))
    c_col = 3 + 2
    assert model.index(row, c_col).data() == "–"
    assert model.index(row, c_col).data(Qt.ItemDataRole.UserRole + 1) is None
    model.set_cell(("a", "c", 0, 1))
    assert [model.item(r) for r in range(model.rowCount())] == [("q1", "p1")]
    assert not math.isnan(model.grade_used(("q1", "p1")))


# -- rankings per assessor -------------------------------------------------------------


@pytest.mark.parametrize("reversed_by_b", [True, False])
def test_the_page_says_whether_the_winner_depends_on_who_judged(qtbot, state, reversed_by_b):
    from tests.core._by_assessor_fixture import judgments, runs
    from workbench.core.model.schema import RunSet
    from workbench.ui import i18n

    page = AgreementPage(state)
    qtbot.addWidget(page)
    page.resize(1400, 900)
    page.show()
    box = page.by_assessor_box
    state.study.set_judgments(JudgmentSet(judgments(reversed_by_b)))
    with qtbot.waitSignal(box.updated, timeout=TIMEOUT):
        state.add_runs(RunSet(runs()))
    assert box.isVisible()
    rows = box.shown_rows()
    # nDCG@10 with one relevant passage at place i is 1 / log2(i + 1): 1.000, 0.631, 0.500
    assert rows[0] == ["Resolved grades", "1", "GraphRAG 1.000 > Hybrid 0.631 > BM25 0.500", ""]
    assert [r[0] for r in rows[1:]] == [
        "A's grades alone",
        "B's grades alone",
        "C's grades alone",
    ]
    assert rows[1][3] == "1.00" and rows[3][3] == "1.00"
    if reversed_by_b:
        # B finds only b relevant: Hybrid has it first; τ-b by hand = 0 (see the core test)
        assert rows[2][2] == "Hybrid 1.000 > GraphRAG 0.631 > BM25 0.631"
        assert rows[2][3] == "0.00"
        assert box.sentence.text() == (
            "With assessor B's grades alone, Hybrid comes first (nDCG@10 1.00 vs GraphRAG 0.63)."
        )
    else:
        assert rows[2][2].startswith("GraphRAG 1.000 > Hybrid")
        assert rows[2][3] == "1.00"
        assert box.sentence.text() == "Whoever judges, GraphRAG comes first."
    try:
        i18n.install_language("ko")
        QApplication.sendEvent(box, QEvent(QEvent.Type.LanguageChange))
        expected = (
            "평가자 B의 판정만 쓰면 Hybrid가 1위입니다 (nDCG@10 1.00 대 GraphRAG 0.63)."
            if reversed_by_b
            else "평가자를 바꿔도 1위는 GraphRAG입니다."
        )
        assert box.sentence.text() == expected
        assert box.table.horizontalHeaderItem(2).text() != "Systems, best first"
    finally:
        i18n.install_language("en")
        QApplication.sendEvent(box, QEvent(QEvent.Type.LanguageChange))
    page.runner.wait()
    box.runner.wait()


# -- each assessor's standard ----------------------------------------------------------


def test_the_page_shows_each_assessors_standard_and_the_intervals(page, qtbot, demo):
    from workbench.core.measures.agreement_intervals import assessor_standards
    from workbench.ui import i18n

    box = page.standards_box
    qtbot.waitUntil(lambda: box.standards is not None, timeout=TIMEOUT)
    assert box.isVisible()
    judgments = demo[0].judgments
    # by hand from the judgments: each assessor's first grade of an item counts
    first = judgments.drop_duplicates([s.QID, s.PID, s.ASSESSOR])
    rows = box.assessor_rows()
    header = [box.table.horizontalHeaderItem(c).text() for c in range(box.table.columnCount())]
    assert header == ["", A, B]
    assert [r[0] for r in rows] == ["Items judged", "Mean grade"] + [
        grades.chip_text(g, "en") for g in range(4)
    ]
    for column, name in enumerate((A, B), start=1):
        own = first[first[s.ASSESSOR] == name][s.GRADE].astype(int)
        assert rows[0][column] == str(len(own))
        assert rows[1][column] == f"{own.mean():.2f}"
        for g in range(4):
            count = int((own == g).sum())
            assert rows[2 + g][column] == f"{count} ({100 * count / len(own):.0f}%)"
    assert grades.definition(2, "en") in box.table.item(4, 0).toolTip()
    # the intervals: the core's, seeded with the default seed, stated beside them
    expected = assessor_standards(judgments)
    (pair,) = expected.pairs
    k_ci = pair.kappa_quadratic_ci
    assert box.interval_rows() == [
        f"Weighted κ (quadratic), {A} – {B}: {pair.kappa_quadratic:.3f}, 95% interval "
        f"{k_ci.low:.3f} – {k_ci.high:.3f} — {k_ci.reading('kappa_quadratic', 'en')}",
        f"Krippendorff's α (ordinal), all assessors: {expected.alpha_ordinal:.3f}, 95% interval "
        f"{expected.alpha_ci.text()} — {expected.alpha_ci.reading('alpha', 'en')}",
    ]
    assert box.intervals.text() == "\n".join(box.interval_rows())
    assert box.sentences.text() == pair.sentence("en")
    assert "seed 20261129" in box.note.text() and "1000 times" in box.note.text()
    try:
        i18n.install_language("ko")
        QApplication.sendEvent(box, QEvent(QEvent.Type.LanguageChange))
        assert box.title() == "평가자별 기준"
        assert box.sentences.text() == pair.sentence("ko")
        assert box.interval_rows()[1].endswith(expected.alpha_ci.reading("alpha", "ko"))
        assert "시드는 20261129" in box.note.text()
    finally:
        i18n.install_language("en")
        QApplication.sendEvent(box, QEvent(QEvent.Type.LanguageChange))


def test_many_assessors_keep_the_standard_box_within_the_page(qtbot, state):
    import pandas as pd

    from workbench.ui.views.standards_box import PAIRS_SHOWN

    # eight assessors on the same 12 passages: 28 pairs, H one grade more than the rest
    names = [f"평가자{c}" for c in "ABCDEFGH"]
    rows = []
    for i in range(12):
        for name in names:
            grade = min(3, i % 3 + (1 if name == "평가자H" else 0))
            rows.append(("Q1", f"P{i:02d}", grade, name, "", "", "", len(rows) + 2))
    judgments = pd.DataFrame(rows, columns=s.JUDGMENT_COLUMNS)
    page = AgreementPage(state)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    box = page.standards_box
    with qtbot.waitSignal(box.updated, timeout=TIMEOUT):
        state.set_judgments(JudgmentSet(judgments))
    assert box.isVisible() and len(box.standards.pairs) == 28
    lines = box.sentences.text().split("\n")
    assert len(lines) == PAIRS_SHOWN + 1
    # the pairs with H, where a difference can be said, come first
    assert all("평가자H grades more generously" in line for line in lines[:PAIRS_SHOWN])
    assert "22 more pairs" in lines[-1]
    assert len(box.interval_rows()) == PAIRS_SHOWN + 1  # and α
    # nine columns do not widen the page: the table scrolls sideways instead
    assert box.table.columnCount() == 9
    assert box.table.width() <= box.fontMetrics().averageCharWidth() * 80 + 2
    assert box.table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOn
    assert page.width() == 1200
    page.runner.wait()
    box.runner.wait()


def test_the_standards_follow_the_grades_not_the_policy(page, qtbot, state):
    box = page.standards_box
    qtbot.waitUntil(lambda: box.standards is not None, timeout=TIMEOUT)
    shown = box.standards
    # a policy decides which grade counts, not what each assessor gave: no new resampling
    with qtbot.assertNotEmitted(box.updated, wait=300):
        with qtbot.waitSignals([state.results_changed, page.updated], timeout=TIMEOUT):
            page.set_policy("max")
    assert box.standards is shown
    page.runner.wait()
