"""Run core functions off the GUI thread, with progress and cancel.

Core functions know nothing of threads: they take ``progress(fraction, text)``
and ``cancelled()`` callables. :class:`TaskRunner` runs them in Qt's thread
pool and delivers ``progress``, ``finished(object)`` and ``failed(object)``
back on the GUI thread (the signal object lives there, so emissions from the
pool thread are queued). Workers never touch widgets, models or plot items.

A new task under the same name cancels the one in flight, and the late result
of a cancelled task is dropped, so the screen never shows stale numbers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from workbench.core.model.cancel import Cancelled
from workbench.core.model.memory import gc_paused

log = logging.getLogger(__name__)

#: progress signals are throttled: more would only flood the event loop
PROGRESS_INTERVAL_S = 0.05


class TaskHandle(QObject):
    """One task's signals, living on the GUI thread."""

    progress = Signal(float, str)
    finished = Signal(object)
    failed = Signal(object)  # the exception (InputError for bad input)
    cancelled = Signal()
    # The worker emits these; each is relayed to its public twin on the GUI
    # thread. A queued emission only reaches the connections that exist when it
    # is emitted, so a fast task could otherwise finish before the caller has
    # connected its slots; the relay's own connection exists from the start.
    _progress_relay = Signal(float, str)
    _finished_relay = Signal(object)
    _failed_relay = Signal(object)
    _cancelled_relay = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        queued = Qt.ConnectionType.QueuedConnection
        self._progress_relay.connect(self.progress, queued)
        self._finished_relay.connect(self.finished, queued)
        self._failed_relay.connect(self.failed, queued)
        self._cancelled_relay.connect(self.cancelled, queued)
        self._cancel = threading.Event()
        self._last_progress = 0.0
        self.done = False

    def cancel(self) -> None:
        self._cancel.set()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def report(self, fraction: float, text: str = "") -> None:
        """Called from the worker thread; throttled."""
        now = time.monotonic()
        if fraction >= 1.0 or now - self._last_progress >= PROGRESS_INTERVAL_S:
            self._last_progress = now
            _deliver(self._progress_relay, float(fraction), text)


def _deliver(relay, *args) -> None:
    """Emit ``relay`` from a pool thread. A handle deleted while its task ran (its
    window closed and gone) has nobody left to tell: the result is dropped, where
    emitting would raise "Signal source has been deleted" in the pool thread."""
    try:
        relay.emit(*args)
    except RuntimeError:
        log.debug("a task finished after its handle was deleted; its result is dropped")


class _Job(QRunnable):
    def __init__(self, handle: TaskHandle, fn: Callable[..., Any], args, kwargs) -> None:
        super().__init__()
        self.handle = handle
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.setAutoDelete(True)

    def run(self) -> None:  # pool thread
        handle = self.handle
        try:
            with gc_paused:
                result = self.fn(
                    *self.args, progress=handle.report, cancelled=handle.is_cancelled, **self.kwargs
                )
        except Cancelled:
            _deliver(handle._cancelled_relay)
            return
        except Exception as exc:  # delivered to the GUI, which shows a friendly message
            if not getattr(exc, "problems", None):
                log.exception("task %s failed", handle.name)
            if handle.is_cancelled():
                _deliver(handle._cancelled_relay)
            else:
                _deliver(handle._failed_relay, exc)
            return
        if handle.is_cancelled():
            _deliver(handle._cancelled_relay)
        else:
            _deliver(handle._finished_relay, result)


class TaskRunner(QObject):
    """Starts named tasks; a new task of a name cancels the previous one."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
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
        self._pending.append(_Job(handle, fn, args, kwargs))
        self._flush_timer.start()
        return handle

    def _flush(self) -> None:
        """Hand the jobs started since the event loop last ran to the pool (a job
        cancelled meanwhile only reports that it was cancelled)."""
        self._flush_timer.stop()
        pending, self._pending = self._pending, []
        for job in pending:
            if job.handle.is_cancelled():
                job.handle._cancelled_relay.emit()
            else:
                self._pool.start(job)

    def cancel(self, name: str) -> None:
        handle = self._current.get(name)
        if handle is not None:
            handle.cancel()

    def is_running(self, name: str) -> bool:
        return name in self._current

    def wait(self, msecs: int = 30000) -> bool:
        self._flush()  # the jobs not handed over yet are waited for too
        return self._pool.waitForDone(msecs)


def _queued_after():
    from PySide6.QtCore import Qt

    # queued: the handle is deleted only after every slot of this emission ran
    return Qt.ConnectionType.QueuedConnection
