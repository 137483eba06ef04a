"""Who is judging: the name every grade, decision, pool and rating is filed under.

The app never invents a name. The first time a person grades a passage,
decides a disagreement, makes a pool or rates an answer, :class:`NameDialog`
asks for their name once; it is kept in the settings, shown at the bottom of
the window (:class:`AssessorButton`) and changed there.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

#: the longest name kept (a name is a label in tables and the report, not a text)
MAX_NAME_LENGTH = 80


def clean_name(text: str) -> str:
    """A name as it is kept: spaces trimmed, control characters dropped, bounded."""
    kept = "".join(ch for ch in text if ch.isprintable())
    return " ".join(kept.split())[:MAX_NAME_LENGTH]


class NameDialog(QDialog):
    """Asks for the user's name; OK stays disabled until a name is typed."""

    def __init__(self, current: str = "", first_time: bool = True, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("assessorNameDialog")
        self.setModal(True)
        self._first_time = first_time
        root = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.edit = QLineEdit(current)
        self.edit.setObjectName("assessorNameEdit")
        self.edit.setMaxLength(MAX_NAME_LENGTH)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("assessorNameOk")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.edit.textChanged.connect(self._refresh)
        root.addWidget(self.intro)
        root.addWidget(self.edit)
        root.addWidget(self.buttons)
        self.retranslate()
        self._refresh()
        self.resize(max(self.sizeHint().width(), self.fontMetrics().averageCharWidth() * 60), 0)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Who is judging?"))
        if self._first_time:
            self.intro.setText(
                self.tr(
                    "Your grades, decisions, pools and ratings are recorded under your name, "
                    "so the report can say who decided what. What is your name? You can "
                    "change it later at the bottom of the window."
                )
            )
        else:
            self.intro.setText(
                self.tr(
                    "Grades, decisions, pools and ratings you give from now on are recorded "
                    "under this name (those already given keep theirs)."
                )
            )
        self.ok_button.setText(self.tr("OK"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _refresh(self) -> None:
        self.ok_button.setEnabled(bool(clean_name(self.edit.text())))

    def name(self) -> str:
        return clean_name(self.edit.text())


def ask_name(parent: QWidget | None, current: str = "", first_time: bool = True) -> str | None:
    """The name typed (None: the question was cancelled)."""
    dialog = NameDialog(current, first_time, parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.name() or None
    finally:
        dialog.deleteLater()


class AssessorButton(QPushButton):
    """"Judging as: name" at the bottom of the window; a click changes the name."""

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("assessorButton")
        self.setFlat(True)
        self.clicked.connect(self.change)
        state.assessor_changed.connect(lambda _name: self.retranslate())
        self.retranslate()

    def retranslate(self) -> None:
        name = self.state.assessor_name()
        if name:
            self.setText(self.tr("Judging as: {name}").format(name=name))
        else:
            self.setText(self.tr("Judging as: (no name yet)"))
        self.setToolTip(
            self.tr("Grades, decisions, pools and ratings are recorded under this name. Click to change it.")
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def change(self) -> None:
        current = self.state.assessor_name()
        name = ask_name(self.window(), current, first_time=not current)
        if name:
            self.state.set_assessor_name(name)
