"""The frozen first column of the long tables (questions, metrics) keeps in
line with its rows however the table is filled, sorted or resized."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtTest import QTest

from workbench.ui.tables import FrozenColumnTable


def _table(qtbot, rows: int) -> tuple[FrozenColumnTable, QStandardItemModel]:
    model = QStandardItemModel(0, 3)
    for r in range(rows):
        model.appendRow(
            [QStandardItem(f"q{r:04d}"), QStandardItem(str((r * 7919) % 1000)), QStandardItem("x")]
        )
    table = FrozenColumnTable(frozen=1)
    table.setModel(model)
    table.setSortingEnabled(True)
    qtbot.addWidget(table)
    table.resize(500, 400)
    table.show()
    qtbot.waitExposed(table)
    return table, model


def _lined_up(table: FrozenColumnTable) -> bool:
    n = table.model().rowCount()
    return [table.frozen.rowHeight(r) for r in range(n)] == [table.rowHeight(r) for r in range(n)]


def _click_header(table: FrozenColumnTable, column: int) -> None:
    header = table.horizontalHeader()
    assert header.isVisible() and header.isEnabled()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_the_frozen_column_lines_up_with_every_row_through_sorting_and_new_rows(qtbot):
    table, model = _table(qtbot, 300)
    table.verticalHeader().setDefaultSectionSize(41)  # as a larger font makes every row
    table.setRowHeight(5, 77)  # one row of two lines
    assert table.frozen.rowHeight(5) == 77
    _click_header(table, 1)  # sort by the second column: the model's layout changes
    assert table.horizontalHeader().sortIndicatorSection() == 1
    assert _lined_up(table)
    model.appendRow([QStandardItem("new"), QStandardItem("1"), QStandardItem("y")])
    assert _lined_up(table)
    assert table.frozen.rowHeight(model.rowCount() - 1) == 41


def test_rows_of_one_height_are_lined_up_without_setting_each(qtbot):
    """A list of 2,000 questions, all rows of one height, is synced as it is
    filled and sorted: no row's height is set one by one (each costs a relayout
    of the frozen view; 6,000 of them froze the window ~60 ms)."""
    table, _ = _table(qtbot, 2000)
    table.verticalHeader().setDefaultSectionSize(33)
    table.frozen.verticalHeader().setDefaultSectionSize(33)
    set_one_by_one = []
    frozen_set = table.frozen.setRowHeight
    table.frozen.setRowHeight = lambda row, h: set_one_by_one.append(row) or frozen_set(row, h)
    _click_header(table, 1)
    _click_header(table, 0)
    assert _lined_up(table)
    assert set_one_by_one == []
