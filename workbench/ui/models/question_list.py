"""The question list of the Question review page: one table model that filters and sorts.

Sorting and filtering happen here in Python over plain lists (a few
milliseconds for thousands of questions) instead of in a
QSortFilterProxyModel, whose Python ``lessThan`` would be called tens of
thousands of times per sort. The model keeps raw values (floats, bools) under
:data:`SORT_ROLE` and formats only for display. Unanswerable questions have
no scores (NaN); NaN always sorts last, in either direction; ties keep the
list order (stable sort).
"""

from __future__ import annotations

import math

import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from workbench.core.model import schema as s

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
QID_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_FAIL_TINT = QColor(213, 69, 65, 40)


class QuestionListModel(QAbstractTableModel):
    """Rows: the questions passing the filters, in sort order.

    Columns: id, flag, type, mean, one score per system, answerable. ``row``
    arguments are rows of the model as shown (after filtering and sorting).
    """

    ID, FLAG, TYPE, MEAN = 0, 1, 2, 3
    FIRST_SYSTEM = 4

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._ids: list[str] = []
        self._texts: list[str] = []
        self._folded: list[str] = []  # id + text, case-folded, for the search
        self._types: list[str] = []
        self._answerable: list[bool] = []
        self._scores: list[list[float]] = []  # per system column
        self._mean: list[float] = []
        self._flags: dict[str, bool] = {}
        self._triage: dict[str, str] = {}
        self._rows: list[int] = []  # shown row → index into the lists above
        self._row_of: dict[str, int] = {}  # question id → shown row
        self.systems: list[str] = []
        #: system name → its system card as text (header tooltips), set by the page
        self.system_tooltip = None
        self.measure = ""
        self.fail_threshold = 0.5
        self._bold = QFont()
        self._bold.setBold(True)
        # filters
        self.question_type = ""  # "" = every type
        self.answerable: bool | None = None
        self.flagged_only = False
        self.text = ""
        self.triage = ""  # "", "all_fail", "some_fail", "none_fail"
        self.ids: set[str] | None = None  # a set chosen elsewhere (charts, compare)
        # sort
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder

    # -- filling ----------------------------------------------------------------
    def set_table(self, table: pd.DataFrame, systems: list[str], measure: str) -> None:
        """``table`` as made by :meth:`ReviewIndex.question_table`."""
        self.beginResetModel()
        self.systems = list(systems)
        self.measure = measure
        self._ids = table[s.QID].astype(str).tolist()
        self._texts = [t if isinstance(t, str) else "" for t in table[s.QTEXT].tolist()]
        self._folded = [f"{q}\n{t}".casefold() for q, t in zip(self._ids, self._texts)]
        self._types = table[s.QTYPE].tolist()
        self._answerable = [bool(v) for v in table[s.ANSWERABLE].tolist()]
        self._scores = [table[name].astype(float).tolist() for name in self.systems]
        self._mean = table["mean"].astype(float).tolist()
        self._arrange()
        self.endResetModel()

    def set_flags(self, flags: dict[str, bool]) -> None:
        changed = dict(flags) != self._flags
        self._flags = dict(flags)
        if not changed:
            return
        if self.flagged_only or self._sort_column == self.FLAG:
            self.refilter()
        elif self._rows:
            self.dataChanged.emit(
                self.index(0, self.FLAG), self.index(len(self._rows) - 1, self.FLAG)
            )

    def set_triage(self, triage: dict[str, str]) -> None:
        self._triage = dict(triage)
        if self.triage:
            self.refilter()

    def set_filters(self, **kwargs) -> None:
        for key in kwargs:
            if key not in ("question_type", "answerable", "flagged_only", "text", "triage", "ids"):
                raise AttributeError(key)
        for key, value in kwargs.items():
            setattr(self, key, value)
        self.refilter()

    def refilter(self) -> None:
        self.beginResetModel()
        self._arrange()
        self.endResetModel()

    # -- filtering and sorting -----------------------------------------------------------
    def _accepts(self, i: int) -> bool:
        if self.ids is not None and self._ids[i] not in self.ids:
            return False
        if self.question_type and self._types[i] != self.question_type:
            return False
        if self.answerable is not None and self._answerable[i] != self.answerable:
            return False
        if self.flagged_only and not self._flags.get(self._ids[i], False):
            return False
        if self.triage and self._triage.get(self._ids[i], "") != self.triage:
            return False
        if self.text and self.text.casefold() not in self._folded[i]:
            return False
        return True

    def _value(self, i: int, col: int):
        k = self._system_of(col)
        if k >= 0:
            return self._scores[k][i]
        if col == self.ID:
            return self._ids[i]
        if col == self.FLAG:
            return self._flags.get(self._ids[i], False)
        if col == self.TYPE:
            return self._types[i]
        if col == self.MEAN:
            return self._mean[i]
        return self._answerable[i]

    def _arrange(self) -> None:
        rows = [i for i in range(len(self._ids)) if self._accepts(i)]
        col = self._sort_column
        if 0 <= col < self.columnCount():
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            values = [self._value(i, col) for i in rows]
            nan = [isinstance(v, float) and math.isnan(v) for v in values]
            keyed = [(v, i) for v, i, n in zip(values, rows, nan) if not n]
            try:
                keyed.sort(key=lambda p: p[0], reverse=descending)
            except TypeError:  # mixed types: compare as text
                keyed.sort(key=lambda p: str(p[0]), reverse=descending)
            # NaN (no score) last whatever the direction; stable among themselves
            rows = [i for _, i in keyed] + [i for i, n in zip(rows, nan) if n]
        self._rows = rows
        self._row_of = {self._ids[i]: r for r, i in enumerate(rows)}

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        before = list(self._rows)
        self._sort_column, self._sort_order = column, order
        self._arrange()
        # keep selections and the current index on the same questions; only the
        # persistent indexes that exist are moved (not every cell of the list)
        old = self.persistentIndexList()
        new = []
        for index in old:
            row = index.row()
            r2 = self._row_of.get(self._ids[before[row]], -1) if 0 <= row < len(before) else -1
            new.append(self.index(r2, index.column()) if r2 >= 0 else QModelIndex())
        if old:
            self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    def sort_column(self) -> int:
        return self._sort_column

    def sort_order(self) -> Qt.SortOrder:
        return self._sort_order

    # -- lookups (shown rows) -----------------------------------------------------------
    def question_id(self, row: int) -> str:
        return self._ids[self._rows[row]]

    def row_of(self, question_id: str) -> int:
        """Shown row of a question; -1 when it is filtered out or unknown."""
        return self._row_of.get(question_id, -1)

    def knows(self, question_id: str) -> bool:
        return question_id in self._ids

    def question_ids(self) -> list[str]:
        """Every question of the list, filtered out or not, in list order."""
        return list(self._ids)

    def shown_ids(self) -> list[str]:
        return [self._ids[i] for i in self._rows]

    def total(self) -> int:
        return len(self._ids)

    def flagged(self, row: int) -> bool:
        return self._flags.get(self.question_id(row), False)

    def types(self) -> list[str]:
        return sorted({t for t in self._types if t})

    def width_samples(self, col: int, n: int = 12) -> list[str]:
        """A few texts of column ``col`` whose widest one is the column's widest.

        For sizing the columns with font metrics instead of asking every row
        (QHeaderView.ResizeToContents took seconds for 1,000 questions):
        scores always look like "0.000"; ids are the ``n`` longest by length.
        """
        if self._system_of(col) >= 0 or col == self.MEAN:
            return ["0.000", "1.000"]
        if col == self.ID:
            return sorted(set(self._ids), key=len, reverse=True)[:n]
        if col == self.FLAG:
            return ["⚑"]
        if col == self.TYPE:
            return sorted({t for t in self._types if isinstance(t, str)}, key=len, reverse=True)[:n]
        if col == self.answerable_column():
            return [self.tr("yes"), self.tr("no")]
        return []

    # -- columns: id, flag, type, mean, one per system, answerable ------------------
    def mean_column(self) -> int:
        return self.MEAN

    def flag_column(self) -> int:
        return self.FLAG

    def system_column(self, i: int) -> int:
        return self.FIRST_SYSTEM + i

    def answerable_column(self) -> int:
        return self.FIRST_SYSTEM + len(self.systems)

    def _system_of(self, col: int) -> int:
        """Index of the system shown in ``col``; -1 when it is not a system column."""
        i = col - self.FIRST_SYSTEM
        return i if 0 <= i < len(self.systems) else -1

    # -- Qt model -------------------------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else self.FIRST_SYSTEM + len(self.systems) + 1

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        i = self._system_of(section)
        if role == Qt.ItemDataRole.DisplayRole:
            if i >= 0:
                return self.systems[i]
            if section == self.ID:
                return self.tr("Question")
            if section == self.FLAG:
                return "⚑"
            if section == self.TYPE:
                return self.tr("Type")
            if section == self.MEAN:
                return self.tr("Mean")
            return self.tr("Answerable")
        if role == Qt.ItemDataRole.ToolTipRole:
            if i >= 0:
                tip = self.tr("{measure} of {system} for each question").format(
                    measure=self.measure, system=self.systems[i]
                )
                card = self.system_tooltip(self.systems[i]) if self.system_tooltip else ""
                return f"{tip}\n\n{card}" if card else tip
            if section == self.MEAN:
                return self.tr("Mean {measure} over the systems").format(measure=self.measure)
            if section == self.FLAG:
                return self.tr("Flagged questions")
            if section == self.answerable_column():
                return self.tr("Answerable = the judgments hold relevant evidence for the question")
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        i = self._rows[index.row()]
        col = index.column()
        k = self._system_of(col)
        is_score = k >= 0 or col == self.MEAN
        if role == Qt.ItemDataRole.DisplayRole:
            value = self._value(i, col)
            if is_score:
                return "" if math.isnan(value) else f"{value:.3f}"
            if col == self.FLAG:
                return "⚑" if value else ""
            if col == self.answerable_column():
                return self.tr("yes") if value else self.tr("no")
            return value
        if role == SORT_ROLE:
            return self._value(i, col)
        if role == QID_ROLE:
            return self._ids[i]
        if role == Qt.ItemDataRole.ToolTipRole and col == self.ID:
            return self._texts[i] or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if is_score:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if col == self.FLAG:
                return int(Qt.AlignmentFlag.AlignCenter)
            return None
        if role == Qt.ItemDataRole.ForegroundRole and col == self.FLAG:
            return QBrush(QColor("#c0392b"))
        if role == Qt.ItemDataRole.FontRole and col == self.MEAN:
            return self._bold
        if role == Qt.ItemDataRole.BackgroundRole and k >= 0:
            value = self._scores[k][i]
            if not math.isnan(value) and value < self.fail_threshold:
                # a light tint marks a failing system; the number stays the cue
                return QBrush(_FAIL_TINT)
        return None
