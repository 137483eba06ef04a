"""A calibration round: every assessor grades the same items before the real,
independent judging, so the team sees where they read the manual differently
and can revise it first.

**The items** (:func:`choose_items`) are ``n`` passages the systems retrieved,
spread over the questions' types (유형) and over levels: an item that already
has a grade the scores use is in the level of that grade, any other in the
rank band of its best rank among the systems (top 3, 4–10, deeper), so a round
is not all irrelevant passages. From a seed (default :func:`round_seed`, from
the round's number):

1. each (type, level) stratum's items are sorted by (question id, passage id)
   and shuffled (Fisher–Yates from ``random.Random(seed)``, as pools are), then
   ordered so a question's second item comes after every other question's
   first (the round spreads over questions too);
2. the types are shuffled with the same generator; within a type the levels
   take turns (grades 3, 2, 1, 0, then the rank bands), and the types take turns
   in their shuffled order, until ``n`` items are chosen;
3. the chosen items are put in judging order
   (:func:`~workbench.core.protocol.pool.judging_order`, same seed).

**The pools** (:func:`build_round`): one per assessor, every one with the same
items in the same order, marked with the round's number
(``Pool.calibration_round``). Their grades are practice: kept on the pools
(``Pool.calibration_grades``, :func:`practice_grade_edit`), recorded, shown and
written to the report's Calibration sheet, but never among the study's
judgments — so they change no score, nor the Agreement page's figures. A
calibration pool's workbook, filled in Excel, is read back into the pool's
grades (:func:`read_practice_workbook`), not as judgments.

**The agreement on the round** (:func:`round_agreement`): Cohen's κ, weighted
κ (quadratic) per pair and Krippendorff's α (ordinal) over the round's grades
(:mod:`workbench.core.measures.agreement`), read with
:mod:`workbench.core.model.readings`, and the items the assessors split on (the
grades differ), the furthest apart first, with each assessor's grade and note.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pandas as pd

from workbench.core.io.judgments import load_judgments
from workbench.core.measures.agreement import (
    AgreementSummary,
    agreement_table,
    disagreements,
)
from workbench.core.model import schema as s
from workbench.core.model.problems import InputError, error
from workbench.core.model.readings import ALPHA, KAPPA, WEIGHTED_KAPPA, reading
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView
from workbench.core.protocol.pool import (
    PRACTICE_GRADES,
    Item,
    Pool,
    PoolWork,
    PracticeGrade,
    _nfc,
    _shuffle,
    default_seed,
    judging_order,
    passage_ranking,
)

__all__ = [
    "RANK_BANDS",
    "CalibrationRound",
    "CalibrationRoundEdit",
    "PracticeGradeEdit",
    "PracticeGradesReadEdit",
    "RoundAgreement",
    "build_round",
    "choose_items",
    "practice_grade_edit",
    "read_practice_workbook",
    "round_agreement",
    "round_edit",
    "round_frame",
    "round_seed",
    "rounds",
]

#: (last rank of the band, key) — an item without a grade is in the band of its
#: best rank among the systems
RANK_BANDS: tuple[tuple[float, str], ...] = ((3, "rank 1-3"), (10, "rank 4-10"), (math.inf, "deeper"))


def round_seed(number: int) -> int:
    """The seed of round ``number`` when none is given (the same for every
    assessor: the items and their order must be the same for all)."""
    return default_seed(f"calibration round {int(number)}")


def _band(rank: int) -> int:
    return next(i for i, (last, _key) in enumerate(RANK_BANDS) if rank <= last)


def _level(item: Item, best_rank: Mapping[Item, int], grades: Mapping[Item, int]) -> tuple:
    """The level an item is spread over: its grade (top grade first), else the
    rank band of its best rank (after every grade)."""
    if item in grades:
        return (0, -int(grades[item]))
    return (1, _band(best_rank[item]))


def _spread_over_questions(items: list[Item]) -> list[Item]:
    """``items`` with each question's first item before any question's second
    (stable otherwise)."""
    seen: dict[str, int] = {}
    keyed = []
    for i, (q, p) in enumerate(items):
        keyed.append((seen.get(q, 0), i, (q, p)))
        seen[q] = seen.get(q, 0) + 1
    return [item for _n, _i, item in sorted(keyed)]


def _take_turns(queues: list[list[Item]]) -> list[Item]:
    """One from each queue in turn until every queue is empty."""
    out: list[Item] = []
    queues = [list(q) for q in queues if q]
    while queues:
        for queue in queues:
            out.append(queue.pop(0))
        queues = [q for q in queues if q]
    return out


def choose_items(
    ranking: pd.DataFrame,
    question_types: Mapping[str, str],
    grades: Mapping[Item, int],
    n: int,
    seed: int,
) -> list[Item]:
    """The round's ``n`` items in judging order (see the module doc).

    ``ranking``: ``system``, ``question_id``, ``position``, ``passage_id``;
    ``question_types``: question id → type ("" or missing: no type); ``grades``:
    (question, passage) → the grade the scores use, where there is one. Fewer
    than ``n`` when the systems retrieved fewer passages. Raises ValueError for
    ``n`` below 1."""
    if int(n) < 1:
        raise ValueError("a calibration round needs at least one passage")
    if not len(ranking):
        return []
    best = (
        pd.DataFrame(
            {
                "item": list(zip(ranking[s.QID].astype(str), ranking[s.PID].astype(str))),
                "position": ranking["position"].astype(int).to_numpy(),
            }
        )
        .groupby("item")["position"]
        .min()
    )
    best_rank = {item: int(rank) for item, rank in best.items()}
    strata: dict[str, dict[tuple, list[Item]]] = {}
    for item in sorted(best_rank):
        kind = str(question_types.get(item[0], "") or "")
        strata.setdefault(kind, {}).setdefault(_level(item, best_rank, grades), []).append(item)
    rng = random.Random(int(seed))
    per_type: dict[str, list[Item]] = {}
    for kind in sorted(strata):
        levels = []
        for level in sorted(strata[kind]):
            items = strata[kind][level]
            _shuffle(items, rng)
            levels.append(_spread_over_questions(items))
        per_type[kind] = _take_turns(levels)
    kinds = sorted(per_type)
    _shuffle(kinds, rng)
    chosen = _take_turns([per_type[k] for k in kinds])[: int(n)]
    return judging_order(chosen, seed)


def _question_types(study: StudyView) -> dict[str, str]:
    js = study.judgment_set
    if js is None or js.questions is None or s.QTYPE not in js.questions.columns:
        return {}
    q = js.questions
    types = q[s.QTYPE].astype(object).where(q[s.QTYPE].notna(), "")
    return {qid: str(t).strip() for qid, t in zip(q[s.QID].astype(str), types)}


def _next_round(work: PoolWork) -> int:
    return 1 + max((p.calibration_round for p in work.pools), default=0)


def build_round(
    study: StudyView,
    assessors: Sequence[str],
    n: int,
    seed: int | None = None,
    results: Results | None = None,
    time: str = "",
) -> tuple[Pool, ...]:
    """One calibration pool per assessor (ids 0 and the next round's number:
    :func:`round_edit` gives the ids), every one with the same items in the same
    order. ``seed`` default: :func:`round_seed` of the next round. Raises
    ValueError for fewer than two different names or ``n`` below 1."""
    names = list(dict.fromkeys(_nfc(a) for a in assessors if _nfc(a)))
    if len(names) < 2:
        raise ValueError("a calibration round needs at least two assessors")
    if int(n) < 1:
        raise ValueError("a calibration round needs at least one passage")
    number = _next_round(study.pools)
    seed = round_seed(number) if seed is None else int(seed)
    ranking = passage_ranking(study, results)
    qrels = study.qrels()
    graded = dict(
        zip(zip(qrels[s.QID].astype(str), qrels[s.PID].astype(str)), qrels[s.GRADE].astype(int))
    )
    items = tuple(choose_items(ranking, _question_types(study), graded, n, seed))
    return tuple(
        Pool(
            id=0,
            assessor=name,
            depth=max(1, int(ranking["position"].max()) if len(ranking) else 1),
            seed=seed,
            questions=tuple(dict.fromkeys(q for q, _p in items)),
            systems=tuple(study.systems),
            items=items,
            created=time,
            calibration_round=number,
        )
        for name in names
    )


# -- edits ------------------------------------------------------------------------------
@dataclass(frozen=True)
class CalibrationRoundEdit:
    """A calibration round made: its pools added at once (revert: gone again)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pools: tuple[Pool, ...]

    def apply_to(self, study: StudyView) -> None:
        work = study.pools
        ids = {p.id for p in self.pools}
        study.pools = PoolWork(
            (*[p for p in work.pools if p.id not in ids], *self.pools),
            max(work.next_id, *(p.id + 1 for p in self.pools)),
        )

    def revert_from(self, study: StudyView) -> None:
        ids = {p.id for p in self.pools}
        work = study.pools
        study.pools = replace(work, pools=tuple(p for p in work.pools if p.id not in ids))


def round_edit(study: StudyView, pools: Sequence[Pool]) -> CalibrationRoundEdit:
    """The edit that adds the pools of :func:`build_round` under new ids and the
    next round's number (the study may have gained a round since they were built)."""
    start = study.pools.next_id
    number = _next_round(study.pools)
    return CalibrationRoundEdit(
        tuple(
            replace(p, id=start + i, calibration_round=number, calibration_grades={})
            for i, p in enumerate(pools)
        )
    )


@dataclass(frozen=True)
class PracticeGradeEdit:
    """A grade given (``after`` None: taken back) in a calibration pool."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pool_id: int
    item: Item
    before: PracticeGrade | None
    after: PracticeGrade | None

    def _set(self, study: StudyView, grade: PracticeGrade | None) -> None:
        pool = study.pools.pool(self.pool_id)
        if pool is None:
            return
        graded = dict(pool.calibration_grades)
        if grade is None:
            graded.pop(self.item, None)
        else:
            graded[self.item] = grade
        study.pools = study.pools.replaced(replace(pool, calibration_grades=graded))

    def apply_to(self, study: StudyView) -> None:
        self._set(study, self.after)

    def revert_from(self, study: StudyView) -> None:
        self._set(study, self.before)


def practice_grade_edit(
    study: StudyView,
    pool_id: int,
    item: Item,
    grade: int | None,
    note: str = "",
    time: str = "",
) -> PracticeGradeEdit:
    """The edit that grades ``item`` of a calibration pool (None: takes the grade
    back). Raises KeyError for no such pool, ValueError for an ordinary pool, an
    item not in the pool or a grade off the scale."""
    pool = study.pools.pool(pool_id)
    if pool is None:
        raise KeyError(pool_id)
    if not pool.is_calibration:
        raise ValueError("only a calibration pool keeps its own grades")
    item = (str(item[0]), str(item[1]))
    if item not in set(pool.items):
        raise ValueError(f"{item} is not in the pool")
    after = None
    if grade is not None:
        if isinstance(grade, bool) or int(grade) not in PRACTICE_GRADES or int(grade) != grade:
            raise ValueError(f"a grade is one of {PRACTICE_GRADES}, not {grade!r}")
        after = PracticeGrade(int(grade), str(note or "").strip(), time)
    return PracticeGradeEdit(pool_id, item, pool.calibration_grades.get(item), after)


@dataclass(frozen=True)
class PracticeGradesReadEdit:
    """The grades of a filled calibration workbook read into its pool at once
    (revert: the pool's grades as they were)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pool_id: int
    before: Mapping[Item, PracticeGrade]
    after: Mapping[Item, PracticeGrade]
    #: how many grades the workbook gave (those of passages not in the pool are left out)
    read: int = 0
    left_out: int = 0

    def _set(self, study: StudyView, grades: Mapping[Item, PracticeGrade]) -> None:
        pool = study.pools.pool(self.pool_id)
        if pool is not None:
            study.pools = study.pools.replaced(replace(pool, calibration_grades=dict(grades)))

    def apply_to(self, study: StudyView) -> None:
        self._set(study, self.after)

    def revert_from(self, study: StudyView) -> None:
        self._set(study, self.before)


def read_practice_workbook(
    study: StudyView, pool_id: int, path: str | Path, time: str = ""
) -> PracticeGradesReadEdit:
    """The edit that reads a filled calibration workbook (the pool workbook of a
    calibration pool, :func:`~workbench.core.protocol.pool.write_pool_workbook`)
    into its pool's grades: the grades of the pool's passages given by the pool's
    assessor (or by nobody named); a grade already there is replaced. Raises
    :class:`InputError` for a file that is not a judgments file, a workbook of
    another assessor, or one without a grade."""
    pool = study.pools.pool(pool_id)
    if pool is None or not pool.is_calibration:
        raise ValueError("only a calibration pool reads a calibration workbook")
    judgments = load_judgments(path).judgments
    named = judgments[s.ASSESSOR].fillna("").astype(str).str.strip()
    others = sorted(set(named) - {"", pool.assessor})
    if others:
        raise InputError(
            [
                error(
                    "calibration_other_assessor",
                    f"This workbook holds the grades of {', '.join(others)}, not of "
                    f"{pool.assessor}: choose {pool.assessor}'s calibration pool first.",
                    f"이 통합 문서에는 {pool.assessor}의 등급이 아니라 {', '.join(others)}의 "
                    f"등급이 있습니다. 먼저 {pool.assessor}의 보정 풀을 고르세요.",
                    file=str(path),
                )
            ]
        )
    in_pool = set(pool.items)
    after = dict(pool.calibration_grades)
    read = left_out = 0
    notes = (
        judgments[s.NOTE]
        if s.NOTE in judgments.columns
        else pd.Series("", index=judgments.index, dtype=object)
    )
    for q, p, g, note in zip(
        judgments[s.QID].astype(str), judgments[s.PID].astype(str), judgments[s.GRADE], notes
    ):
        if pd.isna(g):
            continue
        if (q, p) not in in_pool or int(g) not in PRACTICE_GRADES:
            left_out += 1
            continue
        read += 1
        after[(q, p)] = PracticeGrade(int(g), "" if pd.isna(note) else str(note).strip(), time)
    if not read:
        raise InputError(
            [
                error(
                    "calibration_no_grade",
                    "The workbook gives no grade 0–3 to a passage of this calibration pool.",
                    "이 통합 문서에는 이 보정 풀의 문단에 준 0–3 등급이 없습니다.",
                    file=str(path),
                )
            ]
        )
    return PracticeGradesReadEdit(pool.id, dict(pool.calibration_grades), after, read, left_out)


# -- the rounds and their agreement -------------------------------------------------------
@dataclass(frozen=True)
class CalibrationRound:
    """A round's number and its pools (one per assessor, in the order made)."""

    number: int
    pools: tuple[Pool, ...]

    @property
    def items(self) -> tuple[Item, ...]:
        return self.pools[0].items if self.pools else ()

    @property
    def assessors(self) -> list[str]:
        return [p.assessor for p in self.pools]

    @property
    def seed(self) -> int:
        return self.pools[0].seed if self.pools else 0

    def graded_by(self) -> list[str]:
        """The assessors who have graded at least one item of the round."""
        return [p.assessor for p in self.pools if p.calibration_grades]

    def grade_of(self, assessor: str, item: Item) -> PracticeGrade | None:
        pool = next((p for p in self.pools if p.assessor == assessor), None)
        return pool.calibration_grades.get(item) if pool is not None else None


def rounds(study: StudyView) -> list[CalibrationRound]:
    """The study's calibration rounds, by number."""
    by_number: dict[int, list[Pool]] = {}
    for pool in study.pools.pools:
        if pool.is_calibration:
            by_number.setdefault(pool.calibration_round, []).append(pool)
    return [CalibrationRound(n, tuple(by_number[n])) for n in sorted(by_number)]


def round_frame(round_: CalibrationRound) -> pd.DataFrame:
    """The round's grades as a judgments frame (question_id, passage_id, grade,
    assessor, note), one row per grade given."""
    rows = [
        (q, p, g.grade, pool.assessor, g.note)
        for pool in round_.pools
        for (q, p), g in pool.calibration_grades.items()
    ]
    frame = pd.DataFrame(rows, columns=[s.QID, s.PID, s.GRADE, s.ASSESSOR, s.NOTE])
    frame[s.GRADE] = frame[s.GRADE].astype("int64")
    return frame


@dataclass(frozen=True)
class RoundAgreement:
    """The agreement on a round: ``summary`` (None until two assessors graded an
    item in common) and ``splits`` (:func:`~workbench.core.measures.agreement.disagreements`
    of the round's grades: the items whose grades differ, the furthest apart first)."""

    round: CalibrationRound
    summary: AgreementSummary | None
    splits: pd.DataFrame

    def pair_readings(self, lang: str = "ko") -> list[dict]:
        """Each pair with a shared item: a, b, n, exact, κ, weighted κ and their readings."""
        if self.summary is None:
            return []
        return [
            {
                "a": p.a,
                "b": p.b,
                "n": p.n,
                "exact": p.exact,
                "kappa": p.kappa,
                "kappa_reading": reading(KAPPA, p.kappa, lang),
                "kappa_quadratic": p.kappa_quadratic,
                "kappa_quadratic_reading": reading(WEIGHTED_KAPPA, p.kappa_quadratic, lang),
            }
            for p in self.summary.pairs
            if p.n
        ]

    @property
    def alpha(self) -> float:
        return self.summary.alpha_ordinal if self.summary is not None else math.nan

    def alpha_reading(self, lang: str = "ko") -> str:
        return reading(ALPHA, self.alpha, lang)


def round_agreement(round_: CalibrationRound) -> RoundAgreement:
    """κ, weighted κ and α among the round's assessors and the items they split on."""
    frame = round_frame(round_)
    summary = None
    splits = disagreements(frame)
    if len(frame):
        table = agreement_table(frame)
        if any(p.n > 0 for p in table.pairs):
            summary = table
    return RoundAgreement(round_, summary, splits)

