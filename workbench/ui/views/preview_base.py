"""What the two import previews share: read a file in a worker, show it, load it.

Both the judgments/runs preview (:mod:`import_dialog`) and the answers/ratings
preview (:mod:`answer_import`) go through the same three states, kept here once:

- **busy** — a worker reads, checks or loads the file: a progress bar and a
  Cancel button are shown, the choices and Load are disabled;
- **ready** — the preview is shown: Load is enabled as soon as there is a
  preview and no task runs (:meth:`PreviewDialogBase.can_load`);
- **not loaded** — the checks list why.

The order matters: a task's result is stored by its handler *before* the busy
state is left, so Load is enabled from the state as it now is. (Leaving busy
first, then storing the preview, kept Load disabled for good.)

The list of checks shows three levels counted apart — errors, warnings and
information — with a distinct icon each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model.problems import Problem, count_levels
from workbench.ui.i18n import current_language
from workbench.ui.workers import TaskHandle, TaskRunner

ERROR_COLOUR = "#b3261e"


class PreviewDialogBase(QDialog):
    """A modal preview with a status row (text, progress, Cancel) and one task at a time."""

    def __init__(self, runner: TaskRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runner = runner or TaskRunner(self)
        #: the task reading or loading the file, None when idle
        self._handle: TaskHandle | None = None
        self.preview = None

    # -- the status row ----------------------------------------------------------------
    def _build_status_row(self, root: QVBoxLayout) -> None:
        row = QHBoxLayout()
        self.status_label = QLabel()
        self.status_label.setObjectName("previewStatus")
        self.status_label.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(260)
        self.stop_button = QPushButton()
        self.stop_button.clicked.connect(self._cancel_task)
        row.addWidget(self.status_label, 1)
        row.addWidget(self.progress)
        row.addWidget(self.stop_button)
        root.addLayout(row)

    # -- the states ---------------------------------------------------------------------
    def busy_widgets(self) -> Iterable[QWidget]:
        """The choices disabled while a task runs (each dialog names its own)."""
        return ()

    def can_load(self) -> bool:
        """Load is pressable: a preview is shown and no task runs."""
        return self.preview is not None and self._handle is None

    def _set_busy(self, busy: bool, text: str = "") -> None:
        self.progress.setVisible(busy)
        self.stop_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.status_label.setText(text)
        for widget in self.busy_widgets():
            widget.setEnabled(not busy)
        self.refresh_load_button()

    def refresh_load_button(self) -> None:
        self.load_button.setEnabled(self.can_load())

    def start_task(
        self,
        key: str,
        fn: Callable,
        *args,
        text: str,
        done: Callable[[object], None],
        failed: Callable[[BaseException], None],
        cancelled: Callable[[], None],
        fractions: bool = False,
    ) -> TaskHandle:
        """Run ``fn(*args)`` in a worker, busy with ``text`` until it ends.

        ``done``/``failed``/``cancelled`` run first; the busy state is left after
        them (unless they started another task), so Load is enabled from the
        result they stored. ``fractions``: the progress bar shows the worker's
        fraction instead of a busy indicator.
        """
        self._set_busy(True, text)
        handle = self._runner.start(key, fn, *args)
        self._handle = handle
        if fractions:
            self.progress.setRange(0, 100)
            handle.progress.connect(lambda f, _t: self.progress.setValue(int(round(f * 100))))
        handle.finished.connect(lambda value, h=handle: self._settle(h, done, value))
        handle.failed.connect(lambda exc, h=handle: self._settle(h, failed, exc))
        handle.cancelled.connect(lambda h=handle: self._settle(h, cancelled))
        return handle

    def _settle(self, handle: TaskHandle, callback: Callable, *value) -> None:
        if handle is not self._handle:
            return  # the answer of a task already cancelled (the dialog was closed)
        self._handle = None
        callback(*value)
        if self._handle is None:
            self._set_busy(False)

    def _cancel_task(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self.status_label.setText(self.tr("Cancelling…"))

    def reject(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        super().reject()

    # -- the checks ------------------------------------------------------------------------
    def fill_problem_list(
        self, widget: QListWidget, problems: list[Problem], empty_text: str
    ) -> tuple[int, int, int]:
        """Show ``problems`` (errors first, then warnings, then information) with an
        icon per level; returns ``(errors, warnings, infos)``."""
        lang = current_language()
        widget.clear()
        style = self.style()
        icons = {
            "error": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
            "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
            "info": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation),
        }
        ordered = sorted(problems, key=lambda p: (not p.is_error, p.is_info))
        for problem in ordered:
            item = QListWidgetItem(problem.message(lang))
            item.setIcon(icons[problem.severity.value])
            item.setData(Qt.ItemDataRole.UserRole, (problem.sheet, problem.row))
            if problem.row is not None:
                item.setToolTip(self.tr("Click to show row {row}.").format(row=problem.row))
            if problem.is_error:
                item.setForeground(QBrush(QColor(ERROR_COLOUR)))
            widget.addItem(item)
        if not ordered:
            item = QListWidgetItem(empty_text)
            item.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton))
            widget.addItem(item)
        return count_levels(ordered)

    def levels_text(self, errors: int, warnings: int, infos: int) -> str:
        """"3 errors, 1 warning, 2 notes" — the three levels counted apart."""
        return self.tr("{errors} errors, {warnings} warnings, {infos} notes").format(
            errors=errors, warnings=warnings, infos=infos
        )
