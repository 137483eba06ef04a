"""Child process of the fault test: runs a save and stops at a chosen point to be killed.

    python _fault_driver.py STAGE MARKER eval ARGS…     # workbench eval … --report …
    python _fault_driver.py STAGE MARKER judgments ARGS…  # workbench judgments … --out …
    python _fault_driver.py STAGE MARKER pool ARGS…       # workbench pool … --out …
    python _fault_driver.py STAGE MARKER project TARGET NOTE
    python _fault_driver.py STAGE MARKER ratings FOLDER TARGET  # the answers' ratings export

At STAGE the driver writes its pid to MARKER and sleeps, so the test can
SIGKILL it exactly there; STAGE ``none`` runs straight through (the test
kills it after a random delay instead). The stages, in the order a save
passes them:

- ``mid_write``: half of the temporary file written;
- ``fsync``: the temporary file complete, not yet flushed or renamed;
- ``before_replace``: flushed, about to be renamed onto the target;
- ``after_replace``: renamed, the process not yet done.

Nothing here changes the workbench: the pauses are patched in from outside.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def main() -> int:
    stage, marker, command, *rest = sys.argv[1:]

    def pause() -> None:
        Path(marker).write_text(str(os.getpid()))
        time.sleep(120)  # killed long before this ends

    from workbench.core.io import atomic

    if stage == "mid_write":
        real_save_workbook = atomic.save_workbook

        def half_save(workbook, filename):
            real_save_workbook(workbook, filename)
            data = Path(filename).read_bytes()
            Path(filename).write_bytes(data[: len(data) // 2])
            pause()

        # the writers import it when they are first used, after this patch
        atomic.save_workbook = half_save

        real_open = open

        class HalfWriter:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, text):
                self.handle.write(text[: len(text) // 2])
                self.handle.flush()
                pause()

        def open_half(path, mode="r", *args, **kwargs):
            handle = real_open(path, mode, *args, **kwargs)
            if "w" in mode and atomic.is_workbench_temporary(Path(path).name):
                return HalfWriter(handle)
            return handle

        atomic.open = open_half
    elif stage == "fsync":
        real_fsync = os.fsync

        def fsync_then_pause(fd):
            pause()
            real_fsync(fd)

        atomic.os.fsync = fsync_then_pause
    elif stage in ("before_replace", "after_replace"):
        real_replace = atomic._replace

        def replace_and_pause(src, dst):
            if stage == "before_replace":
                pause()
            real_replace(src, dst)
            if stage == "after_replace":
                pause()

        atomic._replace = replace_and_pause

    if command in ("eval", "judgments", "pool"):
        from workbench.cli import main as cli

        return cli([command, *rest])
    if command == "ratings":
        sys.path.insert(0, str(Path(__file__).parent))
        from _answer_fixture import fixture_study

        from workbench.core.protocol.answer_results import write_ratings_workbook

        folder, target = rest
        write_ratings_workbook(target, fixture_study(Path(folder)))
        return 0
    from workbench.core.io.project import Project, save_project

    target, note = rest
    save_project(target, Project(notes={"Q1": {"note": note, "flagged": True}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
