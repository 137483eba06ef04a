"""The worker path the app relies on: results of fast tasks are not lost."""

from __future__ import annotations

import threading
import time

from workbench.ui.workers import TaskRunner


def test_a_task_that_finishes_before_slots_are_connected_still_delivers(qtbot):
    runner = TaskRunner()
    ran = threading.Event()

    def quick(x, progress=None, cancelled=None):
        progress(0.5, "half")
        ran.set()
        return x * 2

    handle = runner.start("quick", quick, 21)
    time.sleep(0.2)  # the caller does more work before it connects
    # the job goes to the pool only when the event loop runs again (after the
    # caller's slots), so nothing it sends can be missed
    assert not ran.is_set()
    got = {}
    handle.progress.connect(lambda f, _t: got.setdefault("progress", f))
    with qtbot.waitSignal(handle.finished, timeout=5000) as blocker:
        pass
    assert blocker.args == [42]
    assert got["progress"] == 0.5
    qtbot.waitUntil(lambda: not runner.is_running("quick"), timeout=5000)


def test_failure_is_delivered_as_the_exception(qtbot):
    runner = TaskRunner()

    def broken(progress=None, cancelled=None):
        raise ValueError("bad")

    handle = runner.start("broken", broken)
    with qtbot.waitSignal(handle.failed, timeout=5000) as blocker:
        pass
    assert isinstance(blocker.args[0], ValueError)
    qtbot.waitUntil(lambda: not runner.is_running("broken"), timeout=5000)
