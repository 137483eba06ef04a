"""Reading answers, ratings and rubrics: every layout, and messages with file,
sheet, row and column in Korean and English."""

from __future__ import annotations

import json

import pytest
from openpyxl import Workbook

from workbench.core.io.answers import detect_mapping, inspect_answers, load_answer_file
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError
from workbench.core.protocol import answers as A


def _book(path, sheets: dict[str, list[list]]):
    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


def _error(exc: pytest.ExceptionInfo, code: str):
    found = [p for p in exc.value.problems if p.code == code]
    assert found, [p.code for p in exc.value.problems]
    return found[0]


def test_one_sheet_per_system(tmp_path):
    path = _book(
        tmp_path / "a.xlsx",
        {
            "BM25": [
                ["질문ID", "답변", "인용", "모델", "버전"],
                ["Q001", "답 [D1-01]", "D2-01", "m", "1.0"],
            ],
            "GraphRAG": [["질문ID", "답변"], ["Q001", "다른 답"], ["Q002", ""]],
        },
    )
    f = load_answer_file(path)
    assert f.systems == ["BM25", "GraphRAG"]
    first = f.answers.iloc[0]
    assert first[A.CITATIONS] == ("D2-01", "D1-01")
    assert (first[A.MODEL], first[A.VERSION], first[S.ROW]) == ("m", "1.0", 2)
    assert f.answers.iloc[2][A.ANSWER_TEXT] == ""  # an empty answer stays (an abstention)
    assert f.system_sheets == {"BM25": "BM25", "GraphRAG": "GraphRAG"}


def test_a_system_column_and_a_csv_named_after_its_file(tmp_path):
    path = tmp_path / "hybrid_answers.csv"
    path.write_text("질문ID,답변,인용\nQ001,답,D1-01; D1-02\n", encoding="utf-8-sig")
    f = load_answer_file(path)
    assert f.systems == ["hybrid_answers"]
    assert f.answers.iloc[0][A.CITATIONS] == ("D1-01", "D1-02")
    path = tmp_path / "all.csv"
    path.write_text(
        "question_id,system,answer,citations\nQ1,BM25,a [D1-01],\nQ1,Vector,b,D2-01\n",
        encoding="cp949",
    )
    assert load_answer_file(path).systems == ["BM25", "Vector"]


def test_json_list_jsonl_and_an_object_of_systems(tmp_path):
    items = [
        {"question_id": "Q001", "system": "BM25", "answer": "답 [D1-01]", "citations": ["D1-02"]},
        {"질문ID": "Q002", "system": "BM25", "answer": "답"},
    ]
    path = tmp_path / "a.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    f = load_answer_file(path)
    assert f.answers[A.CITATIONS].tolist()[0] == ("D1-02", "D1-01")
    path = tmp_path / "b.jsonl"
    path.write_text(
        "\n".join(json.dumps(i, ensure_ascii=False) for i in items[:1]), encoding="utf-8"
    )
    assert len(load_answer_file(path).answers) == 1
    path = tmp_path / "c.json"
    path.write_text(
        json.dumps(
            {
                "BM25": [{"question_id": "Q1", "answer": "가"}],
                "Vector": [{"question_id": "Q1", "answer": "나"}],
            }
        ),
        encoding="utf-8",
    )
    assert load_answer_file(path).systems == ["BM25", "Vector"]


def test_a_json_answer_without_a_question_id_names_its_line(tmp_path):
    path = tmp_path / "a.json"
    path.write_text(
        '[\n {"question_id": "Q1", "answer": "a"},\n {"question_id": "", "answer": "b"}\n]',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    problem = _error(exc, "blank_question_id")
    assert problem.row == 3 and problem.sheet is None


def test_a_missing_answer_column_lists_the_headers(tmp_path):
    path = _book(tmp_path / "a.xlsx", {"답변": [["질문ID", "응답내용X", "인용"], ["Q1", "a", ""]]})
    with pytest.raises(InputError) as exc:
        load_answer_file(path, sheets={"답변": "answers"})
    problem = _error(exc, "missing_answer")
    assert problem.sheet == "답변" and problem.row == 1
    assert "응답내용X" in problem.message("en") and "답변" in problem.message("ko")


def test_a_blank_question_id_names_the_row(tmp_path):
    path = _book(tmp_path / "a.xlsx", {"BM25": [["질문ID", "답변"], ["Q1", "a"], ["", "b"]]})
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    assert _error(exc, "blank_question_id").row == 3


def test_a_repeated_answer_is_a_warning_and_the_first_counts(tmp_path):
    path = _book(
        tmp_path / "a.xlsx", {"BM25": [["질문ID", "답변"], ["Q1", "first"], ["Q1", "second"]]}
    )
    f = load_answer_file(path)
    assert f.answers[A.ANSWER_TEXT].tolist() == ["first"]
    warn = [p for p in f.problems if p.code == "duplicate_answer"][0]
    assert warn.row == 3 and "첫 번째" in warn.message("ko")


def test_ratings_wide_with_blank_cells_not_rated(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {
            "답변평가": [
                [
                    "질문ID",
                    "시스템",
                    "평가자",
                    "출처 표기 정확도",
                    "Faithfulness to the sources",
                    "메모",
                    "평가시각",
                ],
                ["Q1", "BM25", "가", 3, None, "좋음", "2025-01-01"],
                ["Q1", "BM25", "나", "2", 1, None, None],
            ]
        },
    )
    f = load_answer_file(path)
    got = {(r[S.ASSESSOR], r[A.CRITERION]): r[A.SCORE] for r in f.ratings.to_dict("records")}
    assert got == {("가", "citation"): 3, ("나", "citation"): 2, ("나", "faithfulness"): 1}
    note = f.ratings[f.ratings[S.ASSESSOR] == "가"].iloc[0]
    assert (note[S.NOTE], note[A.TIME]) == ("좋음", "2025-01-01")
    assert f.answers.empty


def test_ratings_long_form(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {
            "ratings": [
                ["question_id", "system", "rater", "criterion", "score"],
                ["Q1", "BM25", "가", "맥락 충실성", 2],
                ["Q1", "BM25", "가", "신학적 타당성", 1],
            ]
        },
    )
    f = load_answer_file(path)
    assert f.ratings[A.CRITERION].tolist() == ["faithfulness", "신학적 타당성"]
    assert any(p.code == "rating_unknown_criterion" for p in f.problems)


def test_a_rating_out_of_scale_names_row_and_column(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {
            "답변평가": [
                ["질문ID", "시스템", "평가자", "목회자 활용성"],
                ["Q1", "BM25", "가", "높음"],
                ["Q2", "BM25", "가", 4],
            ]
        },
    )
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    rows = [(p.row, p.column) for p in exc.value.problems if p.code == "rating_invalid"]
    assert rows == [(2, "목회자 활용성"), (3, "목회자 활용성")]
    text = exc.value.problems[0].message("ko")
    assert "0~3" in text and "'높음'" in text


def test_two_different_ratings_of_one_item_by_one_rater_are_an_error(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {
            "답변평가": [
                ["질문ID", "시스템", "평가자", "맥락 충실성"],
                ["Q1", "BM25", "가", 2],
                ["Q1", "BM25", "가", 3],
            ]
        },
    )
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    assert _error(exc, "rating_conflict").row == 3


def test_a_ratings_sheet_without_a_criterion_column_says_which_are_expected(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {"답변평가": [["질문ID", "시스템", "평가자", "점수X"], ["Q1", "BM25", "가", 1]]},
    )
    with pytest.raises(InputError) as exc:
        load_answer_file(path, sheets={"답변평가": "ratings"})
    assert "출처 표기 정확도" in _error(exc, "ratings_no_criterion").message("ko")


def test_a_rubric_sheet_names_the_rating_columns_of_the_same_file(tmp_path):
    path = _book(
        tmp_path / "r.xlsx",
        {
            "답변평가": [["질문ID", "시스템", "평가자", "신학적 타당성"], ["Q1", "BM25", "가", 2]],
            "루브릭": [
                ["기준", "키", "적용", "수준", "설명"],
                ["신학적 타당성", "theology", "답변 가능", None, "교리에 맞는가"],
                *[["신학적 타당성", "theology", "답변 가능", g, f"수준 {g}"] for g in range(4)],
                ["답변 보류 적절성", "", "", 3, "분명히 보류"],
            ],
        },
    )
    f = load_answer_file(path)
    assert f.rubric.keys == ["theology", "abstention"]
    theology = f.rubric.criterion("theology")
    assert theology.description == "교리에 맞는가" and theology.levels == (
        "수준 0",
        "수준 1",
        "수준 2",
        "수준 3",
    )
    assert f.rubric.criterion("abstention").applies == "unanswerable"
    assert f.ratings[A.CRITERION].tolist() == ["theology"]
    assert any(p.code == "rubric_level_missing" for p in f.problems)


def test_a_bad_rubric_level_is_an_error(tmp_path):
    path = _book(tmp_path / "r.xlsx", {"루브릭": [["기준", "수준", "설명"], ["출처", "다섯", "?"]]})
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    assert _error(exc, "rubric_level_invalid").row == 2


def test_the_preview_detects_each_sheets_use_and_header_row(tmp_path):
    path = _book(
        tmp_path / "a.xlsx",
        {
            "BM25": [["답변 파일 (2025년 5월)"], [], ["질문ID", "답변", "인용"], ["Q1", "a", ""]],
            "답변평가": [
                ["질문ID", "시스템", "평가자", "출처 표기 정확도"],
                ["Q1", "BM25", "가", 3],
            ],
            "루브릭": [["기준", "수준", "설명"], ["출처 표기 정확도", 0, "답변 가능"]],
            "메모": [["아무", "내용"]],
        },
    )
    preview = inspect_answers(path)
    uses = {sp.name: sp.use for sp in preview.sheets}
    assert uses == {"BM25": "answers", "답변평가": "ratings", "루브릭": "rubric", "메모": None}
    bm25 = preview.sheet("BM25")
    assert bm25.header_row == 3 and bm25.rows == [["Q1", "a", ""]]
    assert preview.sheet("답변평가").mapping.get("출처 표기 정확도") == "criterion:citation"
    # the rubric's text "답변 가능" in a data row is not taken for a header
    assert preview.sheet("루브릭").header_row == 1


def test_a_confirmed_mapping_is_used_as_given(tmp_path):
    path = _book(
        tmp_path / "a.xlsx",
        {"Sheet1": [["번호", "내용", "근거문단"], ["Q1", "a [D1-01]", "D2-01"]]},
    )
    mapping, use = detect_mapping(["번호", "내용", "근거문단"], "Sheet1")
    assert use is None  # nothing says what these columns are
    f = load_answer_file(
        path,
        mappings={"Sheet1": {"번호": S.QID, "내용": A.ANSWER_TEXT, "근거문단": A.CITATIONS}},
        sheets={"Sheet1": "answers"},
    )
    assert f.answers.iloc[0][A.CITATIONS] == ("D2-01", "D1-01")
    assert f.systems == ["a"]  # a lone generic sheet is named after the file


def test_a_trec_file_is_not_an_answers_file(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("Q1 Q0 D1 1 3.2 BM25\nQ1 Q0 D2 2 3.1 BM25\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    assert _error(exc, "not_an_answers_file").message("ko").startswith("run.txt")


def test_inputs_are_never_modified(tmp_path):
    path = _book(tmp_path / "a.xlsx", {"BM25": [["질문ID", "답변"], ["Q1", "a"]]})
    before = path.read_bytes()
    inspect_answers(path)
    load_answer_file(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "name, content",
    [
        ("empty.xlsx", b""),
        ("junk.xlsx", b"PK\x03\x04 not really a workbook"),
        ("text.xlsx", "질문ID,답변\nQ1,a\n".encode()),
        ("blank.csv", b"   \n\n"),
        ("header.csv", "질문ID,답변\n".encode()),
        ("deep.json", b"[" * 5000 + b"]" * 5000),
        ("scalar.json", b"42"),
        ("broken.json", b'[{"question_id": "Q1", "answer": "a"'),
        ("binary.csv", bytes(range(256)) * 4),
        ("strings.json", b'["a", "b"]'),
    ],
)
def test_hostile_files_give_messages_never_a_traceback(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    for read in (inspect_answers, load_answer_file):
        try:
            result = read(path)
        except InputError as exc:
            assert exc.problems and all(p.message("ko") and p.message("en") for p in exc.problems)
        else:  # read without an error: nothing made up
            if read is load_answer_file:
                assert result.answers.empty and result.ratings.empty


def test_a_huge_citations_cell_is_read_in_linear_time(tmp_path):
    import time

    cited = ", ".join(f"D{i:05d}-01" for i in range(8000))
    path = tmp_path / "a.csv"
    path.write_text(f'질문ID,답변,인용\nQ1,답 [D1-01],"{cited}"\n', encoding="utf-8")
    start = time.perf_counter()
    f = load_answer_file(path)
    assert len(f.answers.iloc[0][A.CITATIONS]) == 8001
    assert time.perf_counter() - start < 10  # a bound against quadratic work, not a benchmark


def test_the_judgments_and_runs_preview_tells_an_answers_file_apart():
    """What a dropped file is: the demo's answers and ratings read as answers;
    its judgments and runs (which always have question and passage ids) do not."""
    from workbench.core.io import inspect_file
    from workbench.core.io.answers import looks_like_answers
    from workbench.paths import demo_dir

    seen = {
        name: looks_like_answers(inspect_file(demo_dir() / name).sheets)
        for name in ("answers.xlsx", "ratings.xlsx", "judgments.xlsx", "runs.xlsx")
    }
    assert seen == {
        "answers.xlsx": True,
        "ratings.xlsx": True,
        "judgments.xlsx": False,
        "runs.xlsx": False,
    }


def test_a_rating_typed_3jeom_is_read_as_3_with_one_warning_but_a_word_is_an_error(tmp_path):
    from workbench.core.io.answers import load_answer_file

    path = tmp_path / "ratings.csv"
    path.write_text(
        "질문ID,시스템,평가자,출처 표기 정확도,맥락 충실성\n"
        "Q001,BM25,가,3점,2\nQ002,BM25,가,2,1\nQ003,BM25,가,3점,0\n",
        encoding="utf-8",
    )
    file = load_answer_file(path)
    got = file.ratings.set_index(["question_id", "criterion"])["score"].to_dict()
    assert got[("Q001", "citation")] == 3 and got[("Q003", "citation")] == 3
    (warning,) = [p for p in file.problems if p.code == "rating_read_as"]
    assert warning.row == 2 and warning.column == "출처 표기 정확도"
    assert warning.message_ko.endswith(
        "'출처 표기 정확도' 열의 '3점'은 3점으로 읽었습니다(2, 4행)."
    )
    path.write_text("질문ID,시스템,평가자,출처 표기 정확도\nQ001,BM25,가,높음\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_answer_file(path)
    assert _error(exc, "rating_invalid").row == 2
