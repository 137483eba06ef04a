"""The evaluation manual on screen: a side panel next to every grading action,
and the editor (a dialog) that changes it.

The manual itself is data of the study (:mod:`workbench.core.protocol.manual`); the
panel shows :meth:`~workbench.core.study.Study.manual_in_force` — each grade
with its colour, label, definition and example passages, θ with its
sentence, and the principles — and the editor returns a new
:class:`~workbench.core.protocol.manual.Manual` that the caller pushes as an
(undoable) edit.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model import grades
from workbench.core.protocol.manual import Example, GradeRule, Manual, default_manual
from workbench.ui import fonts
from workbench.ui.i18n import current_language

#: characters of an example passage's text shown in the panel
EXAMPLE_CHARS = 220
#: between an example's passage id and its text in the editor
EXAMPLE_SEPARATOR = " — "


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _clip(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def manual_html(manual: Manual, passage_text, lang: str, strings: dict[str, str]) -> str:
    """The manual as rich text: grades 3 → 0 with a coloured chip, definition and
    examples (``passage_text(id)`` gives an example passage's text), θ, principles."""
    parts: list[str] = []
    for rule in sorted(manual.grades, key=lambda r: -r.grade):
        colour = grades.colour(rule.grade)
        fg = grades.text_colour(colour)
        chip = (
            f"<span style='background:{colour}; color:{fg};'>&nbsp;"
            f"{html.escape(grades.chip_text(rule.grade, lang, manual))}&nbsp;</span>"
        )
        parts.append(
            f"<p style='margin-top:8px;'><b>{chip}</b><br>{html.escape(rule.definition)}</p>"
        )
        examples = []
        for ex in rule.examples:
            text = ex.text or (passage_text(ex.passage_id) if ex.passage_id else "")
            shown = html.escape(_clip(text, EXAMPLE_CHARS)) if text else ""
            if ex.passage_id:
                head = f"<i>{html.escape(ex.passage_id)}</i>"
                examples.append(f"{head} {shown}" if shown else head)
            else:
                examples.append(shown)
        if examples:
            items = "".join(f"<li>{e}</li>" for e in examples)
            parts.append(
                f"<p style='margin:0; color:#444;'>{html.escape(strings['examples'])}</p>"
                f"<ul style='margin-top:0;'>{items}</ul>"
            )
    theta = strings["theta"].format(theta=manual.threshold)
    rule = f"<br>{html.escape(manual.threshold_rule)}" if manual.threshold_rule else ""
    parts.append(f"<p style='margin-top:10px;'><b>{html.escape(theta)}</b>{rule}</p>")
    if manual.principles:
        items = "".join(f"<li>{html.escape(p)}</li>" for p in manual.principles)
        parts.append(f"<p style='margin-bottom:0;'><b>{html.escape(strings['principles'])}</b></p>")
        parts.append(f"<ol style='margin-top:2px;'>{items}</ol>")
    return "".join(parts)


class ManualPanel(QWidget):
    """The manual beside a grading action; ``edit_requested`` when the user wants
    to change it."""

    edit_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manualPanel")
        self._manual: Manual | None = None
        self._passage_text = lambda _pid: ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setFont(fonts.scaled(self.font(), 1.1, bold=True))
        self.edit_button = QPushButton()
        self.edit_button.setObjectName("editManual")
        self.edit_button.clicked.connect(self.edit_requested)
        head.addWidget(self.title, 1)
        head.addWidget(self.edit_button)
        layout.addLayout(head)
        self.body = QLabel()
        self.body.setObjectName("manualText")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        holder = QWidget()
        hl = QVBoxLayout(holder)
        hl.setContentsMargins(4, 0, 8, 0)
        hl.addWidget(self.body)
        hl.addStretch(1)
        scroll.setWidget(holder)
        layout.addWidget(scroll, 1)
        self.retranslate()

    def set_manual(self, manual: Manual, passage_text=None) -> None:
        self._manual = manual
        if passage_text is not None:
            self._passage_text = passage_text
        self._render()

    def text(self) -> str:
        return self.body.text()

    def _render(self) -> None:
        if self._manual is None:
            self.body.setText("")
            return
        strings = {
            "examples": self.tr("Examples:"),
            "theta": self.tr("Relevant from grade {theta} (θ)"),
            "principles": self.tr("Principles"),
        }
        self.body.setText(manual_html(self._manual, self._passage_text, _lang(), strings))

    def retranslate(self) -> None:
        self.title.setText(self.tr("Evaluation manual"))
        self.edit_button.setText(self.tr("Edit…"))
        self.edit_button.setToolTip(self.tr("Change the grade definitions, examples and θ"))
        self._render()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ManualDialog(QDialog):
    """The manual editor. After ``accept()``, :meth:`manual` is the new manual and
    :meth:`theta_for_scores` says whether the scores should use its θ too."""

    def __init__(
        self,
        manual: Manual,
        scores_theta: int,
        known_ids: set[str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ManualDialog")
        self.setModal(True)
        self._known = set(known_ids or ())
        self._scores_theta = int(scores_theta)
        self._start = manual
        self._build()
        self.retranslate()
        self.show_manual(manual)
        self.resize(1100, 760)

    # -- building ------------------------------------------------------------------
    def _build(self) -> None:
        root = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        root.addWidget(self.intro)
        columns = QHBoxLayout()
        root.addLayout(columns, 1)
        # left: the grades (scrolls); right: θ and the principles, always in sight
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        body = QWidget()
        lay = QVBoxLayout(body)
        self.grade_boxes: dict[int, QGroupBox] = {}
        self.label_edits: dict[int, QLineEdit] = {}
        self.definition_edits: dict[int, QPlainTextEdit] = {}
        self.example_edits: dict[int, QPlainTextEdit] = {}
        self.grade_chips: dict[int, QLabel] = {}
        self._field_labels: list[tuple[QLabel, str]] = []
        lines = self.fontMetrics().lineSpacing()
        for g in sorted(grades.GRADES, reverse=True):
            box = QGroupBox()
            form = QFormLayout(box)
            chip = QLabel(str(g))
            chip.setObjectName(f"chip:{g}")
            colour = grades.colour(g)
            chip.setStyleSheet(
                f"background: {colour}; color: {grades.text_colour(colour)};"
                " border-radius: 3px; padding: 2px 10px; font-weight: bold;"
            )
            label = QLineEdit()
            label.setObjectName(f"label:{g}")
            name_row = QHBoxLayout()
            name_row.addWidget(chip)
            name_row.addWidget(label, 1)
            definition = QPlainTextEdit()
            definition.setObjectName(f"definition:{g}")
            definition.setMinimumHeight(2 * lines + 14)
            definition.setMaximumHeight(4 * lines + 14)
            examples = QPlainTextEdit()
            examples.setObjectName(f"examples:{g}")
            examples.setMinimumHeight(2 * lines + 14)
            examples.setMaximumHeight(5 * lines + 14)
            for key, field in (
                ("label", name_row),
                ("definition", definition),
                ("examples", examples),
            ):
                caption = QLabel()
                self._field_labels.append((caption, key))
                form.addRow(caption, field)
            self.grade_boxes[g] = box
            self.grade_chips[g] = chip
            self.label_edits[g] = label
            self.definition_edits[g] = definition
            self.example_edits[g] = examples
            lay.addWidget(box)
        lay.addStretch(1)
        scroll.setWidget(body)
        columns.addWidget(scroll, 3)

        side = QVBoxLayout()
        self.theta_box = QGroupBox()
        tf = QVBoxLayout(self.theta_box)
        theta_row = QHBoxLayout()
        self.theta_spin = QSpinBox()
        self.theta_spin.setObjectName("theta")
        self.theta_spin.setRange(1, 3)
        self.theta_caption = QLabel()
        theta_row.addWidget(self.theta_caption)
        theta_row.addWidget(self.theta_spin)
        theta_row.addStretch(1)
        tf.addLayout(theta_row)
        self.rule_caption = QLabel()
        tf.addWidget(self.rule_caption)
        self.rule_edit = QPlainTextEdit()
        self.rule_edit.setObjectName("thetaRule")
        self.rule_edit.setMinimumHeight(3 * lines + 14)
        self.rule_edit.setMaximumHeight(5 * lines + 14)
        tf.addWidget(self.rule_edit)
        self.theta_check = QCheckBox()
        self.theta_check.setObjectName("thetaForScores")
        self.theta_check.setChecked(True)
        tf.addWidget(self.theta_check)
        self.theta_spin.valueChanged.connect(self._update_theta_check)
        side.addWidget(self.theta_box)
        self.principles_box = QGroupBox()
        pl = QVBoxLayout(self.principles_box)
        self.principles_edit = QPlainTextEdit()
        self.principles_edit.setObjectName("principles")
        self.principles_edit.setMinimumHeight(6 * lines + 14)
        pl.addWidget(self.principles_edit)
        side.addWidget(self.principles_box, 1)
        columns.addLayout(side, 2)

        self.buttons = QDialogButtonBox()
        self.reset_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_button.setObjectName("resetManual")
        self.reset_button.clicked.connect(lambda: self.show_manual(default_manual(_lang())))
        self.save_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setObjectName("saveManual")
        self.save_button.setDefault(True)
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)
        root.addWidget(self.buttons)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Evaluation manual"))
        self.intro.setText(
            self.tr(
                "Fix what each grade means before judging, with real examples, so every "
                "assessor judges by the same rule. The manual is saved with the project, shown "
                "beside every grading action and written into the report."
            )
        )
        for g, box in self.grade_boxes.items():
            box.setTitle(self.tr("Grade {grade}").format(grade=g))
        captions = {
            "label": self.tr("Name:"),
            "definition": self.tr("Definition:"),
            "examples": self.tr("Examples:"),
        }
        for caption, key in self._field_labels:
            caption.setText(captions[key])
        for edit in self.example_edits.values():
            edit.setPlaceholderText(
                self.tr("One example per line: a passage id (e.g. D012-03), or the passage's text.")
            )
        self.theta_box.setTitle(self.tr("What counts as relevant"))
        self.theta_caption.setText(self.tr("Relevant from grade (θ):"))
        self.rule_caption.setText(self.tr("Rule:"))
        self.principles_box.setTitle(self.tr("Principles (one per line)"))
        self.reset_button.setText(self.tr("Use the seed table"))
        self.reset_button.setToolTip(
            self.tr("Fill in the grade table and principles of the study's articles.")
        )
        self.save_button.setText(self.tr("Save"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._update_theta_check()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _update_theta_check(self, *_args) -> None:
        differs = self.theta_spin.value() != self._scores_theta
        self.theta_check.setVisible(differs)
        self.theta_check.setText(
            self.tr("Also compute the scores with θ = {new} (now {old})").format(
                new=self.theta_spin.value(), old=self._scores_theta
            )
        )

    # -- values -----------------------------------------------------------------------
    def show_manual(self, manual: Manual) -> None:
        for g in grades.GRADES:
            rule = manual.rule(g) or GradeRule(g, "", "")
            self.label_edits[g].setText(rule.label)
            self.definition_edits[g].setPlainText(rule.definition)
            self.example_edits[g].setPlainText(
                "\n".join(self._example_line(e) for e in rule.examples)
            )
            self._known.update(e.passage_id for e in rule.examples if e.passage_id)
        self.theta_spin.setValue(manual.threshold)
        self.rule_edit.setPlainText(manual.threshold_rule)
        self.principles_edit.setPlainText("\n".join(manual.principles))
        self._update_theta_check()

    @staticmethod
    def _example_line(example: Example) -> str:
        if example.passage_id and example.text:
            return f"{example.passage_id}{EXAMPLE_SEPARATOR}{example.text}"
        return example.passage_id or example.text

    def _example(self, line: str) -> Example:
        line = line.strip()
        head, sep, rest = line.partition(EXAMPLE_SEPARATOR.strip())
        if sep and head.strip() in self._known:
            return Example(head.strip(), rest.strip())
        if line in self._known:
            return Example(passage_id=line)
        return Example(text=line)

    def manual(self) -> Manual:
        """The manual as the dialog shows it now."""
        rules = []
        for g in grades.GRADES:
            examples = tuple(
                self._example(line)
                for line in self.example_edits[g].toPlainText().splitlines()
                if line.strip()
            )
            rules.append(
                GradeRule(
                    g,
                    self.label_edits[g].text().strip() or grades.LABELS[_lang()][g],
                    self.definition_edits[g].toPlainText().strip(),
                    examples,
                )
            )
        principles = tuple(
            line.strip() for line in self.principles_edit.toPlainText().splitlines() if line.strip()
        )
        return Manual(
            tuple(rules),
            self.theta_spin.value(),
            self.rule_edit.toPlainText().strip(),
            principles,
        )

    def theta_for_scores(self) -> bool:
        """The scores should use the manual's θ (it differs and the box is ticked)."""
        return self.theta_spin.value() != self._scores_theta and self.theta_check.isChecked()
