"""Abstention: the abstention rates per system and the unanswerable questions."""

from __future__ import annotations

from workbench.core.report.cells import (
    INT_FORMAT,
    RATE_FORMAT,
    put,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    question_types,
)


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("abstention")
    cols = [
        ("n_unanswerable", INT_FORMAT),
        ("appropriate_abstentions", INT_FORMAT),
        ("appropriate_abstention_rate", RATE_FORMAT),
        ("n_answerable", INT_FORMAT),
        ("false_abstentions", INT_FORMAT),
        ("false_abstention_rate", RATE_FORMAT),
    ]
    ab = r.abstention
    rows = []
    for system in r.systems:
        rec = ab.loc[system] if system in ab.index else None
        rows.append([system, *[None if rec is None else rec.get(c) for c, _ in cols]])
    last = sh.table(
        1,
        [sh.t("system"), *[sh.t(c) for c, _ in cols]],
        rows,
        [None, *[f for _, f in cols]],
    )
    sh.ws.freeze_panes = "B2"
    c = put(sh.ws, last + 1, 1, sh.t("abstention_note"))
    c.font = sh.st.italic
    row = last + 3
    sh.title(row, f"{sh.t('unanswerable_list')} ({len(r.unanswerable)})")
    types = question_types(r)
    last = sh.table(
        row + 1,
        [sh.t("question_id"), sh.t("question"), sh.t("type")],
        [[q, ctx.qtext.get(q, ""), types.get(q, "")] for q in r.unanswerable],
    )
    sh.wrap_column(2, row + 2, last, 50)
    without = r.answerable_without_evidence
    if without:
        row = last + 2
        sh.title(row, f"{sh.t('without_evidence_list')} ({len(without)})")
        note = "without_evidence_note_trec" if r.settings.trec_compat else "without_evidence_note"
        put(sh.ws, row + 1, 1, sh.t(note)).font = sh.st.italic
        last = sh.table(
            row + 2,
            [sh.t("question_id"), sh.t("question"), sh.t("type")],
            [[q, ctx.qtext.get(q, ""), types.get(q, "")] for q in without],
        )
        sh.wrap_column(2, row + 3, last, 50)
    sh.fit_columns()
