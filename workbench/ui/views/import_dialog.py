"""Import preview: look at a file, confirm what each column holds, then load it.

The file is inspected in a worker (a big workbook must not freeze the
window); the user picks the sheet, checks the first rows, fixes the column
roles with one dropdown per column, reads the checks (errors and warnings
with Excel row numbers — a click shows the row), and presses Load, which
reads the file in a worker with a progress bar and Cancel. A failed load
keeps the dialog open with the problems listed, so the mapping can be fixed.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core import schema as S
from workbench.core.io import ROLE_CHOICES
from workbench.core.korean import josa
from workbench.core.problems import Problem, Severity, error
from workbench.ui import fonts
from workbench.ui.errors import friendly_message
from workbench.ui.i18n import current_language
from workbench.ui.settings import Settings
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


def _mapping_class():
    from workbench.core.io.mapping import ColumnMapping

    return ColumnMapping


def _wide_position(header: str) -> int | None:
    try:
        from workbench.core.io.mapping import wide_position
    except ImportError:
        return None
    return wide_position(header)


class ImportDialog(QDialog):
    """Preview and load one file as judgments or as system results.

    ``expected_kind``: ``"judgments"``, ``"runs"`` or ``"auto"`` (decided from
    the file: a sheet that looks like judgments makes it a judgments file).
    After ``accept()``: :attr:`result_set` holds the JudgmentSet/RunSet,
    :attr:`kind` the kind it was loaded as, and :attr:`options` the confirmed
    ``{"mappings": {sheet: dict}, "sheets": …}`` for the project file.
    """

    #: the preview is shown (or inspection failed); for tests and screenshots
    inspected = Signal()
    #: a load finished with problems (the list is shown)
    load_failed = Signal()

    def __init__(
        self,
        path: str | Path,
        expected_kind: str = "judgments",
        runner: TaskRunner | None = None,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        initial_options: dict | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.kind = expected_kind if expected_kind in ("judgments", "runs") else "judgments"
        self._auto_kind = expected_kind == "auto"
        self._runner = runner or TaskRunner(self)
        self._settings = settings
        self._initial = initial_options or {}
        self.preview = None
        self.result_set = None
        self.options: dict = {}
        self._mappings: dict = {}
        self._uses: dict[str, str | None] = {}
        self._static_problems: list[Problem] = []
        self._load_problems: list[Problem] = []
        self._handle = None
        self._filling = False
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
        sheet_row.addSpacing(16)
        sheet_row.addWidget(self.rows_label, 1)
        self.sheet_label = QLabel()
        form.addRow(self.sheet_label, sheet_row)
        root.addLayout(form)

        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        root.addWidget(self.hint_label)

        splitter = QSplitter(Qt.Orientation.Vertical)
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
        self.problem_list.itemClicked.connect(self._on_problem_clicked)
        self.problem_list.itemActivated.connect(self._on_problem_clicked)
        checks_layout.addWidget(self.checks_label)
        checks_layout.addWidget(self.problem_list)
        splitter.addWidget(checks)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        root.addWidget(splitter, 1)

        busy = QHBoxLayout()
        self.status_label = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(260)
        self.stop_button = QPushButton()
        self.stop_button.clicked.connect(self._cancel_task)
        busy.addWidget(self.status_label, 1)
        busy.addWidget(self.progress)
        busy.addWidget(self.stop_button)
        root.addLayout(busy)

        self.buttons = QDialogButtonBox()
        self.load_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.load_button.setObjectName("loadButton")
        self.load_button.setDefault(True)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.load_button.clicked.connect(self.start_load)
        self.close_button.clicked.connect(self.reject)
        root.addWidget(self.buttons)
        self._set_busy(False)
        self.load_button.setEnabled(False)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Check and load a file"))
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
        if self.preview is not None:
            self._fill_use_combo()
            self._show_sheet()
            self._refresh_problems()

    # -- inspection --------------------------------------------------------------------
    def _start_inspect(self) -> None:
        self._set_busy(True, self.tr("Reading the file…"))
        handle = self._runner.start(f"inspect:{self.path}", inspect_task, self.path)
        self._handle = handle
        handle.finished.connect(self._on_inspected)
        handle.failed.connect(self._inspection_failed)
        handle.cancelled.connect(self._on_inspect_cancelled)

    def _on_inspect_cancelled(self) -> None:
        self._handle = None
        self._set_busy(False)
        self.status_label.setText(self.tr("Reading was cancelled."))
        self.inspected.emit()

    def _inspection_failed(self, exc: BaseException) -> None:
        self._handle = None
        self._set_busy(False)
        problems = list(getattr(exc, "problems", None) or [])
        if not problems:
            text = friendly_message(exc)
            problems = [error("inspect_failed", text, text, file=self.path.name)]
        self._static_problems = problems
        self._refresh_problems()
        self.status_label.setText(self.tr("This file could not be read."))
        self.load_button.setEnabled(False)
        self.inspected.emit()

    def _on_inspected(self, preview) -> None:
        self._handle = None
        self._set_busy(False)
        self.preview = preview
        self._static_problems = list(getattr(preview, "problems", []) or [])
        sheets = list(preview.sheets)
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
        self.load_button.setEnabled(bool(sheets))
        self.inspected.emit()

    def _default_uses(self) -> None:
        every = list(self.preview.sheets) if self.preview is not None else []
        initial_sheets = self._initial.get("sheets")
        uses: dict[str, str | None] = {sp.name: None for sp in every}
        # a sheet hidden in Excel is used only when the user picks it
        sheets = [sp for sp in every if not sp.hidden]
        if self.kind == "judgments":
            if isinstance(initial_sheets, dict):
                for kind, name in initial_sheets.items():
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
        else:
            if isinstance(initial_sheets, list):
                for name in initial_sheets:
                    if name in uses:
                        uses[name] = "run"
            else:
                for sp in sheets:
                    if sp.detected_kind in ("run", "run_wide"):
                        uses[sp.name] = "run"
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
        self._refresh_problems()

    def _on_sheet_changed(self, _index: int) -> None:
        self._fill_use_combo()
        self._show_sheet()

    def _on_use_changed(self, index: int) -> None:
        sheet = self.current_sheet()
        if sheet is None:
            return
        use = self.use_combo.itemData(index)
        if use and self.kind == "judgments":
            # one sheet per kind: the sheet used before for this kind is released
            for name, other in self._uses.items():
                if other == use and name != sheet.name:
                    self._uses[name] = None
        self._uses[sheet.name] = use
        self._refresh_problems()

    def _role_choices(self, header: str, current: str | None) -> list[str | None]:
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
        rows = list(sheet.rows)
        self.table.setColumnCount(len(headers))
        self.table.setRowCount(len(rows) + 1)
        self.table.setHorizontalHeaderLabels([str(h) for h in headers])
        labels = [self.tr("Meaning")] + [str(self._excel_row(sheet, i)) for i in range(len(rows))]
        self.table.setVerticalHeaderLabels(labels)
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
        for r, row in enumerate(rows, start=1):
            for col in range(len(headers)):
                value = row[col] if col < len(row) else ""
                item = QTableWidgetItem("" if value is None else str(value))
                self.table.setItem(r, col, item)
        self.table.resizeColumnsToContents()
        for col in range(len(headers)):
            self.table.setColumnWidth(col, min(max(self.table.columnWidth(col), 120), 280))
        self.table.resizeRowToContents(0)
        shown, total = len(rows), int(getattr(sheet, "n_rows", len(rows)) or 0)
        self.rows_label.setText(
            self.tr("Showing the first {shown} of {total} rows.").format(shown=shown, total=total)
        )
        self._filling = False

    @staticmethod
    def _excel_row(sheet, index: int) -> int:
        """Excel row number of the ``index``-th previewed data row."""
        header_row = int(getattr(sheet, "header_row", 1))
        return header_row + 1 + index

    def role_combo(self, header: str) -> QComboBox | None:
        """The mapping dropdown of ``header`` in the current sheet (tests drive it)."""
        return self.table.findChild(QComboBox, f"role:{header}")

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
        role = combo.currentData()
        mapping = self._mappings[sheet.name]
        if role is not None:
            # a role belongs to one column: the column that had it is cleared
            for other, other_role in list(mapping.items()):
                if other != header and other_role == role:
                    mapping[other] = None
                    other_combo = self.role_combo(other)
                    if other_combo is not None:
                        other_combo.blockSignals(True)
                        other_combo.setCurrentIndex(other_combo.findData(None))
                        other_combo.blockSignals(False)
        mapping[header] = role
        self._load_problems = []
        self._refresh_problems()

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
        """Everything the checks list shows, errors first."""
        # after a failed load its problems are what the user must fix; before, the checks
        items = self._load_problems or [*self._static_problems, *self.mapping_problems()]
        return sorted(items, key=lambda p: (not p.is_error,))

    def _refresh_problems(self) -> None:
        lang = current_language()
        self.problem_list.clear()
        style = self.style()
        problems = self.problems()
        for problem in problems:
            item = QListWidgetItem(problem.message(lang))
            icon = (
                QStyle.StandardPixmap.SP_MessageBoxCritical
                if problem.severity is Severity.ERROR
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            )
            item.setIcon(style.standardIcon(icon))
            item.setData(Qt.ItemDataRole.UserRole, (problem.sheet, problem.row))
            if problem.is_error:
                item.setForeground(QBrush(QColor("#b3261e")))
            self.problem_list.addItem(item)
        if not problems:
            item = QListWidgetItem(self.tr("No problems found in the previewed rows."))
            item.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton))
            self.problem_list.addItem(item)
        n_err = sum(p.is_error for p in problems)
        n_warn = len(problems) - n_err
        self.checks_label.setText(
            self.tr("Checks: {errors} errors, {warnings} warnings").format(
                errors=n_err, warnings=n_warn
            )
        )

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
        """Select the preview row of Excel row ``row``; False when not previewed."""
        sheet = self.current_sheet()
        if sheet is None or row is None:
            return False
        index = row - self._excel_row(sheet, 0)
        if not 0 <= index < len(sheet.rows):
            self.status_label.setText(
                self.tr("Row {row} is beyond the previewed rows; open the file to see it.").format(
                    row=row
                )
            )
            return False
        self.table.selectRow(index + 1)
        self.table.scrollToItem(self.table.item(index + 1, 0))
        return True

    # -- loading -------------------------------------------------------------------------------------------------
    def chosen_options(self) -> dict:
        """The confirmed sheets and mappings, as the loaders and the project take them."""
        used = {name: use for name, use in self._uses.items() if use}
        mappings = {name: self._mappings[name] for name in used}
        if self.kind == "judgments":
            sheets: dict[str, str] | list[str] = {use: name for name, use in used.items()}
        else:
            sheets = list(used)
        return {"mappings": mappings, "sheets": sheets}

    def start_load(self) -> None:
        if self.preview is None or self._handle is not None:
            return
        options = self.chosen_options()
        io = _io()
        self._load_problems = []
        self._refresh_problems()
        self._set_busy(True, self.tr("Loading…"))
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        if self.kind == "judgments":
            fn = io.load_judgments
            kwargs = {"mappings": options["mappings"], "sheets": options["sheets"]}
        else:
            fn = io.load_run
            kwargs = {"mappings": options["mappings"], "sheets": options["sheets"]}
        handle = self._runner.start(f"load:{self.path}", fn, self.path, **kwargs)
        self._handle = handle
        self._pending_options = options
        handle.progress.connect(self._on_progress)
        handle.finished.connect(self._on_loaded)
        handle.failed.connect(self._on_load_failed)
        handle.cancelled.connect(self._on_load_cancelled)

    def _on_progress(self, fraction: float, _text: str) -> None:
        self.progress.setValue(int(round(fraction * 100)))

    def _on_loaded(self, result) -> None:
        self._handle = None
        self._set_busy(False)
        self.result_set = result
        options = self._pending_options
        self.options = {
            "mappings": {name: m.to_dict() for name, m in options["mappings"].items()},
            "sheets": options["sheets"],
        }
        if self._settings is not None:
            for name, mapping in options["mappings"].items():
                self._settings.remember_mapping(self.path, name, mapping.to_dict())
        self.accept()

    def _on_load_failed(self, exc: BaseException) -> None:
        self._handle = None
        self._set_busy(False)
        problems = list(getattr(exc, "problems", None) or [])
        if not problems:
            text = friendly_message(exc)
            problems = [error("load_failed", text, text, file=self.path.name)]
        self._load_problems = problems
        self._refresh_problems()
        self.status_label.setText(
            self.tr(
                "The file was not loaded. Fix the problems listed below, then press Load again."
            )
        )
        self.load_failed.emit()

    def _on_load_cancelled(self) -> None:
        self._handle = None
        self._set_busy(False)
        self.status_label.setText(self.tr("Loading was cancelled. Nothing was loaded."))

    def _cancel_task(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self.status_label.setText(self.tr("Cancelling…"))

    def _set_busy(self, busy: bool, text: str = "") -> None:
        self.progress.setVisible(busy)
        self.stop_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.status_label.setText(text)
        self.load_button.setEnabled(not busy and self.preview is not None)
        self.sheet_combo.setEnabled(not busy)
        self.kind_combo.setEnabled(not busy)
        self.table.setEnabled(not busy)

    def reject(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        super().reject()
