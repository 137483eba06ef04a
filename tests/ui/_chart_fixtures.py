"""Synthetic results for the chart and Compare tests, evaluated by the real core."""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import EvalSettings

SYSTEMS = ("BM25", "벡터 RAG", "GraphRAG")
TYPES = ("사실 확인", "개념 관계", "시대 변화")


def synthetic_results(n_questions: int = 18, seed: int = 3, settings: EvalSettings | None = None):
    rng = np.random.default_rng(seed)
    qrels, runs, questions = [], [], []
    for qi in range(n_questions):
        q = f"Q{qi + 1:02d}"
        questions.append({"question_id": q, "question_type": TYPES[qi % len(TYPES)]})
        for pi in range(int(rng.integers(3, 8))):
            qrels.append(
                {
                    "question_id": q,
                    "passage_id": f"p{qi}_{pi}",
                    "grade": int(rng.choice([0, 1, 2, 3])),
                }
            )
        qrels.append(
            {"question_id": q, "passage_id": f"p{qi}_0x", "grade": 3}
        )  # every q answerable
    for si, system in enumerate(SYSTEMS):
        for qi in range(n_questions):
            q = f"Q{qi + 1:02d}"
            pool = (
                [f"p{qi}_{pi}" for pi in range(8)]
                + [f"p{qi}_0x"]
                + [f"x{qi}_{j}" for j in range(6)]
            )
            picks = rng.choice(len(pool), size=10, replace=False)
            if si == 2:  # GraphRAG finds the best passage early more often
                picks = np.r_[8, picks[picks != 8]][:10]
            for rank, pick in enumerate(picks, start=1):
                runs.append(
                    {
                        "system": system,
                        "question_id": q,
                        "passage_id": pool[pick],
                        "rank": float(rank),
                        "score": float(-rank),
                        "text": "",
                        "source_row": None,
                    }
                )
    return evaluate(
        pd.DataFrame(qrels),
        pd.DataFrame(runs),
        settings or EvalSettings(ks=(1, 3, 5, 10)),
        questions=pd.DataFrame(questions),
    )
