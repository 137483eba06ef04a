"""Agreement: Cohen's κ per pair of assessors, Krippendorff's α, and the judging pools' agreement."""

from __future__ import annotations

from workbench.core.model.readings import alpha_reading, kappa_reading
from workbench.core.report.cells import (
    INT_FORMAT,
    RATE_FORMAT,
    SCORE_FORMAT,
    Sheet,
    put,
    width_of,
)
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
    row += len(summary) + 1
    if ctx.by_assessor is not None and ctx.by_assessor.computed:
        row = by_assessor_block(ctx, sh, row) + 2
    if ctx.pools is not None:
        pool_agreement(ctx, sh, row)
    sh.fit_columns()


def by_assessor_block(ctx: ReportContext, sh: Sheet, row: int) -> int:
    """The systems ranked by the resolved grades and by each assessor's alone, τ
    against the resolved order, and the sentence saying whether the first place
    moves; returns the last row written."""
    ranked = ctx.by_assessor
    sh.title(row, f"{sh.t('by_assessor')} ({ranked.measure})")
    put(sh.ws, row + 1, 1, ranked.sentence(ctx.lang)).font = sh.st.bold
    systems = list(ranked.resolved.scores)
    rows = []
    for r in [ranked.resolved, *ranked.assessors]:
        who = sh.t("assessor_alone").format(name=r.assessor) if r.assessor else sh.t(
            "resolved_grades"
        )
        rows.append(
            [
                who,
                r.questions,
                " > ".join(r.order),
                r.tau if r.assessor else None,
                *(r.scores[s] for s in systems),
            ]
        )
    last = sh.table(
        row + 2,
        [sh.t("grades_used"), sh.t("questions_scored"), sh.t("system_order"), sh.t("kendall_tau")]
        + systems,
        rows,
        [None, INT_FORMAT, None, SCORE_FORMAT] + [SCORE_FORMAT] * len(systems),
    )
    put(sh.ws, last + 1, 1, sh.t("by_assessor_note")).font = sh.st.italic
    return last + 1
