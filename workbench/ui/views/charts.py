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

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QCursor, QFont, QFontMetrics, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg
import pyqtgraph.exporters  # noqa: F401 - registers ImageExporter

from workbench.core.io.atomic import atomic_write
from workbench.core.measures import chart_data as cd
from workbench.core.model.korean import Word
from workbench.core.model.results import Results
from workbench.ui import dialogs, palette
from workbench.ui.i18n import LiveText, ScoreTitle
from workbench.ui.when_shown import WhenShown

#: points within this many pixels of the cursor are "under" it
POINT_PICK_PX = 9.0
#: text colour of axes, titles and notes
INK = "#222222"


def _app_font() -> QFont:
    app = QApplication.instance()
    return QFont(app.font()) if app is not None else QFont()


def _fmt(value: float, decimals: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{value:.{decimals}f}"


def _pct(value: float) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{100.0 * value:.1f}%"


def _count_ticks(top: float) -> list[tuple[float, str]]:
    """Whole-number ticks 0 … top with a 1-2-5 step giving at most ~6 labels."""
    top = max(1.0, float(top))
    step = 1
    while top / step > 6:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if top / step <= 6:
                break
    return [(float(v), str(v)) for v in range(0, int(top) + 1, step)]


@dataclass
class Hit:
    """A clickable element in data coordinates: a rectangle, or a point (x0, y0)."""

    x0: float
    x1: float
    y0: float
    y1: float
    tooltip: str
    question_ids: list[str] = field(default_factory=list)
    title: str = ""
    point: bool = False
    #: one system's score on one measure (a bar of the scores chart): the
    #: questions are listed by it
    system: str = ""
    measure: str = ""

    def contains(self, x: float, y: float) -> bool:
        lo_y, hi_y = min(self.y0, self.y1), max(self.y0, self.y1)
        return self.x0 <= x <= self.x1 and lo_y <= y <= hi_y


class ChartWidget(QWidget):
    """Base of every chart: title, legend, plot, note, export, hover and click."""

    #: (question ids, a title naming the system / element) — open them in review
    questions_requested = Signal(list, object)
    _ready = False
    #: height of the bottom axis in text lines (ticks + label)
    bottom_lines = 2.6
    #: system name → its system card as text: the tooltip of a legend entry
    system_tooltip = None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[str] = []
        self._hits: list[Hit] = []

        self.view = pg.GraphicsLayoutWidget(self)
        self.view.setBackground("w")
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.view.setMinimumSize(320, 240)
        layout_item = self.view.ci
        layout_item.setContentsMargins(8, 8, 12, 8)
        self.title_item = pg.LabelItem("", justify="center", color=INK)
        layout_item.addItem(self.title_item, row=0, col=0)
        self.legend = pg.LegendItem(offset=None, labelTextColor=INK, frame=False, horSpacing=14)
        layout_item.addItem(self.legend, row=1, col=0)
        self.plot = layout_item.addPlot(row=2, col=0)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.vb = self.plot.getViewBox()
        #: the left axis's ticks as the chart set them; fewer are labelled when
        #: the plot is too short for them all (see :meth:`_thin_left_ticks`)
        self._left_ticks: list[tuple[float, str]] | None = None
        self.vb.sigResized.connect(self._thin_left_ticks)
        self.vb.sigYRangeChanged.connect(self._thin_left_ticks)

        self.controls = QHBoxLayout()
        self.controls.setContentsMargins(0, 0, 0, 0)
        self.controls.addStretch(1)
        self.save_button = QPushButton(self)
        self.save_button.clicked.connect(self.save_dialog)
        self.controls.addWidget(self.save_button)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.hide()

        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(self.controls)
        box.addWidget(self.view, 1)
        box.addWidget(self.note)

        scene = self.view.scene()
        scene.sigMouseMoved.connect(self._on_mouse_moved)
        scene.sigMouseClicked.connect(self._on_mouse_clicked)
        self._title_text = ""
        self._style()

    # -- text and style ---------------------------------------------------------
    def add_control(self, widget: QWidget, label: QLabel | None = None) -> None:
        """Put a control (combo box…) before the stretch of the control row."""
        at = self.controls.count() - 2  # before the stretch and the save button
        if label is not None:
            self.controls.insertWidget(at, label)
            at += 1
        self.controls.insertWidget(at, widget)

    def set_title(self, text: str) -> None:
        self._title_text = text
        font = _app_font()
        self.title_item.item.setFont(font)
        self.title_item.setText(text, size=f"{font.pointSizeF() * 1.2:.1f}pt", bold=True, color=INK)

    def set_axis_labels(self, bottom: str, left: str) -> None:
        font = _app_font()
        style = {
            "color": INK,
            "font-size": f"{font.pointSizeF():.1f}pt",
            "font-family": font.family(),
        }
        self.plot.setLabel("bottom", bottom, **style)
        self.plot.setLabel("left", left, **style)
        for name in ("bottom", "left"):
            self.plot.getAxis(name).label.setFont(font)

    def _style(self) -> None:
        font = _app_font()
        for name in ("bottom", "left"):
            axis = self.plot.getAxis(name)
            axis.setTickFont(font)
            axis.setPen(pg.mkPen(INK))
            axis.setTextPen(pg.mkPen(INK))
            # pyqtgraph hides edge labels (0, 1.0) that overhang the axis; keep them
            axis.setStyle(hideOverlappingLabels=False)
        # room for tick labels at large font sizes
        metrics_h = font.pointSizeF() * 1.6
        self.plot.getAxis("bottom").setHeight(int(metrics_h * self.bottom_lines))
        self.plot.getAxis("left").setWidth(int(metrics_h * 3.6))
        self.legend.setLabelTextSize(f"{font.pointSizeF():.1f}pt")
        for _, label in self.legend.items:
            label.item.setFont(font)
            label.setText(label.text, size=f"{font.pointSizeF():.1f}pt", color=INK)
        self.legend.updateSize()
        if self._title_text:
            self.set_title(self._title_text)

    def retranslate(self) -> None:
        self.save_button.setText(self.tr("Save chart…"))
        self.save_button.setToolTip(self.tr("Save this chart as a PNG or SVG image."))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if not self._ready:  # an event during construction: nothing to redraw yet
            pass
        elif event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh()
        elif event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._style()
            self.refresh()
        super().changeEvent(event)

    def refresh(self) -> None:
        """Redraw from the data held (after a language or font change)."""

    # -- drawing when seen ------------------------------------------------------
    #: new data arrived while the chart was hidden: drawn when it is shown
    _stale = False

    def redraw(self) -> None:
        """Draw the new data now when the chart is on screen, else when it is next
        shown, saved or clicked: a chart on a hidden tab or page costs the window
        nothing when new scores arrive (drawing one takes 20-40 ms, and every
        grade given brings new scores)."""
        if self.isVisible() or not self.window().isVisible():
            # (with no window on screen, a script or an export expects it drawn)
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    #: called before the chart is saved or clicked, so a page that hands it its data
    #: only when looked at (the Compare page) can hand over the latest first
    data_source: Callable[[], None] | None = None

    def draw_if_stale(self) -> None:
        """Before the chart is saved or clicked: the latest data asked of its page
        (:attr:`data_source`, computed on the spot), then drawn if not yet."""
        if self.data_source is not None:
            self.data_source()
        self._draw_held()

    def _draw_held(self) -> None:
        if self._stale:
            self._stale = False
            self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        # only what it holds: its page brings newer data itself when shown, in
        # the background (asking data_source here would compute it on the spot)
        self._draw_held()
        super().showEvent(event)

    # -- legend -----------------------------------------------------------------
    def legend_columns(self, labels: list[str], width: int) -> int:
        """As many legend columns (up to 4) as fit side by side in ``width`` pixels;
        the rest wrap into more rows, so no label runs past the chart's edge."""
        if not labels:
            return 1
        fm = QFontMetrics(_app_font())
        widest = max(fm.horizontalAdvance(text) for text in labels) + 40 + 14
        fitting = max(1, (max(width, 1) - 24) // max(widest, 1))
        return int(max(1, min(len(labels), 4, fitting)))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        labels = [label.text for _sample, label in self.legend.items]
        columns = self.legend_columns(labels, self.view.width())
        if labels and columns != self.legend.columnCount:
            self.legend.setColumnCount(columns)
            self.legend.updateSize()

    def set_legend(self, entries: list[tuple[object, str]]) -> None:
        """Legend entries (plot item, label); replaces the previous entries.

        The same entries in the same font are left as they are, tooltips renewed:
        every label set again makes pyqtgraph lay the whole chart out again (~15
        ms a chart, far more while workers hold the GIL), and new scores mostly
        keep the systems and the language."""
        font = _app_font()
        key = (
            tuple((id(item), str(name)) for item, name in entries),
            font.toString(),
            self.legend_columns([n for _i, n in entries], self.view.width()),
        )
        if key == getattr(self, "_legend_key", None) and len(self.legend.items) == len(entries):
            self._legend_tooltips(entries)
            return
        self._legend_key = key
        self.legend.clear()
        self.legend.setColumnCount(self.legend_columns([n for _i, n in entries], self.view.width()))
        for item, name in entries:
            self.legend.addItem(item, name)
        for _sample, label in self.legend.items:
            label.item.setFont(font)
            label.setText(label.text, size=f"{font.pointSizeF():.1f}pt", color=INK)
        self._legend_tooltips(entries)

    def _legend_tooltips(self, entries: list[tuple[object, str]]) -> None:
        for (_, label), (_, name) in zip(self.legend.items, entries):
            if self.system_tooltip is not None and str(name) in self.systems:
                label.setToolTip(self.system_tooltip(str(name)))
        self.legend.updateSize()
        self.legend.setVisible(bool(entries))

    # -- hits: hover tooltips and clicks -------------------------------------------
    def hits(self) -> list[Hit]:
        return list(self._hits)

    def hit_at(self, x: float, y: float) -> Hit | None:
        """The element at data position (x, y): the nearest point within
        :data:`POINT_PICK_PX` pixels, else the rectangle containing it."""
        self.draw_if_stale()
        best, best_d = None, POINT_PICK_PX
        here = self.vb.mapViewToScene(QPointF(x, y))
        for hit in self._hits:
            if hit.point:
                p = self.vb.mapViewToScene(QPointF(hit.x0, hit.y0))
                d = math.hypot(p.x() - here.x(), p.y() - here.y())
                if d <= best_d:
                    best, best_d = hit, d
        if best is not None:
            return best
        for hit in self._hits:
            if not hit.point and hit.contains(x, y):
                return hit
        return None

    def click_at(self, x: float, y: float) -> bool:
        """Act as a click at data position (x, y); True when it hit an element.

        The title names the chart and the element ("Chart 'First relevant
        rank' · Vector · rank 2–3"), as a :class:`LiveText`: after a language
        switch the chart redraws its elements and the title follows them.
        """
        hit = self.hit_at(x, y)
        if hit is None or not hit.question_ids:
            return False
        index = self._hits.index(hit)
        ids = list(hit.question_ids)
        element = hit.title

        def describe() -> str:
            current = self._hits[index] if index < len(self._hits) else None
            now = current.title if current is not None and current.question_ids == ids else element
            return self.tr("Chart '{name}' · {element}").format(name=self.chart_name(), element=now)

        if hit.system and hit.measure:
            title = ScoreTitle(describe, hit.system, hit.measure)
        else:
            title = LiveText(describe)
        self.questions_requested.emit(ids, title)
        return True

    def chart_name(self) -> str:
        """The chart's short name, as on its tab (subclasses name themselves)."""
        return self._title_text

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        if not self.plot.sceneBoundingRect().contains(scene_pos):
            QToolTip.hideText()
            return
        p = self.vb.mapSceneToView(scene_pos)
        hit = self.hit_at(p.x(), p.y())
        if hit is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(QCursor.pos(), hit.tooltip, self.view)

    def _on_mouse_clicked(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        p = self.vb.mapSceneToView(event.scenePos())
        if self.click_at(p.x(), p.y()):
            event.accept()

    def _click_hint(self) -> str:
        return self.tr("Click to list these questions.")

    # -- export -------------------------------------------------------------------
    def export_png(self, path: str | Path, width: int | None = None) -> Path:
        """Write the chart (title, legend, plot) as PNG; atomic (temp file + rename)."""
        self.draw_if_stale()
        exporter = pg.exporters.ImageExporter(self.view.ci)
        if width is not None:
            exporter.parameters()["width"] = int(width)
        exporter.parameters()["background"] = QColor("white")
        return self._atomic(path, lambda tmp: exporter.export(str(tmp)))

    def export_svg(self, path: str | Path) -> Path:
        """Write the chart as SVG (vector; Korean text stays text).

        Rendered with Qt's own SVG generator: pyqtgraph's SVGExporter fails on
        the path syntax recent Qt versions write (pyqtgraph issue #3485).
        """
        self.draw_if_stale()
        rect = self.view.ci.sceneBoundingRect()
        width, height = max(1, round(rect.width())), max(1, round(rect.height()))

        def write(tmp: str) -> None:
            generator = QSvgGenerator()
            generator.setFileName(tmp)
            generator.setSize(QSize(width, height))
            generator.setViewBox(QRectF(0, 0, width, height))
            generator.setTitle(self._title_text)
            painter = QPainter(generator)
            try:
                painter.fillRect(QRectF(0, 0, width, height), QColor("white"))
                self.view.scene().render(painter, QRectF(0, 0, width, height), rect)
            finally:
                painter.end()

        return self._atomic(path, write)

    def save_chart(self, path: str | Path) -> Path:
        """PNG or SVG by the file's suffix (PNG when it has neither)."""
        path = Path(path)
        if path.suffix.lower() == ".svg":
            return self.export_svg(path)
        if path.suffix.lower() != ".png":
            path = path.with_suffix(".png")
        return self.export_png(path, width=max(1200, self.view.width()))

    @staticmethod
    def _atomic(path: str | Path, write) -> Path:
        # the core's writer: the workbench's temporary names, its messages on OS errors
        return atomic_write(path, lambda tmp: write(str(tmp)), check_lock=False)

    def save_dialog(self) -> None:
        name, chosen = dialogs.get_save_file_name(
            self,
            self.tr("Save chart"),
            "",
            self.tr("PNG image (*.png);;SVG image (*.svg)"),
        )
        if not name:
            return
        if not Path(name).suffix and "svg" in chosen.lower():
            name += ".svg"
        try:
            self.save_chart(name)
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Chart not saved"),
                self.tr(
                    "The chart could not be saved to {path}: {reason}. "
                    "Choose another folder or close the file in other programs."
                ).format(path=name, reason=exc.strerror or str(exc)),
            )

    def _context_menu(self, pos) -> None:
        menu = QMenu(self)
        action = QAction(self.tr("Save chart…"), menu)
        action.triggered.connect(self.save_dialog)
        menu.addAction(action)
        menu.exec(self.view.mapToGlobal(pos))

    # -- helpers for subclasses ------------------------------------------------------
    def color(self, system: str) -> QColor:
        return palette.system_color(system, self.systems)

    def _sync_items(self, store: dict, keys: list, make) -> None:
        """Keep one plot item per key: create missing ones, remove stale ones."""
        for key in list(store):
            if key not in keys:
                item = store.pop(key)
                if isinstance(item, tuple):
                    for part in item:
                        self.plot.removeItem(part)
                else:
                    self.plot.removeItem(item)
        for key in keys:
            if key not in store:
                store[key] = make(key)

    def _add(self, item):
        """Add a plot item and return it (for one-line creation in subclasses)."""
        self.plot.addItem(item)
        return item

    def set_left_ticks(self, ticks: list[tuple[float, str]]) -> None:
        """The left axis's labelled values, thinned to what the plot's height holds."""
        self._left_ticks = list(ticks)
        self._thin_left_ticks()

    def _thin_left_ticks(self, *_: object) -> None:
        """Every k-th of the left ticks, so that labels stand at least a line and a
        bit apart, and only those whose label lies inside the plot's height
        (pyqtgraph drops the others): at a large font a short plot drew 0.0 … 1.0
        on top of each other. Of the spacings that work, the smallest k and the
        start showing the most labels win."""
        ticks = self._left_ticks
        if not ticks:
            return
        axis = self.plot.getAxis("left")
        low, high = self.vb.viewRange()[1]
        height = self.vb.height()
        if not (high > low and height > 0):
            axis.setTicks([ticks])
            return
        line = QFontMetrics(axis.style.get("tickFont") or _app_font()).height()
        half = 0.4 * line + 1  # pyqtgraph counts 0.8 of a label's height

        def px(value: float) -> float:
            return (high - value) * height / (high - low)

        def inside(value: float) -> bool:
            return half <= px(value) <= height - half

        best: list[tuple[float, str]] = []
        for k in range(1, len(ticks) + 1):
            for start in range(k):
                shown = [t for t in ticks[start::k] if inside(t[0])]
                gaps = [abs(px(a[0]) - px(b[0])) for a, b in zip(shown, shown[1:])]
                if all(g >= 1.25 * line for g in gaps) and len(shown) > len(best):
                    best = shown
            if len(best) >= 2:
                break
        axis.setTicks([best])

    def _percent_axis(self, axis: str = "left") -> None:
        ticks = [(v / 10, f"{v * 10}%") for v in range(0, 11, 2)]
        if axis == "left":
            self.set_left_ticks(ticks)
        else:
            self.plot.getAxis(axis).setTicks([ticks])

    def _unit_axis(self, axis: str = "left") -> None:
        ticks = [(v / 10, f"{v / 10:.1f}") for v in range(0, 11, 2)]
        if axis == "left":
            self.set_left_ticks(ticks)
        else:
            self.plot.getAxis(axis).setTicks([ticks])


# ---------------------------------------------------------------------------
# 1. metric bars with CI whiskers


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


# ---------------------------------------------------------------------------
# 2. curves over K


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


# ---------------------------------------------------------------------------
# 3. first-relevant-rank distribution


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


# ---------------------------------------------------------------------------
# 4. per question type


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


# ---------------------------------------------------------------------------
# 5. per-question views


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
                        f"{system} · {self.metric_name} {_fmt(rec['low'], 2)}–{_fmt(rec['high'], 2)}",
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
            shown = ", ".join(ids[:8]) + (" …" if len(ids) > 8 else "")
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
                    f"{self.b} − {self.a} · {self.metric_name} {_fmt(rec['low'], 2)}–{_fmt(rec['high'], 2)}",
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


# ---------------------------------------------------------------------------
# 6. Judged@K coverage


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


# ---------------------------------------------------------------------------
# the Overview's chart section


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
