"""Small hand-made evaluations for the diagnosis, stage and evidence tests."""

from __future__ import annotations

import pandas as pd

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import EvalSettings


def evaluated(
    rankings: dict[str, dict[str, list[str]]],
    relevant: dict[str, dict[str, int]],
    ks=(1, 3, 5, 10, 20),
    types: dict[str, str] | None = None,
    roles: dict[tuple[str, str], tuple[str, str]] | None = None,
):
    """Evaluate ``rankings`` (system → question → passage ids in rank order)
    against ``relevant`` (question → passage → grade). ``roles``: (question,
    passage) → (role, group)."""
    rows = []
    for q, grades in relevant.items():
        for p, g in grades.items():
            role, group = (roles or {}).get((q, p), ("", ""))
            rows.append(
                {"question_id": q, "passage_id": p, "grade": g, "role": role, "group": group}
            )
    qrels = pd.DataFrame(rows)
    runs = []
    for system, lists in rankings.items():
        for q, pids in lists.items():
            for i, p in enumerate(pids, start=1):
                runs.append(
                    {
                        "system": system,
                        "question_id": q,
                        "passage_id": p,
                        "rank": float(i),
                        "score": float(100 - i),
                        "text": "",
                        "source_row": i,
                    }
                )
    questions = None
    if types:
        questions = pd.DataFrame(
            {
                "question_id": list(types),
                "question_text": ["" for _ in types],
                "question_type": list(types.values()),
                "answerable": pd.array([None] * len(types), dtype="boolean"),
                "note": ["" for _ in types],
            }
        )
    return evaluate(qrels, pd.DataFrame(runs), EvalSettings(ks=tuple(ks)), questions=questions)


def filler(n: int, tag: str = "x") -> list[str]:
    """``n`` unjudged passage ids."""
    return [f"{tag}{i}" for i in range(n)]
