"""The judging pools: their settings (on Settings) and their agreement (on Agreement)."""

from __future__ import annotations

from workbench.core.measures.agreement import kappa_band
from workbench.core.report.cells import (
    INT_FORMAT,
    RATE_FORMAT,
    SCORE_FORMAT,
    Sheet,
    cell_value,
    put,
)
from workbench.core.report.context import ReportContext


def pool_settings(ctx: ReportContext, sh: Sheet, row: int) -> int:
    """The judging pools on Settings from ``row``; returns the next free row."""
    effect = ctx.pools
    pools = getattr(effect, "pools", None) or []
    sh.title(row, sh.t("pools"))
    last = sh.table(
        row + 1,
        [
            sh.t("pool_assessor"),
            sh.t("pool_depth"),
            sh.t("pool_seed"),
            sh.t("pool_questions"),
            sh.t("pool_systems"),
            sh.t("pool_items"),
            sh.t("pool_created"),
        ],
        [
            [
                p.assessor,
                p.depth,
                p.seed,
                len(p.questions),
                ", ".join(p.systems),
                len(p.items),
                p.created,
            ]
            for p in pools
        ],
        [None, INT_FORMAT, INT_FORMAT, INT_FORMAT, None, INT_FORMAT, None],
    )
    c = put(sh.ws, last + 1, 1, sh.t("pool_order_note"))
    c.font = sh.st.italic
    row = last + 3
    last = _pool_progress_table(ctx, sh, row)
    row = last + 2
    k = effect.k
    systems = list(effect.judged_after)
    last = sh.table(
        row,
        [
            sh.t("system"),
            f"Judged@{k} · {sh.t('pool_judged_before')}",
            f"Judged@{k} · {sh.t('pool_judged_after')}",
        ],
        [[x, effect.judged_before.get(x), effect.judged_after.get(x)] for x in systems],
        [None, RATE_FORMAT, RATE_FORMAT],
    )
    return last + 2


def _pool_progress_table(ctx: ReportContext, sh: Sheet, row: int) -> int:
    return sh.table(
        row,
        [
            sh.t("pool_assessor"),
            sh.t("pool_items"),
            sh.t("pool_graded"),
            sh.t("pool_cannot"),
            sh.t("pool_later"),
            sh.t("pool_waiting"),
        ],
        [
            [who, p.total, p.graded, p.cannot, p.later, p.waiting]
            for who, p in ctx.pools.assessors
        ],
        [None, *([INT_FORMAT] * 5)],
    )


def pool_agreement(ctx: ReportContext, sh: Sheet, row: int) -> None:
    sh.title(row, sh.t("pool_agreement"))
    last = _pool_progress_table(ctx, sh, row + 1)
    row = last + 2
    summary = ctx.pools.agreement
    if summary is None:
        put(sh.ws, row, 1, sh.t("pool_no_overlap")).font = sh.st.italic
        return
    rows = []
    for p in summary.pairs:
        if p.n:
            rows.append(
                [
                    p.a,
                    p.b,
                    p.n,
                    p.exact,
                    p.kappa,
                    p.kappa_quadratic,
                    kappa_band(p.kappa, ctx.lang),
                ]
            )
    sh.table(
        row,
        [
            sh.t("assessor_a"),
            sh.t("assessor_b"),
            sh.t("n"),
            sh.t("exact"),
            sh.t("kappa"),
            sh.t("kappa_quadratic"),
            sh.t("band"),
        ],
        [[cell_value(v) for v in r] for r in rows],
        [None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None],
    )
