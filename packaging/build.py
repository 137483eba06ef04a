"""Build the double-clickable bundle for the current operating system into dist/.

    python packaging/build.py            # build
    python packaging/build.py --check    # build, then run the bundle's --smoke-test

Needs the `package` extra (`pip install -e ".[package]"`). The result is
dist/workbench/ (Linux, Windows) or dist/Retrieval Workbench.app (macOS).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def bundle_executable() -> Path:
    if sys.platform == "darwin":
        return DIST / "Retrieval Workbench.app" / "Contents" / "MacOS" / "workbench"
    name = "workbench.exe" if sys.platform == "win32" else "workbench"
    return DIST / "workbench" / name


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="run the bundle's --smoke-test")
    args = parser.parse_args()
    if shutil.which("pyinstaller") is None and not _has_module("PyInstaller"):
        print('PyInstaller is missing: pip install -e ".[package]"', file=sys.stderr)
        return 2
    started = time.perf_counter()
    executable = build()
    top = executable.parents[2] if sys.platform == "darwin" else executable.parent
    print(
        f"built {top} in {time.perf_counter() - started:.0f} s, {folder_size(top) / 2**20:.0f} MiB"
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
