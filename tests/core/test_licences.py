"""LICENSES is generated from the installed distributions (workbench.licences).

The listing is compared with an independent enumeration of the same
environment by pip-licenses (a test-only dependency), and the runtime
dependencies must leave the bundle distributable under the MIT licence.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

import pytest

from workbench import licences as L

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def runtime():
    return L.runtime_distributions()


@pytest.fixture(scope="module")
def pip_licenses():
    """pip-licenses' view of the whole environment, by canonical name."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "piplicenses",
            "--from=mixed",
            "--format=json",
            "--with-license-file",
            "--no-license-path",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {L.canonical_name(row["Name"]): row for row in json.loads(out)}


def test_runtime_closure_holds_the_declared_dependencies_and_theirs(runtime):
    names = {L.canonical_name(d.metadata["Name"]) for d in runtime}
    declared = {"pyside6-essentials", "pyqtgraph", "pandas", "numpy", "openpyxl"}
    declared |= {"python-calamine", "scipy"}
    assert declared <= names
    # one level down: PySide6 needs shiboken6, openpyxl et_xmlfile, pandas dateutil
    assert {"shiboken6", "et-xmlfile", "python-dateutil"} <= names
    # extras and the test tools are not runtime dependencies
    assert not names & {"krippendorff", "pytest", "hypothesis", "pip-licenses", "pyinstaller"}


def test_runtime_dependencies_have_no_gpl_package(runtime):
    gpl = [(d.metadata["Name"], L.licence_of(d)) for d in runtime if L.requires_gpl(L.licence_of(d))]
    assert gpl == []


def test_the_app_no_longer_imports_krippendorff():
    sources = [p for p in (ROOT / "workbench").rglob("*.py")]
    importing = [
        p.name for p in sources if re.search(r"^\s*(import|from)\s+krippendorff\b", p.read_text("utf-8"), re.M)
    ]
    assert importing == []
    assert "krippendorff" not in (ROOT / "packaging" / "workbench.spec").read_text("utf-8")


def test_listing_matches_pip_licenses_of_the_environment(runtime, pip_licenses):
    for dist in runtime:
        ours = L.component_of(dist, L.fallback_texts())
        theirs = pip_licenses.get(ours.key)
        assert theirs is not None, f"{ours.name} is not installed according to pip-licenses"
        assert (ours.name, ours.version) == (theirs["Name"], theirs["Version"])
        assert ours.licence == theirs["License"], ours.name
        if theirs["LicenseText"] != "UNKNOWN":
            texts = [text.strip() for _, text in ours.texts]
            assert theirs["LicenseText"].strip() in texts, ours.name
        else:  # the PySide6 wheels ship no licence file: the standard LGPL text is used
            assert ours.key in L.FALLBACK_TEXTS
            assert any("GNU LESSER GENERAL PUBLIC LICENSE" in t for _, t in ours.texts)


@pytest.mark.parametrize(
    ("licence", "gpl"),
    [
        ("MIT", False),
        ("BSD License", False),
        ("LGPL-3.0-only", False),
        ("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only", False),
        ("GNU Library or Lesser General Public License (LGPL)", False),
        ("Apache Software License; GNU General Public License (GPL)", False),
        ("GPL-3.0-or-later", True),
        ("MIT AND GPL-2.0-only", True),
        ("GNU General Public License v3 (GPLv3)", True),
        ("AGPL-3.0-only", True),
    ],
)
def test_requires_gpl(licence, gpl):
    assert L.requires_gpl(licence) is gpl


def test_document_refuses_a_gpl_or_unknown_component():
    with pytest.raises(ValueError, match="cannot be bundled"):
        L.licences_document([L.Component("krippendorff", "0.9.0", "GPL-3.0-or-later")], version="1")
    with pytest.raises(ValueError, match="no licence"):
        L.licences_document([L.Component("mystery", "1.0", L.UNKNOWN)], version="1")


def test_pyinstaller_files_are_listed_with_their_exception():
    text = L.licences_document([L.Component("pyinstaller", "6.0", "GPLv2 (GPLv2)")], version="1")
    assert "Bootloader-exception" in text


def test_installed_document_lists_every_runtime_component(runtime):
    text = L.installed_document()
    for dist in runtime:
        row = rf"^{re.escape(dist.metadata['Name'])}\s+{re.escape(dist.version)}\s+\S"
        assert re.search(row, text, re.M), dist.metadata["Name"]
    assert "MIT License" in text.split("Licence texts")[1]  # the workbench's own LICENSE
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text
    assert "krippendorff" not in text


def test_same_text_is_printed_once():
    text = L.licences_document(
        [L.Component("a", "1", "MIT", texts=(("LICENSE", "same"),)),
         L.Component("b", "1", "MIT", texts=(("LICENSE", "same"),))],
        version="1",
    )
    assert text.count("\nsame\n") == 1
    assert "(The same text as a 1: LICENSE, above.)" in text


def test_bundle_components_finds_each_file_s_distribution(tmp_path):
    numpy_file = Path(str(distribution("numpy").locate_file("numpy/__init__.py")))
    stdlib_file = Path(json.__file__)
    own_file = ROOT / "workbench" / "cli.py"
    foreign = tmp_path / "libfoo.so.1"
    foreign.write_bytes(b"")
    found = L.bundle_components([numpy_file, stdlib_file, own_file, foreign], project_root=ROOT)
    assert [d.metadata["Name"] for d in found.distributions] == ["numpy"]
    assert found.python_files == [stdlib_file.resolve()]
    assert found.other_files == [foreign.resolve()]
