"""Killed saves: ``workbench eval --report`` and a project save, SIGKILLed at each
point of the write and after random delays.

After every kill: the target is the old file, untouched, or the complete new
one (openpyxl loads it / the project JSON loads); never half a file. Then
the leftovers of the killed write are swept by the next save into the
folder — once they are older than the sweep's safe age, which the test
simulates by dating them back (the sweep must not take a file another
process is still writing).
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import _hostile_files as H
import pytest

from workbench.core.io.atomic import STALE_AFTER_S, is_workbench_temporary
from workbench.core.io.project import Project, load_project, save_project

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

DRIVER = Path(__file__).with_name("_fault_driver.py")
STAGES = ["mid_write", "fsync", "before_replace", "after_replace"]


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if is_workbench_temporary(p.name)]


def age(paths: list[Path]) -> None:
    old = time.time() - STALE_AFTER_S - 60
    for p in paths:
        os.utime(p, (old, old))


def start(tmp_path: Path, stage: str, *args: str) -> tuple[subprocess.Popen, Path]:
    marker = tmp_path / f"paused-{stage}-{time.monotonic_ns()}"
    env = {**os.environ, "WORKBENCH_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), stage, str(marker), *args],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    return proc, marker


def kill_at_marker(proc: subprocess.Popen, marker: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if proc.poll() is not None:
            raise AssertionError(f"the save ended before its pause: {proc.stderr.read()!r}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the save never reached its pause")
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def inputs(tmp_path):
    qrels = H.write_xlsx(tmp_path / "qrels.xlsx", [("평가", H.table_rows(H.JUDGMENT_ROWS))])
    run = tmp_path / "bm25.run"
    run.write_text("Q1 Q0 P1 1 2.0 BM25\nQ1 Q0 P2 2 1.0 BM25\nQ2 Q0 P3 1 1.5 BM25\n")
    return qrels, run


def report_is_complete(path: Path) -> bool:
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    try:
        return len(wb.sheetnames) >= 2
    finally:
        wb.close()


def eval_args(qrels: Path, run: Path, report: Path, k: str) -> list[str]:
    return ["eval", "--qrels", str(qrels), "--run", str(run), "--report", str(report), "--k", k]


def test_killed_report_never_leaves_half_a_file(tmp_path, inputs):
    qrels, run = inputs
    report = tmp_path / "보고서.xlsx"
    hashes = {p: sha(p) for p in inputs}
    first = subprocess.run(
        [
            sys.executable,
            str(DRIVER),
            "none",
            str(tmp_path / "m"),
            *eval_args(qrels, run, report, "1,3"),
        ],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    assert first.returncode == 0, first.stderr
    old = report.read_bytes()
    rng = random.Random(20261201)
    for stage in [*STAGES, "none", "none"]:
        proc, marker = start(tmp_path, stage, *eval_args(qrels, run, report, "1,5"))
        if stage == "none":  # somewhere in start-up, loading, computing or writing
            time.sleep(rng.uniform(0.2, 2.5))
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            proc.stderr.close()
        else:
            kill_at_marker(proc, marker)
        assert report.exists()
        now = report.read_bytes()
        if stage in ("mid_write", "fsync", "before_replace"):
            assert now == old, stage  # the old report, untouched
        else:
            assert now == old or report_is_complete(report), stage
        if stage == "after_replace":
            assert now != old and report_is_complete(report)
        old = now
    assert {p: sha(p) for p in inputs} == hashes
    left = temporaries(tmp_path)
    assert left  # the killed writes did leave temporaries behind
    age(left)
    again = subprocess.run(
        [
            sys.executable,
            str(DRIVER),
            "none",
            str(tmp_path / "m"),
            *eval_args(qrels, run, report, "1,3"),
        ],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr
    assert temporaries(tmp_path) == []  # swept by the next run
    assert report_is_complete(report)


@pytest.mark.parametrize("stage", STAGES)
def test_killed_project_save_keeps_the_old_project(tmp_path, stage):
    target = tmp_path / "연구 프로젝트.wbproj"
    save_project(target, Project(notes={"Q1": {"note": "old", "flagged": False}}))
    old = target.read_bytes()
    proc, marker = start(tmp_path, stage, "project", str(target), "new")
    kill_at_marker(proc, marker)
    note = load_project(target).notes["Q1"]["note"]  # complete JSON either way
    if stage == "after_replace":
        assert note == "new"
    else:
        assert target.read_bytes() == old and note == "old"
    left = temporaries(tmp_path)
    assert (left != []) is (stage != "after_replace")
    age(left)
    save_project(target, Project(notes={"Q1": {"note": "next", "flagged": False}}))
    assert temporaries(tmp_path) == []
    assert load_project(target).notes["Q1"]["note"] == "next"


@pytest.mark.parametrize("stage", ["mid_write", "before_replace"])
def test_killed_first_save_leaves_no_target_at_all(tmp_path, stage):
    target = tmp_path / "new.wbproj"
    proc, marker = start(tmp_path, stage, "project", str(target), "first")
    kill_at_marker(proc, marker)
    assert not target.exists()  # absent, never half a project
    assert len(temporaries(tmp_path)) == 1
