"""Three assessors, three systems, one question: with ``reversed_by_b`` assessor B's
grades alone put Hybrid first; otherwise every assessor keeps GraphRAG first.

Runs on q1: GraphRAG [a, b, c], Hybrid [b, a, c], BM25 [c, b, a].
Grades (a, b, c): A (2, 0, 0), C (2, 0, 0); B (0, 2, 0) when reversed, else (3, 1, 0).
Median of three: a 2, b 0 (A and C) → the resolved grades are A's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench.core.model.schema import JUDGMENT_COLUMNS, RUN_COLUMNS

RUN_ORDER = {"GraphRAG": ["a", "b", "c"], "Hybrid": ["b", "a", "c"], "BM25": ["c", "b", "a"]}


def judgments(reversed_by_b: bool) -> pd.DataFrame:
    b_grades = (0, 2, 0) if reversed_by_b else (3, 1, 0)
    grades = {"A": (2, 0, 0), "B": b_grades, "C": (2, 0, 0)}
    rows = []
    for assessor, gs in grades.items():
        for pid, g in zip("abc", gs):
            rows.append(("q1", pid, g, assessor, "", "", "", len(rows) + 2))
    return pd.DataFrame(rows, columns=JUDGMENT_COLUMNS)


def runs() -> pd.DataFrame:
    rows = [
        (system, "q1", pid, i + 1, np.nan, "", 0)
        for system, pids in RUN_ORDER.items()
        for i, pid in enumerate(pids)
    ]
    frame = pd.DataFrame(rows, columns=RUN_COLUMNS)
    frame["rank"] = frame["rank"].astype(float)
    frame["score"] = frame["score"].astype(float)
    frame["source_row"] = np.arange(len(frame)) + 2
    return frame
