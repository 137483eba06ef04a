"""Killed saves: ``workbench eval --report`` and a project save, SIGKILLed at each
point of the write and after random delays.

After every kill: the target is the old file, untouched, or the complete new
one (openpyxl loads it / the project JSON loads); never half a file. Then
the leftovers of the killed write are swept by the next save into the
folder, at once: no running write holds them (a write in progress keeps
its temporary, see test_atomic). Every writer is killed so: the report,
the judgments workbook and TREC qrels, the pool, the project and the
answers' ratings export.
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

from workbench.core.io.atomic import is_workbench_temporary
from workbench.core.io.project import Project, load_project, save_project

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

DRIVER = Path(__file__).with_name("_fault_driver.py")
STAGES = ["mid_write", "fsync", "before_replace", "after_replace"]


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if is_workbench_temporary(p.name)]


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
        # this kill's temporary at most: each write removed those of the kills before it
        left = temporaries(tmp_path)
        if stage in ("mid_write", "fsync", "before_replace"):
            assert len(left) == 1, stage
        else:
            assert len(left) <= 1, stage
        old = now
    assert {p: sha(p) for p in inputs} == hashes
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


# -- every other writer -------------------------------------------------------------------
OLD_QRELS = "q1 0 p1 1\nq1 0 p2 0\nq2 0 p5 2\n"
NEW_QRELS = "q1 0 p1 3\nq1 0 p2 1\nq1 0 p3 2\nq2 0 p5 2\nq2 0 p6 0\n"
RUN = "q1 Q0 p1 1 9 S1\nq1 Q0 p2 2 8 S1\nq1 Q0 p3 3 7 S1\nq2 Q0 p5 1 9 S1\nq2 Q0 p6 2 8 S1\n"


def _writer_args(kind: str, folder: Path, qrels: Path, target: Path) -> list[str]:
    run = folder / "inputs" / "run.txt"
    if kind in ("judgments_xlsx", "judgments_trec"):
        return ["judgments", "--qrels", str(qrels), "--out", str(target)]
    if kind == "pool":
        return [
            "pool",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--assessor",
            "A",
            "--out",
            str(target),
        ]
    return ["ratings", str(folder / "inputs"), str(target)]


def _is_complete(kind: str, target: Path) -> bool:
    if kind == "judgments_trec":
        lines = target.read_text().splitlines()
        return target.read_text().endswith("\n") and all(len(x.split()) == 4 for x in lines)
    return _loads(target)


def _loads(path: Path) -> bool:
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    wb.close()
    return True


WRITERS = {
    "judgments_xlsx": "judgments.xlsx",
    "judgments_trec": "judgments.txt",
    "pool": "pool.xlsx",
    "ratings": "ratings.xlsx",
}


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("kind", list(WRITERS))
def test_every_writer_killed_leaves_the_old_file_or_the_new_and_no_leftover(tmp_path, kind, stage):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    old_qrels, new_qrels = inputs / "old.txt", inputs / "new.txt"
    old_qrels.write_text(OLD_QRELS)
    new_qrels.write_text(NEW_QRELS)
    (inputs / "run.txt").write_text(RUN)
    target = tmp_path / WRITERS[kind]

    def write(qrels: Path) -> None:
        proc, _ = start(tmp_path, "none", *_writer_args(kind, tmp_path, qrels, target))
        proc.wait(timeout=120)
        assert proc.returncode == 0, proc.stderr.read()
        proc.stderr.close()

    write(old_qrels)
    old = target.read_bytes()

    proc, marker = start(tmp_path, stage, *_writer_args(kind, tmp_path, new_qrels, target))
    kill_at_marker(proc, marker)
    assert _is_complete(kind, target)
    if stage == "after_replace":
        if kind == "judgments_trec":
            assert target.read_text().count("\n") == NEW_QRELS.count("\n")
    else:
        assert target.read_bytes() == old  # the old file, untouched
    assert (temporaries(tmp_path) != []) is (stage != "after_replace"), stage

    write(new_qrels)  # the next write into the folder
    assert temporaries(tmp_path) == []
    assert _is_complete(kind, target)


@pytest.mark.parametrize("kind", list(WRITERS))
def test_every_writer_killed_on_its_first_write_leaves_no_target(tmp_path, kind):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    (inputs / "new.txt").write_text(NEW_QRELS)
    (inputs / "run.txt").write_text(RUN)
    target = tmp_path / WRITERS[kind]
    args = _writer_args(kind, tmp_path, inputs / "new.txt", target)
    proc, marker = start(tmp_path, "mid_write", *args)
    kill_at_marker(proc, marker)
    assert not target.exists()  # absent, never half a file
    assert len(temporaries(tmp_path)) == 1
    proc, marker = start(tmp_path, "before_replace", *args)
    kill_at_marker(proc, marker)
    assert not target.exists()
    # the second write removed the first one's temporary; its own is the one left
    assert len(temporaries(tmp_path)) == 1
