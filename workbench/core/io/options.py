"""How a file is read: the choices a user confirmed in the import preview, kept with the
source in the study and in the project file, and given back to the one :func:`load`
that reads any kind of source file.

Before, these were a dict read by string key in some thirty places, and which loader
reads which kind of file was decided in four (the app, the command line, the study's
project loading and the checks); now both live here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from workbench.core.io.common import CancelCheck, Progress
from workbench.core.io.judgments import load_judgments
from workbench.core.io.mapping import ColumnMapping
from workbench.core.io.recover import GradeConversion
from workbench.core.io.runs import load_run

#: the kinds of source file a study reads
SourceKind = Literal["judgments", "runs", "answers"]


@dataclass(frozen=True)
class ReadOptions:
    """How one file was (or is to be) read.

    - ``mappings``: sheet → confirmed column mapping, in the form a project keeps
      (:meth:`ColumnMapping.to_dict`'s);
    - ``sheets``: which sheets are read and as what (a judgments or answers file:
      sheet → use; a run file: the sheets read), None: as detected;
    - ``conversions``: a value typed another way → the grade it means (judgments);
    - ``skip_rows``: sheet → rows left out;
    - ``assessor``: the name given to a judgments file's rows without an assessor.
    """

    mappings: Mapping[str, dict] = field(default_factory=dict)
    sheets: Any = None
    conversions: Mapping[str, int] = field(default_factory=dict)
    skip_rows: Mapping[str | None, tuple[int, ...]] = field(default_factory=dict)
    assessor: str = ""

    @classmethod
    def from_dict(cls, data: ReadOptions | Mapping[str, Any] | None) -> ReadOptions:
        """From the project file's form (or a caller's dict: mappings may be
        :class:`ColumnMapping` objects, conversions :class:`GradeConversion` s)."""
        if isinstance(data, ReadOptions):
            return data
        data = data or {}
        return cls(
            mappings=_stored_mappings(data.get("mappings")),
            sheets=data.get("sheets"),
            conversions=_conversions(data.get("conversions")),
            # a text file's rows are keyed by None in memory (the project file writes "None")
            skip_rows={
                sheet: tuple(sorted({int(r) for r in rows}))
                for sheet, rows in (data.get("skip_rows") or {}).items()
                if rows
            },
            assessor=str(data.get("assessor") or ""),
        )

    def to_dict(self) -> dict:
        """The project file's form: ``mappings`` and ``sheets`` always, the rest only
        when there are any."""
        out: dict[str, Any] = {"mappings": dict(self.mappings), "sheets": self.sheets}
        if self.assessor:
            out["assessor"] = self.assessor
        if self.conversions:
            out["conversions"] = dict(self.conversions)
        if self.skip_rows:
            out["skip_rows"] = {str(sheet): list(rows) for sheet, rows in self.skip_rows.items()}
        return out

    def column_mappings(self) -> dict[str, ColumnMapping] | None:
        """The confirmed mappings as the readers take them; None: detect them."""
        if not self.mappings:
            return None
        return {sheet: ColumnMapping.from_dict(m) for sheet, m in self.mappings.items()}


def _stored_mappings(mappings: Any) -> dict[str, dict]:
    """:func:`~workbench.core.io.project.stored_mappings`, which gives ``{}`` for
    no mappings (the common case) without the project file's module being imported."""
    if not mappings:
        return {}
    # the project file's module only when there are mappings: a plain evaluation needs none
    from workbench.core.io.project import stored_mappings

    return stored_mappings(mappings)


def _conversions(value: Mapping[str, int] | Iterable[GradeConversion] | None) -> dict[str, int]:
    if not value:
        return {}
    if isinstance(value, Mapping):
        return {str(k): int(v) for k, v in value.items()}
    return {str(c.value): int(c.grade) for c in value}


def load(
    kind: SourceKind | str,
    path: str | Path,
    options: ReadOptions | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
):
    """Read ``path`` as ``kind`` with ``options``: a JudgmentSet, an AnswerFile or a
    RunSet (any other kind reads a run file, as the app always has)."""
    options = options or ReadOptions()
    mappings = options.column_mappings()
    sheets = options.sheets or None
    skip_rows = dict(options.skip_rows) or None
    if kind == "judgments":
        return load_judgments(
            path,
            mappings=mappings,
            sheets=sheets,
            progress=progress,
            cancelled=cancelled,
            conversions=dict(options.conversions) or None,
            skip_rows=skip_rows,
        )
    if kind == "answers":
        # the answers reader only for answers: a plain evaluation reads none
        from workbench.core.io.answers import load_answer_file

        return load_answer_file(
            path, mappings=mappings, sheets=sheets, progress=progress, cancelled=cancelled
        )
    return load_run(
        path,
        mappings=mappings,
        sheets=sheets,
        progress=progress,
        cancelled=cancelled,
        skip_rows=skip_rows,
    )
