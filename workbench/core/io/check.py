"""The whole-file check behind the import preview: every row read as Load would
read it, before the user presses Load.

:func:`check_file` runs the real loader (:func:`load_judgments` /
:func:`load_run`) with the choices the user has made so far — mapping, sheets,
confirmed grade conversions, rows left out — and turns its outcome into a
:class:`FileCheck`: the loaded set when nothing is wrong (so Load only has to
take it), else every problem with its row, the grade values that could be read
with the user's confirmation (:func:`~workbench.core.io.recover.propose_grade_conversions`)
and the rows that could be left out. For a run file it also compares the run
with the judgments already loaded: answerable questions a system has no results
for, and questions that are not in the judgments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from workbench.core.io.common import FileErrors
from workbench.core.io.mapping import ColumnMapping
from workbench.core.io.options import ReadOptions, load
from workbench.core.io.recover import (
    FailedGrade,
    GradeConversion,
    propose_grade_conversions,
    rows_text,
)
from workbench.core.model import schema as S
from workbench.core.model.cancel import CancelCheck, Progress
from workbench.core.model.id_match import look_alike_hint
from workbench.core.model.problems import InputError, Problem, warning
from workbench.core.model.schema import JudgmentSet, RunSet

#: question ids named in a coverage warning
IDS_SHOWN = 10


@dataclass
class FileCheck:
    """What the whole-file check found (see the module doc).

    ``result``: the JudgmentSet/RunSet Load would give, None when there are
    errors. ``problems``: errors first, then warnings (the loader's, then the
    comparison with the judgments). ``failed_grades``: every grade value that
    was refused; ``error_rows``: sheet (``""`` for a text file) → Excel rows
    with a row-level error, which the user may choose to leave out.
    """

    kind: str
    result: JudgmentSet | RunSet | None = None
    problems: list[Problem] = field(default_factory=list)
    failed_grades: list[FailedGrade] = field(default_factory=list)
    error_rows: dict[str, list[int]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.result is not None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if not p.is_error]

    @property
    def proposals(self) -> list[GradeConversion]:
        return propose_grade_conversions(self.failed_grades)

    @property
    def n_error_rows(self) -> int:
        return sum(len(rows) for rows in self.error_rows.values())


def check_file(
    path: str | Path,
    kind: str,
    *,
    mappings: Mapping[str, ColumnMapping] | None = None,
    sheets: dict[str, str] | list[str] | None = None,
    conversions: Mapping[str, int] | Iterable[GradeConversion] | None = None,
    skip_rows: Mapping[str | None, Iterable[int]] | None = None,
    qrels: pd.DataFrame | None = None,
    threshold: int = 1,
    runs: pd.DataFrame | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> FileCheck:
    """Read the whole file as ``kind`` (``"judgments"`` or ``"runs"``) with these
    choices and say what a load would give. ``qrels`` (one grade per question
    and passage, the study's judgments in force) and ``threshold`` θ: a run is
    also compared with them. ``runs`` (the study's system results, RUN_COLUMNS):
    judgments about to replace those of a study are compared with its runs, so a
    file of another study is named before it is loaded. Every problem, also one with the file as a whole
    (a run file checked as judgments), comes back in the :class:`FileCheck`;
    a cancelled check raises :class:`~workbench.core.model.cancel.Cancelled`."""
    try:
        options = ReadOptions.from_dict(
            {
                "mappings": mappings,
                "sheets": sheets,
                "conversions": conversions,
                "skip_rows": skip_rows,
            }
        )
        # a check reads judgments or runs (an answers file has its own preview)
        result: JudgmentSet | RunSet = load(
            "judgments" if kind == "judgments" else "runs", path, options, progress, cancelled
        )
    except FileErrors as exc:
        return FileCheck(
            kind,
            None,
            _errors_first(exc.problems),
            list(exc.failed_grades),
            dict(exc.error_rows),
        )
    except InputError as exc:  # a file-level problem (e.g. a run chosen as judgments)
        return FileCheck(kind, None, _errors_first(exc.problems))
    problems = list(result.problems)
    if isinstance(result, RunSet) and qrels is not None:
        problems += run_coverage_problems(result, qrels, threshold)
    if isinstance(result, JudgmentSet) and runs is not None and len(runs):
        problems += judgments_coverage_problems(result, runs)
    return FileCheck(kind, result, problems)


def judgments_coverage_problems(judgment_set: JudgmentSet, runs: pd.DataFrame) -> list[Problem]:
    """Judgments about to replace a study's: how many of the system results'
    questions they judge. None at all (a file of another study, or ids written
    another way) is a warning that every score would be 0; fewer than half is a
    warning naming the questions left without judgments."""
    file = judgment_set.sources[0].name if judgment_set.sources else ""
    judged = {str(q) for q in pd.unique(judgment_set.judgments[S.QID].to_numpy(dtype=object))}
    asked = {str(q) for q in pd.unique(runs[S.QID].to_numpy(dtype=object))}
    systems = [str(x) for x in pd.unique(runs[S.SYSTEM].to_numpy(dtype=object))]
    names = ", ".join(systems[:4]) + (" …" if len(systems) > 4 else "")
    common = judged & asked
    if not judged or not asked:
        return []
    if not common:
        hint_en, hint_ko = look_alike_hint(sorted(judged), sorted(asked))
        return [
            warning(
                "judgments_match_no_run",
                f"None of the {len(judged)} questions of these judgments is among the "
                f"{len(asked)} questions of the system results loaded ({names}): every score "
                "would be 0. If these judgments belong to another study, start a new project "
                f"instead (File ▸ New project).{hint_en}",
                f"이 판정 파일의 질문 {len(judged)}개 가운데 불러온 시스템 결과({names})의 질문 "
                f"{len(asked)}개에 있는 것이 하나도 없어 모든 점수가 0이 됩니다. 다른 연구의 판정이라면 "
                f"새 프로젝트로 시작하세요(파일 ▸ 새 프로젝트).{hint_ko}",
                file=file,
            )
        ]
    left = sorted(asked - judged)
    if len(common) * 2 < len(asked):
        shown = _ids(left)
        return [
            warning(
                "judgments_cover_few_runs",
                f"These judgments judge only {len(common)} of the {len(asked)} questions of the "
                f"system results loaded ({names}); the others will not be evaluated: {shown}",
                f"이 판정 파일은 불러온 시스템 결과({names})의 질문 {len(asked)}개 가운데 "
                f"{len(common)}개만 판정합니다. 나머지는 평가되지 않습니다: {shown}",
                file=file,
            )
        ]
    return []


def _errors_first(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: not p.is_error)


def run_coverage_problems(
    run_set: RunSet, qrels: pd.DataFrame, threshold: int = 1
) -> list[Problem]:
    """Per system of ``run_set``: the answerable questions (a passage graded ≥ θ in
    ``qrels``) it has no results for — they will score 0 — and the questions it
    has results for that the judgments do not have — they will not be evaluated.
    Warnings, named by the system's sheet and the first row of such a question."""
    runs = run_set.runs
    file = run_set.sources[0].name if run_set.sources else ""
    judged_ids = pd.unique(qrels[S.QID].to_numpy(dtype=object))
    judged = {str(q) for q in judged_ids}
    relevant = qrels[S.GRADE].to_numpy() >= threshold
    answerable = {str(q) for q in pd.unique(qrels[S.QID].to_numpy(dtype=object)[relevant])}
    # on integer codes: a run of millions of rows is never walked cell by cell
    # (this runs in the import preview's check, beside the window)
    q_codes, q_names = _codes(runs[S.QID])
    s_codes, s_names = _codes(runs[S.SYSTEM])
    rows_all = runs[S.ROW].to_numpy()
    out: list[Problem] = []
    for system in run_set.systems:
        at = np.flatnonzero(s_names == system)
        mine = np.flatnonzero(s_codes == at[0]) if at.size else np.zeros(0, np.int64)
        q, rows = q_codes[mine], rows_all[mine]
        # each question's first row, the questions in the order they first appear
        asked_codes, first_at = np.unique(q, return_index=True)
        by_question = np.lexsort((rows, q))
        group_starts = np.flatnonzero(np.r_[True, np.diff(q[by_question]) != 0])[: q.size]
        lowest = rows[by_question[group_starts]] if q.size else rows
        first_row = {
            str(q_names[asked_codes[i]]): int(lowest[i])
            for i in np.argsort(first_at, kind="stable")
        }
        asked = set(first_row)
        sheet = run_set.system_sheets.get(system) or (
            run_set.sources[0].sheet if run_set.sources else None
        )
        missing = sorted(answerable - asked)
        if missing:
            shown = _ids(missing)
            out.append(
                warning(
                    "missing_questions",
                    f"System '{system}' has no results for {len(missing)} answerable "
                    f"question(s) of the judgments; they will count as 0: {shown}",
                    f"시스템 '{system}'에는 판정 파일의 답할 수 있는 질문 {len(missing)}개의 결과가 없어 0점으로 "
                    f"계산됩니다: {shown}",
                    file=file,
                    sheet=sheet,
                )
            )
        extra = [q for q in first_row if q not in judged]
        if extra:
            rows = sorted(first_row[q] for q in extra)
            row = rows[0]
            hint_en, hint_ko = look_alike_hint(missing, extra)
            out.append(
                warning(
                    "run_only_questions",
                    f"System '{system}' has results for {len(extra)} question(s) that are not in "
                    f"the judgments; they will not be evaluated: {_ids(extra)} (first rows "
                    f"{rows_text(rows)}).{hint_en}",
                    f"시스템 '{system}'의 결과 중 판정 파일에 없는 질문 {len(extra)}개는 평가하지 "
                    f"않습니다: {_ids(extra)} (처음 나오는 행 {rows_text(rows)}).{hint_ko}",
                    file=file,
                    sheet=sheet,
                    row=row,
                )
            )
    return out


def _codes(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Integer codes of an id column and the id text of each code."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        names = column.cat.categories.to_numpy(dtype=object).astype(str)
        return column.cat.codes.to_numpy(), names
    codes, uniques = pd.factorize(column.astype(str).to_numpy(dtype=object))
    return codes, np.asarray(uniques, dtype=object).astype(str)


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:IDS_SHOWN])
    return shown + (f" … (+{len(ids) - IDS_SHOWN})" if len(ids) > IDS_SHOWN else "")
