"""Per question: one row per (question, system) with every measure, note and flag —
the per-question table of :mod:`workbench.core.report.tables`, the same columns the
per-question CSV is written from."""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from workbench.core.report.context import ReportContext
from workbench.core.report.data import per_question_ordered
from workbench.core.report.tables import (
    finish_sheet_table,
    per_question_columns,
    per_question_rows,
    write_sheet_table,
)


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("per_question")
    ws = sh.ws
    pq = per_question_ordered(r)
    columns = per_question_columns(list(r.measures))
    total = max(1, len(pq))

    def check(done: int) -> None:
        ctx.step("per_question", done / total)

    rows = per_question_rows(r, ctx.qtext, ctx.notes, pq)
    last = write_sheet_table(sh, 1, columns, rows, check=check)
    ws.freeze_panes = "B2"
    if len(pq):
        ws.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{last}"
        finish_sheet_table(sh, columns, 2, last)
    sh.fit_columns()
