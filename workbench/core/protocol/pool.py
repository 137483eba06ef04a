"""Pooled blind judging: what an assessor still has to judge, in what order, and
what the judging did to the numbers.

**A pool** (:class:`Pool`) is made for one assessor from chosen questions,
chosen systems and a depth (default: the largest K): the union of every
chosen system's top-``depth`` passages for every chosen question — after the
study's ordering and de-duplication (``Results.ranking`` in the passage unit)
— leaving out the passages this assessor has already graded (other
assessors' grades do not count: the seeds want independent judgments). A
passage several systems retrieved is in the pool once.

**The judging order** is fixed when the pool is made, from a seed (default:
:func:`default_seed`, from the assessor's name, so two assessors get two
different orders and the same assessor always the same one):

1. the items are sorted by (question id, passage id) as text;
2. the questions are shuffled (Fisher–Yates driven by
   ``random.Random(seed).random()``, which Python keeps the same across
   versions — ``random.shuffle`` itself is not guaranteed to);
3. then, question by question in that order, the question's passages are
   shuffled with the same generator.

So the assessor judges one question at a time and can infer no rank from the
order. The pool keeps no system name with an item, no rank and no score.

**The state of an item** is worked out from the study, not stored: *graded*
when the assessor's grade is among the judgments in force (a grade given on
the Judging page is a grade edit of the study with the pool's assessor, so it
reaches the scores and the Agreement page like any other), else *cannot
judge* or *later* when the assessor marked it so (:class:`PoolMark`, the
pool's own edits), else *waiting*. :func:`next_item` — where judging goes on,
also after reopening the project — is the first waiting item in judging
order, else the "later" item put off longest ago, else None (done).

**What the pool did** (:func:`pool_effect`): Judged@K per system (K = the
largest K, as the evaluation's Judged@K) now and before the pools' grades —
without the grades the pools' assessors gave to their pools' passages —, the
passages judged, marked and still waiting per assessor, and the agreement
over the pooled passages once two assessors graded some of the same.

**The pool workbook** (:func:`write_pool_workbook`), for an assessor who only
has Excel: one row per passage still to judge, in judging order — 질문ID,
질문, 문단ID, 출처, 본문, 등급 (a 0–3 dropdown), 메모, 평가자 (the pool's
assessor) —, the manual on its own sheet, and a guide sheet. Sheets are
protected (only 등급 and 메모 can be typed in), the workbook's structure too
(no sheet added, removed or renamed); no system name, rank or score is in it.
Read back with :func:`~workbench.core.io.load_judgments` it is a judgments file
whose assessor is known; a passage left without a grade stays waiting.

**A calibration pool** (``Pool.calibration_round`` > 0, made by
:mod:`workbench.core.protocol.calibration`) is one assessor's copy of a
calibration round: every assessor of the round has the same items in the same
order. Its grades are practice for aligning the reading of the manual, so they
are kept on the pool itself (``Pool.calibration_grades``), never among the
study's judgments: they do not reach the scores, the Agreement page or
:func:`pool_effect`, and :func:`assessor_progress` leaves the pool out.
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from workbench.core.io.atomic import atomic_write, save_workbook
from workbench.core.io.cells import put
from workbench.core.io.outputs import refuse_output_onto_inputs
from workbench.core.io.workbook_style import FONT_NAME
from workbench.core.measures.agreement import AgreementSummary, agreement_table
from workbench.core.measures.decisive import next_to_judge
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.grades import GRADES
from workbench.core.model.korean import josa
from workbench.core.model.problems import Problem, warning
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView
from workbench.core.protocol.manual import Manual, write_manual_sheet
from workbench.core.protocol.review import Source

__all__ = [
    "CANNOT",
    "LATER",
    "POOL_SECTION",
    "Pool",
    "PoolEffect",
    "PoolMark",
    "PoolMarkEdit",
    "PoolProgress",
    "PoolWork",
    "PracticeGrade",
    "build_pool",
    "default_seed",
    "judging_order",
    "next_item",
    "pool_effect",
    "pool_judged",
    "pool_items",
    "pool_progress",
    "assessor_progress",
    "write_pool_workbook",
]

Item = tuple[str, str]

#: the project file's section of the pools
POOL_SECTION = "pools"
#: an item the assessor put off (judged after every untouched one)
LATER = "later"
#: an item the assessor cannot judge (with a reason); it is not shown again
CANNOT = "cannot"
MARK_STATES = (LATER, CANNOT)
#: the grades a calibration pool takes (the judging scale)
PRACTICE_GRADES = GRADES

#: item states worked out by :func:`item_state`
GRADED = "graded"
WAITING = "waiting"


def _nfc(text: Any) -> str:
    return unicodedata.normalize("NFC", str(text or "")).strip()


def default_seed(assessor: str) -> int:
    """The seed of an assessor's judging order when none is given: the first
    eight hex digits of the SHA-256 of the name (UTF-8, NFC) as a number."""
    digest = hashlib.sha256(_nfc(assessor).encode("utf-8")).hexdigest()
    return int(digest[:8], 16)


def _shuffle(values: list, rng: random.Random) -> None:
    """Fisher–Yates from ``rng.random()`` (stable across Python versions)."""
    for i in range(len(values) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        values[i], values[j] = values[j], values[i]


def judging_order(items: Iterable[Item], seed: int) -> list[Item]:
    """``items`` in judging order (see the module doc): questions shuffled, then
    each question's passages shuffled, from ``seed``."""
    by_question: dict[str, list[str]] = {}
    for q, p in sorted(set((str(q), str(p)) for q, p in items)):
        by_question.setdefault(q, []).append(p)
    rng = random.Random(int(seed))
    questions = list(by_question)
    _shuffle(questions, rng)
    out: list[Item] = []
    for q in questions:
        passages = by_question[q]
        _shuffle(passages, rng)
        out.extend((q, p) for p in passages)
    return out


def pool_items(
    ranking: pd.DataFrame,
    questions: Sequence[str] | None,
    systems: Sequence[str] | None,
    depth: int,
    already_judged: Iterable[Item] = (),
) -> set[Item]:
    """The union of the ``systems``' top-``depth`` passages (``ranking``:
    ``system``, ``question_id``, ``position``, ``passage_id``) for ``questions``,
    without ``already_judged`` (None: every question / system)."""
    if depth < 1:
        raise ValueError("the pool depth must be 1 or more")
    r = ranking[ranking["position"] <= int(depth)]
    if systems is not None:
        r = r[r[s.SYSTEM].astype(str).isin([str(x) for x in systems])]
    if questions is not None:
        r = r[r[s.QID].astype(str).isin([str(x) for x in questions])]
    found = set(zip(r[s.QID].astype(str), r[s.PID].astype(str)))
    return found - set(already_judged)


# -- data -----------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolMark:
    """An item put off (``later``) or that cannot be judged (``cannot``, with a
    reason). ``seq`` orders the marks (the "later" item put off longest ago
    comes back first)."""

    state: str
    reason: str = ""
    seq: int = 0
    time: str = ""

    def to_dict(self) -> dict:
        return {"state": self.state, "reason": self.reason, "seq": self.seq, "time": self.time}


@dataclass(frozen=True)
class PracticeGrade:
    """A grade given in a calibration pool, with the assessor's note (why this
    grade: the words the team discusses when the readings of the manual differ)."""

    grade: int
    note: str = ""
    time: str = ""

    def to_dict(self) -> dict:
        return {"grade": self.grade, "note": self.note, "time": self.time}


@dataclass(frozen=True)
class Pool:
    """One assessor's pool: what it was made of and the items in judging order.

    ``calibration_round`` 0: an ordinary pool; 1, 2, …: the assessor's copy of
    that calibration round, whose grades are ``calibration_grades`` (not the
    study's judgments; see the module doc)."""

    id: int
    assessor: str
    depth: int
    seed: int
    questions: tuple[str, ...]
    systems: tuple[str, ...]
    items: tuple[Item, ...]
    created: str = ""
    marks: dict[Item, PoolMark] = field(default_factory=dict, compare=False)
    calibration_round: int = 0
    calibration_grades: dict[Item, PracticeGrade] = field(default_factory=dict, compare=False)

    @property
    def is_calibration(self) -> bool:
        return self.calibration_round > 0

    def mark(self, item: Item) -> PoolMark | None:
        return self.marks.get(item)

    def questions_in_order(self) -> list[str]:
        return list(dict.fromkeys(q for q, _p in self.items))

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "assessor": self.assessor,
            "depth": self.depth,
            "seed": self.seed,
            "questions": list(self.questions),
            "systems": list(self.systems),
            "items": [[q, p] for q, p in self.items],
            "created": self.created,
            "marks": [[q, p, m.to_dict()] for (q, p), m in self.marks.items()],
            # only a calibration pool writes these: an ordinary pool's record is
            # what it was before calibration rounds existed
            **(
                {
                    "calibration_round": self.calibration_round,
                    "calibration_grades": [
                        [q, p, g.to_dict()] for (q, p), g in self.calibration_grades.items()
                    ],
                }
                if self.is_calibration
                else {}
            ),
        }


@dataclass(frozen=True)
class PoolWork:
    """Every pool of the study (``Study.pools``); replaced, never changed in place."""

    pools: tuple[Pool, ...] = ()
    next_id: int = 1

    def pool(self, pool_id: int) -> Pool | None:
        return next((p for p in self.pools if p.id == pool_id), None)

    def __bool__(self) -> bool:
        return bool(self.pools)

    def replaced(self, pool: Pool) -> PoolWork:
        return replace(self, pools=tuple(pool if p.id == pool.id else p for p in self.pools))

    def to_project(self) -> dict:
        return {"next_id": self.next_id, "pools": [p.to_dict() for p in self.pools]}


# -- edits ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolAddEdit:
    """A pool made (revert: gone again)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pool: Pool

    def apply_to(self, study: StudyView) -> None:
        work = study.pools
        study.pools = PoolWork(
            (*[p for p in work.pools if p.id != self.pool.id], self.pool),
            max(work.next_id, self.pool.id + 1),
        )

    def revert_from(self, study: StudyView) -> None:
        work = study.pools
        study.pools = replace(work, pools=tuple(p for p in work.pools if p.id != self.pool.id))


@dataclass(frozen=True)
class PoolRemoveEdit:
    """A pool taken away with its marks (the grades given through it stay)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pool: Pool
    index: int

    def apply_to(self, study: StudyView) -> None:
        work = study.pools
        study.pools = replace(work, pools=tuple(p for p in work.pools if p.id != self.pool.id))

    def revert_from(self, study: StudyView) -> None:
        pools = list(study.pools.pools)
        pools.insert(min(self.index, len(pools)), self.pool)
        study.pools = replace(study.pools, pools=tuple(pools))


@dataclass(frozen=True)
class PoolMarkEdit:
    """An item of a pool marked "later" or "cannot judge" (``after`` None: unmarked)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    pool_id: int
    item: Item
    before: PoolMark | None
    after: PoolMark | None

    def _set(self, study: StudyView, mark: PoolMark | None) -> None:
        pool = study.pools.pool(self.pool_id)
        if pool is None:
            return
        marks = dict(pool.marks)
        if mark is None:
            marks.pop(self.item, None)
        else:
            marks[self.item] = mark
        study.pools = study.pools.replaced(replace(pool, marks=marks))

    def apply_to(self, study: StudyView) -> None:
        self._set(study, self.after)

    def revert_from(self, study: StudyView) -> None:
        self._set(study, self.before)


def add_pool_edit(study: StudyView, pool: Pool) -> PoolAddEdit:
    """The edit that adds ``pool`` (made by :func:`build_pool`) under a new id."""
    return PoolAddEdit(replace(pool, id=study.pools.next_id))


def remove_pool_edit(study: StudyView, pool_id: int) -> PoolRemoveEdit:
    pools = study.pools.pools
    index = next(i for i, p in enumerate(pools) if p.id == pool_id)
    return PoolRemoveEdit(pools[index], index)


def mark_edit(
    study: StudyView, pool_id: int, item: Item, state: str | None, reason: str = "", time: str = ""
) -> PoolMarkEdit:
    """The edit that marks ``item`` of a pool ``later`` / ``cannot`` (None: unmarked)."""
    pool = study.pools.pool(pool_id)
    if pool is None:
        raise KeyError(pool_id)
    if state is not None and state not in MARK_STATES:
        raise ValueError(f"unknown mark {state!r}")
    item = (str(item[0]), str(item[1]))
    after = None
    if state is not None:
        seq = 1 + max((m.seq for m in pool.marks.values()), default=0)
        after = PoolMark(state, str(reason or "").strip(), seq, time)
    return PoolMarkEdit(pool_id, item, pool.marks.get(item), after)


# -- building a pool ------------------------------------------------------------------------
def graded_items(frame: pd.DataFrame | None, assessor: str) -> set[Item]:
    """The (question, passage) items ``assessor`` graded in a judgments frame."""
    if frame is None or not len(frame):
        return set()
    mine = frame[frame[s.ASSESSOR].astype(str) == str(assessor)]
    return set(zip(mine[s.QID].astype(str), mine[s.PID].astype(str)))


def judged_by(study: StudyView, assessor: str) -> set[Item]:
    """The items ``assessor`` has graded (the judgments in force): the files'
    grades and those given in the app (:func:`graded_items` of both)."""
    js = study.judgment_set
    return graded_items(js.judgments if js is not None else None, assessor) | graded_items(
        study.added_grades, assessor
    )


def passage_ranking(
    study: StudyView,
    results: Results | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> pd.DataFrame:
    """The systems' rankings after the study's ordering and de-duplication, in
    the passage unit: ``results.ranking`` when they were evaluated per passage,
    else a passage-unit evaluation of the study."""
    return passage_results(study, results, progress, cancelled).ranking


def build_pool(
    study: StudyView,
    assessor: str,
    depth: int | None = None,
    questions: Sequence[str] | None = None,
    systems: Sequence[str] | None = None,
    seed: int | None = None,
    results: Results | None = None,
    time: str = "",
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Pool:
    """A pool for ``assessor`` (id 0: :func:`add_pool_edit` gives it its id).

    ``depth`` default: the largest K; ``questions`` / ``systems`` None: all;
    ``seed`` default: :func:`default_seed` of the assessor. Raises
    ``ValueError`` for an empty assessor name, a depth below 1 or a system the
    study does not have."""
    name = _nfc(assessor)
    if not name:
        raise ValueError("a pool needs the assessor's name")
    depth = int(depth if depth is not None else max(study.settings.ks))
    if depth < 1:
        raise ValueError("the pool depth must be 1 or more")
    if systems is not None:
        unknown = [x for x in systems if x not in study.systems]
        if unknown:
            raise ValueError(f"no system is called {', '.join(unknown)}")
    seed = default_seed(name) if seed is None else int(seed)
    ranking = passage_ranking(study, results, progress, cancelled)
    if cancelled is not None and cancelled():
        raise Cancelled()
    items = pool_items(ranking, questions, systems, depth, judged_by(study, name))
    chosen_q = (
        tuple(str(q) for q in questions)
        if questions is not None
        else tuple(sorted({q for q, _p in items}))
    )
    return Pool(
        id=0,
        assessor=name,
        depth=depth,
        seed=seed,
        questions=chosen_q,
        systems=tuple(systems) if systems is not None else tuple(study.systems),
        items=tuple(judging_order(items, seed)),
        created=time,
    )


def passage_results(
    study: StudyView,
    results: Results | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Results:
    """``results`` when they were evaluated per passage, else a passage-unit
    evaluation of the study (a pool holds passages, not documents)."""
    if results is not None and results.settings.unit == "passage":
        return results
    snap = study.snapshot()
    snap.set_settings(replace(study.settings, unit="passage"))
    return snap.evaluate(progress=progress, cancelled=cancelled)


def build_next_pool(
    study: StudyView,
    assessor: str,
    n: int,
    pairs: Sequence[tuple[str, str]] | None = None,
    measures: Sequence[str] | None = None,
    seed: int | None = None,
    results: Results | None = None,
    time: str = "",
) -> Pool:
    """A pool of the ``n`` unjudged passages that weigh most on the comparisons
    not yet decided (:func:`~workbench.core.measures.decisive.next_to_judge`;
    ``pairs`` default: every pair of systems, ``measures``: every assessed one),
    in a blind judging order like :func:`build_pool`'s — the weight, like the
    ranks, is not kept. Its depth is the study's largest K. Raises ValueError
    for an empty name or ``n`` below 1."""
    name = _nfc(assessor)
    if not name:
        raise ValueError("a pool needs the assessor's name")
    if int(n) < 1:
        raise ValueError("a pool needs at least one passage")
    seed = default_seed(name) if seed is None else int(seed)
    evaluated = passage_results(study, results)
    heaviest = next_to_judge(evaluated, pairs, measures)
    mine = judged_by(study, name)
    chosen = [
        item
        for item in zip(heaviest[s.QID].astype(str), heaviest[s.PID].astype(str))
        if item not in mine
    ][: int(n)]
    return Pool(
        id=0,
        assessor=name,
        depth=int(max(study.settings.ks)),
        seed=seed,
        questions=tuple(sorted({q for q, _p in chosen})),
        systems=tuple(study.systems),
        items=tuple(judging_order(chosen, seed)),
        created=time,
    )


# -- where judging stands -----------------------------------------------------------------------
def pool_judged(study: StudyView, pool: Pool) -> set[Item]:
    """The items of ``pool`` its assessor has graded: in a calibration pool the
    pool's own practice grades, else the study's (:func:`judged_by`)."""
    if pool.is_calibration:
        return set(pool.calibration_grades)
    return judged_by(study, pool.assessor)


def item_state(pool: Pool, item: Item, judged: set[Item]) -> str:
    """``graded``, ``cannot``, ``later`` or ``waiting`` (see the module doc)."""
    if item in judged:
        return GRADED
    mark = pool.marks.get(item)
    return mark.state if mark is not None else WAITING


def next_item(pool: Pool, judged: set[Item]) -> Item | None:
    """Where judging goes on: the first waiting item, else the "later" item put
    off longest ago, else None (every item graded or not judgeable)."""
    for item in pool.items:
        if item not in judged and item not in pool.marks:
            return item
    later = [
        (m.seq, item)
        for item, m in pool.marks.items()
        if m.state == LATER and item not in judged and item in set(pool.items)
    ]
    return min(later)[1] if later else None


@dataclass(frozen=True)
class PoolProgress:
    """Counts of a pool's (or an assessor's pools') items by state.

    ``done`` = graded + cannot judge; ``waiting`` = the rest (later included)."""

    total: int = 0
    graded: int = 0
    later: int = 0
    cannot: int = 0

    @property
    def done(self) -> int:
        return self.graded + self.cannot

    @property
    def waiting(self) -> int:
        return self.total - self.done

    def __add__(self, other: PoolProgress) -> PoolProgress:
        return PoolProgress(
            self.total + other.total,
            self.graded + other.graded,
            self.later + other.later,
            self.cannot + other.cannot,
        )


def _progress(pool: Pool, items: Iterable[Item], judged: set[Item]) -> PoolProgress:
    total = graded = later = cannot = 0
    for item in items:
        total += 1
        state = item_state(pool, item, judged)
        if state == GRADED:
            graded += 1
        elif state == LATER:
            later += 1
        elif state == CANNOT:
            cannot += 1
    return PoolProgress(total, graded, later, cannot)


def pool_progress(pool: Pool, judged: set[Item], question_id: str | None = None) -> PoolProgress:
    """The pool's progress (``question_id``: of that question's items only)."""
    items = pool.items if question_id is None else [i for i in pool.items if i[0] == question_id]
    return _progress(pool, items, judged)


def assessor_progress(
    study: StudyView, judged: Callable[[str], set[Item]] | None = None
) -> list[tuple[str, PoolProgress]]:
    """Every pool assessor (in the order their first pool was made) with the
    progress of their pools together (an item in two of their pools counts once).
    ``judged``: assessor → graded items (default :func:`judged_by`). Calibration
    pools are left out: they are practice, not the study's judging."""
    out: dict[str, PoolProgress] = {}
    seen: dict[str, set[Item]] = {}
    judged_of: dict[str, set[Item]] = {}
    for pool in study.pools.pools:
        if pool.is_calibration:
            continue
        who = pool.assessor
        if who not in judged_of:
            judged_of[who] = judged(who) if judged is not None else judged_by(study, who)
        fresh = [i for i in pool.items if i not in seen.setdefault(who, set())]
        seen[who].update(fresh)
        out[who] = out.get(who, PoolProgress()) + _progress(pool, fresh, judged_of[who])
    return list(out.items())


# -- what the pool did ------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolEffect:
    """What the pools did to the judgments (see the module doc).

    ``judged_before`` / ``judged_after``: system → mean Judged@``k`` over the
    evaluated questions, without / with the grades given to the pools;
    ``assessors``: (assessor, progress) per pool assessor; ``agreement``: over
    the pooled passages (None until two assessors graded some of the same)."""

    k: int
    judged_before: dict[str, float]
    judged_after: dict[str, float]
    assessors: list[tuple[str, PoolProgress]]
    agreement: AgreementSummary | None = None
    pooled_items: int = 0
    pools: tuple[Pool, ...] = ()


def _mean_judged(
    top: pd.DataFrame, per_question: pd.DataFrame, k: int, judged: pd.Series
) -> dict[str, float]:
    """system → mean over its evaluated questions (``per_question``; a question
    the system did not answer counts 0) of (judged passages in its top ``k``) / k."""
    counts = (
        pd.DataFrame(
            {
                s.SYSTEM: top[s.SYSTEM].astype(str).to_numpy(),
                s.QID: top[s.QID].astype(str).to_numpy(),
                "judged": judged.to_numpy(dtype=float),
            }
        )
        .groupby([s.SYSTEM, s.QID], sort=False)["judged"]
        .sum()
        .rename("judged")
        .reset_index()
    )
    pq = pd.DataFrame(
        {
            s.SYSTEM: per_question[s.SYSTEM].astype(str).to_numpy(),
            s.QID: per_question[s.QID].astype(str).to_numpy(),
        }
    )
    rows = pq.merge(counts, on=[s.SYSTEM, s.QID], how="left")
    share = rows["judged"].fillna(0.0) / k
    means = share.groupby(rows[s.SYSTEM], sort=False).mean()
    return {str(x): float(v) for x, v in means.items()}


def pool_effect(
    study: StudyView,
    results: Results,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> PoolEffect | None:
    """What the pools did (None when the study has no pool but calibration pools,
    whose practice grades are not the study's judgments)."""

    judging_pools = [p for p in study.pools.pools if not p.is_calibration]
    if not judging_pools:
        return None
    k = int(max(results.settings.ks)) if results.settings.ks else 10
    ranking = passage_ranking(study, results, progress, cancelled)
    per_question = results.per_question
    judgments = study.judgments_in_force()
    pooled: set[Item] = set()
    parts = []
    for pool in judging_pools:
        pooled.update(pool.items)
        items = np.asarray(pool.items, dtype=object).reshape(-1, 2)
        parts.append((items[:, 0], items[:, 1], np.full(len(items), pool.assessor, dtype=object)))
    pool_q, pool_p, pool_a = (np.concatenate(cols) for cols in zip(*parts))
    j_q, j_p = judgments[s.QID].astype(str), judgments[s.PID].astype(str)
    from_pool = pd.MultiIndex.from_arrays([j_q, j_p, judgments[s.ASSESSOR].astype(str)]).isin(
        pd.MultiIndex.from_arrays([pool_q, pool_p, pool_a])
    )
    # judged before the pools: some grade not given by a pool's assessor to its passage
    before_items = pd.MultiIndex.from_arrays([j_q[~from_pool], j_p[~from_pool]])
    top = ranking[ranking["position"] <= k]
    top_items = pd.MultiIndex.from_arrays([top[s.QID].astype(str), top[s.PID].astype(str)])
    after = pd.Series(top[s.GRADE].notna().to_numpy(), index=top.index)
    before = after & pd.Series(top_items.isin(before_items), index=top.index)
    agreement = None
    in_pool = pd.MultiIndex.from_arrays([j_q, j_p]).isin(
        pd.MultiIndex.from_arrays([pool_q, pool_p])
    )
    pooled_judgments = judgments[in_pool]
    if len(pooled_judgments):
        summary = agreement_table(pooled_judgments)
        if any(p.n > 0 for p in summary.pairs):
            agreement = summary
    return PoolEffect(
        k=k,
        judged_before=_mean_judged(top, per_question, k, before),
        judged_after=_mean_judged(top, per_question, k, after),
        assessors=assessor_progress(study),
        agreement=agreement,
        pooled_items=len(pooled),
        pools=tuple(judging_pools),
    )


# -- the project file ---------------------------------------------------------------------------
def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _whole(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def pools_from_project(data: Any, file: str = "") -> tuple[PoolWork, list[Problem]]:
    """The pools a project file kept; every field is checked, a damaged pool
    (or mark) is left out with a warning naming it."""
    problems: list[Problem] = []

    def drop(where: str, en: str, ko: str) -> None:
        problems.append(
            warning(
                "project_pool_damaged",
                f"The project file's field '{where}' is damaged (expected {en}); it was left "
                "out and the rest of the project was opened.",
                f"프로젝트 파일의 항목 {josa(where, '이', quoted=True)} 손상되어 있어(기대한 "
                f"형식: {ko}) 빼고 나머지를 열었습니다.",
                file=file,
            )
        )

    if data is None:
        return PoolWork(), problems
    if not isinstance(data, dict) or not isinstance(data.get("pools"), list):
        drop(POOL_SECTION, "a list of pools", "풀 목록")
        return PoolWork(), problems
    pools: list[Pool] = []
    for i, raw in enumerate(data["pools"]):
        where = f"{POOL_SECTION}[{i}]"
        if not isinstance(raw, dict):
            drop(where, "an object", "객체")
            continue
        items = raw.get("items")
        ok = (
            _whole(raw.get("id"), 1)
            and isinstance(raw.get("assessor"), str)
            and raw["assessor"].strip()
            and _whole(raw.get("depth"), 1)
            and _whole(raw.get("seed"))
            and _texts(raw.get("questions", []))
            and _texts(raw.get("systems", []))
            and isinstance(raw.get("created", ""), str)
            and isinstance(items, list)
            and all(_texts(x) and len(x) == 2 for x in items)
            and all(p.id != raw.get("id") for p in pools)
        )
        if not ok:
            drop(
                where,
                "a pool (id, assessor, depth, seed, items)",
                "풀(번호, 평가자, 깊이, 시드, 문단)",
            )
            continue
        item_list = [(q, p) for q, p in items]
        if len(set(item_list)) != len(item_list):
            drop(f"{where}.items", "each passage once", "문단마다 한 번")
            continue
        marks: dict[Item, PoolMark] = {}
        raw_marks = raw.get("marks", [])
        if not isinstance(raw_marks, list):
            drop(f"{where}.marks", "a list", "목록")
            raw_marks = []
        known = set(item_list)
        for j, m in enumerate(raw_marks):
            good = (
                isinstance(m, list)
                and len(m) == 3
                and isinstance(m[0], str)
                and isinstance(m[1], str)
                and (m[0], m[1]) in known
                and isinstance(m[2], dict)
                and m[2].get("state") in MARK_STATES
                and isinstance(m[2].get("reason", ""), str)
                and _whole(m[2].get("seq", 0))
                and isinstance(m[2].get("time", ""), str)
            )
            if not good:
                drop(
                    f"{where}.marks[{j}]", "a passage of the pool and its mark", "풀의 문단과 표시"
                )
                continue
            marks[(m[0], m[1])] = PoolMark(
                m[2]["state"], m[2].get("reason", ""), m[2].get("seq", 0), m[2].get("time", "")
            )
        # a pool written before calibration rounds has neither field: an ordinary pool
        calibration_round = raw.get("calibration_round", 0)
        if not _whole(calibration_round):
            drop(f"{where}.calibration_round", "a whole number", "0 이상의 정수")
            calibration_round = 0
        practice = (
            _practice_grades(raw.get("calibration_grades", []), where, known, drop)
            if calibration_round
            else {}
        )
        pools.append(
            Pool(
                id=raw["id"],
                assessor=raw["assessor"].strip(),
                depth=raw["depth"],
                seed=raw["seed"],
                questions=tuple(raw.get("questions", [])),
                systems=tuple(raw.get("systems", [])),
                items=tuple(item_list),
                created=raw.get("created", ""),
                marks=marks,
                calibration_round=calibration_round,
                calibration_grades=practice,
            )
        )
    next_id = data.get("next_id", 1)
    if not _whole(next_id, 1):
        next_id = 1
    next_id = max([next_id, *(p.id + 1 for p in pools)])
    return PoolWork(tuple(pools), next_id), problems


def _practice_grades(
    raw: Any, where: str, known: set[Item], drop: Callable[[str, str, str], None]
) -> dict[Item, PracticeGrade]:
    """A calibration pool's grades from the project file; a damaged one is left
    out with a warning (``drop``)."""
    if not isinstance(raw, list):
        drop(f"{where}.calibration_grades", "a list", "목록")
        return {}
    out: dict[Item, PracticeGrade] = {}
    for j, g in enumerate(raw):
        good = (
            isinstance(g, list)
            and len(g) == 3
            and isinstance(g[0], str)
            and isinstance(g[1], str)
            and (g[0], g[1]) in known
            and isinstance(g[2], dict)
            and g[2].get("grade") in PRACTICE_GRADES
            and not isinstance(g[2].get("grade"), bool)
            and isinstance(g[2].get("note", ""), str)
            and isinstance(g[2].get("time", ""), str)
        )
        if not good:
            drop(
                f"{where}.calibration_grades[{j}]",
                "a passage of the pool and its grade 0–3",
                "풀의 문단과 0–3 등급",
            )
            continue
        out[(g[0], g[1])] = PracticeGrade(
            int(g[2]["grade"]), g[2].get("note", ""), g[2].get("time", "")
        )
    return out


# -- passages as the assessor sees them ---------------------------------------------------------------
@dataclass(frozen=True)
class PassageView:
    """A passage as the Judging page and the pool workbook show it."""

    passage_id: str
    text: str
    source: str  # 권 · 강연 · 페이지 · 날짜 in the language asked for


class PassageTexts:
    """Passage text and source from the passages sheet (the runs' text where the
    sheet has none), and question text from the questions sheet."""

    def __init__(self, study: StudyView) -> None:

        self._source_cls = Source
        js = study.judgment_set
        self._passages: dict[str, tuple[str, Any]] = {}
        if js is not None and js.passages is not None and len(js.passages):
            p = js.passages
            cols = {
                c: p[c].tolist() if c in p.columns else [""] * len(p) for c in s.PASSAGE_COLUMNS
            }
            for i, pid in enumerate(cols[s.PID]):
                pid = str(pid)
                if pid in self._passages:
                    continue
                src = Source(*(_cell(cols[c][i]) for c in (s.VOLUME, s.LECTURE, s.PAGE, s.DATE)))
                self._passages[pid] = (_cell(cols[s.TEXT][i]), src)
        self._run_text: dict[str, str] = {}
        for src in study.run_sources:
            runs = src.run_set.runs
            if s.TEXT not in runs.columns or not len(runs):
                continue
            texts = runs[[s.PID, s.TEXT]]
            texts = texts[texts[s.TEXT].fillna("").astype(str).str.strip() != ""]
            for pid, text in zip(texts[s.PID].astype(str), texts[s.TEXT].astype(str)):
                self._run_text.setdefault(pid, text)
        self._questions: dict[str, str] = {}
        if js is not None and js.questions is not None and len(js.questions):
            q = js.questions
            texts = q[s.QTEXT].tolist() if s.QTEXT in q.columns else [""] * len(q)
            for qid, text in zip(q[s.QID].astype(str), texts):
                self._questions.setdefault(qid, _cell(text))

    def passage(self, passage_id: str, lang: str = "ko") -> PassageView:
        text, source = self._passages.get(passage_id, ("", None))
        text = text or self._run_text.get(passage_id, "")
        return PassageView(passage_id, text, source.format(lang) if source else "")

    def question(self, question_id: str) -> str:
        return self._questions.get(question_id, "")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    try:
        if pd.isna(value):
            return ""
    except (TypeError, ValueError):
        pass
    return str(value).strip()


# -- the pool workbook --------------------------------------------------------------------------------
POOL_HEADERS: dict[str, dict[str, str]] = {
    "ko": {
        s.QID: "질문ID",
        s.QTEXT: "질문",
        s.PID: "문단ID",
        "source": "출처",
        s.TEXT: "본문",
        s.GRADE: "등급",
        s.NOTE: "메모",
        s.ASSESSOR: "평가자",
    },
    "en": {
        s.QID: "question_id",
        s.QTEXT: "question_text",
        s.PID: "passage_id",
        "source": "source",
        s.TEXT: "text",
        s.GRADE: "grade",
        s.NOTE: "note",
        s.ASSESSOR: "assessor",
    },
}
POOL_SHEETS = {
    "ko": {"judging": "평가", "guide": "풀 안내"},
    "en": {"judging": "judgments", "guide": "pool guide"},
}
_GUIDE = {
    "ko": [
        "이 통합 문서는 평가자 한 사람이 판정할 문단 목록입니다 (판정 풀).",
        "'평가' 시트의 '등급' 칸에 0–3을 고르고, 필요하면 '메모'에 적으세요. 다른 칸은 바꿀 수 "
        "없습니다.",
        "등급의 뜻은 '매뉴얼' 시트에 있습니다. 시스템 이름·순위·점수는 일부러 넣지 않았습니다.",
        "다 끝나지 않아도 저장해서 돌려주면 됩니다. 등급이 빈 문단은 계속 판정을 기다립니다.",
    ],
    "en": [
        "This workbook lists the passages one assessor is to judge (a judging pool).",
        "On the 'judgments' sheet choose 0–3 in the 'grade' cell, and write a note if needed. "
        "The other cells cannot be changed.",
        "The 'manual' sheet says what each grade means. System names, ranks and scores are left "
        "out on purpose.",
        "Save and return it even when unfinished: a passage without a grade keeps waiting.",
    ],
}
#: the first guide line of a calibration pool's workbook
_CALIBRATION_GUIDE = {
    "ko": "보정 라운드 {round}: 평가자 모두가 같은 문단을 같은 순서로 판정합니다. 매뉴얼을 같은 뜻으로 "
    "읽는지 맞춰 보는 연습이므로 이 등급은 점수에 들어가지 않습니다. 왜 그 등급인지 '메모'에 "
    "적어 주세요.",
    "en": "Calibration round {round}: every assessor judges the same passages in the same "
    "order. It is practice in reading the manual alike, so these grades are not counted in "
    "the scores. Write in 'note' why you chose each grade.",
}
_GUIDE_KEYS = {
    "ko": ("평가자", "문단 수", "깊이(상위 몇 개)", "시드", "만든 때"),
    "en": ("assessor", "passages", "depth (top K)", "seed", "made"),
}


def pool_rows(study: StudyView, pool: Pool, lang: str = "ko") -> list[dict[str, str]]:
    """The rows of the pool workbook: the pool's items the assessor has not
    graded (in a calibration pool: not graded in the round), in judging order,
    with question and passage text (no system, rank or score)."""
    texts = PassageTexts(study)
    judged = pool_judged(study, pool)
    rows = []
    for q, p in pool.items:
        if (q, p) in judged:
            continue
        view = texts.passage(p, lang)
        rows.append(
            {
                s.QID: q,
                s.QTEXT: texts.question(q),
                s.PID: p,
                "source": view.source,
                s.TEXT: view.text,
                s.GRADE: "",
                s.NOTE: "",
                s.ASSESSOR: pool.assessor,
            }
        )
    return rows


def write_pool_workbook(
    path: str | Path,
    study: StudyView,
    pool: Pool,
    lang: str = "ko",
    manual: Manual | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write the pool workbook of ``pool`` (see the module doc) atomically; the
    target is never one of the study's input files. ``manual`` default: the
    study's manual in force."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill, Protection
    from openpyxl.workbook.protection import WorkbookProtection
    from openpyxl.worksheet.datavalidation import DataValidation


    lang = "en" if lang == "en" else "ko"
    target = Path(path)
    refuse_output_onto_inputs(target, [f.path for f in study.sources() if f.path])
    manual = manual or study.manual_in_force(lang)
    if progress is not None:
        progress(0.0, "")
    rows = pool_rows(study, pool, lang)
    if cancelled is not None and cancelled():
        raise Cancelled()
    headers = POOL_HEADERS[lang]
    order = [s.QID, s.QTEXT, s.PID, "source", s.TEXT, s.GRADE, s.NOTE, s.ASSESSOR]
    widths = {
        s.QID: 10,
        s.QTEXT: 36,
        s.PID: 12,
        "source": 22,
        s.TEXT: 70,
        s.GRADE: 8,
        s.NOTE: 30,
        s.ASSESSOR: 12,
    }
    wb = Workbook()
    ws = wb.active
    ws.title = POOL_SHEETS[lang]["judging"]
    bold = Font(name=FONT_NAME, bold=True)
    plain = Font(name=FONT_NAME)
    fill = PatternFill("solid", fgColor="DDEBF7")
    open_fill = PatternFill("solid", fgColor="FFF2CC")
    wrap = Alignment(wrap_text=True, vertical="top")
    for j, key in enumerate(order, start=1):
        cell = ws.cell(row=1, column=j, value=headers[key])
        cell.font = bold
        cell.fill = fill
        ws.column_dimensions[cell.column_letter].width = widths[key]
    for i, row in enumerate(rows, start=2):
        for j, key in enumerate(order, start=1):
            value = row[key]
            cell = ws.cell(row=i, column=j)
            put(cell, value if value != "" else None)
            cell.font = plain
            cell.alignment = wrap
            if key in (s.GRADE, s.NOTE):
                cell.protection = Protection(locked=False)
                cell.fill = open_fill
    grade_letter = ws.cell(row=1, column=order.index(s.GRADE) + 1).column_letter
    dv = DataValidation(type="list", formula1='"0,1,2,3"', allow_blank=True)
    dv.errorTitle = headers[s.GRADE]
    dv.error = "0, 1, 2, 3 가운데 고르세요. / Choose 0, 1, 2 or 3."
    dv.prompt = "0–3"
    dv.showErrorMessage = True
    dv.showInputMessage = True
    ws.add_data_validation(dv)
    if rows:
        dv.add(f"{grade_letter}2:{grade_letter}{len(rows) + 1}")
    ws.freeze_panes = "A2"
    _protect(ws)

    mws = write_manual_sheet(wb, manual, lang)
    _protect(mws)

    gws = wb.create_sheet(POOL_SHEETS[lang]["guide"])
    guide = list(_GUIDE[lang])
    if pool.is_calibration:
        guide.insert(0, _CALIBRATION_GUIDE[lang].format(round=pool.calibration_round))
    for i, line in enumerate(guide, start=1):
        gws.cell(row=i, column=1, value=line).font = plain
    keys = _GUIDE_KEYS[lang]
    values = (pool.assessor, len(rows), pool.depth, pool.seed, pool.created)
    start = len(guide) + 2
    for i, (key, value) in enumerate(zip(keys, values)):
        gws.cell(row=start + i, column=1, value=key).font = bold
        # the assessor's name and the seed are the user's text
        cell = gws.cell(row=start + i, column=2)
        put(cell, value)
        cell.font = plain
    gws.column_dimensions["A"].width = 90
    gws.column_dimensions["B"].width = 30
    _protect(gws)
    wb.active = 0
    wb.security = WorkbookProtection(lockStructure=True)
    if cancelled is not None and cancelled():
        raise Cancelled()
    out = atomic_write(target, lambda tmp: save_workbook(wb, tmp))
    if progress is not None:
        progress(1.0, "")
    return out


def _protect(ws: Any) -> None:
    """Protect the sheet's cells; columns and rows may still be resized, and
    unlocked cells (grade, note) typed in."""
    ws.protection.sheet = True
    ws.protection.formatColumns = False
    ws.protection.formatRows = False
    ws.protection.selectLockedCells = False
    ws.protection.selectUnlockedCells = False
