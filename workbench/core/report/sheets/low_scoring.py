"""Low-scoring: the worst questions per system by the primary measure, their top-K passages (grade, text, source; the 근거 문장 in bold colour) and the missed evidence."""

from __future__ import annotations

from typing import Any

import pandas as pd
from openpyxl.cell.rich_text import CellRichText, TextBlock

from workbench.core.model import grades as g
from workbench.core.model import schema as s
from workbench.core.model.evidence_text import find_spans, split_by_spans
from workbench.core.report.cells import (
    INT_FORMAT,
    SCORE_FORMAT,
    grade_number,
    put,
    score_colours,
    width_of,
)
from workbench.core.report.context import ReportContext
from workbench.core.report.data import (
    passage_lookup,
    question_types,
    snippet,
    worst_questions,
)


def _top_lists(ranking: pd.DataFrame, worst: pd.DataFrame, k: int) -> dict[tuple, pd.DataFrame]:
    """(system, question) → its top-``k`` results, for the worst questions only."""
    if not (len(worst) and len(ranking)):
        return {}
    keys = pd.MultiIndex.from_frame(worst[[s.SYSTEM, s.QID]])
    rk = ranking[ranking["position"] <= k]
    rk = rk[pd.MultiIndex.from_frame(rk[[s.SYSTEM, s.QID]]).isin(keys)]
    rk = rk.sort_values([s.SYSTEM, s.QID, "position"], kind="stable")
    return {key: grp for key, grp in rk.groupby([s.SYSTEM, s.QID], sort=False)}


def write(ctx: ReportContext) -> None:
    r = ctx.r
    sh = ctx.sheet("low_scoring")
    ws = sh.ws
    st = ctx.st
    lang = ctx.lang
    primary = ctx.primary
    k = ctx.top_k
    doc_unit = r.settings.unit == "document"
    headers = [
        sh.t("system"),
        sh.t("question_id"),
        sh.t("question"),
        sh.t("type"),
        primary,
        sh.t("kind"),
        sh.t("rank"),
        sh.t("document_id") if doc_unit else sh.t("passage_id"),
        sh.t("grade"),
        sh.t("grade_label"),
        sh.t("text"),
        sh.t("volume"),
        sh.t("lecture"),
        sh.t("page"),
        sh.t("score"),
    ]
    formats = [None, None, None, None, SCORE_FORMAT, None, INT_FORMAT, None, INT_FORMAT]
    formats += [None, None, None, None, None, None]
    sh.header(1, headers)
    ws.freeze_panes = "A2"
    lookup = passage_lookup(ctx.passages, doc_unit)
    worst = worst_questions(r, primary, ctx.low_n)
    top_lists = _top_lists(r.ranking, worst, k)
    qrels = r.qrels
    relevant = qrels[qrels["relevant"]] if len(qrels) else qrels
    rel_by_q = (
        {q: grp for q, grp in relevant.groupby(s.QID, sort=False)} if len(relevant) else {}
    )
    types = question_types(r)

    evidence_col = len(headers) + 1
    if ctx.evidence:
        sh.header(1, [sh.t("evidence_sentence")], col=evidence_col)
    row = 2
    grade_col, label_col, text_col = 9, 10, 11
    total = max(1, len(worst))
    for i, (system, q, value) in enumerate(
        worst[[s.SYSTEM, s.QID, primary]].itertuples(index=False, name=None)
    ):
        if i % 10 == 0:
            ctx.step("low_scoring", i / total)
        head = [system, q, ctx.qtext.get(q, ""), types.get(q, ""), value]
        block_first = row
        top = top_lists.get((system, q))
        shown: set[str] = set()
        lines: list[list[Any]] = []
        grades_of: list[Any] = []
        if top is None or top.empty:
            lines.append(
                [sh.t("nothing"), None, None, None, None, None, None, None, None, None]
            )
            grades_of.append("skip")
        else:
            for pos, pid, grade, score in top[["position", s.PID, s.GRADE, s.SCORE]].itertuples(
                index=False, name=None
            ):
                shown.add(pid)
                text, vol, lec, page = lookup.get(pid, ("", None, None, None))
                lines.append(
                    [
                        sh.t("retrieved"),
                        pos,
                        pid,
                        grade_number(grade),
                        g.chip_text(grade, lang),
                        snippet(text),
                        vol,
                        lec,
                        page,
                        score,
                    ]
                )
                grades_of.append(grade)
        rel = rel_by_q.get(q)
        if rel is not None:
            rel = rel[~rel[s.PID].isin(shown)].sort_values(
                [s.GRADE, s.PID], ascending=[False, True], kind="stable"
            )
            for pid, grade in rel[[s.PID, s.GRADE]].itertuples(index=False, name=None):
                text, vol, lec, page = lookup.get(pid, ("", None, None, None))
                lines.append(
                    [
                        sh.t("missed"),
                        None,
                        pid,
                        grade_number(grade),
                        g.chip_text(grade, lang),
                        snippet(text),
                        vol,
                        lec,
                        page,
                        None,
                    ]
                )
                grades_of.append(grade)
        for line, grade in zip(lines, grades_of):
            values = head + line
            for j, v in enumerate(values):
                put(ws, row, j + 1, v, formats[j] if j < len(formats) else None)
            for j, v in enumerate(values):
                sh.note_width(j + 1, width_of(v, formats[j] if j < len(formats) else None))
            if grade != "skip":
                key = grade_number(grade)
                key = None if key is None else min(max(key, 0), 3)
                for col in (grade_col, label_col):
                    c = ws.cell(row=row, column=col)
                    if col == grade_col and c.value is None:
                        # unjudged: the number cell says so in words too
                        put(ws, row, col, g.label(None, lang))
                        c = ws.cell(row=row, column=col)
                    c.fill = st.grade_fills[key]
                    c.font = st.grade_fonts[key]
                    if col == grade_col:
                        c.alignment = st.center
            for col in (3, text_col):
                ws.cell(row=row, column=col).alignment = st.wrap
            sh.wrapped.update((3, text_col))
            if ctx.evidence and line[2] is not None:
                _mark_evidence(ctx, ws, row, text_col, q, str(line[2]), evidence_col)
            row += 1
        # a rule above each question's block keeps blocks apart
        for col in range(1, len(headers) + 1):
            c = ws.cell(row=block_first, column=col)
            c.border = st.block_border
    last = row - 1
    if last >= 2:
        score_colours(ws, f"E2:E{last}")
    sh.max_width[3] = 40
    sh.max_width[text_col] = 70
    if ctx.evidence:
        sh.max_width[evidence_col] = 50
        sh.wrapped.add(evidence_col)
    sh.fit_columns()


def _mark_evidence(ctx: ReportContext, ws, row: int, text_col: int, q: str, pid: str, ev_col: int) -> None:
    """The 근거 문장 of (question, passage) in bold colour inside the passage text
    (rich text), and the sentences themselves in their own column."""
    sentences = ctx.evidence.get((str(q), pid))
    if not sentences:
        return
    c = put(ws, row, ev_col, "\n".join(sentences))
    c.alignment = ctx.st.wrap
    cell = ws.cell(row=row, column=text_col)
    text = cell.value if isinstance(cell.value, str) else ""
    spans = find_spans(text, sentences)
    if not spans:
        return

    mark = ctx.st.evidence_font
    cell.value = CellRichText(
        [TextBlock(mark, piece) if hit else piece for piece, hit in split_by_spans(text, spans)]
    )
