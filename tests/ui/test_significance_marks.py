"""The Compare page's results mark the Overview table against the baseline (issue: significance)."""

from __future__ import annotations

import pytest

from workbench.core.io import load_judgments, load_run
from workbench.core.measures.chart_data import significance_marks
from workbench.paths import demo_dir
from workbench.ui.main_window import MainWindow
from workbench.ui.state import AppState


@pytest.fixture
def window(qtbot):
    state = AppState()
    win = MainWindow(state)
    qtbot.addWidget(win)
    return win


def test_overview_shows_marks_from_the_compare_page(window, qtbot):
    state = window.state
    compare = window._pages["compare"][0]
    overview = window._pages["overview"][0]
    with qtbot.waitSignal(compare.compared, timeout=60000) as blocker:
        state.set_judgments(load_judgments(demo_dir() / "judgments.xlsx"))
        state.add_runs(load_run(demo_dir() / "runs.xlsx"))
    frame = blocker.args[0]
    qtbot.waitUntil(lambda: state.comparisons is not None, timeout=5000)
    marks = significance_marks(frame)
    assert marks, "the demo data should hold at least one significant difference"
    (system, measure), mark = next(iter(marks.items()))
    assert overview.metrics_model.mark(system, measure) == mark
    assert overview.marks_legend.isVisibleTo(overview)
    assert str(frame.iloc[0]["baseline"]) in overview.marks_legend.text()
    # a not-significant cell carries no mark
    for rec in frame.to_dict("records"):
        if rec["p_adjusted"] >= 0.05:
            assert overview.metrics_model.mark(rec["system"], rec["metric"]) == ""
