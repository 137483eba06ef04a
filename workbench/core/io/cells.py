"""The one way user text goes into a workbook cell.

Every workbook the app writes (report, judgments workbook, pool and its guide,
answers and ratings export, the manual sheet) stores text read from the user's
files or typed by the user through :func:`put`, so that

- a text starting like a formula (``= + - @``, tab or CR) is stored as a text
  cell with Excel's quote prefix: Excel shows it as typed and never evaluates
  it, not even after the cell is edited;
- characters a workbook cannot hold (C0 controls, lone surrogates, U+FFFE/
  U+FFFF) are removed — openpyxl raises ``IllegalCharacterError`` on the
  first and the XML writer fails on the others at save time;
- a text longer than Excel's 32,767-character cell limit is cut with an
  ellipsis (Excel counts UTF-16 units, so a character outside the BMP counts
  two).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "EXCEL_MAX_TEXT",
    "FORMULA_PREFIXES",
    "cell_text",
    "looks_like_formula",
    "put",
]

#: Excel's limit on the characters of one cell (UTF-16 code units)
EXCEL_MAX_TEXT = 32767
#: first characters that make Excel, LibreOffice or a CSV import read a formula
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")

# C0 controls other than tab, LF and CR (what openpyxl refuses), lone
# surrogates and the two non-characters XML 1.0 forbids
_UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _utf16_len(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def cell_text(value: Any) -> str:
    """``value`` as text a cell can hold: unwritable characters removed and cut
    to the cell limit (ending in "…" when cut). Formula neutralising is the
    cell's style, see :func:`put`."""
    text = "" if value is None else str(value)
    text = _UNWRITABLE.sub("", text)
    if len(text) > EXCEL_MAX_TEXT // 2 and _utf16_len(text) > EXCEL_MAX_TEXT:
        return _cut(text)
    return text


def _cut(text: str) -> str:
    """The longest start of ``text`` that with "…" fits the cell limit."""
    units = 0
    for index, ch in enumerate(text):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > EXCEL_MAX_TEXT - 1:
            return text[:index] + "…"
    return text


def looks_like_formula(text: str) -> bool:
    """Whether a spreadsheet would take ``text`` typed into a cell for a formula."""
    return text.startswith(FORMULA_PREFIXES)


def put(cell: Any, value: Any) -> Any:
    """Store ``value`` in the openpyxl ``cell``; returns the value stored.

    Text goes through :func:`cell_text` and is always a text cell (openpyxl
    would make ``=…`` a formula and ``#N/A`` an error); a formula-like text
    also gets the quote prefix. Numbers, booleans, dates and None are stored
    as they are."""
    if isinstance(value, str):
        text = cell_text(value)
        cell.value = text
        cell.data_type = "s"
        if looks_like_formula(text):
            cell.quotePrefix = True
        return text
    cell.value = value
    return value
