"""The Compare page shows compare_systems' numbers and sentences, and opens questions."""

from __future__ import annotations

import pandas as pd
import pytest
from _chart_fixtures import synthetic_results
from PySide6.QtCore import QCoreApplication, Qt

from workbench.core.measures import chart_data as cd
from workbench.core.measures import stats
from workbench.ui.state import AppState
from workbench.ui.views.compare import ComparePage, ComparisonModel, significance_marks


@pytest.fixture(scope="module")
def results():
    return synthetic_results()


def _page(qtbot, results):
    state = AppState()
    page = ComparePage(state)
    qtbot.addWidget(page)
    page.resize(1200, 900)
    page.show()
    qtbot.waitExposed(page)
    state.results = results
    with qtbot.waitSignal(page.compared, timeout=30000) as blocker:
        state.results_changed.emit(results)
    return state, page, blocker.args[0]


def _cell(page, row, column, role=Qt.ItemDataRole.DisplayRole):
    return page.proxy.index(row, column).data(role)


def test_table_shows_compare_systems(qtbot, results):
    state, page, frame = _page(qtbot, results)
    assert page.baseline() == "BM25" and page.test() == "randomization"
    metrics = page.chosen_metrics()
    assert sorted(metrics) == sorted(["nDCG@10", "Recall@10", "MRR"])
    want = stats.compare_systems(results.per_question, metrics, baseline="BM25")
    pd.testing.assert_frame_equal(frame, want)
    cols = ComparisonModel.COLUMNS
    assert page.proxy.rowCount() == len(want)
    for r, rec in enumerate(want.to_dict("records")):
        assert _cell(page, r, cols.index("system")) == rec["system"]
        assert _cell(page, r, cols.index("metric")) == rec["metric"]
        raw = _cell(page, r, cols.index("mean_diff"), Qt.ItemDataRole.UserRole)
        assert raw == pytest.approx(rec["mean_diff"], abs=1e-12)
        assert _cell(page, r, cols.index("ci"), Qt.ItemDataRole.UserRole) == pytest.approx(
            rec["ci_low"], abs=1e-12
        )
        assert _cell(page, r, cols.index("p_adjusted"), Qt.ItemDataRole.UserRole) == pytest.approx(
            rec["p_adjusted"], abs=1e-12
        )
        text = _cell(page, r, cols.index("mean_diff"))
        assert text == f"{rec['mean_diff']:+.3f}".replace("-", "−")
        assert (
            _cell(page, r, cols.index("wtl")) == f"{rec['wins']} / {rec['ties']} / {rec['losses']}"
        )
        sentence = stats.describe_comparison(rec, lang="en")
        # the system column adds the system card after the sentence
        assert _cell(page, r, 0, Qt.ItemDataRole.ToolTipRole).startswith(sentence + "\n\n")
        assert _cell(page, r, 1, Qt.ItemDataRole.ToolTipRole) == sentence
        assert sentence in page.sentences.toPlainText()
    state.runner.wait()


def test_sorting_uses_raw_numbers(qtbot, results):
    state, page, frame = _page(qtbot, results)
    col = ComparisonModel.COLUMNS.index("mean_diff")
    page.table.sortByColumn(col, Qt.SortOrder.AscendingOrder)
    shown = [_cell(page, r, col, Qt.ItemDataRole.UserRole) for r in range(page.proxy.rowCount())]
    assert shown == sorted(frame["mean_diff"].tolist())
    state.runner.wait()


def test_choices_rerun_the_comparison(qtbot, results):
    state, page, _ = _page(qtbot, results)
    with qtbot.waitSignal(page.compared, timeout=30000) as blocker:
        page.set_choices(baseline="GraphRAG", metrics=["MRR"], test="wilcoxon")
    frame = blocker.args[0]
    want = stats.compare_systems(
        results.per_question, ["MRR"], baseline="GraphRAG", test="wilcoxon"
    )
    pd.testing.assert_frame_equal(frame, want)
    assert set(frame["system"]) == {"BM25", "벡터 RAG"}
    state.runner.wait()


def test_selected_row_drives_scatter_and_histogram(qtbot, results):
    state, page, frame = _page(qtbot, results)
    page.table.selectRow(2)
    QCoreApplication.processEvents()
    rec = page.current_row()
    assert rec["system"] == frame.iloc[2]["system"]
    assert page.scatter.a == "BM25" and page.scatter.b == rec["system"]
    data = cd.scatter_data(results.per_question, rec["metric"], "BM25", rec["system"])
    n_points = sum(len(p.data()) for p in page.scatter.points.points())
    assert n_points == len(data) == rec["n"]
    assert int(sum(page.diff_hist.bars.opts["height"])) == rec["n"]
    # a click on a point opens that question
    p = [p for p in page.scatter.points.points() if len(p.data()) == 1][0]
    with qtbot.waitSignal(page.questions_requested) as blocker:
        assert page.scatter.click_at(p.pos().x(), p.pos().y())
    assert blocker.args[0] == [p.data()[0]]
    state.runner.wait()


def test_row_activation_opens_the_questions_it_loses(qtbot, results):
    state, page, frame = _page(qtbot, results)
    row = int(frame["losses"].to_numpy().argmax())
    rec = frame.iloc[row]
    with qtbot.waitSignal(page.questions_requested) as blocker:
        page.table.doubleClicked.emit(page.proxy.index(row, 0))
    ids, title = blocker.args
    want = cd.losing_questions(results.per_question, rec["metric"], "BM25", rec["system"])
    assert ids == want and len(ids) == rec["losses"]
    assert rec["system"] in title
    with qtbot.waitSignal(page.questions_requested) as blocker:
        page.all_button.click()
    assert len(blocker.args[0]) == rec["n"]
    state.runner.wait()


def test_significance_marks_for_the_overview(qtbot, results):
    frame = stats.compare_systems(results.per_question, ["nDCG@10", "MRR"], baseline="BM25")
    marks = significance_marks(frame)
    for rec in frame.to_dict("records"):
        key = (rec["system"], rec["metric"])
        significant = rec["p_adjusted"] < 0.05
        assert (key in marks) == significant
        if significant:
            assert marks[key] == ("▲" if rec["mean_diff"] > 0 else "▼")
    assert marks, "the synthetic GraphRAG is built to win significantly"


def test_one_system_is_explained(qtbot):
    res = synthetic_results(n_questions=6)
    one = res.per_question[res.per_question.system == "BM25"]
    res.per_question = one
    res.systems = ["BM25"]
    state = AppState()
    page = ComparePage(state)
    qtbot.addWidget(page)
    page.set_results(res)
    assert page.proxy.rowCount() == 0
    assert "two systems" in page.status.text()


def test_each_comparison_says_whether_judging_could_change_it(qtbot, demo_files):
    """On the demo (many passages nobody judged), every row of the table and every
    plain sentence says whether grading them could reverse the comparison, with
    the range of Δ over every grading, as decide() computes it."""
    from workbench.core.io import load_judgments, load_run
    from workbench.core.measures.decisive import baseline_pairs, decide
    from workbench.core.study import Study

    study = Study()
    study.set_judgments(load_judgments(demo_files["judgments"]))
    study.add_runs(load_run(demo_files["runs"]))
    results = study.evaluate()
    state, page, frame = _page(qtbot, results)
    metrics = page.chosen_metrics()
    want = decide(results, baseline_pairs(results.systems, page.baseline()), metrics)
    assert want["decided"].notna().all() and len(want) == len(frame)
    # the demo has both kinds, so both sentences must be shown
    assert set(want["decided"]) == {True, False}
    col = ComparisonModel.COLUMNS.index("unjudged")
    text = page.sentences.toPlainText()
    for r in range(page.proxy.rowCount()):
        system = _cell(page, r, ComparisonModel.COLUMNS.index("system"))
        metric = _cell(page, r, ComparisonModel.COLUMNS.index("metric"))
        row = want[(want["system"] == system) & (want["measure"] == metric)].iloc[0]
        low, high = (f"{v:.3f}".replace("-", "−") for v in (row["low"], row["high"]))
        assert _cell(page, r, col) == f"{low} – {high}"
        assert _cell(page, r, col, Qt.ItemDataRole.UserRole) == pytest.approx(row["low"])
        if row["decided"]:
            sentence = "No further judging can change this conclusion."
        else:
            n = int(row["holes_that_matter"])
            assert n > 0
            sentence = f"This conclusion may change with the grades of {n} unjudged passages."
        tip = _cell(page, r, col, Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith(sentence) and f"{low} – {high}" in tip
        assert sentence in text
        if metric.startswith("nDCG"):
            assert "ideal gain is held at its judged value" in tip
    state.runner.wait()
