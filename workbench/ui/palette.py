"""One colour per system across the whole app, safe for colour-blind readers.

The colours are the Okabe–Ito palette (Okabe & Ito, "Color Universal
Design"), which stays distinguishable with every common form of colour
blindness. Order: orange, sky blue, bluish green, blue, vermillion, reddish
purple, then yellow and black. Two deliberate changes from the published
order: black is not first (a black bar reads as "missing" or "total"), and
yellow comes late because it almost disappears on a white background. A
system keeps its colour as long as the system list keeps its order, so the
same system has the same colour on every page and chart. Colour is never
the only cue: charts also use a marker shape per system and a legend.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from PySide6.QtGui import QColor

#: (name, hex) in the order systems receive them
OKABE_ITO: tuple[tuple[str, str], ...] = (
    ("orange", "#E69F00"),
    ("sky blue", "#56B4E9"),
    ("bluish green", "#009E73"),
    ("blue", "#0072B2"),
    ("vermillion", "#D55E00"),
    ("reddish purple", "#CC79A7"),
    ("yellow", "#F0E442"),
    ("black", "#000000"),
)

#: marker shapes (pyqtgraph symbol names), one per system, in the same order
SYMBOLS: tuple[str, ...] = ("o", "s", "t", "d", "star", "p", "h", "t1")

#: the first-relevant-rank buckets: blues from dark (rank 1) to light (4–K),
#: and vermillion for "not found" so failures stand out for every reader
RANK_BUCKET_COLORS: dict[str, str] = {
    "rank_1": "#0072B2",
    "rank_2_3": "#56B4E9",
    "rank_4_k": "#BFE3F6",
    "not_found": "#D55E00",
}

#: neutral grey (ties, the diagonal, reference lines)
NEUTRAL = "#888888"


def system_index(name: str, systems: Sequence[str]) -> int:
    """Position of ``name`` in ``systems``; an unknown name gets a stable slot."""
    names = [str(s) for s in systems]
    if str(name) in names:
        return names.index(str(name))
    return len(names) + zlib.crc32(str(name).encode("utf-8")) % len(OKABE_ITO)


def system_color(name: str, systems: Sequence[str]) -> QColor:
    """The colour of system ``name`` given the app's system list (cycles after 8)."""
    return QColor(OKABE_ITO[system_index(name, systems) % len(OKABE_ITO)][1])


def system_symbol(name: str, systems: Sequence[str]) -> str:
    """The marker shape of system ``name`` (pyqtgraph symbol name)."""
    return SYMBOLS[system_index(name, systems) % len(SYMBOLS)]


def outline(color: QColor) -> QColor:
    """A darker edge for a filled shape, so light colours (yellow) stay visible on white."""
    return QColor(color).darker(150)
