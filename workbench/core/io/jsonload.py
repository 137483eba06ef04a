"""JSON from users' files, bounded and linear: nesting checked before parsing,
line numbers from one pass, duplicate keys reported.

Python's :mod:`json` recurses once per nesting level, so ``[[[[…]]]]`` a few
thousand deep ends in an uncaught ``RecursionError`` (or worse, in a thread
with a small stack). :func:`check_depth` finds the deepest point with a few
vectorised passes over the bytes — strings are skipped, escaped quotes
included — and refuses the file *before* the parser sees it.

:func:`loads` is the one entry point for JSON a user hands over (runs,
judgments, project files): it checks the depth, parses, and reports every
object that repeats a key (``json`` silently keeps the last value) through
``on_duplicate(key, line, kept_value)``.

:class:`LineCounter` turns increasing character offsets into line numbers
in one pass over the text (counting from the start for each item was
quadratic: 10 s for a 25 MB file, 15 min for 250 MB).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.core.model.problems import InputError, error

#: Nesting of arrays and objects in a JSON file (real files nest fewer than 10 deep).
MAX_JSON_DEPTH = 100

__all__ = [
    "DuplicateKey",
    "KeyRepeats",
    "LineCounter",
    "MAX_JSON_DEPTH",
    "check_depth",
    "decode",
    "invalid_json",
    "json_depth",
    "loads",
    "report_duplicates",
]

#: ``on_duplicate(key, line, kept_value)``
DuplicateKey = Callable[[str, int, Any], None]


class LineCounter:
    """Line numbers (1-based) of character offsets given in increasing order.

    Each call counts the newlines between the previous offset and this one,
    so numbering all items of a file costs one pass over it. An offset
    before the previous one starts again from the top (still correct, only
    slower).
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._pos = 0
        self._line = 1

    def line_of(self, pos: int) -> int:
        if pos < self._pos:
            self._pos, self._line = 0, 1
        self._line += self._text.count("\n", self._pos, pos)
        self._pos = pos
        return self._line


def json_depth(text: str | bytes) -> tuple[int, int]:
    """``(depth, offset)``: the deepest nesting of arrays/objects in ``text`` and the
    character offset (byte offset for ``bytes``) where it is first reached.

    Brackets inside strings do not count; a quote escaped by an odd number of
    backslashes does not end a string. Linear: numpy passes over the bytes,
    plus a Python step only for quotes preceded by a backslash (rare).
    Invalid JSON gives some number; the parser then says what is wrong.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    if not data:
        return 0, 0
    arr = np.frombuffer(data, dtype=np.uint8)
    quotes = np.flatnonzero(arr == 0x22)
    if quotes.size:
        escaped = np.zeros(quotes.size, dtype=bool)
        maybe = np.flatnonzero((quotes > 0) & (arr[np.maximum(quotes - 1, 0)] == 0x5C))
        for k in maybe:  # count the run of backslashes before this quote
            q = int(quotes[k])
            run = 0
            while q - run - 1 >= 0 and data[q - run - 1] == 0x5C:
                run += 1
            escaped[k] = run % 2 == 1
        quotes = quotes[~escaped]
    opens = (arr == 0x5B) | (arr == 0x7B)
    closes = (arr == 0x5D) | (arr == 0x7D)
    where = np.flatnonzero(opens | closes)
    if where.size == 0:
        return 0, 0
    # a bracket is inside a string when an odd number of real quotes precede it
    inside = (np.searchsorted(quotes, where) % 2) == 1
    where = where[~inside]
    if where.size == 0:
        return 0, 0
    steps = np.where(opens[where], 1, -1).astype(np.int64)
    depth = np.cumsum(steps)
    deepest = int(depth.max())
    at = int(where[int(np.argmax(depth))])
    if isinstance(text, str):
        at = len(data[:at].decode("utf-8", errors="ignore"))
    return max(deepest, 0), at


def check_depth(text: str, *, file: str, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse ``text`` (an :class:`InputError` naming ``file`` and the line) when
    its arrays and objects nest deeper than ``max_depth``."""
    depth, at = json_depth(text)
    if depth <= max_depth:
        return
    line = text.count("\n", 0, at) + 1
    raise InputError(
        [
            error(
                "json_too_deep",
                f"The JSON file nests lists and objects {depth:,} levels deep (line {line}); the "
                f"workbench reads at most {max_depth} levels. Real files nest fewer than 10: the "
                "file is damaged or was not written for the workbench. Check that you chose the "
                "right file.",
                f"JSON 파일의 목록과 객체가 {depth:,}단계로 겹쳐 있습니다({line}번째 줄). 워크벤치는 "
                f"{max_depth}단계까지만 읽습니다. 실제 파일은 10단계도 되지 않으므로 파일이 "
                "손상되었거나 워크벤치용 파일이 아닙니다. 올바른 파일을 골랐는지 확인하세요.",
                file=file,
                row=line,
            )
        ]
    )


def invalid_json(exc: json.JSONDecodeError, file: str) -> InputError:
    """The message for a JSON syntax error, with its line and column."""
    return InputError(
        [
            error(
                "json_invalid",
                f"The JSON file is not valid near line {exc.lineno}, column {exc.colno} "
                f"({exc.msg}). Check for a missing comma, quote or bracket.",
                f"JSON 파일의 {exc.lineno}번째 줄 {exc.colno}번째 글자 근처가 올바르지 "
                f"않습니다({exc.msg}). 빠진 쉼표, 따옴표, 괄호가 있는지 확인하세요.",
                file=file,
                row=exc.lineno,
            )
        ]
    )


class KeyRepeats:
    """``object_pairs_hook`` that remembers objects repeating a key (json keeps the last)."""

    def __init__(self) -> None:
        self.repeats: list[tuple[str, Any]] = []

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.repeats.append((key, obj[key]))
                seen.add(key)
        return obj


def _key_positions(text: str, start: int, end: int, key: str) -> list[int]:
    """Offsets of ``"key":`` in ``text[start:end]`` (as written, or with \\u escapes)."""
    for dumped in {json.dumps(key, ensure_ascii=False), json.dumps(key)}:
        pattern = re.compile(re.escape(dumped) + r"\s*:")
        found = [m.start() for m in pattern.finditer(text, start, end)]
        if len(found) > 1:
            return found
    return []


def decode(
    decoder: json.JSONDecoder, pairs: KeyRepeats, text: str, pos: int
) -> tuple[Any, int, list[tuple[str, Any]]]:
    """``raw_decode`` at ``pos``; also the (key, kept value) repeats inside that value."""
    before = len(pairs.repeats)
    obj, end = decoder.raw_decode(text, pos)
    repeats = pairs.repeats[before:]
    del pairs.repeats[before:]
    return obj, end, repeats


def loads(
    text: str,
    *,
    file: str,
    max_depth: int = MAX_JSON_DEPTH,
    on_duplicate: DuplicateKey | None = None,
) -> Any:
    """Parse a user's JSON ``text`` (one document): depth checked first
    (:func:`check_depth`), syntax errors and excess depth as :class:`InputError`
    naming ``file`` and the line; each repeated key reported through
    ``on_duplicate(key, line, kept_value)`` (the value kept is the last one,
    as :mod:`json` does).

    For project files and any other JSON the workbench reads from users.
    """
    check_depth(text, file=file, max_depth=max_depth)
    pairs = KeyRepeats()
    decoder = json.JSONDecoder(object_pairs_hook=pairs)
    start = len(text) - len(text.lstrip())
    try:
        obj, end, repeats = decode(decoder, pairs, text, start)
        if text[end:].strip():
            raise json.JSONDecodeError("Extra data", text, len(text) - len(text[end:].lstrip()))
    except json.JSONDecodeError as exc:
        raise invalid_json(exc, file) from None
    if on_duplicate is not None and repeats:
        lines = LineCounter(text)
        report_duplicates(text, start, end, repeats, lines, on_duplicate)
    return obj


def report_duplicates(
    text: str,
    start: int,
    end: int,
    repeats: list[tuple[str, Any]],
    lines: LineCounter,
    on_duplicate: DuplicateKey,
) -> None:
    """Call ``on_duplicate`` once per repetition of a key in ``text[start:end]``.

    The line is the repetition's own when the key occurs nowhere else in that
    span (then every occurrence after the first is a repetition), else the
    line the span starts on. ``lines`` must not have passed ``start`` yet.
    """
    first_line = lines.line_of(start)
    counts: dict[str, int] = {}
    kept: dict[str, Any] = {}
    for key, value in repeats:
        counts[key] = counts.get(key, 0) + 1
        kept[key] = value
    for key, n in counts.items():
        found = _key_positions(text, start, end, key)
        if len(found) == n + 1:
            for pos in found[1:]:
                on_duplicate(key, text.count("\n", start, pos) + first_line, kept[key])
        else:
            for _ in range(n):
                on_duplicate(key, first_line, kept[key])
