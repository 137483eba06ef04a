"""Answers: rating means per system and type, paired tests, the raters' agreement, the rubric, every answer's scores and every rater's rating."""

from __future__ import annotations

from collections.abc import Callable

from workbench.core.model import schema as s
from workbench.core.model.readings import alpha_reading, kappa_reading
from workbench.core.protocol.answer_results import rubric_rows
from workbench.core.report.cells import (
    INT_FORMAT,
    P_FORMAT,
    RATE2,
    RATE_FORMAT,
    SCORE_FORMAT,
    Sheet,
    put,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.words import at


def write(ctx: ReportContext) -> None:
    """Rating means per system (and type) with CIs, paired tests, the raters'
    agreement, the rubric, every answer's scores, every rater's rating."""

    rep = ctx.answers
    sh = ctx.sheet("answers")
    ws = sh.ws
    lang = ctx.lang
    rubric = rep.rubric

    def crit(key: str) -> str:
        return at("rating", lang) if key == "rating" else rubric.name_of(key)

    keys = [*rubric.keys, "rating"]
    sh.title(1, at("means", lang))
    rows = []
    by = rep.by_system
    for system in rep.systems:
        for key in keys:
            hit = by[(by["system"] == system) & (by["criterion"] == key)] if len(by) else by
            if len(hit) and int(hit.iloc[0]["n"]):
                h = hit.iloc[0]
                rows.append([system, crit(key), h["mean"], h["ci_low"], h["ci_high"], h["n"]])
    headers = [sh.t("system"), at("criterion", lang), sh.t("mean"), sh.t("ci_low")]
    headers += [sh.t("ci_high"), sh.t("n")]
    last = sh.table(2, headers, rows, [None, None, RATE2, RATE2, RATE2, INT_FORMAT])
    row = last + 1
    put(ws, row, 1, at("means_note", lang)).font = sh.st.italic

    if len(rep.by_type):
        row += 2
        sh.title(row, at("by_type", lang))
        rows = [
            [
                r["question_type"] or sh.t("no_type"),
                r["system"],
                crit(r["criterion"]),
                r["mean"],
                r["ci_low"],
                r["ci_high"],
                r["n"],
            ]
            for r in rep.by_type.to_dict("records")
            if int(r["n"])
        ]
        last = sh.table(
            row + 1,
            [sh.t("type"), *headers],
            rows,
            [None, None, None, RATE2, RATE2, RATE2, INT_FORMAT],
        )
        row = last + 1

    row = _tests_and_agreement(ctx, sh, crit, row)
    row = _rubric_and_answers(ctx, sh, row)
    _raters(ctx, sh, row)


def _tests_and_agreement(
    ctx: ReportContext, sh: Sheet, crit: Callable[[str], str], row: int
) -> int:
    """The paired tests and the raters' agreement per criterion, from ``row``."""
    rep = ctx.answers
    lang = ctx.lang
    if len(rep.comparisons):
        row += 2
        sh.title(row, at("tests", lang))
        rows = []
        sentence = f"sentence_{lang}"
        for r in rep.comparisons.to_dict("records"):
            rows.append(
                [
                    r["criterion_name"],
                    r["baseline"],
                    r["system"],
                    r["n"],
                    r["mean_diff"],
                    r["ci_low"],
                    r["ci_high"],
                    r["p_adjusted"],
                    r[sentence],
                ]
            )
        last = sh.table(
            row + 1,
            [
                at("criterion", lang),
                sh.t("baseline"),
                sh.t("system"),
                sh.t("n"),
                sh.t("mean_diff"),
                sh.t("ci_low"),
                sh.t("ci_high"),
                sh.t("p_adjusted"),
                at("sentence", lang),
            ],
            rows,
            [None, None, None, INT_FORMAT, RATE2, RATE2, RATE2, P_FORMAT, None],
        )
        sh.wrap_column(9, row + 2, last, 70)
        row = last + 1

    agreement = [(k, v) for k, v in rep.agreement.items() if len(v.assessors) >= 2]
    if agreement:
        row += 2
        sh.title(row, at("agreement", lang))
        rows = []
        for key, summary in agreement:
            for pair in summary.pairs:
                rows.append(
                    [
                        crit(key) if key != "all" else at("all_criteria", lang),
                        pair.a,
                        pair.b,
                        pair.n,
                        pair.exact,
                        pair.kappa,
                        pair.kappa_quadratic,
                        kappa_reading(pair.kappa_quadratic, lang),
                        summary.alpha_ordinal,
                        alpha_reading(summary.alpha_ordinal, lang),
                        summary.disagreements,
                    ]
                )
        last = sh.table(
            row + 1,
            [
                at("criterion", lang),
                sh.t("assessor_a"),
                sh.t("assessor_b"),
                sh.t("n"),
                sh.t("exact"),
                sh.t("kappa"),
                sh.t("kappa_quadratic"),
                sh.t("band_quadratic"),
                sh.t("alpha"),
                sh.t("alpha_band"),
                sh.t("disagreements"),
            ],
            rows,
            [None, None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT]
            + [None, SCORE_FORMAT, None, INT_FORMAT],
        )
        row = last + 1

    return row


def _rubric_and_answers(ctx: ReportContext, sh: Sheet, row: int) -> int:
    """The rubric and every answer's scores, from ``row``."""
    rep = ctx.answers
    lang = ctx.lang
    rubric = rep.rubric
    row += 2
    sh.title(row, at("rubric", lang))

    last = sh.table(
        row + 1,
        [at("criterion", lang), sh.t("key"), at("applies", lang), at("level", lang)]
        + [at("description", lang)],
        rubric_rows(rubric, lang),
        [None, None, None, INT_FORMAT, None],
    )
    sh.wrap_column(5, row + 2, last, 70)
    row = last + 1

    row += 2
    sh.title(row, at("per_answer", lang))
    rows = []
    for r in rep.answers.to_dict("records"):
        rows.append(
            [
                r[s.QID],
                ctx.qtext.get(r[s.QID], ""),
                r[s.QTYPE],
                r["system"],
                sh.t("yes") if r["answerable"] else "",
                *[r.get(k) for k in rubric.keys],
                r.get("rating"),
            ]
        )
    start = row + 1
    last = sh.table(
        start,
        [
            sh.t("question_id"),
            sh.t("question"),
            sh.t("type"),
            sh.t("system"),
            sh.t("answerable"),
            *[c.name for c in rubric.criteria],
            at("rating", lang),
        ],
        rows,
        [None, None, None, None, None, *[RATE2] * (len(rubric.keys) + 1)],
    )
    sh.wrap_column(2, start + 1, last, 40)
    row = last + 1

    return row


def _raters(ctx: ReportContext, sh: Sheet, row: int) -> None:
    """Every rater's scores and the answers' warnings, from ``row``; then the panes."""
    rep = ctx.answers
    ws = sh.ws
    lang = ctx.lang
    rubric = rep.rubric
    row += 2
    sh.title(row, at("raters", lang))
    rows = []
    rated = rep.rated
    if len(rated):
        for (q, shown, who), group in rated.groupby([s.QID, "shown", s.ASSESSOR], sort=False):
            by_key = dict(zip(group["criterion"], group["score"]))
            notes = "; ".join(n for n in dict.fromkeys(group[s.NOTE].astype(str)) if n)
            times = sorted(t for t in group["time"].astype(str) if t)
            rows.append(
                [
                    q,
                    shown,
                    who,
                    *[by_key.get(k) for k in rubric.keys],
                    notes,
                    times[-1] if times else "",
                ]
            )
    sh.table(
        row + 1,
        [
            sh.t("question_id"),
            sh.t("system"),
            sh.t("assessors"),
            *[c.name for c in rubric.criteria],
            sh.t("note"),
            at("time", lang),
        ],
        rows,
        [None, None, None, *[INT_FORMAT] * len(rubric.keys), None, None],
    )
    if rep.warnings:
        row = ws.max_row + 2
        sh.title(row, sh.t("warnings"))
        for i, problem in enumerate(rep.warnings, start=1):
            put(ws, row + i, 1, problem.message(lang))
    ws.freeze_panes = "A3"
    sh.fit_columns()
