"""A killed or failing workbench loses nothing but, at most, the last edit.

- Killing the process between grading actions (SIGKILL: no chance to save)
  leaves a recovery file with every grade but at most the last one, and the
  next start offers it back.
- A file that makes the reader fail leaves the window, the data and the grades
  as they were.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from _gestures import FilePicks, open_study_files
from PySide6.QtWidgets import QMessageBox

from workbench.core.io.project import load_project
from workbench.ui.main_window import MainWindow
from workbench.ui.project_actions import pending_recovery
from workbench.ui.settings import Settings

CHILD = Path(__file__).with_name("_grading_child.py")
TIMEOUT = 60000


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("kill_after", [1, 4])
def test_a_kill_between_grading_actions_loses_at_most_the_last_one(tmp_path, demo_copy, kill_after):
    # the recovery file goes where the OS keeps app data: a folder of the test's
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"))
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(demo_copy), str(tmp_path / "settings")],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    graded: list[tuple[str, str, int]] = []
    recovery = None
    try:
        for line in child.stdout:
            words = line.split()
            if words[0] == "recovery":
                recovery = Path(" ".join(words[1:]))
            elif words[0] == "graded":
                graded.append((words[2], words[3], int(words[4])))
                if len(graded) == kill_after:
                    child.send_signal(signal.SIGKILL)
                    break
    finally:
        child.kill()
        child.wait(timeout=30)
        child.stdout.close()
    assert recovery is not None and len(graded) == kill_after
    assert recovery.exists(), "nothing was saved before the kill"
    json.loads(recovery.read_text(encoding="utf-8"))  # complete, never half written
    project = load_project(recovery)
    saved = {(g["question_id"], g["passage_id"], g["grade"]) for g in project.added_grades}
    assert set(graded[:-1]) <= saved  # every grade but perhaps the very last
    leftovers = [p.name for p in recovery.parent.iterdir() if p.name.startswith(".")]
    assert not [n for n in leftovers if n.endswith(".wbproj")]


def test_a_file_the_reader_cannot_read_leaves_the_window_and_the_work(
    qtbot, demo_copy, tmp_path, monkeypatch
):
    settings = Settings()
    settings.assessor_name = "평가자"
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    open_study_files(
        qtbot, window, FilePicks(monkeypatch), demo_copy / "judgments.xlsx", demo_copy / "runs.xlsx"
    )
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=TIMEOUT)
    state = window.state
    study = state.study
    runs = study.runs()
    judged = set(
        zip(study.judgments_in_force()["question_id"], study.judgments_in_force()["passage_id"])
    )
    q, p = next(
        (q, p) for q, p in zip(runs["question_id"], runs["passage_id"]) if (q, p) not in judged
    )
    state.grade(q, p, 2)
    state.set_note(q, "지우면 안 되는 메모")
    systems, grades = list(state.systems), dict(study.grades_used())

    broken = tmp_path / "깨진 결과.xlsx"
    broken.write_bytes(b"PK\x03\x04" + os.urandom(2000))  # a zip header, then noise
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=5000) as opened:
        window.import_files([str(broken)], "runs")
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.problem_list.count() > 0 or bool(shown), timeout=TIMEOUT)
    dialog.reject()
    qtbot.wait(200)
    assert window.isVisible()
    assert state.systems == systems
    assert study.grades_used() == grades and study.grades_used()[(q, p)] == 2
    assert state.note(q) == "지우면 안 되는 메모"
    assert pending_recovery() is not None or window.project_path is not None


@pytest.mark.skipif(sys.platform == "win32", reason="the test holds the lock with flock")
def test_start_up_removes_old_leftovers_of_killed_writes_and_nothing_else(tmp_path):
    from workbench.core.io.atomic import temp_path_for
    from workbench.ui.app import sweep_work_folders

    folder = tmp_path / "연구"
    folder.mkdir()
    project = folder / "연구.wbproj"
    project.write_text("{}", encoding="utf-8")
    settings = Settings()
    settings.last_project = str(project)
    old = temp_path_for(folder / "보고서.xlsx")
    writing = temp_path_for(folder / "다른 보고서.xlsx")  # another save, still writing
    mine = folder / ".~사용자 파일.xlsx"  # looks similar, is not the workbench's
    for path in (old, writing, mine):
        path.write_bytes(b"half a file")
    day_ago = os.path.getmtime(old) - 24 * 3600
    os.utime(old, (day_ago, day_ago))
    os.utime(mine, (day_ago, day_ago))
    # a write in progress holds its temporary as the atomic writer does (a lock)
    import fcntl

    with open(writing, "rb+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        removed = sweep_work_folders(settings)
    assert removed == [old]
    assert not old.exists() and writing.exists() and mine.exists() and project.exists()
