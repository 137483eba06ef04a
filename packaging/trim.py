"""What the bundle leaves out: parts of Qt and Python the workbench never uses.

Used by workbench.spec after PyInstaller's analysis. Every rule here is a
decision on a file's destination name in the bundle, so it can be tested
without building (tests/core/test_packaging.py):

- Qt plugins: only the kinds the app needs, and of the platform and image
  plugins only the ones it uses (:data:`QT_PLUGINS`).
- Qt's translations: only ``qtbase_ko`` (Korean for Qt's own dialogs and
  buttons; English needs no catalogue); the other 98 catalogues are for
  other languages and for Qt tools (Designer, Assistant, Linguist …).
- Python modules: :data:`EXCLUDED_MODULES` are never imported by the app,
  and :func:`modules_outside` keeps out every installed distribution that
  the app does not require (the test and build tools in the same
  environment, which its dependencies would import if present), so the
  bundle is the same whether built in a bare or a developer's environment.
- Shared libraries: :func:`orphaned_libraries` drops a library once every
  binary that links it has been dropped (a library nothing links is kept,
  as it may be loaded by name at run time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import PurePath

#: Python modules the app never imports (PyInstaller's analysis finds them
#: through optional imports of its dependencies).
EXCLUDED_MODULES = [
    "tkinter",
    "matplotlib",
    "IPython",
    "pytest",
    "hypothesis",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "torch",
    # Qt modules the app does not use (pyqtgraph imports QtTest only if present)
    "PySide6.QtNetwork",
    "PySide6.QtTest",
    "PySide6.QtDBus",
    # no network, no database, no interactive prompt
    "ssl",
    "sqlite3",
    "readline",
]

#: Qt plugin kinds kept, and for some kinds the plugins kept (None = all of that kind).
QT_PLUGINS: dict[str, set[str] | None] = {
    # offscreen: smoke test and screenshots; xcb: Linux desktops (also under
    # Wayland, through XWayland); windows, cocoa: the two desktop systems
    "platforms": {"offscreen", "xcb", "windows", "cocoa"},
    # typing Korean on Linux goes through an input method (ibus, compose)
    "platforminputcontexts": None,
    # native file dialogs on Linux desktops through the XDG portal
    "platformthemes": {"xdgdesktopportal"},
    # the toolbar and page icons are SVG files
    "iconengines": {"svgicon"},
    # PNG is built into QtGui; SVG for icons, ICO/ICNS for the window icon
    "imageformats": {"svg", "ico", "icns"},
    # the native widget style on Windows and macOS
    "styles": None,
    # xcb's OpenGL glue, loaded at start by the xcb platform plugin
    "xcbglintegrations": None,
}

#: Qt's own translation catalogues that are kept.
QT_TRANSLATIONS = {"qtbase_ko.qm"}

_PLUGIN_STEM = re.compile(r"^(?:lib)?q?(?P<name>.+?)(?:\.dll|\.dylib|\.so)$")


def modules_outside(required: set[str], top_level: Mapping[str, list[str]]) -> list[str]:
    """Top-level modules that only distributions outside ``required`` provide.

    ``required``: canonical distribution names; ``top_level``: module →
    providing distributions (``importlib.metadata.packages_distributions()``).
    """
    return sorted(
        module
        for module, providers in top_level.items()
        if module.isidentifier()
        and not any(re.sub(r"[-_.]+", "-", d).lower() in required for d in providers)
    )


def qt_plugin(dest: str) -> tuple[str, str] | None:
    """(kind, name) of a Qt plugin file at ``dest`` in the bundle, else None.

    ``PySide6/Qt/plugins/platforms/libqxcb.so`` → ("platforms", "xcb");
    ``PySide6/plugins/imageformats/qsvg.dll`` → ("imageformats", "svg").
    """
    parts = PurePath(dest.replace("\\", "/")).parts
    if "PySide6" not in parts or "plugins" not in parts:
        return None
    at = parts.index("plugins")
    if len(parts) != at + 3:
        return None
    match = _PLUGIN_STEM.match(parts[at + 2])
    if match is None:
        return None
    return parts[at + 1], match.group("name")


def keep_qt_plugin(dest: str) -> bool:
    """False for a Qt plugin the app never loads (see :data:`QT_PLUGINS`)."""
    found = qt_plugin(dest)
    if found is None:
        return True
    kind, name = found
    if kind not in QT_PLUGINS:
        return False
    wanted = QT_PLUGINS[kind]
    return wanted is None or name in wanted


def keep_translation(dest: str) -> bool:
    """False for a Qt translation catalogue other than :data:`QT_TRANSLATIONS`."""
    path = PurePath(dest.replace("\\", "/"))
    if "PySide6" not in path.parts or "translations" not in path.parts:
        return True
    return path.suffix != ".qm" or path.name in QT_TRANSLATIONS


def orphaned_libraries(
    binaries: Iterable[tuple[str, str]],
    dropped: set[str],
    imports_of: Callable[[str], Iterable[str]],
    roots: Callable[[str], bool],
) -> set[str]:
    """Destinations of libraries only the ``dropped`` binaries link.

    ``binaries`` are (destination, source) pairs; ``imports_of(source)``
    gives the names a binary links (base names compared); ``roots(dest)``
    is True for binaries loaded by the app itself (Python extension modules,
    Qt plugins), which are never dropped here. A library linked by nothing
    is kept. Repeated until nothing more can go.
    """
    entries = list(binaries)
    by_name: dict[str, list[str]] = {}
    for dest, _ in entries:
        by_name.setdefault(PurePath(dest.replace("\\", "/")).name, []).append(dest)
    users: dict[str, set[str]] = {dest: set() for dest, _ in entries}
    for dest, source in entries:
        for name in imports_of(source):
            for target in by_name.get(PurePath(name.replace("\\", "/")).name, []):
                if target != dest:
                    users[target].add(dest)
    gone = set(dropped)
    while True:
        more = {
            dest
            for dest, _ in entries
            if dest not in gone and not roots(dest) and users[dest] and users[dest] <= gone
        }
        if not more:
            return gone - set(dropped)
        gone |= more
