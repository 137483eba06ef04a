"""A confusion heat-map: how often assessor A's grade met assessor B's grade.

A painted widget (no chart library needed for a 4 × 4 table): one cell per
(grade by A, grade by B), the count written in every cell, the cell shaded
from white (0) to dark blue (the largest count), the diagonal — where the two
agree — outlined, and a colour legend beside it. Axis labels are the grades
with their label text ("2 강한 뒷받침"), so nobody needs a codebook.

Clicking a cell emits :attr:`ConfusionHeatmap.cell_clicked` with the two
grades (the Agreement page filters its disagreement queue with it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

#: the two ends of the colour ramp (white → dark blue; readable in greyscale)
LOW = QColor("#ffffff")
HIGH = QColor("#1f4e8c")

MARGIN = 8
LEGEND_WIDTH = 14
LEGEND_GAP = 14


def ramp(fraction: float) -> QColor:
    """Colour of a cell whose count is ``fraction`` of the largest count.

    A square-root scale, so a handful of disagreements still shows next to
    hundreds of agreements on the diagonal.
    """
    f = float(np.clip(fraction, 0.0, 1.0)) ** 0.5
    return QColor(
        round(LOW.red() + (HIGH.red() - LOW.red()) * f),
        round(LOW.green() + (HIGH.green() - LOW.green()) * f),
        round(LOW.blue() + (HIGH.blue() - LOW.blue()) * f),
    )


def _text_colour(background: QColor) -> QColor:
    # perceived lightness: dark cells get white numbers
    return QColor("#ffffff") if background.lightnessF() < 0.55 else QColor("#111111")


class ConfusionHeatmap(QWidget):
    """Counts of (row grade, column grade) as shaded, numbered cells."""

    #: (grade given by the row assessor, grade given by the column assessor)
    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._counts = np.zeros((0, 0), dtype=np.int64)
        self._grades: list[int] = []
        self._row_title = ""
        self._col_title = ""
        self._label: Callable[[int], str] = str
        self._tooltip: Callable[[int, int, int], str] | None = None
        self._legend_title = ""
        self._empty_text = ""
        self._selected: tuple[int, int] | None = None

    # -- data -----------------------------------------------------------------------
    def set_data(
        self,
        counts: np.ndarray | Sequence[Sequence[int]],
        grades: Sequence[int],
        row_title: str,
        col_title: str,
        label: Callable[[int], str] = str,
        tooltip: Callable[[int, int, int], str] | None = None,
        legend_title: str = "",
    ) -> None:
        """Show a square count table; ``grades`` name its rows and columns."""
        counts = np.asarray(counts, dtype=np.int64)
        if counts.shape != (len(grades), len(grades)):
            raise ValueError("counts must be square, one row and column per grade")
        self._counts = counts
        self._grades = [int(g) for g in grades]
        self._row_title = row_title
        self._col_title = col_title
        self._label = label
        self._tooltip = tooltip
        self._legend_title = legend_title
        if self._selected is not None and not set(self._selected) <= set(self._grades):
            self._selected = None
        self.update()

    def clear(self, text: str = "") -> None:
        self._counts = np.zeros((0, 0), dtype=np.int64)
        self._grades = []
        self._empty_text = text
        self._selected = None
        self.update()

    def set_selected(self, cell: tuple[int, int] | None) -> None:
        """Outline one cell (the queue's current filter), or none."""
        self._selected = cell
        self.update()

    def counts(self) -> np.ndarray:
        return self._counts.copy()

    def grades(self) -> list[int]:
        return list(self._grades)

    # -- geometry -------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(460, 360)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        # cells wide enough for a four-digit count in the font in use
        fm = QFontMetrics(self.font())
        cell = fm.horizontalAdvance("0000") + 8
        label = max((fm.horizontalAdvance(self._label(g)) for g in self._grades), default=0)
        n = max(len(self._grades), 4)
        width = 2 * MARGIN + fm.height() + label + 10 + n * cell + LEGEND_GAP + LEGEND_WIDTH
        width += fm.horizontalAdvance("00000") + 6
        # cells are squares of the smaller side: the height may be less than the width
        height = 2 * MARGIN + 3 * fm.height() + n * (fm.height() + 10)
        return QSize(width, height)

    def _fonts(self) -> tuple[QFont, QFont, QFont]:
        base = QFont(self.font())
        bold = QFont(base)
        bold.setBold(True)
        number = QFont(base)
        number.setBold(True)
        number.setPointSizeF(base.pointSizeF() * 1.15 if base.pointSizeF() > 0 else 11)
        return base, bold, number

    def number_font(self, number: QFont, cell: float) -> QFont:
        """``number`` shrunk (down to 60 %) until the widest count fits in ``cell``."""
        widest = str(int(self._counts.max())) if self._counts.size else "0"
        font = QFont(number)
        size = font.pointSizeF()
        while size > 0 and QFontMetrics(font).horizontalAdvance(widest) > cell - 6:
            if size <= number.pointSizeF() * 0.6:
                break
            size *= 0.9
            font.setPointSizeF(size)
        return font

    def _layout(self) -> dict:
        """Rectangles of the grid, the axis labels, the titles and the legend."""
        base, bold, _ = self._fonts()
        fm = QFontMetrics(base)
        fmb = QFontMetrics(bold)
        n = len(self._grades)
        row_title_w = fmb.height() + 6  # drawn rotated
        col_title_h = fmb.height() + 4
        legend_w = LEGEND_GAP + LEGEND_WIDTH + 6 + fm.horizontalAdvance("00000")
        # the grade's words beside each row, or only its number when the words would
        # leave the cells too narrow for their counts (a large font, a narrow pane)
        min_cell = fm.horizontalAdvance("0000") + 8
        short = False
        for short in (False, True):
            row_labels = [self._row_label(g, short) for g in self._grades]
            row_label_w = max((fm.horizontalAdvance(t) for t in row_labels), default=0) + 10
            left = MARGIN + row_title_w + row_label_w
            avail_w = self.width() - left - legend_w - MARGIN
            if avail_w / max(n, 1) >= min_cell:
                break
        # column labels wrap inside their cell; their height decides where the grid starts,
        # which can shrink the cells and need more lines: two passes settle it
        cell = max(8.0, avail_w / max(n, 1))
        col_label_h = fm.height() * 2 + 6
        for _ in range(2):
            col_label_h = self._col_label_height(fm, cell)
            top = MARGIN + col_title_h + col_label_h
            avail_h = self.height() - top - MARGIN
            cell = max(8.0, min(avail_w, avail_h) / max(n, 1))
        top = MARGIN + col_title_h + col_label_h
        grid = QRectF(left, top, cell * n, cell * n)
        return {
            "grid": grid,
            "cell": cell,
            "row_label_w": row_label_w,
            "row_title": QRectF(MARGIN, top, row_title_w, grid.height()),
            "col_title": QRectF(left, MARGIN, grid.width(), col_title_h),
            "col_labels_top": MARGIN + col_title_h,
            "col_label_h": col_label_h,
            "legend": QRectF(grid.right() + LEGEND_GAP, top, LEGEND_WIDTH, grid.height()),
            "short_rows": short,
        }

    def _row_label(self, grade: int, short: bool) -> str:
        return str(grade) if short else self._label(grade)

    def _col_label_height(self, fm: QFontMetrics, cell: float) -> int:
        """Height of the tallest column label ("2" above its wrapped label text)."""
        flags = int(Qt.AlignmentFlag.AlignHCenter) | int(Qt.TextFlag.TextWordWrap)
        tallest = 0
        for g in self._grades:
            _, _, tail = self._label(g).partition(" ")
            if tail and max(fm.horizontalAdvance(w) for w in tail.split()) <= cell - 4:
                box = fm.boundingRect(QRect(0, 0, max(int(cell) - 4, 10), 1000), flags, tail)
                tallest = max(tallest, box.height())
        return fm.height() + tallest + 6

    def cell_at(self, pos: QPointF) -> tuple[int, int] | None:
        """(row grade, column grade) under a point, or None."""
        if not self._grades:
            return None
        geo = self._layout()
        grid: QRectF = geo["grid"]
        if not grid.contains(pos):
            return None
        i = int((pos.y() - grid.top()) // geo["cell"])
        j = int((pos.x() - grid.left()) // geo["cell"])
        n = len(self._grades)
        if 0 <= i < n and 0 <= j < n:
            return self._grades[i], self._grades[j]
        return None

    def cell_center(self, row_grade: int, col_grade: int) -> QPointF:
        geo = self._layout()
        i = self._grades.index(row_grade)
        j = self._grades.index(col_grade)
        c = geo["cell"]
        return QPointF(geo["grid"].left() + (j + 0.5) * c, geo["grid"].top() + (i + 0.5) * c)

    # -- painting -------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt override)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        pal_text = self.palette().windowText().color()
        if not self._grades:
            p.setPen(pal_text)
            p.drawText(
                QRectF(self.rect()),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self._empty_text,
            )
            return
        base, bold, number = self._fonts()
        geo = self._layout()
        grid: QRectF = geo["grid"]
        c: float = geo["cell"]
        n = len(self._grades)
        peak = max(int(self._counts.max()), 1)

        # titles: column assessor across the top, row assessor rotated on the left
        p.setFont(bold)
        p.setPen(pal_text)
        p.drawText(geo["col_title"], Qt.AlignmentFlag.AlignCenter, self._col_title + "  →")
        p.save()
        rt: QRectF = geo["row_title"]
        p.translate(rt.center())
        p.rotate(-90)
        p.drawText(
            QRectF(-rt.height() / 2, -rt.width() / 2, rt.height(), rt.width()),
            Qt.AlignmentFlag.AlignCenter,
            self._row_title + "  →",
        )
        p.restore()

        # axis labels: "2" over "강한 뒷받침" above columns; "2 강한 뒷받침" left of rows
        p.setFont(base)
        fm = QFontMetrics(base)
        for j, g in enumerate(self._grades):
            text = self._label(g)
            head, _, tail = text.partition(" ")
            if tail and max(fm.horizontalAdvance(w) for w in tail.split()) > c - 4:
                tail = ""  # a word would be cut: the number alone (the rows carry the words)
            rect = QRectF(grid.left() + j * c + 2, geo["col_labels_top"], c - 4, geo["col_label_h"])
            p.drawText(
                rect,
                Qt.AlignmentFlag.AlignHCenter
                | Qt.AlignmentFlag.AlignBottom
                | Qt.TextFlag.TextWordWrap,
                f"{head}\n{tail}" if tail else head,
            )
        for i, g in enumerate(self._grades):
            rect = QRectF(
                grid.left() - geo["row_label_w"], grid.top() + i * c, geo["row_label_w"] - 6, c
            )
            p.drawText(
                rect,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self._row_label(g, geo["short_rows"]),
            )

        # cells: the count in bold, smaller when the widest count would not fit a cell
        number = self.number_font(number, c)
        p.setFont(number)
        for i in range(n):
            for j in range(n):
                count = int(self._counts[i, j])
                rect = QRectF(grid.left() + j * c, grid.top() + i * c, c, c)
                fill = ramp(count / peak)
                p.fillRect(rect, fill)
                p.setPen(QPen(QColor("#c8c8c8"), 1))
                p.drawRect(rect)
                p.setPen(_text_colour(fill))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(count))
        # the diagonal (agreement) gets a dark outline, so it reads without colour
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#333333"), 2))
        for i in range(n):
            p.drawRect(QRectF(grid.left() + i * c, grid.top() + i * c, c, c).adjusted(1, 1, -1, -1))
        if self._selected is not None and set(self._selected) <= set(self._grades):
            i = self._grades.index(self._selected[0])
            j = self._grades.index(self._selected[1])
            p.setPen(QPen(QColor("#e08a00"), 4))
            p.drawRect(QRectF(grid.left() + j * c, grid.top() + i * c, c, c).adjusted(2, 2, -2, -2))

        # legend: the ramp from 0 (bottom) to the peak (top)
        lg: QRectF = geo["legend"]
        gradient = QLinearGradient(lg.bottomLeft(), lg.topLeft())
        for k in range(11):
            gradient.setColorAt(k / 10, ramp(k / 10))
        p.fillRect(lg, gradient)
        p.setPen(QPen(QColor("#888888"), 1))
        p.drawRect(lg)
        p.setFont(base)
        p.setPen(pal_text)
        fm = QFontMetrics(base)
        x = lg.right() + 4
        p.drawText(QPointF(x, lg.top() + fm.ascent()), str(peak))
        p.drawText(QPointF(x, lg.bottom()), "0")
        if self._legend_title:
            p.save()
            p.translate(x + fm.ascent() + 2, lg.center().y())
            p.rotate(90)
            p.drawText(
                QRectF(-lg.height() / 2, -fm.height(), lg.height(), fm.height()),
                Qt.AlignmentFlag.AlignCenter,
                self._legend_title,
            )
            p.restore()

    # -- interaction ----------------------------------------------------------------
    def event(self, event) -> bool:
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.ToolTip:
            cell = self.cell_at(QPointF(event.pos()))
            if cell is not None and self._tooltip is not None:
                i = self._grades.index(cell[0])
                j = self._grades.index(cell[1])
                QToolTip.showText(
                    event.globalPos(),
                    self._tooltip(cell[0], cell[1], int(self._counts[i, j])),
                    self,
                )
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        cell = self.cell_at(event.position())
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if cell is not None else Qt.CursorShape.ArrowCursor
        )
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_at(event.position())
            if cell is not None:
                self.cell_clicked.emit(cell[0], cell[1])
                event.accept()
                return
        super().mousePressEvent(event)
