"""The app's hold on the study: one :class:`~workbench.core.study.Study`, its
results, its undo stack, and signals for the pages.

Pages never compute and never change the study themselves: they read it
(``state.study`` and the read-only properties below) and ask the state to
change it. Every change that affects a number re-evaluates a snapshot of the
study in the background (:class:`~workbench.ui.workers.TaskRunner`),
cancelling an evaluation in flight. The user's edits (grades, resolutions,
notes, flags, system names) are typed records of the study
(:mod:`workbench.core.study`) pushed onto one undo stack shared by every page.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack

from workbench.core.model.korean import Word
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet
from workbench.core.protocol import answers as A
from workbench.core.protocol.calibration import (
    CalibrationRoundEdit,
    PracticeGradeEdit,
    PracticeGradesReadEdit,
)
from workbench.core.protocol.diagnosis import DiagnosisSettings, DiagnosisSettingsEdit
from workbench.core.protocol.manual import ManualEdit
from workbench.core.protocol.pool import CANNOT, PoolAddEdit, PoolMarkEdit, PoolRemoveEdit
from workbench.core.protocol.system_cards import CardEdit, SystemCard, card_text
from workbench.core.study import (
    Edit,
    GradeEdit,
    NoteEdit,
    RenameEdit,
    ResolutionEdit,
    Study,
)
from workbench.ui.workers import TaskRunner

#: QUndoCommand id of note edits, so consecutive edits of one question merge
NOTE_COMMAND_ID = 4711


def edit_text(edit: Edit) -> str:
    """What Edit ▸ Undo says for ``edit``, in the UI language (ids as :class:`Word`,
    so the Korean texts pick their particles)."""

    if isinstance(edit, GradeEdit):
        if edit.grade is None:
            return QCoreApplication.translate(
                "Edits", "Take back the grade of {passage} for {question}"
            ).format(passage=Word(edit.passage_id), question=Word(edit.question_id))
        return QCoreApplication.translate(
            "Edits", "Grade {passage} as {grade} for {question}"
        ).format(passage=Word(edit.passage_id), grade=edit.grade, question=Word(edit.question_id))
    if isinstance(edit, ResolutionEdit):
        if edit.grade is None:
            return QCoreApplication.translate(
                "Edits", "Return {passage} of {question} to the rule"
            ).format(passage=Word(edit.passage_id), question=Word(edit.question_id))
        return QCoreApplication.translate(
            "Edits", "Resolve {passage} of {question} as {grade}"
        ).format(
            passage=Word(edit.passage_id),
            question=Word(edit.question_id),
            grade=Word(str(edit.grade)),
        )
    if isinstance(edit, NoteEdit):
        if edit.before.flagged != edit.after.flagged:
            text = (
                QCoreApplication.translate("Edits", "Flag {question}")
                if edit.after.flagged
                else QCoreApplication.translate("Edits", "Unflag {question}")
            )
            return text.format(question=Word(edit.question_id))
        return QCoreApplication.translate("Edits", "Edit note of {question}").format(
            question=Word(edit.question_id)
        )
    if isinstance(edit, RenameEdit):
        return QCoreApplication.translate("Edits", "Rename {old} to {new}").format(
            old=Word(edit.before or edit.ref.original), new=Word(edit.after or edit.ref.original)
        )
    if isinstance(edit, CardEdit):
        if edit.after is None:
            return QCoreApplication.translate(
                "Edits", "Use the file's system card for {system}"
            ).format(system=Word(edit.ref.original))
        return QCoreApplication.translate("Edits", "Edit the system card of {system}").format(
            system=Word(edit.ref.original)
        )
    if isinstance(edit, DiagnosisSettingsEdit):
        return QCoreApplication.translate("Edits", "Change the diagnosis thresholds")
    if isinstance(edit, ManualEdit):
        if edit.after is None:
            return QCoreApplication.translate("Edits", "Go back to the default evaluation manual")
        return QCoreApplication.translate("Edits", "Edit the evaluation manual")
    if isinstance(edit, PoolAddEdit):
        return QCoreApplication.translate("Edits", "Make a judging pool for {assessor}").format(
            assessor=Word(edit.pool.assessor)
        )
    if isinstance(edit, PoolRemoveEdit):
        return QCoreApplication.translate("Edits", "Remove the judging pool of {assessor}").format(
            assessor=Word(edit.pool.assessor)
        )
    if isinstance(edit, CalibrationRoundEdit):
        return QCoreApplication.translate("Edits", "Start calibration round {round}").format(
            round=edit.pools[0].calibration_round if edit.pools else ""
        )
    if isinstance(edit, PracticeGradesReadEdit):
        return QCoreApplication.translate("Edits", "Read {n} calibration grades").format(
            n=edit.read
        )
    if isinstance(edit, PracticeGradeEdit):
        passage, question = Word(edit.item[1]), Word(edit.item[0])
        if edit.after is None:
            return QCoreApplication.translate(
                "Edits", "Take back the calibration grade of {passage} for {question}"
            ).format(passage=passage, question=question)
        return QCoreApplication.translate(
            "Edits", "Calibration grade {grade} for {passage} of {question}"
        ).format(grade=edit.after.grade, passage=passage, question=question)
    if isinstance(edit, PoolMarkEdit):
        passage, question = Word(edit.item[1]), Word(edit.item[0])
        if edit.after is None:
            return QCoreApplication.translate("Edits", "Unmark {passage} of {question}").format(
                passage=passage, question=question
            )
        if edit.after.state == CANNOT:
            return QCoreApplication.translate(
                "Edits", "Mark {passage} of {question} as cannot judge"
            ).format(passage=passage, question=question)
        return QCoreApplication.translate(
            "Edits", "Leave {passage} of {question} for later"
        ).format(passage=passage, question=question)
    if isinstance(edit, A.RatingEdit):
        # the blind mode names the answer by its column ("답변 B"), never the system
        answer = Word(edit.shown_as or edit.system)
        if edit.score is None:
            return QCoreApplication.translate(
                "Edits", "Take back the rating of {answer} for {question}"
            ).format(answer=answer, question=Word(edit.question_id))
        return QCoreApplication.translate(
            "Edits", "Rate {answer} for {question}: {criterion} {score}"
        ).format(
            answer=answer,
            question=Word(edit.question_id),
            criterion=Word(edit.criterion_name or edit.criterion),
            score=edit.score,
        )
    if isinstance(edit, A.RatingResolutionEdit):
        answer = Word(edit.shown_as or edit.system)
        if edit.score is None:
            return QCoreApplication.translate(
                "Edits", "Return the rating of {answer} for {question} to the rule"
            ).format(answer=answer, question=Word(edit.question_id))
        return QCoreApplication.translate(
            "Edits", "Resolve the rating of {answer} for {question} as {score}"
        ).format(answer=answer, question=Word(edit.question_id), score=Word(str(edit.score)))
    if isinstance(edit, A.RubricEdit):
        return QCoreApplication.translate("Edits", "Edit the rubric")
    if isinstance(edit, A.AnswerOptionsEdit):
        return QCoreApplication.translate("Edits", "Change the answer settings")
    return ""


def _assessor_from_settings() -> str:
    from workbench.ui.settings import Settings

    return Settings().assessor_name


def _store_assessor_in_settings(name: str) -> None:
    from workbench.ui.settings import Settings

    Settings().assessor_name = name


class EditCommand(QUndoCommand):
    """One edit of the study on the undo stack (redo applies it, undo takes it back)."""

    def __init__(self, state: AppState, edit: Edit) -> None:
        super().__init__(edit_text(edit))
        self.state = state
        self.edit = edit

    def id(self) -> int:  # noqa: A003 - Qt override
        if isinstance(self.edit, NoteEdit) and self.edit.before.flagged == self.edit.after.flagged:
            return NOTE_COMMAND_ID
        return -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt override
        """Consecutive note edits of one question are one undo step."""
        if not isinstance(other, EditCommand):
            return False
        a, b = self.edit, other.edit
        if not (isinstance(a, NoteEdit) and isinstance(b, NoteEdit)):
            return False
        if a.question_id != b.question_id:
            return False
        self.edit = a.merged_with(b)
        return True

    def redo(self) -> None:
        self.state.apply_edit(self.edit)

    def undo(self) -> None:
        self.state.revert_edit(self.edit)

    def retranslate(self) -> None:
        self.setText(edit_text(self.edit))


class AppState(QObject):
    #: the set of loaded files or systems changed (judgments replaced, run added,
    #: removed or renamed, a new study)
    data_changed = Signal()
    #: new results are ready (also emitted with None when data was cleared)
    results_changed = Signal(object)
    settings_changed = Signal(object)
    #: the user's work changed: grades, resolutions, notes, flags, names (autosave)
    work_changed = Signal()
    #: (busy, text) while an evaluation runs
    busy_changed = Signal(bool, str)
    #: an evaluation failed; the payload is the exception
    failed = Signal(object)
    #: an edit was taken back (Ctrl+Z); the payload is the edit, so a page can show it
    edit_undone = Signal(object)
    #: answer files were added or removed (the answers' own edits emit work_changed)
    answers_changed = Signal()
    #: a new study or a new judgments file: what a page chose on the old data —
    #: filters, selections, questions chosen on another page, a baseline — no
    #: longer applies, and every page starts afresh (emitted before data_changed)
    study_reset = Signal()
    #: the name grades, decisions, pools and ratings are filed under changed
    assessor_changed = Signal(str)

    def __init__(self, parent: QObject | None = None, study: Study | None = None) -> None:
        super().__init__(parent)
        self.runner = TaskRunner(self)
        self.study = study or Study()
        #: every page's edits, in the order they were made
        self.undo_stack = QUndoStack(self)
        self.undo_action, self.redo_action = self._undo_actions()
        self._name_undo_actions()
        self.results: Results | None = None
        #: the Compare page's latest comparisons (for the Overview marks and the report);
        #: cleared with every new result until the Compare page recomputes them
        self.comparisons: pd.DataFrame | None = None
        #: the name grades given in the app are saved under; a callable, so a change
        #: of the setting counts at once
        self.assessor_source: Callable[[], str] = _assessor_from_settings
        #: keeps a new name (the window keeps it in its settings)
        self.assessor_store: Callable[[str], None] = _store_assessor_in_settings
        #: asks the user's name when none is known (the window's question); None
        #: where there is no window to ask from, and then nothing is recorded
        self.assessor_prompt: Callable[[], str | None] | None = None

    # -- reading the study ------------------------------------------------------
    @property
    def judgment_set(self) -> JudgmentSet | None:
        return self.study.judgment_set

    @property
    def run_sets(self) -> list[RunSet]:
        return [src.run_set for src in self.study.run_sources]

    @property
    def settings(self) -> EvalSettings:
        return self.study.settings

    @property
    def added_grades(self) -> pd.DataFrame:
        return self.study.added_grades

    @property
    def resolutions(self) -> pd.DataFrame:
        """Hand resolutions made in the app (see ``study.resolutions_in_force()``)."""
        return self.study.resolutions

    @property
    def notes(self) -> dict[str, dict]:
        """question id → ``{"note", "flagged"}`` (a copy)."""
        return {q: n.to_dict() for q, n in self.study.notes.items()}

    @property
    def has_data(self) -> bool:
        return self.study.has_data

    @property
    def systems(self) -> list[str]:
        return self.study.systems

    def assessor_name(self) -> str:
        """The name grades, decisions, pools and ratings are filed under ("" until the
        user has given one: the app never invents a name)."""
        return (self.assessor_source() or "").strip()

    def set_assessor_name(self, name: str) -> None:
        name = name.strip()
        if not name or name == self.assessor_name():
            return
        self.assessor_store(name)
        self.assessor_changed.emit(name)

    def judging_as(self) -> str | None:
        """The user's name for a grade, decision, pool or rating about to be made:
        asked once (:attr:`assessor_prompt`) when none is known yet. None when the
        user declined to give one — then nothing is recorded."""
        name = self.assessor_name()
        if name:
            return name
        if self.assessor_prompt is None:
            return None
        given = (self.assessor_prompt() or "").strip()
        if not given:
            return None
        self.set_assessor_name(given)
        return self.assessor_name() or None

    def note(self, question_id: str) -> str:
        return self.study.note_of(question_id).note

    def is_flagged(self, question_id: str) -> bool:
        return self.study.note_of(question_id).flagged

    def resolution_of(self, question_id: str, passage_id: str) -> dict | None:
        """The hand resolution in force for an item (file or app), or None."""
        return self.study.resolution_of(question_id, passage_id)

    # -- changing what is loaded (not undoable) -----------------------------------
    def set_study(self, study: Study) -> None:
        """Replace the whole study (a project opened, the demo, a clean start)."""
        self.runner.cancel("evaluate")
        old_settings = self.study.settings
        self.study = study
        self.undo_stack.clear()
        self.results = None
        self.comparisons = None
        if study.settings != old_settings:
            self.settings_changed.emit(study.settings)
        self.study_reset.emit()
        self.data_changed.emit()
        self.work_changed.emit()
        self.results_changed.emit(None)
        self.recompute()

    def set_judgments(
        self, judgment_set: JudgmentSet, options: dict | None = None, keep_work: bool = False
    ) -> None:
        """Use these judgments. Judgments already loaded are replaced together with
        the work done on them (grades given in the app, hand resolutions, notes)
        unless ``keep_work`` (the user asked to keep it, e.g. for a corrected copy of
        the same file); the runs and the systems' names stay. Every page starts
        afresh (:attr:`study_reset`)."""
        self.runner.cancel("evaluate")
        replaced = self.study.judgment_set is not None
        if replaced and not keep_work:
            self.study.remove_judgments()
            self.undo_stack.clear()
        self.study.set_judgments(judgment_set, options)
        had_results = self.results is not None
        self.results = None
        self.comparisons = None
        self.study_reset.emit()
        self.data_changed.emit()
        if replaced and not keep_work:
            self.work_changed.emit()
        if had_results:  # the old numbers go at once; the new ones follow
            self.results_changed.emit(None)
        self.recompute()

    def add_judgments(self, judgment_set: JudgmentSet, options: dict | None = None) -> None:
        """Add another judgments file (another assessor's) to those loaded. Raises
        :class:`~workbench.core.model.problems.InputError` (nothing changes) when an
        assessor graded an item differently in two files."""
        self.study.add_judgments(judgment_set, options)
        self.data_changed.emit()
        self.recompute()

    def remove_judgment_source(self, source_id: int) -> None:
        """Forget one judgments file; with the last one, as :meth:`remove_judgments`."""
        if len(self.study.judgment_sources) <= 1:
            self.remove_judgments()
            return
        if self.study.remove_judgment_source(source_id):
            self.data_changed.emit()
            self.recompute()

    def add_runs(
        self,
        run_set: RunSet,
        options: dict | None = None,
        names: dict[str, str] | None = None,
        replace: list[str] | tuple[str, ...] = (),
    ) -> None:
        """Add a run file. ``names``: the file's systems the user named; ``replace``:
        the study's systems the new file takes the place of (taken out first)."""
        for name in replace:
            self.study.remove_system(name)
        self.study.add_runs(run_set, options, names=names)
        self.data_changed.emit()
        self.recompute()

    def remove_judgments(self) -> None:
        """Forget the judgments file (and the grades and notes given on it); the
        runs stay, the scores go."""
        self.runner.cancel("evaluate")
        self.study.remove_judgments()
        self.undo_stack.clear()
        self.results = None
        self.data_changed.emit()
        self.work_changed.emit()
        self.results_changed.emit(None)

    def remove_system(self, system: str) -> None:
        if self.study.remove_system(system):
            self.data_changed.emit()
            self.recompute()

    def clear(self) -> None:
        self.runner.cancel("evaluate")
        self.study.clear()
        self.undo_stack.clear()
        self.results = None
        self.comparisons = None
        self.study_reset.emit()
        self.data_changed.emit()
        self.work_changed.emit()
        self.results_changed.emit(None)

    def set_settings(self, settings: EvalSettings) -> None:
        if settings == self.study.settings:
            return
        self.study.set_settings(settings)
        self.settings_changed.emit(settings)
        self.recompute()

    # -- evaluation -------------------------------------------------------------------
    def recompute(self) -> None:
        if not self.study.has_data:
            if self.results is not None:
                self.results = None
                self.results_changed.emit(None)
            return
        self.busy_changed.emit(True, self.tr("Computing scores…"))
        # a snapshot: the user may go on editing while the worker evaluates
        handle = self.runner.start("evaluate", _evaluated, self.study.snapshot())
        handle.finished.connect(self._on_results)
        handle.failed.connect(self._on_failed)

    def _on_results(self, results: Results) -> None:
        self.results = results
        self.comparisons = None
        self.busy_changed.emit(False, "")
        self.results_changed.emit(results)

    def _on_failed(self, exc: Exception) -> None:
        self.busy_changed.emit(False, "")
        self.failed.emit(exc)

    # -- the user's work (undoable) ----------------------------------------------------
    def push(self, edit: Edit) -> Edit:
        """Apply ``edit`` through the undo stack (Ctrl+Z takes it back)."""
        self.undo_stack.push(EditCommand(self, edit))
        return edit

    def apply_edit(self, edit: Edit) -> None:
        self.study.apply(edit)
        self._edited(edit)

    def revert_edit(self, edit: Edit) -> None:
        self.study.revert(edit)
        self._edited(edit)
        self.edit_undone.emit(edit)

    def _edited(self, edit: Edit) -> None:
        if edit.changes_systems:
            self.data_changed.emit()
        self.work_changed.emit()
        if edit.changes_scores:
            self.recompute()

    def grade(
        self,
        question_id: str,
        passage_id: str,
        grade: int | None,
        reason: str = "",
        resolve: bool = False,
    ) -> Edit | None:
        """Give (None: take back) this user's grade of a passage, undoably.

        The grade is one more assessor's judgment, so it joins the resolution
        policy like any other; ``resolve`` (re-grading a passage others judged)
        also resolves the item by hand with it, so it wins over the policy.
        """
        who = self.judging_as()
        if who is None:
            return None
        edit = self.study.grade_edit(
            question_id, passage_id, grade, assessor=who, reason=reason, resolve=resolve
        )
        return self.push(edit)

    def resolve_item(
        self, question_id: str, passage_id: str, grade: int, reason: str = ""
    ) -> Edit | None:
        """Resolve an item by hand (undoably): this grade wins over the policy.
        The assessors' own grades are untouched (they stay: the dissent record)."""
        who = self.judging_as()
        if who is None:
            return None
        edit = self.study.resolution_edit(question_id, passage_id, grade, by=who, reason=reason)
        return self.push(edit)

    def unresolve_item(self, question_id: str, passage_id: str) -> Edit | None:
        """Return an item to the policy (undoably), also one resolved in the file."""
        who = self.judging_as()
        if who is None:
            return None
        edit = self.study.resolution_edit(question_id, passage_id, None, by=who)
        return self.push(edit)

    def set_note(self, question_id: str, text: str) -> Edit | None:
        if text == self.note(question_id):
            return None
        return self.push(self.study.note_edit(question_id, note=text))

    def set_flag(self, question_id: str, flagged: bool) -> Edit | None:
        if bool(flagged) == self.is_flagged(question_id):
            return None
        return self.push(self.study.note_edit(question_id, flagged=bool(flagged)))

    def set_card(self, name: str, card: SystemCard | None) -> Edit | None:
        """Give system ``name`` this card (None: back to its file's card), undoably."""
        edit = self.study.card_edit(name, card)
        if edit.after == edit.before:
            return None
        return self.push(edit)

    def set_diagnosis_settings(self, settings: DiagnosisSettings) -> Edit | None:
        """New diagnosis thresholds (undoable); the diagnosis is read again."""
        if settings == self.study.diagnosis_settings:
            return None
        return self.push(self.study.diagnosis_edit(settings))

    def system_tooltip(self, name: str) -> str:
        """What a system's name shows on hover, in the UI language: where it comes
        from (:func:`workbench.ui.system_labels.system_tooltip`) and its system card."""
        from workbench.ui.i18n import current_language
        from workbench.ui.system_labels import system_tooltip

        infos = self.study.system_infos()
        info = next((i for i in infos if i.name == name), None)
        card = self.study.card_of(name)
        if info is None:
            return card_text(name, card, current_language())
        return system_tooltip(info, infos, card=card)

    def rename_system(self, name: str, new_name: str | None) -> Edit:
        """Rename a system (undoably); raises
        :class:`~workbench.core.study.RenameRefused` for a taken or empty name."""
        return self.push(self.study.rename_edit(name, new_name))

    # -- answers --------------------------------------------------------------------------
    def add_answer_file(
        self,
        file: A.AnswerFile,
        options: dict | None = None,
        names: dict[str, str] | None = None,
        refs: dict | None = None,
    ) -> None:
        """Add an answers / ratings file (not undoable, like any loaded file)."""
        self.study.answers.add_source(file, options, names, refs)
        self.answers_changed.emit()
        self.work_changed.emit()

    def remove_answer_files(self) -> None:
        """Forget the answer files; the ratings given in the app and the rubric stay."""
        self.study.answers.clear_files()
        self.answers_changed.emit()
        self.work_changed.emit()

    def rate(
        self,
        question_id: str,
        system: str,
        criterion: str,
        score: int | None,
        note: str | None = None,
        shown_as: str = "",
        criterion_name: str = "",
    ) -> Edit:
        """This user's rating of one criterion of an answer (undoable)."""
        from workbench.core.study import now_text

        who = self.judging_as()
        if who is None:
            return None
        edit = A.rating_edit(
            self.study,
            question_id,
            system,
            criterion,
            score,
            assessor=who,
            note=note,
            time=now_text(),
            shown_as=shown_as,
            criterion_name=criterion_name,
        )
        return self.push(edit)

    def resolve_rating(
        self, question_id: str, system: str, criterion: str, score: int | None, reason: str = ""
    ) -> Edit | None:
        """Resolve the raters' disagreement on an item by hand (None: back to the rule)."""
        from workbench.core.study import now_text

        who = self.judging_as()
        if who is None:
            return None
        edit = A.rating_resolution_edit(
            self.study,
            question_id,
            system,
            criterion,
            score,
            by=who,
            reason=reason,
            time=now_text(),
        )
        return self.push(edit)

    def set_rubric(self, rubric: A.Rubric | None) -> Edit | None:
        if rubric == self.study.answers.rubric:
            return None
        return self.push(A.rubric_edit(self.study, rubric))

    def set_answer_options(self, **changes) -> Edit | None:
        edit = A.options_edit(self.study, **changes)
        if edit.after == edit.before:
            return None
        return self.push(edit)

    def _undo_actions(self) -> tuple[QAction, QAction]:
        """Undo and Redo for every page: each page adds them, so Ctrl+Z works where
        the user is (the shortcut counts within the page that has the focus)."""
        undo, redo = QAction(self), QAction(self)
        undo.setObjectName("action:undo")
        redo.setObjectName("action:redo")
        undo.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        redo_keys = [QKeySequence("Ctrl+Shift+Z")]
        for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo):
            if key not in redo_keys:
                redo_keys.append(key)
        redo.setShortcuts(redo_keys)
        for action in (undo, redo):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.triggered.connect(self.undo_stack.undo)
        redo.triggered.connect(self.undo_stack.redo)
        undo.setEnabled(False)
        redo.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(undo.setEnabled)
        self.undo_stack.canRedoChanged.connect(redo.setEnabled)
        self.undo_stack.undoTextChanged.connect(self._name_undo_actions)
        self.undo_stack.redoTextChanged.connect(self._name_undo_actions)
        return undo, redo

    def _name_undo_actions(self, *_: object) -> None:
        undo_text, redo_text = self.undo_stack.undoText(), self.undo_stack.redoText()
        self.undo_action.setText(QCoreApplication.translate("Edits", "Undo"))
        self.redo_action.setText(QCoreApplication.translate("Edits", "Redo"))
        self.undo_action.setToolTip(
            QCoreApplication.translate("Edits", "Undo: {what} (Ctrl+Z)").format(what=undo_text)
            if undo_text
            else QCoreApplication.translate("Edits", "Undo")
        )
        self.redo_action.setToolTip(
            QCoreApplication.translate("Edits", "Redo: {what} (Ctrl+Shift+Z)").format(
                what=redo_text
            )
            if redo_text
            else QCoreApplication.translate("Edits", "Redo")
        )

    def retranslate(self) -> None:
        """Undo texts in the UI language (after a language switch)."""
        for i in range(self.undo_stack.count()):
            command = self.undo_stack.command(i)
            if isinstance(command, EditCommand):
                command.retranslate()
        self._name_undo_actions()


def _evaluated(study: Study, progress=None, cancelled=None) -> Results:
    """The evaluation task: ``study`` evaluated, and the views the pages show as soon
    as the scores arrive made here in the worker, not on the window's thread."""
    from workbench.core.measures.chart_data import prepare_views

    return prepare_views(study.evaluate(progress=progress, cancelled=cancelled))
