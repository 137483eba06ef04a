"""Significance: the paired tests between systems."""

from __future__ import annotations

from workbench.core.report.cells import (
    INT_FORMAT,
    P_FORMAT,
    SCORE_FORMAT,
    is_nan,
    put,
)
from workbench.core.report.context import ReportContext

#: a difference is marked significant when the (adjusted) p-value is below this
ALPHA = 0.05


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("significance")
    cmp_ = ctx.comparisons
    fields = [
        ("metric", "measure", None),
        ("baseline", "baseline", None),
        ("system", "system", None),
        ("n", "n", INT_FORMAT),
        ("mean_diff", "mean_diff", SCORE_FORMAT),
        ("ci_low", "ci_low", SCORE_FORMAT),
        ("ci_high", "ci_high", SCORE_FORMAT),
        ("p_value", "p_value", P_FORMAT),
        ("p_adjusted", "p_adjusted", P_FORMAT),
        ("test", "test", None),
        ("wins", "wins", INT_FORMAT),
        ("ties", "ties", INT_FORMAT),
        ("losses", "losses", INT_FORMAT),
    ]
    present = [f for f in fields if f[0] in cmp_.columns]
    yes = sh.t("yes")
    rows = []
    for values in cmp_.itertuples(index=False, name=None):
        d = dict(zip(cmp_.columns, values))
        p = d.get("p_adjusted", d.get("p_value"))
        sig = yes if isinstance(p, float | int) and not is_nan(p) and p < ALPHA else ""
        rows.append([d.get(f[0]) for f in present] + [sig])
    last = sh.table(
        1,
        [sh.t(f[1]) for f in present] + [sh.t("significant")],
        rows,
        [f[2] for f in present] + [None],
    )
    sh.ws.freeze_panes = "A2"
    c = put(sh.ws, last + 2, 1, sh.t("sig_note"))
    c.font = sh.st.italic
    extra = []
    if ctx.test:
        extra.append(f"{sh.t('sig_test')}: {ctx.test}")
    if ctx.seed is not None:
        extra.append(f"{sh.t('seed')}: {ctx.seed}")
    if extra:
        put(sh.ws, last + 3, 1, " · ".join(extra))
    sh.fit_columns()
