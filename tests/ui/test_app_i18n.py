"""Korean UI: a complete catalog, a live switch, and no English string left on screen."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTabWidget,
    QWidget,
)

from workbench.paths import translations_dir
from workbench.ui import i18n
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import Settings

TS = translations_dir() / "workbench_ko.ts"


def _messages():
    root = ET.parse(TS).getroot()
    for context in root.iter("context"):
        for message in context.iter("message"):
            yield context.findtext("name"), message


def test_the_catalog_has_no_unfinished_entries():
    unfinished = [
        (ctx, m.findtext("source"))
        for ctx, m in _messages()
        if m.find("translation").get("type") == "unfinished"
        or not (m.findtext("translation") or "").strip()
    ]
    assert unfinished == []
    assert (translations_dir() / "workbench_ko.qm").exists()


def _english_sources() -> set[str]:
    """English sources whose Korean differs (so seeing them in Korean UI is a miss)."""
    out = set()
    for _ctx, m in _messages():
        source = m.findtext("source") or ""
        if source != (m.findtext("translation") or "") and any(c.isalpha() for c in source):
            out.add(source)
    return out


def _from_pyqtgraph(obj) -> bool:
    while obj is not None:
        if type(obj).__module__.startswith("pyqtgraph"):
            return True
        obj = obj.parent()
    return False


def _visible_texts(window: MainWindow) -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []

    def add(owner, value):
        if value:
            texts.append((owner, value.replace("&", "")))

    for widget in [window, *window.findChildren(QWidget)]:
        if _from_pyqtgraph(widget):
            continue
        name = f"{type(widget).__name__}:{widget.objectName()}"
        add(name, widget.toolTip())
        add(name, widget.windowTitle() if widget.isWindow() else "")
        if isinstance(widget, QLabel):
            add(name, widget.text())
        if isinstance(widget, QAbstractButton):
            add(name, widget.text())
        if isinstance(widget, QLineEdit):
            add(name, widget.placeholderText())
        if isinstance(widget, QGroupBox):
            add(name, widget.title())
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                add(name, widget.itemText(i))
        if isinstance(widget, QListWidget):
            for i in range(widget.count()):
                add(name, widget.item(i).text())
        if isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                add(name, widget.tabText(i))
        if isinstance(widget, QMenu):
            add(name, widget.title())
    for action in window.findChildren(QAction):
        if _from_pyqtgraph(action):
            continue  # pyqtgraph's own context menus (its strings, not ours)
        add(f"QAction:{action.objectName()}", action.text())
        add(
            f"QAction:{action.objectName()}",
            action.toolTip() if action.toolTip() != action.text().replace("&", "") else "",
        )
    return texts


def test_switching_to_korean_leaves_no_english_string(qtbot):
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.show()
    english_title = window.windowTitle()
    window.language_actions["ko"].trigger()  # live, no restart
    qtbot.waitUntil(lambda: window.windowTitle() == "검색 평가 워크벤치", timeout=5000)
    assert english_title != window.windowTitle()
    assert window.file_menu.title() == "파일(&F)"
    assert Settings().language == "ko"
    sources = _english_sources()
    leftovers = [(owner, text) for owner, text in _visible_texts(window) if text in sources]
    assert leftovers == [], "\n".join(f"{o}: {t!r}" for o, t in leftovers)
    # and back
    window.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: window.windowTitle() == english_title, timeout=5000)
    assert i18n.current_language() == "en"


def test_the_english_walk_does_find_english_strings(qtbot):
    """The check above can fail: in English the same walk finds catalog sources."""
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    sources = _english_sources()
    assert sum(text in sources for _o, text in _visible_texts(window)) > 20


def test_import_dialog_is_korean_too(qtbot, demo_files):
    from workbench.ui.views.import_dialog import ImportDialog

    i18n.install_language("ko")
    dialog = ImportDialog(demo_files["judgments"], "judgments", settings=Settings())
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.inspected, timeout=30000):
        pass
    sources = _english_sources()
    texts = [dialog.windowTitle(), dialog.load_button.text(), dialog.checks_label.text()]
    texts += [w.text() for w in dialog.findChildren(QLabel)]
    for combo in dialog.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    assert [t for t in texts if t in sources] == []
    assert "등급" in [dialog.role_combo(h).currentText() for h in dialog.current_sheet().headers]


def test_language_follows_the_saved_choice_then_the_system(qtbot):
    from argparse import Namespace

    from workbench.ui.app import choose_language

    settings = Settings()
    settings.language = None
    assert choose_language(None, settings) == i18n.system_language()
    settings.language = "ko"
    assert choose_language(None, settings) == "ko"
    assert choose_language(Namespace(lang="en").lang, settings) == "en"
