"""The Excel report: one workbook a pastor can open, read and pass on.

:func:`write_report` turns a :class:`~workbench.core.model.results.Results` (plus
optional questions, passages, significance tests, assessor agreement and the
user's notes) into an ``.xlsx`` with these sheets, in this order, named and
headed in the UI language:

====================  ==============  ==========================================
key                   Korean          contents
====================  ==============  ==========================================
``summary``           요약            systems × measures (means, n), counts,
                                      warnings, measure legend, native charts
``diagnosis``         진단            the seeds' rules applied per system: the
                                      sentence, its numbers and questions; what
                                      could not be checked; the thresholds; the
                                      K advice (:mod:`workbench.core.protocol.diagnosis`)
``per_question``      질문별          question × system × measure, text, type,
                                      note and flag
``by_type``           유형별          means per question type, with n
``low_scoring``       낮은 점수       worst N questions per system by the
                                      primary measure, their top-K passages
                                      (grade, text, source; the 근거 문장 in
                                      bold colour) and missed evidence
``missed``            놓친 근거       missed evidence by role per system and
                                      type; the lowest nDCG@K cases per type
``significance``      유의성          only when ``comparisons`` is given
``agreement``         평가자 일치도   only with ≥ 2 assessors
``abstention``        답변 보류       abstention rates; unanswerable questions
``manual``            평가 매뉴얼     the evaluation manual: each grade's label,
                                      definition and examples, θ, principles
``systems``           시스템 정보     every system's card (retriever, models,
                                      chunking, K, stage) and the warning when
                                      chunk settings differ
``stages``            단계            only with a pipeline of ≥ 2 tagged stages:
                                      the stage measures side by side and what
                                      the later stage dropped
``answers``           답변 평가       only with answers: rating means per system
                                      and type (bootstrap CI), paired tests,
                                      the raters' agreement, the rubric, every
                                      answer's scores and every rater's rating
``citations``         인용 점검       only with answers: the automatic citation
                                      checks per system, per answer, per
                                      cited passage (grade, rank)
``decisions``         결정 기록       every decision behind the numbers, one
                                      row each: grades resolved by hand (with
                                      the assessors' grades), given in the app
                                      or on a judging pool, confirmed
                                      conversions, rows left out, answer
                                      ratings, notes and flags — who, when,
                                      why, and the file, sheet and row
                                      (:mod:`workbench.core.protocol.decisions`)
``settings``          설정            every choice that changes a number, the
                                      test and seed, versions, input checksums,
                                      the judging pools and what they did, and
                                      how many decisions of each kind there are
====================  ==============  ==========================================

Conventions:

- Numbers are written as the raw floats of ``Results`` (format ``0.000``);
  a NaN is an empty cell.
- Text that came from input (ids, questions, passages, notes, system names)
  is always stored as a string cell, never a formula: a question ``=1+1``
  stays the literal text ``=1+1`` (openpyxl would otherwise store it as a
  formula) — formula injection is impossible. Control characters Excel
  cannot store are removed and text is cut at Excel's 32,767 characters.
- The workbook's default font is a Korean-capable font, so every cell
  (styled or not) shows Hangul; grade cells carry diffir's colours *and*
  the grade's label text (colour is never the only cue).
- Scores get one colour scale (0 red → 0.5 yellow → 1 green) per sheet as
  conditional formatting ranges, not per-cell fills, which keeps writing
  2,000 questions × 4 systems close to the speed of ``DataFrame.to_excel``.
- The file is built in memory and saved through :func:`~workbench.core.io.atomic.atomic_write`:
  a cancel or crash leaves no file, and a workbook open in Excel raises
  :class:`~workbench.core.io.atomic.LockedFileError`.

The package: :mod:`.registry` lists the sheets (key, names, writer, progress
weight); :mod:`.sheets` holds one module per sheet, each writing through a
:class:`~.context.ReportContext`; :mod:`.tables` declares tables as column specs
written both to a sheet and to CSV; :mod:`.cells` the cell and style helpers;
:mod:`.words` every word in both languages; :mod:`.data` what the sheets compute.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from openpyxl import Workbook

from workbench.core.io.atomic import atomic_write, check_writable, save_workbook
from workbench.core.io.workbook_style import FONT_NAME
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.results import Results
from workbench.core.report.cells import LINE_HEIGHT_PT, display_width
from workbench.core.report.context import ReportContext
from workbench.core.report.data import primary_measure
from workbench.core.report.registry import (
    BY_KEY,
    SHEET_KEYS,
    SHEET_NAMES,
    WEIGHTS,
    progress_texts,
    resolve_sheets,
    set_up_printing,
)
from workbench.core.report.request import ReportRequest
from workbench.core.report.words import lang_code

__all__ = [
    "SHEET_KEYS",
    "SHEET_NAMES",
    "FONT_NAME",
    "LINE_HEIGHT_PT",
    "ReportRequest",
    "write_report",
    "build_report",
    "primary_measure",
    "sheet_name",
]

#: the name tests and older callers know the width measure by
_display_width = display_width


def sheet_name(key: str, lang: str = "ko") -> str:
    """The sheet name of ``key`` (one of :data:`SHEET_KEYS`) in ``lang``."""
    return SHEET_NAMES[lang_code(lang)][key]


def _wanted(ctx: ReportContext, sheets: Sequence[str] | None) -> list[str]:
    return [key for key in resolve_sheets(sheets) if BY_KEY[key].applies(ctx)]


def build_report(
    results: Results,
    request: ReportRequest | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Workbook:
    """The report as an in-memory openpyxl ``Workbook`` (see :func:`write_report`)."""
    request = request or ReportRequest()
    lang = lang_code(request.lang)
    ctx = ReportContext(
        results,
        request,
        progress,
        cancelled,
        names=SHEET_NAMES[lang],
        weights=WEIGHTS,
        progress_text=progress_texts(lang),
    )
    keys = _wanted(ctx, request.sheets)
    ctx.keys = keys
    wb = ctx.wb
    default = wb.active
    for key in keys:
        ctx.step(key)
        BY_KEY[key].write(ctx)
        ctx.finish_step(key)
    wb.remove(default)
    if not wb.worksheets:  # nothing asked for: still a valid workbook
        wb.create_sheet(SHEET_NAMES[lang]["settings"])
    set_up_printing(ctx, request.title)
    wb.active = 0
    return wb


def write_report(
    path: str | os.PathLike[str],
    results: Results,
    request: ReportRequest | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write the Excel report of ``results`` to ``path`` (atomically) and return it.

    ``request`` says what else goes in (:class:`ReportRequest`).
    ``progress(fraction, text)`` is called as sheets are written;
    ``cancelled()`` is polled and raises
    :class:`~workbench.core.model.cancel.Cancelled` — no file is left behind.

    Raises :class:`~workbench.core.io.atomic.LockedFileError` when the file is
    open in Excel or the folder is not writable, and
    :class:`~workbench.core.io.atomic.SaveError` for any other reason it cannot
    be saved (before any work where that can be seen:
    :func:`~workbench.core.io.atomic.check_writable`).
    """
    request = request or ReportRequest()
    lang = lang_code(request.lang)
    target = Path(path)
    if not request.title:  # the footer names the study; the file is named after it
        request = replace(request, title=target.stem)
    # fail fast, before minutes of work: Excel holds the file, a folder is in the way …
    check_writable(target)
    wb = build_report(results, request, progress=progress, cancelled=cancelled)
    if cancelled is not None and cancelled():
        raise Cancelled()
    if progress is not None:
        progress(0.7, progress_texts(lang)["save"])

    def save(tmp: Path) -> None:
        save_workbook(wb, tmp)
        if cancelled is not None and cancelled():
            raise Cancelled()

    out = atomic_write(target, save)
    if progress is not None:
        progress(1.0, progress_texts(lang)["done"])
    return out
