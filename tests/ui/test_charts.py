"""Chart widgets: the plotted numbers are the core's, clicks give the right questions,
exports are real images."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pandas as pd
import pytest
from _chart_fixtures import synthetic_results
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt, QTranslator
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.core.measures import chart_data as cd
from workbench.core.measures import stats
from workbench.ui import palette
from workbench.ui.views import charts


@pytest.fixture(scope="module")
def results():
    return synthetic_results()


def _show(qtbot, widget, w=900, h=600):
    qtbot.addWidget(widget)
    widget.resize(w, h)
    widget.show()
    qtbot.waitExposed(widget)
    QCoreApplication.processEvents()
    return widget


def _bars_frame(results, ci=True):
    return cd.bar_data(results, cd.default_metrics(results), with_ci=ci, n_resamples=300)


def test_metric_bars_show_the_core_means_and_cis(qtbot, results):
    chart = _show(qtbot, charts.MetricBarChart())
    frame = _bars_frame(results)
    chart.set_data(frame, results.systems)
    metrics = cd.default_metrics(results)
    for system in results.systems:
        item = chart.bars[system]
        want = [results.metric(system, m) for m in metrics]
        np.testing.assert_allclose(item.opts["height"], want, rtol=0, atol=1e-12)
        sub = frame[frame.system == system].set_index("metric").loc[metrics]
        wh = chart.whiskers[system].opts
        np.testing.assert_allclose(wh["top"], sub["ci_high"] - sub["mean"], atol=1e-12)
        np.testing.assert_allclose(wh["bottom"], sub["mean"] - sub["ci_low"], atol=1e-12)
        assert item.opts["brush"] == palette.system_color(system, results.systems)
    ticks = [t[1] for t in chart.plot.getAxis("bottom")._tickLevels[0]]
    assert ticks == metrics


def test_metric_bars_update_in_place(qtbot, results):
    chart = _show(qtbot, charts.MetricBarChart())
    chart.set_data(_bars_frame(results, ci=False), results.systems)
    first = dict(chart.bars)
    chart.set_data(cd.bar_data(results, ["MRR"], with_ci=False), results.systems)
    assert all(chart.bars[s] is first[s] for s in results.systems)
    assert len(chart.bars["BM25"].opts["height"]) == 1
    # a system that disappears loses its bars
    chart.set_data(cd.bar_data(results, ["MRR"], with_ci=False).iloc[:2], results.systems[:2])
    assert set(chart.bars) == set(results.systems[:2])
    assert first["GraphRAG"] not in chart.plot.items


def test_new_scores_keep_the_legend_and_a_new_font_redraws_it(qtbot, results):
    """The same systems keep their legend labels (each label set again lays the whole
    chart out again); their tooltips follow the latest data; a new font or other
    systems rebuild the legend."""
    chart = _show(qtbot, charts.MetricBarChart())
    tips = {"n": 0}

    def tooltip(name):
        tips["n"] += 1
        return f"{name} #{tips['n']}"

    chart.system_tooltip = tooltip
    chart.set_data(_bars_frame(results, ci=False), results.systems)
    labels = [label for _sample, label in chart.legend.items]
    chart.set_data(cd.bar_data(results, ["MRR"], with_ci=False), results.systems)
    assert [label for _sample, label in chart.legend.items] == labels  # kept
    assert labels[0].toolTip().endswith(f"#{tips['n'] - len(labels) + 1}")  # renewed
    font = chart.font()
    font.setPointSizeF(font.pointSizeF() + 4)
    from PySide6.QtWidgets import QApplication

    old = QApplication.font()
    QApplication.setFont(font)
    try:
        chart.set_data(cd.bar_data(results, ["MRR"], with_ci=False), results.systems)
        rebuilt = [label for _sample, label in chart.legend.items]
        assert rebuilt and rebuilt[0] is not labels[0]
    finally:
        QApplication.setFont(old)
    chart.set_data(cd.bar_data(results, ["MRR"], with_ci=False).iloc[:2], results.systems[:2])
    assert [label.text for _s, label in chart.legend.items] == list(results.systems[:2])


def test_clicking_a_bar_emits_its_questions(qtbot, results):
    chart = _show(qtbot, charts.MetricBarChart())
    frame = _bars_frame(results, ci=False)
    chart.set_data(frame, results.systems)
    width, xs = chart.geometry()
    x = xs["GraphRAG"][0]  # first metric
    y = results.metric("GraphRAG", "nDCG@10") / 2
    want = list(
        frame[(frame.system == "GraphRAG") & (frame.metric == "nDCG@10")]["question_ids"].iloc[0]
    )
    with qtbot.waitSignal(chart.questions_requested) as blocker:
        assert chart.click_at(x, y)
    assert blocker.args[0] == want
    assert "GraphRAG" in blocker.args[1] and "nDCG@10" in blocker.args[1]
    # between groups there is nothing to click
    assert not chart.click_at(0.5, 0.01)


def test_a_real_mouse_click_through_the_scene(qtbot, results):
    chart = _show(qtbot, charts.RankDistributionChart())
    dist = cd.rank_distribution(results, 10)
    chart.set_data(dist, results.systems)
    QCoreApplication.processEvents()
    # the middle of BM25's rank-1 segment
    share = float(dist[(dist.system == "BM25") & (dist.bucket == "rank_1")]["share"].iloc[0])
    assert share > 0
    scene_pos = chart.vb.mapViewToScene(QPointF(0.0, share / 2))
    pos = chart.view.mapFromScene(scene_pos)
    want = list(dist[(dist.system == "BM25") & (dist.bucket == "rank_1")]["question_ids"].iloc[0])
    with qtbot.waitSignal(chart.questions_requested, timeout=2000) as blocker:
        QTest.mouseClick(
            chart.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos
        )
    assert blocker.args[0] == want


def test_rank_distribution_segments_stack_the_shares(qtbot, results):
    chart = _show(qtbot, charts.RankDistributionChart())
    dist = cd.rank_distribution(results, 10)
    chart.set_data(dist, results.systems)
    bottom = np.zeros(len(results.systems))
    for key in cd.RANK_BUCKETS:
        item = chart.segments[key]
        want = [
            float(dist[(dist.system == s) & (dist.bucket == key)]["share"].iloc[0])
            for s in results.systems
        ]
        np.testing.assert_allclose(item.opts["height"], want, atol=1e-12)
        np.testing.assert_allclose(item.opts["y0"], bottom, atol=1e-12)
        bottom += want
    np.testing.assert_allclose(bottom, 1.0, atol=1e-12)
    rank1 = [float(h) for h in chart.segments["rank_1"].opts["height"]]
    assert rank1 == pytest.approx([results.metric(s, "Hit@1") for s in results.systems], abs=1e-12)


def test_curves_follow_the_core_and_hit_aggregates_at_settings_k(qtbot, results):
    chart = _show(qtbot, charts.CurveChart())
    curves = cd.curve_data(results)
    chart.set_data(
        curves, cd.first_relevant_ranks(results), list(results.settings.ks), results.systems
    )
    for family in ("Recall", "nDCG"):
        chart.set_family(family)
        for system in results.systems:
            x, y = chart.lines[system].getData()
            sub = curves[(curves.system == system) & (curves.family == family)]
            np.testing.assert_allclose(x, sub["k"], atol=0)
            np.testing.assert_allclose(y, sub["value"], atol=1e-12)
            mx, my = chart.markers[system].getData()
            assert list(mx) == list(results.settings.ks)
            want = [results.metric(system, f"{family}@{k}") for k in results.settings.ks]
            np.testing.assert_allclose(my, want, atol=1e-12)


def test_clicking_a_curve_point_lists_questions_without_relevant_results(qtbot, results):
    chart = _show(qtbot, charts.CurveChart())
    curves = cd.curve_data(results)
    fr = cd.first_relevant_ranks(results)
    chart.set_data(curves, fr, list(results.settings.ks), results.systems)
    y = results.metric("BM25", "Recall@1")
    hit = chart.hit_at(1.0, y)
    system = hit.title.split(":")[0]  # several systems may share the point
    with qtbot.waitSignal(chart.questions_requested) as blocker:
        assert chart.click_at(1.0, y)
    want = cd.not_found_by(fr, system, 1)
    assert blocker.args[0] == want
    hit1 = fr[(fr.system == system) & (fr.first_rank == 1)]
    assert len(want) == (fr.system == system).sum() - len(hit1) > 0


def test_by_type_bars_and_n_labels(qtbot, results):
    chart = _show(qtbot, charts.ByTypeChart())
    data = cd.by_type_data(results, "nDCG@10")
    chart.set_data(data, "nDCG@10", results.systems)
    bt = results.by_type
    for system in results.systems:
        want = [
            float(bt[(bt.system == system) & (bt.question_type == t)]["nDCG@10"].iloc[0])
            for t in chart.types
        ]
        np.testing.assert_allclose(chart.bars[system].opts["height"], want, atol=1e-12)
    labels = [t[1] for t in chart.plot.getAxis("bottom")._tickLevels[0]]
    for t, label in zip(chart.types, labels):
        n = int(bt[(bt.system == "BM25") & (bt.question_type == t)]["n"].iloc[0])
        assert label == f"{t}\nn={n}"


def test_histogram_counts_and_click(qtbot, results):
    chart = _show(qtbot, charts.HistogramChart())
    h = cd.metric_histogram(results, "Recall@10")
    chart.set_data(h, "Recall@10", results.systems)
    for system in results.systems:
        np.testing.assert_array_equal(
            chart.bars[system].opts["height"], h[h.system == system]["count"]
        )
    sub = h[(h.system == "GraphRAG") & (h["count"] > 0)].iloc[-1]
    item = chart.bars["GraphRAG"]
    x = float(item.opts["x"][int(sub["bin"])])
    with qtbot.waitSignal(chart.questions_requested) as blocker:
        assert chart.click_at(x, 0.5)
    assert blocker.args[0] == list(sub["question_ids"])


def test_scatter_points_are_the_paired_scores_and_click_opens_the_question(qtbot, results):
    chart = _show(qtbot, charts.ScatterChart())
    data = cd.scatter_data(results.per_question, "nDCG@10", "BM25", "GraphRAG")
    chart.set_data(data, "nDCG@10", "BM25", "GraphRAG", results.systems)
    pts = chart.points.points()
    got = {}
    for p in pts:
        for q in p.data():
            got[q] = (p.pos().x(), p.pos().y())
    assert set(got) == set(data["question_id"])
    for q, x, y in zip(data["question_id"], data["x"], data["y"]):
        assert got[q][0] == pytest.approx(x, abs=1e-12) and got[q][1] == pytest.approx(y, abs=1e-12)
    single = [p for p in pts if len(p.data()) == 1][0]
    with qtbot.waitSignal(chart.questions_requested) as blocker:
        assert chart.click_at(single.pos().x(), single.pos().y())
    assert blocker.args[0] == [single.data()[0]]
    wins = int((data["diff"] > 1e-12).sum())
    assert any(f"GraphRAG better: {wins}" == label.text for _, label in chart.legend.items)


def test_coverage_bars_line_and_note(qtbot, results):
    chart = _show(qtbot, charts.CoverageChart())
    cov = cd.coverage_data(results, 10)
    chart.set_data(cov, results.systems)
    np.testing.assert_allclose(chart.bars.opts["height"], cov["coverage"], atol=1e-12)
    assert chart.line.value() == pytest.approx(0.8)
    assert "80%" in chart.note.text()
    with qtbot.waitSignal(chart.questions_requested) as blocker:
        assert chart.click_at(1.0, 0.05)
    assert blocker.args[0] == list(cov.iloc[1]["question_ids"])


def test_difference_histogram(qtbot, results):
    chart = _show(qtbot, charts.DifferenceHistogramChart())
    h = cd.difference_histogram(results.per_question, "MRR", "BM25", "GraphRAG")
    chart.set_data(h, "MRR", "BM25", "GraphRAG", results.systems)
    np.testing.assert_array_equal(chart.bars.opts["height"], h["count"])
    np.testing.assert_allclose(chart.bars.opts["x"], h["center"], atol=1e-12)


def test_tooltips_state_exact_value_and_n(qtbot, results):
    chart = _show(qtbot, charts.MetricBarChart())
    chart.set_data(_bars_frame(results), results.systems)
    tip = chart.hits()[0].tooltip
    system, metric = chart.systems[0], chart.metrics[0]
    assert f"{results.metric(system, metric):.4f}" in tip
    assert f"n = {int(results.aggregates.loc[system, 'n'])}" in tip


def _pixel_variety(path) -> int:
    img = QImage(str(path))
    colours = set()
    for x in range(0, img.width(), 7):
        for y in range(0, img.height(), 7):
            colours.add(img.pixel(x, y))
    return len(colours)


@pytest.mark.parametrize(
    "make",
    [charts.MetricBarChart, charts.RankDistributionChart, charts.CoverageChart],
)
def test_png_and_svg_export(qtbot, results, tmp_path, make):
    chart = _show(qtbot, make())
    if make is charts.MetricBarChart:
        chart.set_data(_bars_frame(results), results.systems)
    elif make is charts.RankDistributionChart:
        chart.set_data(cd.rank_distribution(results, 10), results.systems)
    else:
        chart.set_data(cd.coverage_data(results, 10), results.systems)
    png = chart.export_png(tmp_path / "chart.png", width=1000)
    img = QImage(str(png))
    rect = chart.view.ci.sceneBoundingRect()
    assert img.width() == 1000
    assert img.height() == pytest.approx(1000 * rect.height() / rect.width(), abs=2)
    assert _pixel_variety(png) > 8  # not blank: bars, text, axes
    svg = chart.save_chart(tmp_path / "chart.svg")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = svg.read_text(encoding="utf-8")
    assert "벡터" in text  # Korean stays text (system name in the legend or the axis)
    assert not list(tmp_path.glob(".chart-*"))  # no temporary file left behind


class _Korean(QTranslator):
    def translate(self, context, source, disambiguation=None, n=-1):
        return {
            "Where the first relevant passage appears": "첫 관련 문단의 위치",
            "rank 1": "1위",
        }.get(source)

    def isEmpty(self):
        return False


def test_language_change_retranslates(qtbot, results):
    chart = _show(qtbot, charts.RankDistributionChart())
    chart.set_data(cd.rank_distribution(results, 10), results.systems)
    translator = _Korean()
    app = QCoreApplication.instance()
    app.installTranslator(translator)
    try:
        QCoreApplication.processEvents()
        assert "첫 관련 문단의 위치" in chart.title_item.text
        assert any(label.text == "1위" for _, label in chart.legend.items)
    finally:
        app.removeTranslator(translator)
        QCoreApplication.processEvents()
    assert "Where the first relevant passage appears" in chart.title_item.text


def test_overview_charts_follow_the_state(qtbot, results):
    from workbench.ui.state import AppState

    state = AppState()
    widget = _show(qtbot, charts.OverviewCharts(state))
    seen = []
    widget.questions_requested.connect(lambda ids, title: seen.append((ids, title)))
    state.results = results
    with qtbot.waitSignals([widget.updated, widget.ci_ready], timeout=20000):
        state.results_changed.emit(results)
    widget.tabs.setCurrentWidget(widget.curves)  # a chart on a hidden tab is drawn when shown
    for system in results.systems:
        x, y = widget.curves.lines[system].getData()
        k10 = list(x).index(10)
        assert y[k10] == pytest.approx(
            results.metric(system, f"{widget.curves.family}@10"), abs=1e-12
        )
    want = stats.system_confidence_intervals(results.per_question, cd.default_metrics(results))
    got = widget.bars.frame
    for rec in want.to_dict("records"):
        row = got[(got.system == rec["system"]) & (got.metric == rec["metric"])].iloc[0]
        assert row["ci_low"] == rec["ci_low"] and row["ci_high"] == rec["ci_high"]
    assert widget.by_type.metric_name == "nDCG@10"
    assert widget.scatter.a == "BM25" and widget.scatter.b == "GraphRAG"
    widget.coverage.click_at(0.0, 0.05)
    assert seen and seen[-1][0] == list(widget.coverage.frame.iloc[0]["question_ids"])
    # choosing another metric for the per-type chart redraws it
    widget.by_type.metric_combo.setCurrentText("MRR")
    assert widget.by_type.metric_name == "MRR"
    state.runner.wait()


def test_palette_is_stable_and_okabe_ito():
    systems = ["A", "B", "C"]
    assert palette.system_color("B", systems).name() == "#56b4e9"
    assert palette.system_color("B", systems) == palette.system_color("B", ["A", "B", "C", "D"])
    assert palette.system_symbol("A", systems) != palette.system_symbol("B", systems)
    assert palette.system_color("zzz", systems) == palette.system_color("zzz", systems)
    names = {palette.system_color(s, list("abcdefgh")).name() for s in "abcdefgh"}
    assert len(names) == 8


def test_changeevent_during_construction_is_harmless(qtbot):
    chart = charts.HistogramChart()
    qtbot.addWidget(chart)
    QCoreApplication.sendEvent(chart, QEvent(QEvent.Type.LanguageChange))
    assert chart.frame.empty
    assert isinstance(chart.frame, pd.DataFrame)


def test_hovering_a_bar_shows_its_value_ci_and_n(qtbot, results):
    """A real mouse move over the plot (BarGraphItem has no hover of its own)."""
    from PySide6.QtWidgets import QToolTip

    chart = _show(qtbot, charts.MetricBarChart())
    chart.set_data(_bars_frame(results), results.systems)
    hit = chart.hits()[0]
    centre = QPointF((hit.x0 + hit.x1) / 2, (hit.y0 + hit.y1) / 2)
    scene = chart.vb.mapViewToScene(centre)
    viewport = chart.view.viewport()
    QTest.mouseMove(viewport, chart.view.mapFromScene(scene))
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=2000)
    text = QToolTip.text()
    system, metric = chart.systems[0], chart.metrics[0]
    assert text == hit.tooltip
    assert f"{results.metric(system, metric):.4f}" in text and "95%" in text and "n = " in text
    # off every bar (above the plot's top): the tooltip goes away
    QTest.mouseMove(
        viewport, chart.view.mapFromScene(chart.vb.mapViewToScene(QPointF(centre.x(), 1.04)))
    )
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=2000)


def test_coverage_line_is_explained_in_the_legend_not_over_a_bar(qtbot, results):
    chart = _show(qtbot, charts.CoverageChart())
    chart.set_data(cd.coverage_data(results, 10), results.systems)
    labels = [label.text for _sample, label in chart.legend.items]
    assert any(label.startswith("80%") for label in labels)
    texts_in_plot = [i for i in chart.plot.items if isinstance(i, pg.TextItem)]
    assert all(not t.toPlainText().startswith("80%") for t in texts_in_plot)


def test_rank_labels_are_shown_only_where_they_fit(qtbot, results):
    chart = _show(qtbot, charts.RankDistributionChart(), 900, 600)
    chart.set_data(cd.rank_distribution(results, 10), results.systems)
    QCoreApplication.processEvents()
    chart.fit_labels()
    px_per_unit = chart.vb.height() / 1.02
    for item, share in zip(chart.labels, chart._label_shares):
        tall_enough = share * px_per_unit >= item.textItem.boundingRect().height() - 6
        if item.isVisible():
            assert tall_enough
    assert any(item.isVisible() for item in chart.labels)
    small = _show(qtbot, charts.RankDistributionChart(), 360, 250)
    small.set_data(cd.rank_distribution(results, 10), results.systems)
    QCoreApplication.processEvents()
    small.fit_labels()
    assert sum(i.isVisible() for i in small.labels) <= sum(i.isVisible() for i in chart.labels)
    px_small = small.vb.height() / 1.02
    for item, share in zip(small.labels, small._label_shares):
        if item.isVisible():
            assert share * px_small >= item.textItem.boundingRect().height() - 6


def test_a_click_on_a_systems_bar_lists_the_questions_by_that_systems_score(qtbot):
    """BM25's nDCG@10 bar opens the Question review sorted by BM25's nDCG@10, worst
    first (it listed them by the mean over every system)."""
    from _demo_window import demo_window

    window = demo_window(qtbot)
    window.show_page("overview")
    chart = window.page("overview").overview_charts.bars
    qtbot.waitUntil(lambda: any(h.title == "BM25 · nDCG@10" for h in chart.hits()), timeout=60000)
    (hit,) = [h for h in chart.hits() if h.title == "BM25 · nDCG@10"]
    centre = QPointF((hit.x0 + hit.x1) / 2, (hit.y0 + hit.y1) / 2)
    pos = chart.view.mapFromScene(chart.vb.mapViewToScene(centre))
    viewport = chart.view.viewport()
    assert viewport.isVisible() and viewport.rect().contains(pos)
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    assert window.current_page_key() == "questions"
    review = window.page("questions")
    qtbot.waitUntil(
        lambda: review.index is not None and review.model.rowCount() == len(hit.question_ids),
        timeout=60000,
    )
    assert review.measure == "nDCG@10"
    shown = [review.model.question_id(r) for r in range(review.model.rowCount())]
    pq = window.state.results.per_question
    scores = pq[pq["system"] == "BM25"].set_index("question_id")["nDCG@10"]
    listed = [float(scores[q]) for q in shown]
    assert listed == sorted(listed)  # BM25 worst first
    # the mean over the systems orders them otherwise: the test tells the two apart
    means = pq.groupby("question_id")["nDCG@10"].mean()
    assert [q for q in sorted(shown, key=lambda q: (means[q], q))] != shown
    assert review.chosen_systems[0] == "BM25"
