"""The checks before the Excel reader: the used range they find is never smaller
than the one python-calamine builds, however the sheet XML is written; and the
JSON depth and line helpers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import _hostile_files as H
import pytest
import python_calamine as pc

from workbench.core.io import limits
from workbench.core.io.jsonload import LineCounter, json_depth, loads
from workbench.core.io.limits import check_workbook, column_letters, column_number
from workbench.core.model.problems import InputError

NS = ' xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'

LAYOUTS = {
    "regular": '<row r="1"><c r="A1"><v>1</v></c><c r="C1"><v>2</v></c></row>'
    '<row r="7"><c r="B7"><v>3</v></c></row>',
    "two_letter_columns": '<row r="1"><c r="A1"><v>1</v></c><c r="AD1"><v>2</v></c></row>',
    "attribute_order": '<row r="1"><c r="A1"><v>1</v></c><c s="0" r="G3"><v>2</v></c></row>',
    "cells_without_references": '<row r="2"><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>',
    "rows_without_references": '<row><c r="A1"><v>1</v></c></row><row><c><v>2</v></c></row>',
    "prefixed_cells": f'<row r="1"{NS}><c r="A1"><v>1</v></c><x:c r="E9"><x:v>2</x:v></x:c></row>',
    "cell_below_its_row": '<row r="1"><c r="A1"><v>1</v></c><c r="B40"><v>2</v></c></row>',
    "single_quotes": "<row r='3'><c r='D3'><v>1</v></c></row>",
    "empty_styled_cell_far": '<row r="1"><c r="A1"><v>1</v></c><c r="K20" s="1"/></row>',
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("block", [8 << 20, 7])  # whole, and cut every few bytes
def test_scanned_range_covers_what_the_reader_builds(tmp_path, monkeypatch, layout, block):
    monkeypatch.setattr(limits, "_BLOCK", block)
    path = H.write_xlsx(tmp_path / "s.xlsx", [("S", LAYOUTS[layout])])
    with limits.zipfile.ZipFile(path) as z, z.open("xl/worksheets/sheet1.xml") as stream:
        rows, cols, _ = limits._scan_worksheet(path, "S", limits._blocks(path, stream))
    sheet = pc.CalamineWorkbook.from_path(str(path)).get_sheet_by_name("S")
    end_row, end_col = sheet.end[0] + 1, sheet.end[1] + 1
    assert rows >= end_row and cols >= end_col
    if layout in ("regular", "two_letter_columns"):
        assert (rows, max(cols, 26) if cols <= 26 else cols) == (end_row, max(end_col, 26))


@pytest.mark.parametrize(
    "far",
    [
        '<row r="1"><c r="A1"><v>1</v></c><c r="HA1"><v>2</v></c></row>',  # column 209
        f'<row r="1"{NS}><x:c r="XFD1"><x:v>2</x:v></x:c></row>',
        '<row r="1"><c r="A1"><v>1</v></c><c r="A1048576"><v>2</v></c>'
        + "".join(f'<c r="{column_letters(j)}1"><v>1</v></c>' for j in range(2, 60))
        + "</row>",  # 1,048,576 rows × 59 columns, hidden in row 1
        '<row r="1"><c r="ABCD1"><v>2</v></c></row>',
        '<row r="99999999999"><c r="A99999999999"><v>1</v></c></row>',
    ],
)
def test_sheets_past_the_limits_are_refused_however_written(tmp_path, far):
    path = H.write_xlsx(tmp_path / "far.xlsx", [("평가", far)])
    with pytest.raises(InputError) as info:
        check_workbook(path, path.read_bytes())
    assert info.value.problems[0].code in ("sheet_too_wide", "sheet_too_long", "sheet_too_large")
    assert info.value.problems[0].sheet == "평가"


def test_real_workbooks_pass_and_error_cells_are_found(tmp_path):
    path = H.error_cells_workbook(tmp_path / "e.xlsx")
    facts = check_workbook(path, path.read_bytes())
    assert facts.error_cells == {"평가": {(2, 2): "#N/A", (3, 1): "#REF!"}}


def test_column_letters_round_trip():
    for n in (1, 26, 27, 200, 702, 703, 16384):
        assert column_number(column_letters(n)) == n
    assert column_letters(16384) == "XFD" and column_letters(200) == "GR"


def test_damaged_zip_is_a_message_not_a_crash(tmp_path):
    good = H.write_xlsx(tmp_path / "g.xlsx", [("S", LAYOUTS["regular"])]).read_bytes()
    for data in (good[: len(good) // 2], good[:-30] + b"\0" * 30):
        with pytest.raises(InputError) as info:
            check_workbook(tmp_path / "bad.xlsx", data)
        assert info.value.problems[0].code == "corrupt_file"


# -- JSON ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "]]"]', 1),  # brackets inside strings do not count
        (r'["\"[[[", "x"]', 1),  # an escaped quote does not end the string
        (r'["\\", [[]]]', 3),  # an escaped backslash does: the quote after it closes
        ('"no brackets"', 0),
        ("", 0),
    ],
)
def test_json_depth(text, depth):
    assert json_depth(text)[0] == depth
    if text:
        json.loads(text)  # each case is valid JSON


def test_depth_check_names_the_line(tmp_path):
    text = '{"a": 1,\n "b":\n' + "[" * 150 + "]" * 150 + "}"
    with pytest.raises(InputError) as info:
        loads(text, file="p.wbproj")
    problem = info.value.problems[0]
    assert problem.code == "json_too_deep" and problem.row == 3 and problem.file == "p.wbproj"


def test_loads_reports_duplicates_and_syntax_errors():
    seen = []
    data = loads(
        '{"settings": {"k": 5,\n "k": 10},\n "x": 1}',
        file="p",
        on_duplicate=lambda *a: seen.append(a),
    )
    assert data == {"settings": {"k": 10}, "x": 1}
    assert seen == [("k", 2, 10)]
    with pytest.raises(InputError) as info:
        loads('{"a": 1,\n oops}', file="p")
    assert info.value.problems[0].row == 2


def test_line_counter_is_right_for_any_order():
    text = "a\nb\n\nc\n"
    counter = LineCounter(text)
    assert [counter.line_of(p) for p in (0, 2, 4, 5, 7)] == [1, 2, 3, 4, 5]
    assert counter.line_of(2) == 2  # going back starts again from the top


_FUZZ = r"""
import random, sys
from pathlib import Path
from workbench.core.io import load_judgments
from workbench.core.model.problems import InputError
rng = random.Random(int(sys.argv[1]))
sources = [Path(a) for a in sys.argv[2:]]
for i in range(60):
    src = sources[i % len(sources)]
    data = bytearray(src.read_bytes())
    for _ in range(rng.randint(1, 30)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    target = src.with_name("fuzzed" + src.suffix)
    target.write_bytes(bytes(data))
    try:
        load_judgments(target)
    except InputError:
        pass
print("survived")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="memory cap needs Linux")
def test_randomly_damaged_workbooks_only_ever_give_messages(tmp_path):
    """Bytes flipped at random in .xlsx, .xls and .ods files: every load ends in a
    message (an InputError) or a result, never an abort (fuzzing found a .xls
    DIMENSIONS record that made the reader ask for 343 GB)."""
    import resource

    import xlwt

    xlsx = H.error_cells_workbook(tmp_path / "a.xlsx")
    xls = tmp_path / "b.xls"

    book = xlwt.Workbook()
    sheet = book.add_sheet("평가")
    for i, row in enumerate(H.JUDGMENT_ROWS):
        for j, v in enumerate(row):
            sheet.write(i, j, v)
    book.save(str(xls))

    def cap() -> None:  # pragma: no cover - runs in the child
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    env = {**os.environ, "RUST_BACKTRACE": "0"}
    proc = subprocess.run(
        [sys.executable, "-c", _FUZZ, "20261201", str(xlsx), str(xls)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        preexec_fn=cap,
    )
    assert proc.returncode == 0 and "survived" in proc.stdout, proc.stderr[-3000:]


@pytest.mark.parametrize(
    "trick",
    [
        # a raw ">" is legal in text: "</v>" then "sheetData>" looked like the end
        "<row r='1'><c r='A1'><v>1</v></c><c r='B1' t='inlineStr'><is><t>sheetData></t></is>"
        "</c></row>",
        "<!-- </sheetData> --><row r='1'><c r='A1'><v>1</v></c></row>",
        "<row r='1'><c r='A1' t='inlineStr'><is><t><![CDATA[</sheetData>]]></t></is></c></row>",
    ],
)
def test_a_fake_end_of_sheet_data_does_not_hide_the_cells_after_it(tmp_path, trick):
    far = '<row r="2"><c r="A2"><v>1</v></c><c r="XFD2"><v>2</v></c></row>'
    path = H.write_xlsx(tmp_path / "t.xlsx", [("평가", trick + far)])
    with pytest.raises(InputError) as info:
        check_workbook(path, path.read_bytes())
    assert info.value.problems[0].code == "sheet_too_wide"


def test_a_second_sheet_data_is_scanned_too(tmp_path):
    path = tmp_path / "two.xlsx"
    H.write_xlsx(path, [("평가", '<row r="1"><c r="A1"><v>1</v></c></row>')])
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(
        b"</sheetData>",
        b'</sheetData><sheetData><row r="5"><c r="ZZ5"><v>1</v></c></row></sheetData>',
    )
    with zipfile.ZipFile(path, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)
    with pytest.raises(InputError):
        check_workbook(path, path.read_bytes())
