"""One way to write numbers into text, everywhere (report, UI, messages): a
range as "0.04 – 0.16" (an en dash between spaces, which still reads with a
minus sign: "−0.14 – 0.01"), a percentage with its "%" joined to the number so
it never breaks onto the next line ("24.2%"), and lists of question ids in
natural order (Q2 before Q10), however they were ordered for computing."""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable

#: between the two ends of a range
RANGE_SEPARATOR = " – "

_DIGITS = re.compile(r"(\d+)")


def range_text(low: object, high: object) -> str:
    """``"low – high"`` from two already formatted ends (or numbers as they are)."""
    return f"{low}{RANGE_SEPARATOR}{high}"


def percent_text(share: float, decimals: int = 1) -> str:
    """A 0–1 share as ``"24.2%"``: no space, so the sign stays with its number."""
    return f"{100.0 * float(share):.{decimals}f}%"


def natural_key(text: object) -> tuple:
    """Sort key reading runs of digits as numbers: "Q2" < "Q10" < "q11" (case-blind,
    then as written, so the order is total)."""
    value = str(text)
    folded = value.casefold()
    if folded.isdecimal():
        # digits only, as most question ids are ("301"): the one part the split
        # would give (\d is what isdecimal() accepts), without the regular
        # expression, at a third of the cost
        return (((1, int(folded), folded),), value)
    parts = _DIGITS.split(folded)
    return (tuple((1, int(p), p) if p.isdigit() else (0, 0, p) for p in parts if p), value)


def sorted_ids(ids: Iterable[object]) -> list[str]:
    """The ids as text, in natural order."""
    return sorted((str(i) for i in ids), key=natural_key)


def ids_text(ids: Iterable[object], shown: int | None = None, sep: str = ", ") -> str:
    """The ids in natural order, joined; with ``shown`` (a count, ≥ 0), the first
    that many and "…"."""
    texts = [str(i) for i in ids]
    if shown is not None and 0 <= shown < len(texts):
        # the first few in natural order, without ordering the thousands after
        # them: a diagnosis names every one of 2,000 questions and shows five
        return sep.join(heapq.nsmallest(shown, texts, key=natural_key)) + " …"
    return sep.join(sorted(texts, key=natural_key))
