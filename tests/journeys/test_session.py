"""A whole session in one window, as a person works: the demo, then one's own files
through the dialogs, grading, a decision with its reason, a blind pool, answers
loaded with the preview's Load button and rated, the diagnosis, the report, save,
quit, start again, reopen — and every page finds the same study, with no problem
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from _gestures import (
    click_button,
    go_to,
    load_through_preview,
    name_dialog_answer,
    press,
    shortcut,
    type_into,
    type_key,
)
from _own_files import SYSTEMS, answers, judgments, other_judgments, runs
from openpyxl import load_workbook
from PySide6.QtCore import Qt

from workbench.core.io.project import load_project
from workbench.core.model import schema as S
from workbench.core.protocol import answers as A
from workbench.ui.errors import open_error_boxes
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings
from workbench.ui.views.answer_import import AnswerImportDialog

TIMEOUT = 60000
ME = "Pastor Kim"
REASON = "the second sentence answers it"


@pytest.fixture
def own(tmp_path):
    folder = tmp_path / "팀 자료"
    folder.mkdir()
    return {
        "judgments": judgments(folder / "판정 두 사람.xlsx"),
        "runs": runs(folder / "검색 결과.xlsx"),
        "answers": answers(folder / "답변.xlsx"),
        "other": other_judgments(folder / "다른 연구 판정.xlsx"),
        "folder": folder,
    }


# -- gestures on the window ------------------------------------------------------------
def new_window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    return window


def settled(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.state.results is not None and not window.busy.busy, timeout=TIMEOUT
    )


def export_report(qtbot, window: MainWindow, picks, report: Path) -> None:
    """The Export page's Save report…, the file chosen in the (stand-in) dialog."""
    export = go_to(qtbot, window, "export")
    picks.save.append(str(report))
    qtbot.waitUntil(lambda: export.report_card.save_button.isEnabled(), timeout=TIMEOUT)
    press(export.report_card.save_button)
    qtbot.waitUntil(lambda: report.exists() and export.handle is None, timeout=TIMEOUT)


def save_and_quit(qtbot, window: MainWindow, picks, project: Path) -> None:
    """Ctrl+S to ``project``, then the window closed once its work is done."""
    picks.save.append(str(project))
    shortcut(window, Qt.Key.Key_S)
    qtbot.waitUntil(project.exists, timeout=10000)
    window.state.runner.wait()
    window.runner.wait()
    window.close()


def reopen(qtbot, picks, project: Path) -> MainWindow:
    """A new window, and the project opened with Ctrl+Shift+O."""
    again = new_window(qtbot)
    picks.open.append(str(project))
    with qtbot.waitSignal(again.project_opened, timeout=TIMEOUT):
        shortcut(
            again,
            Qt.Key.Key_O,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    settled(qtbot, again)
    return again


def unjudged_card(page):
    """A retrieved passage nobody judged, in some question's columns."""
    for row in range(page.table.model().rowCount()):
        page.table.selectRow(row)
        for col in page.columns:
            for i, item in enumerate(col.cards):
                if not item.judged:
                    return col, i
    raise AssertionError("no unjudged retrieved passage")


# -- the journey ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "font"), [("en", "normal"), ("ko", "normal"), ("ko", "very_large")]
)
def test_own_files_to_a_saved_reopened_project_and_a_report_that_records_it(
    qtbot, modals, picks, own, tmp_path, lang, font
):
    window = new_window(qtbot)
    # View ▸ Language and View ▸ Font size, as the person set them
    window.language_actions[lang].trigger()
    window.font_actions[font].trigger()
    # the demo, from the Start page
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        press(window.start_page.buttons["demo"])
    settled(qtbot, window)
    # close the demo: File ▸ Close project
    shortcut(window, Qt.Key.Key_W)
    assert window.state.study.is_empty and window.current_page_key() == "start"

    # own judgments, one sheet per assessor, a merged title and a "3점"
    picks.open.append(str(own["judgments"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_O)
    assert not dialog.can_load() or dialog.check is None or not dialog.check.ok
    assert dialog.conversion_box.isVisible()
    press(dialog.conversion_check)  # "read '3점' as 3"
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=TIMEOUT)
    assert dialog.check.ok
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    assert sorted(window.state.study.assessors) == ["김평가", "이평가"]

    # the 4-sheet runs workbook
    picks.open.append(str(own["runs"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_R)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    settled(qtbot, window)
    assert window.state.study.systems == list(SYSTEMS)

    # grade a passage nobody judged: asked for the name once
    review = go_to(qtbot, window, "questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    col, i = unjudged_card(review)
    qid, pid = review.current_qid, col.cards[i].passage_id
    press(col, col.card_rect(i).center())
    modals.expect("assessorNameDialog", name_dialog_answer(ME))
    with qtbot.waitSignal(window.state.work_changed, timeout=5000):
        type_key(window, review.cards_area, Qt.Key.Key_3)
    assert ME in window.assessor_button.text() and window.assessor_button.isVisible()
    added = window.state.study.added_grades
    assert (added[S.QID].tolist(), added[S.PID].tolist(), added[S.ASSESSOR].tolist()) == (
        [qid],
        [pid],
        [ME],
    )
    settled(qtbot, window)

    # decide a disagreement with a reason (not asked again)
    agreement = go_to(qtbot, window, "agreement")
    qtbot.waitUntil(lambda: agreement.current is not None, timeout=TIMEOUT)
    item = agreement.current
    type_into(agreement.reason_edit, REASON)
    with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
        press(agreement.grade_buttons[2])
    decided = window.state.study.resolutions
    assert decided.iloc[-1]["by"] == ME and decided.iloc[-1]["reason"] == REASON
    settled(qtbot, window)

    # a blind pool for me, three passages judged with the keys
    judging = go_to(qtbot, window, "judging")
    modals.expect("NewPoolDialog", lambda d: press(d.buttons.buttons()[0]))
    with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
        press(judging.new_button)
    qtbot.waitUntil(lambda: judging.current is not None, timeout=TIMEOUT)
    assert judging.pool().assessor == ME
    pooled = []
    for key in (Qt.Key.Key_3, Qt.Key.Key_0, Qt.Key.Key_2):
        pooled.append(judging.current)
        with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
            type_key(window, judging.passage_view, key)
    settled(qtbot, window)

    # answers, with the preview's Load button, then a rating
    page = go_to(qtbot, window, "answers")
    picks.open.append(str(own["answers"]))
    press(page.open_button)
    preview = next(d for d in page.findChildren(AnswerImportDialog) if d.isVisible())
    qtbot.waitUntil(lambda: preview.load_button.isEnabled(), timeout=TIMEOUT)
    with qtbot.waitSignal(preview.loaded, timeout=TIMEOUT):
        press(preview.load_button)
    with qtbot.waitSignal(window.state.answers_changed, timeout=TIMEOUT):
        press(preview.add_button)
    qtbot.waitUntil(lambda: page.report is not None and page.index is not None, timeout=TIMEOUT)
    rated_q = page.review.current_qid
    page.review.area.setFocus()
    type_key(window, page.review.area, Qt.Key.Key_2)
    ratings = A.ratings_in_force(window.state.study)
    mine = ratings[ratings[S.ASSESSOR] == ME]
    assert len(mine) == 1 and mine[S.QID].tolist() == [rated_q]

    # the diagnosis: its tab on the Overview
    overview = go_to(qtbot, window, "overview")
    tabs = overview.details
    at = tabs.indexOf(overview.diagnosis_panel)
    press(tabs.tabBar(), tabs.tabBar().tabRect(at).center())
    assert overview.diagnosis_panel.isVisible()

    # the report
    report = own["folder"] / "보고서.xlsx"
    export_report(qtbot, window, picks, report)

    # save, quit
    project = own["folder"] / "연구.wbproj"
    saved_before = _what_every_page_needs(window)
    save_and_quit(qtbot, window, picks, project)

    # start again and reopen: no problem reported, the same study
    again = reopen(qtbot, picks, project)
    assert open_error_boxes() == []
    assert modals.unexpected == []
    assert load_project(project).problems == []
    assert _what_every_page_needs(again) == saved_before
    assert ME in again.assessor_button.text()
    assert item in set(
        zip(again.state.study.resolutions[S.QID], again.state.study.resolutions[S.PID])
    )

    # the report holds the decision and its reason
    book = load_workbook(report, read_only=True)
    cells = [
        str(c) for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row if c
    ]
    book.close()
    assert any(REASON in c for c in cells)
    assert any(ME in c for c in cells)
    again.state.runner.wait()
    again.runner.wait()


def _what_every_page_needs(window: MainWindow) -> dict:
    """The study's facts a page shows: grades, names, mappings, ratings, decisions, pools."""
    study = window.state.study
    project = window.current_project()
    ratings = A.ratings_in_force(study)
    return {
        "systems": list(study.systems),
        "assessors": sorted(study.assessors),
        "added": sorted(
            map(tuple, study.added_grades[[S.QID, S.PID, S.GRADE, S.ASSESSOR]].astype(str).values)
        ),
        "resolutions": sorted(
            map(
                tuple, study.resolutions[[S.QID, S.PID, S.GRADE, "by", "reason"]].astype(str).values
            )
        ),
        "mappings": [(Path(s.path).name, s.mappings, s.conversions) for s in project.sources],
        "ratings": sorted(map(tuple, ratings[[S.QID, S.SYSTEM, S.ASSESSOR]].astype(str).values)),
        "pools": [(p.assessor, len(p.items)) for p in study.pools.pools],
        "metrics": window.state.results.aggregates.round(12).to_dict(),
    }


def test_other_judgments_with_a_study_open_and_runs_named_alike_are_asked_about(
    qtbot, modals, picks, own
):
    window = new_window(qtbot)
    picks.open.append(str(own["judgments"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_O)
    press(dialog.conversion_check)
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=TIMEOUT)
    with qtbot.waitSignal(window.state.data_changed, timeout=5000):
        press(dialog.load_button)
    picks.open.append(str(own["runs"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_R)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    settled(qtbot, window)

    # the same runs again: asked; "Rename the new ones…" names each clashing system
    picks.open.append(str(own["runs"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_R)
    modals.expect("sameSystemNames", click_button("Rename the new ones…"))
    for system in SYSTEMS:
        modals.expect("systemNameDialog", _rename_to(f"{system} v2"))
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    assert window.state.study.systems == [*SYSTEMS, *(f"{s} v2" for s in SYSTEMS)]
    settled(qtbot, window)

    # judgments of another study, with this study open: asked first; replacing is
    # said not to match the runs before anything is loaded
    picks.open.append(str(own["other"]))
    modals.expect("newStudyOrReplace", click_button("Replace this study's judgments"))
    qtbot.waitUntil(lambda: window.import_dialog is None, timeout=10000)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=10000) as opened:
        shortcut(window, Qt.Key.Key_O)
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=TIMEOUT)
    texts = [dialog.problem_list.item(i).text() for i in range(dialog.problem_list.count())]
    assert any("every score would be 0" in t for t in texts), texts
    press(dialog.close_button)
    assert window.state.study.assessors == ["김평가", "이평가"]  # nothing replaced

    # asked again, a new study this time: the old one closes, nothing mixes
    picks.open.append(str(own["other"]))
    modals.expect("newStudyOrReplace", click_button("Start a new study with it"))
    modals.expect("saveBeforeClosing", click_button("Close without saving"))
    with qtbot.waitSignal(window.import_dialog_opened, timeout=10000) as opened:
        shortcut(window, Qt.Key.Key_O)
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=TIMEOUT)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    assert window.state.study.systems == []
    assert window.state.study.judgment_set is not None
    assert modals.unexpected == [] and modals.queue == []
    window.state.runner.wait()
    window.runner.wait()


def _rename_to(name: str):
    def act(dialog) -> None:
        from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

        type_into(dialog.findChild(QLineEdit), name)
        box = dialog.findChild(QDialogButtonBox)
        press(box.button(QDialogButtonBox.StandardButton.Ok))

    return act
