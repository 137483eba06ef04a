"""System cards: every system's card and the warnings when their settings differ."""

from __future__ import annotations

from workbench.core.protocol.system_cards import (
    CARD_FIELDS,
    FIELD_LABELS,
    STAGE_LABELS,
    SystemCard,
    comparability_warnings,
)
from workbench.core.report.cells import (
    INT_FORMAT,
    put,
)
from workbench.core.report.context import ReportContext


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("systems")
    ws = sh.ws
    lang = ctx.lang
    i = 0 if lang == "ko" else 1
    rows = []
    for system in r.systems:
        card = ctx.cards.get(str(system)) or SystemCard()
        values = []
        for name in CARD_FIELDS:
            v = card.value(name)
            if name == "stage" and v:
                v = STAGE_LABELS[v][i]
            values.append(None if v in ("", None) else v)
        origin = (
            sh.t("from_app")
            if str(system) in ctx.typed_cards
            else sh.t("from_file")
            if not card.empty
            else sh.t("no_card")
        )
        rows.append([system, *values, origin])
    last = sh.table(
        1,
        [sh.t("system"), *[FIELD_LABELS[n][i] for n in CARD_FIELDS], sh.t("card_from")],
        rows,
        [None, None, None, None, INT_FORMAT, INT_FORMAT, None, INT_FORMAT, None, None, None],
    )
    ws.freeze_panes = "B2"
    sh.wrap_column(1 + len(CARD_FIELDS), 2, last, 40)  # the note
    row = last + 2
    sh.title(row, sh.t("comparability"))
    warnings = comparability_warnings({str(k): v for k, v in ctx.cards.items()})
    if not warnings:
        put(ws, row + 1, 1, sh.t("cards_ok"))
    for j, w in enumerate(warnings, start=1):
        put(ws, row + j, 1, w.text(lang))
    sh.fit_columns()
