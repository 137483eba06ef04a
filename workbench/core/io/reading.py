"""Reading files into raw cells: format detection, decoding, sheets, headers.

Nothing here knows about judgments or runs; it turns a path into
:class:`RawSheet` cells (Excel via python-calamine, CSV via :mod:`csv`) or
the decoded text of a TREC/JSON file, and every way that can fail into a
:class:`~workbench.core.model.problems.Problem` a user can act on. Files are only
ever opened for reading; the bytes are read once, hashed, and parsed from
memory, so the checksum describes exactly what was read (of a compressed file,
the file as stored: see :func:`read_source`).
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import itertools
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.core.io import common, trec_scan
from workbench.core.io.common import breathe, slices
from workbench.core.io.fast_csv import csv_columns
from workbench.core.io.ids import display_text, is_blank
from workbench.core.io.mapping import header_score
from workbench.core.model.cancel import Cancelled
from workbench.core.model.problems import NAME_CHARS, InputError, Problem, error, excerpt

if TYPE_CHECKING:
    from workbench.core.io.csv_check import MalformedRow
    from workbench.core.io.limits import WorkbookFacts

EXCEL_EXTS = {".xlsx", ".xlsm", ".xls", ".ods", ".xlsb", ".xltx", ".xltm"}
CSV_EXTS = {".csv", ".tsv", ".tab"}
JSON_EXTS = {".json", ".jsonl"}
TREC_RUN_EXTS = {".run", ".trec", ".res"}
TREC_QRELS_EXTS = {".qrels", ".qrel"}

ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
#: How many rows from the top are searched for the header row.
HEADER_SEARCH_ROWS = 30


@dataclass
class RawSheet:
    """Cells of one sheet; ``rows[i]`` is Excel row ``row_numbers[i]`` (or a text line)."""

    name: str
    rows: list[list[Any]]
    row_numbers: list[int] | None = None  # None: rows[i] is row i + 1
    total_rows: int | None = None  # rows in the sheet when ``rows`` was cut short
    hidden: bool = False  # hidden or "very hidden" in Excel: never picked automatically
    #: Excel error cells (``#N/A`` …) by (0-based row index, 0-based column); the
    #: reader gives them as blanks, so the checks need to know where they are
    error_cells: dict[tuple[int, int], str] = field(default_factory=dict)
    #: the whole sheet as columns (row i is row i + 1); ``rows`` then holds only
    #: the first rows, where the header row is looked for
    columns: list[np.ndarray] | None = None
    #: CSV lines that break the one-record-per-line rule (read as blank lines)
    malformed: list[MalformedRow] = field(default_factory=list)

    def row_number(self, i: int) -> int:
        return self.row_numbers[i] if self.row_numbers is not None else i + 1


@dataclass
class RawFile:
    path: Path
    kind: str  # "excel" | "csv" | "trec_qrels" | "trec_run" | "json"
    sha256: str
    sheets: list[RawSheet] = field(default_factory=list)
    text: str | None = None  # decoded text of TREC/JSON files
    encoding: str | None = None
    problems: list[Problem] = field(default_factory=list)  # warnings about the file itself


def _fail(path: Path, code: str, en: str, ko: str, sheet: str | None = None) -> InputError:
    return InputError([error(code, en, ko, file=path.name, sheet=sheet)])


def check_not_blank(text: str, path: Path) -> None:
    """A text file with nothing but blank space is reported as empty, not as a missing sheet."""
    if not text.strip():
        raise _fail(
            path,
            "empty_file",
            "The file is empty: it holds no text at all. It may not have been saved completely; "
            "use a backup or save it again.",
            "파일이 비어 있습니다(글자가 하나도 없음). 저장이 끝나지 않았을 수 있습니다. "
            "백업본을 쓰거나 다시 저장하세요.",
        )


#: Bytes of one input file (for a compressed file, its unpacked size); stated in the README.
MAX_INPUT_BYTES = trec_scan.MAX_INPUT_BYTES
#: Bytes of one line of a CSV, TSV or TREC file; stated in the README.
MAX_LINE_BYTES = trec_scan.MAX_LINE_BYTES
#: the compressed formats a run or judgments file may come in, by their first bytes
_COMPRESSED = {b"\x1f\x8b": "gzip", b"\xfd7zXZ\x00": "xz"}
_COMPRESSED_SUFFIXES = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz"}
#: what a pipe, process substitution or standard input held: they can be read
#: only once, and a load looks at its file more than once
_STREAMS: dict[str, bytes] = {}
_READ_BLOCK = 4 << 20


def compression_of(path: Path, head: bytes = b"") -> str | None:
    """``"gzip"``, ``"bz2"`` or ``"xz"`` for a compressed file (by its first bytes,
    else its extension), None for anything else."""
    for magic, name in _COMPRESSED.items():
        if head.startswith(magic):
            return name
    if head[:3] == b"BZh" and head[3:4].isdigit() and head[4:10] == b"1AY&SY":
        return "bz2"
    return _COMPRESSED_SUFFIXES.get(path.suffix.lower()) if not head else None


def _too_large(path: Path, what_en: str, what_ko: str) -> InputError:
    return _fail(
        path,
        "file_too_large",
        f"The {what_en} is larger than the {MAX_INPUT_BYTES / 2**30:.0f} GB the workbench reads "
        "from one file. Split the file (one per system, say), or keep only the depth you "
        "evaluate (the first 1,000 results per question).",
        f"{what_ko} 워크벤치가 한 파일에서 읽는 {MAX_INPUT_BYTES / 2**30:.0f}GB보다 큽니다. "
        "파일을 나누거나(시스템마다 하나씩 등) 평가할 깊이만 남기세요(질문마다 상위 1,000개 등).",
    )


def _read_bounded(path: Path, fh) -> bytes:
    """Read ``fh`` to its end in blocks, refusing more than :data:`MAX_INPUT_BYTES`
    (so a 20 GB file or an endless pipe is a message, not a MemoryError)."""
    parts, total = [], 0
    while True:
        block = fh.read(_READ_BLOCK)
        if not block:
            return b"".join(parts)
        total += len(block)
        if total > MAX_INPUT_BYTES:
            raise _too_large(path, "input", "입력이")
        parts.append(block)


def _decompress(path: Path, data: bytes, kind: str) -> bytes:
    import bz2
    import gzip
    import lzma

    stream = io.BytesIO(data)
    openers = {
        "gzip": lambda: gzip.GzipFile(fileobj=stream, mode="rb"),
        "bz2": lambda: bz2.BZ2File(stream, "rb"),
        "xz": lambda: lzma.LZMAFile(stream, "rb"),
    }
    try:
        with openers[kind]() as fh:  # streaming: bounded as it unpacks
            return _read_bounded(path, fh)
    except InputError:
        raise _too_large(path, "unpacked file", "압축을 푼 파일이") from None
    except (OSError, EOFError, lzma.LZMAError, ValueError) as exc:
        raise _fail(
            path,
            "corrupt_file",
            f"The compressed file ({kind}) is damaged and cannot be unpacked ({excerpt(exc, NAME_CHARS)}). Compress "
            "it again from the original, or use a backup.",
            f"압축 파일({kind})이 손상되어 풀 수 없습니다({excerpt(exc, NAME_CHARS)}). 원본에서 다시 압축하거나 "
            "백업본을 사용하세요.",
        ) from None


def _read_stream(path: Path) -> bytes:
    """A pipe, a process substitution or standard input (``-``), read once and kept."""
    key = str(path)
    if key not in _STREAMS:
        if key == "-":
            import sys

            _STREAMS[key] = _read_bounded(path, sys.stdin.buffer)
        else:
            with open(path, "rb") as fh:
                _STREAMS[key] = _read_bounded(path, fh)
    return _STREAMS[key]


def read_bytes(path: Path) -> bytes:
    """The file's bytes (unpacked), or an :class:`InputError` saying why they can't be read."""
    return read_source(path)[0]


def read_source(path: Path) -> tuple[bytes, str]:
    """``(bytes, sha256)``: the file's bytes, unpacked, and the SHA-256 of the
    bytes as stored — of a ``run.gz`` the packed file, as ``sha256sum run.gz``
    gives it and as a project checks its sources
    (:func:`workbench.core.io.project.check_sources`) without unpacking them.

    A pipe, process substitution (``<(gzip -dc run.gz)``) or ``-`` (standard
    input) is read once and kept; a ``.gz``/``.bz2``/``.xz`` file is unpacked.
    Either way at most :data:`MAX_INPUT_BYTES` are read. Failures are an
    :class:`InputError` saying why the bytes can't be read."""
    path = Path(path)
    if str(path) == "-":
        data = _read_stream(path)
        kind = compression_of(path, data[:10])
        return (_decompress(path, data, kind) if kind else data), sha256_of(data)
    try:
        info = os.stat(path)
    except OSError:
        info = None  # open() below says why
    try:
        if info is not None and (stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)):
            # a terminal or /dev/zero never ends; a pipe (below) does
            raise _fail(
                path,
                "not_a_file",
                "This is a device, not a file (such as a terminal or /dev/zero). Save what "
                "it holds to a file and give that file.",
                "파일이 아니라 장치(터미널, /dev/zero 등)입니다. 그 내용을 파일로 저장한 뒤 그 "
                "파일을 지정하세요.",
            )
        if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            data = _read_stream(path)
        else:
            if info is not None and info.st_size > MAX_INPUT_BYTES:
                raise _too_large(path, "file", "파일이")
            with open(path, "rb") as fh:  # read-only: inputs are never modified
                data = _read_bounded(path, fh)
    except FileNotFoundError:
        raise _fail(
            path,
            "file_not_found",
            "The file was not found. It may have been moved, renamed or deleted; choose it again.",
            "파일을 찾을 수 없습니다. 옮겨졌거나 이름이 바뀌었거나 지워졌을 수 있습니다. "
            "파일을 다시 선택하세요.",
        ) from None
    except IsADirectoryError:
        raise _fail(
            path,
            "is_directory",
            "This is a folder, not a file. Choose the file inside it.",
            "파일이 아니라 폴더입니다. 폴더 안의 파일을 선택하세요.",
        ) from None
    except PermissionError:
        raise _fail(
            path,
            "file_locked",
            "The file cannot be read: it is locked by another program (is it open in Excel?) "
            "or you do not have permission. Close it in Excel and try again.",
            "파일을 읽을 수 없습니다. 다른 프로그램(Excel 등)에서 열려 있어 잠겨 있거나 읽기 "
            "권한이 없습니다. Excel에서 파일을 닫은 뒤 다시 시도하세요.",
        ) from None
    except OSError as exc:
        raise _fail(
            path,
            "file_unreadable",
            f"The file cannot be read ({exc.strerror or exc}). Copy it to a local folder and "
            "try again.",
            f"파일을 읽을 수 없습니다({exc.strerror or exc}). 내 컴퓨터의 폴더로 복사한 뒤 "
            "다시 시도하세요.",
        ) from None
    kind = compression_of(path, data[:10])
    return (_decompress(path, data, kind) if kind else data), sha256_of(data)


def check_line_lengths(data: bytes, path: Path) -> None:
    """Refuse a text file with a line longer than :data:`MAX_LINE_BYTES` (a 2 GB
    one-line CSV), before any parser tries to hold it; linear, by blocks."""
    longest, run_start = 0, 0
    view = np.frombuffer(data, dtype=np.uint8)
    for a in range(0, len(view), 64 << 20):
        block = view[a : a + (64 << 20)]
        ends = np.flatnonzero((block == 10) | (block == 13)) + a
        if ends.size:
            longest = max(longest, int(ends[0]) - run_start)
            if ends.size > 1:
                longest = max(longest, int(np.diff(ends).max()) - 1)
            run_start = int(ends[-1]) + 1
        breathe()
    longest = max(longest, len(view) - run_start)
    if longest > MAX_LINE_BYTES:
        raise _fail(
            path,
            "line_too_long",
            f"The file has a line of {longest:,} bytes, longer than the {MAX_LINE_BYTES:,} the "
            "workbench reads in one line of a CSV, TSV or TREC file. The file is damaged, is "
            "not a table, or has its line breaks lost; check it in a text editor.",
            f"파일에 {longest:,}바이트인 줄이 있어 워크벤치가 CSV·TSV·TREC 파일의 한 줄에서 읽는 "
            f"{MAX_LINE_BYTES:,}바이트보다 깁니다. 파일이 손상되었거나 표가 아니거나 줄바꿈이 "
            "사라졌을 수 있습니다. 텍스트 편집기에서 확인하세요.",
        )


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- text decoding --------------------------------------------------------------
def decode_text(data: bytes, path: Path) -> tuple[str, str]:
    """Decode a text file: UTF-8 (with or without BOM), UTF-16 with BOM, CP949/EUC-KR."""
    if data.startswith(b"\xef\xbb\xbf"):
        candidates = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = ["utf-16"]  # Excel's "Unicode text" export
    else:
        # CP949 is a superset of EUC-KR, the encoding Korean Excel writes CSV in.
        candidates = ["utf-8", "cp949"]
    for enc in candidates:
        try:
            return _decode(data, enc), enc
        except UnicodeDecodeError:
            continue
    raise _fail(
        path,
        "unknown_encoding",
        "The text file is not in a known character encoding (UTF-8 or CP949/EUC-KR). "
        "Open it in Excel and save it as 'CSV UTF-8 (comma delimited)'.",
        "텍스트 파일의 문자 인코딩을 알 수 없습니다(UTF-8 또는 CP949/EUC-KR이 아님). "
        "Excel에서 열어 'CSV UTF-8(쉼표로 분리)' 형식으로 다시 저장하세요.",
    )


#: bytes decoded per call: a 16 MB file decoded at once holds the GIL ~30 ms
_DECODE_BLOCK = 4 << 20


def _decode(data: bytes, enc: str) -> str:
    """``data.decode(enc)`` in blocks (an incremental decoder keeps split characters whole)."""
    if len(data) <= _DECODE_BLOCK:
        return data.decode(enc)
    decoder = codecs.getincrementaldecoder(enc)()
    parts = []
    view = memoryview(data)
    for a in range(0, len(data), _DECODE_BLOCK):
        block = view[a : a + _DECODE_BLOCK]
        parts.append(decoder.decode(block, final=a + _DECODE_BLOCK >= len(data)))
        breathe()
    return "".join(parts)


# -- format detection -----------------------------------------------------------
_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def sniff_trec(text: str) -> str | None:
    """``"trec_run"``, ``"trec_qrels"`` or None, from the first lines of a text file."""
    lines = []
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            lines.append(s.split())
        if len(lines) >= 20:
            break
    if not lines:
        return None

    def run_line(f: list[str]) -> bool:
        # fields after the tag (trec_eval ignores them) still make a run line, so
        # such a file is reported line by line as a run, not as a headerless table
        return len(f) >= 6 and bool(_INT.match(f[3]) and _FLOAT.match(f[4]))

    def qrels_line(f: list[str]) -> bool:
        return (len(f) == 4 and bool(_INT.match(f[3]))) or (len(f) == 3 and bool(_INT.match(f[2])))

    # most lines must fit (a stray bad line is reported later, with its number)
    need = max(1, int(0.8 * len(lines)))
    for kind, fits in (("trec_run", run_line), ("trec_qrels", qrels_line)):
        if fits(lines[0]) and sum(map(fits, lines)) >= need:
            return kind
    return None


def _looks_like_text(data: bytes) -> bool:
    head = data[:4096]
    if b"\x00" in head:
        return False
    for enc in ("utf-8", "cp949"):
        try:
            head.decode(enc)
            return True
        except UnicodeDecodeError as exc:
            if exc.start >= len(head) - 4:  # a character cut at the 4096-byte boundary
                return True
    return False


#: documents people keep tables in that are not tables: what each is, and how to
#: get the table out (English, Korean)
_DOCUMENTS = {
    "pdf": (
        "a PDF document, not a table file. A table inside a PDF cannot be read as it is: copy "
        "it into Excel (or export it again from the program that made the PDF) and save it as "
        ".xlsx or .csv",
        "PDF 문서이지 표 파일이 아닙니다. PDF 안의 표는 그대로 읽을 수 없습니다. 표를 Excel에 "
        "옮기거나 PDF를 만든 프로그램에서 다시 내보내 .xlsx나 .csv로 저장하세요",
    ),
    "hwp": (
        "a Hangul (HWP) document, not a spreadsheet. Select the table in Hangul, copy it into "
        "Excel and save it as .xlsx",
        "한글(HWP) 문서이지 표 계산 파일이 아닙니다. 한글에서 표를 선택해 Excel에 붙여 넣고 "
        ".xlsx로 저장하세요",
    ),
    "image": (
        "an image (a photo or a screenshot), not a table file. Type or paste the table into "
        "Excel and save it as .xlsx",
        "이미지(사진이나 화면 캡처)이지 표 파일이 아닙니다. 표를 Excel에 입력하거나 붙여 넣어 "
        ".xlsx로 저장하세요",
    ),
}


def _document_kind(path: Path, data: bytes) -> str | None:
    """``"pdf"``, ``"hwp"`` or ``"image"`` for those files, from their first bytes."""
    head = data[:65536]
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(OLE_MAGIC) and (
        path.suffix.lower() == ".hwp" or "BodyText".encode("utf-16-le") in data[:1 << 20]
    ):
        return "hwp"
    if head.startswith(ZIP_MAGIC) and (
        b"application/hwp+zip" in head[:200] or path.suffix.lower() == ".hwpx"
    ):
        return "hwp"
    if head.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")):
        return "image"
    return None


def detect_kind(path: Path, data: bytes) -> str:
    """The file's format from its content, its extension breaking ties.

    A PDF, a Hangul document or an image is refused here, saying what it is and
    how to get its table out (read as text it would give puzzling messages)."""
    document = _document_kind(path, data)
    if document is not None:
        en, ko = _DOCUMENTS[document]
        raise _fail(path, "not_a_table", f"This is {en}.", f"이 파일은 {ko}.")
    ext = path.suffix.lower()
    if data.startswith(ZIP_MAGIC) or data.startswith(OLE_MAGIC):
        return "excel"
    if ext in EXCEL_EXTS:
        return "excel"  # not an Excel file after all; open_excel says so
    stripped = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if ext in JSON_EXTS or stripped[:1] in (b"{", b"["):
        return "json"
    if ext == ".csv":
        return "csv"
    text_head = data[:65536].decode("utf-8", errors="ignore")
    if "," not in text_head.split("\n", 1)[0]:
        trec = sniff_trec(text_head)
        if trec:
            return trec
    # a TREC extension keeps its format even when the lines are wrong, so each
    # bad line is reported with its number instead of a puzzling CSV message
    if ext in TREC_RUN_EXTS:
        return "trec_run"
    if ext in TREC_QRELS_EXTS:
        return "trec_qrels"
    return "csv"


# -- Excel ----------------------------------------------------------------------
def _is_encrypted_ole(data: bytes) -> bool:
    # An encrypted .xlsx is an OLE2 container whose directory names the
    # "EncryptionInfo" and "EncryptedPackage" streams (UTF-16LE).
    return (
        "EncryptionInfo".encode("utf-16-le") in data
        or "EncryptedPackage".encode("utf-16-le") in data
    )


def _encrypted(path: Path) -> InputError:
    return _fail(
        path,
        "password_protected",
        "The workbook is password-protected, so it cannot be read. Open it in Excel, remove the "
        "password (File > Info > Protect Workbook > Encrypt with Password, clear it), save, and "
        "load it again.",
        "암호가 걸린 통합 문서라서 읽을 수 없습니다. Excel에서 열어 암호를 해제한 뒤(파일 > 정보 > "
        "통합 문서 보호 > 암호 설정에서 암호 지우기) 저장하고 다시 불러오세요.",
    )


def reader_failed(exc: BaseException) -> bool:
    """Whether ``exc`` is the Excel reader failing (to be reported), not a signal to pass on.

    python-calamine raises its own errors, ``MemoryError`` and pyo3's
    ``PanicException`` — a ``BaseException`` that ``except Exception`` does not
    catch (a date cell holding 1e300, for one). Interrupts, exits and
    :class:`~workbench.core.model.cancel.Cancelled` are not failures of the reader.
    """

    if isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit | Cancelled):
        return False
    return True


def reader_crash(path: Path, exc: BaseException, sheet: str | None = None) -> InputError:
    """The message for a failure inside the Excel reader (a panic or running out of memory)."""
    if isinstance(exc, MemoryError):
        return _fail(
            path,
            "workbook_too_large",
            "The workbook is too large to read in the memory available. Close other programs "
            "and try again, or save the data as a CSV or TREC file and load that.",
            "메모리가 부족해 통합 문서를 읽을 수 없습니다. 다른 프로그램을 닫고 다시 시도하거나, "
            "데이터를 CSV나 TREC 파일로 저장해 불러오세요.",
            sheet=sheet,
        )
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return _fail(
        path,
        "reader_crash",
        f"The Excel reader could not read this workbook ({detail}). The file may be damaged, or "
        "a cell may hold a value Excel itself cannot show (for example a date far outside the "
        "calendar, shown as ##### in Excel). Open it in Excel, fix or clear that cell, save a "
        "copy and load the copy.",
        f"Excel 읽기 모듈이 이 통합 문서를 읽지 못했습니다({detail}). 파일이 손상되었거나, Excel도 "
        "표시하지 못하는 값(예: 달력 범위를 한참 벗어난 날짜, Excel에서 #####로 보임)이 든 셀이 "
        "있을 수 있습니다. Excel에서 열어 그 셀을 고치거나 지우고 사본을 저장한 뒤 사본을 "
        "불러오세요.",
        sheet=sheet,
    )


def open_excel(path: Path, data: bytes, defer_sheets: bool = False):
    """``(CalamineWorkbook, WorkbookFacts)`` over ``data``, or an :class:`InputError`
    naming the cause. The package's sizes are checked first
    (:func:`~workbench.core.io.limits.check_workbook`), so the reader is never
    handed a file that would make it allocate past the limits."""
    import python_calamine as pc

    # the workbook checks (and html) only for a workbook: a TREC or CSV file needs none
    from workbench.core.io.limits import check_workbook

    if path.name.startswith("~$"):
        raise _fail(
            path,
            "excel_lock_file",
            "This is Excel's temporary lock file, not a workbook. Choose the file with the same "
            "name without '~$' at the start.",
            "Excel이 만든 임시 잠금 파일이지 통합 문서가 아닙니다. 이름 앞에 '~$'가 없는 같은 "
            "이름의 파일을 선택하세요.",
        )
    if not data:
        raise _fail(
            path,
            "empty_file",
            "The file is empty (0 bytes). It may not have been saved completely; use a backup "
            "or save it again from Excel.",
            "파일이 비어 있습니다(0바이트). 저장이 끝나지 않았을 수 있습니다. 백업본을 쓰거나 "
            "Excel에서 다시 저장하세요.",
        )
    if data.startswith(OLE_MAGIC) and _is_encrypted_ole(data):
        raise _encrypted(path)
    if not (data.startswith(ZIP_MAGIC) or data.startswith(OLE_MAGIC)):
        if _looks_like_text(data):
            raise _fail(
                path,
                "not_excel_text",
                f"This file is not an Excel workbook although it is named '{path.suffix}': it "
                "contains plain text (perhaps CSV). Rename it to .csv, or open it in Excel and "
                "save it as an Excel workbook (.xlsx).",
                f"파일 이름은 '{path.suffix}'이지만 Excel 통합 문서가 아니라 일반 텍스트(CSV일 "
                "수 있음)입니다. 확장자를 .csv로 바꾸거나 Excel에서 열어 Excel 통합 문서(.xlsx)로 "
                "저장하세요.",
            )
        raise _fail(
            path,
            "not_excel",
            "This file is not an Excel workbook (.xlsx, .xls or .ods). Open it in Excel and save "
            "it as an Excel workbook (.xlsx).",
            "Excel 통합 문서(.xlsx, .xls, .ods)가 아닙니다. Excel에서 열어 Excel 통합 문서"
            "(.xlsx)로 저장하세요.",
        )
    facts: WorkbookFacts = check_workbook(path, data, defer_sheets)
    try:
        return pc.CalamineWorkbook.from_filelike(io.BytesIO(data)), facts
    except pc.PasswordError:
        raise _encrypted(path) from None
    except MemoryError as exc:
        raise reader_crash(path, exc) from None
    except Exception as exc:  # calamine raises several types for damaged files
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "password" in detail.lower() or "encrypt" in detail.lower():
            raise _encrypted(path) from None
        if data.startswith(ZIP_MAGIC) and (b"xl/" not in data and b"content.xml" not in data):
            raise _fail(
                path,
                "not_excel_zip",
                "This file is a ZIP archive but not an Excel workbook (perhaps a Word file or a "
                "folder archive). Choose the Excel file (.xlsx).",
                "ZIP 압축 파일이지만 Excel 통합 문서가 아닙니다(Word 파일이나 압축 폴더일 수 "
                "있음). Excel 파일(.xlsx)을 선택하세요.",
            ) from None
        raise _fail(
            path,
            "corrupt_file",
            f"The workbook is damaged and cannot be opened ({detail}). Open it in Excel and save "
            "a new copy (Excel can often repair it), or use a backup.",
            f"통합 문서가 손상되어 열 수 없습니다({detail}). Excel에서 열어 새 이름으로 저장하거나"
            "(Excel이 복구해 주는 경우가 많습니다) 백업본을 사용하세요.",
        ) from None
    except BaseException as exc:  # a panic in the Rust reader is not an Exception
        if not reader_failed(exc):
            raise
        raise reader_crash(path, exc) from None


def _sheet_rows(sheet) -> list[list[Any]]:
    """All cells of a calamine sheet from A1 (row i is Excel row i + 1), by slices of rows.

    ``to_python()`` converts the whole sheet in one call that holds the GIL
    (~0.7 s for 500k rows); ``iter_rows()`` converts a row per step, so the
    rows are taken a slice at a time with a GIL hand-over between slices.
    ``iter_rows`` may leave out the empty rows above and columns left of the
    data; they are put back from ``sheet.end`` so the numbering matches Excel.
    """
    end = sheet.end
    if end is None:
        return []
    rows: list[list[Any]] = []
    it = sheet.iter_rows()
    size = common.CHUNK_ROWS
    while True:
        before = len(rows)
        rows.extend(itertools.islice(it, size))
        if len(rows) - before < size:
            break
        breathe()
    if not rows:
        return rows
    # rows/columns the iterator left out before the data (it ends at ``end``)
    skipped_rows = end[0] + 1 - len(rows)
    skipped_cols = end[1] + 1 - max(len(r) for r in rows[:1000])
    if skipped_cols > 0:
        pad = [""] * skipped_cols
        for sl in slices(len(rows)):
            rows[sl] = [pad + r for r in rows[sl]]
    if skipped_rows > 0:
        width = end[1] + 1
        rows[0:0] = [[""] * width for _ in range(skipped_rows)]
    return rows


def read_excel_sheets(
    path: Path, data: bytes, nrows: int | None = None, names: list[str] | None = None
) -> list[RawSheet]:
    """Every worksheet (or those in ``names``) as cells from A1; chart sheets are skipped.

    Hidden and "very hidden" sheets are read too and marked ``hidden`` (the
    sheet choosers never pick them on their own). Every failure inside the
    reader, a Rust panic included, becomes an :class:`InputError`.
    """
    import python_calamine as pc

    from workbench.core.io.limits import check_extent  # a workbook only, as in open_excel

    wb, facts = open_excel(path, data, defer_sheets=True)
    name: str | None = None
    # each sheet's used range is checked before the reader reads it; the next
    # sheet is checked in a thread while the reader (which lets other threads
    # run) parses this one
    scans = ThreadPoolExecutor(max_workers=1)
    try:
        sheets: list[RawSheet] = []
        meta = {m.name: m for m in wb.sheets_metadata}
        order = []
        for candidate in wb.sheet_names:
            if names is not None and candidate not in names:
                continue
            m = meta.get(candidate)
            if m is not None and "Work" not in str(m.typ) and "Dialog" not in str(m.typ):
                continue  # chart or macro sheet
            order.append(candidate)
        ahead = scans.submit(facts.scan, order[0]) if order else None
        for i, name in enumerate(order):
            ahead.result()  # this sheet's check: raises past the limits
            if i + 1 < len(order):
                ahead = scans.submit(facts.scan, order[i + 1])
            m = meta.get(name)
            hidden = m is not None and m.visible != pc.SheetVisibleEnum.Visible
            try:
                sheet = wb.get_sheet_by_name(name)
                end = sheet.end
                if end is not None:
                    # every format, .ods and .xlsb too: the range from A1 is what gets built
                    check_extent(path, name, end[0] + 1, end[1] + 1)
                if nrows is not None:
                    # skip_empty_area=False keeps row i as Excel row i + 1
                    rows = sheet.to_python(skip_empty_area=False, nrows=nrows)
                else:
                    rows = _sheet_rows(sheet)
                total = (end[0] + 1 if end else 0) if nrows is not None else None
            except InputError:
                raise
            except MemoryError as exc:
                raise reader_crash(path, exc, sheet=name) from None
            except Exception as exc:
                raise _fail(
                    path,
                    "corrupt_sheet",
                    f"The sheet cannot be read; the workbook may be damaged ({excerpt(exc, NAME_CHARS)}). Open it in "
                    "Excel and save a new copy.",
                    f"시트를 읽을 수 없습니다. 통합 문서가 손상되었을 수 있습니다({excerpt(exc, NAME_CHARS)}). Excel에서 "
                    "열어 새 이름으로 저장하세요.",
                    sheet=name,
                ) from None
            sheets.append(
                RawSheet(
                    name=name,
                    rows=rows,
                    total_rows=total,
                    hidden=hidden,
                    error_cells=facts.error_cells.get(name, {}),
                )
            )
        return sheets
    except BaseException as exc:  # a panic in the Rust reader is not an Exception
        if isinstance(exc, InputError) or not reader_failed(exc):
            raise
        raise reader_crash(path, exc, sheet=name) from None
    finally:
        scans.shutdown(wait=True, cancel_futures=True)
        try:
            wb.close()
        except BaseException:  # pragma: no cover - closing must not hide the real outcome
            pass


# -- CSV ------------------------------------------------------------------------
def _first_line(text: str) -> str:
    """The first non-blank line, without splitting the whole text."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        for line in text[start:end].splitlines():  # a lone \r also ends a line
            if line.strip():
                return line
        start = end + 1
    return ""


def sniff_delimiter(text: str, ext: str) -> str:
    first = _first_line(text)
    if ext in (".tsv", ".tab"):
        return "\t"
    counts = {d: first.count(d) for d in (",", "\t", ";", "|")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > 0 else ","


def read_csv_sheet(
    path: Path, text: str, nrows: int | None = None, one_record_per_line: bool = True
) -> RawSheet:
    """A CSV/TSV file as one sheet named after the file; row numbers are line numbers.

    ``one_record_per_line``: lines breaking that rule are blanked and listed in
    ``malformed`` (:mod:`.csv_check`); answers files, whose answers span lines,
    pass False."""
    # the line checker only for a CSV file: a TREC file is read without it
    from workbench.core.io.csv_check import check_structure

    delim = sniff_delimiter(text, path.suffix.lower())
    first_line, _, rest = text.partition("\n")
    if first_line.strip().lower().startswith("sep=") and len(first_line.strip()) == 5:
        # Excel's "sep=;" hint line: use it, and keep the line numbers right
        delim = first_line.strip()[4]
        text = "\n" + rest
    # one record per line: a damaged line is blanked (and named), never swallowing the rest
    text, malformed = check_structure(text, delim) if one_record_per_line else (text, [])
    if nrows is None:
        columns = csv_columns(text, delim)
        if columns is not None:
            sheet = _columnar_sheet(path.stem, text, delim, columns)
            sheet.malformed = malformed
            return sheet
    reader = csv.reader(_text_lines(text), delimiter=delim)
    rows: list[list[Any]] = []
    numbers: list[int] = []
    last = 0
    total = 0
    try:
        size = common.CHUNK_ROWS
        for record in reader:
            total += 1
            if not total % size:
                breathe(size)  # progress of the enclosing step (lines read)
            if nrows is None or len(rows) < nrows:
                rows.append(record)
                numbers.append(last + 1)  # the line the record starts on
            last = reader.line_num
    except csv.Error as exc:
        raise _fail(
            path,
            "csv_malformed",
            f"The CSV file cannot be read near line {last + 1} ({excerpt(exc, NAME_CHARS)}). Check for an unclosed "
            "quotation mark, or save it again from Excel.",
            f"CSV 파일의 {last + 1}번째 줄 근처를 읽을 수 없습니다({excerpt(exc, NAME_CHARS)}). 닫히지 않은 따옴표가 "
            "있는지 확인하거나 Excel에서 다시 저장하세요.",
        ) from None
    return RawSheet(
        name=path.stem, rows=rows, row_numbers=numbers, total_rows=total, malformed=malformed
    )


def _columnar_sheet(name: str, text: str, delim: str, columns: list[np.ndarray]) -> RawSheet:
    """A sheet read by :func:`csv_columns`, with its first rows as :mod:`csv` gives them."""
    n = len(columns[0])
    head = text.split("\n", HEADER_SEARCH_ROWS)[:HEADER_SEARCH_ROWS]
    rows = []
    for i, line in enumerate(head[:n]):
        # csv gives a blank line no cell at all, and otherwise exactly the line's fields
        width = 0 if not line.rstrip("\r") else line.count(delim) + 1
        rows.append([c[i] for c in columns[:width]])
    return RawSheet(name=name, rows=rows, total_rows=n, columns=columns)


#: characters of text split into lines per call (see _text_lines)
_LINES_BLOCK = 1 << 20


def _text_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as ``io.StringIO(text, newline="")`` gives them, by blocks.

    One ``StringIO`` over a whole 16 MB file copies it in a single call that
    holds the GIL ~60 ms; blocks cut just after a ``\n`` split the same way
    (``\r\n`` is never cut apart), and each block is a short call.
    """
    start, n = 0, len(text)
    while start < n:
        end = text.find("\n", min(start + _LINES_BLOCK, n) - 1)
        end = n if end < 0 else end + 1
        yield from io.StringIO(text[start:end], newline="")
        start = end


# -- tables ---------------------------------------------------------------------
def column_letter(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    s = ""
    index += 1
    while index:
        index, r = divmod(index - 1, 26)
        s = chr(65 + r) + s
    return s


def formula_cells(
    path: Path, sheet: str, header_row: int, header: str
) -> dict[int, tuple[str, str]]:
    """Excel row → (cell such as ``F7``, formula) of every formula in ``header``'s
    column of an .xlsx ``sheet`` (the reader gives a formula's computed value,
    or a blank when the file holds none, as openpyxl writes them). Anything
    that cannot be looked at gives ``{}``: the file was already read."""
    import openpyxl  # only a pool workbook read back needs it

    try:
        book = openpyxl.load_workbook(io.BytesIO(read_bytes(path)), read_only=True)
    except Exception:  # noqa: BLE001 - not an .xlsx openpyxl opens: nothing to add
        return {}
    try:
        ws = book[sheet]
        column = None
        found: dict[int, tuple[str, str]] = {}
        for row in ws.iter_rows(min_row=header_row):
            if column is None:
                names = [_clean_header(c.value) if c.value is not None else "" for c in row]
                if header not in names:
                    return {}
                column = names.index(header)
                continue
            cell = row[column] if column < len(row) else None
            if cell is not None and getattr(cell, "data_type", None) == "f":
                found[cell.row] = (f"{column_letter(column)}{cell.row}", str(cell.value))
        return found
    except Exception:  # noqa: BLE001 - a damaged part: the reader's values stand
        return {}
    finally:
        book.close()


@dataclass
class Table:
    """A sheet split into a header row and data columns.

    ``columns[h]`` is an object array of the raw cells under header ``h``;
    ``rows[i]`` the Excel row number (or text line) of data row ``i``.
    """

    sheet: str
    headers: list[str]
    header_row: int
    columns: dict[str, np.ndarray]
    rows: np.ndarray
    total_rows: int  # data rows in the sheet (more than len(rows) in a preview)
    #: header → {Excel row number → Excel error text such as "#N/A"}: cells the
    #: reader hands over as blanks, named in their own message instead
    error_cells: dict[str, dict[int, str]] = field(default_factory=dict)

    @property
    def n_rows(self) -> int:
        return int(self.rows.shape[0])

    def excel_error(self, header: str | None, row: int) -> str | None:
        """The Excel error (``"#N/A"`` …) in ``header``'s cell of ``row``, if any."""
        if header is None or not self.error_cells:
            return None
        return self.error_cells.get(header, {}).get(int(row))


def _header_index(rows: list[list[Any]]) -> int | None:
    best, best_score, first_nonempty = None, 0, None
    for i, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        cells = [display_text(c).strip() for c in row]
        if not any(cells):
            continue
        if first_nonempty is None:
            first_nonempty = i
        score = header_score(cells)
        if score > best_score:
            best, best_score = i, score
    return best if best is not None else first_nonempty


def _clean_header(value: Any) -> str:
    return unicodedata.normalize("NFC", display_text(value)).strip()


def header_index_for(rows: list[list[Any]], headers: list[str]) -> int | None:
    """The row (0-based, among the first rows) holding most of ``headers``."""
    wanted = set(headers)
    best, best_hits = None, 0
    for i, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        hits = sum(1 for c in row if _clean_header(c) in wanted)
        if hits > best_hits:
            best, best_hits = i, hits
    return best


def _columns(rows: list[list[Any]], first: int, width: int) -> list[np.ndarray]:
    """Rows ``first…`` turned into ``width`` object columns (short rows padded with "").

    By slices of rows: ``zip(*rows)`` over a whole sheet is one call holding
    the GIL for ~150 ms at 500k rows.
    """
    n = max(len(rows) - first, 0)
    cols = [np.empty(n, dtype=object) for _ in range(width)]
    for sl in slices(n):
        part = rows[first + sl.start : first + sl.stop]
        if any(len(r) != width for r in part):  # ragged CSV rows
            part = [list(r) + [""] * (width - len(r)) for r in part]
        for j, values in enumerate(zip(*part)):
            cols[j][sl] = values
    return cols


def build_table(sheet: RawSheet, header_index: int | None = None) -> Table | None:
    """Find the header row and split the sheet into columns; None for an empty sheet."""
    rows = sheet.rows
    if header_index is None:
        header_index = _header_index(rows)
    if header_index is None:
        return None
    if sheet.columns is not None:
        # columns as read (CSV by pandas' C parser): no per-row work at all
        width = len(sheet.columns)
        first = header_index + 1
        n_data = max(len(sheet.columns[0]) - first, 0)
        cols = [c[first:] for c in sheet.columns]
    else:
        width = max((len(r) for r in itertools.islice(rows, header_index, None)), default=0)
        first = header_index + 1
        n_data = max(len(rows) - first, 0)
        cols = _columns(rows, first, width)
    raw_headers = [_clean_header(c) for c in rows[header_index]]
    raw_headers += [""] * (width - len(raw_headers))
    if sheet.row_numbers is not None:
        numbers = np.empty(n_data, dtype=np.int64)
        for sl in slices(n_data):
            numbers[sl] = sheet.row_numbers[first + sl.start : first + sl.stop]
    else:
        numbers = np.arange(first + 1, first + 1 + n_data, dtype=np.int64)
    headers: list[str] = []
    columns: dict[str, np.ndarray] = {}
    seen: dict[str, int] = {}
    header_of: dict[int, str] = {}
    for j, raw in enumerate(raw_headers):
        values = cols[j]
        if not raw:
            if values.size == 0 or is_blank(values).all():
                continue  # an empty column without a header
            raw = f"({column_letter(j)}열)"  # no header: named after its column
        name = raw
        if name in seen:
            seen[name] += 1
            name = f"{raw} ({seen[raw]})"
        else:
            seen[name] = 1
        headers.append(name)
        columns[name] = values
        header_of[j] = name
    errors: dict[str, dict[int, str]] = {}
    for (r, j), text in sheet.error_cells.items():
        if r > header_index and j in header_of:
            errors.setdefault(header_of[j], {})[sheet.row_number(r)] = text
    if sheet.total_rows is not None:
        total = max(sheet.total_rows - first, n_data)
    else:
        total = n_data
    header_row = sheet.row_number(header_index)
    return Table(sheet.name, headers, header_row, columns, numbers, total, errors)
