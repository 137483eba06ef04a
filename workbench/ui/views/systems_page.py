"""The Systems and stages page: what each system is, and what each stage of a
pipeline kept and lost.

Top: the system cards (:mod:`workbench.core.protocol.system_cards`) — retriever,
embedding model, reranker, chunk size and overlap, passage unit, the K passed
to the LLM, stage and pipeline — one row per system, edited in place (a card
typed here replaces the file's ``시스템 정보`` row of that system; undoable),
with the warning the Recall article asks for when chunk settings differ.

Bottom: the stages of a pipeline (:mod:`workbench.core.protocol.stages`): the
stage-appropriate measures side by side (Recall@N for candidate search,
MRR/nDCG@K for reranking, P@K for the final context) and, per question, the
relevant passages in the candidate top N that the reranked top K dropped,
with their grades. Double-click a question to open it in Question review.
"""

from __future__ import annotations

import math

import pandas as pd
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStyledItemDelegate,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.model.korean import Word
from workbench.core.model.number_text import ids_text
from workbench.core.model.results import Results
from workbench.core.protocol.stages import (
    StagePlan,
    StageStep,
    stage_losses,
    stage_measures,
    stage_plans,
    stage_questions,
)
from workbench.core.protocol.system_cards import (
    CARD_FIELDS,
    FIELD_LABELS,
    NUMBER_FIELDS,
    STAGE_LABELS,
    STAGES,
    SystemCard,
    comparability_warnings,
)
from workbench.ui.i18n import LiveText, current_language
from workbench.ui.models.frame_model import FrameModel, make_sort_proxy
from workbench.ui.page import Page
from workbench.ui.state import AppState
from workbench.ui.tables import rows_height
from workbench.ui.when_shown import WhenShown

STAGES_TASK = "stages"
#: the system name column, then one column per card field, then where it was entered
SYSTEM_COL = 0
FIELD_COL = {name: i + 1 for i, name in enumerate(CARD_FIELDS)}
ORIGIN_COL = len(CARD_FIELDS) + 1
WARNING_COLOUR = "#b3261e"


def stages_task(results: Results, plan: StagePlan, progress=None, cancelled=None):
    """Worker: the stage measures and what each later stage dropped."""
    measures = stage_measures(results, plan)
    pairs = []
    for earlier, later in plan.pairs:
        losses = stage_losses(results, earlier, later)
        pairs.append((earlier, later, losses, stage_questions(losses)))
    return results, plan, measures, pairs


class StageDelegate(QStyledItemDelegate):
    """The stage column: a dropdown of 후보 검색 / 재순위 / 최종 컨텍스트 (or none)."""

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt override
        combo = QComboBox(parent)
        lang = current_language()
        combo.addItem(self.tr("(none)"), "")
        for key in STAGES:
            combo.addItem(STAGE_LABELS[key][0 if lang == "ko" else 1], key)
        return combo

    def setEditorData(self, editor, index):  # noqa: N802 - Qt override
        key = index.data(Qt.ItemDataRole.UserRole) or ""
        at = editor.findData(key)
        editor.setCurrentIndex(max(at, 0))

    def setModelData(self, editor, model, index):  # noqa: N802 - Qt override
        # the key only: the page turns it into the card and shows the label again
        model.setData(index, editor.currentData(), Qt.ItemDataRole.UserRole)


class SystemsPage(Page):
    """System cards and the stage view (see the module doc)."""

    #: the stage view shows new numbers (tests wait for it)
    stages_updated = Signal()
    _answer = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._when_shown = WhenShown(self)
        self.setObjectName("systems_page")
        self.state = state
        self.results: Results | None = None
        self.plans: list[StagePlan] = []
        self.stage_data = None
        self._filling = False
        self._build()
        self._answer.connect(self._on_stages)
        state.results_changed.connect(self._on_results)
        state.data_changed.connect(self.fill_cards)
        state.work_changed.connect(self.fill_cards)
        self.retranslate()
        self.fill_cards()
        self._on_results(state.results)

    # -- construction ---------------------------------------------------------------
    def _build(self) -> None:
        root = QVBoxLayout(self)
        # the page scrolls when the window is too short for the font (each table keeps
        # a few rows in view, see _fit_heights) rather than squeezing the tables shut
        self.page_scroll = QScrollArea()
        self.page_scroll.setObjectName("page_scroll")
        self.page_scroll.setWidgetResizable(True)
        self.page_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.page_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        root.addWidget(self.page_scroll)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.setObjectName("systems_split")  # its sizes are kept between sessions
        self.page_scroll.setWidget(split)

        top = QWidget()
        tbox = QVBoxLayout(top)
        tbox.setContentsMargins(0, 0, 0, 0)
        self.cards_title = self._title("cards_title")
        self.cards_hint = QLabel()
        self.cards_hint.setWordWrap(True)
        tbox.addWidget(self.cards_title)
        tbox.addWidget(self.cards_hint)
        self.cards_table = QTableWidget()
        self.cards_table.setObjectName("cards_table")
        self.cards_table.setColumnCount(len(CARD_FIELDS) + 2)
        self.cards_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.cards_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.cards_table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.cards_table.verticalHeader().setVisible(False)
        self.cards_table.setWordWrap(True)
        self.cards_table.setItemDelegateForColumn(FIELD_COL["stage"], StageDelegate(self))
        self.cards_table.itemChanged.connect(self._on_card_item)
        self.cards_table.itemSelectionChanged.connect(self._update_card_buttons)
        tbox.addWidget(self.cards_table, 1)
        row = QHBoxLayout()
        self.file_card_button = QPushButton()
        self.file_card_button.setObjectName("use_file_card")
        self.file_card_button.clicked.connect(self.use_file_card)
        row.addWidget(self.file_card_button)
        row.addStretch(1)
        tbox.addLayout(row)
        self.cards_message = QLabel()
        self.cards_message.setObjectName("cards_message")
        self.cards_message.setWordWrap(True)
        tbox.addWidget(self.cards_message)
        self.comparability = QLabel()
        self.comparability.setObjectName("comparability")
        self.comparability.setWordWrap(True)
        tbox.addWidget(self.comparability)
        split.addWidget(top)

        bottom = QWidget()
        bbox = QVBoxLayout(bottom)
        bbox.setContentsMargins(0, 0, 0, 0)
        self.stages_title = self._title("stages_title")
        bbox.addWidget(self.stages_title)
        self.stages_hint = QLabel()
        self.stages_hint.setWordWrap(True)
        bbox.addWidget(self.stages_hint)
        controls = QHBoxLayout()
        self.pipeline_label = QLabel()
        self.pipeline_combo = QComboBox()
        self.pipeline_combo.setObjectName("pipeline_combo")
        self.pipeline_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.pipeline_combo.currentIndexChanged.connect(self._plan_chosen)
        self.n_label = QLabel()
        self.n_spin = QSpinBox()
        self.n_spin.setObjectName("stage_n")
        self.n_spin.setRange(1, 100_000)
        self.k_label = QLabel()
        self.k_spin = QSpinBox()
        self.k_spin.setObjectName("stage_k")
        self.k_spin.setRange(1, 100_000)
        for spin in (self.n_spin, self.k_spin):
            spin.editingFinished.connect(self._depths_changed)
        for w in (
            self.pipeline_label,
            self.pipeline_combo,
            self.n_label,
            self.n_spin,
            self.k_label,
            self.k_spin,
        ):
            controls.addWidget(w)
        controls.addStretch(1)
        bbox.addLayout(controls)
        self.measures_table = QTableWidget()
        self.measures_table.setObjectName("stage_measures")
        self.measures_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.measures_table.verticalHeader().setVisible(False)
        bbox.addWidget(self.measures_table)
        lists = QSplitter(Qt.Orientation.Horizontal)
        lists.setObjectName("stage_lists_split")  # its sizes are kept between sessions
        self.questions_model = FrameModel(None, self)
        self.questions_view = QTableView()
        self.questions_view.setObjectName("stage_questions")
        self.questions_proxy = make_sort_proxy(self.questions_model, self)
        self.questions_view.setModel(self.questions_proxy)
        self.questions_view.setSortingEnabled(True)
        self.questions_view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.questions_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.questions_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.questions_view.verticalHeader().setVisible(False)
        self.questions_view.doubleClicked.connect(self._open_question_row)
        self.questions_view.selectionModel().currentRowChanged.connect(self._show_losses)
        lists.addWidget(self.questions_view)
        self.losses_table = QTableWidget()
        self.losses_table.setObjectName("stage_losses")
        self.losses_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.losses_table.verticalHeader().setVisible(False)
        self.losses_table.setWordWrap(True)
        lists.addWidget(self.losses_table)
        lists.setStretchFactor(0, 2)
        lists.setStretchFactor(1, 3)
        bbox.addWidget(lists, 1)
        # under the lists it opens (beside the spin boxes the row would not fit
        # 1280 px at the largest font)
        self.open_button = QPushButton()
        self.open_button.setObjectName("open_stage_questions")
        self.open_button.clicked.connect(self._open_all)
        open_row = QHBoxLayout()
        open_row.addWidget(self.open_button)
        open_row.addStretch(1)
        bbox.addLayout(open_row)
        split.addWidget(bottom)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)

    @staticmethod
    def _title(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        font = label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        label.setFont(font)
        return label

    # -- system cards ---------------------------------------------------------------------
    def _lang(self) -> str:
        return current_language()

    def fill_cards(self) -> None:
        """One row per system, the card in force; typed cards are marked."""
        study = self.state.study
        cards = study.cards()
        infos = study.system_infos()
        typed = {info.name for info in infos if info.ref in study.system_cards}
        lang = self._lang()
        i = 0 if lang == "ko" else 1
        table = self.cards_table
        selected = self.selected_system()
        self._filling = True
        table.setRowCount(len(infos))
        for r, info in enumerate(infos):
            card = cards.get(info.name) or SystemCard()
            item = QTableWidgetItem(info.name)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            item.setToolTip(self.state.system_tooltip(info.name))
            font = QFont(table.font())
            font.setBold(True)
            item.setFont(font)
            table.setItem(r, SYSTEM_COL, item)
            for name in CARD_FIELDS:
                value = card.value(name)
                text = "" if value in ("", None) else str(value)
                if name == "stage" and value:
                    text = STAGE_LABELS[value][i]
                cell = QTableWidgetItem(text)
                cell.setData(Qt.ItemDataRole.UserRole, value if name == "stage" else None)
                if name in NUMBER_FIELDS:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(r, FIELD_COL[name], cell)
            if info.name in typed:
                origin = self.tr("typed here")
            elif not card.empty:
                origin = self.tr("run workbook")
            else:
                origin = self.tr("(none yet)")
            origin_item = QTableWidgetItem(origin)
            origin_item.setFlags(origin_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            table.setItem(r, ORIGIN_COL, origin_item)
            if info.name == selected:
                table.selectRow(r)
        self._filling = False
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        self._fill_comparability(cards)
        self._update_card_buttons()
        self._fit_heights()

    def _fit_heights(self) -> None:
        """Minimum heights from the font in use: the cards show up to four systems
        and the stage lists five rows, the wrapped texts their every line; the
        page scrolls when the window is shorter (the largest font at 800 px)."""
        table = self.cards_table
        shown = sum(table.rowHeight(r) for r in range(min(table.rowCount(), 4)))
        shown = max(shown, 2 * table.verticalHeader().defaultSectionSize())
        table.setMinimumHeight(rows_height(table, 0) + shown)
        for view in (self.questions_view, self.losses_table):
            view.setMinimumHeight(rows_height(view, 5))
        # exactly their lines (the tables, not the texts, take the spare height)
        width = self.page_scroll.viewport().width()
        for label in (self.cards_hint, self.cards_message, self.comparability, self.stages_hint):
            label.setVisible(bool(label.text()))
            label.setFixedHeight(label.heightForWidth(width) if label.text() else 0)

    def _fill_comparability(self, cards: dict[str, SystemCard]) -> None:
        lang = self._lang()
        warnings = comparability_warnings(cards)
        if warnings:
            self.comparability.setText("\n".join(f"⚠ {w.text(lang)}" for w in warnings))
            self.comparability.setStyleSheet(f"color: {WARNING_COLOUR};")
        elif any(c.chunk_size is not None for c in cards.values()):
            self.comparability.setText(
                self.tr("Where chunk size, overlap and unit are given, the systems agree.")
            )
            self.comparability.setStyleSheet("")
        else:
            self.comparability.setText(
                self.tr(
                    "Fill in the chunk size and overlap of each system: Recall is only "
                    "comparable between systems that cut the texts the same way."
                )
            )
            self.comparability.setStyleSheet("color: palette(placeholder-text);")

    def selected_system(self) -> str:
        rows = self.cards_table.selectionModel().selectedRows() if self.cards_table.model() else []
        if not rows:
            return ""
        item = self.cards_table.item(rows[0].row(), SYSTEM_COL)
        return item.text() if item is not None else ""

    def _update_card_buttons(self) -> None:
        name = self.selected_system()
        info = self.state.study.system_info(name) if name else None
        typed = info is not None and info.ref in self.state.study.system_cards
        self.file_card_button.setEnabled(typed)

    def _on_card_item(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        column = item.column()
        name = next((n for n, c in FIELD_COL.items() if c == column), None)
        system_item = self.cards_table.item(item.row(), SYSTEM_COL)
        if name is None or system_item is None:
            return
        system, value = system_item.text(), self._cell_value(item, name)
        # after the editor has closed: the edit refills the table
        QTimer.singleShot(0, lambda: self.set_card_value(system, name, value))

    @staticmethod
    def _cell_value(item: QTableWidgetItem, name: str):
        if name == "stage":
            return item.data(Qt.ItemDataRole.UserRole) or ""
        return item.text().strip()

    def set_card_value(self, system: str, name: str, value) -> bool:
        """Change one field of a system's card (what editing a cell does); False
        when the value is refused (the reason is shown under the table)."""
        card = self.state.study.card_of(system) or SystemCard()
        try:
            new = card.with_value(name, value)
        except ValueError:
            label = FIELD_LABELS[name][0 if self._lang() == "ko" else 1]
            self.cards_message.setText(
                self.tr(
                    "{field} must be a whole number (or empty); '{value}' was not kept."
                ).format(field=Word(label), value=value)
            )
            self.cards_message.setStyleSheet(f"color: {WARNING_COLOUR};")
            self.fill_cards()
            return False
        self.cards_message.setText("")
        self.state.set_card(system, new)
        return True

    def use_file_card(self) -> None:
        """Drop the card typed here for the selected system (its file's card counts again)."""
        name = self.selected_system()
        if name:
            self.state.set_card(name, None)

    # -- stages ---------------------------------------------------------------------------------
    def _on_results(self, results: Results | None) -> None:
        self.results = results
        # the stages are compared when the page is looked at: every grade given
        # elsewhere brings new scores, and a hidden page would spend them
        self._when_shown.run(self._show_results)

    def _show_results(self) -> None:
        results = self.results
        previous = self.pipeline_combo.currentData()
        if results is None:
            self.plans = []
        else:
            self.plans = stage_plans(
                results, self.state.study.cards(), self.state.study.diagnosis_settings
            )
        self.pipeline_combo.blockSignals(True)
        self.pipeline_combo.clear()
        for i, plan in enumerate(self.plans):
            self.pipeline_combo.addItem(self._plan_text(plan), i)
        at = next((i for i, plan in enumerate(self.plans) if plan.pipeline == previous), 0)
        self.pipeline_combo.setCurrentIndex(at if self.plans else -1)
        self.pipeline_combo.blockSignals(False)
        has = bool(self.plans)
        for w in (self.pipeline_combo, self.n_spin, self.k_spin, self.open_button):
            w.setEnabled(has)
        self.stages_hint.setText(self._stages_hint(has))
        self._plan_chosen()

    def _plan_text(self, plan: StagePlan) -> str:
        name = plan.pipeline or self.tr("(unnamed pipeline)")
        lang = self._lang()
        chain = " → ".join(
            f"{STAGE_LABELS[st.stage][0 if lang == 'ko' else 1]} {st.system}" for st in plan.steps
        )
        return f"{name}: {chain}"

    def _stages_hint(self, has: bool) -> str:
        if has:
            return self.tr(
                "Each stage is read by its own measure (the blog post): candidate search by "
                "Recall@N, reranking by MRR and nDCG@K, the final context by P@K. The list "
                "shows, per question, the relevant passages in the candidates' top N that the "
                "next stage's top K dropped."
            )
        return self.tr(
            "To compare the stages of a pipeline, give two systems the same pipeline name and "
            "the stages candidate search and reranking in the table above, or in the run "
            "workbook's system info sheet."
        )

    def current_plan(self) -> StagePlan | None:
        i = self.pipeline_combo.currentData()
        if i is None or not 0 <= int(i) < len(self.plans):
            return None
        plan = self.plans[int(i)]
        n, k = self.n_spin.value(), self.k_spin.value()
        steps = []
        for step in plan.steps:
            depth = n if step.stage == "candidates" else k
            steps.append(StageStep(step.stage, step.system, depth))
        return StagePlan(plan.pipeline, tuple(steps), plan.extra)

    def _plan_chosen(self, *_: object) -> None:
        i = self.pipeline_combo.currentData()
        if i is None or not 0 <= int(i) < len(self.plans):
            self.stage_data = None
            self._fill_stages()
            return
        plan = self.plans[int(i)]
        depth = {st.stage: st.depth for st in plan.steps}
        for spin, value in (
            (self.n_spin, depth.get("candidates", 1)),
            (self.k_spin, depth.get("rerank", depth.get("context", 1))),
        ):
            spin.blockSignals(True)
            spin.setValue(int(value))
            spin.blockSignals(False)
        self._start()

    def _depths_changed(self) -> None:
        if self.current_plan() is not None:
            self._start()

    def _start(self) -> None:
        plan = self.current_plan()
        if plan is None or self.results is None:
            return
        handle = self.state.runner.start(STAGES_TASK, stages_task, self.results, plan)
        handle.finished.connect(self._answer)

    def _on_stages(self, answer) -> None:
        results, plan, measures, pairs = answer
        if results is not self.results:
            return
        self.stage_data = (plan, measures, pairs)
        self._fill_stages()
        self._fit_heights()  # the lists have their header now (filled after the page was shown)
        self.stages_updated.emit()

    def _fill_stages(self) -> None:
        data = self.stage_data
        table = self.measures_table
        if data is None:
            table.setRowCount(0)
            table.setColumnCount(0)
            self.questions_model.set_frame(pd.DataFrame())
            # its columns name the stages' systems ("#Vector (top 10)"): emptied
            # with the rows, or a new study without stages keeps the old ones
            self._show_losses()
            return
        plan, measures, pairs = data
        lang = self._lang()
        names = [
            c
            for c in measures.columns
            if c not in ("stage", "system", "depth", "n", "stage_measure")
        ]
        headers = [self.tr("Stage"), self.tr("System"), "K", "n", *names]
        table.setColumnCount(len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(measures))
        bold = QFont(table.font())
        bold.setBold(True)
        for r, rec in enumerate(measures.to_dict("records")):
            cells = [
                STAGE_LABELS[rec["stage"]][0 if lang == "ko" else 1],
                rec["system"],
                str(rec["depth"]),
                str(rec["n"]),
                *["" if math.isnan(rec[m]) else f"{rec[m]:.3f}" for m in names],
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if c >= 4 and names[c - 4] == rec["stage_measure"]:
                    item.setFont(bold)
                    item.setToolTip(self.tr("The measure this stage is read by."))
                if c == 1:
                    item.setToolTip(self.state.system_tooltip(rec["system"]))
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth() + 4
        height += sum(table.rowHeight(r) for r in range(table.rowCount()))
        table.setFixedHeight(height + table.horizontalScrollBar().sizeHint().height())
        # the first pair (candidates → reranking) is the one the seeds describe
        frame = pairs[0][3].copy() if pairs else pd.DataFrame()
        if len(frame):
            frame["best_lost_grade"] = frame["best_lost_grade"].astype(float)
            frame["lost_ids"] = [ids_text(ids) for ids in frame["lost_ids"]]
            frame[s.QTYPE] = [t or self.tr("(no type)") for t in frame[s.QTYPE]]
        self.questions_model.set_frame(frame.reset_index(drop=True))
        self.questions_model.formatters = {
            "best_lost_grade": lambda v: grades.chip_text(v, lang) if v == v else "—"
        }
        self.questions_model.set_headers(
            {
                s.QID: self.tr("Question"),
                s.QTYPE: self.tr("Type"),
                "lost": self.tr("Dropped"),
                "gained": self.tr("Brought in"),
                "best_lost_grade": self.tr("Best grade\ndropped"),
                "lost_ids": self.tr("Passages dropped"),
            },
            {
                "lost": self.tr(
                    "Relevant passages in the candidates' top N that are not in the next "
                    "stage's top K."
                ),
                "gained": self.tr(
                    "Relevant passages in the next stage's top K that the candidates' top N "
                    "did not hold (a reranker only reorders: this points at runs of different "
                    "pipelines)."
                ),
            },
        )
        self.questions_view.resizeColumnsToContents()
        if len(frame):
            self.questions_view.selectRow(0)
        self._show_losses()

    def _current_question(self) -> str:
        index = self.questions_view.currentIndex()
        if not index.isValid():
            return ""
        row = self.questions_proxy.mapToSource(index).row()
        frame = self.questions_model.frame
        return str(frame.iloc[row][s.QID]) if 0 <= row < len(frame) else ""

    def _show_losses(self, *_: object) -> None:
        table = self.losses_table
        data = self.stage_data
        qid = self._current_question()
        if data is None or not data[2] or not qid:
            table.setRowCount(0)
            table.setColumnCount(0)
            return
        lang = self._lang()
        earlier, later, losses, _ = data[2][0]
        rows = losses[losses[s.QID] == qid]
        headers = [
            self.tr("Passage"),
            self.tr("Grade"),
            self.tr("Role"),
            self.tr("What happened"),
            self.tr("#{system} (top {k})").format(system=earlier.system, k=earlier.depth),
            self.tr("#{system} (top {k})").format(system=later.system, k=later.depth),
        ]
        table.setColumnCount(len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(rows))
        for r, rec in enumerate(rows.to_dict("records")):
            what = self.tr("dropped") if rec["kind"] == "lost" else self.tr("brought in")
            cells = [
                rec[s.PID],
                grades.chip_text(rec[s.GRADE], lang),
                grades.role_label(rec[s.ROLE], lang) if rec[s.ROLE] else "",
                what,
                "" if math.isnan(rec["from_position"]) else str(int(rec["from_position"])),
                self.tr("not returned")
                if math.isnan(rec["to_position"])
                else str(int(rec["to_position"])),
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 1:
                    colour = grades.colour(rec[s.GRADE])
                    item.setBackground(QBrush(QColor(colour)))
                    item.setForeground(QBrush(QColor(grades.text_colour(colour))))
                    item.setToolTip(grades.definition(rec[s.GRADE], lang))
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)

    def stage_question_ids(self) -> list[str]:
        frame = self.questions_model.frame
        if not len(frame):
            return []
        return [str(q) for q in frame.loc[frame["lost"] > 0, s.QID]]

    def _open_all(self) -> None:
        ids = self.stage_question_ids()
        if ids:
            self.questions_requested.emit(
                ids, LiveText(lambda: self.tr("Evidence the reranking dropped"))
            )

    def _open_question_row(self, index) -> None:
        row = self.questions_proxy.mapToSource(index).row()
        frame = self.questions_model.frame
        if 0 <= row < len(frame):
            qid = str(frame.iloc[row][s.QID])
            self.questions_requested.emit([qid], qid)

    # -- language ------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.fill_cards()
            # the stages shown are drawn again in the new language at once (their
            # numbers do not change); the comparison that follows refreshes them
            self._fill_stages()
            self._on_results(self.results)
        elif event.type() == QEvent.Type.FontChange:
            QTimer.singleShot(0, self, self.fill_cards)  # rows and texts to the new font
        super().changeEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_heights()  # the wrapped texts need more lines when narrower

    def retranslate(self) -> None:
        lang = self._lang()
        i = 0 if lang == "ko" else 1
        self.cards_title.setText(self.tr("System cards"))
        self.cards_hint.setText(
            self.tr(
                "What each system is: the facts to fix and disclose with every comparison. "
                "Double-click a cell to type; a card typed here replaces that system's row of "
                "the run workbook's system info sheet and is kept in the project (Ctrl+Z "
                "undoes). Hover over a system's name anywhere in the app to see its card."
            )
        )
        self.cards_table.setHorizontalHeaderLabels(
            [self.tr("System"), *[FIELD_LABELS[n][i] for n in CARD_FIELDS], self.tr("Entered in")]
        )
        self.file_card_button.setText(self.tr("Use the run workbook's card for this system"))
        self.stages_title.setText(self.tr("Stages of a pipeline"))
        self.pipeline_label.setText(self.tr("Pipeline:"))
        self.n_label.setText(self.tr("Candidates: top N ="))
        self.k_label.setText(self.tr("Reranked: top K ="))
        self.n_spin.setToolTip(
            self.tr("How deep the candidate stage is read (the blog post's Recall@20).")
        )
        self.k_spin.setToolTip(
            self.tr("How many passages the later stages pass on (the blog post's NDCG@5, P@5).")
        )
        self.open_button.setText(self.tr("Open the questions with dropped evidence"))
        self.stages_hint.setText(self._stages_hint(bool(self.plans)))

    def page_title(self) -> str:
        return self.tr("Systems")
