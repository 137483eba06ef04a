"""Unjudged ranges: each system's mean of each measure as it is now and with every
retrieved passage nobody judged filled in as not relevant and as the top grade
(:func:`workbench.core.measures.unjudged_bounds.unjudged_bounds`), so a reader sees
how much the unjudged passages could still move a number."""

from __future__ import annotations

import math

from workbench.core.model.number_text import range_text
from workbench.core.report.cells import INT_FORMAT, SCORE_FORMAT, put
from workbench.core.report.context import ReportContext


def _number(value) -> float | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("unjudged")
    ws = sh.ws
    rows = []
    for rec in ctx.unjudged_bounds.to_dict("records"):
        low, high = _number(rec["as_not_relevant"]), _number(rec["as_top_grade"])
        shown = (
            ""
            if low is None or high is None
            else range_text(f"{min(low, high):.3f}", f"{max(low, high):.3f}")
        )
        rows.append(
            [
                rec["system"],
                rec["measure"],
                _number(rec["value"]),
                low,
                high,
                shown,
                rec["holes"],
            ]
        )
    last = sh.table(
        1,
        [
            sh.t("system"),
            sh.t("ub_measure"),
            sh.t("ub_value"),
            sh.t("ub_as_0"),
            sh.t("ub_as_3"),
            sh.t("ub_range"),
            sh.t("ub_holes"),
        ],
        rows,
        [None, None, SCORE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None, INT_FORMAT],
    )
    ws.freeze_panes = "C2"
    row = last + 2
    sh.title(row, sh.t("ub_title"))
    put(ws, row + 1, 1, sh.t("ub_note"))
    sh.fit_columns()
