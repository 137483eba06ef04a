"""About dialog: the version and the licences of every bundled component."""

from __future__ import annotations

import platform
import sys

import PySide6
from PySide6.QtCore import QEvent, qVersion
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout

from workbench import __version__
from workbench.licences import installed_document
from workbench.paths import resources_dir


def licences_text() -> str:
    """What is shipped and under which licences.

    In a bundle: its LICENSES file (next to resources/), written when the
    bundle was built from the files it contains. Otherwise the same document
    generated now for the installed runtime distributions.
    """
    if getattr(sys, "frozen", False):
        bundled = resources_dir().parent / "LICENSES"
        return bundled.read_text(encoding="utf-8") if bundled.is_file() else ""
    return installed_document()


class AboutDialog(QDialog):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setMinimumSize(640, 480)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.versions = QLabel(
            f"workbench {__version__} · Python {platform.python_version()} · "
            f"Qt {qVersion()} · PySide6 {PySide6.__version__}"
        )
        self.licences_label = QLabel()
        self.licences = QPlainTextEdit(licences_text())
        self.licences.setReadOnly(True)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.TypeWriter)
        self.licences.setFont(mono)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for widget in (self.title, self.summary, self.versions, self.licences_label, self.licences):
            layout.addWidget(widget)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("About the workbench"))
        self.title.setText(self.tr("Retrieval Evaluation Workbench"))
        self.summary.setText(
            self.tr(
                "Compares retrieval systems (BM25, vector RAG, hybrid RAG, GraphRAG) on graded "
                "judgments: metrics, question review, significance, assessor agreement and an "
                "Excel report. Released under the MIT licence."
            )
        )
        self.licences_label.setText(self.tr("Bundled components and their licences:"))

    def changeEvent(self, event: QEvent) -> None:  # Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
