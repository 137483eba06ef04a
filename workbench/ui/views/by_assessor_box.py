"""Does the conclusion depend on who judged? On the Agreement page: the systems
ranked by the resolved grades and by each assessor's grades alone, Kendall's τ
against the resolved order, and one sentence saying whether the first place moves
(:func:`workbench.core.measures.by_assessor.rankings_by_assessor`, in a worker).

This box names systems, so it is never on the Judging page.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.by_assessor import ByAssessor
from workbench.ui.i18n import current_language
from workbench.ui.tables import hold_rows
from workbench.ui.workers import TaskRunner

#: rows (the resolved grades, then one per assessor) shown before the table scrolls
RANKING_ROWS = 6


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _rank(study, results, progress=None, cancelled=None) -> ByAssessor:
    """The rankings of a study snapshot (the worker's signature)."""
    return study.by_assessor(results)


class ByAssessorBox(QGroupBox):
    """The systems' order under each assessor's grades; hidden with fewer than two
    assessors or systems, or before there are scores."""

    #: a new computation is shown (tests wait for it)
    updated = Signal()

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("byAssessor")
        self.state = state
        self.runner = TaskRunner(self)
        self.ranked: ByAssessor | None = None
        lay = QVBoxLayout(self)
        self.sentence = QLabel()
        self.sentence.setObjectName("byAssessorSentence")
        self.sentence.setWordWrap(True)
        self.sentence.setTextFormat(Qt.TextFormat.PlainText)
        font = self.sentence.font()
        font.setBold(True)
        self.sentence.setFont(font)
        lay.addWidget(self.sentence)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("byAssessorTable")
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        lay.addWidget(self.table)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555555;")
        lay.addWidget(self.note)
        self.retranslate()
        state.results_changed.connect(lambda _r: self.refresh())
        # a resolution changes the resolved grades: its re-evaluation refreshes the box
        state.work_changed.connect(lambda: QTimer.singleShot(0, self._refresh_unless_evaluating))
        self.refresh()

    def _refresh_unless_evaluating(self) -> None:
        if not self.state.runner.is_running("evaluate"):
            self.refresh()

    def refresh(self) -> None:
        study, results = self.state.study, self.state.results
        if results is None or study.judgment_set is None or len(study.assessors) < 2:
            self.runner.cancel("by-assessor")
            self.ranked = None
            self._show()
            return
        handle = self.runner.start("by-assessor", _rank, study.snapshot(), results)
        handle.finished.connect(self._on_ranked)

    def _on_ranked(self, ranked: ByAssessor) -> None:
        self.ranked = ranked
        self._show()
        self.updated.emit()

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Grades"),
                self.tr("Questions"),
                self.tr("Systems, best first"),
                self.tr("Kendall's τ"),
            ]
        )
        self.note.setText(
            self.tr(
                "An assessor's grades alone score the questions that assessor graded any "
                "passage of; passages they did not grade count as not relevant. τ (τ-b, ties "
                "counted) compares each order with the order of the resolved grades: 1 = the "
                "same order, 0 = unrelated, −1 = reversed."
            )
        )
        self._show()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange:
            self._hold_rows()
        super().changeEvent(event)

    def _show(self) -> None:
        ranked = self.ranked
        self.setVisible(ranked is not None and ranked.computed)
        if ranked is None or not ranked.computed:
            return
        # short enough for the page's left column at the largest font
        self.setTitle(self.tr("Each assessor's ranking ({measure})").format(measure=ranked.measure))
        self.sentence.setText(ranked.sentence(_lang()))
        rows = [ranked.resolved, *ranked.assessors]
        self.table.setRowCount(len(rows))
        for r, ranking in enumerate(rows):
            who = (
                self.tr("{name}'s grades alone").format(name=ranking.assessor)
                if ranking.assessor
                else self.tr("Resolved grades")
            )
            order = " > ".join(
                f"{s} {ranking.scores[s]:.3f}" if not math.isnan(ranking.scores[s]) else s
                for s in ranking.order
            )
            tau = "" if not ranking.assessor else (
                "–" if ranking.tau is None else f"{ranking.tau:.2f}"
            )
            for c, text in enumerate((who, str(ranking.questions), order, tau)):
                item = QTableWidgetItem(text)
                if c in (1, 3):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self._hold_rows()

    def _hold_rows(self) -> None:
        """Every row at any font (the page scrolls instead of squeezing the table)."""
        self.table.resizeRowsToContents()
        hold_rows(self.table, RANKING_ROWS)

    def shown_rows(self) -> list[list[str]]:
        """The table's text, row by row (what a reader sees)."""
        return [
            [self.table.item(r, c).text() for c in range(self.table.columnCount())]
            for r in range(self.table.rowCount())
        ]
