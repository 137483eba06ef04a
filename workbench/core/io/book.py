"""A file opened as a list of sheets with their header row, mapping and kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from workbench.core.io import common
from workbench.core.io.common import Collector, Steps, breathe, slices
from workbench.core.io.info_sheet_names import info_header_index, is_info_sheet_name
from workbench.core.io.mapping import ColumnMapping, detect_mapping, kind_from_roles
from workbench.core.io.reading import (
    Table,
    build_table,
    check_line_lengths,
    check_not_blank,
    decode_text,
    detect_kind,
    header_index_for,
    read_csv_sheet,
    read_excel_sheets,
    read_source,
)
from workbench.core.io.text_formats import json_table, trec_table


@dataclass
class Sheet:
    name: str
    table: Table | None  # None: the sheet is empty
    mapping: ColumnMapping
    kind: str
    fixed: bool = False  # TREC/JSON: the mapping comes from the format, not from headers
    hidden: bool = False  # hidden or "very hidden" in Excel: read only when named


@dataclass
class Book:
    path: Path
    kind: str  # "excel" | "csv" | "trec_qrels" | "trec_run" | "json"
    sha256: str
    sheets: list[Sheet] = field(default_factory=list)
    encoding: str | None = None
    #: CSV lines that break the one-record-per-line rule (see :mod:`.csv_check`):
    #: errors, unless the user chose to leave them out
    malformed: list = field(default_factory=list)

    def sheet(self, name: str) -> Sheet | None:
        for s in self.sheets:
            if s.name == name:
                return s
        return None


def open_book(
    path: str | Path,
    col: Collector,
    steps: Steps | None = None,
    mappings: dict[str, ColumnMapping] | None = None,
    nrows: int | None = None,
    upto: float = 0.1,
) -> Book:
    """Read ``path`` (never writing to it) into sheets; file-level failures raise InputError.

    Progress goes from 0 to ``upto`` (reading, then splitting the sheets into
    columns, slice by slice).
    """
    path = Path(path)
    steps = steps or Steps()
    reading = f"{path.name} 읽는 중 · Reading {path.name}"
    steps(0.0, reading)
    data, sha = read_source(path)
    kind = detect_kind(path, data)
    book = Book(path, kind, sha)
    col.text_file = kind != "excel"
    steps(0.05, reading)
    mid = 0.05 + 0.6 * (upto - 0.05)
    if kind == "excel":
        raws = read_excel_sheets(path, data, nrows=nrows)
    elif kind in ("csv", "trec_qrels", "trec_run", "json"):
        # a preview of a plain TREC file decodes only the lines it shows
        trec = kind in ("trec_qrels", "trec_run")
        if kind != "json":  # a JSON file may well be one long line
            check_line_lengths(data, path)
        head = _trec_head(data, nrows) if nrows is not None and trec else None
        text, book.encoding = decode_text(data if head is None else head[0], path)
        check_not_blank(text, path)
        if kind == "csv":
            # progress counted in lines read (breathe() every slice of records)
            with steps.span(0.05, mid, text.count("\n") + 1, reading):
                raws = [read_csv_sheet(path, text, nrows=nrows)]
            book.malformed = list(raws[0].malformed)
        else:
            if kind == "json":
                table, mapping = json_table(text, path, col)
                sheet_kind = "judgments"
            else:
                table, mapping = trec_table(text, kind, path, col)
                if head is not None:  # a preview: the other lines only counted
                    table.total_rows = head[1]
                sheet_kind = "judgments" if kind == "trec_qrels" else "run"
            if table.n_rows == 0 and not col.has_errors:
                col.error(
                    "no_data",
                    "The file contains no data lines. Check that you chose the right file.",
                    "파일에 데이터 줄이 없습니다. 올바른 파일을 골랐는지 확인하세요.",
                )
            book.sheets.append(Sheet(table.sheet, table, mapping, sheet_kind, fixed=True))
            return book
    else:  # pragma: no cover - detect_kind returns only the kinds above
        raise AssertionError(kind)
    steps.check()
    # two passes (columns, row numbers) over every sheet's rows
    units = 2 * sum(len(raw.rows) for raw in raws)
    with steps.span(mid, upto, units, f"{path.name} 정리 중 · Preparing {path.name}"):
        _sheets_of(book, raws, col, mappings)
    return book


def _trec_head(data: bytes, nrows: int) -> tuple[bytes, int] | None:
    """The first ``nrows`` lines of a TREC file's bytes and how many data lines it
    has in all, when that count is plain: ASCII, no comment, no blank or indented
    line, no line break but "\n" / "\r\n" (else None, and the whole text is
    decoded and parsed). A preview of a 2M-line run then decodes and parses a
    few dozen lines instead of all of them (~1.8 s); the checks run on the bytes
    at memory speed."""
    if not data.isascii() or data[:1].isspace():
        return None
    if any(bytes([b]) in data for b in b"#\x0b\x0c\x1c\x1d\x1e"):
        return None
    body = np.frombuffer(data, dtype=np.uint8)
    end = body.size
    while end and body[end - 1] == 10:
        end -= 1
    body = body[:end]
    breaks = np.flatnonzero(body == 10)
    after = body[breaks + 1]  # each line's first byte: blank or indented lines start blank
    if np.isin(after, (10, 13, 32, 9)).any():
        return None
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return None  # a lone "\r" breaks a line too
    if breaks.size < nrows:
        return None  # a short file: parsed whole
    return data[: int(breaks[nrows - 1]) + 1], int(breaks.size) + 1


def _sheets_of(book: Book, raws: list, col: Collector, mappings: dict | None) -> None:

    for raw in raws:
        given = (mappings or {}).get(raw.name)
        if isinstance(given, dict):  # straight from a project file
            given = ColumnMapping.from_dict(given)
        # a confirmed mapping also fixes which row is the header row
        start = header_index_for(raw.rows, list(given)) if given is not None else None
        if start is None and given is None and is_info_sheet_name(raw.name):
            start = info_header_index(raw.rows)  # the 시스템 정보 sheet: its own headers
        table = build_table(raw, start)
        headers = table.headers if table is not None else []
        if given is not None:
            # A confirmed mapping is used as the user left it; headers it does not
            # mention (the file changed since) are ignored.
            mapping = ColumnMapping({h: given.get(h) for h in headers})
            kind_ = kind_from_roles(mapping.roles, raw.name)
            gone = [h for h, r in given.items() if r and h not in mapping]
            if gone:
                col.warning(
                    "mapping_stale",
                    f"The saved column choice names columns no longer in the sheet: "
                    f"{', '.join(gone)}. Check the columns in the import preview.",
                    f"저장된 열 지정에 있는 열이 시트에 없습니다: {', '.join(gone)}. 불러오기 "
                    "미리보기에서 열 지정을 확인하세요.",
                    sheet=raw.name,
                )
        else:
            mapping, kind_ = detect_mapping(headers, raw.name)
        book.sheets.append(Sheet(raw.name, table, mapping, kind_, hidden=raw.hidden))
        _release(raw.rows)


def visible_sheets(book: Book) -> list[Sheet]:
    """The sheets a reader may pick on its own: hidden ones only when the user names them."""
    return [s for s in book.sheets if not s.hidden]


def sheet_list(book: Book, lang: str) -> str:
    """The sheet names for a message, hidden ones marked: ``평가, 평가_old (hidden)``."""
    mark = " (숨김)" if lang == "ko" else " (hidden)"
    return ", ".join(s.name + (mark if s.hidden else "") for s in book.sheets) or "(none)"


def warn_hidden_skipped(book: Book, chosen: list[Sheet], col: Collector) -> None:
    """One warning naming the hidden sheets that were not read (none were chosen by name).

    An old hidden ``평가_old`` before the visible ``평가`` must not be what gets
    evaluated, and the user must know it was there.
    """
    skipped = [s.name for s in book.sheets if s.hidden and s not in chosen]
    if not skipped:
        return
    names = ", ".join(f"'{n}'" for n in skipped)
    col.warning(
        "hidden_sheet_skipped",
        f"Hidden sheets were not read: {names}. To use one, pick it in the import preview "
        "(hidden sheets are marked there) or unhide it in Excel.",
        f"숨겨진 시트는 읽지 않았습니다: {names}. 이 시트를 쓰려면 불러오기 미리보기에서 고르거나"
        "(숨겨진 시트는 따로 표시됩니다) Excel에서 숨기기를 해제하세요.",
        sheet=skipped[0] if len(skipped) == 1 else None,
    )


def release(book: Book) -> None:
    """Drop the cells of every sheet's table a slice at a time (call when done with ``book``).

    The frames keep what they need; freeing a million leftover cells (rank and
    score text, say) in one go when the book is dropped would hold the GIL
    ~60 ms.
    """
    for sheet in book.sheets:
        if sheet.table is None:
            continue
        for values in sheet.table.columns.values():
            if values.dtype == object and len(values) > common.CHUNK_ROWS:
                for sl in slices(len(values)):
                    values[sl] = None


def _release(rows: list) -> None:
    """Free a sheet's raw rows a slice at a time, from the end.

    The table holds the cells now; dropping 500k row lists in one go (when the
    last reference goes) would hold the GIL ~60 ms.
    """
    size = common.CHUNK_ROWS
    while len(rows) > size:
        del rows[-size:]
        breathe()
    rows.clear()
