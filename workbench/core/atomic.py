"""Atomic file writing: a crash or a cancel never leaves half a file behind.

Every file the workbench writes goes through :func:`atomic_write`: the writer
fills a temporary file *in the same folder* as the target (so the final
``os.replace`` is a rename on one file system, atomic on Windows and POSIX),
and the temporary file is removed on any exception — including
:class:`~workbench.core.cancel.Cancelled` and ``KeyboardInterrupt``. The
previous version of the target, if any, stays untouched until the rename.

A target that Excel holds open is detected two ways, because the platforms
differ: Excel writes an owner file ``~$<name>`` next to an open workbook
(seen on every platform, also from a network share), and on Windows the
rename itself fails with ``PermissionError``. Both become a
:class:`LockedFileError` with a Korean and English message a user can act on.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from workbench.core.problems import InputError, error

__all__ = [
    "LockedFileError",
    "atomic_write",
    "atomic_write_bytes",
    "atomic_write_text",
    "excel_lock_file",
    "temp_path_for",
]

#: Windows may refuse a rename for a moment while a virus scanner or the
#: search indexer has the fresh file open; retry briefly before giving up.
_REPLACE_RETRIES = 5
_REPLACE_DELAY_S = 0.1


class LockedFileError(InputError):
    """The target cannot be written: it is open in Excel (or another program),
    or its folder is not writable.

    ``reason`` is ``"locked"`` (open elsewhere / Excel owner file present) or
    ``"not_writable"`` (no permission to create a file in the folder).
    A subclass of :class:`InputError`, so the CLI and the UI show its
    bilingual message like any other problem (never a traceback).
    """

    def __init__(self, path: str | os.PathLike[str], reason: str = "locked") -> None:
        self.path = Path(path)
        self.reason = reason
        name = self.path.name
        if reason == "not_writable":
            problem = error(
                "file_not_writable",
                f"Cannot save '{name}': the folder '{self.path.parent}' cannot be written to. "
                "Choose another folder (for example your Documents folder) and save again.",
                f"'{name}' 파일을 저장할 수 없습니다. '{self.path.parent}' 폴더에 쓸 권한이 "
                "없습니다. 다른 폴더(예: 문서 폴더)를 골라 다시 저장하세요.",
                file=name,
            )
        else:
            problem = error(
                "file_locked",
                f"Cannot save '{name}': the file is open in Excel or another program. "
                "Close it there and save again, or save under another name. "
                f"(If Excel is not running, delete the leftover file '~${name}' in the same folder.)",
                f"'{name}' 파일을 저장할 수 없습니다. Excel이나 다른 프로그램에서 이 파일이 열려 "
                "있습니다. 그 프로그램에서 파일을 닫은 뒤 다시 저장하거나 다른 이름으로 저장하세요. "
                f"(Excel을 쓰고 있지 않다면 같은 폴더에 남은 '~${name}' 파일을 지우세요.)",
                file=name,
            )
        super().__init__([problem])

    def message(self, lang: str = "ko") -> str:
        """The message alone, in ``lang`` ("ko" or "en")."""
        return self.problems[0].text(lang)


def excel_lock_file(path: str | os.PathLike[str]) -> Path:
    """The owner file Excel creates next to an open workbook: ``~$<name>``."""
    p = Path(path)
    return p.with_name("~$" + p.name)


def temp_path_for(path: str | os.PathLike[str]) -> Path:
    """A fresh hidden temporary name next to ``path``, keeping its suffix
    (some writers pick the format from the suffix)."""
    p = Path(path)
    return p.with_name(f".{p.stem}.{secrets.token_hex(6)}.tmp{p.suffix}")


def _replace(src: Path, dst: Path) -> None:
    for attempt in range(_REPLACE_RETRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == _REPLACE_RETRIES - 1:
                raise
            time.sleep(_REPLACE_DELAY_S)


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:  # pragma: no cover - best effort; the original error matters more
        pass


def atomic_write(
    path: str | os.PathLike[str], writer_fn: Callable[[Path], object], *, check_lock: bool = True
) -> Path:
    """Write ``path`` atomically: ``writer_fn(tmp_path)`` fills a temporary
    file in the same folder, which then replaces ``path`` with ``os.replace``.

    - On any exception raised by ``writer_fn`` (or by the rename) the
      temporary file is removed and the exception propagates; ``path`` is
      left exactly as it was.
    - :class:`LockedFileError` (``reason="locked"``) when Excel's owner file
      ``~$<name>`` exists next to ``path`` (checked before any work when
      ``check_lock``) or when the rename fails with ``PermissionError``;
      (``reason="not_writable"``) when the folder refuses new files.
    - The temporary file is created empty (honouring the umask, unlike
      ``mkstemp``'s 0600) before ``writer_fn`` runs; writers may overwrite it.

    Returns the final path.
    """
    target = Path(path)
    if check_lock and excel_lock_file(target).exists():
        raise LockedFileError(target, "locked")
    tmp = temp_path_for(target)
    try:
        with open(tmp, "xb"):
            pass
    except PermissionError as exc:
        raise LockedFileError(target, "not_writable") from exc
    try:
        writer_fn(tmp)
        # flush to disk before the rename, so a power cut cannot leave an empty report
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        try:
            _replace(tmp, target)
        except PermissionError as exc:
            raise LockedFileError(target, "locked") from exc
    except BaseException:
        _remove_quietly(tmp)
        raise
    return target


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_write`)."""

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    return atomic_write(path, write)


def atomic_write_text(
    path: str | os.PathLike[str], text: str, encoding: str = "utf-8", newline: str | None = None
) -> Path:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_write`)."""

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding=encoding, newline=newline) as handle:
            handle.write(text)

    return atomic_write(path, write)
