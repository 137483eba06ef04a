"""Agreement: Cohen's κ per pair of assessors, Krippendorff's α, and the judging pools' agreement."""

from __future__ import annotations

from workbench.core.model.readings import ALPHA, WEIGHTED_KAPPA, alpha_reading, kappa_reading
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
    if ctx.standards is not None and ctx.standards.computed:
        row = standards_block(ctx, sh, row) + 2
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


def standards_block(ctx: ReportContext, sh: Sheet, row: int) -> int:
    """Each assessor's items, mean grade and grade distribution; per pair who grades
    more generously, the difference of means and weighted κ with their intervals;
    α with its interval; the confusion matrix of every pair; how the intervals were
    drawn. Returns the last row written."""
    std = ctx.standards
    lang = ctx.lang
    sh.title(row, sh.t("standards"))
    scale = std.scale
    grade_headers = []
    for g in scale:
        grade_headers += [sh.t("grade_count").format(grade=g), sh.t("grade_share").format(grade=g)]
    rows = []
    for a in std.assessors:
        shares = a.shares
        cells = [a.assessor, a.items, a.mean]
        for g in scale:
            cells += [a.counts[g], shares[g]]
        rows.append(cells)
    last = sh.table(
        row + 1,
        [sh.t("assessor"), sh.t("items_judged"), sh.t("mean_grade"), *grade_headers],
        rows,
        [None, INT_FORMAT, SCORE_FORMAT] + [INT_FORMAT, RATE_FORMAT] * len(scale),
    )
    row = last + 2
    for pair in std.pairs:
        put(sh.ws, row, 1, pair.sentence(lang)).font = sh.st.bold
        row += 1
    rows = []
    for pair in std.pairs:
        d_ci, k_ci = pair.mean_difference_ci, pair.kappa_quadratic_ci
        rows.append(
            [
                pair.a,
                pair.b,
                pair.n,
                pair.mean_a,
                pair.mean_b,
                pair.mean_difference,
                d_ci.low if d_ci.defined else None,
                d_ci.high if d_ci.defined else None,
                pair.kappa_quadratic,
                k_ci.low if k_ci.defined else None,
                k_ci.high if k_ci.defined else None,
                " ".join(x for x in (k_ci.reading(WEIGHTED_KAPPA, lang), k_ci.caveat(lang)) if x),
            ]
        )
    last = sh.table(
        row + 1,
        [
            sh.t("assessor_a"),
            sh.t("assessor_b"),
            sh.t("items_both"),
            sh.t("mean_a"),
            sh.t("mean_b"),
            sh.t("mean_difference"),
            sh.t("ci_low"),
            sh.t("ci_high"),
            sh.t("kappa_quadratic"),
            sh.t("ci_kappa_low"),
            sh.t("ci_kappa_high"),
            sh.t("ci_reading"),
        ],
        rows,
        [None, None, INT_FORMAT] + [SCORE_FORMAT] * 8 + [None],
    )
    a_ci = std.alpha_ci
    last = sh.table(
        last + 2,
        [sh.t("statistic"), sh.t("value"), sh.t("ci_low"), sh.t("ci_high"), sh.t("ci_reading")],
        [
            [
                sh.t("alpha"),
                std.alpha_ordinal,
                a_ci.low if a_ci.defined else None,
                a_ci.high if a_ci.defined else None,
                " ".join(x for x in (a_ci.reading(ALPHA, lang), a_ci.caveat(lang)) if x),
            ]
        ],
        [None, SCORE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None],
    )
    row = last + 2
    for pair in std.pairs:
        sh.title(row, sh.t("confusion_title").format(a=pair.a, b=pair.b))
        cm = pair.confusion
        last = sh.table(
            row + 1,
            [f"{pair.a} \\ {pair.b}", *(str(g) for g in cm.columns)],
            [[int(g), *(int(v) for v in cm.loc[g])] for g in cm.index],
            [INT_FORMAT] * (len(cm.columns) + 1),
        )
        row = last + 2
    put(sh.ws, row, 1, sh.t("bootstrap_note").format(
        replicates=std.replicates, seed=std.seed
    )).font = sh.st.italic
    return row
