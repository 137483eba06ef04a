"""Diagnosis: the seeds' rules applied per system, what could not be checked, the thresholds, and the K advice."""

from __future__ import annotations

from workbench.core.model.number_text import ids_text
from workbench.core.protocol.diagnosis import (
    THRESHOLDS,
    DiagnosisSettings,
    rule,
)
from workbench.core.report.cells import (
    INT_FORMAT,
    put,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    finding_number,
    stage_text,
)


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("diagnosis")
    ws = sh.ws
    lang = ctx.lang
    diag = ctx.diagnosis
    rows = []
    for f in diag.findings:
        ids = list(f.question_ids)
        shown = ids_text(ids, shown=30)
        numbers = "; ".join(finding_number(k, v) for k, v in f.values.items())
        rows.append(
            [
                f.system,
                stage_text(f.stage, lang),
                rule(f.rule).title(lang),
                f.sentence(lang),
                len(ids),
                shown,
                numbers,
                ", ".join(f.named_types),
            ]
        )
    last = sh.table(
        1,
        [
            sh.t("system"),
            sh.t("stage"),
            sh.t("rule"),
            sh.t("sentence"),
            sh.t("n_questions"),
            sh.t("question_ids"),
            sh.t("numbers"),
            sh.t("types_named"),
        ],
        rows,
        [None, None, None, None, INT_FORMAT, None, None, None],
    )
    ws.freeze_panes = "B2"
    sh.wrap_column(4, 2, last, 80)
    sh.wrap_column(6, 2, last, 30)
    sh.wrap_column(7, 2, last, 30)
    row = last + 1
    c = put(ws, row, 1, sh.t("diag_note"))
    c.font = sh.st.italic

    row += 2
    sh.title(row, f"{sh.t('not_checked')} ({len(diag.not_checked)})")
    row = sh.table(
        row + 1,
        [sh.t("rule"), sh.t("system"), sh.t("reason")],
        [[rule(n.rule).title(lang), n.system or "", n.reason(lang)] for n in diag.not_checked],
    )
    row += 2
    sh.title(row, sh.t("thresholds"))
    defaults = DiagnosisSettings()
    st = diag.settings
    row = sh.table(
        row + 1,
        [sh.t("threshold"), sh.t("key"), sh.t("value"), sh.t("default"), sh.t("meaning")],
        [
            [t.label(lang), t.name, st.text(t.name), defaults.text(t.name), t.help(lang)]
            for t in THRESHOLDS
        ],
    )
    row += 2
    sh.title(row, sh.t("k_advice"))
    advice_rows = []
    for system in r.systems:
        a = diag.k_advice.get(str(system))
        if a is None:
            continue
        steps = " · ".join(f"@{k} {v:.3f}" for k, v in zip(a.ladder, a.recall))
        advice_rows.append(
            [
                system,
                a.depth,
                steps,
                a.advised_k,
                sh.t("yes") if a.growing else "",
                a.advised_k,
                a.passages_total,
                a.saved_per_question,
            ]
        )
    sh.table(
        row + 1,
        [
            sh.t("system"),
            sh.t("depth"),
            sh.t("ladder"),
            sh.t("advised_k"),
            sh.t("growing"),
            sh.t("per_q"),
            sh.t("total"),
            sh.t("saved"),
        ],
        advice_rows,
        [None, INT_FORMAT, None, INT_FORMAT, None, INT_FORMAT, INT_FORMAT, INT_FORMAT],
    )
    sh.fit_columns(default_max=60)
