"""Progress and cancellation shared by every long core operation (load, evaluate, export).

A long core function takes two optional callables and knows nothing of threads:

- ``progress(fraction, text)``: ``fraction`` from 0 to 1, ``text`` what is being done;
- ``cancelled()``: true once the user asked to stop; the function then raises
  :class:`Cancelled` at the next safe point.

The UI's worker (``workbench.ui.workers``) supplies both; tests pass plain
functions; the command line passes neither.
"""

from collections.abc import Callable

#: ``progress(fraction, text)``: how far a long operation is, 0–1, and what it does now
Progress = Callable[[float, str], None]
#: ``cancelled()``: true once the user asked to stop
CancelCheck = Callable[[], bool]


class Cancelled(Exception):
    """The user cancelled; nothing was written and nothing half-done is kept."""
