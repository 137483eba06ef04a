"""The question list of the Question review page: a table model and its filter.

The model keeps raw values (floats, bools) under :data:`SORT_ROLE` and formats
only for display, so the proxy sorts numbers as numbers. Unanswerable
questions have no scores (NaN); NaN always sorts last, in either direction.
"""

from __future__ import annotations

import math

import pandas as pd
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from workbench.core import schema as s

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
QID_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuestionListModel", text)


class QuestionListModel(QAbstractTableModel):
    """Rows: questions. Columns: id, type, answerable, one score per system, mean, flag."""

    FIXED_BEFORE = 3  # id, type, answerable

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._ids: list[str] = []
        self._texts: list[str] = []
        self._types: list[str] = []
        self._answerable: list[bool] = []
        self._scores: list[list[float]] = []  # per system column
        self._mean: list[float] = []
        self._flags: dict[str, bool] = {}
        self._triage: dict[str, str] = {}
        self._row_of: dict[str, int] = {}
        self.systems: list[str] = []
        self.measure = ""
        self.fail_threshold = 0.5

    # -- filling ----------------------------------------------------------------
    def set_table(self, table: pd.DataFrame, systems: list[str], measure: str) -> None:
        """``table`` as made by :meth:`ReviewIndex.question_table`."""
        self.beginResetModel()
        self.systems = list(systems)
        self.measure = measure
        self._ids = table[s.QID].astype(str).tolist()
        self._texts = table[s.QTEXT].tolist()
        self._types = table[s.QTYPE].tolist()
        self._answerable = [bool(v) for v in table[s.ANSWERABLE].tolist()]
        self._scores = [table[name].astype(float).tolist() for name in self.systems]
        self._mean = table["mean"].astype(float).tolist()
        self._row_of = {q: i for i, q in enumerate(self._ids)}
        self.endResetModel()

    def set_flags(self, flags: dict[str, bool]) -> None:
        self._flags = dict(flags)
        if self._ids:
            col = self.columnCount() - 1
            self.dataChanged.emit(self.index(0, col), self.index(len(self._ids) - 1, col))

    def set_triage(self, triage: dict[str, str]) -> None:
        self._triage = dict(triage)

    # -- lookups ----------------------------------------------------------------
    def question_id(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, question_id: str) -> int:
        return self._row_of.get(question_id, -1)

    def question_ids(self) -> list[str]:
        return list(self._ids)

    def question_type(self, row: int) -> str:
        return self._types[row]

    def question_text(self, row: int) -> str:
        return self._texts[row]

    def answerable(self, row: int) -> bool:
        return self._answerable[row]

    def flagged(self, row: int) -> bool:
        return self._flags.get(self._ids[row], False)

    def triage(self, row: int) -> str:
        return self._triage.get(self._ids[row], "")

    def types(self) -> list[str]:
        return sorted({t for t in self._types if t})

    def mean_column(self) -> int:
        return self.FIXED_BEFORE + len(self.systems)

    # -- Qt model -------------------------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else self.FIXED_BEFORE + len(self.systems) + 2

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        n_sys = len(self.systems)
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return _tr("Question")
            if section == 1:
                return _tr("Type")
            if section == 2:
                return _tr("Answerable")
            if section < self.FIXED_BEFORE + n_sys:
                return self.systems[section - self.FIXED_BEFORE]
            if section == self.FIXED_BEFORE + n_sys:
                return _tr("Mean")
            return _tr("Flag")
        if role == Qt.ItemDataRole.ToolTipRole:
            if self.FIXED_BEFORE <= section < self.FIXED_BEFORE + n_sys:
                return _tr("{measure} of {system} for each question").format(
                    measure=self.measure, system=self.systems[section - self.FIXED_BEFORE]
                )
            if section == self.FIXED_BEFORE + n_sys:
                return _tr("Mean {measure} over the systems").format(measure=self.measure)
            if section == 2:
                return _tr("Answerable = the judgments hold relevant evidence for the question")
        return None

    def _raw(self, row: int, col: int):
        n_sys = len(self.systems)
        if col == 0:
            return self._ids[row]
        if col == 1:
            return self._types[row]
        if col == 2:
            return self._answerable[row]
        if col < self.FIXED_BEFORE + n_sys:
            return self._scores[col - self.FIXED_BEFORE][row]
        if col == self.FIXED_BEFORE + n_sys:
            return self._mean[row]
        return self.flagged(row)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        n_sys = len(self.systems)
        is_score = self.FIXED_BEFORE <= col <= self.FIXED_BEFORE + n_sys
        if role == SORT_ROLE:
            return self._raw(row, col)
        if role == QID_ROLE:
            return self._ids[row]
        if role == Qt.ItemDataRole.DisplayRole:
            value = self._raw(row, col)
            if col == 2:
                return _tr("yes") if value else _tr("no")
            if is_score:
                return "" if math.isnan(value) else f"{value:.3f}"
            if col == self.columnCount() - 1:
                return "⚑" if value else ""
            return value
        if role == Qt.ItemDataRole.ToolTipRole and col == 0:
            return self._texts[row] or None
        if role == Qt.ItemDataRole.TextAlignmentRole and is_score:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and col == self.columnCount() - 1:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col == self.columnCount() - 1:
            return QBrush(QColor("#c0392b"))
        if role == Qt.ItemDataRole.BackgroundRole and is_score and col < self.FIXED_BEFORE + n_sys:
            value = self._raw(row, col)
            if not math.isnan(value) and value < self.fail_threshold:
                # a light tint marks a failing system; the number stays the cue
                return QBrush(QColor(213, 69, 65, 40))
        return None


class QuestionFilterProxy(QSortFilterProxyModel):
    """Filters: type, answerable, flagged, free text, triage; NaN-last sorting."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.question_type = ""  # "" = every type
        self.answerable: bool | None = None
        self.flagged_only = False
        self.text = ""
        self.triage = ""  # "", "all_fail", "some_fail", "none_fail"
        self.ids: set[str] | None = None  # a set chosen elsewhere (charts, compare)

    def set_filters(self, **kwargs) -> None:
        for key in kwargs:
            if not hasattr(self, key):
                raise AttributeError(key)
        self.refilter(lambda: [setattr(self, k, v) for k, v in kwargs.items()])

    def refilter(self, change=None) -> None:
        """Apply ``change()`` (filter attributes) and filter the rows again.

        Qt ≥ 6.10 wants beginFilterChange/endFilterChange around the change;
        older Qt has only invalidateRowsFilter (deprecated later).
        """
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            if change is not None:
                change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - Qt < 6.10
            if change is not None:
                change()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:  # noqa: N802
        model = self.sourceModel()
        if not isinstance(model, QuestionListModel):
            return True
        if self.ids is not None and model.question_id(source_row) not in self.ids:
            return False
        if self.question_type and model.question_type(source_row) != self.question_type:
            return False
        if self.answerable is not None and model.answerable(source_row) != self.answerable:
            return False
        if self.flagged_only and not model.flagged(source_row):
            return False
        if self.triage and model.triage(source_row) != self.triage:
            return False
        if self.text:
            needle = self.text.casefold()
            if (
                needle not in model.question_id(source_row).casefold()
                and needle not in (model.question_text(source_row) or "").casefold()
            ):
                return False
        return True

    def lessThan(self, left: _Index, right: _Index) -> bool:  # noqa: N802
        a = left.data(SORT_ROLE)
        b = right.data(SORT_ROLE)
        a_nan = isinstance(a, float) and math.isnan(a)
        b_nan = isinstance(b, float) and math.isnan(b)
        if a_nan or b_nan:
            if a_nan and b_nan:
                return left.row() < right.row()
            # NaN last whatever the direction: Qt reverses lessThan for descending
            ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
            return b_nan if ascending else a_nan
        if a == b:
            return left.row() < right.row()
        try:
            return a < b
        except TypeError:
            return str(a) < str(b)
