"""The Judging page on the demo: a pool for one assessor, judged with the keys,
blind (no system name, rank or score anywhere on the page), undoable, resumed
after reopening the project, and its grades reach the scores and the
Agreement page."""

from __future__ import annotations

import shutil

import openpyxl
import pytest
from _gestures import (
    FilePicks,
    fill_new_pool,
    go_to,
    name_dialog_answer,
    press,
    shortcut,
    type_key,
)
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTextBrowser,
    QWidget,
)

from workbench.core.model import schema as s
from workbench.core.protocol.pool import CANNOT, judged_by, pool_progress
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000
JUDGE = "평가자C"


@pytest.fixture
def folder(tmp_path, demo_files):
    study = tmp_path / "연구 자료"
    study.mkdir()
    for path in demo_files.values():
        shutil.copy(path, study / path.name)
    return study


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    return window


def _settled(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.state.results is not None and not window.busy.busy, timeout=TIMEOUT
    )


def _load(qtbot, window: MainWindow, folder) -> None:
    """The demo, opened from the Start page (the files ``folder`` holds)."""
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        press(window.start_page.buttons["demo"])
    _settled(qtbot, window)


def _texts_on(widget: QWidget) -> list[str]:
    """Every text a user can see or hover on ``widget`` and its children."""
    out = [widget.toolTip(), widget.statusTip(), widget.whatsThis()]
    for child in [widget, *widget.findChildren(QWidget)]:
        out += [child.toolTip(), child.statusTip(), child.accessibleName()]
        if isinstance(child, QLabel) and QtGui.Qt.mightBeRichText(child.text()):
            doc = QTextDocument()
            doc.setHtml(child.text())
            out.append(doc.toPlainText())  # what is shown, not the markup's colours
        elif isinstance(child, QLabel | QAbstractButton):
            out.append(child.text())
        if isinstance(child, QLineEdit):
            out += [child.text(), child.placeholderText()]
        if isinstance(child, QTextBrowser | QPlainTextEdit):
            out.append(child.toPlainText())
        if isinstance(child, QComboBox):
            out += [child.itemText(i) for i in range(child.count())]
            out += [
                str(child.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")
                for i in range(child.count())
            ]
        if isinstance(child, QListWidget):
            out += [child.item(i).text() for i in range(child.count())]
    return out


def _assert_blind(window: MainWindow, page, judge: str = JUDGE) -> None:
    systems = window.state.study.systems
    shown = _texts_on(page) + [window.windowTitle(), window.statusBar().currentMessage()]
    shown += [a.toolTip() for a in page.actions()]
    blob = "\n".join(t for t in shown if t)
    for name in systems:
        assert name not in blob, name
    # nor the current passage's ranks and scores in any run
    if page.current is not None:
        q, p = page.current
        runs = window.state.study.runs()
        rows = runs[(runs[s.QID] == q) & (runs[s.PID] == p)]
        for rank in rows[s.RANK].dropna().astype(int):
            for shown_rank in (f"#{rank}", f"{rank}위", f"rank {rank}", f"순위 {rank}"):
                assert shown_rank not in blob, shown_rank
        for score in rows[s.SCORE].dropna():
            for shown_score in (f"{score:.3f}", f"{score:.2f}", str(score)):
                assert shown_score not in blob, shown_score
    # no other assessor's grade: the other assessors are never even named
    for other in window.state.study.assessors:
        if other != judge:
            assert other not in blob, other


def test_judging_a_pool_blind_with_keys_undo_and_resume_after_reopening(
    qtbot, folder, monkeypatch, modals
):
    window = _window(qtbot)
    _load(qtbot, window, folder)
    state = window.state
    before = state.results.aggregates["Judged@10"].to_dict()
    page = go_to(qtbot, window, "judging")
    # 평가자A graded every passage the demo pooled: their pool is what nobody judged
    judge = "평가자A"
    questions = sorted(state.study.runs()[s.QID].unique())
    modals.expect("assessorNameDialog", name_dialog_answer(JUDGE))  # asked before a first pool
    modals.expect("NewPoolDialog", lambda d: fill_new_pool(d, judge, 10, None, questions))
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        press(page.new_button)
    pool = page.pool()
    assert pool is not None and pool.assessor == judge
    # the union of every system's top 10, less what 평가자A graded
    ranking = state.results.ranking
    top = ranking[ranking["position"] <= 10]
    union = set(zip(top[s.QID].astype(str), top[s.PID].astype(str)))
    assert set(pool.items) == union - judged_by(state.study, judge)
    assert 0 < len(pool.items) < len(union)
    first = page.current
    assert first == pool.items[0]
    _assert_blind(window, page, judge)

    # three grades with the keys, one "cannot judge", one undone
    page.passage_view.setFocus()
    judged = []
    for key, grade in ((Qt.Key.Key_3, 3), (Qt.Key.Key_0, 0), (Qt.Key.Key_2, 2)):
        item = page.current
        with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
            type_key(window, page.passage_view, key)
        judged.append((item, grade))
        assert page.current != item
    cannot_item = page.current
    type_key(window, page.passage_view, Qt.Key.Key_X)
    assert page.reason_row.isVisible()
    # typed as text (QTest types ASCII only); Return confirms as a user would
    page.reason_edit.setText("본문이 잘려 있음")
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        qtbot.keyClick(page.reason_edit, Qt.Key.Key_Return)
    mark = page.pool().mark(cannot_item)
    assert mark is not None and mark.state == CANNOT and mark.reason == "본문이 잘려 있음"
    later_item = page.current
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        type_key(window, page.passage_view, Qt.Key.Key_L)
    assert page.current != later_item
    # Backspace takes back the last step (the "later"), Ctrl+Z the one before ("cannot")
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        type_key(window, page.passage_view, Qt.Key.Key_Backspace)
    assert page.current == later_item and page.pool().mark(later_item) is None
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        type_key(window, page.passage_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.current == cannot_item and page.pool().mark(cannot_item) is None
    # mark it again, so the project keeps one "cannot judge"
    page.ask_cannot()
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        page.confirm_cannot("출처가 불분명")
    resume_at = page.current
    assert resume_at not in (cannot_item, *(i for i, _g in judged))
    progress = page.overall_text.text()
    assert progress.startswith("4 of ")
    _assert_blind(window, page, judge)

    # the grades are the study's: the scores and the Agreement page have them
    _settled(qtbot, window)
    assert set(pool.items) & judged_by(state.study, judge) == {i for i, _g in judged}
    qrels = state.results.qrels
    for (q, p), grade in judged:
        hit = qrels[(qrels[s.QID] == q) & (qrels[s.PID] == p)]
        assert hit[s.GRADE].tolist() == [grade]
    after = state.results.aggregates["Judged@10"].to_dict()
    assert sum(after.values()) > sum(before.values())
    agreement = window.page("agreement")
    go_to(qtbot, window, "agreement")  # counted when the page is looked at
    qtbot.waitUntil(
        lambda: (
            agreement.data is not None
            and all(agreement.data.grade_used(item) == grade for item, grade in judged)
        ),
        timeout=TIMEOUT,
    )
    qtbot.waitUntil(
        lambda: (
            agreement.pool_box.effect is not None
            and agreement.pool_box.effect.judged_after == pytest.approx(after)
        ),
        timeout=TIMEOUT,
    )
    effect = agreement.pool_box.effect
    assert dict(effect.assessors)[judge].graded == 3
    assert dict(effect.assessors)[judge].cannot == 1
    assert sum(effect.judged_before.values()) < sum(effect.judged_after.values())
    assert effect.judged_before == pytest.approx(before)
    assert "3 graded" in agreement.pool_box.summary.text()

    # close, reopen: judging goes on at the same passage
    project = folder / "판정.wbproj"
    picks = FilePicks(monkeypatch)
    picks.save.append(str(project))
    go_to(qtbot, window, "judging")
    shortcut(window, Qt.Key.Key_S)
    qtbot.waitUntil(project.exists, timeout=10000)
    window.state.runner.wait()
    window.close()
    again = _window(qtbot)
    picks.open.append(str(project))
    with qtbot.waitSignal(again.project_opened, timeout=TIMEOUT):
        shortcut(
            again,
            Qt.Key.Key_O,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    _settled(qtbot, again)
    page2 = again.page("judging")
    assert again.current_page_key() == "judging"
    assert page2.pool() is not None and page2.pool().assessor == judge
    assert page2.current == resume_at
    assert page2.overall_text.text() == progress
    assert page2.pool().mark(cannot_item).reason == "출처가 불분명"
    _assert_blind(again, page2, judge)


def test_undo_on_the_judging_page_never_takes_back_or_names_another_pages_edit(
    qtbot, folder, modals
):
    window = _window(qtbot)
    _load(qtbot, window, folder)
    state = window.state
    page = go_to(qtbot, window, "judging")
    modals.expect("assessorNameDialog", name_dialog_answer(JUDGE))  # asked before a first pool
    modals.expect("NewPoolDialog", lambda d: fill_new_pool(d, JUDGE, 3, 11, ["Q004"]))
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        press(page.new_button)
    state.rename_system("BM25", "키워드 검색")
    depth = state.undo_stack.count()
    page.undo()
    assert state.undo_stack.count() == depth and state.undo_stack.index() == depth
    assert "키워드" not in page.status.text() and "BM25" not in page.status.text()
    assert page.status.text()
    _assert_blind(window, page)


def test_the_pool_workbook_goes_out_and_comes_back_as_the_assessors_grades(
    qtbot, folder, tmp_path, monkeypatch, modals
):
    """On the demo opened from the Start page: the filled workbook joins the demo's
    study (it grades the demo's passages; closing the demo would lose the pool)."""
    window = _window(qtbot)
    _load(qtbot, window, folder)
    state = window.state
    page = go_to(qtbot, window, "judging")
    modals.expect("assessorNameDialog", name_dialog_answer(JUDGE))  # asked before a first pool
    modals.expect("NewPoolDialog", lambda d: fill_new_pool(d, JUDGE, 5, None, ["Q005", "Q006"]))
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        press(page.new_button)
    picks = FilePicks(monkeypatch)
    target = tmp_path / "판정풀_C.xlsx"
    picks.save.append(str(target))
    press(page.export_button)
    qtbot.waitUntil(lambda: "판정풀_C.xlsx" in page.status.text(), timeout=TIMEOUT)
    wb = openpyxl.load_workbook(target)
    ws = wb.worksheets[0]
    header = [c.value for c in ws[1]]
    grade_col = header.index("등급") + 1 if "등급" in header else header.index("grade") + 1
    for r in range(2, 5):
        ws.cell(row=r, column=grade_col, value=r - 1)
    filled = tmp_path / "판정풀_C_작성.xlsx"
    wb.save(filled)

    picks.open.append(str(filled))
    with qtbot.waitSignal(window.import_dialog_opened, timeout=TIMEOUT) as opened:
        press(page.read_button)
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    assert not dialog.needs_assessor()  # the workbook names its assessor
    with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    _settled(qtbot, window)
    assert len(state.study.judgment_sources) == 2
    graded = judged_by(state.study, JUDGE)
    assert len(graded) == 3
    assert pool_progress(page.pool(), graded).graded == 3
    assert page.overall_text.text().startswith("3 of ")


def test_the_manual_editor_changes_the_side_panel_and_the_chip_tooltips(qtbot, folder):
    window = _window(qtbot)
    _load(qtbot, window, folder)
    state = window.state
    page = window.page("judging")
    dialog = page.manual_dialog()
    dialog.definition_edits[3].setPlainText("질문에 그대로 답하는 문단")
    dialog.example_edits[3].setPlainText("D012-03\n직접 인용할 수 있는 예시 문장")
    dialog.theta_spin.setValue(2)
    dialog.theta_check.setChecked(False)
    page.apply_manual(dialog)
    manual = state.study.manual
    assert manual is not None and manual.rule(3).definition == "질문에 그대로 답하는 문단"
    assert [(e.passage_id, e.text) for e in manual.rule(3).examples] == [
        ("D012-03", ""),
        ("", "직접 인용할 수 있는 예시 문장"),
    ]
    assert manual.threshold == 2 and state.settings.threshold == 1
    assert "질문에 그대로 답하는 문단" in page.manual_panel.text()
    assert any(w.code == "manual_threshold_differs" for w in state.study.warnings())
    # the grade chips of Question review and the Agreement page explain with the manual
    review = window.page("questions")
    action = next(a for a in review._grade_actions if int(a.data()) == 3)
    assert action.toolTip() == "질문에 그대로 답하는 문단"
    agreement = window.page("agreement")
    assert agreement.model.grade_manual.rule(3).definition == "질문에 그대로 답하는 문단"
    button = agreement.grade_buttons[3]
    assert button.toolTip().endswith("질문에 그대로 답하는 문단")
    # undoable like every edit
    state.undo_stack.undo()
    assert state.study.manual is None


def test_a_pool_of_the_passages_that_decide_the_comparisons(qtbot, folder):
    """The button makes a blind pool of the N unjudged passages that weigh most on
    the comparisons not yet decided (next_to_judge on the Compare page's default
    measures, every pair of systems), undoably; graded, they reach the Compare page."""
    from _gestures import type_into

    from workbench.core.measures.chart_data import default_metrics
    from workbench.core.measures.decisive import all_pairs, baseline_pairs, decide, next_to_judge
    from workbench.core.protocol.pool import passage_results
    from workbench.ui import settings as ui_settings

    ui_settings.Settings().assessor_name = JUDGE
    window = _window(qtbot)
    _load(qtbot, window, folder)
    state = window.state
    page = go_to(qtbot, window, "judging")
    results = state.results
    heaviest = next_to_judge(
        passage_results(state.study, results), all_pairs(results.systems), default_metrics(results)
    )
    mine = judged_by(state.study, JUDGE)
    ranked = [
        item
        for item in zip(heaviest[s.QID].astype(str), heaviest[s.PID].astype(str))
        if item not in mine
    ]
    n = 12
    assert len(ranked) > n  # the demo has more than n passages that matter
    assert page.next_button.text() == "20 passages that decide the comparisons"
    type_into(page.next_spin, str(n))
    assert page.next_button.text() == f"{n} passages that decide the comparisons"
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        press(page.next_button)
    pool = page.pool()
    assert pool is not None and pool.assessor == JUDGE and len(pool.items) == n
    assert set(pool.items) == set(ranked[:n])
    weight = dict(zip(zip(heaviest[s.QID], heaviest[s.PID]), heaviest["weight"]))
    assert min(weight[i] for i in pool.items) >= max(weight[i] for i in ranked[n:])
    _assert_blind(window, page)

    # graded (every one relevant), the Compare page recomputes on the new scores
    compare = window.page("compare")
    page.passage_view.setFocus()
    for _ in range(n):
        with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
            type_key(window, page.passage_view, Qt.Key.Key_3)
    assert set(pool.items) <= judged_by(state.study, JUDGE)
    _settled(qtbot, window)
    go_to(qtbot, window, "compare")
    qtbot.waitUntil(
        lambda: compare.results is state.results and len(compare.decisions) > 0, timeout=TIMEOUT
    )
    after = state.results
    pairs, metrics = baseline_pairs(after.systems, compare.baseline()), compare.chosen_metrics()
    want = decide(after, pairs, metrics)
    # the grades moved the comparisons (else the page's old answer would pass)
    old = decide(results, pairs, metrics)
    assert want["holes_that_matter"].sum() < old["holes_that_matter"].sum()
    qtbot.waitUntil(
        lambda: compare.decisions["holes_that_matter"].tolist()
        == want["holes_that_matter"].tolist(),
        timeout=TIMEOUT,
    )
