"""The Question review page: find the questions a system got wrong, and see why.

Left: the question list (one score per system for a chosen metric, worst
first, filters). Right: the chosen question — its text, its gold evidence,
its per-question metrics, notes and a flag — and 2–4 systems side by side,
each its top K as passage cards with the relevant evidence it missed.
Grading happens in place (grade chip menu, or keys 0–3 on the selected
card), undoable (Ctrl+Z / Ctrl+Shift+Z); the state re-evaluates in the
background and the page keeps the question and the selected card.

Keys: J / K or Alt+Down / Alt+Up — next / previous question; Left / Right —
between columns; Up / Down — between cards; 0–3 — grade the selected card.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetrics,
    QIcon,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.metrics import parse_measure
from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.model.korean import Word
from workbench.core.model.results import Results
from workbench.core.protocol.review import (
    ALL_FAIL,
    NONE_FAIL,
    SOME_FAIL,
    Card,
    QuestionView,
    ReviewIndex,
    build_index,
    triage,
)
from workbench.core.study import Study
from workbench.ui import fonts
from workbench.ui.i18n import again as i18n_again
from workbench.ui.models.question_list import QID_ROLE, QuestionListModel
from workbench.ui.page import Page, add_shortcuts, share_undo
from workbench.ui.state import AppState
from workbench.ui.system_labels import system_tooltip
from workbench.ui.tables import FrozenColumnTable
from workbench.ui.views.explain_panel import ExplainPanel, on_enter, run_menu
from workbench.ui.views.passage_cards import (
    META_COLOUR,
    CardItem,
    SystemColumnView,
    SystemHeaderRow,
    _lang,
    show_widget,
)
from workbench.ui.views.question_nav import QuestionListNavigation
from workbench.ui.views.review_layout import CardsArea, WrappedTextBox
from workbench.ui.when_shown import WhenShown

MAX_SYSTEMS = 4
NOTE_DELAY_MS = 600
#: a gold row's most height in pixels of passage text (3 lines at the normal font)
GOLD_ROW_TEXT_PX = 54
#: the background task that builds the per-question index of new results
INDEX_TASK = "review_index"


def _build_index_task(
    results: Results,
    study: Study,
    progress=None,
    cancelled=None,
):
    """Worker: the ReviewIndex of ``results`` over a snapshot of the study.

    Runs off the GUI thread (0.2–0.5 s for 1,000 questions × 4 systems);
    touches no widget.
    """
    return build_index(results, study)


def _measure_info(name: str, lang: str) -> tuple[str, str]:
    """(display name, explanation) from the metric registry, if it knows the name."""
    try:
        m = parse_measure(name)
    except ValueError:  # unknown to the registry: the canonical name is fine
        return name, ""
    return m.display_name(lang), m.explanation(lang)


def _muted(label: QLabel) -> None:
    """Grey hint text, through the palette (a style sheet would re-polish the page)."""
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(META_COLOUR))
    label.setPalette(palette)


def _grade_icon(grade: int) -> QIcon:
    pix = QPixmap(14, 14)
    pix.fill(QColor(grades.colour(grade)))
    return QIcon(pix)


class ReviewPage(QuestionListNavigation, Page):
    """Question review: list, detail, side-by-side passage cards, grading."""

    #: the current question changed (question id, "" when none)
    question_opened = Signal(str)
    #: the per-question index of new results is in place and the page shows it
    index_ready = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        # the list is redrawn when looked at (see _on_index)
        self._when_shown = WhenShown(self)
        self.index: ReviewIndex | None = None
        self.view: QuestionView | None = None
        self.current_qid = ""
        #: where the questions of the drill-down filter were chosen (its banner)
        self._banner_source = ""
        #: the question whose cards are shown (scrolled to rank 1 when it changes)
        self._shown_qid = ""
        #: (system, passage id) of the selected card
        self.selected: tuple[str, str] | None = None
        self.hover_pid = ""
        self.chosen_systems: list[str] = []
        self._note_qid = ""
        self._sorted_once = False
        self._sized_for: tuple = ()
        #: the busy line says "Preparing the question review…" (made again in the
        #: language in force after a switch, cleared when the index is shown)
        self._preparing = False
        #: (system, measure) of a bar clicked before the index arrived: the list's order
        self._score_order: tuple[str, str] | None = None
        #: the study's one undo stack, shared with every page
        self.undo_stack = state.undo_stack

        self._build()
        self._build_actions()
        self.retranslate()
        self._fold_hints_at_large_font()

        state.study_reset.connect(self.reset_view)
        state.results_changed.connect(self._on_results)
        state.data_changed.connect(self._on_data_changed)
        state.work_changed.connect(self._on_work_changed)
        state.busy_changed.connect(self._on_busy)
        if state.results is not None:
            self._on_results(state.results)

    # == construction ================================================================
    def _build(self) -> None:
        left = self._build_question_list()
        top = self._build_question_view()
        bottom = self._build_system_cards()
        self._build_splits(left, top, bottom)

    def _build_question_list(self) -> QWidget:
        """The left pane: the measure, the filters and the question list."""
        self.metric_label = QLabel()
        self.metric_combo = QComboBox()
        self.metric_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.metric_combo.currentIndexChanged.connect(self._on_metric_changed)
        self.fail_label = QLabel()
        self.fail_spin = QDoubleSpinBox()
        self.fail_spin.setRange(0.0, 1.0)
        self.fail_spin.setSingleStep(0.05)
        self.fail_spin.setDecimals(2)
        self.fail_spin.setValue(0.5)
        self.fail_spin.valueChanged.connect(self._on_fail_threshold)

        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self._set_filter(text=text.strip()))
        self.type_combo = QComboBox()
        self.type_combo.currentIndexChanged.connect(self._on_type_filter)
        self.answerable_combo = QComboBox()
        self.answerable_combo.currentIndexChanged.connect(self._on_answerable_filter)
        self.triage_combo = QComboBox()
        self.triage_combo.currentIndexChanged.connect(self._on_triage_filter)
        self.flagged_check = QCheckBox()
        self.flagged_check.toggled.connect(lambda on: self._set_filter(flagged_only=on))

        self.model = QuestionListModel(self)
        self.model.system_tooltip = self.state.system_tooltip
        # the question id stays in view while the score columns scroll sideways
        self.table = FrozenColumnTable(frozen=1)
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        # Interactive, sized from font metrics (_size_list_columns): ResizeToContents
        # measured every row of a 1,000-question list again on each change (seconds)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._set_row_height()
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.count_label = QLabel()
        self.ids_banner = QLabel()
        self.ids_banner.setWordWrap(True)
        self.show_all_button = QPushButton()
        self.show_all_button.clicked.connect(self.clear_question_filter)
        banner = QHBoxLayout()
        banner.addWidget(self.ids_banner, 1)
        banner.addWidget(self.show_all_button)
        self.banner_box = QWidget()
        self.banner_box.setLayout(banner)
        self.banner_box.setVisible(False)

        filters = QGridLayout()
        filters.addWidget(self.metric_label, 0, 0)
        filters.addWidget(self.metric_combo, 0, 1, 1, 3)
        filters.addWidget(self.fail_label, 1, 0)
        filters.addWidget(self.fail_spin, 1, 1)
        filters.addWidget(self.search, 2, 0, 1, 4)
        filters.addWidget(self.type_combo, 3, 0, 1, 2)
        filters.addWidget(self.answerable_combo, 3, 2, 1, 2)
        filters.addWidget(self.triage_combo, 4, 0, 1, 2)
        filters.addWidget(self.flagged_check, 4, 2, 1, 2)
        filters.setColumnStretch(1, 1)
        filters.setColumnStretch(3, 1)
        left = QWidget()
        self.list_pane = left
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.banner_box)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.count_label)
        return left

    def _build_question_view(self) -> QWidget:
        """The right top: the question, its gold evidence, its scores and the note."""
        self.prev_button = QToolButton()
        self.prev_button.clicked.connect(self.previous_question)
        self.next_button = QToolButton()
        self.next_button.clicked.connect(self.next_question)
        self.title_label = QLabel()
        title_font = QFont(self.title_label.font())
        title_font.setBold(True)
        if title_font.pointSizeF() > 0:
            title_font.setPointSizeF(title_font.pointSizeF() * 1.2)
        self.title_label.setFont(title_font)
        self.title_label.setWordWrap(True)
        self.flag_check = QCheckBox()
        self.flag_check.toggled.connect(self._on_flag_toggled)
        self.undo_button = QToolButton()
        self.redo_button = QToolButton()
        self.busy_label = QLabel()
        _muted(self.busy_label)
        self._split_to_fit = False
        head = self._head = QHBoxLayout()
        head.addWidget(self.prev_button)
        head.addWidget(self.next_button)
        head.addWidget(self.title_label, 1)
        head.addWidget(self.busy_label)
        head.addWidget(self.undo_button)
        head.addWidget(self.redo_button)
        head.addWidget(self.flag_check)
        self.question_label = QLabel()
        self.question_label.setWordWrap(True)
        self.question_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        qfont = QFont(self.question_label.font())
        if qfont.pointSizeF() > 0:
            qfont.setPointSizeF(qfont.pointSizeF() * 1.1)
        self.question_label.setFont(qfont)

        self.gold_table = QTableWidget()
        self.gold_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gold_table.setWordWrap(True)
        self.gold_table.verticalHeader().setVisible(False)
        self.gold_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.gold_table.itemSelectionChanged.connect(self._on_gold_selected)
        self.metrics_table = QTableWidget()
        self.metrics_table.setObjectName("question_scores")
        self.metrics_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # how a score of this question was computed: right-click it, or Enter on it
        self.metrics_table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.metrics_table.customContextMenuRequested.connect(self._scores_menu)
        on_enter(self.metrics_table, self._explain_current_score)
        self.explain_panel: ExplainPanel | None = None  # made when first asked
        self.note_edit = QPlainTextEdit()
        self.note_edit.textChanged.connect(self._on_note_typed)
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.setInterval(NOTE_DELAY_MS)
        self._note_timer.timeout.connect(self.commit_note)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.gold_table, "")
        self.tabs.addTab(self.metrics_table, "")
        self.tabs.addTab(self.note_edit, "")
        # the per-question scores table is filled when its tab is shown
        self._metrics_for = ""
        self._gold_headers: list[str] = []
        self.tabs.currentChanged.connect(self._on_tab_changed)
        corner = QWidget()
        corner_layout = QHBoxLayout(corner)
        corner_layout.setContentsMargins(0, 0, 0, 0)
        # at a large font the keys hint and the arrows' legend fold into this
        # button's tooltip (their wrapped lines took the room of a card), beside
        # undo, redo and the flag (the picker row above the cards has no room)
        self.keys_help_button = QToolButton()
        self.keys_help_button.setText("?")
        corner_layout.addWidget(self.keys_help_button)
        self.tabs.setCornerWidget(corner, Qt.Corner.TopRightCorner)
        # beside the corner's buttons the tab bar scrolls rather than widen the window
        self.tabs.setUsesScrollButtons(True)
        corner.setVisible(False)
        self._keep_gold_rows_in_view()

        top = WrappedTextBox()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(head)
        top_layout.addWidget(self.question_label)
        top_layout.addWidget(self.tabs, 1)
        return top

    def _build_system_cards(self) -> QWidget:
        """The right bottom: the systems' passage cards side by side."""
        self.systems_label = QLabel()
        self._system_boxes: dict[str, QCheckBox] = {}
        self.systems_row = QHBoxLayout()
        self.k_label = QLabel()
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 100)
        self.k_spin.setValue(10)
        self.k_spin.valueChanged.connect(lambda _: self._render())
        self.keys_hint = QLabel()
        _muted(self.keys_hint)
        self.keys_hint.setWordWrap(True)
        picker = QHBoxLayout()
        picker.addWidget(self.systems_label)
        picker.addLayout(self.systems_row)
        picker.addStretch(1)
        picker.addWidget(self.k_label)
        picker.addWidget(self.k_spin)

        self.cards_area = CardsArea()
        self.cards_area.key_pressed.connect(self._on_card_key)
        self.columns: list[SystemColumnView] = []
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.cards_area)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        # the system names and scores stay above the cards while they scroll
        self.headers = SystemHeaderRow()
        # a system's scores above its cards: right-click for how each was computed
        self.headers.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.headers.customContextMenuRequested.connect(self._header_menu)
        self.cards_area.laid_out.connect(self._place_headers)
        self.scroll.horizontalScrollBar().valueChanged.connect(self._place_headers)
        # what the arrows on the cards mean, next to the cards
        self.arrows_legend = QLabel()
        self.arrows_legend.setObjectName("arrows_legend")
        self.arrows_legend.setWordWrap(True)
        _muted(self.arrows_legend)

        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addLayout(picker)
        bottom_layout.addWidget(self.keys_hint)
        bottom_layout.addWidget(self.arrows_legend)
        bottom_layout.addWidget(self.headers)
        bottom_layout.addWidget(self.scroll, 1)
        return bottom

    def _build_splits(self, left: QWidget, top: QWidget, bottom: QWidget) -> None:
        """The panes in splitters whose sizes are kept, the empty page and the grade menu."""
        self.right_split = QSplitter(Qt.Orientation.Vertical)
        self.right_split.setObjectName("review_right_split")  # its sizes are kept between sessions
        self.right_split.addWidget(top)
        self.right_split.addWidget(bottom)
        self.right_split.setStretchFactor(0, 2)
        self.right_split.setStretchFactor(1, 5)
        self.right_split.setChildrenCollapsible(False)

        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("review_split")  # its sizes are kept between sessions
        self.split.addWidget(left)
        self.split.addWidget(self.right_split)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 5)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.split)

        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.empty_label)
        self._show_empty(True)

        self.grade_menu = QMenu(self)
        self._grade_actions: list[QAction] = []
        for g in grades.GRADES:
            action = self.grade_menu.addAction(_grade_icon(g), "")
            action.setData(g)
            self._grade_actions.append(action)

    def _build_actions(self) -> None:
        share_undo(self, self.state, self.undo_button, self.redo_button)
        add_shortcuts(
            self,
            [
                ("J", self.next_question),
                ("Alt+Down", self.next_question),
                ("K", self.previous_question),
                ("Alt+Up", self.previous_question),
                *((str(g), lambda g=g: self.grade_selected(g)) for g in grades.GRADES),
            ],
        )

    # == language ===================================================================
    def _preparing_text(self) -> str:
        return self.tr("Preparing the question review…")

    def retranslate(self) -> None:
        if hasattr(self, "_system_boxes"):
            self._system_tips()  # the tooltips name files and sheets in the UI language
        lang = _lang()
        self.metric_label.setText(self.tr("Metric"))
        self.fail_label.setText(self.tr("Fails below"))
        self.fail_spin.setToolTip(
            self.tr("A system fails a question when its score is below this value.")
        )
        self.search.setPlaceholderText(self.tr("Search question id or text…"))
        self._fill_filter_combos()
        self.flagged_check.setText(self.tr("Flagged only"))
        self.show_all_button.setText(self.tr("Show all questions"))
        self.prev_button.setText(self.tr("◀ Previous"))
        self.prev_button.setToolTip(self.tr("Previous question (K or Alt+Up)"))
        self.next_button.setText(self.tr("Next ▶"))
        self.next_button.setToolTip(self.tr("Next question (J or Alt+Down)"))
        self.flag_check.setText(self.tr("Flag this question"))
        self.tabs.setTabText(0, self.tr("Gold evidence"))
        self.tabs.setTabText(1, self.tr("Scores for this question"))
        self.tabs.setTabText(2, self.tr("Notes"))
        self.note_edit.setPlaceholderText(
            self.tr("Notes on this question (saved with the project)…")
        )
        self.systems_label.setText(self.tr("Systems (2–4):"))
        self.k_label.setText(self.tr("Top K"))
        self.keys_hint.setText(
            self.tr(
                "Click a card or use the arrow keys to select it; press 0–3 or click its "
                "grade to grade it. J / K: next / previous question."
            )
        )
        self.arrows_legend.setText(
            self.tr(
                "↑ ranked higher than in the other systems shown · ↓ lower than in one of "
                "them · = the same rank · ∅ not retrieved by the others"
            )
        )
        self.keys_help_button.setToolTip(
            f"{self.keys_hint.text()}\n\n{self.arrows_legend.text()}"
        )
        self.keys_help_button.setAccessibleName(self.keys_hint.text())
        self.empty_label.setText(self.tr("Open judgments and runs to review questions one by one."))
        if self._preparing:
            self.busy_label.setText(self._preparing_text())
        manual = self.state.study.manual_in_force(lang)
        self._manual_shown = manual
        for action in self._grade_actions:
            g = int(action.data())
            action.setText(grades.chip_text(g, lang, manual))
            action.setToolTip(grades.definition(g, lang, manual))
        self.model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, max(self.model.columnCount() - 1, 0)
        )
        if self.index is not None:
            # measure names and explanations in the new language
            self.metric_combo.blockSignals(True)
            self._fill_measures(self.index.results)
            self.metric_combo.blockSignals(False)
        if self.banner_box.isVisibleTo(self):
            self._show_banner()
        self._update_count()
        if self.index is not None and self.current_qid:
            self._render()

    def _fill_filter_combos(self) -> None:
        def refill(combo: QComboBox, items: list[tuple[str, object]]) -> None:
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
            at = combo.findData(current)
            combo.setCurrentIndex(at if at >= 0 else 0)
            combo.blockSignals(False)

        types = self.model.types()
        refill(
            self.type_combo,
            [(self.tr("All question types"), "")] + [(t, t) for t in types],
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
            self.triage_combo,
            [
                (self.tr("All questions"), ""),
                (self.tr("Every system fails"), ALL_FAIL),
                (self.tr("Only some systems fail"), SOME_FAIL),
                (self.tr("No system fails"), NONE_FAIL),
            ],
        )

    def changeEvent(self, event) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange:
            # a larger font: wider ids and scores, taller rows
            QTimer.singleShot(0, self, self._refit_to_font)
        super().changeEvent(event)

    def _fold_hints_at_large_font(self) -> None:
        large = self.font().pointSizeF() > fonts.POINT_SIZES["normal"] + 0.5
        self.keys_hint.setVisible(not large)
        self.arrows_legend.setVisible(not large)
        # undo, redo and the flag beside the tabs: the title keeps one line
        corner = self.tabs.cornerWidget(Qt.Corner.TopRightCorner)
        target = corner.layout() if large else self._head
        for widget in (self.undo_button, self.redo_button, self.flag_check):
            target.addWidget(widget)
        corner.setVisible(large)
        self._split_to_fit = large
        self._give_cards_the_room()

    def _give_cards_the_room(self) -> None:
        """At a large font, once after the font changes, the gold evidence keeps
        its least height (two rows) and the cards take the rest."""
        if not self._split_to_fit or not self.right_split.isVisible():
            return
        self._split_to_fit = False
        top, bottom = self.right_split.sizes()
        least = self.right_split.widget(0).minimumSizeHint().height()
        if top > least:
            self.right_split.setSizes([least, top + bottom - least])

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        QTimer.singleShot(0, self, self._give_cards_the_room)

    def _refit_to_font(self) -> None:
        self._fold_hints_at_large_font()
        self._set_row_height()
        self._sized_for = ()
        if self.model.columnCount():
            self._size_list_columns()
        self._keep_gold_rows_in_view()
        if self.view is not None:
            self._render()

    def _set_row_height(self) -> None:
        row = self.table.fontMetrics().height() + 10
        self.table.verticalHeader().setDefaultSectionSize(row)
        self.table.frozen.verticalHeader().setDefaultSectionSize(row)

    # == data =====================================================================
    def _show_empty(self, empty: bool) -> None:
        self.split.setVisible(not empty)
        self.empty_label.setVisible(empty)

    def _on_data_changed(self) -> None:
        self._system_tips()  # the next results rebuild the index from the study

    def reset_view(self) -> None:
        """A new study or judgments file: nothing chosen on the old data stays — no
        list filter, no questions chosen on another page, no open question, no
        evidence or cards of the old files; systems and K are chosen afresh."""
        self._note_timer.stop()  # a note typed on the old data is not carried over
        self.state.runner.cancel(INDEX_TASK)
        self.index = None
        self.view = None
        self.selected = None
        self.hover_pid = ""
        self.chosen_systems = []
        self._sorted_once = False
        self._sized_for = ()
        self._clear_filters()
        self.k_spin.setProperty("auto", True)
        self._clear_list()
        self._metrics_for = ""
        self.gold_table.clear()
        self.gold_table.setRowCount(0)
        self.metrics_table.clear()
        self.metrics_table.setRowCount(0)
        self.note_edit.blockSignals(True)
        self.note_edit.clear()
        self.note_edit.blockSignals(False)
        self._note_qid = ""
        self._render()
        self._update_count()
        self._show_empty(True)

    def _system_tips(self) -> None:
        infos = self.state.study.system_infos()
        by_name = {i.name: i for i in infos}
        for name, box in self._system_boxes.items():
            info = by_name.get(name)
            card = self.state.study.card_of(name)
            box.setToolTip(system_tooltip(info, infos, card=card) if info is not None else "")

    def _on_busy(self, busy: bool, text: str) -> None:
        self._preparing = False
        self.busy_label.setText(text if busy else "")

    def _on_results(self, results: Results | None) -> None:
        """New numbers: rebuild the index in the background, then refresh the page.

        Until the new index arrives the page keeps showing the previous one
        (with any grade just given already on its chip).
        """
        if self.explain_panel is not None:  # an open panel shows the new numbers at once
            self.explain_panel.follow(results)
        if results is None:
            self.state.runner.cancel(INDEX_TASK)
            self.index = None
            self.view = None
            self._clear_list()
            self._show_empty(True)
            return
        if self.index is None:
            self._preparing = True
            self.busy_label.setText(self._preparing_text())
        handle = self.state.runner.start(
            INDEX_TASK, _build_index_task, results, self.state.study.snapshot()
        )
        # bound methods: Qt drops the connection if the page is gone first
        handle.finished.connect(self._on_index)
        handle.failed.connect(self._on_index_failed)

    def _on_index_failed(self, exc: Exception) -> None:
        self._preparing = False
        self.busy_label.setText("")
        self.state.failed.emit(exc)  # the main window explains it

    def _on_index(self, index: ReviewIndex) -> None:
        results = index.results
        if results is not self.state.results:
            return  # newer results are on their way
        self.index = index
        # the list is refilled when the page is looked at: at 2M lines that is
        # ~60 ms of the window's time, stretched while workers hold the GIL
        self._when_shown.run(self._show_index)

    def _show_index(self) -> None:
        # the latest index that arrived (newer results may be on their way: the
        # page shows this one until theirs arrives, as when it is on screen)
        index = self.index
        if index is None:
            return
        results = index.results
        if self._preparing:
            self._preparing = False
            self.busy_label.setText("")
        self._show_empty(False)
        self._fill_measures(results)
        self._fill_systems(results)
        ks = results.settings.ks
        if ks and self.k_spin.property("auto") in (None, True):
            self.k_spin.blockSignals(True)
            self.k_spin.setValue(max(ks))
            self.k_spin.setProperty("auto", True)
            self.k_spin.blockSignals(False)
        keep = self.current_qid
        self._refresh_list()
        if keep and self.model.row_of(keep) >= 0:
            self.open_question(keep, keep_selection=True)
        elif self.model.rowCount() and not self.current_qid:
            self._select_row(0)
        elif not self.model.rowCount():
            self._open("")
        self._apply_score_order()  # a bar clicked before the index was there
        self.index_ready.emit()

    def _clear_list(self) -> None:
        import pandas as pd

        empty = pd.DataFrame({s.QID: [], s.QTEXT: [], s.QTYPE: [], s.ANSWERABLE: [], "mean": []})
        self.model.set_table(empty, [], "")
        self.current_qid = ""

    def _fill_measures(self, results: Results) -> None:
        lang = _lang()
        current = self.metric_combo.currentData()
        self.metric_combo.blockSignals(True)
        self.metric_combo.clear()
        for m in results.measures:
            display, explanation = _measure_info(m, lang)
            self.metric_combo.addItem(m if display == m else f"{m} · {display}", m)
            if explanation:
                self.metric_combo.setItemData(
                    self.metric_combo.count() - 1, explanation, Qt.ItemDataRole.ToolTipRole
                )
        if current not in results.measures:
            k = max(results.settings.ks) if results.settings.ks else 10
            current = next(
                (m for m in (f"nDCG@{k}", "nDCG@10", "MAP") if m in results.measures),
                results.measures[0] if results.measures else None,
            )
        at = self.metric_combo.findData(current)
        self.metric_combo.setCurrentIndex(max(at, 0))
        self.metric_combo.blockSignals(False)

    def _fill_systems(self, results: Results) -> None:
        systems = list(results.systems)
        chosen = [x for x in self.chosen_systems if x in systems]
        if not chosen:
            chosen = systems[:MAX_SYSTEMS]
        self.chosen_systems = chosen
        if list(self._system_boxes) != systems:
            for box in self._system_boxes.values():
                self.systems_row.removeWidget(box)
                box.deleteLater()
            self._system_boxes = {}
            for name in systems:
                box = QCheckBox(name)
                box.toggled.connect(lambda on, name=name: self._on_system_toggled(name, on))
                self.systems_row.addWidget(box)
                self._system_boxes[name] = box
        for name, box in self._system_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in chosen)
            box.blockSignals(False)
        self._update_system_boxes()
        self._system_tips()

    def _update_system_boxes(self) -> None:
        full = len(self.chosen_systems) >= MAX_SYSTEMS
        for name, box in self._system_boxes.items():
            box.setEnabled(name in self.chosen_systems or not full)

    def set_systems(self, systems: list[str]) -> None:
        """Show these systems side by side (at most four, in this order)."""
        known = [x for x in systems if x in self._system_boxes][:MAX_SYSTEMS]
        if not known:
            return
        self.chosen_systems = known
        for name, box in self._system_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in known)
            box.blockSignals(False)
        self._update_system_boxes()
        self._render()

    def _on_system_toggled(self, name: str, on: bool) -> None:
        if on and name not in self.chosen_systems:
            if len(self.chosen_systems) >= MAX_SYSTEMS:
                self._system_boxes[name].setChecked(False)
                return
            order = list(self._system_boxes)
            self.chosen_systems = sorted([*self.chosen_systems, name], key=order.index)
        elif not on and name in self.chosen_systems:
            if len(self.chosen_systems) == 1:  # keep at least one column
                box = self._system_boxes[name]
                box.blockSignals(True)
                box.setChecked(True)
                box.blockSignals(False)
                return
            self.chosen_systems = [x for x in self.chosen_systems if x != name]
        self._update_system_boxes()
        self._render()

    # == the list ===================================================================
    @property
    def measure(self) -> str:
        return self.metric_combo.currentData() or ""

    def set_measure(self, measure: str) -> None:
        at = self.metric_combo.findData(measure)
        if at >= 0:
            self.metric_combo.setCurrentIndex(at)

    def _refresh_list(self) -> None:
        if self.index is None:
            return
        systems = list(self.index.systems)
        table = self.index.question_table(self.measure, systems)
        self.model.fail_threshold = self.fail_spin.value()
        self.model.set_triage(self._triage_map())
        self.model.set_flags({q: bool(v.get("flagged")) for q, v in self.state.notes.items()})
        self.model.set_table(table, systems, self.measure)
        if self._sized_for != (tuple(systems), self.measure):
            # size the columns once per layout, not after every grade
            self._sized_for = (tuple(systems), self.measure)
            self._size_list_columns()
        self._fill_filter_combos()
        if not self._sorted_once:
            # worst first: the lowest mean over the systems on top
            self._sorted_once = True
            self.table.sortByColumn(self.model.mean_column(), Qt.SortOrder.AscendingOrder)
        self._reselect_current()
        self._update_count()

    def _size_list_columns(self) -> None:
        """Column widths from font metrics over a few representative texts per column."""
        header = self.table.horizontalHeader()
        cell_fm = self.table.fontMetrics()
        bold = QFont(self.table.font())
        bold.setBold(True)
        bold_fm = QFontMetrics(bold)
        # the delegate's text margins (focus frame + 1 on each side), a little air
        margin = self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
        pad = 2 * (margin + 1) + 6
        for col in range(self.model.columnCount()):
            fm = bold_fm if col == self.model.mean_column() else cell_fm
            texts = self.model.width_samples(col)
            width = max([fm.horizontalAdvance(x) for x in texts] + [0]) + pad
            # the header's own size hint (title and sort arrow), without the rows
            header.resizeSection(col, max(width, header.sectionSizeHint(col)))
        self._fit_list_pane()

    def _triage_map(self) -> dict[str, str]:
        if self.index is None or not self.measure:
            return {}
        series = triage(self.index.results.per_question, self.measure, self.fail_spin.value())
        return dict(zip(series.index.tolist(), series.tolist()))

    def _on_metric_changed(self, _index: int) -> None:
        sort_col = self.model.sort_column()
        order = self.model.sort_order()
        self._refresh_list()
        if sort_col >= 0:
            self.table.sortByColumn(sort_col, order)
        if self.current_qid:
            self._render()

    def _on_fail_threshold(self, value: float) -> None:
        self.model.fail_threshold = value
        self.model.set_triage(self._triage_map())
        self.model.refilter()  # the failing-score tint follows the threshold
        self._reselect_current()
        self._update_count()

    def _set_filter(self, **kwargs) -> None:
        self.model.set_filters(**kwargs)
        self._reselect_current()
        self._update_count()

    def _on_type_filter(self, _i: int) -> None:
        self._set_filter(question_type=self.type_combo.currentData() or "")

    def _on_answerable_filter(self, _i: int) -> None:
        self._set_filter(answerable=self.answerable_combo.currentData())

    def _on_triage_filter(self, _i: int) -> None:
        self._set_filter(triage=self.triage_combo.currentData() or "")

    def _update_count(self) -> None:
        self.count_label.setText(
            self.tr("{0} of {1} questions shown").format(self.model.rowCount(), self.model.total())
        )

    def _on_current_row(self, current, _previous) -> None:
        if current.isValid():
            self._open(current.data(QID_ROLE))

    def show_questions(
        self, question_ids: list[str], system: str | None = None, title: str = ""
    ) -> None:
        """Show only these questions (chosen on another page); open the first.

        ``system``: make sure this system is among the columns (first).
        ``title``: where they were chosen ("Chart 'First relevant rank' · Vector ·
        rank 2–3"), shown in the banner; a :class:`~workbench.ui.i18n.LiveText`
        follows a language switch. A :class:`~workbench.ui.i18n.ScoreTitle` (a
        bar: one system's score on one measure) lists the questions by that
        system's score on that measure, worst first, with its cards first.
        """
        self._when_shown.flush()  # the list of the latest index first
        ids = {str(q) for q in question_ids}
        self.model.set_filters(ids=ids)
        self.banner_box.setVisible(True)
        self._banner_source = title
        self._show_banner()
        system = system or getattr(title, "system", None)
        measure = getattr(title, "measure", "")
        # applied now, or when the index of the latest scores arrives
        self._score_order = (system, measure) if system and measure else None
        self._apply_score_order()
        if system and system in self._system_boxes:
            rest = [x for x in self.chosen_systems if x != system]
            self.set_systems([system, *rest][:MAX_SYSTEMS])
        self._update_count()
        if self.model.rowCount():
            self._select_row(0)

    def _apply_score_order(self) -> None:
        """The list by one system's score on one measure, worst first (a bar of
        the scores chart was clicked), once the index is there."""
        if self._score_order is None or self.index is None:
            return
        system, measure = self._score_order
        self._score_order = None
        self._sorted_once = True  # this order, not the first list's mean
        self.set_measure(measure)  # the list's scores are of this measure
        if system in self.model.systems:
            column = self.model.system_column(self.model.systems.index(system))
            self.table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
        if system in self._system_boxes:
            rest = [x for x in self.chosen_systems if x != system]
            self.set_systems([system, *rest][:MAX_SYSTEMS])
        if self.model.rowCount():
            self._select_row(0)

    def _show_banner(self) -> None:
        ids = self.model.ids or set()
        source = i18n_again(self._banner_source) if self._banner_source else ""
        self._banner_source = source
        if source:
            text = self.tr("{source}: {n} questions").format(source=source, n=len(ids))
        else:
            text = self.tr("Showing {0} questions chosen on another page.").format(len(ids))
        self.ids_banner.setText(text)

    def clear_question_filter(self) -> None:
        self.model.set_filters(ids=None)
        self.banner_box.setVisible(False)
        self._reselect_current()
        self._update_count()

    def _clear_filters(self) -> None:
        """Every list filter off (type, answerable, triage, search, flagged, the
        questions chosen on another page), without a refresh per widget."""
        for combo in (self.type_combo, self.answerable_combo, self.triage_combo):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        for widget in (self.search, self.flagged_check):
            widget.blockSignals(True)
        self.search.clear()
        self.flagged_check.setChecked(False)
        for widget in (self.search, self.flagged_check):
            widget.blockSignals(False)
        self.banner_box.setVisible(False)
        self.model.set_filters(
            question_type="", answerable=None, flagged_only=False, text="", triage="", ids=None
        )

    def open_question(self, question_id: str, keep_selection: bool = False) -> None:
        """Open one question; clears list filters that would hide it."""
        self._when_shown.flush()  # the list of the latest index first
        question_id = str(question_id)
        if not self.model.knows(question_id):
            return
        if self.model.row_of(question_id) < 0:
            self._clear_filters()
            self._update_count()
        if question_id == self.current_qid:
            self._reselect_current()
            self._open(question_id, force=True, keep_selection=keep_selection)
        else:
            self._select_row(self.model.row_of(question_id))

    # == the detail =================================================================
    def _open(self, question_id: str, force: bool = False, keep_selection: bool = False) -> None:
        if question_id == self.current_qid and not force:
            return
        self.commit_note()
        if question_id != self.current_qid:
            self.selected = None
            self.hover_pid = ""
        self.current_qid = question_id
        self._render(keep_selection=keep_selection)
        self.question_opened.emit(question_id)

    def _render(self, keep_selection: bool = True) -> None:
        """Build the detail of the current question (≤ 4 × K cards)."""
        if self.index is None or not self.current_qid:
            self.view = None
            self.title_label.setText("")
            self.question_label.setText("")
            for col in self.columns:
                col.setVisible(False)
            self._shown_qid = ""
            self._place_headers()
            return
        lang = _lang()
        qid = self.current_qid
        k = self.k_spin.value()
        systems = [x for x in self.chosen_systems if x in self.index.systems]
        new_question = self._shown_qid != qid
        self._shown_qid = qid
        view = self.index.view(qid, systems, k)
        self.view = view

        kind = view.question_type or self.tr("no type")
        status = self.tr("answerable") if view.answerable else self.tr("unanswerable")
        self.title_label.setText(f"{qid} · {kind} · {status}")
        self.question_label.setText(view.text or self.tr("(no question text in the files)"))
        self._fill_gold(view, lang)
        self._metrics_for = ""
        if self.tabs.currentWidget() is self.metrics_table:
            self._fill_metrics(qid)

        self.flag_check.blockSignals(True)
        self.flag_check.setChecked(self.state.is_flagged(qid))
        self.flag_check.blockSignals(False)
        if self._note_qid != qid or self.note_edit.toPlainText() != self.state.note(qid):
            self.note_edit.blockSignals(True)
            self.note_edit.setPlainText(self.state.note(qid))
            self.note_edit.blockSignals(False)
            self._note_qid = qid

        summary = self._summary_measures(k)
        while len(self.columns) < len(view.columns):
            col = SystemColumnView()
            col.header_in_column = False  # shown pinned in self.headers
            col.card_clicked.connect(self._on_card_clicked)
            col.card_hovered.connect(self._on_card_hovered)
            col.chip_clicked.connect(self._on_chip_clicked)
            self.cards_area.add_column(col)
            self.columns.append(col)
        self.cards_area.setUpdatesEnabled(False)
        manual = self.state.study.manual_in_force(lang)
        for col, data in zip(self.columns, view.columns):
            col.title_tooltip = self.state.system_tooltip(data.system)
            col.manual = manual
            col.set_column(data, k, summary, lang)
            show_widget(col, True)
        for col in self.columns[len(view.columns) :]:
            show_widget(col, False)
        self.cards_area.relayout()
        self.cards_area.setUpdatesEnabled(True)
        if self.selected is not None and not self._find_card(*self.selected):
            self.selected = None
        if not keep_selection:
            self.selected = None
        self._update_card_states()
        if new_question:
            # a new question starts at rank 1, not where the last one was scrolled to
            self.scroll.verticalScrollBar().setValue(0)
            self.scroll.horizontalScrollBar().setValue(0)
        self._place_headers()

    def _place_headers(self, *_: object) -> None:
        self.headers.place(self._visible_columns(), self.scroll.horizontalScrollBar().value())

    def _summary_measures(self, k: int) -> list[str]:
        assert self.index is not None
        wanted = [f"nDCG@{k}", f"Recall@{k}", f"P@{k}", f"MRR@{k}", f"Judged@{k}"]
        out = [m for m in wanted if m in self.index.measures]
        if self.measure and self.measure not in out:
            out.insert(0, self.measure)
        return out

    def _fill_gold(self, view: QuestionView, lang: str) -> None:
        assessors = view.assessors
        headers = [self.tr("Passage"), self.tr("Grade"), self.tr("Role")]
        headers += [a or self.tr("(assessor)") for a in assessors]
        headers += [self.tr("Source"), self.tr("Text")]
        table = self.gold_table
        table.setUpdatesEnabled(False)
        same_headers = headers == self._gold_headers
        if same_headers:
            table.clearContents()  # keeps the header items and section modes
        else:
            table.clear()
            table.setColumnCount(len(headers))
            table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(view.gold))
        bold = QFont(table.font())
        bold.setBold(True)
        for r, row in enumerate(view.gold):
            cells = [QTableWidgetItem(row.passage_id)]
            manual = self.state.study.manual_in_force(lang)
            chip = QTableWidgetItem(grades.chip_text(row.grade, lang, manual))
            chip.setBackground(QColor(grades.colour(row.grade)))
            chip.setForeground(QColor(grades.text_colour(grades.colour(row.grade))))
            chip.setToolTip(grades.definition(row.grade, lang, manual))
            cells.append(chip)
            role = QTableWidgetItem(grades.role_label(row.role, lang))
            if row.role == "core":
                role.setFont(bold)
            if row.group:
                role.setToolTip(self.tr("Evidence group {0}").format(row.group))
            cells.append(role)
            for a in assessors:
                g = row.assessor_grades.get(a)
                item = QTableWidgetItem("" if g is None else str(g))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if g is not None:
                    item.setToolTip(grades.chip_text(g, lang))
                    tint = QColor(grades.colour(g))
                    tint.setAlpha(90)
                    item.setBackground(tint)
                cells.append(item)
            cells.append(QTableWidgetItem(row.source.format(lang)))
            text = QTableWidgetItem(row.text)
            tip = row.text
            if row.sentences:
                tip += "\n\n" + self.tr("Evidence sentence: {sentences}").format(
                    sentences=" / ".join(row.sentences)
                )
            text.setToolTip(tip)
            cells.append(text)
            for c, item in enumerate(cells):
                item.setData(Qt.ItemDataRole.UserRole, row.passage_id)
                table.setItem(r, c, item)
        if not same_headers:
            self._gold_headers = headers
            header = table.horizontalHeader()
            for c in range(len(headers) - 1):
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
            header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
            self._keep_gold_rows_in_view()  # the header's height is known once it has labels
        self._size_gold_columns(len(headers), len(view.gold))
        table.resizeRowsToContents()
        tallest = self._gold_row_cap()
        for r in range(table.rowCount()):
            if table.rowHeight(r) > tallest:
                table.setRowHeight(r, tallest)
        table.setUpdatesEnabled(True)

    def _gold_row_cap(self) -> int:
        """A gold row's most height: a long passage wraps to three lines at the
        normal font, two at a large one (its tooltip has the rest), so several
        gold passages stay in view and the cards below keep their room."""
        line = self.gold_table.fontMetrics().lineSpacing()
        return max(2 * line, GOLD_ROW_TEXT_PX) + 8

    def _keep_gold_rows_in_view(self) -> None:
        """The tabs keep room for their bar, the table's header and two full gold
        rows however tall the cards below get, at any font size (the splitter
        above the cards gives them more)."""
        bar = self.tabs.tabBar().sizeHint().height()
        header = max(
            self.gold_table.horizontalHeader().sizeHint().height(),
            self.gold_table.fontMetrics().lineSpacing() + 10,
        )
        frame = (
            2 * self.gold_table.frameWidth() + self.gold_table.fontMetrics().lineSpacing() // 2 + 8
        )
        self.tabs.setMinimumHeight(bar + header + 2 * self._gold_row_cap() + frame)

    def _size_gold_columns(self, n_cols: int, n_rows: int) -> None:
        """Short columns take their contents' width; the source at most half of
        what they leave, so the passage text (stretched, wrapped) keeps room
        even at a very large font."""
        table = self.gold_table
        header = table.horizontalHeader()
        fm = table.fontMetrics()
        bold = QFont(table.font())
        bold.setBold(True)
        bold_fm = QFontMetrics(bold)
        pad = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) + 8
        used = 0
        for c in range(n_cols - 1):
            width = header.sectionSizeHint(c)
            for r in range(n_rows):
                item = table.item(r, c)
                if item is not None and item.text():
                    metrics = bold_fm if item.font().bold() else fm
                    width = max(width, metrics.horizontalAdvance(item.text()) + pad)
            if c == n_cols - 2:  # the source
                room = table.viewport().width() - used
                width = min(width, max(room // 2, fm.averageCharWidth() * 10))
            header.resizeSection(c, width)
            used += width

    def _on_tab_changed(self, _i: int) -> None:
        if self.tabs.currentWidget() is self.metrics_table and self.current_qid:
            self._fill_metrics(self.current_qid)

    def _fill_metrics(self, qid: str) -> None:
        if self.index is None or self._metrics_for == qid:
            return
        self._metrics_for = qid
        systems = self.index.systems
        measures = self.index.measures
        table = self.metrics_table
        table.setUpdatesEnabled(False)
        table.clear()
        table.setRowCount(len(systems))
        table.setColumnCount(len(measures))
        table.setHorizontalHeaderLabels(measures)
        table.setVerticalHeaderLabels(systems)
        lang = _lang()
        for c, m in enumerate(measures):
            _, explanation = _measure_info(m, lang)
            if explanation:
                table.horizontalHeaderItem(c).setToolTip(explanation)
        values = [self.index.metrics(x, qid) for x in systems]
        bold = QFont(table.font())
        bold.setBold(True)
        for c, m in enumerate(measures):
            column = [v.get(m, math.nan) for v in values]
            finite = [v for v in column if not math.isnan(v)]
            best = max(finite) if finite else math.nan
            for r, v in enumerate(column):
                item = QTableWidgetItem("" if math.isnan(v) else f"{v:.3f}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if len(finite) > 1 and v == best and not all(x == best for x in finite):
                    item.setFont(bold)
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.setUpdatesEnabled(True)

    # == how was this computed? ==========================================================
    def explain_score(self, system: str, measure: str) -> ExplainPanel | None:
        """Open the panel on ``system``'s ``measure`` for the question shown."""
        results, qid = self.state.results, self.current_qid
        if results is None or not qid or measure not in results.measures:
            return None
        if self.explain_panel is None:
            self.explain_panel = ExplainPanel(self)
        js = self.state.study.judgment_set
        unjudged = js.unjudged if js is not None else None
        self.explain_panel.show_question(results, system, qid, measure, unjudged)
        return self.explain_panel

    def _score_cell(self, row: int, col: int) -> tuple[str, str] | None:
        if self.index is None or not (0 <= row < len(self.index.systems)):
            return None
        measures = self.index.measures
        return (self.index.systems[row], measures[col]) if 0 <= col < len(measures) else None

    def _explain_current_score(self) -> None:
        cell = self._score_cell(self.metrics_table.currentRow(), self.metrics_table.currentColumn())
        if cell is not None:
            self.explain_score(*cell)

    def _scores_menu(self, pos: QPoint) -> None:
        index = self.metrics_table.indexAt(pos)
        cell = self._score_cell(index.row(), index.column())
        if cell is not None:
            text = self.tr("How was this computed?")
            where = self.metrics_table.viewport().mapToGlobal(pos)
            run_menu(self, where, [(text, "explain_action", lambda: self.explain_score(*cell))])

    def system_at_header(self, pos: QPoint) -> str | None:
        """The system whose pinned header (name and scores) is under ``pos``."""
        offset = self.scroll.horizontalScrollBar().value()
        for col in self._visible_columns():
            if col.x() - offset <= pos.x() < col.x() - offset + col.width() and col.column:
                return col.column.system
        return None

    def _header_menu(self, pos: QPoint) -> None:
        system = self.system_at_header(pos)
        if system is None or self.index is None:
            return
        entries = [
            (self.tr("How was {measure} computed?").format(measure=m), f"explain_{m}",
             lambda m=m: self.explain_score(system, m))
            for m in self._summary_measures(self.k_spin.value())
        ]  # fmt: skip
        run_menu(self, self.headers.mapToGlobal(pos), entries)

    # == cards: selection, hover, keys ===================================================
    def _find_card(self, system: str, pid: str) -> CardItem | None:
        for col in self._visible_columns():
            if col.column.system == system:
                i = col.index_of(pid)
                return col.cards[i] if i >= 0 else None
        return None

    def selected_card(self) -> CardItem | None:
        return None if self.selected is None else self._find_card(*self.selected)

    def select_card(self, system: str, passage_id: str) -> None:
        self.selected = (system, passage_id)
        self._update_card_states()
        for col in self._visible_columns():
            if col.column.system == system:
                rect = col.card_rect(col.index_of(passage_id))
                if rect.isValid():
                    top = col.mapTo(self.cards_area, rect.topLeft())
                    bottom = col.mapTo(self.cards_area, rect.bottomLeft())
                    # the card's bottom, then its top: a tall card shows its head
                    self.scroll.ensureVisible(bottom.x(), bottom.y(), 10, 10)
                    self.scroll.ensureVisible(top.x(), top.y(), 10, 10)
                break

    def _update_card_states(self) -> None:
        sel_sys, sel_pid = self.selected if self.selected else ("", "")
        for col in self._visible_columns():
            col.set_states(sel_sys, sel_pid, self.hover_pid)

    def _on_card_clicked(self, card: Card) -> None:
        self.cards_area.setFocus(Qt.FocusReason.MouseFocusReason)
        self.select_card(card.system, card.passage_id)

    def _on_card_hovered(self, card: Card | None) -> None:
        pid = card.passage_id if card is not None else ""
        if pid != self.hover_pid:
            self.hover_pid = pid
            self._update_card_states()

    def _on_gold_selected(self) -> None:
        items = self.gold_table.selectedItems()
        pid = items[0].data(Qt.ItemDataRole.UserRole) if items else ""
        self.hover_pid = pid or ""
        self._update_card_states()

    def _visible_columns(self) -> list[SystemColumnView]:
        # isHidden, not isVisible: the page may be built while its window is hidden
        return [c for c in self.columns if not c.isHidden() and c.column is not None]

    def _on_card_key(self, event) -> None:
        cols = self._visible_columns()
        if not cols:
            return
        ci, ri = 0, -1
        if self.selected is not None:
            for i, col in enumerate(cols):
                if col.column.system == self.selected[0]:
                    ci = i
                    for j, card in enumerate(col.cards):
                        if card.card.passage_id == self.selected[1]:
                            ri = j
        key = event.key()
        if key == Qt.Key.Key_Left:
            ci = max(ci - 1, 0)
        elif key == Qt.Key.Key_Right:
            ci = min(ci + 1, len(cols) - 1)
        elif key == Qt.Key.Key_Up:
            ri = max(ri - 1, 0)
        elif key == Qt.Key.Key_Down:
            ri = ri + 1
        cards = cols[ci].cards
        if not cards:
            return
        ri = min(max(ri, 0), len(cards) - 1)
        card = cards[ri].card
        self.select_card(card.system, card.passage_id)

    # == grading =======================================================================
    def _on_chip_clicked(self, card: Card, where: QPoint) -> None:
        self.select_card(card.system, card.passage_id)
        chosen = self.grade_menu.exec(where)
        if chosen is not None:
            self.grade_selected(int(chosen.data()))

    def grade_selected(self, grade: int) -> bool:
        """Grade the selected card's passage; returns True when a grade was recorded."""
        if self.selected is None or self.index is None or not self.current_qid:
            return False
        return self.grade_passage(self.selected[1], grade)

    def grade_passage(self, passage_id: str, grade: int) -> bool:
        """Grade a passage of the current question (undoable).

        An unjudged passage (or one only this user graded) takes the grade
        directly. Re-grading a passage someone else judged asks for a reason,
        and the new grade is recorded as resolved by hand, so it counts.
        """
        if self.index is None or not self.current_qid:
            return False
        qid = self.current_qid
        if self.index.results.settings.unit == "document":
            self._preparing = False
            self.busy_label.setText(
                self.tr("Grades are given to passages: switch the unit to passages to grade.")
            )
            return False
        current = self.index.grade_of(qid, passage_id)
        me = self.state.judging_as()  # asked once, before the first grade
        if me is None:
            return False
        others = set(self.index.assessor_grades(qid, passage_id)) - {me}
        if not math.isnan(current) and int(current) == grade:
            return False
        if math.isnan(current) or not others:
            self.state.grade(qid, passage_id, grade)
        else:
            reason = self.ask_reason(passage_id, current, grade)
            if reason is None:
                return False
            self.state.grade(qid, passage_id, grade, reason, resolve=True)
        self._show_pending_grade(passage_id, grade)
        return True

    def ask_reason(self, passage_id: str, old: float, new: int) -> str | None:
        """Ask why a judged passage is re-graded; None = cancelled."""
        lang = _lang()
        text, ok = QInputDialog.getText(
            self,
            self.tr("Change a grade"),
            self.tr(
                "{passage} is graded {old}. Why should it be {new}?\n"
                "(The original grades are kept.)"
            ).format(
                passage=passage_id,
                old=grades.chip_text(old, lang),
                new=Word(grades.chip_text(new, lang)),
            ),
        )
        return text.strip() if ok else None

    def _show_pending_grade(self, passage_id: str, grade: int) -> None:
        """Show the new grade on the chips right away; the scores follow."""
        lang = _lang()
        for col in self._visible_columns():
            col.set_grade(passage_id, float(grade), lang)

    # == notes and flags =================================================================
    def _on_note_typed(self) -> None:
        self._note_timer.start()

    def commit_note(self) -> None:
        """Save the note editor's text for its question (one undo step per burst)."""
        self._note_timer.stop()
        qid = self._note_qid
        if not qid:
            return
        text = self.note_edit.toPlainText()
        self.state.set_note(qid, text)

    def _on_flag_toggled(self, on: bool) -> None:
        if self.current_qid:
            self.state.set_flag(self.current_qid, on)

    def _sync_manual(self) -> None:
        """After the evaluation manual changed: the grade words of the menu and chips."""
        lang = _lang()
        manual = self.state.study.manual_in_force(lang)
        if manual == getattr(self, "_manual_shown", None):
            return
        self._manual_shown = manual
        for action in self._grade_actions:
            g = int(action.data())
            action.setText(grades.chip_text(g, lang, manual))
            action.setToolTip(grades.definition(g, lang, manual))
        if self.index is not None and self.current_qid:
            self._render()

    def _on_work_changed(self) -> None:
        self._sync_manual()
        self.model.set_flags({q: bool(v.get("flagged")) for q, v in self.state.notes.items()})
        if self.model.flagged_only:
            self._reselect_current()
            self._update_count()
        qid = self.current_qid
        if not qid:
            return
        self.flag_check.blockSignals(True)
        self.flag_check.setChecked(self.state.is_flagged(qid))
        self.flag_check.blockSignals(False)
        if self._note_qid == qid and not self._note_timer.isActive():
            stored = self.state.note(qid)
            if self.note_edit.toPlainText() != stored:
                self.note_edit.blockSignals(True)
                self.note_edit.setPlainText(stored)
                self.note_edit.blockSignals(False)

    def hideEvent(self, event) -> None:  # noqa: N802
        self.commit_note()
        super().hideEvent(event)
