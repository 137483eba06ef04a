"""The chart widget every chart is: title, legend above the plot, hover values, clicks that
open questions, and Save chart (PNG or SVG)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QCursor, QFont, QFontMetrics, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

# isort: split
# pyqtgraph binds to the first Qt binding already imported: PySide6, imported above
import pyqtgraph as pg
import pyqtgraph.exporters  # noqa: F401 - registers ImageExporter

from workbench.core.io.atomic import atomic_write
from workbench.ui import dialogs, palette
from workbench.ui.i18n import LiveText, ScoreTitle

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
