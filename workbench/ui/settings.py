"""The user's preferences. The ONLY module that touches :class:`QSettings`.

Everything is stored in an INI file in the user's configuration folder (the
same format on every OS, so a file can be inspected or deleted by hand); the
file's place per OS is :func:`workbench.paths.settings_file`.
Getters are typed and forgiving: a missing or garbled value gives the default.
``settings_version`` lets a later release migrate old keys (see
:meth:`Settings._migrate`).

Tests point the INI folder at a temporary directory with
:func:`use_settings_dir` before creating any :class:`Settings`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QSettings

from workbench.paths import plain_path, settings_file

ORGANIZATION = "RetrievalWorkbench"
APPLICATION = "Workbench"
SETTINGS_VERSION = 1
MAX_RECENT = 10

Language = Literal["ko", "en"]
FontSize = Literal["normal", "large", "very_large"]
FONT_SIZES: tuple[FontSize, ...] = ("normal", "large", "very_large")


_settings_dir: str | None = None


def use_settings_dir(directory: str | os.PathLike[str]) -> None:
    """Store settings under ``directory`` (tests, portable installs)."""
    global _settings_dir
    _settings_dir = str(directory)


def settings_path() -> str:
    """The INI file in use: under :func:`use_settings_dir`'s folder, else the OS's place."""
    if _settings_dir is not None:
        return os.path.join(_settings_dir, ORGANIZATION, f"{APPLICATION}.ini")
    return settings_file(ORGANIZATION, APPLICATION)


class Settings:
    """Typed access to the stored preferences."""

    def __init__(self) -> None:
        self._q = QSettings(settings_path(), QSettings.Format.IniFormat)
        self._migrate()

    # -- plumbing ---------------------------------------------------------------
    def _migrate(self) -> None:
        stored = self._int("settings_version", 0)
        if stored == SETTINGS_VERSION:
            return
        # version 0 = a fresh file; later versions add their key renames here,
        # one step per version, so any old file reaches the current shape.
        self._q.setValue("settings_version", SETTINGS_VERSION)

    def _str(self, key: str, default: str = "") -> str:
        value = self._q.value(key, default)
        return value if isinstance(value, str) else default

    def _int(self, key: str, default: int) -> int:
        try:
            return int(self._q.value(key, default))
        except (TypeError, ValueError):
            return default

    def _json(self, key: str, default):
        raw = self._q.value(key)
        if not isinstance(raw, str):
            return default
        try:
            return json.loads(raw)
        except ValueError:
            return default

    def sync(self) -> None:
        self._q.sync()

    def file_name(self) -> str:
        return self._q.fileName()

    @property
    def version(self) -> int:
        return self._int("settings_version", 0)

    # -- language and font --------------------------------------------------------
    @property
    def language(self) -> Language | None:
        """The chosen UI language, or None to follow the system."""
        value = self._str("ui/language")
        return value if value in ("ko", "en") else None  # type: ignore[return-value]

    @language.setter
    def language(self, value: Language | None) -> None:
        if value is None:
            self._q.remove("ui/language")
        else:
            self._q.setValue("ui/language", value)

    @property
    def font_size(self) -> FontSize:
        value = self._str("ui/font_size", "normal")
        return value if value in FONT_SIZES else "normal"  # type: ignore[return-value]

    @font_size.setter
    def font_size(self, value: FontSize) -> None:
        if value not in FONT_SIZES:
            raise ValueError(value)
        self._q.setValue("ui/font_size", value)

    # -- files ------------------------------------------------------------------
    @property
    def recent_files(self) -> list[str]:
        value = self._json("files/recent", [])
        return [str(v) for v in value if isinstance(v, str)][:MAX_RECENT]

    def add_recent_file(self, path: str | os.PathLike[str]) -> list[str]:
        absolute = plain_path(str(Path(path).resolve()))
        recent = [p for p in self.recent_files if p != absolute]
        recent.insert(0, absolute)
        recent = recent[:MAX_RECENT]
        self._q.setValue("files/recent", json.dumps(recent, ensure_ascii=False))
        return recent

    def remove_recent_file(self, path: str) -> None:
        recent = [p for p in self.recent_files if p != path]
        self._q.setValue("files/recent", json.dumps(recent, ensure_ascii=False))

    def clear_recent_files(self) -> None:
        self._q.remove("files/recent")

    @property
    def last_project(self) -> str | None:
        return self._str("files/last_project") or None

    @last_project.setter
    def last_project(self, value: str | None) -> None:
        if value:
            self._q.setValue("files/last_project", str(value))
        else:
            self._q.remove("files/last_project")

    @property
    def last_directory(self) -> str:
        return self._str("files/last_directory")

    @last_directory.setter
    def last_directory(self, value: str) -> None:
        self._q.setValue("files/last_directory", plain_path(str(value)))

    # -- remembered column mappings ----------------------------------------------------
    @staticmethod
    def _mapping_key(path: str | os.PathLike[str], sheet: str | None) -> str:
        # a hash, because paths and sheet names hold characters INI keys cannot
        ident = f"{plain_path(str(Path(path).resolve()))}\n{sheet or ''}"
        return "mappings/" + hashlib.sha1(ident.encode("utf-8")).hexdigest()

    def remember_mapping(
        self, path: str | os.PathLike[str], sheet: str | None, mapping: dict
    ) -> None:
        """Remember the confirmed mapping (header → role or None) of one sheet."""
        self._q.setValue(self._mapping_key(path, sheet), json.dumps(mapping, ensure_ascii=False))

    def remembered_mapping(self, path: str | os.PathLike[str], sheet: str | None) -> dict | None:
        value = self._json(self._mapping_key(path, sheet), None)
        return value if isinstance(value, dict) else None

    # -- person -----------------------------------------------------------------------
    @property
    def assessor_name(self) -> str:
        return self._str("user/assessor_name")

    @assessor_name.setter
    def assessor_name(self, value: str) -> None:
        self._q.setValue("user/assessor_name", value.strip())

    # -- window -----------------------------------------------------------------------
    def window_geometry(self) -> bytes | None:
        value = self._q.value("window/geometry")
        return bytes(value) if value is not None and not isinstance(value, str) else None

    def set_window_geometry(self, value: bytes) -> None:
        self._q.setValue("window/geometry", value)

    def splitter_state(self, name: str) -> bytes | None:
        """How the user last divided the splitter ``name`` (``QSplitter.saveState``)."""
        value = self._q.value(f"window/splitters/{name}")
        return bytes(value) if value is not None and not isinstance(value, str) else None

    def set_splitter_state(self, name: str, value: bytes) -> None:
        self._q.setValue(f"window/splitters/{name}", value)
