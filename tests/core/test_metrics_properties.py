"""Hypothesis properties of the measures (through the full evaluate() path)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings

POOL = [f"p{i}" for i in range(10)]
KS = (1, 3, 5)
CFG = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def case(draw):
    judged = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=8, unique=True))
    grades = draw(st.lists(st.integers(0, 3), min_size=len(judged), max_size=len(judged)))
    if max(grades) == 0:  # keep the question answerable
        grades[0] = draw(st.integers(1, 3))
    ranking = draw(st.permutations(POOL).map(lambda p: p[: draw(st.integers(1, len(POOL)))]))
    threshold = draw(st.integers(1, 2))
    gain = draw(st.sampled_from(["exponential", "linear"]))
    return dict(zip(judged, grades)), list(ranking), threshold, gain


def run_eval(grades: dict[str, int], ranking: list[str], threshold: int, gain: str) -> pd.Series:
    qrels = pd.DataFrame(
        {"question_id": "q", "passage_id": list(grades), "grade": list(grades.values())}
    )
    runs = pd.DataFrame(
        {
            "system": "s",
            "question_id": "q",
            "passage_id": ranking,
            "rank": np.arange(1, len(ranking) + 1, dtype=float),
            "score": np.nan,
            "text": "",
            "source_row": 0,
        }
    )[RUN_COLUMNS]
    st_ = EvalSettings(ks=KS, threshold=threshold, gain=gain)
    res = evaluate(qrels, runs, st_)
    if res.per_question.empty:  # θ = 2 may leave the question unanswerable
        return pd.Series(dtype=float)
    return res.per_question.iloc[0][res.measures].astype(float)


@CFG
@given(case())
def test_every_measure_is_between_0_and_1(c):
    row = run_eval(*c)
    vals = row.dropna().to_numpy()
    assert ((vals >= 0) & (vals <= 1 + 1e-12)).all()


@CFG
@given(case(), st.randoms(use_true_random=False))
def test_reordering_below_k_changes_no_at_k_measure(c, rnd):
    grades, ranking, threshold, gain = c
    base = run_eval(grades, ranking, threshold, gain)
    for k in KS:
        tail = ranking[k:]
        rnd.shuffle(tail)
        other = run_eval(grades, ranking[:k] + tail, threshold, gain)
        at_k = [m for m in base.index if m.endswith(f"@{k}")]
        assert np.allclose(base[at_k], other[at_k], equal_nan=True)


@CFG
@given(case())
def test_appending_a_non_relevant_passage_changes_nothing(c):
    grades, ranking, threshold, gain = c
    base = run_eval(grades, ranking, threshold, gain)
    longer = run_eval(grades, ranking + ["never-judged"], threshold, gain)
    assert np.allclose(base, longer, equal_nan=True)


@CFG
@given(case())
def test_ndcg_is_one_for_the_ideal_ordering(c):
    grades, _, threshold, gain = c
    ideal = sorted(grades, key=lambda p: -grades[p])
    row = run_eval(grades, ideal, threshold, gain)
    if not row.empty:
        for k in KS:
            assert abs(row[f"nDCG@{k}"] - 1) < 1e-12
            assert row[f"Judged@{k}"] == min(k, len(grades)) / k
        assert row["MAP"] == 1 and row["R-Prec"] == 1


@CFG
@given(case())
def test_recall_is_monotone_in_k_and_hit_bounds_recall(c):
    row = run_eval(*c)
    if not row.empty:
        assert row["Recall@1"] <= row["Recall@3"] <= row["Recall@5"]
        for k in KS:
            assert (row[f"Hit@{k}"] == 0) == (row[f"Recall@{k}"] == 0)
            assert row[f"MRR@{k}"] <= row["MRR"]
