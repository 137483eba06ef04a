"""Input readers: judgments and runs from Excel, CSV, TREC and JSON files.

Public API::

    inspect_file(path) -> FilePreview
    load_judgments(path, mappings=None, sheets=None, progress=None, cancelled=None) -> JudgmentSet
    load_run(path, mappings=None, sheets=None, system=None, progress=None, cancelled=None) -> RunSet
    merge_judgment_sets([JudgmentSet, …]) -> JudgmentSet   # one file per assessor
    name_assessor(JudgmentSet, name), assessor_from_file_name(path)
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
from workbench.core.io.merge import (
    assessor_from_file_name,
    merge_judgment_sets,
    name_assessor,
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
    "assessor_from_file_name",
    "inspect_file",
    "load_judgments",
    "load_run",
    "merge_judgment_sets",
    "name_assessor",
    "normalize_id",
    "role_label",
    "wide_rank",
]
