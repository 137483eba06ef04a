"""Korean UI: a complete catalog, a live switch, and no English string left on screen."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from _demo_window import demo_window as open_demo_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
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


# -- every page, live switch, both ways ------------------------------------------------
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
#: a run of text without Latin letters or digits, holding Hangul (a Korean phrase)
HANGUL_RUN = re.compile(r"[^A-Za-z0-9\n]*[\uac00-\ud7a3][^A-Za-z0-9\n]*")
WORD = re.compile(r"[A-Za-z]{4,}")
#: each language is named in itself in the View ▸ Language menu, on purpose
SELF_NAMES = {"한국어", "English"}


def _catalog_words() -> tuple[set[str], set[str]]:
    """English words of the catalog's sources, and Latin words its Korean translations
    keep (measure names, trec_eval, Holm, Krippendorff…)."""
    english, kept = set(), set()
    for _ctx, m in _messages():
        english |= {w.lower() for w in WORD.findall(m.findtext("source") or "")}
        kept |= {w.lower() for w in WORD.findall(m.findtext("translation") or "")}
    return english, kept


def _registry_words() -> tuple[set[str], set[str]]:
    """The same for the measure registry's names and explanations (core, not the catalog)."""
    from workbench.core.measures.metrics import parse_measure

    english, kept = set(), set()
    for name in (
        "P@10",
        "Recall@10",
        "Hit@10",
        "MRR@10",
        "MAP@10",
        "nDCG@10",
        "MRR",
        "MAP",
        "R-Prec",
        "Judged@10",
    ):
        m = parse_measure(name)
        english |= {
            w.lower() for w in WORD.findall(m.display_name("en") + " " + m.explanation("en"))
        }
        kept |= {w.lower() for w in WORD.findall(m.display_name("ko") + " " + m.explanation("ko"))}
    return english, kept


def _data_strings(window: MainWindow) -> list[str]:
    """Every text that comes from the user's files (shown as it is in either language)."""
    study = window.state.study
    out: list[str] = []
    js = window.state.judgment_set
    frames = [js.judgments, js.questions, js.passages, js.evidence] if js is not None else []
    frames += [run_set.runs for run_set in window.state.run_sets]
    # the systems' cards of the run workbook's 시스템 정보 sheet
    frames += [run_set.system_info for run_set in window.state.run_sets]
    for frame in frames:
        if frame is None:
            continue
        for column in frame.columns:
            values = frame[column].dropna().unique().tolist()
            out += [v for v in values if isinstance(v, str)]
    out += window.state.systems
    # the diagnosis quotes the study articles' sentences it applies, as written
    from workbench.core.protocol.diagnosis import RULES

    out += [rule.source for rule in RULES]
    for source in study.sources():
        out += [source.path, Path(source.path).name]
    # what the systems answered, its ratings and the rubric of the ratings file
    for src in study.answers.sources:
        for frame in (src.file.answers, src.file.ratings):
            for column in frame.columns:
                values = frame[column].dropna().unique().tolist()
                out += [v for v in values if isinstance(v, str)]
    rubric = study.answers.rubric_in_force()
    for c in rubric.criteria:
        out += [c.name, c.description, *c.levels]
    out.append(window.state.assessor_name())
    # the judgments file's evaluation manual, in the team's words (its labels are
    # the app's own, shown in the UI's language, so they are not data here)
    manual = study.manual_in_force()
    out += [manual.threshold_rule, *manual.principles]
    for rule in manual.grades:
        out += [rule.definition, *(e.text for e in rule.examples)]
    return out


def _item_view_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    out = []
    header = getattr(view, "horizontalHeader", None)
    if header is not None and header().isVisible():
        for c in range(model.columnCount()):
            if view.isColumnHidden(c):
                continue
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(c, Qt.Orientation.Horizontal, role)
                if isinstance(value, str):
                    out.append(value)
    return out


def _page_texts(root: QWidget) -> list[tuple[str, str]]:
    """Texts of the visible widgets under ``root``: labels, buttons, group boxes, line
    edits' placeholders, combo items and their tooltips, list items, tab texts and
    tooltips, table headers and their tooltips, every tooltip, chart titles."""
    from workbench.ui.views.charts import ChartWidget

    texts: list[tuple[str, str]] = []

    def add(owner: str, value) -> None:
        if isinstance(value, str) and value.strip():
            texts.append((owner, value.replace("&", "")))

    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        if isinstance(widget, ChartWidget):
            add("chart", widget._title_text)
            for name in ("bottom", "left"):
                add("chart axis", widget.plot.getAxis(name).labelText)
            for _sample, label in widget.legend.items:
                add("chart legend", label.text)
        if _from_pyqtgraph(widget):
            continue
        name = f"{type(widget).__name__}:{widget.objectName()}"
        add(name, widget.toolTip())
        if widget.isWindow():
            add(name, widget.windowTitle())
        if isinstance(widget, QLabel | QAbstractButton):
            add(name, widget.text())
        if isinstance(widget, QLineEdit):
            add(name, widget.placeholderText())
        if isinstance(widget, QGroupBox):
            add(name, widget.title())
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                add(name, widget.itemText(i))
                add(name, widget.itemData(i, Qt.ItemDataRole.ToolTipRole))
        if isinstance(widget, QListWidget):
            for i in range(widget.count()):
                add(name, widget.item(i).text())
                add(name, widget.item(i).toolTip())
        if isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                add(name, widget.tabText(i))
                add(name, widget.tabToolTip(i))
        if isinstance(widget, QAbstractItemView):
            for text in _item_view_texts(widget):
                add(name, text)
    return texts


def _every_tab(page: QWidget, qtbot) -> list[tuple[str, str]]:
    """The page's texts with each tab (and each tab inside a tab) shown once."""
    texts = _page_texts(page)
    for tabs in [t for t in page.findChildren(QTabWidget) if t.isVisible()]:
        for i in range(tabs.count()):
            tabs.setCurrentIndex(i)
            qtbot.wait(10)
            texts += _page_texts(tabs.widget(i))
            for inner in [t for t in tabs.widget(i).findChildren(QTabWidget) if t.isVisible()]:
                for j in range(inner.count()):
                    inner.setCurrentIndex(j)
                    qtbot.wait(10)
                    texts += _page_texts(inner.widget(j))
    return texts


def _all_pages(window: MainWindow, qtbot) -> list[tuple[str, str, str]]:
    out = []
    for key in window.page_keys():
        window.show_page(key)
        qtbot.wait(30)
        out += [(key, owner, text) for owner, text in _every_tab(window.page(key), qtbot)]
    for action in window.findChildren(QAction):
        if not _from_pyqtgraph(action):
            out.append(("menu", action.objectName(), action.text().replace("&", "")))
            out.append(("menu", action.objectName(), action.toolTip().replace("&", "")))
    out.append(("window", "title", window.windowTitle()))
    return out


def _korean_leftovers(texts, data: list[str]) -> list[tuple[str, str, str]]:
    english, kept = _catalog_words()
    registry_en, registry_kept = _registry_words()
    data_words = {w.lower() for d in data for w in WORD.findall(d)}
    forbidden = (english | registry_en) - kept - registry_kept - data_words
    sources = _english_sources()
    out = []
    for page, owner, text in texts:
        if text in SELF_NAMES:
            continue
        words = {w.lower() for w in WORD.findall(text)}
        if text in sources or words & forbidden:
            out.append((page, owner, text))
    return out


def _english_leftovers(texts, data: list[str]) -> list[tuple[str, str, str]]:
    blob = "\n".join(data)
    out = []
    for page, owner, text in texts:
        if text in SELF_NAMES or not HANGUL.search(text):
            continue
        pieces = re.split(r"\s{2,}|[\[\]\n]| · | — ", text)
        runs = [r.strip(" ·:,.()'\"—–-") for p in pieces for r in HANGUL_RUN.findall(p)]
        if any(r and HANGUL.search(r) and r not in blob for r in runs):
            out.append((page, owner, text))
    return out


@pytest.fixture
def demo_window(qtbot):
    window = open_demo_window(qtbot)
    review = window.page("questions")
    qtbot.waitUntil(lambda: review.index is not None, timeout=60000)
    qtbot.waitUntil(lambda: not window.busy.busy, timeout=60000)
    # a chart drill-down, so the review page's banner is on screen too
    window.show_page("overview")
    chart = window.page("overview").overview_charts.ranks
    window.page("overview").overview_charts.tabs.setCurrentWidget(chart)  # drawn when shown
    qtbot.waitUntil(lambda: bool(chart.hits()), timeout=60000)
    hit = chart.hits()[0]
    assert chart.click_at((hit.x0 + hit.x1) / 2, (hit.y0 + hit.y1) / 2)
    assert window.current_page_key() == "questions"
    compare = window.page("compare")
    qtbot.waitUntil(lambda: len(compare.comparisons) > 0, timeout=60000)
    return window


def test_every_page_switches_to_korean_and_back_live(qtbot, demo_window):
    window = demo_window
    data = _data_strings(window)
    english_first = _all_pages(window, qtbot)
    first = _english_leftovers(english_first, data)
    assert first == [], "\n".join(f"{p} {o}: {t!r}" for p, o, t in first)
    # the walk can fail: in English it sees many catalog words
    assert len(_korean_leftovers(english_first, data)) > 50

    window.language_actions["ko"].trigger()
    qtbot.wait(50)
    leftovers = _korean_leftovers(_all_pages(window, qtbot), data)
    assert leftovers == [], "\n".join(f"{p} {o}: {t!r}" for p, o, t in leftovers)

    window.language_actions["en"].trigger()
    qtbot.wait(50)
    leftovers = _english_leftovers(_all_pages(window, qtbot), data)
    assert leftovers == [], "\n".join(f"{p} {o}: {t!r}" for p, o, t in leftovers)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_numbers_print_without_group_separators_and_with_a_decimal_point(qtbot, lang):
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

    i18n.install_language(lang)
    assert QLocale().toString(1000) == "1000"
    assert QLocale().toString(1234567.5, "f", 3) == "1234567.500"
    spin = QSpinBox()
    spin.setRange(0, 100000)
    spin.setValue(1000)
    assert spin.text() == "1000"
    double = QDoubleSpinBox()
    double.setDecimals(3)
    double.setValue(1.0)
    assert double.text() == "1.000"


def test_window_titles_end_in_the_program_name_of_the_ui_language(qtbot):
    from PySide6.QtWidgets import QApplication

    i18n.install_language("ko")
    assert QApplication.applicationDisplayName() == "검색 평가 워크벤치"
    i18n.install_language("en")
    assert QApplication.applicationDisplayName() == "Retrieval Evaluation Workbench"


def test_qt_dialogs_speak_korean():
    from PySide6.QtCore import QCoreApplication

    i18n.install_language("ko")
    assert QCoreApplication.translate("QFileDialog", "Look in:") != "Look in:"
    assert QCoreApplication.translate("QFileDialog", "Files of type:") != "Files of type:"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "취소"


def test_question_review_says_it_is_preparing_in_the_language_switched_to(qtbot):
    """The review's "Preparing…" line, shown while the page waits to be looked at,
    follows a language switch (it stayed in English) and goes once it is shown."""
    window = open_demo_window(qtbot)
    review = window.page("questions")
    assert not review.isVisible()  # its list is drawn when the page is looked at
    english = "Preparing the question review…"
    assert review.busy_label.text() == english
    window.language_actions["ko"].trigger()
    korean = "질문별 검토를 준비하는 중…"  # the catalog's translation
    qtbot.waitUntil(lambda: review.busy_label.text() == korean, timeout=5000)
    window.show_page("questions")
    qtbot.waitUntil(lambda: review.busy_label.text() == "", timeout=60000)
