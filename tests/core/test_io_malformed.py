"""A corpus of malformed inputs, generated in tmp_path; every message is checked.

Each case builds one bad file, loads it, and checks the problem's code,
location (sheet, Excel row, column) and that the Korean and English texts
say what is wrong.
"""

from __future__ import annotations

import io
import json
import os
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import openpyxl
import pytest

from workbench.core.io import inspect_file, load_judgments, load_run
from workbench.core.io import reading as reading_module
from workbench.core.model import schema as S
from workbench.core.model.problems import MAX_PROBLEMS_PER_FILE, InputError, Problem

J_HEAD = ["질문ID", "문단ID", "등급"]
R_HEAD = ["질문ID", "순위", "문단ID", "점수"]


def xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


def ole_encrypted(path: Path) -> Path:
    """An OLE2/CFB container naming an EncryptionInfo stream: how Excel saves a password."""
    header = bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 16 + b"\x3e\x00\x03\x00\xfe\xff"
    header += b"\x00" * (512 - len(header))
    entry = "EncryptionInfo".encode("utf-16-le").ljust(64, b"\x00")
    entry2 = "EncryptedPackage".encode("utf-16-le").ljust(64, b"\x00")
    path.write_bytes(header + entry + entry2 + b"\x00" * 1024)
    return path


@dataclass
class Case:
    name: str
    build: Callable[[Path], Path]
    loader: str  # "j" judgments, "r" run
    code: str
    en: list[str]
    ko: list[str]
    row: int | None = None
    column: str | None = None
    sheet: str | None = None
    severity: str = "error"
    extra: dict = field(default_factory=dict)


def _problems(path: Path, loader: str) -> tuple[list[Problem], object]:
    load = load_judgments if loader == "j" else load_run
    try:
        result = load(path)
    except InputError as exc:
        return exc.problems, None
    return result.problems, result


def _grade_rows(bad) -> list[list]:
    # 15 good rows, then the bad grade in Excel row 17
    rows = [J_HEAD] + [[f"q{i}", f"p{i}", i % 4] for i in range(15)]
    rows.append(["q99", "p99", bad])
    return rows


def _docx_like(p: Path) -> Path:
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<document/>")
    return p


def _truncated(p: Path) -> Path:
    xlsx(p, {"평가": [J_HEAD, ["q", "p", 1]]})
    p.write_bytes(p.read_bytes()[:700])
    return p


def _csv(text: str, encoding: str = "utf-8", name: str = "j.csv"):
    def build(d: Path) -> Path:
        p = d / name
        p.write_bytes(text.encode(encoding))
        return p

    return build


def _nfd_conflict(d: Path) -> Path:
    nfd = unicodedata.normalize("NFD", "문단가")
    return xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["질문", "문단가", 2], ["질문", nfd, 0]]})


CASES = [
    Case(
        "corrupt_zip",
        lambda d: _truncated(d / "j.xlsx"),
        "j",
        "corrupt_file",
        ["damaged", "save a new copy"],
        ["손상", "백업본"],
    ),
    Case(
        "password_protected_xlsx",
        lambda d: ole_encrypted(d / "j.xlsx"),
        "j",
        "password_protected",
        ["password-protected", "remove the password"],
        ["암호", "해제"],
    ),
    Case(
        "password_protected_xls",
        lambda d: ole_encrypted(d / "j.xls"),
        "r",
        "password_protected",
        ["password"],
        ["암호"],
    ),
    Case(
        "text_renamed_xlsx",
        lambda d: (d / "j.xlsx").write_text("질문ID,문단ID,등급\nq,p,1\n") and d / "j.xlsx",
        "j",
        "not_excel_text",
        ["not an Excel workbook", "plain text", ".csv"],
        ["Excel 통합 문서가 아니라", "일반 텍스트", ".csv"],
    ),
    Case(
        "binary_renamed_xlsx",
        lambda d: (d / "j.xlsx").write_bytes(bytes(range(256)) * 4) and d / "j.xlsx",
        "j",
        "not_excel",
        ["not an Excel workbook"],
        ["Excel 통합 문서", "아닙니다"],
    ),
    Case(
        "word_file_renamed_xlsx",
        lambda d: _docx_like(d / "j.xlsx"),
        "j",
        "not_excel_zip",
        ["ZIP archive but not an Excel workbook"],
        ["ZIP 압축 파일", "Excel 통합 문서가 아닙니다"],
    ),
    Case(
        "zero_bytes",
        lambda d: (d / "j.xlsx").write_bytes(b"") or d / "j.xlsx",
        "j",
        "empty_file",
        ["empty (0 bytes)"],
        ["비어 있습니다"],
    ),
    Case(
        "blank_csv",
        _csv("\n \n\n", name="runs.csv"),
        "r",
        "empty_file",
        ["empty", "no text at all"],
        ["비어 있습니다"],
    ),
    Case(
        "excel_lock_file",
        lambda d: (d / "~$j.xlsx").write_bytes(b"\x08user    ") and d / "~$j.xlsx",
        "j",
        "excel_lock_file",
        ["lock file", "without '~$'"],
        ["잠금 파일", "'~$'"],
    ),
    Case(
        "missing_file",
        lambda d: d / "nowhere.xlsx",
        "r",
        "file_not_found",
        ["not found"],
        ["찾을 수 없습니다"],
    ),
    Case(
        "cp949_csv_bad_grade",
        _csv("질문ID,문단ID,등급\nq1,p1,2\nq2,p2,높음\n", "cp949"),
        "j",
        "grade_invalid",
        ["등급 must be a whole number from 0 to 3; row 3 has '높음'"],
        ["등급은 0~3 사이의 정수", "3행의 값은 '높음'"],
        row=3,
        column="등급",
    ),
    Case(
        "undecodable_csv",
        lambda d: (d / "j.csv").write_bytes(b"qid,doc\n\x80\xff\x80,\xff\xfe\n") and d / "j.csv",
        "j",
        "unknown_encoding",
        ["character encoding", "CSV UTF-8"],
        ["인코딩", "CSV UTF-8"],
    ),
    Case(
        "nfd_ids_conflict",
        _nfd_conflict,
        "j",
        "duplicate_conflict",
        ["judged twice", "row 2: 2", "row 3: 0"],
        ["두 번", "2행: 2", "3행: 0"],
        row=3,
        column="등급",
    ),
    Case(
        "float_12_and_text_12_duplicate",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, [12.0, "p", 1], ["12", "p", 1]]}),
        "j",
        "duplicate_judgment",
        ["Question '12'", "rows 2, 3", "first row is used"],
        ["질문 '12'", "2, 3행", "첫 번째 행을 사용"],
        row=3,
        severity="warning",
    ),
    Case(
        "blank_passage_id",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["q1", "p1", 1], ["q1", "  ", 2]]}),
        "j",
        "blank_passage_id",
        ["row 3 is blank"],
        ["3행의 문단ID", "비어 있습니다"],
        row=3,
        column="문단ID",
    ),
    Case(
        "blank_question_id",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, [None, "p1", 1]]}),
        "j",
        "blank_question_id",
        ["question id", "row 2 is blank"],
        ["2행의 질문ID"],
        row=2,
        column="질문ID",
    ),
    Case(
        "grade_high_row_17",
        lambda d: xlsx(d / "j.xlsx", {"평가": _grade_rows("high")}),
        "j",
        "grade_invalid",
        ["등급 must be a whole number from 0 to 3; row 17 has 'high'"],
        ["17행의 값은 'high'"],
        row=17,
        column="등급",
    ),
    Case(
        "grade_fraction",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["q", "p", 2.5]]}),
        "j",
        "grade_invalid",
        ["row 2 has '2.5'"],
        ["2행의 값은 '2.5'"],
        row=2,
        column="등급",
    ),
    Case(
        "grade_out_of_scale",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["q", "p", 5]]}),
        "j",
        "grade_invalid",
        ["0 to 3", "row 2 has '5'"],
        ["0~3", "'5'"],
        row=2,
    ),
    Case(
        "grade_negative",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["q", "p", -1]]}),
        "j",
        "grade_invalid",
        ["row 2 has '-1'"],
        ["'-1'"],
        row=2,
    ),
    Case(
        "grade_blank",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD, ["q", "p", None, "x"]]}),
        "j",
        "grade_blank",
        ["row 2 is blank"],
        ["2행이 비어"],
        row=2,
        column="등급",
    ),
    Case(
        "conflicting_duplicates_one_assessor",
        lambda d: xlsx(
            d / "j.xlsx",
            {
                "평가": [
                    J_HEAD + ["평가자"],
                    ["q", "p", 3, "A"],
                    ["q", "p", 3, "B"],
                    ["q", "p", 1, "A"],
                ]
            },
        ),
        "j",
        "duplicate_conflict",
        ["assessor 'A'", "row 2: 3", "row 4: 1", "Keep one row"],
        ["평가자 'A'", "2행: 3", "4행: 1"],
        row=4,
    ),
    Case(
        "unknown_evidence_role",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD + ["근거역할"], ["q", "p", 1, "중요"]]}),
        "j",
        "role_invalid",
        ["'중요'", "core, supporting or alternative"],
        ["핵심, 보조, 대체"],
        row=2,
        column="근거역할",
    ),
    Case(
        "missing_grade_near_miss",
        lambda d: xlsx(d / "j.xlsx", {"평가": [["질문ID", "문단ID", "듭급"], ["q", "p", 1]]}),
        "j",
        "missing_grade",
        [
            "Expected a grade (등급) column",
            "found headers: 질문ID, 문단ID, 듭급",
            "did you mean '듭급'",
        ],
        ["등급 열이 필요합니다", "찾은 머리글: 질문ID, 문단ID, 듭급", "'듭급' 열을 말씀하신"],
        row=1,
        column="듭급",
        sheet="평가",
    ),
    Case(
        "empty_judgments_sheet",
        lambda d: xlsx(d / "j.xlsx", {"평가": [], "질문": [["질문ID", "질문"], ["q", "?"]]}),
        "j",
        "empty_sheet",
        ["'평가' is empty"],
        ["'평가'가 비어 있습니다"],
        sheet="평가",
    ),
    Case(
        "header_only_sheet",
        lambda d: xlsx(d / "j.xlsx", {"평가": [J_HEAD]}),
        "j",
        "no_data",
        ["no data rows", "below row 1"],
        ["데이터가 없습니다", "1행 아래"],
        sheet="평가",
    ),
    Case(
        "no_judgments_sheet",
        lambda d: xlsx(d / "j.xlsx", {"메모": [["a", "b"], [1, 2]], "기타": [["c"], [3]]}),
        "j",
        "no_judgments_sheet",
        ["No judgments sheet", "메모, 기타"],
        ["평가 시트를 찾지 못했습니다", "메모, 기타"],
    ),
    Case(
        "rank_ties",
        lambda d: xlsx(d / "r.xlsx", {"BM25": [R_HEAD, ["q", 1, "a", 3], ["q", 1, "b", 2]]}),
        "r",
        "rank_tie",
        ["rank 1 is given to 2 passages", "rows 2, 3"],
        ["순위 1이 문단 2개", "2, 3행"],
        row=3,
        sheet="BM25",
        severity="warning",
    ),
    Case(
        "rank_gap",
        lambda d: xlsx(d / "r.xlsx", {"BM25": [R_HEAD, ["q", 1, "a", 3], ["q", 3, "b", 2]]}),
        "r",
        "rank_gap",
        ["rank(s) 2 are missing"],
        ["순위 2가 빠져"],
        row=2,
        severity="warning",
    ),
    Case(
        "rank_not_positive_integer",
        lambda d: xlsx(
            d / "r.xlsx",
            {"BM25": [R_HEAD, ["q", 1, "a", 3], ["q", 0, "b", 2], ["q", "first", "c", 1]]},
        ),
        "r",
        "rank_invalid",
        ["positive whole number", "row 3 is '0'"],
        ["1 이상의 정수", "3행의 값: '0'"],
        row=3,
        column="순위",
        extra={"also_rows": [4]},
    ),
    Case(
        "passage_repeated_in_ranking",
        lambda d: xlsx(
            d / "r.xlsx", {"BM25": [R_HEAD, ["q", 2, "a", 1], ["q", 1, "b", 3], ["q", 3, "b", 0]]}
        ),
        "r",
        "duplicate_passage",
        ["passage 'b' appears again in row 4 (first in row 3)", "only the first is kept"],
        ["문단 'b'", "4행에 다시", "처음은 3행"],
        row=4,
        severity="warning",
        extra={"kept_rows": [2, 3]},
    ),
    Case(
        "neither_rank_nor_score",
        lambda d: xlsx(d / "r.xlsx", {"BM25": [["질문ID", "문단ID", "본문"], ["q", "p", "t"]]}),
        "r",
        "no_rank_or_score",
        ["needs a rank (순위) or score (점수) column", "found headers: 질문ID, 문단ID, 본문"],
        ["순위 또는 점수 열이 필요합니다"],
        row=1,
        sheet="BM25",
    ),
    Case(
        "non_numeric_score",
        lambda d: xlsx(d / "r.xlsx", {"Dense": [["질문ID", "문단ID", "점수"], ["q", "p", "높음"]]}),
        "r",
        "score_invalid",
        ["점수 must be a number; row 2 is '높음'"],
        ["숫자여야 합니다", "'높음'"],
        row=2,
        column="점수",
    ),
    Case(
        "invalid_json",
        lambda d: (
            (d / "gt.json").write_text('[\n {"question": "q",\n "relevantDocuments": [}\n]')
            and d / "gt.json"
        ),
        "j",
        "json_invalid",
        ["not valid near line 3"],
        ["3번째 줄"],
        row=3,
    ),
    Case(
        "trec_qrels_bad_line",
        lambda d: (d / "qrels.txt").write_text("q1 0 d1 1\nq1 0 d2 1\nq1 d3\n") and d / "qrels.txt",
        "j",
        "trec_fields",
        ["Line 3 has 2 fields"],
        ["3번째 줄", "2개"],
        row=3,
    ),
    Case(
        "trec_run_junk_after_the_tag_any_name",
        lambda d: (
            (d / "results.trunc").write_text(
                "301 Q0 A 99 2.1 STD more junk at\n302 Q0 B 1 2 STD\n303 Q0 C 1 2\n"
            )
            and d / "results.trunc"
        ),
        "r",
        "trec_fields",
        ["Line 1 has 9 fields", "Delete what follows the tag"],
        ["1번째 줄", "9개", "태그(6번째 항목) 뒤"],
        row=1,
        extra={"also_rows": [3]},
    ),
    Case(
        "trec_run_given_as_judgments",
        lambda d: (d / "r.txt").write_text("q1 Q0 d1 1 2.5 bm25\n") and d / "r.txt",
        "j",
        "run_not_judgments",
        ["TREC run file"],
        ["실행 결과(run) 파일"],
    ),
    Case(
        "qrels_given_as_run",
        lambda d: (d / "q.txt").write_text("q1 0 d1 1\n") and d / "q.txt",
        "r",
        "judgments_not_run",
        ["holds judgments"],
        ["평가(정답) 파일"],
    ),
    Case(
        "answerable_not_yes_no",
        lambda d: xlsx(
            d / "j.xlsx",
            {"평가": [J_HEAD, ["q", "p", 1]], "질문": [["질문ID", "답변가능"], ["q", "글쎄"]]},
        ),
        "j",
        "answerable_invalid",
        ["'글쎄' in row 2 is not a yes/no value"],
        ["'글쎄'", "예/아니오"],
        row=2,
        sheet="질문",
        severity="warning",
    ),
    Case(
        "judged_question_not_on_questions_sheet",
        lambda d: xlsx(
            d / "j.xlsx",
            {
                "평가": [J_HEAD, ["q1", "p", 1], ["q9", "p", 1]],
                "질문": [["질문ID", "질문"], ["q1", "?"]],
            },
        ),
        "j",
        "unlisted_question",
        ["1 question id(s)", "q9"],
        ["질문 ID 1개", "q9"],
        severity="warning",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_malformed_corpus(tmp_path, case: Case):
    path = case.build(tmp_path)
    problems, result = _problems(path, case.loader)
    matching = [p for p in problems if p.code == case.code]
    assert matching, f"no {case.code} in {[p.code for p in problems]}"
    p = matching[0]
    assert p.severity.value == case.severity
    if case.severity == "error":
        assert result is None  # errors stop the load
    assert p.file == path.name
    for s in case.en:
        assert s in p.message_en, (s, p.message_en)
    for s in case.ko:
        assert s in p.message_ko, (s, p.message_ko)
    if case.row is not None:
        assert p.row == case.row
    if case.column is not None:
        assert p.column == case.column
    if case.sheet is not None:
        assert p.sheet == case.sheet
    if path.suffix not in (".xlsx", ".xls", ".ods"):
        assert p.sheet is None  # text files have no sheets: file and line only
    # every message is a complete sentence in both languages, with its location
    assert p.message_en.rstrip().endswith((".", "?", ")")), p.message_en
    assert p.message_ko != p.message_en
    assert path.name in p.message("ko") and path.name in p.message("en")
    if "also_rows" in case.extra:
        rows = {q.row for q in matching}
        assert set(case.extra["also_rows"]) <= rows
    if "kept_rows" in case.extra:
        assert sorted(result.runs[S.ROW]) == case.extra["kept_rows"]


def test_corpus_is_large_enough():
    assert len(CASES) >= 25


def test_locked_file_gives_a_clear_message(tmp_path, monkeypatch):
    path = xlsx(tmp_path / "j.xlsx", {"평가": [J_HEAD, ["q", "p", 1]]})

    def locked(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(reading_module, "open", locked, raising=False)
    with pytest.raises(InputError) as info:
        load_judgments(path)
    p = info.value.problems[0]
    assert p.code == "file_locked"
    assert "open in Excel" in p.message_en
    assert "Excel에서 파일을 닫은 뒤" in p.message_ko
    with pytest.raises(InputError):
        inspect_file(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_is_read_once_and_every_reader_sees_what_it_held(tmp_path):
    """A named pipe (as a process substitution gives) can be read only once: it is
    read into memory the first time, and the loader's later looks see the same bytes."""
    import threading

    pipe = tmp_path / "run.txt"
    os.mkfifo(pipe)
    text = b"1 Q0 A 1 9 sys\n1 Q0 B 2 8 sys\n2 Q0 C 1 7 sys\n"

    def feed():
        with open(pipe, "wb") as fh:
            fh.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    runs = load_run(pipe).runs
    writer.join(10)
    assert sorted(zip(runs["question_id"], runs["passage_id"])) == [("1", "A"), ("1", "B"), ("2", "C")]
    assert inspect_file(pipe) is not None  # read again: from memory, not the spent pipe


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_a_device_is_refused_at_once_with_a_clear_message():
    """A device never ends: every loader says what to do instead, at once."""
    outcomes = []
    for load in (load_run, load_judgments, inspect_file):
        with pytest.raises(InputError) as info:
            load(Path("/dev/zero"))
        outcomes.append(info.value.problems[0])
    assert [p.code for p in outcomes] == ["not_a_file"] * 3
    assert "device" in outcomes[0].message_en
    assert "파일로 저장한 뒤" in outcomes[0].message_ko


def test_all_problems_are_collected_not_just_the_first(tmp_path):
    path = xlsx(
        tmp_path / "j.xlsx",
        {
            "평가": [
                J_HEAD,
                ["q1", None, 1],  # blank passage id (row 2)
                ["q1", "p1", "high"],  # bad grade (row 3)
                ["q2", "p2", 7],  # out of scale (row 4)
                ["q3", "p3", 1],
                ["q3", "p3", 2],  # conflict (rows 5, 6)
            ]
        },
    )
    with pytest.raises(InputError) as info:
        load_judgments(path)
    got = {(p.code, p.row) for p in info.value.errors}
    assert {
        ("blank_passage_id", 2),
        ("grade_invalid", 3),
        ("grade_invalid", 4),
        ("duplicate_conflict", 6),
    } <= got
    assert "row 3" in info.value.summary("en") and "3행" in info.value.summary("ko")


def test_problem_count_is_capped_with_a_count_of_the_rest(tmp_path):
    n = MAX_PROBLEMS_PER_FILE + 50
    rows = [J_HEAD] + [[f"q{i}", f"p{i}", "x"] for i in range(n)]
    path = xlsx(tmp_path / "j.xlsx", {"평가": rows})
    with pytest.raises(InputError) as info:
        load_judgments(path)
    errors = info.value.errors
    assert len(errors) == MAX_PROBLEMS_PER_FILE + 1
    assert errors[-1].code == "more_errors"
    assert "50 more errors" in errors[-1].message_en and "50개" in errors[-1].message_ko


def test_preview_reports_missing_columns_without_raising(tmp_path):
    path = xlsx(tmp_path / "j.xlsx", {"평가": [["질문ID", "문단", "듭급"], ["q", "p", 1]]})
    pv = inspect_file(path)
    codes = [p.code for p in pv.problems]
    assert "missing_grade" in codes


def test_saved_mapping_with_a_renamed_column(tmp_path):
    from workbench.core.io import ColumnMapping

    path = xlsx(tmp_path / "j.xlsx", {"평가": [["질문ID", "문단ID", "판정값"], ["q", "p", 1]]})
    old = ColumnMapping({"질문ID": S.QID, "문단ID": S.PID, "등급": S.GRADE})
    with pytest.raises(InputError) as info:
        load_judgments(path, mappings={"평가": old})
    assert info.value.errors[0].code == "missing_grade"


def test_json_item_without_documents(tmp_path):
    path = tmp_path / "gt.json"
    path.write_text(json.dumps([{"question": "a"}]), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_judgments(path)
    assert info.value.errors[0].code == "json_no_documents"
    assert info.value.errors[0].row == 1


def test_error_messages_never_carry_a_traceback(tmp_path):
    bad = tmp_path / "x.xlsx"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    with pytest.raises(InputError) as info:
        load_run(bad)
    text = info.value.summary("en") + info.value.summary("ko")
    assert "Traceback" not in text and 'File "' not in text
    assert isinstance(io.StringIO(text).read(), str)
