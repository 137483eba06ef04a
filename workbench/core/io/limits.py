"""Limits a workbook must keep before the Excel reader sees it.

python-calamine allocates from what a package *claims*: a sheet whose cells
reach XFD1048576 makes it allocate the whole grid (17 billion cells × 32
bytes), a shared-strings count of two billion makes it reserve 48 GB, a .xls
``DIMENSIONS`` record of 4 billion rows makes it reserve petabytes — and an
allocation that fails in Rust aborts the process, with no exception to catch.
So every workbook is checked here first, from the bytes already in memory:

- **.xlsx/.xlsm/.xlsb/.ods (zip)**: the number of entries, the declared
  uncompressed size of every entry and of all together, and the compression
  ratio of large entries (a zip bomb unpacks to 1000× its size; real
  workbooks stay near 10×). Every entry is then unpacked once, bounded by
  those checked sizes, so a header that lies about a size fails its CRC
  here instead of in the reader.
- **.xlsx/.xlsm worksheets**: the used range from the cells' own references
  (``<c r="XFD1048576">``), *not* the ``<dimension>`` element, which is only
  a claim that python-calamine ignores and that writers get wrong; the range
  is counted from A1, because the workbench materialises a sheet from A1 to
  its last used cell. Excel error cells (``#N/A``, ``#DIV/0!`` …) are
  collected on the way: the reader hands them over as blanks.
- **shared strings**: the declared ``count``/``uniqueCount`` and the real
  number of ``<si>`` items.
- **.xls (OLE)**: every ``DIMENSIONS`` record and the row and column of
  every cell record of the workbook stream.

The limits fit real evaluation files with room to spare and are stated in
the README (section "File formats"); past them the user gets a message
naming the sheet and the cell, never a crash. Every check is linear in the
file's size: the sheet XML is scanned by C-level regular expressions over
blocks, with a careful per-tag pass only for blocks written in an unusual
way (namespace prefixes, cells without references, attributes in another
order).
"""

from __future__ import annotations

import html
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from workbench.core.io.common import breathe
from workbench.core.io.jsonload import MAX_JSON_DEPTH as _JSON_DEPTH
from workbench.core.model.problems import InputError, error

#: Rows of one sheet, counted from row 1 to its last used row.
MAX_ROWS = 2_000_000
#: Columns of one sheet, counted from column A to its last used column.
MAX_COLUMNS = 200
#: Cells of one sheet from A1 to its last used cell (rows × columns): 2,000,000
#: rows × 20 columns. The reader holds ~32 bytes per cell of that rectangle.
MAX_CELLS = 40_000_000
#: Bytes a workbook package may unpack to (all entries together).
MAX_UNCOMPRESSED_BYTES = 1_000_000_000
#: Unpacked / packed size of one entry; checked for entries larger than
#: :data:`RATIO_CHECKED_FROM_BYTES` (small parts such as styles compress well).
MAX_COMPRESSION_RATIO = 100
RATIO_CHECKED_FROM_BYTES = 16 << 20
#: Entries of a workbook package (a real one has a few dozen).
MAX_ZIP_ENTRIES = 10_000
#: Shared texts of a workbook (declared or present).
MAX_SHARED_STRINGS = 10_000_000
#: Nesting of arrays and objects in a JSON file: defined with the JSON reader
#: (:mod:`workbench.core.io.jsonload`, which project files use too, outside core.io)
MAX_JSON_DEPTH = _JSON_DEPTH
#: Excel error cells remembered per sheet (for their own message instead of "blank").
MAX_ERROR_CELLS = 10_000


@dataclass
class WorkbookFacts:
    """What the checks learned on the way: Excel error cells per sheet name,
    as (0-based row, 0-based column) → the error text (``"#N/A"``).

    With ``defer_sheets`` the worksheets named by the workbook are not scanned
    by :func:`check_workbook` but by :meth:`scan`, one at a time, each before
    the reader reads that sheet (so the reader can parse one sheet while the
    next is being scanned: python-calamine lets other threads run meanwhile).
    """

    error_cells: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    #: sheet name → worksheet entry still to scan (see :meth:`scan`)
    deferred: dict[str, str] = field(default_factory=dict)
    archive: zipfile.ZipFile | None = None
    path: Path | None = None

    def scan(self, name: str) -> None:
        """Check sheet ``name``'s real used range (raises :class:`InputError` past the
        limits) and note its error cells; nothing to do for a sheet already checked."""
        entry = self.deferred.pop(name, None)
        if entry is None or self.archive is None or self.path is None:
            return
        try:
            with self.archive.open(entry) as stream:
                rows, columns, errors = _scan_worksheet(self.path, name, _blocks(self.path, stream))
        except _ZIP_ERRORS as exc:
            raise _damaged(self.path, str(exc) or type(exc).__name__) from None
        check_extent(self.path, name, rows, columns)
        if errors:
            self.error_cells[name] = errors


def column_letters(index: int) -> str:
    """1 → A, 26 → Z, 27 → AA (1-based, as Excel counts columns)."""
    s = ""
    while index > 0:
        index, r = divmod(index - 1, 26)
        s = chr(65 + r) + s
    return s


def column_number(letters: bytes | str) -> int:
    """A → 1, Z → 26, AA → 27 (any length; a hostile file may write 'ZZZZZ')."""
    n = 0
    for ch in letters.decode("ascii") if isinstance(letters, bytes) else letters:
        n = n * 26 + (ord(ch) - 64)
    return n


def _fail(path: Path, code: str, en: str, ko: str, sheet: str | None = None) -> InputError:
    return InputError([error(code, en, ko, file=path.name, sheet=sheet)])


def _damaged(path: Path, detail: str) -> InputError:
    return _fail(
        path,
        "corrupt_file",
        f"The workbook is damaged and cannot be opened ({detail}). Open it in Excel and save a "
        "new copy (Excel can often repair it), or use a backup.",
        f"통합 문서가 손상되어 열 수 없습니다({detail}). Excel에서 열어 새 이름으로 저장하거나"
        "(Excel이 복구해 주는 경우가 많습니다) 백업본을 사용하세요.",
    )


_FIX_RANGE_EN = (
    "A stray value or formatted cell far from the table is the usual cause: in Excel press "
    "Ctrl+End to jump to the last used cell, delete the rows and columns beyond your table, "
    "save, and load the file again."
)
_FIX_RANGE_KO = (
    "표에서 멀리 떨어진 셀에 값이나 서식이 남아 있는 경우가 대부분입니다. Excel에서 Ctrl+End를 "
    "눌러 마지막 셀로 가서 표 바깥의 행과 열을 지우고 저장한 뒤 다시 불러오세요."
)


def check_extent(path: Path, sheet: str, rows: int, columns: int) -> None:
    """Refuse a sheet whose range from A1 to its last used cell (``rows`` ×
    ``columns``, 1-based counts) is past :data:`MAX_ROWS`, :data:`MAX_COLUMNS`
    or :data:`MAX_CELLS`."""
    corner = f"{column_letters(columns)}{rows}"
    if columns > MAX_COLUMNS:
        raise _fail(
            path,
            "sheet_too_wide",
            f"Sheet '{sheet}' has cells as far right as column {column_letters(columns)} "
            f"(column {columns:,}; its used range is A1:{corner}); the workbench reads at most "
            f"{MAX_COLUMNS} columns. {_FIX_RANGE_EN}",
            f"'{sheet}' 시트의 셀이 {column_letters(columns)}열({columns:,}번째 열, 사용 범위 "
            f"A1:{corner})까지 있습니다. 워크벤치는 {MAX_COLUMNS}열까지만 읽습니다. {_FIX_RANGE_KO}",
            sheet=sheet,
        )
    if rows > MAX_ROWS:
        raise _fail(
            path,
            "sheet_too_long",
            f"Sheet '{sheet}' has cells down to row {rows:,} (its used range is A1:{corner}); "
            f"the workbench reads at most {MAX_ROWS:,} rows. {_FIX_RANGE_EN}",
            f"'{sheet}' 시트의 셀이 {rows:,}행(사용 범위 A1:{corner})까지 있습니다. 워크벤치는 "
            f"{MAX_ROWS:,}행까지만 읽습니다. {_FIX_RANGE_KO}",
            sheet=sheet,
        )
    if rows * columns > MAX_CELLS:
        raise _fail(
            path,
            "sheet_too_large",
            f"Sheet '{sheet}' spans A1:{corner} ({rows:,} rows × {columns:,} columns), more "
            f"than the {MAX_CELLS:,} cells the workbench reads from one sheet. {_FIX_RANGE_EN} "
            "A very large run is better saved as a TREC or CSV file.",
            f"'{sheet}' 시트의 범위가 A1:{corner}({rows:,}행 × {columns:,}열)로, 워크벤치가 한 "
            f"시트에서 읽는 {MAX_CELLS:,}칸보다 큽니다. {_FIX_RANGE_KO} 아주 큰 실행 결과는 TREC나 "
            "CSV 파일로 저장하는 것이 좋습니다.",
            sheet=sheet,
        )


def check_workbook(path: Path, data: bytes, defer_sheets: bool = False) -> WorkbookFacts:
    """Check a workbook's declared and real sizes before the reader sees it.

    Raises :class:`InputError` with a message naming the limit, the sheet and
    the cell; returns what was learned on the way (:class:`WorkbookFacts`).
    Bytes that are neither a zip nor an OLE file are left to the reader's
    own "not an Excel file" messages. ``defer_sheets``: the worksheets the
    workbook names are left to :meth:`WorkbookFacts.scan`.
    """
    if data[:4] == b"PK\x03\x04":
        return _check_zip(path, data, defer_sheets)
    if data[:8] == bytes.fromhex("D0CF11E0A1B11AE1"):
        try:
            _check_ole(path, data)
        except (struct.error, IndexError, UnicodeDecodeError) as exc:
            raise _damaged(path, f"OLE: {exc}") from None
    return WorkbookFacts()


# -- zip packages (.xlsx .xlsm .xlsb .ods) -------------------------------------------------
def _check_zip(path: Path, data: bytes, defer_sheets: bool = False) -> WorkbookFacts:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        ValueError,
        OSError,
        NotImplementedError,
    ) as exc:
        raise _damaged(path, str(exc) or "zip") from None
    if len(entries) > MAX_ZIP_ENTRIES:
        raise _fail(
            path,
            "zip_too_many_entries",
            f"The workbook package holds {len(entries):,} parts; a real workbook has a few "
            "dozen. The file is damaged or is not a workbook, so it is not read.",
            f"통합 문서 안에 {len(entries):,}개의 부분이 들어 있습니다. 실제 통합 문서는 수십 개 "
            "정도입니다. 파일이 손상되었거나 통합 문서가 아니어서 읽지 않습니다.",
        )
    total = sum(e.file_size for e in entries)
    if total > MAX_UNCOMPRESSED_BYTES:
        raise _fail(
            path,
            "zip_too_large",
            f"The workbook would unpack to {total / 1e9:,.1f} GB, more than the "
            f"{MAX_UNCOMPRESSED_BYTES / 1e9:.1f} GB the workbench reads. Evaluation workbooks "
            "unpack to far less: the file is damaged or built to exhaust memory, so it is not "
            "read. Open it in Excel and save a copy, or save a large run as a TREC or CSV file.",
            f"이 통합 문서는 풀면 {total / 1e9:,.1f}GB가 되어 워크벤치가 읽는 "
            f"{MAX_UNCOMPRESSED_BYTES / 1e9:.1f}GB보다 큽니다. 평가 파일은 이보다 훨씬 작으므로 "
            "손상되었거나 메모리를 고갈시키도록 만든 파일일 수 있어 읽지 않습니다. Excel에서 열어 "
            "사본을 저장하거나, 큰 실행 결과는 TREC나 CSV 파일로 저장하세요.",
        )
    for e in entries:
        ratio = e.file_size / max(e.compress_size, 1)
        if e.file_size > RATIO_CHECKED_FROM_BYTES and ratio > MAX_COMPRESSION_RATIO:
            raise _fail(
                path,
                "zip_bomb",
                f"A part of the workbook ('{e.filename}') unpacks to {ratio:,.0f} times its "
                f"packed size; real workbooks stay under {MAX_COMPRESSION_RATIO} times. The file "
                "is damaged or built to exhaust memory (a 'zip bomb'), so it is not read.",
                f"통합 문서의 한 부분('{e.filename}')이 압축된 크기의 {ratio:,.0f}배로 풀립니다. "
                f"실제 통합 문서는 {MAX_COMPRESSION_RATIO}배를 넘지 않습니다. 파일이 손상되었거나 "
                "메모리를 고갈시키도록 만든 파일('압축 폭탄')이라서 읽지 않습니다.",
            )
    names = {e.filename for e in entries}
    facts = WorkbookFacts(archive=archive, path=path)
    try:
        sheets, shared = _xlsx_parts(archive, names)
        # the sheets the workbook names (a part named after itself is scanned at once)
        named = {entry: name for entry, name in sheets.items() if Path(entry).stem != name}
        for e in entries:
            if e.is_dir():
                continue
            if defer_sheets and e.filename in named:
                facts.deferred[named[e.filename]] = e.filename
                continue
            if e.filename in sheets:
                name = sheets[e.filename]
                with archive.open(e) as stream:
                    rows, columns, errors = _scan_worksheet(path, name, _blocks(path, stream))
                check_extent(path, name, rows, columns)
                if errors:
                    facts.error_cells[name] = errors
            elif e.filename == shared:
                with archive.open(e) as stream:
                    _check_shared_strings(path, _blocks(path, stream))
            else:
                with archive.open(e) as stream:
                    while stream.read(
                        _BLOCK
                    ):  # bounded by the checked size; CRC checked at the end
                        pass
    except _ZIP_ERRORS as exc:
        raise _damaged(path, str(exc) or type(exc).__name__) from None
    return facts


#: what reading a damaged entry of a zip package raises
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,  # an entry zipfile thinks is encrypted
)


_BLOCK = 2 << 20  # each block's searches hold the GIL ~5 ms
#: A tag longer than this is not from a real workbook (and would make the block cut grow).
_MAX_TAG = 1 << 20


def _blocks(path: Path, stream) -> Iterator[bytes]:
    """The entry's bytes in blocks that end just before a ``<``, so no tag is cut
    (``<`` cannot occur inside a tag: XML forbids it in attribute values).

    Between blocks the GIL is handed over (:func:`~workbench.core.io.common.breathe`):
    each block's searches take a few milliseconds, and a load on a worker
    thread must not stall the window.
    """
    carry = b""
    while True:
        breathe()
        chunk = stream.read(_BLOCK)
        if not chunk:
            if carry:
                yield carry
            return
        buf = carry + chunk if carry else chunk
        cut = buf.rfind(b"<")
        if cut <= 0:
            # one tag (or text) fills the buffer: fine when the tag at the start is closed
            if cut == 0 and buf.find(b">") < 0:
                if len(buf) > _MAX_TAG:
                    raise _damaged(path, "a tag longer than 1 MB")
                carry = buf
                continue
            yield buf
            carry = b""
            continue
        yield buf[:cut]
        carry = buf[cut:]


def _xlsx_parts(archive: zipfile.ZipFile, names: set[str]) -> tuple[dict[str, str], str | None]:
    """Worksheet entries (entry → sheet name) and the shared-strings entry of an
    .xlsx package, from ``xl/workbook.xml`` and its relationships; every
    ``xl/worksheets/*.xml`` is included even when no relationship names it."""
    sheets: dict[str, str] = {}
    shared: str | None = None
    targets: dict[str, str] = {}
    if "xl/_rels/workbook.xml.rels" in names:
        rels = _small(archive, "xl/_rels/workbook.xml.rels")
        for tag in re.findall(rb"<(?:\w+:)?Relationship\b[^>]*>", rels):
            rid = _attr(tag, b"Id")
            target = _attr(tag, b"Target")
            kind = _attr(tag, b"Type") or ""
            if not (rid and target):
                continue
            entry = target.lstrip("/") if target.startswith("/") else "xl/" + target
            entry = _normpath(entry)
            targets[rid] = entry
            if kind.endswith("/sharedStrings"):
                shared = entry
    if "xl/workbook.xml" in names:
        book = _small(archive, "xl/workbook.xml")
        for tag in re.findall(rb"<(?:\w+:)?sheet\b[^>]*>", book):
            name = _attr(tag, b"name")
            rid = _attr(tag, b"id")  # r:id
            if name and rid and rid in targets:
                sheets[targets[rid]] = name
    for n in names:
        if re.fullmatch(r"xl/(worksheets|dialogsheets|macrosheets)/[^/]+\.xml", n):
            sheets.setdefault(n, Path(n).stem)
    if shared is None and "xl/sharedStrings.xml" in names:
        shared = "xl/sharedStrings.xml"
    return {k: v for k, v in sheets.items() if k in names}, shared


def _normpath(entry: str) -> str:
    parts: list[str] = []
    for p in entry.split("/"):
        if p == "..":
            if parts:
                parts.pop()
        elif p and p != ".":
            parts.append(p)
    return "/".join(parts)


def _small(archive: zipfile.ZipFile, name: str) -> bytes:
    with archive.open(name) as stream:
        return stream.read(_MAX_TAG * 4)  # workbook.xml and its rels are a few KB


def _attr(tag: bytes, name: bytes) -> str | None:
    m = re.search(rb"(?:\s|:)" + re.escape(name) + rb"""\s*=\s*(?:"([^"]*)"|'([^']*)')""", tag)
    if not m:
        return None
    raw = m.group(1) if m.group(1) is not None else m.group(2)
    return html.unescape(raw.decode("utf-8", "replace"))


# The fast path reads the layout every common writer uses (Excel, LibreOffice,
# openpyxl, xlsxwriter): ``<row r="N"`` and ``<c r="A1"`` with the reference
# first, no namespace prefixes. One search per block finds anything else (a
# prefixed tag, a cell or row without a leading reference, a cell below the
# last row seen, a column of four letters); such a block goes through the
# careful per-tag pass, which reads any attribute order and infers missing
# references as the reader does.
_FAST_ROW = re.compile(rb'<row r="([0-9]+)"')
_TWO_LETTERS = re.compile(rb'<c r="[A-Z][A-Z]')
_FAST_COL = re.compile(rb'<c r="([A-Z]{1,3})[0-9]')
_ERROR_CELL = re.compile(
    rb'<(?:[\w.-]+:)?c\b[^>]*?\br="([A-Z]{1,3})([0-9]{1,10})"[^>]*?\bt="e"[^>]*>'
    rb"(?:<(?:[\w.-]+:)?f\b[^>]*/>|<(?:[\w.-]+:)?f\b[^>]*>[^<]*</(?:[\w.-]+:)?f>)?"
    rb"<(?:[\w.-]+:)?v>([^<]{1,64})</"
)
_ANY_TAG = re.compile(
    rb"<(?:[A-Za-z_][\w.-]*:)?(row|c)"
    rb"((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*/?>"
)
_REF_ATTR = re.compile(rb"""(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CELL_REF = re.compile(rb"([A-Za-z]*)([0-9]*)")
_SHEET_DATA_OPEN = re.compile(rb"<(?:([\w.-]+):)?sheetData\b[^>]*?(/?)>")


def _above(n: int) -> bytes:
    """A regular expression for a decimal number greater than ``n`` (no leading zeros
    needed: a number written with them is longer, so it counts as greater)."""
    s = str(n)
    alts = [rb"[0-9]{%d,}" % (len(s) + 1)]
    for i, ch in enumerate(s):
        d = int(ch)
        if d < 9:
            rest = len(s) - i - 1
            alts.append(
                s[:i].encode() + b"[%d-9]" % (d + 1) + (b"[0-9]{%d}" % rest if rest else b"")
            )
    return b"(?:" + b"|".join(alts) + b")"


# Each a separate search: one with alternatives would try them at every "<"
# of the block (~4× slower than these literal-led searches together).
_PREFIXED = re.compile(rb":(?:c|row)[\s/>]")  # a cell or row tag with a namespace prefix
_ODD_CELL = re.compile(rb'<c(?! r="[A-Z]{1,3}[0-9])')  # no leading reference, or a 4-letter column
_ODD_ROW = re.compile(rb'<row(?! r="[0-9])')


def _usual(block: bytes, max_row: int) -> bool:
    """Whether the fast path accounts for every cell and row of a ``<sheetData>``
    block: no prefixed or reference-less tags, no cell below row ``max_row``."""
    return (
        _PREFIXED.search(block) is None
        and _ODD_CELL.search(block) is None
        and _ODD_ROW.search(block) is None
        and re.search(rb'<c r="[A-Z]{1,3}' + _above(max_row) + b'"', block) is None
    )


_SHEET_DATA_CLOSE = re.compile(rb"</(?:[\w.-]+:)?sheetData\s*>")


def _sheet_data_end(block: bytes) -> int:
    """Where ``</sheetData>`` starts in ``block``, or -1 (text may say "sheetData")."""
    at = block.find(b"sheetData")
    while at >= 0:
        lt = block.rfind(b"<", 0, at)
        if lt >= 0 and _SHEET_DATA_CLOSE.match(block, lt):
            return lt
        at = block.find(b"sheetData", at + 9)
    return -1


@dataclass
class _Extent:
    """The running state of :func:`_scan_worksheet`."""

    max_row: int = 0
    max_col: int = 0
    cur_row: int = 0  # the row a cell without a reference goes on
    cur_col: int = 0  # the column of the last cell seen
    careful: bool = False  # prefixed elements: every block the careful way
    errors: dict[tuple[int, int], str] = field(default_factory=dict)


def _scan_worksheet(
    path: Path, sheet: str, blocks: Iterator[bytes]
) -> tuple[int, int, dict[tuple[int, int], str]]:
    """(last used row, last used column, Excel error cells) of a worksheet's XML.

    Counts every cell tag inside ``<sheetData>``, with or without a value,
    so the result is never smaller than the range python-calamine builds (it
    skips cells without a value). Cells without a reference take the next
    column, rows without one the next row, as the reader does. When every
    column of a block is a single letter, the block counts as reaching
    column Z (cheaper than finding the exact letter, and only ever too large).
    A comment or CDATA section (which could hide a fake ``</sheetData>``)
    makes the scan run on to the end of the part.
    """
    ext = _Extent()
    inside = False
    trust_close = True
    for block in blocks:
        while block:
            if not inside:
                m = _SHEET_DATA_OPEN.search(block)
                if m is None:
                    break
                block = block[m.end() :]
                if m.group(2) == b"/":
                    continue  # <sheetData/>: no cells here
                ext.careful = ext.careful or m.group(1) is not None
                inside = True
            if b"<!" in block:
                trust_close = False
            end = _sheet_data_end(block) if trust_close else -1
            if end >= 0:
                part, block = block[:end], block[end:]
                inside = False
            else:
                part, block = block, b""
            _scan_part(part, ext)
    return ext.max_row, ext.max_col, ext.errors


def _scan_part(block: bytes, ext: _Extent) -> None:
    """Account for the cells and rows of one block of ``<sheetData>``."""
    if b't="e"' in block and len(ext.errors) < MAX_ERROR_CELLS:
        for letters, row, text in _ERROR_CELL.findall(block):
            ext.errors[(int(row) - 1, column_number(letters) - 1)] = text.decode("utf-8", "replace")
    rows = _FAST_ROW.findall(block) if not ext.careful else []
    block_max = max(ext.max_row, max(map(int, rows))) if rows else ext.max_row
    if not ext.careful and (rows or block_max) and _usual(block, block_max):
        ext.max_row = block_max
        if rows:
            ext.cur_row = int(rows[-1])
        if _TWO_LETTERS.search(block) is not None:
            cols = {column_number(c) for c in set(_FAST_COL.findall(block))}
            ext.max_col = max(ext.max_col, *cols)
            ext.cur_col = ext.max_col
        elif b"<c " in block:
            ext.max_col = max(ext.max_col, 26)
            ext.cur_col = ext.max_col
        return
    for m in _ANY_TAG.finditer(block):
        ref = _REF_ATTR.search(m.group(2))
        value = (ref.group(1) if ref.group(1) is not None else ref.group(2)) if ref else None
        if m.group(1) == b"row":
            ext.cur_row = int(value) if value and value.isdigit() else ext.cur_row + 1
            ext.cur_col = 0
            ext.max_row = max(ext.max_row, ext.cur_row)
            continue
        parts = _CELL_REF.fullmatch(value) if value else None
        if parts and parts.group(1) and parts.group(2):
            ext.cur_col = column_number(parts.group(1).upper())
            ext.max_row = max(ext.max_row, int(parts.group(2)))
        else:
            ext.cur_col += 1
            ext.max_row = max(ext.max_row, ext.cur_row, 1)
        ext.max_col = max(ext.max_col, ext.cur_col)


_SST_HEAD = re.compile(rb"<(?:\w+:)?sst\b[^>]*>")


def _check_shared_strings(path: Path, blocks: Iterator[bytes]) -> None:
    declared = 0
    present = 0
    first = True
    for block in blocks:
        if first:
            first = False
            head = _SST_HEAD.search(block[:65536])
            if head:
                for name in (b"count", b"uniqueCount"):
                    value = _attr(head.group(0), name)
                    if value and value.strip().isdigit():
                        declared = max(declared, int(value))
        present += block.count(b"<si>") + block.count(b"<si ") + block.count(b":si>")
        present += block.count(b":si ")
    n = max(declared, present)
    if n > MAX_SHARED_STRINGS:
        raise _fail(
            path,
            "too_many_shared_strings",
            f"The workbook declares {n:,} shared texts, more than the {MAX_SHARED_STRINGS:,} the "
            "workbench reads (it holds "
            f"{present:,}). The file is damaged or was not written by Excel, so it is not read. "
            "Open it in Excel and save a copy, then load the copy.",
            f"통합 문서에 공유 텍스트가 {n:,}개 있다고 적혀 있어 워크벤치가 읽는 "
            f"{MAX_SHARED_STRINGS:,}개보다 많습니다(실제로는 {present:,}개). 파일이 손상되었거나 "
            "Excel이 쓴 파일이 아니어서 읽지 않습니다. Excel에서 열어 사본을 저장한 뒤 그 사본을 "
            "불러오세요.",
        )


# -- .xls (OLE compound file, BIFF records) -----------------------------------------------
_FREESECT, _ENDOFCHAIN = 0xFFFFFFFF, 0xFFFFFFFE
_CELL_RECORDS = {0x0203, 0x00FD, 0x027E, 0x0201, 0x0205, 0x0006, 0x0204, 0x00D6, 0x0406}
_MULTI_RECORDS = {0x00BD, 0x00BE}  # MULRK, MULBLANK: row, first col, …, last col
_DIMENSIONS = 0x0200


def _check_ole(path: Path, data: bytes) -> None:
    """Check the .xls workbook stream: DIMENSIONS records and cell positions.

    BIFF8 itself caps a sheet at 65,536 rows × 256 columns, but the reader
    trusts the DIMENSIONS record and the positions written in cell records.
    """
    stream = _ole_stream(path, data, ("Workbook", "Book"))
    if stream is None:
        return  # not a workbook stream (an encrypted .xlsx, say): the reader explains
    sheet_no = 0
    sheet_name = ""
    names_at: dict[int, str] = {}  # BOUNDSHEET: stream offset of a sheet's BOF → its name
    max_row = max_col = 0
    pos, n = 0, len(stream)

    def done_sheet() -> None:
        if max_row or max_col:
            check_extent(path, sheet_name, max_row, max_col)

    unpack = struct.unpack_from
    while pos + 4 <= n:
        rec, size = unpack("<HH", stream, pos)
        at, body_at = pos, pos + 4
        pos += 4 + size
        if pos > n:
            break  # a record cut off at the end: the reader reports the damage
        if rec in _CELL_RECORDS:
            if size >= 4:
                row, col = unpack("<HH", stream, body_at)
                if row >= max_row:
                    max_row = row + 1
                if col >= max_col:
                    max_col = col + 1
        elif rec == 0x0809:  # BOF: a new substream
            done_sheet()
            sheet_no += 1
            sheet_name = names_at.get(at, f"#{sheet_no - 1}")
            max_row = max_col = 0
        elif rec == 0x0085 and size >= 8:  # BOUNDSHEET8: offset, state, type, name
            body = stream[body_at:pos]
            (offset,) = unpack("<I", body)
            cch, flags = body[6], body[7]
            raw = body[8 : 8 + (2 * cch if flags & 1 else cch)]
            names_at[offset] = raw.decode("utf-16-le" if flags & 1 else "latin-1", "replace")
        elif rec == _DIMENSIONS:
            if size >= 14:
                first_row, last_row, first_col, last_col = unpack("<IIHH", stream, body_at)
            elif size >= 10:
                first_row, last_row, first_col, last_col = unpack("<HHHH", stream, body_at)
            else:
                continue
            if first_row > last_row or first_col > last_col:
                # the reader subtracts them: an inverted range wraps around to billions
                raise _damaged(path, f"sheet '{sheet_name}': DIMENSIONS record")
            max_row, max_col = max(max_row, last_row), max(max_col, last_col)  # exclusive ends
        elif rec in _MULTI_RECORDS and size >= 6:
            row, _first = unpack("<HH", stream, body_at)
            (last,) = unpack("<H", stream, pos - 2)
            max_row, max_col = max(max_row, row + 1), max(max_col, last + 1)
    done_sheet()


def _ole_stream(path: Path, data: bytes, names: tuple[str, ...]) -> bytes | None:
    """The named stream of an OLE compound file (a minimal, bounded reader)."""
    if len(data) < 512:
        raise _damaged(path, "OLE header")
    sector_shift, mini_shift = struct.unpack_from("<HH", data, 0x1E)
    if not (7 <= sector_shift <= 16) or mini_shift > sector_shift:
        raise _damaged(path, "OLE sector size")
    ssize, msize = 1 << sector_shift, 1 << mini_shift
    (n_fat,) = struct.unpack_from("<I", data, 0x2C)
    (dir_start,) = struct.unpack_from("<I", data, 0x30)
    (mini_cutoff,) = struct.unpack_from("<I", data, 0x38)
    (minifat_start, n_minifat, difat_start, n_difat) = struct.unpack_from("<IIII", data, 0x3C)
    n_sectors = max((len(data) - 512) // ssize, 0)
    if n_fat > n_sectors + 1 or n_difat > n_sectors + 1 or n_minifat > n_sectors + 1:
        raise _damaged(path, "OLE allocation table")

    def sector(i: int) -> bytes:
        if i >= n_sectors:
            raise _damaged(path, "OLE sector out of range")
        return data[512 + i * ssize : 512 + (i + 1) * ssize]

    difat = list(struct.unpack_from("<109I", data, 0x4C))
    nxt, seen = difat_start, 0
    while nxt not in (_FREESECT, _ENDOFCHAIN) and seen <= n_difat:
        block = sector(nxt)
        entries = struct.unpack(f"<{ssize // 4}I", block)
        difat.extend(entries[:-1])
        nxt = entries[-1]
        seen += 1
    fat: list[int] = []
    for s in difat[:n_fat]:
        if s in (_FREESECT, _ENDOFCHAIN):
            continue
        fat.extend(struct.unpack(f"<{ssize // 4}I", sector(s)))

    def chain(start: int, table: list[int], limit: int) -> Iterator[int]:
        seen: set[int] = set()
        s = start
        while s not in (_FREESECT, _ENDOFCHAIN):
            if s in seen or s >= len(table) or len(seen) > limit:
                raise _damaged(path, "OLE sector chain")
            seen.add(s)
            yield s
            s = table[s]

    directory = b"".join(sector(s) for s in chain(dir_start, fat, n_sectors))
    root_start = root_size = None
    found = None
    for off in range(0, len(directory) - 127, 128):
        entry = directory[off : off + 128]
        name_len = struct.unpack_from("<H", entry, 0x40)[0]
        name = entry[: max(name_len - 2, 0)].decode("utf-16-le", "replace")
        kind = entry[0x42]
        start, size = struct.unpack_from("<IQ", entry, 0x74)
        if kind == 5:
            root_start, root_size = start, size
        elif kind == 2 and name in names and found is None:
            found = (start, size)
    if found is None:
        return None
    start, size = found
    if size > MAX_UNCOMPRESSED_BYTES or size > len(data):
        raise _damaged(path, "OLE stream size")
    if size >= mini_cutoff:
        out = b"".join(sector(s) for s in chain(start, fat, n_sectors))
        return out[:size]
    # a small stream lives in the mini stream (inside the root entry's sectors)
    if root_start is None:
        raise _damaged(path, "OLE root entry")
    mini_stream = b"".join(sector(s) for s in chain(root_start, fat, n_sectors))[:root_size]
    minifat: list[int] = []
    for s in chain(minifat_start, fat, n_sectors):
        minifat.extend(struct.unpack(f"<{ssize // 4}I", sector(s)))
    parts = [
        mini_stream[s * msize : (s + 1) * msize]
        for s in chain(start, minifat, len(mini_stream) // msize + 1)
    ]
    return b"".join(parts)[:size]
