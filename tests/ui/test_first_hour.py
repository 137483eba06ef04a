"""The first hour with one's own files, driven through the real window: the demo
and one's own files never mix; the import preview checks every row before Load
and offers what can be recovered; systems are renamed and the name is kept."""

from __future__ import annotations

import shutil

import pytest
from _gestures import FilePicks, save_new_project
from _newcomer_files import (
    N_JUDGMENTS,
    ROW_WITH_UNIT,
    judgments_workbook,
    runs_workbook,
)
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from workbench.core.model import schema as S
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings
from workbench.ui.views.import_dialog import ImportDialog

TIMEOUT = 60000


class Answers:
    """Stands in for QMessageBox.exec: clicks the button with the queued text."""

    def __init__(self) -> None:
        self.queue: dict[str, list[str]] = {}
        self.seen: list[str] = []

    def __call__(self, box: QMessageBox) -> int:
        self.seen.append(box.objectName())
        answer = self.queue[box.objectName()].pop(0)
        next(b for b in box.buttons() if b.text() == answer).click()
        return 0


@pytest.fixture
def answers(monkeypatch):
    a = Answers()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: a(box))
    return a


@pytest.fixture
def own(tmp_path):
    folder = tmp_path / "팀A"
    folder.mkdir()
    return {
        "judgments": judgments_workbook(folder / "판정.xlsx"),
        "runs": runs_workbook(folder / "runs.xlsx"),
    }


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    return window


def _demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        window.open_demo()
    _settled(qtbot, window)


def _settled(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.state.results is not None and not window.busy.busy, timeout=TIMEOUT
    )


def _checked(qtbot, dialog: ImportDialog) -> None:
    """Wait until the whole-file check ran with the choices now in force."""
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=TIMEOUT)


def _texts(dialog: ImportDialog) -> list[str]:
    return [dialog.problem_list.item(i).text() for i in range(dialog.problem_list.count())]


def _open_dialog(qtbot, window: MainWindow, path, kind: str) -> ImportDialog:
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as opened:
        window.import_files([str(path)], kind)
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    _checked(qtbot, dialog)
    return dialog


def _accept_conversions(qtbot, dialog: ImportDialog) -> None:
    dialog.conversion_check.setChecked(True)
    _checked(qtbot, dialog)


# -- 1. the demo and one's own files never mix -----------------------------------------------------
def test_own_files_after_the_demo_ask_once_and_start_a_clean_study(qtbot, own, answers):
    window = _window(qtbot)
    _demo(qtbot, window)
    state = window.state
    # the demo was looked at: a chart click chose questions, Compare marked the table
    window.show_questions(["Q001", "Q002", "Q003"])
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.banner_box.isVisible(), timeout=5000)
    assert review.model.ids is not None
    agreement = window.page("agreement")
    window.show_page("agreement")  # a page is drawn when it is looked at
    qtbot.waitUntil(lambda: agreement.model.rowCount() > 0, timeout=TIMEOUT)
    agreement.unresolved_check.setChecked(True)
    window.show_page("overview")

    answers.queue["closeDemo"] = ["Close the demo and open"]
    dialog = _open_dialog(qtbot, window, own["judgments"], "judgments")
    _accept_conversions(qtbot, dialog)
    # the judgments go into a clean study: no demo systems, nothing chosen on the demo
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000, raising=False):
        window.import_files([str(own["runs"])], "runs")  # queued behind the first dialog
        with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
            dialog.load_button.click()
    assert answers.seen == ["closeDemo"]
    assert state.systems == []
    assert [f.name for f in state.study.sources()] == ["판정.xlsx"]
    assert not review.banner_box.isVisible() and review.model.ids is None
    assert review.gold_table.rowCount() == 0
    assert state.comparisons is None
    assert not agreement.unresolved_check.isChecked() and agreement.model.cell is None

    runs_dialog = window.import_dialog
    qtbot.waitUntil(lambda: runs_dialog is not None and runs_dialog.preview is not None)
    _checked(qtbot, runs_dialog)
    with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
        runs_dialog.load_button.click()
    _settled(qtbot, window)
    # asked once; the team's BM25 and GraphRAG are themselves, not "BM25 (2)"
    assert answers.seen == ["closeDemo"]
    assert state.systems == ["BM25", "GraphRAG"]
    assert state.results.systems == ["BM25", "GraphRAG"]
    assert not [p for p in state.results.warnings if p.code == "system.renamed"]
    # any ▲/▼ compares the team's systems on the team's 27 questions, not the demo's
    marks = window.page("overview").comparisons
    if marks is not None:
        assert set(marks["baseline"]) | set(marks["system"]) <= {"BM25", "GraphRAG"}
        assert set(marks["n"]) <= {27}
    compare = window.page("compare")
    qtbot.waitUntil(lambda: compare.baseline_combo.count() == 2, timeout=TIMEOUT)
    assert compare.baseline() == "BM25"
    # the Question review lists the team's questions, every one of them (its list
    # is drawn when the page is looked at)
    window.show_page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    assert review.model.rowCount() == review.model.total() == 27
    # every systems list tells the file and the sheet
    assert "runs.xlsx, sheet GraphRAG" in review._system_boxes["GraphRAG"].toolTip()
    tip = compare.baseline_combo.itemData(1, Qt.ItemDataRole.ToolTipRole)
    assert "runs.xlsx, sheet GraphRAG" in tip and "팀A" in tip


def test_cancelling_the_question_keeps_the_demo_and_skips_the_rest(qtbot, own, answers):
    window = _window(qtbot)
    _demo(qtbot, window)
    answers.queue["closeDemo"] = ["Cancel"]
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as opened:
        window.import_files([str(own["judgments"]), str(own["runs"])], "auto")
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    _checked(qtbot, dialog)
    _accept_conversions(qtbot, dialog)
    dialog.load_button.click()
    qtbot.waitUntil(lambda: window.import_dialog is None, timeout=5000)
    assert answers.seen == ["closeDemo"]
    assert window.state.systems == ["BM25", "Vector", "Hybrid", "GraphRAG"]
    demo_files = ("judgments.xlsx", "runs.xlsx", "answers.xlsx", "ratings.xlsx")
    assert all(f.name in demo_files for f in window.state.study.sources())


def test_a_project_opened_after_the_demo_asks_too(qtbot, own, answers, tmp_path):
    from workbench.core.io import load_judgments, load_run
    from workbench.core.io.project import save_project
    from workbench.core.study import Study, read_options, study_to_project

    study = Study()
    options = read_options({"conversions": {"3점": 3}})
    study.set_judgments(load_judgments(own["judgments"], conversions={"3점": 3}), options)
    study.add_runs(load_run(own["runs"]))
    project = save_project(tmp_path / "팀A.wbproj", study_to_project(study))
    window = _window(qtbot)
    _demo(qtbot, window)
    answers.queue["closeDemo"] = ["Cancel", "Close the demo and open"]
    window.open_project(project)
    assert answers.seen == ["closeDemo"] and window.project_path is None
    with qtbot.waitSignal(window.project_opened, timeout=TIMEOUT):
        window.open_project(project)
    _settled(qtbot, window)
    assert answers.seen == ["closeDemo", "closeDemo"]
    assert window.state.systems == ["BM25", "GraphRAG"]
    assert window.project_path == project.resolve()


def test_a_new_judgments_file_asks_about_the_work_on_the_old_one(qtbot, own, answers, tmp_path):
    window = _window(qtbot)
    state = window.state
    for path, kind in ((own["judgments"], "judgments"), (own["runs"], "runs")):
        dialog = _open_dialog(qtbot, window, path, kind)
        if kind == "judgments":
            _accept_conversions(qtbot, dialog)
        with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
            dialog.load_button.click()
        qtbot.waitUntil(lambda: window.import_dialog is None, timeout=5000)
    _settled(qtbot, window)
    state.set_note("Q001", "다시 볼 것")
    window.show_questions(["Q001"])

    corrected = judgments_workbook(tmp_path / "판정_고침.xlsx", odd_grades={})
    answers.queue["replaceJudgments"] = ["Replace, keep my work"]
    dialog = _open_dialog(qtbot, window, corrected, "judgments")
    assert dialog.check.ok  # nothing to convert in the corrected copy
    with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
        dialog.load_button.click()
    assert answers.seen == ["replaceJudgments"]
    assert state.note("Q001") == "다시 볼 것"
    assert state.systems == ["BM25", "GraphRAG"]
    assert not window.page("questions").banner_box.isVisible()

    answers.queue["replaceJudgments"] = ["Replace and drop my work"]
    dialog = _open_dialog(qtbot, window, corrected, "judgments")
    with qtbot.waitSignal(state.data_changed, timeout=TIMEOUT):
        dialog.load_button.click()
    assert state.note("Q001") == ""
    _settled(qtbot, window)


# -- 2. the preview checks the whole file --------------------------------------------------------
def test_a_unit_in_row_57_is_found_before_load_and_loads_after_one_confirmation(qtbot, own):
    dialog = ImportDialog(own["judgments"], "judgments", settings=Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    _checked(qtbot, dialog)
    sheet = dialog.current_sheet()
    assert sheet.n_rows == N_JUDGMENTS and len(sheet.rows) == 50  # row 57 is not previewed
    # reported before Load, with its row, and counted
    hits = [t for t in _texts(dialog) if f"row {ROW_WITH_UNIT}" in t and "3점" in t]
    assert len(hits) == 1, _texts(dialog)
    assert "1 errors" in dialog.checks_label.text() and "whole file" in dialog.checks_label.text()
    # without a choice nothing is loaded
    with qtbot.waitSignal(dialog.load_failed, timeout=TIMEOUT):
        qtbot.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)
    assert dialog.result_set is None
    # the problem's row, beyond the first 50, is read into the preview and selected
    item = dialog.problem_list.item(_texts(dialog).index(hits[0]))
    with qtbot.waitSignal(dialog.rows_shown, timeout=TIMEOUT):
        dialog.problem_list.itemClicked.emit(item)
    selected = dialog.table.selectionModel().selectedRows()
    assert [dialog.table.verticalHeaderItem(i.row()).text() for i in selected] == ["57"]
    grade_col = dialog.current_sheet().headers.index("등급")
    assert dialog.table.item(selected[0].row(), grade_col).text() == "3점"
    # the conversion is offered, with the grade it plainly means, and taken once confirmed
    assert dialog.conversion_box.isVisible()
    assert dialog.conversion_combo("3점").currentData() == 3
    _accept_conversions(qtbot, dialog)
    assert dialog.check.ok
    with qtbot.waitSignal(dialog.accepted, timeout=TIMEOUT):
        qtbot.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)
    judgments = dialog.result_set.judgments
    assert len(judgments) == N_JUDGMENTS
    assert int(judgments.loc[judgments[S.ROW] == ROW_WITH_UNIT, S.GRADE].iloc[0]) == 3
    warned = [p for p in dialog.result_set.problems if p.code == "grade_converted"]
    assert len(warned) == 1 and warned[0].row == ROW_WITH_UNIT
    assert "'3점'" in warned[0].message_en and "57" in warned[0].message_en
    assert dialog.options["conversions"] == {"3점": 3}


def test_words_are_defined_by_the_user_and_other_rows_can_be_left_out(qtbot, tmp_path):
    path = judgments_workbook(tmp_path / "상중하.xlsx", odd_grades={10: "상", 11: "중", 20: "??"})
    dialog = ImportDialog(path, "judgments", settings=Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    _checked(qtbot, dialog)
    # words get no guess: the user says what they mean on the team's scale
    assert dialog.conversion_combo("상").currentData() is None
    assert not dialog.conversion_check.isEnabled()
    dialog.set_grade_for("상", 3)
    dialog.set_grade_for("중", 2)
    _accept_conversions(qtbot, dialog)
    assert not dialog.check.ok and dialog.check.error_rows == {"평가": [20]}
    assert dialog.skip_check.isVisible() and "20" in dialog.skip_check.text()
    dialog.skip_check.setChecked(True)
    _checked(qtbot, dialog)
    assert dialog.check.ok
    with qtbot.waitSignal(dialog.accepted, timeout=TIMEOUT):
        dialog.load_button.click()
    judgments = dialog.result_set.judgments
    assert len(judgments) == N_JUDGMENTS - 1 and 20 not in set(judgments[S.ROW])
    codes = [p.code for p in dialog.result_set.problems]
    assert codes.count("grade_converted") == 2 and codes.count("rows_left_out") == 1
    assert dialog.options["skip_rows"] == {"평가": [20]}


def test_go_to_any_row(qtbot, own):
    dialog = ImportDialog(own["judgments"], "judgments", settings=Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    dialog.goto_spin.setValue(200)
    with qtbot.waitSignal(dialog.rows_shown, timeout=TIMEOUT):
        dialog.goto_button.click()
    selected = dialog.table.selectionModel().selectedRows()
    assert [dialog.table.verticalHeaderItem(i.row()).text() for i in selected] == ["200"]
    assert "200" in dialog.rows_label.text() or "175" in dialog.rows_label.text()
    # back to a row among the first ones without reading again
    assert dialog.select_excel_row(5)
    selected = dialog.table.selectionModel().selectedRows()
    assert [dialog.table.verticalHeaderItem(i.row()).text() for i in selected] == ["5"]


def test_runs_are_checked_against_the_judgments_loaded(qtbot, own, tmp_path):
    window = _window(qtbot)
    dialog = _open_dialog(qtbot, window, own["judgments"], "judgments")
    _accept_conversions(qtbot, dialog)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        dialog.load_button.click()
    qtbot.waitUntil(lambda: window.import_dialog is None, timeout=5000)
    # a run with a question the judgments lack and one system missing a question
    runs = runs_workbook(tmp_path / "more.xlsx", questions=28, missing=5)
    dialog = _open_dialog(qtbot, window, runs, "runs")
    texts = _texts(dialog)
    assert any("GraphRAG" in t and "Q005" in t and "count as 0" in t for t in texts), texts
    assert any("Q028" in t and "not in the judgments" in t for t in texts), texts
    assert dialog.check.ok  # warnings only: Load takes the checked result
    dialog.reject()


# -- 3. renaming systems, where they come from ---------------------------------------------------
def test_rename_a_system_on_the_overview_and_reopen_the_project(
    qtbot, own, tmp_path, answers, monkeypatch
):
    window = _window(qtbot)
    for path, kind in ((own["judgments"], "judgments"), (own["runs"], "runs")):
        dialog = _open_dialog(qtbot, window, path, kind)
        if kind == "judgments":
            _accept_conversions(qtbot, dialog)
        with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
            dialog.load_button.click()
        qtbot.waitUntil(lambda: window.import_dialog is None, timeout=5000)
    _settled(qtbot, window)
    window.show_page("overview")
    overview = window.page("overview")
    view = overview.metrics_view
    row = overview.metrics_model.systems.index("GraphRAG")
    index = overview.metrics_proxy.mapFromSource(overview.metrics_model.index(row, 0))
    # the system's cell tells where it comes from
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert "runs.xlsx" in tip and "GraphRAG" in tip and "팀A" in tip
    view.doubleClicked.emit(index)
    dialog = overview.rename_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.edit.setText("BM25")  # taken: refused, and said why
    assert not dialog.rename_button.isEnabled()
    assert "Another system is already called BM25" in dialog.problem.text()
    dialog.edit.setText("  ")
    assert "needs a name" in dialog.problem.text()
    dialog.edit.setText("그래프 RAG")
    with qtbot.waitSignal(window.state.results_changed, timeout=TIMEOUT):
        dialog.rename_button.click()
    _settled(qtbot, window)
    assert window.state.systems == ["BM25", "그래프 RAG"]
    assert overview.metrics_model.systems == ["BM25", "그래프 RAG"]
    # Ctrl+Z takes it back, Ctrl+Shift+Z redoes it
    window.state.undo_stack.undo()
    assert window.state.systems == ["BM25", "GraphRAG"]
    window.state.undo_stack.redo()
    assert window.state.systems == ["BM25", "그래프 RAG"]

    project = tmp_path / "연구.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), project)
    again = _window(qtbot)
    with qtbot.waitSignal(again.project_opened, timeout=TIMEOUT):
        again.open_project(project)
    _settled(qtbot, again)
    assert again.state.systems == ["BM25", "그래프 RAG"]
    # the confirmed conversion came back with the file's mapping
    options = again.state.study.judgment_options
    assert dict(options.conversions) == {"3점": 3}
    js = again.state.judgment_set
    assert int(js.judgments.loc[js.judgments[S.ROW] == ROW_WITH_UNIT, S.GRADE].iloc[0]) == 3


def test_rename_from_the_start_page_and_two_runs_xlsx_told_apart(qtbot, own, tmp_path, answers):
    # the second file's systems have the same names: the user keeps both
    answers.queue["sameSystemNames"] = ["Keep both"]
    window = _window(qtbot)
    other = tmp_path / "팀B"
    other.mkdir()
    shutil.copy(own["runs"], other / "runs.xlsx")
    for path in (own["runs"], other / "runs.xlsx"):
        dialog = _open_dialog(qtbot, window, path, "runs")
        with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
            dialog.load_button.click()
        qtbot.waitUntil(lambda: window.import_dialog is None, timeout=5000)
    start = window.start_page
    window.show_page("start")
    assert window.state.systems == ["BM25", "GraphRAG", "BM25 (2)", "GraphRAG (2)"]
    assert answers.seen == ["sameSystemNames"]
    texts = [w.text() for w in start.loaded_box.findChildren(type(start.title))]
    assert any("runs.xlsx (팀A), sheet BM25" in t for t in texts), texts
    assert any("runs.xlsx (팀B), sheet BM25" in t for t in texts), texts
    label = start.loaded_box.findChild(type(start.title), "system:BM25 (2)")
    assert "팀B" in label.toolTip() and "another system has that name" in label.toolTip()
    start.rename_system("BM25 (2)")
    dialog = start.rename_dialog
    dialog.edit.setText("BM25 팀B")
    dialog.rename_button.click()
    assert window.state.systems == ["BM25", "GraphRAG", "BM25 팀B", "GraphRAG (2)"]
    qtbot.waitUntil(
        lambda: start.loaded_box.findChild(type(start.title), "system:BM25 팀B") is not None,
        timeout=5000,
    )
    window.state.runner.wait()


def test_the_stage_tables_follow_own_files_that_replace_the_demo(qtbot, own, answers):
    window = _window(qtbot)
    _demo(qtbot, window)
    page = window.page("systems")
    window.show_page("systems")
    qtbot.waitUntil(lambda: page.losses_table.rowCount() >= 1, timeout=TIMEOUT)

    def headers(table) -> list[str]:
        return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]

    assert "#Vector (top 10)" in headers(page.losses_table)  # the demo's pipeline
    window.show_page("overview")
    answers.queue["closeDemo"] = ["Close the demo and open"]
    dialog = _open_dialog(qtbot, window, own["judgments"], "judgments")
    _accept_conversions(qtbot, dialog)
    assert dialog.load_button.isVisible() and dialog.load_button.isEnabled()
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        QTest.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)
    runs = _open_dialog(qtbot, window, own["runs"], "runs")
    assert runs.load_button.isVisible() and runs.load_button.isEnabled()
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        QTest.mouseClick(runs.load_button, Qt.MouseButton.LeftButton)
    _settled(qtbot, window)
    assert window.state.systems == ["BM25", "GraphRAG"]
    window.show_page("systems")
    qtbot.waitUntil(lambda: not page._when_shown.pending, timeout=TIMEOUT)
    # the team's systems have no pipeline: no stage is shown, and no column names
    # the demo's Vector or Hybrid
    assert page.pipeline_combo.count() == 0
    shown = headers(page.losses_table) + headers(page.measures_table)
    assert not [h for h in shown if "Vector" in h or "Hybrid" in h], shown
