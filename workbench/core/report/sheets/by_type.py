"""By type: means per question type and system, with n."""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from workbench.core.model import schema as s
from workbench.core.report.cells import (
    INT_FORMAT,
    SCORE_FORMAT,
    score_colours,
)
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("by_type")
    measures = list(r.measures)
    bt = r.by_type
    # itertuples renames columns that are not identifiers ("nDCG@10"), so go by position
    cols = list(bt.columns)
    data = []
    for values in bt.itertuples(index=False, name=None):
        d = dict(zip(cols, values))
        qtype = d.get(s.QTYPE) or sh.t("no_type")
        data.append([qtype, d.get(s.SYSTEM), d.get("n"), *[d.get(m) for m in measures]])
    last = sh.table(
        1,
        [sh.t("type"), sh.t("system"), sh.t("n"), *measures],
        data,
        [None, None, INT_FORMAT, *[SCORE_FORMAT] * len(measures)],
    )
    sh.ws.freeze_panes = "C2"
    if data and measures:
        score_colours(sh.ws, f"D2:{get_column_letter(3 + len(measures))}{last}")
    sh.fit_columns()
