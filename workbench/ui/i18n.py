"""Languages: English is the source language, Korean comes from a Qt catalog.

:func:`install_language` swaps the translators at run time; Qt then sends
``QEvent.LanguageChange`` to every widget, and each of our widgets answers by
calling its ``retranslate()`` method, so the switch is live.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from workbench.paths import translations_dir

log = logging.getLogger(__name__)

CATALOG = "workbench"
LANGUAGES = ("ko", "en")

_installed: list[QTranslator] = []
_current = "en"


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
        # Qt's own strings: standard dialog buttons (OK, Cancel, Open…)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        qtbase = QTranslator(app)
        if qtbase.load("qtbase_ko", qt_dir):
            app.installTranslator(qtbase)
            _installed.append(qtbase)
    _current = lang if lang in LANGUAGES else "en"
    QLocale.setDefault(
        QLocale(QLocale.Language.Korean if _current == "ko" else QLocale.Language.English)
    )
    return ok


def tr(context: str, text: str) -> str:
    """Translate outside a QObject (lupdate finds ``QCoreApplication.translate`` calls)."""
    return QCoreApplication.translate(context, text)
