"""Clean TREC runs and qrels parsed at C speed straight into typed columns and codes.

A TREC file of millions of lines taken through the general path (every
field as text, ids checked cell by cell) costs seconds and gigabytes. Most
files researchers bring are *clean*: ASCII, one record per line, the right
number of fields, numbers where numbers belong. For those this module

1. checks the bytes for anything unusual (non-ASCII text, comment lines,
   blank lines, line breaks other than ``\\n``/``\\r\\n``, NUL) with a few
   ``bytes`` scans that run at memory speed;
2. parses the lines with numpy's C text reader (:func:`numpy.loadtxt`) in
   blocks of a few megabytes into fixed-width byte columns and float64
   numbers — no Python object per cell, and each block a short call;
3. turns each id column into integer codes by hashing its fixed-width bytes
   to 64-bit numbers (factorized in pandas' integer hash table) and comparing
   every value with the first value of its code, so a hash collision can
   never merge two ids (the file then takes the general path).

Whenever something is unusual the reader returns None and the caller takes
the general path, which produces every message with its line number. So the
fast path never has to produce an error itself; for clean files it gives
exactly what the general path gives (tests compare the two).

Measured on a 2M-line run (70 MB) on this project's 2-core machine: the
whole parse ~0.3 s and ~10 bytes per field; pandas' C engine with text
columns ~0.8 s plus ~0.5 s to factorize the Python strings it creates
(and ~300 MB of them); pyarrow ~0.2 s and polars ~0.2 s, each a ~170 MB
dependency (and pyarrow would switch pandas' text dtype everywhere).
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from workbench.core.io import trec_scan
from workbench.core.io.common import breathe
from workbench.core.io.ids import remember_matches, vouch_text_order

#: bytes parsed per numpy call (~50k lines, ~10 ms holding the GIL)
BLOCK_BYTES = 2 << 20
#: rows compared per call when codes are checked against the values
BLOCK_ROWS = 1 << 20
#: ids turned into Python text per call
TEXT_ROWS = 1 << 16

# Python's str.splitlines() (the general path) breaks lines at these ASCII
# bytes too, while numpy's reader takes them for field separators; NUL ends C
# strings. A file holding any of them takes the general path.
_ODD_BYTES = (b"\x00", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e")
_COMMENT_LINE = re.compile(rb"(?:^|\n)[ \t\r]*#")
_WHITESPACE = b" \t\r\n"


@dataclass
class IdColumn:
    """An id column as codes into ``uniques`` (Python ``str``, sorted in text order)."""

    codes: np.ndarray  # non-negative integers (int32 when they fit)
    uniques: np.ndarray  # object array of str, strictly increasing


@dataclass
class FastTable:
    """The fields of a clean TREC file; row i is line ``lines[i]`` of the file."""

    ids: dict[int, IdColumn]
    numbers: dict[int, np.ndarray]  # float64
    lines: np.ndarray  # int64, 1-based line numbers


def _clean_block(block: bytes) -> bool:
    """No text in the block that the general path would read differently."""
    if not block.isascii() or any(b in block for b in _ODD_BYTES):
        return False
    return not (b"#" in block and _COMMENT_LINE.search(block))


def _memory_blocks(data: bytes, size: int) -> Iterator[bytes]:
    start, end = 0, len(data)
    while start < end:
        stop = data.find(b"\n", min(start + size, end - 1))
        stop = end if stop < 0 else stop + 1
        yield data[start:stop]
        start = stop


def _file_blocks(fh, hasher, size: int) -> Iterator[bytes]:
    """Blocks of whole lines read from ``fh`` (the last may lack its line break)."""
    carry = b""
    while True:
        chunk = fh.read(size)
        hasher.update(chunk)
        if not chunk:
            if carry:
                yield carry
            return
        data = carry + chunk if carry else chunk
        cut = data.rfind(b"\n")
        if cut < 0:
            carry = data
            continue
        carry = data[cut + 1 :]
        yield data[: cut + 1]


def _parse_block(block: bytes, kinds: str, widths: list[int]) -> np.ndarray | None:
    dtype = np.dtype(
        [(f"f{j}", "f8" if k == "f" else f"S{w}") for j, (k, w) in enumerate(zip(kinds, widths))]
    )
    try:
        return np.loadtxt(
            io.BytesIO(block), dtype=dtype, delimiter=None, comments=None, ndmin=1, quotechar=None
        )
    except ValueError:  # a field count or a number that is not clean
        return None


def _truncated(values: np.ndarray, width: int) -> bool:
    """A fixed-width byte field may be cut short when some value fills its last byte."""
    if not values.size:
        return False
    flat = np.ascontiguousarray(values).view(np.uint8).reshape(values.size, width)
    return bool(flat[:, width - 1].any())


def _round8(n: int) -> int:
    return max(-(-n // 8) * 8, 8)


def parse_file(path: Path, kinds: str) -> tuple[str, FastTable | None]:
    """The file's SHA-256 and its fields (see :func:`parse`), or ``("", None)``.

    The file is read and hashed block by block, each block parsed as it
    comes: a 300 MB run never sits in memory as text next to its columns.
    A file that cannot be opened gives None too: the general path then
    reads it and says why. Where the C scanner is built it reads the file
    first (:mod:`workbench.core.io.trec_scan`); this numpy reader takes over
    from it on anything it does not accept.
    """
    scanned = trec_scan.scan_file(path, kinds)
    if scanned is not None:
        return scanned.sha256, _scanned_table(scanned)
    if not trec_scan.is_plain_file(path):
        return "", None  # a pipe or a device: the general path says so
    hasher = hashlib.sha256()
    try:
        with open(path, "rb") as fh:  # read-only: inputs are never modified
            table = parse_blocks(_file_blocks(fh, hasher, BLOCK_BYTES), kinds)
    except OSError:
        return "", None
    return hasher.hexdigest(), table


def _object_array(values: list[str]) -> np.ndarray:
    """A list as an object array, by slices: one call for a million ids would hold
    the GIL ~25 ms while the window waits.

    Each slice is read straight off the list by ``np.fromiter``: assigning a list
    slice made a list, had numpy inspect each of its items as a possible
    sequence, then dropped it (1.27M passage ids: 57 ms -> 42 ms)."""
    out = np.empty(len(values), dtype=object)
    items = iter(values)
    for a in range(0, len(values), TEXT_ROWS):
        n = min(TEXT_ROWS, len(values) - a)
        out[a : a + n] = np.fromiter(items, dtype=object, count=n)
    return out


def _scanned_table(scanned: trec_scan.Scanned) -> FastTable:
    """The scanner's columns as numpy arrays, without copying them; the uniques
    known in text order, and where the values asked for were found among them."""
    ids = {}
    for j, (codes, uniques) in scanned.ids.items():
        column = IdColumn(np.frombuffer(codes, dtype=np.int32), uniques)
        vouch_text_order(column.uniques)  # sorted by bytes, distinct in its tables
        if j in scanned.matched:
            looked_up, positions = scanned.matched[j]
            remember_matches(
                column.uniques,
                _object_array(looked_up),
                np.frombuffer(positions, dtype=np.int32),
            )
        ids[j] = column
    numbers = {j: np.frombuffer(values, dtype=np.float64) for j, values in scanned.numbers.items()}
    return FastTable(ids, numbers, np.arange(1, scanned.rows + 1, dtype=np.int64))


def parse(data: bytes, kinds: str) -> FastTable | None:
    """:func:`parse_blocks` over bytes in memory."""
    return parse_blocks(_memory_blocks(data, BLOCK_BYTES), kinds)


def parse_blocks(blocks: Iterable[bytes], kinds: str) -> FastTable | None:
    """Parse a clean whitespace-separated text, given in blocks of whole lines.

    ``kinds`` has one letter per field: ``"s"`` an id (coded), ``"f"`` a
    number (float64), ``"x"`` a field that must be there but is not kept
    (TREC's ``Q0`` / iteration). None when the text is not clean (see the
    module docstring): every line must hold exactly that many fields, with
    no blank line except at the very end.
    """
    text_fields = [j for j, k in enumerate(kinds) if k != "f"]
    # a field width is a guess from the blocks so far, one byte wider than the
    # longest value seen, so a value that fills it shows that it may be cut
    widths = [16] * len(kinds)
    longest = dict.fromkeys(text_fields, 1)
    parts: dict[int, list[np.ndarray]] = {j: [] for j, k in enumerate(kinds) if k != "x"}
    total = 0
    blank_tail = False  # blank lines seen: allowed only at the very end of the text
    first = True
    for block in blocks:
        if not _clean_block(block):
            return None
        if first:
            if not block or block[0] in _WHITESPACE:
                return None  # a blank first line or indented text: the general path
            first = False
        content = block.rstrip(_WHITESPACE)
        if not content:
            blank_tail = True
            continue
        if blank_tail:
            return None  # blank lines before more text
        if block[len(content) :].count(b"\n") > 1:
            blank_tail = True
        lines_here = content.count(b"\n") + 1
        arr = _parse_block(content, kinds, widths)
        if arr is None:
            return None
        if any(_truncated(arr[f"f{j}"], widths[j]) for j in text_fields):
            # no field is longer than the block's longest line
            longest_line = _longest_line(block)
            if longest_line > trec_scan.MAX_LINE_BYTES:
                return None  # the general path refuses the file and says why
            line = _round8(longest_line + 1)
            arr = _parse_block(content, kinds, [line if k != "f" else 8 for k in kinds])
            if arr is None:
                return None
        for j in parts:
            values = arr[f"f{j}"]
            if kinds[j] == "s":
                size = int(np.char.str_len(values).max(initial=1)) if values.size else 1
                longest[j] = max(longest[j], size)
                values = values.astype(f"S{max(size, 1)}")
            else:
                values = values.copy()
            parts[j].append(values)
        for j in text_fields:
            if kinds[j] == "s":
                widths[j] = _round8(longest[j] + 1)
            else:
                size = int(np.char.str_len(arr[f"f{j}"]).max(initial=1)) if arr.size else 1
                widths[j] = max(widths[j], _round8(size + 1))
        if len(arr) != lines_here:
            return None  # blank lines inside: the general path numbers the lines
        total += len(arr)
        del arr, block, content
        breathe()
    if first or not total:
        return None
    ids: dict[int, IdColumn] = {}
    numbers: dict[int, np.ndarray] = {}
    for j in list(parts):
        chunks = parts.pop(j)
        if kinds[j] == "f":
            numbers[j] = np.concatenate(chunks) if len(chunks) > 1 else chunks[0]
            continue
        # one width for the column, in whole 8-byte words for hashing
        column = np.empty(total, dtype=f"S{_round8(longest[j])}")
        at = 0
        for k in range(len(chunks)):
            size = chunks[k].size
            column[at : at + size] = chunks[k]
            chunks[k] = None  # freed as soon as copied
            at += size
        del chunks
        coded = _id_codes(column)
        del column
        if coded is None:
            return None
        ids[j] = coded
    return FastTable(ids, numbers, np.arange(1, total + 1, dtype=np.int64))


def _longest_line(block: bytes) -> int:
    breaks = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == 10)
    edges = np.r_[-1, breaks, len(block)]
    return int(np.diff(edges).max())


def _words(column: np.ndarray) -> np.ndarray:
    """A fixed-width byte column (width a multiple of 8) seen as rows of 8-byte words."""
    column = np.ascontiguousarray(column)
    return column.view(np.uint64).reshape(column.size, column.dtype.itemsize // 8)


def _byte_order(words: np.ndarray) -> np.ndarray:
    """Order of distinct fixed-width byte values, bytewise (= text order for ASCII).

    Read big-endian, each 8-byte word compares like its bytes (NUL padding
    sorts before any character), so the values are ordered by their last word,
    then stably by each earlier one: integer sorts, ~4x faster than sorting
    the byte strings themselves.
    """
    big = words.byteswap()
    order = np.argsort(big[:, -1])
    for j in range(words.shape[1] - 2, -1, -1):
        order = order[np.argsort(big[order, j], kind="stable")]
    return order


def _hash_words(column: np.ndarray) -> np.ndarray:
    """64-bit hash of each fixed-width byte value (its 8-byte words mixed in turn)."""
    words = _words(column)
    h = words[:, 0].copy()
    mult = np.uint64(0x9E3779B97F4A7C15)
    for j in range(1, words.shape[1]):
        h *= mult
        h ^= words[:, j]
    h ^= h >> np.uint64(31)
    return h


def _factorize_hashes(hashes: np.ndarray) -> np.ndarray:
    """``pd.factorize`` codes of 64-bit hashes, with a hash table sized for the distinct values.

    ``pd.factorize`` sizes its table for every row being distinct: ~270 MB
    for 7M rows. A table a quarter that size grows if it must.
    """
    hint = min(hashes.size, max(1024, hashes.size // 4))
    try:
        from pandas.core.algorithms import factorize_array

        codes, _ = factorize_array(hashes, size_hint=hint)
    except (ImportError, TypeError):  # pragma: no cover - another pandas
        codes, _ = pd.factorize(hashes)
    # int32 codes (a file has far fewer than 2**31 distinct ids): half the memory
    # of the codes and of everything computed from them (7M rows: ~80 MB less)
    return codes.astype(np.int32 if hashes.size < 2**31 else np.int64, copy=False)


def _id_codes(column: np.ndarray) -> IdColumn | None:
    """Codes (text order) and ``str`` uniques of a fixed-width byte column; None on a collision.

    Columns whose values come in long stretches (question ids, run tags) are
    coded from the rows where the value changes only.
    """
    n = column.size
    if n == 0:
        return IdColumn(np.zeros(0, np.int64), np.zeros(0, dtype=object))
    words = _words(column)
    change = np.empty(n, dtype=bool)
    change[0] = True
    np.not_equal(words[1:, 0], words[:-1, 0], out=change[1:])
    for j in range(1, words.shape[1]):
        change[1:] |= words[1:, j] != words[:-1, j]
    starts = np.flatnonzero(change)
    del change
    if starts.size * 4 < n:
        coded = _id_codes(column[starts])
        if coded is None:
            return None
        lengths = np.diff(np.r_[starts, n])
        return IdColumn(np.repeat(coded.codes, lengths), coded.uniques)
    del starts
    codes = _factorize_hashes(_hash_words(column))
    # codes appear in increasing order: the first row of each code is where the
    # running maximum steps up
    top = np.maximum.accumulate(codes)
    firsts = np.flatnonzero(np.r_[True, top[1:] > top[:-1]])
    del top
    uniques = column[firsts]
    u_words = _words(uniques)
    for a in range(0, n, BLOCK_ROWS):
        # compared as 8-byte words: integer comparisons, not byte strings
        if not np.array_equal(words[a : a + BLOCK_ROWS], u_words[codes[a : a + BLOCK_ROWS]]):
            return None  # two ids share a hash: let the general path number them
    order = _byte_order(u_words)
    rank = np.empty(order.size, dtype=np.int32 if order.size < 2**31 else np.int64)
    rank[order] = np.arange(order.size)
    ordered = uniques[order]
    text = np.empty(ordered.size, dtype=object)
    # by slices: one conversion of a million ids holds the GIL ~100 ms
    for a in range(0, ordered.size, TEXT_ROWS):
        text[a : a + TEXT_ROWS] = ordered[a : a + TEXT_ROWS].astype(str)
    vouch_text_order(text)  # distinct (checked above) and sorted by bytes
    return IdColumn(rank[codes], text)
