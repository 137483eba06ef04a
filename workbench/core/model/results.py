"""The results object shared by the CLI, the GUI and the report.

One evaluation = one :class:`Results`. Frames hold raw floats; formatting is
the viewer's job. Measure columns use canonical measure names
(``"nDCG@10"``, ``"MRR"``…, see :mod:`workbench.core.measures.metrics`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import pandas as pd

from workbench.core.model.problems import Problem
from workbench.core.model.schema import EvalSettings

_View = TypeVar("_View")


@dataclass
class Results:
    settings: EvalSettings
    #: canonical measure names, in display order
    measures: list[str]
    #: system names, in the order the user added them
    systems: list[str]
    #: one row per (system, answerable question): columns ``system``,
    #: ``question_id``, ``question_type``, ``missing`` (bool: absent from the
    #: run, scored 0), then one float column per measure.
    per_question: pd.DataFrame
    #: index = system; columns ``n`` then one column per measure (means over
    #: answerable questions, missing ones counting 0).
    aggregates: pd.DataFrame
    #: columns ``system``, ``question_type``, ``n``, then the measures.
    by_type: pd.DataFrame
    #: index = system; columns ``n_unanswerable``, ``appropriate_abstentions``,
    #: ``appropriate_abstention_rate``, ``n_answerable``, ``false_abstentions``,
    #: ``false_abstention_rate``.
    abstention: pd.DataFrame
    #: question ids with no relevant evidence (R = 0), left out of every mean.
    unanswerable: list[str]
    #: the rankings after ordering, de-duplication and unit mapping:
    #: ``system``, ``question_id``, ``position`` (1-based), ``passage_id``
    #: (document id in document unit), ``grade`` (float, NaN = unjudged),
    #: ``relevant`` (grade ≥ θ; decided here once for every consumer),
    #: ``score``, ``rank`` (as in the file).
    ranking: pd.DataFrame
    #: passages removed by the de-dup policy: ``system``, ``question_id``,
    #: ``passage_id``, ``after_position`` (the kept position they follow; 0 = top).
    skipped: pd.DataFrame
    #: answerable questions absent from a run: ``system``, ``question_id``.
    missing: pd.DataFrame
    #: questions in a run but not in the judgments: ``system``, ``question_id``.
    run_only: pd.DataFrame
    #: the resolved judgments used: ``question_id``, ``passage_id``, ``grade``,
    #: ``relevant`` (grade ≥ θ) (+ ``role``, ``group`` when present), in the
    #: evaluation unit.
    qrels: pd.DataFrame
    #: R of every evaluated question (index ``question_id``): its relevant
    #: passages in the judgments, the denominator of Recall, MAP and R-Prec.
    relevant_count: pd.Series = field(default_factory=lambda: pd.Series(dtype="int64"))
    warnings: list[Problem] = field(default_factory=list)
    #: questions the questions sheet marks answerable (답변가능 = 예) whose relevant
    #: evidence nobody has found yet (R = 0): among ``unanswerable``, so left out of
    #: the means (with ``trec_compat``: in the means, scoring 0) — a list to judge
    #: further, not questions without an answer
    answerable_without_evidence: list[str] = field(default_factory=list)

    #: views made of these results by :meth:`view`, by name
    _views: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    def metric(self, system: str, measure: str) -> float:
        return float(self.aggregates.loc[system, measure])

    def view(self, name: str, make: Callable[[Results], _View]) -> _View:
        """``make(self)``, made once for these results and kept: the scores do
        not change once evaluated, and several pages, the charts and the
        report ask for the same views (the first relevant rank of every list
        reads every row of the ranking: ~40 ms at 2M rows). A view may be made
        in a worker before the results reach the window, so that the window
        finds it made (:func:`workbench.core.measures.chart_data.prepare_views`).
        Callers must not change what they get (frames: take a copy to change)."""
        if name not in self._views:
            self._views[name] = make(self)
        return self._views[name]  # type: ignore[return-value]


def _clean(value):
    """JSON-safe scalar: numpy → Python, NaN → None."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and value != value:
        return None
    return value


def results_to_json(results: Results, comparisons: pd.DataFrame | None = None) -> dict:
    """The ``workbench eval --json`` shape (SPEC §6)."""
    systems = {}
    for system in results.systems:
        row = results.aggregates.loc[system]
        systems[system] = {
            "n": int(row["n"]),
            "metrics": {m: _clean(row[m]) for m in results.measures},
        }
    pq = results.per_question
    measures = list(results.measures)
    # column-wise: a row per question holds dozens of measures (NaN → None)
    values = pq[measures].to_numpy(dtype=float)
    cells = values.astype(object)
    cells[np.isnan(values)] = None
    per_question = [
        {"system": system, "question_id": qid, "metrics": dict(zip(measures, row))}
        for system, qid, row in zip(
            pq["system"].astype(str).tolist(),
            pq["question_id"].astype(str).tolist(),
            cells.tolist(),
        )
    ]
    abstention = {
        system: {k: _clean(v) for k, v in row.items()}
        for system, row in results.abstention.to_dict("index").items()
    }
    data = {
        "settings": results.settings.to_dict(),
        "systems": systems,
        "per_question": per_question,
        "unanswerable": {"questions": list(results.unanswerable), "abstention": abstention},
        "answerable_without_evidence": {
            "questions": list(results.answerable_without_evidence),
            # how they count: as questions without relevant evidence do
            "counted": "scored_0" if results.settings.trec_compat else "left_out_of_means",
        },
        "missing": results.missing.to_dict("records"),
        "run_only": results.run_only.to_dict("records"),
        "warnings": [p.to_dict() for p in results.warnings],
    }
    if comparisons is not None:
        data["comparisons"] = [
            {k: _clean(v) for k, v in rec.items()} for rec in comparisons.to_dict("records")
        ]
    return data


#: top-level lists written one record per line (they hold a row per question)
_RECORD_LISTS = ("per_question", "missing", "run_only")


def json_text(data: dict) -> str:
    """``json.dumps(data, indent=2)`` layout, except that the per-question lists hold
    one record per line.

    With ``indent`` the json module falls back to its pure-Python encoder,
    ~0.2 s per 1,000 questions; each record is written by the C encoder here.
    One encoder writes every record and key: ``json.dumps`` with an option makes
    a new encoder per call. (What remains is nearly all the C encoder's own
    work, most of it writing ~100,000 floats.)
    """
    import json

    one_line = json.JSONEncoder(ensure_ascii=False).encode
    indented = json.JSONEncoder(ensure_ascii=False, indent=2).encode

    def block(value, level: int) -> str:
        return indented(value).replace("\n", "\n" + " " * level)

    parts = []
    for key, value in data.items():
        head = f"  {one_line(key)}: "
        if key in _RECORD_LISTS and isinstance(value, list) and value:
            rows = ",\n    ".join(map(one_line, value))
            parts.append(head + "[\n    " + rows + "\n  ]")
        else:
            parts.append(head + block(value, 2))
    return "{\n" + ",\n".join(parts) + "\n}" if parts else "{}"
