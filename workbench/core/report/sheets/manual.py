"""Manual: each grade's label, definition and examples, θ, principles."""

from __future__ import annotations

from openpyxl.styles import Font, PatternFill

from workbench.core.io.workbook_style import FONT_NAME
from workbench.core.model import grades as g
from workbench.core.protocol.manual import manual_rows
from workbench.core.report.cells import (
    INT_FORMAT,
    put,
)
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:

    sh = ctx.sheet("manual")
    m = ctx.manual
    _header, rows = manual_rows(m, ctx.lang)
    grade_rows = [r for r in rows if isinstance(r[0], int)]
    last = sh.table(
        1,
        [
            sh.t("grade"),
            sh.t("manual_label"),
            sh.t("manual_definition"),
            sh.t("manual_example_id"),
            sh.t("manual_example_text"),
        ],
        grade_rows,
    )
    for r in range(2, last + 1):
        value = sh.ws.cell(row=r, column=1).value
        if isinstance(value, int):
            c = sh.ws.cell(row=r, column=1)
            c.fill = PatternFill("solid", fgColor=g.colour(value).lstrip("#"))
            c.font = Font(name=FONT_NAME, color=g.text_colour(g.colour(value)).lstrip("#"))
    sh.wrap_column(3, 2, last, 60)
    sh.wrap_column(5, 2, last, 50)
    row = last + 2
    put(sh.ws, row, 1, sh.t("manual_theta")).font = sh.st.bold
    put(sh.ws, row, 2, m.threshold, INT_FORMAT)
    put(sh.ws, row, 3, m.threshold_rule).alignment = sh.st.wrap
    row += 2
    if m.principles:
        sh.title(row, sh.t("manual_principles"))
        for i, text in enumerate(m.principles, start=1):
            put(sh.ws, row + i, 1, i)
            put(sh.ws, row + i, 3, text).alignment = sh.st.wrap
    sh.ws.freeze_panes = "A2"
    sh.fit_columns()
    sh.ws.column_dimensions["C"].width = 60
