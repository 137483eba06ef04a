"""The report prints (and converts to PDF) readably: every sheet fitted to one
page wide, landscape where its columns are wide, the header rows repeated, the
study's name and the page number in the footer, no chart cut in two, the summary
on one page; rows tall enough for their wrapped text."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from test_report_fixtures import make_results

from workbench.core.report import LINE_HEIGHT_PT, ReportRequest, sheet_name, write_report

#: what a portrait A4 page holds at the report's margins, in column-width units
PORTRAIT_UNITS = 95


def _width(ws) -> float:
    return sum(
        ws.column_dimensions[get_column_letter(i)].width or 9.0
        for i in range(1, ws.max_column + 1)
    )


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    results, questions, passages = make_results()
    path = tmp_path_factory.mktemp("print") / "성경 연구 & 검색.xlsx"
    write_report(path, results, ReportRequest(questions=questions, passages=passages))
    return load_workbook(path)


def test_every_sheet_is_one_page_wide_with_repeated_header_rows(book):
    assert len(book.worksheets) >= 10
    for ws in book.worksheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage is True, ws.title
        assert ws.page_setup.fitToWidth == 1, ws.title
        assert int(ws.page_setup.paperSize) == int(ws.PAPERSIZE_A4), ws.title
        if ws.freeze_panes:
            header_rows = ws[ws.freeze_panes].row - 1
            assert ws.print_title_rows == f"$1:${header_rows}", ws.title


def test_wide_sheets_print_landscape_narrow_ones_portrait(book):
    orientations = set()
    for ws in book.worksheets:
        wide = _width(ws) > PORTRAIT_UNITS or bool(ws._charts)
        assert ws.page_setup.orientation == ("landscape" if wide else "portrait"), ws.title
        orientations.add(ws.page_setup.orientation)
    assert orientations == {"landscape", "portrait"}  # the fixture has both kinds


def test_footer_names_the_study_numbers_the_pages_and_names_the_sheet(book):
    for ws in book.worksheets:
        footer = ws.oddFooter
        # the file's name stands for the study's; a literal "&" is doubled
        assert footer.left.text == "성경 연구 && 검색", ws.title
        assert footer.center.text == "&P / &N", ws.title
        assert footer.right.text == "&A", ws.title


def test_the_summary_prints_on_one_page(book):
    ws = book[sheet_name("summary")]
    assert ws.page_setup.fitToHeight == 1
    assert ws.page_setup.fitToWidth == 1
    assert ws._charts, "the summary holds the charts"


def test_a_chart_on_a_longer_sheet_starts_a_new_page(tmp_path):
    """The rule itself, on a sheet not fitted to one page: a break right above each chart."""
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, Reference

    from workbench.core.report.cells import print_setup

    ws = Workbook().active
    for r in range(1, 200):
        ws.cell(row=r, column=1, value=r)
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=1, min_row=1, max_row=5))
    ws.add_chart(chart, "C120")
    print_setup(ws, "연구")
    assert [b.id for b in ws.row_breaks.brk] == [119]
    print_setup(ws, "연구", one_page=True)  # already set: the breaks stay as they were
    assert ws.page_setup.fitToHeight == 1


def test_rows_with_long_wrapped_text_get_the_height_of_their_lines(tmp_path):
    results, questions, passages = make_results()
    passages = passages.copy()
    passages["text"] = "말씀 " * 150  # far wider than the passage column
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(questions=questions, passages=passages))
    ws = load_workbook(path)["낮은 점수"]
    heights = [dim.height for dim in ws.row_dimensions.values() if dim.height]
    assert heights, "rows with wrapped passages need an explicit height"
    assert max(heights) >= 3 * LINE_HEIGHT_PT


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
PDF_TOOLS = shutil.which("pdfinfo") and shutil.which("pdftotext")


def _page_sheets(pdf) -> list[str]:
    """The sheet each page of the PDF belongs to, read from its footer (``&A``)."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    pages = int(next(line.split()[-1] for line in info.stdout.splitlines() if line.startswith("Pages")))
    names = []
    for page in range(1, pages + 1):
        text = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(pdf), "-"],
            capture_output=True, text=True, check=True,
        ).stdout
        footer = [line for line in text.splitlines() if line.strip()][-1]
        names.append(footer)
    return names


@pytest.mark.skipif(
    not (SOFFICE and PDF_TOOLS),
    reason="LibreOffice (soffice) and poppler-utils (pdfinfo, pdftotext) are not installed: "
    "the demo report is not rendered to PDF here",
)
def test_the_demo_report_renders_to_pdf_with_the_summary_on_one_page(tmp_path):
    from workbench.cli import main
    from workbench.paths import demo_dir

    demo = demo_dir()
    report = tmp_path / "demo.xlsx"
    code = main(["eval", "--qrels", str(demo / "judgments.xlsx"), "--run", str(demo / "runs.xlsx"),
                 "--compare", "--lang", "ko", "--report", str(report)])
    assert code == 0
    subprocess.run(
        [SOFFICE, "--headless", f"-env:UserInstallation=file://{tmp_path / 'profile'}",
         "--convert-to", "pdf", "--outdir", str(tmp_path), str(report)],
        capture_output=True, check=True, timeout=300,
    )
    footers = _page_sheets(tmp_path / "demo.pdf")
    book = load_workbook(report)
    pages = {ws.title: sum(1 for f in footers if f.rstrip().endswith(ws.title)) for ws in book}
    assert sum(pages.values()) == len(footers), (pages, footers[:5])
    # every chart is on the summary, which is one page: no chart crosses a page break
    assert [ws.title for ws in book if ws._charts] == [sheet_name("summary")]
    assert pages[sheet_name("summary")] == 1
    assert all(n >= 1 for n in pages.values()), pages
    # the footer says which page of how many, and the study (the file's name)
    assert footers[0].split()[0] == "demo"
    assert f"1 / {len(footers)}" in footers[0]
