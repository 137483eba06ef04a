"""Input readers: judgments and runs from Excel, CSV, TREC and JSON files.

Public API::

    inspect_file(path) -> FilePreview
    load_judgments(path, mappings=None, sheets=None, progress=None, cancelled=None) -> JudgmentSet
    load_run(path, mappings=None, sheets=None, system=None, progress=None, cancelled=None) -> RunSet
    merge_judgment_sets([JudgmentSet, …]) -> JudgmentSet   # one file per assessor
    name_assessor(JudgmentSet, name), assessor_from_file_name(path)
    check_file(path, kind, mappings=…, sheets=…, conversions=…, skip_rows=…) -> FileCheck
    rows_around(path, sheet, row) -> SheetPreview
    GradeConversion, propose_grade_conversions
    ColumnMapping, normalize_id, Cancelled

Frames use the canonical columns of :mod:`workbench.core.model.schema`. Input
files are only ever read.
"""

from workbench.core.io.check import FileCheck, check_file, run_coverage_problems
from workbench.core.io.common import Cancelled, FileErrors
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
from workbench.core.io.preview import FilePreview, SheetPreview, inspect_file, rows_around
from workbench.core.io.recover import (
    FailedGrade,
    GradeConversion,
    conversion_table,
    propose_grade_conversions,
    proposed_grade,
)
from workbench.core.io.runs import load_run

__all__ = [
    "Cancelled",
    "ColumnMapping",
    "FailedGrade",
    "FileCheck",
    "FileErrors",
    "FilePreview",
    "GradeConversion",
    "ROLE_CHOICES",
    "ROLE_LABELS",
    "SheetPreview",
    "assessor_from_file_name",
    "check_file",
    "conversion_table",
    "inspect_file",
    "load_judgments",
    "load_run",
    "merge_judgment_sets",
    "name_assessor",
    "normalize_id",
    "propose_grade_conversions",
    "proposed_grade",
    "role_label",
    "rows_around",
    "run_coverage_problems",
    "wide_rank",
]
