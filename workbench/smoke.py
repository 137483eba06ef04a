"""``workbench --smoke-test``: prove an installation (or a frozen bundle) works.

Offscreen, it loads the bundled demo data, computes the metrics, writes the
Excel report to a temporary folder, reads the report back and compares a
number with the results, then builds and shows the main window once. Exit 0
when every step succeeded; otherwise 1 with the failing step named.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
from pathlib import Path


def _step(name: str, fn):
    started = time.perf_counter()
    value = fn()
    print(f"ok  {name} ({(time.perf_counter() - started) * 1000:.0f} ms)")
    return value


def smoke_test() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from workbench.core.export import report_request
    from workbench.core.io import load_judgments, load_run
    from workbench.core.model.schema import EvalSettings
    from workbench.core.report import write_report
    from workbench.core.study import study_from_files
    from workbench.paths import demo_dir

    step = "start"
    try:
        step = "load demo data"
        judgments = _step(step, lambda: load_judgments(demo_dir() / "judgments.xlsx"))
        runs = _step(step + " (runs)", lambda: load_run(demo_dir() / "runs.xlsx"))
        step = "compute metrics"
        study = study_from_files(judgments, [runs], EvalSettings())
        results = _step(step, study.evaluate)
        if len(results.systems) < 2:
            raise RuntimeError("the demo data should hold several systems")
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / "report.xlsx"
            step = "write report"
            _step(
                step,
                lambda: write_report(target, results, report_request(study)),
            )
            step = "check report"
            _step(step, lambda: _check_report(target, results))
        step = "read a TREC run with the C scanner"
        _step(step, _check_trec_scanner)
        step = "show every page of the app"
        _step(step, _show_window)
        step = "list the licences in About"
        _step(step, _check_licences)
    except Exception as exc:  # the point is to report, not to crash
        print(f"FAILED at '{step}': {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print("smoke test passed")
    return 0


def _check_trec_scanner() -> None:
    """The bundles are built with the C reader of TREC files (researchers' large runs)."""
    from workbench.core.io import trec_scan

    if not trec_scan.available():
        raise RuntimeError("workbench.core.io._fastids is missing: build it with a C compiler")
    from workbench.core.io import _fastids

    scanner = _fastids.Scanner("sxsffs")
    scanner.feed(b"q1 Q0 d2 1 2.5 bm25\nq1 Q0 d1 2 1.5 bm25\n")
    rows, ids, _numbers = scanner.finish()
    if rows != 2 or ids[2][1] != ["d1", "d2"]:
        raise RuntimeError(f"the C scanner read {rows} rows, ids {ids[2][1]}")
    # a region of a few MB is read by two threads: the same columns as one thread
    text = "".join(
        f"q{i // 1000} Q0 d{(i * 7919) % 50_000} {i % 1000 + 1} {i * 0.5} bm25\n"
        for i in range(60_000)
    ).encode()
    one, two = (_fastids.Scanner("sxsffs", threads=n) for n in (1, 2))
    for scanner in (one, two):
        scanner.feed(text)
    if one.finish() != two.finish():
        raise RuntimeError("the C scanner's two threads read a run differently from one")


def _check_report(path: Path, results) -> None:
    from python_calamine import CalamineWorkbook

    book = CalamineWorkbook.from_path(str(path))
    if len(book.sheet_names) < 3:
        raise RuntimeError(f"report has only {book.sheet_names}")
    rows = book.get_sheet_by_index(0).to_python()
    numbers = [cell for row in rows for cell in row if isinstance(cell, float)]
    expected = float(results.aggregates.iloc[0][results.measures[-1]])
    if not any(math.isclose(n, expected, abs_tol=1e-9) for n in numbers):
        raise RuntimeError("the summary sheet does not show the computed numbers")


def _check_licences() -> None:
    """The About dialog finds the licence list (in a bundle: the one built with it)."""
    from workbench.ui.views.about import licences_text

    text = licences_text()
    if "PySide6" not in text or "GNU LESSER GENERAL PUBLIC LICENSE" not in text:
        raise RuntimeError("the About dialog has no licence list")


def _show_window() -> None:
    """The real app offscreen: the demo loaded through the worker path, every page shown."""
    from workbench.ui.main_window import MainWindow
    from workbench.ui.screenshots import _load_demo, _setup, settle

    qapp, settings = _setup("ko", isolated=True)
    window = MainWindow(settings=settings)
    window.show()
    try:
        if not _load_demo(window) or window.state.results is None:
            raise RuntimeError("the demo did not load in the app")
        for key in window.page_keys():
            window.show_page(key)
            settle(50)
            if window.grab().isNull():
                raise RuntimeError(f"page {key} could not be drawn")
    finally:
        window._autosave_timer.stop()
        window.close()
        qapp.processEvents()
