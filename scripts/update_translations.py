"""Refresh the Korean catalog: lupdate → workbench_ko.ts → lrelease → workbench_ko.qm.

    python scripts/update_translations.py            # scan, compile, list untranslated
    python scripts/update_translations.py --apply ko.json   # then fill from a JSON file
    python scripts/update_translations.py --merge-from other.ts   # fill from another catalog

lupdate keeps every existing translation; new strings arrive as
``type="unfinished"`` and are printed so nobody forgets them. ``--apply``
takes ``{"Context": {"English source": "한국어"}}`` (or ``{"English source":
"한국어"}`` for every context) and fills matching entries before compiling.
Entries that are still unfinished make the exit code 1. ``--merge-from`` takes
the finished translations of another ``.ts`` (say, the catalog of a branch
before a merge: ``git show BRANCH:resources/translations/workbench_ko.ts``), so
two branches that both added strings merge by regenerating the catalog.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "workbench" / "ui"
TS = ROOT / "resources" / "translations" / "workbench_ko.ts"
QM = TS.with_suffix(".qm")


def tool(name: str) -> str:
    """A PySide6 tool next to this Python (a venv), else on PATH."""
    here = Path(sys.executable).parent / name
    for candidate in (here, here.with_suffix(".exe")):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if not found:
        sys.exit(f"{name} not found; install PySide6 (it ships pyside6-lupdate/lrelease)")
    return found


def run_lupdate() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in SOURCES.rglob("*.py"))
    TS.parent.mkdir(parents=True, exist_ok=True)
    cmd = [
        tool("pyside6-lupdate"),
        *files,
        "-no-obsolete",
        "-source-language",
        "en",
        "-target-language",
        "ko",
        "-locations",
        "none",
        "-ts",
        str(TS.relative_to(ROOT)),
    ]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)


def apply(path: Path, only_unfinished: bool = False) -> int:
    """Fill entries from a JSON table; ``only_unfinished`` leaves translated ones be."""
    table = json.loads(path.read_text(encoding="utf-8"))
    tree = ET.parse(TS)
    filled = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        per_context = table.get(name) if isinstance(table.get(name), dict) else None
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            text = None
            if (
                only_unfinished
                and translation is not None
                and translation.get("type") != ("unfinished")
            ):
                continue
            if per_context and source in per_context:
                text = per_context[source]
            elif isinstance(table.get(source), str):
                text = table[source]
            if text and translation is not None:
                translation.text = text
                translation.attrib.pop("type", None)
                filled += 1
    _write(tree)
    return filled


def table_of(ts: Path) -> dict[str, dict[str, str]]:
    """The finished translations of a catalog as ``{context: {source: text}}``."""
    table: dict[str, dict[str, str]] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") == "unfinished":
                continue
            if (translation.text or "").strip():
                table.setdefault(name, {})[message.findtext("source") or ""] = translation.text
    return table


def _write(tree: ET.ElementTree) -> None:
    body = ET.tostring(tree.getroot(), encoding="unicode")
    TS.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8"
    )


def untranslated() -> list[tuple[str, str]]:
    tree = ET.parse(TS)
    out = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if (
                translation is None
                or translation.get("type") == "unfinished"
                or not (translation.text or "").strip()
            ):
                out.append((name, message.findtext("source") or ""))
    return out


def run_lrelease() -> None:
    cmd = [tool("pyside6-lrelease"), str(TS), "-qm", str(QM)]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apply", type=Path, help="JSON file of Korean translations to fill in")
    parser.add_argument(
        "--merge-from", type=Path, action="append", help="another .ts to take translations from"
    )
    parser.add_argument("--no-scan", action="store_true", help="skip lupdate (compile only)")
    args = parser.parse_args(argv)
    if not args.no_scan:
        run_lupdate()
    for other in args.merge_from or []:
        merged = Path(tempfile.mkstemp(suffix=".json")[1])
        try:
            merged.write_text(json.dumps(table_of(other), ensure_ascii=False), encoding="utf-8")
            print(f"filled {apply(merged, only_unfinished=True)} entries from {other}")
        finally:
            merged.unlink()
    if args.apply:
        print(f"filled {apply(args.apply)} entries from {args.apply}")
    run_lrelease()
    missing = untranslated()
    for context, source in missing:
        print(f"untranslated [{context}] {source!r}")
    total = sum(1 for _ in ET.parse(TS).getroot().iter("message"))
    print(f"{total - len(missing)}/{total} strings translated; catalog: {QM.relative_to(ROOT)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
