"""A read-only table model over a pandas DataFrame.

Raw values live in ``UserRole`` (and ``EditRole``) so a
:class:`QSortFilterProxyModel` with ``setSortRole(UserRole)`` sorts by number,
not by the formatted text; ``DisplayRole`` holds the text. Missing values
(NaN, None, pd.NA) have no raw value, so Qt sorts them after every number.

Usage::

    model = FrameModel(frame, headers={"n": tr("Questions")}, decimals=3)
    proxy = make_sort_proxy(model)
    view.setModel(proxy); view.setSortingEnabled(True)
    model.set_frame(new_frame)        # reset; headers/formatters are kept
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from workbench.core.model.number_text import percent_text

#: shown for a missing value
MISSING_TEXT = "—"

Formatter = Callable[[Any], str]
_Index = QModelIndex | QPersistentModelIndex


def raw_value(value: Any) -> Any:
    """The plain Python value of a cell, or None when it is missing.

    numpy scalars become Python scalars (Qt needs them), NaN/NA become None.
    """
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _column_values(col: pd.Series) -> list[Any]:
    """A column as plain Python values, missing ones as None (vectorised for numbers)."""
    if not isinstance(col.dtype, np.dtype):  # pandas nullable types: pd.NA per cell
        return [raw_value(v) for v in col.tolist()]
    if col.dtype.kind == "f":
        values = col.to_numpy()
        out = values.tolist()
        for i in np.flatnonzero(np.isnan(values)).tolist():
            out[i] = None
        return out
    if col.dtype.kind in "iub":
        return col.to_numpy().tolist()
    return [raw_value(v) for v in col.tolist()]


def format_value(value: Any, decimals: int = 3) -> str:
    """Default text: floats to ``decimals`` places, ints as is, bools ✓/blank."""
    value = raw_value(value)
    if value is None:
        return MISSING_TEXT
    if isinstance(value, bool):
        return "✓" if value else ""
    if isinstance(value, float):
        return f"{value:.{decimals}f}"
    return str(value)


def percent(value: Any) -> str:
    """A 0–1 rate as ``"50.0%"``."""
    value = raw_value(value)
    if value is None:
        return MISSING_TEXT
    return percent_text(float(value))


class FrameModel(QAbstractTableModel):
    """Read-only model: one row per frame row, one column per frame column.

    - ``headers``: column → header text (default: the column name);
    - ``header_tooltips``: column → header tooltip;
    - ``formatters``: column → ``callable(value) -> str`` (default
      :func:`format_value` with ``decimals``);
    - ``bold_max`` / ``bold_min``: columns whose best value (max / min) is
      shown in bold (every tied best), when the column has ≥ 2 values;
    - ``show_index``: vertical header shows the frame index (else row numbers).
    """

    def __init__(
        self,
        frame: pd.DataFrame | None = None,
        parent: QObject | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        header_tooltips: Mapping[str, str] | None = None,
        formatters: Mapping[str, Formatter] | None = None,
        decimals: int = 3,
        bold_max: Iterable[str] = (),
        bold_min: Iterable[str] = (),
        show_index: bool = False,
    ) -> None:
        super().__init__(parent)
        self.headers: dict[str, str] = dict(headers or {})
        self.header_tooltips: dict[str, str] = dict(header_tooltips or {})
        self.formatters: dict[str, Formatter] = dict(formatters or {})
        self.decimals = decimals
        self.bold_max = set(bold_max)
        self.bold_min = set(bold_min)
        self.show_index = show_index
        self._frame = pd.DataFrame()
        self._columns: list[str] = []
        self._values: list[list[Any]] = []  # column-major raw values
        self._bold: set[tuple[int, int]] = set()
        self.set_frame(frame if frame is not None else pd.DataFrame())

    # -- content ----------------------------------------------------------------
    @property
    def frame(self) -> pd.DataFrame:
        return self._frame

    @property
    def columns(self) -> list[str]:
        return list(self._columns)

    def set_frame(self, frame: pd.DataFrame) -> None:
        """Replace the data (a model reset: views keep their column settings)."""
        self.beginResetModel()
        self._frame = frame
        self._columns = [str(c) for c in frame.columns]
        # converted once, so data() does no pandas work per cell
        self._values = [_column_values(frame.iloc[:, j]) for j in range(frame.shape[1])]
        self._bold = self._compute_bold()
        self.endResetModel()

    def set_headers(
        self, headers: Mapping[str, str], tooltips: Mapping[str, str] | None = None
    ) -> None:
        """Change header texts (e.g. after a language switch) without a reset."""
        self.headers = dict(headers)
        if tooltips is not None:
            self.header_tooltips = dict(tooltips)
        if self._columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._columns) - 1)

    def column_of(self, name: str) -> int:
        """Column number of a frame column, -1 when absent."""
        try:
            return self._columns.index(name)
        except ValueError:
            return -1

    def raw(self, row: int, column: int) -> Any:
        return self._values[column][row]

    def text(self, row: int, column: int) -> str:
        """The display text of a cell (what DisplayRole returns)."""
        name = self._columns[column]
        value = self._values[column][row]
        fmt = self.formatters.get(name)
        if fmt is not None:
            return fmt(value) if value is not None else MISSING_TEXT
        return format_value(value, self.decimals)

    def is_bold(self, row: int, column: int) -> bool:
        return (row, column) in self._bold

    def _compute_bold(self) -> set[tuple[int, int]]:
        bold: set[tuple[int, int]] = set()
        for j, name in enumerate(self._columns):
            best_of: Callable[[list[float]], float] | None = None
            if name in self.bold_max:
                best_of = max
            elif name in self.bold_min:
                best_of = min
            if best_of is None:
                continue
            numbers = [
                (i, float(v))
                for i, v in enumerate(self._values[j])
                if isinstance(v, int | float) and not isinstance(v, bool)
            ]
            if len(numbers) < 2:
                continue
            best = best_of(v for _, v in numbers)
            bold.update((i, j) for i, v in numbers if v == best)
        return bold

    # -- Qt model API -------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._frame)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row, col)
        if role in (Qt.ItemDataRole.UserRole, Qt.ItemDataRole.EditRole):
            return self._values[col][row]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            value = self._values[col][row]
            if isinstance(value, int | float) and not isinstance(value, bool):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and (row, col) in self._bold:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._columns):
                return None
            name = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return self.headers.get(name, name)
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.header_tooltips.get(name) or None
            if role == Qt.ItemDataRole.UserRole:
                return name
            return None
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._frame):
            return str(self._frame.index[section]) if self.show_index else str(section + 1)
        return None


def make_sort_proxy(
    model: QAbstractTableModel, parent: QObject | None = None
) -> QSortFilterProxyModel:
    """A proxy that sorts by the raw values (UserRole), numbers as numbers.

    Give it a ``parent`` (the view or page); parenting it to ``model`` would
    let the model's destructor tear down a proxy still talking to it.
    """
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    proxy.setSortLocaleAware(True)
    proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
