"""Ranks and scores typed with their unit ("3위", "85%")."""

from __future__ import annotations

import numpy as np
import openpyxl
import pytest

from workbench.core.io import load_run
from workbench.core.io.common import FileErrors
from workbench.core.model import schema as S


def _run_book(path, ranks, scores):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "BM25"
    sheet.append(["질문ID", "순위", "문단ID", "점수"])
    for i, (rank, score) in enumerate(zip(ranks, scores)):
        sheet.append(["Q1", rank, f"D{i}", score])
    book.save(path)
    return path


def test_units_and_full_width_digits_are_read_and_told_once_per_column(tmp_path):
    ranks = ["1위", "２", "#3", "4th", "5등", " 6 번째 ", 7]
    scores = ["85%", "80 %", "12.5점", "１０", "0.5", 0.25, "1,000"]
    rs = load_run(_run_book(tmp_path / "결과.xlsx", ranks, scores))
    runs = rs.runs.sort_values(S.RANK)
    assert runs[S.RANK].tolist() == [1, 2, 3, 4, 5, 6, 7]
    np.testing.assert_allclose(runs[S.SCORE], [0.85, 0.80, 12.5, 10, 0.5, 0.25, 1000])
    told = {p.column: p for p in rs.problems if p.code == "numbers_with_units"}
    assert set(told) == {"순위", "점수"}
    assert told["순위"].row == 2
    # (a full-width "２" is a number to Python already: read without a word)
    assert "5 cell(s) of column '순위'" in told["순위"].message_en
    assert "row 2: '1위' → 1, row 4: '#3' → 3" in told["순위"].message_en
    assert "'순위' 열의 5개 칸" in told["순위"].message_ko and "2행 '1위' → 1" in told["순위"].message_ko
    assert "row 2: '85%' → 0.85" in told["점수"].message_en


def test_a_number_that_is_not_a_rank_stays_an_error(tmp_path):
    path = _run_book(tmp_path / "r.xlsx", ["1위", "1.5위", "0위", "셋째"], [4, 3, 2, 1])
    with pytest.raises(FileErrors) as caught:
        load_run(path)
    bad = sorted(p.row for p in caught.value.problems if p.code == "rank_invalid")
    assert bad == [3, 4, 5]


def test_a_csv_run_reads_them_the_same_way(tmp_path):
    path = tmp_path / "결과.csv"
    path.write_text("질문ID,순위,문단ID,점수\nQ1,1위,D1,90%\nQ1,2위,D2,80%\n", encoding="utf-8")
    rs = load_run(path)
    assert rs.runs[S.RANK].tolist() == [1, 2]
    np.testing.assert_allclose(rs.runs[S.SCORE], [0.9, 0.8])
    assert [p.row for p in rs.problems if p.code == "numbers_with_units"] == [2, 2]
