"""The first-relevant-rank distribution."""

from __future__ import annotations

import numpy as np
import pandas as pd
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QWidget

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg

from workbench.core.measures import chart_data as cd
from workbench.ui import palette
from workbench.ui.views.charts.base import INK, ChartWidget, Hit, _app_font, _pct


class RankDistributionChart(ChartWidget):
    """Per system, the share of questions whose first relevant passage is at
    rank 1, 2–3, 4–K, or not in the top K (stacked)."""

    def chart_name(self) -> str:
        return self.tr("First relevant rank")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame()
        self.segments: dict[str, pg.BarGraphItem] = {}
        self.labels: list[pg.TextItem] = []
        self._label_shares: list[float] = []
        self.vb.sigResized.connect(self.fit_labels)
        self.retranslate()
        self._ready = True

    def set_data(self, frame: pd.DataFrame, systems: list[str]) -> None:
        """``frame``: :func:`~workbench.core.measures.chart_data.rank_distribution`."""
        self.frame = frame.reset_index(drop=True)
        self.systems = [str(s) for s in systems]
        self.redraw()

    def bucket_label(self, key: str, k: int) -> str:
        if key == "rank_1":
            return self.tr("rank 1")
        if key == "rank_2_3":
            return self.tr("rank 2–3") if k >= 3 else self.tr("rank 2")
        if key == "rank_4_k":
            return self.tr("rank 4–{k}").format(k=k) if k > 4 else self.tr("rank 4")
        return self.tr("not in top {k}").format(k=k)

    def refresh(self) -> None:
        self.retranslate()
        buckets = [b for b in cd.RANK_BUCKETS if len(self.frame) and b in set(self.frame["bucket"])]
        self._sync_items(
            self.segments, buckets, lambda b: self._add(pg.BarGraphItem(x=[], height=[], width=1))
        )
        for item in self.labels:
            self.plot.removeItem(item)
        self.labels = []
        self._label_shares: list[float] = []
        self._hits = []
        x = np.arange(len(self.systems), dtype=float)
        bottom = np.zeros(len(self.systems))
        entries = []
        k = int(self.frame["k"].iloc[0]) if len(self.frame) else 10
        font = _app_font()
        for key in buckets:
            sub = self.frame[self.frame["bucket"] == key].set_index("system")
            share = np.array(
                [float(sub.loc[s, "share"]) if s in sub.index else 0.0 for s in self.systems]
            )
            share = np.nan_to_num(share)
            color = QColor(palette.RANK_BUCKET_COLORS[key])
            self.segments[key].setOpts(
                x=x,
                y0=bottom.copy(),
                height=share,
                width=0.6,
                brush=color,
                pen=pg.mkPen("w", width=1),
            )
            label = self.bucket_label(key, k)
            entries.append((self.segments[key], label))
            for i, system in enumerate(self.systems):
                if system not in sub.index:
                    continue
                rec = sub.loc[system]
                tip = self.tr(
                    "{system}\nfirst relevant: {bucket}\n{count} of {n} questions ({share})"
                ).format(
                    system=system,
                    bucket=label,
                    count=int(rec["count"]),
                    n=int(rec["n"]),
                    share=_pct(share[i]),
                )
                self._hits.append(
                    Hit(
                        x[i] - 0.3,
                        x[i] + 0.3,
                        bottom[i],
                        bottom[i] + share[i],
                        tip + "\n" + self._click_hint(),
                        list(rec["question_ids"]),
                        f"{system} · {label}",
                    )
                )
                if share[i] > 0:
                    text = pg.TextItem(
                        _pct(share[i]).replace(".0%", "%"),
                        color="w" if key in ("rank_1", "not_found") else INK,
                        anchor=(0.5, 0.5),
                    )
                    text.setFont(font)
                    text.setPos(x[i], bottom[i] + share[i] / 2)
                    self.plot.addItem(text)
                    self.labels.append(text)
                    self._label_shares.append(float(share[i]))
            bottom = bottom + share
        self.set_legend(entries)
        self.plot.getAxis("bottom").setTicks([[(i, s) for i, s in enumerate(self.systems)]])
        self._percent_axis()
        self.plot.setXRange(-0.6, max(0, len(self.systems) - 1) + 0.6, padding=0)
        self.plot.setYRange(0, 1.02, padding=0)
        self.fit_labels()

    def fit_labels(self, *_: object) -> None:
        """Show a segment's percentage only where it fits inside the segment (never
        over its neighbours): the plot's size in pixels decides, at any font size."""
        height = self.vb.height()
        width = self.vb.width()
        span_x = max(len(self.systems) - 1, 0) + 1.2
        for item, share in zip(self.labels, getattr(self, "_label_shares", [])):
            fm = QFontMetrics(item.textItem.font())
            need_h = fm.height() + 2
            need_w = fm.horizontalAdvance(item.textItem.toPlainText()) + 4
            fits = share * height / 1.02 >= need_h and 0.6 * width / span_x >= need_w
            item.setVisible(bool(height > 0 and fits))

    def retranslate(self) -> None:
        super().retranslate()
        self.set_title(self.tr("Where the first relevant passage appears"))
        self.set_axis_labels(self.tr("System"), self.tr("Share of questions"))
