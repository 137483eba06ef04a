"""One workbook per assessor: several judgments files opened at once, the assessor
proposed from each file name in the import preview (editable), merged, shown
together on the Agreement page and reopened with the project; an assessor who
grades an item differently in two files is stopped in the preview."""

from __future__ import annotations

import pytest
from _gestures import FilePicks, press, save_new_project

from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000


@pytest.fixture
def files(tmp_path):
    a = tmp_path / "평가자A.csv"
    b = tmp_path / "평가자B.csv"
    a.write_text("질문ID,문단ID,등급\nq1,p1,3\nq1,p2,0\nq2,p3,2\nq2,p4,1\n", encoding="utf-8")
    b.write_text("질문ID,문단ID,등급\nq1,p1,2\nq1,p2,0\nq2,p3,2\nq2,p4,3\n", encoding="utf-8")
    run = tmp_path / "run.csv"
    run.write_text("질문ID,문단ID,순위\nq1,p1,1\nq1,p2,2\nq2,p3,1\nq2,p4,2\n", encoding="utf-8")
    return a, b, run


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    return window


def _dialog(qtbot, window, opened):
    qtbot.waitUntil(lambda: bool(opened), timeout=TIMEOUT)
    dialog = opened.pop(0)
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    return dialog


def test_two_assessor_files_merge_with_names_from_the_file_names(
    qtbot, files, tmp_path, monkeypatch
):
    a, b, run = files
    window = _window(qtbot)
    opened = []
    window.import_dialog_opened.connect(opened.append)
    window.import_files([str(a), str(b)], "judgments")

    first = _dialog(qtbot, window, opened)
    assert first.needs_assessor() and first.assessor_edit.isVisible()
    assert first.assessor() == "평가자A"  # proposed from the file name
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(first.load_button)

    second = _dialog(qtbot, window, opened)
    assert second.assessor() == "평가자B"
    second.assessor_edit.setText("김목사")  # the user corrects the proposal
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(second.load_button)
    study = window.state.study
    assert [src.options.assessor for src in study.judgment_sources] == ["평가자A", "김목사"]
    assert study.assessors == ["김목사", "평가자A"]
    assert len(study.judgments_in_force()) == 8

    window.import_files([str(run)], "runs")
    runs_dialog = _dialog(qtbot, window, opened)
    press(runs_dialog.load_button)
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=TIMEOUT)
    agreement = window.page("agreement")
    qtbot.waitUntil(
        lambda: agreement.data is not None and len(agreement.data.summary.assessors) == 2,
        timeout=TIMEOUT,
    )
    pair = agreement.data.summary.pairs[0]
    assert (pair.a, pair.b, pair.n) == ("김목사", "평가자A", 4)
    assert pair.exact == pytest.approx(0.5)
    window.show_page("agreement")  # the table is drawn when the page is looked at
    assert agreement.model.rowCount() == 2  # q1/p1 and q2/p4 differ

    # the project reopens both files under the names given
    project = tmp_path / "두 평가자.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), project)
    again = _window(qtbot)
    with qtbot.waitSignal(again.project_opened, timeout=TIMEOUT):
        again.open_project(project)
    assert again.state.study.assessors == ["김목사", "평가자A"]
    assert len(again.state.study.judgment_sources) == 2


def test_an_assessor_grading_one_item_differently_in_two_files_is_stopped(qtbot, files, tmp_path):
    a, _b, _run = files
    again_a = tmp_path / "평가자A_수정.csv"
    again_a.write_text("질문ID,문단ID,등급\nq1,p1,1\n", encoding="utf-8")
    window = _window(qtbot)
    opened = []
    window.import_dialog_opened.connect(opened.append)
    window.import_files([str(a)], "judgments")
    first = _dialog(qtbot, window, opened)
    first.assessor_edit.setText("평가자A")
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(first.load_button)
    window.add_judgment_files([str(again_a)])
    second = _dialog(qtbot, window, opened)
    assert second.assessor() == "평가자A_수정"
    second.assessor_edit.setText("평가자A")  # the same person: a conflict with the first file
    with qtbot.waitSignal(second.load_failed, timeout=TIMEOUT):
        press(second.load_button)
    messages = [p.message("en") for p in second.problems() if p.is_error]
    assert any("평가자A.csv row 2: 3" in m and "평가자A_수정.csv row 2: 1" in m for m in messages)
    assert len(window.state.study.judgment_sources) == 1
    second.reject()
