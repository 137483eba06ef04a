"""Benchmark: workbench.evaluate against pytrec_eval on the same synthetic data.

One system, 7,000 questions × 1,000 retrieved passages each (7 M run rows),
20 judgments per question; every measure at K ∈ {1,3,5,10,20,50,100} plus
MRR, MAP, R-Prec. Prints both times measured in this run, their ratio and the
workbench's peak traced memory. Target: ratio ≤ 0.5 and peak ≤ 1.5 GB.

Run:  python tests/benchmarks/bench_metrics.py [--questions N] [--depth D]
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

import numpy as np
import pandas as pd

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings

KS = (1, 3, 5, 10, 20, 50, 100)


def synthetic(n_q: int, depth: int, n_judged: int, corpus: int, seed: int = 7):
    rng = np.random.default_rng(seed)
    qids = np.array([f"Q{i:05d}" for i in range(n_q)], dtype=object)
    pids = np.array([f"P{i:07d}" for i in range(corpus)], dtype=object)
    # each question retrieves `depth` distinct passages from the corpus
    ret = np.stack([rng.choice(corpus, depth, replace=False) for _ in range(n_q)])
    score = -np.sort(rng.random((n_q, depth)), axis=1) * 10 + 10
    # judgments: half drawn from the retrieved list (mostly near the top), half elsewhere
    judged = np.empty((n_q, n_judged), dtype=np.int64)
    for i in range(n_q):
        top = rng.choice(min(depth, 200), n_judged // 2, replace=False)
        rest = rng.choice(corpus, n_judged - n_judged // 2, replace=False)
        cand = np.unique(np.r_[ret[i, top], rest])
        while cand.size < n_judged:
            cand = np.unique(np.r_[cand, rng.choice(corpus, 1)])
        judged[i] = cand[:n_judged]
    grades = rng.choice([0, 1, 2, 3], size=(n_q, n_judged), p=[0.4, 0.3, 0.2, 0.1])
    runs = pd.DataFrame(
        {
            "system": np.full(n_q * depth, "bm25", dtype=object),
            "question_id": np.repeat(qids, depth),
            "passage_id": pids[ret.ravel()],
            "rank": np.tile(np.arange(1, depth + 1, dtype=float), n_q),
            "score": score.ravel(),
            "text": np.full(n_q * depth, "", dtype=object),
            "source_row": np.arange(n_q * depth),
        }
    )[RUN_COLUMNS]
    qrels = pd.DataFrame(
        {
            "question_id": np.repeat(qids, n_judged),
            "passage_id": pids[judged.ravel()],
            "grade": grades.ravel().astype(np.int64),
        }
    )
    return qrels, runs


def run_workbench(qrels, runs):
    settings = EvalSettings(ks=KS, order="trec", gain="linear")
    return evaluate(qrels, runs, settings)


def run_pytrec(qrels, runs):
    import pytrec_eval

    q = {}
    for qid, pid, g in zip(qrels["question_id"], qrels["passage_id"], qrels["grade"]):
        q.setdefault(qid, {})[pid] = int(g)
    r = {}
    for qid, pid, sc in zip(runs["question_id"], runs["passage_id"], runs["score"]):
        r.setdefault(qid, {})[pid] = float(sc)
    cut = ",".join(str(k) for k in KS)
    names = {
        f"P.{cut}",
        f"recall.{cut}",
        f"success.{cut}",
        f"ndcg_cut.{cut}",
        f"map_cut.{cut}",
        "recip_rank",
        "map",
        "Rprec",
    }
    ev = pytrec_eval.RelevanceEvaluator(q, names)
    return ev.evaluate(r)


def timed(fn, *args):
    gc.collect()
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=7000)
    ap.add_argument("--depth", type=int, default=1000)
    ap.add_argument("--judged", type=int, default=20)
    ap.add_argument("--corpus", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=2, help="interleaved runs; best time kept")
    ap.add_argument(
        "--shuffle",
        action="store_true",
        help="shuffle the run rows (files are normally in ranked order; this forces a full sort)",
    )
    args = ap.parse_args()

    qrels, runs = synthetic(args.questions, args.depth, args.judged, args.corpus)
    if args.shuffle:
        runs = runs.sample(frac=1.0, random_state=0).reset_index(drop=True)
    print(
        f"data: {len(runs):,} run rows, {len(qrels):,} judgments"
        + (" (rows shuffled)" if args.shuffle else " (rows in ranked order)")
    )

    wb_times, te_times = [], []
    for _ in range(args.repeat):
        res, t_wb = timed(run_workbench, qrels, runs)
        te, t_te = timed(run_pytrec, qrels, runs)
        wb_times.append(t_wb)
        te_times.append(t_te)
        del te
    t_wb, t_te = min(wb_times), min(te_times)

    # memory in a separate pass: tracemalloc slows Python code, not the timing above
    del res
    gc.collect()
    tracemalloc.start()
    res = run_workbench(qrels, runs)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    # sanity: same MAP as pytrec_eval (answerable questions)
    te = run_pytrec(qrels, runs)
    mean_te = np.mean([v["map"] for v in te.values()])
    print(f"MAP workbench {res.metric('bm25', 'MAP'):.6f}  pytrec_eval {mean_te:.6f}")
    print(f"workbench evaluate : {t_wb:7.2f} s")
    print(f"pytrec_eval        : {t_te:7.2f} s  (building input dicts + evaluate)")
    print(f"ratio              : {t_wb / t_te:7.2f}  (target <= 0.50)")
    print(f"workbench peak mem : {peak / 2**30:7.2f} GB traced (target <= 1.5)")


if __name__ == "__main__":
    main()
