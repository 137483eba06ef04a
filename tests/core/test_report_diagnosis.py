"""The report's Diagnosis, Missed evidence, System cards and Stages sheets, and the
evidence sentences highlighted on Low-scoring."""

from __future__ import annotations

import pandas as pd
import pytest
from _diagnosis_fixtures import evaluated
from openpyxl import load_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock

from workbench.core.model import schema as S
from workbench.core.protocol.diagnosis import DiagnosisSettings, diagnose, missed_by_role
from workbench.core.protocol.system_cards import SystemCard
from workbench.core.report import ReportRequest, write_report

REL = {"q1": {"A": 3, "B": 2, "C": 1, "D": 3}, "q2": {"A": 3, "E": 2}}
RANKINGS = {
    "Cand": {"q1": ["A", "x1", "B", "x2", "C", "x3", "D"], "q2": ["A", "x1"]},
    "Rr": {"q1": ["B", "A", "x1", "y1", "C"], "q2": ["E", "A"]},
}
ROLES = {("q1", "A"): ("core", "g"), ("q1", "D"): ("core", ""), ("q1", "B"): ("supporting", "")}
CARDS = {
    "Cand": SystemCard(retriever="BM25+벡터", chunk_size=300, stage="candidates", pipeline="P"),
    "Rr": SystemCard(reranker="bge-reranker", chunk_size=500, stage="rerank", pipeline="P", context_k=3),
}
TEXT_A = "앞 문장입니다. 참사랑은 먼저 주는 마음입니다. 뒤 문장입니다."


@pytest.fixture(scope="module")
def results():
    return evaluated(RANKINGS, REL, ks=(3, 5), types={"q1": "T1", "q2": "T2"}, roles=ROLES)


@pytest.fixture(scope="module")
def report(results, tmp_path_factory):
    passages = pd.DataFrame(
        {
            S.PID: ["A", "B"],
            S.DOCID: ["d1", "d2"],
            S.TEXT: [TEXT_A, "다른 본문"],
            **{c: ["", ""] for c in (S.VOLUME, S.LECTURE, S.PAGE, S.DATE)},
            S.CHUNK: pd.array([None, None], dtype="Int64"),
        }
    )
    evidence = pd.DataFrame(
        {
            S.QID: ["q1", "q2"],
            S.PID: ["A", "A"],
            S.EVIDENCE: ["참사랑은 먼저 주는 마음입니다.", "앞 문장입니다."],
            S.ASSESSOR: ["", ""],
            S.ROW: [2, 3],
        }
    )
    path = tmp_path_factory.mktemp("r") / "report.xlsx"
    write_report(
        path,
        results,
        ReportRequest(
            passages=passages,
            cards=CARDS,
            typed_cards=["Rr"],
            evidence=evidence,
            diagnosis_settings=DiagnosisSettings(recall_low=0.9),
            low_n=5,
        ),
    )
    return path


def rows(ws):
    return [list(r) for r in ws.iter_rows(values_only=True)]


def test_the_diagnosis_sheet_holds_every_sentence_and_the_thresholds(results, report):
    wb = load_workbook(report)
    table = rows(wb["진단"])
    header = table[0]
    assert header[:4] == ["시스템", "단계", "규칙", "진단"]
    diag = diagnose(results, DiagnosisSettings(recall_low=0.9))
    sentences = [r[3] for r in table[1 : 1 + len(diag.findings)]]
    assert sentences == [f.sentence("ko") for f in diag.findings]
    flat = [c for r in table for c in r if c is not None]
    assert "확인하지 못한 규칙 (4)" in flat  # Recall@20 is not among K = 3, 5
    # the thresholds table: recall_low as used, and its default
    at = next(i for i, r in enumerate(table) if r[1] == "recall_low")
    assert table[at][2:4] == ["0.90", "0.70"]
    assert any(isinstance(c, str) and c.startswith("K 조언") for c in flat)


def test_the_missed_evidence_sheet_counts_by_role(results, report):
    table = rows(load_workbook(report)["놓친 근거"])
    assert table[0][:8] == [
        "시스템",
        "유형",
        "질문 수",
        "핵심 누락",
        "보조 누락",
        "대체 누락",
        "역할 없음 누락",
        "핵심 근거를 놓친 질문 수",
    ]
    missed = missed_by_role(results, 5).by_type
    for rec, row in zip(missed.to_dict("records"), table[1:]):
        assert row[:8] == [
            rec["system"],
            rec["question_type"],
            rec["questions"],
            rec["core_missed"],
            rec["supporting_missed"],
            rec["alternative_missed"],
            rec["other_missed"],
            rec["questions_core_missed"],
        ]
    # Rr, q1, top 5 = B A x1 y1 C: the core D is missed (A is found)
    rr = next(r for r in table[1:] if r[0] == "Rr" and r[1] == "T1")
    assert rr[3] == 1 and rr[8] == "q1"


def test_the_system_cards_sheet_and_the_chunk_warning(report):
    table = rows(load_workbook(report)["시스템 정보"])
    header = table[0]
    assert header[:6] == ["시스템", "검색 방식", "임베딩 모델", "재순위 모델", "청크 크기", "겹침"]
    by_system = {r[0]: dict(zip(header, r)) for r in table[1:3]}
    assert by_system["Cand"]["청크 크기"] == 300 and by_system["Cand"]["단계"] == "후보 검색"
    assert by_system["Rr"]["재순위 모델"] == "bge-reranker"
    assert by_system["Rr"]["입력한 곳"] == "앱" and by_system["Cand"]["입력한 곳"] == "실행 결과 파일"
    text = " ".join(str(c) for r in table for c in r if c)
    assert "Cand 300, Rr 500" in text and "그대로 비교할 수 없습니다" in text


def test_the_stages_sheet_lists_what_the_reranker_dropped(report):
    table = rows(load_workbook(report)["단계"])
    assert table[0][0] == "파이프라인: P"
    assert table[1][:4] == ["단계", "시스템", "K", "n"]
    assert [r[0] for r in table[2:4]] == ["후보 검색", "재순위"]
    flat = [r for r in table if r and r[0] == "q1"]
    # candidates top 7 (min(K 20, depth 7)) vs reranked top 3 (the card's K)
    assert [(r[2], r[3], r[5], r[6], r[7]) for r in flat] == [
        ("D", 3, "빠짐", 7, None),
        ("C", 1, "빠짐", 5, 5),
    ]


def test_evidence_sentences_are_bold_inside_the_passage_text_on_low_scoring(report):
    wb = load_workbook(report, rich_text=True)
    ws = wb["낮은 점수"]
    header = [c.value for c in ws[1]]
    text_col = header.index("본문") + 1
    ev_col = header.index("근거 문장") + 1
    marked = []
    for row in ws.iter_rows(min_row=2):
        cell = row[text_col - 1]
        if isinstance(cell.value, CellRichText):
            bold = [b.text for b in cell.value if isinstance(b, TextBlock) and b.font.b]
            marked.append((row[1].value, row[7].value, bold, row[ev_col - 1].value))
    assert ("q1", "A", ["참사랑은 먼저 주는 마음입니다."], "참사랑은 먼저 주는 마음입니다.") in marked
    assert ("q2", "A", ["앞 문장입니다."], "앞 문장입니다.") in marked
    # the rich text keeps the whole passage text
    cell = next(
        r[text_col - 1] for r in ws.iter_rows(min_row=2) if isinstance(r[text_col - 1].value, CellRichText)
    )
    assert str(cell.value) == TEXT_A


def test_the_settings_sheet_keeps_the_thresholds(report):
    table = rows(load_workbook(report)["설정"])
    keys = {r[1]: r[2] for r in table if r and r[1]}
    assert keys["diagnosis.recall_low"] == "0.90" and keys["diagnosis.candidate_k"] == "20"


def test_without_pipeline_stages_there_is_no_stages_sheet(results, tmp_path):
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(lang="en"))
    names = load_workbook(path).sheetnames
    assert "Stages" not in names and "Diagnosis" in names and "System cards" in names
