"""Benchmark: load_run of a run workbook against pandas.read_excel(openpyxl) and raw calamine.

Writes a 100,000-row run workbook (4 sheets — one per system — × 250
questions × 100 ranks, openpyxl write-only) into a temporary folder, then
times, interleaved, best of N:

- ``workbench.core.io.load_run`` end to end (opens the file, finds the header
  row, maps columns, normalises ids, validates every row, checks the
  rankings);
- ``pandas.read_excel(sheet_name=None, engine="openpyxl")`` of the same file;
- raw python-calamine: open the workbook and ``to_python()`` every sheet —
  the floor any reader built on it pays.

Targets: load_run ≥ 5× faster than openpyxl and ≤ 2× raw calamine. The same
for a 100,000-row CSV run (4 systems in a 시스템 column) against
``pandas.read_csv``.

And the command a user runs: ``workbench eval --qrels Q --run R.xlsx --json
OUT`` as its own process (start-up, reading, checks, evaluation, diagnosis,
the JSON written), timed against ``pandas.read_excel(engine="openpyxl")`` of
the workbook alone. Target: the whole command ≥ 5× faster.

    python tests/benchmarks/bench_import.py [--rows 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
PER_QUESTION = 100


def write_run(path: Path, rows: int, seed: int = 7) -> None:
    from openpyxl import Workbook

    rng = np.random.default_rng(seed)
    wb = Workbook(write_only=True)
    per_sheet = rows // len(SYSTEMS)
    n_passages = 50_000
    for system in SYSTEMS:
        ws = wb.create_sheet(system)
        ws.append(["질문ID", "순위", "문단ID", "점수", "본문"])
        for i in range(per_sheet):
            q, r = divmod(i, PER_QUESTION)
            pid = int(rng.integers(0, n_passages))
            # a numeric question id (as typed in Excel), text passage ids
            ws.append([q + 1, r + 1, f"P{pid:06d}-{r}", float(100 - r * 0.5), f"말씀 본문 {pid} 내용"])
    wb.save(path)


def write_csv(path: Path, rows: int, seed: int = 7) -> None:
    rng = np.random.default_rng(seed)
    per_system = rows // len(SYSTEMS)
    lines = ["시스템,질문ID,순위,문단ID,점수"]
    for system in SYSTEMS:
        for i in range(per_system):
            q, r = divmod(i, PER_QUESTION)
            pid = int(rng.integers(0, 50_000))
            lines.append(f"{system},Q{q + 1:04d},{r + 1},P{pid:06d}-{r},{100 - r * 0.5}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_qrels(path: Path, seed: int = 7) -> None:
    """TREC qrels for the run's questions: 20 passages each, some of them retrieved."""
    rng = np.random.default_rng(seed)
    questions = 100_000 // len(SYSTEMS) // PER_QUESTION
    lines = []
    for q in range(1, questions + 1):
        for r in range(20):
            pid = int(rng.integers(0, 50_000))
            lines.append(f"{q} 0 P{pid:06d}-{r} {int(rng.integers(0, 4))}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def eval_command(qrels: Path, run: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "workbench", "eval", "--qrels", str(qrels), "--run", str(run),
            "--json", str(out)]


def run_command(cmd: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def raw_calamine(path: Path) -> int:
    import python_calamine as pc

    wb = pc.CalamineWorkbook.from_path(str(path))
    return sum(len(wb.get_sheet_by_name(name).to_python()) for name in wb.sheet_names)


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def interleaved(fns: dict, repeat: int) -> dict[str, float]:
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    import pandas as pd

    from workbench.core.io import load_run

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run_100k.xlsx"
        t0 = time.perf_counter()
        write_run(path, args.rows)
        print(
            f"wrote {args.rows:,} rows in {len(SYSTEMS)} sheets "
            f"({path.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f}s"
        )
        rs = load_run(path)
        assert len(rs.runs) == args.rows, len(rs.runs)
        assert rs.systems == list(SYSTEMS), rs.systems
        t = interleaved(
            {
                "load_run": lambda: load_run(path),
                "openpyxl": lambda: pd.read_excel(path, sheet_name=None, engine="openpyxl"),
                "calamine": lambda: raw_calamine(path),
            },
            args.repeat,
        )
        qrels = Path(tmp) / "qrels.txt"
        write_qrels(qrels)
        command = eval_command(qrels, path, Path(tmp) / "out.json")
        run_command(command)  # once untimed: bytecode written as on a user's machine
        e = interleaved(
            {
                "eval": lambda: run_command(command),
                "openpyxl": lambda: pd.read_excel(path, sheet_name=None, engine="openpyxl"),
            },
            args.repeat,
        )
        csv_path = Path(tmp) / "run_100k.csv"
        write_csv(csv_path, args.rows)
        assert len(load_run(csv_path).runs) == args.rows
        c = interleaved(
            {
                "load_run": lambda: load_run(csv_path),
                "read_csv": lambda: pd.read_csv(csv_path, dtype=str),
            },
            args.repeat,
        )
    print(f"best of {args.repeat}, interleaved")
    print(f"load_run (xlsx, checks included):  {t['load_run']:8.3f} s")
    print(f"pandas.read_excel(openpyxl):       {t['openpyxl']:8.3f} s")
    print(f"raw python-calamine (to_python):   {t['calamine']:8.3f} s")
    print(
        f"xlsx: load_run is {t['openpyxl'] / t['load_run']:.1f}x faster than openpyxl "
        f"(target >= 5x) and {t['load_run'] / t['calamine']:.2f}x raw calamine (target <= 2x)"
    )
    print(f"workbench eval, end to end:        {e['eval']:8.3f} s")
    print(f"pandas.read_excel(openpyxl):       {e['openpyxl']:8.3f} s")
    print(
        f"xlsx: workbench eval end to end is {e['openpyxl'] / e['eval']:.1f}x faster than "
        "pandas.read_excel(openpyxl) alone (target >= 5x)"
    )
    print(f"load_run (csv, checks included):   {c['load_run']:8.3f} s")
    print(f"pandas.read_csv(dtype=str):        {c['read_csv']:8.3f} s")
    print(f"csv: load_run is {c['load_run'] / c['read_csv']:.2f}x pandas.read_csv")


if __name__ == "__main__":
    main()
