"""Does loading a big run file freeze the window?

Writes a 500,000-row run once to a temp dir — a CSV (the general path) and
a TREC run (the fast path) — loads each through the real worker path
(TaskRunner + load_run) while a 10 ms QTimer measures the longest gap
between its ticks on the GUI thread. Prints the longest stall (target
≤ 50 ms) next to the same load run directly on the GUI thread (the peer: what
the user would suffer without the worker).

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_gui_stall.py [ROWS]
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from workbench.core.io import load_run  # noqa: E402
from workbench.ui.workers import TaskRunner  # noqa: E402


def write_run(path: Path, rows: int) -> None:
    systems = ("BM25", "Vector", "Hybrid", "GraphRAG")
    per_system = rows // len(systems)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["시스템", "질문ID", "문단ID", "순위", "점수"])
        for system in systems:
            for i in range(per_system):
                q, r = divmod(i, 100)
                out.writerow(
                    [
                        system,
                        f"Q{q:05d}",
                        f"D{(q * 7 + r) % 9973:04d}-{r:02d}",
                        r + 1,
                        round(1 - r / 100, 4),
                    ]
                )


def write_trec_run(path: Path, rows: int) -> None:
    with open(path, "w", encoding="ascii") as handle:
        for i in range(rows):
            q, r = divmod(i, 1000)
            handle.write(f"{301 + q} Q0 FR94{q % 97:04d}-{r % 3}-{(q * 7919 + r) % 99991:05d} "
                         f"{r + 1} {20 - r / 60:.6f} bm25\n")  # fmt: skip


class StallMeter:
    """Longest gap between 10 ms ticks on the GUI thread."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.longest = 0
        self.last = 0

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def start(self) -> None:
        self.clock.start()
        self.last = 0
        self.longest = 0
        self.timer.start()

    def stop(self) -> int:
        self._tick()
        self.timer.stop()
        return self.longest


TARGET_MS = 50


def measure(runner: TaskRunner, path: Path, label: str) -> int:
    meter = StallMeter()
    loop = QEventLoop()
    outcome: dict = {}
    meter.start()
    t0 = time.perf_counter()
    handle = runner.start("bench", load_run, path)
    handle.finished.connect(lambda rs: (outcome.setdefault("result", rs), loop.quit()))
    handle.failed.connect(lambda exc: (outcome.setdefault("error", exc), loop.quit()))
    loop.exec()
    worker_time = time.perf_counter() - t0
    worker_stall = meter.stop()
    if "error" in outcome:
        print(f"{label}: load failed: {outcome['error']}")
        return 10**6
    run_set = outcome["result"]
    print(
        f"{label} worker path: {len(run_set.runs):,} rows, {len(run_set.systems)} systems, "
        f"load {worker_time:.2f} s, longest GUI stall {worker_stall} ms (target <= {TARGET_MS} ms)"
    )
    # the peer: the same load on the GUI thread blocks the event loop throughout
    meter.start()
    t0 = time.perf_counter()
    QTimer.singleShot(0, lambda: (load_run(path), loop.quit()))
    loop.exec()
    direct_time = time.perf_counter() - t0
    direct_stall = meter.stop()
    print(f"{label} on the GUI thread: load {direct_time:.2f} s, longest GUI stall {direct_stall} ms")
    ratio = worker_stall / direct_stall if direct_stall else float("nan")
    print(
        f"{label} stall ratio worker / GUI-thread: {ratio:.3f}; "
        f"load-time ratio: {worker_time / direct_time:.2f}"
    )
    return worker_stall


def main() -> int:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 500_000
    app = QApplication.instance() or QApplication([])
    stalls = []
    # one runner for both loads, as in the app (a second TaskRunner started after
    # the first was dropped crashed PySide6 6.11 here with a bus error)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as tmp:
        for label, name, writer in (
            ("CSV", "big_run.csv", write_run),
            ("TREC", "big_run.run", write_trec_run),
        ):
            path = Path(tmp) / name
            t0 = time.perf_counter()
            writer(path, rows)
            print(
                f"wrote {rows:,} rows ({path.stat().st_size / 1e6:.1f} MB) "
                f"in {time.perf_counter() - t0:.1f} s"
            )
            stalls.append(measure(runner, path, label))
    runner.wait()
    del app
    return 0 if max(stalls) <= TARGET_MS else 2


if __name__ == "__main__":
    sys.exit(main())
