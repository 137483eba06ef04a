"""Benchmark: does grading on Question review keep the window responsive?

The demo is opened in the real window (offscreen), Question review shown, and
N unjudged passages are graded one after another (select, grade, next
question), as a person grading with the keys would. A 10 ms QTimer on the GUI
thread measures the gaps between its ticks: the longest gap is how long the
window could not react.

Peer, measured in the same run: the same grading with every page redrawn at
once when new scores arrive (``WhenShown`` switched off: how the app behaved
before hidden pages waited to be shown; the charts on hidden tabs still wait,
so the peer is kinder than the old app). Each variant runs in its own
process, interleaved, ``--repeat`` rounds. Target: longest gap ≤ 100 ms.

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_grading_stall.py [--grades 8]
                                                                        [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def child(grades: int, eager: bool) -> dict:
    from PySide6.QtCore import QElapsedTimer, QTimer

    from workbench.ui import screenshots as sh
    from workbench.ui import when_shown
    from workbench.ui.main_window import MainWindow

    if eager:  # the peer: every page redraws at once, seen or not
        when_shown.WhenShown.run = lambda self, redraw: redraw()
    _qapp, settings = sh._setup("ko", True, "normal")
    settings.assessor_name = "평가자"
    window = MainWindow(settings=settings)
    window.resize(*sh.WINDOW_SIZE)
    window.show()
    assert sh._load_demo(window)
    sh.settle(2000)
    window.show_page("questions")
    review = window.page("questions")
    sh.wait_until(lambda: review.index is not None, 60000)
    sh.settle(1000)
    review.ask_reason = lambda *a: "다시 봄"
    gaps: list[int] = []
    clock = QElapsedTimer()
    clock.start()
    beat = QTimer()
    beat.setInterval(10)
    beat.timeout.connect(lambda: gaps.append(clock.restart()))
    beat.start()
    given = 0
    while given < grades:
        cards = [c for col in review.columns if col.isVisible() for c in col.cards if not c.judged]
        if cards:
            review.select_card(cards[0].card.system, cards[0].card.passage_id)
            given += bool(review.grade_selected(given % 4))
        sh.settle(600)  # a person reads the next passage
        review.next_question()
        sh.settle(300)
    sh.wait_until(lambda: not window.busy.busy, 60000)
    sh.settle(1000)
    beat.stop()
    window.state.runner.wait()
    window.runner.wait()
    gaps.sort()
    return {
        "max": gaps[-1],
        "p99": gaps[int(len(gaps) * 0.99)],
        "over_100": sum(g > 100 for g in gaps),
        "grades": given,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grades", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", choices=("lazy", "eager"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.grades, args.child == "eager")))
        return 0
    runs: dict[str, list[dict]] = {"lazy": [], "eager": []}
    for r in range(max(1, args.repeat)):
        for variant in ("lazy", "eager") if r % 2 == 0 else ("eager", "lazy"):
            out = subprocess.run(
                [sys.executable, __file__, "--child", variant, "--grades", str(args.grades)],
                capture_output=True,
                text=True,
                check=True,
            )
            rec = json.loads(out.stdout.strip().splitlines()[-1])
            runs[variant].append(rec)
            print(f"  round {r + 1} {variant:5s} longest gap {rec['max']:4d} ms, "
                  f"p99 {rec['p99']:3d} ms, gaps > 100 ms: {rec['over_100']}")  # fmt: skip
    med = {v: statistics.median(x["max"] for x in recs) for v, recs in runs.items()}
    over = {v: statistics.median(x["over_100"] for x in recs) for v, recs in runs.items()}
    print(f"\nmedian of {args.repeat} rounds, {args.grades} grades each (demo, Question review)")
    print(f"  pages redrawn when shown : longest gap {med['lazy']:.0f} ms, "
          f"gaps > 100 ms: {over['lazy']:.0f}")  # fmt: skip
    print(f"  peer, redrawn at once    : longest gap {med['eager']:.0f} ms, "
          f"gaps > 100 ms: {over['eager']:.0f}")  # fmt: skip
    print(f"  ratio {med['lazy'] / max(med['eager'], 1):.2f}; target: longest gap ≤ 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
