"""Layouts the standard set lacks.

:class:`FlowLayout` places its items left to right and starts a new row when
the next one does not fit (like words in a paragraph). The settings panel
uses it so every setting stays visible at any font size and window width: a
larger font makes more rows, never a clipped or scrolled panel.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """Items in rows, wrapped to the width; the height follows (height-for-width)."""

    def __init__(self, parent: QWidget | None = None, h_spacing: int = -1, v_spacing: int = -1):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._h_spacing = h_spacing
        self._v_spacing = v_spacing

    # -- QLayout API ------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt override)
        self._items.append(item)

    def insertWidget(self, index: int, widget: QWidget) -> None:  # noqa: N802 (as QBoxLayout)
        """Put ``widget`` at ``index`` in the flow (at the end when out of range)."""
        self.addChildWidget(widget)
        item = QWidgetItem(widget)
        if 0 <= index < len(self._items):
            self._items.insert(index, item)
        else:
            self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 (Qt override)
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt override)
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 (Qt override)
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m: QMargins = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    # -- spacing ------------------------------------------------------------------
    def horizontal_spacing(self) -> int:
        if self._h_spacing >= 0:
            return self._h_spacing
        return self._smart_spacing(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)

    def vertical_spacing(self) -> int:
        if self._v_spacing >= 0:
            return self._v_spacing
        return self._smart_spacing(QStyle.PixelMetric.PM_LayoutVerticalSpacing)

    def _smart_spacing(self, metric: QStyle.PixelMetric) -> int:
        parent = self.parent()
        if parent is None:
            return 6
        if isinstance(parent, QWidget):
            return parent.style().pixelMetric(metric, None, parent)
        return parent.spacing()

    # -- placement ----------------------------------------------------------------
    def _arrange(self, rect: QRect, apply: bool) -> int:
        m: QMargins = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y = area.x(), area.y()
        row_height = 0
        # a row's items share its height: each is centred vertically in it
        row: list[tuple[QLayoutItem, QSize]] = []
        h_gap = max(self.horizontal_spacing(), 12)  # settings read apart, not as one line
        v_gap = max(self.vertical_spacing(), 4)

        def flush(row_y: int) -> None:
            if not apply:
                return
            for item, size in row:
                geometry = item.geometry()
                offset = (row_height - size.height()) // 2
                item.setGeometry(QRect(QPoint(geometry.x(), row_y + offset), size))

        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint().expandedTo(item.minimumSize())
            width = min(hint.width(), area.width()) if area.width() > 0 else hint.width()
            height = hint.height()
            widget = item.widget()
            if widget is not None and widget.hasHeightForWidth():
                height = max(widget.heightForWidth(width), item.minimumSize().height())
            if row and x + width > area.right() + 1:
                flush(y)
                y += row_height + v_gap
                x, row_height, row = area.x(), 0, []
            if apply:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, height)))
            row.append((item, QSize(width, height)))
            x += width + h_gap
            row_height = max(row_height, height)
        flush(y)
        return y + row_height - rect.y() + m.bottom()


def fixed_row(*widgets: QWidget, spacing: int = 6) -> QWidget:
    """A widget holding ``widgets`` side by side at their natural widths (one flow item)."""
    from PySide6.QtWidgets import QHBoxLayout

    holder = QWidget()
    box = QHBoxLayout(holder)
    box.setContentsMargins(0, 0, 0, 0)
    box.setSpacing(spacing)
    for w in widgets:
        box.addWidget(w)
    holder.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return holder
