"""Benchmark: judging pools on a large study, against the evaluation of the same study.

Builds a synthetic study in memory — N questions, 4 systems × 100 ranked
passages each, two assessors grading 60 passages per question — and times,
as medians over ``--repeat`` rounds:

- ``study.evaluate()`` (the peer: what every change of a grade costs anyway);
- :func:`build_pool` for a third assessor (depth 100: every ranked passage),
  given the results, and with a passage-unit evaluation of its own;
- :func:`pool_effect` (Judged@K before and after, the pooled agreement);
- :func:`judged_by` (what the Judging page computes after each edit — its
  files' part is cached there, so only the app's grades count per edit);
- :func:`write_pool_workbook` for a pool of 2,000 passages.

Prints each time and its ratio to the evaluation.

    python tests/benchmarks/bench_pool.py [--questions 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from workbench.core.model import schema as s
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet
from workbench.core.protocol.pool import (
    add_pool_edit,
    build_pool,
    judged_by,
    pool_effect,
    write_pool_workbook,
)
from workbench.core.study import Study

SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
DEPTH = 100
JUDGED = 60
CORPUS = 5000


def make_study(n_questions: int, seed: int = 7) -> Study:
    rng = np.random.default_rng(seed)
    runs = []
    for system in SYSTEMS:
        for q in range(n_questions):
            pids = rng.choice(CORPUS, size=DEPTH, replace=False)
            runs.append(
                pd.DataFrame(
                    {
                        s.SYSTEM: system,
                        s.QID: f"q{q}",
                        s.PID: [f"p{p}" for p in pids],
                        s.RANK: np.arange(1, DEPTH + 1, dtype=float),
                        s.SCORE: np.linspace(1, 0, DEPTH),
                        s.TEXT: "",
                        s.ROW: np.arange(DEPTH) + 2,
                    }
                )
            )
    run_frame = pd.concat(runs, ignore_index=True)
    rows = []
    for q in range(n_questions):
        pids = rng.choice(CORPUS, size=JUDGED, replace=False)
        for who in ("A", "B"):
            grades = rng.integers(0, 4, size=JUDGED)
            rows.append(
                pd.DataFrame(
                    {
                        s.QID: f"q{q}",
                        s.PID: [f"p{p}" for p in pids],
                        s.GRADE: grades,
                        s.ASSESSOR: who,
                        s.ROLE: "",
                        s.GROUP: "",
                        s.NOTE: "",
                        s.ROW: np.arange(JUDGED) + 2,
                    }
                )
            )
    judgments = pd.concat(rows, ignore_index=True)
    study = Study(EvalSettings(ks=(1, 5, 10, 100)))
    study.set_judgments(JudgmentSet(judgments))
    study.add_runs(RunSet(run_frame))
    return study


def timed(fn, repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    study = make_study(args.questions)
    print(
        f"{args.questions} questions × {len(SYSTEMS)} systems × {DEPTH}: "
        f"{len(study.runs()):,} ranked rows, {len(study.judgment_set.judgments):,} judgments"
    )
    t_eval, results = timed(study.evaluate, args.repeat)
    t_pool, pool = timed(lambda: build_pool(study, "C", results=results), args.repeat)
    t_pool_own, _ = timed(lambda: build_pool(study, "C", depth=10), args.repeat)
    study.apply(add_pool_edit(study, pool))
    t_effect, _ = timed(lambda: pool_effect(study, results), args.repeat)
    t_judged, _ = timed(lambda: judged_by(study, "A"), args.repeat)
    small = build_pool(study, "C", depth=1, questions=[f"q{q}" for q in range(args.questions)])
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "pool.xlsx"
        t_book, _ = timed(lambda: write_pool_workbook(target, study, small), args.repeat)
    print(f"{'evaluate (peer)':34s} {t_eval * 1000:9.1f} ms   1.00×")
    for label, value in (
        (f"build_pool depth {DEPTH} ({len(pool.items):,} passages)", t_pool),
        ("build_pool, own evaluation, depth 10", t_pool_own),
        ("pool_effect", t_effect),
        ("judged_by (one assessor)", t_judged),
        (f"write_pool_workbook ({len(small.items):,} rows)", t_book),
    ):
        print(f"{label:34s} {value * 1000:9.1f} ms   {value / t_eval:5.2f}×")


if __name__ == "__main__":
    main()
