"""Cross-check against pytrec_eval (trec_eval) on random data with score ties.

With ``order="trec"`` (score descending, then passage id descending — trec_eval's
rule), P@k, Recall@k, Hit@k, MRR, MAP, MAP@k, R-Prec and LINEAR nDCG@k must equal
trec_eval's P_k, recall_k, success_k, recip_rank, map, map_cut_k, Rprec and
ndcg_cut_k per question. Exponential nDCG@k must equal trec_eval's ndcg_cut_k on
qrels whose grades are remapped to the gains {0, 1, 3, 7}.

pytrec_eval drops questions absent from the run (and reports zeros for judged
questions without a relevant passage, which the workbench leaves out as
unanswerable), so the comparison runs on the questions both evaluate.
``relevance_level`` is trec_eval's θ (relevant iff grade ≥ θ).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import pytrec_eval  # noqa: E402 - a test dependency, the independent implementation

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings

KS = (1, 3, 5, 10, 20)


def random_data(seed: int, n_q: int = 40, pool: int = 60):
    rng = np.random.default_rng(seed)
    # ids of different lengths so that text order differs from numeric order
    pids = [f"d{i}" for i in range(pool)]
    q_rows, r_rows = [], []
    for qi in range(n_q):
        qid = f"q{qi}"
        judged = rng.choice(pool, rng.integers(0, 15), replace=False)
        for p in judged:
            q_rows.append((qid, pids[p], int(rng.choice([0, 1, 2, 3], p=[0.4, 0.3, 0.2, 0.1]))))
        if rng.random() < 0.1:
            continue  # question absent from the run
        ret = rng.choice(pool, rng.integers(1, 30), replace=False)
        # coarse scores → many ties, broken by passage id
        scores = np.round(rng.random(ret.size) * 4) / 4
        for p, sc in zip(ret, scores):
            r_rows.append(("sys", qid, pids[p], np.nan, float(sc)))
    qrels = pd.DataFrame(q_rows, columns=["question_id", "passage_id", "grade"])
    runs = pd.DataFrame(r_rows, columns=["system", "question_id", "passage_id", "rank", "score"])
    runs["text"] = ""
    runs["source_row"] = 0
    return qrels, runs[RUN_COLUMNS]


def trec(qrels: pd.DataFrame, runs: pd.DataFrame, measures: set[str], level: int, remap=None):
    q: dict[str, dict[str, int]] = {}
    for qid, pid, g in qrels.itertuples(index=False):
        q.setdefault(qid, {})[pid] = int(remap[g] if remap else g)
    r: dict[str, dict[str, float]] = {}
    for qid, pid, sc in runs[["question_id", "passage_id", "score"]].itertuples(index=False):
        r.setdefault(qid, {})[pid] = float(sc)
    return pytrec_eval.RelevanceEvaluator(q, measures, relevance_level=level).evaluate(r)


CUT = ",".join(map(str, KS))
TREC_MEASURES = {
    f"P.{CUT}",
    f"recall.{CUT}",
    f"success.{CUT}",
    f"ndcg_cut.{CUT}",
    f"map_cut.{CUT}",
    "recip_rank",
    "map",
    "Rprec",
}


def pairs(k: int) -> list[tuple[str, str]]:
    return [
        (f"P@{k}", f"P_{k}"),
        (f"Recall@{k}", f"recall_{k}"),
        (f"Hit@{k}", f"success_{k}"),
        (f"MAP@{k}", f"map_cut_{k}"),
        (f"nDCG@{k}", f"ndcg_cut_{k}"),
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("threshold", [1, 2])
def test_trec_order_linear_gain_matches_trec_eval(seed, threshold):
    qrels, runs = random_data(seed)
    res = evaluate(
        qrels, runs, EvalSettings(ks=KS, order="trec", gain="linear", threshold=threshold)
    )
    ours = res.per_question[~res.per_question["missing"]].set_index("question_id")
    theirs = trec(qrels, runs, TREC_MEASURES, threshold)
    common = sorted(set(ours.index) & set(theirs))
    assert len(common) >= 20  # the comparison is not vacuous
    named = [p for k in KS for p in pairs(k)] + [("MRR", "recip_rank"), ("MAP", "map")]
    named.append(("R-Prec", "Rprec"))
    for qid in common:
        for mine, te in named:
            assert ours.loc[qid, mine] == pytest.approx(theirs[qid][te], abs=1e-9), (
                qid,
                mine,
            )
    # every question we score from the run is scored by trec_eval too (it may
    # additionally report judged questions without relevant passages, which we
    # leave out as unanswerable)
    assert set(ours.index) <= set(theirs)


@pytest.mark.parametrize("seed", [4, 5])
def test_exponential_ndcg_matches_trec_eval_on_remapped_gains(seed):
    qrels, runs = random_data(seed)
    res = evaluate(qrels, runs, EvalSettings(ks=KS, order="trec", gain="exponential"))
    ours = res.per_question[~res.per_question["missing"]].set_index("question_id")
    theirs = trec(qrels, runs, {f"ndcg_cut.{CUT}"}, 1, remap={0: 0, 1: 1, 2: 3, 3: 7})
    common = sorted(set(ours.index) & set(theirs))
    assert len(common) >= 20
    for qid in common:
        for k in KS:
            assert ours.loc[qid, f"nDCG@{k}"] == pytest.approx(
                theirs[qid][f"ndcg_cut_{k}"], abs=1e-9
            )


def test_score_order_differs_from_trec_only_by_tie_break():
    # sanity: the "score" rule breaks ties by id ascending, so on tied data it
    # must disagree with trec_eval somewhere — proving the tie-break is exercised.
    qrels, runs = random_data(6)
    theirs = trec(qrels, runs, {"P.1,3"}, 1)
    res = evaluate(qrels, runs, EvalSettings(ks=(1, 3), order="score"))
    ours = res.per_question.set_index("question_id")
    diffs = [
        q for q in ours.index if q in theirs and abs(ours.loc[q, "P@1"] - theirs[q]["P_1"]) > 1e-12
    ]
    assert diffs
