"""Calibration rounds (보정 라운드): per round, its assessors and seed, the agreement
among them on the round's items (κ, weighted κ and α with their readings), every
item with each assessor's grade, and the items they split on with each
assessor's grade and note, the furthest apart first
(:mod:`workbench.core.protocol.calibration`). The grades are practice: the sheet
says they are not counted in the scores nor in the Agreement sheet."""

from __future__ import annotations

import pandas as pd

from workbench.core.measures.agreement import grade_column, note_column
from workbench.core.model import schema as s
from workbench.core.report.cells import INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, cell_value, put
from workbench.core.report.context import ReportContext

#: the widest a note or question column grows before it wraps
TEXT_WIDTH = 40


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("calibration")
    ws = sh.ws
    put(ws, 1, 1, sh.t("cal_note")).font = sh.st.italic
    row = 3
    for agreement in ctx.calibration:
        ctx.check()
        row = _round(ctx, sh, agreement, row) + 3
    sh.fit_columns()


def _round(ctx: ReportContext, sh, agreement, row: int) -> int:
    round_ = agreement.round
    names = round_.assessors
    sh.title(row, sh.t("cal_round").format(n=round_.number))
    last = sh.table(
        row + 1,
        [sh.t("assessors"), sh.t("cal_items"), sh.t("cal_seed"), sh.t("cal_made")],
        [[", ".join(names), len(round_.items), round_.seed, round_.pools[0].created]],
        [None, INT_FORMAT, INT_FORMAT, None],
    )
    row = _agreement(sh, agreement, last + 2, ctx.lang)
    sh.title(row, sh.t("cal_every_item"))
    text_col = 2
    last = sh.table(
        row + 1,
        [sh.t("question_id"), sh.t("question"), sh.t("passage_id"), *names],
        [
            [q, ctx.qtext.get(q, ""), p, *(_grade(round_.grade_of(a, (q, p))) for a in names)]
            for q, p in round_.items
        ],
        [None, None, None, *([INT_FORMAT] * len(names))],
    )
    sh.wrap_column(text_col, row + 2, last, TEXT_WIDTH)
    row = last + 2
    sh.title(row, sh.t("cal_splits"))
    splits = agreement.splits
    if not len(splits):
        put(sh.ws, row + 1, 1, sh.t("cal_no_splits")).font = sh.st.italic
        return row + 1
    return _splits(ctx, sh, splits, row + 1)


def _grade(grade) -> int | None:
    return grade.grade if grade is not None else None


def _agreement(sh, agreement, row: int, lang: str) -> int:
    """The pairs' κ and weighted κ and the round's α, each with its reading."""
    sh.title(row, sh.t("cal_agreement"))
    pairs = agreement.pair_readings(lang)
    if not pairs:
        put(sh.ws, row + 1, 1, sh.t("cal_not_yet")).font = sh.st.italic
        return row + 3
    last = sh.table(
        row + 1,
        [
            sh.t("assessor_a"),
            sh.t("assessor_b"),
            sh.t("n"),
            sh.t("exact"),
            sh.t("kappa"),
            sh.t("band"),
            sh.t("kappa_quadratic"),
            sh.t("band_quadratic"),
        ],
        [
            [
                p["a"],
                p["b"],
                p["n"],
                cell_value(p["exact"]),
                cell_value(p["kappa"]),
                p["kappa_reading"],
                cell_value(p["kappa_quadratic"]),
                p["kappa_quadratic_reading"],
            ]
            for p in pairs
        ],
        [None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, None, SCORE_FORMAT, None],
    )
    last = sh.table(
        last + 2,
        [sh.t("alpha"), sh.t("alpha_band"), sh.t("disagreements")],
        [[cell_value(agreement.alpha), agreement.alpha_reading(lang), len(agreement.splits)]],
        [SCORE_FORMAT, None, INT_FORMAT],
    )
    return last + 2


def _splits(ctx: ReportContext, sh, splits: pd.DataFrame, row: int) -> int:
    names = list(splits.attrs.get("assessors", []))
    headers = [sh.t("question_id"), sh.t("question"), sh.t("passage_id")]
    for a in names:
        headers += [sh.t("cal_grade_of").format(name=a), sh.t("cal_note_of").format(name=a)]
    headers.append(sh.t("cal_gap"))
    rows = []
    for rec in splits.to_dict("records"):
        q = str(rec[s.QID])
        line = [q, ctx.qtext.get(q, ""), str(rec[s.PID])]
        for a in names:
            line += [cell_value(rec[grade_column(a)]), rec[note_column(a)] or None]
        line.append(int(rec["gap"]))
        rows.append(line)
    formats = [None, None, None, *([INT_FORMAT, None] * len(names)), INT_FORMAT]
    last = sh.table(row, headers, rows, formats)
    sh.wrap_column(2, row + 1, last, TEXT_WIDTH)
    for j in range(len(names)):
        sh.wrap_column(5 + 2 * j, row + 1, last, TEXT_WIDTH)
    return last
