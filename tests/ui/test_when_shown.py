"""Pages the user is not looking at wait with their work until they are shown.

Every grade given on Question review brings new scores. The diagnosis, the
agreement statistics, the answers' evaluation and the stages used to be
recomputed and redrawn at once on their hidden pages, and grading with the
keys stuttered (the window stalled up to ~0.45 s per grade on the demo). Now
they are computed and drawn when their page is shown, from the latest data.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QWidget

from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings
from workbench.ui.when_shown import WhenShown
from workbench.ui.workers import TaskRunner

TIMEOUT = 60000


@pytest.fixture
def window(qtbot):
    settings = Settings()
    settings.assessor_name = "새 평가자"
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    with qtbot.waitSignal(w.sources_loaded, timeout=TIMEOUT):
        w.open_demo()
    qtbot.waitUntil(lambda: w.state.results is not None and not w.busy.busy, timeout=TIMEOUT)
    yield w
    w.state.runner.wait()
    w.runner.wait()
    w._autosave_timer.stop()


def _started(monkeypatch) -> list[str]:
    names: list[str] = []
    real = TaskRunner.start

    def start(self, name, fn, *args, **kwargs):
        names.append(name)
        return real(self, name, fn, *args, **kwargs)

    monkeypatch.setattr(TaskRunner, "start", start)
    return names


def test_a_grade_recomputes_only_what_is_on_screen_and_the_rest_when_shown(
    qtbot, window, monkeypatch
):
    window.show_page("questions")
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    started = _started(monkeypatch)
    review.ask_reason = lambda *a: "이유"
    card = next(c for col in review.columns if col.isVisible() for c in col.cards if not c.judged)
    review.select_card(card.card.system, card.card.passage_id)
    with qtbot.waitSignal(review.index_ready, timeout=TIMEOUT):
        assert review.grade_selected(2)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    qtbot.wait(400)  # past every debounce timer (the Answers page's is 150 ms)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    assert "evaluate" in started and "review_index" in started
    hidden = {"diagnosis", "agreement", "answers_report", "stages"}
    assert not hidden & set(started)

    # each page catches up when it is looked at, with the grade just given
    agreement = window.page("agreement")
    with qtbot.waitSignal(agreement.updated, timeout=TIMEOUT):
        window.show_page("agreement")
    assert "agreement" in started
    assert agreement.data is not None
    answers = window.page("answers")
    with qtbot.waitSignal(answers.report_ready, timeout=TIMEOUT):
        window.show_page("answers")
    assert "answers_report" in started
    assert answers.index is not None and answers.index.results is window.state.results
    systems = window.page("systems")
    with qtbot.waitSignal(systems.stages_updated, timeout=TIMEOUT):
        window.show_page("systems")
    assert systems.results is window.state.results
    overview = window.page("overview")
    # the charts catch up in the background, not on the window's thread
    import threading

    from workbench.ui.views.charts import overview_panel as charts

    threads: list[bool] = []
    real = charts.overview_chart_data

    def chart_data(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(charts, "overview_chart_data", chart_data)
    window.show_page("overview")
    curves = overview.overview_charts.curves
    with qtbot.waitSignal(overview.overview_charts.updated, timeout=TIMEOUT):
        overview.overview_charts.tabs.setCurrentWidget(curves)
    assert threads == [False]
    panel = overview.diagnosis_panel
    with qtbot.waitSignal(panel.updated, timeout=TIMEOUT):
        overview.details.setCurrentWidget(panel)
    assert panel.data is not None and panel.data.results is window.state.results


def test_a_redraw_waits_for_the_show_and_runs_once_with_the_latest(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    page = QWidget(window)
    later = WhenShown(page)
    window.show()
    page.hide()
    drawn: list[int] = []
    later.run(lambda: drawn.append(1))
    later.run(lambda: drawn.append(2))
    assert drawn == [] and later.pending
    page.show()
    assert drawn == [2] and not later.pending
    later.run(lambda: drawn.append(3))  # on screen: at once
    assert drawn == [2, 3]
    # no window on screen at all (being built, driven by a script): at once too
    lone = QWidget()
    qtbot.addWidget(lone)
    WhenShown(lone).run(lambda: drawn.append(4))
    assert drawn[-1] == 4


def test_charts_never_looked_at_are_drawn_with_the_latest_scores_when_saved(
    qtbot, window, tmp_path
):
    """The Export page saves the Overview's and the Compare page's charts without
    either page having been shown since the scores changed."""
    window.show_page("questions")
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    before = window.state.results
    # a passage in a top 10 graded relevant: new scores while the charts are hidden
    card = next(c for col in review.columns if col.isVisible() for c in col.cards if not c.judged)
    review.select_card(card.card.system, card.card.passage_id)
    with qtbot.waitSignal(review.index_ready, timeout=TIMEOUT):
        assert review.grade_selected(3)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    results = window.state.results
    system = str(card.card.system)
    assert results.metric(system, "Judged@10") > before.metric(system, "Judged@10")
    export = window.page("export")
    window.show_page("export")
    charts = export.chart_list()
    assert len(charts) == len(window.page("overview").overview_charts.charts()) + 2
    with qtbot.waitSignal(export.export_finished, timeout=TIMEOUT):
        assert export.start_chart_export(tmp_path)
    panel = window.page("overview").overview_charts
    assert panel.results is results
    # the worker-fed charts were computed for the save, from the new scores
    import pandas as pd

    from workbench.core.measures import chart_data as cd

    pd.testing.assert_frame_equal(
        panel.coverage.frame, cd.coverage_data(results, 10).reset_index(drop=True)
    )
    compare = window.page("compare")
    assert compare.scatter.a and compare.scatter.b
    assert len(list(tmp_path.glob("*.png"))) == len(charts)


def test_question_review_refills_its_list_when_it_is_shown(qtbot, window):
    """New scores while Question review is hidden: its index is built (the data
    stays current), its list is refilled when the page is looked at, with the
    question the user had open still open."""
    window.show_page("questions")
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=TIMEOUT)
    review.open_question(review.model.question_id(2))
    opened = review.current_qid
    window.show_page("overview")
    filled: list[int] = []
    real = review._refresh_list
    review._refresh_list = lambda: filled.append(1) or real()
    before = window.state.results
    window.state.set_settings(replace(window.state.study.settings, threshold=2))
    qtbot.waitUntil(
        lambda: window.state.results is not before
        and review.index.results is window.state.results
        and not window.busy.busy,
        timeout=TIMEOUT,
    )
    assert filled == [] and review._when_shown.pending  # hidden: not refilled yet
    window.show_page("questions")
    assert filled == [1] and not review._when_shown.pending
    assert review.current_qid == opened
    assert review.model.total() == len(review.index.question_table(review.measure))
