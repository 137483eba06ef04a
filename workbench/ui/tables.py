"""Table views that stay readable at every font size.

- :class:`FrozenColumnTable`: the first column(s) stay in place while the
  other columns scroll sideways (the system name stays next to its 30+
  measure columns). As in Qt's "Frozen Column" example, a second view over
  the same model and selection lies on top of the left edge; the two scroll
  together vertically.
- :func:`fit_to_contents`: columns (and rows) sized from the font's metrics,
  re-run by :class:`ContentFitter` whenever the data or the font changes, so
  a number or an id is never elided after the user picks a larger font.
- :func:`rows_height`: the height that shows a header and N rows in the
  font in use (minimum heights that follow the font).
- :func:`hold_rows`: a short table exactly as tall as its rows (up to a
  number), so a crowded page scrolls instead of squeezing it to a row.
- :func:`cell_text_width`: the width a cell's text needs in the font it is
  drawn in (the tests compare it with the column width).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableView,
    QWidget,
)


def text_margin(view: QAbstractItemView) -> int:
    """Horizontal space the item delegate keeps around a cell's text (both sides)."""
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view)
    return 2 * (margin + 1)


def cell_font(view: QAbstractItemView, index: QModelIndex) -> QFont:
    """The font a cell is drawn in: the view's, with the model's FontRole resolved over it."""
    font = QFont(view.font())
    role_font = index.data(Qt.ItemDataRole.FontRole)
    if isinstance(role_font, QFont):
        font = role_font.resolve(font)
    return font


def cell_text_width(
    view: QAbstractItemView, index: QModelIndex, metrics: dict | None = None
) -> int:
    """Pixels the longest line of a cell's text needs, margins included
    (``metrics``: a cache of font metrics by font key, for many cells)."""
    text = index.data(Qt.ItemDataRole.DisplayRole)
    if text is None or text == "":
        return 0
    font = cell_font(view, index)
    if metrics is None:
        fm = QFontMetrics(font)
    else:
        fm = metrics.get(font.key())
        if fm is None:
            fm = metrics[font.key()] = QFontMetrics(font)
    widest = max(fm.horizontalAdvance(line) for line in str(text).split("\n"))
    decoration = index.data(Qt.ItemDataRole.DecorationRole)
    extra = view.iconSize().width() + 4 if decoration is not None else 0
    return widest + text_margin(view) + extra


def fit_to_contents(view: QTableView, air: int = 6) -> None:
    """Every column as wide as its widest cell and its header (a little air added),
    rows as tall as their contents. Cells are measured with their own fonts
    (a bold best value is wider than a plain one)."""
    model = view.model()
    if model is None:
        return
    header = view.horizontalHeader()
    metrics: dict = {}
    for col in range(model.columnCount()):
        if view.isColumnHidden(col):
            continue
        width = header.sectionSizeHint(col)
        for row in range(model.rowCount()):
            width = max(width, cell_text_width(view, model.index(row, col), metrics) + air)
        header.resizeSection(col, width)
    view.resizeRowsToContents()


def read_only_rows(view: QTableView, name: str) -> QTableView:
    """A table of results to read, sort and open row by row: named, sortable
    (the rows stay in the model's order until a header is clicked), whole rows
    selected, nothing edited, words wrapped, centred headers, no row numbers."""
    view.setObjectName(name)
    view.setSortingEnabled(True)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setWordWrap(True)
    view.verticalHeader().setVisible(False)
    view.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
    view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    return view


def rows_height(view: QTableView, rows: int) -> int:
    """The height that shows the header and ``rows`` rows of the current font
    (with the horizontal scroll bar and the frame): a table's minimum height
    that grows with View ▸ Font size instead of a fixed number of pixels."""
    header = view.horizontalHeader()
    head = header.height() if header.height() > 0 else header.sizeHint().height()
    row = view.verticalHeader().defaultSectionSize()
    bar = view.horizontalScrollBar().sizeHint().height()
    return head + rows * row + bar + 2 * view.frameWidth()


class ContentFitter(QObject):
    """Keeps a table fitted (:func:`fit_to_contents`): after a model reset, new
    rows, and a font change (the View ▸ Font size menu)."""

    def __init__(self, view: QTableView, air: int = 6) -> None:
        super().__init__(view)
        self.view = view
        self.air = air
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        view.installEventFilter(self)
        self._model: QAbstractItemModel | None = None
        self.watch(view.model())

    def watch(self, model: QAbstractItemModel | None) -> None:
        if model is self._model or model is None:
            return
        self._model = model
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted):
            signal.connect(self.schedule)
        model.headerDataChanged.connect(self.schedule)
        model.dataChanged.connect(self.schedule)

    def schedule(self, *_: object) -> None:
        self._timer.start()

    def fit(self) -> None:
        self._timer.stop()
        fit_to_contents(self.view, self.air)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.view and event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
        ):
            self.schedule()
        return False


class FrozenColumnTable(QTableView):
    """A table whose first ``frozen`` columns do not scroll sideways.

    The frozen view shares the model, the selection and the delegate; clicks,
    double-clicks and context-menu requests on it are passed on as this
    view's own signals, so callers connect to one view only.
    """

    def __init__(self, frozen: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frozen_count = max(1, int(frozen))
        self.frozen = QTableView(self)
        self.frozen.setObjectName("frozenColumns")
        f = self.frozen
        f.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        f.verticalHeader().hide()
        f.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        f.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        f.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        f.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # a line on its right edge shows where the scrolling columns pass under it
        f.setStyleSheet(
            "QTableView#frozenColumns { border: none; border-right: 1px solid palette(mid); }"
        )
        f.horizontalHeader().setSectionsClickable(True)
        f.horizontalHeader().setHighlightSections(False)
        f.horizontalHeader().sectionClicked.connect(self._frozen_header_clicked)
        f.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        f.customContextMenuRequested.connect(self._frozen_context_menu)
        f.clicked.connect(self.clicked)
        f.doubleClicked.connect(self.doubleClicked)
        f.activated.connect(self.activated)
        f.pressed.connect(self.pressed)
        self.viewport().stackUnder(f)
        self.horizontalHeader().sectionResized.connect(self._column_resized)
        self.verticalHeader().sectionResized.connect(self._row_resized)
        self.horizontalHeader().sortIndicatorChanged.connect(self._sort_indicator_changed)
        self.horizontalHeader().geometriesChanged.connect(self._place_frozen)
        f.verticalScrollBar().valueChanged.connect(self.verticalScrollBar().setValue)
        self.verticalScrollBar().valueChanged.connect(f.verticalScrollBar().setValue)

    # -- keeping the frozen view in step ------------------------------------------------
    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 (Qt override)
        super().setModel(model)
        self.frozen.setModel(model)
        if model is None:
            return
        self.frozen.setSelectionModel(self.selectionModel())
        for signal in (model.modelReset, model.layoutChanged, model.columnsInserted):
            signal.connect(self._sync_columns)
        model.rowsInserted.connect(self._sync_rows)
        self._sync_columns()

    def setItemDelegate(self, delegate) -> None:  # noqa: N802 (Qt override)
        super().setItemDelegate(delegate)
        self.frozen.setItemDelegate(delegate)

    def setEditTriggers(self, triggers) -> None:  # noqa: N802 (Qt override)
        super().setEditTriggers(triggers)
        self.frozen.setEditTriggers(triggers)

    def setSelectionBehavior(self, behavior) -> None:  # noqa: N802 (Qt override)
        super().setSelectionBehavior(behavior)
        self.frozen.setSelectionBehavior(behavior)

    def setSelectionMode(self, mode) -> None:  # noqa: N802 (Qt override)
        super().setSelectionMode(mode)
        self.frozen.setSelectionMode(mode)

    def setAlternatingRowColors(self, enable: bool) -> None:  # noqa: N802 (Qt override)
        super().setAlternatingRowColors(enable)
        self.frozen.setAlternatingRowColors(enable)

    def setWordWrap(self, on: bool) -> None:  # noqa: N802 (Qt override)
        super().setWordWrap(on)
        self.frozen.setWordWrap(on)

    def _sync_columns(self, *_: object) -> None:
        model = self.model()
        if model is None:
            return
        for col in range(model.columnCount()):
            self.frozen.setColumnHidden(col, col >= self.frozen_count)
            if col < self.frozen_count:
                self.frozen.setColumnWidth(col, self.columnWidth(col))
        self._sync_rows()
        self._sync_sort_indicator()
        self._place_frozen()

    def _sync_rows(self, *_: object) -> None:
        """Each frozen row as tall as its row. Only the heights that differ are set:
        setting one costs the frozen view a relayout (~10 µs), and a list of 2,000
        questions is synced several times as it fills and sorts (~60 ms)."""
        model = self.model()
        if model is None:
            return
        default = self.verticalHeader().defaultSectionSize()
        if self.frozen.verticalHeader().defaultSectionSize() != default:
            self.frozen.verticalHeader().setDefaultSectionSize(default)
        own, frozen = self.rowHeight, self.frozen.rowHeight
        for row in range(model.rowCount()):
            height = own(row)
            if frozen(row) != height:
                self.frozen.setRowHeight(row, height)

    def _column_resized(self, column: int, _old: int, new: int) -> None:
        if column < self.frozen_count:
            self.frozen.setColumnWidth(column, new)
            self._place_frozen()

    def _row_resized(self, row: int, _old: int, new: int) -> None:
        self.frozen.setRowHeight(row, new)
        self._place_frozen()

    def _sort_indicator_changed(self, section: int, order: Qt.SortOrder) -> None:
        header = self.frozen.horizontalHeader()
        header.blockSignals(True)
        header.setSortIndicatorShown(self.isSortingEnabled())
        header.setSortIndicator(section, order)
        header.blockSignals(False)

    def _sync_sort_indicator(self) -> None:
        main = self.horizontalHeader()
        self._sort_indicator_changed(main.sortIndicatorSection(), main.sortIndicatorOrder())

    def _frozen_header_clicked(self, section: int) -> None:
        if not self.isSortingEnabled():
            return
        main = self.horizontalHeader()
        if main.sortIndicatorSection() == section:
            order = (
                Qt.SortOrder.DescendingOrder
                if main.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
                else Qt.SortOrder.AscendingOrder
            )
        else:
            order = Qt.SortOrder.AscendingOrder
        self.sortByColumn(section, order)

    def _frozen_context_menu(self, pos: QPoint) -> None:
        if self.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu:
            self.customContextMenuRequested.emit(self.mapFromGlobal(self.frozen.mapToGlobal(pos)))

    def frozen_width(self) -> int:
        return sum(
            self.columnWidth(c)
            for c in range(self.frozen_count)
            if self.model() is not None
            and c < self.model().columnCount()
            and not self.isColumnHidden(c)
        )

    def _place_frozen(self) -> None:
        frame = self.frameWidth()
        header_h = self.horizontalHeader().height()
        self.frozen.horizontalHeader().setFixedHeight(header_h)
        x = frame + (self.verticalHeader().width() if self.verticalHeader().isVisible() else 0)
        # no taller than the rows: below a short table the empty viewport shows through
        rows = min(self.viewport().height(), self.verticalHeader().length())
        self.frozen.setGeometry(x, frame, self.frozen_width() + 1, rows + header_h)

    # -- Qt overrides ---------------------------------------------------------------------
    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._place_frozen()

    def updateGeometries(self) -> None:  # noqa: N802 (Qt override)
        super().updateGeometries()
        self._place_frozen()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.FontChange:
            self.frozen.setFont(self.font())
        super().changeEvent(event)

    def moveCursor(self, action, modifiers) -> QModelIndex:  # noqa: N802 (Qt override)
        current = super().moveCursor(action, modifiers)
        if (
            action == QAbstractItemView.CursorAction.MoveLeft
            and current.column() >= self.frozen_count
            and self.visualRect(current).left() < self.frozen_width()
        ):
            bar = self.horizontalScrollBar()
            bar.setValue(bar.value() + self.visualRect(current).left() - self.frozen_width())
        return current

    def scrollTo(self, index: QModelIndex, hint=QAbstractItemView.ScrollHint.EnsureVisible) -> None:  # noqa: N802
        # a frozen cell is always in view sideways: scroll only to its row
        bar = self.horizontalScrollBar()
        keep = bar.value()
        super().scrollTo(index, hint)
        if index.isValid() and index.column() < self.frozen_count:
            bar.setValue(keep)


def hold_rows(view: QTableView, most: int) -> None:
    """Make ``view`` exactly as tall as its header and its rows, up to ``most`` rows
    (more scroll inside it), with room for the horizontal scroll bar. Call it
    again after the rows or the font change."""
    header = view.horizontalHeader()
    height = header.sizeHint().height() + 2 * view.frameWidth()
    height += sum(view.rowHeight(r) for r in range(min(view.model().rowCount(), most)))
    height += view.horizontalScrollBar().sizeHint().height()
    view.setFixedHeight(height + 2)
