"""What the main window expects of a page, and the undo/shortcut wiring pages share.

Every page of the sidebar is a :class:`Page`: the main window connects its
:attr:`Page.questions_requested`, keeps its :meth:`Page.view_state` in the
project file and gives it back with :meth:`Page.restore_view_state`, collects
the charts it offers for saving (:meth:`Page.charts_to_save`) and names it
with :meth:`Page.page_title` when the window has no title of its own for it.
A page that has nothing to say keeps the defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QToolButton, QWidget

from workbench.ui.state import AppState

#: a key of a page shortcut: text ("J", "Alt+Down") or a standard key
ShortcutKey = str | QKeySequence.StandardKey


class Page(QWidget):
    """A page of the main window (the defaults: nothing to report or restore)."""

    #: the user chose questions on this page (a chart point, a table row); the
    #: main window opens them in Question review: ``(question ids, where chosen)``
    questions_requested = Signal(list, object)

    def retranslate(self) -> None:
        """Set every text of the page in the language installed now."""

    def page_title(self) -> str | None:
        """The sidebar's name for a page the main window does not name itself."""
        return None

    def view_state(self) -> dict | None:
        """What the project file keeps of this page's view (None: nothing)."""
        return None

    def restore_view_state(self, state: dict) -> None:
        """Show the view :meth:`view_state` returned, when a project is opened."""

    def reset_view(self) -> None:
        """Forget the view of the study that was closed (a new study starts)."""

    def charts_to_save(self) -> list[tuple[str, QWidget]]:
        """The charts worth saving now, as ``(translated name, chart widget)``."""
        return []


def share_undo(
    page: QWidget, state: AppState, undo_button: QToolButton, redo_button: QToolButton
) -> None:
    """The study's Undo and Redo (one pair for every page) on this page: its keys
    work while the page has focus, and the page's buttons show and trigger them."""
    page.undo_action, page.redo_action = state.undo_action, state.redo_action
    page.addAction(state.undo_action)
    page.addAction(state.redo_action)
    for button, action in ((undo_button, state.undo_action), (redo_button, state.redo_action)):
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)


class _OwnArrowKeys(QObject):
    """Up and Down go to the widget with the focus, not to the page's shortcuts."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down)
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            event.accept()  # delivered to the widget as a key press instead
        return False


def keep_arrow_keys(page: QWidget, *widgets: QWidget) -> None:
    """Let ``widgets`` (combo boxes: Up/Down choose the next entry) keep the
    arrow keys that a page's shortcuts (:func:`add_shortcuts`) also use: with
    the focus on one of them, the arrows work it, as a keyboard user expects."""
    keeper = _OwnArrowKeys(page)
    for widget in widgets:
        widget.installEventFilter(keeper)


def add_shortcuts(page: QWidget, keys: Iterable[tuple[ShortcutKey, Callable[[], object]]]) -> None:
    """Keyboard shortcuts that work while the focus is anywhere on ``page`` (and
    only there: the pages share keys such as the grades' digits)."""
    for key, slot in keys:
        shortcut = QShortcut(QKeySequence(key), page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)
