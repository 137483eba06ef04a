"""The bundled demo data set (resources/demo) has the properties the demo promises."""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from openpyxl import load_workbook

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
JUDGMENTS = DEMO / "judgments.xlsx"
RUNS = DEMO / "runs.xlsx"
ANSWERS = DEMO / "answers.xlsx"
RATINGS = DEMO / "ratings.xlsx"
SYSTEMS = ["BM25", "Vector", "Hybrid", "GraphRAG"]
TYPES = {"사실 확인", "개념 관계", "시대 변화", "전역 주제"}


def sheet_rows(path: Path, sheet: str) -> tuple[list[str], list[dict]]:
    wb = load_workbook(path, read_only=True)
    try:
        rows = list(wb[sheet].iter_rows(values_only=True))
    finally:
        wb.close()
    header = [str(h) for h in rows[0]]
    return header, [dict(zip(header, r)) for r in rows[1:]]


@pytest.fixture(scope="module")
def demo():
    _, judgments = sheet_rows(JUDGMENTS, "평가")
    _, questions = sheet_rows(JUDGMENTS, "질문")
    _, passages = sheet_rows(JUDGMENTS, "문단")
    runs = {s: sheet_rows(RUNS, s)[1] for s in SYSTEMS}
    return judgments, questions, passages, runs


def test_files_are_small_and_have_the_sheets():
    for path in (JUDGMENTS, RUNS):
        assert path.stat().st_size < 300 * 1024
    wb = load_workbook(JUDGMENTS, read_only=True)
    assert wb.sheetnames == ["평가", "질문", "문단", "매뉴얼"]
    wb.close()
    wb = load_workbook(RUNS, read_only=True)
    assert wb.sheetnames == [*SYSTEMS, "시스템 정보"]
    wb.close()


def test_headers_are_korean_and_bold():
    wb = load_workbook(JUDGMENTS)  # not read-only: fonts and widths are needed
    ws = wb["평가"]
    assert [c.value for c in ws[1]] == [
        "질문ID",
        "문단ID",
        "등급",
        "평가자",
        "근거역할",
        "근거그룹",
        "메모",
        "근거 문장",
    ]
    assert all(c.font.bold for c in ws[1])
    assert [c.value for c in wb["질문"][1]] == ["질문ID", "질문", "질문유형", "답변가능"]
    assert [c.value for c in wb["문단"][1]] == [
        "문단ID",
        "문서ID",
        "청크번호",
        "권",
        "강연",
        "페이지",
        "날짜",
        "본문",
    ]
    assert wb["문단"].column_dimensions["H"].width >= 60  # the text column is wide
    wb = load_workbook(RUNS)
    for s in SYSTEMS:
        assert [c.value for c in wb[s][1]] == ["질문ID", "순위", "문단ID", "점수"]


def test_questions(demo):
    _, questions, _, _ = demo
    assert len(questions) >= 40
    ids = [q["질문ID"] for q in questions]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"Q\d{3}", i) for i in ids)
    assert {q["질문유형"] for q in questions} == TYPES
    assert min(Counter(q["질문유형"] for q in questions).values()) >= 8
    assert {q["답변가능"] for q in questions} == {"예", "아니오"}
    assert len({q["질문"] for q in questions}) == len(questions)  # no repeated question


def test_unanswerable_questions_have_no_relevant_judgment(demo):
    judgments, questions, _, _ = demo
    unanswerable = {q["질문ID"] for q in questions if q["답변가능"] == "아니오"}
    assert len(unanswerable) >= 4
    best = defaultdict(int)
    for j in judgments:
        best[j["질문ID"]] = max(best[j["질문ID"]], j["등급"])
    assert all(best[q] == 0 for q in unanswerable)
    # every answerable one keeps relevant evidence even under the strictest policy (min)
    by_item = defaultdict(list)
    for j in judgments:
        by_item[(j["질문ID"], j["문단ID"])].append(j["등급"])
    strict = defaultdict(int)
    for (q, _), grades in by_item.items():
        strict[q] = max(strict[q], min(grades))
    answerable = {q["질문ID"] for q in questions} - unanswerable
    assert all(strict[q] >= 1 for q in answerable)


def test_passage_pool(demo):
    judgments, _, passages, _ = demo
    assert 300 <= len(passages) <= 450
    docs = {p["문서ID"] for p in passages}
    assert 80 <= len(docs) <= 120
    for p in passages:
        assert p["문단ID"] == f"{p['문서ID']}-{p['청크번호']:02d}"
        assert 1 <= p["권"] <= 30
        assert re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", p["날짜"])
        assert re.search(r"[가-힣]", p["본문"]) and p["강연"]
    known = {p["문단ID"] for p in passages}
    assert {j["문단ID"] for j in judgments} <= known


def test_two_assessors_judge_every_item_and_disagree_sometimes(demo):
    judgments, _, _, _ = demo
    assert {j["평가자"] for j in judgments} == {"평가자A", "평가자B"}
    grades = defaultdict(dict)
    for j in judgments:
        assert j["등급"] in (0, 1, 2, 3)
        grades[(j["질문ID"], j["문단ID"])][j["평가자"]] = j["등급"]
    assert all(len(g) == 2 for g in grades.values())
    gaps = [abs(g["평가자A"] - g["평가자B"]) for g in grades.values()]
    share = sum(1 for x in gaps if x) / len(gaps)
    assert 0.08 <= share <= 0.17
    assert Counter(gaps)[1] > Counter(gaps)[2] > 0  # mostly by one grade, a few by two


def test_evidence_roles_and_groups(demo):
    judgments, _, _, _ = demo
    roles = Counter(j["근거역할"] for j in judgments if j["근거역할"])
    assert set(roles) == {"핵심", "보조", "대체"}
    # alternatives share a group with a core passage of the same question
    groups = defaultdict(set)
    for j in judgments:
        if j["근거그룹"]:
            groups[(j["질문ID"], j["근거그룹"])].add(j["근거역할"])
    with_alt = [roles for roles in groups.values() if "대체" in roles]
    assert with_alt and all("핵심" in r for r in with_alt)
    assert any(g == "G2" for _, g in groups)


def test_runs(demo):
    judgments, questions, passages, runs = demo
    judged = {(j["질문ID"], j["문단ID"]) for j in judgments}
    known = {p["문단ID"] for p in passages}
    unanswerable = {q["질문ID"] for q in questions if q["답변가능"] == "아니오"}
    abstentions = 0
    total = unjudged = adjacent = 0
    for system, rows in runs.items():
        per_q = defaultdict(list)
        for r in rows:
            per_q[r["질문ID"]].append(r)
            assert r["문단ID"] in known and isinstance(r["점수"], (int, float))
        for q in {q["질문ID"] for q in questions} - unanswerable:
            assert q in per_q, (system, q)  # answerable questions always answered
        abstentions += len(unanswerable - set(per_q))
        for q, ranked in per_q.items():
            assert [r["순위"] for r in ranked] == list(range(1, len(ranked) + 1))
            assert len(ranked) == 10
            scores = [r["점수"] for r in ranked]
            assert scores == sorted(scores, reverse=True)
            pids = [r["문단ID"] for r in ranked]
            assert len(set(pids)) == len(pids)
            total += len(pids)
            unjudged += sum((q, p) not in judged for p in pids)
            chunks = {(p[:4], int(p[5:])) for p in pids}
            adjacent += sum((d, c + 1) in chunks for d, c in chunks)
    assert 0.03 <= unjudged / total <= 0.12
    assert adjacent >= 40  # adjacent chunks retrieved together: de-dup matters
    assert 0 < abstentions < len(SYSTEMS) * len(unanswerable)


def test_generator_reproduces_the_committed_files(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "make_demo_data", ROOT / "scripts" / "make_demo_data.py"
    )
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up in sys.modules while the class is built
    monkeypatch.setitem(sys.modules, "make_demo_data", module)
    spec.loader.exec_module(module)
    module.write(tmp_path)
    for name in ("judgments.xlsx", "runs.xlsx", "answers.xlsx", "ratings.xlsx"):
        assert (tmp_path / name).read_bytes() == (DEMO / name).read_bytes(), name
    assert not list(tmp_path.glob(".tmp-*"))  # atomic write left no temp file


def test_demo_loads_with_the_project_reader_and_agreement():
    from workbench.core.io import load_judgments

    js = load_judgments(JUDGMENTS)
    assert not [p for p in js.problems if p.is_error]
    assert (
        len(js.judgments)
        == 2
        * js.judgments[["question_id", "passage_id"]].drop_duplicates(ignore_index=True).shape[0]
    )
    from workbench.core.measures.agreement import agreement_table, resolve_grades

    summary = agreement_table(js.judgments)
    assert summary.assessors == ["평가자A", "평가자B"]
    assert 0.6 < summary.pairs[0].kappa < 0.95
    resolved = resolve_grades(js.judgments)
    assert set(resolved["resolved_by"]) == {"policy"}


def test_the_demo_judgments_bring_their_own_manual(demo):
    """The 매뉴얼 sheet is read as the study's manual, not the seed table: the team's
    definitions, θ = 1 as the scores use, one example per grade from the passages
    that both assessors gave that grade, and principles that name no assessor,
    system, rank or score (the manual is shown beside blind judging)."""
    from workbench.core.io import load_judgments
    from workbench.core.protocol.manual import default_manual
    from workbench.core.study import study_from_files

    js = load_judgments(JUDGMENTS)
    manual = js.manual
    assert manual is not None and manual != default_manual("ko")
    assert not [p for p in js.problems if p.code.startswith("manual")]
    assert [r.grade for r in manual.grades] == [0, 1, 2, 3]
    assert all(r.definition and r.examples for r in manual.grades)
    assert manual.rule(3).definition != default_manual("ko").rule(3).definition
    assert manual.threshold == 1 and manual.threshold_rule and len(manual.principles) >= 3
    judgments, _questions, passages, _runs = demo
    known = {p["문단ID"] for p in passages}
    given = defaultdict(set)
    for row in judgments:
        given[(row["질문ID"], row["문단ID"])].add(row["등급"])
    for rule in manual.grades:
        for example in rule.examples:
            assert example.passage_id in known
            assert any(
                p == example.passage_id and g == {rule.grade} for (_q, p), g in given.items()
            )
    text = " ".join(
        [manual.threshold_rule, *manual.principles, *(r.definition for r in manual.grades)]
    )
    for word in ("평가자A", "평가자B", *SYSTEMS, "순위", "점수", "시스템"):
        assert word not in text, word
    # the study takes it, without a warning that its θ differs from the scores'
    study = study_from_files(js, [])
    assert study.manual_in_force("en") == manual
    assert not [w for w in study.warnings() if w.code == "manual_threshold_differs"]


def test_system_info_sheet_tells_the_systems_apart_and_warns_on_chunking():
    from workbench.core.io import load_run
    from workbench.core.protocol.system_cards import pipelines
    from workbench.core.study import Study

    rs = load_run(RUNS)
    assert rs.systems == SYSTEMS  # the 시스템 정보 sheet is not a system
    assert not rs.problems
    study = Study()
    study.add_runs(rs)
    cards = study.cards()
    assert all(cards[s].retriever for s in SYSTEMS)
    sizes = {cards[s].chunk_size for s in SYSTEMS}
    assert len(sizes) == 2  # BM25 indexes shorter chunks
    assert [w.code for w in study.warnings()] == ["cards_differ"]
    assert pipelines(cards) == {"하이브리드 RAG": {"candidates": ["Vector"], "rerank": ["Hybrid"]}}


def test_a_few_evidence_sentences_each_found_in_its_passage(demo):
    from workbench.core.model.evidence_text import find_spans

    judgments, _, passages, _ = demo
    text = {p["문단ID"]: p["본문"] for p in passages}
    with_sentence = [j for j in judgments if j.get("근거 문장")]
    assert 10 <= len(with_sentence) <= 30
    for j in with_sentence:
        assert j["근거역할"] == "핵심" and j["평가자"] == "평가자A"
        assert find_spans(text[j["문단ID"]], [j["근거 문장"]]) == [
            (0, len(j["근거 문장"]))
        ]  # the passage's first sentence

# -- answers and ratings -------------------------------------------------------------------
def test_answer_files_have_one_sheet_per_system_and_the_ratings_a_rubric():
    assert ANSWERS.stat().st_size < 100 * 1024 and RATINGS.stat().st_size < 100 * 1024
    wb = load_workbook(ANSWERS, read_only=True)
    assert wb.sheetnames == SYSTEMS
    wb.close()
    wb = load_workbook(RATINGS, read_only=True)
    assert wb.sheetnames == ["답변평가", "루브릭"]
    wb.close()
    header, rows = sheet_rows(ANSWERS, "BM25")
    assert header == ["질문ID", "답변", "인용", "모델", "버전"]
    assert len(rows) == 48 and all(re.search(r"[가-힣]", r["답변"]) for r in rows)
    for s in SYSTEMS:
        text = " ".join(r["답변"] for r in sheet_rows(ANSWERS, s)[1])
        assert not any(name in text for name in SYSTEMS)  # blind mode must not be given away


def test_the_planted_answer_cases(demo):
    """A made-up citation, a grade-0 citation, a citation the system never
    retrieved, an answer without citation, a false and correct abstentions —
    each where the generator put it."""
    from workbench.core.protocol import answers as A

    judgments, questions, passages, runs = demo
    known = {p["문단ID"] for p in passages}
    grades = defaultdict(list)
    for j in judgments:
        grades[(j["질문ID"], j["문단ID"])].append(j["등급"])
    used = {k: sorted(v)[(len(v) - 1) // 2] for k, v in grades.items()}
    unanswerable = {q["질문ID"] for q in questions if q["답변가능"] == "아니오"}
    seen = Counter()
    for system in SYSTEMS:
        retrieved = defaultdict(set)
        for r in runs[system]:
            retrieved[r["질문ID"]].add(r["문단ID"])
        for row in sheet_rows(ANSWERS, system)[1]:
            q = row["질문ID"]
            cited = A.parse_citations(row["답변"], row["인용"] or "")
            abstained = A.is_abstention(row["답변"])
            seen["fabricated"] += any(p not in known for p in cited)
            seen["grade0"] += any(used.get((q, p)) == 0 for p in cited)
            seen["not_retrieved"] += any(p in known and p not in retrieved[q] for p in cited)
            seen["no_citation"] += not cited and not abstained
            seen["false_abstention"] += abstained and q not in unanswerable
            seen["correct_abstention"] += abstained and q in unanswerable
            seen["markers"] += bool(A.citation_spans(row["답변"]))
            seen["column"] += bool(row["인용"])
    for case in ("fabricated", "not_retrieved", "no_citation", "false_abstention"):
        assert seen[case] == 1, case
    assert seen["grade0"] >= 1 and seen["correct_abstention"] >= 8
    assert seen["markers"] > 50 and seen["column"] > 50  # both citation formats


def test_two_raters_who_sometimes_disagree():
    header, rows = sheet_rows(RATINGS, "답변평가")
    assert header == [
        "질문ID", "시스템", "평가자", "출처 표기 정확도", "맥락 충실성", "목회자 활용성",
        "답변 보류 적절성", "메모",
    ]  # fmt: skip
    assert {r["평가자"] for r in rows} == {"평가자A", "평가자B"}
    by_item = defaultdict(dict)
    for r in rows:
        for c in header[3:7]:
            if r[c] is not None:
                assert r[c] in (0, 1, 2, 3)
                by_item[(r["질문ID"], r["시스템"], c)][r["평가자"]] = r[c]
    both = [v for v in by_item.values() if len(v) == 2]
    differ = sum(v["평가자A"] != v["평가자B"] for v in both)
    assert len(both) >= 300 and 0.05 <= differ / len(both) <= 0.25
    rated = {r["질문ID"] for r in rows}
    assert "Q048" not in rated  # some answers are left to rate in the app


def test_the_demo_answers_load_with_the_readers():
    from workbench.core.io.answers import load_answer_file

    answers = load_answer_file(ANSWERS)
    assert answers.systems == SYSTEMS and len(answers.answers) == 4 * 48 and not answers.problems
    ratings = load_answer_file(RATINGS)
    assert ratings.rubric is not None and ratings.rubric.keys == [
        "citation", "faithfulness", "usefulness", "abstention",
    ]  # fmt: skip
    assert not ratings.problems and len(ratings.ratings) > 600
