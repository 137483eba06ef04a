"""What the unjudged passages could do to the numbers: each value with every
hole counted as not relevant and as the top grade.

A *hole* is a (question, passage) pair some system retrieved — in its list as
the evaluation reads it: after ordering, de-duplication and the depth cut
(``Results.ranking``) — that has no judgment at all. Only the questions the
evaluation scores count (a question only in a run is not evaluated).

:func:`unjudged_bounds` re-evaluates the study twice with :func:`evaluate`,
the judgments gaining one row per hole: once with grade 0 (every hole not
relevant — today's numbers, Judged@K aside) and once with the top grade of
the scale (:data:`TOP_GRADE`, 3). Each bound is therefore the *true* value of
the measure under that filling — R, the ideal DCG and everything else move
with the holes, as they would if an assessor had graded them so. What is held
fixed is everything but the holes' grades: the runs, the settings and the set
of questions.

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
from workbench.core.measures.metrics import parse_measure
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
    qrels: pd.DataFrame,
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
    ``results`` was evaluated from (:func:`evaluate`'s arguments); the two
    fillings are evaluated with the same settings and measures.
    Columns :data:`BOUND_COLUMNS`.
    """
    pairs = holes(results)

    def filled(grade: float) -> Results:
        return evaluate(
            filled_qrels(qrels, pairs, grade),
            runs,
            results.settings,
            questions=questions,
            passages=passages,
            measures=list(results.measures),
            unjudged=unjudged,
        )

    low, high = filled(0), filled(top_grade)
    r = results.ranking
    evaluated = set(results.per_question[s.QID].astype(str))
    in_lists = r[r[s.GRADE].isna() & r[s.QID].astype(str).isin(evaluated)]
    per_system = in_lists.groupby(s.SYSTEM, observed=True).size()
    rows = []
    for system in results.systems:
        for measure in results.measures:
            if parse_measure(measure).family in _NOT_BOUNDED:
                continue
            rows.append(
                {
                    "system": system,
                    "measure": measure,
                    "value": float(results.aggregates.loc[system, measure]),
                    "as_not_relevant": float(low.aggregates.loc[system, measure]),
                    "as_top_grade": float(high.aggregates.loc[system, measure]),
                    "holes": int(per_system.get(system, 0)),
                }
            )
    return pd.DataFrame(rows, columns=BOUND_COLUMNS)


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
