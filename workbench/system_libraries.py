"""Before Qt starts on Linux: are the system libraries of Qt's X11 (xcb) platform there?

PySide6 brings Qt, but Qt's X11 plugin links libraries a bare desktop may
lack (``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1`` …). Without
them Qt aborts with a message naming one package, sometimes the wrong one.
:func:`missing_packages` tries to load each library the plugin links, and
:func:`install_message` gives the exact ``sudo apt-get install …`` line for
the missing ones only, in Korean and English. The check imports no Qt.

The loader is a parameter (``load(soname) -> bool``), so tests describe any
machine without changing it.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

#: what Qt's xcb platform plugin links (``ldd libqxcb.so``), library → the
#: Debian/Ubuntu package that ships it
XCB_LIBRARIES: tuple[tuple[str, str], ...] = (
    ("libxcb.so.1", "libxcb1"),
    ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-image.so.0", "libxcb-image0"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-randr.so.0", "libxcb-randr0"),
    ("libxcb-render.so.0", "libxcb-render0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxcb-shape.so.0", "libxcb-shape0"),
    ("libxcb-shm.so.0", "libxcb-shm0"),
    ("libxcb-sync.so.1", "libxcb-sync1"),
    ("libxcb-util.so.1", "libxcb-util1"),
    ("libxcb-xfixes.so.0", "libxcb-xfixes0"),
    ("libxcb-xkb.so.1", "libxcb-xkb1"),
    ("libxkbcommon.so.0", "libxkbcommon0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libEGL.so.1", "libegl1"),
    ("libGL.so.1", "libgl1"),
    ("libfontconfig.so.1", "libfontconfig1"),
    ("libdbus-1.so.3", "libdbus-1-3"),
    ("libglib-2.0.so.0", "libglib2.0-0"),
)

#: Qt platforms that do not use X11 (nothing to check)
NOT_X11 = ("offscreen", "minimal", "wayland", "eglfs", "linuxfb", "vnc", "vkkhrdisplay")


def dlopen(soname: str) -> bool:
    """True when the dynamic loader finds and loads ``soname``."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def uses_x11(platform: str = sys.platform, env: Mapping[str, str] = os.environ) -> bool:
    """True when Qt is about to start on X11 (xcb): Linux with a display and no
    other platform chosen by ``QT_QPA_PLATFORM`` or a Wayland session."""
    if not platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "").strip().lower()
    if chosen:
        return not chosen.startswith(NOT_X11)
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE", "").lower() == "wayland":
        return False  # Qt 6 picks Wayland here
    return bool(env.get("DISPLAY"))


def missing_packages(load: Callable[[str], bool] = dlopen) -> list[tuple[str, str]]:
    """(library, package) for each library of :data:`XCB_LIBRARIES` that cannot be loaded."""
    seen: set[str] = set()
    out = []
    for soname, package in XCB_LIBRARIES:
        if package not in seen and not load(soname):
            seen.add(package)
            out.append((soname, package))
    return out


def install_message(missing: list[tuple[str, str]]) -> str:
    """What to tell the user, in Korean then English, with one install command."""
    libraries = ", ".join(soname for soname, _ in missing)
    command = "sudo apt-get install " + " ".join(package for _, package in missing)
    return (
        f"워크벤치 화면을 여는 데 필요한 시스템 라이브러리가 이 컴퓨터에 없습니다: {libraries}\n"
        f"터미널에서 다음 명령으로 설치한 뒤 다시 실행하세요 (Debian/Ubuntu):\n\n"
        f"    {command}\n\n"
        f"The workbench needs system libraries this computer does not have: {libraries}\n"
        f"Install them with this command, then start the workbench again (Debian/Ubuntu):\n\n"
        f"    {command}\n\n"
        "(Other Linux distributions: install the packages that provide these files.)"
    )


def check(
    platform: str = sys.platform,
    env: Mapping[str, str] = os.environ,
    load: Callable[[str], bool] = dlopen,
) -> str | None:
    """The message to print instead of starting Qt, or None when Qt can start."""
    if not uses_x11(platform, env):
        return None
    missing = missing_packages(load)
    return install_message(missing) if missing else None
