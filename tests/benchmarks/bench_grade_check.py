"""Benchmark: the whole-file check of a judgments file, with the strict grade check
and confirmed conversions, against pandas.read_csv of the same file.

Writes a judgments CSV (question, passage, grade as text, as CSV files hold it)
and times, best of N:

- ``load_judgments`` of the clean file (every grade a plain digit);
- ``check_file`` of the same file with 10 % of the grades typed "3점", refused
  (the check's error path: every refused value counted);
- ``load_judgments`` of that file with the conversion confirmed;
- the peer: ``pandas.read_csv`` of the clean file (parsing only, no checks).

Prints the times and each one's ratio to the peer; then the pass the strict
check adds (plain digits or not, per distinct value) against the numeric pass
every grade column already had (``to_numbers``), over the same 500k cells.

    python tests/benchmarks/bench_grade_check.py [--rows 500000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def write_judgments(path: Path, rows: int, odd_every: int = 0) -> None:
    lines = ["질문ID,문단ID,등급,평가자"]
    for i in range(rows):
        grade = "3점" if odd_every and i % odd_every == 0 else str(i % 4)
        lines.append(f"Q{i // 50:05d},D{i:07d},{grade},평가자{i % 3}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=500_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    import pandas as pd

    from workbench.core.io import check_file, load_judgments

    with tempfile.TemporaryDirectory() as tmp:
        clean = Path(tmp) / "clean.csv"
        odd = Path(tmp) / "odd.csv"
        write_judgments(clean, args.rows)
        write_judgments(odd, args.rows, odd_every=10)

        def refused() -> None:
            check = check_file(odd, "judgments")
            assert not check.ok and check.failed_grades[0].count == (args.rows + 9) // 10

        times = {
            "load_judgments, clean": best_of(lambda: load_judgments(clean), args.repeat),
            "check_file, 10% '3점' refused": best_of(refused, args.repeat),
            "load_judgments, 10% '3점' converted": best_of(
                lambda: load_judgments(odd, conversions={"3점": 3}), args.repeat
            ),
        }
        peer = best_of(lambda: pd.read_csv(clean, dtype=str), args.repeat)
    print(f"{args.rows:,} judgments, best of {args.repeat}")
    print(f"  peer pandas.read_csv (parse only): {peer:.3f} s")
    for name, seconds in times.items():
        print(f"  {name}: {seconds:.3f} s  ({seconds / peer:.1f}x the peer)")

    import numpy as np

    from workbench.core.io.validate import _plain_grade_cells, to_numbers

    cells = np.array([str(i % 4) for i in range(args.rows)], dtype=object)
    every = np.ones(args.rows, dtype=bool)
    numeric = best_of(lambda: to_numbers(cells), args.repeat)
    plain = best_of(lambda: _plain_grade_cells(cells, every), args.repeat)
    print(
        f"  the strict check's pass: {plain * 1000:.1f} ms vs the numeric pass "
        f"{numeric * 1000:.1f} ms ({plain / numeric:.2f}x)"
    )


if __name__ == "__main__":
    main()
