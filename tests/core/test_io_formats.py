"""Every input format the readers accept, generated in tmp_path."""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np
import openpyxl
import pandas as pd
import pytest

from workbench.core.io import (
    Cancelled,
    ColumnMapping,
    inspect_file,
    load_judgments,
    load_run,
)
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


def write_ods(path: Path, sheets: dict[str, list[list]]) -> Path:
    """A minimal OpenDocument spreadsheet, written by hand (odfpy is not needed)."""
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
    )
    body = []
    for name, rows in sheets.items():
        body.append(f'<table:table table:name="{escape(name)}">')
        for row in rows:
            body.append("<table:table-row>")
            for v in row:
                if isinstance(v, int | float):
                    body.append(
                        f'<table:table-cell office:value-type="float" office:value="{v}">'
                        f"<text:p>{v}</text:p></table:table-cell>"
                    )
                else:
                    body.append(
                        '<table:table-cell office:value-type="string">'
                        f"<text:p>{escape(str(v))}</text:p></table:table-cell>"
                    )
            body.append("</table:table-row>")
        body.append("</table:table>")
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} '
        f'office:version="1.2"><office:body><office:spreadsheet>{"".join(body)}'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(
            zipfile.ZipInfo("mimetype"),
            "application/vnd.oasis.opendocument.spreadsheet",
            compress_type=zipfile.ZIP_STORED,
        )
        z.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return path


JUDGMENT_WORKBOOK = {
    "평가": [
        ["질문ID", "문단ID", "등급", "평가자", "근거역할", "근거그룹", "메모"],
        [1, "007", 3, "평가자A", "핵심", "G1", "직접 답"],
        [1, "p2", 1, "평가자A", "보조", "G1", None],
        ["q2", "p3", 0, "평가자A", None, None, None],
        [1, "007", 2, "평가자B", "core", None, None],
    ],
    "질문": [
        ["질문ID", "질문", "질문유형", "답변가능"],
        [1, "첫 질문?", "사실 확인", "예"],
        ["q2", "둘째 질문?", "전역 주제", "X"],
    ],
    "문단": [
        ["문단ID", "문서ID", "청크번호", "권", "강연", "페이지", "날짜", "본문"],
        ["007", "D1", 1, 12, "강연 A", 33, "1990-05-01", "첫 문단"],
        ["p2", "D1", 2.0, 12, "강연 A", 34, None, "둘째 문단"],
        ["p3", "D2", 1, 13, "강연 B", 5, None, "셋째 문단"],
    ],
}


def _check_judgment_dtypes(js):
    df = js.judgments
    assert list(df.columns) == S.JUDGMENT_COLUMNS
    assert df[S.GRADE].dtype == np.int64
    assert df[S.ROW].dtype == np.int64
    for c in (S.QID, S.PID, S.ASSESSOR, S.ROLE, S.GROUP, S.NOTE):
        assert pd.api.types.is_string_dtype(df[c]), c
        assert df[c].map(type).eq(str).all(), c


def test_judgments_workbook_with_three_sheets(tmp_path):
    path = write_xlsx(tmp_path / "judgments.xlsx", JUDGMENT_WORKBOOK)
    js = load_judgments(path)
    _check_judgment_dtypes(js)
    df = js.judgments
    assert df[S.QID].tolist() == ["1", "1", "q2", "1"]  # 1.0 → "1"
    assert df[S.PID].tolist() == ["007", "p2", "p3", "007"]  # leading zeros kept
    assert df[S.GRADE].tolist() == [3, 1, 0, 2]
    assert df[S.ROLE].tolist() == ["core", "supporting", "", "core"]
    assert df[S.ASSESSOR].tolist() == ["평가자A", "평가자A", "평가자A", "평가자B"]
    assert df[S.GROUP].tolist() == ["G1", "G1", "", ""]
    assert df[S.NOTE].tolist() == ["직접 답", "", "", ""]
    assert df[S.ROW].tolist() == [2, 3, 4, 5]
    assert js.assessors == ["평가자A", "평가자B"]
    q = js.questions
    assert list(q.columns) == S.QUESTION_COLUMNS
    assert str(q[S.ANSWERABLE].dtype) == "boolean"
    assert q[S.ANSWERABLE].tolist() == [True, False]
    assert q[S.QTYPE].tolist() == ["사실 확인", "전역 주제"]
    p = js.passages
    assert list(p.columns) == S.PASSAGE_COLUMNS
    assert str(p[S.CHUNK].dtype) == "Int64"
    assert p[S.CHUNK].tolist() == [1, 2, 1]
    assert p[S.DOCID].tolist() == ["D1", "D1", "D2"]
    assert p[S.VOLUME].tolist() == ["12", "12", "13"]
    assert p[S.PAGE].tolist() == ["33", "34", "5"]
    assert p[S.DATE].tolist() == ["1990-05-01", "", ""]
    assert js.problems == []
    src = js.sources[0]
    assert src.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert src.sheet == "평가"


def test_english_sheet_names_and_headers(tmp_path):
    path = write_xlsx(
        tmp_path / "j.xlsx",
        {
            "notes": [["anything"]],
            "Judgments": [["query_id", "passage_id", "relevance", "annotator"], ["a", "b", 2, "x"]],
            "Questions": [["qid", "question", "type", "answerable"], ["a", "what?", "fact", "yes"]],
        },
    )
    js = load_judgments(path)
    assert js.judgments[S.GRADE].tolist() == [2]
    assert js.judgments[S.ASSESSOR].tolist() == ["x"]
    assert js.questions[S.QTEXT].tolist() == ["what?"]
    assert js.questions[S.ANSWERABLE].tolist() == [True]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("예", True),
        ("아니오", False),
        ("O", True),
        ("X", False),
        ("Y", True),
        ("N", False),
        ("true", True),
        ("FALSE", False),
        (1, True),
        (0, False),
        ("가능", True),
        ("불가", False),
        (None, None),
    ],
)
def test_answerable_values(tmp_path, value, expected):
    path = write_xlsx(
        tmp_path / "j.xlsx",
        {
            "평가": [["질문ID", "문단ID", "등급"], ["q", "p", 1]],
            "질문": [["질문ID", "질문", "답변가능"], ["q", "?", value]],
        },
    )
    got = load_judgments(path).questions[S.ANSWERABLE].tolist()[0]
    assert (got is pd.NA) if expected is None else (got == expected)


def test_header_below_a_title_row_keeps_excel_row_numbers(tmp_path):
    path = write_xlsx(
        tmp_path / "j.xlsx",
        {"평가": [["2024 평가 결과"], [], ["질문ID", "문단ID", "등급"], ["q1", "p1", 2]]},
    )
    preview = inspect_file(path)
    assert preview.sheets[0].header_row == 3
    js = load_judgments(path)
    assert js.judgments[S.ROW].tolist() == [4]


def test_questions_and_passage_text_on_the_judgments_sheet(tmp_path):
    path = write_xlsx(
        tmp_path / "flat.xlsx",
        {
            "Sheet1": [
                ["질문ID", "질문", "문단ID", "본문", "등급"],
                ["q1", "무엇?", "p1", "본문1", 2],
            ]
        },
    )
    js = load_judgments(path)
    assert js.questions[S.QTEXT].tolist() == ["무엇?"]
    assert js.passages[S.TEXT].tolist() == ["본문1"]


def test_user_chosen_sheets_and_mapping_override_detection(tmp_path):
    path = write_xlsx(
        tmp_path / "j.xlsx",
        {
            "A": [["질문ID", "문단ID", "등급"], ["wrong", "p", 1]],
            "B": [["which", "where", "how good"], ["q9", "p9", 3]],
        },
    )
    mapping = ColumnMapping({"which": S.QID, "where": S.PID, "how good": S.GRADE})
    js = load_judgments(path, mappings={"B": mapping}, sheets={"judgments": "B"})
    assert js.judgments[S.QID].tolist() == ["q9"]
    assert js.judgments[S.GRADE].tolist() == [3]


def test_ods_judgments(tmp_path):
    path = write_ods(
        tmp_path / "j.ods", {"평가": [["질문ID", "문단ID", "등급"], ["q1", "p1", 2], [3, "p2", 0]]}
    )
    js = load_judgments(path)
    assert js.judgments[S.QID].tolist() == ["q1", "3"]
    assert js.judgments[S.GRADE].tolist() == [2, 0]
    assert inspect_file(path).kind == "excel"


def test_ods_via_pandas_odf_engine(tmp_path):
    path = tmp_path / "j.ods"
    pd.DataFrame({"질문ID": ["q1"], "문단ID": ["p1"], "등급": [3]}).to_excel(
        path, engine="odf", index=False
    )
    assert load_judgments(path).judgments[S.GRADE].tolist() == [3]


def test_xls_judgments(tmp_path):
    import xlwt  # a test dependency: writes a real .xls to read
    wb = xlwt.Workbook()
    ws = wb.add_sheet("평가")
    for j, v in enumerate(["질문ID", "문단ID", "등급"]):
        ws.write(0, j, v)
    for j, v in enumerate(["q1", "p1", 2]):
        ws.write(1, j, v)
    path = tmp_path / "j.xls"
    wb.save(str(path))
    assert load_judgments(path).judgments[S.GRADE].tolist() == [2]


# -- CSV ------------------------------------------------------------------------------
CSV_TEXT = "질문ID,문단ID,등급,메모\nq1,007,2,가나다\n질문2,p2,0,\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp949", "euc-kr"])
def test_csv_encodings(tmp_path, encoding):
    path = tmp_path / "j.csv"
    path.write_bytes(CSV_TEXT.encode(encoding))
    js = load_judgments(path)
    assert js.judgments[S.QID].tolist() == ["q1", "질문2"]
    assert js.judgments[S.PID].tolist() == ["007", "p2"]
    assert js.judgments[S.NOTE].tolist() == ["가나다", ""]
    assert js.judgments[S.ROW].tolist() == [2, 3]
    pv = inspect_file(path)
    assert pv.kind == "csv"
    assert pv.encoding == ("cp949" if encoding in ("cp949", "euc-kr") else encoding)


@pytest.mark.parametrize(("sep", "name"), [("\t", "j.tsv"), (";", "j.csv"), ("\t", "j.txt")])
def test_csv_delimiters(tmp_path, sep, name):
    path = tmp_path / name
    path.write_text(CSV_TEXT.replace(",", sep), encoding="utf-8")
    assert load_judgments(path).judgments[S.GRADE].tolist() == [2, 0]


def test_utf16_tab_text_from_excel(tmp_path):
    path = tmp_path / "j.txt"
    path.write_bytes(CSV_TEXT.replace(",", "\t").encode("utf-16"))
    assert load_judgments(path).judgments[S.QID].tolist() == ["q1", "질문2"]


def test_csv_run_with_system_column(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text(
        "시스템,질문ID,문단ID,순위,점수\nBM25,q1,a,1,3.5\nBM25,q1,b,2,2\nRAG,q1,b,1,0.9\n",
        encoding="utf-8",
    )
    rs = load_run(path)
    assert rs.systems == ["BM25", "RAG"]
    assert rs.runs[S.RANK].tolist() == [1.0, 2.0, 1.0]
    assert rs.problems == []


# -- TREC and JSON ------------------------------------------------------------------------
def test_trec_qrels_four_and_three_columns(tmp_path):
    four = tmp_path / "qrels.txt"
    four.write_text("q1 0 d1 2\nq1 0 d2 0\n\nq2 0 d3 1\n", encoding="utf-8")
    js = load_judgments(four)
    assert js.judgments[S.QID].tolist() == ["q1", "q1", "q2"]
    assert js.judgments[S.GRADE].tolist() == [2, 0, 1]
    assert js.judgments[S.ROW].tolist() == [1, 2, 4]  # line numbers
    assert inspect_file(four).kind == "trec_qrels"
    three = tmp_path / "qrels3"
    three.write_text("q1\td1\t3\n", encoding="utf-8")
    assert load_judgments(three).judgments[S.GRADE].tolist() == [3]


def test_trec_run_tag_names_the_system(tmp_path):
    path = tmp_path / "bm25.run"
    path.write_text(
        "q1 Q0 d1 1 12.5 bm25\nq1 Q0 d2 2 11 bm25\nq1 Q0 d1 1 0.9 dense\n", encoding="utf-8"
    )
    rs = load_run(path)
    assert rs.systems == ["bm25", "dense"]
    assert rs.runs[S.SCORE].tolist() == [12.5, 11.0, 0.9]
    assert rs.runs[S.ROW].tolist() == [1, 2, 3]
    assert inspect_file(path).kind == "trec_run"


def test_trec_run_may_start_ranks_at_zero(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("q1 Q0 d1 0 2.0 s\nq1 Q0 d2 1 1.0 s\n", encoding="utf-8")
    rs = load_run(path)
    assert rs.runs[S.RANK].tolist() == [0.0, 1.0]
    assert rs.problems == []


def test_json_seed_shapes(tmp_path):
    single = tmp_path / "gt.json"
    single.write_text(
        json.dumps(
            {"question": "참사랑이란?", "relevantDocuments": ["A", "C"]}, ensure_ascii=False
        ),
        encoding="utf-8",
    )
    js = load_judgments(single)
    assert js.judgments[S.QID].tolist() == ["참사랑이란?", "참사랑이란?"]
    assert js.judgments[S.PID].tolist() == ["A", "C"]
    assert js.judgments[S.GRADE].tolist() == [1, 1]
    assert js.questions[S.QTEXT].tolist() == ["참사랑이란?"]

    many = tmp_path / "gt_list.json"
    many.write_text(
        json.dumps(
            [
                {
                    "id": "Q1",
                    "question": "첫째?",
                    "relevantDocuments": [
                        {"documentId": "A", "relevance": 3},
                        {"documentId": 12, "relevance": 1},
                    ],
                },
                {"questionId": 7, "question": "둘째?", "relevantDocuments": ["B"]},
            ],
            ensure_ascii=False,
            indent=2,
        ),
        encoding="utf-8",
    )
    js = load_judgments(many)
    assert js.judgments[S.QID].tolist() == ["Q1", "Q1", "7"]
    assert js.judgments[S.PID].tolist() == ["A", "12", "B"]
    assert js.judgments[S.GRADE].tolist() == [3, 1, 1]
    assert js.judgments[S.ROW].tolist() == [2, 2, 16]  # the line each item starts on
    assert js.questions[S.QTEXT].tolist() == ["첫째?", "둘째?"]
    assert inspect_file(many).kind == "json"


# -- runs ------------------------------------------------------------------------------
def _check_run_dtypes(rs):
    df = rs.runs
    assert list(df.columns) == S.RUN_COLUMNS
    assert df[S.RANK].dtype == np.float64 and df[S.SCORE].dtype == np.float64
    assert df[S.ROW].dtype == np.int64
    for c in (S.SYSTEM, S.QID, S.PID, S.TEXT):
        assert df[c].map(type).eq(str).all(), c


def test_run_workbook_one_sheet_per_system(tmp_path):
    path = write_xlsx(
        tmp_path / "runs.xlsx",
        {
            "BM25": [
                ["질문ID", "순위", "문단ID", "점수", "본문"],
                [1, 1, "p1", 9.5, "본문"],
                [1, 2, "p2", 7, None],
            ],
            "GraphRAG": [["질문ID", "순위", "문단ID"], ["1", 1, "p2"]],
        },
    )
    rs = load_run(path)
    _check_run_dtypes(rs)
    assert rs.systems == ["BM25", "GraphRAG"]
    df = rs.runs
    assert df[S.QID].tolist() == ["1", "1", "1"]
    assert df[S.TEXT].tolist() == ["본문", "", ""]
    assert np.isnan(df[S.SCORE].iloc[2])
    assert rs.problems == []
    only = load_run(path, sheets=["GraphRAG"])
    assert only.systems == ["GraphRAG"]


def test_score_only_run(tmp_path):
    path = write_xlsx(
        tmp_path / "dense.xlsx", {"Sheet1": [["qid", "docid", "유사도"], ["q", "d", 0.8]]}
    )
    rs = load_run(path)
    assert rs.systems == ["dense"]  # generic sheet name → file name
    assert np.isnan(rs.runs[S.RANK].iloc[0])
    assert load_run(path, system="벡터 RAG").systems == ["벡터 RAG"]


@pytest.mark.parametrize(
    "headers",
    [
        ["질문ID", "1", "2", "3"],
        ["질문ID", "rank1", "rank2", "rank3"],
        ["질문ID", "1위", "2위", "3위"],
        ["질문ID", "top1", "top2", "top3"],
        ["질문ID", 1, 2, 3],  # numbers typed as headers
    ],
)
def test_wide_layout(tmp_path, headers):
    path = write_xlsx(
        tmp_path / "wide.xlsx",
        {"하이브리드": [headers, ["q1", "p5", "p2", "p9"], ["q2", "p1", None, None]]},
    )
    preview = inspect_file(path)
    assert preview.sheets[0].detected_kind == "run_wide"
    rs = load_run(path)
    _check_run_dtypes(rs)
    df = rs.runs
    assert rs.systems == ["하이브리드"]
    got = sorted(zip(df[S.QID], df[S.RANK], df[S.PID]))
    assert got == [("q1", 1.0, "p5"), ("q1", 2.0, "p2"), ("q1", 3.0, "p9"), ("q2", 1.0, "p1")]
    assert set(df[S.ROW]) == {2, 3}
    assert df[S.SCORE].isna().all()


def test_inspect_file_preview(tmp_path):
    rows = [["질문ID", "문단ID", "등급"]] + [[f"q{i}", f"p{i}", i % 4] for i in range(120)]
    path = write_xlsx(tmp_path / "big.xlsx", {"평가": rows, "빈시트": []})
    pv = inspect_file(path)
    assert pv.kind == "excel"
    s = pv.sheet("평가")
    assert s.headers == ["질문ID", "문단ID", "등급"]
    assert s.n_rows == 120
    assert len(s.rows) == 50
    assert s.rows[0] == ["q0", "p0", "0"]
    assert s.header_row == 1
    assert s.detected_kind == "judgments"
    assert s.mapping.roles == {"질문ID": S.QID, "문단ID": S.PID, "등급": S.GRADE}
    assert pv.sheet("빈시트").n_rows == 0
    assert any(p.code == "empty_sheet" and p.sheet == "빈시트" for p in pv.problems)
    assert pv.mappings["평가"] is s.mapping


def test_progress_and_cancel(tmp_path):
    path = write_xlsx(tmp_path / "runs.xlsx", {"A": [["qid", "docid", "rank"], ["q", "d", 1]]})
    seen = []
    load_run(path, progress=lambda f, t: seen.append(f))
    assert seen and seen[-1] == 1.0 and all(0 <= f <= 1 for f in seen)
    assert seen == sorted(seen)
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 1

    with pytest.raises(Cancelled):
        load_run(path, cancelled=cancelled)
    with pytest.raises(Cancelled):
        load_judgments(path, cancelled=lambda: True)


def test_inputs_are_untouched_after_reading(tmp_path):
    files = [
        write_xlsx(tmp_path / "j.xlsx", JUDGMENT_WORKBOOK),
        write_ods(tmp_path / "j.ods", {"평가": [["질문ID", "문단ID", "등급"], ["q", "p", 1]]}),
    ]
    csv_path = tmp_path / "j.csv"
    csv_path.write_bytes(CSV_TEXT.encode("cp949"))
    files.append(csv_path)
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04broken")
    files.append(bad)
    past = 1_600_000_000
    for f in files:
        os.utime(f, (past, past))
    before = {f: (hashlib.sha256(f.read_bytes()).hexdigest(), f.stat().st_mtime) for f in files}
    for f in files:
        try:
            inspect_file(f)
            load_judgments(f)
        except InputError:
            pass
    after = {f: (hashlib.sha256(f.read_bytes()).hexdigest(), f.stat().st_mtime) for f in files}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f.name for f in files)


def test_nfd_ids_match_nfc_ids_across_files(tmp_path):
    nfd = unicodedata.normalize("NFD", "말씀-1")
    j = write_xlsx(tmp_path / "j.xlsx", {"평가": [["질문ID", "문단ID", "등급"], ["질문", nfd, 2]]})
    r = write_xlsx(
        tmp_path / "r.xlsx", {"BM25": [["질문ID", "순위", "문단ID"], ["질문", 1, "말씀-1"]]}
    )
    assert load_judgments(j).judgments[S.PID].iloc[0] == load_run(r).runs[S.PID].iloc[0]


def test_excel_sep_hint_line(tmp_path):
    path = tmp_path / "j.csv"
    path.write_text("sep=;\n질문ID;문단ID;등급\nq1;p1;2\n", encoding="utf-8")
    js = load_judgments(path)
    assert js.judgments[S.GRADE].tolist() == [2]
    assert js.judgments[S.ROW].tolist() == [3]


def test_system_name_is_not_forced_onto_several_systems(tmp_path):
    path = write_xlsx(
        tmp_path / "r.xlsx",
        {
            "A": [["qid", "docid", "rank"], ["q", "d", 1]],
            "B": [["qid", "docid", "rank"], ["q", "d", 1]],
        },
    )
    rs = load_run(path, system="X")
    assert rs.systems == ["A", "B"]
    assert [p.code for p in rs.problems] == ["system_name_ignored"]


def test_mapping_from_a_project_file_dict_and_stale_headers(tmp_path):
    path = write_xlsx(tmp_path / "j.xlsx", {"평가": [["a", "b", "c"], ["q", "p", 1]]})
    saved = {"roles": {"a": S.QID, "b": S.PID, "c": S.GRADE, "old": S.NOTE}}
    js = load_judgments(path, mappings={"평가": saved})
    assert js.judgments[S.QID].tolist() == ["q"]
    stale = [p for p in js.problems if p.code == "mapping_stale"]
    assert stale and "old" in stale[0].message_en and "old" in stale[0].message_ko


def test_unknown_sheet_choice_is_an_error(tmp_path):
    path = write_xlsx(tmp_path / "j.xlsx", {"평가": [["질문ID", "문단ID", "등급"], ["q", "p", 1]]})
    with pytest.raises(InputError) as info:
        load_judgments(path, sheets={"judgments": "없는시트"})
    assert info.value.errors[0].code == "sheet_not_found"
    assert "평가" in info.value.errors[0].message_en


def test_empty_trec_file(tmp_path):
    path = tmp_path / "run.trec"
    path.write_text("\n# only a comment\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_run(path)
    assert {p.code for p in info.value.errors} & {"no_data", "no_run_sheet", "empty_sheet"}


# -- the preview of a big TREC file parses its first lines only ------------------------------
_TREC_RUN_LINES = "".join(f"q{i // 7} Q0 d{i} {i % 7 + 1} {9 - i % 7}.5 bm25\n" for i in range(120))
_TREC_TEXTS = {
    "clean": _TREC_RUN_LINES,
    "no_final_break": _TREC_RUN_LINES.rstrip("\n"),
    "trailing_breaks": _TREC_RUN_LINES + "\n\n",
    "crlf": _TREC_RUN_LINES.replace("\n", "\r\n"),
    "blank_inside": _TREC_RUN_LINES.replace("q3 Q0 d21", "\nq3 Q0 d21", 1),
    "spaces_line_inside": _TREC_RUN_LINES.replace("q3 Q0 d21", "  \nq3 Q0 d21", 1),
    "indented": _TREC_RUN_LINES.replace("q3 Q0 d21", " q3 Q0 d21", 1),
    "comment": _TREC_RUN_LINES.replace("q3 Q0 d21", "# note\nq3 Q0 d21", 1),
    "form_feed": _TREC_RUN_LINES.replace("q3 Q0 d21", "\x0cq3 Q0 d21", 1),
    "lone_cr": _TREC_RUN_LINES.replace("\nq3 Q0 d21", "\rq3 Q0 d21", 1),
    "short": _TREC_RUN_LINES[:200],
    "bad_line_late": _TREC_RUN_LINES + "q99 Q0 d1 1\n",
    "korean_id": _TREC_RUN_LINES.replace("q3 ", "질문3 "),
    "qrels": "".join(f"q{i // 5} 0 d{i} {i % 4}\n" for i in range(90)),
}


_COUNTED_ONLY = {"clean", "no_final_break", "trailing_breaks", "crlf", "bad_line_late", "qrels"}


@pytest.mark.parametrize("name", sorted(_TREC_TEXTS))
def test_a_trec_preview_counts_the_lines_the_whole_reading_finds(tmp_path, name):
    """The preview reads only its first lines, yet says how many rows the file has
    as reading the whole file would (a line with the wrong number of fields is a
    row too, with its error, as in a spreadsheet), and shows the same first rows."""
    from workbench.core.io.book import open_book
    from workbench.core.io.common import Collector

    path = tmp_path / ("q.qrels" if name == "qrels" else "r.run")
    path.write_bytes(_TREC_TEXTS[name].encode("utf-8"))
    col = Collector(path.name)
    whole = open_book(path, col).sheets[0].table
    bad_lines = sum(1 for p in col.errors if p.code == "trec_fields")
    head = open_book(path, Collector(path.name), nrows=40).sheets[0].table
    if name in _COUNTED_ONLY:  # the first 40 lines parsed, the others counted
        assert head.n_rows == 40 < whole.n_rows
        assert head.total_rows == whole.total_rows + bad_lines
    else:  # anything unusual: the whole text is parsed, as before
        assert head.n_rows == whole.n_rows and head.total_rows == whole.total_rows
    shown = min(40, head.n_rows)
    for h in whole.headers:
        assert list(head.columns[h][:shown]) == list(whole.columns[h][:shown])
    assert list(head.rows[:shown]) == list(whole.rows[:shown])


def test_a_long_json_judgments_file_is_previewed_whole(tmp_path):
    """Only TREC files are previewed from their first lines: a JSON file of many
    lines is read whole (its first lines alone are not JSON)."""
    import json

    path = tmp_path / "qrels.json"
    items = [
        {"id": f"Q{i}", "relevantDocuments": [{"documentId": f"P{i}", "relevance": i % 4}]}
        for i in range(300)
    ]
    # one item per line, none indented: lines a TREC head would be cut from
    path.write_text("[\n" + ",\n".join(json.dumps(x) for x in items) + "\n]\n", encoding="utf-8")
    preview = inspect_file(path)
    assert preview.kind == "json" and not [p for p in preview.problems if p.is_error]
    assert preview.sheets[0].n_rows == 300


@pytest.mark.parametrize(
    ("name", "head", "what_en", "what_ko"),
    [
        ("판정.pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document", "PDF 문서"),
        ("판정.xlsx", b"%PDF-1.4\n", "a PDF document", "PDF 문서"),  # renamed
        ("판정.hwp", bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 600, "Hangul (HWP)", "한글(HWP)"),
        (
            "판정.hwpx",
            b"PK\x03\x04" + b"\0" * 26 + b"mimetypeapplication/hwp+zip",
            "Hangul (HWP)",
            "한글(HWP)",
        ),
        ("표.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "an image", "이미지"),
        ("표.jpg", b"\xff\xd8\xff\xe0" + b"\0" * 40, "an image", "이미지"),
    ],
)
def test_documents_that_are_not_tables_say_what_they_are(tmp_path, name, head, what_en, what_ko):
    """A PDF, a Hangul document or a picture of a table, chosen as judgments or as
    a run: one message naming what the file is and how to get the table out (a
    PDF was read as text: "expected a question id column … found headers: %PDF-1.4";
    a Hangul file was "a damaged workbook, open it in Excel")."""
    from workbench.core.model.problems import InputError

    path = tmp_path / name
    path.write_bytes(head)
    for load in (load_judgments, load_run):
        with pytest.raises(InputError) as caught:
            load(path)
        (problem,) = caught.value.problems
        assert problem.code == "not_a_table"
        assert what_en in problem.message_en and what_ko in problem.message_ko
        assert ".xlsx" in problem.message_en
