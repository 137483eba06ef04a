"""The worker path the app relies on: results of fast tasks are not lost."""

from __future__ import annotations

import threading
import time

import shiboken6

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


def test_a_task_whose_handle_was_deleted_ends_quietly(qtbot):
    """A window closed while its task runs deletes the task's handle: the task ends
    without raising in the pool thread (it used to say "Signal source has been
    deleted", which a test run reports as an error)."""
    runner = TaskRunner()
    started, gate = threading.Event(), threading.Event()

    def task(progress=None, cancelled=None):
        started.set()
        gate.wait(10)
        progress(1.0, "done")
        return 42

    handle = runner.start("slow", task)
    qtbot.waitUntil(started.is_set, timeout=5000)
    shiboken6.delete(handle)
    gate.set()
    assert runner.wait(10000)
    qtbot.wait(50)  # anything queued is delivered (or not) now


def test_garbage_is_collected_on_the_gui_thread_only(qtbot):
    """Garbage holds Qt objects (a closed dialog in a cycle with its slots); freed on
    another thread, a widget crashes Qt. Once the app runs tasks, a thread that
    allocates a lot collects nothing: the GUI thread's timer frees the garbage."""
    import gc

    runner = TaskRunner()
    handle = runner.start("one", lambda progress=None, cancelled=None: 1)
    with qtbot.waitSignal(handle.finished, timeout=5000):
        pass
    assert not gc.isenabled()  # the task's end left automatic collection off
    freed_on: list[int] = []

    class Trash:
        def __del__(self) -> None:
            freed_on.append(threading.get_ident())

    trash = Trash()
    trash.me = trash  # a cycle: only a collection frees it
    del trash

    kept: list[list[int]] = []

    def allocate() -> None:
        for i in range(200_000):
            kept.append([i])  # containers kept: each counts towards a collection

    other = threading.Thread(target=allocate)
    other.start()
    other.join(30)
    assert freed_on == []  # the other thread's allocations collected nothing
    qtbot.waitUntil(lambda: bool(freed_on), timeout=5000)
    assert freed_on == [threading.get_ident()]  # freed by the GUI thread's timer


def test_closing_the_window_cancels_its_pages_computations(qtbot):
    """A computation nobody will see stops at its next check when its window closes,
    instead of holding a core until it is done."""
    from workbench.ui.main_window import MainWindow
    from workbench.ui.settings import Settings

    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.show()
    started, stopped = threading.Event(), threading.Event()

    def long_work(progress=None, cancelled=None):
        started.set()
        deadline = time.monotonic() + 20
        while not cancelled() and time.monotonic() < deadline:
            time.sleep(0.01)
        stopped.set()

    window.state.runner.start("long", long_work)
    qtbot.waitUntil(started.is_set, timeout=5000)
    assert window.close()
    qtbot.waitUntil(stopped.is_set, timeout=3000)
