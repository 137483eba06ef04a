"""Benchmark: moving to the next question on the Question review page.

A synthetic project of 1,000 questions, 4 systems × top 100 each, 15
judgments per question (two assessors), a passages sheet with Korean text.
The page shows 4 columns of K = 10 cards. Measures, in this run:

- building the per-question index once per Results (``build_index``);
- the Qt-free part of one question (``ReviewIndex.view``) — the peer;
- the page's first load of new results, until the first question's columns
  are painted (index, list, detail), and the longest single stall of the
  GUI thread meanwhile;
- the whole next-question step on the page (``ReviewPage.next_question``,
  then the event loop until the last column has received its paint event:
  layout and painting included), mean, median and max over ≥ 50 steps.

Prints the times and the ratio page/peer. Target: next question ≤ 50 ms.

Run:  QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_review_nav.py [--questions N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from PySide6.QtCore import QEvent, QObject  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from workbench.core.model import schema as s  # noqa: E402
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet  # noqa: E402
from workbench.core.protocol.review import build_index  # noqa: E402
from workbench.core.study import study_from_files  # noqa: E402

SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
TYPES = ("사실 확인", "개념 관계", "시대 변화", "전역 주제")


def synthetic(n_q: int, depth: int = 100, n_judged: int = 15, corpus: int = 20000, seed: int = 3):
    rng = np.random.default_rng(seed)
    pids = [f"D{i // 4:05d}-{i % 4 + 1:02d}" for i in range(corpus)]
    sentence = "하나님의 뜻과 참사랑에 관한 말씀이 이어집니다. "
    passages = pd.DataFrame(
        {
            s.PID: pids,
            s.DOCID: [p[:6] for p in pids],
            s.TEXT: [f"문단 {i}. " + sentence * (2 + i % 5) for i in range(corpus)],
            s.VOLUME: [str(1 + i % 300) for i in range(corpus)],
            s.LECTURE: [f"강연 {i % 997}" for i in range(corpus)],
            s.PAGE: [str(1 + i % 400) for i in range(corpus)],
            s.DATE: ["1990.01.01"] * corpus,
            s.CHUNK: [i % 4 + 1 for i in range(corpus)],
        }
    )
    j_rows, q_rows, r_frames = [], [], []
    for q in range(n_q):
        qid = f"Q{q + 1:04d}"
        q_rows.append((qid, f"질문 {q + 1}: 참사랑이란 무엇인가?", TYPES[q % 4], pd.NA, ""))
        pool = rng.choice(corpus, depth + n_judged, replace=False)
        for j, p in enumerate(pool[:n_judged]):
            g = int(rng.integers(0, 4))
            j_rows.append((qid, pids[p], g, "A", "core" if j == 0 else "", "", "", 0))
            if j % 2 == 0:
                j_rows.append((qid, pids[p], max(0, g - 1), "B", "", "", "", 0))
        for name in SYSTEMS:
            order = rng.permutation(pool)[:depth]
            r_frames.append(
                pd.DataFrame(
                    {
                        s.SYSTEM: name,
                        s.QID: qid,
                        s.PID: [pids[p] for p in order],
                        s.RANK: np.arange(1, depth + 1, dtype=float),
                        s.SCORE: np.linspace(1, 0, depth),
                        s.TEXT: "",
                        s.ROW: 0,
                    }
                )
            )
    questions = pd.DataFrame(q_rows, columns=s.QUESTION_COLUMNS)
    questions[s.ANSWERABLE] = questions[s.ANSWERABLE].astype("boolean")
    js = JudgmentSet(pd.DataFrame(j_rows, columns=s.JUDGMENT_COLUMNS), questions, passages)
    return js, RunSet(pd.concat(r_frames, ignore_index=True)[s.RUN_COLUMNS])


class _PaintCounter(QObject):
    """Counts paint events of the widget it filters (the last shown column)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.forced = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _until_painted(app, widget, counter: _PaintCounter, stalls: list[float]) -> None:
    """Process events until ``widget`` was painted (layout done, pixels drawn).

    When the event loop did not paint it (nothing marked it dirty), it is
    repainted synchronously, so a step is never timed without its paint.
    """
    before = counter.count
    widget.installEventFilter(counter)
    try:
        for _ in range(200):
            t0 = time.perf_counter()
            app.processEvents()
            stalls.append(time.perf_counter() - t0)
            if counter.count > before:
                return
        counter.forced += 1
        widget.repaint()
    finally:
        widget.removeEventFilter(counter)


def _last_column(page):
    shown = [c for c in page.columns if c.isVisible()]
    return shown[-1] if shown else page


def _stats(times: list[float]) -> str:
    ms = 1000.0
    return (
        f"mean {statistics.mean(times) * ms:7.2f} ms  median {statistics.median(times) * ms:7.2f} ms"
        f"  max {max(times) * ms:7.2f} ms  (n={len(times)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=100)
    args = parser.parse_args()
    args.steps = max(args.steps, 50)

    app = QApplication.instance() or QApplication([])
    from workbench.ui.state import AppState
    from workbench.ui.views.review import ReviewPage

    js, rs = synthetic(args.questions)
    settings = EvalSettings(ks=(1, 3, 5, 10))
    t0 = time.perf_counter()
    study = study_from_files(js, [rs], settings)
    results = study.evaluate()
    t_eval = time.perf_counter() - t0

    t0 = time.perf_counter()
    index = build_index(results, study)
    t_index = time.perf_counter() - t0

    qids = index.question_ids[: args.steps]
    core_times = []
    for q in qids:
        t0 = time.perf_counter()
        index.view(q, list(SYSTEMS), 10)
        core_times.append(time.perf_counter() - t0)

    # the study as it is, without the state's own evaluation: the page gets `results`
    state = AppState(study=study)
    page = ReviewPage(state)
    page.resize(1600, 1000)
    page.show()
    app.processEvents()
    counter = _PaintCounter()

    # first load: from new results until the first question's columns are painted
    stalls: list[float] = []
    t0 = time.perf_counter()
    state.results = results
    state.results_changed.emit(results)
    stalls.append(time.perf_counter() - t0)
    deadline = time.perf_counter() + 60
    while not (page.current_qid and page.view is not None) and time.perf_counter() < deadline:
        t1 = time.perf_counter()
        app.processEvents()
        stalls.append(time.perf_counter() - t1)
        time.sleep(0.001)
    _until_painted(app, _last_column(page), counter, stalls)
    t_refresh = time.perf_counter() - t0
    longest_stall = max(stalls)

    page_times = []
    for _ in range(args.steps):
        t0 = time.perf_counter()
        page.next_question()
        _until_painted(app, _last_column(page), counter, [])
        page_times.append(time.perf_counter() - t0)

    ms = 1000.0
    core_mean = statistics.mean(core_times)
    page_mean = statistics.mean(page_times)
    print(
        f"questions {args.questions}, systems {len(SYSTEMS)}, ranking rows {len(results.ranking):,}"
    )
    print(f"evaluate (reference)            {t_eval * ms:8.1f} ms")
    print(f"build_index (once per result)   {t_index * ms:8.1f} ms")
    print(
        f"page first load, until painted  {t_refresh * ms:8.1f} ms"
        f"  (longest GUI stall {longest_stall * ms:.1f} ms)"
    )
    print(f"core view per question          {_stats(core_times)}")
    print(f"page next question, painted     {_stats(page_times)}")
    print(f"steps painted by a forced repaint (not the event loop): {counter.forced}")
    print(f"ratio page / core view          {page_mean / core_mean:6.1f}")
    print(f"target next question <= 50 ms: {'met' if page_mean * ms <= 50 else 'NOT met'} (mean)")


if __name__ == "__main__":
    main()
