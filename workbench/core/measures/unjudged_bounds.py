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
do not depend on grades, so in the passage unit the kernel
(:func:`~workbench.core.measures.metrics.score_lists`) scores them again with
the holes' grades filled in and the holes added to each question's judgments
— integer codes only, no second reading of the run (at 2M rows this is a
fraction of a second where re-evaluating took seconds). In the document unit,
where a hole's grade would pass to its document through the passages sheet,
the study is evaluated again with the filled judgments
(:func:`_filled_by_reevaluating`); the two ways are tested equal.

The top-grade value is not always the highest a measure can reach: a measure
divided by R (Recall, MAP, R-Prec) or by the ideal DCG (nDCG) also grows its
denominator when a hole another system retrieved becomes relevant, so it may
fall. The pair is "every hole not relevant" and "every hole at the top grade",
not a minimum and a maximum; whether a comparison can flip is answered
exactly by :mod:`workbench.core.measures.decisive`.

Judged@K is left out: it counts judgments, and a filled hole is not one.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import parse_measure, score_lists
from workbench.core.model import schema as s
from workbench.core.model.grades import GRADES
from workbench.core.model.results import Results

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
    if results.settings.unit == "document":
        high = _filled_by_reevaluating(
            results, qrels, runs, questions, passages, unjudged, top_grade
        )
    else:
        high = _filled_by_rescoring(results, bounded, top_grade)
    per_system = _holes_per_system(results)
    rows = []
    for system in results.systems:
        for measure in bounded:
            rows.append(
                {
                    "system": system,
                    "measure": measure,
                    "value": float(results.aggregates.loc[system, measure]),
                    "as_not_relevant": float(low.loc[system, measure]),
                    "as_top_grade": float(high.loc[system, measure]),
                    "holes": int(per_system.get(system, 0)),
                }
            )
    return pd.DataFrame(rows, columns=BOUND_COLUMNS)


def _holes_per_system(results: Results) -> pd.Series:
    """How many unjudged places each system's evaluated lists hold."""
    r = results.ranking
    if r is None or not len(r):
        return pd.Series(dtype=np.int64)
    evaluated = pd.Index(results.per_question[s.QID].astype(str).unique())
    q = r[s.QID]
    # looked up as one flag per question, then per row: a byte a row, not eight
    evaluated_question = evaluated.get_indexer(q.cat.categories.astype(str)) >= 0
    in_evaluated = evaluated_question[q.cat.codes.to_numpy()]
    unjudged = r[s.GRADE].isna().to_numpy() & in_evaluated
    return r.loc[unjudged, s.SYSTEM].value_counts(sort=False)


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


#: rows rescored at once: the kernel's temporaries stay near 15 MB whatever the run
_ROWS_PER_BLOCK = 100_000


def _filled_by_rescoring(results: Results, measures: list[str], grade: float) -> pd.DataFrame:
    """The means (systems × ``measures``) with every hole at ``grade``: the
    evaluated lists scored again by the kernel, each hole's place graded and each
    distinct hole added to its question's judgments (so R and the ideal DCG
    move with it).

    A list's score depends only on its own rows and its question's judgments,
    so the questions are scored in blocks of about :data:`_ROWS_PER_BLOCK`
    rows (memory stays bounded at millions of rows) and the per-list values
    averaged at the end as evaluate() averages them."""
    systems = list(results.systems)
    pq = results.per_question
    # the evaluated questions, in the order evaluate() listed them (its means
    # add the per-question values in that order)
    first_system = pq[s.SYSTEM].to_numpy() == systems[0] if systems else np.zeros(0, bool)
    evaluated = pd.Index(pq.loc[first_system, s.QID].astype(str).to_numpy())
    n_q, n_s = len(evaluated), len(systems)
    ms = [parse_measure(m) for m in measures]
    kernel_ms = [m for m in ms if m.family != "CoreRecall"]
    values = {m.name: np.zeros(n_q * n_s) for m in kernel_ms}

    r = results.ranking
    q_cat, s_cat, p_cat = r[s.QID], r[s.SYSTEM], r[s.PID]
    # question codes: the one array of the run's length this makes whole
    # (int16 while the questions fit: 2 bytes a row)
    q_dtype = np.int16 if n_q < np.iinfo(np.int16).max else np.int32
    q_code = evaluated.get_indexer(q_cat.cat.categories.astype(str)).astype(q_dtype)
    s_code = pd.Index(systems).get_indexer(s_cat.cat.categories.astype(str)).astype(np.int32)
    row_q = q_code[q_cat.cat.codes.to_numpy()]
    system_codes = s_cat.cat.codes.to_numpy()  # one byte a row for a few systems
    if (s_code < 0).any():  # a system not evaluated (none today) is left out too
        row_q[s_code[system_codes] < 0] = -1
    qr = results.qrels
    judged_q = evaluated.get_indexer(qr[s.QID].astype(str))
    judged_grade = qr[s.GRADE].to_numpy(dtype=float)
    rows_per_question = np.bincount(row_q[row_q >= 0], minlength=n_q)
    # the rows by question (stable: each list keeps its order), so that a block
    # of questions is a slice of them, not a pass over every row per block
    by_question = np.argsort(row_q, kind="stable")
    first_row = np.searchsorted(row_q[by_question], np.arange(n_q + 1), side="left")
    judged_by_question = np.argsort(judged_q, kind="stable")
    first_judged = np.searchsorted(judged_q[judged_by_question], np.arange(n_q + 1), side="left")
    position = r["position"].to_numpy()
    row_grade = r[s.GRADE].to_numpy(dtype=float)
    passage_codes = p_cat.cat.codes.to_numpy()
    for q0, q1 in _question_blocks(rows_per_question):
        rows = by_question[first_row[q0] : first_row[q1]]
        in_block = judged_by_question[first_judged[q0] : first_judged[q1]]
        block = _rescore_block(
            kernel_ms,
            results.settings,
            grade,
            n_q=q1 - q0,
            n_s=n_s,
            row_q=row_q[rows] - q0,
            row_s=s_code[system_codes[rows]],
            row_pos=position[rows],
            row_grade=row_grade[rows],
            row_p=passage_codes[rows],
            judged_q=judged_q[in_block] - q0,
            judged_grade=judged_grade[in_block],
        )
        for name, block_values in block.items():
            # list (system i, question q) is i * n_q + q in the whole, i * (q1 - q0) + q - q0 here
            values[name].reshape(n_s, n_q)[:, q0:q1] = block_values.reshape(n_s, q1 - q0)
    frame = pd.DataFrame({s.SYSTEM: np.repeat(np.asarray(systems, dtype=object), n_q)})
    for m in ms:
        # a hole has no evidence role, so it covers no core group: CoreRecall
        # is the same under every filling
        frame[m.name] = (
            pq[m.name].to_numpy(dtype=float) if m.family == "CoreRecall" else values[m.name]
        )
    means = frame.groupby(s.SYSTEM, sort=False)[[m.name for m in ms]].mean()
    return means.reindex(systems)


def _question_blocks(rows_per_question: np.ndarray) -> list[tuple[int, int]]:
    """Consecutive question ranges ``[q0, q1)`` of about :data:`_ROWS_PER_BLOCK`
    rows each (a question is never split); one empty range when there is none."""
    n_q = rows_per_question.size
    if n_q == 0:
        return [(0, 0)]
    block_of = np.cumsum(rows_per_question) // _ROWS_PER_BLOCK
    starts = np.flatnonzero(np.r_[True, block_of[1:] != block_of[:-1]])
    return list(zip(starts.tolist(), [*starts[1:].tolist(), n_q]))


def _rescore_block(
    kernel_ms, settings, grade, *, n_q, n_s, row_q, row_s, row_pos, row_grade, row_p,
    judged_q, judged_grade,
) -> dict[str, np.ndarray]:
    """The kernel's values of the lists of ``n_q`` questions (codes 0…n_q−1 here)
    × ``n_s`` systems, every hole at ``grade`` and added to its question's
    judgments once."""
    hole = np.isnan(row_grade)
    # each distinct (question, passage) hole once; distinct by sorting (numpy
    # 2's hashing np.unique is several times slower on a million keys)
    keys = np.sort(row_q[hole].astype(np.int64) * (int(row_p.max(initial=0)) + 1) + row_p[hole])
    distinct = keys[np.r_[True, keys[1:] != keys[:-1]]] if keys.size else keys
    hole_q = distinct // (int(row_p.max(initial=0)) + 1)
    judged_q = np.concatenate([judged_q, hole_q])
    judged_grade = np.concatenate([judged_grade, np.full(hole_q.size, float(grade))])
    list_question = np.tile(np.arange(n_q, dtype=np.int64), n_s)
    values = score_lists(
        kernel_ms,
        n_lists=n_q * n_s,
        list_question=list_question,
        row_list=row_s.astype(np.int64) * n_q + row_q,
        row_pos=row_pos,
        row_grade=np.where(hole, float(grade), row_grade),
        judged_question=judged_q,
        judged_grade=judged_grade,
        threshold=settings.threshold,
        gain=settings.gain,
    )
    if settings.trec_compat:
        # as evaluate() does: a question without relevant evidence stays in the
        # means, scoring 0 where R divides
        R = np.bincount(judged_q, weights=judged_grade >= settings.threshold, minlength=n_q)
        zero_lists = np.flatnonzero(R[list_question] == 0)
        for m in kernel_ms:
            if m.family in ("Recall", "MAP", "R-Prec"):
                values[m.name][zero_lists] = 0.0
    return values


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
