"""How Question review places its parts: the systems' card columns side by side
at their one real width, and a box as tall as its wrapped labels need."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import QSizePolicy, QWidget

from workbench.ui.views.passage_cards import SystemColumnView


class CardsArea(QWidget):
    """Holds the system columns side by side; takes the arrow keys when it has focus.

    The columns are placed here, not by a QHBoxLayout: a box layout asked every
    column for its wrapped height at several widths per question (each a full
    text layout); here each column is laid out at its one real width.
    """

    key_pressed = Signal(object)
    #: the columns were placed (their x and width changed or their content did)
    laid_out = Signal()
    MARGIN = 4
    SPACING = 10

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.columns: list[SystemColumnView] = []

    def add_column(self, column: SystemColumnView) -> None:
        column.setParent(self)
        self.columns.append(column)

    def _shown(self) -> list[SystemColumnView]:
        return [c for c in self.columns if not c.isHidden()]

    def _column_width(self, width: int, n: int) -> int:
        if n == 0:
            return 0
        inner = width - 2 * self.MARGIN - (n - 1) * self.SPACING
        return max(inner // n, max(c.minimumSizeHint().width() for c in self._shown()))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        shown = self._shown()
        cw = self._column_width(width, len(shown))
        return max([c.heightForWidth(cw) for c in shown] + [0]) + 2 * self.MARGIN

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        shown = self._shown()
        w = sum(c.minimumSizeHint().width() for c in shown)
        return QSize(w + 2 * self.MARGIN + max(len(shown) - 1, 0) * self.SPACING, 0)

    def sizeHint(self) -> QSize:  # noqa: N802
        shown = self._shown()
        w = sum(c.sizeHint().width() for c in shown)
        w += 2 * self.MARGIN + max(len(shown) - 1, 0) * self.SPACING
        return QSize(w, self.heightForWidth(max(self.width(), self.minimumSizeHint().width())))

    def relayout(self) -> None:
        """Place the columns at the current width; tell the scroll area the new height."""
        shown = self._shown()
        cw = self._column_width(self.width(), len(shown))
        x = self.MARGIN
        for col in shown:
            col.setGeometry(x, self.MARGIN, cw, col.heightForWidth(cw))
            x += cw + self.SPACING
        self.updateGeometry()
        self.laid_out.emit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.relayout()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a column's content changed
            self.relayout()
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            if not event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.key_pressed.emit(event)
                event.accept()
                return
        super().keyPressEvent(event)


class WrappedTextBox(QWidget):
    """A box whose least height is what its wrapped labels need at its width.

    A splitter gives each side its ``minimumSizeHint``, which counts a
    word-wrapped label as one line: a question's title wrapping to three lines
    at a large font pushed the gold evidence under the cards below.
    """

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        hint = super().minimumSizeHint()
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth() and self.width() > 0:
            hint.setHeight(max(hint.height(), layout.totalMinimumHeightForWidth(self.width())))
        return hint

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # a new width wraps the labels anew: ask the splitter again
