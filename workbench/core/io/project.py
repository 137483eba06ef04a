"""The project file (``.wbproj``): what was loaded, how, and the user's work.

A project is a small JSON document (``"format": 2``) that never copies the
data itself. It remembers:

- ``sources``: every input file, by path *relative to the project file* (so a
  folder can be moved or shared as a whole) plus the absolute path as a
  fallback, the file's SHA-256 at load time, and the confirmed column
  mappings and sheet choices, so reopening reads the files exactly as before,
  and for a run file the names the user gave its systems (``names``); for a
  judgments file the assessor's name given to its rows without one
  (``assessor``); the grade values the user confirmed reading as a grade (``conversions``:
  ``{"3점": 3}``) and the rows left out (``skip_rows``: sheet → row numbers,
  ``""`` for a text file);
- ``settings``: the :class:`~workbench.core.model.schema.EvalSettings` dict;
- ``notes``: question id → ``{"note": str, "flagged": bool}``;
- ``added_grades`` / ``resolutions``: grades made or resolved in the app, as
  lists of records (the only copy of that work, so they are kept verbatim);
- ``view``: free-form UI state (current page, selected question, systems);
- ``sections``: the work of features beyond grades and notes, one JSON value
  per section, each written and checked by its feature's module.

Writes go through :func:`workbench.core.io.atomic.atomic_write` (temporary file in
the same folder, then ``os.replace``), so a crash never leaves half a project.

Reading is defensive, as for any file a user hands us: the size and the
nesting depth are checked before the JSON is parsed, and every field is
checked for its type. A file that is not a project (or is from a newer
version) raises :class:`~workbench.core.model.problems.InputError`; a damaged field
is left out with a warning naming it (``Project.problems``) and the rest of
the project is recovered. Format 1 (no ``names``) reads as it is.
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from workbench.core.io.atomic import atomic_write_text, save_error
from workbench.core.io.jsonload import json_depth
from workbench.core.io.mapping import ColumnMapping
from workbench.core.io.reading import MAX_INPUT_BYTES
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import (
    EXCERPT_CHARS,
    InputError,
    Problem,
    error,
    excerpt,
    shown_name,
    warning,
)
from workbench.paths import existing_variant, plain_path

FORMAT = 2
#: a project file larger than this is not read (real ones are kilobytes to a few MB)
MAX_PROJECT_BYTES = 256 * 1024 * 1024
#: deeper JSON nesting than this is not parsed (a project needs about 6 levels)
MAX_PROJECT_DEPTH = 64
SUFFIX = ".wbproj"

SourceKind = Literal["judgments", "runs", "answers"]
#: what a source file can be: judgments, runs, or what the systems answered
SOURCE_KINDS: tuple[str, ...] = ("judgments", "runs", "answers")
SourceState = Literal["ok", "missing", "changed"]


@dataclass
class ProjectSource:
    """One input file of a project.

    ``path`` is absolute in memory; it is written relative to the project file.
    ``mappings``: sheet name → the confirmed column mapping as
    :meth:`~workbench.core.io.mapping.ColumnMapping.to_dict` gives it,
    ``{"roles": {header: role or None}}`` (see :func:`stored_mappings`).
    ``sheets``: for judgments, kind (``judgments``/``questions``/``passages``) →
    sheet name (for ``judgments`` a list of names when several sheets hold them);
    for runs, a list of sheet names; None lets the reader decide.
    """

    kind: SourceKind
    path: str
    sha256: str = ""
    mappings: dict[str, dict] = field(default_factory=dict)
    sheets: dict[str, str | list[str]] | list[str] | None = None
    system: str | None = None
    #: run files: system name in the file → the name the user gave it
    names: dict[str, str] = field(default_factory=dict)
    #: judgments files: the assessor's name given to rows that name none
    assessor: str | None = None
    #: grade values the user confirmed reading as a grade ("3점" → 3)
    conversions: dict[str, int] = field(default_factory=dict)
    #: sheet ("" for a text file) → Excel rows the user chose to leave out
    skip_rows: dict[str, list[int]] = field(default_factory=dict)

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
    #: the work of a feature beyond grades and notes (answers and their ratings,
    #: the evaluation manual, judging pools, system cards …), one JSON value per
    #: section name; each feature's module writes and checks its own section
    sections: dict[str, Any] = field(default_factory=dict)
    #: what could not be read back and was left out (warnings), when loaded
    problems: list[Problem] = field(default_factory=list)


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
    """JSON-safe records: NaN/NA → None, numpy scalars → Python (column by column)."""
    if frame is None or frame.empty:
        return []
    columns = {}
    for name in frame.columns:
        col = frame[name]
        if col.dtype.kind in "biuf":
            values = col.astype(object).where(col.notna(), None).tolist()
        else:
            values = [_plain(v) for v in col.tolist()]
        columns[str(name)] = values
    names = list(columns)
    return [dict(zip(names, row)) for row in zip(*columns.values())]


def records_to_frame(records: list[dict], columns: list[str]) -> pd.DataFrame:
    """Records back to a frame with ``columns`` (extra keys kept after them)."""
    if not records:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame.from_records(records)
    extra = [c for c in frame.columns if c not in columns]
    return frame.reindex(columns=[*columns, *extra])


# -- save -------------------------------------------------------------------------
def _resolved(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute with its links followed; as it is written (made
    absolute only) when that fails: a link that leads back to itself (Python
    3.11 raises RuntimeError), a path the system refuses."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def _link_loop(path: str | os.PathLike[str]) -> bool:
    try:
        Path(path).resolve(strict=False)
    except RuntimeError:
        return True
    except (OSError, ValueError) as exc:
        return getattr(exc, "errno", None) == errno.ELOOP
    return False


def _relative(target: str, base_dir: Path) -> str | None:
    try:
        return Path(os.path.relpath(target, base_dir)).as_posix()
    except ValueError:  # another drive on Windows: only the absolute path works
        return None


def project_to_dict(project: Project, project_path: str | os.PathLike[str]) -> dict:
    """The JSON document of ``project`` saved at ``project_path``: the fields of
    :data:`SOURCE_FIELDS` and :data:`PROJECT_FIELDS`, each as its table writes it."""
    # without Windows' \\?\ prefix, which resolve() may add: a prefixed path is
    # on "another drive" for relpath, and the project would lose its relative paths
    base_dir = Path(plain_path(str(_resolved(project_path)))).parent
    sources = []
    for src in project.sources:
        absolute = plain_path(str(_resolved(src.path)))
        sources.append(
            {
                "kind": src.kind,
                "path": _relative(absolute, base_dir),
                "absolute": absolute,
                **{f.name: f.write(getattr(src, f.name)) for f in SOURCE_FIELDS},
            }
        )
    return {
        "format": FORMAT,
        "app": "retrieval-workbench",
        "sources": sources,
        **{f.name: f.write(getattr(project, f.name)) for f in PROJECT_FIELDS},
    }


def save_project(path: str | os.PathLike[str], project: Project) -> Path:
    """Write ``project`` to ``path`` atomically; returns the path written.

    Raises :class:`~workbench.core.io.atomic.SaveError` (an :class:`InputError`)
    when it cannot be written — read-only or full drive, a folder in the
    way, a name too long — with a message naming ``path``; a missing folder
    is created.
    """
    target = Path(path)
    if target.suffix.lower() != SUFFIX:
        target = target.with_name(target.name + SUFFIX)
    # no indent: the C encoder, ten times faster for a project with thousands of grades
    # (autosave runs after every edit, on the GUI thread)
    payload = json.dumps(project_to_dict(project, target), ensure_ascii=False)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise save_error(target, exc) from exc
    # one owner of atomic writes: the same temporary names, the same messages
    # (SaveError: folder, read-only, disk full, name too long …) as every export
    return atomic_write_text(target, payload, encoding="utf-8")


# -- load -------------------------------------------------------------------------
def _bad(path: Path, en: str, ko: str, code: str = "project_invalid") -> InputError:
    return InputError([error(code, en, ko, file=shown_name(path.name))])


class _Checker:
    """Collects a warning per damaged field of a project file, naming the field."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def drop(self, where: str, expected_en: str, expected_ko: str) -> None:
        where = excerpt(where)
        self.problems.append(
            warning(
                "project_field_damaged",
                f"The project file's field '{where}' is damaged (expected {expected_en}); it "
                "was left out and the rest of the project was opened.",
                f"프로젝트 파일의 항목 {josa(where, '이', quoted=True)} 손상되어 있어(기대한 "
                f"형식: {expected_ko}) 빼고 나머지를 열었습니다.",
                file=shown_name(self.path.name),
            )
        )

    def repaired(self, where: str, what_en: str, what_ko: str) -> None:
        where = excerpt(where)
        self.problems.append(
            warning(
                "project_field_repaired",
                f"The project file's field '{where}' held {what_en}; it was repaired so the "
                "project can be saved again.",
                f"프로젝트 파일의 항목 '{where}'에 {josa(what_ko, '이')} 있어 고쳤습니다. "
                "이제 프로젝트를 다시 저장할 수 있습니다.",
                file=shown_name(self.path.name),
            )
        )

    def warn(self, code: str, en: str, ko: str) -> None:
        self.problems.append(warning(code, en, ko, file=shown_name(self.path.name)))


#: the longest text of a project file a message quotes
SHOWN_CHARS = EXCERPT_CHARS


#: what a reader gives back for a value it cannot accept (the field is then left out)
DAMAGED: Any = object()

#: a reader: (the value as read, where it is in the file, the checker for warnings
#: about its parts) → the value in the form kept in memory, or DAMAGED
Reader = Callable[[Any, str, _Checker], Any]


@dataclass(frozen=True)
class Field:
    """One field of the project file, declared once for both directions.

    ``read`` checks a value read from the file and gives it in the one form the
    project keeps in memory (or :data:`DAMAGED`); ``default`` makes the value of
    a field the file lacks, leaves empty (``null``) or has damaged; ``write``
    turns the value kept in memory into JSON; ``expected_en``/``expected_ko``
    say what the field should hold, for the warning when it does not.
    """

    name: str
    read: Reader
    default: Callable[[], Any]
    write: Callable[[Any], Any]
    expected_en: str
    expected_ko: str


def _valid(ok: Callable[[Any], bool], copy: Callable[[Any], Any] = lambda v: v) -> Reader:
    """A reader for a field that is taken as it is (copied) when ``ok``."""
    return lambda value, _where, _check: copy(value) if ok(value) else DAMAGED


def _same(value: Any) -> Any:
    return value


def _text_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _is_text_map(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    )


def _mapping_roles(mapping: Any) -> dict[str, str | None] | None:
    """header → role (or None) of one sheet's mapping, given as
    :meth:`ColumnMapping.to_dict` writes it (``{"roles": {...}}``), as a
    :class:`ColumnMapping`, or as older versions wrote it (header → role);
    None when it is none of these."""
    if isinstance(mapping, ColumnMapping):
        mapping = mapping.to_dict()
    if not isinstance(mapping, dict):
        return None
    # a plain header → role map never has a map as a value, so {"roles": {...}}
    # cannot be an older mapping of a column headed "roles"
    if set(mapping) == {"roles"} and isinstance(mapping["roles"], dict):
        mapping = mapping["roles"]
    if all(isinstance(h, str) and _text_or_none(r) for h, r in mapping.items()):
        return dict(mapping)
    return None


def stored_mappings(mappings: Any) -> dict[str, dict]:
    """Sheet → confirmed column mapping in the one form a project keeps, that of
    :meth:`ColumnMapping.to_dict` (``{"roles": {header: role or None}}``), from
    that form, :class:`ColumnMapping` objects or the older header → role form.

    Raises ``TypeError`` for anything else (a caller's mistake, not a user's file).
    """
    out = _read_mappings(mappings or {}, "mappings", None)
    if out is DAMAGED:
        raise TypeError(f"not sheet → column mapping: {mappings!r}")
    return out


def _read_mappings(value: Any, _where: str, _check: _Checker | None) -> Any:
    if not isinstance(value, dict):
        return DAMAGED
    out: dict[str, dict] = {}
    for sheet, mapping in value.items():
        roles = _mapping_roles(mapping)
        if not isinstance(sheet, str) or roles is None:
            return DAMAGED
        out[sheet] = ColumnMapping(roles).to_dict()
    return out


def _whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _conversions(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and _whole_number(v) and 0 <= v <= 3 for k, v in value.items()
    )


def _skip_rows(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, list) and all(_whole_number(r) and r >= 1 for r in v)
        for k, v in value.items()
    )


def _copy_skip_rows(value: dict[str, list[int]]) -> dict[str, list[int]]:
    return {k: list(v) for k, v in value.items()}


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _sheets(value: Any) -> bool:
    if value is None or _names(value):
        return True
    # judgments: kind → a sheet, or for the judgments several (one per assessor)
    return isinstance(value, dict) and all(
        isinstance(k, str) and (isinstance(v, str) or (k == "judgments" and _names(v)))
        for k, v in value.items()
    )


def _copy_sheets(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
    return list(value) if value is not None else None


#: the fields of a source beyond its ``kind`` and ``path`` (which decide how the
#: rest is read: see :func:`_source`), in the order they are written; every other
#: field of :class:`ProjectSource` is here, so what is written is what is read
SOURCE_FIELDS: tuple[Field, ...] = (
    Field("sha256", _valid(lambda v: isinstance(v, str)), str, _same, "text", "글자"),
    Field(
        "mappings",
        _read_mappings,
        dict,
        stored_mappings,
        'sheet → {"roles": column → role}',
        '시트 → {"roles": 열 → 역할}',
    ),
    Field(
        "sheets",
        _valid(_sheets, _copy_sheets),
        lambda: None,
        _copy_sheets,
        "sheet names",
        "시트 이름",
    ),
    Field("system", _valid(_text_or_none), lambda: None, _same, "a name", "이름"),
    Field(
        "names", _valid(_is_text_map, dict), dict, dict, "file name → name", "파일의 이름 → 이름"
    ),
    Field("assessor", _valid(_text_or_none), lambda: None, _same, "a name", "이름"),
    Field(
        "conversions", _valid(_conversions, dict), dict, dict, "value → grade 0–3", "값 → 등급 0~3"
    ),
    Field(
        "skip_rows",
        _valid(_skip_rows, _copy_skip_rows),
        dict,
        _copy_skip_rows,
        "sheet → row numbers",
        "시트 → 행 번호",
    ),
)


def _read(f: Field, data: dict, where: str, check: _Checker) -> Any:
    """Field ``f`` of ``data`` as the project keeps it: its default when missing
    or empty, and when damaged (with a warning naming it)."""
    value = data.get(f.name)
    if value is None:
        return f.default()
    out = f.read(value, where, check)
    if out is DAMAGED:
        check.drop(where, f.expected_en, f.expected_ko)
        return f.default()
    return out


def _source(item: Any, i: int, base_dir: Path, check: _Checker) -> ProjectSource | None:
    where = f"sources[{i}]"
    if not isinstance(item, dict):
        check.drop(where, "an object", "객체")
        return None
    kind = item.get("kind", "runs")
    if kind not in SOURCE_KINDS:
        check.drop(
            f"{where}.kind",
            "'judgments', 'runs' or 'answers'",
            "'judgments', 'runs' 또는 'answers'",
        )
        return None
    relative, absolute = item.get("path"), item.get("absolute") or ""
    if (
        not isinstance(relative, str | None)
        or not isinstance(absolute, str)
        or not (relative or absolute)
    ):
        check.drop(f"{where}.path", "a file path", "파일 경로")
        return None
    if "\x00" in (relative or "") + absolute:
        # no system opens such a path (Python raises ValueError on it)
        check.drop(
            f"{where}.path", "a file path without NUL characters", "NUL 문자가 없는 파일 경로"
        )
        return None
    if absolute:
        absolute = str(existing_variant(absolute))
    chosen = absolute
    if relative:
        # saved on macOS, a path may be spelled NFD where the files here are NFC
        candidate = existing_variant(_resolved(base_dir / relative))
        if candidate.exists() or not (absolute and Path(absolute).exists()):
            chosen = str(candidate)
    if _link_loop(chosen):
        check.warn(
            "project_source_loop",
            f"The project file's field '{where}.path' names '{shown_name(chosen)}', a link that "
            "leads back to itself; the file is shown as missing. Choose the file again.",
            f"프로젝트 파일의 항목 '{where}.path'의 {josa(shown_name(chosen), '은', quoted=True)} "
            "자기 자신으로 되돌아오는 링크라서 파일이 없는 것으로 보입니다. 파일을 다시 고르세요.",
        )
    fields = {f.name: _read(f, item, f"{where}.{f.name}", check) for f in SOURCE_FIELDS}
    return ProjectSource(kind=kind, path=chosen, **fields)


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def _records(required: tuple[str, ...]) -> Reader:
    """A reader of a list of records whose values are scalars, whose ids are
    text and whose grade is a whole number (or empty); a record that is not is
    left out with a warning naming it."""

    def read(value: Any, where: str, check: _Checker) -> Any:
        if not isinstance(value, list):
            return DAMAGED
        out = []
        for i, rec in enumerate(value):
            ok = (
                isinstance(rec, dict)
                and all(isinstance(k, str) and _scalar(v) for k, v in rec.items())
                and all(isinstance(rec.get(k), str) for k in required)
            )
            grade = rec.get("grade") if isinstance(rec, dict) else None
            if ok and not (
                grade is None
                or (
                    isinstance(grade, int | float)
                    and not isinstance(grade, bool)
                    and float(grade).is_integer()
                )
            ):
                ok = False
            if not ok:
                check.drop(
                    f"{where}[{i}]",
                    "question_id, passage_id and a whole-number grade",
                    "질문ID, 문단ID와 정수 등급",
                )
                continue
            out.append(dict(rec))
        return out

    return read


def _copy_records(value: list[dict]) -> list[dict]:
    return [dict(rec) for rec in value]


def _read_notes(value: Any, where: str, check: _Checker) -> Any:
    if not isinstance(value, dict):
        return DAMAGED
    out = {}
    for q, v in value.items():
        if (
            isinstance(v, dict)
            and isinstance(v.get("note", ""), str)
            and isinstance(v.get("flagged", False), bool)
        ):
            out[str(q)] = {"note": v.get("note", ""), "flagged": v.get("flagged", False)}
        else:
            check.drop(f"{where}.{q}", "a note and a flag", "메모와 표시")
    return out


def _copy_notes(value: dict[str, dict]) -> dict[str, dict]:
    return {q: dict(note) for q, note in value.items()}


def _read_settings(value: Any, where: str, check: _Checker) -> Any:
    """The settings, each checked by the rule an evaluation holds it to
    (:data:`workbench.core.model.schema.SETTING_RULES`); one out of range is left out
    with a warning naming it (the study then uses its default). A name that is
    not a setting of this version is kept as it is."""
    if not isinstance(value, dict):
        return DAMAGED
    out = {}
    for key, setting in value.items():
        rule = S.SETTING_RULES.get(key)
        if rule is not None and not S.setting_ok(key, setting):
            check.drop(f"{where}.{key}", rule[1], rule[2])
            continue
        out[key] = setting
    return out


def _sections(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


#: the fields of the project beyond its sources, in the order they are written
PROJECT_FIELDS: tuple[Field, ...] = (
    Field("settings", _read_settings, dict, dict, "setting → value", "설정 → 값"),
    Field("notes", _read_notes, dict, _copy_notes, "question → note", "질문 → 메모"),
    Field(
        "added_grades",
        _records((S.QID, S.PID)),
        list,
        _copy_records,
        "a list of grades",
        "등급 목록",
    ),
    Field(
        "resolutions",
        _records((S.QID, S.PID)),
        list,
        _copy_records,
        "a list of resolved grades",
        "조정한 등급 목록",
    ),
    Field("view", _valid(lambda v: isinstance(v, dict), dict), dict, dict, "an object", "객체"),
    Field("sections", _valid(_sections, dict), dict, dict, "name → section", "이름 → 항목"),
)


def load_project(path: str | os.PathLike[str]) -> Project:
    """Read a project file. Source paths come back absolute.

    A relative source path is resolved against the project's folder; when that
    file does not exist but the stored absolute path does, the absolute path
    is used (the project file was moved without its data). Damaged fields are
    left out with a warning in ``Project.problems`` (see the module doc).
    """
    source_path = Path(path)
    try:
        size = source_path.stat().st_size
        if size > MAX_PROJECT_BYTES:
            raise _bad(
                source_path,
                f"The project file is {size // (1024 * 1024)} MB; a project file is a few MB at "
                "most, so this is not one.",
                f"프로젝트 파일이 {size // (1024 * 1024)} MB입니다. 프로젝트 파일은 많아야 몇 MB라서 "
                "이 파일은 프로젝트 파일이 아닙니다.",
            )
        text = source_path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise _bad(
            source_path,
            f"The project file {shown_name(source_path)} does not exist. It may have "
            "been moved or deleted.",
            f"프로젝트 파일 {josa(shown_name(source_path), '이')} 없습니다. 옮겨졌거나 "
            "지워졌을 수 있습니다.",
            "project_not_found",
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(
            source_path,
            f"The project file could not be read ({exc}).",
            f"프로젝트 파일을 읽지 못했습니다 ({exc}).",
        ) from exc
    # the depth first, so a hostile file cannot exhaust the parser's recursion
    depth, _at = json_depth(text)
    if depth > MAX_PROJECT_DEPTH:
        raise _bad(
            source_path,
            "This is not a workbench project file, or it is damaged: its data is nested "
            f"{depth:,} levels deep (a project needs fewer than {MAX_PROJECT_DEPTH}).",
            "워크벤치 프로젝트 파일이 아니거나 손상되었습니다: 데이터가 "
            f"{depth:,}단계로 겹쳐 있습니다(프로젝트는 {MAX_PROJECT_DEPTH}단계도 필요 없습니다).",
        )
    try:
        data = json.loads(text, parse_int=_parse_int)
    except (json.JSONDecodeError, RecursionError) as exc:
        line = getattr(exc, "lineno", None)
        raise _bad(
            source_path,
            "This is not a workbench project file, or it is damaged"
            + (f" (line {line})." if line else "."),
            "워크벤치 프로젝트 파일이 아니거나 손상되었습니다"
            + (f" ({line}번째 줄)." if line else "."),
        ) from exc
    if not isinstance(data, dict) or "format" not in data:
        raise _bad(
            source_path,
            "This is not a workbench project file (no format number).",
            "워크벤치 프로젝트 파일이 아닙니다 (형식 번호가 없습니다).",
        )
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version > FORMAT:
        raise _bad(
            source_path,
            f"This project was saved by a newer version of the workbench (format "
            f"{excerpt(version)}). Please update the app to open it.",
            f"이 프로젝트는 더 새로운 버전의 워크벤치로 저장되었습니다 (형식 {excerpt(version)}). "
            "앱을 업데이트한 뒤 여세요.",
            "project_version",
        )
    check = _Checker(source_path)
    data = _repaired(data, "", check)
    base_dir = _resolved(source_path).parent
    raw_sources = data.get("sources") or []
    if not isinstance(raw_sources, list):
        check.drop("sources", "a list", "목록")
        raw_sources = []
    sources = [
        src
        for i, item in enumerate(raw_sources)
        if (src := _source(item, i, base_dir, check)) is not None
    ]
    fields = {f.name: _read(f, data, f.name, check) for f in PROJECT_FIELDS}
    return Project(sources=sources, **fields, problems=check.problems)


#: an integer with more digits than this is no value a project holds (Python
#: refuses to read one of 4,300 digits or more: ValueError)
MAX_INT_DIGITS = 40
_SURROGATE = re.compile("[\ud800-\udfff]")


class _TooLong:
    """An integer of the file too long to be a value of a project."""


def _parse_int(digits: str) -> Any:
    return int(digits) if len(digits.lstrip("-")) <= MAX_INT_DIGITS else _TooLong()


def _repaired(value: Any, where: str, check: _Checker) -> Any:
    """``value`` read from the file with what no project can hold made safe, with
    a warning naming each place: an over-long integer becomes empty (the field
    then reads as missing), and a lone surrogate (``"\\ud800"``: valid JSON,
    but no UTF-8, so every later save failed) becomes U+FFFD."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            check.repaired(where or "?", "characters no file can hold", "파일에 쓸 수 없는 글자")
            return _SURROGATE.sub("\ufffd", value)
        return value
    if isinstance(value, _TooLong):
        check.drop(
            where or "?",
            f"a number of at most {MAX_INT_DIGITS} digits",
            f"{MAX_INT_DIGITS}자리 이하의 수",
        )
        return None
    if isinstance(value, list):
        return [_repaired(v, f"{where}[{i}]", check) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            inner = f"{where}.{key}" if where else key
            out[_repaired(key, inner, check)] = _repaired(item, inner, check)
        return out
    return value


def check_sources(project: Project) -> list[SourceStatus]:
    """For each source: ``missing`` (no file), ``changed`` (SHA-256 differs) or ``ok``.

    The checksum is of the file as stored (a ``run.gz`` is not unpacked), as
    the readers record it (:func:`workbench.core.io.reading.read_source`). A
    file larger than the readers accept is ``changed`` without being hashed:
    the file that was read could not have been that large, and hashing a
    20 GB file would keep the project from opening for a minute. A source
    saved without a checksum is ``ok`` when the file exists.
    """
    statuses = []
    for src in project.sources:
        file = Path(src.path)
        try:
            info = file.stat()
        except (OSError, ValueError):
            info = None
        if info is None or not stat.S_ISREG(info.st_mode):
            statuses.append(SourceStatus(src, "missing"))
            continue
        if not src.sha256:
            statuses.append(SourceStatus(src, "ok"))
            continue
        if info.st_size > MAX_INPUT_BYTES:
            statuses.append(SourceStatus(src, "changed"))
            continue
        try:
            digest = file_sha256(file)
        except OSError:
            statuses.append(SourceStatus(src, "missing"))
            continue
        statuses.append(SourceStatus(src, "changed" if digest != src.sha256 else "ok"))
    return statuses
