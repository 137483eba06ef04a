"""Each assessor's standard, on the Agreement page: how many items each assessor
judged, their mean grade and how their grades spread over the scale (a bar in every
cell), whether one grades more generously than another on the items both judged,
and the 95% bootstrap intervals of weighted κ and ordinal α with their readings
(:func:`workbench.core.measures.agreement_intervals.assessor_standards`, in a worker:
1,000 resamples never run on the GUI thread). The confusion matrix of each pair is
the page's heat-map, with its pair chooser. The box spans the page below the
statistics and the queue: its words wrap in the full width.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
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
#: pixels added under a grade cell's count for its bar
SHARE_BAR_ROOM = 6
#: pairs given a sentence and an interval line on the page (the report has them all)
PAIRS_SHOWN = 6


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.{digits}f}"


class ShareBarDelegate(QStyledItemDelegate):
    """A grade cell: its text, and under it a bar in the grade's colour as long as its share."""

    def paint(self, painter, option, index) -> None:
        share = index.data(SHARE_ROLE)
        grade = index.data(GRADE_ROLE)
        if share is not None and grade is not None and not math.isnan(share):
            # a strip along the cell's foot: the count above it stays readable
            r = option.rect.adjusted(2, 0, -2, -2)
            strip = SHARE_BAR_ROOM - 2
            bar = QRect(r.left(), r.bottom() - strip, round(r.width() * float(share)), strip)
            painter.save()
            colour = QColor(grades.colour(int(grade)))
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
        lay = QHBoxLayout(self)
        self.table = QTableWidget(0, 1)
        self.table.setObjectName("assessorStandardsTable")
        self.table.setItemDelegate(ShareBarDelegate(self.table))
        self.intervals = QLabel()
        self.intervals.setObjectName("agreementIntervals")
        self.intervals.setWordWrap(True)
        self.intervals.setTextFormat(Qt.TextFormat.PlainText)
        self.interval_lines: list[str] = []
        table = self.table
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        table.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        # the table at its own width on the left, the words wrapping beside it
        lay.addWidget(self.table, 0, Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        words.addWidget(self.sentences)
        words.addWidget(self.intervals)
        words.addWidget(self.note)
        words.addStretch(1)
        lay.addLayout(words, 1)
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

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._keep_words_whole()

    def _keep_words_whole(self) -> None:
        """Ask for the height the wrapped words need at this width: the page's scroll
        area sizes its content by minimum heights, which wrapped labels understate, so
        without this the box would take its height from the statistics above it."""
        layout = self.layout()
        if layout is None or not self.isVisible():
            return
        needed = layout.totalHeightForWidth(self.width())
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)

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
        # with many pairs the ones where a difference can be said come first
        pairs = sorted(standards.pairs, key=lambda p: not p.notable)
        lines = [p.sentence(lang) for p in pairs[:PAIRS_SHOWN]]
        if len(pairs) > PAIRS_SHOWN:
            lines.append(self.more_pairs(len(pairs) - PAIRS_SHOWN))
        self.sentences.setText("\n".join(lines))
        self._fill_intervals(standards, lang)
        self._fill_note(standards, lang)
        self._keep_words_whole()

    def _fill_note(self, standards: Standards, lang: str) -> None:
        caveats = [
            f"{name}: {ci.caveat(lang)}"
            for name, ci in [
                *((f"{p.a} – {p.b}", p.kappa_quadratic_ci) for p in standards.pairs[:PAIRS_SHOWN]),
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
                        "confusion matrix is in “Grades side by side” above."
                    ).format(replicates=standards.replicates, seed=standards.seed),
                    *caveats,
                ]
            )
        )

    def _fill_assessors(self, standards: Standards, lang: str) -> None:
        """One column per assessor, one row per figure: a narrow table that fits the
        page's left column with two or three assessors at any font."""
        table = self.table
        scale = standards.scale
        table.clear()
        table.setColumnCount(1 + len(standards.assessors))
        table.setRowCount(2 + len(scale))
        table.setHorizontalHeaderLabels([""] + [a.assessor for a in standards.assessors])
        labels = [
            (self.tr("Items judged"), self.tr("Items (question, passage) this assessor graded.")),
            (self.tr("Mean grade"), self.tr("The mean of this assessor's grades.")),
        ]
        labels += [
            (
                grades.chip_text(g, lang),
                self.tr("Grade {grade}: how many of the assessor's grades, and their share.")
                .format(grade=g)
                + "\n"
                + grades.definition(g, lang),
            )
            for g in scale
        ]
        for r, (text, tip) in enumerate(labels):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            table.setItem(r, 0, item)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        top_right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop  # the bar below
        for c, a in enumerate(standards.assessors, start=1):
            shares = a.shares
            cells = [(str(a.items), None, None), (_num(a.mean, 2), None, None)]
            cells += [
                (f"{a.counts[g]} ({percent_text(shares[g], 0)})", shares[g], g) for g in scale
            ]
            for r, (text, share, grade) in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(right if share is None else top_right)
                if share is not None:
                    item.setData(SHARE_ROLE, float(share))
                    item.setData(GRADE_ROLE, int(grade))
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        for r in range(2, table.rowCount()):  # room for the share's bar under the count
            table.setRowHeight(r, table.rowHeight(r) + SHARE_BAR_ROOM)
        # every row shown (a few): the box grows instead of scrolling inside; every
        # column up to half the page, beyond (many assessors) the table scrolls sideways
        width = 2 * table.frameWidth() + sum(
            table.columnWidth(c) for c in range(table.columnCount())
        )
        widest = self.fontMetrics().averageCharWidth() * 80
        scrolls = width > widest
        table.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOn if scrolls else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )
        table.setFixedWidth(min(width, widest) + 2)
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(r) for r in range(table.rowCount()))
        if scrolls:
            height += table.horizontalScrollBar().sizeHint().height()
        table.setFixedHeight(height + 2)

    def _fill_intervals(self, standards: Standards, lang: str) -> None:
        """One line per statistic (wrapped lines fit a narrow column at any font)."""
        rows = [
            (
                self.tr("Weighted κ (quadratic), {a} – {b}").format(a=p.a, b=p.b),
                p.kappa_quadratic,
                p.kappa_quadratic_ci,
                p.kappa_quadratic_ci.reading(WEIGHTED_KAPPA, lang),
            )
            for p in standards.pairs[:PAIRS_SHOWN]
        ]
        rows.append(
            (
                self.tr("Krippendorff's α (ordinal), all assessors"),
                standards.alpha_ordinal,
                standards.alpha_ci,
                standards.alpha_ci.reading(ALPHA, lang),
            )
        )
        self.interval_lines = [
            self.tr("{name}: {value}, 95% interval {interval} — {reading}").format(
                name=name, value=_num(value), interval=ci.text(), reading=reading
            )
            for name, value, ci, reading in rows
        ]
        lines = list(self.interval_lines)
        if len(standards.pairs) > PAIRS_SHOWN:
            lines.insert(PAIRS_SHOWN, self.more_pairs(len(standards.pairs) - PAIRS_SHOWN))
        self.intervals.setText("\n".join(lines))

    def more_pairs(self, n: int) -> str:
        return self.tr(
            "… and {n} more pairs: every pair is in the report's Agreement sheet and in "
            "workbench agreement --json."
        ).format(n=n)

    # -- what a reader sees (tests) ------------------------------------------------------
    def assessor_rows(self) -> list[list[str]]:
        return _texts(self.table)

    def interval_rows(self) -> list[str]:
        return list(self.interval_lines)


def _texts(table: QTableWidget) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]
