"""Undoable user work on the Question review page: grades, flags, notes.

Each command calls :class:`~workbench.ui.state.AppState`, which records the
change, emits ``work_changed`` (autosave) and re-evaluates in the background.
The page owns one :class:`QUndoStack`; Ctrl+Z / Ctrl+Shift+Z walk it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from workbench.ui.state import AppState

#: QUndoCommand ids for merging consecutive note edits of one question
NOTE_COMMAND_ID = 4711


class GradeCommand(QUndoCommand):
    """Grade (or re-grade) one passage of one question."""

    def __init__(
        self,
        state: AppState,
        question_id: str,
        passage_id: str,
        grade: int,
        reason: str = "",
        resolve: bool = False,
    ) -> None:
        super().__init__(
            QCoreApplication.translate(
                "Grading", "Grade {passage} as {grade} for {question}"
            ).format(passage=passage_id, grade=grade, question=question_id)
        )
        self.state = state
        self.question_id = question_id
        self.passage_id = passage_id
        self.grade = int(grade)
        self.reason = reason
        self.resolve = resolve
        self._token: dict | None = None

    def redo(self) -> None:
        self._token = self.state.add_grade(
            self.question_id, self.passage_id, self.grade, self.reason, resolve=self.resolve
        )

    def undo(self) -> None:
        self.state.remove_added_grade(self.question_id, self.passage_id, token=self._token)


class FlagCommand(QUndoCommand):
    def __init__(self, state: AppState, question_id: str, flagged: bool) -> None:
        super().__init__(
            QCoreApplication.translate("Grading", "Flag {question}")
            if flagged
            else QCoreApplication.translate("Grading", "Unflag {question}")
        )
        self.setText(self.text().format(question=question_id))
        self.state = state
        self.question_id = question_id
        self.flagged = bool(flagged)
        self.before = state.is_flagged(question_id)

    def redo(self) -> None:
        self.state.set_flag(self.question_id, self.flagged)

    def undo(self) -> None:
        self.state.set_flag(self.question_id, self.before)


class NoteCommand(QUndoCommand):
    """Set a question's note; consecutive edits of one question merge."""

    def __init__(self, state: AppState, question_id: str, text: str) -> None:
        super().__init__(
            QCoreApplication.translate("Grading", "Edit note of {question}").format(
                question=question_id
            )
        )
        self.state = state
        self.question_id = question_id
        self.text_after = text
        self.text_before = state.note(question_id)

    def id(self) -> int:  # noqa: A003 - Qt override
        return NOTE_COMMAND_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt override
        if not isinstance(other, NoteCommand) or other.question_id != self.question_id:
            return False
        self.text_after = other.text_after
        return True

    def redo(self) -> None:
        self.state.set_note(self.question_id, self.text_after)

    def undo(self) -> None:
        self.state.set_note(self.question_id, self.text_before)
