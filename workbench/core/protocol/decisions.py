"""Every decision of the study that a colleague must see to audit its numbers.

The scores come from the files *and* from what people decided on the way: a
grade resolved by hand, a grade given in the app or on a judging pool, a
value read as a grade because the user confirmed it, rows left out of a
file, an answer rated or resolved in the app. The notes and flags on
questions say why a question was looked at again. :func:`study_decisions`
lists them all, one :class:`Decision` per decision, so the report's
Decisions sheet (:mod:`workbench.core.report`) can name each one with who,
when, why and where it came from — the report alone is the record.

A decision is plain data: ids, the value decided, the other assessors' grades
of a resolved item (the dissent), who, when, why and the source file, sheet
and row where it came from a file. Only the text of a confirmed conversion
depends on the language (the loader's message, which lists its rows).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from workbench.core.io.options import ReadOptions
from workbench.core.io.recover import skip_table
from workbench.core.model import schema as s
from workbench.core.model.problems import Problem
from workbench.core.model.refs import FROM_FILE
from workbench.core.model.study_view import StudyView
from workbench.core.protocol.answers import CRITERION, SCORE, TIME, ratings_in_force, system_names

__all__ = [
    "APP_GRADE",
    "CONVERSION",
    "DECISION_KINDS",
    "FLAG",
    "KIND_LABELS",
    "NOTE",
    "POOL_GRADE",
    "RATING",
    "RATING_RESOLUTION",
    "RESOLUTION",
    "SKIPPED_ROW",
    "Decision",
    "count_by_kind",
    "kind_label",
    "note_decisions",
    "read_choice_decisions",
    "study_decisions",
]

RESOLUTION = "resolution"
APP_GRADE = "app_grade"
POOL_GRADE = "pool_grade"
CONVERSION = "conversion"
SKIPPED_ROW = "skipped_row"
RATING = "rating"
RATING_RESOLUTION = "rating_resolution"
NOTE = "note"
FLAG = "flag"

#: the kinds in the order the report lists them: the grades first (they move the
#: retrieval scores), then how the files were read, the answers, the notes
DECISION_KINDS: tuple[str, ...] = (
    RESOLUTION,
    APP_GRADE,
    POOL_GRADE,
    CONVERSION,
    SKIPPED_ROW,
    RATING,
    RATING_RESOLUTION,
    NOTE,
    FLAG,
)

KIND_LABELS: dict[str, tuple[str, str]] = {
    RESOLUTION: ("손으로 정한 등급", "Grade decided by hand"),
    APP_GRADE: ("앱에서 준 등급", "Grade given in the app"),
    POOL_GRADE: ("판정 풀에서 받은 등급", "Grade from a judging pool"),
    CONVERSION: ("확인한 변환", "Confirmed conversion"),
    SKIPPED_ROW: ("제외한 행", "Row left out"),
    RATING: ("답변 평가", "Answer rating"),
    RATING_RESOLUTION: ("손으로 정한 답변 점수", "Answer score decided by hand"),
    NOTE: ("메모", "Note"),
    FLAG: ("표시", "Flag"),
}

#: the loader's warnings that record a choice made while reading a file
_CONVERTED = "grade_converted"
_LEFT_OUT = "rows_left_out"


@dataclass(frozen=True)
class Decision:
    """One decision. ``target``: the passage id (the system and criterion for an
    answer rating); ``value``: the grade or score decided, the conversion
    (``'3점' → 3``) or the note's text (None: a resolution taken back, so the
    policy decides again); ``others``: every assessor's grade of a resolved
    item (``가 2 · 나 3``)."""

    kind: str
    question_id: str = ""
    target: str = ""
    value: Any = None
    others: str = ""
    by: str = ""
    time: str = ""
    reason: str = ""
    file: str = ""
    sheet: str = ""
    row: int | None = None


def kind_label(kind: str, lang: str = "ko") -> str:
    pair = KIND_LABELS[kind]
    return pair[0] if lang == "ko" else pair[1]


def count_by_kind(decisions: Iterable[Decision]) -> dict[str, int]:
    """Kind → number of decisions, in :data:`DECISION_KINDS` order, kinds with none left out."""
    counts = {k: 0 for k in DECISION_KINDS}
    for d in decisions:
        counts[d.kind] = counts.get(d.kind, 0) + 1
    return {k: n for k, n in counts.items() if n}


# -- helpers ----------------------------------------------------------------------------
def _text(value: Any) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ""
    return str(value)


def _int(value: Any) -> int | None:
    try:
        if value is None or value is pd.NA or (isinstance(value, float) and value != value):
            return None
        return int(value)
    except (TypeError, ValueError):
        return None


def _grades_text(rows: Iterable[tuple[str, Any]]) -> str:
    """``가 2 · 나 3``: who gave which grade, in name order."""
    parts = sorted((who or "?", _int(g)) for who, g in rows)
    return " · ".join(f"{who} {g}" for who, g in parts if g is not None)


def _items(frame: pd.DataFrame, columns: Sequence[str]) -> pd.MultiIndex:
    return pd.MultiIndex.from_arrays([frame[c].astype(str).to_numpy() for c in columns])


# -- the notes and the read choices (also without a study) -------------------------------
def note_decisions(notes: Mapping[str, Any] | None) -> list[Decision]:
    """A note and a flag per question, from ``{question: {"note", "flagged"}}``
    (or :class:`~workbench.core.study.QuestionNote` values)."""
    out_notes, out_flags = [], []
    for q in sorted((notes or {}), key=str):
        n = notes[q]
        text = _text(n.get("note") if isinstance(n, Mapping) else getattr(n, "note", ""))
        flagged = bool(n.get("flagged") if isinstance(n, Mapping) else getattr(n, "flagged", 0))
        if text.strip():
            out_notes.append(Decision(NOTE, question_id=str(q), value=text))
        if flagged:
            out_flags.append(Decision(FLAG, question_id=str(q), value=True))
    return out_notes + out_flags


def _conversion_value(problem: Problem, conversions: Mapping[str, int]) -> str | None:
    """``'3점' → 3`` for the conversion a ``grade_converted`` warning reports, when
    it is among ``conversions`` (the warning quotes the value as typed)."""
    for key, grade in conversions.items():
        if f"'{key}' was read as {int(grade)}" in problem.message_en:
            return f"'{key}' → {int(grade)}"
    return None


def read_choice_decisions(
    warnings: Iterable[Problem], lang: str = "ko", conversions: Mapping[str, int] | None = None
) -> list[Decision]:
    """The confirmed conversions and the rows left out, one per loader warning
    (the warning names the first row and lists the rest)."""
    out = []
    for w in warnings:
        if w.code == _CONVERTED:
            out.append(
                Decision(
                    CONVERSION,
                    value=_conversion_value(w, conversions or {}),
                    reason=w.text(lang),
                    file=w.file,
                    sheet=w.sheet or "",
                    row=w.row,
                )
            )
        elif w.code == _LEFT_OUT:
            out.append(
                Decision(
                    SKIPPED_ROW, reason=w.text(lang), file=w.file, sheet=w.sheet or "", row=w.row
                )
            )
    return _ordered(out)


def _ordered(decisions: list[Decision]) -> list[Decision]:
    rank = {k: i for i, k in enumerate(DECISION_KINDS)}
    return sorted(decisions, key=lambda d: rank.get(d.kind, len(rank)))


# -- the study -------------------------------------------------------------------------
def study_decisions(study: StudyView, lang: str = "ko") -> list[Decision]:
    """Every decision of ``study``, grouped by kind in :data:`DECISION_KINDS` order."""
    return [
        *_resolutions(study),
        *_grades(study),
        *_read_choices(study, lang),
        *_ratings(study, lang),
        *note_decisions(study.notes),
    ]


def _resolutions(study: StudyView) -> list[Decision]:

    res = study.resolutions_in_force()
    out = []
    judgments = study.judgments_in_force()
    if len(res):
        resolved = set(zip(res[s.QID].astype(str), res[s.PID].astype(str)))
        grades: dict[tuple[str, str], list[tuple[str, Any]]] = {}
        for q, p, who, grade in zip(
            judgments[s.QID].astype(str),
            judgments[s.PID].astype(str),
            judgments[s.ASSESSOR].astype(str),
            judgments[s.GRADE],
        ):
            if (q, p) in resolved:
                grades.setdefault((q, p), []).append((who, grade))
        for rec in res.to_dict("records"):
            q, p = str(rec[s.QID]), str(rec[s.PID])
            from_file = rec.get("origin") == FROM_FILE
            out.append(
                Decision(
                    RESOLUTION,
                    question_id=q,
                    target=p,
                    value=_int(rec[s.GRADE]),
                    others=_grades_text(grades.get((q, p), [])),
                    by=_text(rec.get("by")),
                    time=_text(rec.get("time")),
                    reason=_text(rec.get("reason")),
                    file=_resolution_file(study, q, p) if from_file else "",
                )
            )
    # a resolution of the file taken back in the app: the policy decides that item again
    app = study.resolutions
    if len(app):
        taken_back = app[app[s.GRADE].isna()]
        for rec in taken_back.to_dict("records"):
            q, p = str(rec[s.QID]), str(rec[s.PID])
            here = judgments[
                (judgments[s.QID].astype(str) == q) & (judgments[s.PID].astype(str) == p)
            ]
            out.append(
                Decision(
                    RESOLUTION,
                    question_id=q,
                    target=p,
                    value=None,
                    others=_grades_text(zip(here[s.ASSESSOR].astype(str), here[s.GRADE])),
                    by=_text(rec.get("by")),
                    time=_text(rec.get("time")),
                    reason=_text(rec.get("reason")),
                )
            )
    return sorted(out, key=lambda d: (d.question_id, d.target))


def _resolution_file(study: StudyView, q: str, p: str) -> str:
    """The judgments file whose resolutions sheet holds the item's resolution."""
    for src in reversed(study.judgment_sources):
        res = src.judgment_set.resolutions
        if res is not None and len(res):
            hit = (res[s.QID].astype(str) == q) & (res[s.PID].astype(str) == p)
            if hit.any() and src.file is not None:
                return src.file.name
    return ""


def _pool_keys(study: StudyView) -> pd.MultiIndex | None:
    """(question, passage, assessor) of every passage in a judging pool, with its
    pool's assessor: a grade of that assessor for it came from the pool."""
    rows = [
        (str(q), str(p), str(pool.assessor)) for pool in study.pools.pools for q, p in pool.items
    ]
    if not rows:
        return None
    return pd.MultiIndex.from_tuples(rows)


def _grades(study: StudyView) -> list[Decision]:
    """The grades given in the app, and the grades a pool's assessor gave to the
    pool's passages (in the app on the Judging page, or in a pool workbook
    read back as a judgments file)."""
    key = [s.QID, s.PID, s.ASSESSOR]
    pooled = _pool_keys(study)
    added = study.added_grades
    app_grades, pool_grades = [], []
    if len(added):
        in_pool = _items(added, key).isin(pooled) if pooled is not None else [False] * len(added)
        for rec, from_pool in zip(added.to_dict("records"), in_pool):
            d = Decision(
                POOL_GRADE if from_pool else APP_GRADE,
                question_id=_text(rec[s.QID]),
                target=_text(rec[s.PID]),
                value=_int(rec[s.GRADE]),
                by=_text(rec[s.ASSESSOR]),
                time=_text(rec.get("time")),
                reason=_text(rec.get("reason")),
            )
            (pool_grades if from_pool else app_grades).append(d)
    if pooled is not None:
        replaced = _items(added, key) if len(added) else None
        for src in study.judgment_sources:
            frame = src.judgment_set.judgments
            if not len(frame):
                continue
            mine = _items(frame, key).isin(pooled)
            if replaced is not None:
                # a grade given in the app replaces the same assessor's grade in a file
                mine &= ~_items(frame, key).isin(replaced)
            if not mine.any():
                continue
            file = src.file
            for rec in frame[mine].to_dict("records"):
                pool_grades.append(
                    Decision(
                        POOL_GRADE,
                        question_id=_text(rec[s.QID]),
                        target=_text(rec[s.PID]),
                        value=_int(rec[s.GRADE]),
                        by=_text(rec[s.ASSESSOR]),
                        reason=_text(rec.get(s.NOTE)),
                        file=file.name if file is not None else "",
                        sheet=(file.sheet or "") if file is not None else "",
                        row=_int(rec.get(s.ROW)),
                    )
                )

    def order(d: Decision) -> tuple:
        return (d.question_id, d.target, d.by)

    return sorted(app_grades, key=order) + sorted(pool_grades, key=order)


def _read_choices(study: StudyView, lang: str) -> list[Decision]:
    """The conversions each judgments file was read with (one per loader
    warning: the conversion applied in one sheet) and every row left out of a
    judgments or run file (one per row)."""

    conversions, skipped = [], []
    sources = [(src.judgment_set, src.options, src.file) for src in study.judgment_sources]
    sources += [(src.run_set, src.options, src.file) for src in study.run_sources]
    for data, options, file in sources:
        options = ReadOptions.from_dict(options)
        problems = list(data.problems)
        conversions += [
            d
            for d in read_choice_decisions(problems, lang, dict(options.conversions))
            if d.kind == CONVERSION
        ]
        left_out = [p for p in problems if p.code == _LEFT_OUT]
        name = file.name if file is not None else (left_out[0].file if left_out else "")
        for sheet, rows in skip_table(options.skip_rows).items():
            # only rows the load really left out (a sheet gone from the file left none)
            said = [p for p in left_out if not sheet or (p.sheet or "") == sheet]
            if not said:
                continue
            shown = sheet or (said[0].sheet or "")
            skipped += [Decision(SKIPPED_ROW, file=name, sheet=shown, row=r) for r in rows]
    return conversions + skipped


def _ratings(study: StudyView, lang: str) -> list[Decision]:
    """The answer ratings given in the app and the answer scores resolved by hand."""

    work = study.answers
    if not (len(work.ratings) or len(work.resolutions)):
        return []
    names = system_names(study)
    rubric = work.rubric_in_force(lang)

    def target(system: Any, criterion: Any) -> str:
        key = _text(system)
        return f"{names.get(key, key)} · {rubric.name_of(_text(criterion))}"

    out = []
    ratings = work.ratings
    if len(ratings):
        given = ratings[ratings[SCORE].notna()]
        for rec in given.to_dict("records"):
            out.append(
                Decision(
                    RATING,
                    question_id=_text(rec[s.QID]),
                    target=target(rec[s.SYSTEM], rec[CRITERION]),
                    value=_int(rec[SCORE]),
                    by=_text(rec[s.ASSESSOR]),
                    time=_text(rec.get(TIME)),
                    reason=_text(rec.get(s.NOTE)),
                )
            )
    resolutions = work.resolutions
    if len(resolutions):
        in_force = ratings_in_force(study)
        for rec in resolutions.to_dict("records"):
            q, system, criterion = _text(rec[s.QID]), _text(rec[s.SYSTEM]), _text(rec[CRITERION])
            same = in_force[
                (in_force[s.QID] == q)
                & (in_force[s.SYSTEM] == system)
                & (in_force[CRITERION] == criterion)
            ]
            out.append(
                Decision(
                    RATING_RESOLUTION,
                    question_id=q,
                    target=target(system, criterion),
                    value=_int(rec[SCORE]),
                    others=_grades_text(zip(same[s.ASSESSOR], same[SCORE])),
                    by=_text(rec.get("by")),
                    time=_text(rec.get(TIME)),
                    reason=_text(rec.get("reason")),
                )
            )
    rank = {RATING: 0, RATING_RESOLUTION: 1}
    return sorted(out, key=lambda d: (rank[d.kind], d.question_id, d.target, d.by))
