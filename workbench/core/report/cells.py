"""Cells and styles shared by every sheet: safe cell values (never a formula),
the number formats, the fonts and fills, the workbook with a Korean-capable
default font, the print layout, and :class:`Sheet` (a worksheet that fits its
columns and rows to what was written)."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

import pandas as pd
from openpyxl import Workbook
from openpyxl.cell.text import InlineFont
from openpyxl.formatting.rule import ColorScaleRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import coordinate_to_tuple
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from workbench.core.io.cells import cell_text
from workbench.core.io.cells import put as put_text_safe
from workbench.core.io.workbook_style import FONT_NAME, FONT_SIZE
from workbench.core.model import grades as g
from workbench.core.report.words import words

#: height of one line of wrapped text, in points (Hangul needs more than Latin)
LINE_HEIGHT_PT = 15.0
#: rows sampled per column when fitting column widths (the rest look alike)
WIDTH_SAMPLE_ROWS = 400

SCORE_FORMAT = "0.000"
P_FORMAT = "0.0000"
RATE_FORMAT = "0.0%"
INT_FORMAT = "0"
#: two decimals: rating means and their differences (0–3 scale)
RATE2 = "0.00"


def is_nan(value: Any) -> bool:
    try:
        return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))
    except TypeError:
        return False


def cell_value(value: Any) -> Any:
    """A value openpyxl can store: NaN/NA → None, numpy scalars → Python."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, str):
        return cell_text(value)
    if isinstance(value, bool):
        return value
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            value = value.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, (int, datetime)):
        return value
    if isinstance(value, pd.Timestamp):
        return value.to_pydatetime()
    return cell_text(str(value))


def put(ws: Worksheet, row: int, col: int, value: Any, fmt: str | None = None):
    """Write one cell. Strings are always string cells (never formulas/errors)."""
    cell = ws.cell(row=row, column=col)
    v = put_text_safe(cell, cell_value(value))  # text stays text: never a formula
    if fmt is not None and v is not None and not isinstance(v, str):
        cell.number_format = fmt
    return cell


def display_width(text: str) -> int:
    """Approximate Excel column width of ``text``: wide (Hangul, CJK) chars count 2."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def width_of(value: Any, fmt: str | None) -> int:
    if value is None:
        return 0
    if isinstance(value, float):
        if fmt == SCORE_FORMAT:
            return 6
        if fmt == P_FORMAT:
            return 7
        if fmt == RATE_FORMAT:
            return 7
        return min(len(repr(value)), 12)
    text = str(value)
    # a wrapped multi-line cell is as wide as its longest line
    return max((display_width(line) for line in text.split("\n")), default=0)


class Styles:
    """Style objects made once per workbook."""

    def __init__(self) -> None:
        self.bold = Font(name=FONT_NAME, sz=FONT_SIZE, b=True, charset=129, family=3)
        self.title = Font(name=FONT_NAME, sz=FONT_SIZE + 3, b=True, charset=129, family=3)
        self.italic = Font(
            name=FONT_NAME, sz=FONT_SIZE, i=True, charset=129, family=3, color="FF555555"
        )
        self.header_fill = PatternFill("solid", fgColor="FFE8EEF4")
        self.header_border = Border(bottom=Side(style="thin", color="FF7F8C99"))
        self.block_border = Border(top=Side(style="medium", color="FF7F8C99"))
        self.wrap = Alignment(wrap_text=True, vertical="top")
        self.header_align = Alignment(wrap_text=True, vertical="center")
        self.top = Alignment(vertical="top")
        self.center = Alignment(horizontal="center", vertical="top")
        #: the 근거 문장 inside passage text: bold, in a dark blue that prints well
        self.evidence_font = InlineFont(rFont=FONT_NAME, b=True, color="FF1F4E9E", sz=FONT_SIZE)
        self.grade_fills = {
            key: PatternFill("solid", fgColor="FF" + colour.lstrip("#").upper())
            for key, colour in [*((k, g.colour(k)) for k in g.GRADES), (None, g.UNJUDGED_COLOUR)]
        }
        self.grade_fonts = {
            key: Font(
                name=FONT_NAME,
                sz=FONT_SIZE,
                charset=129,
                family=3,
                color="FF" + g.text_colour(g.colour(key)).lstrip("#").upper(),
            )
            for key in [*g.GRADES, None]
        }


def new_workbook() -> Workbook:
    """A workbook whose default font (style 0, used by every unstyled cell) is
    Korean-capable. Without ``scheme`` Excel uses the name as given rather than
    the theme's Latin font."""
    wb = Workbook()
    base = Font(name=FONT_NAME, sz=FONT_SIZE, charset=129, family=3)
    # style 0 and the "Normal" named style point at font 0; replacing that one
    # font re-fonts every cell without touching them one by one
    wb._fonts = IndexedList([base])
    wb._named_styles["Normal"].font = base
    return wb


#: printable width of an A4 page in Excel column-width units (about one digit
#: each, at the margins below): wider sheets print landscape
_PORTRAIT_WIDTH_UNITS = 95


def _footer_text(text: str) -> str:
    # "&" starts a code in a header/footer ("&P" the page number): a literal one is "&&"
    return text.replace("&", "&&")


def print_setup(ws: Worksheet, title: str = "", *, one_page: bool = False) -> None:
    """Print (and PDF) layout a colleague can read, the same for every sheet: A4,
    landscape when the columns are wider than a portrait page, fitted to one page
    wide (``one_page``: to one page in all), the header rows (those the sheet
    freezes) repeated on every page, and the footer with the study's name, the
    page number and the sheet's name. A chart starts a new page, so no chart is
    cut in two (on a one-page sheet there is nothing to cut)."""
    total = sum(
        (ws.column_dimensions[letter].width or 9.0)
        for letter in (get_column_letter(i) for i in range(1, (ws.max_column or 1) + 1))
    )
    wide = total > _PORTRAIT_WIDTH_UNITS or bool(ws._charts)
    ws.page_setup.orientation = "landscape" if wide else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.print_options.gridLines = False
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5
    ws.page_margins.footer = 0.2
    if ws.freeze_panes:
        header_rows = ws[ws.freeze_panes].row - 1
        if header_rows >= 1:
            ws.print_title_rows = f"1:{header_rows}"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if one_page else 0
    ws.oddFooter.left.text = _footer_text(title)
    ws.oddFooter.center.text = "&P / &N"
    ws.oddFooter.right.text = "&A"
    if not one_page:
        for row in sorted({_chart_row(chart) for chart in ws._charts}):
            if row > 1:  # a break after the row above the chart's first row
                ws.row_breaks.append(Break(id=row - 1))


def _chart_row(chart: Any) -> int:
    """The (1-based) row a chart's top-left corner sits in: openpyxl keeps the
    anchor a chart was added with as its cell name until the sheet is saved."""
    anchor = chart.anchor
    if isinstance(anchor, str):
        return coordinate_to_tuple(anchor)[0]
    return anchor._from.row + 1


class Sheet:
    """A worksheet plus what is needed to fit its columns at the end."""

    def __init__(self, wb: Workbook, title: str, styles: Styles, lang: str) -> None:
        self.ws = wb.create_sheet(title)
        self.st = styles
        self.lang = lang
        self.widths: dict[int, int] = {}
        self.max_width: dict[int, int] = {}
        self.wrapped: set[int] = set()  # columns whose text wraps (rows get their height)
        self.row = 1  # next free row

    def t(self, key: str) -> str:
        return words(key, self.lang)

    def note_width(self, col: int, width: int) -> None:
        if width > self.widths.get(col, 0):
            self.widths[col] = width

    def header(self, row: int, headers: Sequence[str], col: int = 1) -> None:
        for j, text in enumerate(headers):
            c = put(self.ws, row, col + j, text)
            c.font = self.st.bold
            c.fill = self.st.header_fill
            c.border = self.st.header_border
            c.alignment = self.st.header_align
            # long headers wrap onto more lines rather than widen the column
            self.note_width(col + j, min(width_of(text, None), 14))

    def title(self, row: int, text: str, col: int = 1) -> None:
        c = put(self.ws, row, col, text)
        c.font = self.st.bold

    def table(
        self,
        top: int,
        headers: Sequence[str],
        rows: Iterable[Sequence[Any]],
        formats: Sequence[str | None] | None = None,
        col: int = 1,
        check: Callable[[int], None] | None = None,
    ) -> int:
        """Header at ``top``, rows below; returns the last row written."""
        self.header(top, headers, col)
        fmts = list(formats or [None] * len(headers))
        ws = self.ws
        r = top
        sampled = 0
        for r_i, values in enumerate(rows):
            r = top + 1 + r_i
            for j, v in enumerate(values):
                put(ws, r, col + j, v, fmts[j] if j < len(fmts) else None)
            if sampled < WIDTH_SAMPLE_ROWS:
                sampled += 1
                for j, v in enumerate(values):
                    self.note_width(col + j, width_of(v, fmts[j] if j < len(fmts) else None))
            if check is not None and r_i % 500 == 499:
                check(r_i + 1)
        return r

    def wrap_column(self, col: int, first: int, last: int, max_width: int) -> None:
        ws = self.ws
        for r in range(first, last + 1):
            cell = ws.cell(row=r, column=col)
            if cell.value is not None:
                cell.alignment = self.st.wrap
        self.max_width[col] = max_width
        self.wrapped.add(col)

    def fit_columns(self, default_max: int = 50) -> None:
        for col, width in self.widths.items():
            cap = self.max_width.get(col, default_max)
            self.ws.column_dimensions[get_column_letter(col)].width = max(6, min(width + 2, cap))
        if self.wrapped:
            self.fit_row_heights()

    def fit_row_heights(self) -> None:
        """Give rows with wrapped text the height of their longest cell.

        Excel sizes such rows itself, but LibreOffice (and so a PDF made from
        the report) keeps the default height and lets the lines run over the
        next rows."""
        ws = self.ws
        widths = {
            col: (ws.column_dimensions[get_column_letter(col)].width or 9.0) for col in self.wrapped
        }
        for row in range(2, ws.max_row + 1):
            lines = 1
            for col, width in widths.items():
                value = ws.cell(row=row, column=col).value
                if isinstance(value, str) and value:
                    usable = max(width - 1.5, 4.0)
                    lines = max(
                        lines,
                        sum(
                            max(1, math.ceil(display_width(part) / usable))
                            for part in value.split("\n")
                        ),
                    )
            if lines > 1:
                ws.row_dimensions[row].height = min(lines, 12) * LINE_HEIGHT_PT


def grade_number(grade: Any) -> int | None:
    if is_nan(grade):
        return None
    try:
        return int(round(float(grade)))
    except (TypeError, ValueError):
        return None


def score_colours(ws: Worksheet, ref: str) -> None:
    """0 red → 0.5 yellow → 1 green over fixed bounds, so one colour means one
    score on every column and sheet."""
    rule = ColorScaleRule(
        start_type="num",
        start_value=0,
        start_color="FFF8696B",
        mid_type="num",
        mid_value=0.5,
        mid_color="FFFFEB84",
        end_type="num",
        end_value=1,
        end_color="FF63BE7B",
    )
    ws.conditional_formatting.add(ref, rule)


def show_axes(chart: Any) -> None:
    # openpyxl ≥ 3.1 hides axes unless told otherwise
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    # one decimal on the score axis; the cells keep three
    chart.y_axis.number_format = "0.0"
    chart.y_axis.majorUnit = 0.2
