"""Clean TREC files read by the optional C scanner, and read ahead on request.

:mod:`workbench.core.io.fast_trec` reads clean TREC runs and qrels with
numpy. Where the C extension ``workbench.core.io._fastids`` was built (``pip
install`` builds it when a C compiler is there; the bundles' smoke test checks
they have it), this module reads them instead: one pass over the bytes outside
the GIL, on two cores where there are two, with the same columns (a 2M-line
run: ~0.7 s instead of 1.25 s, its distinct passage ids made Python text
included). It accepts a strict subset of what the numpy reader accepts; on
anything else :func:`scan_file` says so and the numpy reader takes over (and
the general path after it).

:func:`read_ahead` starts reading a file in a background thread, so that
``workbench eval`` reads its inputs while Python is still importing pandas;
:func:`scan_file` then takes that reading if the file has not changed since.

This module imports neither numpy nor pandas, so reading ahead can start
before they are loaded.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    from workbench.core.io import _fastids
except ImportError:  # built without a C compiler: the numpy reader does it all
    _fastids = None

#: threads the scanner may read one chunk with: a 7M-line run's lines are parsed
#: and their ids coded on two cores (the result does not depend on it)
_THREADS = 2 if (os.cpu_count() or 1) >= 2 else 1

#: bytes handed to the scanner per call (outside the GIL; few calls, so few waits for
#: the GIL while the main thread imports)
CHUNK_BYTES = 16 << 20

#: the fields of a TREC run line (question, Q0, passage, rank, score, run tag)
#: and of a qrels line (question, iteration, passage, grade) for the scanner:
#: s an id, f a number, x skipped
RUN_KINDS = "sxsffs"
QRELS_KINDS = "sxsf"
#: the passage id's field in both
PASSAGE_FIELD = 2


@dataclass
class Scanned:
    """A clean TREC file as the scanner gives it (see ``_fastids.c``)."""

    sha256: str
    rows: int
    #: int32 codes, and the uniques in text order (an object array of str)
    ids: dict[int, tuple[bytearray, Any]]
    numbers: dict[int, bytearray]  # float64
    #: field -> (values looked up while reading ahead, see
    #: :func:`_offer_judged_passages`; each one's code in that field as
    #: int32, -1 when the file does not hold it)
    matched: dict[int, tuple[list[str], bytearray]] = field(default_factory=dict)


def available() -> bool:
    return _fastids is not None


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


#: Bytes of one input file (for a compressed one, unpacked); the general reader
#: refuses more (:func:`workbench.core.io.reading.read_bytes`), stated in the README
MAX_INPUT_BYTES = 1 << 30
#: Bytes of one line of a CSV, TSV or TREC file; the general reader refuses a file
#: with a longer one (:func:`workbench.core.io.reading.check_line_lengths`), and the
#: scanner hands such a file to it, so that the refusal says why
MAX_LINE_BYTES = 1 << 20
#: first bytes of gzip, bzip2 and xz files
_COMPRESSED_MAGIC = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00")


def is_plain_file(path: Path | str) -> bool:
    """A file on disk within :data:`MAX_INPUT_BYTES`, not compressed, not a pipe or a
    device: those can be read only once (every reader here looks at a file more
    than once), never end, or need unpacking; the general reader takes them (and
    refuses a file too large). Here, not in the readers, so that reading ahead can
    ask before numpy and pandas are loaded."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_INPUT_BYTES:
            return False
        with open(path, "rb") as fh:
            return not fh.read(6).startswith(_COMPRESSED_MAGIC)
    except OSError:
        return False


def _scan(
    path: Path,
    kinds: str,
    delimiter: str = "",
    wanted: Callable[[], dict[int, list[str]]] | None = None,
    digest: bool = True,
) -> Scanned | None:
    """Read and scan the file; None if it is not clean or cannot be read.

    ``delimiter``: "" for a TREC file (fields between spaces and tabs); else a
    delimited file's delimiter, whose first line (the header) is not scanned
    (the caller has read it) but is part of the file's SHA-256. ``wanted``:
    asked once the file is read, the values to find in its id fields while
    the scanner still holds their tables (see :func:`_offer_judged_passages`).
    ``digest``: False leaves the file's SHA-256 out (``Scanned.sha256`` empty;
    see :func:`read_ahead`)."""
    if _fastids is None or not is_plain_file(path):
        return None
    hasher = hashlib.sha256() if digest else None
    try:
        with open(path, "rb") as fh:  # read-only: inputs are never modified
            # the size lets the scanner make room for every row at once
            size = os.fstat(fh.fileno()).st_size
            scanner = _fastids.Scanner(
                kinds,
                size_hint=size,
                threads=_THREADS,
                delimiter=delimiter,
                max_line=MAX_LINE_BYTES,
            )
            # one buffer, read into again and again: a new one per chunk would be
            # new memory each time, every page of it a fault (a 300 MB run: 75,000)
            buffer = memoryview(bytearray(min(CHUNK_BYTES, size + 1)))
            header = bool(delimiter)
            while got := fh.readinto(buffer):
                chunk = buffer[:got]
                if hasher is not None:
                    hasher.update(chunk)  # hashlib and the scanner both release the GIL
                if header:
                    end = bytes(chunk[: min(got, 1 << 16)]).find(b"\n")
                    if end < 0:
                        return None  # no header line in the first 64 KB
                    chunk, header = chunk[end + 1 :], False
                if not scanner.feed(chunk):
                    return None
    except OSError:
        return None
    asked = wanted() if wanted is not None else {}
    found = (
        scanner.finish(asked, array=new_object_array)
        if asked
        else scanner.finish(array=new_object_array)
    )
    if found is None:
        return None
    rows, ids, numbers = found[:3]
    matched = {
        j: (asked[j], codes) for j, codes in (found[3] if asked else {}).items() if codes is not None
    }
    return Scanned(hasher.hexdigest() if hasher else "", rows, ids, numbers, matched)


def new_object_array(n: int):
    """An object array of ``n`` items, for the scanner to put a field's distinct
    values in: it would otherwise hand over a list, which costs as much again
    to turn into the array every reader of a run needs (a million passage ids:
    ~25 ms, and a 10 MB list). numpy loads here, once the file has been read:
    by then the command or the app has loaded it."""
    import numpy as np

    return np.empty(n, dtype=object)


class _ReadAhead:
    def __init__(self, path: Path, kinds: str, digest: bool = True):
        self.kinds = kinds
        self.digest = digest
        self.before = _signature(path)
        self.result: Scanned | None = None
        #: what the reading raised (out of memory, say): raised again in the thread
        #: that takes the reading, where the caller turns it into a message
        self.error: Exception | None = None
        #: values to find in id fields (see :func:`_offer_judged_passages`),
        #: until the scanner is finishing: asked for later, they come too late
        self._wanted: dict[int, list[str]] = {}
        self._finishing = False
        self._lock = threading.Lock()
        self.thread = threading.Thread(
            target=self._run, args=(path,), name="read-ahead", daemon=True
        )
        self.thread.start()

    def want(self, field_index: int, values: list[str]) -> bool:
        with self._lock:
            if self._finishing:
                return False
            self._wanted[field_index] = values
            return True

    def _take_wanted(self) -> dict[int, list[str]]:
        with self._lock:
            self._finishing = True
            return self._wanted

    def _run(self, path: Path) -> None:
        try:
            self.result = _scan(path, self.kinds, wanted=self._take_wanted, digest=self.digest)
        except Exception as exc:  # noqa: BLE001 - handed to the taker, which raises it
            self.error = exc
            return
        if self.kinds == QRELS_KINDS and self.result is not None:
            _offer_judged_passages(self.result.ids[PASSAGE_FIELD][1].tolist())


def _offer_judged_passages(passages: list[str]) -> None:
    """Have the runs being read ahead find the passages a qrels file judged while
    they still hold their hash tables: the evaluation's join of a run's
    passages with the judged ones then costs a look per judged passage
    instead of a hash of every passage the run names (a million in an MS
    MARCO-sized run). The qrels are usually read first (they are smaller):
    a run that is finishing already is left alone, and the evaluation then
    joins them itself."""
    with _ahead_lock:
        runs = [a for a in _ahead.values() if a.kinds == RUN_KINDS]
    for ahead in runs:
        ahead.want(PASSAGE_FIELD, passages)


_ahead: dict[str, _ReadAhead] = {}
_ahead_lock = threading.Lock()


def _key(path: Path | str) -> str:
    return os.path.abspath(os.fspath(path))


def read_ahead(path: Path | str, kinds: str, digest: bool = True) -> None:
    """Start scanning ``path`` as ``kinds`` in the background (no-op without the scanner).

    ``digest=False``: for a command none of whose outputs names the file's
    SHA-256 (``workbench eval`` without a report), the reading leaves it out
    (``SourceFile.sha256`` then empty): hashing an 86 MB run costs ~0.07 s of
    CPU while the scan and Python's start-up share the two cores."""
    if _fastids is None:
        return
    key = _key(path)
    with _ahead_lock:
        if key not in _ahead:
            _ahead[key] = _ReadAhead(Path(key), kinds, digest)


def discard_read_aheads() -> None:
    """Forget readings ahead nobody took (their threads end on their own)."""
    with _ahead_lock:
        _ahead.clear()


#: what a TREC file's first line holds: 6 fields for a run, 4 for qrels
_KINDS_BY_FIELDS = {6: RUN_KINDS, 4: QRELS_KINDS}
_NOT_TREC_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".xlsb", ".ods", ".csv", ".tsv", ".json", ".jsonl"}


def read_ahead_if_trec(path: Path | str, digest: bool = True) -> None:
    """Start reading ``path`` ahead if it looks like a TREC run or qrels file.

    A guess from its first line: a wrong guess costs one needless reading in
    the background, and the loader reads the file as usual."""
    if _fastids is None or Path(path).suffix.lower() in _NOT_TREC_SUFFIXES:
        return
    if not is_plain_file(path):
        return
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return
    kinds = _KINDS_BY_FIELDS.get(len(head.split(b"\n", 1)[0].split()))
    if kinds:
        read_ahead(path, kinds, digest)


def scan_delimited_file(path: Path | str, kinds: str, delimiter: str) -> Scanned | None:
    """A delimited file (CSV, TSV) scanned as ``kinds`` below its header line;
    None when the scanner is missing or the rows are not plain (see
    ``parse_delimited_line`` in ``_fastids.c``): the general reader then reads it."""
    if _fastids is None:
        return None
    return _scan(Path(_key(path)), kinds, delimiter)


def scan_file(path: Path | str, kinds: str) -> Scanned | None:
    """The file scanned as ``kinds``: a reading ahead of it if one was started
    for the same kinds and the file is unchanged since, else a new reading.
    None when the scanner is missing, the file is not clean for it, or it cannot
    be read (the numpy reader then tries, and says why if it must)."""
    if _fastids is None:
        return None
    key = _key(path)
    with _ahead_lock:
        ahead = _ahead.pop(key, None)
    if ahead is not None:
        ahead.thread.join()
        unchanged = ahead.before is not None and ahead.before == _signature(Path(key))
        if ahead.kinds == kinds and unchanged:
            if ahead.error is not None:
                raise ahead.error
            return ahead.result
    return _scan(Path(key), kinds)
