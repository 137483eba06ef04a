"""Tables declared once as column specs, written to a sheet and to CSV alike.

A :class:`Column` says its header in Korean and English (and in the CSV, when
that differs), how to get its value from a row record, what kind of value it is
(text, a number, a yes/no mark), its Excel number format, and how wide it may
grow. :func:`write_sheet_table` and :func:`write_csv_table` write the same
columns; colours, wrapping and widths are placed by the spec, not by counted
column letters."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from openpyxl.utils import get_column_letter

from workbench.core.io.cells import FORMULA_PREFIXES
from workbench.core.model import schema as s
from workbench.core.model.results import Results
from workbench.core.report.cells import SCORE_FORMAT, Sheet, score_colours
from workbench.core.report.data import per_question_ordered
from workbench.core.report.words import T, words

#: a CSV cell starting with one of these is run as a formula by spreadsheets
CSV_FORMULA_PREFIXES = FORMULA_PREFIXES

TEXT, NUMBER, MARK = "text", "number", "mark"


def csv_safe(value: Any) -> str:
    """Text for a CSV cell from input: a leading ``'`` when it starts with
    ``= + - @``, tab or CR, so no spreadsheet runs it as a formula."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return ""
    text = str(value)
    return "'" + text if text.startswith(CSV_FORMULA_PREFIXES) else text


def csv_number(value: Any) -> str:
    if value is None or value is pd.NA:
        return ""
    try:
        x = float(value)
    except (TypeError, ValueError):
        return csv_safe(value)
    if math.isnan(x):
        return ""
    # repr keeps every digit: the number reads back exactly
    return repr(x)


@dataclass(frozen=True)
class Column:
    """One column of a table."""

    #: header (Korean, English) on the sheet
    header: tuple[str, str]
    #: the cell's value from a row record
    value: Callable[[Any], Any]
    #: TEXT (input text, protected in CSV), NUMBER (full precision in CSV) or
    #: MARK (a yes/no: the word "yes" or empty on the sheet, 1/0 in CSV)
    kind: str = TEXT
    #: Excel number format
    fmt: str | None = None
    #: header (Korean, English) in the CSV, when it differs from the sheet's
    csv_header: tuple[str, str] | None = None
    #: widest the sheet column may grow (None: the sheet's default)
    max_width: int | None = None
    #: the text wraps (up to ``max_width``) and rows take its height
    wrap: bool = False
    #: coloured by the score scale (0 red → 1 green)
    scored: bool = False

    def title(self, lang: str) -> str:
        return self.header[0] if lang == "ko" else self.header[1]

    def csv_title(self, lang: str) -> str:
        pair = self.csv_header or self.header
        return pair[0] if lang == "ko" else pair[1]

    def sheet_value(self, record: Any, yes: str) -> Any:
        v = self.value(record)
        if self.kind == MARK:
            return yes if v else ""
        return v

    def csv_value(self, record: Any) -> str:
        v = self.value(record)
        if self.kind == MARK:
            return "1" if v else "0"
        if self.kind == NUMBER:
            return csv_number(v)
        return csv_safe(v)


def write_sheet_table(
    sh: Sheet,
    top: int,
    columns: Sequence[Column],
    records: Iterable[Any],
    check: Callable[[int], None] | None = None,
) -> int:
    """Header at ``top`` and one row per record below, formats by spec; returns the
    last row written. Call :func:`finish_sheet_table` once the rows are in."""
    yes = words("yes", sh.lang)
    return sh.table(
        top,
        [c.title(sh.lang) for c in columns],
        ([c.sheet_value(rec, yes) for c in columns] for rec in records),
        [c.fmt for c in columns],
        check=check,
    )


def finish_sheet_table(sh: Sheet, columns: Sequence[Column], first: int, last: int) -> None:
    """Score colours, wrapping and widest widths of the rows ``first``–``last``,
    each at the column its spec says."""
    scored = [i for i, c in enumerate(columns, start=1) if c.scored]
    if scored and last >= first:
        left, right = get_column_letter(min(scored)), get_column_letter(max(scored))
        score_colours(sh.ws, f"{left}{first}:{right}{last}")
    for i, c in enumerate(columns, start=1):
        if c.wrap:
            sh.wrap_column(i, first, last, c.max_width or 50)
        elif c.max_width is not None:
            sh.max_width[i] = c.max_width


def write_csv_table(
    out: Any, columns: Sequence[Column], records: Iterable[Any], lang: str
) -> None:
    """The header row and one row per record to a ``csv.writer``."""
    out.writerow([c.csv_title(lang) for c in columns])
    for rec in records:
        out.writerow([c.csv_value(rec) for c in columns])


def column_index(columns: Sequence[Column], header: tuple[str, str]) -> int:
    """The 1-based sheet column of the column headed ``header``."""
    return next(i for i, c in enumerate(columns, start=1) if c.header == header)


# -- the per-question table ----------------------------------------------------


@dataclass(frozen=True)
class PerQuestionRow:
    """One (question, system) row of the per-question table."""

    question_id: Any
    question: str
    question_type: Any
    system: Any
    missing: bool
    scores: tuple[Any, ...]
    note: str
    flagged: bool


def _score_of(j: int) -> Callable[[PerQuestionRow], Any]:
    return lambda rec: rec.scores[j]


def per_question_columns(measures: Sequence[str]) -> list[Column]:
    """Question id, text, type, system, missing, every measure, note, flag."""
    return [
        Column(T["question_id"], lambda rec: rec.question_id,
               csv_header=(T["question_id"][0], "question_id")),
        Column(T["question"], lambda rec: rec.question, wrap=True, max_width=50,
               csv_header=(T["question"][0], "question_text")),
        Column(T["type"], lambda rec: rec.question_type,
               csv_header=(T["type"][0], "question_type")),
        Column(T["system"], lambda rec: rec.system, csv_header=(T["system"][0], "system")),
        Column(T["missing"], lambda rec: rec.missing, kind=MARK,
               csv_header=(T["missing"][0], "missing")),
        *[
            Column((m, m), _score_of(j), kind=NUMBER, fmt=SCORE_FORMAT, scored=True)
            for j, m in enumerate(measures)
        ],
        Column(T["note"], lambda rec: rec.note, max_width=40, csv_header=(T["note"][0], "note")),
        Column(T["flag"], lambda rec: rec.flagged, kind=MARK,
               csv_header=(T["flag"][0], "flagged")),
    ]  # fmt: skip


def per_question_rows(
    results: Results,
    qtext: Mapping[str, str],
    notes: Mapping[str, Mapping[str, Any]],
    pq: pd.DataFrame | None = None,
) -> Iterator[PerQuestionRow]:
    """One row per (question, system), grouped by question (see
    :func:`~workbench.core.report.data.per_question_ordered`)."""
    if pq is None:
        pq = per_question_ordered(results)
    if len(pq) == 0:
        return
    measures = list(results.measures)
    qids = pq[s.QID].tolist()
    types = pq[s.QTYPE].tolist() if s.QTYPE in pq.columns else [""] * len(pq)
    systems = pq[s.SYSTEM].tolist()
    missing = pq["missing"].tolist() if "missing" in pq.columns else [False] * len(pq)
    cols = [pq[m].tolist() if m in pq.columns else [None] * len(pq) for m in measures]
    for i, q in enumerate(qids):
        note = notes.get(q) or {}
        yield PerQuestionRow(
            question_id=q,
            question=qtext.get(q, ""),
            question_type=types[i],
            system=systems[i],
            missing=bool(missing[i]),
            scores=tuple(c[i] for c in cols),
            note=note.get("note") or "",
            flagged=bool(note.get("flagged")),
        )
