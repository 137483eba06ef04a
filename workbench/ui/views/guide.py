"""Help ▸ User guide (F1): the in-app guide, and the "?" beside each page's name.

The guide's text is HTML kept as a resource, one file per language
(``resources/guide/ko.html``, ``en.html``), simple to edit; each chapter is an
``<h2>`` whose anchor (``<a name="overview">``) is a sidebar page's key or a
topic of its own (``measures``, ``protocol`` …). The window lists the chapters
on the left and shows the text on the right; it follows the application's
language (switching live) and font size (its text has no size of its own).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QTextBlock, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.paths import resources_dir
from workbench.ui import i18n

# a chapter's heading: its anchor (the key "?" and the contents open it by) and title
_CHAPTER = re.compile(r'<h2><a name="([\w-]+)"></a>(.*?)</h2>', re.S)
_TAG = re.compile(r"<[^>]+>")

# the sidebar grows for its page names and their "?" up to this: at the largest
# font the Korean names fit, and the pages keep the room they need on a 1280-pixel
# screen (tests/ui/test_largest_font.py); a longer name is elided, as before
_WIDEST_SIDEBAR = 204

# every match of the search is shaded; the current one is the selection
_MATCH_BACKGROUND = QColor(255, 236, 140)


def guide_path(lang: str) -> Path:
    """The guide's file in ``lang`` (English where there is none in that language)."""
    path = resources_dir() / "guide" / f"{lang}.html"
    return path if path.is_file() else resources_dir() / "guide" / "en.html"


def guide_chapters(text: str) -> list[tuple[str, str]]:
    """``(anchor, title as plain text)`` of each chapter of a guide, in order."""
    return [
        (key, html.unescape(_TAG.sub("", title)).strip()) for key, title in _CHAPTER.findall(text)
    ]


class GuideWindow(QWidget):
    """The guide: the chapters on the left, the text on the right, a search field above."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("guide")
        self._lang = ""
        self._chapters: list[tuple[str, str]] = []
        self._headings: dict[str, QTextBlock] = {}

        self.search = QLineEdit()
        self.search.setObjectName("guide_search")
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.find_next)
        self.search.textChanged.connect(self._mark_matches)
        self.search_status = QLabel()
        self.search_status.setObjectName("guide_search_status")
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.search_status)

        self.contents = QListWidget()
        self.contents.setObjectName("guide_contents")
        self.contents.currentItemChanged.connect(self._on_contents)
        # a long chapter title wraps rather than scrolling the list sideways
        self.contents.setWordWrap(True)
        self.contents.setSpacing(2)
        self.contents.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.contents.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.contents.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.browser = QTextBrowser()
        self.browser.setObjectName("guide_text")
        self.browser.setOpenExternalLinks(False)
        # the contents show the chapter being read, however it was reached
        self.browser.verticalScrollBar().valueChanged.connect(self._follow_reading)
        self._pending_chapter = ""
        self._scroll_later = QTimer(self)
        self._scroll_later.setSingleShot(True)
        self._scroll_later.setInterval(0)
        self._scroll_later.timeout.connect(self._scroll_to_pending)

        right = QWidget()
        right_box = QVBoxLayout(right)
        right_box.setContentsMargins(0, 0, 0, 0)
        right_box.addLayout(search_row)
        right_box.addWidget(self.browser, 1)
        splitter = QSplitter()
        splitter.setObjectName("guide_split")
        splitter.addWidget(self.contents)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 720])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.resize(1000, 700)
        self.retranslate()

    # -- the text -----------------------------------------------------------------------
    def _load(self, lang: str) -> None:
        """Show the guide in ``lang``, at the chapter shown before (if any)."""
        # the chapter being read, as the contents show it
        current = self.contents.currentItem()
        shown = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        text = guide_path(lang).read_text(encoding="utf-8")
        self._lang = lang
        self._chapters = guide_chapters(text)
        self.browser.setHtml(text)
        self._find_headings()
        self.contents.blockSignals(True)
        self.contents.clear()
        for key, title in self._chapters:
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.contents.addItem(item)
        self.contents.blockSignals(False)
        self._mark_matches()
        if shown:
            self.show_chapter(shown)

    def chapter_keys(self) -> list[str]:
        return [key for key, _title in self._chapters]

    def chapter_title(self, key: str) -> str:
        return dict(self._chapters).get(key, "")

    def show_chapter(self, key: str) -> bool:
        """Scroll the chapter ``key`` to the top of the text; False when there is none."""
        if key not in self.chapter_keys():
            return False
        self.browser.scrollToAnchor(key)
        # a window being shown or resized reflows the text after this: once more then
        self._pending_chapter = key
        self._scroll_later.start()
        row = self.chapter_keys().index(key)
        self._select_in_contents(row)
        return True

    def _scroll_to_pending(self) -> None:
        self.browser.scrollToAnchor(self._pending_chapter)

    def _select_in_contents(self, row: int) -> None:
        self.contents.blockSignals(True)
        self.contents.setCurrentRow(row)
        self.contents.blockSignals(False)

    def _follow_reading(self) -> None:
        key = self.chapter_at_top()
        if key is not None and not self._scroll_later.isActive():
            self._select_in_contents(self.chapter_keys().index(key))

    def chapter_at_top(self) -> str | None:
        """The chapter whose text is at the top of the view."""
        top = self.browser.verticalScrollBar().value()
        at_top = None
        for key, title in self._chapters:
            if self._heading_top(title) > top + 2:
                break
            at_top = key
        return at_top

    def _heading_top(self, title: str) -> float:
        block = self._headings.get(title)
        if block is None:
            return float("inf")
        return self.browser.document().documentLayout().blockBoundingRect(block).top()

    def _find_headings(self) -> None:
        """Each chapter's heading block (the level-2 headings, in order)."""
        blocks = []
        block = self.browser.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() == 2:
                blocks.append(block)
            block = block.next()
        self._headings = {title: b for (_key, title), b in zip(self._chapters, blocks)}

    def _on_contents(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is not None:
            self.show_chapter(item.data(Qt.ItemDataRole.UserRole))

    # -- search -----------------------------------------------------------------------------
    def _matches(self) -> list[QTextCursor]:
        needle = self.search.text().strip()
        doc = self.browser.document()
        found: list[QTextCursor] = []
        if not needle:
            return found
        cursor = doc.find(needle, 0)
        while not cursor.isNull():
            found.append(cursor)
            cursor = doc.find(needle, cursor)
        return found

    def _mark_matches(self) -> None:
        """Shade every match of the search text; say when there is none."""
        matches = self._matches()
        shade = QTextCharFormat()
        shade.setBackground(_MATCH_BACKGROUND)
        selections = []
        for cursor in matches:
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor
            selection.format = shade
            selections.append(selection)
        self.browser.setExtraSelections(selections)
        if self.search.text().strip() and not matches:
            self.search_status.setText(self.tr("Not found"))
        else:
            self.search_status.setText("")

    def find_next(self) -> bool:
        """Select the next match after the selection (from the top after the last one)."""
        needle = self.search.text().strip()
        if not needle:
            return False
        matches = self._matches()
        if not matches:
            self.search_status.setText(self.tr("Not found"))
            return False
        after = self.browser.textCursor().selectionEnd()
        index = next((i for i, c in enumerate(matches) if c.selectionStart() >= after), 0)
        self._scroll_later.stop()  # the match, not a chapter asked for before it
        self.browser.setTextCursor(matches[index])
        # the match a third of the way down the view, with what leads up to it above
        bar = self.browser.verticalScrollBar()
        found_at = self.browser.cursorRect(matches[index]).top()
        bar.setValue(bar.value() + found_at - self.browser.viewport().height() // 3)
        self.search_status.setText(
            self.tr("{current} of {total}").format(current=index + 1, total=len(matches))
        )
        return True

    # -- language -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("User guide"))
        self.search.setPlaceholderText(self.tr("Find in the guide (Enter: next)"))
        if i18n.current_language() != self._lang:
            self._load(i18n.current_language())
        elif self.search_status.text():
            self._mark_matches()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class PageHelpButtons(QObject):
    """A small "?" at the end of each page's name in the sidebar: it opens the
    guide at that page's chapter (:attr:`requested` sends the page's key)."""

    requested = Signal(str)

    def __init__(self, sidebar: QListWidget) -> None:
        super().__init__(sidebar)
        self.sidebar = sidebar
        self.buttons: dict[str, tuple[QToolButton, QListWidgetItem]] = {}
        # the sidebar's width as the window made it: it grows past that only
        # when a page's name and its "?" need more (a large font)
        self._least_width = sidebar.minimumWidth()
        # the rows have their places once the list is laid out: placed after it,
        # by a timer that goes with the sidebar
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self.place)
        sidebar.viewport().installEventFilter(self)
        sidebar.installEventFilter(self)
        sidebar.verticalScrollBar().valueChanged.connect(self.place)

    def add(self, key: str, item: QListWidgetItem) -> QToolButton:
        button = QToolButton(self.sidebar.viewport())
        button.setObjectName(f"help:{key}")
        button.setText("?")
        button.setAutoRaise(True)
        button.setCursor(Qt.CursorShape.WhatsThisCursor)
        button.setVisible(False)  # shown by place(), once its row has a place
        button.clicked.connect(lambda _checked=False, k=key: self.requested.emit(k))
        self.buttons[key] = (button, item)
        self.retranslate()
        self._later.start()
        return button

    def button(self, key: str) -> QToolButton | None:
        entry = self.buttons.get(key)
        return entry[0] if entry else None

    def place(self) -> None:
        """Each "?" at the right end of its row, centred on it."""
        # as narrow as its "?": the page's name keeps the row's width at any font size
        width = self._help_width()
        for button, item in self.buttons.values():
            rect = self.sidebar.visualItemRect(item)
            button.resize(width, button.sizeHint().height())
            button.move(rect.right() - width - 2, rect.center().y() - button.height() // 2)
            button.setVisible(rect.isValid() and not item.isHidden())

    def _help_width(self) -> int:
        return self.sidebar.fontMetrics().horizontalAdvance("?") + 8

    def fit_width(self) -> None:
        """Make the sidebar wide enough for its longest page name beside its icon
        and its "?", never narrower than the window made it nor wider than
        :data:`_WIDEST_SIDEBAR`."""
        if not self.buttons or self._least_width <= 0:
            return
        metrics = self.sidebar.fontMetrics()
        longest = max(metrics.horizontalAdvance(item.text()) for _b, item in self.buttons.values())
        # the row's padding (left 6, right the "?" and its margin: the style sheet's
        # 22), the icon, the style's margins around icon and text, the list's spacing
        needed = 6 + self.sidebar.iconSize().width() + 24 + longest + 22 + 4
        width = min(max(self._least_width, needed), _WIDEST_SIDEBAR)
        if width != self.sidebar.width():
            self.sidebar.setFixedWidth(width)
        self._later.start()

    def retranslate(self) -> None:
        for button, _item in self.buttons.values():
            button.setToolTip(self.tr("Guide to this screen"))
        self.fit_width()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.FontChange and watched is self.sidebar:
            self.fit_width()
        elif event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.FontChange):
            self._later.start()
        return False
