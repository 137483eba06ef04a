"""Passage cards for the Question review page (diffir-style result cards).

A :class:`SystemColumnView` shows one system's top K for the current question:
a header with the per-question scores, one :class:`PassageCard` per position
(rank, a position arrow against the other shown systems, a grade chip with
colour AND label, the wrapped passage text, source and score), "⋮ N skipped"
separators where de-duplication removed passages, and the relevant evidence
the system missed. Card widgets are pooled and reused, so moving to the next
question only updates labels.
"""

from __future__ import annotations

import html
import math

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core import grades
from workbench.core.review import Card, Column, EvidenceRow, Gap

#: characters of passage text shown on a card; the tooltip has the rest
CARD_TEXT_CHARS = 700
MISSED_TEXT_CHARS = 160

ARROWS = {"higher": "↑", "lower": "↓", "same": "=", "absent": "∅", "none": ""}


def _lang() -> str:
    try:
        from workbench.ui.i18n import current_language

        return current_language()
    except Exception:  # i18n not available: English source strings
        return "en"


def grade_key(grade: float) -> str:
    """Style property value of a grade: "0"–"3", or "none" when unjudged."""
    if grade is None or (isinstance(grade, float) and math.isnan(grade)):
        return "none"
    return str(min(max(int(round(grade)), 0), 3))


def review_stylesheet() -> str:
    """Page-level style: grade chip colours (from core.grades), card states."""
    rules = []
    for g in grades.GRADES:
        bg = grades.colour(g)
        rules.append(
            f'QToolButton#gradeChip[grade="{g}"], QLabel#gradeChip[grade="{g}"] '
            f"{{ background-color: {bg}; color: {grades.text_colour(bg)}; "
            f"border: 1px solid {bg}; border-radius: 4px; padding: 1px 6px; }}"
        )
    rules.append(
        'QToolButton#gradeChip[grade="none"], QLabel#gradeChip[grade="none"] '
        f"{{ background-color: transparent; color: #555555; "
        f"border: 1px dashed {grades.UNJUDGED_COLOUR}; border-radius: 4px; padding: 1px 6px; }}"
    )
    rules.append(
        "QFrame#passageCard { border: 1px solid #c8c8c8; border-radius: 6px; "
        "background-color: palette(base); }"
    )
    rules.append('QFrame#passageCard[related="true"] { background-color: #fff4c2; }')
    rules.append(
        'QFrame#passageCard[selected="true"] { border: 2px solid palette(highlight); '
        "background-color: #fff4c2; }"
    )
    rules.append('QFrame#passageCard[unjudged="true"] { border-style: dashed; }')
    rules.append("QLabel#gapLabel { color: #777777; }")
    rules.append("QLabel#cardMeta, QLabel#missedMeta { color: #666666; }")
    rules.append(
        'QLabel#arrow[relation="higher"] { color: #2e7d32; } '
        'QLabel#arrow[relation="lower"] { color: #c62828; } '
        'QLabel#arrow[relation="same"], QLabel#arrow[relation="absent"] { color: #777777; }'
    )
    rules.append("QLabel#columnWarning { color: #c62828; }")
    rules.append("QFrame#missedRow { border-top: 1px solid #dddddd; }")
    return "\n".join(rules)


def _repolish(widget: QWidget) -> None:
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


def _set_prop(widget: QWidget, name: str, value) -> None:
    if widget.property(name) != value:
        widget.setProperty(name, value)
        _repolish(widget)


def show_widget(widget: QWidget, on: bool) -> None:
    """setVisible only when it changes: each real change re-lays out the column."""
    if widget.isHidden() == bool(on):
        widget.setVisible(bool(on))


def _small(widget: QWidget, factor: float = 0.9) -> None:
    font = QFont(widget.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    widget.setFont(font)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


class GradeChip(QToolButton):
    """A grade badge: colour + "3 직접 근거"; grey dashed "미평가" when unjudged."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gradeChip")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.grade = math.nan

    def set_grade(self, grade: float, lang: str) -> None:
        self.grade = grade
        self.setText(grades.chip_text(grade, lang))
        tip = grades.definition(grade, lang)
        self.setToolTip(f"{tip}\n{self.tr('Click to change the grade (keys 0–3).')}")
        _set_prop(self, "grade", grade_key(grade))


class PassageCard(QFrame):
    """One retrieved passage."""

    clicked = Signal(object)
    hovered = Signal(object, bool)
    chip_clicked = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("passageCard")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.card: Card | None = None
        self.rank_label = QLabel()
        bold = QFont(self.rank_label.font())
        bold.setBold(True)
        self.rank_label.setFont(bold)
        self.arrow = QLabel()
        self.arrow.setObjectName("arrow")
        self.arrow.setFont(bold)
        self.chip = GradeChip()
        self.chip.clicked.connect(self._on_chip)
        self.score_label = QLabel()
        self.score_label.setObjectName("cardMeta")
        self.meta = WrapLabel()
        self.meta.setObjectName("cardMeta")
        _small(self.meta)
        self.text_label = WrapLabel()
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(6)
        top.addWidget(self.rank_label)
        top.addWidget(self.arrow)
        top.addWidget(self.chip)
        top.addStretch(1)
        top.addWidget(self.score_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addWidget(self.meta)
        layout.addWidget(self.text_label)

    def set_card(self, card: Card, lang: str) -> None:
        self.card = card
        self.rank_label.setText(f"#{card.position}")
        self.arrow.setText(ARROWS.get(card.relation, ""))
        _set_prop(self.arrow, "relation", card.relation)
        self.arrow.setToolTip(self._others_tip(card))
        self.chip.set_grade(card.grade, lang)
        self.score_label.setText(
            "" if math.isnan(card.score) else self.tr("score {0:.3f}").format(card.score)
        )
        source = card.source.format(lang)
        self.meta.setText(f"{card.passage_id} · {source}" if source else card.passage_id)
        text = card.text or self.tr("(no passage text in the files)")
        self.text_label.setText(_clip(text, CARD_TEXT_CHARS))
        self.text_label.setToolTip(text if len(text) > CARD_TEXT_CHARS else "")
        _set_prop(self, "unjudged", not card.judged)

    def _others_tip(self, card: Card) -> str:
        if not card.others:
            return ""
        head = {
            "higher": self.tr("Ranked higher here than in the other systems"),
            "lower": self.tr("Ranked lower here than in another system"),
            "same": self.tr("Same position as in another system"),
            "absent": self.tr("No other shown system retrieved this passage"),
        }.get(card.relation, "")
        lines = [head]
        for other in card.others:
            where = (
                self.tr("#{0}").format(other.position)
                if other.position is not None
                else self.tr("not retrieved")
            )
            lines.append(f"{other.system}: {where}")
        return "\n".join(lines)

    def set_state(self, selected: bool, related: bool) -> None:
        _set_prop(self, "selected", bool(selected))
        _set_prop(self, "related", bool(related and not selected))

    def _on_chip(self) -> None:
        self.clicked.emit(self)
        self.chip_clicked.emit(self, self.chip.mapToGlobal(QPoint(0, self.chip.height())))

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self)
        super().mousePressEvent(event)

    def enterEvent(self, event) -> None:  # noqa: N802
        self.hovered.emit(self, True)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        self.hovered.emit(self, False)
        super().leaveEvent(event)


class GapLabel(QLabel):
    """ "⋮ 2 skipped" — passages removed by the de-duplication policy."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gapLabel")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.gap: Gap | None = None

    def set_gap(self, gap: Gap) -> None:
        self.gap = gap
        self.setText(self.tr("⋮ {0} skipped").format(gap.count))
        self.setToolTip(
            self.tr("Removed by the de-duplication policy: {0}").format(", ".join(gap.passage_ids))
        )


class MissedList(QLabel):
    """The relevant passages a system did not put in its top K, as one rich-text label.

    One label instead of a widget per row: showing and hiding rows re-polished
    and re-laid out the whole column on every question.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("missedList")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.rows: list[EvidenceRow] = []
        self._hfw: dict[int, int] = {}

    def set_rows(self, rows: list[EvidenceRow], lang: str) -> None:
        self.rows = list(rows)
        parts = []
        for row in rows:
            bg = grades.colour(row.grade)
            chip = (
                f'<span style="background-color:{bg}; color:{grades.text_colour(bg)};">'
                f"&nbsp;{html.escape(grades.chip_text(row.grade, lang))}&nbsp;</span>"
            )
            if row.position is not None:
                where = self.tr("found at #{0}").format(row.position)
            elif row.skipped:
                where = self.tr("removed by de-duplication")
            else:
                where = self.tr("not retrieved")
            role = grades.role_label(row.role, lang)
            meta = " · ".join([row.passage_id] + ([role] if role else []) + [where])
            text = html.escape(_clip(row.text, MISSED_TEXT_CHARS)) if row.text else ""
            parts.append(
                f'<p style="margin-top:6px;">{chip}&nbsp; <span style="color:#555555;">'
                f"{html.escape(meta)}</span>" + (f"<br>{text}" if text else "") + "</p>"
            )
        self._hfw = {}
        self.setText("".join(parts))

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        # QLabel lays the rich text out again on every call; layouts ask often
        h = self._hfw.get(width)
        if h is None:
            h = self._hfw[width] = super().heightForWidth(width)
        return h

    def changeEvent(self, event) -> None:  # noqa: N802
        self._hfw = {}
        super().changeEvent(event)


class WrapLabel(QLabel):
    """A word-wrapped plain-text label that remembers its height per width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._hfw: dict[int, int] = {}

    def setText(self, text: str) -> None:  # noqa: N802
        if text != self.text():
            self._hfw = {}
            super().setText(text)

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        h = self._hfw.get(width)
        if h is None:
            h = self._hfw[width] = super().heightForWidth(width)
        return h

    def changeEvent(self, event) -> None:  # noqa: N802
        self._hfw = {}  # font or style changed
        super().changeEvent(event)


class SystemColumnView(QFrame):
    """One system's column: header, cards with gaps, missed evidence."""

    card_clicked = Signal(object)
    card_hovered = Signal(object, bool)
    chip_clicked = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemColumn")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.title = QLabel()
        title_font = QFont(self.title.font())
        title_font.setBold(True)
        if title_font.pointSizeF() > 0:
            title_font.setPointSizeF(title_font.pointSizeF() * 1.15)
        self.title.setFont(title_font)
        self.title.setWordWrap(True)
        self.scores = QLabel()
        self.scores.setWordWrap(True)
        self.scores.setObjectName("cardMeta")
        self.warning = QLabel()
        self.warning.setObjectName("columnWarning")
        self.warning.setWordWrap(True)
        self.missed_title = QLabel()
        bold = QFont(self.missed_title.font())
        bold.setBold(True)
        self.missed_title.setFont(bold)
        self.missed_title.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setObjectName("cardMeta")
        self.empty.setWordWrap(True)

        self._items_layout = QVBoxLayout()
        self._items_layout.setContentsMargins(0, 0, 0, 0)
        self._items_layout.setSpacing(6)
        self.missed_list = MissedList()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(6)
        layout.addWidget(self.title)
        layout.addWidget(self.scores)
        layout.addWidget(self.warning)
        layout.addWidget(self.empty)
        layout.addLayout(self._items_layout)
        layout.addSpacing(6)
        layout.addWidget(self.missed_title)
        layout.addWidget(self.missed_list)
        layout.addStretch(1)

        self._kinds: tuple[bool, ...] = ()
        self._cards: list[PassageCard] = []
        self._gaps: list[GapLabel] = []
        self.column: Column | None = None
        self.cards: list[PassageCard] = []  # visible cards, in order

    def _card(self, i: int) -> PassageCard:
        while len(self._cards) <= i:
            card = PassageCard(self)
            card.clicked.connect(self.card_clicked)
            card.hovered.connect(self.card_hovered)
            card.chip_clicked.connect(self.chip_clicked)
            self._cards.append(card)
        return self._cards[i]

    def _gap(self, i: int) -> GapLabel:
        while len(self._gaps) <= i:
            self._gaps.append(GapLabel(self))
        return self._gaps[i]

    def set_column(self, column: Column, k: int, summary: list[str], lang: str) -> None:
        """Show ``column``; ``summary`` = the measures named in the header."""
        self.column = column
        self.title.setText(column.system)
        parts = [
            f"{m} {column.metrics[m]:.3f}"
            for m in summary
            if m in column.metrics and not math.isnan(column.metrics[m])
        ]
        self.scores.setText(" · ".join(parts))
        show_widget(self.scores, bool(parts))
        self.warning.setText(
            self.tr("This system returned nothing for this question (scored 0).")
            if column.missing
            else ""
        )
        show_widget(self.warning, column.missing)

        # reuse pooled widgets; the layout is rebuilt only when the sequence of
        # cards and gaps changes (re-adding widgets would re-lay out everything)
        kinds = tuple(isinstance(item, Card) for item in column.items)
        if kinds != self._kinds:
            while self._items_layout.count():
                self._items_layout.takeAt(0)
            n_cards = n_gaps = 0
            for is_card in kinds:
                if is_card:
                    widget: QWidget = self._card(n_cards)
                    n_cards += 1
                else:
                    widget = self._gap(n_gaps)
                    n_gaps += 1
                self._items_layout.addWidget(widget)
            self._kinds = kinds
        n_cards = n_gaps = 0
        self.cards = []
        for item in column.items:
            if isinstance(item, Card):
                card = self._card(n_cards)
                card.set_card(item, lang)
                card.set_state(False, False)
                self.cards.append(card)
                show_widget(card, True)
                n_cards += 1
            else:
                gap = self._gap(n_gaps)
                gap.set_gap(item)
                show_widget(gap, True)
                n_gaps += 1
        for widget in self._cards[n_cards:]:
            show_widget(widget, False)
        for widget in self._gaps[n_gaps:]:
            show_widget(widget, False)
        self.empty.setText("" if n_cards else self.tr("No passages retrieved."))
        show_widget(self.empty, not n_cards)

        self.missed_title.setText(
            self.tr("Missed evidence ({0}): relevant, not in the top {1}").format(
                len(column.missed), k
            )
            if column.missed
            else self.tr("No relevant evidence missed in the top {0}.").format(k)
        )
        self.missed_list.set_rows(column.missed, lang)
        show_widget(self.missed_list, bool(column.missed))
