"""Generators of hostile and damaged inputs (no binary fixtures are checked in).

Each writes a small file that once made the Excel reader allocate gigabytes
or crash: a workbook whose cells reach XFD1048576, a shared-strings count
that lies, a zip bomb, a .xls DIMENSIONS record that lies, a date cell no
calendar holds; plus deep and duplicate-key JSON.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from xml.sax.saxutils import escape

_CT = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    "{sheets}"
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
    "</Types>"
)
_SHEET_CT = (
    '<Override PartName="/xl/worksheets/sheet{n}.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _cell(ref: str, value) -> str:
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def table_rows(rows: list[list], start: int = 1) -> str:
    """``<row>`` elements for ``rows``, the first on row ``start``."""
    out = []
    for i, row in enumerate(rows, start=start):
        cells = "".join(_cell(f"{chr(65 + j)}{i}", v) for j, v in enumerate(row) if v != "")
        out.append(f'<row r="{i}">{cells}</row>')
    return "".join(out)


JUDGMENT_ROWS = [["질문ID", "문단ID", "등급"], ["Q1", "P1", 3], ["Q1", "P2", 0], ["Q2", "P3", 2]]


def write_xlsx(
    path: Path,
    sheets: list[tuple[str, str]],
    *,
    shared: list[str] = (),
    shared_count: int | None = None,
    dimension: str | None = None,
    hidden: dict[str, str] | None = None,
) -> Path:
    """A minimal .xlsx: ``sheets`` is [(name, sheetData XML)]; ``hidden`` maps a
    sheet name to ``"hidden"`` or ``"veryHidden"``; ``shared_count`` is what
    the shared-strings part *declares* (default: the truth)."""
    hidden = hidden or {}
    book_sheets = "".join(
        f'<sheet name="{escape(name)}" sheetId="{n}" r:id="rId{n}"'
        + (f' state="{hidden[name]}"' if name in hidden else "")
        + "/>"
        for n, (name, _) in enumerate(sheets, start=1)
    )
    rels = "".join(
        f'<Relationship Id="rId{n}" Type="{_NS_R}/worksheet" Target="worksheets/sheet{n}.xml"/>'
        for n in range(1, len(sheets) + 1)
    )
    rels += f'<Relationship Id="rId{len(sheets) + 1}" Type="{_NS_R}/sharedStrings" Target="sharedStrings.xml"/>'
    count = len(shared) if shared_count is None else shared_count
    items = "".join(f"<si><t>{escape(s)}</t></si>" for s in shared)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            _CT.format(sheets="".join(_SHEET_CT.format(n=n) for n in range(1, len(sheets) + 1))),
        )
        z.writestr("_rels/.rels", _RELS)
        z.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="{_MAIN}" '
            f'xmlns:r="{_NS_R}"><sheets>{book_sheets}</sheets></workbook>',
        )
        z.writestr(
            "xl/_rels/workbook.xml.rels",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns='
            f'"http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>',
        )
        for n, (_, data) in enumerate(sheets, start=1):
            dim = f'<dimension ref="{dimension}"/>' if dimension else ""
            z.writestr(
                f"xl/worksheets/sheet{n}.xml",
                f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="{_MAIN}">'
                f"{dim}<sheetData>{data}</sheetData></worksheet>",
            )
        z.writestr(
            "xl/sharedStrings.xml",
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="{_MAIN}" '
            f'count="{count}" uniqueCount="{count}">{items}</sst>',
        )
    return path


def far_cell_workbook(path: Path, *, with_table: bool = True) -> Path:
    """About 1 KB: the judgments table (or nothing) and one value in XFD1048576."""
    rows = table_rows(JUDGMENT_ROWS) if with_table else ""
    return write_xlsx(
        path, [("평가", rows + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')]
    )


def lying_shared_strings_workbook(path: Path) -> Path:
    """Three shared texts, declared as two billion (the reader reserved 48 GB for them)."""
    header = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'
    rest = table_rows(JUDGMENT_ROWS[1:], start=2)
    return write_xlsx(
        path,
        [("평가", header + rest)],
        shared=["질문ID", "문단ID", "등급"],
        shared_count=2_000_000_000,
    )


def _dos_time() -> tuple[int, int]:
    return 0, (1 << 5) | 1  # 1980-01-01 00:00


def zip_bomb(path: Path, *, unpacked_mb: int, entry: str = "xl/worksheets/sheet1.xml") -> Path:
    """A workbook package whose one large entry unpacks to ``unpacked_mb`` MB of
    spaces (about 1000 : 1), plus a valid workbook part; a few MB on disk.

    The deflate stream is one compressed megabyte repeated (each ends in a
    full flush, so the copies are independent). The CRC is not computed
    (it would take longer than the test): the workbench must refuse the
    file from its declared sizes, before anything is unpacked.
    """
    block = b" " * (1 << 20)
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = comp.compress(block) + comp.flush(zlib.Z_FULL_FLUSH)
    end = zlib.compressobj(9, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
    size = unpacked_mb << 20
    compressed_size = len(piece) * unpacked_mb + len(end)
    if size >= 1 << 32:
        raise ValueError("keep the bomb under 4 GB (no zip64 here)")
    tm, dt = _dos_time()
    name = entry.encode()
    local = struct.pack(
        "<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, tm, dt, 0, compressed_size, size, len(name), 0
    )
    with open(path, "wb") as fh:
        fh.write(local + name)
        for _ in range(unpacked_mb):
            fh.write(piece)
        fh.write(end)
        central_at = fh.tell()
        central = (
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                20,
                20,
                0,
                8,
                tm,
                dt,
                0,
                compressed_size,
                size,
                len(name),
                0,
                0,
                0,
                0,
                0,
                0,
            )
            + name
        )
        fh.write(central)
        fh.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), central_at, 0))
    return path


def impossible_date_workbook(path: Path) -> Path:
    """A date-and-time cell holding -1e300: the reader panics (pyo3 PanicException)."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "평가"
    for row in JUDGMENT_ROWS:
        ws.append(row)
    ws["D2"] = -1e300
    ws["D2"].number_format = "yyyy-mm-dd hh:mm"
    wb.save(path)
    return path


def lying_dimensions_xls(path: Path, *, inverted: bool = False) -> Path:
    """A .xls whose DIMENSIONS record claims 4 billion rows × 65,535 columns, or
    (``inverted``) a first row after the last one, which the reader's
    subtraction wraps around to billions (found by fuzzing: 343 GB)."""
    import xlwt

    wb = xlwt.Workbook()
    ws = wb.add_sheet("평가")
    for i, row in enumerate(JUDGMENT_ROWS):
        for j, v in enumerate(row):
            ws.write(i, j, v)
    wb.save(str(path))
    data = bytearray(path.read_bytes())
    at = data.find(b"\x00\x02\x0e\x00")  # DIMENSIONS, 14 bytes
    assert at > 0
    if inverted:
        data[at + 4 : at + 16] = struct.pack("<IIHH", 0x610000, 2, 0, 2)
    else:
        data[at + 4 : at + 16] = struct.pack("<IIHH", 0, 0xFFFFFFFF, 0, 0xFFFF)
    path.write_bytes(bytes(data))
    return path


def deep_json(depth: int) -> str:
    """A judgments-looking JSON file nested ``depth`` arrays deep."""
    return "[" * depth + "]" * depth


def error_cells_workbook(path: Path) -> Path:
    """A judgments sheet whose grade and passage cells hold Excel errors."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "평가"
    for row in JUDGMENT_ROWS:
        ws.append(row)
    ws["C3"] = "#N/A"
    ws["C3"].data_type = "e"
    ws["B4"] = "#REF!"
    ws["B4"].data_type = "e"
    wb.save(path)
    return path
