"""System cards: the 시스템 정보 sheet, cards typed in the app, the project file,
and the warning when chunk settings differ."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from workbench.core.io import inspect_file, load_run
from workbench.core.io.system_info import detect_info_mapping, info_role
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError
from workbench.core.protocol.system_cards import (
    SystemCard,
    card_text,
    comparability_warnings,
    parse_stage,
    pipelines,
    whole_number,
)
from workbench.core.study import Study, SystemRef

RUN = [["질문ID", "순위", "문단ID"], ["q1", 1, "p1"], ["q1", 2, "p2"]]
INFO_HEADER = [
    "시스템",
    "검색 방식",
    "임베딩 모델",
    "재순위 모델",
    "청크 크기",
    "겹침",
    "단위",
    "LLM에 넘기는 K",
    "단계",
    "파이프라인",
]


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


@pytest.fixture()
def run_book(tmp_path):
    return write_xlsx(
        tmp_path / "runs.xlsx",
        {
            "BM25": RUN,
            "GraphRAG": RUN,
            "시스템 정보": [
                INFO_HEADER,
                ["BM25", "BM25", "", "", 300, 0, "문단", 5, "후보 검색", "기본"],
                ["GraphRAG", "그래프+벡터", "bge-m3", "bge-reranker", "500자", "50", "문단", 5,
                 "재순위", "기본"],
                ["Other", "벡터", "", "", 500, 50, "", "", "", ""],
                ["BM25", "다시", "", "", 1, 1, "", "", "", ""],
                ["", "이름 없음", "", "", "", "", "", "", "", ""],
            ],
        },  # fmt: skip
    )


def test_the_system_info_sheet_is_read_as_cards_and_never_as_a_run(run_book):
    rs = load_run(run_book)
    assert rs.systems == ["BM25", "GraphRAG"]
    info = rs.system_info.set_index(S.SYSTEM)
    assert info.loc["BM25", "chunk_size"] == 300 and info.loc["BM25", "stage"] == "candidates"
    g = info.loc["GraphRAG"]
    assert (g.retriever, g.embedding, g.reranker, g.chunk_size, g.overlap) == (
        "그래프+벡터",
        "bge-m3",
        "bge-reranker",
        500,  # "500자": the number counts
        50,
    )
    assert (g.unit, g.context_k, g.stage, g.pipeline) == ("문단", 5, "rerank", "기본")
    codes = {p.code: p for p in rs.problems}
    assert "sheet_skipped" not in codes  # the info sheet is not a skipped run sheet
    unknown = codes["system_info_unknown_system"]
    assert (unknown.sheet, unknown.row, unknown.column) == ("시스템 정보", 4, "시스템")
    assert "'Other'는 이 파일의 시스템" in unknown.message_ko
    assert codes["system_info_repeated"].row == 5
    assert codes["system_info_blank_system"].row == 6


def test_bad_cells_are_warnings_naming_row_and_column(tmp_path):
    path = write_xlsx(
        tmp_path / "r.xlsx",
        {
            "BM25": RUN,
            "system info": [
                ["system", "chunk size", "stage", "K passed to the LLM"],
                ["BM25", "large", "final answer", 0],
            ],
        },
    )
    rs = load_run(path)
    card = rs.system_info.iloc[0]
    assert card.chunk_size is None and card.stage == "" and card.context_k is None
    by_code = {p.code: p for p in rs.problems}
    assert by_code["system_info_chunk_size"].column == "chunk size"
    assert by_code["system_info_stage"].row == 2
    assert "후보 검색, 재순위, 최종 컨텍스트" in by_code["system_info_stage"].message_ko
    assert by_code["system_info_context_k"].column == "K passed to the LLM"


def test_a_system_info_sheet_without_a_system_column_is_an_error(tmp_path):
    path = write_xlsx(tmp_path / "r.xlsx", {"BM25": RUN, "시스템 정보": [["검색 방식"], ["BM25"]]})
    with pytest.raises(InputError) as err:
        load_run(path)
    problem = err.value.errors[0]
    assert problem.code == "system_info_no_system" and problem.sheet == "시스템 정보"
    assert "'사용 안 함'" in problem.message_ko


def test_the_preview_maps_the_info_sheet_with_its_own_roles(run_book):
    preview = inspect_file(run_book)
    sheet = preview.sheet("시스템 정보")
    assert sheet.detected_kind == "system_info"
    assert sheet.mapping["청크 크기"] == info_role("chunk_size")
    assert sheet.mapping["시스템"] == S.SYSTEM
    assert preview.sheet("BM25").detected_kind == "run"


def test_a_confirmed_mapping_and_sheet_choice_are_used(tmp_path):
    path = write_xlsx(
        tmp_path / "r.xlsx",
        {"BM25": RUN, "설명": [["이름", "조각 길이"], ["BM25", 256]]},
    )
    mapping = detect_info_mapping(["이름", "조각 길이"])
    mapping["조각 길이"] = info_role("chunk_size")
    mapping["이름"] = S.SYSTEM
    rs = load_run(path, mappings={"설명": mapping}, sheets=["BM25", "설명"])
    assert rs.systems == ["BM25"]
    assert rs.system_info.iloc[0].chunk_size == 256
    # "Do not use": the sheet is not among the chosen ones
    assert load_run(path, sheets=["BM25"]).system_info is None


def test_parsing_helpers():
    assert [parse_stage(x) for x in ("후보 검색", "Reranking", "최종 컨텍스트", "", "답")] == [
        "candidates",
        "rerank",
        "context",
        "",
        None,
    ]
    assert [whole_number(x) for x in (500, 500.0, "500", "512 tokens", "1,000", "12.5", "x")] == [
        500,
        500,
        500,
        512,
        1000,
        None,
        None,
    ]
    card, bad = SystemCard.from_dict({"chunk_size": "abc", "stage": "재순위", "note": 3})
    assert card.stage == "rerank" and card.chunk_size is None and card.note == "3"
    assert bad == ["chunk_size='abc'"]


def test_differing_chunk_settings_warn_that_recall_is_not_comparable():
    cards = {
        "BM25": SystemCard(chunk_size=300, overlap=0),
        "Vector": SystemCard(chunk_size=500, overlap=0),
        "Hybrid": SystemCard(chunk_size=500),
        "New": SystemCard(),
    }
    warnings = comparability_warnings(cards)
    assert [w.code for w in warnings] == ["cards_differ"]
    w = warnings[0]
    assert "BM25 300, Vector 500, Hybrid 500" in w.message_en
    assert "Recall of these systems is not directly comparable" in w.message_en
    assert "청크 설정이 다릅니다(청크 크기: BM25 300" in w.message_ko and "그대로 비교할 수 없습니다" in w.message_ko
    assert comparability_warnings({"a": SystemCard(chunk_size=5), "b": SystemCard()}) == []


def test_cards_on_the_study_survive_renames_and_go_to_warnings(run_book):
    study = Study()
    study.add_runs(load_run(run_book))
    assert study.card_of("BM25").chunk_size == 300
    edit = study.card_edit("BM25", SystemCard(retriever="BM25 (Okapi)", chunk_size=500))
    study.apply(edit)
    study.apply(study.rename_edit("BM25", "키워드 검색"))
    card = study.card_of("키워드 검색")
    assert card.retriever == "BM25 (Okapi)" and card.chunk_size == 500
    assert list(study.system_cards) == [SystemRef(1, "BM25")]
    assert not any(w.code == "cards_differ" for w in study.warnings())  # 500 and 500
    study.revert(edit)
    assert study.card_of("키워드 검색").chunk_size == 300  # the file's card again
    assert any(w.code == "cards_differ" for w in study.warnings())
    # a card equal to the file's is not kept as typed
    assert study.card_edit("GraphRAG", study.card_of("GraphRAG")).after is None
    assert pipelines(study.cards()) == {
        "기본": {"candidates": ["키워드 검색"], "rerank": ["GraphRAG"]}
    }
    assert "청크 크기: 300" in card_text("키워드 검색", study.card_of("키워드 검색"), "ko")
    study.remove_system("GraphRAG")
    assert "GraphRAG" not in study.cards()


def test_typed_cards_and_thresholds_round_trip_through_the_project(run_book, tmp_path):
    from workbench.core.io.project import load_project, save_project
    from workbench.core.study import study_from_project, study_to_project

    study = Study()
    study.add_runs(load_run(run_book))
    study.apply(study.card_edit("GraphRAG", SystemCard(reranker="새 리랭커", context_k=3)))
    study.apply(study.diagnosis_edit(study.diagnosis_settings.with_value("recall_low", 0.6)))
    assert study.has_work
    saved = save_project(tmp_path / "p.wbproj", study_to_project(study))
    project = load_project(saved)
    loaded = [(src, load_run(src.path)) for src in project.sources]
    again = study_from_project(project, loaded)
    assert project.problems == []
    assert again.card_of("GraphRAG") == SystemCard(reranker="새 리랭커", context_k=3)
    assert again.card_of("BM25").chunk_size == 300  # from the file
    assert again.diagnosis_settings.recall_low == 0.6

    # a damaged card is skipped with a warning, the rest is kept
    project = load_project(saved)
    project.sections["system_cards"].append({"system": "BM25", "card": "nonsense"})
    project.sections["diagnosis"]["epsilon"] = -1
    again = study_from_project(project, [(src, load_run(src.path)) for src in project.sources])
    codes = [p.code for p in project.problems]
    assert "project_card_damaged" in codes and "project_diagnosis_damaged" in codes
    assert again.card_of("GraphRAG").reranker == "새 리랭커"


def test_a_sheet_tab_with_a_trailing_space_names_the_system_its_card_names(tmp_path):
    """As a person types them: the tab "BM25 " and a title row and a blank row
    above the 시스템 정보 header; the system is "BM25" and the card is its own."""
    path = write_xlsx(
        tmp_path / "runs.xlsx",
        {
            "BM25 ": RUN,
            " 벡터": RUN,
            "시스템 정보": [
                ["시스템 정보 (11월)"],
                [],
                INFO_HEADER,
                ["BM25", "BM25", "", "", "300자", 0, "문단", 5, "후보검색", "A"],
                ["벡터 ", "벡터", "bge-m3", "", 500, 50, "문단", 5, "재순위 ", "A"],
            ],
        },
    )
    rs = load_run(path)
    assert rs.systems == ["BM25", "벡터"] and not rs.problems
    study = Study()
    study.add_runs(rs)
    cards = study.cards()
    assert (cards["BM25"].chunk_size, cards["BM25"].stage) == (300, "candidates")
    assert (cards["벡터"].embedding, cards["벡터"].stage) == ("bge-m3", "rerank")
    assert pipelines(cards) == {"A": {"candidates": ["BM25"], "rerank": ["벡터"]}}
