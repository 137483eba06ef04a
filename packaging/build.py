"""Build the double-clickable bundle for the current operating system into dist/.

    python packaging/build.py            # build
    python packaging/build.py --check    # build, then run the bundle's --smoke-test
    python packaging/build.py --archive  # pack the built bundle for users (see below)

Needs the `package` extra (`pip install -e ".[package]"`). The result is
dist/workbench/ (Linux, Windows) or dist/Retrieval Workbench.app (macOS).
``--archive`` writes into dist/release/ what users download: a .tar.gz on
Linux, the Inno Setup installer on Windows (ISCC must be installed), a .dmg
on macOS; it prints the sizes and, on GitHub Actions, adds them to the
job's summary.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
RELEASE = DIST / "release"
APP_NAME = "Retrieval Workbench"
MIB = 2**20


def bundle_executable() -> Path:
    if sys.platform == "darwin":
        return DIST / f"{APP_NAME}.app" / "Contents" / "MacOS" / "workbench"
    name = "workbench.exe" if sys.platform == "win32" else "workbench"
    return DIST / "workbench" / name


def bundle_folder() -> Path:
    """The folder a user gets: the .app on macOS, dist/workbench elsewhere."""
    executable = bundle_executable()
    return executable.parents[2] if sys.platform == "darwin" else executable.parent


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from workbench import __version__

    return __version__


def build() -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(ROOT / "build" / "pyinstaller"),
            str(ROOT / "packaging" / "workbench.spec"),
        ],
        check=True,
        cwd=ROOT,
    )
    return bundle_executable()


def folder_size(path: Path) -> int:
    # PyInstaller links some libraries twice by symlink: count each file once
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def smoke(executable: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    subprocess.run([str(executable), "--smoke-test"], check=True, env=env)
    print(f"smoke test passed in {time.perf_counter() - started:.1f} s")


def cold_start(executable: Path, runs: int = 3) -> float:
    """Seconds from launching the bundle to its main window being shown (best of ``runs``)."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([str(executable), "--startup-probe"], check=True, env=env)
        best = min(best, time.perf_counter() - started)
    return best


# -- what users download -----------------------------------------------------------------
def _inno_compiler() -> str:
    found = shutil.which("iscc")
    if found:
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        if base and (Path(base) / "Inno Setup 6" / "ISCC.exe").is_file():
            return str(Path(base) / "Inno Setup 6" / "ISCC.exe")
    raise SystemExit("Inno Setup 6 is missing: install it (choco install innosetup) and retry")


def archive() -> Path:
    """Pack the built bundle into dist/release/ for this operating system; returns the file."""
    folder = bundle_folder()
    if not folder.is_dir():
        raise SystemExit(f"{folder} is missing: build the bundle first")
    RELEASE.mkdir(parents=True, exist_ok=True)
    v = version()
    if sys.platform == "win32":
        subprocess.run(
            [_inno_compiler(), f"/DAppVersion={v}", f"/O{RELEASE}", str(ROOT / "packaging" / "workbench.iss")],
            check=True,
        )
        return RELEASE / f"RetrievalWorkbench-{v}-setup.exe"
    if sys.platform == "darwin":
        target = RELEASE / f"RetrievalWorkbench-{v}-macos-arm64.dmg"
        target.unlink(missing_ok=True)
        subprocess.run(
            ["hdiutil", "create", "-volname", APP_NAME, "-srcfolder", str(folder),
             "-ov", "-format", "UDZO", str(target)],
            check=True,
        )
        return target
    target = RELEASE / f"workbench-{v}-linux-x86_64.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:  # gzip's own default
        tar.add(folder, arcname="workbench")
    return target


def size_report(folder: Path, packed: Path | None) -> str:
    """One Markdown table row per OS: the unpacked bundle and what users download."""
    system = {"win32": "Windows", "darwin": "macOS"}.get(sys.platform, "Linux")
    row = f"| {system} | {folder_size(folder) / MIB:.0f} MiB |"
    row += f" {packed.name}: {packed.stat().st_size / MIB:.0f} MiB |" if packed else " – |"
    return "| OS | bundle, unpacked | download |\n|---|---|---|\n" + row + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="run the bundle's --smoke-test")
    parser.add_argument(
        "--archive", action="store_true", help="pack the built bundle into dist/release/"
    )
    args = parser.parse_args()
    if args.archive:
        packed = archive()
        report = size_report(bundle_folder(), packed)
        print(report, end="")
        summary = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(report)
        return 0
    if shutil.which("pyinstaller") is None and not _has_module("PyInstaller"):
        print('PyInstaller is missing: pip install -e ".[package]"', file=sys.stderr)
        return 2
    started = time.perf_counter()
    executable = build()
    top = bundle_folder()
    print(
        f"built {top} in {time.perf_counter() - started:.0f} s, {folder_size(top) / MIB:.0f} MiB"
    )
    if args.check:
        smoke(executable)
        print(f"cold start to a shown window: {cold_start(executable):.2f} s (best of 3)")
    return 0


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


if __name__ == "__main__":
    sys.exit(main())
