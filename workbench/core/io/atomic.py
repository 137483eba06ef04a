"""Atomic file writing: a crash or a cancel never leaves half a file behind.

Every file the workbench writes goes through :func:`atomic_write`: the writer
fills a temporary file *in the same folder* as the target (so the final
``os.replace`` is a rename on one file system, atomic on Windows and POSIX),
and the temporary file is removed on any exception — including
:class:`~workbench.core.model.cancel.Cancelled` and ``KeyboardInterrupt``. The
previous version of the target, if any, stays untouched until the rename.

A target that Excel holds open is detected two ways, because the platforms
differ: Excel writes an owner file ``~$<name>`` next to an open workbook
(seen on every platform, also from a network share), and on Windows the
rename itself fails with ``PermissionError``. Both become a
:class:`LockedFileError` with a Korean and English message a user can act on.

Every other OS error of a save becomes a :class:`SaveError` naming the
user's path (never the temporary name) and what to do: the target is a
folder, the folder does not exist, the drive is read-only or full, the name
is too long, permission is denied. Both are :class:`InputError`, so the
command line exits 3 and the app shows a dialog.

Temporary names are short and follow one pattern, ``.~wb-<8 hex>.<suffix>``
(:data:`TEMP_NAME`), so a long legal file name never becomes too long once
the temporary name is built from it, and the leftovers of a killed write
can be recognised: :func:`sweep_stale_temporaries` removes them from a
folder; every save calls it for its own folder, and the app calls it at
start-up. A write holds its temporary file for as long as it runs (an
exclusive ``flock`` on POSIX; on Windows its open handle, which keeps the
file from being deleted), so a temporary nobody holds is a killed write's
and goes at once, while another program's write in progress is left alone;
a temporary older than :data:`STALE_AFTER_S` goes in any case (a file
system without locks).

Workbooks are saved with :func:`save_workbook`, which on a failed write
(a full disk) closes the zip archive without writing to it again, so the
clear message is not followed by Python's "Exception ignored" traceback
from the archive closed at exit.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from workbench.core.model.problems import InputError, error

__all__ = [
    "STALE_AFTER_S",
    "TEMP_NAME",
    "LockedFileError",
    "SaveError",
    "atomic_write",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_writable",
    "excel_lock_file",
    "is_workbench_temporary",
    "save_error",
    "save_workbook",
    "sweep_stale_temporaries",
    "temp_path_for",
]

#: The workbench's temporary files: ``.~wb-`` + 8 hex digits + the target's suffix.
TEMP_NAME = re.compile(r"\.~wb-[0-9a-f]{8}(\.[A-Za-z0-9_-]{1,16})?")
#: Temporary names of earlier versions (atomic writer, project, templates, charts),
#: swept too: ``.<stem>.<12 hex>.tmp<suffix>``, ``.~<8>.wbproj``, ``.~tmp-<8>.xlsx``,
#: ``.chart-<8>.png``.
_LEGACY_TEMP_NAMES = (
    re.compile(r"\..+\.[0-9a-f]{12}\.tmp(\.[A-Za-z0-9_-]{1,16})?"),
    re.compile(r"\.~[a-z0-9_]{8}\.wbproj"),
    re.compile(r"\.~tmp-[a-z0-9_]{8}\.xlsx"),
    re.compile(r"\.chart-[a-z0-9_]{8}\.(png|svg)"),
)
#: A temporary file older than this is a leftover of a killed write (a save
#: takes seconds to a few minutes; a second app writing into the same folder
#: must not lose its file).
STALE_AFTER_S = 3600.0

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


class SaveError(InputError):
    """A save failed for a reason the user can fix; ``reason`` says which.

    ``reason``: ``"is_folder"``, ``"no_folder"``, ``"read_only"``,
    ``"disk_full"``, ``"name_too_long"``, ``"permission"`` or ``"os_error"``.
    The message names the user's path, never the temporary file.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, detail: str = "") -> None:
        self.path = Path(path)
        self.reason = reason
        en, ko = _SAVE_MESSAGES[reason]
        where = dict(path=str(self.path), folder=str(self.path.parent), detail=detail)
        super().__init__(
            [error(f"save_{reason}", en.format(**where), ko.format(**where), file=self.path.name)]
        )

    def message(self, lang: str = "ko") -> str:
        """The message alone, in ``lang`` ("ko" or "en")."""
        return self.problems[0].text(lang)


_SAVE_MESSAGES = {
    "is_folder": (
        "Cannot save '{path}': that is a folder, not a file name. Choose a file name inside "
        "the folder (for example report.xlsx) and save again.",
        "'{path}'에 저장할 수 없습니다. 파일 이름이 아니라 폴더입니다. 그 폴더 안의 파일 이름"
        "(예: report.xlsx)을 정해 다시 저장하세요.",
    ),
    "no_folder": (
        "Cannot save '{path}': the folder '{folder}' does not exist (or part of its path is "
        "a file). Create the folder first, or choose an existing one, and save again.",
        "'{path}'에 저장할 수 없습니다. '{folder}' 폴더가 없습니다(또는 경로 중간이 폴더가 아니라 "
        "파일입니다). 폴더를 먼저 만들거나 있는 폴더를 골라 다시 저장하세요.",
    ),
    "read_only": (
        "Cannot save '{path}': the drive or folder is read-only (a CD, a write-protected USB "
        "stick, or a folder shared for reading only). Save to another folder, for example your "
        "Documents folder.",
        "'{path}'에 저장할 수 없습니다. 드라이브나 폴더가 읽기 전용입니다(CD, 쓰기 방지된 USB, "
        "읽기 전용 공유 폴더 등). 다른 폴더(예: 문서 폴더)에 저장하세요.",
    ),
    "disk_full": (
        "Cannot save '{path}': the disk is full. Free some space (empty the recycle bin, delete "
        "files you no longer need) or save to another drive, then save again. The previous "
        "version of the file, if any, is unchanged.",
        "'{path}'에 저장할 수 없습니다. 디스크 공간이 가득 찼습니다. 휴지통을 비우거나 필요 없는 "
        "파일을 지워 공간을 만들거나 다른 드라이브에 저장한 뒤 다시 저장하세요. 이전 파일이 있었다면 "
        "그대로 남아 있습니다.",
    ),
    "name_too_long": (
        "Cannot save '{path}': the file name (or the whole path) is too long for this drive. "
        "Choose a shorter name, or a folder closer to the top of the drive, and save again.",
        "'{path}'에 저장할 수 없습니다. 파일 이름(또는 전체 경로)이 이 드라이브에서 쓰기에 너무 "
        "깁니다. 더 짧은 이름이나 드라이브 위쪽에 가까운 폴더를 골라 다시 저장하세요.",
    ),
    "permission": (
        "Cannot save '{path}': you do not have permission to write there. Choose another "
        "folder (for example your Documents folder) and save again.",
        "'{path}'에 저장할 수 없습니다. 그곳에 쓸 권한이 없습니다. 다른 폴더(예: 문서 폴더)를 "
        "골라 다시 저장하세요.",
    ),
    "os_error": (
        "Cannot save '{path}' ({detail}). Choose another folder or drive and save again.",
        "'{path}'에 저장할 수 없습니다({detail}). 다른 폴더나 드라이브를 골라 다시 저장하세요.",
    ),
}

_REASONS = {
    errno.ENOSPC: "disk_full",
    errno.EROFS: "read_only",
    errno.ENAMETOOLONG: "name_too_long",
    errno.EISDIR: "is_folder",
    errno.ENOENT: "no_folder",
    errno.ENOTDIR: "no_folder",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
}
if hasattr(errno, "EDQUOT"):  # a user quota is full: the same for the user
    _REASONS[errno.EDQUOT] = "disk_full"


def save_error(path: str | os.PathLike[str], exc: OSError) -> SaveError:
    """The :class:`SaveError` for an OS error met while saving ``path``."""
    target = Path(path)
    reason = _REASONS.get(exc.errno or -1)
    winerror = getattr(exc, "winerror", None)
    if winerror in (112, 39):  # ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL
        reason = "disk_full"
    elif winerror == 206:  # ERROR_FILENAME_EXCED_RANGE
        reason = "name_too_long"
    elif winerror == 19:  # ERROR_WRITE_PROTECT
        reason = "read_only"
    if reason == "no_folder" and target.parent.is_dir():
        reason = "os_error"  # ENOENT with the folder there: say what the system said
    if reason in ("permission", "no_folder", "os_error") and target.is_dir():
        reason = "is_folder"  # Windows refuses to replace a folder with EACCES
    return SaveError(target, reason or "os_error", exc.strerror or str(exc))


def excel_lock_file(path: str | os.PathLike[str]) -> Path:
    """The owner file Excel creates next to an open workbook: ``~$<name>``."""
    p = Path(path)
    return p.with_name("~$" + p.name)


def temp_path_for(path: str | os.PathLike[str]) -> Path:
    """A fresh, short, hidden temporary name next to ``path`` (:data:`TEMP_NAME`),
    keeping its suffix (some writers pick the format from the suffix)."""
    p = Path(path)
    suffix = p.suffix if re.fullmatch(r"\.[A-Za-z0-9_-]{1,16}", p.suffix) else ""
    return p.with_name(f".~wb-{secrets.token_hex(4)}{suffix}")


def is_workbench_temporary(name: str) -> bool:
    """Whether a file name is one of the workbench's temporary names (this or an
    earlier version's), and nothing else."""
    return bool(TEMP_NAME.fullmatch(name)) or any(p.fullmatch(name) for p in _LEGACY_TEMP_NAMES)


def sweep_stale_temporaries(
    folder: str | os.PathLike[str], *, older_than: float = STALE_AFTER_S
) -> list[Path]:
    """Remove the leftovers of killed writes from ``folder``; returns what was removed.

    Only regular files whose name is one of the workbench's temporary names
    (:func:`is_workbench_temporary`) that no running write holds (see the
    module doc), or that were last modified more than ``older_than`` seconds
    ago; never a folder, a link or anything else.
    Best effort: a folder that cannot be listed, or a file that cannot be
    removed, is left as it is.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not is_workbench_temporary(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
            elif not _unlink_if_unheld(entry.path):
                continue
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _hold(handle: IO[bytes]) -> None:
    """Mark the temporary file open in ``handle`` as being written (see the
    module doc). Best effort: where locks are not supported the file is
    only swept once it is old."""
    if fcntl is None:  # Windows: the open handle itself keeps the file
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pass


def _unlink_if_unheld(path: str) -> bool:
    """Remove the temporary ``path`` when no running write holds it; whether it
    was removed."""
    if fcntl is None:
        # Windows refuses to delete a file a write still has open
        try:
            os.unlink(path)
        except OSError:
            return False
        return True
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held by a write in progress (or locks unsupported)
            return False
        os.unlink(path)
        return True
    finally:
        os.close(fd)


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


def check_writable(path: str | os.PathLike[str], *, check_lock: bool = True) -> None:
    """Refuse early what :func:`atomic_write` would refuse at the end: ``path`` is a
    folder, its folder is missing, Excel holds it open (``check_lock``), or the
    system rejects the name (too long). Call it before minutes of work."""
    target = Path(path)
    try:
        if target.is_dir():
            raise SaveError(target, "is_folder")
        if check_lock and excel_lock_file(target).exists():
            raise LockedFileError(target, "locked")
        if not target.parent.is_dir():
            raise SaveError(target, "no_folder")
    except OSError as exc:  # e.g. ENAMETOOLONG from the checks themselves
        raise save_error(target, exc) from exc


def _is_special_file(target: Path) -> bool:
    """A device, pipe or socket (``/dev/null``, ``/dev/stdout``, a FIFO): renaming a
    file over it would replace the device itself, so it is written to in place."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _write_through(target: Path, writer_fn: Callable[[Path], object]) -> Path:
    """``writer_fn`` fills a temporary file in the system's temporary folder, whose
    bytes are then written into the special file ``target`` (atomicity means
    nothing for a device or a pipe)."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="wb-") as folder:
        tmp = Path(folder) / f"out{target.suffix}"
        tmp.touch()
        writer_fn(tmp)
        try:
            with open(tmp, "rb") as source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink)
        except OSError as exc:
            raise save_error(target, exc) from exc
    return target


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
    - :class:`SaveError` for every other OS error (a folder as target, a
      missing folder, a read-only or full drive, a name too long), raised
      from the original error and naming ``path``.
    - The temporary file is created empty (honouring the umask, unlike
      ``mkstemp``'s 0600) before ``writer_fn`` runs; writers may overwrite it.
    - Leftover temporaries of killed writes in the folder are swept first
      (:func:`sweep_stale_temporaries`).
    - A device, pipe or socket as ``path`` (``/dev/null``, ``/dev/stdout``) is
      written to in place: renaming over it would replace the device itself.

    Returns the final path.
    """
    target = Path(path)
    if _is_special_file(target):
        return _write_through(target, writer_fn)
    check_writable(target, check_lock=check_lock)
    sweep_stale_temporaries(target.parent)
    tmp = temp_path_for(target)
    try:
        holder = open(tmp, "xb")
    except PermissionError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, None):
            raise LockedFileError(target, "not_writable") from exc
        raise save_error(target, exc) from exc
    except OSError as exc:
        raise save_error(target, exc) from exc
    try:
        _hold(holder)
        try:
            writer_fn(tmp)
            # flush to disk before the rename, so a power cut cannot leave an empty report
            with open(tmp, "rb+") as handle:
                os.fsync(handle.fileno())
            if fcntl is None:
                holder.close()  # Windows renames no file that is open
            try:
                _replace(tmp, target)
            except PermissionError as exc:
                if target.is_dir():
                    raise SaveError(target, "is_folder") from exc
                raise LockedFileError(target, "locked") from exc
        except InputError:
            raise
        except OSError as exc:
            raise save_error(target, exc) from exc
    except BaseException:
        holder.close()
        _remove_quietly(tmp)
        raise
    holder.close()
    return target


def save_workbook(workbook: Any, path: str | os.PathLike[str]) -> None:
    """Save the openpyxl ``workbook`` to ``path`` (what ``workbook.save`` does),
    closing the zip archive cleanly when a write fails: openpyxl leaves it
    open, and closing it at exit writes to the full disk again and prints
    "Exception ignored … OSError" after the user's message."""
    import datetime
    from zipfile import ZIP_DEFLATED, ZipFile

    from openpyxl.writer.excel import ExcelWriter

    handle = open(path, "wb")
    try:
        archive = ZipFile(handle, "w", ZIP_DEFLATED, allowZip64=True)
        try:
            now = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)
            workbook.properties.modified = now
            ExcelWriter(workbook, archive).save()
        except BaseException:
            # the file is thrown away: nothing more is written into it
            archive.fp = None
            raise
        handle.close()
    except BaseException:
        try:
            handle.close()  # closes the file even when its last flush fails
        except OSError:
            pass
        raise


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
