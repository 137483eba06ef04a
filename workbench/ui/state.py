"""What the app holds: the loaded files, the settings, the user's work, the results.

Pages never compute: they listen to :class:`AppState` and ask it to change.
Every change that affects a number re-runs the evaluation in the background
(:class:`~workbench.ui.workers.TaskRunner`), cancelling a run in flight.
"""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import QObject, Signal

from workbench.core import pipeline
from workbench.core import schema as s
from workbench.core.results import Results
from workbench.core.schema import EvalSettings, JudgmentSet, RunSet
from workbench.ui.workers import TaskRunner


class AppState(QObject):
    #: the set of loaded files changed (judgments replaced, run added/removed)
    data_changed = Signal()
    #: new results are ready (also emitted with None when data was cleared)
    results_changed = Signal(object)
    settings_changed = Signal(object)
    #: user work changed: grades, resolutions, notes, flags (for autosave)
    work_changed = Signal()
    #: (busy, text) while an evaluation runs
    busy_changed = Signal(bool, str)
    #: an evaluation failed; the payload is the exception
    failed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = TaskRunner(self)
        self.judgment_set: JudgmentSet | None = None
        self.run_sets: list[RunSet] = []
        self.settings = EvalSettings()
        #: grades made in the app (JUDGMENT_COLUMNS + "time", "reason")
        self.added_grades = pd.DataFrame(columns=[*s.JUDGMENT_COLUMNS, "time", "reason"])
        #: grades resolved by hand: question_id, passage_id, grade, by, reason, time
        self.resolutions = pd.DataFrame(columns=[s.QID, s.PID, s.GRADE, "by", "reason", "time"])
        #: question_id → {"note": str, "flagged": bool}
        self.notes: dict[str, dict] = {}
        self.results: Results | None = None
        #: the Compare page's latest comparisons (for the Overview marks and the report);
        #: cleared with every new result until the Compare page recomputes them
        self.comparisons: pd.DataFrame | None = None

    # -- data -----------------------------------------------------------------
    @property
    def has_data(self) -> bool:
        return self.judgment_set is not None and bool(self.run_sets)

    @property
    def systems(self) -> list[str]:
        return [name for rs in self.run_sets for name in rs.systems]

    def set_judgments(self, judgment_set: JudgmentSet) -> None:
        self.judgment_set = judgment_set
        self.data_changed.emit()
        self.recompute()

    def add_runs(self, run_set: RunSet) -> None:
        self.run_sets.append(pipeline.unique_system_names(self.run_sets, run_set))
        self.data_changed.emit()
        self.recompute()

    def remove_system(self, system: str) -> None:
        kept = []
        for rs in self.run_sets:
            if system in rs.systems:
                rs = RunSet(rs.runs[rs.runs[s.SYSTEM] != system], rs.sources, rs.problems)
            if len(rs.runs):
                kept.append(rs)
        self.run_sets = kept
        self.data_changed.emit()
        self.recompute()

    def clear(self) -> None:
        self.runner.cancel("evaluate")
        self.judgment_set = None
        self.run_sets = []
        self.results = None
        self.data_changed.emit()
        self.results_changed.emit(None)

    def set_settings(self, settings: EvalSettings) -> None:
        if settings == self.settings:
            return
        self.settings = settings
        self.settings_changed.emit(settings)
        self.recompute()

    # -- evaluation -----------------------------------------------------------
    def recompute(self) -> None:
        if not self.has_data:
            return
        self.busy_changed.emit(True, self.tr("Computing scores…"))
        handle = self.runner.start(
            "evaluate",
            pipeline.run,
            self.judgment_set,
            list(self.run_sets),
            self.settings,
            added_grades=self.added_grades.copy(),
            resolutions=self.resolutions.copy(),
        )
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

    # -- user work: grades, notes, flags (used by the Question review page) ----
    #: assessor name written into grades made in the app when none is set
    DEFAULT_ASSESSOR = "앱 평가자"

    def assessor_name(self) -> str:
        """The name grades made in the app are saved under (from the settings)."""
        try:
            from workbench.ui.settings import Settings

            name = Settings().assessor_name
        except Exception:  # settings unavailable: still record a grade
            name = ""
        return name or self.DEFAULT_ASSESSOR

    def add_grade(
        self,
        question_id: str,
        passage_id: str,
        grade: int,
        reason: str = "",
        resolve: bool = False,
    ) -> dict:
        """Record a grade made in the app and re-evaluate.

        The grade is one more assessor's judgment (this user's), so it joins the
        resolution policy like any other. A second grade by the same user for the
        same item replaces the first. ``resolve=True`` (re-grading a passage that
        others judged) also records it as a grade resolved by hand, which wins
        over the policy. Returns a token for :meth:`remove_added_grade` (undo).
        """
        from datetime import datetime

        who = self.assessor_name()
        now = datetime.now().astimezone().isoformat(timespec="seconds")
        same = (
            (self.added_grades[s.QID] == question_id)
            & (self.added_grades[s.PID] == passage_id)
            & (self.added_grades[s.ASSESSOR] == who)
        )
        token = {
            "question_id": question_id,
            "passage_id": passage_id,
            "assessor": who,
            "previous_grades": self.added_grades[same].copy(),
            "previous_resolutions": None,
        }
        row = {c: "" for c in self.added_grades.columns}
        row.update({s.QID: question_id, s.PID: passage_id, s.GRADE: int(grade), s.ASSESSOR: who})
        row.update({s.ROW: None, "time": now, "reason": reason})
        new = pd.DataFrame([row], columns=self.added_grades.columns)
        kept = self.added_grades[~same]
        self.added_grades = pd.concat([kept, new], ignore_index=True) if len(kept) else new
        if resolve:
            item = (self.resolutions[s.QID] == question_id) & (
                self.resolutions[s.PID] == passage_id
            )
            token["previous_resolutions"] = self.resolutions[item].copy()
            res = pd.DataFrame(
                [
                    {
                        s.QID: question_id,
                        s.PID: passage_id,
                        s.GRADE: int(grade),
                        "by": who,
                        "reason": reason,
                        "time": now,
                    }
                ],
                columns=self.resolutions.columns,
            )
            others = self.resolutions[~item]
            self.resolutions = pd.concat([others, res], ignore_index=True) if len(others) else res
        self.work_changed.emit()
        self.recompute()
        return token

    def remove_added_grade(
        self,
        question_id: str,
        passage_id: str,
        assessor: str | None = None,
        token: dict | None = None,
    ) -> None:
        """Undo :meth:`add_grade`: drop the user's grade for the item (and, with
        the ``token`` it returned, put back what it replaced), then re-evaluate."""
        who = assessor or (token or {}).get("assessor") or self.assessor_name()
        same = (
            (self.added_grades[s.QID] == question_id)
            & (self.added_grades[s.PID] == passage_id)
            & (self.added_grades[s.ASSESSOR] == who)
        )
        frames = [self.added_grades[~same]]
        if token is not None and len(token.get("previous_grades", [])):
            frames.append(token["previous_grades"])
        frames = [f for f in frames if len(f)]
        self.added_grades = (
            pd.concat(frames, ignore_index=True) if frames else self.added_grades.iloc[0:0]
        )
        previous_res = None if token is None else token.get("previous_resolutions")
        if previous_res is not None:
            item = (self.resolutions[s.QID] == question_id) & (
                self.resolutions[s.PID] == passage_id
            )
            frames = [f for f in (self.resolutions[~item], previous_res) if len(f)]
            self.resolutions = (
                pd.concat(frames, ignore_index=True) if frames else self.resolutions.iloc[0:0]
            )
        self.work_changed.emit()
        self.recompute()

    def note(self, question_id: str) -> str:
        return str(self.notes.get(question_id, {}).get("note", ""))

    def is_flagged(self, question_id: str) -> bool:
        return bool(self.notes.get(question_id, {}).get("flagged", False))

    def set_note(self, question_id: str, text: str) -> None:
        self._set_work(question_id, "note", text)

    def set_flag(self, question_id: str, flagged: bool) -> None:
        self._set_work(question_id, "flagged", bool(flagged))

    def _set_work(self, question_id: str, key: str, value: object) -> None:
        entry = self.notes.setdefault(question_id, {"note": "", "flagged": False})
        if entry.get(key) == value:
            return
        entry[key] = value
        if not entry.get("note") and not entry.get("flagged"):
            del self.notes[question_id]  # nothing left to keep
        self.work_changed.emit()

    # -- user work: grades resolved by hand (used by the Agreement page) ---------
    def resolution_of(self, question_id: str, passage_id: str) -> dict | None:
        """The hand resolution of an item (grade, by, reason, time), or None."""
        res = self.resolutions
        hit = res[(res[s.QID] == question_id) & (res[s.PID] == passage_id)]
        return None if hit.empty else hit.iloc[-1].to_dict()

    def resolve_item(
        self, question_id: str, passage_id: str, grade: int, reason: str = ""
    ) -> pd.DataFrame:
        """Resolve an item by hand: this grade wins over the resolution policy.

        Replaces an earlier hand resolution of the item; the assessors' own
        grades are untouched (they stay in the judgments: the dissent record).
        Emits ``work_changed`` (autosave) and re-evaluates. Returns the rows it
        replaced, for :meth:`unresolve_item` (undo).
        """
        from datetime import datetime

        now = datetime.now().astimezone().isoformat(timespec="seconds")
        item = (self.resolutions[s.QID] == question_id) & (self.resolutions[s.PID] == passage_id)
        previous = self.resolutions[item].copy()
        row = {
            s.QID: question_id,
            s.PID: passage_id,
            s.GRADE: int(grade),
            # assessor_name() comes with the review page's grading work; without it, unnamed
            "by": getattr(self, "assessor_name", lambda: "")(),
            "reason": reason,
            "time": now,
        }
        new = pd.DataFrame([row], columns=self.resolutions.columns)
        others = self.resolutions[~item]
        self.resolutions = pd.concat([others, new], ignore_index=True) if len(others) else new
        self.work_changed.emit()
        self.recompute()
        return previous

    def unresolve_item(
        self, question_id: str, passage_id: str, previous: pd.DataFrame | None = None
    ) -> None:
        """Undo :meth:`resolve_item`: drop the item's hand resolution (and put
        back ``previous``, the rows it replaced), then re-evaluate."""
        item = (self.resolutions[s.QID] == question_id) & (self.resolutions[s.PID] == passage_id)
        frames = [f for f in (self.resolutions[~item], previous) if f is not None and len(f)]
        self.resolutions = (
            pd.concat(frames, ignore_index=True) if frames else self.resolutions.iloc[0:0]
        )
        self.work_changed.emit()
        self.recompute()
