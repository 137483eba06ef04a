"""Import preview for answers, ratings and rubrics: check the columns, load, match the systems.

Step 1 (like the judgments preview): the file is inspected in a worker; the
user picks a sheet and what it holds (answers / ratings / rubric / not
used), checks the first rows, fixes each column's meaning in its dropdown
(a rating column is "score: <criterion>"), reads the checks, and presses
Load, which reads the whole file in a worker. A failed load keeps the
dialog open with the problems (file, sheet, row, column) listed.

Step 2: every system the file names, with the run it is matched to — the
same name, else the same name ignoring case and spaces — and a dropdown to
choose another run, or none (its answers are then kept under their own
name and their citations cannot be checked against a run). Add puts the
file into the study.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.io import answers as AIO
from workbench.core.io.mapping import ColumnMapping
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import Problem, error
from workbench.core.protocol import answers as A
from workbench.ui import fonts
from workbench.ui.errors import friendly_message
from workbench.ui.i18n import current_language
from workbench.ui.views.import_dialog import give_role
from workbench.ui.views.preview_base import PreviewDialogBase
from workbench.ui.workers import TaskRunner

#: what each use of a sheet needs
REQUIRED = {"answers": (S.QID, AIO.ANSWER), "ratings": (S.QID,), "rubric": (AIO.CRITERION,)}
NO_RUN = ""


def role_name(role: str | None, rubric: A.Rubric) -> str:
    """A column role's name in the language in force."""
    if role is None:
        return QCoreApplication.translate("AnswerRoles", "(ignore)")
    if role.startswith(AIO.CRITERION_PREFIX):
        key = role[len(AIO.CRITERION_PREFIX) :]
        return QCoreApplication.translate("AnswerRoles", "Score: {criterion}").format(
            criterion=rubric.name_of(key)
        )
    names = {
        S.QID: QCoreApplication.translate("AnswerRoles", "Question ID"),
        S.SYSTEM: QCoreApplication.translate("AnswerRoles", "System"),
        AIO.ANSWER: QCoreApplication.translate("AnswerRoles", "Answer"),
        AIO.CITATIONS: QCoreApplication.translate("AnswerRoles", "Citations"),
        AIO.MODEL: QCoreApplication.translate("AnswerRoles", "Model"),
        AIO.VERSION: QCoreApplication.translate("AnswerRoles", "Version"),
        S.ASSESSOR: QCoreApplication.translate("AnswerRoles", "Rater"),
        S.NOTE: QCoreApplication.translate("AnswerRoles", "Note"),
        AIO.TIME: QCoreApplication.translate("AnswerRoles", "Time"),
        AIO.CRITERION: QCoreApplication.translate("AnswerRoles", "Criterion"),
        AIO.SCORE: QCoreApplication.translate("AnswerRoles", "Score or level"),
        AIO.DESCRIPTION: QCoreApplication.translate("AnswerRoles", "Description"),
        AIO.KEY: QCoreApplication.translate("AnswerRoles", "Criterion key"),
        AIO.APPLIES_ROLE: QCoreApplication.translate("AnswerRoles", "Applies to"),
    }
    return names.get(role, role)


def _inspect(path, rubric, progress=None, cancelled=None):
    return AIO.inspect_answers(path, rubric)


def _load(path, mappings, sheets, rubric, progress=None, cancelled=None):
    return AIO.load_answer_file(
        path,
        mappings=mappings,
        sheets=sheets,
        rubric=rubric,
        progress=progress,
        cancelled=cancelled,
    )


class AnswerImportDialog(PreviewDialogBase):
    """Preview, load and match one answers / ratings file.

    After ``accept()``: :attr:`result_file` (an AnswerFile), :attr:`options`
    (``{"mappings", "sheets"}`` for the project), :attr:`names` (file system →
    key) and :attr:`refs` (key → the run's SystemRef).
    """

    #: the preview is shown (or reading failed)
    inspected = Signal()
    #: the file was read; the systems are shown for matching
    loaded = Signal()
    #: a load finished with problems
    load_failed = Signal()

    def __init__(self, path, study, runner: TaskRunner | None = None, parent=None) -> None:
        super().__init__(runner, parent)
        self.path = Path(path)
        self.study = study
        self.rubric = study.answers.rubric_in_force(current_language())
        self.preview: AIO.AnswerFilePreview | None = None
        self.result_file: A.AnswerFile | None = None
        self.options: dict = {}
        self.names: dict[str, str] = {}
        self.refs: dict = {}
        self._mappings: dict[str, ColumnMapping] = {}
        self._uses: dict[str, str | None] = {}
        self._problems: list[Problem] = []
        self._load_problems: list[Problem] = []
        self._filling = False
        self._system_combos: dict[str, QComboBox] = {}
        self.setObjectName("AnswerImportDialog")
        self.setModal(True)
        self.resize(1100, 720)
        self._build()
        self.retranslate()
        self._start_inspect()

    # -- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        root = QVBoxLayout(self)
        self.file_label = QLabel(self.path.name)
        self.file_label.setFont(fonts.scaled(self.font(), 1.25, bold=True))
        self.path_label = QLabel(str(self.path))
        self.path_label.setWordWrap(True)
        root.addWidget(self.file_label)
        root.addWidget(self.path_label)
        self.stack = QStackedWidget()
        root.addWidget(self.stack, 1)

        # step 1: columns
        first = QWidget()
        box = QVBoxLayout(first)
        box.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        row = QHBoxLayout()
        self.sheet_combo = QComboBox()
        self.sheet_combo.setMinimumContentsLength(16)
        self.sheet_combo.currentIndexChanged.connect(self._show_sheet)
        self.use_label = QLabel()
        self.use_combo = QComboBox()
        self.use_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.use_combo.currentIndexChanged.connect(self._on_use_changed)
        self.rows_label = QLabel()
        row.addWidget(self.sheet_combo)
        row.addSpacing(16)
        row.addWidget(self.use_label)
        row.addWidget(self.use_combo)
        row.addSpacing(16)
        row.addWidget(self.rows_label, 1)
        self.sheet_label = QLabel()
        form.addRow(self.sheet_label, row)
        box.addLayout(form)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        box.addWidget(self.hint_label)
        split = QSplitter(Qt.Orientation.Vertical)
        self.table = QTableWidget()
        self.table.setObjectName("answerPreviewTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        split.addWidget(self.table)
        checks = QWidget()
        checks_box = QVBoxLayout(checks)
        checks_box.setContentsMargins(0, 0, 0, 0)
        self.checks_label = QLabel()
        self.checks_label.setFont(fonts.scaled(self.font(), 1.0, bold=True))
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.itemClicked.connect(self._on_problem_clicked)
        checks_box.addWidget(self.checks_label)
        checks_box.addWidget(self.problem_list)
        split.addWidget(checks)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        box.addWidget(split, 1)
        self.stack.addWidget(first)

        # step 2: systems
        second = QWidget()
        box = QVBoxLayout(second)
        box.setContentsMargins(0, 0, 0, 0)
        self.systems_intro = QLabel()
        self.systems_intro.setWordWrap(True)
        box.addWidget(self.systems_intro)
        self.systems_table = QTableWidget()
        self.systems_table.setObjectName("answerSystemsTable")
        self.systems_table.setColumnCount(4)
        self.systems_table.verticalHeader().setVisible(False)
        self.systems_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        box.addWidget(self.systems_table, 1)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        box.addWidget(self.summary_label)
        self.warnings_list = QListWidget()
        self.warnings_list.setWordWrap(True)
        self.warnings_list.setMaximumHeight(160)
        box.addWidget(self.warnings_list)
        self.stack.addWidget(second)

        self._build_status_row(root)
        self.buttons = QDialogButtonBox()
        self.back_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ResetRole)
        self.back_button.clicked.connect(self._back)
        self.load_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.load_button.setObjectName("answerLoadButton")
        self.load_button.setDefault(True)
        self.load_button.clicked.connect(self.start_load)
        self.add_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.add_button.setObjectName("answerAddButton")
        self.add_button.clicked.connect(self._add)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.close_button.clicked.connect(self.reject)
        root.addWidget(self.buttons)
        self._set_busy(False)
        self._show_step(0)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Check and load answers or ratings"))
        self.sheet_label.setText(self.tr("Sheet:"))
        self.use_label.setText(self.tr("Use this sheet as:"))
        self.hint_label.setText(
            self.tr(
                "The first row of the table shows what each column holds. An answers sheet needs "
                "a question ID and the answer; citations may be a column of passage IDs or "
                "markers such as [D012-03] in the answer. A ratings sheet has one column per "
                "rubric criterion. Fix a wrong guess in its dropdown, then press Load."
            )
        )
        self.stop_button.setText(self.tr("Cancel"))
        self.back_button.setText(self.tr("◀ Columns"))
        self.load_button.setText(self.tr("Load"))
        self.add_button.setText(self.tr("Add to the study"))
        self.close_button.setText(self.tr("Close"))
        self.systems_intro.setText(
            self.tr(
                "Each system of the file is matched to the system results with the same name "
                "(or the same name apart from capitals and spaces). Choose another system where "
                "the match is wrong; an answer without system results is kept under its own "
                "name, but its citations cannot be checked against what it retrieved."
            )
        )
        self.systems_table.setHorizontalHeaderLabels(
            [
                self.tr("In the file"),
                self.tr("System results"),
                self.tr("How it was matched"),
                self.tr("Answers / ratings"),
            ]
        )
        if self.preview is not None:
            self._fill_use_combo()
            self._show_sheet()
        self._refresh_problems()
        if self.result_file is not None:
            self._fill_systems()

    # -- step 1 -----------------------------------------------------------------------------
    def _show_step(self, step: int) -> None:
        self.stack.setCurrentIndex(step)
        self.back_button.setVisible(step == 1)
        self.load_button.setVisible(step == 0)
        self.add_button.setVisible(step == 1)

    def _start_inspect(self) -> None:
        self.start_task(
            f"inspect-answers:{self.path}",
            _inspect,
            self.path,
            self.rubric,
            text=self.tr("Reading the file…"),
            done=self._on_inspected,
            failed=self._on_inspect_failed,
            cancelled=self._on_cancelled,
        )

    def _on_inspect_failed(self, exc: BaseException) -> None:
        problems = list(getattr(exc, "problems", None) or [])
        if not problems:
            text = friendly_message(exc)
            problems = [error("inspect_failed", text, text, file=self.path.name)]
        self._problems = problems
        self._refresh_problems()
        self.status_label.setText(self.tr("This file could not be read."))
        self.inspected.emit()

    def _on_cancelled(self) -> None:
        self.status_label.setText(self.tr("Stopped. Nothing was loaded."))

    def _on_inspected(self, preview: AIO.AnswerFilePreview) -> None:
        self.preview = preview
        self._problems = list(preview.problems)
        self._mappings = {sp.name: sp.mapping.copy() for sp in preview.sheets}
        self._uses = {sp.name: sp.use for sp in preview.sheets}
        self.sheet_combo.blockSignals(True)
        self.sheet_combo.clear()
        for sp in preview.sheets:
            shown = self.tr("{sheet} (hidden)").format(sheet=sp.name) if sp.hidden else sp.name
            self.sheet_combo.addItem(shown, sp.name)
        first = next((i for i, sp in enumerate(preview.sheets) if sp.use), 0)
        self.sheet_combo.setCurrentIndex(first)
        self.sheet_combo.blockSignals(False)
        self._fill_use_combo()
        self._show_sheet()
        self._refresh_problems()
        self.status_label.setText(self.tr("Ready. Check the columns, then press Load."))
        self.inspected.emit()

    def current_sheet(self) -> AIO.AnswerSheetPreview | None:
        if self.preview is None:
            return None
        return self.preview.sheet(self.sheet_combo.currentData())

    def _fill_use_combo(self) -> None:
        self.use_combo.blockSignals(True)
        self.use_combo.clear()
        self.use_combo.addItem(self.tr("Answers"), "answers")
        self.use_combo.addItem(self.tr("Ratings of the answers"), "ratings")
        self.use_combo.addItem(self.tr("Rubric"), "rubric")
        self.use_combo.addItem(self.tr("Do not use"), None)
        sheet = self.current_sheet()
        use = self._uses.get(sheet.name) if sheet is not None else None
        at = self.use_combo.findData(use)
        self.use_combo.setCurrentIndex(at if at >= 0 else self.use_combo.count() - 1)
        self.use_combo.blockSignals(False)

    def _on_use_changed(self, index: int) -> None:
        sheet = self.current_sheet()
        if sheet is None:
            return
        self._uses[sheet.name] = self.use_combo.itemData(index)
        self._load_problems = []
        self._refresh_problems()

    def _role_choices(self) -> list[str | None]:
        criteria = [AIO.CRITERION_PREFIX + k for k in self.rubric.keys]
        return [*AIO.ROLE_CHOICES, *criteria, None]

    def _show_sheet(self, *_args) -> None:
        sheet = self.current_sheet()
        self._filling = True
        for col in range(self.table.columnCount()):
            old = self.table.cellWidget(0, col)
            if old is not None:  # out of the dialog now, not at the next event loop
                old.setParent(None)
                self.table.removeCellWidget(0, col)
        self.table.clear()
        if sheet is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self._filling = False
            return
        self._fill_use_combo()
        mapping = self._mappings[sheet.name]
        headers = list(sheet.headers)
        self.table.setColumnCount(len(headers))
        self.table.setRowCount(len(sheet.rows) + 1)
        self.table.setHorizontalHeaderLabels(headers)
        first = sheet.header_row + 1 if sheet.header_row else 1
        self.table.setVerticalHeaderLabels(
            [self.tr("Meaning")] + [str(first + i) for i in range(len(sheet.rows))]
        )
        for col, header in enumerate(headers):
            combo = QComboBox()
            combo.setObjectName(f"answerRole:{header}")
            current = mapping.get(header)
            for role in self._role_choices():
                combo.addItem(role_name(role, self.rubric), role)
            at = combo.findData(current)
            combo.setCurrentIndex(at if at >= 0 else combo.count() - 1)
            combo.currentIndexChanged.connect(lambda _i, h=header, c=combo: self._on_role(h, c))
            self.table.setCellWidget(0, col, combo)
        for r, values in enumerate(sheet.rows, start=1):
            for col in range(len(headers)):
                text = values[col] if col < len(values) else ""
                item = QTableWidgetItem(text)
                item.setToolTip(text if len(text) > 40 else "")
                self.table.setItem(r, col, item)
        self.table.resizeColumnsToContents()
        for col in range(len(headers)):
            self.table.setColumnWidth(col, min(max(self.table.columnWidth(col), 120), 320))
        self.table.resizeRowToContents(0)
        self.rows_label.setText(
            self.tr("Showing the first {shown} of {total} rows.").format(
                shown=len(sheet.rows), total=sheet.n_rows
            )
        )
        self._filling = False

    def role_combo(self, header: str) -> QComboBox | None:
        return self.table.findChild(QComboBox, f"answerRole:{header}")

    def set_role(self, header: str, role: str | None) -> None:
        combo = self.role_combo(header)
        if combo is None:
            raise KeyError(header)
        at = combo.findData(role)
        if at < 0:
            raise ValueError(role)
        combo.setCurrentIndex(at)

    def set_use(self, sheet: str, use: str | None) -> None:
        """Use ``sheet`` as answers / ratings / rubric (None: not read), as a user would."""
        self.sheet_combo.setCurrentIndex(self.sheet_combo.findData(sheet))
        self.use_combo.setCurrentIndex(self.use_combo.findData(use))

    def _on_role(self, header: str, combo: QComboBox) -> None:
        if self._filling:
            return
        sheet = self.current_sheet()
        if sheet is None:
            return
        give_role(self._mappings[sheet.name], header, combo.currentData(), self.role_combo)
        self._load_problems = []
        self._refresh_problems()

    def mapping_problems(self) -> list[Problem]:
        if self.preview is None:
            return []
        out = []
        used = [(n, u) for n, u in self._uses.items() if u]
        if not used:
            out.append(
                error(
                    "no_sheet",
                    "No sheet is chosen. Choose a sheet and what it holds.",
                    "사용할 시트가 없습니다. 시트를 고르고 무엇이 들어 있는지 정하세요.",
                    file=self.path.name,
                )
            )
        for name, use in used:
            roles = self._mappings[name].mapped_roles
            for role in REQUIRED.get(use, ()):
                if role not in roles:
                    out.append(self._missing(name, role))
            if use == "ratings" and not (
                any(r.startswith(AIO.CRITERION_PREFIX) for r in roles)
                or {AIO.CRITERION, AIO.SCORE} <= roles
            ):
                out.append(
                    error(
                        "mapping_missing",
                        "No column holds a criterion's scores. Choose 'Score: …' above a "
                        "criterion's column.",
                        "기준 점수가 든 열이 지정되지 않았습니다. 기준의 열 위에서 '점수: …'를 고르세요.",
                        file=self.path.name,
                        sheet=name,
                    )
                )
        return out

    def _missing(self, sheet: str, role: str) -> Problem:
        ko, en = AIO.ROLE_LABELS[role]
        return error(
            "mapping_missing",
            f"No column is marked as {en}. Choose it in the dropdown above that column.",
            f"{josa(ko, '으로', quoted=True)} 지정된 열이 없습니다. 해당 열 위의 목록에서 고르세요.",
            file=self.path.name,
            sheet=sheet,
        )

    def problems(self) -> list[Problem]:
        items = self._load_problems or [*self._problems, *self.mapping_problems()]
        return sorted(items, key=lambda p: not p.is_error)

    def _refresh_problems(self) -> None:
        counts = self.fill_problem_list(
            self.problem_list, self.problems(), self.tr("No problems found in the previewed rows.")
        )
        self.checks_label.setText(self.tr("Checks: {levels}").format(levels=self.levels_text(*counts)))

    def _on_problem_clicked(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if not where:
            return
        sheet, row = where
        at = self.sheet_combo.findData(sheet)
        if sheet and at >= 0:
            self.sheet_combo.setCurrentIndex(at)
        current = self.current_sheet()
        if current is None or row is None:
            return
        index = row - (current.header_row + 1)
        if 0 <= index < len(current.rows):
            self.table.selectRow(index + 1)
        else:
            self.status_label.setText(
                self.tr("Row {row} is beyond the previewed rows; open the file to see it.").format(
                    row=row
                )
            )

    # -- loading ---------------------------------------------------------------------------------
    def chosen_options(self) -> dict:
        used = {n: u for n, u in self._uses.items() if u}
        return {"mappings": {n: self._mappings[n] for n in used}, "sheets": used}

    def start_load(self) -> None:
        if not self.can_load():
            return
        if any(p.is_error for p in self.mapping_problems()):
            self._refresh_problems()
            self.load_failed.emit()
            return
        options = self.chosen_options()
        self._pending = options
        self._load_problems = []
        self._refresh_problems()
        self.start_task(
            f"load-answers:{self.path}",
            _load,
            self.path,
            options["mappings"],
            options["sheets"],
            self.rubric,
            text=self.tr("Loading…"),
            done=self._on_loaded,
            failed=self._on_load_failed,
            cancelled=self._on_cancelled,
            fractions=True,
        )

    def _on_load_failed(self, exc: BaseException) -> None:
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

    def _on_loaded(self, file: A.AnswerFile) -> None:
        self.result_file = file
        self.options = {
            "mappings": {n: m.to_dict() for n, m in self._pending["mappings"].items()},
            "sheets": dict(self._pending["sheets"]),
        }
        self.names, self.refs = A.auto_names(self.study, file)
        self._fill_systems()
        self._show_step(1)
        self.status_label.setText("")
        self.loaded.emit()

    def _fill_systems(self) -> None:
        file = self.result_file
        if file is None:
            return
        infos = self.study.system_infos()
        systems = file.systems
        table = self.systems_table
        table.setRowCount(len(systems))
        self._system_combos = {}
        counts_a = file.answers[S.SYSTEM].value_counts().to_dict() if len(file.answers) else {}
        counts_r = file.ratings[S.SYSTEM].value_counts().to_dict() if len(file.ratings) else {}
        known_keys = [k for k in self.study.answers.keys() if k not in {i.name for i in infos}]
        for row, name in enumerate(systems):
            table.setItem(row, 0, QTableWidgetItem(name))
            combo = QComboBox()
            combo.setObjectName(f"answerSystem:{name}")
            for info in infos:
                combo.addItem(info.name, info.name)
            for key in known_keys:
                combo.addItem(
                    self.tr("{name} (answers already loaded, no results)").format(name=key), key
                )
            combo.addItem(
                self.tr("(no system results — keep the name “{name}”)").format(name=name), NO_RUN
            )
            key = self.names.get(name, name)
            at = combo.findData(
                key if key in [i.name for i in infos] or key in known_keys else NO_RUN
            )
            combo.setCurrentIndex(at if at >= 0 else combo.count() - 1)
            combo.currentIndexChanged.connect(lambda _i, n=name: self._on_system_chosen(n))
            table.setCellWidget(row, 1, combo)
            self._system_combos[name] = combo
            table.setItem(row, 2, QTableWidgetItem())
            self._show_join(row, name)
            table.setItem(
                row,
                3,
                QTableWidgetItem(
                    self.tr("{answers} answers, {ratings} ratings").format(
                        answers=int(counts_a.get(name, 0)), ratings=int(counts_r.get(name, 0))
                    )
                ),
            )
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        lang = current_language()
        self.summary_label.setText(
            self.tr("{answers} answers of {systems} systems, {ratings} ratings{rubric}.").format(
                answers=len(file.answers),
                systems=len(set(file.answers[S.SYSTEM])) if len(file.answers) else 0,
                ratings=len(file.ratings),
                rubric=self.tr(", and a rubric") if file.rubric is not None else "",
            )
        )
        self.warnings_list.clear()
        for p in file.problems:
            self.warnings_list.addItem(QListWidgetItem(p.message(lang)))
        self.warnings_list.setVisible(bool(file.problems))

    def _show_join(self, row: int, name: str) -> None:
        """The "how joined" cell of ``name``'s row, for the system chosen now."""
        runs = [i.name for i in self.study.system_infos()]
        how = A.how_joined(name, self.names.get(name, name), runs)
        item = self.systems_table.item(row, 2)
        item.setText(
            {
                "exact": self.tr("same name"),
                "loose": self.tr("similar name — please check"),
                "chosen": self.tr("chosen by hand"),
                "none": self.tr("no system results with this name"),
            }[how]
        )
        if how in ("loose", "none"):
            item.setForeground(QBrush(QColor("#8a5300")))
        else:
            item.setData(Qt.ItemDataRole.ForegroundRole, None)  # the palette's own colour

    def join_text(self, name: str) -> str:
        """What the "how joined" column says of the file's system ``name``."""
        row = list(self._system_combos).index(name)
        return self.systems_table.item(row, 2).text()

    def choose_system(self, name: str, target: str) -> None:
        """Match the file's system ``name`` to the study system ``target``
        (``""``: none), as a user would in the dropdown."""
        combo = self._system_combos[name]
        combo.setCurrentIndex(combo.findData(target))

    def _on_system_chosen(self, name: str) -> None:
        target = self._system_combos[name].currentData()
        infos = {i.name: i.ref for i in self.study.system_infos()}
        if target == NO_RUN:
            self.names[name] = name
        else:
            self.names[name] = target
            if target in infos:
                self.refs[target] = infos[target]
        # a run chosen for one name only
        used = {self.names[n] for n in self._system_combos if n != name}
        if target != NO_RUN and target in used:
            self.status_label.setText(
                self.tr(
                    "Two systems of the file now share “{name}”: their answers are merged."
                ).format(name=target)
            )
        else:
            self.status_label.setText("")
        keys = set(self.names.values())
        self.refs = {k: v for k, v in self.refs.items() if k in keys}
        self._show_join(list(self._system_combos).index(name), name)

    def _back(self) -> None:
        self.result_file = None
        self._show_step(0)

    def _add(self) -> None:
        if self.result_file is not None:
            self.accept()

    def busy_widgets(self):
        return (self.sheet_combo, self.use_combo, self.table)
