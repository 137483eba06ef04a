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

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for type checkers and the bundler's import graph
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
    from workbench.core.io.merge import assessor_from_file_name, merge_judgment_sets, name_assessor
    from workbench.core.io.preview import FilePreview, SheetPreview, inspect_file, rows_around
    from workbench.core.io.recover import (
        FailedGrade,
        GradeConversion,
        conversion_table,
        propose_grade_conversions,
        proposed_grade,
    )
    from workbench.core.io.runs import load_run

# Each public name and the module that owns it. They are imported on first use
# (PEP 562), so that importing one reader here — trec_scan, which `workbench eval`
# starts reading its inputs with — does not first import pandas and every other
# reader (~0.3 s before a byte of a 2M-line run could be read).
_OWNER = {
    "FileCheck": "workbench.core.io.check",
    "check_file": "workbench.core.io.check",
    "run_coverage_problems": "workbench.core.io.check",
    "Cancelled": "workbench.core.io.common",
    "FileErrors": "workbench.core.io.common",
    "normalize_id": "workbench.core.io.ids",
    "load_judgments": "workbench.core.io.judgments",
    "ROLE_CHOICES": "workbench.core.io.mapping",
    "ROLE_LABELS": "workbench.core.io.mapping",
    "ColumnMapping": "workbench.core.io.mapping",
    "role_label": "workbench.core.io.mapping",
    "wide_rank": "workbench.core.io.mapping",
    "assessor_from_file_name": "workbench.core.io.merge",
    "merge_judgment_sets": "workbench.core.io.merge",
    "name_assessor": "workbench.core.io.merge",
    "FilePreview": "workbench.core.io.preview",
    "SheetPreview": "workbench.core.io.preview",
    "inspect_file": "workbench.core.io.preview",
    "rows_around": "workbench.core.io.preview",
    "FailedGrade": "workbench.core.io.recover",
    "GradeConversion": "workbench.core.io.recover",
    "conversion_table": "workbench.core.io.recover",
    "propose_grade_conversions": "workbench.core.io.recover",
    "proposed_grade": "workbench.core.io.recover",
    "load_run": "workbench.core.io.runs",
}

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


def __getattr__(name: str):
    owner = _OWNER.get(name)
    if owner is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(owner), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_OWNER))
