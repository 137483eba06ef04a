"""Curves over K."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.core.measures import chart_data as cd
from workbench.ui import palette
from workbench.ui.views.charts.base import ChartWidget, Hit, _fmt


class CurveChart(ChartWidget):
    """Recall@K or nDCG@K for K = 1 … deepest ranking, one line per system."""

    FAMILIES = ("Recall", "nDCG")

    def chart_name(self) -> str:
        return self.tr("Over K")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curves = pd.DataFrame()
        self.first_ranks = pd.DataFrame()
        self.ks: list[int] = []
        self.lines: dict[str, pg.PlotDataItem] = {}
        self.markers: dict[str, pg.ScatterPlotItem] = {}
        self._samples: dict[str, pg.PlotDataItem] = {}
        self.family_combo = QComboBox(self)
        self.family_combo.addItems(["Recall@K", "nDCG@K"])
        self.family_combo.currentIndexChanged.connect(lambda _: self.refresh())
        self.family_label = QLabel(self)
        self.add_control(self.family_combo, self.family_label)
        self.retranslate()
        self._ready = True

    @property
    def family(self) -> str:
        return self.FAMILIES[max(0, self.family_combo.currentIndex())]

    def set_family(self, family: str) -> None:
        self.family_combo.setCurrentIndex(self.FAMILIES.index(family))

    def set_data(
        self, curves: pd.DataFrame, first_ranks: pd.DataFrame, ks: list[int], systems: list[str]
    ) -> None:
        """``curves``: :func:`~workbench.core.measures.chart_data.curve_data`; ``first_ranks``:
        :func:`~workbench.core.measures.chart_data.first_relevant_ranks`; ``ks``: the settings' K."""
        self.curves = curves
        self.first_ranks = first_ranks
        self.ks = sorted(int(k) for k in ks)
        self.systems = [str(s) for s in systems]
        self.redraw()

    def refresh(self) -> None:
        self.retranslate()
        fam = self.family
        self._sync_items(self.lines, self.systems, lambda s: self._add(pg.PlotDataItem()))
        self._sync_items(self.markers, self.systems, lambda s: self._add(pg.ScatterPlotItem()))
        self._hits = []
        entries = []
        kmax = 1
        styles = [
            Qt.PenStyle.SolidLine,
            Qt.PenStyle.DashLine,
            Qt.PenStyle.DotLine,
            Qt.PenStyle.DashDotLine,
        ]
        for i, system in enumerate(self.systems):
            sub = (
                self.curves[(self.curves["system"] == system) & (self.curves["family"] == fam)]
                if len(self.curves)
                else pd.DataFrame(columns=["k", "value", "n"])
            )
            k = sub["k"].to_numpy(dtype=float)
            v = sub["value"].to_numpy(dtype=float)
            if k.size:
                kmax = max(kmax, int(k.max()))
            color = self.color(system)
            symbol = palette.system_symbol(system, self.systems)
            self.lines[system].setData(
                k, v, pen=pg.mkPen(color, width=2.5, style=styles[i % len(styles)]), name=system
            )
            at = np.isin(k, self.ks)
            self.markers[system].setData(
                x=k[at],
                y=v[at],
                symbol=symbol,
                size=11,
                brush=pg.mkBrush(color),
                pen=pg.mkPen(palette.outline(color)),
            )
            self.lines[system].setSymbol(None)
            # legend sample with line style *and* marker shape (colour is not the only cue)
            sample = self._samples.setdefault(system, pg.PlotDataItem())
            sample.setData(
                [],
                [],
                pen=pg.mkPen(color, width=2.5, style=styles[i % len(styles)]),
                symbol=symbol,
                symbolBrush=pg.mkBrush(color),
                symbolPen=pg.mkPen(palette.outline(color)),
                symbolSize=10,
            )
            entries.append((sample, system))
            n = int(sub["n"].iloc[0]) if len(sub) else 0
            not_found = (
                cd.not_found_at(self.first_ranks, system, k.astype(int))
                if len(self.first_ranks)
                else {}
            )
            for kk, vv in zip(k, v):
                kk = int(kk)
                missing = not_found.get(kk, [])
                tip = self.tr("{system}\n{metric} = {value}\nn = {n} questions").format(
                    system=system, metric=f"{fam}@{kk}", value=_fmt(vv, 4), n=n
                )
                tip += "\n" + self.tr(
                    "{count} questions have nothing relevant in the top {k}."
                ).format(count=len(missing), k=kk)
                title = self.tr("{system}: nothing relevant in the top {k}").format(
                    system=system, k=kk
                )
                self._hits.append(Hit(kk, kk, vv, vv, tip, missing, title, point=True))
        self.set_legend(entries)
        step = max(1, int(math.ceil(kmax / 10)))
        ticks = sorted(set(range(1, kmax + 1, step)) | {k for k in self.ks if k <= kmax})
        self.plot.getAxis("bottom").setTicks([[(k, str(k)) for k in ticks]])
        self._unit_axis()
        self.plot.setXRange(0.5, kmax + 0.5, padding=0)
        self.plot.setYRange(0, 1.05, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        fam = self.family
        self.family_label.setText(self.tr("Metric:"))
        if fam == "Recall":
            self.set_title(self.tr("Recall@K: share of the relevant evidence found in the top K"))
        else:
            self.set_title(self.tr("nDCG@K: ranking quality of the top K"))
        self.set_axis_labels(self.tr("K (number of results read)"), f"{fam}@K")
        self.family_combo.setToolTip(self.tr("Markers show the K values of the settings."))
