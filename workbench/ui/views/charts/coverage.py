"""Judged@K coverage."""

from __future__ import annotations

import numpy as np
import pandas as pd
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.core.measures import chart_data as cd
from workbench.ui.views.charts.base import INK, ChartWidget, Hit, _app_font, _pct


class CoverageChart(ChartWidget):
    """Judged@K per system with the 80% line below which comparisons are not trusted."""

    def chart_name(self) -> str:
        return self.tr("Judged coverage")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6)
        self.plot.addItem(self.bars)
        self.line = pg.InfiniteLine(
            pos=cd.COVERAGE_TRUST,
            angle=0,
            pen=pg.mkPen("#B00020", width=2, style=Qt.PenStyle.DashLine),
        )
        self.plot.addItem(self.line)
        # the line is explained in the legend above the plot, never over a bar
        self.line_sample = pg.PlotDataItem(
            [], [], pen=pg.mkPen("#B00020", width=2, style=Qt.PenStyle.DashLine)
        )
        self.line_text = ""
        self.warn_marks: list[pg.TextItem] = []
        self.vb.sigResized.connect(self.fit_range)
        self.note.show()
        self.retranslate()
        self._ready = True

    def fit_range(self, *_: object) -> None:
        """Room above 100 % for the percentages over the bars, whatever the font
        and the plot's height: a label of h pixels over a plot H pixels tall needs
        a margin m with m·H/(1+m) ≥ h."""
        height = self.vb.height()
        label = QFontMetrics(_app_font()).height() + 6
        share = min(label / height, 0.5) if height > 0 else 0.1
        self.plot.setYRange(0, 1.0 + max(share / (1 - share), 0.05), padding=0)

    def set_data(self, frame: pd.DataFrame, systems: list[str]) -> None:
        """``frame``: :func:`~workbench.core.measures.chart_data.coverage_data`."""
        self.frame = frame.reset_index(drop=True)
        self.systems = [str(s) for s in systems]
        self.redraw()

    def refresh(self) -> None:
        self.retranslate()
        self._hits = []
        for item in self.warn_marks:
            self.plot.removeItem(item)
        self.warn_marks = []
        sub = self.frame.set_index("system") if len(self.frame) else pd.DataFrame()
        x = np.arange(len(self.systems), dtype=float)
        cov = np.nan_to_num(
            np.array(
                [float(sub.loc[s, "coverage"]) if s in sub.index else np.nan for s in self.systems]
            )
        )
        brushes = [pg.mkBrush(self.color(s)) for s in self.systems]
        self.bars.setOpts(x=x, height=cov, width=0.6, brushes=brushes, pen=pg.mkPen(INK, width=1))
        font = _app_font()
        k = int(self.frame["k"].iloc[0]) if len(self.frame) else 10
        for i, system in enumerate(self.systems):
            if system not in sub.index:
                continue
            rec = sub.loc[system]
            tip = self.tr(
                "{system}\n{share} of the top {k} results are judged\n(mean over {n} questions the system answered)"
            ).format(system=system, share=_pct(cov[i]), k=k, n=int(rec["n"]))
            if not bool(rec["trusted"]):
                tip += "\n" + self.tr(
                    "Below 80%: judge more of its results before trusting a comparison."
                )
            self._hits.append(
                Hit(
                    x[i] - 0.3,
                    x[i] + 0.3,
                    0,
                    max(cov[i], 0.02),
                    tip + "\n" + self.tr("Click to list its questions, least judged first."),
                    list(rec["question_ids"]),
                    self.tr("{system}: judged share of the top {k}").format(system=system, k=k),
                )
            )
            text = pg.TextItem(
                ("⚠ " if not bool(rec["trusted"]) else "") + _pct(cov[i]),
                color=INK,
                anchor=(0.5, 1),
            )
            text.setFont(font)
            text.setPos(x[i], cov[i] + 0.01)
            self.plot.addItem(text)
            self.warn_marks.append(text)
        self.set_legend([(self.line_sample, self.line_text)])
        self.plot.getAxis("bottom").setTicks([[(i, s) for i, s in enumerate(self.systems)]])
        self._percent_axis()
        self.plot.setXRange(-0.6, max(0, len(self.systems) - 1) + 0.6, padding=0)
        self.fit_range()
        k_text = k
        self.set_title(
            self.tr("Judged@{k}: how much of each system's top {k} has a grade").format(k=k_text)
        )

    def retranslate(self) -> None:
        super().retranslate()
        k = int(self.frame["k"].iloc[0]) if len(self.frame) else 10
        self.set_title(
            self.tr("Judged@{k}: how much of each system's top {k} has a grade").format(k=k)
        )
        self.set_axis_labels(self.tr("System"), self.tr("Judged share of the top {k}").format(k=k))
        self.line_text = self.tr("80%: below this line, do not trust the comparison")
        self.note.setText(
            self.tr(
                "Unjudged passages count as not relevant. Below about 80% judged, a system's "
                "scores are probably too low and the comparison is not to be trusted: judge "
                "more of its top results first."
            )
        )
