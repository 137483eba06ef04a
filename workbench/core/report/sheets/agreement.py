"""Agreement: Cohen's κ per pair of assessors, Krippendorff's α, and the judging pools' agreement."""

from __future__ import annotations

from workbench.core.report.cells import (
    INT_FORMAT,
    RATE_FORMAT,
    SCORE_FORMAT,
    put,
    width_of,
)
from workbench.core.model.readings import alpha_reading, kappa_reading
from workbench.core.report.context import ReportContext
from workbench.core.report.sheets.pools import pool_agreement


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("agreement")
    ag = ctx.agreement or {}
    rows = []
    for p in ag.get("pairs") or []:
        kappa = p.get("kappa")
        band = kappa_reading(kappa, ctx.lang)
        rows.append(
            [
                p.get("a"),
                p.get("b"),
                p.get("n"),
                p.get("exact"),
                kappa,
                p.get("kappa_quadratic"),
                band,
            ]
        )
    last = sh.table(
        1,
        [
            sh.t("assessor_a"),
            sh.t("assessor_b"),
            sh.t("n"),
            sh.t("exact"),
            sh.t("kappa"),
            sh.t("kappa_quadratic"),
            sh.t("band"),
        ],
        rows,
        [None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None],
    )
    sh.ws.freeze_panes = "A2"
    row = last + 2
    alpha = ag.get("alpha_ordinal")
    summary = [
        (sh.t("assessors"), ", ".join(str(a) for a in ag.get("assessors") or []), None),
        (sh.t("items"), ag.get("items"), INT_FORMAT),
        (sh.t("alpha"), alpha, SCORE_FORMAT),
        (sh.t("disagreements"), ag.get("disagreements"), INT_FORMAT),
    ]
    for i, (label, value, fmt) in enumerate(summary):
        put(sh.ws, row + i, 1, label).font = sh.st.bold
        put(sh.ws, row + i, 2, value, fmt)
        sh.note_width(1, width_of(label, None))
    put(sh.ws, row + 2, 3, alpha_reading(alpha, ctx.lang))
    if ctx.pools is not None:
        pool_agreement(ctx, sh, row + len(summary) + 1)
    sh.fit_columns()
