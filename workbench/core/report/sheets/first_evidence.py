"""First evidence: per system, the share of answerable questions whose first
relevant passage is at rank 1, in the top 3, later, or not found (the MRR
article's table beside the mean; the numbers are
:func:`workbench.core.measures.chart_data.first_evidence`)."""

from __future__ import annotations

from workbench.core.measures.chart_data import (
    FIRST_EVIDENCE_COLUMNS,
    deepest_position,
    first_evidence,
)
from workbench.core.report.cells import INT_FORMAT, RATE_FORMAT, put
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("first_evidence")
    ws = sh.ws
    table = first_evidence(ctx.r)
    shares = [sh.t(f"fe_{key}") for key in FIRST_EVIDENCE_COLUMNS]
    counts = [f"{name} ({sh.t('fe_count')})" for name in shares]
    rows = [
        [
            rec["system"],
            rec["n"],
            *(rec[key] for key in FIRST_EVIDENCE_COLUMNS),
            *(rec[f"{key}_n"] for key in FIRST_EVIDENCE_COLUMNS),
        ]
        for rec in table.to_dict("records")
    ]
    n_keys = len(FIRST_EVIDENCE_COLUMNS)
    last = sh.table(
        1,
        [sh.t("system"), sh.t("n"), *shares, *counts],
        rows,
        [None, INT_FORMAT, *[RATE_FORMAT] * n_keys, *[INT_FORMAT] * n_keys],
    )
    ws.freeze_panes = "B2"
    row = last + 2
    sh.title(row, sh.t("fe_title"))
    put(ws, row + 1, 1, sh.t("fe_note").format(depth=deepest_position(ctx.r)))
    sh.fit_columns()
