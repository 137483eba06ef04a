"""The Judging page: blind pooled judging, one passage at a time.

An assessor judges the passages of their pool (:mod:`workbench.core.protocol.pool`):
the question, the passage text and its source (권 · 강연 · 페이지), and the
evaluation manual beside it — and nothing else: no system name, no rank, no
score and no other assessor's grade anywhere on the page (nor in its
tooltips, undo texts or the window's title and status bar while it is shown),
so the grades are independent, as the seeds ask.

Keys: 0–3 grade the passage (a grade edit of the study under the pool's
assessor: it reaches the scores and the Agreement page), L leaves it for
later, X marks it "cannot judge" (asking why), Backspace or Ctrl+Z takes back
the last judging step made here. Everything is undoable and saved with the
project after every edit; reopening the project goes on where judging
stopped (:func:`~workbench.core.protocol.pool.next_item`).

The page also makes pools (:class:`NewPoolDialog`: assessor, questions,
systems, depth, seed), writes a pool as an Excel workbook for an assessor who
only has Excel, and asks the main window to read a filled one back
(``import_requested``).

A calibration round (:mod:`workbench.core.protocol.calibration`; "Start a
calibration round…", :class:`~workbench.ui.views.calibration_panel.CalibrationDialog`)
gives every chosen assessor a calibration pool with the same passages. It is
judged like a pool, with a note beside the grade; its grades are practice, kept
on the pool and never among the study's judgments. Once the assessor in view has
finished their copy, the page shows the round's agreement and the passages the
assessors split on (:class:`~workbench.ui.views.calibration_panel.CalibrationPanel`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.chart_data import default_metrics
from workbench.core.model import grades
from workbench.core.model.korean import Word
from workbench.core.protocol.calibration import (
    PracticeGradeEdit,
    PracticeGradesReadEdit,
    build_round,
    practice_grade_edit,
    read_practice_workbook,
    round_agreement,
    round_edit,
    rounds,
)
from workbench.core.protocol.pool import (
    CANNOT,
    LATER,
    PassageTexts,
    Pool,
    PoolMarkEdit,
    add_pool_edit,
    assessor_progress,
    build_next_pool,
    build_pool,
    default_seed,
    graded_items,
    mark_edit,
    next_item,
    pool_progress,
    remove_pool_edit,
    write_pool_workbook,
)
from workbench.core.study import GradeEdit, now_text
from workbench.ui import dialogs, fonts
from workbench.ui.errors import show_error
from workbench.ui.i18n import current_language
from workbench.ui.page import Page, add_shortcuts
from workbench.ui.state import AppState, EditCommand
from workbench.ui.views.calibration_panel import CalibrationDialog, CalibrationPanel
from workbench.ui.views.manual_view import ManualDialog, ManualPanel
from workbench.ui.workers import TaskRunner

Item = tuple[str, str]
#: how many passages a pool of those that decide the comparisons holds at first
NEXT_POOL_SIZE = 20


def _next_pool_task(study, assessor: str, n: int, measures, results, time: str,
                    progress=None, cancelled=None) -> Pool:
    """Worker function: :func:`build_next_pool` with the runner's keywords (it
    reports no progress of its own)."""
    return build_next_pool(study, assessor, n, measures=measures, results=results, time=time)


def _round_task(study, assessors: list[str], n: int, results, time: str,
                progress=None, cancelled=None):
    """Worker function: :func:`build_round` with the runner's keywords (it
    reports no progress of its own)."""
    return build_round(study, assessors, n, results=results, time=time)


def _read_round_task(study, pool_id: int, path: str, time: str, progress=None, cancelled=None):
    """Worker function: :func:`read_practice_workbook` with the runner's keywords."""
    return read_practice_workbook(study, pool_id, path, time)


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _bar() -> QProgressBar:
    bar = QProgressBar()
    bar.setRange(0, 1)
    bar.setValue(0)
    bar.setTextVisible(False)
    bar.setMaximumHeight(14)
    return bar


class NewPoolDialog(QDialog):
    """Choose who judges, which questions and systems, how deep, and the seed."""

    def __init__(
        self,
        assessors: list[str],
        default_assessor: str,
        questions: list[tuple[str, str]],
        systems: list[str],
        depth: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("NewPoolDialog")
        self.setModal(True)
        self._seed_edited = False
        root = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        root.addWidget(self.intro)
        form = QFormLayout()
        self.assessor_combo = QComboBox()
        self.assessor_combo.setObjectName("poolAssessor")
        self.assessor_combo.setEditable(True)
        for name in dict.fromkeys([default_assessor, *assessors]):
            if name:
                self.assessor_combo.addItem(name)
        self.assessor_combo.setCurrentText(default_assessor)
        self.assessor_caption = QLabel()
        form.addRow(self.assessor_caption, self.assessor_combo)
        self.depth_spin = QSpinBox()
        self.depth_spin.setObjectName("poolDepth")
        self.depth_spin.setRange(1, 1000)
        self.depth_spin.setValue(depth)
        self.depth_caption = QLabel()
        form.addRow(self.depth_caption, self.depth_spin)
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("poolSeed")
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_caption = QLabel()
        form.addRow(self.seed_caption, self.seed_spin)
        root.addLayout(form)
        lists = QHBoxLayout()
        self.questions_box = QGroupBox()
        ql = QVBoxLayout(self.questions_box)
        self.question_list = self._check_list(
            "poolQuestions", [(q, f"{q}  {t}".strip()) for q, t in questions]
        )
        ql.addWidget(self.question_list)
        qb = QHBoxLayout()
        self.all_q = QPushButton()
        self.none_q = QPushButton()
        self.all_q.clicked.connect(lambda: self._check_all(self.question_list, True))
        self.none_q.clicked.connect(lambda: self._check_all(self.question_list, False))
        qb.addWidget(self.all_q)
        qb.addWidget(self.none_q)
        qb.addStretch(1)
        ql.addLayout(qb)
        self.systems_box = QGroupBox()
        sl = QVBoxLayout(self.systems_box)
        self.system_list = self._check_list("poolSystems", [(x, x) for x in systems])
        sl.addWidget(self.system_list)
        lists.addWidget(self.questions_box, 2)
        lists.addWidget(self.systems_box, 1)
        root.addLayout(lists, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        root.addWidget(self.buttons)
        self.assessor_combo.currentTextChanged.connect(self._on_assessor)
        self.seed_spin.valueChanged.connect(self._on_seed_edited)
        self._on_assessor(self.assessor_combo.currentText())
        self.retranslate()
        self.resize(820, 600)

    @staticmethod
    def _check_list(name: str, entries: list[tuple[str, str]]) -> QListWidget:
        widget = QListWidget()
        widget.setObjectName(name)
        widget.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        for key, text in entries:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            widget.addItem(item)
        return widget

    @staticmethod
    def _check_all(widget: QListWidget, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for i in range(widget.count()):
            widget.item(i).setCheckState(state)

    @staticmethod
    def _checked(widget: QListWidget) -> list[str]:
        return [
            widget.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(widget.count())
            if widget.item(i).checkState() == Qt.CheckState.Checked
        ]

    def _on_assessor(self, name: str) -> None:
        if not self._seed_edited:
            self.seed_spin.blockSignals(True)
            self.seed_spin.setValue(default_seed(name) % (2**31 - 1))
            self.seed_spin.blockSignals(False)

    def _on_seed_edited(self, _value: int) -> None:
        self._seed_edited = True

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("New judging pool"))
        self.intro.setText(
            self.tr(
                "The pool holds every passage the chosen systems ranked in their top places for "
                "the chosen questions, once each, that this assessor has not graded yet. The "
                "assessor sees them one at a time in a shuffled order, without system names, "
                "ranks or scores."
            )
        )
        self.assessor_caption.setText(self.tr("Assessor:"))
        self.depth_caption.setText(self.tr("Top passages per system:"))
        self.seed_caption.setText(self.tr("Order seed:"))
        self.seed_spin.setToolTip(
            self.tr(
                "Fixes the shuffled order; the same seed gives the same order again. By default "
                "it comes from the assessor's name."
            )
        )
        self.questions_box.setTitle(self.tr("Questions"))
        self.systems_box.setTitle(self.tr("Systems"))
        self.all_q.setText(self.tr("All"))
        self.none_q.setText(self.tr("None"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Make the pool"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))

    def choice(self) -> dict:
        """assessor, depth, seed, questions and systems as :func:`build_pool` takes them."""
        return {
            "assessor": self.assessor_combo.currentText().strip(),
            "depth": self.depth_spin.value(),
            "seed": self.seed_spin.value() if self._seed_edited else None,
            "questions": self._checked(self.question_list),
            "systems": self._checked(self.system_list),
        }


class JudgingPage(Page):
    """One passage at a time from an assessor's pool, the manual beside it."""

    #: a filled pool workbook to read back as its assessor's grades (the window imports it)
    import_requested = Signal(str)
    #: the page shows a new item (or none); for tests
    shown = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.runner = TaskRunner(self)
        self._pool_id: int | None = None
        self._texts: PassageTexts | None = None
        self.current: Item | None = None
        self._build()
        self._build_shortcuts()
        self.retranslate()
        state.data_changed.connect(self._on_data_changed)
        state.work_changed.connect(self.refresh)
        state.results_changed.connect(lambda _r: self._update_buttons())
        self._on_data_changed()

    # == building ============================================================================
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        outer.addLayout(self._build_pool_row())
        outer.addLayout(self._build_next_row())
        outer.addLayout(self._build_progress())
        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        self.stack.addWidget(self._build_empty())
        self.stack.addWidget(self._build_judging())

    def _build_pool_row(self) -> QHBoxLayout:
        """The pool chosen and its buttons: new, remove, export, read back."""
        top = QHBoxLayout()
        self.pool_label = QLabel()
        self.pool_combo = QComboBox()
        self.pool_combo.setObjectName("poolCombo")
        # the combo stretches when there is room; a minimum of 24 characters made the
        # row wider than 1280 px at the largest font in English (four buttons beside it)
        self.pool_combo.setMinimumContentsLength(16)
        self.pool_combo.currentIndexChanged.connect(self._on_pool_chosen)
        self.new_button = QPushButton()
        self.new_button.setObjectName("newPool")
        self.new_button.clicked.connect(self.new_pool)
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("removePool")
        self.remove_button.clicked.connect(self.remove_pool)
        self.export_button = QPushButton()
        self.export_button.setObjectName("exportPool")
        self.export_button.clicked.connect(self._ask_export)
        self.read_button = QPushButton()
        self.read_button.setObjectName("readPool")
        self.read_button.clicked.connect(self._ask_read)
        top.addWidget(self.pool_label)
        top.addWidget(self.pool_combo, 1)
        for b in (self.new_button, self.remove_button, self.export_button, self.read_button):
            top.addWidget(b)
        return top

    def _build_next_row(self) -> QHBoxLayout:
        """A pool of the passages that weigh most on the comparisons not yet decided:
        how many, and the button that makes it (on a row of its own: the pool row
        already fills 1280 px at the largest font)."""
        row = QHBoxLayout()
        self.next_spin = QSpinBox()
        self.next_spin.setObjectName("nextPoolSize")
        self.next_spin.setRange(1, 1000)
        self.next_spin.setValue(NEXT_POOL_SIZE)
        self.next_spin.valueChanged.connect(lambda _n: self._name_next_button())
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextPool")
        self.next_button.clicked.connect(self.next_pool)
        self.calibration_button = QPushButton()
        self.calibration_button.setObjectName("startCalibration")
        self.calibration_button.clicked.connect(self.start_calibration)
        row.addWidget(self.next_spin)
        row.addWidget(self.next_button)
        row.addStretch(1)
        row.addWidget(self.calibration_button)
        return row

    def _name_next_button(self) -> None:
        self.next_button.setText(
            self.tr("{n} passages that decide the comparisons").format(n=self.next_spin.value())
        )

    def _build_progress(self) -> QGridLayout:
        """The bars: the whole pool and the question in view."""
        progress = QGridLayout()
        progress.setHorizontalSpacing(10)
        self.overall_caption = QLabel()
        self.overall_bar = _bar()
        self.overall_bar.setObjectName("poolProgress")
        self.overall_text = QLabel()
        self.question_caption = QLabel()
        self.question_bar = _bar()
        self.question_bar.setObjectName("questionProgress")
        self.question_text_label = QLabel()
        progress.addWidget(self.overall_caption, 0, 0)
        progress.addWidget(self.overall_bar, 0, 1)
        progress.addWidget(self.overall_text, 0, 2)
        progress.addWidget(self.question_caption, 1, 0)
        progress.addWidget(self.question_bar, 1, 1)
        progress.addWidget(self.question_text_label, 1, 2)
        progress.setColumnStretch(1, 2)
        progress.setColumnStretch(2, 3)
        return progress

    def _build_empty(self) -> QWidget:
        """What the page says when there is no pool to judge."""
        empty = QWidget()
        el = QVBoxLayout(empty)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("judgingEmpty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setFont(fonts.scaled(self.font(), 1.15))
        el.addStretch(1)
        el.addWidget(self.empty_label)
        el.addStretch(1)
        # a finished calibration pool's round: shown only once this assessor is done
        self.calibration_panel = CalibrationPanel()
        self.calibration_panel.hide()
        el.addWidget(self.calibration_panel, 4)
        self._empty_layout = el
        return empty

    def _build_judging(self) -> QSplitter:
        """The passage to grade with its buttons (left), the manual and the other
        assessors (right)."""
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.setObjectName("judging_split")  # its sizes are kept between sessions
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 8, 0)
        self.question_id_label = QLabel()
        self.question_id_label.setObjectName("questionId")
        self.question_id_label.setStyleSheet("color: #555555;")
        self.question_label = QLabel()
        self.question_label.setObjectName("questionText")
        self.question_label.setWordWrap(True)
        self.question_label.setFont(fonts.scaled(self.font(), 1.3, bold=True))
        self.question_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.passage_label = QLabel()
        self.passage_label.setObjectName("passageSource")
        self.passage_label.setWordWrap(True)
        self.passage_label.setStyleSheet("color: #555555;")
        self.passage_view = QTextBrowser()
        self.passage_view.setObjectName("passageText")
        self.passage_view.setFont(fonts.scaled(self.font(), 1.2))
        self.passage_view.setFrameShape(QFrame.Shape.StyledPanel)
        # short passages keep the grade buttons close; long ones scroll
        self.passage_view.setMaximumHeight(16 * self.passage_view.fontMetrics().lineSpacing() + 16)
        self.mark_label = QLabel()
        self.mark_label.setObjectName("markNote")
        self.mark_label.setWordWrap(True)
        self.mark_label.setStyleSheet("color: #b25f00;")
        ll.addWidget(self.question_id_label)
        ll.addWidget(self.question_label)
        ll.addSpacing(6)
        ll.addWidget(self.passage_label)
        ll.addWidget(self.passage_view, 3)
        ll.addWidget(self.mark_label)
        # a calibration round's grades carry the assessor's reason: the team discusses them
        self.practice_note = QLineEdit()
        self.practice_note.setObjectName("practiceNote")
        self.practice_note.hide()
        ll.addWidget(self.practice_note)

        buttons = QHBoxLayout()
        self.grade_buttons: list[QPushButton] = []
        for g in grades.GRADES:
            b = QPushButton()
            b.setObjectName(f"grade:{g}")
            colour = grades.colour(g)
            b.setStyleSheet(
                f"QPushButton {{ background: {colour}; color: {grades.text_colour(colour)};"
                " border: 1px solid #666; border-radius: 4px; padding: 8px 10px; }"
                " QPushButton:disabled { background: #e4e4e4; color: #999; }"
            )
            b.clicked.connect(lambda _=False, g=g: self.grade(g))
            self.grade_buttons.append(b)
            buttons.addWidget(b, 1)
        ll.addLayout(buttons)
        more = QHBoxLayout()
        self.later_button = QPushButton()
        self.later_button.setObjectName("later")
        self.later_button.clicked.connect(self.later)
        self.cannot_button = QPushButton()
        self.cannot_button.setObjectName("cannot")
        self.cannot_button.clicked.connect(self.ask_cannot)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("judgingUndo")
        self.undo_button.clicked.connect(self.undo)
        more.addWidget(self.later_button)
        more.addWidget(self.cannot_button)
        more.addStretch(1)
        more.addWidget(self.undo_button)
        ll.addLayout(more)
        self.reason_row = QWidget()
        rr = QHBoxLayout(self.reason_row)
        rr.setContentsMargins(0, 0, 0, 0)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("cannotReason")
        self.reason_edit.returnPressed.connect(self.confirm_cannot)
        self.reason_ok = QPushButton()
        self.reason_ok.setObjectName("cannotConfirm")
        self.reason_ok.clicked.connect(self.confirm_cannot)
        self.reason_cancel = QPushButton()
        self.reason_cancel.clicked.connect(self._hide_reason)
        rr.addWidget(self.reason_edit, 1)
        rr.addWidget(self.reason_ok)
        rr.addWidget(self.reason_cancel)
        self.reason_row.hide()
        ll.addWidget(self.reason_row)
        self.keys_hint = QLabel()
        self.keys_hint.setWordWrap(True)
        self.keys_hint.setStyleSheet("color: #555555;")
        self.status = QLabel()
        self.status.setObjectName("judgingStatus")
        self.status.setWordWrap(True)
        ll.addWidget(self.keys_hint)
        ll.addWidget(self.status)
        ll.addStretch(1)
        split.addWidget(left)

        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(8, 0, 0, 0)
        self.manual_panel = ManualPanel()
        self.manual_panel.edit_requested.connect(self.edit_manual)
        rl.addWidget(self.manual_panel, 1)
        self.assessors_box = QGroupBox()
        self.assessors_grid = QGridLayout(self.assessors_box)
        rl.addWidget(self.assessors_box)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([780, 520])
        return split

    def _build_shortcuts(self) -> None:
        add_shortcuts(
            self,
            [
                *((str(g), lambda g=g: self.grade(g)) for g in grades.GRADES),
                ("L", self.later),
                ("X", self.ask_cannot),
                ("Backspace", self.undo),
                (QKeySequence.StandardKey.Undo, self.undo),
                ("Escape", self._hide_reason),
            ],
        )

    # == language ==============================================================================
    def retranslate(self) -> None:
        lang = _lang()
        manual = self.state.study.manual_in_force(lang)
        self.pool_label.setText(self.tr("Pool:"))
        self.new_button.setText(self.tr("New pool…"))
        self._name_next_button()
        self.next_button.setToolTip(
            self.tr(
                "A pool of the unjudged passages whose grades can still reverse a comparison "
                "between two systems, those that can move it most first (the Compare page's "
                "measures). Judged, they make the comparisons decided."
            )
        )
        self.next_spin.setToolTip(self.tr("How many passages the pool holds."))
        self.calibration_button.setText(self.tr("Start a calibration round…"))
        self.calibration_button.setToolTip(
            self.tr(
                "Before the real judging: every assessor grades the same passages, to see where "
                "the manual is read differently. The round's grades are practice and not counted "
                "in the scores."
            )
        )
        self.practice_note.setPlaceholderText(
            self.tr("Why this grade? (optional; the team discusses it after the round)")
        )
        self.remove_button.setText(self.tr("Remove pool"))
        self.export_button.setText(self.tr("Save for Excel…"))
        self.export_button.setToolTip(
            self.tr(
                "A workbook for an assessor who only has Excel: the passages still to judge, a "
                "0–3 dropdown, a note column and the manual; no system names, ranks or scores."
            )
        )
        self.read_button.setText(self.tr("Read a filled workbook…"))
        self.read_button.setToolTip(
            self.tr("Read an assessor's filled pool workbook back as their grades.")
        )
        self.overall_caption.setText(self.tr("This pool:"))
        self.question_caption.setText(self.tr("This question:"))
        for g, b in zip(grades.GRADES, self.grade_buttons):
            b.setText(grades.chip_text(g, lang, manual))
            b.setToolTip(
                self.tr("Key {key}").format(key=g) + "\n" + grades.definition(g, lang, manual)
            )
        self.later_button.setText(self.tr("Later [L]"))
        self.later_button.setToolTip(self.tr("Judge this passage after the others."))
        self.cannot_button.setText(self.tr("Cannot judge… [X]"))
        self.cannot_button.setToolTip(
            self.tr("This passage cannot be judged (say why); it is not shown again.")
        )
        self.undo_button.setText(self.tr("Undo [Backspace]"))
        self.undo_button.setToolTip(self.tr("Take back the last judging step made on this page."))
        self.reason_edit.setPlaceholderText(
            self.tr("Why can this passage not be judged? (e.g. the text is cut off)")
        )
        self.reason_ok.setText(self.tr("Cannot judge"))
        self.reason_cancel.setText(self.tr("Cancel"))
        self.keys_hint.setText(
            self.tr(
                "Keys: 0–3 grade · L later · X cannot judge · Backspace undo. "
                "Judge by the manual on the right; the systems are not shown on purpose."
            )
        )
        self.assessors_box.setTitle(self.tr("All assessors"))
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # == the pool in view =====================================================================
    def pool(self) -> Pool | None:
        if self._pool_id is None:
            return None
        return self.state.study.pools.pool(self._pool_id)

    def select_pool(self, pool_id: int | None) -> None:
        self._pool_id = pool_id
        self.refresh()

    def _on_data_changed(self) -> None:
        self._texts = None
        self.refresh()

    def _passage_texts(self) -> PassageTexts:
        if self._texts is None:
            self._texts = PassageTexts(self.state.study)
        return self._texts

    def _on_pool_chosen(self, index: int) -> None:
        pool_id = self.pool_combo.itemData(index)
        if pool_id != self._pool_id:
            self._hide_reason()
            self._pool_id = pool_id
            self.refresh()

    def _fill_pool_combo(self) -> None:
        pools = self.state.study.pools.pools
        if self._pool_id is not None and self.state.study.pools.pool(self._pool_id) is None:
            self._pool_id = None
        if self._pool_id is None and pools:
            self._pool_id = pools[-1].id
        self.pool_combo.blockSignals(True)
        self.pool_combo.clear()
        for p in pools:
            text = (
                self.tr("{assessor} — calibration round {round}, {n} passages").format(
                    assessor=p.assessor, round=p.calibration_round, n=len(p.items)
                )
                if p.is_calibration
                else self.tr("{assessor} — {n} passages").format(
                    assessor=p.assessor, n=len(p.items)
                )
            )
            self.pool_combo.addItem(text, p.id)
            # the whole text where the combo is narrower than it (the largest font)
            self.pool_combo.setItemData(
                self.pool_combo.count() - 1, text, Qt.ItemDataRole.ToolTipRole
            )
        index = self.pool_combo.findData(self._pool_id)
        self.pool_combo.setCurrentIndex(index)
        self.pool_combo.setToolTip(self.pool_combo.currentText())
        self.pool_combo.blockSignals(False)

    def refresh(self) -> None:
        """Show where the pool in view stands and the passage to judge next."""
        if not hasattr(self, "stack"):
            return
        self._fill_pool_combo()
        self._fill_assessors()
        self.manual_panel.set_manual(self.state.study.manual_in_force(_lang()), self._example_text)
        pool = self.pool()
        study = self.state.study
        if pool is None:
            self.current = None
            self._set_progress(None, None)
            self._show_round(None)
            self.empty_label.setText(
                self.tr(
                    "Open judgments and system results, then make a judging pool for an "
                    "assessor (New pool…)."
                )
                if not study.has_data
                else self.tr(
                    "No judging pool yet. Make one for an assessor with New pool…: the passages "
                    "the systems ranked highest that this assessor has not graded, one at a time, "
                    "without system names, ranks or scores."
                )
            )
            self.stack.setCurrentIndex(0)
            self._update_buttons()
            self.shown.emit()
            return
        judged = (
            set(pool.calibration_grades) if pool.is_calibration else self._judged(pool.assessor)
        )
        item = next_item(pool, judged)
        self.current = item
        self._set_progress(pool, judged)
        self.practice_note.setVisible(pool.is_calibration and item is not None)
        self._show_round(pool if item is None else None)
        if item is None:
            p = pool_progress(pool, judged)
            self.empty_label.setText(
                self.tr(
                    "{assessor} has judged every passage of this pool: {graded} graded, "
                    "{cannot} could not be judged. Thank you."
                ).format(assessor=Word(pool.assessor), graded=p.graded, cannot=p.cannot)
            )
            self.stack.setCurrentIndex(0)
        else:
            self._show_item(pool, item)
            self.stack.setCurrentIndex(1)
        self._update_buttons()
        self.shown.emit()

    def _show_round(self, finished: Pool | None) -> None:
        """The agreement of the round of ``finished`` (a calibration pool whose
        assessor has graded every passage), else no panel: while an assessor is
        still judging, nobody's grades are shown."""
        round_ = None
        if finished is not None and finished.is_calibration:
            round_ = next(
                (r for r in rounds(self.state.study) if r.number == finished.calibration_round),
                None,
            )
        if round_ is not None:
            self.calibration_panel.set_round(round_agreement(round_), self._passage_texts())
        self.calibration_panel.setVisible(round_ is not None)
        # the panel takes the room the centred message had above and below it
        for index in (0, 2):
            self._empty_layout.setStretch(index, 0 if round_ is not None else 1)

    def _judged(self, assessor: str) -> set:
        """What ``assessor`` graded (:func:`judged_by`): the files' part is kept
        while the files stay the same, so an edit costs only the app's grades."""
        study = self.state.study
        frame = study.judgment_set.judgments if study.judgment_set is not None else None
        cache = getattr(self, "_file_judged", None)
        if cache is None or cache[0] is not frame:
            cache = (frame, {})
            self._file_judged = cache
        if assessor not in cache[1]:
            cache[1][assessor] = graded_items(frame, assessor)
        return cache[1][assessor] | graded_items(study.added_grades, assessor)

    def _example_text(self, passage_id: str) -> str:
        return self._passage_texts().passage(passage_id, _lang()).text

    def _show_item(self, pool: Pool, item: Item) -> None:
        lang = _lang()
        texts = self._passage_texts()
        q, p = item
        questions = pool.questions_in_order()
        position = questions.index(q) + 1 if q in questions else 0
        self.question_id_label.setText(
            self.tr("Question {question} ({n} of {total} questions)").format(
                question=q, n=position, total=len(questions)
            )
        )
        self.question_label.setText(texts.question(q) or q)
        view = texts.passage(p, lang)
        meta = self.tr("Passage {passage}").format(passage=p)
        self.passage_label.setText(f"{meta} · {view.source}" if view.source else meta)
        self.passage_view.setPlainText(
            view.text or self.tr("(the files give no text for this passage)")
        )
        mark = pool.mark(item)
        if mark is not None and mark.state == LATER:
            self.mark_label.setText(self.tr("You left this passage for later."))
            self.mark_label.show()
        else:
            self.mark_label.hide()

    def _set_progress(self, pool: Pool | None, judged: set | None) -> None:
        if pool is None:
            for bar in (self.overall_bar, self.question_bar):
                bar.setRange(0, 1)
                bar.setValue(0)
            self.overall_text.setText("")
            self.question_text_label.setText("")
            return
        p = pool_progress(pool, judged)
        self.overall_bar.setRange(0, max(p.total, 1))
        self.overall_bar.setValue(p.done)
        self.overall_text.setText(
            self.tr(
                "{done} of {total} done ({graded} graded, {cannot} cannot judge) · "
                "{later} left for later"
            ).format(done=p.done, total=p.total, graded=p.graded, cannot=p.cannot, later=p.later)
        )
        if self.current is not None:
            qp = pool_progress(pool, judged, self.current[0])
            self.question_bar.setRange(0, max(qp.total, 1))
            self.question_bar.setValue(qp.done)
            self.question_text_label.setText(
                self.tr("{done} of {total} passages").format(done=qp.done, total=qp.total)
            )
        else:
            self.question_bar.setRange(0, 1)
            self.question_bar.setValue(1 if p.total else 0)
            self.question_text_label.setText("")

    def _fill_assessors(self) -> None:
        grid = self.assessors_grid
        while grid.count():
            child = grid.takeAt(0)
            widget = child.widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        rows = assessor_progress(self.state.study, self._judged)
        self.assessors_box.setVisible(bool(rows))
        for r, (who, p) in enumerate(rows):
            name = QLabel(who)
            bar = _bar()
            bar.setObjectName(f"assessorProgress:{who}")
            bar.setRange(0, max(p.total, 1))
            bar.setValue(p.done)
            text = QLabel(self.tr("{done} of {total}").format(done=p.done, total=p.total))
            grid.addWidget(name, r, 0)
            grid.addWidget(bar, r, 1)
            grid.addWidget(text, r, 2)
        grid.setColumnStretch(1, 1)

    def _update_buttons(self) -> None:
        has_item = self.current is not None
        for b in (*self.grade_buttons, self.later_button, self.cannot_button):
            b.setEnabled(has_item)
        pool = self.pool()
        self.remove_button.setEnabled(pool is not None)
        self.export_button.setEnabled(pool is not None)
        self.new_button.setEnabled(self.state.study.has_data)
        self.calibration_button.setEnabled(self.state.study.has_data)
        self.next_button.setEnabled(self.state.study.has_data and self.state.results is not None)
        self.read_button.setEnabled(self.state.study.judgment_set is not None)

    # == judging ==============================================================================
    def grade(self, g: int) -> None:
        pool = self.pool()
        if pool is None or self.current is None:
            return
        self._hide_reason()
        q, p = self.current
        self.status.setText("")
        if pool.is_calibration:
            # practice: kept on the round's pool, never among the study's judgments
            note = self.practice_note.text()
            self.practice_note.clear()
            self.state.push(
                practice_grade_edit(self.state.study, pool.id, (q, p), int(g), note, now_text())
            )
            return
        self.state.push(self.state.study.grade_edit(q, p, int(g), assessor=pool.assessor))

    def later(self) -> None:
        pool = self.pool()
        if pool is None or self.current is None:
            return
        self._hide_reason()
        self.status.setText("")
        self.state.push(mark_edit(self.state.study, pool.id, self.current, LATER, time=now_text()))

    def ask_cannot(self) -> None:
        if self.current is None:
            return
        self.reason_edit.clear()
        self.reason_row.show()
        self.reason_edit.setFocus()

    def confirm_cannot(self, reason: str | None = None) -> None:
        pool = self.pool()
        if pool is None or self.current is None:
            return
        text = (reason if isinstance(reason, str) else self.reason_edit.text()).strip()
        if not text:
            self.status.setText(self.tr("Say in a few words why this passage cannot be judged."))
            self.reason_edit.setFocus()
            return
        self._hide_reason()
        self.status.setText("")
        self.state.push(
            mark_edit(self.state.study, pool.id, self.current, CANNOT, text, time=now_text())
        )

    def _hide_reason(self) -> None:
        if self.reason_row.isVisible():
            self.reason_row.hide()
            self.setFocus()

    def _is_judging_edit(self, edit) -> bool:
        pool = self.pool()
        if pool is None:
            return False
        if isinstance(edit, (PoolMarkEdit, PracticeGradeEdit, PracticeGradesReadEdit)):
            return edit.pool_id == pool.id
        if isinstance(edit, GradeEdit):
            return edit.assessor == pool.assessor and (edit.question_id, edit.passage_id) in set(
                pool.items
            )
        return False

    def undo(self) -> None:
        """Take back the last step — when it was a judging step of this pool."""
        stack = self.state.undo_stack
        if stack.index() == 0:
            self.status.setText(self.tr("Nothing to undo."))
            return
        command = stack.command(stack.index() - 1)
        if not (isinstance(command, EditCommand) and self._is_judging_edit(command.edit)):
            # its text may name a system: never shown here
            self.status.setText(
                self.tr("The last change was made elsewhere in the app; undo it on its page.")
            )
            return
        self._hide_reason()
        self.status.setText("")
        stack.undo()

    # == pools =================================================================================
    def new_pool(self) -> None:
        study = self.state.study
        if not study.has_data:
            return
        me = self.state.judging_as()  # asked once, before the first pool
        if me is None:
            return
        js = study.judgment_set
        texts = self._passage_texts()
        qids = list(dict.fromkeys(study.runs()["question_id"].astype(str)))
        if js is not None and js.questions is not None:
            known = list(js.questions["question_id"].astype(str))
            qids = [q for q in known if q in set(qids)] + [q for q in qids if q not in set(known)]
        dialog = NewPoolDialog(
            study.assessors,
            me,
            [(q, texts.question(q)) for q in qids],
            study.systems,
            max(study.settings.ks),
            self,
        )
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        choice = dialog.choice()
        # gone once closed: it names the systems, and the page's children are what a
        # blind assessor could be shown (each pool would also leave one behind)
        dialog.deleteLater()
        if accepted:
            self.make_pool(**choice)

    def make_pool(self, assessor: str, depth: int, seed: int | None, questions, systems):
        """Build a pool in the background, then add it (an undoable edit)."""
        if not assessor:
            self.status.setText(self.tr("A pool needs the assessor's name."))
            return None
        if not questions or not systems:
            self.status.setText(self.tr("Choose at least one question and one system."))
            return None
        snap = self.state.study.snapshot()
        handle = self.runner.start(
            "pool",
            build_pool,
            snap,
            assessor,
            depth=depth,
            questions=questions,
            systems=systems,
            seed=seed,
            results=self.state.results,
            time=now_text(),
        )
        handle.finished.connect(self._on_pool_built)
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    def next_pool(self) -> None:
        """A blind pool of the passages whose grades can still reverse a comparison
        among the systems (on the Compare page's default measures), heaviest first,
        built in the background and added as an undoable edit; once they are
        graded the scores and the Compare page update."""
        results = self.state.results
        if results is None or not self.state.study.has_data:
            return
        me = self.state.judging_as()
        if me is None:
            return
        handle = self.runner.start(
            "pool",
            _next_pool_task,
            self.state.study.snapshot(),
            me,
            self.next_spin.value(),
            default_metrics(results),
            results,
            now_text(),
        )
        handle.finished.connect(self._on_next_pool_built)
        handle.failed.connect(lambda exc: show_error(self, exc))

    def _on_next_pool_built(self, pool: Pool) -> None:
        if not pool.items:
            QMessageBox.information(
                self,
                self.tr("Nothing to judge"),
                self.tr(
                    "Every comparison is decided, or {assessor} has already graded every "
                    "passage that could change one. No pool was made."
                ).format(assessor=Word(pool.assessor)),
            )
            return
        self._on_pool_built(pool)

    def _on_pool_built(self, pool: Pool) -> None:
        if not pool.items:
            QMessageBox.information(
                self,
                self.tr("Nothing to judge"),
                self.tr(
                    "{assessor} has already graded every passage the chosen systems ranked in "
                    "their top {depth}. No pool was made."
                ).format(assessor=Word(pool.assessor), depth=pool.depth),
            )
            return
        edit = add_pool_edit(self.state.study, pool)
        self._pool_id = edit.pool.id
        self.state.push(edit)

    def start_calibration(self) -> None:
        """Ask for the round's size and assessors, then build one calibration pool
        per assessor in the background and add them as one undoable edit."""
        study = self.state.study
        if not study.has_data:
            return
        me = self.state.judging_as()
        if me is None:
            return
        known = [*study.assessors, *(p.assessor for p in study.pools.pools)]
        dialog = CalibrationDialog(list(dict.fromkeys(known)), me, self)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        assessors, size = dialog.assessors(), dialog.round_size()
        dialog.deleteLater()  # one per round would stay behind
        if accepted:
            self.make_round(assessors, size)

    def make_round(self, assessors: list[str], n: int):
        """Build a calibration round in the background, then add its pools."""
        handle = self.runner.start(
            "pool",
            _round_task,
            self.state.study.snapshot(),
            list(assessors),
            int(n),
            self.state.results,
            now_text(),
        )
        handle.finished.connect(self._on_round_built)
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    def _on_round_built(self, pools) -> None:
        if not pools or not pools[0].items:
            QMessageBox.information(
                self,
                self.tr("Nothing to judge"),
                self.tr("The systems retrieved no passage, so no calibration round was made."),
            )
            return
        edit = round_edit(self.state.study, pools)
        me = self.state.assessor_name()
        # the person judging now starts on their own copy of the round
        mine = next((p for p in edit.pools if p.assessor == me), edit.pools[0])
        self._pool_id = mine.id
        self.state.push(edit)

    def remove_pool(self) -> None:
        pool = self.pool()
        if pool is None:
            return
        self._pool_id = None
        self.state.push(remove_pool_edit(self.state.study, pool.id))

    # -- Excel ---------------------------------------------------------------------------------
    def _ask_export(self) -> None:
        pool = self.pool()
        if pool is None:
            return
        # the project's file dialog: Qt's own, in the app's language, at the last folder
        path, _ = dialogs.get_save_file_name(
            self,
            self.tr("Save the pool for Excel"),
            self.tr("pool_{assessor}.xlsx").format(assessor=pool.assessor),
            self.tr("Excel workbook (*.xlsx)"),
        )
        if path:
            self.export_pool(path)

    def export_pool(self, path: str | Path):
        """Write the pool in view as a workbook to fill in (worker)."""
        pool = self.pool()
        if pool is None:
            return None
        target = Path(path)
        if target.suffix.lower() != ".xlsx":
            target = target.with_name(target.name + ".xlsx")
        snap = self.state.study.snapshot()
        lang = _lang()
        handle = self.runner.start(
            "pool-export", write_pool_workbook, target, snap, pool, lang=lang
        )
        handle.finished.connect(
            lambda written: self.status.setText(
                self.tr("Saved {file}. Give it to {assessor}, then read it back here.").format(
                    file=Path(written).name, assessor=Word(pool.assessor)
                )
            )
        )
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    def _ask_read(self) -> None:
        path, _ = dialogs.get_open_file_name(
            self, self.tr("Read a filled pool workbook"), "", self.tr("Excel workbook (*.xlsx)")
        )
        if not path:
            return
        pool = self.pool()
        if pool is not None and pool.is_calibration:
            self.read_round_workbook(path)
        else:
            self.import_requested.emit(path)

    def read_round_workbook(self, path: str | Path):
        """Read a filled calibration workbook into the calibration pool in view:
        practice grades, never the study's judgments (worker, then one undoable edit)."""
        pool = self.pool()
        if pool is None or not pool.is_calibration:
            return None
        handle = self.runner.start(
            "pool-read", _read_round_task, self.state.study.snapshot(), pool.id, str(path),
            now_text(),
        )
        handle.finished.connect(self._on_round_workbook_read)
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    def _on_round_workbook_read(self, edit: PracticeGradesReadEdit) -> None:
        if self.state.study.pools.pool(edit.pool_id) is None:
            return  # the pool was removed meanwhile
        self.state.push(edit)
        self.status.setText(
            self.tr(
                "Read {n} calibration grades; {left} grades of passages outside this pool were "
                "left out."
            ).format(n=edit.read, left=edit.left_out)
            if edit.left_out
            else self.tr("Read {n} calibration grades.").format(n=edit.read)
        )

    # -- the manual ------------------------------------------------------------------------------
    def edit_manual(self) -> None:
        dialog = self.manual_dialog()
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.apply_manual(dialog)

    def manual_dialog(self) -> ManualDialog:
        study = self.state.study
        known = set()
        js = study.judgment_set
        if js is not None and js.passages is not None:
            known = set(js.passages["passage_id"].astype(str))
        return ManualDialog(study.manual_in_force(_lang()), study.settings.threshold, known, self)

    def apply_manual(self, dialog: ManualDialog) -> None:
        from dataclasses import replace

        manual = dialog.manual()
        if manual != self.state.study.manual_in_force(_lang()):
            self.state.push(self.state.study.manual_edit(manual))
        if dialog.theta_for_scores():
            self.state.set_settings(replace(self.state.settings, threshold=manual.threshold))
        self.retranslate()

    # == the project's view ======================================================================
    def view_state(self) -> dict:
        return {"pool": self._pool_id}

    def restore_view_state(self, state: dict) -> None:
        pool_id = state.get("pool")
        if isinstance(pool_id, int) and self.state.study.pools.pool(pool_id) is not None:
            self.select_pool(pool_id)
