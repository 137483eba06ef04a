"""Import preview: look at a file, confirm what each column holds, then load it.

The file is inspected in a worker (a big workbook must not freeze the
window); the user picks the sheet, checks the first rows and fixes the column
roles with one dropdown per column. Meanwhile the whole file is checked in a
worker exactly as Load would read it (:func:`~workbench.core.io.check_file`:
every row; for a run file also against the judgments already loaded), and the
checks list shows the count and the problems with their Excel rows — a click
shows that row, also one far beyond the first rows (the rows around it are
read on demand), and "Go to row" shows any row.

Nothing is taken silently: grades typed another way ("3점", "3.0", " 2 ", "３",
or words such as 상/중/하) are offered as a conversion the user confirms once
for the file; rows that still fail can be left out by ticking "Leave these N
rows out". Both are listed in the warnings and the report. Without that, Load
loads nothing and the dialog stays open with the problems listed. When the
check succeeded, Load takes its result at once.

A judgments file without an assessor column can be given the assessor's name
(one workbook per assessor): with ``several`` (one of several judgments
files) the name its file name suggests is proposed; the user can change it.
``verify`` (run in the worker) can refuse the result — e.g. an assessor
grading an item differently in two files — like a failed load.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.io import ROLE_CHOICES
from workbench.core.io.answers import looks_like_answers
from workbench.core.io.judgments import special_sheet
from workbench.core.io.mapping import as_judgments_mapping
from workbench.core.io.recover import FailedGrade, rows_text
from workbench.core.io.system_info import (
    INFO_ROLES,
    detect_info_mapping,
    info_role,
    is_info_mapping,
)
from workbench.core.model import grades
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import Problem, error
from workbench.core.study import Study
from workbench.ui import fonts
from workbench.ui.errors import friendly_message
from workbench.ui.i18n import current_language
from workbench.ui.settings import Settings
from workbench.ui.tables import text_margin
from workbench.ui.views.preview_base import PreviewDialogBase
from workbench.ui.workers import TaskRunner

log = logging.getLogger(__name__)

#: what a sheet of a judgments workbook can be used as
JUDGMENT_SHEET_USES = ("judgments", "questions", "passages")
#: roles each kind of sheet needs; run sheets also need a rank or a score
REQUIRED = {
    "judgments": (S.QID, S.PID, S.GRADE),
    "questions": (S.QID,),
    "passages": (S.PID,),
    "run": (S.QID, S.PID),
    "system_info": (S.SYSTEM,),
}

#: the order the mapping dropdowns list the roles in (the core decides it)
ROLE_ORDER = ROLE_CHOICES


def role_name(role: str | None) -> str:
    """A role's name in the language in force (``rank@3`` → "Rank 3")."""
    if role is None:
        return QCoreApplication.translate("Roles", "(ignore)")
    if role.startswith(f"{S.RANK}@"):
        return QCoreApplication.translate("Roles", "Rank {n}").format(n=role.split("@", 1)[1])
    names = {
        S.QID: QCoreApplication.translate("Roles", "Question ID"),
        S.PID: QCoreApplication.translate("Roles", "Passage ID"),
        S.GRADE: QCoreApplication.translate("Roles", "Grade"),
        S.ASSESSOR: QCoreApplication.translate("Roles", "Assessor"),
        S.ROLE: QCoreApplication.translate("Roles", "Evidence role"),
        S.GROUP: QCoreApplication.translate("Roles", "Evidence group"),
        S.NOTE: QCoreApplication.translate("Roles", "Note"),
        S.SYSTEM: QCoreApplication.translate("Roles", "System"),
        S.RANK: QCoreApplication.translate("Roles", "Rank"),
        S.SCORE: QCoreApplication.translate("Roles", "Score"),
        S.TEXT: QCoreApplication.translate("Roles", "Passage text"),
        S.QTEXT: QCoreApplication.translate("Roles", "Question"),
        S.QTYPE: QCoreApplication.translate("Roles", "Question type"),
        S.ANSWERABLE: QCoreApplication.translate("Roles", "Answerable"),
        S.DOCID: QCoreApplication.translate("Roles", "Document ID"),
        S.CHUNK: QCoreApplication.translate("Roles", "Chunk number"),
        S.VOLUME: QCoreApplication.translate("Roles", "Volume"),
        S.LECTURE: QCoreApplication.translate("Roles", "Lecture"),
        S.PAGE: QCoreApplication.translate("Roles", "Page"),
        S.DATE: QCoreApplication.translate("Roles", "Date"),
        S.EVIDENCE: QCoreApplication.translate("Roles", "Evidence sentence"),
        info_role("retriever"): QCoreApplication.translate("Roles", "Retriever"),
        info_role("embedding"): QCoreApplication.translate("Roles", "Embedding model"),
        info_role("reranker"): QCoreApplication.translate("Roles", "Reranker"),
        info_role("chunk_size"): QCoreApplication.translate("Roles", "Chunk size"),
        info_role("overlap"): QCoreApplication.translate("Roles", "Chunk overlap"),
        info_role("unit"): QCoreApplication.translate("Roles", "Passage unit"),
        info_role("context_k"): QCoreApplication.translate("Roles", "K passed to the LLM"),
        info_role("stage"): QCoreApplication.translate("Roles", "Stage"),
        info_role("pipeline"): QCoreApplication.translate("Roles", "Pipeline"),
        info_role("note"): QCoreApplication.translate("Roles", "Note (system)"),
    }
    return names.get(role, role)


def _io():
    # imported lazily: the readers are heavy (pandas, calamine) and the dialog
    # module must import even before they exist in a checkout
    from workbench.core import io

    return io


def inspect_task(path, progress=None, cancelled=None):
    """Run ``inspect_file`` in a worker, passing progress/cancel when it takes them."""
    import inspect

    fn = _io().inspect_file
    params = inspect.signature(fn).parameters
    kwargs = {}
    if "progress" in params:
        kwargs["progress"] = progress
    if "cancelled" in params:
        kwargs["cancelled"] = cancelled
    return fn(path, **kwargs)


#: the whole-file check starts this long after the last change of a choice
CHECK_DELAY_MS = 250


def check_task(path, kind, options, study=None, verify=None, progress=None, cancelled=None):
    """The whole-file check (worker thread): the file read as Load would read it
    with ``options`` (mappings, sheets, conversions, skip_rows); a run file is also
    compared with the judgments in force of ``study`` (a snapshot). ``verify``:
    a judgments file that joins others (``verify(result, {"assessor": …})``
    raises InputError when it contradicts them) — refused like a failed check."""
    # a file that joins others (another assessor's) may judge a part of the runs
    check = _check_file(path, kind, options, study, progress, cancelled, verify is None)
    if verify is None or check.result is None or kind != "judgments":
        return check
    from workbench.core.io.check import FileCheck
    from workbench.core.model.problems import InputError

    assessor = options.get("assessor") or ""
    try:
        verify(check.result, {"assessor": assessor} if assessor else {})
    except InputError as exc:
        return FileCheck(kind, None, [*exc.problems, *check.problems])
    return check


def _check_file(path, kind, options, study, progress, cancelled, compare_runs=True):
    qrels = None
    runs = None
    threshold = 1
    if kind == "runs" and study is not None and study.judgment_set is not None:
        qrels = study.qrels()
        threshold = study.settings.threshold
    if kind == "judgments" and compare_runs and study is not None and study.run_sources:
        runs = study.runs()  # judgments that replace: do they judge these runs?
    return _io().check_file(
        path,
        kind,
        mappings=options.get("mappings"),
        sheets=options.get("sheets"),
        conversions=options.get("conversions"),
        skip_rows=options.get("skip_rows"),
        qrels=qrels,
        threshold=threshold,
        runs=runs,
        progress=progress,
        cancelled=cancelled,
    )


def rows_task(path, sheet, row, mapping, progress=None, cancelled=None):
    """The preview rows around Excel row ``row`` (worker thread)."""
    return _io().rows_around(path, sheet, row, mapping)


def _mapping_class():
    from workbench.core.io.mapping import ColumnMapping

    return ColumnMapping


def _wide_position(header: str) -> int | None:
    try:
        from workbench.core.io.mapping import wide_position
    except ImportError:
        return None
    return wide_position(header)


def give_role(
    mapping: dict[str, str | None],
    header: str,
    role: str | None,
    role_combo: Callable[[str], QComboBox | None],
) -> None:
    """Give ``role`` to the column ``header`` of a sheet's mapping (the preview's
    column dropdowns). A role belongs to one column: the column that had it is
    cleared, and so is its dropdown (quietly: it is not a choice of the user's)."""
    if role is not None:
        for other, other_role in list(mapping.items()):
            if other != header and other_role == role:
                mapping[other] = None
                other_combo = role_combo(other)
                if other_combo is not None:
                    other_combo.blockSignals(True)
                    other_combo.setCurrentIndex(other_combo.findData(None))
                    other_combo.blockSignals(False)
    mapping[header] = role


class ImportDialog(PreviewDialogBase):
    """Preview and load one file as judgments or as system results.

    ``expected_kind``: ``"judgments"``, ``"runs"`` or ``"auto"`` (decided from
    the file: a sheet that looks like judgments makes it a judgments file).
    After ``accept()``: :attr:`result_set` holds the JudgmentSet/RunSet,
    :attr:`kind` the kind it was loaded as, and :attr:`options` the confirmed
    ``{"mappings": {sheet: dict}, "sheets": …}`` for the project file, with the
    grade ``conversions`` the user confirmed and the ``skip_rows`` left out.
    ``study``: a snapshot of the study the file goes into; a run file is
    checked against its judgments.
    """

    #: the preview is shown (or inspection failed); for tests and screenshots
    inspected = Signal()
    #: a load finished with problems (the list is shown)
    load_failed = Signal()
    #: the whole-file check finished (its FileCheck is :attr:`check`)
    checked = Signal()
    #: rows beyond the first ones were read into the preview table
    rows_shown = Signal()
    #: the file holds answers or ratings, not judgments or runs (its path): the
    #: dialog closes so that the Answers page's preview opens it
    answers_found = Signal(str)

    def __init__(
        self,
        path: str | Path,
        expected_kind: str = "judgments",
        runner: TaskRunner | None = None,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        initial_options: dict | None = None,
        study: Study | None = None,
        several: bool = False,
        verify=None,
    ) -> None:
        super().__init__(runner, parent)
        self.path = Path(path)
        #: one of several judgments files: propose the assessor from the file name
        self._several = several
        self._verify = verify
        #: the files opened together with this one (the main window's queue fills it)
        self.batch: dict = {}
        self.kind = expected_kind if expected_kind in ("judgments", "runs") else "judgments"
        self._auto_kind = expected_kind == "auto"
        self._settings = settings
        self._initial = initial_options or {}
        self.preview = None
        self.result_set = None
        self.options: dict = {}
        self._mappings: dict = {}
        self._uses: dict[str, str | None] = {}
        self._static_problems: list[Problem] = []
        self._load_problems: list[Problem] = []
        self._filling = False
        self._study = study
        #: the latest whole-file check (core.io.FileCheck) and the options it was run with
        self.check = None
        self._check_options: dict | None = None
        self._check_handle = None
        self._load_requested = False
        #: grade values refused by the check without conversions, and the grade the
        #: user chose for each (None: left as an error)
        self._refused: list[FailedGrade] = []
        self._grade_choice: dict[str, int | None] = {}
        #: rows the user chose to leave out (sheet → rows), and those offered
        self._skip_rows: dict[str, list[int]] = {}
        self._offered_rows: dict[str, list[int]] = {}
        #: sheet → the preview rows shown when not the first ones (rows_around)
        self._windows: dict = {}
        self._goto_after: int | None = None
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.start_check)
        self.setObjectName("ImportDialog")
        self.setModal(True)
        self.resize(1100, 720)
        self._build()
        self.retranslate()
        self._start_inspect()

    # -- construction ------------------------------------------------------------
    def _build(self) -> None:
        root = QVBoxLayout(self)
        self.file_label = QLabel()
        self.file_label.setFont(fonts.scaled(self.font(), 1.25, bold=True))
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.path_label = QLabel(str(self.path))
        self.path_label.setStyleSheet("color: #555;")
        self.path_label.setWordWrap(True)
        root.addWidget(self.file_label)
        root.addWidget(self.path_label)

        form = QFormLayout()
        self.kind_combo = QComboBox()
        self.kind_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.kind_combo.addItem("", "judgments")
        self.kind_combo.addItem("", "runs")
        self.kind_combo.setCurrentIndex(0 if self.kind == "judgments" else 1)
        self.kind_combo.currentIndexChanged.connect(self._on_kind_changed)
        self.kind_label = QLabel()
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_combo)
        kind_row.addStretch(1)
        form.addRow(self.kind_label, kind_row)

        sheet_row = QHBoxLayout()
        self.sheet_combo = QComboBox()
        self.sheet_combo.setMinimumContentsLength(16)
        self.sheet_combo.currentIndexChanged.connect(self._on_sheet_changed)
        self.use_label = QLabel()
        self.use_combo = QComboBox()
        self.use_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.use_combo.currentIndexChanged.connect(self._on_use_changed)
        self.rows_label = QLabel()
        sheet_row.addWidget(self.sheet_combo)
        sheet_row.addSpacing(16)
        sheet_row.addWidget(self.use_label)
        sheet_row.addWidget(self.use_combo)
        sheet_row.addStretch(1)
        # the row count and "go to row" on their own line: at a large font the
        # sheet's use would otherwise be cut to a few letters
        rows_row = QHBoxLayout()
        rows_row.addWidget(self.rows_label, 1)
        self.goto_label = QLabel()
        self.goto_spin = QSpinBox()
        self.goto_spin.setObjectName("gotoRow")
        self.goto_spin.setRange(1, 1)
        self.goto_button = QPushButton()
        self.goto_button.setObjectName("gotoButton")
        self.goto_button.clicked.connect(lambda: self.select_excel_row(self.goto_spin.value()))
        self.goto_spin.editingFinished.connect(
            lambda: self.select_excel_row(self.goto_spin.value())
        )
        rows_row.addWidget(self.goto_label)
        rows_row.addWidget(self.goto_spin)
        rows_row.addWidget(self.goto_button)
        self.sheet_label = QLabel()
        form.addRow(self.sheet_label, sheet_row)
        form.addRow("", rows_row)
        self._build_assessor_row(form)
        root.addLayout(form)

        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        root.addWidget(self.hint_label)

        splitter = QSplitter(Qt.Orientation.Vertical)
        self._splitter = splitter
        self.table = QTableWidget()
        self.table.setObjectName("previewTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        splitter.addWidget(self.table)

        checks = QWidget()
        checks_layout = QVBoxLayout(checks)
        checks_layout.setContentsMargins(0, 0, 0, 0)
        self.checks_label = QLabel()
        self.checks_label.setFont(fonts.scaled(self.font(), 1.0, bold=True))
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("problemList")
        self.problem_list.setWordWrap(True)
        # it scrolls itself: the choices below come first when height is short
        self.problem_list.setMinimumHeight(3 * self.fontMetrics().lineSpacing())
        self.problem_list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.problem_list.itemClicked.connect(self._on_problem_clicked)
        self.problem_list.itemActivated.connect(self._on_problem_clicked)
        checks_layout.addWidget(self.checks_label)
        checks_layout.addWidget(self.problem_list, 1)

        # grade values that can be read once the user confirms how
        self.conversion_box = QGroupBox()
        self.conversion_box.setObjectName("conversionBox")
        conv_layout = QVBoxLayout(self.conversion_box)
        self.conversion_hint = QLabel()
        self.conversion_hint.setWordWrap(True)
        self.conversion_table = QTableWidget(0, 3)
        self.conversion_table.setObjectName("conversionTable")
        self.conversion_table.verticalHeader().setVisible(False)
        self.conversion_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # sized by _fit_conversion_columns: Qt's own fit to the contents left the
        # header '파일의 값' clipped by its last letter
        self.conversion_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Interactive
        )
        self.conversion_table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.conversion_check = QCheckBox()
        self.conversion_check.setObjectName("useConversions")
        self.conversion_check.toggled.connect(self._on_conversions_toggled)
        conv_layout.addWidget(self.conversion_hint)
        conv_layout.addWidget(self.conversion_table)
        conv_layout.addWidget(self.conversion_check)
        self.conversion_box.setVisible(False)
        checks_layout.addWidget(self.conversion_box)

        # rows that still fail: left out only by explicit choice
        self.skip_check = QCheckBox()
        self.skip_check.setObjectName("skipRows")
        self.skip_check.toggled.connect(self._on_skip_toggled)
        self.skip_check.setVisible(False)
        checks_layout.addWidget(self.skip_check)
        # at the largest font the checks, the conversions and the choices below them
        # need more height than the dialog has: they scroll rather than overlap
        self.checks_scroll = QScrollArea()
        self.checks_scroll.setObjectName("checksScroll")
        self.checks_scroll.setWidgetResizable(True)
        self.checks_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.checks_scroll.setWidget(checks)
        splitter.addWidget(self.checks_scroll)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        root.addWidget(splitter, 1)

        self._build_status_row(root)

        self.buttons = QDialogButtonBox()
        self.load_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.load_button.setObjectName("loadButton")
        self.load_button.setDefault(True)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.load_button.clicked.connect(self.start_load)
        self.close_button.clicked.connect(self.reject)
        root.addWidget(self.buttons)
        self._set_busy(False)

    def _build_assessor_row(self, form: QFormLayout) -> None:
        """Who graded a judgments file that has no assessor column (shown only then)."""
        self.assessor_label = QLabel()
        self.assessor_edit = QLineEdit()
        self.assessor_edit.setObjectName("assessorEdit")
        self.assessor_edit.setClearButtonEnabled(True)
        self.assessor_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 24)
        proposed = self._initial.get("assessor")
        if proposed is None and self._several:
            proposed = _io().assessor_from_file_name(self.path)
        self.assessor_edit.setText(proposed or "")
        # checked again with the name (a join with the other files depends on it)
        self.assessor_edit.textChanged.connect(lambda _t: self._check_timer.start())
        self.assessor_hint = QLabel()
        self.assessor_hint.setWordWrap(True)
        self.assessor_hint.setStyleSheet("color: #555;")
        row = QHBoxLayout()
        row.addWidget(self.assessor_edit)
        row.addWidget(self.assessor_hint, 1)
        form.addRow(self.assessor_label, row)
        self._assessor_row = form.rowCount() - 1
        self._assessor_form = form
        form.setRowVisible(self._assessor_row, False)

    def _update_assessor_row(self) -> None:
        form = getattr(self, "_assessor_form", None)
        if form is not None:
            form.setRowVisible(self._assessor_row, self.needs_assessor())

    def needs_assessor(self) -> bool:
        """One judgments sheet is used and no column of it holds the assessor
        (with several, a sheet without one is the assessor named after it)."""
        if self.preview is None or self.kind != "judgments":
            return False
        names = [n for n, use in self._uses.items() if use == "judgments"]
        return len(names) == 1 and not self._mappings[names[0]].has(S.ASSESSOR)

    def assessor(self) -> str:
        """The assessor's name confirmed for rows without one ("" = none)."""
        return self.assessor_edit.text().strip() if self.needs_assessor() else ""

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.conversion_box.isVisibleTo(self):
            QTimer.singleShot(0, self, self._fit_choices_height)  # the text wraps anew

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange:
            # after the table and its dropdowns have the new font
            QTimer.singleShot(0, self, self._fit_conversion_columns)
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Check and load a file"))
        self.assessor_label.setText(self.tr("Assessor:"))
        self.assessor_edit.setPlaceholderText(self.tr("(none: one unnamed assessor)"))
        self.assessor_hint.setText(
            self.tr(
                "This file has no assessor column. Its grades are saved under this name "
                "(proposed from the file name), so several assessors' files can be compared."
            )
        )
        self.file_label.setText(self.path.name)
        self.kind_label.setText(self.tr("This file holds:"))
        self.kind_combo.setItemText(0, self.tr("Judgments (questions, passages, grades)"))
        self.kind_combo.setItemText(1, self.tr("System results (ranked passages)"))
        self.sheet_label.setText(self.tr("Sheet:"))
        self.use_label.setText(self.tr("Use this sheet as:"))
        self.checks_label.setText(self.tr("Checks"))
        self.stop_button.setText(self.tr("Cancel"))
        self.load_button.setText(self.tr("Load"))
        self.close_button.setText(self.tr("Close"))
        self.hint_label.setText(
            self.tr(
                "The first row of the table shows what each column holds. "
                "If a guess is wrong, choose the right meaning in its dropdown, "
                "or (ignore) for a column that is not needed. Then press Load."
            )
        )
        self.goto_label.setText(self.tr("Go to row:"))
        self.goto_button.setText(self.tr("Show"))
        self.conversion_box.setTitle(self.tr("Grades written another way"))
        self.conversion_hint.setText(
            self.tr(
                "These grade cells are not a plain 0, 1, 2 or 3. Choose how to read each "
                "value (a suggestion is filled in where the number or the grade's name is "
                "plain to see; words such as 상/중/하 are yours to define), then tick the box "
                "below. Nothing is "
                "converted until you do; the conversions are listed in the warnings and the "
                "report, and kept in the project."
            )
        )
        self.conversion_table.setHorizontalHeaderLabels(
            [self.tr("Value in the file"), self.tr("Rows"), self.tr("Read as")]
        )
        self._fit_conversion_columns()
        if self._refused:
            self._fill_conversion_table()
        else:
            self._refresh_recovery()
        if self.preview is not None:
            self._fill_use_combo()
            self._show_sheet()
            self._refresh_problems()

    # -- inspection --------------------------------------------------------------------
    def _start_inspect(self) -> None:
        self.start_task(
            f"inspect:{self.path}",
            inspect_task,
            self.path,
            text=self.tr("Reading the file…"),
            done=self._on_inspected,
            failed=self._inspection_failed,
            cancelled=self._on_inspect_cancelled,
        )

    def _on_inspect_cancelled(self) -> None:
        self.status_label.setText(self.tr("Reading was cancelled."))
        self.inspected.emit()

    def _inspection_failed(self, exc: BaseException) -> None:
        problems = list(getattr(exc, "problems", None) or [])
        if not problems:
            text = friendly_message(exc)
            problems = [error("inspect_failed", text, text, file=self.path.name)]
        self._static_problems = problems
        self._refresh_problems()
        self.status_label.setText(self.tr("This file could not be read."))
        self.inspected.emit()

    def _on_inspected(self, preview) -> None:
        self.preview = preview
        self._static_problems = list(getattr(preview, "problems", []) or [])
        sheets = list(preview.sheets)
        if self._auto_kind and looks_like_answers(sheets):
            self.answers_found.emit(str(self.path))
            self.reject()
            return
        if self._auto_kind:
            self.kind = (
                "judgments" if any(sp.detected_kind in ("judgments",) for sp in sheets) else "runs"
            )
            self.kind_combo.blockSignals(True)
            self.kind_combo.setCurrentIndex(0 if self.kind == "judgments" else 1)
            self.kind_combo.blockSignals(False)
        self._mappings = {}
        initial_maps = self._initial.get("mappings") or {}
        mapping_cls = _mapping_class()
        for sp in sheets:
            mapping = sp.mapping.copy()
            remembered = initial_maps.get(sp.name)
            if remembered is None and self._settings is not None:
                remembered = self._settings.remembered_mapping(self.path, sp.name)
            if remembered:
                candidate = mapping_cls.from_dict(remembered)
                if set(candidate.roles) == set(mapping.roles):
                    mapping = candidate
            self._mappings[sp.name] = mapping
        self._default_uses()
        if self.kind == "judgments":
            for name, use in self._uses.items():
                if use == "judgments":  # a lone 점수 column is the grade, as the loader reads it
                    self._mappings[name] = as_judgments_mapping(self._mappings[name])
        self.sheet_combo.blockSignals(True)
        self.sheet_combo.clear()
        for sp in sheets:
            shown = self.tr("{sheet} (hidden)").format(sheet=sp.name) if sp.hidden else sp.name
            self.sheet_combo.addItem(shown, sp.name)
        first_used = next((i for i, sp in enumerate(sheets) if self._uses.get(sp.name)), 0)
        self.sheet_combo.setCurrentIndex(first_used)
        self.sheet_combo.blockSignals(False)
        self._fill_use_combo()
        self._show_sheet()
        self._refresh_problems()
        self.status_label.setText(self.tr("Ready. Check the columns, then press Load."))
        self._choices_changed(keep_recovery=True)
        self.inspected.emit()

    def _default_uses(self) -> None:
        every = list(self.preview.sheets) if self.preview is not None else []
        initial_sheets = self._initial.get("sheets")
        uses: dict[str, str | None] = {sp.name: None for sp in every}
        # a sheet hidden in Excel is used only when the user picks it
        sheets = [sp for sp in every if not sp.hidden]
        if self.kind == "judgments":
            if isinstance(initial_sheets, dict):
                for kind, names in initial_sheets.items():
                    for name in names if isinstance(names, list) else [names]:
                        if name in uses:
                            uses[name] = kind
            else:
                for kind in JUDGMENT_SHEET_USES:
                    match = next(
                        (sp for sp in sheets if sp.detected_kind == kind and not uses[sp.name]),
                        None,
                    )
                    if match is not None:
                        uses[match.name] = kind
                if "judgments" not in uses.values() and sheets:
                    free = next((sp for sp in sheets if not uses[sp.name]), sheets[0])
                    uses[free.name] = "judgments"
                # every other sheet holding judgments too (one sheet per assessor),
                # as the loader reads them; the user may set one to "not used"
                for sp in sheets:
                    if (
                        not uses[sp.name]
                        and sp.detected_kind == "judgments"
                        and not special_sheet(sp.name)
                    ):
                        uses[sp.name] = "judgments"
        else:
            if isinstance(initial_sheets, list):
                for name in initial_sheets:
                    if name in uses:
                        info = is_info_mapping(self._mappings.get(name) or _mapping_class()())
                        uses[name] = "system_info" if info else "run"
            else:
                for sp in sheets:
                    if sp.detected_kind in ("run", "run_wide"):
                        uses[sp.name] = "run"
                    elif sp.detected_kind == "system_info":
                        uses[sp.name] = "system_info"
                if "run" not in uses.values() and sheets:
                    uses[sheets[0].name] = "run"
        self._uses = uses

    # -- sheet and mapping ---------------------------------------------------------------------
    def current_sheet(self):
        if self.preview is None:
            return None
        name = self.sheet_combo.currentData()
        return next((sp for sp in self.preview.sheets if sp.name == name), None)

    def _fill_use_combo(self) -> None:
        self.use_combo.blockSignals(True)
        self.use_combo.clear()
        if self.kind == "judgments":
            self.use_combo.addItem(self.tr("Judgments (grades)"), "judgments")
            self.use_combo.addItem(self.tr("Questions"), "questions")
            self.use_combo.addItem(self.tr("Passages"), "passages")
        else:
            self.use_combo.addItem(self.tr("System results"), "run")
            self.use_combo.addItem(self.tr("System information (시스템 정보)"), "system_info")
        self.use_combo.addItem(self.tr("Do not use"), None)
        sheet = self.current_sheet()
        use = self._uses.get(sheet.name) if sheet is not None else None
        index = self.use_combo.findData(use)
        self.use_combo.setCurrentIndex(index if index >= 0 else self.use_combo.count() - 1)
        self.use_combo.blockSignals(False)

    def _on_kind_changed(self, index: int) -> None:
        self.kind = self.kind_combo.itemData(index)
        if self.preview is None:
            return
        self._initial = {}
        self._default_uses()
        self._fill_use_combo()
        self._load_problems = []
        # grades are read from judgments only: the values refused are asked again
        self.conversion_check.blockSignals(True)
        self.conversion_check.setChecked(False)
        self.conversion_check.blockSignals(False)
        self._choices_changed()

    def _on_sheet_changed(self, _index: int) -> None:
        self._fill_use_combo()
        self._show_sheet()

    def _on_use_changed(self, index: int) -> None:
        sheet = self.current_sheet()
        if sheet is None:
            return
        use = self.use_combo.itemData(index)
        if use and use != "judgments" and self.kind == "judgments":
            # one questions and one passages sheet: the one used before is released
            # (several sheets may hold judgments, one per assessor)
            for name, other in self._uses.items():
                if other == use and name != sheet.name:
                    self._uses[name] = None
        self._uses[sheet.name] = use
        if use == "judgments" and sheet.name in self._mappings:
            self._mappings[sheet.name] = as_judgments_mapping(self._mappings[sheet.name])
        # a system info sheet has columns of its own (the system cards)
        mapping = self._mappings.get(sheet.name)
        if mapping is not None and (use == "system_info") != is_info_mapping(mapping):
            from workbench.core.io.mapping import detect_mapping

            headers = list(sheet.headers)
            self._mappings[sheet.name] = (
                detect_info_mapping(headers) if use == "system_info" else detect_mapping(headers)[0]
            )
            self._show_sheet()
        self._choices_changed()

    def _role_choices(self, header: str, current: str | None) -> list[str | None]:
        sheet = self.current_sheet()
        if sheet is not None and self._uses.get(sheet.name) == "system_info":
            return [*INFO_ROLES, None]
        choices: list[str | None] = list(ROLE_ORDER)
        wide = _wide_position(header)
        extra = {r for r in (current,) if r and r.startswith(f"{S.RANK}@")}
        if wide is not None and self.kind == "runs":
            extra.add(f"{S.RANK}@{wide}")
        choices.extend(sorted(extra, key=lambda r: int(r.split("@")[1])))
        choices.append(None)
        return choices

    def _show_sheet(self) -> None:
        sheet = self.current_sheet()
        self._filling = True
        self.table.clear()
        if sheet is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.rows_label.setText("")
            self._filling = False
            return
        headers = list(sheet.headers)
        mapping = self._mappings[sheet.name]
        view = self._shown_rows(sheet)
        rows = list(view.rows)
        numbers = [self._excel_row(view, i) for i in range(len(rows))]
        self.table.setColumnCount(len(headers))
        self.table.setRowCount(len(rows) + 1)
        self.table.setHorizontalHeaderLabels([str(h) for h in headers])
        labels = [self.tr("Meaning")] + [str(n) for n in numbers]
        self.table.setVerticalHeaderLabels(labels)
        # wide enough for "열의 뜻" at any font (row numbers alone would size it)
        header_fm = self.table.verticalHeader().fontMetrics()
        self.table.verticalHeader().setMinimumWidth(
            max(header_fm.horizontalAdvance(text) for text in labels) + 16
        )
        for col, header in enumerate(headers):
            combo = QComboBox()
            combo.setObjectName(f"role:{header}")
            current = mapping.get(header)
            for role in self._role_choices(header, current):
                combo.addItem(role_name(role), role)
            index = combo.findData(current)
            combo.setCurrentIndex(index if index >= 0 else combo.count() - 1)
            combo.currentIndexChanged.connect(
                lambda _i, h=header, c=combo: self._on_role_changed(h, c)
            )
            self.table.setCellWidget(0, col, combo)
        failing = self._failing_rows(sheet.name)
        tint = QBrush(QColor("#fbe3e1"))
        for r, row in enumerate(rows, start=1):
            bad = numbers[r - 1] in failing
            for col in range(len(headers)):
                value = row[col] if col < len(row) else ""
                item = QTableWidgetItem("" if value is None else str(value))
                if bad:
                    item.setBackground(tint)
                self.table.setItem(r, col, item)
        self.table.resizeColumnsToContents()
        for col in range(len(headers)):
            self.table.setColumnWidth(col, min(max(self.table.columnWidth(col), 120), 280))
        self.table.resizeRowToContents(0)
        shown, total = len(rows), int(getattr(sheet, "n_rows", len(rows)) or 0)
        if view is not sheet and numbers:
            self.rows_label.setText(
                self.tr("Showing rows {first}–{last} of {total} rows.").format(
                    first=numbers[0], last=numbers[-1], total=total
                )
            )
        else:
            self.rows_label.setText(
                self.tr("Showing the first {shown} of {total} rows.").format(
                    shown=shown, total=total
                )
            )
        first_row = int(getattr(sheet, "header_row", 0)) + 1
        last_row = max([first_row + max(total - 1, 0), *numbers])
        self.goto_spin.blockSignals(True)
        self.goto_spin.setRange(first_row, max(last_row, first_row))
        self.goto_spin.blockSignals(False)
        self._filling = False

    def _shown_rows(self, sheet):
        """The rows the table shows for ``sheet``: the first ones, or those read
        around a row further down."""
        return self._windows.get(sheet.name, sheet)

    def _failing_rows(self, sheet_name: str) -> set[int]:
        """Excel rows of ``sheet_name`` with an error in the latest check (tinted)."""
        if self.check is None:
            return set()
        key = "" if self.preview is not None and self.preview.kind != "excel" else sheet_name
        return set(self.check.error_rows.get(key, []))

    @staticmethod
    def _excel_row(sheet, index: int) -> int:
        """Excel row number of the ``index``-th data row shown for ``sheet``."""
        excel_row = getattr(sheet, "excel_row", None)
        if callable(excel_row):
            return int(excel_row(index))
        header_row = int(getattr(sheet, "header_row", 1))
        return header_row + 1 + index

    def role_combo(self, header: str) -> QComboBox | None:
        """The mapping dropdown of ``header`` in the current sheet (tests drive it).

        Read from the table's first row: a dropdown replaced when the sheet was
        shown again lives on until Qt deletes it, so it is not searched by name."""
        sheet = self.current_sheet()
        headers = list(sheet.headers) if sheet is not None else []
        if header not in headers:
            return None
        widget = self.table.cellWidget(0, headers.index(header))
        return widget if isinstance(widget, QComboBox) else None

    def set_role(self, header: str, role: str | None) -> None:
        """Set a column's role as a user would, through its dropdown."""
        combo = self.role_combo(header)
        if combo is None:
            raise KeyError(header)
        index = combo.findData(role)
        if index < 0:
            raise ValueError(role)
        combo.setCurrentIndex(index)

    def _on_role_changed(self, header: str, combo: QComboBox) -> None:
        if self._filling:
            return
        sheet = self.current_sheet()
        if sheet is None:
            return
        give_role(self._mappings[sheet.name], header, combo.currentData(), self.role_combo)
        self._load_problems = []
        self._choices_changed()

    # -- checks ------------------------------------------------------------------------------------------
    def mapping_problems(self) -> list[Problem]:
        """Required roles not given to any column, per used sheet."""
        if self.preview is None:
            return []
        out = []
        used = [(name, use) for name, use in self._uses.items() if use]
        if not used:
            out.append(
                error(
                    "no_sheet",
                    "No sheet is chosen. Choose a sheet and how to use it.",
                    "사용할 시트가 없습니다. 시트를 고르고 용도를 정하세요.",
                    file=self.path.name,
                )
            )
        for name, use in used:
            mapping = self._mappings[name]
            roles = set(mapping.mapped_roles)
            wide = any(r.startswith(f"{S.RANK}@") for r in roles)
            need = list(REQUIRED.get(use, ()))
            if use == "run" and wide:
                need = [S.QID]
            for role in need:
                if role not in roles:
                    out.append(self._missing_role(name, role))
            if use == "run" and not wide and not roles & {S.RANK, S.SCORE}:
                out.append(self._missing_role(name, S.RANK, S.SCORE))
        return out

    def _missing_role(self, sheet: str, role: str, alternative: str | None = None) -> Problem:
        ko_names = {"ko": [], "en": []}
        for r in (role, alternative):
            if r is None:
                continue
            from workbench.core.io.mapping import role_label

            ko_names["ko"].append(role_label(r, "ko"))
            ko_names["en"].append(role_label(r, "en"))
        ko = " 또는 ".join(ko_names["ko"])
        en = " or ".join(ko_names["en"])
        return error(
            "mapping_missing",
            f"No column is marked as {en}. Choose it in the dropdown above that column.",
            f"{josa(ko, '으로', quoted=True)} 지정된 열이 없습니다. 해당 열 위의 목록에서 고르세요.",
            file=self.path.name,
            sheet=sheet,
        )

    def problems(self) -> list[Problem]:
        """Everything the checks list shows, errors first: the whole-file check's
        problems once it ran with the choices in force, else the preview's."""
        if self._load_problems:
            items = self._load_problems
        else:
            mapping = self.mapping_problems()
            if not mapping and self._check_fresh():
                items = list(self.check.problems)
            else:
                items = [*self._static_problems, *mapping]
        return sorted(items, key=lambda p: (not p.is_error,))

    def _rows_in_use(self) -> tuple[int, int]:
        """(sheets used, their data rows)."""
        if self.preview is None:
            return 0, 0
        used = {name for name, use in self._uses.items() if use}
        sheets = [sp for sp in self.preview.sheets if sp.name in used]
        return len(sheets), sum(int(sp.n_rows or 0) for sp in sheets)

    def _refresh_problems(self) -> None:
        problems = self.problems()
        whole = self._check_fresh() and not self._load_problems
        empty = (
            self.tr("No problems found in the whole file.")
            if whole
            else self.tr("No problems found in the previewed rows.")
        )
        n_err, n_warn, n_info = self.fill_problem_list(self.problem_list, problems, empty)
        self._update_assessor_row()
        levels = self.levels_text(n_err, n_warn, n_info)
        if self._check_handle is not None and not self.mapping_problems():
            self.checks_label.setText(self.tr("Checks: checking every row of the file…"))
        elif whole:
            n_sheets, n_rows = self._rows_in_use()
            text = (
                self.tr("Checks of the whole file ({sheets} sheets, {rows} rows): {levels}")
                if n_sheets > 1
                else self.tr("Checks of the whole file ({rows} rows): {levels}")
            )
            self.checks_label.setText(text.format(sheets=n_sheets, rows=n_rows, levels=levels))
        else:
            self.checks_label.setText(self.tr("Checks: {levels}").format(levels=levels))

    def _on_problem_clicked(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if not where:
            return
        sheet_name, row = where
        if sheet_name and self.sheet_combo.findData(sheet_name) >= 0:
            if self.sheet_combo.currentData() != sheet_name:
                self.sheet_combo.setCurrentIndex(self.sheet_combo.findData(sheet_name))
        self.select_excel_row(row)

    def select_excel_row(self, row: int | None) -> bool:
        """Select Excel row ``row`` in the preview table. A row not among the rows
        shown is read with the rows around it (in a worker; :attr:`rows_shown`
        follows) and selected then; returns whether it was selected at once."""
        sheet = self.current_sheet()
        if sheet is None or row is None:
            return False
        for view in (self._shown_rows(sheet), sheet):
            numbers = [self._excel_row(view, i) for i in range(len(view.rows))]
            if row in numbers:
                if view is not self._shown_rows(sheet):
                    self._windows.pop(sheet.name, None)  # back to the first rows
                    self._show_sheet()
                self._select_index(numbers.index(row), row)
                return True
        self._read_rows_around(sheet, row)
        return False

    def _select_index(self, index: int, row: int) -> None:
        self.table.selectRow(index + 1)
        self.table.scrollToItem(self.table.item(index + 1, 0))
        self.goto_spin.blockSignals(True)
        self.goto_spin.setValue(row)
        self.goto_spin.blockSignals(False)
        self.status_label.setText(self.tr("Row {row} is selected.").format(row=row))

    def _read_rows_around(self, sheet, row: int) -> None:
        self._goto_after = row
        self.status_label.setText(self.tr("Reading the rows around row {row}…").format(row=row))
        handle = self._runner.start(
            f"rows:{self.path}",
            rows_task,
            self.path,
            sheet.name,
            int(row),
            self._mappings.get(sheet.name),
        )
        handle.finished.connect(lambda view, name=sheet.name: self._on_rows(name, view))
        handle.failed.connect(self._on_rows_failed)

    def _on_rows(self, sheet_name: str, view) -> None:
        self._windows[sheet_name] = view
        sheet = self.current_sheet()
        if sheet is not None and sheet.name == sheet_name:
            self._show_sheet()
            row, self._goto_after = self._goto_after, None
            numbers = [self._excel_row(view, i) for i in range(len(view.rows))]
            if row in numbers:
                self._select_index(numbers.index(row), row)
            elif row is not None:
                self.status_label.setText(
                    self.tr("Row {row} holds no data; the rows nearest to it are shown.").format(
                        row=row
                    )
                )
        self.rows_shown.emit()

    def _on_rows_failed(self, exc: BaseException) -> None:
        self._goto_after = None
        self.status_label.setText(friendly_message(exc))
        self.rows_shown.emit()

    # -- the whole-file check ------------------------------------------------------------------
    def _choices_changed(self, keep_recovery: bool = False) -> None:
        """The kind, a sheet's use or a column's role changed: the whole-file check is
        out of date and runs again shortly. Rows left out were chosen for the old
        choices, so they are offered again instead of kept."""
        if not keep_recovery:
            self._set_skip(False)
        self._refresh_problems()
        self._check_timer.start()

    @staticmethod
    def _options_key(options: dict) -> dict:
        """``options`` as plain data, to tell whether a check is still current."""
        return {
            "mappings": {name: m.to_dict() for name, m in options["mappings"].items()},
            "sheets": options["sheets"],
            "conversions": dict(options.get("conversions") or {}),
            "skip_rows": {k: list(v) for k, v in (options.get("skip_rows") or {}).items()},
            # the assessor named for a file without one: a join is checked with it
            "assessor": options.get("assessor") or "",
        }

    def _check_fresh(self) -> bool:
        """The latest check ran with the choices now in force."""
        return (
            self.check is not None
            and self.preview is not None
            and self._check_options == self._options_key(self.chosen_options())
        )

    def start_check(self) -> None:
        """Check every row of the file with the choices in force (in a worker)."""
        self._check_timer.stop()
        if self.preview is None or self._handle is not None:
            return
        if self.mapping_problems():
            self._cancel_check()
            self._refresh_problems()
            return
        options = self.chosen_options()
        key = self._options_key(options)
        if self.check is not None and self._check_options == key:
            return
        self._cancel_check()
        self._load_problems = []
        # the worker gets its own copies: the user may change a dropdown meanwhile
        task_options = dict(options)
        task_options["mappings"] = {n: m.copy() for n, m in options["mappings"].items()}
        handle = self._runner.start(
            f"check:{self.path}",
            check_task,
            self.path,
            self.kind,
            task_options,
            self._study,
            self._verify,
        )
        self._check_handle = handle
        handle.progress.connect(self._on_check_progress)
        handle.finished.connect(lambda fc, key=key, h=handle: self._on_checked(key, fc, h))
        handle.failed.connect(lambda exc, h=handle: self._on_check_failed(exc, h))
        handle.cancelled.connect(lambda h=handle: self._on_check_cancelled(h))
        self.progress.setVisible(True)
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.stop_button.setVisible(True)
        self.status_label.setText(self.tr("Checking every row of the file…"))
        self._refresh_problems()

    def _cancel_check(self) -> None:
        if self._check_handle is not None:
            self._check_handle.cancel()
            self._check_handle = None
            self.progress.setVisible(False)
            self.stop_button.setVisible(False)

    def _on_check_progress(self, fraction: float, _text: str) -> None:
        if self._handle is None:
            self.progress.setValue(int(round(fraction * 100)))

    def _on_checked(self, key: dict, check, handle=None) -> None:
        if handle is not None and handle is not self._check_handle:
            return  # the answer of a check already replaced by a newer one
        self._check_handle = None
        self.progress.setVisible(False)
        self.stop_button.setVisible(False)
        self.check = check
        self._check_options = key
        self._load_problems = []
        if not key["conversions"]:
            refused = list(check.failed_grades)
            if [(f.value, f.count) for f in refused] != [(f.value, f.count) for f in self._refused]:
                self._refused = refused
                self._fill_conversion_table()
        if not key["skip_rows"]:
            self._offered_rows = dict(check.error_rows)
        self._refresh_recovery()
        self._refresh_problems()
        self._show_sheet()
        if check.ok:
            self.status_label.setText(self.tr("Every row was checked. Press Load to use the file."))
        else:
            self.status_label.setText(
                self.tr(
                    "Every row was checked; nothing is loaded until the errors above are fixed, "
                    "converted or left out."
                )
            )
        self.checked.emit()
        if self._load_requested:
            self._load_requested = False
            self._finish_or_fail()

    def _on_check_failed(self, exc: BaseException, handle=None) -> None:
        if handle is not None and handle is not self._check_handle:
            return
        self._check_handle = None
        self.progress.setVisible(False)
        self.stop_button.setVisible(False)
        problems = list(getattr(exc, "problems", None) or [])
        if not problems:
            text = friendly_message(exc)
            problems = [error("check_failed", text, text, file=self.path.name)]
        self._load_problems = problems
        self._refresh_problems()
        self.checked.emit()
        if self._load_requested:
            self._load_requested = False
            self._show_not_loaded()

    def _on_check_cancelled(self, handle) -> None:
        if self._check_handle is not None and handle is not self._check_handle:
            return  # a check replaced by a newer one, which is running
        self._check_handle = None
        self.progress.setVisible(False)
        self.stop_button.setVisible(False)
        if self._load_requested:
            self._load_requested = False
            self.status_label.setText(self.tr("Loading was cancelled. Nothing was loaded."))

    # -- grades written another way, rows left out ----------------------------------------------
    def confirmed_conversions(self) -> dict[str, int]:
        """value → grade the user confirmed (empty until the box is ticked)."""
        if not self.conversion_check.isChecked():
            return {}
        return self._chosen_conversions()

    def _chosen_conversions(self) -> dict[str, int]:
        out = {}
        for failed in self._refused:
            grade = self._grade_choice.get(failed.value, failed.proposal)
            if grade is not None:
                out[failed.value] = int(grade)
        return out

    def conversion_combo(self, value: str) -> QComboBox | None:
        """The "read as" dropdown of a grade value (tests drive it)."""
        return self.conversion_table.findChild(QComboBox, f"readAs:{value}")

    def set_grade_for(self, value: str, grade: int | None) -> None:
        """Choose how to read grade value ``value``, as a user would in its dropdown."""
        combo = self.conversion_combo(value)
        if combo is None:
            raise KeyError(value)
        combo.setCurrentIndex(combo.findData(grade))

    def _fill_conversion_table(self) -> None:
        """One row per grade value refused: the value as written, its rows, and the
        dropdown of how to read it (rebuilt only when the values change)."""
        lang = current_language()
        refused = self._refused
        self.conversion_table.clearContents()
        self.conversion_table.setRowCount(0)
        self.conversion_table.setRowCount(len(refused))
        for r, failed in enumerate(refused):
            shown = QTableWidgetItem(f"'{failed.shown}'")
            shown.setToolTip(failed.shown)
            self.conversion_table.setItem(r, 0, shown)
            rows = QTableWidgetItem(
                self.tr("{n}: rows {rows}").format(
                    n=failed.count, rows=rows_text(failed.rows, failed.count)
                )
            )
            self.conversion_table.setItem(r, 1, rows)
            combo = QComboBox()
            combo.setObjectName(f"readAs:{failed.value}")
            combo.addItem(self.tr("(leave as an error)"), None)
            for g in grades.GRADES:
                combo.addItem(grades.chip_text(g, lang), g)
            choice = self._grade_choice.get(failed.value, failed.proposal)
            combo.setCurrentIndex(max(combo.findData(choice), 0))
            combo.currentIndexChanged.connect(
                lambda _i, v=failed.value, c=combo: self._on_grade_chosen(v, c)
            )
            self.conversion_table.setCellWidget(r, 2, combo)
        self._fit_conversion_columns()
        self.conversion_table.resizeRowsToContents()
        # room for up to five values without an inner scroll, measured at the font in use
        frame = 2 * self.conversion_table.frameWidth()
        header = self.conversion_table.horizontalHeader().sizeHint().height()
        rows = sum(self.conversion_table.rowHeight(r) for r in range(min(len(refused), 5)))
        self.conversion_table.setFixedHeight(header + rows + frame + 2)
        self._refresh_recovery()

    def _fit_conversion_columns(self) -> None:
        """Each column of the conversions as wide as its values, its dropdowns and
        its header's text with the margins the header and a cell keep around it;
        measured in bold, as the header draws the column holding the selection."""
        table = self.conversion_table
        header = table.horizontalHeader()
        bold = QFont(header.font())
        bold.setBold(True)
        fm = QFontMetrics(bold)
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        for col in range(table.columnCount()):
            item = table.horizontalHeaderItem(col)
            title = item.text() if item is not None else ""
            needed = max((fm.horizontalAdvance(line) for line in title.split("\n")), default=0)
            header.resizeSection(
                col,
                max(
                    table.sizeHintForColumn(col),
                    header.sectionSizeHint(col),
                    needed + margin + text_margin(table),
                ),
            )

    def _refresh_recovery(self) -> None:
        """The conversion box and the "leave rows out" box as the choices stand."""
        refused = self._refused
        ticked = self.conversion_check.isChecked()
        self.conversion_box.setVisible(bool(refused) or ticked)
        chosen = self._chosen_conversions()
        n_rows = sum(f.count for f in refused if f.value in chosen)
        self.conversion_check.blockSignals(True)
        self.conversion_check.setText(
            self.tr("Read these {n} values as chosen above ({rows} rows)").format(
                n=len(chosen), rows=n_rows
            )
        )
        self.conversion_check.setEnabled(bool(chosen) or ticked)
        self.conversion_check.blockSignals(False)
        offered = self._skip_rows if self._skip_rows else self._offered_rows
        n_skip = sum(len(v) for v in offered.values())
        all_rows = sorted(r for rows in offered.values() for r in rows)
        self.skip_check.setVisible(n_skip > 0)
        self.skip_check.blockSignals(True)
        self.skip_check.setChecked(bool(self._skip_rows))
        self.skip_check.setText(
            self.tr(
                "Leave these {n} rows out: {rows} (they are listed in the warnings and the report)"
            ).format(n=n_skip, rows=rows_text(all_rows))
        )
        self.skip_check.setToolTip(", ".join(str(r) for r in all_rows))
        self.skip_check.blockSignals(False)
        if self.conversion_box.isVisibleTo(self) or self.skip_check.isVisibleTo(self):
            QTimer.singleShot(0, self, self._make_room_for_choices)

    def _fit_choices_height(self) -> None:
        """The conversions box as tall as its wrapped text needs at its width (the
        layout gave it the height of one line per text, and its checkbox came to
        lie over the table's last row at the largest font)."""
        box = self.conversion_box
        width = self.checks_scroll.viewport().width()
        box.setMinimumHeight(box.heightForWidth(width) if box.hasHeightForWidth() else 0)

    def _make_room_for_choices(self) -> None:
        """The conversions and the choice to leave rows out in view without
        scrolling, when the dialog has the height: the preview table above gives
        up the room (what to do about the refused values is the task at hand)."""
        self._fit_choices_height()
        sizes = self._splitter.sizes()
        if len(sizes) != 2:
            return
        need = self.checks_scroll.widget().minimumSizeHint().height()
        total = sum(sizes)
        lower = min(max(need, sizes[1]), int(total * 0.75))
        if lower > sizes[1]:
            self._splitter.setSizes([total - lower, lower])
        # still short (the largest font): the choices to act on scrolled into view
        # (the last one shown; the conversion checkbox just above it comes along)
        act = self.skip_check if self.skip_check.isVisibleTo(self) else self.conversion_check
        QTimer.singleShot(0, self, lambda: self.checks_scroll.ensureWidgetVisible(act, 0, 8))

    def _on_grade_chosen(self, value: str, combo: QComboBox) -> None:
        self._grade_choice[value] = combo.currentData()
        if self.conversion_check.isChecked():
            self._set_skip(False)
            self.start_check()
        else:
            self._refresh_recovery()

    def _on_conversions_toggled(self, _on: bool) -> None:
        # the rows that still fail depend on the conversions: offered again
        self._set_skip(False)
        self._refresh_recovery()
        self.start_check()

    def _on_skip_toggled(self, on: bool) -> None:
        self._set_skip(on)
        self.start_check()

    def _set_skip(self, on: bool) -> None:
        self._skip_rows = {k: list(v) for k, v in self._offered_rows.items()} if on else {}
        self._refresh_recovery()

    # -- loading -------------------------------------------------------------------------------------------------
    def chosen_options(self) -> dict:
        """The confirmed sheets and mappings, as the loaders and the project take them,
        with the grade conversions confirmed and the rows chosen to be left out."""
        used = {name: use for name, use in self._uses.items() if use}
        mappings = {name: self._mappings[name] for name in used}
        if self.kind == "judgments":
            sheets: dict[str, str | list[str]] | list[str] = {
                use: name for name, use in used.items() if use != "judgments"
            }
            judged = [name for name, use in used.items() if use == "judgments"]
            if judged:
                sheets["judgments"] = judged[0] if len(judged) == 1 else judged
        else:
            sheets = list(used)
        out: dict = {"mappings": mappings, "sheets": sheets}
        conversions = self.confirmed_conversions() if self.kind == "judgments" else {}
        if conversions:
            out["conversions"] = conversions
        if self._skip_rows:
            out["skip_rows"] = {k: list(v) for k, v in self._skip_rows.items()}
        if self.kind == "judgments" and self.assessor():
            out["assessor"] = self.assessor()
        return out

    def start_load(self) -> None:
        """Load: the whole-file check's result when it ran with these choices, else
        the check runs first. Nothing is loaded while it finds errors."""
        if not self.can_load():
            return
        self._pending_options = self.chosen_options()
        if self.mapping_problems():
            self._refresh_problems()
            self._show_not_loaded()
            return
        if self._check_fresh():
            self._finish_or_fail()
            return
        self._load_requested = True
        self.start_check()

    def _finish_or_fail(self) -> None:
        self._pending_options = self.chosen_options()
        if self.check is not None and self.check.ok:
            self._on_loaded(self.check.result)
        else:
            self._show_not_loaded()

    def _show_not_loaded(self) -> None:
        self.status_label.setText(
            self.tr(
                "The file was not loaded. Fix the problems listed below, then press Load again."
            )
        )
        self.load_failed.emit()

    def _on_loaded(self, result) -> None:
        self.result_set = result
        options = self._pending_options
        self.options = {
            "mappings": {name: m.to_dict() for name, m in options["mappings"].items()},
            "sheets": options["sheets"],
        }
        for key in ("conversions", "skip_rows"):
            if options.get(key):
                self.options[key] = options[key]
        if self.kind == "judgments" and self.assessor():
            self.options["assessor"] = self.assessor()
        if self._settings is not None:
            for name, mapping in options["mappings"].items():
                self._settings.remember_mapping(self.path, name, mapping.to_dict())
        self.accept()

    def can_load(self) -> bool:
        return super().can_load() and bool(self.preview.sheets)

    def busy_widgets(self):
        return (self.sheet_combo, self.kind_combo, self.table)

    def _cancel_task(self) -> None:
        if self._handle is not None:
            super()._cancel_task()
        elif self._check_handle is not None:
            self._cancel_check()
            self._load_requested = False
            self.status_label.setText(
                self.tr("The check was stopped; press Load to check the file and load it.")
            )
            self._refresh_problems()

    def reject(self) -> None:
        self._check_timer.stop()
        self._cancel_check()
        self._load_requested = False
        super().reject()
