"""The Answers page's Review tab: the question list, the question and its gold
evidence, and 2–4 systems' answers side by side, each with its automatic flags
and one row of rating keys per criterion of the rubric.

Keys: Left / Right — answer; Up / Down — criterion; 0–3 — rate (and move on);
Delete — take the rating back; J / K — next / previous question.
"""

from __future__ import annotations

import html
import math
from typing import Protocol

import pandas as pd
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.protocol import answers as A
from workbench.core.protocol.answer_results import RATING, AnswerReport
from workbench.core.protocol.review import ReviewIndex
from workbench.ui import fonts
from workbench.ui.i18n import current_language
from workbench.ui.models.question_list import QID_ROLE, QuestionListModel
from workbench.ui.page import add_shortcuts
from workbench.ui.tables import rows_height
from workbench.ui.views.question_nav import QuestionListNavigation

MAX_ANSWERS = 4
REPORT_TASK = "answers_report"
MUTED = "#5f6b7a"
#: what the "Show" filter can keep
SHOW_ALL, SHOW_FLAGGED, SHOW_UNRATED, SHOW_DISAGREE = "", "flagged", "unrated", "disagree"



class AnswersHost(Protocol):
    """What the Review tab reads of the page that holds it (the Answers page, a
    QWidget and the tab's parent): the evaluation, the review index of the
    results, and whether system names are hidden."""

    report: AnswerReport | None
    index: ReviewIndex | None
    blind: bool


def _lang() -> str:
    return current_language()


def _muted(label: QLabel) -> QLabel:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(MUTED))
    label.setPalette(palette)
    return label


def _chip(grade: float | None, lang: str) -> str:
    """A grade chip as rich text (colour and label, so colour is not the only cue)."""
    g = None if grade is None or (isinstance(grade, float) and math.isnan(grade)) else grade
    back = grades.colour(g)
    fore = grades.text_colour(back)
    return (
        f'<span style="background-color:{back}; color:{fore};">&nbsp;'
        f"{html.escape(grades.chip_text(g, lang))}&nbsp;</span>"
    )


# == one answer ================================================================================
class CriterionRow(QFrame):
    """One criterion of the rubric: its name, keys 0–3, a note, the level's description."""

    rated = Signal(str, int)
    note_requested = Signal(str)

    def __init__(self, criterion: A.Criterion, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.criterion = criterion
        self.score: int | None = None
        self.note = ""
        self.setObjectName("criterionRow")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 1, 4, 1)
        box.setSpacing(2)
        self.name_label = QLabel()
        self.name_label.setWordWrap(True)
        self.name_label.setFont(fonts.scaled(self.font(), 1.0, bold=True))
        box.addWidget(self.name_label)
        keys = QHBoxLayout()
        keys.setSpacing(2)
        self.buttons: list[QToolButton] = []
        for g in A.LEVELS:
            b = QToolButton()
            b.setObjectName(f"rate{g}")
            b.setText(str(g))
            b.setCheckable(True)
            b.setMinimumWidth(26)
            b.clicked.connect(lambda _c=False, g=g: self.rated.emit(self.criterion.key, g))
            keys.addWidget(b)
            self.buttons.append(b)
        keys.addStretch(1)
        self.note_button = QToolButton()
        self.note_button.setObjectName("ratingNote")
        self.note_button.clicked.connect(lambda: self.note_requested.emit(self.criterion.key))
        keys.addWidget(self.note_button)
        box.addLayout(keys)
        # the level's text, shown by the answer's column under all its criteria
        # (see AnswerColumn.level_note): under each row it pushed the next row's
        # keys out of view at a large font
        self.level_label = _muted(QLabel())
        self.level_label.setWordWrap(True)
        self.level_label.hide()
        self.set_current(False)
        self.retranslate()

    def retranslate(self) -> None:
        c = self.criterion
        self.name_label.setText(c.name)
        self.name_label.setToolTip(c.description)
        for g, b in zip(A.LEVELS, self.buttons):
            b.setToolTip(f"{g} — {c.levels[g]}" if c.levels[g] else str(g))
        self.note_button.setText("✎")
        self.note_button.setToolTip(
            self.tr("Note: {note}").format(note=self.note) if self.note else self.tr("Add a note")
        )
        if self.score is None:
            self.level_label.setText(self.tr("Not rated yet: press 0–3."))
        else:
            self.level_label.setText(f"{self.score} — {c.levels[self.score]}")

    def set_rating(self, score: int | None, note: str = "") -> None:
        self.score, self.note = score, note
        for g, b in zip(A.LEVELS, self.buttons):
            b.setChecked(score == g)
        self.retranslate()

    def set_current(self, on: bool) -> None:
        """The keyboard's place: a thick dark frame (drawn through the palette: a
        style sheet here would keep the row at its old font size)."""
        self.setFrameShape(QFrame.Shape.Box)
        self.setFrameShadow(QFrame.Shadow.Plain)
        self.setLineWidth(2 if on else 1)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#1f4e8c" if on else "#c4ccd4"))
        self.setPalette(palette)
        text = (
            QColor("#1f4e8c")
            if on
            else self.style().standardPalette().color(QPalette.ColorRole.WindowText)
        )
        names = self.name_label.palette()
        names.setColor(QPalette.ColorRole.WindowText, text)
        self.name_label.setPalette(names)


class AnswerColumn(QFrame):
    """One system's answer to the current question: flags, text with citations,
    the cited passages, and the rating keys."""

    citation_clicked = Signal(str, str)  # system key, passage id
    rated = Signal(str, str, int)  # system key, criterion, score
    note_requested = Signal(str, str)  # system key, criterion
    clicked = Signal(str)  # system key

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = ""
        self.rows: list[CriterionRow] = []
        self.setObjectName("answerColumn")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 6, 6, 6)
        box.setSpacing(4)
        self.header = QLabel()
        self.header.setFont(fonts.scaled(self.font(), 1.15, bold=True))
        self.header.setWordWrap(True)
        self.meta = _muted(QLabel())
        self.meta.setWordWrap(True)
        self.flags = QLabel()
        self.flags.setWordWrap(True)
        self.flags.setTextFormat(Qt.TextFormat.RichText)
        self.text = QLabel()
        self.text.setObjectName("answerText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.text.linkActivated.connect(self._on_link)
        self.cited = QLabel()
        self.cited.setObjectName("citedPassages")
        self.cited.setWordWrap(True)
        self.cited.setTextFormat(Qt.TextFormat.RichText)
        self.cited.linkActivated.connect(self._on_link)
        self.ratings_box = QVBoxLayout()
        self.ratings_box.setSpacing(3)
        #: the rated level (or "not rated yet") of the criterion the keys rate
        self.level_note = _muted(QLabel())
        self.level_note.setObjectName("levelNote")
        self.level_note.setWordWrap(True)
        self.level_note.hide()
        self._cursor: int | None = None
        # the rating keys right under the system's name: at a large font a long
        # answer pushed them below the fold and every rating needed a scroll
        box.addWidget(self.header)
        box.addLayout(self.ratings_box)
        box.addWidget(self.level_note)
        for w in (self.meta, self.flags, self.text, self.cited):
            box.addWidget(w)
        box.addStretch(1)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.clicked.emit(self.key)
        super().mousePressEvent(event)

    def _on_link(self, link: str) -> None:
        if link.startswith("cite:"):
            self.citation_clicked.emit(self.key, link[len("cite:") :])

    def set_answer(
        self,
        key: str,
        title: str,
        meta: str,
        answer: dict | None,
        citations: list[dict],
        criteria: list[A.Criterion],
        mine: dict[str, tuple[int | None, str]],
        lang: str,
    ) -> None:
        self.key = key
        self.header.setText(title)
        self.meta.setText(meta)
        self.meta.setVisible(bool(meta))
        if answer is None:
            self.flags.setText("")
            self.text.setText(
                "<i>" + html.escape(self.tr("This system gave no answer to the question.")) + "</i>"
            )
            self.cited.setText("")
        else:
            self.flags.setText(self._flags_html(answer["flags"], lang))
            self.flags.setToolTip(
                "\n".join(A.flag_explanation(f, lang) for f in answer["flags"]) or ""
            )
            self.text.setText(self._text_html(answer[A.ANSWER_TEXT], citations, lang))
            self.cited.setText(self._cited_html(citations, lang))
        self._set_rows(criteria, mine if answer is not None else {})

    def _set_rows(self, criteria: list[A.Criterion], mine: dict) -> None:
        keys = [c.key for c in criteria]
        if [r.criterion.key for r in self.rows] != keys or any(
            r.criterion != c for r, c in zip(self.rows, criteria)
        ):
            for row in self.rows:
                self.ratings_box.removeWidget(row)
                row.setParent(None)  # out of the page now, not at the next event loop
                row.deleteLater()
            self.rows = []
            for c in criteria:
                row = CriterionRow(c)
                row.rated.connect(lambda k, g: self.rated.emit(self.key, k, g))
                row.note_requested.connect(lambda k: self.note_requested.emit(self.key, k))
                self.ratings_box.addWidget(row)
                self.rows.append(row)
        for row in self.rows:
            score, note = mine.get(row.criterion.key, (None, ""))
            row.set_rating(score, note)
            row.setEnabled(bool(mine) or True)
        self._show_level()

    def _flags_html(self, flags: tuple, lang: str) -> str:
        if not flags:
            return (
                '<span style="color:#2f855a;">✓ '
                + html.escape(self.tr("No automatic flag"))
                + "</span>"
            )
        parts = []
        for f in flags:
            good = f in A.GOOD_FLAGS
            colour = "#2f855a" if good else "#b3261e"
            mark = "✓" if good else "⚠"
            parts.append(
                f'<span style="color:{colour};">{mark} {html.escape(A.flag_label(f, lang))}</span>'
            )
        return "<br>".join(parts)

    @staticmethod
    def _grade_of(citations: list[dict], pid: str) -> dict | None:
        return next((c for c in citations if c[s.PID] == pid), None)

    def _text_html(self, text: str, citations: list[dict], lang: str) -> str:
        out, at = [], 0
        for start, end, ids in A.citation_spans(text):
            out.append(html.escape(text[at:start]))
            links = []
            for pid in ids:
                c = self._grade_of(citations, pid)
                back = grades.colour(None if c is None else _nan_none(c[s.GRADE]))
                if c is not None and not c["known"]:
                    back = "#f3c2c0"
                fore = grades.text_colour(back)
                links.append(
                    f'<a href="cite:{html.escape(pid)}" style="color:{fore};">'
                    f'<span style="background-color:{back}; color:{fore};">{html.escape(pid)}</span></a>'
                )
            out.append("[" + ", ".join(links) + "]")
            at = end
        out.append(html.escape(text[at:]))
        return "".join(out).replace("\n", "<br>")

    def _cited_html(self, citations: list[dict], lang: str) -> str:
        if not citations:
            return ""
        lines = ["<b>" + html.escape(self.tr("Cited passages")) + "</b>"]
        for c in citations:
            pid = html.escape(c[s.PID])
            if not c["known"]:
                where = (
                    '<span style="color:#b3261e;">'
                    + html.escape(self.tr("unknown passage"))
                    + "</span>"
                )
                chip = ""
            else:
                chip = _chip(_nan_none(c[s.GRADE]), lang)
                where = rank_text(c)
            lines.append(f'<a href="cite:{pid}">{pid}</a> {chip} · {where}')
        return "<br>".join(lines)

    def set_cursor(self, criterion: int | None) -> None:
        self._cursor = criterion
        for i, row in enumerate(self.rows):
            row.set_current(criterion == i)
        self._show_level()

    def _show_level(self) -> None:
        at = self._cursor
        text = self.rows[at].level_label.text() if at is not None and at < len(self.rows) else ""
        self.level_note.setText(text)
        self.level_note.setVisible(bool(text))


def _nan_none(value):
    if value is None:
        return None
    try:
        return None if math.isnan(float(value)) else float(value)
    except (TypeError, ValueError):
        return None


def rank_text(citation: dict) -> str:
    """Where a cited passage was retrieved: "2위" / "rank 2", "검색되지 않음",
    or why there is no rank."""
    rank = _nan_none(citation.get("rank"))
    if rank is not None:
        return QCoreApplication.translate("Citations", "rank {rank}").format(rank=int(rank))
    if citation.get("retrieved") is None:
        return QCoreApplication.translate("Citations", "no system results to check")
    if citation.get("retrieved"):
        return QCoreApplication.translate("Citations", "removed by de-duplication")
    return QCoreApplication.translate("Citations", "not retrieved")


class AnswersArea(QWidget):
    """The answers side by side; takes the arrow keys when it has the focus."""

    key_pressed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("answersArea")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(4, 4, 4, 4)
        self.row.setSpacing(10)
        self.columns: list[AnswerColumn] = []

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            if not event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.key_pressed.emit(event)
                event.accept()
                return
        super().keyPressEvent(event)


# == the review tab ==============================================================================
class AnswerListModel(QuestionListModel):
    """The Question review's list model with two decimals: a bold "2.083" on a
    0–3 scale reads too easily as two thousand and eighty-three."""

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            col = index.column()
            if col == self.MEAN or self._system_of(col) >= 0:
                value = self._value(self._rows[index.row()], col)
                return "" if math.isnan(value) else f"{value:.2f}"
        return super().data(index, role)

    def width_samples(self, col: int, n: int = 12) -> list[str]:
        if self._system_of(col) >= 0 or col == self.MEAN:
            return ["0.00", "3.00"]
        return super().width_samples(col, n)


class AnswerReviewPanel(QuestionListNavigation, QWidget):
    """The question list, the question, its evidence and the answers side by side."""

    #: the current question changed
    question_opened = Signal(str)

    def __init__(self, page: AnswersHost) -> None:
        super().__init__(page)
        self.page = page
        self.state = page.state
        self.current_qid = ""
        self.chosen: list[str] = []  # system keys shown (≤ 4), in answer order
        #: the keyboard's place: the answer (system key, "" = the first column) and criterion
        self.cursor_key = ""
        self.cursor_row = 0
        self._sized = False
        self._sorted_once = False
        self._build()

    # -- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        left = self._build_question_list()
        top = self._build_question_view()
        bottom = self._build_answers()
        self._build_splits(left, top, bottom)
        self._build_shortcuts()

    def _build_question_list(self) -> QWidget:
        """The left pane: the order, the filters and the question list."""
        self.sort_label = QLabel()
        self.sort_combo = QComboBox()
        self.sort_combo.setObjectName("answerSort")
        self.sort_combo.currentIndexChanged.connect(lambda _i: self.refresh_list())
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda t: self._filter(text=t.strip()))
        self.type_combo = QComboBox()
        self.type_combo.currentIndexChanged.connect(
            lambda _i: self._filter(question_type=self.type_combo.currentData() or "")
        )
        self.answerable_combo = QComboBox()
        self.answerable_combo.currentIndexChanged.connect(
            lambda _i: self._filter(answerable=self.answerable_combo.currentData())
        )
        self.show_combo = QComboBox()
        self.show_combo.setObjectName("answerShow")
        self.show_combo.currentIndexChanged.connect(lambda _i: self._apply_show())
        self.flagged_check = QCheckBox()
        self.flagged_check.toggled.connect(lambda on: self._filter(flagged_only=on))
        self.model = AnswerListModel(self)
        self.table = QTableView()
        self.table.setObjectName("answerQuestions")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.selectionModel().currentRowChanged.connect(self._on_row)
        self.count_label = QLabel()
        filters = QGridLayout()
        filters.addWidget(self.sort_label, 0, 0)
        filters.addWidget(self.sort_combo, 0, 1, 1, 3)
        filters.addWidget(self.search, 1, 0, 1, 4)
        filters.addWidget(self.type_combo, 2, 0, 1, 2)
        filters.addWidget(self.answerable_combo, 2, 2, 1, 2)
        filters.addWidget(self.show_combo, 3, 0, 1, 2)
        filters.addWidget(self.flagged_check, 3, 2, 1, 2)
        filters.setColumnStretch(1, 1)
        filters.setColumnStretch(3, 1)
        left = QWidget()
        self.list_pane = left
        lbox = QVBoxLayout(left)
        lbox.setContentsMargins(0, 0, 0, 0)
        lbox.addLayout(filters)
        lbox.addWidget(self.table, 1)
        lbox.addWidget(self.count_label)
        return left

    def _build_question_view(self) -> QWidget:
        """The right top: the question, its gold evidence and the cited passage."""
        self.prev_button = QToolButton()
        self.prev_button.clicked.connect(self.previous_question)
        self.next_button = QToolButton()
        self.next_button.clicked.connect(self.next_question)
        self.title_label = QLabel()
        self.title_label.setFont(fonts.scaled(self.font(), 1.2, bold=True))
        self.title_label.setWordWrap(True)
        # Undo / Redo buttons of their own: the shared action's tooltip names the
        # edit, which would show a system name in blind mode
        self.undo_button = QToolButton()
        self.undo_button.setObjectName("answerUndo")
        self.undo_button.clicked.connect(self.state.undo_stack.undo)
        self.redo_button = QToolButton()
        self.redo_button.setObjectName("answerRedo")
        self.redo_button.clicked.connect(self.state.undo_stack.redo)
        self.undo_button.setEnabled(self.state.undo_stack.canUndo())
        self.redo_button.setEnabled(self.state.undo_stack.canRedo())
        self.state.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.state.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        head = QHBoxLayout()
        head.addWidget(self.prev_button)
        head.addWidget(self.next_button)
        head.addWidget(self.title_label, 1)
        head.addWidget(self.undo_button)
        head.addWidget(self.redo_button)
        self.question_label = QLabel()
        self.question_label.setWordWrap(True)
        self.question_label.setFont(fonts.scaled(self.font(), 1.1))
        self.question_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.gold_table = QTableWidget()
        self.gold_table.setObjectName("answerGold")
        self.gold_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gold_table.setWordWrap(True)
        self.gold_table.verticalHeader().setVisible(False)
        # owned by the panel: it never fires into a table that is gone
        self._rows_timer = QTimer(self)
        self._rows_timer.setSingleShot(True)
        self._rows_timer.setInterval(0)
        self._rows_timer.timeout.connect(self.gold_table.resizeRowsToContents)
        # the wrapped text's height follows its column's width
        self.gold_table.horizontalHeader().sectionResized.connect(
            lambda *_: self._rows_timer.start()
        )
        self._fit_gold_height()
        self.passage_view = QTextBrowser()
        self.passage_view.setObjectName("citedPassage")
        self.passage_view.setOpenLinks(False)
        self.detail_tabs = QTabWidget()
        self.detail_tabs.addTab(self.gold_table, "")
        self.detail_tabs.addTab(self.passage_view, "")
        top = QWidget()
        tbox = QVBoxLayout(top)
        tbox.setContentsMargins(0, 0, 0, 0)
        tbox.addLayout(head)
        tbox.addWidget(self.question_label)
        tbox.addWidget(self.detail_tabs, 1)
        return top

    def _build_answers(self) -> QWidget:
        """The right bottom: the systems shown and their answers side by side."""
        # a menu, not a row of boxes: narrow at any font size and with many systems
        self.systems_button = QToolButton()
        self.systems_button.setObjectName("answerSystems")
        self.systems_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.systems_menu = QMenu(self.systems_button)
        self.systems_button.setMenu(self.systems_menu)
        self._actions: dict[str, QAction] = {}
        self.keys_hint = _muted(QLabel())
        self.keys_hint.setWordWrap(True)
        # the keys' hint beside the menu, not on a row of its own: the answers
        # below keep that height (at a large font their rating keys need it)
        picker = QHBoxLayout()
        picker.setContentsMargins(0, 0, 0, 0)
        picker.addWidget(self.systems_button, 0, Qt.AlignmentFlag.AlignTop)
        picker.addWidget(self.keys_hint, 1)
        self.picker = QWidget()
        self.picker.setLayout(picker)
        self.area = AnswersArea()
        self.area.key_pressed.connect(self._on_arrow)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.area)
        bottom = QWidget()
        bbox = QVBoxLayout(bottom)
        bbox.setContentsMargins(0, 0, 0, 0)
        bbox.addWidget(self.picker)
        bbox.addWidget(self.scroll, 1)
        return bottom

    def _build_splits(self, left: QWidget, top: QWidget, bottom: QWidget) -> None:
        """The panes in splitters whose sizes are kept."""
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("answers_right_split")  # its sizes are kept between sessions
        self.right.addWidget(top)
        self.right.addWidget(bottom)
        self.right.setStretchFactor(0, 2)
        self.right.setStretchFactor(1, 5)
        self.right.setChildrenCollapsible(False)
        # the question and its gold evidence at their least height (a few lines
        # of passage, see _fit_gold_height), the answers and their rating keys
        # the rest; a size the user dragged to is restored over this
        self.right.setSizes([1, 10_000])
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("answers_split")  # its sizes are kept between sessions
        self.split.addWidget(left)
        self.split.addWidget(self.right)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 6)
        # the answers need the room; the list scrolls sideways
        self.split.setSizes([340, 1060])
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.split)

    def _build_shortcuts(self) -> None:
        add_shortcuts(
            self,
            [
                *((str(g), lambda g=g: self.rate_cursor(g)) for g in A.LEVELS),
                ("Delete", lambda: self.rate_cursor(None)),
                ("Backspace", lambda: self.rate_cursor(None)),
                ("J", self.next_question),
                ("K", self.previous_question),
                ("Alt+Down", self.next_question),
                ("Alt+Up", self.previous_question),
            ],
        )

    #: lines of passage text the gold evidence shows at any font size
    GOLD_LINES = 5

    def _fit_gold_height(self) -> None:
        """The gold evidence (and the cited passage in the same tabs) at least
        :data:`GOLD_LINES` lines of text tall in the font in use, below its
        header: at the largest font the splitter opened it one row tall. The
        answers below keep the rest of the page; their area scrolls."""
        table = self.gold_table
        lines = self.GOLD_LINES * table.fontMetrics().lineSpacing()
        table.setMinimumHeight(rows_height(table, 0) + lines)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.FontChange:
            # after the children have their new font
            QTimer.singleShot(0, self, self._fit_gold_height)
        super().changeEvent(event)

    # -- language ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.sort_label.setText(self.tr("Worst first by"))
        self.search.setPlaceholderText(self.tr("Search question id or text…"))
        self.flagged_check.setText(self.tr("Flagged only"))
        self.prev_button.setText(self.tr("◀ Previous"))
        self.prev_button.setToolTip(self.tr("Previous question (K or Alt+Up)"))
        self.next_button.setText(self.tr("Next ▶"))
        self.next_button.setToolTip(self.tr("Next question (J or Alt+Down)"))
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Undo the last change (Ctrl+Z)"))
        self.redo_button.setText(self.tr("Redo"))
        self.redo_button.setToolTip(self.tr("Redo (Ctrl+Shift+Z)"))
        self.detail_tabs.setTabText(0, self.tr("Gold evidence"))
        self.detail_tabs.setTabText(1, self.tr("Cited passage"))
        self.keys_hint.setText(
            self.tr(
                "Click an answer or use ← → to choose it and ↑ ↓ for the criterion; press 0–3 "
                "to rate (Delete takes it back). Click a citation to read the passage. "
                "J / K: next / previous question."
            )
        )
        self._fill_combos()
        if self.report is not None and self.index is not None:
            self.refresh_list()  # the list's measure name is in the new language too
            self._fill_picker(self.keys())
        self.model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, max(self.model.columnCount() - 1, 0)
        )
        self._update_count()
        if self.current_qid:
            self.render()

    def _fill_combos(self) -> None:
        def refill(combo: QComboBox, items) -> None:
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
            at = combo.findData(current)
            combo.setCurrentIndex(at if at >= 0 else 0)
            combo.blockSignals(False)

        report = self.page.report
        sorts = [(self.tr("Mean rating (0–3)"), RATING)]
        if report is not None:
            sorts += [(c.name, c.key) for c in report.rubric.criteria]
        sorts += [
            (self.tr("Citation precision (0–1)"), "citation_precision"),
            (self.tr("Core evidence coverage (0–1)"), "core_coverage"),
        ]
        refill(self.sort_combo, sorts)
        refill(
            self.type_combo,
            [(self.tr("All question types"), "")] + [(t, t) for t in self.model.types()],
        )
        refill(
            self.answerable_combo,
            [
                (self.tr("Answerable and unanswerable"), None),
                (self.tr("Answerable only"), True),
                (self.tr("Unanswerable only"), False),
            ],
        )
        refill(
            self.show_combo,
            [
                (self.tr("All questions"), SHOW_ALL),
                (self.tr("With an automatic flag"), SHOW_FLAGGED),
                (self.tr("Not yet rated by me"), SHOW_UNRATED),
                (self.tr("Raters disagree"), SHOW_DISAGREE),
            ],
        )

    # -- data --------------------------------------------------------------------------------
    @property
    def report(self) -> AnswerReport | None:
        return self.page.report

    @property
    def index(self) -> ReviewIndex | None:
        return self.page.index

    def keys(self) -> list[str]:
        """The system keys of the answers, in answer-file order."""
        return self.state.study.answers.keys()

    def shown_name(self, key: str) -> str:
        return A.system_names(self.state.study).get(key, key)

    def refresh(self) -> None:
        """New report: the list, the system picker and the current question."""
        if self.report is None or self.index is None:
            return
        keys = self.keys()
        chosen = [k for k in self.chosen if k in keys]
        if not chosen:
            chosen = keys[:MAX_ANSWERS]
        self.chosen = chosen
        self._fill_picker(keys)
        self._fill_combos()
        self.refresh_list()
        if not self.current_qid and self.model.rowCount():
            self._select_row(0)
        elif self.current_qid:
            self.render()

    def _fill_picker(self, keys: list[str]) -> None:
        if list(self._actions) != keys:
            self.systems_menu.clear()
            self._actions = {}
            for key in keys:
                action = self.systems_menu.addAction(key)
                action.setCheckable(True)
                action.toggled.connect(lambda on, k=key: self._on_system_toggled(k, on))
                self._actions[key] = action
        names = A.system_names(self.state.study)
        for key, action in self._actions.items():
            action.blockSignals(True)
            action.setText(names.get(key, key))
            action.setChecked(key in self.chosen)
            action.setEnabled(key in self.chosen or len(self.chosen) < MAX_ANSWERS)
            action.blockSignals(False)
        self.systems_button.setText(
            self.tr("Answers shown: {n} of {total} ▾").format(n=len(self.chosen), total=len(keys))
        )
        self.systems_button.setToolTip(self.tr("Choose the 2–4 systems whose answers are shown."))
        self.picker.setVisible(not self.page.blind and len(keys) > 1)

    def _on_system_toggled(self, key: str, on: bool) -> None:
        keys = self.keys()
        if on and key not in self.chosen and len(self.chosen) < MAX_ANSWERS:
            self.chosen = [k for k in keys if k in {*self.chosen, key}]
        elif not on and key in self.chosen and len(self.chosen) > 1:
            self.chosen = [k for k in self.chosen if k != key]
        self._fill_picker(keys)
        self.render()

    def set_systems(self, keys: list[str]) -> None:
        """Show these systems' answers (at most four)."""
        known = [k for k in keys if k in self.keys()][:MAX_ANSWERS]
        if known:
            self.chosen = known
            self._fill_picker(self.keys())
            self.render()

    def _values(self, what: str) -> dict[tuple[str, str], float]:
        rep = self.report
        if what in ("citation_precision", "core_coverage"):
            frame = rep.checks.answers
        else:
            frame = rep.answers
        if what not in frame.columns:
            return {}
        return dict(zip(zip(frame["key"], frame[s.QID]), frame[what].astype(float)))

    def refresh_list(self) -> None:
        rep, index = self.report, self.index
        if rep is None or index is None:
            return
        what = self.sort_combo.currentData() or RATING
        values = self._values(what)
        answered = set(rep.checks.answers[s.QID])
        qids = [q for q in index.question_ids if q in answered]
        blind = self.page.blind
        keys = [] if blind else self.chosen
        names = A.system_names(self.state.study)
        data = {
            s.QID: qids,
            s.QTEXT: [index.question_text(q) for q in qids],
            s.QTYPE: [index.question_type(q) for q in qids],
            s.ANSWERABLE: [index.is_answerable(q) for q in qids],
        }
        columns = []
        for key in keys:
            name = names.get(key, key)
            columns.append(name)
            data[name] = [values.get((key, q), math.nan) for q in qids]
        every = self.keys()
        mean = []
        for q in qids:
            vals = [values.get((k, q), math.nan) for k in every]
            vals = [v for v in vals if not math.isnan(v)]
            mean.append(sum(vals) / len(vals) if vals else math.nan)
        data["mean"] = mean
        table = pd.DataFrame(data)
        self.model.fail_threshold = 0.5 if what in ("citation_precision", "core_coverage") else 1.5
        self.model.set_flags({q: bool(v.get("flagged")) for q, v in self.state.notes.items()})
        self.model.measure = self.sort_combo.currentText()
        self.model.set_table(table, columns, self.sort_combo.currentText())
        self._apply_show(refilter=False)
        self.model.refilter()
        if not self._sorted_once:
            self._sorted_once = True
            self.table.sortByColumn(self.model.mean_column(), Qt.SortOrder.AscendingOrder)
        header = self.table.horizontalHeader()
        for col in range(self.model.columnCount()):
            texts = self.model.width_samples(col)
            fm = self.table.fontMetrics()
            width = max([fm.horizontalAdvance(t) for t in texts] + [0]) + 18
            header.resizeSection(col, max(width, header.sectionSizeHint(col)))
        self._fit_list_pane()
        self._reselect_current()
        self._update_count()

    def _show_sets(self) -> dict[str, set[str]]:
        rep = self.report
        if rep is None:
            return {}
        answers = rep.checks.answers
        flagged = {
            q
            for q, f in zip(answers[s.QID], answers["flags"])
            if any(x not in A.GOOD_FLAGS for x in f)
        }
        me = self.state.assessor_name()
        mine = A.ratings_in_force(self.state.study)
        mine = mine[mine[s.ASSESSOR] == me] if len(mine) else mine
        rated_keys = set(zip(mine[s.QID], mine[s.SYSTEM])) if len(mine) else set()
        unrated = {q for q, k in zip(answers[s.QID], answers["key"]) if (q, k) not in rated_keys}
        queue = rep.disagreements
        disagree = set(queue[s.QID]) if len(queue) else set()
        return {SHOW_FLAGGED: flagged, SHOW_UNRATED: unrated, SHOW_DISAGREE: disagree}

    def _apply_show(self, refilter: bool = True) -> None:
        which = self.show_combo.currentData() or SHOW_ALL
        if which == SHOW_ALL:
            self.model.set_triage({})
            self.model.triage = ""
        else:
            keep = self._show_sets().get(which, set())
            self.model.set_triage(
                {q: ("keep" if q in keep else "drop") for q in self.model.question_ids()}
            )
            self.model.triage = "keep"
        if refilter:
            self.model.refilter()
            self._reselect_current()
            self._update_count()

    def _filter(self, **kwargs) -> None:
        self.model.set_filters(**kwargs)
        self._reselect_current()
        self._update_count()

    def _update_count(self) -> None:
        self.count_label.setText(
            self.tr("{0} of {1} questions shown").format(self.model.rowCount(), self.model.total())
        )

    def _on_row(self, current, _previous) -> None:
        if current.isValid():
            self.open_question(current.data(QID_ROLE))

    def open_question(self, question_id: str) -> None:
        question_id = str(question_id)
        if question_id != self.current_qid:
            self.cursor_key, self.cursor_row = "", 0
        self.current_qid = question_id
        if self.model.row_of(question_id) >= 0:
            self._reselect_current()
        self.render()
        self.question_opened.emit(question_id)

    def show_questions(self, question_ids: list[str]) -> None:
        """Open the first of these questions (clicked on a chart)."""
        if question_ids:
            if self.model.row_of(str(question_ids[0])) < 0:
                self.model.set_filters(
                    question_type="",
                    answerable=None,
                    flagged_only=False,
                    text="",
                    triage="",
                    ids=None,
                )
            self.open_question(str(question_ids[0]))

    # -- the question --------------------------------------------------------------------------
    def order(self) -> list[str]:
        """The system keys in the columns, in blind mode shuffled per question."""
        if self.page.blind:
            seed = self.state.study.answers.options.blind_seed
            return A.blind_order(self.current_qid, self.chosen, seed)
        return list(self.chosen)

    def label_of(self, key: str) -> str:
        """What a column is called: the system, or in blind mode "답변 A"."""
        if self.page.blind:
            order = self.order()
            return A.blind_label(order.index(key) if key in order else 0, _lang())
        return self.shown_name(key)

    def render(self) -> None:
        rep, index = self.report, self.index
        qid = self.current_qid
        if rep is None or index is None or not qid:
            return
        lang = _lang()
        answerable = index.is_answerable(qid)
        kind = index.question_type(qid) or self.tr("no type")
        status = self.tr("answerable") if answerable else self.tr("unanswerable")
        self.title_label.setText(f"{qid} · {kind} · {status}")
        self.question_label.setText(
            index.question_text(qid) or self.tr("(no question text in the files)")
        )
        self._fill_gold(index, qid, lang)
        answers = rep.checks.answers
        here = answers[answers[s.QID] == qid]
        by_key = {r["key"]: r for r in here.to_dict("records")}
        cites = rep.checks.citations
        cites = cites[cites[s.QID] == qid] if len(cites) else cites
        criteria = rep.rubric.for_question(answerable)
        mine = self._mine(qid)
        order = self.order()
        while len(self.area.columns) < len(order):
            col = AnswerColumn()
            col.citation_clicked.connect(self.show_citation)
            col.rated.connect(self._on_rated)
            col.note_requested.connect(self.ask_note)
            col.clicked.connect(self._on_column_clicked)
            self.area.row.addWidget(col)
            self.area.columns.append(col)
        for i, col in enumerate(self.area.columns):
            col.setVisible(i < len(order))
        for col, key in zip(self.area.columns, order):
            answer = by_key.get(key)
            meta = ""
            if answer is not None and not self.page.blind:
                meta = " · ".join(x for x in (answer[A.MODEL], answer[A.VERSION]) if x)
            col_cites = (
                [c for c in cites.to_dict("records") if c["key"] == key] if len(cites) else []
            )
            col.set_answer(
                key, self.label_of(key), meta, answer, col_cites, criteria, mine.get(key, {}), lang
            )
        self._show_cursor()

    def _mine(self, qid: str) -> dict[str, dict[str, tuple[int | None, str]]]:
        """This assessor's ratings of the question's answers: key → criterion → (score, note)."""
        me = self.state.assessor_name()
        ratings = A.ratings_in_force(self.state.study)
        out: dict[str, dict] = {}
        if not len(ratings):
            return out
        sub = ratings[(ratings[s.QID] == qid) & (ratings[s.ASSESSOR] == me)]
        for r in sub.to_dict("records"):
            out.setdefault(r[s.SYSTEM], {})[r[A.CRITERION]] = (int(r[A.SCORE]), r[s.NOTE])
        return out

    def _fill_gold(self, index: ReviewIndex, qid: str, lang: str) -> None:
        gold = index.gold(qid)
        headers = [
            self.tr("Passage"),
            self.tr("Grade"),
            self.tr("Role"),
            self.tr("Source"),
            self.tr("Text"),
        ]
        table = self.gold_table
        table.clear()
        table.setColumnCount(len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(gold))
        for r, e in enumerate(gold):
            chip = QTableWidgetItem(grades.chip_text(e.grade, lang))
            chip.setBackground(QColor(grades.colour(e.grade)))
            chip.setForeground(QColor(grades.text_colour(grades.colour(e.grade))))
            role = QTableWidgetItem(grades.role_label(e.role, lang))
            text = QTableWidgetItem(e.text)
            text.setToolTip(e.text)
            for c, item in enumerate(
                [
                    QTableWidgetItem(e.passage_id),
                    chip,
                    role,
                    QTableWidgetItem(e.source.format(lang)),
                    text,
                ]
            ):
                table.setItem(r, c, item)
        header = table.horizontalHeader()
        table.resizeColumnsToContents()
        for c in range(len(headers) - 1):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
        # the source takes at most a third of the width: the passage text (stretched,
        # wrapped) keeps room even at the largest font
        fm = table.fontMetrics()
        room = table.viewport().width() - sum(header.sectionSize(c) for c in range(3))
        header.resizeSection(
            3, min(header.sectionSize(3), max(room // 3, fm.averageCharWidth() * 12))
        )
        header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
        # row heights once the columns have their widths (wrapped text)
        self._rows_timer.start()

    def show_citation(self, key: str, pid: str) -> None:
        """The cited passage: its text, grade chip and its rank in that system's results."""
        rep, index = self.report, self.index
        if rep is None or index is None:
            return
        lang = _lang()
        cites = rep.checks.citations
        hit = cites[
            (cites["key"] == key) & (cites[s.QID] == self.current_qid) & (cites[s.PID] == pid)
        ]
        c = hit.iloc[0].to_dict() if len(hit) else None
        parts = [f"<h3>{html.escape(pid)}</h3>"]
        if c is None or not c["known"]:
            parts.append(
                '<p style="color:#b3261e;">'
                + html.escape(
                    self.tr(
                        "This passage is in no passages sheet, judgment or system result: the "
                        "citation may be made up."
                    )
                )
                + "</p>"
            )
        else:
            parts.append(
                "<p>"
                + _chip(_nan_none(c[s.GRADE]), lang)
                + " · "
                + html.escape(
                    self.tr("in the results of {answer}: {rank}").format(
                        answer=self.label_of(key), rank=rank_text(c)
                    )
                )
                + "</p>"
            )
            source = index.passage_source(pid).format(lang)
            if source:
                parts.append(f"<p><i>{html.escape(source)}</i></p>")
            text = index.passage_text(pid)
            parts.append(
                "<p>" + html.escape(text or self.tr("(no passage text in the files)")) + "</p>"
            )
        self.passage_view.setHtml("".join(parts))
        self.detail_tabs.setCurrentWidget(self.passage_view)

    # -- rating ------------------------------------------------------------------------------
    def _visible_columns(self) -> list[AnswerColumn]:
        return [c for c in self.area.columns if not c.isHidden() and c.key]

    def _cursor_index(self, cols: list[AnswerColumn]) -> int:
        keys = [c.key for c in cols]
        return keys.index(self.cursor_key) if self.cursor_key in keys else 0

    def _show_cursor(self) -> None:
        cols = self._visible_columns()
        at = self._cursor_index(cols)
        for i, col in enumerate(cols):
            col.set_cursor(self.cursor_row if i == at else None)

    def _on_column_clicked(self, key: str) -> None:
        cols = self._visible_columns()
        for col in cols:
            if col.key == key:
                self.cursor_key = key
                self.cursor_row = min(self.cursor_row, max(len(col.rows) - 1, 0))
        self.area.setFocus(Qt.FocusReason.MouseFocusReason)
        self._show_cursor()

    def _on_arrow(self, event) -> None:
        cols = self._visible_columns()
        if not cols:
            return
        ci, ri = self._cursor_index(cols), self.cursor_row
        key = event.key()
        if key == Qt.Key.Key_Left:
            ci = max(ci - 1, 0)
        elif key == Qt.Key.Key_Right:
            ci = min(ci + 1, len(cols) - 1)
        elif key == Qt.Key.Key_Up:
            ri = max(ri - 1, 0)
        elif key == Qt.Key.Key_Down:
            ri = ri + 1
        self.cursor_key = cols[ci].key
        self.cursor_row = min(ri, max(len(cols[ci].rows) - 1, 0))
        self._show_cursor()

    def rate_cursor(self, score: int | None) -> bool:
        """Rate the criterion under the keyboard's cursor; then move to the next one
        (the next answer's first criterion after the last)."""
        cols = self._visible_columns()
        if not cols:
            return False
        ci, ri = self._cursor_index(cols), self.cursor_row
        col = cols[ci]
        if not col.rows or ri >= len(col.rows):
            return False
        done = self.rate(col.key, col.rows[ri].criterion.key, score)
        if done and score is not None:
            if ri + 1 < len(col.rows):
                self.cursor_key, self.cursor_row = col.key, ri + 1
            elif ci + 1 < len(cols):
                self.cursor_key, self.cursor_row = cols[ci + 1].key, 0
            self._show_cursor()
        return done

    def _on_rated(self, key: str, criterion: str, score: int) -> None:
        current = self._mine(self.current_qid).get(key, {}).get(criterion, (None, ""))[0]
        self.rate(key, criterion, None if current == score else score)

    def rate(self, key: str, criterion: str, score: int | None) -> bool:
        """Give (None: take back) this assessor's rating of one answer's criterion."""
        rep = self.report
        if rep is None or not self.current_qid:
            return False
        answers = rep.checks.answers
        if not len(answers[(answers[s.QID] == self.current_qid) & (answers["key"] == key)]):
            return False
        current = self._mine(self.current_qid).get(key, {}).get(criterion, (None, ""))[0]
        if current == score:
            return False
        shown_as = self.label_of(key) if self.page.blind else ""
        self.state.rate(
            self.current_qid,
            key,
            criterion,
            score,
            shown_as=shown_as,
            criterion_name=rep.rubric.name_of(criterion),
        )
        self.render()
        return True

    def ask_note(self, key: str, criterion: str) -> None:
        rep = self.report
        if rep is None:
            return
        current = self._mine(self.current_qid).get(key, {}).get(criterion, (None, ""))
        text, ok = QInputDialog.getText(
            self,
            self.tr("Note on the rating"),
            self.tr("Note on “{criterion}” of {answer}:").format(
                criterion=rep.rubric.name_of(criterion), answer=self.label_of(key)
            ),
            QLineEdit.EchoMode.Normal,
            current[1],
        )
        if ok and text.strip() != current[1]:
            shown_as = self.label_of(key) if self.page.blind else ""
            self.state.rate(
                self.current_qid,
                key,
                criterion,
                current[0],
                note=text.strip(),
                shown_as=shown_as,
                criterion_name=rep.rubric.name_of(criterion),
            )
            self.render()

    def visible_texts(self) -> list[str]:
        """Every text the review tab shows (for tests of the blind mode)."""
        out = []
        for w in [self, *self.findChildren(QWidget)]:
            if not w.isVisibleTo(self.page):
                continue
            out.append(w.toolTip())
            if isinstance(w, QLabel | QToolButton | QPushButton | QCheckBox):
                out.append(w.text())
        return out
