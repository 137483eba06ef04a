"""Settings: every choice that changes a number, the inputs, the read choices, the pools, and the decisions per kind."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workbench.core.protocol.decisions import count_by_kind, kind_label
from workbench.core.protocol.diagnosis import (
    THRESHOLDS,
)
from workbench.core.report.cells import (
    Sheet,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    setting_meaning,
    setting_value,
)
from workbench.core.report.sheets.pools import pool_settings
from workbench.core.report.words import READ_CHOICE_CODES, SETTING_LABELS, at


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("settings")
    lang = ctx.lang
    rows: list[list[Any]] = []
    for key, value in r.settings.to_dict().items():
        label = SETTING_LABELS.get(key, (key, key))[0 if lang == "ko" else 1]
        rows.append([label, key, setting_value(value), setting_meaning(key, value, lang)])
    none = sh.t("none")
    for t in THRESHOLDS:
        rows.append(
            [
                f"{sh.t('thresholds')}: {t.label(lang)}",
                f"diagnosis.{t.name}",
                ctx.diagnosis_settings.text(t.name),
                t.help(lang),
            ]
        )
    rows += [
        [sh.t("sig_test"), "test", ctx.test if ctx.test else none, ""],
        [sh.t("seed"), "seed", ctx.seed if ctx.seed is not None else none, ""],
        [sh.t("primary"), "primary_measure", ctx.primary, ""],
        [sh.t("low_n"), "low_n", ctx.low_n, f"K = {ctx.top_k}"],
        [sh.t("measures_used"), "measures", ", ".join(r.measures), ""],
        [sh.t("app_version"), "app_version", ctx.app_version, ""],
        [
            sh.t("written_at"),
            "written_at",
            datetime.now().astimezone().isoformat(timespec="seconds"),
            "",
        ],
    ]
    if ctx.answers is not None:
        options = ctx.answers.options
        rows += [
            [
                at("phrases", lang),
                "abstention_phrases",
                ", ".join(options.abstention_phrases) or none,
                at("phrases_meaning", lang),
            ],
            [
                at("policy", lang),
                "answer_policy",
                options.policy,
                setting_meaning("resolution", options.policy, lang),
            ],
            [at("answer_seed", lang), "answer_seed", ctx.answers.seed, ""],
        ]
    rows += _decision_settings(ctx, sh)
    last = sh.table(1, [sh.t("item"), sh.t("key"), sh.t("value"), sh.t("meaning")], rows)
    sh.ws.freeze_panes = "A2"
    row = last + 2
    sh.title(row, sh.t("inputs"))
    last_input = sh.table(
        row + 1,
        [sh.t("file"), sh.t("sheet"), sh.t("sha256")],
        [[src.name, src.sheet or "", src.sha256] for src in ctx.sources],
    )
    end = last
    choices = [w for w in r.warnings if w.code in READ_CHOICE_CODES]
    if choices:
        row = last_input + 2
        sh.title(row, sh.t("read_choices"))
        end = sh.table(
            row + 1,
            [sh.t("file"), sh.t("sheet"), sh.t("first_row"), sh.t("what")],
            [[w.file, w.sheet or "", w.row, w.text(lang)] for w in choices],
        )
    if ctx.pools is not None:
        pool_settings(ctx, sh, max(end, last_input) + 2)
    sh.wrap_column(3, 2, last, 70)  # the measure list is long: wrap, don't overflow
    sh.wrap_column(4, 2, end, 60)
    sh.fit_columns(default_max=70)


def _decision_settings(ctx: ReportContext, sh: Sheet) -> list[list[Any]]:
    """Settings rows: how many decisions of each kind, pointing to their sheet."""
    counts = count_by_kind(ctx.decisions)
    title = sh.t("decisions_settings")
    sheet = ctx.names["decisions"]
    listed = "decisions" in ctx.keys
    if not counts:
        return [[title, "decisions", 0, sh.t("no_decisions")]]
    rows = []
    for kind, n in counts.items():
        label = kind_label(kind, ctx.lang)
        if ctx.lang == "ko":
            line = f"{label} {n}건" + (f" — '{sheet}' 시트 참조" if listed else "")
        else:
            line = f"{label}: {n}" + (f" — see the '{sheet}' sheet" if listed else "")
        rows.append([f"{title}: {label}", f"decisions.{kind}", n, line])
    return rows
