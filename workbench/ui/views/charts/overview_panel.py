"""The Overview's chart section: every chart in tabs, its data computed in the
app's task runner."""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above

from workbench.core.measures import chart_data as cd
from workbench.core.model.results import Results
from workbench.ui.views.charts.bars import MetricBarChart
from workbench.ui.views.charts.base import ChartWidget
from workbench.ui.views.charts.by_type import ByTypeChart
from workbench.ui.views.charts.coverage import CoverageChart
from workbench.ui.views.charts.curves import CurveChart
from workbench.ui.views.charts.per_question import HistogramChart, ScatterChart
from workbench.ui.views.charts.ranks import RankDistributionChart
from workbench.ui.when_shown import WhenShown


def overview_chart_data(results: Results, progress=None, cancelled=None) -> dict[str, pd.DataFrame]:
    """Everything the Overview charts show except the CIs (worker function)."""
    if progress is not None:
        progress(0.0, "")
    curves = cd.curve_data(results, cancelled=cancelled)
    k = int(max(results.settings.ks)) if results.settings.ks else 10
    data = {
        "results": results,
        "bars": cd.bar_data(results, cd.default_metrics(results), with_ci=False),
        "curves": curves,
        "first_ranks": cd.first_relevant_ranks(results),
        "ranks": cd.rank_distribution(results, k),
        "coverage": cd.coverage_data(results, k),
    }
    if progress is not None:
        progress(1.0, "")
    return data


def _bars_with_ci(
    results: Results, metrics: list[str], progress=None, cancelled=None
) -> tuple[Results, pd.DataFrame]:
    frame = cd.bar_data(results, metrics, with_ci=True, progress=progress, cancelled=cancelled)
    return results, frame


class OverviewCharts(QWidget):
    """The Overview's charts in tabs: scores with CIs, curves over K, first
    relevant rank, per question type, the spread over questions (histogram),
    system A vs B per question (scatter), Judged@K coverage.

    Listens to ``state.results_changed``; the curves and the bootstrap CIs
    run in ``state.runner`` (tasks ``charts.data`` and ``charts.ci``).
    ``questions_requested(list, str)`` relays every chart's clicks.
    """

    questions_requested = Signal(list, object)
    #: the charts show new results (after the worker delivered)
    updated = Signal()
    #: the CI whiskers are drawn
    ci_ready = Signal()
    # Task answers arrive through these signals (signal-to-signal connections):
    # connecting a task handle's ``finished`` to a Python callable crashes
    # PySide6 6.12 when the runner deletes the handle (segfault in ~QObject).
    _data_answer = Signal(object)
    _ci_answer = Signal(object)

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.results: Results | None = None
        self.tabs = QTabWidget(self)
        # Every chart is created with its parent: a parentless chart later put
        # into a tab and then redrawn trips a PySide6 6.12 reference-count bug
        # (a "bool_dealloc" abort when the interpreter exits).
        self.bars = MetricBarChart(self.tabs)
        self.curves = CurveChart(self.tabs)
        self.ranks = RankDistributionChart(self.tabs)
        self.by_type = ByTypeChart(self.tabs)
        self.histogram = HistogramChart(self.tabs)
        self.scatter = ScatterChart(self.tabs)
        self.coverage = CoverageChart(self.tabs)
        self._when_shown = WhenShown(self)
        for chart in self.charts():
            chart.questions_requested.connect(self.questions_requested)
            chart.system_tooltip = getattr(state, "system_tooltip", None)
            chart.data_source = self.ensure_current  # saved from the Export page too
        self.tabs.addTab(self.bars, "")
        self.tabs.addTab(self.curves, "")
        self.tabs.addTab(self.ranks, "")
        self.tabs.addTab(self.by_type, "")
        self.tabs.addTab(self.histogram, "")
        self.tabs.addTab(self.scatter, "")
        self.tabs.addTab(self.coverage, "")
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.tabs)
        self.bars.metrics_chosen.connect(self._metrics_chosen)
        self.by_type.metric_combo.currentTextChanged.connect(self._by_type_metric)
        self.histogram.metric_combo.currentTextChanged.connect(self._histogram_metric)
        for combo in (self.scatter.metric_combo, self.scatter.a_combo, self.scatter.b_combo):
            combo.currentTextChanged.connect(self._scatter_changed)
        self._metrics: list[str] = []
        self._filling = False
        self._data_answer.connect(self._on_data)
        self._ci_answer.connect(self._on_ci)
        state.results_changed.connect(self.set_results)
        self.retranslate()
        self._ready = True
        if getattr(state, "results", None) is not None:
            self.set_results(state.results)

    def charts(self) -> list[ChartWidget]:
        return [
            self.bars,
            self.curves,
            self.ranks,
            self.by_type,
            self.histogram,
            self.scatter,
            self.coverage,
        ]

    def retranslate(self) -> None:
        for i, chart in enumerate(self.charts()):
            self.tabs.setTabText(i, chart.chart_name())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- results ------------------------------------------------------------------
    def set_results(self, results: Results | None) -> None:
        self.results = results
        if results is None:
            self.state.runner.cancel("charts.data")
            self.state.runner.cancel("charts.ci")
            empty_systems: list[str] = []
            self.bars.set_data(pd.DataFrame(columns=["system", "metric"]), empty_systems)
            return
        # drawn (and its curves and CIs computed) when the charts are looked at or
        # saved: every grade given elsewhere brings new scores
        self._when_shown.run(self._show_results)

    def ensure_current(self) -> None:
        """Every chart with the latest scores now, the curves and CIs computed on the
        spot: the Export page saves the charts without the Overview being shown."""
        if self._when_shown.take():
            self._show_results(at_once=True)

    def _show_results(self, at_once: bool = False) -> None:
        results = self.results
        if results is None:
            return
        systems = [str(s) for s in results.systems]
        if not self._metrics or not all(m in results.measures for m in self._metrics):
            self._metrics = cd.default_metrics(results)
        self._filling = True
        self.bars.set_available_metrics(list(results.measures), self._metrics)
        metric = (
            self._metrics[0] if self._metrics else (results.measures[0] if results.measures else "")
        )
        for combo in (
            self.by_type.metric_combo,
            self.histogram.metric_combo,
            self.scatter.metric_combo,
        ):
            keep = combo.currentText()
            combo.clear()
            combo.addItems(list(results.measures))
            combo.setCurrentText(keep if keep in results.measures else metric)
        for combo, default in ((self.scatter.a_combo, 0), (self.scatter.b_combo, len(systems) - 1)):
            keep = combo.currentText()
            combo.clear()
            combo.addItems(systems)
            combo.setCurrentText(
                keep if keep in systems else systems[max(0, default)] if systems else ""
            )
        self._filling = False
        # cheap views now (group-bys over per_question), the rest in the worker
        self.bars.set_data(cd.bar_data(results, self._metrics, with_ci=False), systems)
        self._by_type_metric()
        self._histogram_metric()
        self._scatter_changed()
        if at_once:
            self.state.runner.cancel("charts.data")
            self.state.runner.cancel("charts.ci")
            self._on_data(overview_chart_data(results))
            self._on_ci(_bars_with_ci(results, list(self._metrics)))
            return
        handle = self.state.runner.start("charts.data", overview_chart_data, results)
        # the results travel with the answer, so a late answer for older results
        # is recognised and dropped
        handle.finished.connect(self._data_answer)
        self._start_ci()

    def _start_ci(self) -> None:
        results = self.results
        if results is None:
            return
        handle = self.state.runner.start("charts.ci", _bars_with_ci, results, list(self._metrics))
        handle.finished.connect(self._ci_answer)

    def _on_data(self, data: dict) -> None:
        results = data["results"]
        if results is not self.results:
            return
        systems = [str(s) for s in results.systems]
        self.curves.set_data(
            data["curves"], data["first_ranks"], list(results.settings.ks), systems
        )
        self.ranks.set_data(data["ranks"], systems)
        self.coverage.set_data(data["coverage"], systems)
        self.updated.emit()

    def _on_ci(self, answer: tuple) -> None:
        results, frame = answer
        if results is not self.results:
            return
        self.bars.set_data(frame, [str(s) for s in results.systems])
        self.ci_ready.emit()

    def _metrics_chosen(self, metrics: list) -> None:
        if self._filling or self.results is None:
            return
        self._metrics = list(metrics)
        self.bars.set_data(
            cd.bar_data(self.results, self._metrics, with_ci=False), self.results.systems
        )
        self._start_ci()

    def _by_type_metric(self, *_: object) -> None:
        r = self.results
        metric = self.by_type.metric_combo.currentText()
        if self._filling or r is None or metric not in r.measures:
            return
        self.by_type.set_data(cd.by_type_data(r, metric), metric, r.systems)

    def _histogram_metric(self, *_: object) -> None:
        r = self.results
        metric = self.histogram.metric_combo.currentText()
        if self._filling or r is None or metric not in r.measures:
            return
        self.histogram.set_data(cd.metric_histogram(r, metric), metric, r.systems)

    def _scatter_changed(self, *_: object) -> None:
        r = self.results
        metric = self.scatter.metric_combo.currentText()
        a, b = self.scatter.a_combo.currentText(), self.scatter.b_combo.currentText()
        if self._filling or r is None or metric not in r.measures or not a or not b:
            return
        self.scatter.set_data(
            cd.scatter_data(r.per_question, metric, a, b), metric, a, b, r.systems
        )
