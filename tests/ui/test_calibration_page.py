"""A calibration round on the Judging page, on the demo: started with its button
(size and assessors in the dialog), one pool per assessor with the same passages,
judged with the grade buttons and a note, no score changed, the round's
agreement and split passages shown once an assessor has finished and a second
one has graded, and everything back after reopening the project."""

from __future__ import annotations

import openpyxl
import pandas as pd
from _gestures import FilePicks, choose_in_combo, go_to, press, shortcut, type_into
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from workbench.core.io.project import load_project
from workbench.core.protocol.calibration import rounds
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000
ME = "평가자C"
#: my grades and 평가자A's on the round's six passages, in judging order
MINE = [3, 2, 1, 0, 3, 2]
THEIRS = [3, 2, 1, 0, 0, 2]


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


def _when_modal(name: str, action) -> QTimer:
    """Act on the modal dialog called ``name`` as soon as it shows."""
    timer = QTimer()
    timer.setInterval(20)

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is not None and modal.objectName() == name and modal.isVisible():
            timer.stop()
            action(modal)

    timer.timeout.connect(look)
    timer.start()
    return timer


def _fill_round_dialog(dialog) -> None:
    names = [dialog.assessor_list.item(i).text() for i in range(dialog.assessor_list.count())]
    assert names[0] == ME and "평가자A" in names and "평가자B" in names
    # 평가자B sits this round out: unchecked as a person does, on the item's box
    row = names.index("평가자B")
    rect = dialog.assessor_list.visualItemRect(dialog.assessor_list.item(row))
    QTest.mouseClick(
        dialog.assessor_list.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(rect.left() + rect.height() // 2, rect.center().y()),  # on the check box
    )
    assert dialog.assessor_list.item(row).checkState() == Qt.CheckState.Unchecked
    type_into(dialog.size_spin.lineEdit(), "6")
    press(dialog.ok_button)


def _name(dialog) -> None:
    type_into(dialog.edit, ME)
    press(dialog.ok_button)


def _window_with_round(qtbot):
    """The demo loaded from the Start page, my name given at the bottom of the window,
    the round started with its button (me and 평가자A, 6 passages)."""
    window = _window(qtbot)
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        press(window.start_page.buttons["demo"])
    _settled(qtbot, window)
    timer = _when_modal("assessorNameDialog", _name)
    press(window.assessor_button)
    timer.stop()
    assert window.state.assessor_name() == ME
    page = go_to(qtbot, window, "judging")
    scores = window.state.results.per_question.copy()
    judgments = window.state.study.judgments_in_force().copy()
    timer = _when_modal("CalibrationDialog", _fill_round_dialog)
    with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
        press(page.calibration_button)
    timer.stop()
    # the window is active again after the dialog (offscreen, nobody gives it back)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=TIMEOUT)
    return window, page, scores, judgments


def _judge(qtbot, window, page, grades, note_at=None, note=""):
    state = window.state
    for i, g in enumerate(grades):
        assert page.practice_note.isVisible()
        assert not page.calibration_panel.isVisible()  # nobody's grades while judging
        if i == note_at:
            type_into(page.practice_note, note)
        with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
            press(page.grade_buttons[g])


def test_a_calibration_round_judged_by_two_shows_its_agreement_and_changes_no_score(
    qtbot, tmp_path, monkeypatch
):
    window, page, scores_before, judgments_before = _window_with_round(qtbot)
    state = window.state
    (round_,) = rounds(state.study)
    assert round_.assessors == [ME, "평가자A"]
    assert len(round_.items) == 6
    assert round_.pools[0].items == round_.pools[1].items
    mine = page.pool()
    assert mine.assessor == ME and mine.is_calibration
    assert "calibration round 1" in page.pool_combo.currentText()
    for name in state.study.systems:
        assert name not in page.pool_combo.currentText()

    # I judge my copy, with a note on the fifth passage; Backspace takes one back
    _judge(qtbot, window, page, MINE[:2])
    page.passage_view.setFocus()
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        qtbot.keyClick(page.passage_view, Qt.Key.Key_Backspace)
    assert page.current == mine.items[1]
    _judge(qtbot, window, page, MINE[1:], note_at=3, note="직접 말하지는 않음")
    assert page.current is None
    # only I have graded: the panel is there, waiting for a second assessor
    assert page.calibration_panel.isVisible()
    assert page.calibration_panel.waiting.isVisible()
    assert not page.calibration_panel.pairs.isVisible()

    # the round's grades are practice: no score, no judgment moved
    _settled(qtbot, window)
    pd.testing.assert_frame_equal(state.results.per_question, scores_before)
    pd.testing.assert_frame_equal(state.study.judgments_in_force(), judgments_before)

    # 평가자A judges their copy on this computer
    choose_in_combo(page.pool_combo, page.pool_combo.findData(round_.pools[1].id))
    assert page.pool().assessor == "평가자A" and page.current == round_.items[0]
    _judge(qtbot, window, page, THEIRS)
    panel = page.calibration_panel
    assert panel.isVisible() and panel.pairs.isVisible() and not panel.waiting.isVisible()
    # pair (평가자A, 평가자C): 5 of 6 the same; margins A 2 1 2 1, C 1 1 2 2 over 0–3 →
    # p_e = (2 + 1 + 4 + 2) / 36 = 1/4, κ = (5/6 − 1/4) / (3/4) = 7/9
    row = [panel.pairs.item(0, c).text() for c in range(panel.pairs.columnCount())]
    assert row[:3] == ["평가자A", ME, "6"]
    assert row[4] == f"{7 / 9:.3f}" and row[5] == "substantial"
    # the one split: the fifth passage, 0 against 3, with my note
    assert panel.splits.rowCount() == 1
    fifth = round_.items[4]
    assert panel.splits.item(0, 1).text() == fifth[1]
    assert panel.splits.item(0, 2).text() == "0"
    assert panel.splits.item(0, 3).text() == "3 · 직접 말하지는 않음"
    assert panel.splits.item(0, 4).text() == "3"
    assert "not counted in the scores" in panel.practice.text()

    # saved and reopened: the round, its grades and its agreement are back
    project = tmp_path / "보정.wbproj"
    picks = FilePicks(monkeypatch)
    picks.save.append(str(project))
    shortcut(window, Qt.Key.Key_S)
    qtbot.waitUntil(project.exists, timeout=10000)
    assert load_project(project).problems == []
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
    (back,) = rounds(again.state.study)
    assert back.pools == round_.pools
    assert [p.calibration_grades for p in back.pools] == [
        p.calibration_grades for p in rounds(state.study)[0].pools
    ]
    page2 = go_to(qtbot, again, "judging")
    choose_in_combo(page2.pool_combo, page2.pool_combo.findData(back.pools[0].id))
    assert page2.current is None and page2.calibration_panel.isVisible()
    assert page2.calibration_panel.pairs.item(0, 4).text() == f"{7 / 9:.3f}"


def test_a_filled_round_workbook_comes_back_into_the_round_not_the_scores(
    qtbot, tmp_path, monkeypatch
):
    window, page, scores_before, judgments_before = _window_with_round(qtbot)
    state = window.state
    (round_,) = rounds(state.study)
    theirs = round_.pools[1]
    choose_in_combo(page.pool_combo, page.pool_combo.findData(theirs.id))
    # 평가자A only has Excel: their copy goes out as a workbook
    target = tmp_path / "보정_A.xlsx"
    picks = FilePicks(monkeypatch)
    picks.save.append(str(target))
    press(page.export_button)
    qtbot.waitUntil(target.exists, timeout=TIMEOUT)
    wb = openpyxl.load_workbook(target)
    ws = wb.worksheets[0]
    header = [c.value for c in ws[1]]
    rows = [(r[0], r[2]) for r in ws.iter_rows(min_row=2, values_only=True)]
    assert rows == list(theirs.items)
    for r, g in enumerate(THEIRS, start=2):
        ws.cell(row=r, column=header.index("grade") + 1, value=g)
    ws.cell(row=2, column=header.index("note") + 1, value="본문이 직접 답함")
    filled = tmp_path / "보정_A_작성.xlsx"
    wb.save(filled)
    # … and comes back into their calibration pool
    picks.open.append(str(filled))
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        press(page.read_button)
    graded = state.study.pools.pool(theirs.id).calibration_grades
    assert [graded[i].grade for i in theirs.items] == THEIRS
    assert graded[theirs.items[0]].note == "본문이 직접 답함"
    assert page.current is None and "Read 6 calibration grades" in page.status.text()
    assert len(state.study.judgment_sources) == 1  # not read as a judgments file
    _settled(qtbot, window)
    pd.testing.assert_frame_equal(state.results.per_question, scores_before)
    pd.testing.assert_frame_equal(state.study.judgments_in_force(), judgments_before)
    # one undo step (Ctrl+Z on the page) takes the whole workbook back
    page.pool_combo.setFocus()
    with qtbot.waitSignal(state.work_changed, timeout=TIMEOUT):
        qtbot.keyClick(page.pool_combo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert state.study.pools.pool(theirs.id).calibration_grades == {}
    # the Export page offers the round's sheet now
    export = go_to(qtbot, window, "export")
    qtbot.waitUntil(lambda: export.sheet_boxes["calibration"].isEnabled(), timeout=TIMEOUT)
    assert "calibration" in export.chosen_sheets()
