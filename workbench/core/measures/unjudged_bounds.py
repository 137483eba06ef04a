"""What the unjudged passages could do to the numbers: each value with every
hole counted as not relevant and as the top grade.

A *hole* is a (question, passage) pair some system retrieved — in its list as
the evaluation reads it: after ordering, de-duplication and the depth cut
(``Results.ranking``) — that has no judgment at all. Only the questions the
evaluation scores count (a question only in a run is not evaluated).

:func:`unjudged_bounds` gives the value of each measure as if the judgments
had one more row per hole: once with grade 0 (every hole not relevant —
today's numbers, Judged@K aside) and once with the top grade of the scale
(:data:`TOP_GRADE`, 3). Each bound is therefore the *true* value of the measure
under that filling — R, the ideal DCG and everything else move with the holes,
as they would if an assessor had graded them so. What is held fixed is
everything but the holes' grades: the runs, the settings and the set of
questions.

How: the evaluated lists (``Results.ranking``: ordered, de-duplicated, cut)
do not depend on grades, so in the passage unit they are scored again by the
kernel's own measure functions (those of
:func:`~workbench.core.measures.metrics.score_lists`) with the holes' grades
filled in and the holes added to each question's judgments. What score_lists
would sort is read off the ranking's order instead: each list is a run of
rows, already by place; the places down to the largest cutoff are each run's
first rows; a question's holes, all of one grade, enter its ideal ranking as
one entry — integer codes only, no second reading of the run and no sort of
its rows (at 2M rows some 60 ms, where re-evaluating took seconds). In the
document unit, where a hole's grade would pass to its document through the
passages sheet, the study is evaluated again with the filled judgments
(:func:`_filled_by_reevaluating`); the two ways are tested equal, to the last
bit.

The top-grade value is not always the highest a measure can reach: a measure
divided by R (Recall, MAP, R-Prec) or by the ideal DCG (nDCG) also grows its
denominator when a hole another system retrieved becomes relevant, so it may
fall. The pair is "every hole not relevant" and "every hole at the top grade",
not a minimum and a maximum; whether a comparison can flip is answered
exactly by :mod:`workbench.core.measures.decisive`.

Judged@K is left out: it counts judgments, and a filled hole is not one.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import (
    FAMILY_KERNELS,
    KernelLists,
    Measure,
    discount,
    gain_values,
    parse_measure,
)
from workbench.core.model import schema as s
from workbench.core.model.grades import GRADES
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings

#: the grade a hole gets for the upper filling: the top of the scale
TOP_GRADE = max(GRADES)
#: measure families that count judgments, not relevance: no bound for them
_NOT_BOUNDED = ("Judged",)

BOUND_COLUMNS = ["system", "measure", "value", "as_not_relevant", "as_top_grade", "holes"]


def holes(results: Results) -> pd.DataFrame:
    """The unjudged retrieved pairs: ``question_id``, ``passage_id`` (distinct,
    in ranking order), for the questions the evaluation scores."""
    r = results.ranking
    if r is None or not len(r):
        return pd.DataFrame({s.QID: pd.Series(dtype=object), s.PID: pd.Series(dtype=object)})
    unjudged = r[s.GRADE].isna().to_numpy()
    evaluated = set(results.per_question[s.QID].astype(str))
    frame = pd.DataFrame(
        {
            s.QID: r[s.QID].astype(str).to_numpy()[unjudged],
            s.PID: r[s.PID].astype(str).to_numpy()[unjudged],
        }
    )
    frame = frame[frame[s.QID].isin(evaluated)]
    return frame.drop_duplicates().reset_index(drop=True)


def filled_qrels(qrels: pd.DataFrame, hole_pairs: pd.DataFrame, grade: float) -> pd.DataFrame:
    """``qrels`` with one row per hole at ``grade`` (other columns left empty)."""
    extra = pd.DataFrame(
        {
            s.QID: hole_pairs[s.QID].astype(str).to_numpy(),
            s.PID: hole_pairs[s.PID].astype(str).to_numpy(),
            s.GRADE: np.full(len(hole_pairs), float(grade)),
        }
    )
    if not len(extra):
        return qrels
    return pd.concat([qrels, extra], ignore_index=True)


def unjudged_bounds(
    results: Results,
    qrels: pd.DataFrame | None,
    runs: pd.DataFrame,
    questions: pd.DataFrame | None = None,
    passages: pd.DataFrame | None = None,
    unjudged: pd.DataFrame | None = None,
    top_grade: float = TOP_GRADE,
) -> pd.DataFrame:
    """Per system and measure: today's mean (``value``), the mean with every
    hole at grade 0 (``as_not_relevant``) and at ``top_grade``
    (``as_top_grade``), and the holes in the system's lists (``holes``).

    ``qrels``, ``runs``, ``questions``, ``passages`` and ``unjudged`` are what
    ``results`` was evaluated from (:func:`evaluate`'s arguments); they are read
    only in the document unit, which evaluates again (``qrels`` may be None in
    the passage unit).
    Columns :data:`BOUND_COLUMNS`.
    """
    bounded = [m for m in results.measures if parse_measure(m).family not in _NOT_BOUNDED]
    # every hole at grade 0: 0 is below every relevance threshold (1–3) and gains
    # nothing, so R, the ideal DCG and each place's relevance stay — today's
    # values (tested equal to evaluating again with the zeros)
    low = results.aggregates
    lists = _ranked_lists(results)
    if results.settings.unit == "document":
        high = _filled_by_reevaluating(
            results, qrels, runs, questions, passages, unjudged, top_grade
        )
    else:
        high = _filled_by_rescoring(results, bounded, top_grade, lists)
    per_system = _holes_per_system(results, lists)
    systems = list(results.systems)
    # each table's values at once (a .loc per cell costs more than the rescoring
    # of a small study)
    value, as_not_relevant, as_top_grade = (
        means.loc[systems, bounded].to_numpy(dtype=float)
        for means in (results.aggregates, low, high)
    )
    rows = []
    for i, system in enumerate(systems):
        for j, measure in enumerate(bounded):
            rows.append(
                {
                    "system": system,
                    "measure": measure,
                    "value": float(value[i, j]),
                    "as_not_relevant": float(as_not_relevant[i, j]),
                    "as_top_grade": float(as_top_grade[i, j]),
                    "holes": int(per_system.get(system, 0)),
                }
            )
    return pd.DataFrame(rows, columns=BOUND_COLUMNS)


def _holes_per_system(results: Results, lists: _RankedLists | None = None) -> pd.Series:
    """How many unjudged places each system's evaluated lists hold (index: system)."""
    lists = _ranked_lists(results) if lists is None else lists
    listed = lists.run_list >= 0
    per_system = np.bincount(
        lists.system[listed], weights=lists.holes[listed], minlength=lists.n_systems
    )
    return pd.Series(per_system.astype(np.int64), index=list(results.systems), dtype=np.int64)


def _filled_by_reevaluating(results, qrels, runs, questions, passages, unjudged, grade):
    """The means with every hole at ``grade``: the study evaluated again with the
    holes added to the judgments (the document unit's way)."""
    return evaluate(
        filled_qrels(qrels, holes(results), grade),
        runs,
        results.settings,
        questions=questions,
        passages=passages,
        measures=list(results.measures),
        unjudged=unjudged,
    ).aggregates


#: rows of whole lists rescored at once: their arrays stay near 1 MB each whatever the run
_ROWS_PER_BLOCK = 100_000


@dataclass
class _RankedLists:
    """``Results.ranking`` seen as its lists. The frame is ordered by system,
    question and position, so each (system, question) list is a run of
    consecutive rows, found where the category codes change: no sort, and no
    id turned into text but the categories themselves.

    List ``system × n_q + question`` is numbered as evaluate() numbers it
    (``question`` among the evaluated questions, in ``per_question`` order).
    A run of a question the evaluation does not score (unanswerable, or only
    in a run) has no list: −1.
    """

    #: the evaluated questions, in the order evaluate() lists (and averages) them
    questions: pd.Index
    n_systems: int
    #: each run's first row and number of rows
    start: np.ndarray
    size: np.ndarray
    #: each run's system (index in ``Results.systems``), question and list; −1: none
    system: np.ndarray
    question: np.ndarray
    run_list: np.ndarray
    #: each run's unjudged rows
    holes: np.ndarray
    #: the ranking's columns, as arrays (views, not copies)
    position: np.ndarray
    grade: np.ndarray
    passage: np.ndarray
    #: every run's positions are 1, 2, … in row order (as evaluate() numbers them),
    #: so the places down to K are each run's first K rows
    numbered: bool
    #: how many lists there are (system × question; in a block, its own)
    n_lists: int

    @property
    def n_q(self) -> int:
        return len(self.questions)

    def down_to(self, depth: float) -> tuple[np.ndarray | None, np.ndarray]:
        """The rows of evaluated lists at places ≤ ``depth`` (a flag per row, or
        None: every row), and how many each run holds."""
        listed = self.run_list >= 0
        flags = None if listed.all() else np.repeat(listed, self.size)
        if math.isfinite(depth):
            shallow = self.position <= depth
            flags = shallow if flags is None else flags & shallow
        return flags, self.size if flags is None else _per_run(flags, self.size)

    def blocks(self) -> list[tuple[_RankedLists, np.ndarray]]:
        """The lists in blocks of consecutive runs, about :data:`_ROWS_PER_BLOCK`
        rows each, with their lists numbered 0, 1, … within the block; and each
        block's lists' numbers in the whole. A last block without rows holds
        the lists no run reaches (a system returned nothing for the question)."""
        blocks = []
        if self.size.size:
            block_of = np.cumsum(self.size) // _ROWS_PER_BLOCK
            firsts = np.flatnonzero(np.r_[True, block_of[1:] != block_of[:-1]])
            for a, b in zip(firsts.tolist(), [*firsts[1:].tolist(), self.size.size]):
                rows = slice(int(self.start[a]), int(self.start[b - 1] + self.size[b - 1]))
                run_list = self.run_list[a:b]
                listed = run_list >= 0
                block = dataclasses.replace(
                    self,
                    start=self.start[a:b] - rows.start,
                    size=self.size[a:b],
                    system=self.system[a:b],
                    question=self.question[a:b],
                    run_list=np.where(listed, np.cumsum(listed) - 1, -1),
                    holes=self.holes[a:b],
                    position=self.position[rows],
                    grade=self.grade[rows],
                    passage=self.passage[rows],
                    n_lists=int(listed.sum()),
                )
                blocks.append((block, run_list[listed]))
        reached = np.zeros(self.n_lists, dtype=bool)
        reached[self.run_list[self.run_list >= 0]] = True
        if not reached.all():
            unreached = np.flatnonzero(~reached)
            blocks.append((_no_runs(self.questions, self.n_systems, unreached.size), unreached))
        return blocks

    def place_grid(self, depth: float) -> tuple[np.ndarray, np.ndarray] | None:
        """The evaluated runs (their indices) and, place by place down to
        ``depth``, which of them reach that place: a (depth × runs) grid whose
        row-major order is place-major. None when the places are not 1…n or
        the grid would be mostly empty (many lists far shorter than depth)."""
        if not (math.isfinite(depth) and self.numbered):
            return None
        runs = np.flatnonzero(self.run_list >= 0)
        reach = np.minimum(self.size[runs], int(depth))
        if int(depth) * runs.size > 2 * int(reach.sum()) + 4096:
            return None
        return runs, np.arange(int(depth))[:, None] < reach


def _per_run(flags: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """How many of ``flags`` are set in each run, for runs of ``sizes`` rows
    laid end to end."""
    counts = np.zeros(sizes.size, dtype=np.int64)
    filled = sizes > 0  # (reduceat would count an empty run as one row)
    if flags.size:
        firsts = (np.cumsum(sizes) - sizes)[filled]
        counts[filled] = np.add.reduceat(flags, firsts, dtype=np.int64)
    return counts


def _no_runs(questions: pd.Index, n_systems: int, n_lists: int) -> _RankedLists:
    """``n_lists`` lists without a row."""
    none = np.zeros(0, dtype=np.int64)
    return _RankedLists(
        questions=questions,
        n_systems=n_systems,
        start=none,
        size=none,
        system=none,
        question=none,
        run_list=none,
        holes=none,
        position=none,
        grade=np.zeros(0),
        passage=none,
        numbered=True,
        n_lists=n_lists,
    )


def _ranked_lists(results: Results) -> _RankedLists:
    """``results.ranking`` cut into its lists (:class:`_RankedLists`)."""
    systems = list(results.systems)
    pq = results.per_question
    # the evaluated questions, in the order evaluate() listed them (its means
    # add the per-question values in that order)
    first_system = pq[s.SYSTEM].to_numpy() == systems[0] if systems else np.zeros(len(pq), bool)
    questions = pd.Index(pq.loc[first_system, s.QID].astype(str).to_numpy())
    n_q = len(questions)
    r = results.ranking
    if r is None or not len(r):
        return _no_runs(questions, len(systems), len(systems) * n_q)
    q_col, s_col = r[s.QID], r[s.SYSTEM]
    # the categoricals' own code arrays (.cat.codes would copy them)
    q_codes, s_codes = q_col.array.codes, s_col.array.codes
    change = q_codes[1:] != q_codes[:-1]
    if len(s_col.cat.categories) > 1:
        change |= s_codes[1:] != s_codes[:-1]
    start = np.flatnonzero(np.r_[True, change])
    size = np.diff(np.r_[start, len(r)])
    # each category's place among the evaluated questions and systems (−1: none);
    # the categories are few, their rows are not
    q_place = questions.get_indexer(q_col.cat.categories.astype(str))
    s_place = pd.Index(systems).get_indexer(s_col.cat.categories.astype(str))
    run_q = q_place[q_codes[start]].astype(np.int64)
    run_s = s_place[s_codes[start]].astype(np.int64)
    listed = (run_q >= 0) & (run_s >= 0)
    run_q[~listed], run_s[~listed] = -1, -1
    position = r["position"].to_numpy()
    grade = r[s.GRADE].to_numpy(dtype=float)
    return _RankedLists(
        questions=questions,
        n_systems=len(systems),
        start=start,
        size=size,
        system=run_s,
        question=run_q,
        run_list=np.where(listed, run_s * n_q + run_q, -1),
        holes=np.add.reduceat(np.isnan(grade), start, dtype=np.int64),
        position=position,
        grade=grade,
        passage=r[s.PID].array.codes,
        # a list's places are distinct and ascending: 1 first and n last is 1…n
        numbered=bool((position[start] == 1).all() and (position[start + size - 1] == size).all()),
        n_lists=len(systems) * n_q,
    )


def _filled_by_rescoring(
    results: Results, measures: list[str], grade: float, lists: _RankedLists | None = None
) -> pd.DataFrame:
    """The means (systems × ``measures``) with every hole at ``grade``: the
    evaluated lists scored again by the kernel's measure functions, each hole's
    place graded and each distinct hole added to its question's judgments (so
    R and the ideal DCG move with it).

    A list's score depends only on its own rows and its question's judgments;
    the per-list values are averaged as evaluate() averages them."""
    systems = list(results.systems)
    lists = _ranked_lists(results) if lists is None else lists
    n_q = lists.n_q
    ms = [parse_measure(m) for m in measures]
    kernel_ms = [m for m in ms if m.family != "CoreRecall"]
    values = _rescored(kernel_ms, results, lists, grade)
    pq = results.per_question
    columns = {s.SYSTEM: np.repeat(np.asarray(systems, dtype=object), n_q)}
    for m in ms:
        # a hole has no evidence role, so it covers no core group: CoreRecall
        # is the same under every filling
        columns[m.name] = (
            pq[m.name].to_numpy(dtype=float) if m.family == "CoreRecall" else values[m.name]
        )
    frame = pd.DataFrame(columns)
    means = frame.groupby(s.SYSTEM, sort=False)[[m.name for m in ms]].mean()
    return means.reindex(systems)


#: what each measure family's kernel reads of the lists (metrics.FAMILY_KERNELS):
#: the judged rows with their DCG, the ideal DCG, the relevant rows (a family
#: named in none of them is given every part)
_READS_ROWS = {"nDCG", "Judged"}
_READS_IDEAL = {"nDCG"}
_READS_RELEVANT = {"P", "Recall", "Hit", "MRR", "MAP", "R-Prec"}


def _rescored(
    ms: list[Measure], results: Results, lists: _RankedLists, grade: float
) -> dict[str, np.ndarray]:
    """The kernel's values of every list (system × n_q + question), every hole at
    ``grade`` and added once to its question's judgments.

    What :func:`~workbench.core.measures.metrics.score_lists` computes, by its
    own measure functions (``FAMILY_KERNELS``) on the same
    :class:`~workbench.core.measures.metrics.KernelLists`, built here from the
    ranking's order instead of by sorting: each list is a run of rows already
    in place order, and a question's holes all share one grade, so its ideal
    ranking takes them as one entry. Each list's and each question's sums are
    then of the same numbers added in the same order (by place), so the
    values are score_lists's to the last bit (tested against evaluating again).

    A measure at cutoff K reads no place below K: the measures with a cutoff
    are scored on the lists cut at the largest one (a tenth of a 1,000-deep
    run), those without on the whole lists, built only as far as their
    families read them.
    """
    settings = results.settings
    threshold = settings.threshold
    n_q = lists.n_q
    holes_q = _distinct_holes(lists)
    judged_q, judged_grade = _judgments(results.qrels, lists.questions)
    # R: the judgments' relevant passages, and the holes when the filling makes them relevant
    relevant_count = np.bincount(judged_q, weights=judged_grade >= threshold, minlength=n_q)
    if grade >= threshold:
        relevant_count = relevant_count + holes_q
    list_question = np.tile(np.arange(n_q, dtype=np.int64), lists.n_systems)
    R = relevant_count[list_question] if lists.n_lists else np.zeros(0)
    values: dict[str, np.ndarray] = {}
    cut = [m for m in ms if m.cutoff is not None]
    uncut = [m for m in ms if m.cutoff is None]
    for group, depth in ((cut, max((m.cutoff for m in cut), default=0)), (uncut, math.inf)):
        if not group:
            continue
        families = {m.family for m in group}
        unknown = bool(families - _READS_ROWS - _READS_IDEAL - _READS_RELEVANT)
        reads_ideal = unknown or bool(families & _READS_IDEAL)
        # whole lists are taken a block of rows at a time: their arrays (of
        # every relevant row) stay small and are made again in the memory the
        # last block freed. (Not when the ideal DCG is read: it is the questions'
        # whole, and would be summed again for every block.)
        blocked = math.isinf(depth) and not reads_ideal
        for block, ids in lists.blocks() if blocked else [(lists, None)]:
            t = _filled_lists(
                block,
                grade,
                settings,
                depth,
                rows=unknown or bool(families & _READS_ROWS),
                ideal=reads_ideal,
                relevant=unknown or bool(families & _READS_RELEVANT),
                list_question=list_question if ids is None else list_question[ids],
                R=R if ids is None else R[ids],
                judged=(judged_q, judged_grade, holes_q),
            )
            with np.errstate(divide="ignore", invalid="ignore"):
                for m in group:
                    kk = math.inf if m.cutoff is None else float(m.cutoff)
                    out = np.asarray(FAMILY_KERNELS[m.family](t, kk), dtype=float)
                    if ids is None:
                        values[m.name] = out
                    else:
                        values.setdefault(m.name, np.zeros(lists.n_lists))[ids] = out
            del t  # (the next lists are built without these beside them)
    if settings.trec_compat:
        # as evaluate() does: a question without relevant evidence stays in the
        # means, scoring 0 where R divides
        zero_lists = np.flatnonzero(R == 0)
        for m in ms:
            if m.family in ("Recall", "MAP", "R-Prec"):
                values[m.name][zero_lists] = 0.0
    return values


def _filled_lists(
    lists: _RankedLists,
    grade: float,
    settings: EvalSettings,
    depth: float,
    *,
    rows: bool,
    ideal: bool,
    relevant: bool,
    list_question: np.ndarray,
    R: np.ndarray,
    judged: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> KernelLists:
    """score_lists's :class:`KernelLists` of the filled lists, their places down to
    ``depth`` only; of its parts only ``rows`` (judged rows and their DCG),
    ``ideal`` and ``relevant`` (relevant rows, P@i, first relevant place) are
    filled in, the others left empty.

    Lists cut at a depth come place by place (every list's first place, then
    every list's second…) where they can: the kernel sorts them by place for
    each cutoff's prefix, and a sort of what is already in order is nearly
    free. Each list's entries still come in place order, so its sums are the
    same to the last bit. Whole lists stay list by list (nothing sorts them)."""
    threshold, gain = settings.threshold, settings.gain
    empty_i, empty_f = np.zeros(0, dtype=np.int64), np.zeros(0)
    row_list, row_pos, row_dg = empty_i, empty_f, empty_f
    r_list, r_pos, prec_at = empty_i, empty_f, empty_f
    first = np.full(lists.n_lists, np.inf)

    def relevant_of(grades: np.ndarray) -> np.ndarray:
        # a hole is relevant iff its grade is. NaN < θ is False, so "not below
        # θ" is "relevant or unjudged" in one pass
        if grade < threshold:
            return grades >= threshold
        flags = grades < threshold
        return np.logical_not(flags, out=flags)

    grid = lists.place_grid(depth) if (rows or relevant) else None
    if grid is not None:
        runs, reached = grid
        place = np.arange(1.0, reached.shape[0] + 1.0)[:, None]  # each grid row's place
        run_list = lists.run_list[runs]
        grades = lists.grade[(lists.start[runs] + place.astype(np.int64) - 1)[reached]]
        if rows:
            row_list = np.broadcast_to(run_list, reached.shape)[reached]
            row_pos = np.broadcast_to(place, reached.shape)[reached]
            row_dg = gain_values(np.where(np.isnan(grades), float(grade), grades), gain)
            row_dg *= discount(row_pos)
        if relevant:
            is_relevant = np.zeros(reached.shape, dtype=bool)
            is_relevant[reached] = relevant_of(grades)
            r_list = np.broadcast_to(run_list, reached.shape)[is_relevant]
            r_pos = np.broadcast_to(place, reached.shape)[is_relevant]
            # P@i: the relevant rank (a running count down each list's places)
            # over the place, as score_lists divides them
            prec_at = np.cumsum(is_relevant, axis=0)[is_relevant] / r_pos
            found = is_relevant.any(axis=0)
            first[run_list[found]] = place[is_relevant.argmax(axis=0)[found], 0]
    else:
        taken, per_run = lists.down_to(depth)
        if rows:
            row_list = np.repeat(lists.run_list, per_run)
            places = lists.position if taken is None else lists.position[taken]
            row_pos = places.astype(np.float64)
            filled = lists.grade if taken is None else lists.grade[taken]
            filled = np.where(np.isnan(filled), float(grade), filled)
            row_dg = gain_values(filled, gain) * discount(row_pos)
        if relevant:
            is_relevant = relevant_of(lists.grade)
            if taken is not None:
                is_relevant &= taken
            rel_per_run = _per_run(is_relevant, lists.size)
            r_pos = lists.position[is_relevant]
            if math.isfinite(depth):
                r_pos = r_pos.astype(np.float64)  # as score_lists's (searched by place)
            # else the whole lists' places stay whole numbers: they are only
            # compared with R and divided by, exactly as their floats would be,
            # and one array fewer is made
            r_list = np.repeat(lists.run_list, rel_per_run)
            # P@i: the relevant rank (1, 2, … within a list) over the place, as
            # score_lists divides them (whole numbers are exact as floats)
            rel_first = np.cumsum(rel_per_run) - rel_per_run
            prec_at = np.arange(1.0, r_pos.size + 1.0)
            prec_at -= np.repeat(rel_first.astype(np.float64), rel_per_run)
            prec_at /= r_pos
            found = rel_per_run > 0
            first[lists.run_list[found]] = r_pos[rel_first[found]]

    i_q, i_pos, i_dg = empty_i, empty_f, empty_f
    if ideal:
        i_q, i_pos, i_dg = _ideal(*judged, grade, depth, gain)

    return KernelLists(
        n_lists=lists.n_lists,
        n_q=lists.n_q,
        list_question=list_question,
        row_list=row_list,
        row_pos=row_pos,
        row_dg=row_dg,
        row_unjudged=None,
        R=R,
        R_nan=np.where(R > 0, R, np.nan),
        r_list=r_list,
        r_pos=r_pos,
        prec_at=prec_at,
        first=first,
        i_q=i_q,
        i_pos=i_pos,
        i_dg=i_dg,
        core_first=None,
        n_core=None,
    )


def _distinct_holes(lists: _RankedLists) -> np.ndarray:
    """Each evaluated question's distinct holes (a passage two systems both
    left unjudged is one hole)."""
    listed = lists.run_list >= 0
    if lists.n_systems <= 1:
        # a list holds a passage once (evaluate() keeps its first place), so with
        # one system every unjudged row is a distinct hole
        return np.bincount(
            lists.question[listed], weights=lists.holes[listed], minlength=lists.n_q
        ).astype(np.int64)
    hole = np.isnan(lists.grade)
    listed_rows, _ = lists.down_to(math.inf)
    if listed_rows is not None:
        hole &= listed_rows
    span = int(lists.passage.max(initial=0)) + 1
    # (question, passage) keys, of 4 bytes while they fit: a sort twice as fast
    key_type = np.int32 if lists.n_q * span < 2**31 else np.int64
    hole_q = np.repeat(lists.question.astype(key_type), _per_run(hole, lists.size))
    # distinct by sorting (numpy 2's hashing np.unique is several times slower
    # on a million keys)
    keys = np.sort(hole_q * key_type(span) + lists.passage[hole])
    distinct = keys[np.r_[True, keys[1:] != keys[:-1]]] if keys.size else keys
    return np.bincount(distinct // span, minlength=lists.n_q)


def _judgments(qrels: pd.DataFrame, questions: pd.Index) -> tuple[np.ndarray, np.ndarray]:
    """The evaluated questions' judgments: question index and grade of each."""
    q = questions.get_indexer(qrels[s.QID].astype(str))
    kept = q >= 0
    return q[kept].astype(np.int64), qrels[s.GRADE].to_numpy(dtype=float)[kept]


def _ideal(
    judged_q: np.ndarray,
    judged_grade: np.ndarray,
    holes_q: np.ndarray,
    grade: float,
    depth: float,
    gain: str,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ideal rankings of score_lists (``i_q``, ``i_pos``, ``i_dg``): every
    judgment of each question best first, its holes among them at ``grade``,
    down to ``depth`` places.

    Sorted on one integer key, the question then the grade's rank among the
    few grades that occur (best first); entries of one key have one grade, so
    their order changes no value. A question's holes are one entry of their
    count while sorting, expanded only as far as ``depth``: a 1,000-deep run's
    question has ~1,000 holes, of which nDCG@100 reads 100 at most."""
    with_holes = np.flatnonzero(holes_q)
    q = np.concatenate([judged_q, with_holes])
    g = np.concatenate([judged_grade, np.full(with_holes.size, float(grade))])
    count = np.concatenate([np.ones(judged_q.size, dtype=np.int64), holes_q[with_holes]])
    if not q.size:
        return q, np.zeros(0), np.zeros(0)
    levels = np.unique(g)
    order = np.argsort(q * levels.size + (levels.size - 1 - np.searchsorted(levels, g)))
    q, g, count = q[order], g[order], count[order]
    q_first = np.flatnonzero(np.r_[True, q[1:] != q[:-1]])
    if math.isfinite(depth):
        # the places before each entry in its question; only those down to depth stay
        before = np.cumsum(count) - count
        before -= np.repeat(before[q_first], np.diff(np.r_[q_first, q.size]))
        count = np.clip(depth - before, 0, count).astype(np.int64)
    i_grade = np.repeat(g, count)
    per_question = np.add.reduceat(count, q_first)
    q = q[q_first]  # the questions with judgments or holes
    places = int(depth) if math.isfinite(depth) else 0
    if places and places * q.size <= 2 * i_grade.size + 4096:
        # place by place, as the lists cut at a depth come (see _filled_lists):
        # through a (place × question) grid, filled question by question
        reached = np.arange(places)[:, None] < per_question
        grid = np.empty(reached.shape)
        grid.T[reached.T] = i_grade
        i_grade = grid[reached]
        i_q = np.broadcast_to(q, reached.shape)[reached]
        i_pos = np.broadcast_to(np.arange(1.0, places + 1.0)[:, None], reached.shape)[reached]
    else:
        i_q = np.repeat(q, per_question)
        i_pos = np.arange(1, i_q.size + 1, dtype=np.int64)
        i_pos -= np.repeat(np.cumsum(per_question) - per_question, per_question)
        i_pos = i_pos.astype(np.float64)
    return i_q, i_pos, gain_values(i_grade, gain) * discount(i_pos)


def bounds_to_json(bounds: pd.DataFrame) -> dict:
    """``{system: {measure: {"as_not_relevant": x, "as_top_grade": y}}, …}`` plus
    each system's ``holes`` (NaN → None)."""

    def clean(value: float) -> float | None:
        return None if value is None or np.isnan(value) else float(value)

    out: dict = {}
    for rec in bounds.to_dict("records"):
        entry = out.setdefault(rec["system"], {"holes": rec["holes"], "measures": {}})
        entry["measures"][rec["measure"]] = {
            "as_not_relevant": clean(rec["as_not_relevant"]),
            "as_top_grade": clean(rec["as_top_grade"]),
        }
    return out
