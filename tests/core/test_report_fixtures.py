"""Synthetic inputs for the report and export tests (and the report benchmark).

``make_results`` builds a :class:`Results` by hand — independent of
``evaluate()`` — with every frame filled the way its docstring describes, so
the report can be tested on its own. ``make_inputs`` gives the raw frames
(qrels, runs, questions, passages) from which ``evaluate()`` can build real
results. No tests live here.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench.core.model import schema as s
from workbench.core.model.problems import warning
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings

TYPES = ["사실 확인", "개념 관계", "시대 변화", "전역 주제"]


def measure_names(ks=(1, 3, 5, 10)) -> list[str]:
    fams = ["P", "Recall", "Hit", "MRR", "MAP", "nDCG", "Judged"]
    return [f"{f}@{k}" for f in fams for k in ks] + ["MRR", "MAP", "R-Prec"]


def make_inputs(n_questions: int = 12, n_passages: int = 60, systems=("BM25", "Vector"), seed=0):
    """Raw frames: qrels (resolved), runs, questions, passages.

    Every fifth question has no relevant evidence (unanswerable); the last
    system skips question 2 (missing); a question "qx" appears only in runs.
    """
    rng = np.random.default_rng(seed)
    qids = [f"q{i:03d}" for i in range(1, n_questions + 1)]
    pids = [f"p{i:04d}" for i in range(1, n_passages + 1)]
    questions = pd.DataFrame(
        {
            s.QID: qids,
            s.QTEXT: [f"질문 {i}: 참사랑이란 무엇입니까?" for i in range(1, n_questions + 1)],
            s.QTYPE: [TYPES[i % len(TYPES)] for i in range(n_questions)],
            s.ANSWERABLE: pd.array([pd.NA] * n_questions, dtype="boolean"),
            s.NOTE: [""] * n_questions,
        }
    )
    passages = pd.DataFrame(
        {
            s.PID: pids,
            s.DOCID: [f"d{i // 3:03d}" for i in range(n_passages)],
            s.TEXT: [
                f"문단 {i} 본문입니다. 하나님의 사랑과 참부모에 관한 말씀 {i}."
                for i in range(n_passages)
            ],
            s.VOLUME: [str(1 + i // 20) for i in range(n_passages)],
            s.LECTURE: [f"강연 {i // 5}" for i in range(n_passages)],
            s.PAGE: [10 + i for i in range(n_passages)],
            s.DATE: [""] * n_passages,
            s.CHUNK: pd.array([i % 3 for i in range(n_passages)], dtype="Int64"),
        }
    )
    qrel_rows = []
    for i, q in enumerate(qids):
        chosen = rng.choice(n_passages, size=5, replace=False)
        for j, p in enumerate(chosen):
            grade = 0 if (i % 5 == 4) else int(rng.integers(0, 4)) if j else 3
            qrel_rows.append((q, pids[p], grade))
    qrels = pd.DataFrame(qrel_rows, columns=[s.QID, s.PID, s.GRADE])
    run_rows = []
    for si, system in enumerate(systems):
        for i, q in enumerate([*qids, "qx"]):
            if si == len(systems) - 1 and i == 1:
                continue  # missing question
            chosen = rng.choice(n_passages, size=10, replace=False)
            for rank, p in enumerate(chosen, start=1):
                run_rows.append((system, q, pids[p], float(rank), 1.0 - rank / 20, "", rank + 1))
    runs = pd.DataFrame(run_rows, columns=s.RUN_COLUMNS)
    return qrels, runs, questions, passages


def make_results(
    n_questions: int = 12,
    systems=("BM25", "Vector"),
    ks=(1, 3, 5, 10),
    seed: int = 0,
    n_passages: int = 60,
) -> tuple[Results, pd.DataFrame, pd.DataFrame]:
    """A hand-built Results (random scores in [0, 1]) plus its questions and passages."""
    rng = np.random.default_rng(seed)
    qrels, runs, questions, passages = make_inputs(n_questions, n_passages, systems, seed)
    settings = EvalSettings(ks=tuple(ks))
    measures = measure_names(ks)
    qtype = dict(zip(questions[s.QID], questions[s.QTYPE]))
    rel = qrels[qrels[s.GRADE] >= settings.threshold]
    answerable = [q for q in questions[s.QID] if q in set(rel[s.QID])]
    unanswerable = [q for q in questions[s.QID] if q not in set(answerable)]
    in_run = set(zip(runs[s.SYSTEM], runs[s.QID]))

    rows = []
    for system in systems:
        for q in answerable:
            missing = (system, q) not in in_run
            scores = np.zeros(len(measures)) if missing else rng.random(len(measures))
            rows.append([system, q, qtype[q], missing, *scores])
    per_question = pd.DataFrame(rows, columns=[s.SYSTEM, s.QID, s.QTYPE, "missing", *measures])
    aggregates = per_question.groupby(s.SYSTEM, sort=False)[measures].mean()
    aggregates.insert(0, "n", per_question.groupby(s.SYSTEM, sort=False).size())
    aggregates = aggregates.reindex(list(systems))
    by_type = per_question.groupby([s.SYSTEM, s.QTYPE], sort=False)[measures].mean().reset_index()
    by_type.insert(2, "n", per_question.groupby([s.SYSTEM, s.QTYPE], sort=False).size().to_numpy())
    abstention = pd.DataFrame(
        {
            "n_unanswerable": [len(unanswerable)] * len(systems),
            "appropriate_abstentions": [0] * len(systems),
            "appropriate_abstention_rate": [0.0] * len(systems),
            "n_answerable": [len(answerable)] * len(systems),
            "false_abstentions": [0, 1][: len(systems)] + [0] * max(0, len(systems) - 2),
            "false_abstention_rate": [0.0] * len(systems),
        },
        index=pd.Index(list(systems), name=s.SYSTEM),
    )
    grade_of = {(q, p): g for q, p, g in qrels.itertuples(index=False, name=None)}
    rk = runs[runs[s.QID].isin(questions[s.QID])].copy()
    rk["position"] = rk.groupby([s.SYSTEM, s.QID]).cumcount() + 1
    rk[s.GRADE] = [
        float(grade_of[(q, p)]) if (q, p) in grade_of else np.nan
        for q, p in zip(rk[s.QID], rk[s.PID])
    ]
    rk["relevant"] = rk[s.GRADE] >= 1
    ranking = rk[
        [s.SYSTEM, s.QID, "position", s.PID, s.GRADE, "relevant", s.SCORE, s.RANK]
    ].reset_index(drop=True)
    missing_frame = per_question.loc[per_question["missing"], [s.SYSTEM, s.QID]].reset_index(
        drop=True
    )
    run_only = pd.DataFrame({s.SYSTEM: list(systems), s.QID: ["qx"] * len(systems)})
    results = Results(
        settings=settings,
        measures=measures,
        systems=list(systems),
        per_question=per_question,
        aggregates=aggregates,
        by_type=by_type,
        abstention=abstention,
        unanswerable=unanswerable,
        ranking=ranking,
        skipped=pd.DataFrame(columns=[s.SYSTEM, s.QID, s.PID, "after_position"]),
        missing=missing_frame,
        run_only=run_only,
        qrels=qrels.assign(
            **{s.GRADE: qrels[s.GRADE].astype(int), "relevant": qrels[s.GRADE] >= 1}
        ),
        warnings=[
            warning(
                "rank_tie",
                "Two passages share rank 3.",
                "두 문단의 순위가 3으로 같습니다.",
                file="runs.xlsx",
                sheet="BM25",
                row=7,
                column="순위",
            )
        ],
    )
    return results, questions, passages
