"""Benchmark: reading, checking and rating answers against the retrieval work it sits on.

A synthetic study of N questions × 4 systems (top 10 each, two assessors),
with one answer per (system, question) citing three passages and two raters
scoring three criteria. Measured in the same run:

- reading: ``load_answer_file`` of the answers workbook vs ``load_run`` of the
  runs workbook (peer; the same number of rows per system ×10);
- checking: ``check_answers`` vs ``Study.evaluate`` (peer: the evaluation the
  checks read);
- everything: the quick ``answer_report`` the Review tab computes after each
  rating (no CIs, no tests) vs the same peer; the full one with bootstrap CIs
  (10,000 resamples) and paired tests (randomization, 10,000 permutations).

Prints the times and the ratios. Times are the best of ``--repeat`` runs.

Run:  python tests/benchmarks/bench_answers.py [--questions N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from openpyxl import Workbook

from workbench.core.io import load_judgments, load_run
from workbench.core.io.answers import load_answer_file
from workbench.core.protocol.answer_results import answer_report
from workbench.core.protocol.answers import auto_names, check_answers
from workbench.core.study import Study

SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
CRITERIA = ("출처 표기 정확도", "맥락 충실성", "목회자 활용성")


def best_of(repeat: int, fn):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def write_files(folder: Path, n: int, rng: random.Random) -> dict[str, Path]:
    pids = [f"D{d:04d}-{c:02d}" for d in range(1, n // 2 + 20) for c in range(1, 5)]
    wb = Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급", "평가자", "근거역할", "근거그룹"])
    pools = {}
    for q in range(1, n + 1):
        qid = f"Q{q:05d}"
        pool = rng.sample(pids, 15)
        pools[qid] = pool
        for i, pid in enumerate(pool):
            grade = 3 if i == 0 else rng.choice((0, 0, 1, 2))
            for who in ("A", "B"):
                g = grade if rng.random() > 0.1 else min(3, grade + 1)
                ws.append([qid, pid, g, who, "핵심" if i == 0 else "", "G1" if i == 0 else ""])
    wb.save(folder / "judgments.xlsx")
    runs = Workbook()
    runs.remove(runs.active)
    answers = Workbook()
    answers.remove(answers.active)
    ranked = {}
    for system in SYSTEMS:
        rs = runs.create_sheet(system)
        rs.append(["질문ID", "순위", "문단ID", "점수"])
        ans = answers.create_sheet(system)
        ans.append(["질문ID", "답변", "인용"])
        for qid, pool in pools.items():
            top = rng.sample(pool, 8) + rng.sample(pids, 2)
            ranked[(system, qid)] = top
            for rank, pid in enumerate(top, start=1):
                rs.append([qid, rank, pid, 1.0 / rank])
            cited = top[:3]
            ans.append([qid, f"답변입니다 [{cited[0]}] 그리고 [{cited[1]}].", cited[2]])
    runs.save(folder / "runs.xlsx")
    answers.save(folder / "answers.xlsx")
    ratings = Workbook()
    rt = ratings.active
    rt.title = "답변평가"
    rt.append(["질문ID", "시스템", "평가자", *CRITERIA])
    for system in SYSTEMS:
        for qid in pools:
            for who in ("가", "나"):
                rt.append([qid, system, who, *[rng.randint(0, 3) for _ in CRITERIA]])
    ratings.save(folder / "ratings.xlsx")
    return {k: folder / f"{k}.xlsx" for k in ("judgments", "runs", "answers", "ratings")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        files = write_files(Path(tmp), args.questions, rng)
        study = Study()
        study.set_judgments(load_judgments(files["judgments"]))
        t_runs, runs = best_of(args.repeat, lambda: load_run(files["runs"]))
        study.add_runs(runs)
        t_answers, answers = best_of(args.repeat, lambda: load_answer_file(files["answers"]))
        study.answers.add_source(answers, {}, *auto_names(study, answers))
        ratings = load_answer_file(files["ratings"])
        study.answers.add_source(ratings, {}, *auto_names(study, ratings))
        t_eval, results = best_of(args.repeat, study.evaluate)
        t_check, _ = best_of(args.repeat, lambda: check_answers(study, results))
        t_report, _ = best_of(
            args.repeat, lambda: answer_report(study, results, compare=False, intervals=False)
        )
        t_full, _ = best_of(1, lambda: answer_report(study, results))
    n = args.questions * len(SYSTEMS)
    print(f"{args.questions} questions × {len(SYSTEMS)} systems: {n} answers, {3 * n} citations")
    print(
        f"read answers   {t_answers:7.3f} s   peer load_run (10× the rows) {t_runs:7.3f} s   ratio {t_answers / t_runs:5.2f}"
    )
    print(
        f"check answers  {t_check:7.3f} s   peer evaluate                 {t_eval:7.3f} s   ratio {t_check / t_eval:5.2f}"
    )
    print(
        f"quick report   {t_report:7.3f} s   peer evaluate                 {t_eval:7.3f} s   ratio {t_report / t_eval:5.2f}"
    )
    print(
        f"full report    {t_full:7.3f} s   (bootstrap CIs and randomization tests, 10,000 draws each)"
    )


if __name__ == "__main__":
    main()
