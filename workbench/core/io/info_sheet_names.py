"""The names a system-information sheet and its headers go by (Korean and English),
shared by the workbook reader and the sheet's own reader.
"""

from __future__ import annotations

from workbench.core.io.mapping import normalize_header
from workbench.core.io.reading import HEADER_SEARCH_ROWS

_SHEET_NAMES = (
    "시스템 정보",
    "시스템정보",
    "시스템 카드",
    "시스템 설명",
    "system info",
    "system information",
    "system cards",
    "systems info",
)

_LOOKUP: dict[str, str] = {}

_NAMES = {normalize_header(n) for n in _SHEET_NAMES}

def info_header_index(rows: list[list]) -> int | None:
    """The header row of a system info sheet (0-based): the first of the top rows
    naming at least two card columns by their synonyms — the generic header search
    would take a data row like ``BM25, 300, 문단, 5`` (numbers look like the wide
    run layout's rank columns); None to let the generic search decide."""

    best, best_hits = None, 1
    for i, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        hits = sum(1 for c in row if isinstance(c, str) and normalize_header(c) in _LOOKUP)
        if hits > best_hits:
            best, best_hits = i, hits
    return best

def is_info_sheet_name(name: str) -> bool:
    """Whether a sheet's name says it is the system info sheet."""
    return normalize_header(name) in _NAMES
