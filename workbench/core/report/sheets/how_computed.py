"""How measures are computed: per measure its formula in words and one worked example
from this study — the best system (by the primary measure's mean) on the first
question with relevant evidence — with the numbers filled in by
:func:`workbench.core.measures.explain.explain_question`, the function behind the
app's "How was this computed?" panel; then that system's mean as a sum over N."""

from __future__ import annotations

import math

from workbench.core.measures.explain import explain_mean, explain_question, formula_words
from workbench.core.model import schema as s
from workbench.core.report.cells import SCORE_FORMAT, put
from workbench.core.report.context import ReportContext


def example_of(ctx: ReportContext) -> tuple[str, str] | None:
    """(system, question) of the worked examples: the system with the best mean of
    the primary measure, and its first question (per-question order) with R > 0."""
    r = ctx.r
    if ctx.primary not in r.aggregates.columns or not r.systems:
        return None
    means = r.aggregates[ctx.primary]
    ranked = means.dropna()
    system = str(ranked.idxmax()) if len(ranked) else str(r.systems[0])
    pq = r.per_question
    own = pq[pq[s.SYSTEM].astype(str) == system][s.QID].astype(str)
    R = r.relevant_count
    for qid in own:
        if qid in R.index and int(R[qid]) > 0:
            return system, qid
    return None


def _value(value: float) -> float | None:
    return None if math.isnan(value) else value


def write(ctx: ReportContext) -> None:
    sh = ctx.sheet("how_computed")
    ws = sh.ws
    lang = ctx.lang
    headers = [sh.t("hm_measure"), sh.t("hm_formula"), sh.t("hm_steps"), sh.t("hm_value")]
    example = example_of(ctx)
    rows = []
    if example is not None:
        system, qid = example
        for measure in ctx.r.measures:
            ctx.check()
            e = explain_question(ctx.r, system, qid, measure)
            rows.append([measure, formula_words(measure, lang), "\n".join(e.steps(lang)),
                         _value(e.value)])  # fmt: skip
        mean = explain_mean(ctx.r, system, ctx.primary)
        rows.append([f"{sh.t('hm_mean')} {ctx.primary}", "", "\n".join(mean.steps(lang)),
                     _value(mean.mean)])  # fmt: skip
    else:  # still every formula, with nothing to work through
        rows = [[m, formula_words(m, lang), "", None] for m in ctx.r.measures]
    last = sh.table(1, headers, rows, [None, None, None, SCORE_FORMAT])
    sh.wrap_column(2, 2, last, 45)
    sh.wrap_column(3, 2, last, 70)
    ws.freeze_panes = "B2"
    row = last + 2
    sh.title(row, sh.t("hm_title"))
    if example is None:
        put(ws, row + 1, 1, sh.t("hm_none"))
    else:
        put(ws, row + 1, 1, sh.t("hm_example_of").format(
            system=example[0], measure=ctx.primary, question=example[1]))  # fmt: skip
    put(ws, row + 2, 1, sh.t("hm_note"))
    sh.fit_columns()
