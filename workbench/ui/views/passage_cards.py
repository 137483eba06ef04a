"""Passage cards for the Question review page (diffir-style result cards).

A :class:`SystemColumnView` shows one system's top K for the current question:
a header with the per-question scores, one card per position (rank, a
position arrow against the other shown systems, a grade chip with colour AND
label, the wrapped passage text, source and score), "⋮ N skipped" separators
where de-duplication removed passages, and the relevant evidence the system
missed.

The whole column is ONE widget that paints its cards with QPainter. A widget
tree per card (frames, labels, a tool button, style sheets) cost ~50 ms of Qt
layout and polish per question for 4 × 10 cards; here each text is wrapped
once per width with a :class:`QTextLayout` and drawn from that layout, and
hover, clicks and tooltips are hit-tested on the cards' rectangles. Tests and
the page read what is shown through :meth:`SystemColumnView.shown_cards`,
:attr:`SystemColumnView.cards` and :meth:`SystemColumnView.card_rect`.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
    QTextCharFormat,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from workbench.core.model import grades
from workbench.core.protocol.review import Card, Column, EvidenceRow, Gap
from workbench.ui.fonts import POINT_SIZES
from workbench.ui.i18n import current_language

#: characters of passage text shown on a card; the tooltip has the rest
CARD_TEXT_CHARS = 700
MISSED_TEXT_CHARS = 160
#: lines of passage text on a card at a large font, so that two or more cards per
#: system fit in view; the card's tooltip has the whole passage
COMPACT_TEXT_LINES = 2

ARROWS = {"higher": "↑", "lower": "↓", "same": "=", "absent": "∅", "none": ""}
ARROW_COLOURS = {"higher": "#2e7d32", "lower": "#c62828", "same": "#777777", "absent": "#777777"}
META_COLOUR = "#666666"
GAP_COLOUR = "#777777"
WARNING_COLOUR = "#c62828"
CARD_BORDER = "#c8c8c8"
#: background of the selected card and of the same passage in other columns
RELATED_BACKGROUND = "#fff4c2"
RULE_COLOUR = "#dddddd"
UNJUDGED_TEXT = "#555555"
#: the evidence sentence (근거 문장) inside a passage: bold on a light blue band
EVIDENCE_BACKGROUND = "#d6e8ff"
EVIDENCE_TEXT = "#0b3a75"

# geometry in pixels (the text sizes follow the font; these are paddings)
CARD_PAD_X = 8
CARD_PAD_Y = 6
ROW_GAP = 3
ITEM_GAP = 6
SIDE_MARGIN = 2
CHIP_PAD_X = 6
CHIP_PAD_Y = 2
RADIUS = 6.0

# Texts are translated in the contexts of the former widget classes
# (PassageCard, GapLabel, MissedList, SystemColumnView): the Korean catalog's
# entries keep applying, and lupdate finds the literal translate() calls.


def _lang() -> str:
    return current_language()


def grade_key(grade: float) -> str:
    """Grade as a short key: "0"–"3", or "none" when unjudged."""
    if grade is None or (isinstance(grade, float) and math.isnan(grade)):
        return "none"
    return str(min(max(int(round(grade)), 0), 3))


def show_widget(widget: QWidget, on: bool) -> None:
    """setVisible only when it changes: each real change re-lays out the parent."""
    if widget.isHidden() == bool(on):
        widget.setVisible(bool(on))


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _scaled(font: QFont, factor: float = 1.0, bold: bool = False) -> QFont:
    out = QFont(font)
    if factor != 1.0:
        if out.pointSizeF() > 0:
            out.setPointSizeF(out.pointSizeF() * factor)
        elif out.pixelSize() > 0:
            out.setPixelSize(max(1, round(out.pixelSize() * factor)))
    if bold:
        out.setBold(True)
    return out


#: recently wrapped texts: the same passage in several columns, and going back
#: to the previous question, reuse their layouts
_BLOCK_CACHE: OrderedDict[tuple[str, str, int], TextBlock] = OrderedDict()
BLOCK_CACHE_SIZE = 600
_WRAP = QTextOption()
# long passage ids and URLs break anywhere rather than overflow the card
_WRAP.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)


def packed_line_items(items: list[str], font: QFont, width: int) -> str:
    """``items`` joined by " · " with a line break instead of the separator where
    the next item would not fit in ``width``: a measure stays beside its value
    (no "P@10" ending a line above "0.200") and no line starts or ends with a
    lone separator. An item wider than ``width`` on its own wraps as text does."""
    fm = QFontMetrics(font)
    lines: list[str] = []
    line = ""
    for item in items:
        longer = f"{line} · {item}" if line else item
        if line and fm.horizontalAdvance(longer) > width:
            lines.append(line)
            line = item
        else:
            line = longer
    if line:
        lines.append(line)
    return "\N{LINE SEPARATOR}".join(lines)  # QTextLayout's line break


def text_block(
    text: str, font: QFont, width: int, highlights: tuple[tuple[int, int], ...] = ()
) -> TextBlock:
    """``text`` wrapped to ``width`` in ``font``, from the cache when it was seen;
    ``highlights``: ``[start, end)`` spans drawn as evidence sentences."""
    key = (text, font.key(), width, highlights)
    block = _BLOCK_CACHE.get(key)
    if block is None:
        block = _BLOCK_CACHE[key] = TextBlock(text, font, width, highlights)
        if len(_BLOCK_CACHE) > BLOCK_CACHE_SIZE:
            _BLOCK_CACHE.popitem(last=False)
    else:
        _BLOCK_CACHE.move_to_end(key)
    return block


class TextBlock:
    """Plain text wrapped once to a width (QTextLayout); drawn from that layout."""

    __slots__ = ("text", "layout", "height", "natural_width", "highlights")

    def __init__(
        self, text: str, font: QFont, width: float, highlights: tuple[tuple[int, int], ...] = ()
    ) -> None:
        self.text = text
        self.layout: QTextLayout | None = None
        self.height = 0
        self.natural_width = 0.0
        self.highlights = highlights
        if not text:
            return
        layout = QTextLayout(text, font)
        layout.setTextOption(_WRAP)
        layout.setCacheEnabled(True)
        if highlights:
            layout.setFormats(_evidence_formats(highlights, len(text)))
        layout.beginLayout()
        y = 0.0
        natural = 0.0
        width = max(float(width), 1.0)
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            line.setPosition(QPointF(0.0, y))
            y += line.height()
            natural = max(natural, line.naturalTextWidth())
        layout.endLayout()
        self.layout = layout
        self.height = math.ceil(y)
        self.natural_width = natural

    def draw(self, painter: QPainter, x: float, y: float) -> None:
        if self.layout is not None:
            self.layout.draw(painter, QPointF(x, y))


def _evidence_formats(spans: tuple[tuple[int, int], ...], length: int) -> list:
    """QTextLayout format ranges that mark the evidence sentences."""
    fmt = QTextCharFormat()
    fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setBackground(QColor(EVIDENCE_BACKGROUND))
    fmt.setForeground(QColor(EVIDENCE_TEXT))
    out = []
    for a, b in spans:
        a, b = max(0, a), min(b, length)
        if a >= b:
            continue
        r = QTextLayout.FormatRange()
        r.start, r.length, r.format = a, b - a, fmt
        out.append(r)
    return out


def clipped_spans(spans, shown: str, full: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``full`` that fall in ``shown`` (its clipped beginning)."""
    limit = len(shown) if shown == full else max(len(shown) - 1, 0)  # not the "…"
    return tuple((a, min(b, limit)) for a, b in spans if a < limit)


@dataclass
class CardItem:
    """One card as shown: the core :class:`Card` plus what the page shows for it.

    ``chip_text`` and ``grade`` may run ahead of ``card.grade`` right after a
    grade was given (the new results follow from the background evaluation).
    """

    card: Card
    chip_text: str
    grade: float
    arrow: str
    arrow_tip: str
    meta: str
    score_text: str
    text: str  # as shown (clipped)
    full_text: str
    selected: bool = False
    related: bool = False
    #: evidence sentence spans within ``text``
    highlights: tuple[tuple[int, int], ...] = ()

    @property
    def passage_id(self) -> str:
        return self.card.passage_id

    @property
    def grade_key(self) -> str:
        return grade_key(self.grade)

    @property
    def judged(self) -> bool:
        return not math.isnan(self.grade)


@dataclass
class _CardGeom:
    rect: QRect
    header_h: int  # the rank row, plus the chip's own row when it is below
    row_h: int  # the rank row
    chip_below: bool  # too narrow for rank, arrow and chip on one row
    meta: TextBlock
    text: TextBlock
    score_inline: bool  # the score fits on the header row


@dataclass
class _MissedGeom:
    rect: QRect
    row: EvidenceRow
    chip_text: str
    chip_rect: QRect
    meta: TextBlock
    text: TextBlock
    top_h: int  # chip and meta rows
    beside: bool  # the meta text beside the chip (else below it)


@dataclass
class _Layout:
    """Where everything of one column goes at one width."""

    width: int
    height: int = 0
    blocks: list[tuple[int, int, TextBlock, str]] = field(
        default_factory=list
    )  # x, y, block, colour
    cards: list[_CardGeom] = field(default_factory=list)
    gaps: list[tuple[QRect, TextBlock, Gap]] = field(default_factory=list)
    missed: list[_MissedGeom] = field(default_factory=list)
    rule_y: int = -1
    #: where the system's name is (its tooltip is the system card)
    title_rect: QRect = field(default_factory=QRect)


class SystemColumnView(QWidget):
    """One system's column, painted: header, cards with gaps, missed evidence.

    Signals carry core :class:`Card` objects: ``card_clicked(card)``,
    ``card_hovered(card or None)`` and ``chip_clicked(card, global point)``.
    """

    card_clicked = Signal(object)
    card_hovered = Signal(object)
    chip_clicked = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemColumn")
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMouseTracking(True)
        self.column: Column | None = None
        #: the shown cards, in order
        self.cards: list[CardItem] = []
        self.title = ""
        #: the tooltip of the system's name (its system card), set by the page
        self.title_tooltip = ""
        self.scores = ""
        self.warning = ""
        self.empty = ""
        self.missed_title = ""
        self._missed: list[EvidenceRow] = []
        self._lang = "en"
        #: the study's evaluation manual: the chips' labels and tooltips (None: the defaults)
        self.manual = None
        self._layouts: dict[int, _Layout] = {}
        self._hover = -1
        #: the title, scores and warning are drawn here; False when a
        #: :class:`SystemHeaderRow` above the scroll area shows them (pinned)
        self.header_in_column = True
        self._fonts()

    # -- fonts ------------------------------------------------------------------------
    def _fonts(self) -> None:
        base = self.font()
        self._font = QFont(base)
        self._bold = _scaled(base, bold=True)
        self._title_font = _scaled(base, 1.15, bold=True)
        self._small = _scaled(base, 0.9)
        self._fm = QFontMetrics(self._font)
        self._fm_bold = QFontMetrics(self._bold)

    def changeEvent(self, event) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fonts()
            self._invalidate()
        super().changeEvent(event)

    def _invalidate(self) -> None:
        self._layouts = {}
        self.updateGeometry()
        self.update()

    # -- content -------------------------------------------------------------------------
    def set_column(self, column: Column, k: int, summary: list[str], lang: str) -> None:
        """Show ``column``; ``summary`` = the measures named in the header."""
        self.column = column
        self._lang = lang
        self.title = column.system
        self.setAccessibleName(column.system)
        self.score_items = [
            f"{m} {column.metrics[m]:.3f}"
            for m in summary
            if m in column.metrics and not math.isnan(column.metrics[m])
        ]
        self.scores = " · ".join(self.score_items)
        self.warning = (
            QCoreApplication.translate(
                "SystemColumnView", "This system returned nothing for this question (scored 0)."
            )
            if column.missing
            else ""
        )
        self.cards = [
            self._card_item(item, lang) for item in column.items if isinstance(item, Card)
        ]
        self.empty = (
            ""
            if self.cards
            else QCoreApplication.translate("SystemColumnView", "No passages retrieved.")
        )
        self._missed = list(column.missed)
        self.missed_title = (
            QCoreApplication.translate(
                "SystemColumnView", "Missed evidence ({0}): relevant, not in the top {1}"
            ).format(len(column.missed), k)
            if column.missed
            else QCoreApplication.translate(
                "SystemColumnView", "No relevant evidence missed in the top {0}."
            ).format(k)
        )
        self._hover = -1
        self._invalidate()

    def _card_item(self, card: Card, lang: str) -> CardItem:
        text = card.text or QCoreApplication.translate(
            "PassageCard", "(no passage text in the files)"
        )
        source = card.source.format(lang)
        shown = _clip(text, CARD_TEXT_CHARS)
        return CardItem(
            card=card,
            chip_text=grades.chip_text(card.grade, lang, self.manual),
            grade=card.grade,
            arrow=ARROWS.get(card.relation, ""),
            arrow_tip=_others_tip(card),
            meta=f"{card.passage_id} · {source}" if source else card.passage_id,
            score_text=""
            if math.isnan(card.score)
            else QCoreApplication.translate("PassageCard", "score {0:.3f}").format(card.score),
            text=shown,
            full_text=text,
            highlights=clipped_spans(card.highlights, shown, text) if card.text else (),
        )

    def set_states(self, selected_system: str, selected_pid: str, hover_pid: str) -> None:
        """Selected card (2-px frame) and the same passage elsewhere (tinted)."""
        system = self.column.system if self.column is not None else ""
        changed = False
        for item in self.cards:
            pid = item.card.passage_id
            selected = system == selected_system and pid == selected_pid
            related = (not selected) and bool(pid) and pid in (selected_pid, hover_pid)
            if selected != item.selected or related != item.related:
                item.selected, item.related = selected, related
                changed = True
        if changed:
            self.update()

    def set_grade(self, passage_id: str, grade: float, lang: str) -> bool:
        """Show a new grade on this passage's chip right away; True when shown here."""
        hit = False
        for item in self.cards:
            if item.card.passage_id == passage_id:
                item.grade = float(grade)
                item.chip_text = grades.chip_text(grade, lang, self.manual)
                hit = True
        if hit:
            self._invalidate()  # the chip's width may change the header row
        return hit

    def compact(self) -> bool:
        """At a larger font than the normal one the header shows one line of
        scores and a card a few lines of its passage (the tooltips have the rest):
        the narrow columns otherwise showed about one card each."""
        return self._font.pointSizeF() > POINT_SIZES["normal"] + 0.5

    def header_scores(self, inner: int) -> str:
        """The scores as shown in the header at ``inner`` pixels wide."""
        packed = packed_line_items(self.score_items, self._font, inner)
        if not self.compact() or "\N{LINE SEPARATOR}" not in packed:
            return packed
        first = packed.split("\N{LINE SEPARATOR}")[0]
        return self._fm.elidedText(first + " …", Qt.TextElideMode.ElideRight, inner)

    def header_parts(self, inner: int) -> list[tuple[str, QFont, str]]:
        """(text, font, colour) of the column's header at ``inner`` pixels wide:
        system, scores, warning."""
        return [
            (self.title, self._title_font, ""),
            (self.header_scores(inner), self._font, META_COLOUR),
            (self.warning, self._font, WARNING_COLOUR),
        ]

    def header_height(self, width: int) -> int:
        """Height of the header parts wrapped to ``width``."""
        inner = max(width - 2 * SIDE_MARGIN, 1)
        return sum(
            text_block(text, font, inner).height + ITEM_GAP
            for text, font, _c in self.header_parts(inner)
            if text
        )

    # -- what is shown (the page and the tests read these) ---------------------------
    def shown_cards(self) -> list[CardItem]:
        return list(self.cards)

    def missed_rows(self) -> list[EvidenceRow]:
        return list(self._missed)

    def missed_text(self) -> str:
        """The missed-evidence rows as shown, as plain text (one row per line)."""
        layout = self._current_layout()
        return "\n".join(
            f"{m.chip_text} {m.meta.text}" + (f"\n{m.text.text}" if m.text.text else "")
            for m in layout.missed
        )

    def card_rect(self, i: int) -> QRect:
        """Rectangle of the i-th shown card, in this widget's coordinates."""
        layout = self._current_layout()
        return QRect(layout.cards[i].rect) if 0 <= i < len(layout.cards) else QRect()

    def chip_rect(self, i: int) -> QRect:
        layout = self._current_layout()
        if not 0 <= i < len(layout.cards):
            return QRect()
        return self._chip_rect(layout.cards[i], self.cards[i])

    def index_of(self, passage_id: str) -> int:
        for i, item in enumerate(self.cards):
            if item.card.passage_id == passage_id:
                return i
        return -1

    # -- sizes --------------------------------------------------------------------------
    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._layout_for(width).height

    def sizeHint(self) -> QSize:  # noqa: N802
        width = self._preferred_width()
        at = self.width() if self.width() > self.minimumSizeHint().width() else width
        return QSize(width, self._layout_for(at).height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(self._fm.averageCharWidth() * 14 + 2 * (CARD_PAD_X + SIDE_MARGIN), 0)

    def _preferred_width(self) -> int:
        return self._fm.averageCharWidth() * 32 + 2 * (CARD_PAD_X + SIDE_MARGIN)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        # keep the layouts of the current width only (and the one just asked)
        if len(self._layouts) > 4:
            keep = self.width()
            self._layouts = {w: lay for w, lay in self._layouts.items() if w == keep}

    # -- layout -------------------------------------------------------------------------
    def _current_layout(self) -> _Layout:
        return self._layout_for(self.width())

    def _layout_for(self, width: int) -> _Layout:
        width = max(int(width), self.minimumSizeHint().width())
        layout = self._layouts.get(width)
        if layout is None:
            layout = self._layouts[width] = self._compute(width)
        return layout

    def _chip_size(self, text: str) -> QSize:
        return QSize(
            self._fm.horizontalAdvance(text) + 2 * CHIP_PAD_X + 2,
            self._fm.height() + 2 * CHIP_PAD_Y + 2,
        )

    def _compute(self, width: int) -> _Layout:
        out = _Layout(width=width)
        inner = width - 2 * SIDE_MARGIN
        x0 = SIDE_MARGIN
        y = 0

        def block(text: str, font: QFont, colour: str) -> None:
            nonlocal y
            if not text:
                return
            b = text_block(text, font, inner)
            out.blocks.append((x0, y, b, colour))
            y += b.height + ITEM_GAP

        if self.header_in_column:
            if self.title:
                b = text_block(self.title, self._title_font, inner)
                out.title_rect = QRect(x0, y, inner, b.height)
            for text, font, colour in self.header_parts(inner):
                block(text, font, colour)
        else:
            y = ITEM_GAP  # the pinned header is above; a little room before the first card
        block(self.empty, self._font, META_COLOUR)

        card_inner = inner - 2 * CARD_PAD_X
        n_cards = 0
        items = self.column.items if self.column is not None else []
        for item in items:
            if isinstance(item, Card):
                shown = self.cards[n_cards]
                n_cards += 1
                geom = self._card_geom(shown, x0, y, inner, card_inner)
                out.cards.append(geom)
                y += geom.rect.height() + ITEM_GAP
            else:
                text = QCoreApplication.translate("GapLabel", "⋮ {0} skipped").format(item.count)
                b = text_block(text, self._font, inner)
                out.gaps.append((QRect(x0, y, inner, b.height), b, item))
                y += b.height + ITEM_GAP

        y += ITEM_GAP
        out.rule_y = y if self._missed else -1
        block(self.missed_title, self._bold, "")
        lang = self._lang
        for row in self._missed:
            chip_text = grades.chip_text(row.grade, lang, self.manual)
            chip = self._chip_size(chip_text)
            if row.position is not None:
                where = QCoreApplication.translate("MissedList", "found at #{0}").format(
                    row.position
                )
            elif row.skipped:
                where = QCoreApplication.translate("MissedList", "removed by de-duplication")
            else:
                where = QCoreApplication.translate("MissedList", "not retrieved")
            role = grades.role_label(row.role, lang)
            meta_text = " · ".join([row.passage_id] + ([role] if role else []) + [where])
            meta_w = inner - chip.width() - 6
            beside = meta_w >= self._fm.averageCharWidth() * 8
            if beside:
                meta = text_block(meta_text, self._font, meta_w)
                dy = max((chip.height() - self._fm.height()) // 2, 0)
                top_h = max(chip.height(), dy + meta.height)
            else:  # too narrow beside the chip: below it
                meta = text_block(meta_text, self._font, inner)
                top_h = chip.height() + ROW_GAP + meta.height
            shown = _clip(row.text, MISSED_TEXT_CHARS) if row.text else ""
            text = text_block(
                shown, self._font, inner, clipped_spans(row.highlights, shown, row.text)
            )
            h = top_h + (ROW_GAP + text.height if text.height else 0)
            out.missed.append(
                _MissedGeom(
                    rect=QRect(x0, y, inner, h),
                    row=row,
                    chip_text=chip_text,
                    chip_rect=QRect(QPoint(x0, y), chip),
                    meta=meta,
                    text=text,
                    top_h=top_h,
                    beside=beside,
                )
            )
            y += h + ITEM_GAP
        out.height = max(y, 1)
        return out

    def _card_geom(self, item: CardItem, x: int, y: int, inner: int, card_inner: int) -> _CardGeom:
        chip = self._chip_size(item.chip_text)
        lead = self._fm_bold.horizontalAdvance(f"#{item.card.position}") + 6
        if item.arrow:
            lead += self._fm_bold.horizontalAdvance(item.arrow) + 6
        # the chip's label is never cut: at large fonts it takes a row of its own
        chip_below = lead + chip.width() > card_inner
        row_w = lead if chip_below else lead + chip.width()
        row_h = self._fm_bold.height() if chip_below else max(self._fm_bold.height(), chip.height())
        header_h = row_h + (ROW_GAP + chip.height() if chip_below else 0)
        score_w = self._fm.horizontalAdvance(item.score_text)
        score_inline = bool(item.score_text) and row_w + 6 + score_w <= card_inner
        meta_text = (
            item.meta if score_inline or not item.score_text else f"{item.score_text} · {item.meta}"
        )
        if self.compact():  # one line; the card's tooltip has it whole
            meta_text = QFontMetrics(self._small).elidedText(
                meta_text, Qt.TextElideMode.ElideRight, card_inner
            )
        meta = text_block(meta_text, self._small, card_inner)
        text = text_block(item.text, self._font, card_inner, item.highlights)
        if self.compact() and text.layout is not None:
            text = self._first_lines(item, text, card_inner)
        h = CARD_PAD_Y + header_h + ROW_GAP + meta.height + ROW_GAP + text.height + CARD_PAD_Y + 2
        return _CardGeom(
            QRect(x, y, inner, h), header_h, row_h, chip_below, meta, text, score_inline
        )

    def _first_lines(self, item: CardItem, block: TextBlock, width: int) -> TextBlock:
        """``block`` cut to its first COMPACT_TEXT_LINES lines, ending in "…" (the
        card's tooltip then has the whole passage)."""
        layout = block.layout
        if layout.lineCount() <= COMPACT_TEXT_LINES:
            return block
        last = layout.lineAt(COMPACT_TEXT_LINES - 1)
        end = last.textStart() + last.textLength()
        while end > 1:
            shown = item.text[:end].rstrip() + "…"
            spans = clipped_spans(item.highlights, shown, item.text)
            cut = text_block(shown, self._font, width, spans)
            if cut.layout is None or cut.layout.lineCount() <= COMPACT_TEXT_LINES:
                return cut
            end -= 2
        return block
    # header row parts, left to right: "#3", arrow, chip … score
    def _rank_rect(self, geom: _CardGeom, item: CardItem) -> QRect:
        r = geom.rect
        w = self._fm_bold.horizontalAdvance(f"#{item.card.position}")
        return QRect(r.x() + CARD_PAD_X + 1, r.y() + CARD_PAD_Y + 1, w, geom.row_h)

    def _arrow_rect(self, geom: _CardGeom, item: CardItem) -> QRect:
        rank = self._rank_rect(geom, item)
        w = self._fm_bold.horizontalAdvance(item.arrow) if item.arrow else 0
        return QRect(rank.right() + 1 + 6, rank.y(), w, geom.row_h)

    def _chip_rect(self, geom: _CardGeom, item: CardItem) -> QRect:
        arrow = self._arrow_rect(geom, item)
        size = self._chip_size(item.chip_text)
        if geom.chip_below:
            x = geom.rect.x() + CARD_PAD_X + 1
            top = arrow.y() + geom.row_h + ROW_GAP
        else:
            x = arrow.right() + 1 + (6 if arrow.width() else 0)
            top = arrow.y() + (geom.row_h - size.height()) // 2
        max_w = geom.rect.right() - CARD_PAD_X - x
        size.setWidth(max(min(size.width(), max_w), 1))
        return QRect(QPoint(x, top), size)

    # -- painting ---------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802
        layout = self._current_layout()
        clip = event.rect()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        for x, y, b, colour in layout.blocks:
            if y > clip.bottom() or y + b.height < clip.top():
                continue
            painter.setPen(QColor(colour) if colour else text_colour)
            b.draw(painter, x, y)
        for geom, item in zip(layout.cards, self.cards):
            if geom.rect.intersects(clip):
                self._paint_card(painter, geom, item, palette)
        painter.setPen(QColor(GAP_COLOUR))
        for rect, b, _gap in layout.gaps:
            if rect.intersects(clip):
                b.draw(painter, rect.x() + max((rect.width() - b.natural_width) / 2, 0), rect.y())
        if layout.rule_y >= 0:
            painter.setPen(QPen(QColor(RULE_COLOUR), 1))
            y = layout.rule_y - ITEM_GAP // 2
            painter.drawLine(SIDE_MARGIN, y, layout.width - SIDE_MARGIN, y)
        for m in layout.missed:
            if m.rect.intersects(clip):
                self._paint_missed(painter, m, text_colour)
        painter.end()

    def _paint_chip(self, painter: QPainter, rect: QRect, grade: float, text: str) -> None:
        box = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if math.isnan(grade):
            pen = QPen(QColor(grades.UNJUDGED_COLOUR), 1, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QColor(UNJUDGED_TEXT))
        else:
            bg = grades.colour(grade)
            painter.setPen(QPen(QColor(bg), 1))
            painter.setBrush(QColor(bg))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QColor(grades.text_colour(bg)))
        # a narrow column at a large font: the label in the small font before any eliding
        font, fm = self._font, self._fm
        if fm.horizontalAdvance(text) > rect.width() - 2 * CHIP_PAD_X:
            font = self._small
            fm = QFontMetrics(font)
        painter.setFont(font)
        shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width() - 2 * CHIP_PAD_X)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), shown)

    def _paint_card(self, painter: QPainter, geom: _CardGeom, item: CardItem, palette) -> None:
        rect = geom.rect
        highlighted = item.selected or item.related
        bg = QColor(RELATED_BACKGROUND) if highlighted else palette.color(QPalette.ColorRole.Base)
        if item.selected:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 2)
            box = QRectF(rect).adjusted(1, 1, -1, -1)
        else:
            style = Qt.PenStyle.SolidLine if item.judged else Qt.PenStyle.DashLine
            pen = QPen(QColor(CARD_BORDER), 1, style)
            box = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(pen)
        painter.setBrush(bg)
        painter.drawRoundedRect(box, RADIUS, RADIUS)
        painter.setBrush(Qt.BrushStyle.NoBrush)

        text_colour = palette.color(QPalette.ColorRole.Text)
        centre = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        painter.setFont(self._bold)
        painter.setPen(text_colour)
        painter.drawText(self._rank_rect(geom, item), centre, f"#{item.card.position}")
        if item.arrow:
            painter.setPen(QColor(ARROW_COLOURS.get(item.card.relation, GAP_COLOUR)))
            painter.drawText(self._arrow_rect(geom, item), centre, item.arrow)
        self._paint_chip(painter, self._chip_rect(geom, item), item.grade, item.chip_text)
        if geom.score_inline and item.score_text:
            painter.setFont(self._font)
            painter.setPen(QColor(META_COLOUR))
            score = QRect(
                rect.x() + CARD_PAD_X,
                rect.y() + CARD_PAD_Y + 1,
                rect.width() - 2 * CARD_PAD_X,
                geom.row_h,
            )
            painter.drawText(
                score,
                int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight),
                item.score_text,
            )
        x = rect.x() + CARD_PAD_X + 1
        y = rect.y() + CARD_PAD_Y + 1 + geom.header_h + ROW_GAP
        painter.setPen(QColor(META_COLOUR))
        geom.meta.draw(painter, x, y)
        y += geom.meta.height + ROW_GAP
        painter.setPen(text_colour)
        geom.text.draw(painter, x, y)

    def _paint_missed(self, painter: QPainter, m: _MissedGeom, text_colour: QColor) -> None:
        self._paint_chip(painter, m.chip_rect, m.row.grade, m.chip_text)
        painter.setPen(QColor(UNJUDGED_TEXT))
        if m.beside:
            # first meta line centred on the chip
            dy = max((m.chip_rect.height() - self._fm.height()) // 2, 0)
            m.meta.draw(painter, m.chip_rect.right() + 1 + 6, m.rect.y() + dy)
        else:
            m.meta.draw(painter, m.rect.x(), m.chip_rect.bottom() + 1 + ROW_GAP)
        painter.setPen(text_colour)
        m.text.draw(painter, m.rect.x(), m.rect.y() + m.top_h + ROW_GAP)

    # -- hit testing: hover, clicks, tooltips ----------------------------------------
    def card_at(self, pos: QPoint) -> int:
        for i, geom in enumerate(self._current_layout().cards):
            if geom.rect.contains(pos):
                return i
        return -1

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        pos = event.position().toPoint()
        i = self.card_at(pos)
        on_chip = i >= 0 and self.chip_rect(i).contains(pos)
        self.setCursor(Qt.CursorShape.PointingHandCursor if on_chip else Qt.CursorShape.ArrowCursor)
        self._set_hover(i)
        super().mouseMoveEvent(event)

    def _set_hover(self, i: int) -> None:
        if i != self._hover:
            self._hover = i
            self.card_hovered.emit(self.cards[i].card if 0 <= i < len(self.cards) else None)

    def leaveEvent(self, event) -> None:  # noqa: N802
        self._set_hover(-1)
        super().leaveEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            pos = event.position().toPoint()
            i = self.card_at(pos)
            if i >= 0:
                card = self.cards[i].card
                self.card_clicked.emit(card)
                chip = self.chip_rect(i)
                if chip.contains(pos):
                    self.chip_clicked.emit(card, self.mapToGlobal(chip.bottomLeft()))
                event.accept()
                return
        super().mousePressEvent(event)

    def tooltip_at(self, pos: QPoint) -> tuple[str, QRect]:
        """The tooltip text at ``pos`` and the rectangle it belongs to."""
        layout = self._current_layout()
        lang = self._lang
        i = self.card_at(pos)
        if i >= 0:
            geom, item = layout.cards[i], self.cards[i]
            chip = self._chip_rect(geom, item)
            if chip.contains(pos):
                tip = grades.definition(item.grade, lang, self.manual)
                hint = QCoreApplication.translate(
                    "SystemColumnView", "Click to change the grade (keys 0–3)."
                )
                return f"{tip}\n{hint}", chip
            arrow = self._arrow_rect(geom, item)
            if arrow.width() and arrow.adjusted(-3, 0, 3, 0).contains(pos):
                return item.arrow_tip, arrow
            evidence = _evidence_tip(item.card.sentences)
            if item.full_text != geom.text.text:  # clipped, or cut to a few lines
                meta = item.meta if self.compact() else ""  # its line on the card is elided
                return "\n\n".join(t for t in (meta, item.full_text, evidence) if t), geom.rect
            return (evidence, geom.rect) if evidence else ("", QRect())
        if self.title_tooltip and layout.title_rect.contains(pos):
            return self.title_tooltip, layout.title_rect
        for rect, _b, gap in layout.gaps:
            if rect.contains(pos):
                tip = QCoreApplication.translate(
                    "GapLabel", "Removed by the de-duplication policy: {0}"
                )
                return tip.format(", ".join(gap.passage_ids)), rect
        for m in layout.missed:
            if m.chip_rect.contains(pos):
                return grades.definition(m.row.grade, lang, self.manual), m.chip_rect
            if m.rect.contains(pos) and m.row.text and len(m.row.text) > MISSED_TEXT_CHARS:
                return m.row.text, m.rect
        return "", QRect()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text, rect = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self, rect)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)


def _evidence_tip(sentences: tuple[str, ...]) -> str:
    """The evidence sentences of a card (they are marked in its text)."""
    if not sentences:
        return ""
    head = QCoreApplication.translate("PassageCard", "Evidence sentence (marked in the text):")
    return "\n".join([head, *(f"“{s}”" for s in sentences)])


def _others_tip(card: Card) -> str:
    """Tooltip of the position arrow: this passage's place in the other systems."""
    if not card.others:
        return ""
    head = {
        "higher": QCoreApplication.translate(
            "PassageCard", "Ranked higher here than in the other systems"
        ),
        "lower": QCoreApplication.translate(
            "PassageCard", "Ranked lower here than in another system"
        ),
        "same": QCoreApplication.translate("PassageCard", "Same position as in another system"),
        "absent": QCoreApplication.translate(
            "PassageCard", "No other shown system retrieved this passage"
        ),
    }.get(card.relation, "")
    lines = [head]
    for other in card.others:
        where = (
            QCoreApplication.translate("PassageCard", "#{0}").format(other.position)
            if other.position is not None
            else QCoreApplication.translate("PassageCard", "not retrieved")
        )
        lines.append(f"{other.system}: {where}")
    return "\n".join(lines)


class SystemHeaderRow(QWidget):
    """The system columns' headers (name, per-question scores, warning), pinned
    above the scrolling cards: while the user scrolls down a long list, each
    column still says which system it is.

    ``place(columns)`` takes the columns as laid out (their x and width in the
    cards area) and the horizontal scroll offset.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemHeaders")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._columns: list[tuple[int, int, SystemColumnView]] = []
        self._offset = 0

    def place(self, columns: list[SystemColumnView], offset: int = 0) -> None:
        self._columns = [(c.x(), c.width(), c) for c in columns if not c.isHidden()]
        self._offset = offset
        height = max([c.header_height(w) for _x, w, c in self._columns] + [0])
        if self.height() != height or self.minimumHeight() != height:
            self.setFixedHeight(height)
        self.update()

    def titles(self) -> list[str]:
        """The system names shown, left to right."""
        return [c.title for _x, _w, c in self._columns]

    def tooltip_at(self, pos: QPoint) -> tuple[str, QRect]:
        """The system card of the column whose name is under ``pos``."""
        for x, width, column in self._columns:
            left = x - self._offset
            if not (left <= pos.x() < left + width) or not column.title:
                continue
            inner = max(width - 2 * SIDE_MARGIN, 1)
            b = text_block(column.title, column._title_font, inner)
            rect = QRect(left + SIDE_MARGIN, 0, inner, b.height)
            if rect.contains(pos) and column.title_tooltip:
                return column.title_tooltip, rect
        return "", QRect()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text, rect = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self, rect)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        for x, width, column in self._columns:
            inner = max(width - 2 * SIDE_MARGIN, 1)
            y = 0
            for text, font, colour in column.header_parts(inner):
                if not text:
                    continue
                block = text_block(text, font, inner)
                painter.setPen(QColor(colour) if colour else text_colour)
                block.draw(painter, x - self._offset + SIDE_MARGIN, y)
                y += block.height + ITEM_GAP
        painter.end()
