"""Each assessor's standard, on the Agreement page: how many items each assessor
judged, their mean grade and how their grades spread over the scale (a bar in every
cell), whether one grades more generously than another on the items both judged,
and the 95% bootstrap intervals of weighted κ and ordinal α with their readings
(:func:`workbench.core.measures.agreement_intervals.assessor_standards`, in a worker:
1,000 resamples never run on the GUI thread). The confusion matrix of each pair is
the page's heat-map below, with its pair chooser.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.agreement_intervals import (
    DEFAULT_REPLICATES,
    Standards,
    assessor_standards,
)
from workbench.core.measures.stats import DEFAULT_SEED
from workbench.core.model import grades
from workbench.core.model.number_text import percent_text
from workbench.core.model.readings import ALPHA, WEIGHTED_KAPPA
from workbench.ui.i18n import current_language
from workbench.ui.workers import TaskRunner

#: a grade cell's share of the assessor's grades (0–1), drawn as a bar
SHARE_ROLE = Qt.ItemDataRole.UserRole + 2
#: a grade cell's grade, for the bar's colour
GRADE_ROLE = Qt.ItemDataRole.UserRole + 3


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.{digits}f}"


class ShareBarDelegate(QStyledItemDelegate):
    """A grade cell: a bar in the grade's colour as long as its share, the text over it."""

    def paint(self, painter, option, index) -> None:
        share = index.data(SHARE_ROLE)
        grade = index.data(GRADE_ROLE)
        if share is not None and grade is not None and not math.isnan(share):
            r = option.rect.adjusted(2, 3, -2, -3)
            bar = QRect(r.left(), r.top(), round(r.width() * float(share)), r.height())
            painter.save()
            colour = QColor(grades.colour(int(grade)))
            colour.setAlpha(110)
            painter.fillRect(bar, colour)
            painter.restore()
        super().paint(painter, option, index)


class StandardsBox(QGroupBox):
    """Each assessor's grades and the intervals of the agreement figures; hidden
    until computed (the page shows it only with two or more assessors)."""

    #: a new computation is shown (tests wait for it)
    updated = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assessorStandards")
        self.runner = TaskRunner(self)
        self.standards: Standards | None = None
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("assessorStandardsTable")
        self.table.setItemDelegate(ShareBarDelegate(self.table))
        self.intervals = QTableWidget(0, 4)
        self.intervals.setObjectName("agreementIntervals")
        for table in (self.table, self.intervals):
            table.verticalHeader().hide()
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
            header = table.horizontalHeader()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setStretchLastSection(True)
            table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
            table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.intervals.setWordWrap(True)
        self.sentences = QLabel()
        self.sentences.setObjectName("assessorStandardsSentences")
        self.sentences.setWordWrap(True)
        self.sentences.setTextFormat(Qt.TextFormat.PlainText)
        font = self.sentences.font()
        font.setBold(True)
        self.sentences.setFont(font)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setStyleSheet("color: #555555;")
        lay.addWidget(self.table)
        lay.addWidget(self.sentences)
        lay.addWidget(self.intervals)
        lay.addWidget(self.note)
        self.hide()

    # -- computing ---------------------------------------------------------------------
    def compute(self, judgments) -> None:
        """Compute the standards of ``judgments`` (the judgments in force) in the background."""
        handle = self.runner.start(
            "standards",
            assessor_standards,
            judgments,
            seed=DEFAULT_SEED,
            replicates=DEFAULT_REPLICATES,
        )
        handle.finished.connect(self._on_computed)

    def clear(self) -> None:
        self.runner.cancel("standards")
        self.standards = None
        self._show()

    def _on_computed(self, standards: Standards) -> None:
        self.standards = standards
        self._show()
        self.updated.emit()

    # -- language ----------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self._show()
        super().changeEvent(event)

    # -- showing -----------------------------------------------------------------------
    def _show(self) -> None:
        standards = self.standards
        self.setVisible(standards is not None and standards.computed)
        if standards is None or not standards.computed:
            return
        lang = _lang()
        self.setTitle(self.tr("Each assessor's standard"))
        self._fill_assessors(standards, lang)
        self.sentences.setText("\n".join(p.sentence(lang) for p in standards.pairs))
        self._fill_intervals(standards, lang)
        caveats = [
            f"{name}: {ci.caveat(lang)}"
            for name, ci in [
                *((f"{p.a} – {p.b}", p.kappa_quadratic_ci) for p in standards.pairs),
                ("α", standards.alpha_ci),
            ]
            if ci.caveat(lang)
        ]
        self.note.setText(
            "\n".join(
                [
                    self.tr(
                        "95% intervals: the items (question, passage) resampled with replacement "
                        "{replicates} times, seed {seed} (percentile bootstrap). One assessor is "
                        "said to grade more generously only when the interval of the difference "
                        "of their means on the items both judged leaves out 0. Each pair's "
                        "confusion matrix is under “Grades side by side”."
                    ).format(replicates=f"{standards.replicates:,}", seed=standards.seed),
                    *caveats,
                ]
            )
        )

    def _fill_assessors(self, standards: Standards, lang: str) -> None:
        table = self.table
        scale = standards.scale
        table.setColumnCount(3 + len(scale))
        table.setHorizontalHeaderLabels(
            [self.tr("Assessor"), self.tr("Items"), self.tr("Mean grade")]
            + [grades.chip_text(g, lang) for g in scale]
        )
        for c, g in enumerate(scale, start=3):
            header = table.horizontalHeaderItem(c)
            header.setToolTip(
                self.tr("Grade {grade}: how many of the assessor's grades, and their share.")
                .format(grade=g)
                + "\n"
                + grades.definition(g, lang)
            )
        table.setRowCount(len(standards.assessors))
        for r, a in enumerate(standards.assessors):
            shares = a.shares
            cells = [(a.assessor, None, None), (str(a.items), None, None),
                     (_num(a.mean, 2), None, None)]  # fmt: skip
            cells += [
                (f"{a.counts[g]} ({percent_text(shares[g], 0)})", shares[g], g) for g in scale
            ]
            for c, (text, share, grade) in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if share is not None:
                    item.setData(SHARE_ROLE, float(share))
                    item.setData(GRADE_ROLE, int(grade))
                table.setItem(r, c, item)
        table.resizeColumnsToContents()

    def _fill_intervals(self, standards: Standards, lang: str) -> None:
        table = self.intervals
        table.setHorizontalHeaderLabels(
            [self.tr("Statistic"), self.tr("Value"), self.tr("95% interval"), self.tr("Reading")]
        )
        rows = [
            (
                self.tr("Weighted κ (quadratic), {a} – {b}").format(a=p.a, b=p.b),
                p.kappa_quadratic,
                p.kappa_quadratic_ci,
                p.kappa_quadratic_ci.reading(WEIGHTED_KAPPA, lang),
            )
            for p in standards.pairs
        ]
        rows.append(
            (
                self.tr("Krippendorff's α (ordinal), all assessors"),
                standards.alpha_ordinal,
                standards.alpha_ci,
                standards.alpha_ci.reading(ALPHA, lang),
            )
        )
        table.setRowCount(len(rows))
        for r, (name, value, ci, reading) in enumerate(rows):
            for c, text in enumerate((name, _num(value), ci.text(), reading)):
                item = QTableWidgetItem(text)
                if c in (1, 2):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()

    # -- what a reader sees (tests) ------------------------------------------------------
    def assessor_rows(self) -> list[list[str]]:
        return _texts(self.table)

    def interval_rows(self) -> list[list[str]]:
        return _texts(self.intervals)


def _texts(table: QTableWidget) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]
