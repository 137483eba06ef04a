"""A main window on the demo, shown at a laptop's size, its scores computed."""

from __future__ import annotations

from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TIMEOUT = 60000


def demo_window(qtbot, size: tuple[int, int] = (1280, 800)) -> MainWindow:
    """Shown, the demo opened, the scores computed and nothing running (at the
    font and language in force)."""
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    with qtbot.waitSignal(window.sources_loaded, timeout=TIMEOUT):
        window.open_demo()
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=TIMEOUT)
    return window
