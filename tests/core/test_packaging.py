"""What the bundle leaves out (packaging/trim.py), decided on file names alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("trim", ROOT / "packaging" / "trim.py")
trim = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trim)


@pytest.mark.parametrize(
    ("dest", "found"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", ("platforms", "xcb")),
        ("PySide6/plugins/platforms/qwindows.dll", ("platforms", "windows")),
        ("PySide6\\plugins\\imageformats\\qsvg.dll", ("imageformats", "svg")),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", ("platforms", "cocoa")),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", ("iconengines", "svgicon")),
        ("PySide6/Qt/lib/libQt6Core.so.6", None),
        ("resources/icons/app.png", None),
    ],
)
def test_qt_plugin_names_on_every_system(dest, found):
    assert trim.qt_plugin(dest) == found


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
        "PySide6/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/Qt/plugins/styles/libqmacstyle.dylib",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/lib/libQt6Gui.so.6",
    ],
)
def test_what_the_app_uses_is_kept(dest):
    assert trim.keep_qt_plugin(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/plugins/platforms/qdirect2d.dll",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
    ],
)
def test_what_the_app_never_loads_is_left_out(dest):
    assert not trim.keep_qt_plugin(dest)


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/translations/qtbase_ko.qm", True),  # Qt's own dialogs in Korean
        ("PySide6/translations/qtbase_ko.qm", True),  # the Windows wheel's layout
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/translations/qt_ko.qm", False),
        ("PySide6/Qt/translations/designer_ko.qm", False),
        ("resources/translations/workbench_ko.qm", True),  # the app's own catalogue
        ("resources/guide/ko.html", True),  # Help ▸ User guide, in each language
        ("resources/guide/en.html", True),
    ],
)
def test_translations(dest, kept):
    assert trim.keep_translation(dest) is kept


def test_a_library_goes_only_when_every_user_went():
    #  gtk-theme → cairo → pixman;  kept-plugin → png;  cairo → png
    links = {
        "theme.so": ["libcairo.so.2"],
        "libcairo.so.2": ["libpixman.so.0", "libpng16.so.16"],
        "libpixman.so.0": [],
        "libpng16.so.16": [],
        "svg.so": ["libpng16.so.16"],
        "libloaded-by-name.so": [],
    }
    binaries = [(name, name) for name in links]
    gone = trim.orphaned_libraries(
        binaries,
        {"theme.so"},
        imports_of=lambda src: links[src],
        roots=lambda dest: dest.endswith(("theme.so", "svg.so")),
    )
    assert gone == {"libcairo.so.2", "libpixman.so.0"}


def test_plugins_and_extensions_are_never_dropped_as_orphans():
    links = {"dropped.so": ["ext.so"], "ext.so": []}
    gone = trim.orphaned_libraries(
        [(n, n) for n in links], {"dropped.so"}, links.__getitem__, roots=lambda d: d == "ext.so"
    )
    assert gone == set()


def test_modules_of_distributions_the_app_does_not_require_are_excluded():
    top_level = {
        "numpy": ["numpy"],
        "odf": ["odfpy"],
        "yaml": ["PyYAML"],
        "_yaml": ["PyYAML"],
        "PySide6": ["PySide6_Essentials"],
        "Shiboken": ["shiboken6", "PySide6_Essentials"],
        "__editable__.finder": ["x"],
    }
    required = {"numpy", "pyside6-essentials"}
    assert trim.modules_outside(required, top_level) == ["_yaml", "odf", "yaml"]


def test_a_package_built_without_the_checkout_finds_its_resources(tmp_path):
    """``pip install .`` (not ``-e``) installs the built package alone: the build
    copies resources/ into it, and the package reads its own copy (the demo and
    the translations, say), not a folder beside it that is not there."""
    import subprocess
    import sys

    build = tmp_path / "lib"
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(build)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    copied = build / "workbench" / "_resources"
    for part in ("demo/judgments.xlsx", "demo/runs.xlsx", "translations", "guide", "icons"):
        assert (copied / part).exists(), part
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from workbench import paths; print(paths.__file__); print(paths.demo_dir())"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe, str(build)], capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr
    module, demo = shown.stdout.splitlines()
    assert Path(module).is_relative_to(build)  # the built package, not the checkout
    assert Path(demo) == copied / "demo"
