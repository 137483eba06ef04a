"""Benchmark: the full Excel report against ``DataFrame.to_excel`` of the per-question table.

2,000 questions × 4 systems (31 measures at K ∈ {1, 3, 5, 10}), with question
text, passages, a significance table and an agreement summary. Measures in the
same run:

- peer: ``Results.per_question.to_excel(path, index=False)`` (openpyxl engine);
- ours: ``write_report`` — every sheet, styles, conditional formats, charts,
  atomic save.

Prints both times and their ratio. Target: ratio ≤ 3. Times are the best of
``--repeat`` runs (default 2), to damp noise on a shared machine.

Run:  python tests/benchmarks/bench_report.py [--questions N] [--systems S] [--repeat R]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from test_report_fixtures import make_results  # noqa: E402

from workbench.core.report import ReportRequest, write_report  # noqa: E402


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=2000)
    ap.add_argument("--systems", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()

    systems = tuple(["BM25", "Vector", "Hybrid", "GraphRAG", "Rerank", "Other"][: args.systems])
    results, questions, passages = make_results(
        n_questions=args.questions, systems=systems, n_passages=max(60, args.questions * 3)
    )
    comparisons = pd.DataFrame(
        [
            {
                "metric": m,
                "baseline": systems[0],
                "system": other,
                "n": args.questions,
                "mean_diff": 0.01,
                "ci_low": -0.01,
                "ci_high": 0.03,
                "p_value": 0.04,
                "p_adjusted": 0.08,
                "test": "randomization",
                "wins": 10,
                "ties": 5,
                "losses": 7,
            }
            for m in results.measures
            for other in systems[1:]
        ]
    )
    agreement = {
        "assessors": ["A", "B"],
        "items": 500,
        "pairs": [
            {"a": "A", "b": "B", "n": 500, "exact": 0.8, "kappa": 0.7, "kappa_quadratic": 0.85}
        ],
        "alpha_ordinal": 0.8,
        "disagreements": 100,
    }
    print(
        f"{args.questions} questions × {len(systems)} systems, {len(results.measures)} measures "
        f"({len(results.per_question)} per-question rows)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        peer_path = Path(tmp) / "peer.xlsx"
        ours_path = Path(tmp) / "report.xlsx"
        peer = best_of(args.repeat, lambda: results.per_question.to_excel(peer_path, index=False))
        ours = best_of(
            args.repeat,
            lambda: write_report(ours_path, results, ReportRequest(questions=questions, passages=passages, comparisons=comparisons, agreement=agreement, test="randomization", seed=1)),
        )
        size = ours_path.stat().st_size / 1e6
    print(f"DataFrame.to_excel (per-question only): {peer:.2f} s")
    print(f"write_report (full report):             {ours:.2f} s  ({size:.1f} MB)")
    print(f"ratio: {ours / peer:.2f}  (target ≤ 3)")


if __name__ == "__main__":
    main()
