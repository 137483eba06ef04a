"""Per-question CSV and the extended judgments workbook."""

from __future__ import annotations

import csv
import io
import re
import zipfile

import pandas as pd
import pytest
from openpyxl import load_workbook
from python_calamine import CalamineWorkbook
from test_report_fixtures import make_results

from workbench.core.export import csv_safe, write_judgments_workbook, write_per_question_csv
from workbench.core.io import atomic
from workbench.core.io.atomic import LockedFileError, SaveError, excel_lock_file
from workbench.core.model import schema as s

BOM = b"\xef\xbb\xbf"


@pytest.fixture(scope="module")
def synthetic():
    return make_results(n_questions=10)


def read_csv(path):
    raw = path.read_bytes()
    assert raw.startswith(BOM)
    text = raw[len(BOM) :].decode("utf-8")
    return list(csv.reader(io.StringIO(text, newline="")))


# -- CSV -----------------------------------------------------------------------


def test_csv_starts_with_bom_and_numbers_round_trip(tmp_path, synthetic):
    results, questions, _ = synthetic
    path = write_per_question_csv(tmp_path / "pq.csv", results, questions)
    assert path.read_bytes()[:3] == BOM
    assert b"\r\n" in path.read_bytes()
    rows = read_csv(path)
    header = rows[0]
    assert header[:5] == ["질문ID", "질문", "유형", "시스템", "결과 없음"]
    assert header[5:-2] == results.measures and header[-2:] == ["메모", "표시"]
    assert len(rows) - 1 == len(results.per_question)
    by_key = {(r[3], r[0]): dict(zip(header, r)) for r in rows[1:]}
    for rec in results.per_question.to_dict("records"):
        row = by_key[(rec[s.SYSTEM], rec[s.QID])]
        for m in results.measures:
            assert float(row[m]) == rec[m]  # repr: exact
        assert row["결과 없음"] == ("1" if rec["missing"] else "0")
        assert row["질문"].startswith("질문 ")


def test_csv_english_headers_and_notes(tmp_path, synthetic):
    results, questions, _ = synthetic
    notes = {"q001": {"note": "확인 필요", "flagged": True}}
    path = write_per_question_csv(tmp_path / "pq.csv", results, questions, notes, lang="en")
    rows = read_csv(path)
    header = rows[0]
    assert header[:5] == ["question_id", "question_text", "question_type", "system", "missing"]
    q1 = [dict(zip(header, r)) for r in rows[1:] if r[0] == "q001"]
    assert q1 and all(r["note"] == "확인 필요" and r["flagged"] == "1" for r in q1)
    other = [dict(zip(header, r)) for r in rows[1:] if r[0] == "q002"]
    assert all(r["flagged"] == "0" and r["note"] == "" for r in other)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("=1+1", "'=1+1"),
        ("+cmd", "'+cmd"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("참사랑", "참사랑"),
        ("a=b", "a=b"),
        ("", ""),
        (None, ""),
    ],
)
def test_csv_safe(value, expected):
    assert csv_safe(value) == expected


def test_csv_formula_injection_is_quoted(tmp_path, synthetic):
    results, questions, _ = synthetic
    questions = questions.copy()
    questions.loc[0, s.QTEXT] = "=1+1"
    notes = {"q002": {"note": "@SUM(A1)", "flagged": False}}
    path = write_per_question_csv(tmp_path / "pq.csv", results, questions, notes)
    rows = read_csv(path)
    texts = {r[0]: r[1] for r in rows[1:]}
    assert texts["q001"] == "'=1+1"
    assert {r[-2] for r in rows[1:] if r[0] == "q002"} == {"'@SUM(A1)"}
    # computed numbers are never prefixed, even a negative one
    for r in rows[1:]:
        for v in r[5:-2]:
            assert not v.startswith("'")


def test_csv_locked_target(tmp_path, synthetic):
    target = tmp_path / "pq.csv"
    excel_lock_file(target).write_text("x")
    with pytest.raises(LockedFileError):
        write_per_question_csv(target, synthetic[0])
    assert not target.exists()


# -- judgments workbook ---------------------------------------------------------


def judgments_frame():
    return pd.DataFrame(
        {
            s.QID: ["q1", "q1", "q2", "q2"],
            s.PID: ["p1", "p2", "p1", "p1"],
            s.GRADE: [3, 0, 2, 1],
            s.ASSESSOR: ["가", "가", "가", "나"],
            s.ROLE: ["core", "", "supporting", "supporting"],
            s.GROUP: ["g1", "", "", ""],
            s.NOTE: ["", '=HYPERLINK("x")', "", ""],
            s.ROW: [2, 3, 4, 5],
        }
    )


def added_frame():
    return pd.DataFrame(
        {
            s.QID: ["q1", "q2"],
            s.PID: ["p9", "p1"],
            s.GRADE: [2, 3],
            s.ASSESSOR: ["다", "나"],  # 나 re-grades q2/p1: replaces the old grade
            s.ROLE: ["", ""],
            s.GROUP: ["", ""],
            s.NOTE: ["앱에서 평가", ""],
            s.ROW: [None, None],
            "time": ["2026-01-02T10:00:00+09:00", pd.Timestamp("2026-01-03 09:30")],
            "reason": ["", ""],
        }
    )


def test_judgments_workbook_layout(tmp_path):
    questions = pd.DataFrame(
        {
            s.QID: ["q1", "q2"],
            s.QTEXT: ["=1+1", "참사랑이란?"],
            s.QTYPE: ["사실 확인", ""],
            s.ANSWERABLE: pd.array([True, pd.NA], dtype="boolean"),
            s.NOTE: ["", ""],
        }
    )
    passages = pd.DataFrame(
        {s.PID: ["p1", "p2", "p9"], s.DOCID: ["d1", "d1", "d2"], s.TEXT: ["@SUM(A1)", "가", "나"]}
    )
    resolutions = pd.DataFrame(
        {
            s.QID: ["q2"],
            s.PID: ["p1"],
            s.GRADE: [2],
            "by": ["다"],
            "reason": ["토론 후"],
            "time": ["t1"],
        }
    )
    dissent = pd.DataFrame(
        {
            s.QID: ["q2"],
            s.PID: ["p1"],
            "grade:가": pd.array([2], dtype="Int64"),
            "grade:나": pd.array([3], dtype="Int64"),
            "grade:다": pd.array([pd.NA], dtype="Int64"),
            "resolved_grade": [2],
            "resolved_by": ["manual"],
            "policy": ["manual"],
        }
    )
    path = write_judgments_workbook(
        tmp_path / "judgments.xlsx",
        judgments_frame(),
        added_frame(),
        resolutions,
        dissent,
        questions=questions,
        passages=passages,
    )
    wb = load_workbook(path)
    assert wb.sheetnames == ["평가", "질문", "문단", "조정", "이견"]
    rows = [list(r) for r in wb["평가"].iter_rows(values_only=True)]
    assert rows[0] == [
        "질문ID",
        "문단ID",
        "등급",
        "평가자",
        "근거역할",
        "근거그룹",
        "메모",
        "평가시각",
    ]
    body = rows[1:]
    assert len(body) == 5  # 4 + 2 added − 1 replaced
    assert ["q1", "p1", 3, "가", "핵심", "g1", None, None] == body[0]
    assert ["q1", "p9", 2, "다", None, None, "앱에서 평가", "2026-01-02T10:00:00+09:00"] in body
    regraded = [r for r in body if r[0] == "q2" and r[3] == "나"]
    assert len(regraded) == 1 and regraded[0][2] == 3 and regraded[0][7] == "2026-01-03T09:30:00"
    assert wb["평가"]["G3"].value == '=HYPERLINK("x")' and wb["평가"]["G3"].data_type == "s"
    q = [list(r) for r in wb["질문"].iter_rows(values_only=True)]
    assert q[0][:4] == ["질문ID", "질문", "질문유형", "답변가능"]
    assert q[1][:4] == ["q1", "=1+1", "사실 확인", "예"] and q[2][3] is None
    p = [list(r) for r in wb["문단"].iter_rows(values_only=True)]
    assert p[0] == ["문단ID", "문서ID", "본문"] and p[1] == ["p1", "d1", "@SUM(A1)"]
    r = [list(x) for x in wb["조정"].iter_rows(values_only=True)]
    assert r[0] == ["질문ID", "문단ID", "등급", "조정자", "사유", "평가시각"]
    assert r[1] == ["q2", "p1", 2, "다", "토론 후", "t1"]
    d = [list(x) for x in wb["이견"].iter_rows(values_only=True)]
    assert d[0][:5] == ["질문ID", "문단ID", "등급:가", "등급:나", "등급:다"]
    assert d[1][:6] == ["q2", "p1", 2, 3, None, 2]
    with zipfile.ZipFile(path) as z:
        xml = "".join(
            z.read(n).decode() for n in z.namelist() if re.match(r"xl/worksheets/sheet\d+\.xml", n)
        )
    assert "<f>" not in xml
    assert CalamineWorkbook.from_path(str(path)).sheet_names == wb.sheetnames


def test_judgments_workbook_english(tmp_path):
    path = write_judgments_workbook(tmp_path / "j.xlsx", judgments_frame(), lang="en")
    wb = load_workbook(path)
    assert wb.sheetnames == ["judgments"]
    header = [c.value for c in wb["judgments"][1]]
    assert header[:4] == ["question_id", "passage_id", "grade", "assessor"]
    assert wb["judgments"]["E2"].value == "core"


def test_judgments_workbook_reads_back_with_the_app_reader(tmp_path):
    from workbench.core.io import load_judgments

    path = write_judgments_workbook(tmp_path / "judgments.xlsx", judgments_frame(), added_frame())
    js = load_judgments(path)
    got = js.judgments
    assert len(got) == 5
    key = {
        (q, p, a): g
        for q, p, a, g in got[[s.QID, s.PID, s.ASSESSOR, s.GRADE]].itertuples(index=False)
    }
    assert key[("q1", "p1", "가")] == 3
    assert key[("q1", "p9", "다")] == 2
    assert key[("q2", "p1", "나")] == 3  # the re-grade, not the old 1
    roles = dict(zip(zip(got[s.QID], got[s.PID], got[s.ASSESSOR]), got[s.ROLE]))
    assert roles[("q1", "p1", "가")] == "core"


def test_judgments_workbook_crash_leaves_nothing(tmp_path, monkeypatch):
    from openpyxl.writer.excel import ExcelWriter

    def broken(self):
        self._archive.writestr("half.xml", b"half")
        raise OSError("boom")

    monkeypatch.setattr(ExcelWriter, "write_data", broken)
    with pytest.raises(SaveError) as info:
        write_judgments_workbook(tmp_path / "j.xlsx", judgments_frame())
    assert "boom" in info.value.message("en") and "j.xlsx" in info.value.message("ko")
    assert list(tmp_path.iterdir()) == []


def test_judgments_workbook_locked_on_rename(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_REPLACE_DELAY_S", 0.0)

    def refuse(src, dst):
        raise PermissionError(13, "in use")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(LockedFileError) as info:
        write_judgments_workbook(tmp_path / "j.xlsx", judgments_frame())
    assert "j.xlsx" in info.value.message("en")
    assert list(tmp_path.iterdir()) == []
