"""Data behind the charts and the Compare page, without Qt.

Every function takes a :class:`~workbench.core.model.results.Results` (or its
frames) and returns plain pandas frames. Where a chart element can be clicked
(a bar, a stacked segment, a histogram bin, a point), the row carries a
``question_ids`` column: a tuple of the question ids behind that element,
worst first where an order makes sense, so the Question review page can show
exactly those questions.

Conventions (the same as :mod:`workbench.core.measures.metrics`): a passage is
*relevant* iff its grade ≥ θ (``settings.threshold``); unjudged passages
count as not relevant; R is the number of relevant judged passages of a
question; only answerable questions (R > 0) enter a mean; an answerable
question missing from a run scores 0 (it is "not found" in the rank
distribution). The "lists" of a system are exactly the rows of
``Results.per_question``, so every mean here is a mean over the same
questions as ``Results.aggregates``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.measures import stats
from workbench.core.measures.metrics import Measure, parse_measure, score_lists
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.results import Results

__all__ = [
    "COVERAGE_TRUST",
    "RANK_BUCKETS",
    "RecallBasis",
    "bar_data",
    "by_type_data",
    "coverage_data",
    "curve_data",
    "deepest_position",
    "default_cutoff",
    "default_metrics",
    "difference_histogram",
    "FIRST_EVIDENCE_COLUMNS",
    "first_evidence",
    "first_relevant_ranks",
    "histogram",
    "list_depths",
    "list_scores",
    "losing_questions",
    "metric_histogram",
    "not_found_at",
    "not_found_by",
    "rank_buckets",
    "rank_distribution",
    "recall_basis",
    "scatter_data",
    "significance_marks",
    "significance_tooltips",
]


#: below this share of judged results in the top K, a comparison is not to be
#: trusted (unjudged passages count as not relevant) — Coverage@k in SRW/Quepid.
COVERAGE_TRUST = 0.8
#: bucket keys of the first-relevant-rank distribution, in display order.
RANK_BUCKETS = ("rank_1", "rank_2_3", "rank_4_k", "not_found")
#: numbers drawn per chunk in the curve computation (bounds memory)
_CHUNK_ELEMENTS = 1 << 21


def _check(cancelled: CancelCheck | None) -> None:
    if cancelled is not None and cancelled():
        raise Cancelled()


def _ids(values) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


# ---------------------------------------------------------------------------
# choices


def default_cutoff(results: Results) -> int:
    """10 when the settings' K list has it, else the largest K (10 without any K)."""
    ks = tuple(results.settings.ks)
    if not ks:
        return 10
    return 10 if 10 in ks else int(max(ks))


def default_metrics(results: Results) -> list[str]:
    """nDCG@K, Recall@K and MRR (K = :func:`default_cutoff`), those present."""
    k = default_cutoff(results)
    wanted = [f"nDCG@{k}", f"Recall@{k}", "MRR"]
    present = [m for m in wanted if m in results.measures]
    if present:
        return present
    return list(results.measures[:3])


# ---------------------------------------------------------------------------
# lists: one per row of per_question


def _lists(results: Results) -> tuple[pd.DataFrame, np.ndarray]:
    """The (system, question) lists of ``per_question`` and each list's system index."""
    pq = results.per_question[["system", "question_id"]].astype(str).reset_index(drop=True)
    systems = [str(s) for s in results.systems]
    code = {s: i for i, s in enumerate(systems)}
    sys_idx = pq["system"].map(code).fillna(-1).to_numpy(dtype=np.int64)
    return pq, sys_idx


def _list_table(pq: pd.DataFrame) -> tuple[pd.Index, pd.Index, int, np.ndarray]:
    """The lists' systems and questions (as indexes), the key width, and the
    table from a key (system + 1) × width + (question + 1) to the list index;
    a part 0 is an id no list holds, and such keys give the spare ``len(pq)``."""
    spare = len(pq)
    systems = pd.Index(pd.unique(pq["system"].to_numpy()))
    questions = pd.Index(pd.unique(pq["question_id"].to_numpy()))
    width = len(questions) + 1
    size = (len(systems) + 1) * width
    table = np.full(size, spare, dtype=np.int32 if len(pq) < 2**31 else np.int64)
    table[
        (systems.get_indexer(pq["system"].to_numpy()) + 1) * width
        + questions.get_indexer(pq["question_id"].to_numpy())
        + 1
    ] = np.arange(len(pq))
    return systems, questions, width, table


def _ranking_rows(
    results: Results, pq: pd.DataFrame, column: str = "grade"
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ranking row as (list index, position, ``column``: the grade or the
    relevance flag). A row no list holds (a question left out of the means, a
    system not evaluated) points at the spare index ``len(pq)``: the row-sized
    columns are handed over as they are, never copied to drop rows.

    Millions of rows, a few thousand distinct ids: the rows' runs of one
    (system, question) are found on the id columns' category codes and each
    run finds its list once (:func:`_list_runs`); failing that, each row's
    (system, question) becomes one small-integer key through the categories
    and finds its list in a table. No text per row and no row-sized temporary
    wider than 32 bits (a 7M-row run stays within its memory budget)."""
    rk = results.ranking
    if rk is None or not len(rk) or not len(pq):
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0)
    spare = len(pq)
    lst = _row_lists(rk, pq)
    pos = rk["position"].to_numpy()
    if not np.issubdtype(pos.dtype, np.integer):
        pos = pd.to_numeric(rk["position"], errors="coerce").to_numpy(dtype=float)
        lst[np.isnan(pos)] = spare
        pos = np.nan_to_num(pos).astype(np.int64)
    values = rk[column].to_numpy()
    if values.dtype != bool:
        values = values.astype(float, copy=False)
    return lst, pos, values


def _row_lists(rk: pd.DataFrame, pq: pd.DataFrame) -> np.ndarray:
    """The list index of every ranking row (``len(pq)``: no list holds it)."""
    runs = _list_runs(rk, pq)
    if runs is not None:
        starts, run_list = runs
        return np.repeat(run_list, np.diff(np.append(starts, len(rk))))
    systems, questions, width, table = _list_table(pq)
    key_type = np.int32 if table.size < 2**31 else np.int64
    sys_col, q_col = rk["system"], rk["question_id"]
    lst = np.empty(len(rk), dtype=table.dtype)
    for start in range(0, len(rk), _ROW_BLOCK):  # the keys a block at a time
        block = slice(start, start + _ROW_BLOCK)
        key = _codes_in(sys_col.iloc[block], systems, key_type)
        key *= width
        key += _codes_in(q_col.iloc[block], questions, key_type)
        lst[block] = table[key]
    return lst


def _list_runs(rk: pd.DataFrame, pq: pd.DataFrame) -> tuple[np.ndarray, np.ndarray] | None:
    """The ranking rows as runs of one (system, question) each: the first row of
    every run and the list it belongs to (``len(pq)``: none).

    ``Results.ranking`` is ordered by system, question and position, so its
    millions of rows are a few thousand runs. Comparing each row's category
    codes (small integers) with the previous row's finds them, and only the
    runs are looked up: no key per row. Rows in another order give runs that
    are still right (a list is then several runs); None — key the rows one by
    one — when the id columns are not categorical or the runs would be so
    many that their 64-bit starts cost more than the per-row keys."""
    systems, questions, width, table = _list_table(pq)
    by_system = _category_lookup(rk["system"], systems)
    by_question = _category_lookup(rk["question_id"], questions)
    if by_system is None or by_question is None:
        return None
    sys_codes, sys_part = by_system
    q_codes, q_part = by_question
    change = sys_codes[1:] != sys_codes[:-1]
    change |= q_codes[1:] != q_codes[:-1]
    n_runs = int(np.count_nonzero(change)) + 1
    if n_runs > max(1, len(rk) // _MIN_RUN_LENGTH):
        return None
    starts = np.zeros(n_runs, dtype=np.int64)
    starts[1:] = np.flatnonzero(change) + 1
    key = sys_part[sys_codes[starts]] * width + q_part[q_codes[starts]]
    return starts, table[key]


#: below this mean length, runs of rows are not worth finding (see :func:`_list_runs`)
_MIN_RUN_LENGTH = 4


def _deepest(lst: np.ndarray, pos: np.ndarray, n_lists: int) -> int:
    """The deepest position of the rows some list holds (0 for none)."""
    return int(np.max(pos, where=lst < n_lists, initial=0)) if pos.size else 0


#: ranking rows keyed at a time by :func:`_ranking_rows` (bounds its temporaries)
_ROW_BLOCK = 1 << 20


def _category_lookup(column: pd.Series, index: pd.Index) -> tuple[np.ndarray, np.ndarray] | None:
    """A categorical column's codes and, per code, its category's position in
    ``index`` plus one (0 when absent; the last entry serves code −1, empty):
    the categories are compared as text, once each. None for another column."""
    if not isinstance(column.dtype, pd.CategoricalDtype):
        return None
    per_category = index.get_indexer(column.cat.categories.astype(str)) + 1
    return column.cat.codes.to_numpy(), np.append(per_category, 0)


def _codes_in(column: pd.Series, index: pd.Index, dtype) -> np.ndarray:
    """Each value's position in ``index`` plus one (0 when absent), compared as
    text; a categorical column is looked up once per category, not per row."""
    by_category = _category_lookup(column, index)
    if by_category is not None:
        codes, lookup = by_category
        return lookup.astype(dtype)[codes]
    return (index.get_indexer(column.astype(str).to_numpy()) + 1).astype(dtype)


def _question_judgments(results: Results, questions: pd.Series) -> pd.DataFrame:
    """The judged grades of the questions of ``questions`` (question index, grade)."""
    qr = results.qrels
    index = pd.Index(pd.unique(questions.to_numpy()))
    if qr is None or not len(qr):
        return pd.DataFrame({"q": [], "grade": []})
    q = index.get_indexer(qr["question_id"].astype(str).to_numpy())
    grade = pd.to_numeric(qr["grade"], errors="coerce").to_numpy(dtype=float)
    ok = (q >= 0) & ~np.isnan(grade)
    return pd.DataFrame({"q": q[ok], "grade": grade[ok]})


def _list_depth(results: Results, pq: pd.DataFrame) -> np.ndarray:
    """The deepest position of each list, 0 when it holds no row, plus a last
    entry for the spare list of rows no list holds."""
    depth = np.zeros(len(pq) + 1, dtype=np.int64)
    rk = results.ranking
    if rk is None or not len(rk) or not len(pq):
        return depth
    pos = rk["position"].to_numpy()
    runs = _list_runs(rk, pq) if np.issubdtype(pos.dtype, np.integer) else None
    if runs is not None:  # the deepest of each run, then of each list: no list index per row
        starts, run_list = runs
        np.maximum.at(depth, run_list, np.maximum.reduceat(pos, starts))
        return depth
    lst, pos, _ = _ranking_rows(results, pq)
    np.maximum.at(depth, lst, pos)
    return depth


def deepest_position(results: Results) -> int:
    """The deepest position of any evaluated ranking (0 when nothing was returned)."""
    return results.view("deepest_position", _deepest_position)


def _deepest_position(results: Results) -> int:
    pq, _ = _lists(results)
    return int(_list_depth(results, pq)[: len(pq)].max(initial=0))


def list_depths(results: Results) -> pd.DataFrame:
    """How many places each evaluated list holds: columns ``system``,
    ``question_id``, ``depth`` (0 for a question missing from the run), one row
    per row of ``per_question``."""
    pq, _ = _lists(results)
    return pq.assign(depth=_list_depth(results, pq)[: len(pq)])


#: the families divided by R: the kernel gives NaN for a question without
#: relevant evidence (R = 0)
_DIVIDED_BY_R = ("Recall", "MAP", "R-Prec")


def _as_evaluated(results: Results, family: str, values: np.ndarray) -> np.ndarray:
    """The kernel's per-list ``values`` as evaluate() reports them: under TREC's
    conventions (``trec_compat``) a question without relevant evidence stays in
    the means, scoring 0 where R divides (the kernel's NaN; R = 0 is its only
    source for these families)."""
    if results.settings.trec_compat and family in _DIVIDED_BY_R:
        return np.where(np.isnan(values), 0.0, values)
    return values


def list_scores(results: Results, measures: Sequence[str | Measure]) -> pd.DataFrame:
    """Any measure of the registry for every evaluated list, also at a K the
    settings do not hold (a stage's Recall@N, nDCG@K of a K chosen on a page).

    One row per row of ``Results.per_question`` (same order): ``system``,
    ``question_id``, then one column per measure. The values come from the
    scoring kernel over ``Results.ranking`` and ``Results.qrels``, so a
    measure the evaluation also computed has exactly its values. CoreRecall
    needs the evidence groups and is not offered here.
    """

    ms = [parse_measure(m) for m in measures]
    if any(m.family == "CoreRecall" for m in ms):
        raise ValueError("CoreRecall comes with the evaluation only")
    pq, _ = _lists(results)
    if not len(pq) or not ms:
        return pq.copy()
    lst, pos, grade = _ranking_rows(results, pq)
    questions = pq["question_id"]
    judged = _question_judgments(results, questions)
    q_index = pd.Index(pd.unique(questions.to_numpy()))
    judged_rows = ~np.isnan(grade) & (lst < len(pq))
    values = score_lists(
        ms,
        n_lists=len(pq),
        list_question=q_index.get_indexer(questions.to_numpy()),
        row_list=lst[judged_rows],
        row_pos=pos[judged_rows],
        row_grade=grade[judged_rows],
        judged_question=judged["q"].to_numpy(dtype=np.int64),
        judged_grade=judged["grade"].to_numpy(dtype=float),
        threshold=results.settings.threshold,
        gain=results.settings.gain,
    )
    out = pq.copy()
    for m in ms:
        out[m.name] = _as_evaluated(results, m.family, values[m.name])
    return out


@dataclass(frozen=True)
class RecallBasis:
    """Where the relevant passages of every evaluated list are, and how deep
    each list goes: all that Recall@K at any K, its curve and the run depths
    need, from one pass over ``Results.ranking`` (:func:`recall_basis`).

    The diagnosis reads the depths, a few points of the Recall curve (the K
    advisor) and Recall@K per list at those points; each straight from its
    public function would pass over the millions of ranking rows again and
    score every judged row with the whole kernel. Here the rows are passed
    over once, and only the relevant ones are kept. Every result equals its
    public function's to the last bit: :meth:`depths` is :func:`list_depths`,
    :meth:`scores` :func:`list_scores` of Recall@K, :meth:`curve`
    :func:`curve_data` of Recall at ``ks``.
    """

    systems: tuple
    #: the lists (``per_question``'s system and question_id as text) and each
    #: list's system index
    lists: pd.DataFrame
    system_index: np.ndarray
    #: the deepest position of each list (0: no row)
    depth: np.ndarray
    #: list and position of every relevant ranking row a list holds
    relevant_list: np.ndarray
    relevant_pos: np.ndarray
    #: R of each list's question, NaN when it has none (Recall's denominator)
    relevant_total: np.ndarray
    #: TREC's conventions: a list whose question has no relevant evidence scores 0
    trec_compat: bool = False

    def depths(self) -> pd.DataFrame:
        """:func:`list_depths`."""
        return self.lists.assign(depth=self.depth)

    def recall(self, k: int) -> np.ndarray:
        """Recall@k of every list, as the kernel computes it: the relevant rows
        at positions ≤ k, counted as whole numbers, over R (NaN when R = 0, but
        0 under TREC's conventions, as evaluate() scores it)."""
        found = np.bincount(
            self.relevant_list[self.relevant_pos <= k], minlength=len(self.lists)
        ).astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            recall = found / self.relevant_total
        return np.where(np.isnan(recall), 0.0, recall) if self.trec_compat else recall

    def scores(self, ks: Sequence[int]) -> pd.DataFrame:
        """:func:`list_scores` of ``Recall@k`` for each k of ``ks``."""
        out = self.lists.copy()
        if not len(out):
            return out
        for k in ks:
            out[Measure("Recall", int(k)).name] = self.recall(int(k))
        return out

    def curve(self, ks: Sequence[int]) -> pd.DataFrame:
        """:func:`curve_data` of the Recall family at ``ks``."""
        k_axis = _curve_k_axis(ks)
        if not len(self.lists):
            return pd.DataFrame(columns=_CURVE_COLUMNS)
        n_sys = len(self.systems)
        sums = np.zeros((n_sys, k_axis.size))
        for j, k in enumerate(k_axis):
            sums[:, j] = _system_sums(self.system_index, self.recall(int(k)), n_sys)
        counts = _system_counts(self.system_index, n_sys)
        return _curve_frame(self.systems, ("Recall",), k_axis, {"Recall": sums}, counts)


def recall_basis(results: Results) -> RecallBasis:
    """The :class:`RecallBasis` of ``results``."""
    pq, sys_idx = _lists(results)
    n_lists = len(pq)
    threshold = results.settings.threshold
    depth = np.zeros(n_lists + 1, dtype=np.int64)  # + the spare list of other rows
    rel_list, rel_pos = np.zeros(0, np.int64), np.zeros(0, np.int64)
    rk = results.ranking
    if rk is not None and len(rk) and n_lists:
        pos = rk["position"].to_numpy()
        runs = _list_runs(rk, pq) if np.issubdtype(pos.dtype, np.integer) else None
        grade = rk["grade"].to_numpy()
        if grade.dtype != bool:
            grade = grade.astype(float, copy=False)
        # relevant as the kernel decides it (a float grade ≥ θ; NaN, unjudged, is not)
        relevant = np.asarray(grade, dtype=np.float64) >= threshold
        if runs is not None:
            starts, run_list = runs
            np.maximum.at(depth, run_list, np.maximum.reduceat(pos, starts))
            rows = np.flatnonzero(relevant)
            rel_list = run_list[np.searchsorted(starts, rows, side="right") - 1]
            rel_pos = pos[rows]
        else:
            lst, pos, _ = _ranking_rows(results, pq)
            np.maximum.at(depth, lst, pos)
            rel_list, rel_pos = lst[relevant], pos[relevant]
        held = rel_list < n_lists
        rel_list, rel_pos = rel_list[held], rel_pos[held]
    return RecallBasis(
        systems=tuple(results.systems),
        lists=pq,
        system_index=sys_idx,
        depth=depth[:n_lists],
        relevant_list=rel_list,
        relevant_pos=rel_pos,
        relevant_total=_relevant_total(results, pq, threshold),
        trec_compat=bool(results.settings.trec_compat),
    )


def _relevant_total(results: Results, pq: pd.DataFrame, threshold: float) -> np.ndarray:
    """R of each list's question as the kernel counts it from ``Results.qrels``
    (judgments with a grade ≥ θ), NaN when R = 0. Only the relevant judgments
    are looked up: the others add 0 to R."""
    questions = pq["question_id"].to_numpy()
    q_index = pd.Index(pd.unique(questions))
    per_question = np.zeros(len(q_index))
    qr = results.qrels
    if qr is not None and len(qr):
        grade = pd.to_numeric(qr["grade"], errors="coerce").to_numpy(dtype=float)
        relevant = grade >= threshold
        q = q_index.get_indexer(qr["question_id"][relevant].astype(str).to_numpy())
        per_question = np.bincount(q[q >= 0], minlength=len(q_index)).astype(float)
    R = per_question[q_index.get_indexer(questions)]
    return np.where(R > 0, R, np.nan)


# ---------------------------------------------------------------------------
# 1. metric bars


def bar_data(
    results: Results,
    metrics: Sequence[str],
    with_ci: bool = True,
    seed: int = stats.DEFAULT_SEED,
    n_resamples: int = 10_000,
    confidence: float = 0.95,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> pd.DataFrame:
    """Mean of each metric per system, with a percentile bootstrap CI.

    Columns ``system``, ``metric``, ``mean``, ``n``, ``ci_low``, ``ci_high``,
    ``question_ids``. ``mean`` and ``n`` are those of ``Results.aggregates``
    (mean over answerable questions, missing ones counting 0); the CI is
    :func:`workbench.core.measures.stats.system_confidence_intervals` (seeded, so the
    whiskers are reproducible), NaN when ``with_ci`` is False.
    ``question_ids``: the system's questions ordered by the metric, worst first
    (ties by question id).
    """
    metrics = [m for m in metrics if m in results.per_question.columns]
    ci = None
    if with_ci and metrics and len(results.per_question):
        _check(cancelled)
        if progress is not None:
            progress(0.0, "Bootstrap / 부트스트랩")
        ci = stats.system_confidence_intervals(
            results.per_question,
            metrics,
            seed=seed,
            n_resamples=n_resamples,
            confidence=confidence,
        ).set_index(["system", "metric"])
        _check(cancelled)
    pq = results.per_question
    rows = []
    for system in results.systems:
        sub = pq.loc[pq["system"].astype(str) == str(system)]
        for metric in metrics:
            values = pd.to_numeric(sub[metric], errors="coerce")
            ordered = (
                pd.DataFrame({"q": sub["question_id"].astype(str), "v": values})
                .sort_values(["v", "q"], kind="stable", na_position="last")["q"]
                .tolist()
            )
            low = high = math.nan
            if ci is not None and (str(system), metric) in ci.index:
                low = float(ci.loc[(str(system), metric), "ci_low"])
                high = float(ci.loc[(str(system), metric), "ci_high"])
            agg = results.aggregates
            mean = (
                float(agg.loc[system, metric])
                if system in agg.index and metric in agg.columns
                else float(values.mean())
            )
            rows.append(
                {
                    "system": str(system),
                    "metric": metric,
                    "mean": mean,
                    "n": int(values.notna().sum()),
                    "ci_low": low,
                    "ci_high": high,
                    "question_ids": _ids(ordered),
                }
            )
    if progress is not None:
        progress(1.0, "")
    return pd.DataFrame(
        rows, columns=["system", "metric", "mean", "n", "ci_low", "ci_high", "question_ids"]
    )


# ---------------------------------------------------------------------------
# 2. curves over K

_CURVE_COLUMNS = ["system", "family", "k", "value", "n"]


def curve_data(
    results: Results,
    families: Sequence[str] = ("Recall", "nDCG"),
    max_k: int | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    ks: Sequence[int] | None = None,
) -> pd.DataFrame:
    """Mean Recall@K and nDCG@K per system for K = 1 … ``max_k``.

    ``max_k`` defaults to the deepest evaluated ranking, raised to the largest
    of the settings' K so that every K of the settings lies on the curve.
    Columns ``system``, ``family``, ``k``, ``value``, ``n``.

    Every value comes from the scoring kernel itself
    (:func:`workbench.core.measures.metrics.score_lists`, the one implementation of
    Recall@K and nDCG@K) over the evaluated rankings, averaged over each
    system's answerable questions like ``Results.aggregates`` — so at every K
    of the settings the curve equals the table. K is scored in blocks, so
    memory stays bounded for thousands of questions × deep rankings.

    ``ks``: only these K (each ≥ 1), in increasing order, instead of every K up
    to ``max_k`` — the K advisor reads a few points of the curve, and scoring
    a thousand K of a deep run for them would cost most of its time. Each
    value is the one the whole curve has at that K.
    """
    for fam in families:
        if fam not in ("Recall", "nDCG"):
            raise ValueError(f"no curve for measure family {fam!r} (Recall, nDCG)")
    pq, sys_idx = _lists(results)
    lst, pos, grade = _ranking_rows(results, pq)
    deepest = _deepest(lst, pos, len(pq))
    if max_k is None:
        max_k = max([deepest, *[int(k) for k in results.settings.ks]] or [1])
    D = max(1, int(max_k))
    k_axis = np.arange(1, D + 1) if ks is None else _curve_k_axis(ks)
    n_lists = len(pq)
    n_sys = len(results.systems)
    if n_lists == 0:
        return pd.DataFrame(columns=_CURVE_COLUMNS)

    questions = pq["question_id"]
    judged = _question_judgments(results, questions)
    q_index = pd.Index(pd.unique(questions.to_numpy()))
    list_question = q_index.get_indexer(questions.to_numpy())
    judged_rows = ~np.isnan(grade) & (lst < n_lists)
    kernel = {
        "n_lists": n_lists,
        "list_question": list_question,
        "row_list": lst[judged_rows],
        "row_pos": pos[judged_rows],
        "row_grade": grade[judged_rows],
        "judged_question": judged["q"].to_numpy(dtype=np.int64),
        "judged_grade": judged["grade"].to_numpy(dtype=float),
        "threshold": results.settings.threshold,
        "gain": results.settings.gain,
    }
    # about 64 MB of per-list values at a time
    n_k = k_axis.size
    block = max(1, min(n_k, _CHUNK_ELEMENTS // max(1, n_lists * len(families))))
    sums = {fam: np.zeros((n_sys, n_k)) for fam in families}
    for start in range(0, n_k, block):
        _check(cancelled)
        if progress is not None:
            progress(start / n_k, "Recall@K · nDCG@K")
        at = range(start, min(n_k, start + block))
        measures = [(j, Measure(fam, int(k_axis[j]))) for fam in families for j in at]
        values = score_lists([m for _, m in measures], **kernel)
        for j, m in measures:
            per_list = _as_evaluated(results, m.family, values[m.name])
            sums[m.family][:, j] = _system_sums(sys_idx, per_list, n_sys)
    if progress is not None:
        progress(1.0, "")
    counts = _system_counts(sys_idx, n_sys)
    return _curve_frame(results.systems, families, k_axis, sums, counts)


def _curve_k_axis(ks: Sequence[int]) -> np.ndarray:
    """The K of a curve read at ``ks`` only: each once, in increasing order, each ≥ 1."""
    k_axis = np.array(sorted({int(k) for k in ks}))
    if k_axis.size and k_axis[0] < 1:
        raise ValueError(f"a curve's K starts at 1, not {k_axis[0]}")
    return k_axis


def _system_counts(sys_idx: np.ndarray, n_sys: int) -> np.ndarray:
    """How many lists each system has (the n of its means)."""
    return np.bincount(sys_idx[sys_idx >= 0], minlength=n_sys).astype(float)


def _system_sums(sys_idx: np.ndarray, values: np.ndarray, n_sys: int) -> np.ndarray:
    """The sum of each system's per-list ``values``, added in list order (so the
    same values give the same sums to the last bit, whoever computed them)."""
    ok = sys_idx >= 0
    return np.bincount(sys_idx[ok], weights=values[ok], minlength=n_sys)


def _curve_frame(
    systems: Sequence,
    families: Sequence[str],
    k_axis: np.ndarray,
    sums: dict[str, np.ndarray],
    counts: np.ndarray,
) -> pd.DataFrame:
    """The :func:`curve_data` frame from each family's per-system sums (systems × K)."""
    out = []
    for fam in families:
        for i, system in enumerate(systems):
            n = counts[i]
            values = sums[fam][i] / n if n else np.full(k_axis.size, np.nan)
            out.append(
                pd.DataFrame(
                    {
                        "system": str(system),
                        "family": fam,
                        "k": k_axis,
                        "value": values,
                        "n": int(n),
                    }
                )
            )
    return pd.concat(out, ignore_index=True)


# ---------------------------------------------------------------------------
# 3. first relevant rank


def first_relevant_ranks(results: Results) -> pd.DataFrame:
    """Position of the first relevant passage of every (system, answerable question).

    Columns ``system``, ``question_id``, ``first_rank`` (float; NaN when the
    list holds no relevant passage at any depth or the question is missing
    from the run). MRR = mean of 1/first_rank (0 for NaN); MRR@K the same
    with ranks > K counted as 0. Made once per results (:meth:`Results.view`).
    """
    return results.view("first_relevant_ranks", _first_relevant_ranks).copy(deep=False)


def _first_relevant_ranks(results: Results) -> pd.DataFrame:
    pq, _ = _lists(results)
    lst, pos, relevant = _ranking_rows(results, pq, "relevant")
    rel = (relevant > 0) & (lst < len(pq))
    first = np.full(len(pq), np.inf)
    np.minimum.at(first, lst[rel], pos[rel].astype(float))
    first[np.isinf(first)] = np.nan
    return pd.DataFrame(
        {
            "system": pq["system"].to_numpy(),
            "question_id": pq["question_id"].to_numpy(),
            "first_rank": first,
        }
    )


def rank_buckets(k: int) -> list[tuple[str, int, int]]:
    """``(key, lowest rank, highest rank)`` of the found buckets for cutoff ``k``.

    rank 1 / 2–3 / 4–K, clipped to K (K = 2 gives 1 and 2–2; K = 1 only 1);
    the ``not_found`` bucket (no relevant passage in the top K) is implied.
    """
    k = max(1, int(k))
    out = [("rank_1", 1, 1)]
    if k >= 2:
        out.append(("rank_2_3", 2, min(3, k)))
    if k >= 4:
        out.append(("rank_4_k", 4, k))
    return out


def rank_distribution(results: Results, k: int | None = None) -> pd.DataFrame:
    """First-relevant-rank distribution per system (the MRR article's reporting rule).

    Buckets (:func:`rank_buckets`): first relevant at rank 1, at 2–3, at 4–K,
    or not found in the top K (which includes questions missing from the
    run). ``k`` defaults to the largest K of the settings. Columns ``system``,
    ``bucket`` (a :data:`RANK_BUCKETS` key), ``low``, ``high`` (rank range;
    NaN for not found), ``k``, ``count``, ``share`` (count / n), ``n``,
    ``question_ids``. Shares of one system sum to 1; the rank-1 share equals
    Hit@1 and the found share equals Hit@K.
    """
    if k is None:
        k = int(max(results.settings.ks)) if results.settings.ks else 10
    fr = first_relevant_ranks(results)
    rows = []
    buckets = rank_buckets(k)
    for system in results.systems:
        sub = fr.loc[fr["system"] == str(system)]
        n = len(sub)
        r = sub["first_rank"].to_numpy(dtype=float)
        q = sub["question_id"].to_numpy()
        found = np.zeros(n, dtype=bool)
        parts = []
        for key, lo, hi in buckets:
            mask = (r >= lo) & (r <= hi)
            found |= mask
            parts.append((key, float(lo), float(hi), mask))
        parts.append(("not_found", math.nan, math.nan, ~found))
        for key, lo, hi, mask in parts:
            # worst first inside a bucket: deeper first rank, then id
            order = np.lexsort((q[mask].astype(str), -np.nan_to_num(r[mask], nan=np.inf)))
            rows.append(
                {
                    "system": str(system),
                    "bucket": key,
                    "low": lo,
                    "high": hi,
                    "k": int(k),
                    "count": int(mask.sum()),
                    "share": float(mask.sum() / n) if n else math.nan,
                    "n": int(n),
                    "question_ids": _ids(q[mask][order]),
                }
            )
    return pd.DataFrame(
        rows,
        columns=["system", "bucket", "low", "high", "k", "count", "share", "n", "question_ids"],
    )


#: the first-evidence table's shares, in display order: rank 1, the top 3
#: (ranks 1–3, so it holds the rank-1 share), later (rank 4 to the list's
#: depth) and not found (no relevant passage anywhere in the list)
FIRST_EVIDENCE_COLUMNS = ("rank_1", "top_3", "later", "not_found")


def first_evidence(results: Results) -> pd.DataFrame:
    """Where each system's first evidence is (the MRR article asks for this beside
    the mean): the share of answerable questions whose first relevant passage is
    at rank 1, within the top 3, later in the list, or nowhere in it.

    The :func:`rank_distribution` over the whole depth of the runs (so "later"
    and "not found" do not depend on a cutoff K). Columns ``system``, ``n``,
    one share per :data:`FIRST_EVIDENCE_COLUMNS` and its count ``<key>_n``;
    top 3 + later + not found = 1 (the rank-1 share is part of the top 3).
    Made once per results (:meth:`Results.view`).
    """
    return results.view("first_evidence", _first_evidence).copy(deep=False)


def prepare_views(results: Results) -> Results:
    """``results`` with the views the window shows as soon as scores arrive made
    already: the evaluation's worker calls this, so that the Overview page does
    not read a 2M-row ranking on the window's thread (~70 ms)."""
    first_evidence(results)
    return results


def _first_evidence(results: Results) -> pd.DataFrame:
    depth = max(deepest_position(results), 1)
    dist = rank_distribution(results, depth)
    rows = []
    for system in results.systems:
        sub = dist.loc[dist["system"] == str(system)].set_index("bucket")["count"]
        n = int(sub.sum())
        counts = {
            "rank_1": int(sub.get("rank_1", 0)),
            "top_3": int(sub.get("rank_1", 0)) + int(sub.get("rank_2_3", 0)),
            "later": int(sub.get("rank_4_k", 0)),
            "not_found": int(sub.get("not_found", 0)),
        }
        row: dict = {"system": str(system), "n": n}
        for key in FIRST_EVIDENCE_COLUMNS:
            row[key] = counts[key] / n if n else math.nan
        for key in FIRST_EVIDENCE_COLUMNS:
            row[f"{key}_n"] = counts[key]
        rows.append(row)
    columns = [
        "system",
        "n",
        *FIRST_EVIDENCE_COLUMNS,
        *(f"{key}_n" for key in FIRST_EVIDENCE_COLUMNS),
    ]
    return pd.DataFrame(rows, columns=columns)


def not_found_by(first_ranks: pd.DataFrame, system: str, k: int) -> list[str]:
    """Questions of ``system`` with no relevant passage in the top ``k``."""
    return not_found_at(first_ranks, system, [k])[k]


def not_found_at(first_ranks: pd.DataFrame, system: str, ks) -> dict[int, list[str]]:
    """:func:`not_found_by` for many ``k`` at once (the frame is filtered once: a
    Recall curve has a point per K up to the run depth, a thousand for deep runs)."""
    sub = first_ranks.loc[first_ranks["system"] == str(system)]
    r = sub["first_rank"].to_numpy(dtype=float)
    ids = np.array([str(q) for q in sub["question_id"].to_numpy()], dtype=object)
    # NaN (nothing relevant retrieved) is never ≤ k: not found at every k
    return {int(k): ids[~(r <= k)].tolist() for k in ks}


# ---------------------------------------------------------------------------
# 4. per question type


def by_type_data(results: Results, metric: str) -> pd.DataFrame:
    """Mean of ``metric`` per (question type, system), with n.

    Columns ``question_type`` ("" when the question has no type), ``system``,
    ``n``, ``mean``, ``question_ids`` (worst first). Types in order of first
    appearance; the means equal ``Results.by_type``.
    """
    pq = results.per_question
    cols = ["question_type", "system", "n", "mean", "question_ids"]
    if metric not in pq.columns or not len(pq):
        return pd.DataFrame(columns=cols)
    qtype = pq["question_type"].fillna("").astype(str) if "question_type" in pq else ""
    frame = pd.DataFrame(
        {
            "question_type": qtype,
            "system": pq["system"].astype(str),
            "q": pq["question_id"].astype(str),
            "v": pd.to_numeric(pq[metric], errors="coerce"),
        }
    )
    rows = []
    for t in pd.unique(frame["question_type"]):
        for system in results.systems:
            sub = frame.loc[(frame["question_type"] == t) & (frame["system"] == str(system))]
            if not len(sub):
                continue
            ordered = sub.sort_values(["v", "q"], kind="stable", na_position="last")["q"]
            rows.append(
                {
                    "question_type": str(t),
                    "system": str(system),
                    "n": int(sub["v"].notna().sum()),
                    "mean": float(sub["v"].mean()),
                    "question_ids": _ids(ordered),
                }
            )
    return pd.DataFrame(rows, columns=cols)


# ---------------------------------------------------------------------------
# 5. per-question views


def histogram(
    values: Sequence[float] | np.ndarray,
    question_ids: Sequence[str],
    edges: Sequence[float] | np.ndarray,
) -> pd.DataFrame:
    """Counts of ``values`` in bins ``[edges[i], edges[i+1])``, the last bin closed.

    Values outside the edges and NaN are not counted. Columns ``bin``,
    ``low``, ``high``, ``count``, ``question_ids`` (lowest value first).
    """
    v = np.asarray(values, dtype=float)
    q = np.asarray([str(x) for x in question_ids], dtype=object)
    e = np.asarray(edges, dtype=float)
    nb = e.size - 1
    idx = np.searchsorted(e, v, side="right") - 1
    idx = np.where(v == e[-1], nb - 1, idx)  # the last bin is closed
    ok = ~np.isnan(v) & (idx >= 0) & (idx < nb)
    rows = []
    for b in range(nb):
        mask = ok & (idx == b)
        order = np.lexsort((q[mask].astype(str), v[mask]))
        rows.append(
            {
                "bin": b,
                "low": float(e[b]),
                "high": float(e[b + 1]),
                "count": int(mask.sum()),
                "question_ids": _ids(q[mask][order]),
            }
        )
    return pd.DataFrame(rows, columns=["bin", "low", "high", "count", "question_ids"])


def metric_histogram(results: Results, metric: str, bins: int = 10) -> pd.DataFrame:
    """Histogram of ``metric`` per system over [0, 1] in ``bins`` equal bins.

    Columns ``system`` then those of :func:`histogram`. A score of exactly 1
    falls in the last bin; 0 in the first.
    """
    pq = results.per_question
    edges = np.linspace(0.0, 1.0, int(bins) + 1)
    frames = []
    for system in results.systems:
        sub = pq.loc[pq["system"].astype(str) == str(system)]
        h = histogram(pd.to_numeric(sub[metric], errors="coerce"), sub["question_id"], edges)
        h.insert(0, "system", str(system))
        frames.append(h)
    if not frames:
        return pd.DataFrame(columns=["system", "bin", "low", "high", "count", "question_ids"])
    return pd.concat(frames, ignore_index=True)


def scatter_data(per_question: pd.DataFrame, metric: str, a: str, b: str) -> pd.DataFrame:
    """Per-question scores of systems ``a`` (x) and ``b`` (y) on ``metric``.

    Pairing as :func:`workbench.core.measures.stats.paired_scores` (questions both
    evaluate). Columns ``question_id``, ``x``, ``y``, ``diff`` (= y − x;
    positive: ``b`` better — the point lies above the diagonal).
    """
    qids, xa, xb = stats.paired_scores(per_question, metric, a, b)
    return pd.DataFrame({"question_id": qids, "x": xa, "y": xb, "diff": xb - xa})


def difference_histogram(
    per_question: pd.DataFrame, metric: str, baseline: str, system: str, width: float = 0.1
) -> pd.DataFrame:
    """Histogram of per-question differences ``system − baseline`` on ``metric``.

    Bins of ``width`` centred on multiples of ``width`` (so ties, a difference
    of exactly 0, sit in the middle bin ``[−w/2, w/2)``), spanning the data
    and at least [−1, 1]. Columns as :func:`histogram` plus ``center``.
    """
    data = scatter_data(per_question, metric, baseline, system)
    d = data["diff"].to_numpy(dtype=float)
    top = max(1.0, float(np.nanmax(np.abs(d))) if d.size else 1.0)
    m = int(math.ceil(top / width - 1e-9))
    edges = (np.arange(-m, m + 2) - 0.5) * width
    h = histogram(d, data["question_id"], edges)
    h["center"] = (h["low"] + h["high"]) / 2.0
    return h


def losing_questions(
    per_question: pd.DataFrame, metric: str, baseline: str, system: str, tol: float = 1e-12
) -> list[str]:
    """Questions where ``system`` scores lower than ``baseline`` (biggest loss first).

    The loss rule is :func:`workbench.core.measures.stats.win_tie_loss`'s (difference < −tol).
    """
    data = scatter_data(per_question, metric, baseline, system)
    lost = data.loc[data["diff"] < -tol].sort_values(["diff", "question_id"], kind="stable")
    return [str(q) for q in lost["question_id"]]


# ---------------------------------------------------------------------------
# 6. coverage


def coverage_data(results: Results, k: int | None = None) -> pd.DataFrame:
    """Judged@K per system: share of the top K that has any judgment.

    Judged@K of a list = (judged positions ≤ K) / K (the kernel's formula);
    averaged over the answerable questions the system *returned* (missing
    questions are reported apart — the same rule as the evaluation's low
    coverage warning). ``k`` defaults to the largest K of the settings.
    Columns ``system``, ``k``, ``coverage``, ``n``, ``trusted`` (coverage ≥
    :data:`COVERAGE_TRUST`), ``question_ids`` (lowest coverage first).
    """
    if k is None:
        k = int(max(results.settings.ks)) if results.settings.ks else 10
    pq, _ = _lists(results)
    lst, pos, grade = _ranking_rows(results, pq)
    judged = ~np.isnan(grade) & (pos <= k) & (lst < len(pq))
    per_list = np.bincount(lst[judged], minlength=len(pq)) / float(k)
    if "missing" in results.per_question.columns:
        missing = results.per_question["missing"].fillna(False).to_numpy(dtype=bool)
    else:
        missing = np.zeros(len(pq), dtype=bool)
    rows = []
    for system in results.systems:
        mask = (pq["system"].to_numpy() == str(system)) & ~missing
        v = per_list[mask]
        q = pq["question_id"].to_numpy()[mask]
        order = np.lexsort((q.astype(str), v))
        cov = float(v.mean()) if v.size else math.nan
        rows.append(
            {
                "system": str(system),
                "k": int(k),
                "coverage": cov,
                "n": int(v.size),
                "trusted": bool(cov >= COVERAGE_TRUST) if v.size else False,
                "question_ids": _ids(q[order]),
            }
        )
    return pd.DataFrame(rows, columns=["system", "k", "coverage", "n", "trusted", "question_ids"])


# ---------------------------------------------------------------------------
# significance marks for the Overview table


def significance_marks(
    comparisons: pd.DataFrame | None, alpha: float = 0.05
) -> dict[tuple[str, str], str]:
    """``(system, metric) → "▲"`` (significantly better than the baseline) or ``"▼"`` (worse).

    Judged on ``p_adjusted`` (Holm) when present, else ``p_value``, against
    ``alpha``; the direction is the sign of ``mean_diff``. Rows that are not
    significant get no entry, nor does the baseline itself.
    """
    marks: dict[tuple[str, str], str] = {}
    if comparisons is None or not len(comparisons):
        return marks
    for rec in comparisons.to_dict("records"):
        p = rec.get("p_adjusted")
        if p is None or (isinstance(p, float) and math.isnan(p)):
            p = rec.get("p_value")
        diff = rec.get("mean_diff")
        try:
            p, diff = float(p), float(diff)
        except (TypeError, ValueError):
            continue
        if math.isnan(p) or math.isnan(diff) or diff == 0 or p >= alpha:
            continue
        marks[(str(rec["system"]), str(rec["metric"]))] = "▲" if diff > 0 else "▼"
    return marks


def significance_tooltips(
    comparisons: pd.DataFrame | None, lang: str = "ko", alpha: float = 0.05
) -> dict[tuple[str, str], str]:
    """``(system, metric) →`` the plain sentence of :func:`stats.describe_comparison`."""
    tips: dict[tuple[str, str], str] = {}
    if comparisons is None or not len(comparisons):
        return tips
    for rec in comparisons.to_dict("records"):
        tips[(str(rec["system"]), str(rec["metric"]))] = stats.describe_comparison(
            rec, lang=lang, alpha=alpha
        )
    return tips
