""""How was this computed?": a non-modal panel that shows a score worked through.

For a system's mean (the Overview's scores table, Compare) it shows the sum of
the questions' values over N and lists the questions; choosing one shows that
question's formula with its numbers. For one question (Question review) it
shows the formula at once. Every number comes from
:mod:`workbench.core.measures.explain`, which reads the evaluation's own ranking;
the panel only lays it out (plain text with aligned tables) in the UI language.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.explain import (
    MeanExplanation,
    QuestionExplanation,
    explain_mean,
    explain_question,
)
from workbench.core.model.results import Results
from workbench.ui.models.metrics_table import ui_language

_ROLE_QUESTION = Qt.ItemDataRole.UserRole


def on_enter(widget: QWidget, slot: Callable[[], None]) -> None:
    """Enter (either key) on ``widget`` itself calls ``slot``: the keyboard's way to
    ask how the chosen value was computed."""
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        shortcut = QShortcut(QKeySequence(key), widget)
        shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
        shortcut.activated.connect(slot)


def run_menu(
    owner: QWidget, global_pos: QPoint, entries: list[tuple[str, str, Callable[[], object]]]
) -> None:
    """A context menu of (text, object name, what it does) at ``global_pos``."""
    menu = QMenu(owner)
    for text, name, call in entries:
        action = menu.addAction(text, call)
        action.setObjectName(name)
    menu.exec(global_pos)
    menu.deleteLater()


def _table_html(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th align='left'>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return (
        "<table border='1' cellspacing='0' cellpadding='4'>"
        f"<tr>{head}</tr>{body}</table>"
    )


def _lines_html(lines: list[str]) -> str:
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


class ExplainPanel(QDialog):
    """The worked-through score. :meth:`show_mean` / :meth:`show_question` fill it and
    bring it up; it stays open beside the page (non-modal) until closed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainPanel")
        self.setModal(False)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.results: Results | None = None
        self.unjudged = None
        self.system = ""
        self.measure = ""
        self.question_id = ""
        # what is shown: the mean (with its questions) or one question
        self.mean: MeanExplanation | None = None
        self.explanation: QuestionExplanation | None = None

        self.heading = QLabel()
        self.heading.setObjectName("explainHeading")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.questions_label = QLabel()
        self.question_list = QListWidget()
        self.question_list.setObjectName("explainQuestions")
        # a chosen (selected) question, not the current item focus alone sets
        self.question_list.itemSelectionChanged.connect(self._on_question_chosen)
        self.list_box = QWidget()
        list_layout = QVBoxLayout(self.list_box)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.questions_label)
        list_layout.addWidget(self.question_list)
        self.text = QTextBrowser()
        self.text.setObjectName("explainText")
        self.text.setOpenLinks(False)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.list_box)
        self.split.addWidget(self.text)
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 4)
        self.split.setChildrenCollapsible(False)
        self.buttons = QDialogButtonBox()
        self.mean_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.mean_button.setObjectName("explainMeanButton")
        self.mean_button.clicked.connect(self._back_to_mean)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.close_button.clicked.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.split, 1)
        row = QHBoxLayout()
        row.addWidget(self.buttons)
        layout.addLayout(row)
        self.retranslate()
        self.resize(900, 620)

    # -- filling ----------------------------------------------------------------------
    def show_mean(self, results: Results, system: str, measure: str, unjudged=None) -> None:
        """``system``'s mean of ``measure``, with the questions it averages."""
        self.results, self.unjudged = results, unjudged
        self.system, self.measure, self.question_id = system, measure, ""
        self._fill_mean()
        self._render()
        self._bring_up()

    def _fill_mean(self) -> None:
        assert self.results is not None
        self.mean = explain_mean(self.results, self.system, self.measure)
        self.explanation = None
        self.question_list.blockSignals(True)
        self.question_list.clear()
        for qid, value, missing in self.mean.values:
            label = f"{qid}   {value:.4f}"  # fixed decimals: the values line up
            if missing:
                label += " " + self.tr("(no results)")
            item = QListWidgetItem(label)
            item.setData(_ROLE_QUESTION, qid)
            self.question_list.addItem(item)
        self.question_list.blockSignals(False)
        self.list_box.setVisible(True)

    def show_question(
        self, results: Results, system: str, question_id: str, measure: str, unjudged=None
    ) -> None:
        """``system``'s ``measure`` on one question."""
        self.results, self.unjudged = results, unjudged
        self.system, self.measure, self.question_id = system, measure, question_id
        self.mean = None
        self.explanation = explain_question(results, system, question_id, measure, unjudged)
        self.question_list.clear()
        self.list_box.setVisible(False)
        self._render()
        self._bring_up()

    def follow(self, results: Results | None) -> None:
        """New scores (a grade given, a setting changed): an open panel shows the same
        value again from them, or closes when its system, measure or question is gone."""
        if not self.isVisible() or results is self.results:
            return
        gone = (
            results is None
            or self.system not in results.systems
            or self.measure not in results.measures
        )
        if gone:
            self.close()
            return
        if self.mean is not None:
            current = self.question_id
            self.results = results
            self._fill_mean()
            self._render()
            self._select(current)
            return
        try:
            self.show_question(results, self.system, self.question_id, self.measure, self.unjudged)
        except ValueError:  # the question is no longer in the study
            self.close()

    def _select(self, question_id: str) -> None:
        for i in range(self.question_list.count()):
            item = self.question_list.item(i)
            if question_id and item.data(_ROLE_QUESTION) == question_id:
                item.setSelected(True)

    def _on_question_chosen(self) -> None:
        chosen = self.question_list.selectedItems()
        if not chosen or self.results is None:
            return
        item = chosen[0]
        qid = str(item.data(_ROLE_QUESTION))
        self.question_id = qid
        self.explanation = explain_question(
            self.results, self.system, qid, self.measure, self.unjudged
        )
        self._render()

    def _back_to_mean(self) -> None:
        self.question_list.setCurrentRow(-1)
        self.question_list.clearSelection()
        self.explanation = None
        self.question_id = ""
        self._render()

    def _bring_up(self) -> None:
        self.show()
        self.raise_()
        self.activateWindow()

    # -- words ------------------------------------------------------------------------
    def _render(self) -> None:
        lang = ui_language()
        e = self.explanation
        self.mean_button.setVisible(self.mean is not None and e is not None)
        if e is not None:
            self.heading.setText(
                self.tr("{measure} of {system} on question {question}").format(
                    measure=self.measure, system=self.system, question=e.question_id
                )
            )
            self.text.setHtml(self._question_html(e, lang))
        elif self.mean is not None:
            self.heading.setText(
                self.tr("Mean {measure} of {system}").format(
                    measure=self.measure, system=self.system
                )
            )
            self.text.setHtml(self._mean_html(self.mean, lang))
        else:
            self.heading.setText("")
            self.text.clear()

    def _question_html(self, e: QuestionExplanation, lang: str) -> str:
        formula_title = self.tr("Formula")
        numbers_title = self.tr("With this question’s numbers")
        places_title = self.tr("The places the measure reads")
        ideal_title = self.tr("Ideal order (for IDCG)")
        parts = [
            f"<h3>{escape(formula_title)}</h3>",
            f"<p>{escape(e.formula(lang))}</p>",
            f"<h3>{escape(numbers_title)}</h3>",
            _lines_html(e.steps(lang)),
        ]
        headers, rows = e.place_table(lang)
        if rows:
            parts += [f"<h3>{escape(places_title)}</h3>", _table_html(headers, rows)]
        if e.ideal:
            parts += [f"<h3>{escape(ideal_title)}</h3>", _table_html(*e.ideal_table(lang))]
        return "".join(parts)

    def _mean_html(self, m: MeanExplanation, lang: str) -> str:
        hint = self.tr("Choose a question on the left to see its formula with its numbers.")
        return _lines_html(m.steps(lang)) + f"<p><i>{escape(hint)}</i></p>"

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("How was this computed?"))
        self.questions_label.setText(self.tr("Questions in this mean"))
        self.mean_button.setText(self.tr("Back to the mean"))
        self.close_button.setText(self.tr("Close"))
        if self.mean is not None and self.results is not None:
            # the question list's "(no results)" follows the language too
            current = self.question_id
            self._fill_mean()
            self._render()
            self._select(current)
        else:
            self._render()
