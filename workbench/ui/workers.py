"""Run core functions off the GUI thread, with progress and cancel.

Core functions know nothing of threads: they take ``progress(fraction, text)``
and ``cancelled()`` callables. :class:`TaskRunner` runs them in Qt's thread
pool and delivers ``progress``, ``finished(object)`` and ``failed(object)``
back on the GUI thread (the signal objects live there, so emissions from the
pool thread are queued). Workers never touch widgets, models or plot items,
and never collect garbage (which could free a widget): only the GUI thread does.

A new task under the same name cancels the one in flight, and the late result
of a cancelled task is dropped, so the screen never shows stale numbers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from workbench.core.model.cancel import Cancelled
from workbench.core.model.memory import collect_if_due, gc_paused

log = logging.getLogger(__name__)

#: progress signals are throttled: more would only flood the event loop
PROGRESS_INTERVAL_S = 0.05

#: how often the GUI thread looks whether a garbage collection is due
COLLECT_INTERVAL_MS = 500


def _collect_on_the_gui_thread_only() -> None:
    """Once tasks can run, only the GUI thread collects garbage.

    Python's cyclic collector frees the garbage it finds on whichever thread
    happens to allocate when a threshold passes. Garbage holds Qt objects (a
    closed dialog in a cycle with its own slots), and a widget freed on a pool
    thread while the GUI thread draws crashes the process: a segfault, seen with
    eight tasks at once. So automatic collection goes off for good and a timer
    on the GUI thread collects what it would have collected.
    """
    app = QCoreApplication.instance()
    if app is None or app.property("collects_on_gui_thread"):
        return
    gc_paused.collect_only_on_request()
    timer = QTimer(app)
    timer.setInterval(COLLECT_INTERVAL_MS)
    timer.timeout.connect(collect_if_due)
    timer.start()
    app.setProperty("collects_on_gui_thread", True)


class _Signals(QObject):
    """What a task says from its pool thread. It has no parent, and its task holds
    it, so a window closed while the task runs (its handle deleted with the
    window) never deletes the object the task is emitting on; each signal is
    connected, queued, to its twin on the handle, and Qt drops the connection
    when the handle goes."""

    progress = Signal(float, str)
    finished = Signal(object)
    failed = Signal(object)
    cancelled = Signal()


def _emit(signal, *args) -> None:
    """Emit from the pool thread. A process that is ending may have deleted every Qt
    object already (the task's signals' among them): nobody is left to tell, and
    raising in the pool thread would only print a traceback."""
    try:
        signal.emit(*args)
    except RuntimeError:
        log.debug("a task ended after its signals were deleted; its result is dropped")


class _Channel:
    """The pool thread's side of a task: the cancel flag, the progress throttle and
    the signals. The pool thread touches nothing else of the task's."""

    def __init__(self) -> None:
        self.signals = _Signals()
        self.cancel_flag = threading.Event()
        self._last_progress = 0.0

    def report(self, fraction: float, text: str = "") -> None:
        """Called from the worker thread; throttled."""
        now = time.monotonic()
        if fraction >= 1.0 or now - self._last_progress >= PROGRESS_INTERVAL_S:
            self._last_progress = now
            _emit(self.signals.progress, float(fraction), text)

    def is_cancelled(self) -> bool:
        return self.cancel_flag.is_set()


class TaskHandle(QObject):
    """One task's signals, living on the GUI thread."""

    progress = Signal(float, str)
    finished = Signal(object)
    failed = Signal(object)  # the exception (InputError for bad input)
    cancelled = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.channel = _Channel()
        # Queued: a signal reaches the connections that exist when it is
        # delivered, so the caller may connect its slots after start() returns
        # even if the task is done by then.
        queued = Qt.ConnectionType.QueuedConnection
        signals = self.channel.signals
        signals.progress.connect(self.progress, queued)
        signals.finished.connect(self.finished, queued)
        signals.failed.connect(self.failed, queued)
        signals.cancelled.connect(self.cancelled, queued)
        self.done = False

    def cancel(self) -> None:
        self.channel.cancel_flag.set()

    def is_cancelled(self) -> bool:
        return self.channel.is_cancelled()


class _Job(QRunnable):
    def __init__(self, channel: _Channel, name: str, fn: Callable[..., Any], args, kwargs) -> None:
        super().__init__()
        self.channel = channel
        self.name = name
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.setAutoDelete(True)

    def run(self) -> None:  # pool thread
        channel = self.channel
        signals = channel.signals
        try:
            with gc_paused:
                result = self.fn(
                    *self.args,
                    progress=channel.report,
                    cancelled=channel.is_cancelled,
                    **self.kwargs,
                )
        except Cancelled:
            _emit(signals.cancelled)
            return
        except Exception as exc:  # delivered to the GUI, which shows a friendly message
            if not getattr(exc, "problems", None):
                log.exception("task %s failed", self.name)
            if channel.is_cancelled():
                _emit(signals.cancelled)
            else:
                _emit(signals.failed, exc)
            return
        if channel.is_cancelled():
            _emit(signals.cancelled)
        else:
            _emit(signals.finished, result)


class TaskRunner(QObject):
    """Starts named tasks; a new task of a name cancels the previous one."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        _collect_on_the_gui_thread_only()
        self._pool = pool or QThreadPool.globalInstance()
        self._current: dict[str, TaskHandle] = {}
        # jobs go to the pool once the event loop runs again: new scores reach ten
        # pages in one signal, each drawing its part and starting a task; started at
        # once, the tasks would take the interpreter from the pages still drawing
        # (~20 ms of drawing took ~150 ms)
        self._pending: list[_Job] = []
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(0)
        self._flush_timer.timeout.connect(self._flush)

    def start(self, name: str, fn: Callable[..., Any], *args, **kwargs) -> TaskHandle:
        """Run ``fn(*args, progress=…, cancelled=…, **kwargs)`` in the pool.

        Connect to the returned handle's signals right away; they are queued,
        so nothing is delivered before control returns to the event loop.
        """
        previous = self._current.get(name)
        if previous is not None and not previous.done:
            previous.cancel()
        handle = TaskHandle(name, self)
        self._current[name] = handle

        def _settle(*_: object) -> None:
            handle.done = True
            if self._current.get(name) is handle:
                del self._current[name]
            handle.deleteLater()

        # connected first, so it runs after the caller's slots (Qt calls in order)
        handle.finished.connect(_settle, type=_queued_after())
        handle.failed.connect(_settle, type=_queued_after())
        handle.cancelled.connect(_settle, type=_queued_after())
        self._pending.append(_Job(handle.channel, name, fn, args, kwargs))
        self._flush_timer.start()
        return handle

    def _flush(self) -> None:
        """Hand the jobs started since the event loop last ran to the pool (a job
        cancelled meanwhile only reports that it was cancelled)."""
        self._flush_timer.stop()
        pending, self._pending = self._pending, []
        for job in pending:
            if job.channel.is_cancelled():
                job.channel.signals.cancelled.emit()
            else:
                self._pool.start(job)

    def cancel(self, name: str) -> None:
        handle = self._current.get(name)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        """Cancel every task in flight or waiting (their window is closing)."""
        for handle in self._current.values():
            handle.cancel()
        for job in self._pending:
            job.channel.cancel_flag.set()

    def is_running(self, name: str) -> bool:
        return name in self._current

    def wait(self, msecs: int = 30000) -> bool:
        self._flush()  # the jobs not handed over yet are waited for too
        return self._pool.waitForDone(msecs)


def _queued_after():
    from PySide6.QtCore import Qt

    # queued: the handle is deleted only after every slot of this emission ran
    return Qt.ConnectionType.QueuedConnection
