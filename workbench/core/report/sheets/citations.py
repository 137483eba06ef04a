"""Citations: the automatic citation checks per system, per answer, per cited passage."""

from __future__ import annotations

from typing import Any

from workbench.core.model import grades as g
from workbench.core.model import schema as s
from workbench.core.protocol.answers import RATE_COLUMNS, flag_label
from workbench.core.report.cells import (
    INT_FORMAT,
    RATE_FORMAT,
    WIDTH_SAMPLE_ROWS,
    grade_number,
    is_nan,
    put,
    width_of,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.words import at


def write(ctx: ReportContext) -> None:
    """The automatic checks: rates per system, flags per answer, and every
    cited passage with its grade and its rank in that system's results."""

    rep = ctx.answers
    checks = rep.checks
    sh = ctx.sheet("citations")
    ws = sh.ws
    lang = ctx.lang
    st = ctx.st
    sh.title(1, at("rates", lang))
    rates = checks.systems
    int_rates = {"answers", "answerable", "unanswerable", "citations"}
    rows = []
    for system in rep.systems:
        rec = rates.loc[system] if system in rates.index else None
        rows.append([system, *[None if rec is None else rec[c] for c in RATE_COLUMNS]])
    last = sh.table(
        2,
        [sh.t("system"), *[at(c, lang) for c in RATE_COLUMNS]],
        rows,
        [None, *[INT_FORMAT if c in int_rates else RATE_FORMAT for c in RATE_COLUMNS]],
    )
    row = last + 1
    put(ws, row, 1, at("rates_note", lang)).font = sh.st.italic

    row += 2
    sh.title(row, at("per_answer_checks", lang))
    rows = []
    for r in checks.answers.to_dict("records"):
        rows.append(
            [
                r[s.QID],
                r["system"],
                sh.t("yes") if r["answerable"] else "",
                sh.t("yes") if r["abstained"] else "",
                r["n_citations"],
                ", ".join(flag_label(f, lang) for f in r["flags"]),
                r["citation_precision"],
                r["core_coverage"],
                r["answer"],
            ]
        )
    start = row + 1
    last = sh.table(
        start,
        [
            sh.t("question_id"),
            sh.t("system"),
            sh.t("answerable"),
            at("abstained", lang),
            at("n_citations", lang),
            at("flags", lang),
            at("citation_precision", lang),
            at("core_coverage", lang),
            at("answer", lang),
        ],
        rows,
        [None, None, None, None, INT_FORMAT, None, RATE_FORMAT, RATE_FORMAT, None],
    )
    sh.wrap_column(9, start + 1, last, 70)
    sh.wrap_column(6, start + 1, last, 30)
    row = last + 1

    row += 2
    sh.title(row, at("per_citation", lang))
    start = row + 1
    headers = [
        sh.t("question_id"),
        sh.t("system"),
        at("order", lang),
        sh.t("passage_id"),
        sh.t("grade"),
        sh.t("grade_label"),
        at("rank_in_run", lang),
        at("known", lang),
    ]
    sh.header(start, headers)
    r_i = start
    for c in checks.citations.to_dict("records"):
        r_i += 1
        grade = grade_number(c[s.GRADE])
        rank = c["rank"]
        if not is_nan(rank):
            rank_value: Any = int(rank)
        elif c["retrieved"] is None:
            rank_value = at("no_run", lang)
        elif c["retrieved"]:
            rank_value = at("removed", lang)
        else:
            rank_value = at("not_retrieved", lang)
        values = [
            c[s.QID],
            c["system"],
            c["order"],
            c[s.PID],
            grade,
            g.chip_text(grade, lang) if c["known"] else at("unknown", lang),
            rank_value,
            sh.t("yes") if c["known"] else "",
        ]
        for j, v in enumerate(values):
            put(ws, r_i, 1 + j, v, INT_FORMAT if j in (2, 4) else None)
            if r_i - start <= WIDTH_SAMPLE_ROWS:
                sh.note_width(1 + j, width_of(v, None))
        if c["known"]:
            key = grade if grade is not None else None
            for col in (5, 6):
                cell = ws.cell(row=r_i, column=col)
                cell.fill = st.grade_fills.get(key, st.grade_fills[None])
                cell.font = st.grade_fonts.get(key, st.grade_fonts[None])
    ws.freeze_panes = "A3"
    sh.fit_columns()
