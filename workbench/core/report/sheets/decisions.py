"""Decisions: every decision behind the numbers, one row each."""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter

from workbench.core.protocol.decisions import FLAG, Decision, kind_label
from workbench.core.report.cells import (
    INT_FORMAT,
    put,
)
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:
    """One row per decision behind the numbers; one row saying so when there is none."""
    sh = ctx.sheet("decisions")
    if not ctx.decisions:
        c = put(sh.ws, 1, 1, sh.t("no_decisions"))
        c.font = sh.st.italic
        sh.note_width(1, 60)
        sh.fit_columns(default_max=120)
        return
    yes = sh.t("yes")

    def shown(d: Decision) -> Any:
        if d.kind == FLAG:
            return yes
        if d.value is None and d.kind == "resolution":
            return sh.t("back_to_policy")
        return d.value

    rows = [
        [
            kind_label(d.kind, ctx.lang),
            d.question_id,
            d.target,
            shown(d),
            d.others,
            d.by,
            d.time,
            d.reason,
            d.file,
            d.sheet,
            d.row,
        ]
        for d in ctx.decisions
    ]
    last = sh.table(
        1,
        [
            sh.t("kind"),
            sh.t("question_id"),
            sh.t("target"),
            sh.t("decided"),
            sh.t("assessor_grades"),
            sh.t("by"),
            sh.t("when"),
            sh.t("why"),
            sh.t("file"),
            sh.t("sheet"),
            sh.t("row"),
        ],
        rows,
        [None, None, None, INT_FORMAT, None, None, None, None, None, None, INT_FORMAT],
        check=lambda _done: ctx.check(),
    )
    sh.ws.freeze_panes = "B2"
    sh.ws.auto_filter.ref = f"A1:{get_column_letter(11)}{last}"
    c = put(sh.ws, last + 2, 1, sh.t("decisions_note"))
    c.font = sh.st.italic
    sh.wrap_column(4, 2, last, 40)
    sh.wrap_column(8, 2, last, 60)
    sh.fit_columns()
