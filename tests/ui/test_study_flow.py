"""One study behind every page: a hand resolution on the Agreement page and a grade
given in Question review show the same grade on every page, in the scores, in the
exported judgments and after the project is reopened."""

from __future__ import annotations

from _gestures import FilePicks, open_study_files, save_new_project

from workbench.core.io import load_judgments
from workbench.core.model import schema as s
from workbench.core.study import study_from_files
from workbench.ui import settings as ui_settings
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000
ME = "검토자"


def _window(qtbot) -> MainWindow:
    ui_settings.Settings().assessor_name = ME
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    return window


def _settled(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.state.results is not None and not window.busy.busy, timeout=TIMEOUT
    )


def _grade_in_scores(window: MainWindow, item) -> int:
    q = window.state.results.qrels
    hit = q[(q[s.QID] == item[0]) & (q[s.PID] == item[1])]
    assert len(hit) == 1, item
    return int(hit[s.GRADE].iloc[0])


def _review_grade(qtbot, window: MainWindow, item) -> int:
    review = window.page("questions")
    qtbot.waitUntil(
        lambda: review.index is not None and review.index.results is window.state.results,
        timeout=TIMEOUT,
    )
    return int(review.index.grade_of(*item))


def _agreement_grade(qtbot, window: MainWindow, item) -> int | None:
    page = window.page("agreement")
    qtbot.waitUntil(lambda: page.data is not None, timeout=TIMEOUT)
    return page.data.grade_used(item)


def test_every_page_the_export_and_the_reopened_project_show_the_same_grade(
    qtbot, demo_copy, tmp_path, monkeypatch
):
    window = _window(qtbot)
    picks = FilePicks(monkeypatch)
    open_study_files(qtbot, window, picks, demo_copy / "judgments.xlsx", demo_copy / "runs.xlsx")
    _settled(qtbot, window)
    state = window.state

    # 1. resolve a disagreement by hand on the Agreement page
    window.show_page("agreement")
    agreement = window.page("agreement")
    qtbot.waitUntil(lambda: agreement.model.rowCount() > 0, timeout=TIMEOUT)
    resolved = agreement.model.item(0)
    agreement.select_item(resolved)
    before = agreement.model.grade_used(resolved)
    chosen = 3 if before != 3 else 0
    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        assert agreement.resolve_current(chosen)
    _settled(qtbot, window)

    # 2. grade a passage nobody judged in Question review
    window.show_page("questions")
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    graded = None
    for r in range(review.model.rowCount()):
        review.table.setCurrentIndex(review.model.index(r, 0))
        card = next(
            (
                c
                for col in review.columns
                if col.isVisible()
                for c in col.shown_cards()
                if not c.judged
            ),
            None,
        )
        if card is not None:
            graded = (review.current_qid, card.passage_id)
            review.select_card(card.card.system, card.passage_id)
            break
    assert graded is not None
    with qtbot.waitSignal(review.index_ready, timeout=TIMEOUT):
        assert review.grade_selected(2)
    _settled(qtbot, window)

    # every page, and the scores, use the same grades
    for item, grade in ((resolved, chosen), (graded, 2)):
        assert _grade_in_scores(window, item) == grade
        assert _review_grade(qtbot, window, item) == grade
    assert _agreement_grade(qtbot, window, resolved) == chosen
    assert state.study.grades_used()[graded] == 2

    # 3. the exported judgments hold both edits and read back to the same grades
    export = window.page("export")
    target = tmp_path / "내보낸 판정.xlsx"
    with qtbot.waitSignal(export.export_finished, timeout=TIMEOUT):
        assert export.start_export("judgments", target)
    back = study_from_files(load_judgments(target), [], state.settings)
    assert back.grades_used()[resolved] == chosen
    assert back.grades_used()[graded] == 2
    assert back.resolution_of(*resolved)["by"] == ME
    added = back.judgments_in_force()
    mine = added[(added[s.QID] == graded[0]) & (added[s.PID] == graded[1])]
    assert mine[s.ASSESSOR].tolist() == [ME] and mine[s.GRADE].tolist() == [2]
    assert back.grades_used() == state.study.grades_used()

    # 4. the reopened project shows the same grades on every page
    project = demo_copy / "연구.wbproj"
    save_new_project(qtbot, window, picks, project)
    again = _window(qtbot)
    with qtbot.waitSignal(again.project_opened, timeout=TIMEOUT):
        again.open_project(project)
    _settled(qtbot, again)
    for item, grade in ((resolved, chosen), (graded, 2)):
        assert _grade_in_scores(again, item) == grade
        assert _review_grade(qtbot, again, item) == grade
    assert _agreement_grade(qtbot, again, resolved) == chosen
    assert again.state.study.grades_used() == state.study.grades_used()
