"""The Answers page: read what each system wrote, rate it with the rubric, see the results.

Tabs:

- **Review** — the question list (worst first: the lowest mean rating, or
  citation precision…, with filters like Question review), the question and
  its gold evidence, and 2–4 systems' answers side by side. Citations are
  highlighted and clickable: the cited passage's text, its grade chip, and
  its rank in that system's results or "검색되지 않음". The automatic flags
  sit above each answer, and under it one row of rating keys per criterion
  of the rubric, with the level descriptions, saved under the assessor's
  name (undoable). Blind mode hides every system name on the page — also in
  tooltips, undo texts and column headers — and shuffles the columns per
  question with a seed.
- **Results** — means per criterion with bootstrap CIs, the automatic check
  rates, paired tests in plain words, a chart per system, and retrieval
  (e.g. nDCG@5) against the answer rating per question with Spearman's ρ.
- **Raters** — agreement per criterion and the disagreement queue with
  resolution, as for passage grades.
- **Rubric** — the criteria and their level descriptions, the abstention
  phrases and how several raters' scores combine; editable, undoable.

Keys on Review: Left / Right — answer; Up / Down — criterion; 0–3 — rate (and
move on); Delete — take the rating back; J / K — next / previous question.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.protocol import answers as A
from workbench.core.protocol.answer_results import AnswerReport, answer_report
from workbench.core.protocol.review import ReviewIndex, build_index
from workbench.ui import dialogs, fonts
from workbench.ui.errors import show_error
from workbench.ui.page import Page
from workbench.ui.state import AppState
from workbench.ui.views.answer_import import AnswerImportDialog
from workbench.ui.views.answer_panels import RatersPanel, ResultsPanel, RubricPanel
from workbench.ui.views.answer_review import MAX_ANSWERS, REPORT_TASK, AnswerReviewPanel, _lang
from workbench.ui.views.who_judges import ask_name
from workbench.ui.when_shown import WhenShown


def _report_task(
    study, results, compare, with_index, baseline, lang, progress=None, cancelled=None
):
    """Worker: the answer evaluation (and the review index of new results); the
    tests and confidence intervals only when they are shown (``compare``)."""
    report = answer_report(
        study,
        results,
        lang=lang,
        baseline=baseline,
        compare=compare,
        intervals=compare,
        cancelled=cancelled,
    )
    index = build_index(results, study) if with_index and results is not None else None
    return report, index


# == the page ====================================================================================
class AnswerPage(Page):
    """The Answers page (see the module doc)."""

    #: a new answer report is shown (for tests and screenshots)
    report_ready = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # redrawn when looked at: hidden, new scores cost the window nothing
        self._when_shown = WhenShown(self)
        self.state = state
        self.report: AnswerReport | None = None
        self.index: ReviewIndex | None = None
        self.blind = False
        self._index_for = None
        self._baseline: str | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(lambda: self.recompute(index=False))
        self._build()
        self.retranslate()
        # evaluated when the page is looked at: every grade given elsewhere brings
        # new scores, and a hidden page would spend the interpreter on them
        state.results_changed.connect(
            lambda _r: self._when_shown.run(lambda: self.recompute(index=True))
        )
        state.answers_changed.connect(lambda: self.recompute(index=False))
        state.assessor_changed.connect(self._on_assessor_changed)
        state.work_changed.connect(self._on_work_changed)
        state.data_changed.connect(self._update_status)
        state.study_reset.connect(self.reset_view)
        if state.results is not None:
            self.recompute(index=True)
        else:
            self._show_empty()

    # -- construction -------------------------------------------------------------------------
    def _build(self) -> None:
        self.open_button = QPushButton()
        self.open_button.setObjectName("openAnswers")
        self.open_button.clicked.connect(self.open_answers)
        self.export_button = QPushButton()
        self.export_button.setObjectName("exportRatings")
        self.export_button.clicked.connect(self.export_ratings)
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("removeAnswers")
        self.remove_button.clicked.connect(self.remove_answers)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.blind_check = QCheckBox()
        self.blind_check.setObjectName("blindMode")
        self.blind_check.toggled.connect(self.set_blind)
        self.assessor_label = QLabel()
        self.assessor_button = QToolButton()
        self.assessor_button.clicked.connect(self.change_assessor)
        # two rows, so the bar never makes the window wider at a large font
        bar = QVBoxLayout()
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        buttons.addWidget(self.blind_check)
        status = QHBoxLayout()
        status.addWidget(self.status_label, 1)
        status.addWidget(self.assessor_label)
        status.addWidget(self.assessor_button)
        bar.addLayout(buttons)
        bar.addLayout(status)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("answerTabs")
        self.review = AnswerReviewPanel(self)
        self.results = ResultsPanel(self)
        self.raters = RatersPanel(self)
        self.rubric = RubricPanel(self)
        for panel in (self.review, self.results, self.raters, self.rubric):
            self.tabs.addTab(panel, "")
        self.tabs.currentChanged.connect(self._on_tab)
        self.results.questions_requested.connect(self._open_from_chart)
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setFont(fonts.scaled(self.font(), 1.1))
        self.empty_open = QPushButton()
        self.empty_open.clicked.connect(self.open_answers)
        empty = QVBoxLayout()
        empty.addStretch(1)
        empty.addWidget(self.empty_label)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.empty_open)
        row.addStretch(1)
        empty.addLayout(row)
        empty.addStretch(1)
        self.empty_box = QWidget()
        self.empty_box.setLayout(empty)
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 6, 6, 6)
        box.addLayout(bar)
        box.addWidget(self.tabs, 1)
        box.addWidget(self.empty_box, 1)

    def page_title(self) -> str:
        return self.tr("Answers")

    def retranslate(self) -> None:
        self.open_button.setText(self.tr("Open answers or ratings…"))
        self.open_button.setToolTip(
            self.tr("An Excel, CSV or JSON file of the systems' answers, or of their ratings.")
        )
        self.export_button.setText(self.tr("Save ratings…"))
        self.export_button.setToolTip(
            self.tr("Every rating and the rubric as a workbook that opens again here.")
        )
        self.remove_button.setText(self.tr("Close answer files"))
        self.remove_button.setToolTip(
            self.tr("Take the answer files out; the ratings given here and the rubric stay.")
        )
        self.blind_check.setText(self.tr("Blind rating (hide system names)"))
        self.blind_check.setToolTip(
            self.tr(
                "Rate without knowing which system wrote which answer: names are hidden and the "
                "answers are shuffled per question. The results and raters tabs wait until it "
                "is off."
            )
        )
        self.assessor_button.setText(self.tr("Change…"))
        self.assessor_button.setToolTip(self.tr("The name your ratings are saved under."))
        self.empty_open.setText(self.tr("Open answers or ratings…"))
        self.tabs.setTabText(0, self.tr("Review"))
        self.tabs.setTabText(1, self.tr("Results"))
        self.tabs.setTabText(2, self.tr("Raters"))
        self.tabs.setTabText(3, self.tr("Rubric"))
        self.review.retranslate()
        self.results.retranslate()
        self.raters.retranslate()
        self.rubric.retranslate()
        self._update_status()
        self._show_empty()

    def changeEvent(self, event) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- state ---------------------------------------------------------------------------------
    def _update_status(self) -> None:
        study = self.state.study
        work = study.answers
        self.assessor_label.setText(
            self.tr("Rater: {name}").format(name=self.state.assessor_name())
            if self.state.assessor_name()
            else self.tr("Rater: (no name yet)")
        )
        self.export_button.setEnabled(work.loaded or work.has_work)
        self.remove_button.setEnabled(work.loaded)
        if not work.loaded:
            self.status_label.setText("")
            return
        answers = A.answers_in_force(study)
        ratings = A.ratings_in_force(study)
        files = ", ".join(f.name for f in work.source_files())
        # counts only: in blind mode the bar must not name a system
        self.status_label.setText(
            self.tr("{files} · {systems} systems · {answers} answers · {ratings} ratings").format(
                files=files,
                systems=len(work.keys()),
                answers=len(answers),
                ratings=len(ratings),
            )
        )

    def _show_empty(self) -> None:
        loaded = self.state.study.answers.loaded
        ready = loaded and self.report is not None and self.index is not None
        self.tabs.setVisible(ready)
        self.empty_box.setVisible(not ready)
        if not self.state.has_data:
            self.empty_label.setText(
                self.tr(
                    "Open the judgments and the system results first; then the answers the "
                    "systems wrote, to rate them and check every citation."
                )
            )
            self.empty_open.setVisible(False)
        elif not loaded:
            self.empty_label.setText(
                self.tr(
                    "Open the answers the systems wrote (one sheet per system, or a 시스템 "
                    "column: 질문ID, 답변, 인용) to rate them with the rubric and check every "
                    "citation against the results and the judgments."
                )
            )
            self.empty_open.setVisible(True)
        else:
            self.empty_label.setText(self.tr("Checking the answers…"))
            self.empty_open.setVisible(False)

    def _on_work_changed(self) -> None:
        self._update_status()
        if self.state.study.answers.loaded and self.state.results is not None:
            # a grade given on another page changes the work too: hidden, the
            # page recomputes when it is next shown, not 150 ms later
            self._when_shown.run(self._timer.start)

    def _on_tab(self, _index: int) -> None:
        if self.tabs.currentWidget() is self.results and self.report is not None:
            if not self.report.intervals:  # the quick report of the Review tab
                self.recompute(index=False)
        self.results.show_report(self.report)

    def recompute(self, index: bool = False) -> None:
        """Compute the answer evaluation in the background (and the review index
        of new results); the page keeps showing the previous one meanwhile."""
        self._update_status()
        results = self.state.results
        if results is None or not self.state.study.answers.loaded:
            self.state.runner.cancel(REPORT_TASK)
            self.report = None
            self._show_empty()
            return
        need_index = index or self.index is None or self.index.results is not results
        compare = self.tabs.currentWidget() is self.results and not self.blind
        handle = self.state.runner.start(
            REPORT_TASK,
            _report_task,
            self.state.study.snapshot(),
            results,
            compare,
            need_index,
            self._baseline,
            _lang(),
        )
        handle.finished.connect(self._on_report)
        handle.failed.connect(lambda exc: show_error(self, exc))

    def _on_report(self, payload) -> None:
        report, index = payload
        if index is not None:
            self.index = index
        if self.index is None or self.index.results is not self.state.results:
            return  # newer results are on their way
        self.report = report
        self._when_shown.run(self._show_report)

    def _show_report(self) -> None:
        report = self.report
        self._show_empty()
        self.review.refresh()
        self.results.show_report(report)
        self.raters.show_report(report)
        self.rubric.refresh()
        self._update_status()
        self.report_ready.emit()

    def set_baseline(self, name: str | None) -> None:
        self._baseline = name
        self.recompute(index=False)

    # -- blind mode -------------------------------------------------------------------------------
    def set_blind(self, on: bool) -> None:
        """Hide every system name on the page and shuffle the answers per question."""
        on = bool(on)
        if self.blind_check.isChecked() != on:
            self.blind_check.setChecked(on)  # comes back here through toggled
            return
        self.blind = on
        for i in (1, 2):
            self.tabs.setTabEnabled(i, not on)
        if on and self.tabs.currentIndex() in (1, 2):
            self.tabs.setCurrentIndex(0)
        self.results.set_blind(on)
        self.raters.set_blind(on)
        self.review.refresh_list()
        self.review._fill_picker(self.review.keys())
        self.review.render()

    # -- actions ------------------------------------------------------------------------------------
    def open_answers(self, path: str | None = None) -> AnswerImportDialog | None:
        """Choose an answers / ratings file and open its import preview."""
        if not path:
            path, _ = dialogs.get_open_file_name(
                self,
                self.tr("Open answers or ratings"),
                "",
                self.tr(
                    "Answer files (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.json *.jsonl);;All files (*)"
                ),
            )
            if not path:
                return None
        dialog = AnswerImportDialog(path, self.state.study, runner=self.state.runner, parent=self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda d=dialog: self._apply_import(d))
        dialog.open()
        return dialog

    def _apply_import(self, dialog: AnswerImportDialog) -> None:
        if dialog.result_file is None:
            return
        self.state.add_answer_file(dialog.result_file, dialog.options, dialog.names, dialog.refs)

    def remove_answers(self) -> None:
        self.state.remove_answer_files()

    def export_ratings(self, path: str | None = None):
        from workbench.core.protocol.answer_results import write_ratings_workbook

        if not path:
            path, _ = dialogs.get_save_file_name(
                self,
                self.tr("Save ratings"),
                self.tr("answer ratings.xlsx"),
                self.tr("Excel workbook (*.xlsx)"),
            )
            if not path:
                return None
        handle = self.state.runner.start(
            "export-ratings", write_ratings_workbook, path, self.state.study.snapshot(), _lang()
        )
        handle.finished.connect(
            lambda written: self.status_label.setText(
                self.tr("Saved {name}.").format(name=str(written))
            )
        )
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    def change_assessor(self) -> None:
        """The same question as the name at the bottom of the window (one name for
        grades, decisions, pools and ratings)."""
        current = self.state.assessor_name()
        name = ask_name(self.window(), current, first_time=not current)
        if name:
            self.state.set_assessor_name(name)

    def _on_assessor_changed(self, _name: str) -> None:
        self._update_status()
        self.review.render()

    def _open_from_chart(self, question_ids: list, _title: str) -> None:
        self.tabs.setCurrentIndex(0)
        self.review.show_questions([str(q) for q in question_ids])

    def reset_view(self) -> None:
        """A new study or new judgments: the question, the systems shown and the
        filters chosen on the old data go (blind mode stays as the rater set it)."""
        review = self.review
        review.current_qid = ""
        review.chosen = []
        review.cursor_key, review.cursor_row = "", 0
        for widget in (review.search, review.flagged_check):
            widget.blockSignals(True)
        review.search.clear()
        review.flagged_check.setChecked(False)
        for widget in (review.search, review.flagged_check):
            widget.blockSignals(False)
        for combo in (review.type_combo, review.answerable_combo, review.show_combo):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        review.model.set_filters(
            question_type="", answerable=None, flagged_only=False, text="", triage="", ids=None
        )
        self._baseline = None
        self.index = None

    # -- the project's view -----------------------------------------------------------------------
    def view_state(self) -> dict:
        return {
            "tab": self.tabs.currentIndex(),
            "question": self.review.current_qid,
            "systems": list(self.review.chosen),
            "blind": self.blind,
        }

    def restore_view_state(self, data: dict) -> None:
        if isinstance(data.get("systems"), list):
            self.review.chosen = [str(x) for x in data["systems"]][:MAX_ANSWERS]
        if isinstance(data.get("question"), str):
            self.review.current_qid = data["question"]
        if isinstance(data.get("blind"), bool):
            self.set_blind(data["blind"])
        tab = data.get("tab")
        if isinstance(tab, int) and 0 <= tab < self.tabs.count() and self.tabs.isTabEnabled(tab):
            self.tabs.setCurrentIndex(tab)
