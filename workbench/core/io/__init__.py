"""Input readers: judgments and runs from Excel, CSV, TREC and JSON files.

Public API::

    inspect_file(path) -> FilePreview
    load_judgments(path, mappings=None, sheets=None, progress=None, cancelled=None) -> JudgmentSet
    load_run(path, mappings=None, sheets=None, system=None, progress=None, cancelled=None) -> RunSet
    ColumnMapping, normalize_id, Cancelled

Frames use the canonical columns of :mod:`workbench.core.schema`. Input
files are only ever read.
"""

from workbench.core.io.common import Cancelled
from workbench.core.io.ids import normalize_id
from workbench.core.io.judgments import load_judgments
from workbench.core.io.mapping import (
    ROLE_CHOICES,
    ROLE_LABELS,
    ColumnMapping,
    role_label,
    wide_rank,
)
from workbench.core.io.preview import FilePreview, SheetPreview, inspect_file
from workbench.core.io.runs import load_run

__all__ = [
    "Cancelled",
    "ColumnMapping",
    "FilePreview",
    "ROLE_CHOICES",
    "ROLE_LABELS",
    "SheetPreview",
    "inspect_file",
    "load_judgments",
    "load_run",
    "normalize_id",
    "role_label",
    "wide_rank",
]
