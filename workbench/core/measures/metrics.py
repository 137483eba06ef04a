"""Measure registry and the vectorised scoring kernel.

Measures are declared as data (in the spirit of ``ir_measures``): a family,
an optional cutoff K, display names and a one-line explanation in Korean and
English. A measure's canonical name (``"nDCG@10"``, ``"MRR"``…) parses back to
the same measure with :func:`parse_measure`.

Conventions used by every formula below, for one question q and one ranked
list (already ordered and de-duplicated, positions i = 1, 2, …):

- ``grade(i)`` is the judged grade of the passage at position i (unjudged
  passages have no grade and count as not relevant, gain 0);
- a passage is *relevant* iff ``grade ≥ θ`` (the threshold, default 1);
- ``R`` is the number of relevant passages of q in the judgments;
- ``rel(i)`` is 1 when position i holds a relevant passage, else 0.

The kernel (:func:`score_lists`) computes every measure for every
(system, question) list at once with numpy group operations; it only looks at
the *judged* positions of each list, since unjudged passages contribute
nothing but their position.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.model.measure_names import (
    FAMILIES,
    Family,
    Measure,
    measures_for,
    parse_measure,
    parse_measure_list,
)

__all__ = [
    "FAMILIES",
    "Family",
    "Measure",
    "parse_measure",
    "parse_measure_list",
    "measures_for",
    "gain_values",
    "discount",
    "KernelLists",
    "score_lists",
    "score_rankings",
    "FAMILY_KERNELS",
]


def gain_values(grades: np.ndarray, gain: str = "exponential") -> np.ndarray:
    """nDCG gain of each grade: ``2**g − 1`` (exponential) or ``g`` (linear).

    Grades ≤ 0 and unjudged (NaN) give 0 — every positive grade gains, even one
    below the relevance threshold, as trec_eval does.
    """
    g = np.nan_to_num(np.asarray(grades, dtype=float), nan=0.0)
    g = np.where(g > 0, g, 0.0)
    if gain == "linear":
        return g
    if gain == "exponential":
        return np.exp2(g) - 1.0
    raise ValueError(f"unknown gain {gain!r}")


def discount(pos: np.ndarray) -> np.ndarray:
    return 1.0 / np.log2(pos + 1.0)


class _ByPosition:
    """Entries of several lists reordered by position, so that those at positions
    ≤ K are a prefix: a measure at K reads a slice, not a mask over every entry
    and its copy (a deep run scored at seven K would copy it seven times per
    family). The sort is stable, so each list's entries keep their order, and
    a list's values are added in the same order as before: the sums are the
    same to the last bit."""

    def __init__(self, pos: np.ndarray, **columns: np.ndarray):
        # positions are whole numbers: 16-bit ones sort by radix, in one pass
        small = pos.size == 0 or pos.max() < np.iinfo(np.int16).max
        order = np.argsort(pos.astype(np.int16 if small else np.int64), kind="stable")
        self.pos = pos[order]
        self.columns = {name: values[order] for name, values in columns.items()}

    def upto(self, kk: float) -> int:
        """How many entries lie at positions ≤ ``kk``."""
        return int(np.searchsorted(self.pos, kk, side="right"))


@dataclass
class KernelLists:
    """What every measure family reads, computed once per call of :func:`score_lists`.

    Part of this module's interface: :mod:`~workbench.core.measures.unjudged_bounds`
    builds it from lists already in place order (no sort) and scores them with
    :data:`FAMILY_KERNELS`; a field added or read differently here must be
    made there too (its tests compare the two ways to the last bit).

    Rows are the judged positions of the lists (``row_*``); ``r_list`` /
    ``r_pos`` the relevant rows only, sorted by list then position, with
    ``prec_at`` (P@i at each of them); ``first``: each list's first relevant
    position (inf: none); ``i_q`` / ``i_pos`` / ``i_dg``: every judgment of
    each question best first, for the ideal DCG; ``core_first``: per (list,
    core group) its list and best position, and ``n_core`` the core groups
    of each list's question (NaN: none) — both None unless CoreRecall is asked.
    """

    n_lists: int
    n_q: int
    list_question: np.ndarray
    row_list: np.ndarray
    row_pos: np.ndarray
    row_dg: np.ndarray
    row_unjudged: np.ndarray | None
    R: np.ndarray
    R_nan: np.ndarray
    r_list: np.ndarray
    r_pos: np.ndarray
    prec_at: np.ndarray
    first: np.ndarray
    i_q: np.ndarray
    i_pos: np.ndarray
    i_dg: np.ndarray
    core_first: tuple[np.ndarray, np.ndarray] | None
    n_core: np.ndarray | None
    #: the judged rows, the relevant rows and the ideal entries by position
    #: (made on first use, by a measure with a cutoff)
    _rows_by_pos: _ByPosition | None = None
    _relevant_by_pos: _ByPosition | None = None
    _ideal_by_pos: _ByPosition | None = None

    def rows_by_pos(self) -> _ByPosition:
        if self._rows_by_pos is None:
            self._rows_by_pos = _ByPosition(
                self.row_pos,
                list=self.row_list,
                dg=self.row_dg,
                judged=np.ones(self.row_list.size)
                if self.row_unjudged is None
                else (~np.asarray(self.row_unjudged, dtype=bool)).astype(float),
            )
        return self._rows_by_pos

    def relevant_by_pos(self) -> _ByPosition:
        if self._relevant_by_pos is None:
            self._relevant_by_pos = _ByPosition(self.r_pos, list=self.r_list, prec_at=self.prec_at)
        return self._relevant_by_pos

    def ideal_by_pos(self) -> _ByPosition:
        if self._ideal_by_pos is None:
            self._ideal_by_pos = _ByPosition(self.i_pos, q=self.i_q, dg=self.i_dg)
        return self._ideal_by_pos

    def relevant_in_top(self, kk: float) -> np.ndarray:
        if math.isinf(kk):
            return np.bincount(self.r_list, minlength=self.n_lists).astype(float)
        by = self.relevant_by_pos()
        return np.bincount(by.columns["list"][: by.upto(kk)], minlength=self.n_lists).astype(float)


# One function per measure family: (the lists, K — inf when the measure has none) → values.
def _precision(t: KernelLists, kk: float) -> np.ndarray:
    return t.relevant_in_top(kk) / kk


def _recall(t: KernelLists, kk: float) -> np.ndarray:
    return t.relevant_in_top(kk) / t.R_nan


def _hit(t: KernelLists, kk: float) -> np.ndarray:
    return (t.relevant_in_top(kk) > 0).astype(float)


def _reciprocal_rank(t: KernelLists, kk: float) -> np.ndarray:
    return np.where(t.first <= kk, 1.0 / t.first, 0.0)


def _average_precision(t: KernelLists, kk: float) -> np.ndarray:
    if math.isinf(kk):
        ap = np.bincount(t.r_list, weights=t.prec_at, minlength=t.n_lists)
    else:
        by = t.relevant_by_pos()
        n = by.upto(kk)
        ap = np.bincount(
            by.columns["list"][:n], weights=by.columns["prec_at"][:n], minlength=t.n_lists
        )
    return ap / t.R_nan


def _ndcg(t: KernelLists, kk: float) -> np.ndarray:
    if math.isinf(kk):
        dcg = np.bincount(t.row_list, weights=t.row_dg, minlength=t.n_lists)
        idcg_q = np.bincount(t.i_q, weights=t.i_dg, minlength=t.n_q)
    else:
        rows, ideal = t.rows_by_pos(), t.ideal_by_pos()
        n, m = rows.upto(kk), ideal.upto(kk)
        dcg = np.bincount(
            rows.columns["list"][:n], weights=rows.columns["dg"][:n], minlength=t.n_lists
        )
        idcg_q = np.bincount(ideal.columns["q"][:m], weights=ideal.columns["dg"][:m], minlength=t.n_q)
    idcg = idcg_q[t.list_question]
    return np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), 0.0)


def _r_precision(t: KernelLists, kk: float) -> np.ndarray:
    # the relevant rows within the top R, counted: as weights the flags would first
    # become a float array (twice the time over the ~2M relevant rows the unjudged
    # bounds give it). Whole counts, so the same values to the last bit.
    cnt = np.bincount(t.r_list[t.r_pos <= t.R[t.r_list]], minlength=t.n_lists)
    return cnt / t.R_nan


def _judged(t: KernelLists, kk: float) -> np.ndarray:
    rows = t.rows_by_pos()
    n = rows.upto(kk)
    counted = np.bincount(
        rows.columns["list"][:n], weights=rows.columns["judged"][:n], minlength=t.n_lists
    )
    return counted / kk


def _core_recall(t: KernelLists, kk: float) -> np.ndarray:
    if t.core_first is None:
        return np.full(t.n_lists, np.nan)
    pl, best = t.core_first
    cnt = np.bincount(pl[best <= kk], minlength=t.n_lists).astype(float)
    return cnt / t.n_core


#: the kernel of each measure family (a family of measure_names without one here fails)
FAMILY_KERNELS: dict[str, Callable[[KernelLists, float], np.ndarray]] = {
    "P": _precision,
    "Recall": _recall,
    "Hit": _hit,
    "MRR": _reciprocal_rank,
    "MAP": _average_precision,
    "nDCG": _ndcg,
    "R-Prec": _r_precision,
    "Judged": _judged,
    "CoreRecall": _core_recall,
}


def _segment_places(sorted_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For keys sorted ascending: the start of each run of equal keys, and each
    entry's place (1, 2, …) within its run."""
    if not sorted_keys.size:
        return np.zeros(0, dtype=np.int64), np.zeros(0)
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_keys)) + 1]
    seg = np.repeat(starts, np.diff(np.r_[starts, sorted_keys.size]))
    return starts, np.arange(sorted_keys.size) - seg + 1.0


def _core_first(
    row_list: np.ndarray,
    row_pos: np.ndarray,
    row_core_group: np.ndarray,
    question_core_groups: np.ndarray,
    list_question: np.ndarray,
) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray]:
    """Per (list, core group covered): its list and best position; the core groups
    of each list's question (NaN: none)."""
    cg = np.asarray(row_core_group, dtype=np.int64)
    has = cg >= 0
    pair = pd.factorize(pd.MultiIndex.from_arrays([row_list[has], cg[has]]))[0]
    best = np.full(pair.max(initial=-1) + 1, np.inf)
    np.minimum.at(best, pair, row_pos[has])
    pl = np.zeros(best.size, dtype=np.int64)
    pl[pair] = row_list[has]
    n_core = np.asarray(question_core_groups, dtype=float)
    return (pl, best), np.where(n_core > 0, n_core, np.nan)[list_question]


def score_lists(
    measures: Sequence[Measure],
    *,
    n_lists: int,
    list_question: np.ndarray,
    row_list: np.ndarray,
    row_pos: np.ndarray,
    row_grade: np.ndarray,
    judged_question: np.ndarray,
    judged_grade: np.ndarray,
    threshold: float = 1,
    gain: str = "exponential",
    row_core_group: np.ndarray | None = None,
    question_core_groups: np.ndarray | None = None,
    row_unjudged: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """Score every list at once. Returns ``{measure name: float array (n_lists,)}``.

    Inputs (integer codes, no strings):

    - ``list_question[l]``: question index of list l (0 ≤ l < ``n_lists``);
    - ``row_list / row_pos / row_grade``: one entry per *judged* position of a
      list (list index, 1-based position after ordering/de-dup, grade). Unjudged
      positions must be left out (or given grade NaN); order does not matter.
      A list with no rows is an empty (or unjudged) ranking and scores 0;
    - ``judged_question / judged_grade``: every judgment (question index, grade)
      — gives R and the ideal ordering for IDCG;
    - ``row_core_group``: for each row, the code of the core evidence group
      this passage covers (−1: none); ``question_core_groups[q]``: number of
      core groups of question q. Needed only for CoreRecall.
    - ``row_unjudged``: for each row, True when its judgment does not count as
      one for Judged@K (trec_eval's ``unj``: a grade below 0 in TREC qrels).

    Formulas (per list; see the module docstring for notation):

    - P@K = Σ_{i≤K} rel(i) / K
    - Recall@K = Σ_{i≤K} rel(i) / R
    - Hit@K = 1 if Σ_{i≤K} rel(i) > 0 else 0
    - MRR@K = 1 / (first i with rel(i)) if that i ≤ K else 0; MRR: no cutoff
    - MAP@K = Σ_{i≤K, rel(i)} P@i / R; MAP: no cutoff (trec_eval ``map``)
    - nDCG@K = DCG@K / IDCG@K, DCG@K = Σ_{i≤K} gain(grade(i)) / log2(i+1);
      IDCG@K is the DCG@K of all judged grades of q sorted best first;
      nDCG = 0 when IDCG = 0. nDCG without K uses the whole list.
    - R-Prec = Σ_{i≤R} rel(i) / R
    - Judged@K = (number of judged positions i ≤ K) / K (a row flagged in
      ``row_unjudged`` is not counted as judged)
    - CoreRecall@K = (core groups covered in the top K) / (core groups of q);
      NaN when q has no core group.

    Measures divided by R are NaN when R = 0 (unanswerable questions).
    """
    n_lists = int(n_lists)
    list_question = np.asarray(list_question, dtype=np.int64)
    row_list = np.asarray(row_list, dtype=np.int64)
    row_pos = np.asarray(row_pos, dtype=np.float64)
    row_grade = np.asarray(row_grade, dtype=np.float64)
    judged_question = np.asarray(judged_question, dtype=np.int64)
    judged_grade = np.asarray(judged_grade, dtype=np.float64)

    n_q = int(max(list_question.max(initial=-1), judged_question.max(initial=-1)) + 1)
    judged = ~np.isnan(row_grade)
    if not judged.all():
        row_list, row_pos, row_grade = row_list[judged], row_pos[judged], row_grade[judged]
        if row_core_group is not None:
            row_core_group = np.asarray(row_core_group)[judged]
        if row_unjudged is not None:
            row_unjudged = np.asarray(row_unjudged, dtype=bool)[judged]
    rel = row_grade >= threshold

    with np.errstate(divide="ignore", invalid="ignore"):
        R_q = np.bincount(judged_question, weights=judged_grade >= threshold, minlength=n_q)
        R = R_q[list_question] if n_lists else np.zeros(0)

        # Relevant rows only: positions, and the relevant rank among them
        # (1, 2, … within a list) for P@i in average precision.
        r_list, r_pos = row_list[rel], row_pos[rel]
        order = np.lexsort((r_pos, r_list))
        r_list, r_pos = r_list[order], r_pos[order]
        starts, r_nth = _segment_places(r_list)
        first = np.full(n_lists, np.inf)
        first[r_list[starts]] = r_pos[starts]

        # Ideal DCG: every judged grade of q, best first.
        i_order = np.lexsort((-judged_grade, judged_question))
        i_q = judged_question[i_order]
        i_gain = gain_values(judged_grade[i_order], gain)
        i_pos = _segment_places(i_q)[1]

        core_first, n_core = None, None
        wants_core = any(m.family == "CoreRecall" for m in measures)
        if wants_core and row_core_group is not None and question_core_groups is not None:
            core_first, n_core = _core_first(
                row_list, row_pos, row_core_group, question_core_groups, list_question
            )

        lists = KernelLists(
            n_lists=n_lists,
            n_q=n_q,
            list_question=list_question,
            row_list=row_list,
            row_pos=row_pos,
            row_dg=gain_values(row_grade, gain) * discount(row_pos),
            row_unjudged=row_unjudged,
            R=R,
            R_nan=np.where(R > 0, R, np.nan),
            r_list=r_list,
            r_pos=r_pos,
            prec_at=r_nth / r_pos,
            first=first,
            i_q=i_q,
            i_pos=i_pos,
            i_dg=i_gain * discount(i_pos),
            core_first=core_first,
            n_core=n_core,
        )
        out: dict[str, np.ndarray] = {}
        for m in measures:
            kernel = FAMILY_KERNELS.get(m.family)
            if kernel is None:  # pragma: no cover - registry and kernel out of step
                raise ValueError(f"no kernel for {m.name}")
            kk = math.inf if m.cutoff is None else float(m.cutoff)
            out[m.name] = np.asarray(kernel(lists, kk), dtype=float)
    return out


def score_rankings(
    rankings: pd.DataFrame,
    qrels: pd.DataFrame,
    measures: Sequence[Measure | str],
    threshold: float = 1,
    gain: str = "exponential",
) -> pd.DataFrame:
    """Score ready-made rankings against resolved judgments (no ordering policy).

    ``rankings``: ``question_id``, ``passage_id`` and optionally ``system``, in
    ranked order within each list (row order is the ranking; a repeated
    passage should already be removed). ``qrels``: ``question_id``,
    ``passage_id``, ``grade`` (one row per pair). Returns one row per
    (system, question) list present in ``rankings``, with one column per
    measure. For the full policies (ordering, de-dup, unanswerable, missing
    questions) use :func:`workbench.core.measures.evaluate.evaluate`.
    """
    ms = [parse_measure(m) for m in measures]
    rk = rankings.reset_index(drop=True)
    system = rk["system"] if "system" in rk.columns else pd.Series([""] * len(rk), dtype=object)
    qcodes, quniq = pd.factorize(pd.concat([rk["question_id"], qrels["question_id"]]), sort=False)
    rq, jq = qcodes[: len(rk)], qcodes[len(rk) :]
    list_codes, list_uniq = pd.factorize(pd.MultiIndex.from_arrays([system, rq]))
    n_lists = len(list_uniq)
    list_question = np.asarray([q for _, q in list_uniq], dtype=np.int64).reshape(-1)
    pos = pd.Series(np.ones(len(rk))).groupby(list_codes).cumsum().to_numpy()
    jkey = pd.MultiIndex.from_arrays([qrels["question_id"], qrels["passage_id"]])
    rkey = pd.MultiIndex.from_arrays([rk["question_id"], rk["passage_id"]])
    idx = jkey.get_indexer(rkey)
    grades = qrels["grade"].to_numpy(dtype=float)
    row_grade = np.where(idx >= 0, grades[idx], np.nan)
    vals = score_lists(
        ms,
        n_lists=n_lists,
        list_question=list_question,
        row_list=list_codes,
        row_pos=pos,
        row_grade=row_grade,
        judged_question=jq,
        judged_grade=grades,
        threshold=threshold,
        gain=gain,
    )
    frame = pd.DataFrame(
        {
            "system": [s for s, _ in list_uniq],
            "question_id": np.asarray(quniq, dtype=object)[list_question],
        }
    )
    for m in ms:
        frame[m.name] = vals[m.name]
    return frame
