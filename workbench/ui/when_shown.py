"""Refresh a page when the user looks at it, not while it is hidden.

Every grade given brings new scores, and every page used to redraw itself at
once: on the demo about 0.6 s of the window's time per grade went to pages
nobody was looking at (the diagnosis, the answers, the agreement and the
comparison tables), so grading with the keys stuttered. A page hands its
redraw to :class:`WhenShown`; it runs at once when the page is on screen, else
once, with the latest data, when the page is next shown.

The data itself is kept current (the page stores it before asking), so
whatever reads it — a report, another page — never waits for a redraw.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class WhenShown(QObject):
    """Runs a widget's redraw now when it is visible, else when it is next shown."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self._pending: Callable[[], None] | None = None
        widget.installEventFilter(self)

    @property
    def pending(self) -> bool:
        """A redraw waits for the widget to be shown."""
        return self._pending is not None

    def run(self, redraw: Callable[[], None]) -> None:
        """``redraw()`` now if the widget is on screen, else on its next show (a
        later call replaces an earlier one that has not run).

        Only a widget hidden in a window that is on screen (another page or tab
        in front of it) waits: with no window shown at all (the window being
        built, a page driven by a script or a test, an export rendered off
        screen) there is nothing in front to keep responsive, and the caller
        expects the page drawn."""
        widget = self._widget
        if widget.isVisible() or not widget.window().isVisible():
            self._pending = None
            redraw()
        else:
            self._pending = redraw

    def take(self) -> bool:
        """Forget the waiting redraw (the caller draws in its own way); True when
        one was waiting."""
        waiting, self._pending = self._pending is not None, None
        return waiting

    def flush(self) -> None:
        """Run the waiting redraw now (a caller that needs the page drawn)."""
        redraw, self._pending = self._pending, None
        if redraw is not None:
            redraw()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self._widget and event.type() == QEvent.Type.Show:
            self.flush()
        return False
