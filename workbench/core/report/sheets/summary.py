"""Summary: systems × measures (means, n; the best bold), the settings in one line, counts, messages, the measure legend, and two native charts."""

from __future__ import annotations

from typing import Any

from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.utils import get_column_letter

from workbench.core.model import schema as s
from workbench.core.model.problems import level_word, levels_text
from workbench.core.report.cells import (
    INT_FORMAT,
    SCORE_FORMAT,
    Sheet,
    cell_value,
    put,
    score_colours,
    show_axes,
    width_of,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    chart_measures,
    count_by_system,
    measure_info,
    recall_by_k,
    settings_line,
)


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("summary")
    ws = sh.ws
    measures = list(r.measures)
    ncol = 2 + len(measures)
    headers = [sh.t("system"), sh.t("n"), *measures]
    agg = r.aggregates
    rows = []
    for system in r.systems:
        row = agg.loc[system] if system in agg.index else None
        n = None if row is None else row.get("n")
        rows.append([system, n, *[None if row is None else row.get(m) for m in measures]])
    last = sh.table(1, headers, rows, [None, INT_FORMAT, *[SCORE_FORMAT] * len(measures)])
    ws.freeze_panes = "B2"
    if measures and r.systems:
        first_col, last_col = get_column_letter(3), get_column_letter(ncol)
        score_colours(ws, f"{first_col}2:{last_col}{last}")
        # bold marks the best system per measure (ties all bold)
        for j, m in enumerate(measures):
            hib = measure_info(m, "en")[2]
            vals = [
                v for v in (cell_value(x[2 + j]) for x in rows) if isinstance(v, float | int)
            ]
            if len(vals) < 2:
                continue
            best = max(vals) if hib else min(vals)
            for i, x in enumerate(rows):
                if cell_value(x[2 + j]) == best:
                    ws.cell(row=2 + i, column=3 + j).font = sh.st.bold
    row = last + 1
    c = put(ws, row, 1, sh.t("best_note"))
    c.font = sh.st.italic

    # settings in one line, so a reader of the first sheet knows what the numbers mean
    row += 2
    sh.title(row, sh.t("settings_line"))
    put(ws, row, 2, settings_line(r.settings, ctx.lang))

    # counts; long labels sit right of their number and overflow into the
    # empty cells beside them, so they do not widen the score columns above
    row += 2
    sh.title(row, sh.t("counts"))
    answerable = int(r.per_question[s.QID].nunique()) if len(r.per_question) else 0
    put(ws, row + 1, 1, answerable, INT_FORMAT)
    put(ws, row + 1, 2, sh.t("answerable"))
    put(ws, row + 2, 1, len(r.unanswerable), INT_FORMAT)
    put(ws, row + 2, 2, sh.t("unanswerable"))
    row += 4
    miss = count_by_system(r.missing, r.systems)
    only = count_by_system(r.run_only, r.systems)
    row = sh.table(
        row,
        [sh.t("system"), sh.t("missing_count"), sh.t("run_only_count")],
        [[sys_, miss[sys_], only[sys_]] for sys_ in r.systems],
        [None, INT_FORMAT, INT_FORMAT],
    )

    # errors, warnings and info: shown, never hidden, the three counted apart (a
    # normal event such as "both judgment sheets were read" is no warning)
    row += 2
    sh.title(row, f"{sh.t('messages')} ({levels_text(r.warnings, ctx.lang)})")
    row += 1
    if not r.warnings:
        put(ws, row, 1, sh.t("no_messages"))
    for p in r.warnings:
        put(ws, row, 1, level_word(p.severity, ctx.lang))
        put(ws, row, 2, p.message(ctx.lang))
        row += 1

    # legend
    row += 1
    sh.title(row, sh.t("legend"))
    for m in measures:
        row += 1
        name, explanation = measure_info(m, ctx.lang)[:2]
        put(ws, row, 1, m)
        put(ws, row, 2, f"{name}: {explanation}" if explanation else name)
        sh.note_width(1, width_of(m, None))

    # chart data and charts
    row += 2
    _summary_charts(ctx, sh, row)
    sh.fit_columns()


def _summary_charts(ctx: ReportContext, sh: Sheet, row: int) -> None:
    """Two native charts over real cells of this sheet: measure means
    (bar, one series per system) and Recall@K over K (line)."""
    r = ctx.r
    ws = sh.ws
    systems = list(r.systems)
    if not systems:
        return
    sh.title(row, sh.t("chart_data"))
    charted = chart_measures(r.measures)
    agg = r.aggregates

    def value(system: str, m: str) -> Any:
        return agg.loc[system, m] if system in agg.index and m in agg.columns else None

    bar_top = row + 1
    anchor_col = get_column_letter(len(systems) + 3)
    if charted:
        last = sh.table(
            bar_top,
            [sh.t("measure"), *systems],
            [[m, *[value(x, m) for x in systems]] for m in charted],
            [None, *[SCORE_FORMAT] * len(systems)],
        )
        bar = BarChart()
        bar.type = "col"
        bar.title = sh.t("bar_title")
        bar.y_axis.title = sh.t("mean")
        bar.y_axis.scaling.min = 0
        bar.y_axis.scaling.max = 1
        data = Reference(ws, min_col=2, max_col=1 + len(systems), min_row=bar_top, max_row=last)
        cats = Reference(ws, min_col=1, min_row=bar_top + 1, max_row=last)
        bar.add_data(data, titles_from_data=True)
        bar.set_categories(cats)
        # measure names are text: a string reference shows them as labels
        for series in bar.series:
            series.cat = AxDataSource(strRef=StrRef(f=series.cat.numRef.f))
        bar.width, bar.height = 18, 9
        show_axes(bar)
        ws.add_chart(bar, f"{anchor_col}{bar_top}")
        row = last + 2
    else:
        row = bar_top

    recall = recall_by_k(r.measures)
    if recall:
        line_top = max(row, bar_top + 20 if charted else row)
        last = sh.table(
            line_top,
            ["K", *systems],
            [[k, *[value(x, m) for x in systems]] for k, m in recall],
            [INT_FORMAT, *[SCORE_FORMAT] * len(systems)],
        )
        line = LineChart()
        line.title = sh.t("line_title")
        line.x_axis.title = "K"
        line.y_axis.title = "Recall@K"
        line.y_axis.scaling.min = 0
        line.y_axis.scaling.max = 1
        data = Reference(
            ws, min_col=2, max_col=1 + len(systems), min_row=line_top, max_row=last
        )
        cats = Reference(ws, min_col=1, min_row=line_top + 1, max_row=last)
        line.add_data(data, titles_from_data=True)
        line.set_categories(cats)
        for series in line.series:
            series.marker.symbol = "circle"
            series.smooth = False
        line.width, line.height = 18, 9
        show_axes(line)
        ws.add_chart(line, f"{anchor_col}{line_top}")
