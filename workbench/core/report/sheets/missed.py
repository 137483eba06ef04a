"""Missed evidence: missed evidence by role per system and type; the lowest nDCG@K cases per type."""

from __future__ import annotations

from workbench.core.model import schema as s
from workbench.core.model.number_text import ids_text
from workbench.core.protocol.diagnosis import (
    lowest_cases,
    missed_by_role,
)
from workbench.core.report.cells import (
    INT_FORMAT,
    SCORE_FORMAT,
    put,
    score_colours,
)
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("missed")
    ws = sh.ws
    k = ctx.diagnosis_settings.context_k
    missed = missed_by_role(r, k)
    by_type = missed.by_type
    rows = []
    for rec in by_type.to_dict("records"):
        ids = list(rec["question_ids"])
        rows.append(
            [
                rec[s.SYSTEM],
                rec[s.QTYPE] or sh.t("no_type"),
                rec["questions"],
                rec["core_missed"],
                rec["supporting_missed"],
                rec["alternative_missed"],
                rec["other_missed"],
                rec["questions_core_missed"],
                ids_text(ids, shown=30),
            ]
        )
    last = sh.table(
        1,
        [
            sh.t("system"),
            sh.t("type"),
            sh.t("n_questions"),
            sh.t("core"),
            sh.t("supporting"),
            sh.t("alternative"),
            sh.t("other"),
            sh.t("q_core"),
            sh.t("question_ids"),
        ],
        rows,
        [None, None, *[INT_FORMAT] * 6, None],
    )
    ws.freeze_panes = "C2"
    sh.wrap_column(9, 2, last, 40)
    row = last + 1
    note = sh.t("missed_note").format(k=k)
    if not missed.has_roles:
        note += " " + sh.t("no_roles")
    c = put(ws, row, 1, note)
    c.font = sh.st.italic
    row += 2
    sh.title(row, f"{sh.t('lowest')} (nDCG@{k})")
    cases = lowest_cases(r, k, per_type=3)
    per_q = missed.per_question.set_index([s.SYSTEM, s.QID])
    case_rows = []
    for rec in cases.to_dict("records"):
        key = (rec[s.SYSTEM], rec[s.QID])
        m = per_q.loc[key] if key in per_q.index else None
        case_rows.append(
            [
                rec[s.SYSTEM],
                rec[s.QTYPE] or sh.t("no_type"),
                rec[s.QID],
                ctx.qtext.get(str(rec[s.QID]), ""),
                rec[f"nDCG@{k}"],
                None if m is None else int(m["core_missed"]),
                None if m is None else int(m["supporting_missed"]),
            ]
        )
    first = row + 2
    last = sh.table(
        row + 1,
        [
            sh.t("system"),
            sh.t("type"),
            sh.t("question_id"),
            sh.t("question"),
            f"nDCG@{k}",
            sh.t("core"),
            sh.t("supporting"),
        ],
        case_rows,
        [None, None, None, None, SCORE_FORMAT, INT_FORMAT, INT_FORMAT],
    )
    if case_rows:
        score_colours(ws, f"E{first}:E{last}")
    sh.wrap_column(4, first, last, 50)
    sh.fit_columns()
