"""Small judgments and runs for the Overview tests, evaluated by the real core."""

from __future__ import annotations

import pandas as pd

from workbench.core.model import schema as s
from workbench.core.model.problems import warning
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet
from workbench.core.study import study_from_files

# question → {passage: grade}; q4 has no relevant evidence (unanswerable at θ=1),
# q5 has only grade-1 evidence (unanswerable at θ=2)
QRELS = {
    "q1": {"p1": 3, "p2": 1, "p3": 0},
    "q2": {"p4": 2, "p5": 3},
    "q3": {"p6": 1, "p7": 2, "p8": 3},
    "q4": {"p9": 0},
    "q5": {"p10": 1},
}
TYPES = {
    "q1": "사실 확인",
    "q2": "사실 확인",
    "q3": "개념 관계",
    "q4": "개념 관계",
    "q5": "전역 주제",
}
RUNS = {
    "BM25": {
        "q1": ["p3", "p1", "x1", "p2"],
        "q2": ["x2", "x3", "p5"],
        "q3": ["p6", "x4"],
        "q4": ["p9"],
        "q5": ["x5", "p10"],
    },
    "GraphRAG": {
        "q1": ["p1", "p2"],
        "q2": ["p5", "p4", "x2"],
        "q3": ["p8", "p7", "p6"],
        "q4": [],
        "q5": ["p10"],
    },
    "Hybrid": {
        "q1": ["p2", "p1"],
        "q2": ["p4", "x9"],
        "q3": ["x4", "p7"],
        "q5": [],
    },
}


def judgment_set() -> JudgmentSet:
    rows = [
        {
            s.QID: q,
            s.PID: p,
            s.GRADE: g,
            s.ASSESSOR: "",
            s.ROLE: "",
            s.GROUP: "",
            s.NOTE: "",
            s.ROW: i + 2,
        }
        for i, (q, p, g) in enumerate((q, p, g) for q, ps in QRELS.items() for p, g in ps.items())
    ]
    judgments = pd.DataFrame(rows, columns=s.JUDGMENT_COLUMNS)
    questions = pd.DataFrame(
        {
            s.QID: list(TYPES),
            s.QTEXT: [f"question {q}" for q in TYPES],
            s.QTYPE: list(TYPES.values()),
            s.ANSWERABLE: pd.array([pd.NA] * len(TYPES), dtype="boolean"),
            s.NOTE: [""] * len(TYPES),
        }
    )
    problem = warning(
        "demo_warning",
        "Row 9 repeats passage p1; the first one was kept.",
        "9행에 문단 p1이 반복되어 첫 번째만 남겼습니다.",
        file="runs.xlsx",
        sheet="BM25",
        row=9,
    )
    return JudgmentSet(judgments, questions=questions, problems=[problem])


def run_set() -> RunSet:
    rows = []
    for system, lists in RUNS.items():
        for q, pids in lists.items():
            for r, p in enumerate(pids, start=1):
                rows.append(
                    {
                        s.SYSTEM: system,
                        s.QID: q,
                        s.PID: p,
                        s.RANK: float(r),
                        s.SCORE: 1.0 / r,
                        s.TEXT: "",
                        s.ROW: len(rows) + 2,
                    }
                )
    return RunSet(pd.DataFrame(rows, columns=s.RUN_COLUMNS))


def make_results(settings: EvalSettings | None = None) -> Results:
    return study_from_files(judgment_set(), [run_set()], settings or EvalSettings()).evaluate()
