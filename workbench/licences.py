"""What the bundle contains and under which licences: the text of ``LICENSES``.

The list is generated, never typed: ``packaging/workbench.spec`` hands the
files PyInstaller collected to :func:`bundle_components`, which finds the
installed distribution each file came from (its ``RECORD``), and
:func:`licences_document` writes the name, version, licence and licence
texts of each. Outside a bundle the About dialog shows the same document
for :func:`runtime_distributions` (what ``pip install .`` installs).

A distribution's licence is, in this order (the order ``pip-licenses
--from=mixed`` uses): its ``License-Expression`` (PEP 639); else its
``License ::`` classifiers (the last part of each, sorted, joined by "; ");
else the first line of its ``License`` field; else "UNKNOWN". Its licence
texts are the files its metadata names (``License-File``) and the
``LICEN[CS]E*``/``COPYING*``/``NOTICE*`` files of its ``.dist-info``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import Distribution, PackageNotFoundError, distribution, distributions
from pathlib import Path

PROJECT = "retrieval-workbench"
UNKNOWN = "UNKNOWN"

#: Distributions whose files may be in the bundle although their licence
#: names the GPL: PyInstaller's bootloader and loader carry the "bootloader
#: exception" (unlimited permission to distribute them inside a program),
#: its run-time hooks are Apache-2.0; the contrib hooks are GPL-2.0 OR Apache-2.0.
GPL_WITH_EXCEPTION = {
    "pyinstaller": "GPL-2.0-or-later WITH Bootloader-exception; run-time hooks Apache-2.0",
    "pyinstaller-hooks-contrib": "GPL-2.0-or-later OR Apache-2.0 (run-time hooks)",
}

#: The PySide6 wheels carry no licence file: the standard texts of the licence
#: chosen for them (LGPL-3.0, with the GPL-3.0 it is written as additions to),
#: kept in the repository under packaging/licence-texts/.
FALLBACK_TEXTS = {"pyside6-essentials": "LGPL-3.0", "shiboken6": "LGPL-3.0"}
PROJECT_ROOT = Path(__file__).resolve().parent.parent
LICENCE_TEXTS_DIR = PROJECT_ROOT / "packaging" / "licence-texts"

_LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def canonical_name(name: str) -> str:
    """PEP 503 normalised name: ``PySide6_Essentials`` → ``pyside6-essentials``."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Component:
    """One installed distribution in the bundle."""

    name: str
    version: str
    licence: str
    url: str = ""
    texts: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @property
    def key(self) -> str:
        return canonical_name(self.name)


def licence_of(dist: Distribution) -> str:
    """The licence of ``dist`` by the precedence in the module docstring."""
    meta = dist.metadata
    expression = (meta.get("License-Expression") or "").strip()
    if expression:
        return expression
    classifiers = sorted(
        {
            c.split(" :: ")[-1]
            for c in meta.get_all("Classifier") or []
            if c.startswith("License") and c.split(" :: ")[-1] != "OSI Approved"
        }
    )
    if classifiers:
        return "; ".join(classifiers)
    declared = (meta.get("License") or "").strip()
    if declared and declared != UNKNOWN:
        return declared.splitlines()[0].strip()
    return UNKNOWN


def requires_gpl(licence: str) -> bool:
    """True when every alternative of ``licence`` is the (A)GPL rather than the LGPL.

    Alternatives are separated by ``OR`` (SPDX) or "; " (several classifiers).
    ``LGPL-3.0-only OR GPL-2.0-only`` is False (the LGPL may be chosen);
    ``GPL-3.0-or-later``, ``MIT AND GPL-2.0-only`` and the classifier name
    "GNU General Public License v3 (GPLv3)" are True.
    """
    # several license classifiers conventionally mean "choose one", like OR
    alternatives = re.split(r"\s+OR\s+|;\s*", licence.strip("() "))
    return all(_names_gpl(a) for a in alternatives if a.strip())


def _names_gpl(text: str) -> bool:
    text = text.replace("GNU Lesser General Public", "LGPL").replace(
        "GNU Library or Lesser General Public", "LGPL"
    )
    return bool(re.search(r"(?<![A-Za-z])A?GPL|GNU (Affero )?General Public", text))


def _url_of(dist: Distribution) -> str:
    meta = dist.metadata
    if meta.get("Home-page"):
        return str(meta["Home-page"])
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository", "source code"):
            return url.strip()
    return ""


def licence_texts(
    dist: Distribution, fallback: Mapping[str, Path] | None = None
) -> tuple[tuple[str, str], ...]:
    """(file name, text) of every licence file ``dist`` ships (see the module docstring).

    A distribution that ships none (the PySide6 wheels) gets the standard
    texts ``fallback`` maps its canonical name to, if any.
    """
    files = list(dist.files or ())
    declared = [str(v) for v in dist.metadata.get_all("License-File") or []]
    chosen = []
    for f in files:
        posix = f.as_posix()
        in_dist_info = ".dist-info/" in posix
        named = any(posix == d or posix.endswith("/" + d) for d in declared)
        if named or (in_dist_info and (_LICENCE_FILE.match(f.name) or "/licenses/" in posix)):
            chosen.append(f)
    texts = []
    seen = set()
    for f in chosen:
        path = Path(str(dist.locate_file(f)))
        if f.as_posix() in seen or not path.is_file():
            continue
        seen.add(f.as_posix())
        texts.append((f.as_posix(), path.read_text(encoding="utf-8", errors="replace")))
    if not texts and fallback:
        for path in _fallback_paths(canonical_name(dist.metadata["Name"]), fallback):
            texts.append((path.name, path.read_text(encoding="utf-8")))
    return tuple(texts)


def _fallback_paths(name: str, fallback: Mapping[str, Path]) -> list[Path]:
    found = fallback.get(name)
    if found is None:
        return []
    if found.is_dir():
        return sorted(p for p in found.iterdir() if p.is_file())
    return [found]


def component_of(dist: Distribution, fallback: Mapping[str, Path] | None = None) -> Component:
    return Component(
        name=str(dist.metadata["Name"]),
        version=str(dist.version),
        licence=licence_of(dist),
        url=_url_of(dist),
        texts=licence_texts(dist, fallback),
    )


# -- which distributions ---------------------------------------------------------------
def runtime_distributions(root: str = PROJECT) -> list[Distribution]:
    """The installed distributions ``root`` needs at run time (its requirement closure).

    Requirements that only an extra asks for are left out; of the others,
    those installed are followed (a requirement for another platform is not
    installed, so it is not followed). ``root`` itself is not in the list.
    Sorted by canonical name.
    """
    found: dict[str, Distribution] = {}
    todo = [root]
    while todo:
        try:
            dist = distribution(todo.pop())
        except PackageNotFoundError:
            continue
        for requirement in dist.requires or []:
            spec, _, marker = requirement.partition(";")
            if "extra" in marker:
                continue
            match = _REQUIREMENT_NAME.match(spec)
            if match is None:
                continue
            key = canonical_name(match.group(1))
            if key in found or key == canonical_name(root):
                continue
            try:
                found[key] = distribution(key)
            except PackageNotFoundError:
                continue
            todo.append(key)
    return [found[k] for k in sorted(found)]


def _record_index(dists: Iterable[Distribution]) -> dict[Path, Distribution]:
    index: dict[Path, Distribution] = {}
    for dist in dists:
        for f in dist.files or ():
            index[Path(str(dist.locate_file(f))).resolve()] = dist
    return index


@dataclass
class BundleContents:
    """What :func:`bundle_components` found: distributions and files of no distribution."""

    distributions: list[Distribution]
    python_files: list[Path]
    other_files: list[Path]


def bundle_components(sources: Iterable[str | Path], project_root: Path) -> BundleContents:
    """The installed distributions the files ``sources`` come from.

    ``sources`` are the source paths of the collected files (PyInstaller's
    TOC). A file of the Python installation is counted as Python's, a file
    under ``project_root`` as the workbench's own, a file of no distribution
    is listed in ``other_files`` (on Linux: shared libraries of the build
    machine). The project's own distribution is left out.
    """
    index = _record_index(distributions())
    python_roots = [Path(p).resolve() for p in {sys.base_prefix, sys.base_exec_prefix}]
    root = project_root.resolve()
    environment = Path(sys.prefix).resolve()  # a virtual environment may sit inside the project
    own = canonical_name(PROJECT)
    found: dict[str, Distribution] = {}
    python_files: list[Path] = []
    other: list[Path] = []
    for source in sources:
        path = Path(source).resolve()
        dist = index.get(path)
        if dist is not None:
            key = canonical_name(dist.metadata["Name"])
            if key != own:
                found.setdefault(key, dist)
        elif path.is_relative_to(root) and not path.is_relative_to(environment):
            continue
        elif any(path.is_relative_to(r) for r in python_roots):
            python_files.append(path)
        else:
            other.append(path)
    return BundleContents(
        distributions=[found[k] for k in sorted(found)],
        python_files=sorted(set(python_files)),
        other_files=sorted(set(other)),
    )


# -- the document ----------------------------------------------------------------------
def python_licence_text() -> str:
    """The licence file of the running Python, if the installation has one."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    base = Path(sys.base_prefix)
    for candidate in (base / "lib" / version / "LICENSE.txt", base / "LICENSE.txt"):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8", errors="replace")
    return ""


#: files under resources/ that are not the project's own work: (component, version,
#: licence, its licence file under resources/) — listed with their licence text
RESOURCE_COMPONENTS: tuple[tuple[str, str, str, str], ...] = (
    ("Noto Sans KR (subset, resources/fonts)", "2.004", "OFL-1.1", "fonts/OFL.txt"),
)


def licences_document(
    components: Iterable[Component],
    *,
    version: str,
    other_files: Iterable[str] = (),
    generated_for: str = "this installation",
    own_licence: str = "",
    resources: Iterable[tuple[str, str, str, str]] = RESOURCE_COMPONENTS,
) -> str:
    """The text of ``LICENSES``: a table of the components, notes, then every licence text.

    Raises ``ValueError`` when a component's licence is unknown, or requires
    the GPL without an exception (the bundle must stay distributable under
    the project's MIT licence; see :data:`GPL_WITH_EXCEPTION`).
    """
    items = sorted(components, key=lambda c: c.key)
    for c in items:
        if c.licence == UNKNOWN:
            raise ValueError(f"{c.name} {c.version} declares no licence: check it by hand")
        if requires_gpl(c.licence) and c.key not in GPL_WITH_EXCEPTION:
            raise ValueError(f"{c.name} {c.version} is {c.licence}: it cannot be bundled")
    py = f"{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"
    rows = [(c.name, c.version, GPL_WITH_EXCEPTION.get(c.key, c.licence)) for c in items]
    rows.append(("Python", py, "PSF-2.0"))
    shipped = [r for r in resources if (PROJECT_ROOT / "resources" / r[3]).is_file()]
    rows += [(name, ver, licence) for name, ver, licence, _file in shipped]
    width = [max(len(r[i]) for r in [*rows, ("Component", "Version", "")]) for i in range(2)]

    def line(a: str, b: str, c: str) -> str:
        return f"{a:<{width[0]}}  {b:<{width[1]}}  {c}".rstrip()

    title = f"Retrieval Evaluation Workbench {version} — licences of the bundled components"
    out = [
        title,
        "=" * len(title),
        "",
        "The workbench itself is released under the MIT licence (LICENSE).",
        f"This list is generated from the installed distributions, for {generated_for},",
        "so it names exactly what is shipped. Each component keeps its own licence;",
        "the full texts follow the table.",
        "",
        line("Component", "Version", "Licence"),
        line("-" * width[0], "-" * width[1], "-" * 40),
        *(line(*r) for r in rows),
        "",
        "Qt 6 is part of PySide6-Essentials (LGPL-3.0 chosen): the bundle is a",
        "one-folder build in which Qt's libraries are separate files a user may",
        "replace with compatible builds; the source of Qt and PySide6 is available",
        "from https://www.qt.io/ and https://wiki.qt.io/Qt_for_Python.",
    ]
    others = sorted({Path(f).name for f in other_files})
    if others:
        out += [
            "",
            "Shared libraries copied from the build machine's operating system",
            "(each under the licence of the system package it comes from):",
            *_wrap(", ".join(others)),
        ]
    out += ["", "", "Licence texts", "============="]
    if own_licence:
        out += ["", "--- Retrieval Evaluation Workbench: LICENSE ---", own_licence.rstrip()]
    printed: dict[str, str] = {}  # text → where it was printed first
    for c in items:
        for name, text in c.texts:
            where = f"{c.name} {c.version}: {name}"
            body = text.rstrip()
            if body in printed:
                body = f"(The same text as {printed[body]}, above.)"
            else:
                printed[body] = where
            out += ["", f"--- {where} ---", body]
        if not c.texts:
            out += [
                "",
                f"--- {c.name} {c.version}: {c.licence} ---",
                f"See {c.url or 'the project'}.",
            ]
    python_text = python_licence_text()
    out += ["", f"--- Python {py}: LICENSE ---", python_text.rstrip() or "PSF-2.0, see python.org."]
    for name, ver, _licence, file in shipped:
        text = (PROJECT_ROOT / "resources" / file).read_text(encoding="utf-8").rstrip()
        out += ["", f"--- {name} {ver}: resources/{file} ---", text]
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int = 76) -> list[str]:
    lines, current = [], ""
    for word in text.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines


def fallback_texts(folder: Path = LICENCE_TEXTS_DIR) -> dict[str, Path]:
    """:data:`FALLBACK_TEXTS` as paths under ``folder`` (those that exist)."""
    paths = {name: folder / sub for name, sub in FALLBACK_TEXTS.items()}
    return {name: path for name, path in paths.items() if path.exists()}


def installed_document() -> str:
    """:func:`licences_document` for the runtime distributions of this installation."""
    from workbench import __version__

    components = [component_of(d, fallback_texts()) for d in runtime_distributions()]
    own = PROJECT_ROOT / "LICENSE"
    return licences_document(
        components,
        version=__version__,
        own_licence=own.read_text(encoding="utf-8") if own.is_file() else "",
    )
