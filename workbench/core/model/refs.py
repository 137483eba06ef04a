"""The small values every layer names a study's parts by: a system as its file
names it (:class:`SystemRef`), where a resolution came from, an item, the time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

#: ``origin`` of a hand resolution read from the judgments file / made in the app
FROM_FILE = "file"

FROM_APP = "app"

Item = tuple[str, str]

def now_text() -> str:
    """The local time as the study records it (ISO 8601, seconds)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")

# -- systems --------------------------------------------------------------------------
@dataclass(frozen=True)
class SystemRef:
    """A system as its file names it: the run source (``source``, the id the study
    gave the file) and the name in the file. Stays the same across renames."""

    source: int
    original: str
