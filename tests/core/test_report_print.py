"""The report prints (and converts to PDF) readably: landscape pages, repeated headers,
rows tall enough for their wrapped text."""

from __future__ import annotations

from openpyxl import load_workbook
from test_report_fixtures import make_results

from workbench.core.report import LINE_HEIGHT_PT, ReportRequest, write_report


def test_every_sheet_is_landscape_with_repeated_header_rows(tmp_path):
    results, questions, passages = make_results()
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(questions=questions, passages=passages))
    book = load_workbook(path)
    for ws in book.worksheets:
        assert ws.page_setup.orientation == "landscape", ws.title
        if ws.freeze_panes:
            assert ws.print_title_rows and ws.print_title_rows.startswith("$1:"), ws.title


def test_rows_with_long_wrapped_text_get_the_height_of_their_lines(tmp_path):
    results, questions, passages = make_results()
    passages = passages.copy()
    passages["text"] = "말씀 " * 150  # far wider than the passage column
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(questions=questions, passages=passages))
    ws = load_workbook(path)["낮은 점수"]
    heights = [dim.height for dim in ws.row_dimensions.values() if dim.height]
    assert heights, "rows with wrapped passages need an explicit height"
    assert max(heights) >= 3 * LINE_HEIGHT_PT
