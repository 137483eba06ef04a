"""Readers that work in slices (so a worker thread hands the GIL to the GUI) give
the same frames and problems as one pass, report progress per slice and stop
when cancelled."""

from __future__ import annotations

import codecs
import io
import unicodedata
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import workbench.core.model.cancel
from workbench.core.io import Cancelled, common, ids, load_judgments, load_run, reading
from workbench.core.io.ids import factorize_ids, normalize_ids, str_array
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError

NFD = unicodedata.normalize("NFD", "말씀")


def _run_csv(path: Path, n: int) -> Path:
    """A run with blank rows, ragged rows, NFD ids, numeric-looking ids, ties and repeats."""
    lines = ["시스템,질문ID,문단ID,순위,점수"]
    for i in range(n):
        q, r = divmod(i, 20)
        system = "BM25" if i % 3 else "Vector"
        pid = f"{NFD}-{(q * 7 + r) % 50:03d}" if r % 5 else f"00{r}"
        score = f"{1 - r / 40:.3f}" if r != 7 else ""
        if i % 131 == 0:
            lines.append(f"{system},Q{q:03d},{pid},{r + 1}")  # ragged: no score cell
        else:
            lines.append(f"{system},Q{q:03d},{pid},{r + 1},{score}")
        if i % 97 == 0:
            lines.append(",,,,")  # blank row, skipped silently
    lines.append("BM25,Q000, 005 ,2,0.5")  # a repeat (after trimming) and a tie
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _frames_equal(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a, b, check_exact=True)


@pytest.fixture
def small_slices(monkeypatch):
    """Slices of 7 rows, so a few hundred rows go through every sliced code path."""
    monkeypatch.setattr(common, "CHUNK_ROWS", 7)
    monkeypatch.setattr(reading, "_DECODE_BLOCK", 11)
    monkeypatch.setattr(reading, "_LINES_BLOCK", 13)


def test_shared_cancelled_class():
    assert Cancelled is workbench.core.model.cancel.Cancelled
    assert common.Cancelled is workbench.core.model.cancel.Cancelled


def test_csv_run_same_in_slices(tmp_path, monkeypatch):
    path = _run_csv(tmp_path / "run.csv", 700)
    whole = load_run(path)
    monkeypatch.setattr(common, "CHUNK_ROWS", 7)
    monkeypatch.setattr(reading, "_DECODE_BLOCK", 11)
    monkeypatch.setattr(reading, "_LINES_BLOCK", 13)
    sliced = load_run(path)
    _frames_equal(whole.runs, sliced.runs)
    assert [p.code for p in whole.problems] == [p.code for p in sliced.problems]
    assert [(p.row, p.message_en) for p in whole.problems] == [
        (p.row, p.message_en) for p in sliced.problems
    ]
    # the NFD ids came out composed, blank rows are gone, the row numbers are lines
    assert sliced.runs[S.PID].str.contains(unicodedata.normalize("NFC", "말씀")).any()
    assert not sliced.runs[S.PID].str.contains(NFD).any()
    assert sliced.runs[S.ROW].iloc[0] == 2
    assert any(p.code == "duplicate_passage" for p in sliced.problems)


def test_excel_run_same_in_slices_and_offset_data(tmp_path, small_slices):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "BM25"
    ws["C3"] = "질문ID"  # data starts at C3: Excel row numbers must still be right
    ws["D3"] = "문단ID"
    ws["E3"] = "순위"
    for i in range(60):
        ws.cell(row=4 + i, column=3, value=i // 10 + 1)  # numeric question ids
        ws.cell(row=4 + i, column=4, value=f"P{i:03d}")
        ws.cell(row=4 + i, column=5, value=i % 10 + 1)
    ws.cell(row=4 + 60, column=5, value="x")  # a bad rank (row 64), no ids: errors
    path = tmp_path / "run.xlsx"
    wb.save(path)
    with pytest.raises(InputError) as info:
        load_run(path)
    problems = info.value.problems
    assert {p.row for p in problems if p.code == "rank_invalid"} == {64}
    ws.cell(row=4 + 60, column=5).value = None
    wb.save(path)
    rs = load_run(path)
    assert len(rs.runs) == 60
    assert rs.runs[S.ROW].tolist() == list(range(4, 64))
    assert rs.runs[S.QID].tolist()[:11] == ["1"] * 10 + ["2"]


def test_sheet_rows_match_to_python(tmp_path, small_slices):
    import python_calamine as pc

    wb = openpyxl.Workbook()
    ws = wb.active
    ws["B5"] = "h"
    ws["C6"] = 1.5
    ws["D30"] = True
    path = tmp_path / "cells.xlsx"
    wb.save(path)
    sheet = pc.CalamineWorkbook.from_path(str(path)).get_sheet_by_name(ws.title)
    ours = reading._sheet_rows(sheet)
    want = sheet.to_python(skip_empty_area=False)
    width = max(len(r) for r in want)
    assert [list(r) + [""] * (width - len(r)) for r in ours] == want


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp949", "utf-16"])
def test_decode_in_blocks(monkeypatch, encoding):
    monkeypatch.setattr(reading, "_DECODE_BLOCK", 5)
    text = "질문ID,문단ID\r\nQ1,말씀-1\n" * 7
    data = text.encode(encoding)
    assert reading.decode_text(data, Path("x.csv"))[0] == codecs.decode(data, encoding)


def test_decode_in_blocks_still_rejects_bad_bytes(monkeypatch):
    monkeypatch.setattr(reading, "_DECODE_BLOCK", 3)
    with pytest.raises(UnicodeDecodeError):
        reading._decode("가나다".encode() + b"\xff", "utf-8")


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(["a", ",", '"', "\n", "\r", "\u2028", "\x0c", "가"]), max_size=80
    ),
    st.integers(min_value=1, max_value=9),
)
def test_text_lines_split_like_stringio(text, block):
    old = reading._LINES_BLOCK
    reading._LINES_BLOCK = block
    try:
        assert list(reading._text_lines(text)) == list(io.StringIO(text, newline=""))
    finally:
        reading._LINES_BLOCK = old


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "", "c", "가", "a ", "a\x00"]), max_size=60))
def test_factorize_ids_equals_pandas(values):
    old = common.CHUNK_ROWS
    common.CHUNK_ROWS = 4
    try:
        arr = np.array(values, dtype=object)
        want_codes, want_uniques = pd.factorize(arr, use_na_sentinel=False)
        # the hashed path and the dict path (taken after a hash collision)
        for codes, uniques in (factorize_ids(arr), ids._factorize_by_dict(arr)):
            assert codes.tolist() == want_codes.tolist()
            assert list(uniques) == list(want_uniques)
        assert normalize_ids(arr).tolist() == [v.strip() for v in values]
        assert ids.empty_mask(arr).tolist() == [v == "" for v in values]
        assert str_array(arr).tolist() == values
    finally:
        common.CHUNK_ROWS = old


def test_progress_per_slice_is_monotonic(tmp_path, small_slices):
    path = _run_csv(tmp_path / "run.csv", 400)
    seen: list[tuple[float, str]] = []
    load_run(path, progress=lambda f, t: seen.append((f, t)))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    # many reports inside the sheet check, not just one per step
    checking = [f for f, t in seen if "Checking sheet" in t]
    assert len(checking) > 50 and len(set(checking)) > 20


def test_cancel_between_slices(tmp_path, small_slices):
    path = _run_csv(tmp_path / "run.csv", 400)
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 30  # well inside the sliced passes

    with pytest.raises(Cancelled):
        load_run(path, cancelled=cancelled)
    assert len(calls) == 31


def test_judgments_same_in_slices(tmp_path, monkeypatch):
    lines = ["질문ID,문단ID,등급,평가자"]
    for i in range(300):
        lines.append(f"Q{i // 10},P{i % 17},{i % 4},{'AB'[i % 2]}")
    lines.append("Q0,P0,0,A")  # same grade again: warning, first kept
    lines.append("Q0,P1,3,B")  # Q0/P1/B graded 1 before: conflict error
    path = tmp_path / "j.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as whole:
        load_judgments(path)
    monkeypatch.setattr(common, "CHUNK_ROWS", 7)
    with pytest.raises(InputError) as sliced:
        load_judgments(path)
    assert [(p.code, p.row) for p in whole.value.problems] == [
        (p.code, p.row) for p in sliced.value.problems
    ]
    assert ("duplicate_conflict", 303) in [(p.code, p.row) for p in sliced.value.problems]
    path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    js = load_judgments(path)
    monkeypatch.setattr(common, "CHUNK_ROWS", 20_000)
    _frames_equal(js.judgments, load_judgments(path).judgments)
    assert len(js.judgments) == 300
    assert [p.code for p in js.problems] == ["duplicate_judgment"]
