"""Per question: one row per (question, system) with every measure, note and flag (the table of :mod:`workbench.core.report.tables`, shared with the CSV)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpyxl.utils import get_column_letter

from workbench.core.model import schema as s
from workbench.core.report.cells import (
    SCORE_FORMAT,
    score_colours,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    per_question_ordered,
)


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("per_question")
    ws = sh.ws
    measures = list(r.measures)
    pq = per_question_ordered(r)
    headers = [
        sh.t("question_id"),
        sh.t("question"),
        sh.t("type"),
        sh.t("system"),
        sh.t("missing"),
        *measures,
        sh.t("note"),
        sh.t("flag"),
    ]
    formats = [None] * 5 + [SCORE_FORMAT] * len(measures) + [None, None]
    total = max(1, len(pq))
    yes = sh.t("yes")

    def rows() -> Iterable[list[Any]]:
        qids = pq[s.QID].tolist()
        types = pq[s.QTYPE].tolist() if s.QTYPE in pq.columns else [""] * len(pq)
        systems = pq[s.SYSTEM].tolist()
        missing = pq["missing"].tolist() if "missing" in pq.columns else [False] * len(pq)
        cols = [pq[m].tolist() if m in pq.columns else [None] * len(pq) for m in measures]
        for i, q in enumerate(qids):
            note = ctx.notes.get(q) or {}
            yield [
                q,
                ctx.qtext.get(q, ""),
                types[i],
                systems[i],
                yes if bool(missing[i]) else "",
                *[c[i] for c in cols],
                note.get("note") or "",
                yes if note.get("flagged") else "",
            ]

    def check(done: int) -> None:
        ctx.step("per_question", done / total)

    last = sh.table(1, headers, rows(), formats, check=check)
    ws.freeze_panes = "B2"
    if len(pq):
        ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{last}"
        if measures:
            score_colours(ws, f"F2:{get_column_letter(5 + len(measures))}{last}")
        sh.wrap_column(2, 2, last, 50)
        sh.max_width[len(headers) - 1] = 40
    sh.fit_columns()
