"""Languages: English is the source language, Korean comes from a Qt catalog.

:func:`install_language` swaps the translators at run time; Qt then sends
``QEvent.LanguageChange`` to every widget, and each of our widgets answers by
calling its ``retranslate()`` method, so the switch is live.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from workbench.paths import translations_dir

log = logging.getLogger(__name__)

CATALOG = "workbench"
LANGUAGES = ("ko", "en")

_installed: list[QTranslator] = []
_current = "en"


def qt_translation_dirs() -> list[str]:
    """Where Qt's own catalogs may be: Qt's translations folder, and PySide6's
    package folder (a bundle may place them there)."""
    import PySide6

    folders = [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)]
    package = Path(PySide6.__file__).resolve().parent
    folders += [str(package / "Qt" / "translations"), str(package / "translations")]
    return list(dict.fromkeys(folders))


def system_language() -> str:
    """Korean when the system locale is Korean, else English."""
    name = QLocale.system().name()  # e.g. "ko_KR"
    return "ko" if name.lower().startswith("ko") else "en"


def current_language() -> str:
    """The language in force ("ko" or "en"); problem messages follow it too."""
    return _current


def install_language(lang: str) -> bool:
    """Make ``lang`` the UI language. Returns False when its catalog is missing."""
    global _current
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("create the QApplication before installing a language")
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    ok = True
    if lang == "ko":
        ours = QTranslator(app)
        if ours.load(f"{CATALOG}_ko", str(translations_dir())):
            app.installTranslator(ours)
            _installed.append(ours)
        else:
            log.warning("Korean catalog not found in %s", translations_dir())
            ok = False
        # Qt's own strings: standard dialog buttons (OK, Cancel, Open…), the file
        # dialog ("Look in:", "Files of type:"), context menus of text fields
        qtbase = QTranslator(app)
        for folder in qt_translation_dirs():
            if qtbase.load("qtbase_ko", folder):
                app.installTranslator(qtbase)
                _installed.append(qtbase)
                break
        else:
            log.warning("Qt's Korean catalog (qtbase_ko) not found; Qt's dialogs stay English")
    _current = lang if lang in LANGUAGES else "en"
    locale = QLocale(QLocale.Language.Korean if _current == "ko" else QLocale.Language.English)
    # numbers as the tables print them: "1000", never "1,000" (a bold "1.000" next
    # to a "1,000" is easily misread); the decimal point is "." in both languages
    locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    QLocale.setDefault(locale)
    # Qt appends the display name to window titles ("… — Workbench"): the name in
    # the UI language, which our own titles end with, so nothing English is added
    set_display_name = getattr(app, "setApplicationDisplayName", None)
    if callable(set_display_name):
        set_display_name(application_name())
    return ok


def application_name() -> str:
    """The program's name in the UI language (window titles end with it)."""
    return QCoreApplication.translate("MainWindow", "Retrieval Evaluation Workbench")


def tr(context: str, text: str) -> str:
    """Translate outside a QObject (lupdate finds ``QCoreApplication.translate`` calls)."""
    return QCoreApplication.translate(context, text)


class LiveText(str):
    """A text in the UI language that can be made again after a language switch.

    It is the text itself (a ``str``, so it compares, prints and formats as one)
    and remembers how it was made: :meth:`again` returns it in the language in
    force now. The drill-down titles travel as LiveText from a chart or table to
    the Question review page, whose banner retranslates with the rest of the UI.
    """

    _make: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> LiveText:
        text = super().__new__(cls, make())
        text._make = make
        return text

    def again(self) -> str:
        """The text in the language in force; as it was when what made it is gone
        (a chart closed with its project)."""
        try:
            return LiveText(self._make)
        except RuntimeError:  # the Qt object behind the maker was deleted
            return str(self)


class ScoreTitle(LiveText):
    """The title of a drill-down from one system's score on one measure (a bar of
    the Overview's chart): the Question review lists those questions by that
    system's score on that measure, worst first, not by the mean over systems."""

    system: str
    measure: str

    def __new__(cls, make: Callable[[], str], system: str, measure: str) -> ScoreTitle:
        text = super().__new__(cls, make)
        text.system = system
        text.measure = measure
        return text


def again(text: str) -> str:
    """``text`` in the language in force: made again when it is a :class:`LiveText`."""
    return text.again() if isinstance(text, LiveText) else text
