"""Scores per question type."""

from __future__ import annotations

import numpy as np
import pandas as pd
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.ui import palette
from workbench.ui.views.charts.base import ChartWidget, Hit, _fmt


class ByTypeChart(ChartWidget):
    """A chosen metric per question type, grouped bars per system, n in the axis label."""

    bottom_lines = 3.8  # two-line ticks: the type, then n

    def chart_name(self) -> str:
        return self.tr("By question type")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.metric_name = ""
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.types: list[str] = []
        self.metric_combo = QComboBox(self)
        self.metric_label = QLabel(self)
        self.add_control(self.metric_combo, self.metric_label)
        self.retranslate()
        self._ready = True

    def set_data(self, frame: pd.DataFrame, metric: str, systems: list[str]) -> None:
        """``frame``: :func:`~workbench.core.measures.chart_data.by_type_data` for ``metric``."""
        self.frame = frame.reset_index(drop=True)
        self.metric_name = metric
        self.systems = [str(s) for s in systems]
        self.types = [str(t) for t in pd.unique(frame["question_type"])] if len(frame) else []
        self.redraw()

    def type_label(self, t: str) -> str:
        return t if t else self.tr("(no type)")

    def refresh(self) -> None:
        self.retranslate()
        self._sync_items(
            self.bars, self.systems, lambda s: self._add(pg.BarGraphItem(x=[], height=[], width=1))
        )
        self._hits = []
        n = max(1, len(self.systems))
        width = 0.8 / n
        entries = []
        ticks = []
        for j, t in enumerate(self.types):
            ns = self.frame.loc[self.frame["question_type"] == t, "n"]
            lo, hi = (int(ns.min()), int(ns.max())) if len(ns) else (0, 0)
            n_text = f"n={lo}" if lo == hi else f"n={lo}–{hi}"
            ticks.append((j, f"{self.type_label(t)}\n{n_text}"))
        for i, system in enumerate(self.systems):
            sub = self.frame[self.frame["system"] == system].set_index("question_type")
            x = np.arange(len(self.types), dtype=float) + (i - (n - 1) / 2.0) * width
            h = np.nan_to_num(
                np.array(
                    [float(sub.loc[t, "mean"]) if t in sub.index else np.nan for t in self.types]
                )
            )
            color = self.color(system)
            self.bars[system].setOpts(
                x=x, height=h, width=width * 0.9, brush=color, pen=pg.mkPen(palette.outline(color))
            )
            entries.append((self.bars[system], system))
            for j, t in enumerate(self.types):
                if t not in sub.index:
                    continue
                rec = sub.loc[t]
                tip = self.tr("{system} · {type}\n{metric} = {value}\nn = {n} questions").format(
                    system=system,
                    type=self.type_label(t),
                    metric=self.metric_name,
                    value=_fmt(h[j], 4),
                    n=int(rec["n"]),
                )
                self._hits.append(
                    Hit(
                        x[j] - width / 2,
                        x[j] + width / 2,
                        0,
                        max(h[j], 0.02),
                        tip + "\n" + self._click_hint(),
                        list(rec["question_ids"]),
                        f"{system} · {self.type_label(t)}",
                    )
                )
        self.set_legend(entries)
        self.plot.getAxis("bottom").setTicks([ticks])
        self._unit_axis()
        self.plot.setXRange(-0.6, max(0, len(self.types) - 1) + 0.6, padding=0)
        self.plot.setYRange(0, 1.05, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.metric_label.setText(self.tr("Metric:"))
        self.set_title(self.tr("{metric} by question type").format(metric=self.metric_name or "…"))
        self.set_axis_labels(self.tr("Question type (number of questions)"), self.metric_name)
