"""Metric bars with CI whiskers (the Overview's first chart)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QToolButton, QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.ui import palette
from workbench.ui.views.charts.base import INK, ChartWidget, Hit, _fmt


class MetricBarChart(ChartWidget):
    """Systems × metrics, grouped by metric, with 95% bootstrap CI whiskers."""

    def chart_name(self) -> str:
        return self.tr("Scores")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.whiskers: dict[str, pg.ErrorBarItem] = {}
        self.metrics: list[str] = []
        self.metric_button = QToolButton(self)
        self.metric_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.metric_menu = QMenu(self.metric_button)
        self.metric_button.setMenu(self.metric_menu)
        self.add_control(self.metric_button)
        self.vb.setLimits(yMin=-0.05)
        self.retranslate()
        self._ready = True

    #: emitted when the user ticks or unticks a metric (the new list)
    metrics_chosen = Signal(list)

    def set_available_metrics(self, available: list[str], chosen: list[str]) -> None:
        self.metric_menu.clear()
        for name in available:
            act = self.metric_menu.addAction(name)
            act.setCheckable(True)
            act.setChecked(name in chosen)
            act.toggled.connect(self._metric_toggled)

    def chosen_metrics(self) -> list[str]:
        return [a.text() for a in self.metric_menu.actions() if a.isChecked()]

    def _metric_toggled(self, _checked: bool) -> None:
        chosen = self.chosen_metrics()
        if chosen:
            self.metrics_chosen.emit(chosen)

    def set_data(self, frame: pd.DataFrame, systems: list[str]) -> None:
        """``frame``: :func:`workbench.core.measures.chart_data.bar_data`."""
        self.frame = frame.reset_index(drop=True)
        self.systems = [str(s) for s in systems]
        self.metrics = list(pd.unique(frame["metric"])) if len(frame) else []
        self.redraw()

    def geometry(self) -> tuple[float, dict[str, np.ndarray]]:
        n = max(1, len(self.systems))
        width = 0.8 / n
        xs = {
            s: np.arange(len(self.metrics), dtype=float) + (i - (n - 1) / 2.0) * width
            for i, s in enumerate(self.systems)
        }
        return width, xs

    def refresh(self) -> None:
        self.retranslate()
        width, xs = self.geometry()
        self._sync_items(
            self.bars, self.systems, lambda s: self._add(pg.BarGraphItem(x=[], height=[], width=1))
        )
        self._sync_items(self.whiskers, self.systems, lambda s: self._add(pg.ErrorBarItem()))
        self._hits = []
        entries = []
        for system in self.systems:
            sub = self.frame[self.frame["system"] == system].set_index("metric")
            heights = np.array(
                [float(sub.loc[m, "mean"]) if m in sub.index else np.nan for m in self.metrics]
            )
            heights = np.nan_to_num(heights, nan=0.0)
            color = self.color(system)
            self.bars[system].setOpts(
                x=xs[system],
                height=heights,
                width=width * 0.9,
                brush=color,
                pen=pg.mkPen(palette.outline(color), width=1),
            )
            entries.append((self.bars[system], system))
            low = np.array(
                [float(sub.loc[m, "ci_low"]) if m in sub.index else np.nan for m in self.metrics]
            )
            high = np.array(
                [float(sub.loc[m, "ci_high"]) if m in sub.index else np.nan for m in self.metrics]
            )
            ok = ~(np.isnan(low) | np.isnan(high))
            self.whiskers[system].setData(
                x=xs[system][ok],
                y=heights[ok],
                top=np.maximum(high[ok] - heights[ok], 0.0),
                bottom=np.maximum(heights[ok] - low[ok], 0.0),
                beam=width * 0.35,
                pen=pg.mkPen(INK, width=1.5),
            )
            for j, metric in enumerate(self.metrics):
                if metric not in sub.index:
                    continue
                rec = sub.loc[metric]
                tip = self.tr(
                    "{system}\n{metric} = {value}\n95% CI {low} – {high}\nn = {n} questions"
                ).format(
                    system=system,
                    metric=metric,
                    value=_fmt(float(rec["mean"]), 4),
                    low=_fmt(float(rec["ci_low"]), 4),
                    high=_fmt(float(rec["ci_high"]), 4),
                    n=int(rec["n"]),
                )
                if np.isnan(float(rec["ci_low"])):
                    tip = self.tr("{system}\n{metric} = {value}\nn = {n} questions").format(
                        system=system,
                        metric=metric,
                        value=_fmt(float(rec["mean"]), 4),
                        n=int(rec["n"]),
                    )
                x = xs[system][j]
                self._hits.append(
                    Hit(
                        x - width / 2,
                        x + width / 2,
                        0.0,
                        max(heights[j], 0.02),
                        tip + "\n" + self.tr("Click to list its questions, worst first."),
                        list(rec["question_ids"]),
                        f"{system} · {metric}",
                        system=system,
                        measure=metric,
                    )
                )
        self.set_legend(entries)
        self.plot.getAxis("bottom").setTicks([[(i, m) for i, m in enumerate(self.metrics)]])
        self._unit_axis()
        self.plot.setXRange(-0.6, max(0, len(self.metrics) - 1) + 0.6, padding=0)
        self.plot.setYRange(0, 1.05, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.set_title(self.tr("Mean score per system (with 95% confidence interval)"))
        self.set_axis_labels(self.tr("Metric"), self.tr("Mean score"))
        self.metric_button.setText(self.tr("Metrics"))
        self.metric_button.setToolTip(self.tr("Choose the metrics shown as bars."))
