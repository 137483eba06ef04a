"""Help ▸ User guide (F1) and the "?" beside each page's name open the guide at
the right chapter; the guide is searched with Enter, follows the language and the
font size of the app, and does not block the main window."""

from __future__ import annotations

import gc

from _gestures import press, type_into
from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings
from workbench.ui.views.guide import GuideWindow, guide_chapters, guide_path


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _guide(qtbot, window: MainWindow) -> GuideWindow:
    qtbot.waitUntil(lambda: window.guide_window is not None and window.guide_window.isVisible())
    guide = window.guide_window
    qtbot.waitExposed(guide)
    return guide


def _open_with_f1(qtbot, window: MainWindow) -> GuideWindow:
    """F1, typed where the focus is in the active window."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_F1)
    return _guide(qtbot, window)


def _help_button(qtbot, window: MainWindow, key: str):
    """The "?" of a page, once the sidebar has placed it beside the page's name."""
    button = window.page_help.button(key)
    qtbot.waitUntil(button.isVisible)
    return button


def _font_size(window: MainWindow, size: str) -> None:
    """View ▸ Font size, with the windows of earlier tests gone for good first: the
    change walks every widget, and a window Python collects during the walk crashes it."""
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    window.font_actions[size].trigger()


def _heading_at_top(guide: GuideWindow, key: str) -> bool:
    """The chapter's heading is the first line of the view (or, for a chapter near
    the end that cannot scroll so far, the view is at its end with the heading in it)."""
    title = dict(guide_chapters(guide_path(_lang()).read_text(encoding="utf-8")))[key]
    doc = guide.browser.document()
    block = doc.begin()
    while block.isValid() and block.text().strip() != title:
        block = block.next()
    assert block.isValid(), f"no heading {title!r}"
    top = doc.documentLayout().blockBoundingRect(block).top()
    bar = guide.browser.verticalScrollBar()
    if bar.value() == bar.maximum() and bar.maximum() < top:
        return top - bar.value() < guide.browser.viewport().height()
    return abs(top - bar.value()) <= 4


def _lang() -> str:
    from workbench.ui import i18n

    return i18n.current_language()


def test_every_page_of_the_sidebar_has_a_chapter_in_both_languages(qtbot):
    window = _window(qtbot)
    ko = guide_chapters(guide_path("ko").read_text(encoding="utf-8"))
    en = guide_chapters(guide_path("en").read_text(encoding="utf-8"))
    assert [k for k, _ in ko] == [k for k, _ in en]
    keys = {k for k, _ in ko}
    assert set(window.page_keys()) <= keys
    assert {"first-steps", "measures", "diagnosis", "protocol", "files"} <= keys


def test_f1_opens_the_guide_beside_the_window_at_the_page_shown(qtbot):
    window = _window(qtbot)
    bar = window.sidebar
    press(
        bar.viewport(), bar.visualItemRect(bar.item(window.page_keys().index("judging"))).center()
    )
    assert window.current_page_key() == "judging"
    # a menu's shortcut works in the active window, where the focus is
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_F1)
    guide = _guide(qtbot, window)
    assert not guide.isModal() and window.isEnabled()
    assert guide.windowTitle() == "User guide"
    qtbot.waitUntil(lambda: _heading_at_top(guide, "judging"))
    assert guide.contents.currentItem().text() == "Judging"


def test_the_menu_item_opens_the_guide(qtbot):
    window = _window(qtbot)
    action = window.actions_by_key["guide"]
    assert action in window.help_menu.actions()
    assert action.text() == "User guide" and action.shortcut().toString() == "F1"
    assert action.isEnabled()
    # 도움말 in the menu bar, then the item in the menu it opens
    bar = window.menuBar()
    press(bar, bar.actionGeometry(window.help_menu.menuAction()).center())
    qtbot.waitUntil(window.help_menu.isVisible)
    press(window.help_menu, window.help_menu.actionGeometry(action).center())
    guide = _guide(qtbot, window)
    qtbot.waitUntil(lambda: _heading_at_top(guide, "start"))


def test_the_question_mark_beside_each_page_opens_its_chapter(qtbot):
    window = _window(qtbot)
    for key in window.page_keys():
        button = _help_button(qtbot, window, key)
        row = window.sidebar.visualItemRect(window.sidebar.item(window.page_keys().index(key)))
        assert row.contains(button.geometry()), key  # beside the page's name, in its row
        assert button.geometry().left() > row.center().x()  # at the row's end
        assert button.toolTip() == "Guide to this screen"
        press(button)
        guide = _guide(qtbot, window)
        qtbot.waitUntil(lambda g=guide, k=key: _heading_at_top(g, k))
        assert guide.contents.currentItem().data(Qt.ItemDataRole.UserRole) == key


def test_a_chapter_chosen_in_the_contents_comes_to_the_top(qtbot):
    window = _window(qtbot)
    guide = _open_with_f1(qtbot, window)
    keys = [
        guide.contents.item(i).data(Qt.ItemDataRole.UserRole) for i in range(guide.contents.count())
    ]
    row = keys.index("measures")
    rect = guide.contents.visualItemRect(guide.contents.item(row))
    press(guide.contents.viewport(), rect.center())
    qtbot.waitUntil(lambda: _heading_at_top(guide, "measures"))


def test_search_jumps_to_each_match_with_enter_and_says_when_there_is_none(qtbot):
    window = _window(qtbot)
    guide = _open_with_f1(qtbot, window)
    type_into(guide.search, "Krippendorff")
    QTest.keyClick(guide.search, Qt.Key.Key_Return)
    first = guide.browser.textCursor()
    assert first.selectedText() == "Krippendorff"
    total = guide.browser.toPlainText().count("Krippendorff")
    assert total >= 2
    assert guide.search_status.text() == f"1 of {total}"
    # the match is in view, and the contents show its chapter
    assert guide.browser.viewport().rect().contains(guide.browser.cursorRect(first).center())
    assert guide.contents.currentItem().text() == "The judging protocol, step by step"
    QTest.keyClick(guide.search, Qt.Key.Key_Return)
    assert guide.browser.textCursor().selectionStart() > first.selectionStart()
    assert guide.search_status.text() == f"2 of {total}"
    assert len(guide.browser.extraSelections()) == total  # every match is shaded

    type_into(guide.search, "no such words anywhere")
    QTest.keyClick(guide.search, Qt.Key.Key_Return)
    assert guide.search_status.text() == "Not found"
    assert guide.browser.extraSelections() == []


def test_the_guide_follows_the_language_live_and_keeps_its_chapter(qtbot):
    window = _window(qtbot)
    press(_help_button(qtbot, window, "agreement"))
    guide = _guide(qtbot, window)
    qtbot.waitUntil(lambda: _heading_at_top(guide, "agreement"))
    window.language_actions["ko"].trigger()
    # Qt posts the language change to every window
    qtbot.waitUntil(lambda: guide.windowTitle() == "사용 안내")
    assert guide.contents.item(0).text() == "시작"
    assert "평가자 일치도" in guide.browser.toPlainText()
    qtbot.waitUntil(lambda: _heading_at_top(guide, "agreement"))
    type_into(guide.search, "xyzzy")
    QTest.keyClick(guide.search, Qt.Key.Key_Return)
    assert guide.search_status.text() == "찾지 못했습니다"
    assert window.page_help.button("overview").toolTip() == "이 화면의 사용 안내"
    assert window.actions_by_key["guide"].text() == "사용 안내"
    window.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: guide.contents.item(0).text() == "Start")


def test_the_guide_follows_the_font_size(qtbot):
    window = _window(qtbot)
    guide = _open_with_f1(qtbot, window)
    normal = guide.browser.document().defaultFont().pointSizeF()
    _font_size(window, "very_large")
    try:
        qtbot.waitUntil(lambda: guide.browser.document().defaultFont().pointSizeF() > normal)
        assert guide.browser.font().pointSizeF() == QApplication.font().pointSizeF()
    finally:
        _font_size(window, "normal")


def test_the_question_marks_leave_the_korean_page_names_whole_at_the_largest_font(qtbot):
    window = _window(qtbot)
    window.language_actions["ko"].trigger()
    qtbot.waitUntil(lambda: window.sidebar.item(0).text() == "시작")
    _font_size(window, "very_large")
    try:
        sidebar = window.sidebar
        for row, key in enumerate(window.page_keys()):
            button = _help_button(qtbot, window, key)
            item = sidebar.item(row)
            rect = sidebar.visualItemRect(item)
            qtbot.waitUntil(lambda b=button, r=rect: r.contains(b.geometry()))
            text_right = (
                rect.left()
                + 6
                + sidebar.iconSize().width()
                + sidebar.fontMetrics().horizontalAdvance(item.text())
            )
            assert text_right < button.geometry().left(), item.text()
    finally:
        _font_size(window, "normal")
