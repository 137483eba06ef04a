"""Rename a system: a small dialog that says at once why a name cannot be used.

Opened from the Overview's systems table and the Start page's list (double-click
or the context menu). The name goes through ``state.rename_system`` (undoable,
kept in the project); a name another system has, or an empty one, is refused
with an explanation under the field, and Rename stays disabled.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model.korean import Word
from workbench.core.study import RenameRefused
from workbench.ui.state import AppState
from workbench.ui.system_labels import source_text


class RenameSystemDialog(QDialog):
    """Choose a new name for system ``name``; Rename applies it through the state."""

    def __init__(self, state: AppState, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.system = name
        self.info = state.study.system_info(name)
        self.setObjectName("renameSystemDialog")
        self.setModal(True)
        layout = QVBoxLayout(self)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setStyleSheet("color: palette(placeholder-text);")
        self.edit = QLineEdit(name)
        self.edit.setObjectName("newName")
        self.edit.selectAll()
        self.edit.textChanged.connect(self._check)
        self.problem = QLabel()
        self.problem.setObjectName("renameProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3261e;")
        self.buttons = QDialogButtonBox()
        self.rename_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.rename_button.setObjectName("renameButton")
        self.rename_button.setDefault(True)
        self.original_button: QPushButton | None = None
        if self.info is not None and self.info.name != self.info.original:
            self.original_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ResetRole)
            self.original_button.clicked.connect(self.use_file_name)
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.rename_button.clicked.connect(self.apply)
        self.cancel_button.clicked.connect(self.reject)
        for widget in (self.prompt, self.source, self.edit, self.problem, self.buttons):
            layout.addWidget(widget)
        self.retranslate()
        self.resize(max(self.sizeHint().width(), 420), self.sizeHint().height())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Rename a system"))
        self.prompt.setText(
            self.tr(
                "New name for {name}. The file is not changed; the project keeps the name."
            ).format(name=Word(self.system))
        )
        if self.info is not None:
            self.source.setText(
                self.tr("From {source}; called '{original}' in the file.").format(
                    source=source_text(self.info, self.state.study.system_infos()),
                    original=self.info.original,
                )
            )
        self.rename_button.setText(self.tr("Rename"))
        self.cancel_button.setText(self.tr("Cancel"))
        if self.original_button is not None and self.info is not None:
            self.original_button.setText(
                self.tr("Use the file's name ({original})").format(original=self.info.original)
            )
        self._check()

    def refusal(self, text: str) -> str:
        """Why ``text`` cannot be the new name ("" when it can)."""
        try:
            self.state.study.rename_edit(self.system, text)
        except RenameRefused as exc:
            if exc.reason == "empty":
                return self.tr("A system needs a name.")
            if exc.reason == "taken":
                return self.tr(
                    "Another system is already called {name}. Choose a name no other system has."
                ).format(name=Word(exc.name))
            return self.tr("This system is no longer loaded.")
        return ""

    def _check(self, *_: object) -> None:
        reason = self.refusal(self.edit.text())
        self.problem.setText(reason)
        self.problem.setVisible(bool(reason))
        self.rename_button.setEnabled(not reason)

    def apply(self) -> bool:
        """Rename (undoably) and close; False, with the reason shown, when refused."""
        text = self.edit.text().strip()
        if text == self.system:
            self.accept()
            return True
        try:
            self.state.rename_system(self.system, text)
        except RenameRefused:
            self._check()
            return False
        self.accept()
        return True

    def use_file_name(self) -> None:
        """Back to the name the file gives (when no other system has it)."""
        if self.info is None:
            return
        self.edit.setText(self.info.original)
        if not self.refusal(self.info.original):
            self.apply()


def open_rename_dialog(state: AppState, name: str, parent: QWidget) -> RenameSystemDialog | None:
    """Open the rename dialog for system ``name`` (window-modal, not blocking);
    None when no system has that name."""
    if state.study.system_info(name) is None:
        return None
    dialog = RenameSystemDialog(state, name, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
