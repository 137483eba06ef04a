"""Stages: the stage measures side by side and what the later stage dropped."""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from workbench.core.model import grades as g
from workbench.core.model import schema as s
from workbench.core.protocol.stages import stage_losses, stage_measures
from workbench.core.report.cells import (
    INT_FORMAT,
    SCORE_FORMAT,
    grade_number,
    is_nan,
    score_colours,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    stage_text,
)


def write(ctx: ReportContext) -> None:

    r = ctx.r
    sh = ctx.sheet("stages")
    ws = sh.ws
    lang = ctx.lang
    row = 1
    for plan in ctx.plans:
        sh.title(row, f"{sh.t('pipeline')}: {plan.pipeline or '—'}")
        table = stage_measures(r, plan)
        names = [
            c
            for c in table.columns
            if c not in ("stage", "system", "depth", "n", "stage_measure")
        ]
        first = row + 2
        last = sh.table(
            row + 1,
            [sh.t("stage"), sh.t("system"), "K", sh.t("n"), *names, sh.t("stage_measure")],
            [
                [
                    stage_text(rec["stage"], lang),
                    rec["system"],
                    rec["depth"],
                    rec["n"],
                    *[rec[m] for m in names],
                    rec["stage_measure"],
                ]
                for rec in table.to_dict("records")
            ],
            [None, None, INT_FORMAT, INT_FORMAT, *[SCORE_FORMAT] * len(names), None],
        )
        score_colours(ws, f"E{first}:{get_column_letter(4 + len(names))}{last}")
        for j, rec in enumerate(table.to_dict("records")):
            own = names.index(rec["stage_measure"]) if rec["stage_measure"] in names else -1
            if own >= 0:
                ws.cell(row=first + j, column=5 + own).font = sh.st.bold
        row = last + 2
        for earlier, later in plan.pairs:
            sh.title(
                row,
                f"{sh.t('stage_losses')}: {earlier.system} (top {earlier.depth}) → "
                f"{later.system} (top {later.depth})",
            )
            losses = stage_losses(r, earlier, later)
            lines = []
            for rec in losses.to_dict("records"):
                lines.append(
                    [
                        rec[s.QID],
                        rec[s.QTYPE],
                        rec[s.PID],
                        grade_number(rec[s.GRADE]),
                        g.role_label(rec[s.ROLE], lang) if rec[s.ROLE] else "",
                        sh.t("kind_lost") if rec["kind"] == "lost" else sh.t("kind_gained"),
                        None if is_nan(rec["from_position"]) else int(rec["from_position"]),
                        None if is_nan(rec["to_position"]) else int(rec["to_position"]),
                    ]
                )
            row = sh.table(
                row + 1,
                [
                    sh.t("question_id"),
                    sh.t("type"),
                    sh.t("passage_id"),
                    sh.t("grade"),
                    sh.t("role"),
                    sh.t("kind"),
                    sh.t("from_pos"),
                    sh.t("to_pos"),
                ],
                lines,
                [None, None, None, INT_FORMAT, None, None, INT_FORMAT, INT_FORMAT],
            )
            row += 2
    sh.fit_columns()
