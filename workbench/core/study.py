"""The study: what was loaded, every choice, and the user's work — one owner for all.

A :class:`Study` holds

- the judgments read from a file (:class:`~workbench.core.model.schema.JudgmentSet`)
  and the run files (:class:`RunSource`: a :class:`RunSet` and how it was read);
- the evaluation settings (:class:`~workbench.core.model.schema.EvalSettings`);
- the user's work: grades given in the app, grades resolved by hand, notes and
  flags per question, and the names the user gave systems.

Every consumer — the scores, the Question review, the Agreement page, the
exports, the report and the command line — asks the study for the facts
below instead of working them out itself, so they cannot disagree:

- :meth:`Study.judgments_in_force`: the file's judgments plus the grades given
  in the app; a grade given in the app replaces the same assessor's earlier
  grade of the same (question, passage).
- :meth:`Study.resolutions_in_force`: the hand resolutions read from the file
  (``조정`` sheet) and those made in the app, one per item — the app's wins —
  with who decided (``by``), why, when, and where it was made (``origin``).
- :meth:`Study.qrels`: one grade per (question, passage): the resolution
  policy over the judgments in force, hand resolutions winning.
- :attr:`Study.judgment_set`: the judgments files together
  (:class:`JudgmentSource`, one per file — typically one per assessor — merged
  by :func:`~workbench.core.io.merge.merge_judgment_sets`; a file without an
  assessor column can be given the assessor's name, ``ReadOptions.assessor``).
- :meth:`Study.manual_in_force`: the evaluation manual — edited in the app,
  else the judgments file's 매뉴얼 sheet, else the seed table
  (:mod:`workbench.core.protocol.manual`).
- :attr:`Study.pools`: the judging pools (:mod:`workbench.core.protocol.pool`).
- :attr:`Study.systems` and :meth:`Study.runs`: every system under one unique
  name. A system keeps the name its file gives unless another loaded system
  has it already; then it is called ``NAME (2)`` (with a warning) until the
  clash is gone or the user names it.

Edits are typed records (:class:`GradeEdit`, :class:`ResolutionEdit`,
:class:`NoteEdit`, :class:`RenameEdit`, and any type with ``apply_to`` /
``revert_from``, see :class:`Edit`): a ``*_edit`` method describes the change
— capturing what it replaces — and :meth:`Study.apply` / :meth:`Study.revert`
carry it out or take it back, so an undo stack only keeps records. Edits never change a frame in place (every change builds new
frames), so :meth:`Study.snapshot` can hand a consistent copy to a worker
thread while the user goes on working.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pandas as pd

from workbench.core.io.merge import merge_judgment_sets, name_assessor
from workbench.core.io.options import ReadOptions
from workbench.core.io.runs import concat_runs, rename_systems
from workbench.core.measures.agreement import resolve_grades
from workbench.core.measures.by_assessor import ByAssessor, rankings_by_assessor
from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.unjudged_bounds import unjudged_bounds
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Progress
from workbench.core.model.korean import josa
from workbench.core.model.problems import InputError, Problem, warning
from workbench.core.model.refs import (
    FROM_APP,
    FROM_FILE,
    Item,
    SystemRef,
    now_text,
)
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet, setting_ok
from workbench.core.protocol.diagnosis import DiagnosisSettings, DiagnosisSettingsEdit
from workbench.core.protocol.system_cards import (
    CardEdit,
    SystemCard,
    cards_from_project,
    cards_to_project,
    comparability_warnings,
)

# the project file, the manual, the pools and the answers are imported where they
# are used: a plain evaluation (`workbench eval`) needs none of them, and their
# modules cost its start-up ~0.05 s while the run file is being read
if TYPE_CHECKING:
    from workbench.core.io.project import Project, ProjectSource
    from workbench.core.protocol.answers import AnswerWork
    from workbench.core.protocol.manual import Manual, ManualEdit
    from workbench.core.protocol.pool import PoolWork

#: grades given in the app: the judgment columns, when, and why
ADDED_GRADE_COLUMNS = [*s.JUDGMENT_COLUMNS, "time", "reason"]
#: hand resolutions in force: who decided (``by``), why, when, and ``origin``
RESOLUTION_IN_FORCE_COLUMNS = [*s.RESOLUTION_COLUMNS, "origin"]

#: the project file's section of the manual edited in the app
MANUAL_SECTION = "manual"
#: project sections of the system cards typed in the app and of the diagnosis thresholds
CARDS_SECTION = "system_cards"
DIAGNOSIS_SECTION = "diagnosis"





def _empty(columns: Sequence[str]) -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})


def _records(frame: pd.DataFrame) -> tuple[dict, ...]:
    return tuple(frame.to_dict("records"))


def _with_rows(frame: pd.DataFrame, rows: Sequence[dict], columns: Sequence[str]) -> pd.DataFrame:
    """``frame`` with ``rows`` appended (a new frame; ``frame`` is not changed)."""
    if not rows:
        return frame
    extra = pd.DataFrame(list(rows), columns=list(columns))
    if not len(frame):
        return extra.reset_index(drop=True)
    return pd.concat([frame, extra], ignore_index=True)


def _item_mask(frame: pd.DataFrame, question_id: str, passage_id: str) -> pd.Series:
    return (frame[s.QID] == question_id) & (frame[s.PID] == passage_id)




@dataclass(frozen=True)
class RunSource:
    """One run file in the study: what was read and how (``options``: the
    confirmed column ``mappings`` and ``sheets``, kept for the project file)."""

    id: int
    run_set: RunSet
    options: ReadOptions = field(default_factory=ReadOptions)

    @property
    def file(self) -> s.SourceFile | None:
        return self.run_set.sources[0] if self.run_set.sources else None


@dataclass(frozen=True)
class JudgmentSource:
    """One judgments file in the study: what was read (with the assessor's name
    given to its unnamed rows, ``options.assessor``) and how (``options``)."""

    id: int
    judgment_set: JudgmentSet
    options: ReadOptions = field(default_factory=ReadOptions)

    @property
    def file(self) -> s.SourceFile | None:
        return self.judgment_set.sources[0] if self.judgment_set.sources else None


@dataclass(frozen=True)
class SystemInfo:
    """What a systems list shows: the name in the study, where it comes from,
    and whether the study renamed it (``automatic``) or the user did."""

    name: str
    ref: SystemRef
    file: str
    path: str
    sheet: str | None
    renamed_by_user: bool

    @property
    def original(self) -> str:
        return self.ref.original

    @property
    def renamed_automatically(self) -> bool:
        return not self.renamed_by_user and self.name != self.ref.original


# -- notes ----------------------------------------------------------------------------
@dataclass(frozen=True)
class QuestionNote:
    """The user's note and flag on one question."""

    note: str = ""
    flagged: bool = False

    @property
    def empty(self) -> bool:
        return not self.note and not self.flagged

    def to_dict(self) -> dict:
        return {"note": self.note, "flagged": self.flagged}


# -- edits ----------------------------------------------------------------------------
@dataclass(frozen=True)
class GradeEdit:
    """A grade given in the app (``grade`` None: the grade taken away).

    ``resolve``: the grade also resolves the item by hand (re-grading a passage
    others judged), so it wins over the policy. ``replaced_grades`` /
    ``replaced_resolutions``: the rows the edit replaces, put back by revert.
    """

    changes_scores: ClassVar[bool] = True
    changes_systems: ClassVar[bool] = False

    question_id: str
    passage_id: str
    assessor: str
    grade: int | None
    reason: str = ""
    time: str = ""
    resolve: bool = False
    replaced_grades: tuple[dict, ...] = ()
    replaced_resolutions: tuple[dict, ...] = ()

    def apply_to(self, study: Study) -> None:
        study._set_grade(self, undo=False)

    def revert_from(self, study: Study) -> None:
        study._set_grade(self, undo=True)


@dataclass(frozen=True)
class ResolutionEdit:
    """A hand resolution of an item (``grade`` None: back to the policy)."""

    changes_scores: ClassVar[bool] = True
    changes_systems: ClassVar[bool] = False

    question_id: str
    passage_id: str
    grade: int | None
    by: str = ""
    reason: str = ""
    time: str = ""
    replaced: tuple[dict, ...] = ()

    def apply_to(self, study: Study) -> None:
        study._set_resolution(self, undo=False)

    def revert_from(self, study: Study) -> None:
        study._set_resolution(self, undo=True)


@dataclass(frozen=True)
class NoteEdit:
    """A question's note and flag, before and after."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    question_id: str
    before: QuestionNote
    after: QuestionNote

    def merged_with(self, later: NoteEdit) -> NoteEdit:
        """This edit followed by ``later`` (the same question) as one edit."""
        return NoteEdit(self.question_id, self.before, later.after)

    def apply_to(self, study: Study) -> None:
        study._set_note(self.question_id, self.after)

    def revert_from(self, study: Study) -> None:
        study._set_note(self.question_id, self.before)


@dataclass(frozen=True)
class RenameEdit:
    """A system's name chosen by the user (``after`` None: the automatic name)."""

    changes_scores: ClassVar[bool] = True
    changes_systems: ClassVar[bool] = True

    ref: SystemRef
    before: str | None
    after: str | None

    def apply_to(self, study: Study) -> None:
        study._set_name(self.ref, self.after)

    def revert_from(self, study: Study) -> None:
        study._set_name(self.ref, self.before)


class Edit(Protocol):
    """A change of the user's work: frozen, carrying what it replaces, so that
    :meth:`Study.revert` can take it back. Features add their own edit types
    (an answer rating, a pool judgment …) by implementing these two methods
    and saying whether the edit changes the scores (re-evaluate) or the
    systems' names (lists to refresh)."""

    changes_scores: ClassVar[bool]
    changes_systems: ClassVar[bool]

    def apply_to(self, study: Study) -> None: ...

    def revert_from(self, study: Study) -> None: ...


class RenameRefused(ValueError):
    """A system cannot take that name: ``reason`` is ``"empty"`` (no name),
    ``"taken"`` (another system has it; ``name`` is that name) or ``"unknown"``
    (no system is called ``name``), so the app can explain it in its language."""

    def __init__(self, message: str, reason: str = "taken", name: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.name = name


# -- the study ----------------------------------------------------------------------
class Study:
    """Everything loaded, every choice and all the user's work (see the module doc)."""

    def __init__(self, settings: EvalSettings | None = None) -> None:
        #: the judgments files together (None: none loaded); see judgment_sources
        self.judgment_set: JudgmentSet | None = None
        #: every judgments file, in the order loaded (typically one per assessor)
        self.judgment_sources: list[JudgmentSource] = []
        self.run_sources: list[RunSource] = []
        self.settings: EvalSettings = settings or EvalSettings()
        #: grades given in the app (ADDED_GRADE_COLUMNS)
        self.added_grades: pd.DataFrame = _empty(ADDED_GRADE_COLUMNS)
        #: grades resolved by hand in the app (RESOLUTION_COLUMNS); see resolutions_in_force
        self.resolutions: pd.DataFrame = _empty(s.RESOLUTION_COLUMNS)
        self.notes: dict[str, QuestionNote] = {}
        #: names the user chose, by system
        self.chosen_names: dict[SystemRef, str] = {}
        #: system cards typed in the app, by system (they replace the file's card)
        self.system_cards: dict[SystemRef, SystemCard] = {}
        #: the thresholds of the diagnosis (:mod:`workbench.core.protocol.diagnosis`)
        self.diagnosis_settings: DiagnosisSettings = DiagnosisSettings()
        #: the evaluation manual edited in the app (None: the file's, else the seed table)
        self.manual: Manual | None = None
        # the judging pools and the answer work, made on first use (see pools, answers)
        self._pools: PoolWork | None = None
        self._answers: AnswerWork | None = None
        self._next_source = 1
        self._next_judgment_source = 0

    @property
    def pools(self) -> PoolWork:
        """The judging pools (:mod:`workbench.core.protocol.pool`); made on first
        use, so a study that never asks for them does not import that module."""
        if self._pools is None:
            from workbench.core.protocol.pool import PoolWork

            self._pools = PoolWork()
        return self._pools

    @pools.setter
    def pools(self, work: PoolWork) -> None:
        self._pools = work

    @property
    def answers(self) -> AnswerWork:
        """What the systems answered, its ratings and the rubric
        (:mod:`workbench.core.protocol.answers`); made on first use, as :attr:`pools`."""
        if self._answers is None:
            from workbench.core.protocol.answers import AnswerWork

            self._answers = AnswerWork()
        return self._answers

    @answers.setter
    def answers(self, work: AnswerWork) -> None:
        self._answers = work

    # == loading ===================================================================
    @property
    def has_data(self) -> bool:
        return self.judgment_set is not None and bool(self.run_sources)

    @property
    def is_empty(self) -> bool:
        return self.judgment_set is None and not self.run_sources

    @property
    def has_work(self) -> bool:
        """The user gave grades, resolved items, wrote notes, named systems, typed
        system cards or changed the diagnosis thresholds."""
        return bool(
            len(self.added_grades)
            or len(self.resolutions)
            or self.notes
            or self.chosen_names
            or self.system_cards
            or not self.diagnosis_settings.is_default
            or self.manual is not None
            # pools and answers not made yet hold no work (and are not made to say so)
            or self._pools
            or (self._answers is not None and self._answers.has_work)
        )

    @property
    def judgment_options(self) -> ReadOptions:
        """How the (first) judgments file was read, for the project file."""
        return self.judgment_sources[0].options if self.judgment_sources else ReadOptions()

    @judgment_options.setter
    def judgment_options(self, options: ReadOptions | dict | None) -> None:
        if self.judgment_sources:
            first = self.judgment_sources[0]
            self.judgment_sources = [
                JudgmentSource(first.id, first.judgment_set, ReadOptions.from_dict(options)),
                *self.judgment_sources[1:],
            ]

    def _judgment_source(
        self, judgment_set: JudgmentSet, options: ReadOptions | dict | None
    ) -> JudgmentSource:
        options = ReadOptions.from_dict(options)
        named = name_assessor(judgment_set, options.assessor)
        # numbered apart from the run files, whose ids name their systems
        self._next_judgment_source += 1
        return JudgmentSource(self._next_judgment_source, named, options)

    def judgment_work(self) -> tuple[int, int, int]:
        """The work done on the judgments, which replacing them drops: (grades given
        in the app, hand resolutions, questions with a note or a flag)."""
        return len(self.added_grades), len(self.resolutions), len(self.notes)

    def set_judgments(
        self, judgment_set: JudgmentSet | None, options: ReadOptions | dict | None = None
    ) -> None:
        """The judgments of one file replace every judgments file loaded
        (``options.assessor``: the name given to rows without an assessor)."""
        if judgment_set is None:
            self.judgment_sources = []
            self.judgment_set = None
            return
        source = self._judgment_source(judgment_set, options)
        self.judgment_sources = [source]
        self.judgment_set = source.judgment_set

    def merged_with(
        self, judgment_set: JudgmentSet, options: ReadOptions | dict | None = None
    ) -> JudgmentSet:
        """The judgments loaded with one more file (nothing changes). Raises
        :class:`~workbench.core.model.problems.InputError` when an assessor graded an
        item differently in two files."""
        named = name_assessor(judgment_set, ReadOptions.from_dict(options).assessor)
        return merge_judgment_sets([*(src.judgment_set for src in self.judgment_sources), named])

    def add_judgments(
        self, judgment_set: JudgmentSet, options: ReadOptions | dict | None = None
    ) -> JudgmentSource:
        """Add one more judgments file (another assessor's) to those loaded.

        Raises :class:`~workbench.core.model.problems.InputError` (the study
        unchanged) when an assessor graded an item differently in two files."""
        source = self._judgment_source(judgment_set, options)
        sets = [*(src.judgment_set for src in self.judgment_sources), source.judgment_set]
        merged = merge_judgment_sets(sets)
        self.judgment_sources = [*self.judgment_sources, source]
        self.judgment_set = merged
        return source

    def remove_judgment_source(self, source_id: int) -> bool:
        """Take one judgments file out; the work stays (the last file: as
        :meth:`remove_judgments`). False when no file has that id."""
        kept = [src for src in self.judgment_sources if src.id != source_id]
        if len(kept) == len(self.judgment_sources):
            return False
        if not kept:
            self.remove_judgments()
            return True
        self.judgment_sources = kept
        # the files were merged before, so they merge again
        self.judgment_set = merge_judgment_sets([src.judgment_set for src in kept])
        return True

    def add_runs(
        self,
        run_set: RunSet,
        options: ReadOptions | dict | None = None,
        names: dict[str, str] | None = None,
    ) -> RunSource:
        """Add a run file. ``names``: file name → name chosen by the user (from a
        project). A name another system has is not taken (the system is then
        named automatically). Returns the new source."""
        source = RunSource(self._next_source, run_set, ReadOptions.from_dict(options))
        self._next_source += 1
        self.run_sources = [*self.run_sources, source]
        if names:
            chosen = dict(self.chosen_names)
            taken = set(self.systems)
            for original, name in names.items():
                name = str(name).strip()
                if original in run_set.systems and name and name not in taken:
                    chosen[SystemRef(source.id, original)] = name
                    taken.add(name)
            self.chosen_names = chosen
        return source

    def remove_judgments(self) -> None:
        """Take the judgments out, with the work done on them (grades, hand
        resolutions, notes); the runs and their names stay."""
        self.judgment_set = None
        self.judgment_sources = []
        self.added_grades = _empty(ADDED_GRADE_COLUMNS)
        self.resolutions = _empty(s.RESOLUTION_COLUMNS)
        self.notes = {}

    def remove_system(self, name: str) -> bool:
        """Take a system out of the study (its file stays as it is). False when
        no system has that name."""
        info = self.system_info(name)
        if info is None:
            return False
        kept: list[RunSource] = []
        for src in self.run_sources:
            if src.id == info.ref.source:
                runs = src.run_set.runs
                left = runs[runs[s.SYSTEM] != info.ref.original]
                if not len(left):
                    continue
                rs = src.run_set
                src = RunSource(
                    src.id, RunSet(left, rs.sources, rs.problems, rs.system_sheets), src.options
                )
            kept.append(src)
        self.run_sources = kept
        self.chosen_names = {r: n for r, n in self.chosen_names.items() if r != info.ref}
        self.system_cards = {r: c for r, c in self.system_cards.items() if r != info.ref}
        return True

    def clear(self) -> None:
        """Forget the files and the work done on them; the settings (and the
        diagnosis thresholds) stay."""
        fresh = Study(self.settings)
        fresh.diagnosis_settings = self.diagnosis_settings
        fresh._next_source = self._next_source  # ids are never reused
        fresh._next_judgment_source = self._next_judgment_source
        self.__dict__.update(fresh.__dict__)

    def snapshot(self) -> Study:
        """A copy that shares the (never changed in place) frames: safe to give a
        worker thread while this study goes on changing."""
        other = copy.copy(self)
        other.run_sources = list(self.run_sources)
        other.notes = dict(self.notes)
        other.chosen_names = dict(self.chosen_names)
        other.system_cards = dict(self.system_cards)
        other.judgment_sources = list(self.judgment_sources)
        if self._answers is not None:  # else each makes its own on first use
            other.answers = self._answers.copy()
        return other

    def set_settings(self, settings: EvalSettings) -> None:
        self.settings = settings

    # == systems ===================================================================
    def system_infos(self) -> list[SystemInfo]:
        """Every system in the order the files were added, with its unique name.

        Names the user chose come first; a system keeps its file's name unless
        that is taken, else gets the first free ``NAME (n)``, n = 2, 3 …
        """
        taken = set(self.chosen_names.values())
        out: list[SystemInfo] = []
        for src in self.run_sources:
            file = src.file
            sheets = src.run_set.system_sheets
            for original in src.run_set.systems:
                ref = SystemRef(src.id, original)
                chosen = self.chosen_names.get(ref)
                if chosen is not None:
                    name = chosen
                else:
                    name, n = original, 2
                    while name in taken:
                        name, n = f"{original} ({n})", n + 1
                    taken.add(name)
                out.append(
                    SystemInfo(
                        name=name,
                        ref=ref,
                        file=file.name if file else "",
                        path=file.path if file else "",
                        sheet=sheets.get(original) or (file.sheet if file else None),
                        renamed_by_user=chosen is not None,
                    )
                )
        return out

    @property
    def systems(self) -> list[str]:
        return [info.name for info in self.system_infos()]

    def system_info(self, name: str) -> SystemInfo | None:
        return next((i for i in self.system_infos() if i.name == name), None)

    def rename_edit(self, name: str, new_name: str | None) -> RenameEdit:
        """The edit that renames system ``name`` to ``new_name`` (None or the file's
        own name: back to the automatic name). Raises :class:`RenameRefused`."""
        info = self.system_info(name)
        if info is None:
            raise RenameRefused(f"no system is called {name!r}", "unknown", name)
        after = None if new_name is None else str(new_name).strip()
        if after == "":
            raise RenameRefused("a system needs a name", "empty")
        if after is not None and any(
            i.name == after for i in self.system_infos() if i.ref != info.ref
        ):
            raise RenameRefused(f"another system is called {after!r}", "taken", after)
        if after == info.original:
            after = None  # the file's own name, free again: no longer a choice to keep
        return RenameEdit(info.ref, self.chosen_names.get(info.ref), after)

    # == system cards ===================================================================
    def file_card(self, ref: SystemRef) -> SystemCard | None:
        """The card of a system from its run file's 시스템 정보 sheet, if any."""
        src = next((x for x in self.run_sources if x.id == ref.source), None)
        info = src.run_set.system_info if src is not None else None
        if info is None or not len(info):
            return None
        rows = info[info[s.SYSTEM] == ref.original]
        if not len(rows):
            return None
        card, _bad = SystemCard.from_dict(
            {k: v for k, v in rows.iloc[0].to_dict().items() if k != s.SYSTEM}
        )
        return card

    def card_of(self, name: str) -> SystemCard | None:
        """The card in force of the system called ``name``: the one typed in the
        app, else the file's; None when it has none."""
        info = self.system_info(name)
        if info is None:
            return None
        typed = self.system_cards.get(info.ref)
        return typed if typed is not None else self.file_card(info.ref)

    def cards(self) -> dict[str, SystemCard]:
        """Every system's card in force (an empty card when it has none), by name."""
        out = {}
        for info in self.system_infos():
            typed = self.system_cards.get(info.ref)
            card = typed if typed is not None else self.file_card(info.ref)
            out[info.name] = card if card is not None else SystemCard()
        return out

    def card_edit(self, name: str, card: SystemCard | None) -> CardEdit:
        """The edit that gives system ``name`` this card (None: back to the file's).
        A card equal to the file's is kept as no typed card."""
        info = self.system_info(name)
        if info is None:
            raise KeyError(f"no system is called {name!r}")
        after = card
        if after is not None and (
            after == self.file_card(info.ref) or (after.empty and self.file_card(info.ref) is None)
        ):
            after = None
        return CardEdit(info.ref, self.system_cards.get(info.ref), after)

    def _set_card(self, ref: SystemRef, card: SystemCard | None) -> None:
        cards = dict(self.system_cards)
        if card is None:
            cards.pop(ref, None)
        else:
            cards[ref] = card
        self.system_cards = cards

    def diagnosis_edit(self, settings: DiagnosisSettings) -> DiagnosisSettingsEdit:
        """The edit that sets the diagnosis thresholds."""
        return DiagnosisSettingsEdit(self.diagnosis_settings, settings)

    # == judgments, resolutions, grades ==================================================
    def judgments_in_force(self) -> pd.DataFrame:
        """One row per (question, passage, assessor): the file's judgments, then
        the grades given in the app (JUDGMENT_COLUMNS + ``time``). A grade given
        in the app replaces the same assessor's grade of the same item."""
        base = self.judgment_set.judgments if self.judgment_set is not None else None
        added = self.added_grades
        if base is None:
            base = _empty(s.JUDGMENT_COLUMNS)
        if not len(added):
            return base
        extra = added.reindex(columns=[*s.JUDGMENT_COLUMNS, "time"])
        if len(base):
            key = [s.QID, s.PID, s.ASSESSOR]
            replaced = pd.MultiIndex.from_frame(base[key].astype(str)).isin(
                pd.MultiIndex.from_frame(extra[key].astype(str))
            )
            base = base[~replaced] if replaced.any() else base
        return pd.concat([base, extra], ignore_index=True)

    def resolutions_in_force(self) -> pd.DataFrame:
        """The hand resolutions that count, one per item: those read from the
        judgments file, then those made in the app; for the same item the later
        one wins (the app's). Columns RESOLUTION_COLUMNS + ``origin``
        (:data:`FROM_FILE` / :data:`FROM_APP`)."""
        parts = []
        from_file = self.judgment_set.resolutions if self.judgment_set is not None else None
        if from_file is not None and len(from_file):
            parts.append(from_file.reindex(columns=s.RESOLUTION_COLUMNS).assign(origin=FROM_FILE))
        if len(self.resolutions):
            parts.append(
                self.resolutions.reindex(columns=s.RESOLUTION_COLUMNS).assign(origin=FROM_APP)
            )
        if not parts:
            return _empty(RESOLUTION_IN_FORCE_COLUMNS)
        merged = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
        # the last word on an item counts; an app resolution without a grade takes
        # back the file's resolution of that item
        merged = merged.drop_duplicates([s.QID, s.PID], keep="last")
        merged = merged[merged[s.GRADE].notna()].copy()
        merged[s.GRADE] = merged[s.GRADE].astype("int64")
        for c in ("by", "reason", "time"):
            merged[c] = merged[c].astype(object).where(merged[c].notna(), "").astype(str)
        return merged.reset_index(drop=True)

    def resolution_of(self, question_id: str, passage_id: str) -> dict | None:
        """The hand resolution in force for an item (grade, by, reason, time,
        origin), or None when the policy decides."""
        res = self.resolutions_in_force()
        hit = res[_item_mask(res, question_id, passage_id)]
        return None if hit.empty else hit.iloc[-1].to_dict()

    def qrels(self, settings: EvalSettings | None = None) -> pd.DataFrame:
        """One grade per (question, passage): :func:`resolve_grades` with the
        policy of ``settings`` (default: the study's) over the judgments in
        force, the resolutions in force winning."""
        settings = settings or self.settings
        overrides = self.resolutions_in_force().rename(columns={"by": "resolved_by_name"})
        return resolve_grades(
            self.judgments_in_force(),
            settings.resolution,
            adjudicator=settings.adjudicator,
            overrides=overrides if len(overrides) else None,
        )

    def grades_used(self) -> dict[Item, int]:
        """(question, passage) → the grade the scores use."""
        q = self.qrels()
        return dict(zip(zip(q[s.QID].astype(str), q[s.PID].astype(str)), q[s.GRADE].astype(int)))

    @property
    def assessors(self) -> list[str]:
        """Every named assessor of the judgments in force (file and app)."""
        names = self.judgments_in_force()[s.ASSESSOR].astype(str).unique().tolist()
        return sorted(n for n in names if n)

    # == runs and evaluation ==========================================================
    def runs(self) -> pd.DataFrame:
        """All systems of all run files in one frame (RUN_COLUMNS), under their
        names in the study, in the order the files were added."""
        names = {info.ref: info.name for info in self.system_infos()}
        frames = []
        for src in self.run_sources:
            runs = src.run_set.runs
            if not len(runs):
                continue
            renames = {
                r.original: n for r, n in names.items() if r.source == src.id and r.original != n
            }
            if renames:
                runs = rename_systems(runs, renames)
            frames.append(runs)
        if not frames:
            return _empty(s.RUN_COLUMNS)
        # the id columns stay categorical (a plain concat would make them text objects)
        return concat_runs(frames)

    def sources(self) -> list[s.SourceFile]:
        """Every input file (judgments first, then runs and answers), as read."""
        out = list(self.judgment_set.sources) if self.judgment_set is not None else []
        for src in self.run_sources:
            out.extend(src.run_set.sources)
        out.extend(self.answers.source_files())
        return out

    def warnings(self) -> list[Problem]:
        """What the user should know about the inputs: the files' warnings,
        every system the study renamed because its name was taken, and a
        manual whose θ is not the θ the scores use."""
        out = list(self.judgment_set.problems) if self.judgment_set is not None else []
        infos = {i.ref: i for i in self.system_infos()}
        for src in self.run_sources:
            out.extend(src.run_set.problems)
            for original in src.run_set.systems:
                info = infos.get(SystemRef(src.id, original))
                if info is not None and info.renamed_automatically:
                    out.append(_renamed_warning(info))
        out.extend(comparability_warnings(self.cards()))
        # only a manual of the app's or the file's is compared (so the seed table is
        # not made, nor its module imported, for a study without one)
        if self.manual is not None or (self.judgment_set is not None and self.judgment_set.manual):
            manual = self.manual_in_force()
            if manual.threshold != self.settings.threshold:
                out.append(_threshold_warning(manual.threshold, self.settings.threshold))
        return out

    # == the manual ===================================================================
    def manual_in_force(self, lang: str = "ko") -> Manual:
        """The evaluation manual: edited in the app, else the judgments file's
        매뉴얼 sheet, else the seed table (in ``lang``)."""
        if self.manual is not None:
            return self.manual
        if self.judgment_set is not None and self.judgment_set.manual is not None:
            return self.judgment_set.manual
        from workbench.core.protocol.manual import default_manual

        return default_manual(lang)

    def manual_edit(self, manual: Manual | None) -> ManualEdit:
        """The edit that makes ``manual`` the study's (None: back to the file's
        manual or the seed table)."""
        from workbench.core.protocol.manual import ManualEdit

        return ManualEdit(self.manual, manual)

    def evaluate(
        self,
        progress: Progress | None = None,
        cancelled: CancelCheck | None = None,
        qrels: pd.DataFrame | None = None,
    ) -> Results:
        """Resolve the grades and evaluate every system (:func:`evaluate`); the
        results carry :meth:`warnings` before the evaluation's own. ``qrels``:
        what :meth:`qrels` gives now, when the caller resolved it already."""
        if self.judgment_set is None:
            raise ValueError("the study has no judgments")
        results = evaluate(
            self.qrels() if qrels is None else qrels,
            self.runs(),
            self.settings,
            questions=self.judgment_set.questions,
            passages=self.judgment_set.passages,
            progress=progress,
            cancelled=cancelled,
            unjudged=self.judgment_set.unjudged,
        )
        results.warnings = [*self.warnings(), *results.warnings]
        return results

    def unjudged_bounds(self, results: Results) -> pd.DataFrame:
        """Each system's means with every unjudged retrieved passage not relevant
        and at the top grade (:func:`~workbench.core.measures.unjudged_bounds.unjudged_bounds`),
        ``results`` being this study's evaluation."""
        js = self.judgment_set
        if js is None:
            raise ValueError("the study has no judgments")
        # only the document unit evaluates again (needing the judgments as read);
        # the passage unit rescores the evaluated lists
        return unjudged_bounds(
            results,
            self.qrels() if results.settings.unit == "document" else None,
            self.runs(),
            questions=js.questions,
            passages=js.passages,
            unjudged=js.unjudged,
        )

    def by_assessor(self, results: Results | None = None) -> ByAssessor:
        """The systems ranked by each assessor's grades alone beside the resolved
        ranking (:func:`rankings_by_assessor`); ``results`` of :meth:`evaluate`
        save the resolved evaluation."""
        if self.judgment_set is None:
            raise ValueError("the study has no judgments")
        return rankings_by_assessor(
            self.judgments_in_force(),
            self.runs(),
            self.settings,
            # the resolved grades are read only when there is no evaluation to reuse
            qrels=self.qrels() if results is None else None,
            resolved=results,
            passages=self.judgment_set.passages,
        )

    # == notes =============================================================================
    def note_of(self, question_id: str) -> QuestionNote:
        return self.notes.get(question_id, QuestionNote())

    # == edits =============================================================================
    def grade_edit(
        self,
        question_id: str,
        passage_id: str,
        grade: int | None,
        assessor: str = "",
        reason: str = "",
        resolve: bool = False,
        time: str | None = None,
    ) -> GradeEdit:
        """The edit that gives (``grade`` None: takes away) ``assessor``'s grade of
        one passage; ``resolve`` also resolves the item by hand with it.

        ``assessor`` is required: a grade without the name of who gave it could not
        be told apart from another assessor's in the agreement or the report."""
        who = str(assessor).strip()
        if not who:
            raise ValueError("a grade given in the app needs the assessor's name")
        added = self.added_grades
        same = _item_mask(added, question_id, passage_id) & (added[s.ASSESSOR] == who)
        replaced_res: tuple[dict, ...] = ()
        if resolve:
            replaced_res = _records(
                self.resolutions[_item_mask(self.resolutions, question_id, passage_id)]
            )
        return GradeEdit(
            question_id=str(question_id),
            passage_id=str(passage_id),
            assessor=who,
            grade=None if grade is None else int(grade),
            reason=reason,
            time=time or now_text(),
            resolve=resolve,
            replaced_grades=_records(added[same]),
            replaced_resolutions=replaced_res,
        )

    def resolution_edit(
        self,
        question_id: str,
        passage_id: str,
        grade: int | None,
        by: str = "",
        reason: str = "",
        time: str | None = None,
    ) -> ResolutionEdit:
        """The edit that resolves an item by hand (``grade`` None: back to the policy).

        Taking back a resolution that came with the judgments file records an
        empty resolution in the app, so the file's no longer counts."""
        res = self.resolutions
        return ResolutionEdit(
            question_id=str(question_id),
            passage_id=str(passage_id),
            grade=None if grade is None else int(grade),
            by=by,
            reason=reason,
            time=time or now_text(),
            replaced=_records(res[_item_mask(res, question_id, passage_id)]),
        )

    def note_edit(
        self, question_id: str, note: str | None = None, flagged: bool | None = None
    ) -> NoteEdit:
        before = self.note_of(question_id)
        after = QuestionNote(
            before.note if note is None else str(note),
            before.flagged if flagged is None else bool(flagged),
        )
        return NoteEdit(str(question_id), before, after)

    def apply(self, edit: Edit) -> None:
        """Carry out ``edit`` (made by one of the ``*_edit`` methods)."""
        edit.apply_to(self)

    def revert(self, edit: Edit) -> None:
        """Take back ``edit`` (the last one applied that is still in force)."""
        edit.revert_from(self)

    def _set_grade(self, edit: GradeEdit, undo: bool) -> None:
        q, p = edit.question_id, edit.passage_id
        added = self.added_grades
        same = _item_mask(added, q, p) & (added[s.ASSESSOR] == edit.assessor)
        kept = added[~same]
        if undo:
            rows = list(edit.replaced_grades)
        elif edit.grade is None:
            rows = []
        else:
            row = {c: "" for c in ADDED_GRADE_COLUMNS}
            row.update(
                {
                    s.QID: q,
                    s.PID: p,
                    s.GRADE: edit.grade,
                    s.ASSESSOR: edit.assessor,
                    s.ROW: None,
                    "time": edit.time,
                    "reason": edit.reason,
                }
            )
            rows = [row]
        self.added_grades = _with_rows(kept.reset_index(drop=True), rows, ADDED_GRADE_COLUMNS)
        if edit.resolve:
            res = self.resolutions
            others = res[~_item_mask(res, q, p)].reset_index(drop=True)
            if undo:
                back = list(edit.replaced_resolutions)
            elif edit.grade is None:
                back = []
            else:
                back = [
                    {
                        s.QID: q,
                        s.PID: p,
                        s.GRADE: edit.grade,
                        "by": edit.assessor,
                        "reason": edit.reason,
                        "time": edit.time,
                    }
                ]
            self.resolutions = _with_rows(others, back, s.RESOLUTION_COLUMNS)

    def _set_resolution(self, edit: ResolutionEdit, undo: bool) -> None:
        q, p = edit.question_id, edit.passage_id
        res = self.resolutions
        others = res[~_item_mask(res, q, p)].reset_index(drop=True)
        if undo:
            rows = list(edit.replaced)
        else:
            from_file = self.judgment_set.resolutions if self.judgment_set is not None else None
            file_has_it = from_file is not None and bool(
                len(from_file) and _item_mask(from_file, q, p).any()
            )
            if edit.grade is None and not file_has_it:
                rows = []
            else:
                # an empty grade takes back the file's resolution of the item
                rows = [
                    {
                        s.QID: q,
                        s.PID: p,
                        s.GRADE: edit.grade,
                        "by": edit.by,
                        "reason": edit.reason,
                        "time": edit.time,
                    }
                ]
        self.resolutions = _with_rows(others, rows, s.RESOLUTION_COLUMNS)

    def _set_note(self, question_id: str, note: QuestionNote) -> None:
        notes = dict(self.notes)
        if note.empty:
            notes.pop(question_id, None)
        else:
            notes[question_id] = note
        self.notes = notes

    def _set_name(self, ref: SystemRef, name: str | None) -> None:
        chosen = dict(self.chosen_names)
        if name is None:
            chosen.pop(ref, None)
        else:
            chosen[ref] = name
        self.chosen_names = chosen

    # == the project file ============================================================
    def names_of_source(self, source: RunSource) -> dict[str, str]:
        """The names the user chose for the systems of one run file (file name → name)."""
        return {r.original: n for r, n in self.chosen_names.items() if r.source == source.id}

    def work_to_project(self) -> dict[str, Any]:
        """The user's work as the project file keeps it (``sections``: the
        manual edited in the app, the pools, the system cards typed in the app,
        the diagnosis thresholds and the answer work)."""
        from workbench.core.io.project import frame_to_records
        from workbench.core.protocol.answers import SECTION as ANSWERS_SECTION
        from workbench.core.protocol.answers import answers_section
        from workbench.core.protocol.pool import POOL_SECTION

        sections: dict[str, Any] = {}
        if self.manual is not None:
            sections[MANUAL_SECTION] = self.manual.to_dict()
        if self.pools:
            sections[POOL_SECTION] = self.pools.to_project()
        if self.system_cards:
            sections[CARDS_SECTION] = cards_to_project(self)
        if not self.diagnosis_settings.is_default:
            sections[DIAGNOSIS_SECTION] = self.diagnosis_settings.to_dict()
        answers = answers_section(self)
        if answers is not None:
            sections[ANSWERS_SECTION] = answers
        return {
            "settings": self.settings.to_dict(),
            "notes": {q: n.to_dict() for q, n in self.notes.items()},
            "added_grades": frame_to_records(self.added_grades),
            "resolutions": frame_to_records(self.resolutions),
            "sections": sections,
        }

    def restore_sections(self, sections: dict[str, Any], file: str = "") -> list[Problem]:
        """Put back the manual, the pools, the system cards, the diagnosis
        thresholds and the answer work of a project file's sections; returns
        warnings for anything damaged (left out)."""
        from workbench.core.protocol.answers import SECTION as ANSWERS_SECTION
        from workbench.core.protocol.answers import restore_answers_section
        from workbench.core.protocol.manual import manual_from_dict
        from workbench.core.protocol.pool import POOL_SECTION, pools_from_project

        problems: list[Problem] = []
        if MANUAL_SECTION in sections:
            manual, found = manual_from_dict(sections[MANUAL_SECTION], MANUAL_SECTION, file)
            problems.extend(found)
            self.manual = manual
        pools, found = pools_from_project(sections.get(POOL_SECTION), file)
        problems.extend(found)
        self.pools = pools
        # cards find their run file again, so the run files must be loaded first
        problems.extend(cards_from_project(self, sections.get(CARDS_SECTION), file))
        self.diagnosis_settings, found = DiagnosisSettings.from_project(
            sections.get(DIAGNOSIS_SECTION), file
        )
        problems.extend(found)
        problems.extend(restore_answers_section(self, sections.get(ANSWERS_SECTION), file))
        return problems

    def restore_work(
        self,
        settings: EvalSettings,
        notes: dict[str, dict],
        added_grades: list[dict],
        resolutions: list[dict],
    ) -> None:
        """Put back the work a project file kept (after its files are loaded)."""
        from workbench.core.io.project import records_to_frame

        self.settings = settings
        self.notes = {
            str(q): QuestionNote(str(v.get("note") or ""), bool(v.get("flagged")))
            for q, v in notes.items()
            if isinstance(v, dict) and (v.get("note") or v.get("flagged"))
        }
        self.added_grades = _typed_added(records_to_frame(added_grades, ADDED_GRADE_COLUMNS))
        self.resolutions = records_to_frame(resolutions, s.RESOLUTION_COLUMNS)


def _typed_added(frame: pd.DataFrame) -> pd.DataFrame:
    """Grades from a project file as the study keeps them: ids and names as text."""
    if not len(frame):
        return frame
    for c in (s.QID, s.PID, s.ASSESSOR, s.ROLE, s.GROUP, s.NOTE, "time", "reason"):
        frame[c] = frame[c].astype(object).where(frame[c].notna(), "").astype(str)
    return frame


def _threshold_warning(manual_theta: int, theta: int) -> Problem:
    return warning(
        "manual_threshold_differs",
        f"The evaluation manual counts a passage as relevant from grade {manual_theta}, but the "
        f"scores use θ = {theta}. Set θ in the settings or in the manual so they agree.",
        f"평가 매뉴얼은 등급 {manual_theta} 이상을 관련으로 보는데 점수는 θ = {theta}로 "
        "계산합니다. 설정이나 매뉴얼에서 θ를 맞추세요.",
    )


def _renamed_warning(info: SystemInfo) -> Problem:
    where = f" (sheet '{info.sheet}')" if info.sheet else ""
    where_ko = f"(시트 '{info.sheet}')" if info.sheet else ""
    return warning(
        "system.renamed",
        f"A system named '{info.original}' is already loaded, so the one in this file{where} "
        f"is called '{info.name}'. Rename it on the Overview to choose another name.",
        f"'{info.original}' 시스템이 이미 불러와져 있어서 이 파일{where_ko}의 것은 "
        f"{josa(info.name, '으로', quoted=True)} 부릅니다. 다른 이름을 쓰려면 개요 화면에서 "
        "이름을 바꾸세요.",
        file=info.file,
        sheet=info.sheet,
    )


def read_options(options: ReadOptions | dict | None) -> ReadOptions:
    """How a file was read, as the study keeps it for the project file (see
    :class:`~workbench.core.io.options.ReadOptions`), from the import dialog's choices."""
    return ReadOptions.from_dict(options)


def study_from_files(
    judgments: JudgmentSet, run_sets: Sequence[RunSet], settings: EvalSettings | None = None
) -> Study:
    """A study of these files (the command line's way in)."""
    study = Study(settings)
    study.set_judgments(judgments)
    for run_set in run_sets:
        study.add_runs(run_set)
    return study


# -- the project file ------------------------------------------------------------------
def settings_from_project(data: dict, file: str = "") -> tuple[EvalSettings, list[Problem]]:
    """The settings a project file kept; a setting of the wrong type or value
    (by the rules of :data:`workbench.core.model.schema.SETTING_RULES`) is left at its
    default with a warning naming it."""
    defaults = EvalSettings()
    good: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in data.items():
        if key not in EvalSettings.__dataclass_fields__:
            continue  # a setting of another version: nothing to apply
        if setting_ok(key, value):
            good[key] = value
            continue
        default = getattr(defaults, key)
        problems.append(
            warning(
                "project_setting_damaged",
                f"The project's setting '{key}' has the value {value!r}, which is not valid; "
                f"the default ({default!r}) is used.",
                f"프로젝트의 설정 {josa(key, '은', quoted=True)} 값이 {josa(repr(value), '이어서')} "
                f"올바르지 않아 기본값({default!r})을 씁니다.",
                file=file,
            )
        )
    return EvalSettings.from_dict(good), problems


def study_to_project(study: Study, view: dict | None = None) -> Project:
    """The study as a project file keeps it: every source with how it was read
    (and the names the user gave its systems), the settings and the work."""
    from workbench.core.io.project import Project, ProjectSource

    def source(kind: str, file: s.SourceFile, how: ReadOptions, names=None) -> ProjectSource:
        stored = how.to_dict()
        return ProjectSource(
            kind=kind,  # type: ignore[arg-type]
            path=str(Path(file.path).resolve()),
            sha256=file.sha256,
            mappings=stored["mappings"],
            sheets=stored["sheets"],
            names=dict(names or {}),
            assessor=stored.get("assessor"),
            conversions=stored.get("conversions", {}),
            skip_rows=stored.get("skip_rows", {}),
        )

    sources = []
    seen = set()
    for judgment_source in study.judgment_sources:
        for file in judgment_source.judgment_set.sources[:1]:
            if file.path and file.path not in seen:
                seen.add(file.path)
                sources.append(source("judgments", file, judgment_source.options))
    for src in study.run_sources:
        if src.file is not None and src.file.path:
            sources.append(source("runs", src.file, src.options, study.names_of_source(src)))
    for answer_src in study.answers.sources:
        file = answer_src.file.file
        if file is not None and file.path:
            sources.append(source("answers", file, answer_src.options, answer_src.names))
    work = study.work_to_project()
    return Project(
        sources=sources,
        settings=work["settings"],
        notes=work["notes"],
        added_grades=work["added_grades"],
        resolutions=work["resolutions"],
        view=dict(view or {}),
        sections=dict(work["sections"]),
    )


def study_from_project(project: Project, loaded: Sequence[tuple[Any, Any]]) -> Study:
    """The study a project file describes, once its files are read.

    ``loaded``: ``(ProjectSource, JudgmentSet | RunSet | None)`` in the project's
    order; None for a file that was skipped or could not be read. Warnings about
    damaged fields of the project go to ``project.problems``.
    """
    settings, problems = settings_from_project(project.settings)
    project.problems.extend(problems)
    study = Study(settings)
    for src, result in loaded:
        if result is None:
            continue
        options = ReadOptions.from_dict(
            {
                "mappings": src.mappings,
                "sheets": src.sheets,
                "conversions": src.conversions,
                "skip_rows": src.skip_rows,
                # only a judgments file names the assessor of its unnamed rows
                "assessor": src.assessor if src.kind == "judgments" else "",
            }
        )
        if src.kind == "judgments":
            if study.judgment_set is None:
                study.set_judgments(result, options)
            else:
                try:
                    study.add_judgments(result, options)
                except InputError as exc:  # the files changed since: say so, keep the rest
                    project.problems.extend(exc.problems)
        elif src.kind == "answers":
            study.answers.add_source(result, options, names=src.names)
        else:
            study.add_runs(result, options, names=src.names)
    study.restore_work(settings, project.notes, project.added_grades, project.resolutions)
    project.problems.extend(study.restore_sections(project.sections))
    return study
