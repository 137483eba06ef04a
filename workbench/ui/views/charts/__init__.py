"""Chart widgets (pyqtgraph) for the Overview and Compare pages.

Every chart is a :class:`ChartWidget`: a title, a legend above the plot (so
it never hides data), the plot, an optional note, and a "Save chart…"
button (PNG or SVG). Hovering a bar, segment or point shows its exact value
and n; clicking it emits ``questions_requested(question_ids, title)`` with
the questions behind it (the integrator opens them in the Question review
page). Data comes from :mod:`workbench.core.measures.chart_data`; a chart never
computes anything slow itself — :class:`OverviewCharts` runs the curves and
the bootstrap CIs in the app's task runner. Plot items are created once and
updated with ``setOpts``/``setData`` when the results change.

Colours: one per system everywhere (:mod:`workbench.ui.palette`), with a
marker shape per system as a second cue.
"""

from __future__ import annotations

from workbench.ui.views.charts.bars import MetricBarChart
from workbench.ui.views.charts.base import INK, ChartWidget, Hit, _fmt
from workbench.ui.views.charts.by_type import ByTypeChart
from workbench.ui.views.charts.coverage import CoverageChart
from workbench.ui.views.charts.curves import CurveChart
from workbench.ui.views.charts.overview_panel import OverviewCharts, overview_chart_data
from workbench.ui.views.charts.per_question import (
    DifferenceHistogramChart,
    HistogramChart,
    ScatterChart,
)
from workbench.ui.views.charts.ranks import RankDistributionChart

__all__ = [
    "INK",
    "ChartWidget",
    "Hit",
    "_fmt",
    "MetricBarChart",
    "CurveChart",
    "RankDistributionChart",
    "ByTypeChart",
    "HistogramChart",
    "ScatterChart",
    "DifferenceHistogramChart",
    "CoverageChart",
    "overview_chart_data",
    "OverviewCharts",
]
