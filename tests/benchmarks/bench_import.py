"""Benchmark: load_run (python-calamine + vectorised checks) vs pandas.read_excel(openpyxl).

Writes a 100,000-row run workbook (openpyxl write-only) into a temporary
folder, then times, best of N, ``workbench.core.io.load_run`` — which also
maps columns, normalises ids and validates every row — against a plain
``pandas.read_excel(engine="openpyxl")`` of the same file. Prints both times
and the ratio (target: load_run at least 4× faster).

    python tests/benchmarks/bench_import.py [--rows 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np


def write_run(path: Path, rows: int, seed: int = 7) -> None:
    from openpyxl import Workbook

    rng = np.random.default_rng(seed)
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("BM25")
    ws.append(["질문ID", "순위", "문단ID", "점수", "본문"])
    per_question = 100
    n_passages = 50_000
    for i in range(rows):
        q, r = divmod(i, per_question)
        pid = int(rng.integers(0, n_passages))
        # a numeric question id (as typed in Excel) and text passage ids with leading zeros
        ws.append([q + 1, r + 1, f"P{pid:06d}-{i}", float(100 - r * 0.5), f"말씀 본문 {pid} 내용"])
    wb.save(path)


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
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
            f"wrote {args.rows:,} rows ({path.stat().st_size / 1e6:.1f} MB) "
            f"in {time.perf_counter() - t0:.1f}s"
        )

        rs = load_run(path)
        assert len(rs.runs) == args.rows, len(rs.runs)
        ours = best_of(lambda: load_run(path), args.repeat)
        peer = best_of(lambda: pd.read_excel(path, engine="openpyxl"), args.repeat)
    print(f"load_run (calamine + checks):     {ours:8.3f} s  (best of {args.repeat})")
    print(f"pandas.read_excel(openpyxl):      {peer:8.3f} s  (best of {args.repeat})")
    print(f"ratio: load_run is {peer / ours:.1f}x faster (target >= 4x)")


if __name__ == "__main__":
    main()
