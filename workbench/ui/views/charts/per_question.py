"""Per-question views: the histogram of a measure, the scatter of two systems and
the histogram of their differences (the Compare page's charts)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from workbench.core.model.number_text import ids_text, range_text

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.core.model.korean import Word
from workbench.ui import palette
from workbench.ui.views.charts.base import ChartWidget, Hit, _count_ticks, _fmt


class HistogramChart(ChartWidget):
    """How a metric is spread over the questions: one bar per bin and system."""

    def chart_name(self) -> str:
        return self.tr("Spread over questions")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.metric_name = ""
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.metric_combo = QComboBox(self)
        self.metric_label = QLabel(self)
        self.add_control(self.metric_combo, self.metric_label)
        self.retranslate()
        self._ready = True

    def set_data(self, frame: pd.DataFrame, metric: str, systems: list[str]) -> None:
        """``frame``: :func:`~workbench.core.measures.chart_data.metric_histogram`."""
        self.frame = frame.reset_index(drop=True)
        self.metric_name = metric
        self.systems = [str(s) for s in systems]
        self.redraw()

    def refresh(self) -> None:
        self.retranslate()
        self._sync_items(
            self.bars, self.systems, lambda s: self._add(pg.BarGraphItem(x=[], height=[], width=1))
        )
        self._hits = []
        entries = []
        n = max(1, len(self.systems))
        top = 1
        for i, system in enumerate(self.systems):
            sub = self.frame[self.frame["system"] == system]
            low = sub["low"].to_numpy(dtype=float)
            high = sub["high"].to_numpy(dtype=float)
            bw = (high - low) if len(sub) else np.zeros(0)
            width = bw * 0.85 / n
            x = low + bw * 0.075 + width * (i + 0.5)
            counts = sub["count"].to_numpy(dtype=float)
            top = max(top, int(counts.max()) if counts.size else 0)
            color = self.color(system)
            self.bars[system].setOpts(
                x=x, height=counts, width=width, brush=color, pen=pg.mkPen(palette.outline(color))
            )
            entries.append((self.bars[system], system))
            for j, rec in enumerate(sub.to_dict("records")):
                closing = "]" if j == len(sub) - 1 else ")"
                tip = self.tr(
                    "{system}\n{metric} in [{low}, {high}{close}\n{count} questions"
                ).format(
                    system=system,
                    metric=self.metric_name,
                    low=_fmt(rec["low"], 2),
                    high=_fmt(rec["high"], 2),
                    close=closing,
                    count=int(rec["count"]),
                )
                self._hits.append(
                    Hit(
                        x[j] - width[j] / 2,
                        x[j] + width[j] / 2,
                        0,
                        max(counts[j], top * 0.02),
                        tip + "\n" + self._click_hint(),
                        list(rec["question_ids"]),
                        f"{system} · {self.metric_name} "
                        f"{range_text(_fmt(rec['low'], 2), _fmt(rec['high'], 2))}",
                    )
                )
        self.set_legend(entries)
        self.plot.getAxis("bottom").setTicks([[(v / 10, f"{v / 10:.1f}") for v in range(0, 11)]])
        self.set_left_ticks(_count_ticks(top))
        self.plot.setXRange(-0.02, 1.02, padding=0)
        self.plot.setYRange(0, top * 1.08, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.metric_label.setText(self.tr("Metric:"))
        self.set_title(
            self.tr("How {metric} is spread over the questions").format(
                metric=self.metric_name or "…"
            )
        )
        self.set_axis_labels(self.metric_name, self.tr("Questions"))


class ScatterChart(ChartWidget):
    """System A (x) against system B (y), one point per question, with the diagonal.

    Points above the diagonal are questions where B scores higher. Questions
    with the same pair of scores share one point, whose size grows with their
    number (tooltip: how many and which).
    """

    def chart_name(self) -> str:
        return self.tr("A vs B per question")

    def __init__(self, parent: QWidget | None = None, with_controls: bool = True) -> None:
        super().__init__(parent)
        self.data = pd.DataFrame(columns=["question_id", "x", "y", "diff"])
        self.metric_name = ""
        self.a = self.b = Word("")
        self.diagonal = pg.PlotDataItem(
            [-0.05, 1.05],
            [-0.05, 1.05],
            pen=pg.mkPen(palette.NEUTRAL, width=1.5, style=Qt.PenStyle.DashLine),
        )
        self.plot.addItem(self.diagonal)
        self.points = pg.ScatterPlotItem()
        self.plot.addItem(self.points)
        self.groups: list[tuple[float, float, list[str]]] = []
        self.a_combo = QComboBox(self)
        self.b_combo = QComboBox(self)
        self.metric_combo = QComboBox(self)
        self.a_label = QLabel(self)
        self.b_label = QLabel(self)
        self.metric_label = QLabel(self)
        if with_controls:
            self.add_control(self.metric_combo, self.metric_label)
            self.add_control(self.a_combo, self.a_label)
            self.add_control(self.b_combo, self.b_label)
        else:
            for w in (
                self.a_combo,
                self.b_combo,
                self.metric_combo,
                self.a_label,
                self.b_label,
                self.metric_label,
            ):
                w.hide()
        self._samples: dict[str, pg.ScatterPlotItem] = {}
        self.retranslate()
        self._ready = True

    def _sample(self, color: QColor) -> pg.ScatterPlotItem:
        """A legend sample: a filled dot of ``color`` (kept, the legend refers to it)."""
        key = color.name()
        if key not in self._samples:
            self._samples[key] = pg.ScatterPlotItem(
                symbol="o", size=10, brush=pg.mkBrush(color), pen=pg.mkPen(palette.outline(color))
            )
        return self._samples[key]

    def set_data(self, data: pd.DataFrame, metric: str, a: str, b: str, systems: list[str]) -> None:
        """``data``: :func:`~workbench.core.measures.chart_data.scatter_data` (x = A, y = B)."""
        self.data = data.reset_index(drop=True)
        # Words: the Korean texts pick the particle after each system's name
        self.metric_name, self.a, self.b = metric, Word(str(a)), Word(str(b))
        self.systems = [str(s) for s in systems]
        self.redraw()

    def refresh(self) -> None:
        self.retranslate()
        self._hits = []
        grouped: dict[tuple[float, float], list[str]] = {}
        for q, x, y in zip(self.data["question_id"], self.data["x"], self.data["y"]):
            grouped.setdefault((float(x), float(y)), []).append(str(q))
        self.groups = [(x, y, ids) for (x, y), ids in grouped.items()]
        # three looks (B higher, A higher, equal), made once: a brush and a pen per
        # point cost ~0.1 ms each, 0.2 s on the GUI thread for 2,000 questions
        looks = {}
        ca, cb = self.color(self.a), self.color(self.b)
        for side, color in ((1, cb), (-1, ca), (0, QColor(palette.NEUTRAL))):
            fill = QColor(color)
            fill.setAlpha(190)
            looks[side] = (pg.mkBrush(fill), pg.mkPen(palette.outline(color)))
        xs, ys, sizes, brushes, pens, datas = [], [], [], [], [], []
        for x, y, ids in self.groups:
            side = 1 if y > x + 1e-12 else -1 if y < x - 1e-12 else 0
            xs.append(x)
            ys.append(y)
            sizes.append(9 + 5 * math.sqrt(len(ids) - 1))
            brushes.append(looks[side][0])
            pens.append(looks[side][1])
            datas.append(tuple(ids))
            shown = ids_text(ids, shown=8)
            tip = self.tr("{count} question(s): {ids}\n{a}: {x}\n{b}: {y}").format(
                count=len(ids), ids=shown, a=self.a, x=_fmt(x, 4), b=self.b, y=_fmt(y, 4)
            )
            title = ids[0] if len(ids) == 1 else f"{self.b} − {self.a} · {self.metric_name}"
            self._hits.append(
                Hit(x, x, y, y, tip + "\n" + self._click_hint(), ids, title, point=True)
            )
        # the question ids of each point, one tuple per element (a list of tuples all
        # of one length would become a 2-D array)
        point_data = np.empty(len(datas), dtype=object)
        for i, ids in enumerate(datas):
            point_data[i] = ids
        self.points.setData(x=xs, y=ys, size=sizes, brush=brushes, pen=pens, data=point_data)
        diff = self.data["diff"].to_numpy(dtype=float) if len(self.data) else np.zeros(0)
        wins = int((diff > 1e-12).sum())
        losses = int((diff < -1e-12).sum())
        ties = int(diff.size - wins - losses)
        # counts in the legend, not on the plot, so they never cover points
        self.set_legend(
            [
                (self._sample(cb), self.tr("{b} better: {n}").format(b=self.b, n=wins)),
                (self._sample(ca), self.tr("{a} better: {n}").format(a=self.a, n=losses)),
                (self._sample(QColor(palette.NEUTRAL)), self.tr("same: {n}").format(n=ties)),
            ]
            if self.a and self.b
            else []
        )
        ticks = [[(v / 10, f"{v / 10:.1f}") for v in range(0, 11, 2)]]
        self.plot.getAxis("bottom").setTicks(ticks)
        self.plot.setXRange(-0.05, 1.05, padding=0)
        self.plot.setYRange(-0.05, 1.05, padding=0)
        self.set_left_ticks(ticks[0])  # after the range: thinned for this height

    def retranslate(self) -> None:
        super().retranslate()
        self.metric_label.setText(self.tr("Metric:"))
        self.a_label.setText(self.tr("A (x):"))
        self.b_label.setText(self.tr("B (y):"))
        self.set_title(
            self.tr("{metric} per question: {a} vs {b}").format(
                metric=self.metric_name or "…", a=self.a or "A", b=self.b or "B"
            )
        )
        self.set_axis_labels(self.a or "A", self.b or "B")


class DifferenceHistogramChart(ChartWidget):
    """Per-question differences B − A of one metric; ties in the middle bin."""

    def chart_name(self) -> str:
        return self.tr("Differences per question")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.metric_name = ""
        self.a = self.b = Word("")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.1)
        self.plot.addItem(self.bars)
        self.zero = pg.InfiniteLine(
            pos=0, angle=90, pen=pg.mkPen(palette.NEUTRAL, style=Qt.PenStyle.DashLine)
        )
        self.plot.addItem(self.zero)
        self.retranslate()
        self._ready = True

    def set_data(
        self, frame: pd.DataFrame, metric: str, a: str, b: str, systems: list[str]
    ) -> None:
        """``frame``: :func:`~workbench.core.measures.chart_data.difference_histogram` (B − A)."""
        self.frame = frame.reset_index(drop=True)
        # Words: the Korean texts pick the particle after each system's name
        self.metric_name, self.a, self.b = metric, Word(str(a)), Word(str(b))
        self.systems = [str(s) for s in systems]
        self.redraw()

    def refresh(self) -> None:
        self.retranslate()
        self._hits = []
        if not len(self.frame):
            self.bars.setOpts(x=[], height=[], width=0.1)
            self.set_legend([])
            return
        center = self.frame["center"].to_numpy(dtype=float)
        counts = self.frame["count"].to_numpy(dtype=float)
        width = float(self.frame["high"].iloc[0] - self.frame["low"].iloc[0])
        ca, cb = self.color(self.a), self.color(self.b)
        brushes = [
            pg.mkBrush(cb if c > width / 2 else ca if c < -width / 2 else QColor(palette.NEUTRAL))
            for c in center
        ]
        self.bars.setOpts(
            x=center, height=counts, width=width * 0.9, brushes=brushes, pen=pg.mkPen("w")
        )
        top = max(1.0, float(counts.max()))
        for rec, c, h in zip(self.frame.to_dict("records"), center, counts):
            if c > width / 2:
                side = self.tr("{b} better").format(b=self.b)
            elif c < -width / 2:
                side = self.tr("{a} better").format(a=self.a)
            else:
                side = self.tr("about equal")
            tip = self.tr("{b} − {a} in [{low}, {high}): {count} questions ({side})").format(
                a=self.a,
                b=self.b,
                low=_fmt(rec["low"], 2),
                high=_fmt(rec["high"], 2),
                count=int(h),
                side=side,
            )
            self._hits.append(
                Hit(
                    c - width / 2,
                    c + width / 2,
                    0,
                    max(h, top * 0.02),
                    tip + "\n" + self._click_hint(),
                    list(rec["question_ids"]),
                    f"{self.b} − {self.a} · {self.metric_name} "
                    f"{range_text(_fmt(rec['low'], 2), _fmt(rec['high'], 2))}",
                )
            )
        self._legend_samples = [
            pg.BarGraphItem(x=[0], height=[0], width=1, brush=c, pen=pg.mkPen(palette.outline(c)))
            for c in (cb, ca, QColor(palette.NEUTRAL))
        ]
        self.set_legend(
            list(
                zip(
                    self._legend_samples,
                    [
                        self.tr("{b} better").format(b=self.b),
                        self.tr("{a} better").format(a=self.a),
                        self.tr("about equal"),
                    ],
                )
            )
        )
        lo, hi = float(self.frame["low"].min()), float(self.frame["high"].max())
        self.plot.getAxis("bottom").setTicks(
            [
                [
                    (v / 2, f"{v / 2:+.1f}".replace("+0.0", "0"))
                    for v in range(int(lo * 2), int(hi * 2) + 1)
                ]
            ]
        )
        self.set_left_ticks(_count_ticks(top))
        self.plot.setXRange(lo, hi, padding=0.01)
        self.plot.setYRange(0, top * 1.08, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.set_title(
            self.tr("Difference per question: {b} − {a}").format(a=self.a or "A", b=self.b or "B")
        )
        self.set_axis_labels(
            self.tr("{metric} difference (right of 0: {b} better)").format(
                metric=self.metric_name, b=self.b or Word("B")
            ),
            self.tr("Questions"),
        )
