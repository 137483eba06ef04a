"""The check for Qt's X11 libraries before the app starts (no Qt needed)."""

from __future__ import annotations

import pytest

from workbench import system_libraries as sl

X11 = {"DISPLAY": ":0"}


def loader(missing: set[str]):
    """A fake dynamic loader: every library loads except ``missing``."""
    tried: list[str] = []

    def load(soname: str) -> bool:
        tried.append(soname)
        return soname not in missing

    load.tried = tried  # type: ignore[attr-defined]
    return load


@pytest.mark.parametrize(
    ("missing", "packages"),
    [
        (set(), []),
        ({"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}, ["libxcb-icccm4", "libxcb-keysyms1"]),
        ({"libxcb-cursor.so.0"}, ["libxcb-cursor0"]),
        ({"libxkbcommon-x11.so.0", "libEGL.so.1"}, ["libxkbcommon-x11-0", "libegl1"]),
    ],
)
def test_the_install_line_names_exactly_the_missing_packages(missing, packages):
    message = sl.check("linux", X11, loader(missing))
    if not packages:
        assert message is None
        return
    lines = [line.strip() for line in message.splitlines() if "apt-get" in line]
    # the same command in the Korean and the English half, packages in table order
    assert lines == ["sudo apt-get install " + " ".join(packages)] * 2
    for soname in missing:
        assert soname in message
    assert "시스템 라이브러리" in message and "system libraries" in message


def test_every_library_the_plugin_links_is_tried_once():
    load = loader(set())
    assert sl.missing_packages(load) == []
    assert load.tried == [soname for soname, _ in sl.XCB_LIBRARIES]


@pytest.mark.parametrize(
    ("platform", "env", "checked"),
    [
        ("linux", {"DISPLAY": ":0"}, True),
        ("linux", {"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
        ("linux", {"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ("linux", {"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "wayland"}, False),
        ("linux", {"WAYLAND_DISPLAY": "w", "XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}, False),
        ("linux", {}, False),  # no display at all: the app renders offscreen
        ("win32", {"DISPLAY": ":0"}, False),
        ("darwin", {}, False),
    ],
)
def test_only_an_x11_start_is_checked(platform, env, checked):
    load = loader({"libxcb-icccm.so.4"})
    message = sl.check(platform, env, load)
    assert (message is not None) is checked
    if not checked:
        assert load.tried == []


def test_the_real_loader_finds_the_c_library_and_not_a_made_up_one():
    assert sl.dlopen("libc.so.6")
    assert not sl.dlopen("libdoes-not-exist-workbench.so.9")


def test_the_app_prints_the_line_instead_of_starting_qt(monkeypatch, capsys):
    from workbench import cli

    monkeypatch.setattr(
        sl, "check", lambda: sl.install_message([("libxcb-icccm.so.4", "libxcb-icccm4")])
    )
    assert cli.main([]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "sudo apt-get install libxcb-icccm4" in err
