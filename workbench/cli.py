"""Command line: the desktop app is the default; ``eval``, ``agreement``,
``template`` and ``screenshots`` serve researchers, scripts and tests.

Exit codes: 0 success, 2 usage error, 3 bad input (message on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import sys

from workbench import __version__

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_BAD_INPUT = 3


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="workbench",
        description="Retrieval Evaluation Workbench — 검색 평가 워크벤치",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    parser.add_argument("--demo", action="store_true", help="open the app on the bundled demo data")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="offscreen: demo → metrics → report, exit 0 when all is well",
    )
    parser.add_argument("--lang", choices=["ko", "en"], help="user-interface language")
    parser.add_argument("files", nargs="*", help="project or data files to open in the app")
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from workbench.ui.app import run_app

        return run_app(args)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
