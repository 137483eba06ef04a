"""Memory housekeeping for big loads and evaluations."""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")


class _GcPause:
    """Automatic garbage collection is paused while any big piece of work runs.

    Reading a big file allocates millions of small objects (a workbook's rows
    are a list per row); CPython's full collections then walk all of them while
    holding the GIL: ~15 % of reading a 100,000-row workbook, and a window
    frozen for over a second per collection when the app loaded one beside it
    (tests/benchmarks/bench_gui_stall.py). When the last piece of work ends, the
    survivors are moved to the permanent generation (``gc.freeze``) so later
    collections skip them, and collection resumes. Memory is still freed by
    reference counting meanwhile. Re-entrant and shared by threads: the app's
    tasks, the command line and the readers all use the one pause.

    A process whose collections must happen on one thread (the app: a
    collection frees whatever garbage it finds, and a closed dialog freed on
    a worker thread crashes Qt) calls :meth:`collect_only_on_request`;
    collection then never resumes by itself, and that thread calls
    :func:`collect_if_due`.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._was_enabled = False
        self._on_request = False

    def __enter__(self) -> None:
        with self._lock:
            self._running += 1
            if self._running == 1:
                self._was_enabled = gc.isenabled()
                gc.disable()

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0 and (self._was_enabled or self._on_request):
                gc.freeze()
                if self._was_enabled:
                    gc.enable()

    @property
    def running(self) -> bool:
        """Whether a piece of work is running now."""
        return self._running > 0

    def collect_only_on_request(self) -> None:
        """Turn automatic collection off for good, also after work in flight ends."""
        with self._lock:
            self._on_request = True
            self._was_enabled = False
            gc.disable()


#: ``with gc_paused:`` — the process's one pause of automatic collection
gc_paused = _GcPause()


def collect_if_due() -> int | None:
    """Collect as automatic collection would at this moment, on the caller's thread.

    The generation is the oldest whose count has passed its threshold; nothing
    is collected while a piece of work runs (:data:`gc_paused`: its end freezes
    what survived, so the next collection stays short). Returns the generation
    collected, or None.
    """
    if gc_paused.running:
        return None
    counts, thresholds = gc.get_count(), gc.get_threshold()
    due = [g for g in range(3) if thresholds[g] and counts[g] > thresholds[g]]
    if not due:
        return None
    gc.collect(due[-1])
    return due[-1]


def pausing_gc(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn``, run with automatic collection paused (:data:`gc_paused`)."""

    @functools.wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with gc_paused:
            return fn(*args, **kwargs)

    return run


def give_back_memory() -> None:
    """Return freed heap memory to the system after a big load (glibc only; else nothing).

    numpy temporaries below glibc's mmap threshold (up to 32 MB) come from the
    heap; once freed, the heap keeps them, so a 7M-row load would hold a few
    hundred MB it no longer uses while the evaluation allocates afresh.
    """
    global _TRIM
    if _TRIM is None:
        try:
            import ctypes

            # the symbols already loaded into the process: glibc's on Linux
            # (ctypes.util.find_library would start a subprocess to look)
            process = ctypes.CDLL(None)
            _TRIM = getattr(process, "malloc_trim", False)
        except (OSError, AttributeError, TypeError):
            _TRIM = False
    if _TRIM:
        _TRIM(0)


_TRIM = None


#: glibc's mallopt parameter for the size from which memory is mapped, not heap
_M_MMAP_THRESHOLD = -3
#: arrays from this size on are mapped (and unmapped when freed) once asked
MAPPED_FROM = 4 << 20


def prefer_mapped_memory() -> None:
    """Map every allocation of 4 MB or more straight from the system (glibc only).

    glibc takes arrays below its mmap threshold — which grows to 32 MB as big
    arrays are freed — from the heap, where freed ones leave holes the next
    arrays do not fit, so a 7M-row evaluation held ~100 MB more than it used.
    Mapped memory goes back the moment it is freed. The price is a page fault
    per page of each new array (~10 % slower at 7M rows), so only files too
    big to be comfortable in memory ask for it; the setting then stays.
    """
    global _MAPPED
    if _MAPPED:
        return
    _MAPPED = True
    try:
        import ctypes

        mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
        if mallopt is not None:
            mallopt(_M_MMAP_THRESHOLD, MAPPED_FROM)
    except (OSError, AttributeError, TypeError):
        pass


_MAPPED = False
