"""Benchmark: a researcher-scale TREC run opened in the app, as a user opens it.

Writes a TREC run (N questions × 1,000 passages; 2M lines by default) and its
qrels (the files of ``bench_cli.py``), then in the real window (offscreen):
opens the qrels and the run through the import previews (preview, whole-file
check, Load), waits for the scores, and visits every page. A 10 ms QTimer on
the GUI thread measures the longest gap between its ticks (how long the window
could not react) in each phase.

Peer, measured in the same run: ``workbench eval`` on the same files (the same
reading and scoring, no window), end to end. Prints the time until the app
shows the scores, its ratio to the peer, and the longest gaps. Target: every
gap ≤ 100 ms. The reading and scoring run in worker threads, which share the
interpreter with the window: a long single call there delays the window too,
and the gaps show it.

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_app_scale.py [--rows 2M]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_cli import parse_size, write_files  # noqa: E402


def child(qrels: str, run: str) -> dict:
    from PySide6.QtCore import QElapsedTimer, QTimer

    from workbench.ui import screenshots as sh
    from workbench.ui.main_window import MainWindow

    _qapp, settings = sh._setup("ko", True, "normal")
    window = MainWindow(settings=settings)
    window.resize(*sh.WINDOW_SIZE)
    window.show()
    sh.settle(500)
    phase = {"name": "start"}
    worst: dict[str, int] = {}
    clock = QElapsedTimer()
    clock.start()

    def tick() -> None:
        gap = clock.restart()
        worst[phase["name"]] = max(worst.get(phase["name"], 0), gap)

    beat = QTimer()
    beat.setInterval(10)
    beat.timeout.connect(tick)
    beat.start()
    t0 = time.perf_counter()

    def open_one(path: str, kind: str) -> None:
        opened = []
        window.import_dialog_opened.connect(opened.append)
        window.import_files([path], kind)
        sh.wait_until(lambda: opened and opened[-1].preview is not None, 300000)
        dialog = opened[-1]
        sh.wait_until(lambda: dialog._check_fresh() and dialog._check_handle is None, 600000)
        dialog.load_button.click()
        sh.wait_until(lambda: window.import_dialog is None and not window.busy.busy, 600000)

    phase["name"] = "open the qrels"
    open_one(qrels, "judgments")
    phase["name"] = "open the run"
    open_one(run, "runs")
    sh.wait_until(lambda: window.state.results is not None and not window.busy.busy, 600000)
    to_scores = time.perf_counter() - t0
    for key in ("overview", "questions", "judging", "compare", "systems", "agreement", "export"):
        phase["name"] = f"page {key}"
        window.show_page(key)
        sh.settle(800)
        sh.wait_until(lambda: not window.busy.busy, 300000)
    beat.stop()
    window.state.runner.wait()
    window.runner.wait()
    return {"to_scores": to_scores, "worst": worst}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="2M")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        qrels, run = write_files(Path(tmp), parse_size(args.rows))
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "workbench", "eval", "--qrels", str(qrels), "--run", str(run),
             "--json", str(Path(tmp) / "out.json")],
            check=True, capture_output=True,
        )  # fmt: skip
        peer = time.perf_counter() - t0
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(qrels), str(run)],
            check=True,
            capture_output=True,
            text=True,
        )
        rec = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{parse_size(args.rows):,} run lines")
    print(f"  the app, files opened through the previews → scores shown: {rec['to_scores']:.1f} s")
    print(f"  peer, workbench eval on the same files, end to end:       {peer:.1f} s")
    print(f"  ratio {rec['to_scores'] / peer:.2f}")
    for name, gap in rec["worst"].items():
        print(f"  longest gap of the window, {name}: {gap} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
