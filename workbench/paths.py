"""Where things are: bundled resources, and the user's folders on each operating system.

The functions for the user's folders take the platform (``sys.platform``
values: "win32", "darwin", "linux"), the environment and the home folder as
parameters, so the Windows and macOS rules are tested on any machine. Paths
are returned as strings in that platform's syntax (``ntpath`` for Windows,
``posixpath`` otherwise).
"""

from __future__ import annotations

import ntpath
import os
import posixpath
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

#: The longest path Windows opens without the ``\\?\`` prefix (MAX_PATH, 260,
#: counts the terminating NUL).
WINDOWS_MAX_PATH = 259

_LONG_PREFIX = "\\\\?\\"
_LONG_UNC_PREFIX = "\\\\?\\UNC\\"


def resources_dir() -> Path:
    """The top-level ``resources/`` folder (demo data, templates, translations, icons):
    the bundle's, a wheel's copy inside the package (``pip install .`` without
    ``-e``, see setup.py), else the checkout's."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    package = Path(__file__).resolve().parent
    installed = package / "_resources"
    if installed.is_dir():
        return installed
    return package.parent / "resources"


def demo_dir() -> Path:
    return resources_dir() / "demo"


def translations_dir() -> Path:
    return resources_dir() / "translations"


def _path_module(platform: str):
    return ntpath if platform == "win32" else posixpath


def _home(platform: str, env: Mapping[str, str], home: str | os.PathLike[str] | None) -> str:
    if home is not None:
        return os.fspath(home)
    if platform == "win32":
        return env.get("USERPROFILE") or str(Path.home())
    return env.get("HOME") or str(Path.home())


def _xdg_config_home(env: Mapping[str, str], home: str) -> str:
    """``$XDG_CONFIG_HOME`` when it is absolute (the XDG rule), else ``~/.config``."""
    value = env.get("XDG_CONFIG_HOME", "")
    return value if value.startswith("/") else posixpath.join(home, ".config")


def _xdg_user_dir(name: str, env: Mapping[str, str], home: str) -> str | None:
    """``XDG_<name>_DIR`` from the environment or ``user-dirs.dirs`` (xdg-user-dirs).

    The file's values are ``"$HOME/문서"`` or absolute paths; a value equal
    to the home folder means the folder is switched off.
    """
    key = f"XDG_{name}_DIR"
    value = env.get(key)
    if value is None:
        config = Path(_xdg_config_home(env, home)) / "user-dirs.dirs"
        try:
            text = config.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        match = re.search(rf'^\s*{key}="([^"]*)"', text, re.M)
        if match is None:
            return None
        value = match.group(1)
    if value.startswith("$HOME"):
        value = home + value[len("$HOME") :]
    value = value.rstrip("/") or "/"
    if not value.startswith("/") or value == home.rstrip("/"):
        return None
    return value


def documents_dir(
    platform: str = sys.platform,
    env: Mapping[str, str] = os.environ,
    home: str | os.PathLike[str] | None = None,
    is_dir: Callable[[str], bool] = os.path.isdir,
) -> str:
    """The user's documents folder: where file dialogs start the first time.

    - Windows: ``%USERPROFILE%\\Documents``; else ``%OneDrive%\\Documents``
      (OneDrive's folder backup moves it there).
    - macOS: ``~/Documents``.
    - Linux and others: ``XDG_DOCUMENTS_DIR`` (environment, else
      ``user-dirs.dirs`` — on a Korean desktop typically ``~/문서``), else
      ``~/Documents``.

    The first candidate that is a folder wins; when none is, the home folder.
    """
    home_dir = _home(platform, env, home)
    join = _path_module(platform).join
    if platform == "win32":
        candidates = [join(home_dir, "Documents")]
        if env.get("OneDrive"):
            candidates.append(join(env["OneDrive"], "Documents"))
    elif platform == "darwin":
        candidates = [join(home_dir, "Documents")]
    else:
        xdg = _xdg_user_dir("DOCUMENTS", env, home_dir)
        candidates = [c for c in (xdg, join(home_dir, "Documents")) if c]
    for candidate in candidates:
        if is_dir(candidate):
            return candidate
    return home_dir


def settings_file(
    organization: str,
    application: str,
    platform: str = sys.platform,
    env: Mapping[str, str] = os.environ,
    home: str | os.PathLike[str] | None = None,
) -> str:
    """The INI file of the user's settings — where Qt's ``QSettings(IniFormat,
    UserScope, organization, application)`` keeps it, so settings written by
    earlier versions are found:

    - Windows: ``%APPDATA%\\<organization>\\<application>.ini`` (the roaming
      profile; ``~\\AppData\\Roaming`` when APPDATA is unset).
    - macOS and Linux: ``$XDG_CONFIG_HOME/<organization>/<application>.ini``,
      ``~/.config/…`` when XDG_CONFIG_HOME is unset or not absolute.
    """
    home_dir = _home(platform, env, home)
    if platform == "win32":
        base = env.get("APPDATA") or ntpath.join(home_dir, "AppData", "Roaming")
        return ntpath.join(base, organization, f"{application}.ini")
    return posixpath.join(_xdg_config_home(env, home_dir), organization, f"{application}.ini")


def _is_inside(path: str, folder: str, platform: str) -> bool:
    mod = _path_module(platform)
    # Windows and macOS file systems ignore case by default
    fold = platform in ("win32", "darwin")

    def norm(p: str) -> str:
        p = unicodedata.normalize("NFC", mod.normpath(p))
        return p.casefold() if fold else p

    p, f = norm(path), norm(folder)
    try:
        return mod.commonpath([p, f]) == f
    except ValueError:  # another drive
        return False


def start_dir(
    last_directory: str,
    documents: str,
    program_dirs: Iterable[str],
    platform: str = sys.platform,
    is_dir: Callable[[str], bool] = os.path.isdir,
) -> str:
    """Where a file dialog opens: the folder used last, else the documents folder.

    The last folder is skipped when it no longer exists, or lies inside the
    program's own folders (``program_dirs``: after opening the demo, the
    next dialog must not start among the program's files).
    """
    if last_directory and is_dir(last_directory):
        if not any(_is_inside(last_directory, d, platform) for d in program_dirs):
            return last_directory
    return documents


def program_dirs() -> list[str]:
    """The folders the program itself lives in (never a place for the user's files).

    From source: the checkout (the folder holding ``resources/``). In a
    bundle: also the executable's folder and, on macOS, the ``.app``.
    """
    dirs = [str(resources_dir().parent)]
    if getattr(sys, "frozen", False):
        executable = Path(sys.executable).resolve()
        dirs.append(str(executable.parent))
        dirs += [str(p) for p in executable.parents if p.suffix == ".app"]
    return dirs


def plain_path(path: str, max_length: int = WINDOWS_MAX_PATH) -> str:
    """``path`` without Windows' ``\\\\?\\`` prefix when it is not needed.

    ``Path.resolve()`` on Windows may return ``\\\\?\\C:\\…`` (or
    ``\\\\?\\UNC\\server\\share\\…``); such a path shows oddly, and is on
    "another drive" for ``os.path.relpath`` against a plain path. Up to
    ``max_length`` (259) characters a path works without the prefix, so
    there it is removed; longer paths keep it, as only the prefix reaches them.
    """
    if path.startswith(_LONG_UNC_PREFIX):
        plain = "\\\\" + path[len(_LONG_UNC_PREFIX) :]
    elif path.startswith(_LONG_PREFIX):
        plain = path[len(_LONG_PREFIX) :]
    else:
        return path
    return plain if len(plain) <= max_length else path


def existing_variant(path: str | os.PathLike[str]) -> Path:
    """``path``, or its NFC or NFD spelling when only that one exists.

    macOS hands out file names in NFD (decomposed Hangul); a project saved
    there and opened where the same folders are spelled NFC (or the other
    way round) still finds its files. Returns ``path`` unchanged when no
    spelling exists.
    """
    original = Path(path)
    if original.exists():
        return original
    for form in ("NFC", "NFD"):
        variant = Path(unicodedata.normalize(form, str(original)))
        if variant.exists():
            return variant
    return original


def dialog_start_dir(last_directory: str) -> str:
    """:func:`start_dir` for this machine: the last folder, else the documents folder."""
    return start_dir(last_directory, documents_dir(), program_dirs())
