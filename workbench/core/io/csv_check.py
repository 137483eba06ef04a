"""The structure of a CSV/TSV text checked in one pass, before any reader sees it.

A CSV reader given an unclosed quotation mark reads on to the next closing
one, or to the end of the file: one damaged row then swallows every row
after it, and the only sign is "no results for Q2". So every record must be
one line: a line whose quoted field is not closed by the end of the line
(an unclosed quote, or a quoted field running over a line end) and a line
with more fields than the header are *malformed*. Each such line is named
in an error, or — when the user chooses so in the import preview — left out
and listed; the reader then sees it as a blank line, so the lines after it
are read as they are written.

The check is linear in the text: lines without a quotation mark are only
counted (vectorised when the text has none at all); a line with quotes is
walked from quote to quote.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from workbench.core.io.common import breathe

#: lines among which the header's width is looked for (as the header row is)
_HEADER_LINES = 30
#: characters of text split into lines per call
_LINES_BLOCK = 1 << 20


@dataclass(frozen=True)
class MalformedRow:
    """Line ``line`` (1-based) breaks the one-record-per-line rule: ``reason`` is
    ``"unclosed_quote"`` or ``"extra_fields"`` (then ``fields`` > ``header_fields``)."""

    line: int
    reason: str
    fields: int = 0
    header_fields: int = 0

    def message(self) -> tuple[str, str]:
        """(English, Korean) saying what is wrong with the line and how to fix it."""
        if self.reason == "unclosed_quote":
            return (
                f"Row {self.line} has a quotation mark that is not closed on its line (a quoted "
                "value running over the line end). The rows after it are read as written; "
                "close the quote or remove it, or leave this row out in the import preview.",
                f"{self.line}번째 행에 그 줄 안에서 닫히지 않은 따옴표가 있습니다(따옴표로 묶은 "
                "값이 줄을 넘어감). 그 뒤의 행은 적힌 대로 읽습니다. 따옴표를 닫거나 지우세요. "
                "불러오기 미리보기에서 이 행을 빼고 읽을 수도 있습니다.",
            )
        return (
            f"Row {self.line} has {self.fields} fields, more than the {self.header_fields} "
            "columns of the header: a value holds the delimiter without quotation marks, or "
            "the row has stray values. Correct the row, or leave it out in the import preview.",
            f"{self.line}번째 행의 항목이 {self.fields}개로, 머리글의 열 {self.header_fields}개"
            "보다 많습니다. 구분 기호가 든 값을 따옴표로 묶지 않았거나 행에 필요 없는 값이 "
            "있습니다. 행을 고치거나 불러오기 미리보기에서 이 행을 빼고 읽으세요.",
        )


def text_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` (ends kept) as ``io.StringIO(text, newline="")`` and so
    :mod:`csv` split them (``\\n``, ``\\r\\n`` and a lone ``\\r``), by blocks cut just
    after a ``\\n`` so no call holds the GIL long."""
    start, n = 0, len(text)
    while start < n:
        end = text.find("\n", min(start + _LINES_BLOCK, n) - 1)
        end = n if end < 0 else end + 1
        yield from io.StringIO(text[start:end], newline="")
        start = end
        breathe()


def _quote_open(line: str, delim: str) -> bool:
    """Whether a quoted field of ``line`` is still open at its end (as :mod:`csv`
    reads: a quote opens a field only at the field's start, ``""`` inside is one
    quote, a quote inside an unquoted field is a character)."""
    inside = False
    n = len(line)
    i = line.find('"')
    while i >= 0:
        if not inside:
            if i == 0 or line[i - 1] == delim:
                inside = True
            i = line.find('"', i + 1)
        elif i + 1 < n and line[i + 1] == '"':
            i = line.find('"', i + 2)
        else:
            inside = False
            i = line.find('"', i + 1)
    return inside


def _widths(line: str, delim: str) -> tuple[int, int]:
    """A well-formed line's fields (blank lines: 0), and those up to its last
    non-blank one (trailing empty fields, as some exports write, are not extra)."""
    if not line.strip():
        return 0, 0
    if '"' in line:
        record = next(csv.reader([line.rstrip("\r\n")], delimiter=delim), [])
        raw = len(record)
        while record and not record[-1].strip():
            record.pop()
        return raw, len(record)
    stripped = line.rstrip(delim + " \t\r\n")
    raw = line.rstrip("\r\n").count(delim) + 1
    return raw, stripped.count(delim) + 1 if stripped else 0


def _header_width(widths: list[int]) -> int:
    """The header's width: the most common width (empty fields counted) of the
    first non-blank lines (a title line above the header is narrower; the larger
    width wins a tie)."""
    seen = [w for w in widths if w > 0][:_HEADER_LINES]
    if not seen:
        return 0
    counts = Counter(seen)
    return max(counts, key=lambda w: (counts[w], w))


def check_structure(text: str, delim: str) -> tuple[str, list[MalformedRow]]:
    """``text`` with every malformed line blanked (its line end kept, so line
    numbers stay), and those lines; ``text`` itself when none is malformed."""
    if '"' not in text and text.count("\r") == text.count("\r\n"):
        return _check_unquoted(text, delim)
    lines = list(text_lines(text))
    bad: list[MalformedRow] = []
    widths: list[tuple[int, int]] = []
    for i, line in enumerate(lines):
        if '"' in line and _quote_open(line, delim):
            widths.append((-1, -1))
        else:
            widths.append(_widths(line, delim))
        if not i % 65536:
            breathe()
    header = _header_width([raw for raw, _ in widths if raw >= 0])
    for i, (raw, used) in enumerate(widths):
        if raw < 0:
            bad.append(MalformedRow(i + 1, "unclosed_quote"))
        elif header and used > header:
            bad.append(MalformedRow(i + 1, "extra_fields", used, header))
    if not bad:
        return text, []
    for row in bad:
        line = lines[row.line - 1]
        lines[row.line - 1] = line[len(line.rstrip("\r\n")) :]
    return "".join(lines), bad


def _check_unquoted(text: str, delim: str) -> tuple[str, list[MalformedRow]]:
    """:func:`check_structure` for a text without quotes or lone CRs: widths counted
    over all lines at once."""
    lines = text.split("\n")
    strip = delim + " \t\r"
    used = np.fromiter(
        (s.count(delim) + 1 if s else 0 for s in map(str.rstrip, lines, itertools.repeat(strip))),
        dtype=np.int64,
        count=len(lines),
    )
    head = lines[: 4 * _HEADER_LINES]
    header = _header_width([s.count(delim) + 1 if s.strip() else 0 for s in head])
    if not header:
        return text, []
    over = np.flatnonzero(used > header)
    if not over.size:
        return text, []
    bad = [MalformedRow(int(i) + 1, "extra_fields", int(used[i]), header) for i in over]
    for i in over:
        lines[i] = "\r" if lines[i].endswith("\r") else ""
    return "\n".join(lines), bad
