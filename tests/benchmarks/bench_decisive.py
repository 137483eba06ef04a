"""Decisive judging against judging by pool depth, on the demo study.

Half the demo's judgments of the systems' retrieved passages are hidden
(seeded); they are then judged back from the hidden truth, one at a time, in
two orders — heaviest first by :func:`~workbench.core.measures.decisive.next_to_judge`
(re-weighed after each judgment) and by pool depth (the best position any
system gave the passage, then question and passage id) — until every
comparison among the four systems on the Compare page's measures is decided.
Prints how many judgments each order needed.

    PYTHONPATH=. python tests/benchmarks/bench_decisive.py [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import time

import pandas as pd

from workbench.core.io.options import ReadOptions, load
from workbench.core.measures.chart_data import default_metrics
from workbench.core.measures.decisive import all_pairs, decide, next_to_judge
from workbench.core.measures.evaluate import evaluate
from workbench.core.model import schema as s
from workbench.core.study import Study
from workbench.paths import demo_dir


def _demo() -> Study:
    folder = demo_dir()
    study = Study()
    options = ReadOptions()
    study.set_judgments(load("judgments", str(folder / "judgments.xlsx"), options), options)
    study.add_runs(load("runs", str(folder / "runs.xlsx")))
    return study


def _hidden(study: Study, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The judgments with half of the retrieved ones hidden, and the hidden truth."""
    qrels = study.qrels()[[s.QID, s.PID, s.GRADE]].copy()
    ranked = study.evaluate().ranking
    retrieved = set(zip(ranked[s.QID].astype(str), ranked[s.PID].astype(str)))
    keys = list(zip(qrels[s.QID].astype(str), qrels[s.PID].astype(str)))
    candidates = sorted(k for k in keys if k in retrieved)
    rng = random.Random(seed)
    hide = set(rng.sample(candidates, len(candidates) // 2))
    mask = pd.Series([k in hide for k in keys], index=qrels.index)
    return qrels[~mask].reset_index(drop=True), qrels[mask].reset_index(drop=True)


def _by_depth(results) -> list[tuple[str, str]]:
    r = results.ranking
    r = r[r[s.GRADE].isna()]
    best = r.groupby([r[s.QID].astype(str), r[s.PID].astype(str)])["position"].min()
    best = best.reset_index().sort_values(["position", s.QID, s.PID], kind="mergesort")
    return list(zip(best[s.QID], best[s.PID]))


def _judgments_needed(study, known, truth, order: str, measures) -> int:
    truth_of = {(q, p): g for q, p, g in truth.itertuples(index=False)}
    known = known.copy()
    runs = study.runs()
    done = 0
    while True:
        results = evaluate(known, runs, study.settings, measures=measures)
        pairs = all_pairs(results.systems)
        if bool(decide(results, pairs, measures)["decided"].all()):
            return done
        if order == "weight":
            heavy = next_to_judge(results, pairs, measures)
            queue = list(zip(heavy[s.QID], heavy[s.PID]))
        else:
            queue = _by_depth(results)
        if not queue:  # nothing left to judge: the rest cannot be decided
            return done
        item = queue[0]
        grade = truth_of.get(item, 0)  # a hole the demo never judged is not relevant
        known = pd.concat(
            [known, pd.DataFrame([{s.QID: item[0], s.PID: item[1], s.GRADE: grade}])],
            ignore_index=True,
        )
        done += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    study = _demo()
    measures = default_metrics(study.evaluate())
    known, truth = _hidden(study, args.seed)
    print(f"measures {', '.join(measures)}; hidden judgments {len(truth)} (seed {args.seed})")
    for order in ("weight", "depth"):
        start = time.perf_counter()
        n = _judgments_needed(study, known, truth, order, measures)
        took = time.perf_counter() - start
        print(f"by {order:6}: {n:4d} judgments until every comparison was decided ({took:.1f} s)")


if __name__ == "__main__":
    main()
