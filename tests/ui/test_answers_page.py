"""The Answers page on the demo: rate with keys, undo, blind mode without a system
name anywhere, the report with the rating, the import preview, the raters'
resolution and the rubric editor."""

from __future__ import annotations

import re

import pytest
from _gestures import FilePicks, press, save_new_project
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QTableView,
    QTableWidget,
    QTabWidget,
    QTextBrowser,
    QWidget,
)

from workbench.core.model import schema as S
from workbench.core.protocol import answers as A
from workbench.ui import dialogs
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000
RATER = "테스트 평가자"
SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")


@pytest.fixture
def window(qtbot):
    settings = Settings()
    settings.assessor_name = RATER
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=5000)
    with qtbot.waitSignal(w.sources_loaded, timeout=TIMEOUT):
        w.open_demo()
    page = w.page("answers")
    w.show_page("answers")
    qtbot.waitUntil(lambda: page.report is not None and page.index is not None, timeout=TIMEOUT)
    yield w
    _settle(w)


def _settle(w) -> None:
    """Let the page's pending recomputation start and every worker finish before
    the window goes (a worker finishing after its window would emit into nothing)."""
    w.page("answers")._timer.stop()
    w.state.runner.wait()
    w.runner.wait()
    w._autosave_timer.stop()


def _mine(state, qid, key, criterion):
    r = A.ratings_in_force(state.study)
    hit = r[
        (r[S.QID] == qid)
        & (r[S.SYSTEM] == key)
        & (r[S.ASSESSOR] == RATER)
        & (r[A.CRITERION] == criterion)
    ]
    return hit[A.SCORE].tolist()


def test_rate_an_answer_with_keys_and_undo(qtbot, window):
    page = window.page("answers")
    review = page.review
    assert review.current_qid  # the worst question is open
    qid = review.current_qid
    first = review._visible_columns()[0]
    criterion = first.rows[0].criterion.key
    review.area.setFocus()
    qtbot.keyClick(review.area, Qt.Key.Key_2)
    assert _mine(window.state, qid, first.key, criterion) == [2]
    assert first.rows[0].buttons[2].isChecked()
    assert first.rows[0].level_label.text().startswith("2 — ")
    # the cursor moved on: the next key rates the next criterion
    qtbot.keyClick(review.area, Qt.Key.Key_3)
    second = first.rows[1].criterion.key
    assert _mine(window.state, qid, first.key, second) == [3]
    # Down / Right move the cursor between criteria and answers
    qtbot.keyClick(review.area, Qt.Key.Key_Right)
    qtbot.keyClick(review.area, Qt.Key.Key_0)
    other = review._visible_columns()[1]
    assert _mine(window.state, qid, other.key, other.rows[review.cursor_row - 1].criterion.key) == [
        0
    ]
    # undo, the study's one stack
    assert window.state.undo_stack.count() == 3
    review.undo_button.click()
    assert _mine(window.state, qid, other.key, other.rows[0].criterion.key) == []
    window.state.undo_action.trigger()
    assert _mine(window.state, qid, first.key, second) == []
    assert _mine(window.state, qid, first.key, criterion) == [2]
    review.redo_button.click()
    assert _mine(window.state, qid, first.key, second) == [3]
    # and the list follows: the mean rating of the question comes back from the worker
    with qtbot.waitSignal(page.report_ready, timeout=TIMEOUT):
        qtbot.keyClick(review.area, Qt.Key.Key_Delete)


def _texts_of(page: QWidget) -> list[str]:
    """Every text the page shows or would show on hover: labels, buttons, tooltips,
    tab names, combo items, table headers and cells, text views, window titles."""
    out = [page.window().windowTitle()]
    for w in [page, *page.findChildren(QWidget)]:
        if not w.isVisibleTo(page.window()):
            continue
        out.append(w.toolTip())
        out.append(w.windowTitle())
        if isinstance(w, QLabel):
            out.append(re.sub("<[^>]+>", " ", w.text()))
        if isinstance(w, QAbstractButton):
            out.append(w.text())
        if isinstance(w, QLineEdit):
            out += [w.text(), w.placeholderText()]
        if isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())] + [
                w.tabToolTip(i) for i in range(w.count())
            ]
        if isinstance(w, QTextBrowser):
            out.append(w.toPlainText())
        if isinstance(w, QTableView | QTableWidget):
            model = w.model()
            for c in range(model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    out.append(str(model.headerData(c, Qt.Orientation.Horizontal, role) or ""))
            for r in range(model.rowCount()):
                out.append(str(model.headerData(r, Qt.Orientation.Vertical) or ""))
                for c in range(model.columnCount()):
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        out.append(str(model.index(r, c).data(role) or ""))
    return [t for t in out if t]


def _named(texts: list[str]) -> list[str]:
    return [t for t in texts if any(name in t for name in SYSTEMS)]


def test_blind_mode_shows_no_system_name_anywhere(qtbot, window):
    page = window.page("answers")
    review = page.review
    assert _named(_texts_of(page))  # the check can fail: without blind mode names show
    page.blind_check.setChecked(True)
    assert page.blind
    for _ in range(3):
        # rate in blind mode (the undo text), read a citation, step questions
        review.area.setFocus()
        qtbot.keyClick(review.area, Qt.Key.Key_1)
        col = review._visible_columns()[0]
        answer = page.report.checks.answers
        cites = page.report.checks.citations
        mine = cites[(cites[S.QID] == review.current_qid) & (cites["key"] == col.key)]
        if len(mine):
            review.show_citation(col.key, mine.iloc[0][S.PID])
        leaks = _named(_texts_of(page))
        assert leaks == [], leaks
        undo = window.state.undo_stack.undoText()
        assert undo and not _named([undo]), undo
        assert not _named([window.state.undo_action.toolTip()])
        assert len(answer)
        qtbot.keyClick(review.table, Qt.Key.Key_J)
    # the columns are shuffled per question, the same way every time
    orders = {q: A.blind_order(q, review.chosen) for q in ("Q001", "Q002", "Q003", "Q004")}
    assert len({tuple(o) for o in orders.values()}) > 1
    assert orders["Q001"] == A.blind_order("Q001", review.chosen)
    review.open_question("Q002")
    assert [c.key for c in review._visible_columns()] == orders["Q002"]
    assert [c.header.text() for c in review._visible_columns()][:2] == ["Answer A", "Answer B"]
    # results and raters wait until blind mode is off
    assert not page.tabs.isTabEnabled(1) and not page.tabs.isTabEnabled(2)
    page.blind_check.setChecked(False)
    assert page.tabs.isTabEnabled(1)
    assert [c.header.text() for c in review._visible_columns()] == list(review.chosen)


def test_export_the_report_and_find_the_rating(qtbot, window, tmp_path, monkeypatch):
    page = window.page("answers")
    review = page.review
    review.open_question("Q041")  # nobody rated it in the demo
    col = review._visible_columns()[0]
    review.area.setFocus()
    qtbot.keyClick(review.area, Qt.Key.Key_3)
    target = tmp_path / "보고서.xlsx"
    monkeypatch.setattr(dialogs, "get_save_file_name", lambda *a, **k: (str(target), ""))
    export = window.page("export")
    export.set_file_language("ko")
    assert export.sheet_boxes["answers"].isEnabled() and export.sheet_boxes["citations"].isEnabled()
    with qtbot.waitSignal(export.export_finished, timeout=TIMEOUT):
        assert export.export("report")
    wb = load_workbook(target, read_only=True)
    assert "답변 평가" in wb.sheetnames and "인용 점검" in wb.sheetnames
    rows = list(wb["답변 평가"].iter_rows(values_only=True))
    shown = A.system_names(window.state.study)[col.key]
    mine = [r for r in rows if r[:3] == ("Q041", shown, RATER)]
    assert mine and mine[0][3] == 3


def test_open_answers_through_the_preview_and_match_a_system(qtbot, window, tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "답변"
    ws.append(["질문번호", "시스템", "답변", "인용"])
    ws.append(["Q001", "graph rag", "새 시스템의 답 [D084-01]", ""])
    ws.append(["Q002", "새 방식", "답", "D001-01"])
    path = tmp_path / "new answers.xlsx"
    wb.save(path)
    page = window.page("answers")
    dialog = page.open_answers(str(path))
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    assert dialog.current_sheet().use == "answers"
    assert dialog.role_combo("질문번호").currentData() == S.QID
    with qtbot.waitSignal(dialog.loaded, timeout=TIMEOUT):
        press(dialog.load_button)
    # "graph rag" is GraphRAG by a loose match; "새 방식" matches no run
    assert dialog.names == {"graph rag": "GraphRAG", "새 방식": "새 방식"}
    assert dialog._system_combos["새 방식"].currentData() == ""
    dialog.choose_system("새 방식", "Hybrid")
    assert dialog.names["새 방식"] == "Hybrid"
    dialog.choose_system("새 방식", "")
    with qtbot.waitSignal(window.state.answers_changed, timeout=TIMEOUT):
        dialog.add_button.click()
    keys = window.state.study.answers.keys()
    assert "새 방식" in keys
    answers = A.answers_in_force(window.state.study)
    hit = answers[(answers[S.SYSTEM] == "GraphRAG") & (answers[S.QID] == "Q001")]
    assert hit[A.ANSWER_TEXT].tolist() == ["새 시스템의 답 [D084-01]"]  # the later file wins


def test_the_join_column_says_how_each_name_joined_the_systems(qtbot, window, tmp_path):
    """A file naming "BM25" and "bm25": both join BM25 (the second through the
    demo's answers), and neither is called unmatched; a hand choice says so."""
    path = tmp_path / "answers.csv"
    path.write_text(
        "질문ID,시스템,답변\nQ001,bm25,답 [D084-01]\nQ002,BM25,답\nQ003,그래프RAG,답\n",
        encoding="utf-8",
    )
    dialog = window.page("answers").open_answers(str(path))
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    with qtbot.waitSignal(dialog.loaded, timeout=TIMEOUT):
        press(dialog.load_button)
    assert dialog.names["bm25"] == "BM25" and dialog.names["BM25"] == "BM25"
    assert dialog.join_text("BM25") == "same name"
    assert dialog.join_text("bm25") == "similar name — please check"
    assert dialog.join_text("그래프RAG") == "no system results with this name"
    dialog.choose_system("그래프RAG", "GraphRAG")
    assert dialog.join_text("그래프RAG") == "chosen by hand"
    dialog.choose_system("그래프RAG", "")
    assert dialog.join_text("그래프RAG") == "no system results with this name"
    dialog.reject()


def test_a_bad_answers_file_keeps_the_preview_open_with_the_row(qtbot, window, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("질문ID,답변\nQ001,답\n,빈 질문\n", encoding="utf-8")
    dialog = window.page("answers").open_answers(str(path))
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    with qtbot.waitSignal(dialog.load_failed, timeout=TIMEOUT):
        press(dialog.load_button)
    rows = [p.row for p in dialog.problems() if p.is_error]
    assert 3 in rows
    assert dialog.isVisible() and dialog.result_file is None
    dialog.reject()


def test_resolve_a_disagreement_and_edit_the_rubric(qtbot, window):
    page = window.page("answers")
    page.tabs.setCurrentIndex(2)
    raters = page.raters
    qtbot.waitUntil(lambda: raters.queue.rowCount() > 0, timeout=TIMEOUT)
    item = raters.current_item()
    assert item is not None
    with qtbot.waitSignal(page.report_ready, timeout=TIMEOUT):
        assert raters.resolve(3)
    res = window.state.study.answers.resolutions
    assert res[[S.QID, S.SYSTEM, A.CRITERION]].apply(tuple, axis=1).tolist() == [item]
    assert res[A.SCORE].tolist() == [3] and res["by"].tolist() == [RATER]
    window.state.undo_action.trigger()
    assert not len(window.state.study.answers.resolutions)

    page.tabs.setCurrentIndex(3)
    rubric = page.rubric
    before = window.state.study.answers.rubric_in_force()
    rubric.table.item(0, 0).setText("출처 정확도")
    after = window.state.study.answers.rubric_in_force()
    assert (
        after.criteria[0].name == "출처 정확도" and after.criteria[0].key == before.criteria[0].key
    )
    assert window.state.undo_stack.undoText()
    window.state.undo_action.trigger()
    assert window.state.study.answers.rubric_in_force() == before
    rubric.phrases.setText("모르겠; 근거 없음")
    rubric.phrases.editingFinished.emit()
    assert window.state.study.answers.options.abstention_phrases == ("모르겠", "근거 없음")


def test_the_view_and_the_work_come_back_with_the_project(qtbot, window, tmp_path, monkeypatch):
    page = window.page("answers")
    review = page.review
    review.open_question("Q042")
    review.area.setFocus()
    qtbot.keyClick(review.area, Qt.Key.Key_1)
    press(page.blind_check)
    assert page.blind_check.isChecked()
    path = tmp_path / "p.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), path)
    ratings = A.ratings_in_force(window.state.study)

    other = MainWindow(settings=Settings())
    qtbot.addWidget(other)
    with qtbot.waitSignal(other.project_opened, timeout=TIMEOUT):
        other.open_project(path)
    again = other.page("answers")
    qtbot.waitUntil(lambda: again.report is not None, timeout=TIMEOUT)
    assert again.blind and again.review.current_qid == "Q042"
    back = A.ratings_in_force(other.state.study)
    assert len(back) == len(ratings)
    assert sorted(map(tuple, back[A.RATING_KEY].values.tolist())) == sorted(
        map(tuple, ratings[A.RATING_KEY].values.tolist())
    )
    _settle(other)


def test_an_answers_file_dropped_on_the_window_opens_in_the_answers_preview(
    qtbot, window, tmp_path
):
    """Dropped (or opened from the command line), a file of answers goes to the
    Answers page's preview, not to the judgments and runs preview."""
    from openpyxl import Workbook

    from workbench.ui.views.answer_import import AnswerImportDialog

    wb = Workbook()
    ws = wb.active
    ws.title = "답변 "
    ws.append(["질문번호", "시스템", "답변", "인용 "])
    ws.append(["Q001", "GraphRAG", "참사랑은 먼저 주는 마음입니다 [D012-03]", ""])
    path = tmp_path / "우리 답변.xlsx"
    wb.save(path)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=TIMEOUT) as opened:
        window.open_paths([str(path)])
    first = opened.args[0]
    page = window.page("answers")

    def answer_dialogs():
        return [d for d in page.findChildren(AnswerImportDialog) if d.isVisible()]

    qtbot.waitUntil(lambda: bool(answer_dialogs()), timeout=TIMEOUT)
    import shiboken6

    # the judgments and runs preview closed (and may be gone already)
    assert not (shiboken6.isValid(first) and first.isVisible())
    assert window.current_page_key() == "answers"
    dialog = answer_dialogs()[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    assert dialog.current_sheet().use == "answers"
    dialog.reject()
