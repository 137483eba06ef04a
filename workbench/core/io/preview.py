"""A quick look at a file before loading it: sheets, headers, first rows, mapping."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from workbench.core.io.book import open_book
from workbench.core.io.common import Collector
from workbench.core.io.ids import display_text
from workbench.core.io.mapping import ColumnMapping
from workbench.core.io.reading import HEADER_SEARCH_ROWS
from workbench.core.io.system_info import detect_info_mapping, is_info_sheet
from workbench.core.io.validate import report_missing
from workbench.core.model import schema as S
from workbench.core.model.problems import Problem

#: Data rows shown in a preview.
PREVIEW_ROWS = 50

_REQUIRED = {
    "judgments": [S.QID, S.PID, S.GRADE],
    "run": [S.QID, S.PID],
    "run_wide": [S.QID],
    "questions": [S.QID],
    "passages": [S.PID],
    "system_info": [S.SYSTEM],
}
_WHAT = {
    "judgments": ("judgments", "평가"),
    "run": ("run", "실행 결과"),
    "run_wide": ("run", "실행 결과"),
    "questions": ("questions", "질문"),
    "passages": ("passages", "문단"),
    "system_info": ("system info", "시스템 정보"),
}


@dataclass
class SheetPreview:
    """One sheet as detected: ``rows`` are data rows as display text (the first
    ones, or those around a row: :func:`rows_around`), ``row_numbers`` their
    Excel row numbers (or text lines)."""

    name: str
    headers: list[str]
    rows: list[list[str]]
    n_rows: int
    header_row: int  # Excel row number of the header row (0: no header, e.g. TREC)
    #: judgments | questions | passages | run | run_wide | system_info | unknown
    detected_kind: str
    mapping: ColumnMapping
    hidden: bool = False  # hidden in Excel: listed with a mark, read only when chosen
    row_numbers: list[int] = field(default_factory=list)

    def excel_row(self, index: int) -> int:
        """Excel row number of ``rows[index]``."""
        if index < len(self.row_numbers):
            return self.row_numbers[index]
        return self.header_row + 1 + index


@dataclass
class FilePreview:
    path: str
    kind: str  # excel | csv | trec_qrels | trec_run | json
    sheets: list[SheetPreview] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    encoding: str | None = None  # text files: the encoding detected
    sha256: str = ""

    def sheet(self, name: str) -> SheetPreview | None:
        for s in self.sheets:
            if s.name == name:
                return s
        return None

    @property
    def hidden(self) -> list[str]:
        """Names of the sheets hidden in Excel (never picked without the user)."""
        return [s.name for s in self.sheets if s.hidden]

    @property
    def mappings(self) -> dict[str, ColumnMapping]:
        """Sheet name → detected mapping, in the shape ``load_*`` accept."""
        return {s.name: s.mapping for s in self.sheets}


def inspect_file(path: str | Path) -> FilePreview:
    """Detect format, sheets, header rows, column roles and sheet kinds.

    Reads only what a preview needs. ``problems`` holds structural problems
    (empty sheets, missing required columns); row-level checks happen in
    :func:`load_judgments` / :func:`load_run`. A file that cannot be read at
    all raises :class:`~workbench.core.model.problems.InputError`.
    """
    path = Path(path)
    col = Collector(path.name)
    book = open_book(path, col, nrows=HEADER_SEARCH_ROWS + PREVIEW_ROWS + 10)
    out = FilePreview(str(path), book.kind, encoding=book.encoding, sha256=book.sha256)
    for sheet in book.sheets:
        table = sheet.table
        if table is None:
            out.sheets.append(
                SheetPreview(sheet.name, [], [], 0, 0, "unknown", sheet.mapping, sheet.hidden)
            )
            col.warning(
                "empty_sheet",
                f"Sheet '{sheet.name}' is empty.",
                f"'{sheet.name}' 시트가 비어 있습니다.",
                sheet=sheet.name,
            )
            continue
        if is_info_sheet(sheet):
            # the 시스템 정보 sheet of a run workbook: its own columns (system cards)
            sheet.mapping, sheet.kind = detect_info_mapping(list(table.headers)), "system_info"
        out.sheets.append(_sheet_preview(sheet, 0, min(PREVIEW_ROWS, table.n_rows)))
        missing = sheet.mapping.missing(_REQUIRED.get(sheet.kind, []))
        if missing:
            report_missing(col, table, sheet.mapping, missing, *_WHAT[sheet.kind])
        if sheet.kind == "run" and not (sheet.mapping.has(S.RANK) or sheet.mapping.has(S.SCORE)):
            col.error(
                "no_rank_or_score",
                f"The run sheet '{sheet.name}' needs a rank (순위) or score (점수) column.",
                f"실행 결과 시트 '{sheet.name}'에 순위 또는 점수 열이 필요합니다.",
                sheet=sheet.name,
                row=table.header_row,
            )
    out.problems = col.problems()
    return out


def _sheet_preview(sheet, start: int, stop: int) -> SheetPreview:
    """Data rows ``start:stop`` of a read sheet as a :class:`SheetPreview`."""
    table = sheet.table
    cols = [table.columns[h][start:stop] for h in table.headers]
    rows = [[display_text(c[i]) for c in cols] for i in range(max(stop - start, 0))]
    return SheetPreview(
        sheet.name,
        list(table.headers),
        rows,
        int(table.total_rows),
        int(table.header_row),
        sheet.kind,
        sheet.mapping,
        sheet.hidden,
        [int(r) for r in table.rows[start:stop]],
    )


def rows_around(
    path: str | Path,
    sheet: str,
    row: int,
    mapping: ColumnMapping | None = None,
    span: int = PREVIEW_ROWS,
) -> SheetPreview:
    """The ``span`` data rows of ``sheet`` around Excel row ``row`` (or text line),
    as the preview shows them: the rows beyond the first ones, on demand.

    ``mapping``: the mapping the user confirmed (it fixes which row is the header
    row). Reads the file up to a little past ``row``; a row past the end gives
    the last rows. Raises :class:`~workbench.core.model.problems.InputError` for a
    file that cannot be read, ``KeyError`` for a sheet it does not have.
    """
    path = Path(path)
    col = Collector(path.name)
    half = span // 2
    mappings = {sheet: mapping} if mapping is not None else None
    book = open_book(path, col, mappings=mappings, nrows=HEADER_SEARCH_ROWS + row + half + 10)
    found = book.sheet(sheet) if book.kind == "excel" else (book.sheets[0] if book.sheets else None)
    if found is None or found.table is None:
        raise KeyError(sheet)
    numbers = found.table.rows
    at = int(np.searchsorted(numbers, row))
    start = max(min(at - half, found.table.n_rows - span), 0)
    return _sheet_preview(found, start, min(start + span, found.table.n_rows))
