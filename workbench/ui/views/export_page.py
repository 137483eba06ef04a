"""The Export page: what can be saved, each with one line saying what it is.

1. **Excel report** (:func:`workbench.core.report.write_report`): the sheets
   to include (Significance needs two or more systems, Agreement grades from
   two or more assessors — otherwise their boxes are disabled and say why),
   the number of worst questions per system on the Low-scoring sheet.
2. **Judgments with new grades** (:func:`workbench.core.export.write_judgments_workbook`):
   the judgments file extended with the grades added in the app, the grades
   resolved by hand and the dissent record — always a *new* file, the
   original is never touched (choosing it as the target is refused).
3. **Per-question table** (:func:`workbench.core.export.write_per_question_csv`):
   CSV, UTF-8 with BOM.
4. **Charts**: every chart the app shows (the Overview's, and the Compare
   page's two once a comparison is chosen there) as PNG and SVG into one
   folder, named ``01_점수.png`` / ``01_점수.svg`` after the translated chart
   names. The main window hands the charts over with
   :meth:`ExportPage.set_chart_sources`.

One language choice (Korean / English, the UI language by default) applies to
sheet names and headers of every file.

Every export runs in ``state.runner`` (task ``export``) with a progress bar and
Cancel in the status panel at the bottom; the worker functions are the core's
(:func:`workbench.core.export.report_task`, ``judgments_task``, ``csv_task``),
given a snapshot of the study. Files are written atomically and the
cancel flag is checked until the final rename, so a cancel or a failure never
leaves a file (or half of one). When done, the panel shows the path with
"Open folder" and "Open file"; a file open in Excel (:class:`LockedFileError`)
shows its message and offers "Choose another name…".

Charts are drawn by Qt, so they are saved on the GUI thread, one chart per
event-loop turn (``QTimer.singleShot(0, …)``): the window stays responsive,
the progress bar moves and Cancel stops before the next chart. Each chart is
laid out at :data:`CHART_SIZE` for the export (a chart in a tab never shown has
no size of its own) and put back as it was; each file is written atomically by
the chart itself (temporary file in the folder, then rename).
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pandas as pd
from PySide6.QtCore import QDir, QEvent, QRectF, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from workbench.core.export import STEP_COMPARE, csv_task, judgments_task, report_task
from workbench.core.io.atomic import LockedFileError
from workbench.core.model.korean import Word
from workbench.core.model.problems import InputError
from workbench.core.protocol.calibration import rounds
from workbench.core.report import SHEET_KEYS
from workbench.ui import dialogs, fonts, i18n
from workbench.ui.errors import friendly_message
from workbench.ui.page import Page
from workbench.ui.settings import Settings
from workbench.ui.when_shown import WhenShown

log = logging.getLogger(__name__)

__all__ = ["ExportPage", "default_file_name", "chart_file_stem", "render_chart"]


def default_file_name(
    kind: str, lang: str, original: str | None = None, today: date | None = None
) -> str:
    """The name the save dialog proposes: ``평가보고서_2026-11-29.xlsx``,
    ``<original stem>_새등급.xlsx``, ``질문별_점수_2026-11-29.csv`` (or English)."""
    day = (today or date.today()).isoformat()
    ko = lang == "ko"
    if kind == "report":
        return f"{'평가보고서' if ko else 'evaluation_report'}_{day}.xlsx"
    if kind == "judgments":
        stem = Path(original).stem if original else ("평가" if ko else "judgments")
        return f"{stem}_{'새등급' if ko else 'new_grades'}.xlsx"
    if kind == "csv":
        return f"{'질문별_점수' if ko else 'per_question_scores'}_{day}.csv"
    raise ValueError(kind)


_SUFFIX = {"report": ".xlsx", "judgments": ".xlsx", "csv": ".csv"}

#: the layout size (logical pixels) every chart is drawn at for export, so the
#: files look the same whatever the window size (or a tab never shown) was
CHART_SIZE = (1000, 620)
#: PNG width: twice the layout, sharp when printed or put into a slide
PNG_WIDTH = 2000
#: characters Windows, macOS or Linux refuse in a file name, and control characters
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]+')

ChartSources = Callable[[], list[tuple[str, Any]]]


def chart_file_stem(number: int, name: str) -> str:
    """``01_점수``: the number (keeps the files in screen order) and the chart's
    name made safe for a file name on any system (no ``<>:"/\\|?*``, spaces as
    ``_``, no leading or trailing dots, at most 60 characters)."""
    text = unicodedata.normalize("NFC", str(name))
    text = _UNSAFE.sub(" ", text)
    text = re.sub(r"\s+", "_", text.strip()).strip("._")
    text = text[:60].rstrip("._") or "chart"
    return f"{int(number):02d}_{text}"


def render_chart(chart: Any, stem: Path) -> list[Path]:
    """Write ``stem.png`` and ``stem.svg`` of one chart widget (GUI thread).

    The chart's plot layout is set to :data:`CHART_SIZE` for the export and
    given back its own geometry afterwards; the chart writes each file
    atomically (``export_png`` / ``export_svg``).
    """
    png = stem.with_name(stem.name + ".png")
    svg = stem.with_name(stem.name + ".svg")
    layout = getattr(getattr(chart, "view", None), "ci", None)
    old = QRectF(layout.geometry()) if layout is not None else None
    if layout is not None:
        layout.setGeometry(QRectF(0, 0, *CHART_SIZE))
    try:
        written = [chart.export_png(png, width=PNG_WIDTH), chart.export_svg(svg)]
    finally:
        if layout is not None and old is not None:
            layout.setGeometry(old)
    return [Path(p) for p in written]


class _ChartRun:
    """A chart export in flight on the GUI thread: stands where a worker's task
    handle would (``cancel()``), so the page treats both alike."""

    def __init__(self, folder: Path, jobs: list[tuple[Path, Any]]) -> None:
        self.folder = folder
        self.jobs = jobs
        self.index = 0
        self.written: list[Path] = []
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


# -- the page ----------------------------------------------------------------------


class _WrapLabel(QLabel):
    """A word-wrapped label whose minimum height is one line.

    QLabel guesses a wrapped label's minimum size at a narrow width, so a page
    of them claims far more height than it needs and the scroll area scrolls
    for nothing; the layouts ask ``heightForWidth`` for the real height anyway.
    """

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        return QSize(
            min(hint.width(), self.fontMetrics().averageCharWidth() * 20),
            self.fontMetrics().height(),
        )


def _wrapping(text: str = "", name: str = "") -> QLabel:
    label = _WrapLabel(text)
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    if name:
        label.setObjectName(name)
    return label


#: secondary text: dark enough to read at any size (WCAG AA on white)
MUTED = "#555555"
#: why a sheet cannot be written now
REASON = "#8a5a00"


def _muted(label: QLabel) -> QLabel:
    label.setStyleSheet(f"color: {MUTED};")
    return label


class _Card(QFrame):
    """One exportable thing: a title, a line saying what it is, options, Save."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            f"QFrame#{name} {{ border: 1px solid palette(mid); border-radius: 6px;"
            " background: palette(base); }"
        )
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(16, 12, 16, 12)
        self.box.setSpacing(8)
        self.title = QLabel()
        self.title.setObjectName(name + "_title")
        self.title.setFont(fonts.scaled(self.font(), 1.25, bold=True))
        self.explain = _wrapping(name=name + "_explain")
        self.box.addWidget(self.title)
        self.box.addWidget(self.explain)
        self.save_button = QPushButton()
        self.save_button.setObjectName(name + "_save")
        self.save_button.setFont(fonts.scaled(self.font(), 1.0, bold=True))

    def finish(self) -> None:
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.save_button)
        self.box.addLayout(row)


class ExportPage(Page):
    """The Export page over an :class:`~workbench.ui.state.AppState`.

    Signals (for the main window and tests): ``export_started(str, object)``
    (kind, path), ``export_finished(str, object)`` (kind, final path),
    ``export_failed(str, object)`` (kind, exception), ``export_cancelled(str)``.
    ``handle`` is the running task's handle (``None`` when idle).
    """

    export_started = Signal(str, object)
    export_finished = Signal(str, object)
    export_failed = Signal(str, object)
    export_cancelled = Signal(str)
    #: a chart was saved: (charts done, charts in all)
    chart_saved = Signal(int, int)

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export_page")
        self.state = state
        self.handle = None
        self.last_path: Path | None = None
        #: the folder "Open folder" shows (the last file's, or the charts folder)
        self.last_folder: Path | None = None
        self._chart_sources: ChartSources | None = None
        #: (charts saved, charts in all) of the last chart export
        self._chart_counts = (0, 0)
        self._kind: str | None = None
        self._path: Path | None = None
        self._retry_kind: str | None = None
        self._evaluating = False
        self._lang_touched = False
        #: what the user wants of each sheet; a sheet that does not apply is
        #: shown unchecked but comes back checked when it applies again
        self._wanted = {key: True for key in SHEET_KEYS}
        self._build()
        # what can be saved is worked out when the page is looked at (every grade
        # given elsewhere changes the study and the scores, and busy twice)
        self._when_shown = WhenShown(self)
        for signal in (
            state.results_changed,
            state.data_changed,
            state.work_changed,
            state.answers_changed,
        ):
            signal.connect(lambda *_: self._when_shown.run(self._refresh))
        state.busy_changed.connect(self._on_busy)
        self.retranslate()
        self._refresh()

    # -- construction ---------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        body.setObjectName("export_body")
        col = QVBoxLayout(body)
        col.setContentsMargins(24, 20, 24, 20)
        col.setSpacing(14)

        self.heading = QLabel()
        self.heading.setObjectName("export_heading")
        self.heading.setFont(fonts.scaled(self.font(), 1.5, bold=True))
        self.intro = _wrapping(name="export_intro")
        self.hint = _wrapping(name="export_hint")
        self.hint.setStyleSheet(
            "QLabel { background: #fff4e5; border: 1px solid #f0c36d; border-radius: 4px;"
            " padding: 8px; color: #5c3b00; }"
        )
        col.addWidget(self.heading)
        col.addWidget(self.intro)
        col.addWidget(self.hint)

        lang_row = QHBoxLayout()
        self.lang_label = QLabel()
        self.lang_combo = QComboBox()
        self.lang_combo.setObjectName("export_language")
        # language names are written in their own language, as language menus do
        self.lang_combo.addItem("한국어", "ko")
        self.lang_combo.addItem("English", "en")
        self.lang_combo.setCurrentIndex(0 if i18n.current_language() == "ko" else 1)
        self.lang_combo.activated.connect(self._language_chosen)
        self.lang_label.setBuddy(self.lang_combo)
        self.lang_explain = _muted(_wrapping(name="export_language_explain"))
        lang_row.addWidget(self.lang_label)
        lang_row.addWidget(self.lang_combo)
        lang_row.addWidget(self.lang_explain, 1)
        col.addLayout(lang_row)

        # 1. the Excel report
        self.report_card = _Card("report_card")
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        grid.setColumnStretch(1, 1)
        self.sheet_boxes: dict[str, QCheckBox] = {}
        self.sheet_notes: dict[str, QLabel] = {}
        for row, key in enumerate(SHEET_KEYS):
            box = QCheckBox()
            box.setObjectName(f"sheet_{key}")
            box.setChecked(True)
            box.toggled.connect(lambda on, k=key: self._sheet_toggled(k, on))
            note = _muted(_wrapping(name=f"sheet_{key}_note"))
            self.sheet_boxes[key] = box
            self.sheet_notes[key] = note
            grid.addWidget(box, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(note, row, 1)
        self.sheets_label = QLabel()
        self.sheets_label.setFont(fonts.scaled(self.font(), 1.0, bold=True))
        self.report_card.box.addWidget(self.sheets_label)
        self.report_card.box.addLayout(grid)
        low_row = QHBoxLayout()
        self.low_label = QLabel()
        self.low_spin = QSpinBox()
        self.low_spin.setObjectName("low_n")
        self.low_spin.setRange(1, 500)
        self.low_spin.setValue(10)
        self.low_label.setBuddy(self.low_spin)
        low_row.addWidget(self.low_label)
        low_row.addWidget(self.low_spin)
        low_row.addStretch(1)
        self.report_card.box.addLayout(low_row)
        self.report_card.finish()
        self.report_card.save_button.clicked.connect(lambda: self.export("report"))
        col.addWidget(self.report_card)

        # 2. the judgments with new grades
        self.judgments_card = _Card("judgments_card")
        self.judgments_status = _muted(_wrapping(name="judgments_status"))
        self.judgments_card.box.addWidget(self.judgments_status)
        self.judgments_card.finish()
        self.judgments_card.save_button.clicked.connect(lambda: self.export("judgments"))
        col.addWidget(self.judgments_card)

        # 3. the per-question CSV
        self.csv_card = _Card("csv_card")
        self.csv_card.finish()
        self.csv_card.save_button.clicked.connect(lambda: self.export("csv"))
        col.addWidget(self.csv_card)

        # 4. the charts, PNG and SVG
        self.charts_card = _Card("charts_card")
        self.charts_status = _muted(_wrapping(name="charts_status"))
        self.charts_card.box.addWidget(self.charts_status)
        self.charts_card.finish()
        self.charts_card.save_button.clicked.connect(lambda: self.export("charts"))
        col.addWidget(self.charts_card)
        col.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)

        # the status panel stays in view below the scrolling list
        self.status = QFrame(self)
        self.status.setObjectName("export_status")
        self.status.setFrameShape(QFrame.Shape.StyledPanel)
        panel = QVBoxLayout(self.status)
        panel.setContentsMargins(24, 10, 24, 12)
        self.status_text = _wrapping(name="export_status_text")
        self.status_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar()
        self.progress.setObjectName("export_progress")
        self.progress.setRange(0, 1000)
        progress_row = QHBoxLayout()
        buttons = QHBoxLayout()
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("export_cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.open_folder_button = QPushButton()
        self.open_folder_button.setObjectName("open_folder")
        self.open_folder_button.clicked.connect(self.open_folder)
        self.open_file_button = QPushButton()
        self.open_file_button.setObjectName("open_file")
        self.open_file_button.clicked.connect(self.open_file)
        self.other_name_button = QPushButton()
        self.other_name_button.setObjectName("choose_other_name")
        self.other_name_button.clicked.connect(self.choose_other_name)
        self.close_status_button = QPushButton()
        self.close_status_button.setObjectName("close_status")
        self.close_status_button.clicked.connect(lambda: self._show_status("idle"))
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        for b in (self.other_name_button, self.open_folder_button, self.open_file_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.close_status_button)
        panel.addWidget(self.status_text)
        panel.addLayout(progress_row)
        panel.addLayout(buttons)
        outer.addWidget(self.status)
        self._status_mode = "idle"
        self._status_message = ""
        self._show_status("idle")

    # -- language ---------------------------------------------------------------------
    def retranslate(self) -> None:
        self.heading.setText(self.tr("Export"))
        self.intro.setText(
            self.tr(
                "Save the results as files to keep or to pass on. Each file is new: "
                "nothing you loaded is ever changed."
            )
        )
        self.lang_label.setText(self.tr("Language of the files:"))
        self.lang_explain.setText(self.tr("Sheet names, headers and labels."))
        if not self._lang_touched:
            self.lang_combo.setCurrentIndex(0 if i18n.current_language() == "ko" else 1)

        c = self.report_card
        c.title.setText(self.tr("1. Excel report"))
        c.explain.setText(
            self.tr(
                "One workbook with every score, the worst questions with their passages and "
                "the settings used — ready to hand to colleagues."
            )
        )
        c.save_button.setText(self.tr("Save report as…"))
        self.sheets_label.setText(self.tr("Sheets to include:"))
        self.low_label.setText(self.tr("Worst questions per system (Low-scoring sheet):"))
        for key, text in self._sheet_titles().items():
            self.sheet_boxes[key].setText(text)

        c = self.judgments_card
        c.title.setText(self.tr("2. Judgments with your new grades"))
        c.explain.setText(
            self.tr(
                "The judgments file with the grades you added in this app and the disagreements "
                "you resolved by hand, as a new Excel file. The original file is never changed."
            )
        )
        c.save_button.setText(self.tr("Save judgments as…"))

        c = self.csv_card
        c.title.setText(self.tr("3. Per-question table (CSV)"))
        c.explain.setText(
            self.tr(
                "One row per question and system with every score, for Excel, R or Python. "
                "Saved as UTF-8 with BOM, so Excel shows Korean text correctly."
            )
        )
        c.save_button.setText(self.tr("Save CSV as…"))

        c = self.charts_card
        c.title.setText(self.tr("4. Charts"))
        c.explain.setText(
            self.tr(
                "Save every chart as PNG and SVG into a folder: PNG for documents and slides, "
                "SVG to scale without blur. The charts look as they do on screen, in the "
                "language of the screen; the Compare page's two charts are included once a "
                "comparison is chosen there."
            )
        )
        c.save_button.setText(self.tr("Save charts to folder…"))

        self.cancel_button.setText(self.tr("Cancel"))
        self.open_folder_button.setText(self.tr("Open folder"))
        self.open_file_button.setText(self.tr("Open file"))
        self.other_name_button.setText(self.tr("Choose another name…"))
        self.close_status_button.setText(self.tr("Close"))
        self._refresh()
        self._show_status(self._status_mode, self._status_message)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _sheet_titles(self) -> dict[str, str]:
        return {
            "summary": self.tr("Summary"),
            "first_evidence": self.tr("First evidence"),
            "unjudged": self.tr("Unjudged ranges"),
            "diagnosis": self.tr("Diagnosis"),
            "per_question": self.tr("Per question"),
            "by_type": self.tr("By question type"),
            "low_scoring": self.tr("Low-scoring questions"),
            "missed": self.tr("Missed evidence by role"),
            "significance": self.tr("Significance"),
            "agreement": self.tr("Assessor agreement"),
            "calibration": self.tr("Calibration rounds"),
            "abstention": self.tr("Abstention"),
            "manual": self.tr("Evaluation manual"),
            "systems": self.tr("System cards"),
            "stages": self.tr("Stages of a pipeline"),
            "answers": self.tr("Answer ratings"),
            "citations": self.tr("Citation checks"),
            "decisions": self.tr("Decisions"),
            "how_computed": self.tr("How measures are computed"),
            "settings": self.tr("Settings"),
        }

    def _sheet_explanations(self) -> dict[str, str]:
        return {
            "summary": self.tr("Systems × measures, question counts, warnings and two charts."),
            "first_evidence": self.tr(
                "Per system, the share of questions whose first relevant passage is at rank 1, "
                "in the top 3, later, or not found."
            ),
            "unjudged": self.tr(
                "Each mean as it is now and with every retrieved passage nobody judged taken "
                "as not relevant and as the top grade: how much judging could still move it."
            ),
            "diagnosis": self.tr(
                "What the numbers suggest to fix, per system, with the thresholds used and "
                "how many passages to pass on."
            ),
            "missed": self.tr(
                "Core, supporting and alternative evidence each system missed, per question "
                "type, and the lowest cases."
            ),
            "systems": self.tr(
                "Retriever, models, chunking, K and stage of every system, and whether their "
                "Recall can be compared."
            ),
            "stages": self.tr(
                "The measures of each stage side by side and the evidence a later stage dropped."
            ),
            "per_question": self.tr(
                "Every question's scores for every system, with its text, type and your notes."
            ),
            "by_type": self.tr("Mean scores per question type, with the number of questions."),
            "low_scoring": self.tr(
                "The worst questions of each system with their passages, grades and the "
                "evidence they missed."
            ),
            "significance": self.tr(
                "Is a system really better than the baseline? Paired tests, confidence "
                "intervals, wins and losses."
            ),
            "agreement": self.tr("How well the assessors agree: kappa and alpha per pair."),
            "calibration": self.tr(
                "The passages every assessor graded in a calibration round, their agreement "
                "and the passages they split on (practice: not counted in the scores)."
            ),
            "abstention": self.tr(
                "How often each system returned nothing, on answerable and unanswerable questions."
            ),
            "manual": self.tr(
                "What each grade means, with examples, and the rule for “relevant” (θ)."
            ),
            "answers": self.tr(
                "What the systems answered, rated with the rubric: means with confidence "
                "intervals, paired tests, the raters' agreement, every rating."
            ),
            "citations": self.tr(
                "Every citation checked against the results and the judgments: its grade, its "
                "rank in that system's results, made-up and unretrieved citations."
            ),
            "decisions": self.tr(
                "Every grade decided by hand or given in the app or on a pool, every conversion "
                "confirmed and row left out, every answer rating, note and flag: who, when and why."
            ),
            "how_computed": self.tr(
                "Each measure's formula, and one question of this study worked through with "
                "its numbers (the same as How was this computed? in the app)."
            ),
            "settings": self.tr(
                "Every choice that changes a number, the input files with their checksums, and "
                "the judging pools."
            ),
        }

    def file_language(self) -> str:
        """``"ko"`` or ``"en"``: the language the exported files are written in."""
        return str(self.lang_combo.currentData() or "ko")

    def set_file_language(self, lang: str) -> None:
        self.lang_combo.setCurrentIndex(0 if lang == "ko" else 1)
        self._lang_touched = True

    def _language_chosen(self, _index: int) -> None:
        self._lang_touched = True

    # -- availability -------------------------------------------------------------------
    def _assessors(self) -> list[str]:
        """The assessors of the judgments in force (a grade given in the app counts)."""
        return self.state.study.assessors

    def _applicable(self) -> dict[str, str]:
        """Sheets that cannot be written now → why (in the UI language)."""
        out: dict[str, str] = {}
        results = self.state.results
        if results is not None and len(results.systems) < 2:
            out["significance"] = self.tr("Needs two or more systems to compare.")
        if self.state.judgment_set is not None and len(self._assessors()) < 2:
            out["agreement"] = self.tr("Needs grades from two or more assessors.")
        if results is not None and not self._has_pipeline():
            out["stages"] = self.tr(
                "Needs two systems tagged as stages of one pipeline (Systems and stages page)."
            )
        if results is not None and not rounds(self.state.study):
            out["calibration"] = self.tr("Needs a calibration round (Judging page).")
        if results is not None and not self.state.study.answers.loaded:
            why = self.tr("Needs the systems' answers (Answers page).")
            out["answers"] = out["citations"] = why
        return out

    def _has_pipeline(self) -> bool:
        from workbench.core.protocol.system_cards import pipelines

        return any(len(stages) >= 2 for stages in pipelines(self.state.study.cards()).values())

    def _sheet_toggled(self, key: str, on: bool) -> None:
        if self.sheet_boxes[key].isEnabled():
            self._wanted[key] = on
        if key == "low_scoring":
            self.low_spin.setEnabled(on and self.sheet_boxes[key].isEnabled())
        self._refresh_buttons()

    def chosen_sheets(self) -> list[str]:
        """The sheet keys checked and applicable, in workbook order."""
        return [
            k
            for k in SHEET_KEYS
            if self.sheet_boxes[k].isEnabled() and self.sheet_boxes[k].isChecked()
        ]

    def set_sheets(self, keys: list[str]) -> None:
        """Check exactly ``keys`` (tests, scripts)."""
        for key, box in self.sheet_boxes.items():
            self._wanted[key] = key in keys
            if box.isEnabled():
                box.setChecked(key in keys)

    def _on_busy(self, busy: bool, _text: str = "") -> None:
        self._evaluating = bool(busy)
        self._when_shown.run(self._refresh)

    def _refresh(self, *_: object) -> None:
        if not hasattr(self, "sheet_boxes"):
            return
        blocked = self._applicable()
        explanations = self._sheet_explanations()
        for key, box in self.sheet_boxes.items():
            why = blocked.get(key)
            box.blockSignals(True)
            box.setEnabled(why is None)
            box.setChecked(self._wanted[key] if why is None else False)
            box.blockSignals(False)
            note = self.sheet_notes[key]
            note.setText(why if why else explanations[key])
            note.setStyleSheet(f"color: {REASON if why else MUTED};")
            box.setToolTip(why or explanations[key])
        self.low_spin.setEnabled(
            self.sheet_boxes["low_scoring"].isEnabled()
            and self.sheet_boxes["low_scoring"].isChecked()
        )
        self._refresh_hint()
        self._refresh_judgments_status()
        self._refresh_charts_status()
        self._refresh_buttons()

    def _refresh_hint(self) -> None:
        st = self.state
        if st.judgment_set is None:
            text = self.tr(
                "Nothing to export yet. Open a judgments file and at least one run on the Start "
                "page (or try the demo); the files can then be saved here."
            )
        elif not st.run_sets:
            text = self.tr(
                "The judgments are loaded, so they can be saved with new grades. Open at least "
                "one run to export the report and the per-question table."
            )
        elif st.results is None:
            text = self.tr("The scores are not ready yet; the report can be saved once they are.")
        elif self._evaluating:
            text = self.tr("The scores are being recomputed; saving is possible again in a moment.")
        else:
            text = ""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    def _refresh_judgments_status(self) -> None:
        st = self.state
        js = st.judgment_set
        if js is None:
            self.judgments_status.setText(self.tr("No judgments loaded."))
            return
        original = js.sources[0].name if js.sources else "—"
        added = len(st.study.added_grades)
        resolved = len(st.study.resolutions_in_force())
        self.judgments_status.setText(
            self.tr("From {file}: {added} new grades, {resolved} resolved by hand.").format(
                file=original, added=added, resolved=resolved
            )
        )

    # -- charts ------------------------------------------------------------------------------
    def set_chart_sources(self, sources: ChartSources | None) -> None:
        """``sources()`` returns the charts to save now as ``(name, chart widget)``,
        in screen order; the name (translated) becomes the file name. The main
        window passes the Overview's and the Compare page's charts."""
        self._chart_sources = sources
        self._refresh()

    def chart_list(self) -> list[tuple[str, Any]]:
        """The charts that would be saved now (none before the scores exist)."""
        if self._chart_sources is None or self.state.results is None:
            return []
        return [(str(name), chart) for name, chart in self._chart_sources()]

    def _refresh_charts_status(self) -> None:
        if self.state.results is None:
            text = self.tr("The charts can be saved once the scores are ready.")
        else:
            names = [name for name, _chart in self.chart_list()]
            if not names:
                text = self.tr("No charts to save.")
            else:
                text = self.tr("{n} charts: {names}").format(n=len(names), names=", ".join(names))
        self.charts_status.setText(text)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        # the Compare page's charts come and go without a state signal
        self._refresh_charts_status()
        self._refresh_buttons()
        super().showEvent(event)

    def _refresh_buttons(self) -> None:
        running = self.handle is not None
        st = self.state
        ready = st.results is not None and not self._evaluating and not running
        self.report_card.save_button.setEnabled(ready and bool(self.chosen_sheets()))
        self.csv_card.save_button.setEnabled(ready)
        self.charts_card.save_button.setEnabled(ready and bool(self.chart_list()))
        self.judgments_card.save_button.setEnabled(st.judgment_set is not None and not running)
        if st.results is not None and not self.chosen_sheets():
            self.report_card.save_button.setToolTip(self.tr("Choose at least one sheet."))
        else:
            self.report_card.save_button.setToolTip("")

    # -- choosing a file -------------------------------------------------------------------
    def _start_folder(self) -> Path:
        """The folder used last, else the documents folder (never the program's own)."""
        return Path(dialogs.start_folder())

    def _remember_folder(self, folder: Path) -> None:
        Settings().last_directory = str(folder)

    def _suggested(self, kind: str, previous: Path | None = None) -> Path:
        if previous is not None:
            return previous
        js = self.state.judgment_set
        original = js.sources[0].path if js is not None and js.sources else None
        return self._start_folder() / default_file_name(kind, self.file_language(), original)

    def ask_path(self, kind: str, previous: Path | None = None) -> Path | None:
        """The save dialog for ``kind``; ``None`` when the user cancels it."""
        captions = {
            "report": self.tr("Save the Excel report"),
            "judgments": self.tr("Save the judgments with new grades"),
            "csv": self.tr("Save the per-question table"),
        }
        filters = {
            "report": self.tr("Excel workbook (*.xlsx)"),
            "judgments": self.tr("Excel workbook (*.xlsx)"),
            "csv": self.tr("CSV, UTF-8 (*.csv)"),
        }
        name, _filter = dialogs.get_save_file_name(
            self, captions[kind], str(self._suggested(kind, previous)), filters[kind]
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() != _SUFFIX[kind]:
            path = path.with_name(path.name + _SUFFIX[kind])
        return path

    # -- exporting ---------------------------------------------------------------------------
    def export(self, kind: str, previous: Path | None = None) -> bool:
        """Ask for a file name and start exporting ``kind`` ("report", "judgments",
        "csv", "charts" — a folder); False when the dialog was cancelled or nothing
        can be exported."""
        if self.handle is not None:
            return False
        if kind == "charts":
            return self.export_charts(previous)
        path = self.ask_path(kind, previous)
        if path is None:
            return False
        return self.start_export(kind, path)

    def _task(self, kind: str) -> tuple[Callable[..., Path], dict] | None:
        """The core's worker function and a snapshot of everything it reads (the
        user may go on working while the worker runs)."""
        st = self.state
        lang = self.file_language()
        study = st.study.snapshot()
        if kind == "judgments":
            if study.judgment_set is None:
                return None
            return judgments_task, {"study": study, "lang": lang}
        results = st.results
        if results is None:
            return None
        if kind == "csv":
            return csv_task, {"study": study, "results": results, "lang": lang}
        sheets = self.chosen_sheets()
        if not sheets:
            return None
        comparisons = st.comparisons
        if not isinstance(comparisons, pd.DataFrame) or comparisons.empty:
            comparisons = None
        return report_task, {
            "study": study,
            "results": results,
            "lang": lang,
            "sheets": sheets,
            "low_n": self.low_spin.value(),
            "comparisons": None if comparisons is None else comparisons.copy(),
        }

    def export_charts(self, previous: Path | None = None) -> bool:
        """Ask for a folder and save every chart there (see :meth:`start_chart_export`)."""
        if self.handle is not None or not self.chart_list():
            return False
        start = previous if previous is not None and previous.is_dir() else self._start_folder()
        folder = dialogs.get_existing_directory(
            self, self.tr("Choose a folder for the charts"), str(start)
        )
        if not folder:
            return False
        return self.start_chart_export(folder)

    def start_chart_export(self, folder: str | os.PathLike[str]) -> bool:
        """Save every chart as PNG and SVG into ``folder`` (no dialog), one chart
        per event-loop turn; ``chart_saved(done, total)`` after each."""
        if self.handle is not None or self.state.results is None:
            return False
        charts = self.chart_list()
        if not charts:
            return False
        folder = Path(folder)
        jobs = [
            (folder / chart_file_stem(i + 1, name), chart) for i, (name, chart) in enumerate(charts)
        ]
        run = _ChartRun(folder, jobs)
        self._kind, self._path = "charts", folder
        self._retry_kind = None
        self.handle = run
        self.progress.setValue(0)
        self._show_status("running")
        self._refresh_buttons()
        self.export_started.emit("charts", folder)
        QTimer.singleShot(0, self._next_chart)
        return True

    def _next_chart(self) -> None:
        run = self.handle
        if not isinstance(run, _ChartRun):
            return  # the run ended (or another export started) meanwhile
        self._chart_counts = (run.index, len(run.jobs))
        if run.cancelled:
            self.handle = None
            self._show_status("cancelled")
            self._refresh_buttons()
            self.export_cancelled.emit("charts")
            return
        if run.index >= len(run.jobs):
            self.handle = None
            self.last_path = run.folder
            self.last_folder = run.folder
            self._remember_folder(run.folder)
            self._show_status("done")
            self._refresh_buttons()
            self.export_finished.emit("charts", run.folder)
            return
        stem, chart = run.jobs[run.index]
        try:
            if run.index == 0:
                run.folder.mkdir(parents=True, exist_ok=True)
            run.written.extend(render_chart(chart, stem))
        except Exception as exc:  # noqa: BLE001 - shown to the user, never raised
            self.handle = None
            self._retry_kind = "charts"
            if isinstance(exc, OSError):
                reason = exc.strerror or str(exc)
            else:
                log.error("chart export failed", exc_info=exc)
                reason = type(exc).__name__
            message = self.tr(
                "The chart {name} could not be saved in {folder}: {reason}. "
                "{done} of {total} charts were saved. Choose another folder, or close the "
                "files in other programs."
            ).format(
                name=Word(stem.name),
                folder=QDir.toNativeSeparators(str(run.folder)),
                reason=reason,
                done=run.index,
                total=len(run.jobs),
            )
            self._show_status("error", message)
            self._refresh_buttons()
            self.export_failed.emit("charts", exc)
            return
        run.index += 1
        self.progress.setValue(int(round(1000 * run.index / len(run.jobs))))
        self.status_text.setText(self._running_text())
        self.chart_saved.emit(run.index, len(run.jobs))
        QTimer.singleShot(0, self._next_chart)

    def start_export(self, kind: str, path: str | os.PathLike[str]) -> bool:
        """Export ``kind`` to ``path`` in the task runner (no dialog)."""
        if self.handle is not None:
            return False
        if kind == "charts":
            return self.start_chart_export(path)
        task = self._task(kind)
        if task is None:
            return False
        fn, kwargs = task
        path = Path(path)
        self._kind, self._path = kind, path
        self._retry_kind = None
        self.progress.setValue(0)
        self._show_status("running")
        handle = self.state.runner.start("export", fn, path, **kwargs)
        self.handle = handle
        handle.progress.connect(self._on_progress)
        handle.finished.connect(lambda out, h=handle: self._on_finished(h, out))
        handle.failed.connect(lambda exc, h=handle: self._on_failed(h, exc))
        handle.cancelled.connect(lambda h=handle: self._on_cancelled(h))
        self._refresh_buttons()
        self.export_started.emit(kind, path)
        return True

    def cancel(self) -> None:
        """Stop the export in flight; nothing is written."""
        if self.handle is not None:
            self.handle.cancel()
            self.cancel_button.setEnabled(False)
            self.status_text.setText(self.tr("Cancelling…"))

    def _on_progress(self, fraction: float, text: str) -> None:
        if self.handle is None:
            return
        self.progress.setValue(int(round(max(0.0, min(1.0, fraction)) * 1000)))
        if text == STEP_COMPARE:
            self.status_text.setText(self.tr("Running the significance tests…"))
        else:
            self.status_text.setText(self._running_text())

    def _done(self, handle) -> bool:
        if handle is not self.handle:
            return False
        self.handle = None
        return True

    def _on_finished(self, handle, out: object) -> None:
        if not self._done(handle):
            return
        self.last_path = Path(str(out))
        self.last_folder = self.last_path.parent
        self._remember_folder(self.last_path.parent)
        self._show_status("done")
        self._refresh_buttons()
        self.export_finished.emit(self._kind or "", self.last_path)

    def _on_failed(self, handle, exc: object) -> None:
        if not self._done(handle):
            return
        lang = i18n.current_language()
        retry = False
        if isinstance(exc, LockedFileError):
            message = exc.message(lang)
            retry = True
        elif isinstance(exc, InputError):
            message = exc.summary(lang)
            retry = any(p.code == "export_overwrites_input" for p in exc.problems)
        else:
            log.error("export failed", exc_info=exc if isinstance(exc, BaseException) else None)
            message = self._friendly(exc)
            retry = isinstance(exc, OSError)
        self._retry_kind = self._kind if retry else None
        self._show_status("error", message)
        self._refresh_buttons()
        self.export_failed.emit(self._kind or "", exc)

    def _friendly(self, exc: object) -> str:
        return friendly_message(exc)  # type: ignore[arg-type]

    def _on_cancelled(self, handle) -> None:
        if not self._done(handle):
            return
        self._show_status("cancelled")
        self._refresh_buttons()
        self.export_cancelled.emit(self._kind or "")

    def choose_other_name(self) -> bool:
        """After a file open in Excel (or another write failure): the save dialog
        again, starting from the name that failed."""
        kind = self._retry_kind
        if kind is None:
            return False
        return self.export(kind, previous=self._path)

    def open_folder(self) -> None:
        if self.last_folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.last_folder)))

    def open_file(self) -> None:
        if self.last_path is not None and self.last_path.is_file():
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.last_path)))

    # -- status panel ----------------------------------------------------------------------
    def _running_text(self) -> str:
        name = self._path.name if self._path is not None else ""
        texts = {
            "report": self.tr("Saving the Excel report {name}…"),
            "judgments": self.tr("Saving the judgments {name}…"),
            "csv": self.tr("Saving the per-question table {name}…"),
        }
        run = self.handle
        if self._kind == "charts" and isinstance(run, _ChartRun):
            return self.tr("Saving the charts in {folder}: {done} of {total}…").format(
                folder=QDir.toNativeSeparators(str(run.folder)),
                done=run.index,
                total=len(run.jobs),
            )
        return texts.get(self._kind or "", "{name}").format(name=name)

    def status_message(self) -> str:
        """What the status panel says (tests, screen readers)."""
        return self.status_text.text()

    def _show_status(self, mode: str, message: str = "") -> None:
        self._status_mode, self._status_message = mode, message
        self.status.setVisible(mode != "idle")
        running = mode == "running"
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.cancel_button.setEnabled(running)
        charts = self._kind == "charts"
        self.open_folder_button.setVisible(mode == "done")
        self.open_file_button.setVisible(mode == "done" and not charts)
        self.other_name_button.setVisible(mode == "error" and self._retry_kind is not None)
        self.other_name_button.setText(
            self.tr("Choose another folder…") if charts else self.tr("Choose another name…")
        )
        self.close_status_button.setVisible(mode in ("done", "error", "cancelled"))
        colours = {
            "done": ("#e8f5e9", "#2e7d32"),
            "error": ("#fdecea", "#b42318"),
            "cancelled": ("#f2f2f2", "#888888"),
        }
        bg, border = colours.get(mode, ("palette(window)", "palette(mid)"))
        self.status.setStyleSheet(
            f"QFrame#export_status {{ background: {bg}; border-top: 2px solid {border}; }}"
        )
        if mode == "running":
            self.status_text.setText(self._running_text())
        elif mode == "done" and charts and self.last_folder is not None:
            self.status_text.setText(
                self.tr("Saved {n} charts as PNG and SVG in {folder}").format(
                    n=self._chart_counts[1],
                    folder=QDir.toNativeSeparators(str(self.last_folder)),
                )
            )
        elif mode == "cancelled" and charts:
            self.status_text.setText(
                self.tr(
                    "Stopped after {done} of {total} charts; the files saved so far stay in "
                    "{folder}."
                ).format(
                    done=self._chart_counts[0],
                    total=self._chart_counts[1],
                    folder=QDir.toNativeSeparators(str(self._path or "")),
                )
            )
        elif mode == "done" and self.last_path is not None:
            self.status_text.setText(
                self.tr("Saved: {path}").format(path=QDir.toNativeSeparators(str(self.last_path)))
            )
        elif mode == "error":
            self.status_text.setText(message)
        elif mode == "cancelled":
            self.status_text.setText(self.tr("Cancelled. Nothing was saved."))
        else:
            self.status_text.setText("")
