"""The project file (``.wbproj``): what was loaded, how, and the user's work.

A project is a small JSON document (``"format": 1``) that never copies the
data itself. It remembers:

- ``sources``: every input file, by path *relative to the project file* (so a
  folder can be moved or shared as a whole) plus the absolute path as a
  fallback, the file's SHA-256 at load time, and the confirmed column
  mappings and sheet choices, so reopening reads the files exactly as before;
- ``settings``: the :class:`~workbench.core.schema.EvalSettings` dict;
- ``notes``: question id → ``{"note": str, "flagged": bool}``;
- ``added_grades`` / ``resolutions``: grades made or resolved in the app, as
  lists of records (the only copy of that work, so they are kept verbatim);
- ``view``: free-form UI state (current page, selected question, systems).

Writes go through :func:`workbench.core.atomic.atomic_write` (temporary file in
the same folder, then ``os.replace``), so a crash never leaves half a project. Reading problems raise
:class:`~workbench.core.problems.InputError` with Korean and English messages.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from workbench.core.atomic import atomic_write_text, save_error
from workbench.core.korean import josa
from workbench.core.problems import InputError, error

FORMAT = 1
SUFFIX = ".wbproj"

SourceKind = Literal["judgments", "runs"]
SourceState = Literal["ok", "missing", "changed"]


@dataclass
class ProjectSource:
    """One input file of a project.

    ``path`` is absolute in memory; it is written relative to the project file.
    ``mappings``: sheet name → column mapping dict (header → role or None).
    ``sheets``: for judgments, kind (``judgments``/``questions``/``passages``) →
    sheet name; for runs, a list of sheet names; None lets the reader decide.
    """

    kind: SourceKind
    path: str
    sha256: str = ""
    mappings: dict[str, dict] = field(default_factory=dict)
    sheets: dict[str, str] | list[str] | None = None
    system: str | None = None

    @property
    def name(self) -> str:
        return Path(self.path).name


@dataclass
class Project:
    sources: list[ProjectSource] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    notes: dict[str, dict] = field(default_factory=dict)
    added_grades: list[dict] = field(default_factory=list)
    resolutions: list[dict] = field(default_factory=list)
    view: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SourceStatus:
    """Whether a source can be read as it was: ``ok``, ``missing`` or ``changed``."""

    source: ProjectSource
    state: SourceState

    @property
    def ok(self) -> bool:
        return self.state == "ok"


def file_sha256(path: str | os.PathLike[str]) -> str:
    """Hex SHA-256 of a file's bytes, read in blocks (files may be large)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- records <-> frames ---------------------------------------------------------
def _plain(value: Any) -> Any:
    """A JSON-safe scalar: NaN/NA → None, numpy scalars → Python, timestamps → ISO text."""
    if value is None:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def frame_to_records(frame: pd.DataFrame | None) -> list[dict]:
    if frame is None or frame.empty:
        return []
    return [{k: _plain(v) for k, v in row.items()} for row in frame.to_dict("records")]


def records_to_frame(records: list[dict], columns: list[str]) -> pd.DataFrame:
    """Records back to a frame with ``columns`` (extra keys kept after them)."""
    if not records:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame.from_records(records)
    extra = [c for c in frame.columns if c not in columns]
    return frame.reindex(columns=[*columns, *extra])


# -- save -------------------------------------------------------------------------
def _relative(target: str, base_dir: Path) -> str | None:
    try:
        return Path(os.path.relpath(target, base_dir)).as_posix()
    except ValueError:  # another drive on Windows: only the absolute path works
        return None


def project_to_dict(project: Project, project_path: str | os.PathLike[str]) -> dict:
    base_dir = Path(project_path).resolve().parent
    sources = []
    for src in project.sources:
        absolute = str(Path(src.path).resolve())
        sources.append(
            {
                "kind": src.kind,
                "path": _relative(absolute, base_dir),
                "absolute": absolute,
                "sha256": src.sha256,
                "mappings": src.mappings,
                "sheets": src.sheets,
                "system": src.system,
            }
        )
    return {
        "format": FORMAT,
        "app": "retrieval-workbench",
        "sources": sources,
        "settings": project.settings,
        "notes": project.notes,
        "added_grades": project.added_grades,
        "resolutions": project.resolutions,
        "view": project.view,
    }


def save_project(path: str | os.PathLike[str], project: Project) -> Path:
    """Write ``project`` to ``path`` atomically; returns the path written.

    Raises :class:`~workbench.core.atomic.SaveError` (an :class:`InputError`)
    when it cannot be written — read-only or full drive, a folder in the
    way, a name too long — with a message naming ``path``; a missing folder
    is created.
    """
    target = Path(path)
    if target.suffix.lower() != SUFFIX:
        target = target.with_name(target.name + SUFFIX)
    payload = json.dumps(project_to_dict(project, target), ensure_ascii=False, indent=2)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise save_error(target, exc) from exc
    # one owner of atomic writes: the same temporary names, the same messages
    # (SaveError: folder, read-only, disk full, name too long …) as every export
    return atomic_write_text(target, payload, encoding="utf-8")


# -- load -------------------------------------------------------------------------
def _bad(path: Path, en: str, ko: str, code: str = "project_invalid") -> InputError:
    return InputError([error(code, en, ko, file=path.name)])


def load_project(path: str | os.PathLike[str]) -> Project:
    """Read a project file. Source paths come back absolute.

    A relative source path is resolved against the project's folder; when that
    file does not exist but the stored absolute path does, the absolute path
    is used (the project file was moved without its data).
    """
    source_path = Path(path)
    try:
        text = source_path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise _bad(
            source_path,
            f"The project file {source_path} does not exist. It may have been moved or deleted.",
            f"프로젝트 파일 {josa(source_path, '이')} 없습니다. 옮겨졌거나 지워졌을 수 있습니다.",
            "project_not_found",
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(
            source_path,
            f"The project file could not be read ({exc}).",
            f"프로젝트 파일을 읽지 못했습니다 ({exc}).",
        ) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _bad(
            source_path,
            f"This is not a workbench project file, or it is damaged (line {exc.lineno}).",
            f"워크벤치 프로젝트 파일이 아니거나 손상되었습니다 ({exc.lineno}번째 줄).",
        ) from exc
    if not isinstance(data, dict) or "format" not in data:
        raise _bad(
            source_path,
            "This is not a workbench project file (no format number).",
            "워크벤치 프로젝트 파일이 아닙니다 (형식 번호가 없습니다).",
        )
    version = data.get("format")
    if not isinstance(version, int) or version > FORMAT:
        raise _bad(
            source_path,
            f"This project was saved by a newer version of the workbench (format {version}). "
            "Please update the app to open it.",
            f"이 프로젝트는 더 새로운 버전의 워크벤치로 저장되었습니다 (형식 {version}). "
            "앱을 업데이트한 뒤 여세요.",
            "project_version",
        )
    base_dir = source_path.resolve().parent
    sources: list[ProjectSource] = []
    try:
        for item in data.get("sources", []):
            relative = item.get("path")
            absolute = item.get("absolute") or ""
            chosen = absolute
            if relative:
                candidate = (base_dir / relative).resolve()
                if candidate.exists() or not (absolute and Path(absolute).exists()):
                    chosen = str(candidate)
            kind = item.get("kind", "runs")
            if kind not in ("judgments", "runs"):
                raise ValueError(f"unknown source kind {kind!r}")
            sources.append(
                ProjectSource(
                    kind=kind,
                    path=chosen,
                    sha256=item.get("sha256", ""),
                    mappings=dict(item.get("mappings") or {}),
                    sheets=item.get("sheets"),
                    system=item.get("system"),
                )
            )
        return Project(
            sources=sources,
            settings=dict(data.get("settings") or {}),
            notes=dict(data.get("notes") or {}),
            added_grades=list(data.get("added_grades") or []),
            resolutions=list(data.get("resolutions") or []),
            view=dict(data.get("view") or {}),
        )
    except (AttributeError, TypeError, ValueError) as exc:
        raise _bad(
            source_path,
            f"The project file is damaged ({exc}).",
            f"프로젝트 파일이 손상되었습니다 ({exc}).",
        ) from exc


def check_sources(project: Project) -> list[SourceStatus]:
    """For each source: ``missing`` (no file), ``changed`` (SHA-256 differs) or ``ok``.

    A source saved without a checksum is ``ok`` when the file exists.
    """
    statuses = []
    for src in project.sources:
        file = Path(src.path)
        if not file.is_file():
            statuses.append(SourceStatus(src, "missing"))
            continue
        try:
            digest = file_sha256(file)
        except OSError:
            statuses.append(SourceStatus(src, "missing"))
            continue
        changed = bool(src.sha256) and digest != src.sha256
        statuses.append(SourceStatus(src, "changed" if changed else "ok"))
    return statuses
