"""An output never lands on an input: ``--report run.xlsx`` with ``--run run.xlsx``
must not replace the user's run with a report.

Two paths name the same file when, after resolving links (``realpath``),
they are equal — or, on a case-insensitive file system (Windows, macOS by
default), equal once case-folded and Unicode-normalised (macOS may hand
over a name in NFD that the user typed in NFC). When both files exist the
operating system decides (``os.path.samefile``: hard links too). Case
sensitivity is detected on the folder itself, since one machine can mount
both kinds; tests can force it.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from workbench.core.model.korean import josa
from workbench.core.model.problems import InputError, error

__all__ = ["is_case_insensitive", "refuse_output_onto_inputs", "same_file"]

PathLike = str | os.PathLike[str]


def is_case_insensitive(path: PathLike) -> bool:
    """Whether the file system holding ``path`` ignores the case of names.

    Looks at the nearest existing folder with a letter in its name: if the
    same name with its case swapped is the same folder, the file system
    ignores case. Without such a folder, the platform's default (Windows and
    macOS: yes).
    """
    p = Path(os.path.abspath(path))
    for folder in (p, *p.parents):
        name = folder.name
        if not name or name.swapcase() == name or not folder.is_dir():
            continue
        swapped = folder.with_name(name.swapcase())
        try:
            return swapped.exists() and os.path.samefile(folder, swapped)
        except OSError:
            break
    return sys.platform in ("win32", "darwin")


def _key(path: PathLike, case_insensitive: bool) -> str:
    resolved = os.path.realpath(os.path.abspath(path))
    if case_insensitive:
        return unicodedata.normalize("NFC", resolved).casefold()
    return resolved


def same_file(a: PathLike, b: PathLike, *, case_insensitive: bool | None = None) -> bool:
    """Whether paths ``a`` and ``b`` name the same file (see the module docstring)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    if case_insensitive is None:
        case_insensitive = is_case_insensitive(Path(a).parent)
    return _key(a, case_insensitive) == _key(b, case_insensitive)


def refuse_output_onto_inputs(
    output: PathLike | None,
    inputs: Iterable[PathLike | None],
    *,
    case_insensitive: bool | None = None,
) -> None:
    """Raise :class:`InputError` (code ``export_overwrites_input``) naming both files
    when ``output`` is the same file as one of ``inputs``.

    ``None`` and ``"-"`` (standard output) are never files and pass.
    ``case_insensitive``: None detects it on the output's folder
    (:func:`is_case_insensitive`); True/False force it (tests).
    """
    if output is None or str(output) in ("", "-"):
        return
    if case_insensitive is None:
        case_insensitive = is_case_insensitive(Path(output).parent)
    for source in inputs:
        if source is None or str(source) in ("", "-"):
            continue
        if not same_file(output, source, case_insensitive=case_insensitive):
            continue
        out, src = str(output), str(source)
        raise InputError(
            [
                error(
                    "export_overwrites_input",
                    f"The output '{out}' is the same file as the input '{src}': writing it would "
                    "replace your data, and the workbench never changes its inputs. Choose "
                    "another name for the output.",
                    f"출력 파일 {josa(out, '은', quoted=True)} 입력 파일 {josa(src, '과', quoted=True)} "
                    "같은 파일입니다. "
                    "그대로 쓰면 원본 데이터가 지워지므로 쓰지 않았습니다(워크벤치는 입력 파일을 "
                    "바꾸지 않습니다). 출력 파일의 이름을 다르게 정하세요.",
                    file=Path(out).name,
                )
            ]
        )
