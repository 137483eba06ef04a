"""The Agreement page: do the assessors agree, and which grade counts when they don't?

Top: the policy in force (median / majority / max / min / one assessor
decides) and a sentence saying what it does. Left: per pair of assessors the
number of items both graded, exact agreement, Cohen's kappa and quadratic
weighted kappa with a plain-language reading, Krippendorff's alpha (ordinal)
over everyone, and a confusion heat-map per pair. Right: the disagreement
queue, biggest gap first, and the chosen item — question, passage, source,
each assessor's grade and note, the grade in use — with buttons to resolve it.

Resolving by hand never changes an assessor's grade: it adds a row to
``state.resolutions`` (the dissent record keeps everyone's original grade),
emits ``work_changed`` (autosave) and re-evaluates every score in the
background. Every resolution is undoable (Ctrl+Z).

Keys on the page: 0–3 resolve with that grade; A / B (C…) take that
assessor's grade; N / Down next item, P / Up previous item.
"""

from __future__ import annotations

import math
from dataclasses import replace
from string import ascii_uppercase

import pandas as pd
from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPen,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.agreement import (
    AgreementData,
    agreement_data,
    grade_column,
    kappa_band,
    note_column,
)
from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.model.choices import ONE_ASSESSOR, RESOLUTIONS
from workbench.core.model.korean import Word
from workbench.core.model.number_text import percent_text
from workbench.core.model.readings import ALPHA_TENTATIVE, alpha_reading
from workbench.core.protocol.review import Source
from workbench.core.study import ResolutionEdit
from workbench.ui.i18n import current_language
from workbench.ui.layouts import FlowLayout
from workbench.ui.page import Page, add_shortcuts, keep_arrow_keys, share_undo
from workbench.ui.state import AppState
from workbench.ui.tables import hold_rows
from workbench.ui.views.by_assessor_box import ByAssessorBox
from workbench.ui.views.heatmap import ConfusionHeatmap
from workbench.ui.views.pool_report import PoolEffectBox
from workbench.ui.views.standards_box import StandardsBox
from workbench.ui.when_shown import WhenShown

Item = tuple[str, str]

#: policies in the order the combo shows them
POLICY_ORDER = RESOLUTIONS.keys
#: assessor keys (N and P are taken by navigation)
ASSESSOR_KEYS = ascii_uppercase[:6]


def _lang() -> str:
    return current_language()


def _num(value: float, digits: int = 3) -> str:
    return (
        "–"
        if value is None or (isinstance(value, float) and math.isnan(value))
        else (f"{value:.{digits}f}")
    )


# == the queue model ====================================================================

#: rows of the agreement statistics (assessor pairs) shown before the table scrolls
STATS_ROWS = 6
#: raw value of a cell (grade as int, gap as int, resolved flag as bool)
RAW_ROLE = Qt.ItemDataRole.UserRole + 1


class DisagreementModel(QAbstractTableModel):
    """The disagreement queue: one row per item the assessors graded differently."""

    STATUS, QUESTION, PASSAGE = 0, 1, 2

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.queue = pd.DataFrame()
        self.assessors: list[str] = []
        #: statistics, the queue and the grade used of every item (not ``data``:
        #: that name is the model's Qt method)
        self.agreement: AgreementData | None = None
        self.unresolved_only = False
        #: (assessor a, assessor b, grade by a, grade by b) — a heat-map cell
        self.cell: tuple[str, str, int, int] | None = None
        self.lang = "en"
        #: the study's evaluation manual: grade labels and tooltips (None: the defaults)
        self.grade_manual = None
        self.headers: dict[str, str] = {}
        self._items: list[Item] = []
        self._records: dict[Item, dict] = {}
        self._rows: list[Item] = []

    # -- data -------------------------------------------------------------------------
    @property
    def manual(self) -> dict[Item, dict]:
        """Items resolved by hand (in the file or the app) → their resolution."""
        return self.agreement.resolutions if self.agreement is not None else {}

    def set_agreement(self, data: AgreementData) -> None:
        self.agreement = data
        queue = data.queue
        self.queue = queue
        self.assessors = list(data.summary.assessors)
        self._records = {}
        self._items = []
        for rec in queue.to_dict("records"):
            item = (str(rec[s.QID]), str(rec[s.PID]))
            self._items.append(item)
            self._records[item] = rec
        self._rebuild()

    def set_resolutions(self, data: AgreementData) -> None:
        """The same queue with other hand resolutions in force (after an edit)."""
        self.agreement = data
        if self.unresolved_only:
            self._rebuild()
        elif self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, self.columnCount() - 1)
            )

    def set_unresolved_only(self, on: bool) -> None:
        self.unresolved_only = bool(on)
        self._rebuild()

    def set_cell(self, cell: tuple[str, str, int, int] | None) -> None:
        self.cell = cell
        self._rebuild()

    def _passes(self, item: Item) -> bool:
        if self.unresolved_only and item in self.manual:
            return False
        if self.cell is not None:
            a, b, ga, gb = self.cell
            rec = self._records[item]
            va, vb = rec.get(grade_column(a)), rec.get(grade_column(b))
            if va is None or vb is None or pd.isna(va) or pd.isna(vb):
                return False
            return int(va) == ga and int(vb) == gb
        return True

    def _rebuild(self) -> None:
        self.beginResetModel()
        self._rows = [it for it in self._items if self._passes(it)]
        self.endResetModel()

    def item(self, row: int) -> Item | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, item: Item) -> int:
        try:
            return self._rows.index(item)
        except ValueError:
            return -1

    def record(self, item: Item) -> dict | None:
        return self._records.get(item)

    def items(self) -> list[Item]:
        return list(self._items)

    def grade_used(self, item: Item) -> int | None:
        """The grade the scores use (:meth:`AgreementData.grade_used`)."""
        return self.agreement.grade_used(item) if self.agreement is not None else None

    # -- Qt model -----------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 3 + len(self.assessors) + 2

    def _kind(self, column: int) -> tuple[str, str | None]:
        if column == self.STATUS:
            return "status", None
        if column == self.QUESTION:
            return "question", None
        if column == self.PASSAGE:
            return "passage", None
        k = column - 3
        if k < len(self.assessors):
            return "grade", self.assessors[k]
        return ("gap", None) if k == len(self.assessors) else ("used", None)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        kind, who = self._kind(section)
        if role == Qt.ItemDataRole.DisplayRole:
            if kind == "grade":
                return who
            return self.headers.get(kind, "")
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.headers.get(kind + "_tip", "")
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        item = self._rows[index.row()]
        rec = self._records[item]
        kind, who = self._kind(index.column())
        manual = self.manual.get(item)
        if kind == "status":
            if role == Qt.ItemDataRole.DisplayRole:
                return "✓" if manual else ""
            if role == RAW_ROLE:
                return manual is not None
            if role == Qt.ItemDataRole.ToolTipRole and manual:
                return self.headers.get("resolved_tip", "").format(
                    who=Word(manual.get("by") or "–"), when=_short_time(manual.get("time"))
                )
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(QColor("#2f855a"))
            return None
        if kind in ("question", "passage"):
            if role in (Qt.ItemDataRole.DisplayRole, RAW_ROLE):
                return item[0] if kind == "question" else item[1]
            return None
        if kind == "gap":
            if role in (Qt.ItemDataRole.DisplayRole, RAW_ROLE):
                return int(rec["gap"])
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            return None
        grade = rec.get(grade_column(who)) if kind == "grade" else self.grade_used(item)
        if grade is not None and pd.isna(grade):
            grade = None
        if role == RAW_ROLE:
            return None if grade is None else int(grade)
        if role == Qt.ItemDataRole.DisplayRole:
            if grade is None:
                return "–"
            return grades.chip_text(int(grade), self.lang, self.grade_manual)
        if role == Qt.ItemDataRole.BackgroundRole and grade is not None:
            return QBrush(QColor(grades.colour(int(grade))))
        if role == Qt.ItemDataRole.ForegroundRole and grade is not None:
            return QBrush(QColor(grades.text_colour(grades.colour(int(grade)))))
        if role == Qt.ItemDataRole.FontRole and kind == "used" and manual:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.ToolTipRole:
            if grade is None:
                return self.headers.get("not_graded", "")
            text = grades.definition(int(grade), self.lang, self.grade_manual)
            if kind == "grade":
                note = str(rec.get(note_column(who)) or "")
                if note:
                    text += "\n" + note
            return text
        return None


class GradeCellDelegate(QStyledItemDelegate):
    """Keeps a grade cell's colour in the selected row and frames the row instead.

    The usual selection fill would hide the grade colours exactly on the item
    being resolved, so the selected row gets a dark frame above and below.
    """

    FRAME = QColor("#1f4e8c")

    def paint(self, painter, option, index) -> None:
        if not option.state & QStyle.StateFlag.State_Selected:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        coloured = index.data(Qt.ItemDataRole.BackgroundRole) is not None
        if coloured:
            opt.state &= ~QStyle.StateFlag.State_Selected
        super().paint(painter, opt, index)
        painter.save()
        pen = QPen(self.FRAME, 3)
        painter.setPen(pen)
        r = option.rect
        painter.drawLine(r.left(), r.top() + 1, r.right(), r.top() + 1)
        painter.drawLine(r.left(), r.bottom() - 1, r.right(), r.bottom() - 1)
        if index.column() == 0:
            painter.drawLine(r.left() + 1, r.top(), r.left() + 1, r.bottom())
        if index.column() == index.model().columnCount() - 1:
            painter.drawLine(r.right() - 1, r.top(), r.right() - 1, r.bottom())
        painter.restore()


def _short_time(value) -> str:
    """'2025-03-04T10:22:31+09:00' → '2025-03-04 10:22'."""
    text = "" if value is None or (isinstance(value, float) and math.isnan(value)) else str(value)
    return text.replace("T", " ")[:16]


# == the page ===========================================================================


class AgreementPage(Page):
    """Assessor agreement, the confusion heat-map and the disagreement queue."""

    #: the page finished showing a new computation (tests wait for it)
    updated = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # redrawn when looked at: hidden, new scores cost the window nothing
        self._when_shown = WhenShown(self)
        from workbench.ui.workers import TaskRunner

        self.state = state
        self.runner = TaskRunner(self)
        self.data: AgreementData | None = None
        self.current: Item | None = None
        self._judgments_key: object = None
        #: the judgments the standards box shows (or computes)
        self._standards_key: object = None
        #: the study's one undo stack, shared with every page
        self.undo_stack: QUndoStack = state.undo_stack

        self._build()
        self._build_shortcuts()
        self._fit_to_font()
        self.retranslate()

        state.study_reset.connect(self.reset_view)
        state.data_changed.connect(self.refresh)
        state.settings_changed.connect(self._on_settings_changed)
        state.work_changed.connect(self._on_work_changed)
        state.edit_undone.connect(self._on_edit_undone)
        self.refresh()

    # == building ==========================================================================
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        # what the judging pools did (shown only when the study has pools)
        self.pool_box = PoolEffectBox(self.state)
        outer.addWidget(self.pool_box)
        self.stack.addWidget(self._build_empty())
        self.stack.addWidget(self._build_content())

    def _build_empty(self) -> QWidget:
        """The explanation shown instead of empty tables."""
        empty = QWidget()
        empty_lay = QHBoxLayout(empty)
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.empty_label.setTextFormat(Qt.TextFormat.PlainText)
        self.empty_label.setMaximumWidth(self.fontMetrics().averageCharWidth() * 70)
        font = self.empty_label.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.15)
        self.empty_label.setFont(font)
        empty_lay.addStretch(1)
        empty_lay.addWidget(self.empty_label)
        empty_lay.addStretch(1)
        return empty

    def _build_content(self) -> QScrollArea:
        """The policy in force above the statistics (left) and the queue (right),
        in a scroll area."""
        content = QWidget()
        content.setObjectName("agreement_content")
        self.content = content
        # at a large font on a short screen the page scrolls as a whole, so the
        # heat-map, the queue and the chosen item keep readable sizes
        self.page_scroll = QScrollArea()
        self.page_scroll.setObjectName("page_scroll")
        self.page_scroll.setWidgetResizable(True)
        self.page_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.page_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.page_scroll.setWidget(content)
        lay = QVBoxLayout(content)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(8)
        lay.addWidget(self._build_policy())
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.setObjectName("agreement_split")  # its sizes are kept between sessions
        lay.addWidget(split, 1)
        self.split = split
        split.addWidget(self._build_statistics())
        split.addWidget(self._build_queue())
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([560, 840])
        # each assessor's grades and the intervals (computed apart: 1,000 resamples), in
        # the page's full width so its sentences wrap into few lines
        self.standards_box = StandardsBox()
        lay.addWidget(self.standards_box)
        return self.page_scroll

    def _build_policy(self) -> QGroupBox:
        """The policy in force: the choice, the adjudicator, the rule in words."""
        self.policy_box = QGroupBox()
        pol = QGridLayout(self.policy_box)
        self.policy_label = QLabel()
        self.policy_combo = QComboBox()
        for key in POLICY_ORDER:
            self.policy_combo.addItem("", key)
        self.adjudicator_label = QLabel()
        self.adjudicator_combo = QComboBox()
        self.adjudicator_combo.setMinimumContentsLength(10)
        self.policy_sentence = QLabel()
        self.policy_sentence.setWordWrap(True)
        self.policy_problem = QLabel()
        self.policy_problem.setWordWrap(True)
        self.policy_problem.setStyleSheet("color: #b42318;")
        self.policy_problem.hide()
        self.policy_label.setBuddy(self.policy_combo)
        self.adjudicator_label.setBuddy(self.adjudicator_combo)
        pol.addWidget(self.policy_label, 0, 0)
        pol.addWidget(self.policy_combo, 0, 1)
        pol.addWidget(self.adjudicator_label, 0, 2)
        pol.addWidget(self.adjudicator_combo, 0, 3)
        # the rule in words below the choices: a long sentence never squeezes them
        pol.addWidget(self.policy_sentence, 1, 0, 1, 5)
        pol.addWidget(self.policy_problem, 2, 0, 1, 5)
        pol.setColumnStretch(4, 1)
        self.policy_combo.currentIndexChanged.connect(self._on_policy_chosen)
        self.adjudicator_combo.currentIndexChanged.connect(self._on_policy_chosen)
        return self.policy_box

    def _build_statistics(self) -> QWidget:
        """The left: statistics and the heat-map."""
        left = QWidget()
        left.setMinimumWidth(self.fontMetrics().averageCharWidth() * 36)
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 4, 0)
        self.stats_box = QGroupBox()
        st = QVBoxLayout(self.stats_box)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        st.addWidget(self.summary_label)
        self.stats_table = QTableWidget(0, 5)
        self.stats_table.verticalHeader().hide()
        self.stats_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stats_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.stats_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.stats_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.stats_table.horizontalHeader().setStretchLastSection(True)
        self.stats_table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.stats_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.stats_table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.stats_table.itemSelectionChanged.connect(self._on_stats_row)
        st.addWidget(self.stats_table)
        self.alpha_label = QLabel()
        self.alpha_label.setWordWrap(True)
        self.alpha_label.setTextFormat(Qt.TextFormat.RichText)
        st.addWidget(self.alpha_label)
        left_lay.addWidget(self.stats_box)
        # whether the systems' order depends on who judged (needs scores: hidden before)
        self.by_assessor_box = ByAssessorBox(self.state)
        left_lay.addWidget(self.by_assessor_box)

        self.heat_box = QGroupBox()
        hb = QVBoxLayout(self.heat_box)
        pair_row = QHBoxLayout()
        self.pair_label = QLabel()
        self.pair_combo = QComboBox()
        self.pair_label.setBuddy(self.pair_combo)
        pair_row.addWidget(self.pair_label)
        pair_row.addWidget(self.pair_combo, 1)
        hb.addLayout(pair_row)
        self.heat_caption = QLabel()
        self.heat_caption.setWordWrap(True)
        self.heat_caption.setStyleSheet("color: #555555;")
        hb.addWidget(self.heat_caption)
        self.heatmap = ConfusionHeatmap()
        hb.addWidget(self.heatmap, 1)
        left_lay.addWidget(self.heat_box, 1)
        self.pair_combo.currentIndexChanged.connect(self._show_pair)
        self.heatmap.cell_clicked.connect(self._on_cell_clicked)
        return left

    def _build_queue(self) -> QSplitter:
        """The right: the queue of disagreements and the chosen item."""
        right = QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.setObjectName("agreement_right_split")  # its sizes are kept between sessions
        self.queue_box = QGroupBox()
        qb = QVBoxLayout(self.queue_box)
        bar = QHBoxLayout()
        self.unresolved_check = QCheckBox()
        self.unresolved_check.toggled.connect(self._on_unresolved_only)
        self.queue_count = QLabel()
        self.cell_filter_label = QLabel()
        self.cell_filter_label.setStyleSheet("color: #b25f00;")
        self.clear_cell_button = QToolButton()
        self.clear_cell_button.clicked.connect(lambda: self._set_cell_filter(None))
        self.cell_filter_label.hide()
        self.clear_cell_button.hide()
        self.cell_filter_label.setWordWrap(True)
        self.queue_count.setWordWrap(True)
        self.queue_count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addWidget(self.unresolved_check)
        bar.addWidget(self.queue_count, 1)
        qb.addLayout(bar)
        # the heat-map cell filter gets its own line: a long label must not widen the page
        cell_bar = QHBoxLayout()
        cell_bar.addWidget(self.cell_filter_label, 1)
        cell_bar.addWidget(self.clear_cell_button)
        qb.addLayout(cell_bar)
        self.model = DisagreementModel(self)
        self.queue_view = QTableView()
        self.queue_view.setModel(self.model)
        self.queue_view.setItemDelegate(GradeCellDelegate(self.queue_view))
        self.queue_view.verticalHeader().hide()
        self.queue_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.queue_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.queue_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.queue_view.setAlternatingRowColors(False)
        self.queue_view.horizontalHeader().setStretchLastSection(True)

        self.queue_view.selectionModel().currentRowChanged.connect(self._on_current_row)
        self._resetting = False
        self.model.modelAboutToBeReset.connect(lambda: setattr(self, "_resetting", True))
        self.model.modelReset.connect(lambda: setattr(self, "_resetting", False))
        qb.addWidget(self.queue_view)
        right.addWidget(self.queue_box)

        self.detail = self._build_detail()
        right.addWidget(self.detail)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 0)
        return right

    def _build_detail(self) -> QWidget:
        box = QGroupBox()
        self.detail_box = box
        lay = QVBoxLayout(box)
        lay.setSpacing(6)
        self.item_title = QLabel()
        self.item_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        f = self.item_title.font()
        f.setBold(True)
        self.item_title.setFont(f)
        lay.addWidget(self.item_title)
        self.question_text = QLabel()
        self.question_text.setWordWrap(True)
        self.question_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.question_text)
        self.passage_text = QPlainTextEdit()
        self.passage_text.setReadOnly(True)
        self.passage_text.setFrameShape(QFrame.Shape.StyledPanel)
        lines = self.passage_text.fontMetrics().lineSpacing()
        self.passage_text.setMinimumHeight(3 * lines + 12)
        self.passage_text.setMaximumHeight(5 * lines + 12)
        lay.addWidget(self.passage_text)
        self.source_label = QLabel()
        self.source_label.setWordWrap(True)
        self.source_label.setStyleSheet("color: #555555;")
        lay.addWidget(self.source_label)

        self.grades_grid = QGridLayout()
        self.grades_grid.setHorizontalSpacing(10)
        self.grades_grid.setColumnStretch(2, 1)
        lay.addLayout(self.grades_grid)
        self._grade_rows: list[tuple[QLabel, QLabel, QLabel]] = []

        self.used_label = QLabel()
        self.used_label.setWordWrap(True)
        self.used_label.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.used_label)

        # button rows flow into a second line when a large font makes them wide
        take = FlowLayout()
        self.take_buttons: list[QPushButton] = []
        self.take_row = take
        lay.addLayout(take)

        by_hand = FlowLayout()
        self.by_hand_label = QLabel()
        by_hand.addWidget(self.by_hand_label)
        self.grade_buttons: list[QPushButton] = []
        for g in grades.GRADES:
            b = QPushButton()
            colour = grades.colour(g)
            b.setStyleSheet(
                f"QPushButton {{ background: {colour}; color: {grades.text_colour(colour)};"
                " border: 1px solid #666; border-radius: 4px; padding: 4px 8px; }"
                " QPushButton:disabled { background: #e4e4e4; color: #999; }"
            )
            b.clicked.connect(lambda _=False, g=g: self.resolve_current(g))
            self.grade_buttons.append(b)
            by_hand.addWidget(b)
        lay.addLayout(by_hand)

        reason_row = QHBoxLayout()
        self.reason_edit = QLineEdit()
        self.reason_edit.setClearButtonEnabled(True)
        reason_row.addWidget(self.reason_edit, 1)
        self.unresolve_button = QPushButton()
        self.unresolve_button.clicked.connect(self.unresolve_current)
        reason_row.addWidget(self.unresolve_button)
        self.undo_button = QToolButton()
        self.redo_button = QToolButton()
        reason_row.addWidget(self.undo_button)
        reason_row.addWidget(self.redo_button)
        lay.addLayout(reason_row)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        return box

    def _build_shortcuts(self) -> None:
        share_undo(self, self.state, self.undo_button, self.redo_button)
        add_shortcuts(
            self,
            [
                *((key, self.next_item) for key in ("N", "Down")),
                *((key, self.previous_item) for key in ("P", "Up")),
                *((str(g), lambda g=g: self.resolve_current(g)) for g in grades.GRADES),
                *((key, lambda i=i: self.take_assessor(i)) for i, key in enumerate(ASSESSOR_KEYS)),
            ],
        )
        # the arrows move through the queue, but not away from a focused combo box
        keep_arrow_keys(self, self.policy_combo, self.adjudicator_combo, self.pair_combo)

    # == language ===========================================================================
    def retranslate(self) -> None:
        lang = _lang()
        self.policy_box.setTitle(self.tr("Which grade counts when assessors differ"))
        self.policy_label.setText(self.tr("Rule:"))
        for i in range(self.policy_combo.count()):
            self.policy_combo.setItemText(i, RESOLUTIONS.label(self.policy_combo.itemData(i), lang))
        self.adjudicator_label.setText(self.tr("Who decides:"))
        self.adjudicator_combo.setToolTip(
            self.tr(
                "Used with “One assessor decides”: this assessor's grade counts wherever they graded the item."
            )
        )
        self.stats_box.setTitle(self.tr("How far the assessors agree"))
        self.stats_table.setHorizontalHeaderLabels(
            [
                self.tr("Assessors"),
                self.tr("Items"),
                self.tr("Same grade"),
                self.tr("Cohen's κ"),
                self.tr("Weighted κ\n(quadratic)"),
            ]
        )
        tips = [
            self.tr("The two assessors compared."),
            self.tr("Items (question, passage) both assessors graded."),
            self.tr("Share of those items given exactly the same grade."),
            self.tr(
                "Agreement beyond chance: 1 = always the same grade, 0 = no better than chance. "
                "Every different grade counts as a full disagreement."
            ),
            self.tr(
                "Like Cohen's κ, but a near miss (1 vs 2) counts less than a far one (0 vs 3), "
                "by the square of the distance."
            ),
        ]
        for col, tip in enumerate(tips):
            header = self.stats_table.horizontalHeaderItem(col)
            if header is not None:
                header.setToolTip(tip)
        self.heat_box.setTitle(self.tr("Grades side by side"))
        self.pair_label.setText(self.tr("Assessors:"))
        self.heat_caption.setText(
            self.tr(
                "Each cell counts the items graded with the row assessor's grade and the column "
                "assessor's grade. The outlined diagonal is where they agree. Click a cell to list "
                "those items."
            )
        )
        self.queue_box.setTitle(self.tr("Disagreements, biggest gap first"))
        self.unresolved_check.setText(self.tr("Unresolved only"))
        self.clear_cell_button.setText(self.tr("Show all"))
        self.detail_box.setTitle(self.tr("Chosen item"))
        self.by_hand_label.setText(self.tr("Resolve by hand:"))
        manual = self.state.study.manual_in_force(lang)
        self.model.grade_manual = manual
        for g, b in zip(grades.GRADES, self.grade_buttons):
            b.setText(grades.chip_text(g, lang, manual))
            b.setToolTip(
                self.tr("Use grade {grade} for this item (key {key}).").format(grade=g, key=g)
                + "\n"
                + grades.definition(g, lang, manual)
            )
        self.reason_edit.setPlaceholderText(
            self.tr("Reason (optional), saved with the grade you choose")
        )
        self.unresolve_button.setText(self.tr("Back to the rule"))
        self.unresolve_button.setToolTip(
            self.tr("Forget the grade chosen by hand; the rule above decides again.")
        )
        self.model.lang = lang
        self.model.headers = {
            "status": "✓",
            "status_tip": self.tr("✓ = resolved by hand"),
            "question": self.tr("Question"),
            "passage": self.tr("Passage"),
            "gap": self.tr("Gap"),
            "gap_tip": self.tr("Highest minus lowest grade given to the item."),
            "used": self.tr("Grade used"),
            "used_tip": self.tr(
                "The grade the scores use: the rule's, or the one chosen by hand (bold)."
            ),
            "resolved_tip": self.tr("Resolved by hand by {who}, {when}"),
            "not_graded": self.tr("Not graded by this assessor"),
        }
        self.model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1
        )
        self._update_policy_widgets()
        self._show_all()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange:
            self._fit_to_font()
        super().changeEvent(event)

    def _fit_to_font(self) -> None:
        """Readable sizes from the font in use (the page scrolls when they do not fit):
        six rows of the queue, a heat-map with room for its counts."""
        fm = self.fontMetrics()
        row = fm.height() + 8
        self.queue_view.verticalHeader().setDefaultSectionSize(row)
        self.queue_view.setMinimumHeight(row * 7 + fm.height() + 12)
        self.heatmap.setMinimumHeight(fm.height() * 4 + 4 * (fm.horizontalAdvance("0000") + 8))
        self.stats_table.resizeRowsToContents()
        hold_rows(self.stats_table, STATS_ROWS)

    def reset_view(self) -> None:
        """A new study or judgments file: no heat-map cell filter, every item listed,
        nothing selected, the first pair (the statistics follow from data_changed)."""
        self.runner.cancel("agreement")
        self.standards_box.clear()
        self._standards_key = None
        self.data = None
        self.current = None
        self.model.set_cell(None)
        self.cell_filter_label.hide()
        self.clear_cell_button.hide()
        self.unresolved_check.blockSignals(True)
        self.unresolved_check.setChecked(False)
        self.unresolved_check.blockSignals(False)
        self.model.set_unresolved_only(False)
        self.pair_combo.blockSignals(True)
        self.pair_combo.clear()
        self.pair_combo.blockSignals(False)

    # == computing ===========================================================================
    def _judgments_identity(self) -> object:
        """What the statistics depend on: the judgments file and the grades given
        in the app (the study replaces these frames on every change)."""
        study = self.state.study
        return (id(study.judgment_set), id(study.added_grades))

    def refresh(self) -> None:
        """Recompute the statistics and the queue in the background."""
        study = self.state.study
        self.model.grade_manual = study.manual_in_force(_lang())
        self._judgments_key = self._judgments_identity()
        if study.judgment_set is None:
            self.runner.cancel("agreement")
            self.standards_box.clear()
            self._standards_key = None
            self.data = None
            self._show_all()
            self.updated.emit()
            return
        settings = study.settings
        judgments = study.judgments_in_force()
        if self._judgments_key != self._standards_key:
            # the standards depend on the grades alone, not on the policy
            self._standards_key = self._judgments_key
            self.standards_box.compute(judgments)
        handle = self.runner.start(
            "agreement",
            agreement_data,
            judgments,
            study.resolutions_in_force(),
            settings.resolution,
            settings.adjudicator,
            _lang(),
        )
        handle.finished.connect(self._on_computed)

    def _on_computed(self, data: AgreementData) -> None:
        if self._judgments_identity() != self._judgments_key:
            # graded again while this was computed: the answer is of older grades
            self._when_shown.run(self.refresh)
            return
        # a resolution made while this was computed is not in the answer: without
        # this, a late answer would show the item's grade from before it
        self.data = data.with_resolutions(self.state.study.resolutions_in_force())
        self._when_shown.run(self._show_and_announce)

    def _show_and_announce(self) -> None:
        self._show_all()
        self.updated.emit()

    def _on_settings_changed(self, settings) -> None:
        self._update_policy_widgets()
        if self.data is None or (
            (settings.resolution, settings.adjudicator) != (self.data.policy, self.data.adjudicator)
        ):
            self.refresh()

    def _on_edit_undone(self, edit) -> None:
        """Undoing a resolution shows the item it was about."""
        if isinstance(edit, ResolutionEdit) and self.isVisible():
            self.select_item((edit.question_id, edit.passage_id))

    def _on_work_changed(self) -> None:
        manual = self.state.study.manual_in_force(_lang())
        if manual != self.model.grade_manual:
            self.model.grade_manual = manual
            self.retranslate()  # the grade buttons' words and tooltips
        if self._judgments_identity() != self._judgments_key:
            # a grade given on the review page is one more assessor's grade: counted
            # when the page is looked at (not after every grade while it is hidden)
            self._when_shown.run(self.refresh)
            return
        if self.data is None:
            return
        keep = self.current
        row = self.model.row_of(keep) if keep is not None else -1
        self.data = self.data.with_resolutions(self.state.study.resolutions_in_force())
        self.model.set_resolutions(self.data)
        self._update_counts()
        if keep is not None and self.select_item(keep):
            return
        if row >= 0 and self.model.rowCount():
            self.select_row(min(row, self.model.rowCount() - 1))
        else:
            self._show_item(self.current)

    # == showing ===============================================================================
    def _assessors(self) -> list[str]:
        return [] if self.data is None else list(self.data.summary.assessors)

    def _show_all(self) -> None:
        if not hasattr(self, "model"):
            return
        self._update_policy_widgets()
        data = self.data
        if data is None or len(data.summary.assessors) < 2:
            self.empty_label.setText(self._empty_text())
            self.stack.setCurrentIndex(0)
            return
        self.stack.setCurrentIndex(1)
        self.policy_problem.setText(data.problem)
        self.policy_problem.setVisible(bool(data.problem))
        self._fill_stats()
        self._fill_pairs()
        keep = self.current
        self.model.set_agreement(data)
        self._resize_queue_columns()
        self._rebuild_take_buttons()
        self._update_counts()
        if keep is not None and self.model.row_of(keep) >= 0:
            self.select_item(keep)
        elif self.model.rowCount():
            self.select_row(0)
        else:
            self._show_item(None)

    def _empty_text(self) -> str:
        js = self.state.judgment_set
        if js is None:
            return self.tr(
                "Open a judgments file to see how far the assessors agree.\n\n"
                "Agreement needs the grades of at least two assessors: one row per assessor's "
                "grade, with the assessor's name in an assessor column (평가자)."
            )
        names = self._assessors() or js.assessors
        if self.data is None:
            return self.tr("Computing agreement…")
        if not names:
            return self.tr(
                "This judgments file names no assessors, so there is nothing to compare.\n\n"
                "To measure agreement, give each grade the name of the person who made it in an "
                "assessor column (평가자), one row per assessor's grade. The scores use the "
                "grades as they are."
            )
        return self.tr(
            "Only one assessor ({name}) graded these passages, so there is nothing to compare.\n\n"
            "To measure agreement, add a second person's grades for the same questions and "
            "passages, with their name in the assessor column (평가자). The scores use "
            "{name}'s grades as they are."
        ).format(name=names[0])

    def _update_policy_widgets(self) -> None:
        settings = self.state.settings
        names = self._assessors() or (
            self.state.judgment_set.assessors if self.state.judgment_set is not None else []
        )
        for combo in (self.policy_combo, self.adjudicator_combo):
            combo.blockSignals(True)
        try:
            i = self.policy_combo.findData(settings.resolution)
            self.policy_combo.setCurrentIndex(max(i, 0))
            if [
                self.adjudicator_combo.itemData(k) for k in range(self.adjudicator_combo.count())
            ] != names:
                self.adjudicator_combo.clear()
                for name in names:
                    self.adjudicator_combo.addItem(name, name)
            j = self.adjudicator_combo.findData(settings.adjudicator)
            self.adjudicator_combo.setCurrentIndex(j if j >= 0 else (0 if names else -1))
        finally:
            for combo in (self.policy_combo, self.adjudicator_combo):
                combo.blockSignals(False)
        assessor_rule = settings.resolution == ONE_ASSESSOR
        self.adjudicator_combo.setEnabled(assessor_rule and bool(names))
        self.adjudicator_label.setEnabled(assessor_rule and bool(names))
        self.policy_sentence.setText(
            self.policy_sentence_text(settings.resolution, settings.adjudicator)
        )

    def policy_sentence_text(self, policy: str, adjudicator: str | None) -> str:
        """The policy in plain words."""
        lang = _lang()
        text = (
            RESOLUTIONS.explanation(policy, lang).format(name=Word(adjudicator or "–"))
            if policy in RESOLUTIONS
            else policy
        )
        return (
            text
            + " "
            + self.tr(
                "A grade resolved by hand below always wins. Every assessor's own grade is kept."
            )
        )

    def _on_policy_chosen(self, _index: int = 0) -> None:
        policy = self.policy_combo.currentData()
        adjudicator = self.adjudicator_combo.currentData()
        if policy is None:
            return
        if policy != ONE_ASSESSOR:
            # the adjudicator stays remembered but only counts under "one assessor decides"
            adjudicator = self.state.settings.adjudicator if adjudicator is None else adjudicator
        settings = replace(self.state.settings, resolution=policy, adjudicator=adjudicator)
        self.state.set_settings(settings)
        self._update_policy_widgets()

    def set_policy(self, policy: str, adjudicator: str | None = None) -> None:
        """Choose a policy as the user would with the combos."""
        if adjudicator is not None:
            self.adjudicator_combo.setCurrentIndex(self.adjudicator_combo.findData(adjudicator))
        self.policy_combo.setCurrentIndex(self.policy_combo.findData(policy))

    # -- statistics ---------------------------------------------------------------------
    def _fill_stats(self) -> None:
        lang = _lang()
        summary = self.data.summary
        table = self.stats_table
        table.setRowCount(len(summary.pairs))
        for r, pair in enumerate(summary.pairs):
            cells = [
                (f"{pair.a} – {pair.b}", None),
                (str(pair.n), pair.n),
                ("–" if math.isnan(pair.exact) else percent_text(pair.exact), pair.exact),
                (f"{_num(pair.kappa)} ({kappa_band(pair.kappa, lang)})", pair.kappa),
                (
                    f"{_num(pair.kappa_quadratic)} ({kappa_band(pair.kappa_quadratic, lang)})",
                    pair.kappa_quadratic,
                ),
            ]
            for c, (text, raw) in enumerate(cells):
                it = QTableWidgetItem(text)
                it.setData(RAW_ROLE, raw)
                if c:
                    it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, it)
        table.resizeColumnsToContents()
        # with one pair a highlighted row says nothing; with several it marks the heat-map's pair
        table.setSelectionMode(
            QAbstractItemView.SelectionMode.SingleSelection
            if len(summary.pairs) > 1
            else QAbstractItemView.SelectionMode.NoSelection
        )
        # every pair's row (up to six) at any font: the page scrolls, the table stays
        hold_rows(table, STATS_ROWS)

        pct = summary.disagreements / summary.items * 100 if summary.items else 0.0
        self.summary_label.setText(
            self.tr(
                "{assessors} assessors. {items} items were graded by two or more of them; "
                "they gave different grades to {n} ({pct:.1f}%)."
            ).format(
                assessors=len(summary.assessors),
                items=summary.items,
                n=summary.disagreements,
                pct=pct,
            )
        )
        alpha = summary.alpha_ordinal
        self.alpha_label.setText(
            self.tr("Krippendorff's α (ordinal), all assessors: <b>{value}</b> — {reading}").format(
                value=_num(alpha), reading=self.alpha_reading(alpha)
            )
        )
        self.alpha_label.setToolTip(
            self.tr(
                "Krippendorff's alpha measures agreement beyond chance over all assessors at "
                "once, treating the grades as ordered and allowing missing grades. Krippendorff "
                "recommends α ≥ 0.800 for conclusions and 0.667 ≤ α < 0.800 for tentative ones."
            )
        )

    def alpha_reading(self, alpha: float) -> str:
        """Krippendorff's own guideline (2004) for reading alpha, in the report's
        words (:func:`~workbench.core.model.readings.alpha_reading`); below 0.667
        the page adds what to do about it."""
        reading = alpha_reading(alpha, _lang())
        if alpha is not None and not math.isnan(alpha) and alpha < ALPHA_TENTATIVE:
            reading += self.tr("; talk the grading guide through again")
        return reading

    def stats_values(self) -> list[dict]:
        """What the statistics table shows, as raw numbers (for tests and copy)."""
        out = []
        for r in range(self.stats_table.rowCount()):
            raw = [self.stats_table.item(r, c).data(RAW_ROLE) for c in range(1, 5)]
            out.append(
                {
                    "pair": self.stats_table.item(r, 0).text(),
                    "n": raw[0],
                    "exact": raw[1],
                    "kappa": raw[2],
                    "kappa_quadratic": raw[3],
                }
            )
        return out

    # -- heat-map -----------------------------------------------------------------------
    def _fill_pairs(self) -> None:
        pairs = self.data.summary.pairs
        current = self.pair_combo.currentData()
        self.pair_combo.blockSignals(True)
        self.pair_combo.clear()
        for k, pair in enumerate(pairs):
            self.pair_combo.addItem(f"{pair.a} – {pair.b}", k)
        self.pair_combo.setCurrentIndex(
            current if isinstance(current, int) and current < len(pairs) else 0
        )
        self.pair_combo.blockSignals(False)
        many = len(pairs) > 1
        self.pair_combo.setVisible(many)
        self.pair_label.setVisible(many)
        self._show_pair()

    def current_pair(self):
        if self.data is None or not self.data.summary.pairs:
            return None
        k = self.pair_combo.currentData()
        return self.data.summary.pairs[k if isinstance(k, int) else 0]

    def _show_pair(self, _index: int = 0) -> None:
        pair = self.current_pair()
        if pair is None:
            self.heatmap.clear()
            return
        lang = _lang()
        scale = [int(g) for g in pair.confusion.index]

        def tooltip(ga: int, gb: int, count: int) -> str:
            return self.tr("{a}: {ga} · {b}: {gb} — {count} items").format(
                a=pair.a,
                ga=grades.chip_text(ga, lang),
                b=pair.b,
                gb=grades.chip_text(gb, lang),
                count=count,
            )

        self.heatmap.set_data(
            pair.confusion.to_numpy(),
            scale,
            row_title=pair.a,
            col_title=pair.b,
            label=lambda g: grades.chip_text(g, lang),
            tooltip=tooltip,
            legend_title=self.tr("items"),
        )
        # the stats table row follows the heat-map's pair
        row = self.data.summary.pairs.index(pair)
        if self.stats_table.currentRow() != row:
            self.stats_table.blockSignals(True)
            self.stats_table.selectRow(row)
            self.stats_table.blockSignals(False)
        self._sync_cell_marker()

    def _on_stats_row(self) -> None:
        row = self.stats_table.currentRow()
        if row >= 0 and row != self.pair_combo.currentIndex():
            self.pair_combo.setCurrentIndex(row)

    def _on_cell_clicked(self, ga: int, gb: int) -> None:
        pair = self.current_pair()
        if pair is None:
            return
        cell = (pair.a, pair.b, ga, gb)
        self._set_cell_filter(None if self.model.cell == cell else cell)

    def _set_cell_filter(self, cell) -> None:
        keep = self.current
        self.model.set_cell(cell)
        if cell is None:
            self.cell_filter_label.hide()
            self.clear_cell_button.hide()
        else:
            lang = _lang()
            a, b, ga, gb = cell
            text = self.tr("Only {a}: {ga} and {b}: {gb}").format(
                a=a, ga=grades.chip_text(ga, lang), b=b, gb=grades.chip_text(gb, lang)
            )
            if ga == gb:
                text += " " + self.tr("(they agree there: nothing to resolve)")
            self.cell_filter_label.setText(text)
            self.cell_filter_label.show()
            self.clear_cell_button.show()
        self._sync_cell_marker()
        self._update_counts()
        self._keep_or_first(keep)

    def _keep_or_first(self, keep: Item | None) -> None:
        """After a filter change: stay on the item if still listed, else the first one."""
        if keep is not None and self.select_item(keep):
            return
        self.select_row(0)

    def _sync_cell_marker(self) -> None:
        pair = self.current_pair()
        cell = self.model.cell
        if pair is not None and cell is not None and (cell[0], cell[1]) == (pair.a, pair.b):
            self.heatmap.set_selected((cell[2], cell[3]))
        else:
            self.heatmap.set_selected(None)

    # -- queue --------------------------------------------------------------------------
    def _resize_queue_columns(self) -> None:
        header = self.queue_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

    def _update_counts(self) -> None:
        if self.data is None:
            self.queue_count.setText("")
            return
        items = self.model.items()
        manual = self.model.manual
        done = sum(1 for it in items if it in manual)
        self.queue_count.setText(
            self.tr(
                "{n} disagreements · {done} resolved by hand · {left} left · showing {shown}"
            ).format(n=len(items), done=done, left=len(items) - done, shown=self.model.rowCount())
        )

    def _on_unresolved_only(self, on: bool) -> None:
        keep = self.current
        self.model.set_unresolved_only(on)
        self._update_counts()
        self._keep_or_first(keep)

    def select_row(self, row: int) -> None:
        if not (0 <= row < self.model.rowCount()):
            self._show_item(None)
            return
        index = self.model.index(row, 0)
        self.queue_view.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.queue_view.scrollTo(index)
        self._show_item(self.model.item(row))

    def select_item(self, item: Item) -> bool:
        row = self.model.row_of(item)
        if row < 0:
            return False
        self.select_row(row)
        return True

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._resetting:
            return  # a model reset clears the selection; the page re-selects after it
        item = self.model.item(current.row()) if current.isValid() else None
        if item != self.current:
            self._show_item(item)

    def next_item(self) -> None:
        row = self.model.row_of(self.current) if self.current else -1
        if row + 1 < self.model.rowCount():
            self.select_row(row + 1)

    def previous_item(self) -> None:
        row = self.model.row_of(self.current) if self.current else 0
        if row > 0:
            self.select_row(row - 1)

    # -- the chosen item ---------------------------------------------------------------
    def _show_item(self, item: Item | None) -> None:
        if item != self.current:
            self.reason_edit.clear()
        self.current = item
        lang = _lang()
        rec = self.model.record(item) if item is not None else None
        enabled = rec is not None
        for w in (*self.grade_buttons, *self.take_buttons, self.reason_edit):
            w.setEnabled(enabled)
        if rec is None:
            self.item_title.setText(self.tr("No item chosen") if self.data else "")
            self.question_text.setText(
                self.tr("Every disagreement is resolved. Untick “Unresolved only” to see them all.")
                if self.model.unresolved_only and self.model.items()
                else ""
            )
            self.passage_text.setPlainText("")
            self.source_label.setText("")
            self.used_label.setText("")
            self._fill_grade_rows([], None)
            self.unresolve_button.setEnabled(False)
            return
        qid, pid = item
        self.item_title.setText(self.tr("Question {qid} · passage {pid}").format(qid=qid, pid=pid))
        js = self.state.judgment_set
        qtext = _lookup(js.questions if js else None, s.QID, qid, s.QTEXT)
        qtype = _lookup(js.questions if js else None, s.QID, qid, s.QTYPE)
        self.question_text.setText(
            (qtext or self.tr("(no question text in the judgments file)"))
            + (f"  [{qtype}]" if qtype else "")
        )
        passages = js.passages if js else None
        ptext = _lookup(passages, s.PID, pid, s.TEXT)
        self.passage_text.setPlainText(ptext or self.tr("(no passage text in the judgments file)"))
        source = Source(
            volume=_lookup(passages, s.PID, pid, s.VOLUME),
            lecture=_lookup(passages, s.PID, pid, s.LECTURE),
            page=_lookup(passages, s.PID, pid, s.PAGE),
            date=_lookup(passages, s.PID, pid, s.DATE),
        ).format(lang)
        doc = _lookup(passages, s.PID, pid, s.DOCID)
        self.source_label.setText(" · ".join(x for x in (doc, source) if x))
        self._fill_grade_rows(self._assessors(), rec)

        used = self.model.grade_used(item)
        manual = self.model.manual.get(item)
        chip = _chip_html(used, lang)
        if manual:
            reason = str(manual.get("reason") or "")
            how = self.tr("resolved by hand by {who}, {when}").format(
                who=Word(manual.get("by") or "–"), when=_short_time(manual.get("time"))
            )
            if reason:
                how += " — " + self.tr("reason: {reason}").format(reason=_escape(reason))
            self.used_label.setText(
                "✓ " + self.tr("Grade used: {grade}, {how}").format(grade=chip, how=how)
            )
        else:
            self.used_label.setText(
                self.tr("Grade used: {grade}, by the rule above (not resolved by hand yet)").format(
                    grade=chip
                )
            )
        self.unresolve_button.setEnabled(manual is not None)

    def _fill_grade_rows(self, assessors: list[str], rec: dict | None) -> None:
        lang = _lang()
        while len(self._grade_rows) < len(assessors):
            r = len(self._grade_rows)
            name, chip, note = QLabel(), QLabel(), QLabel()
            note.setWordWrap(True)
            chip.setTextFormat(Qt.TextFormat.RichText)
            self.grades_grid.addWidget(name, r, 0)
            self.grades_grid.addWidget(chip, r, 1)
            self.grades_grid.addWidget(note, r, 2)
            self._grade_rows.append((name, chip, note))
        for r, (name, chip, note) in enumerate(self._grade_rows):
            visible = rec is not None and r < len(assessors)
            for w in (name, chip, note):
                w.setVisible(visible)
            if not visible:
                continue
            who = assessors[r]
            grade = rec.get(grade_column(who))
            grade = None if grade is None or pd.isna(grade) else int(grade)
            key = ASSESSOR_KEYS[r] if r < len(ASSESSOR_KEYS) else ""
            name.setText(f"{key} · {who}" if key else who)
            chip.setText(_chip_html(grade, lang) if grade is not None else self.tr("not graded"))
            text = str(rec.get(note_column(who)) or "")
            note.setText(self.tr("Note: {note}").format(note=text) if text else "")

    def _rebuild_take_buttons(self) -> None:
        lang = _lang()
        assessors = self._assessors()
        while len(self.take_buttons) < len(assessors):
            k = len(self.take_buttons)
            b = QPushButton()
            b.clicked.connect(lambda _=False, k=k: self.take_assessor(k))
            self.take_row.insertWidget(k, b)
            self.take_buttons.append(b)
        for k, b in enumerate(self.take_buttons):
            b.setVisible(k < len(assessors))
            if k < len(assessors):
                key = ASSESSOR_KEYS[k] if k < len(ASSESSOR_KEYS) else ""
                b.setText(
                    self.tr("Use {name}'s grade").format(name=assessors[k])
                    + (f"  [{key}]" if key else "")
                )
                b.setToolTip(
                    self.tr("Resolve with the grade {name} gave (key {key}).").format(
                        name=Word(assessors[k]), key=key
                    )
                )
        del lang

    # == resolving ===========================================================================
    def resolve_current(self, grade: int) -> bool:
        """Resolve the chosen item with ``grade`` (undoable); moves to the next item."""
        item = self.current
        if item is None or self.model.record(item) is None:
            return False
        row = self.model.row_of(item)
        after = self.model.item(row + 1)
        reason = self.reason_edit.text().strip()
        self.state.resolve_item(*item, int(grade), reason)
        # with "unresolved only" the item left the list; otherwise step on
        if after is not None and self.select_item(after):
            return True
        if self.model.row_of(item) >= 0:
            self.select_item(item)
        else:
            self.select_row(min(row, self.model.rowCount() - 1))
        return True

    def take_assessor(self, k: int) -> bool:
        """Resolve the chosen item with the grade the k-th assessor gave."""
        assessors = self._assessors()
        if self.current is None or k >= len(assessors):
            return False
        rec = self.model.record(self.current)
        grade = None if rec is None else rec.get(grade_column(assessors[k]))
        if grade is None or pd.isna(grade):
            return False
        return self.resolve_current(int(grade))

    def unresolve_current(self) -> None:
        item = self.current
        if item is None or item not in self.model.manual:
            return
        self.state.unresolve_item(*item)
        if not self.select_item(item) and self.model.rowCount():
            self.select_row(0)


def _lookup(frame: pd.DataFrame | None, key: str, value: str, column: str) -> str:
    if frame is None or column not in frame.columns or key not in frame.columns:
        return ""
    hit = frame.loc[frame[key].astype(str) == value, column]
    if hit.empty:
        return ""
    v = hit.iloc[0]
    return "" if v is None or (not isinstance(v, str) and pd.isna(v)) else str(v)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _chip_html(grade: int | None, lang: str) -> str:
    """A grade as a coloured chip with its label, for rich-text labels."""
    colour = grades.colour(grade)
    fg = grades.text_colour(colour)
    return (
        f'<span style="background-color:{colour}; color:{fg};">'
        f"&nbsp;{_escape(grades.chip_text(grade, lang))}&nbsp;</span>"
    )
