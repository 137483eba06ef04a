"""Rankings per assessor: does the first place depend on who judged?"""

from __future__ import annotations

import math
import random

import pytest
from scipy.stats import kendalltau

from tests.core._by_assessor_fixture import judgments, runs
from workbench.core.measures.by_assessor import (
    kendall_tau_b,
    primary_measure_of,
    rankings_by_assessor,
)
from workbench.core.model.schema import EvalSettings

# nDCG@10 of one relevant passage (exponential gain) at place i: 1 / log2(i + 1)
AT_1, AT_2, AT_3 = 1.0, 1 / math.log2(3), 1 / math.log2(4)


def test_assessor_b_alone_puts_hybrid_first_and_says_so_with_the_numbers():
    out = rankings_by_assessor(judgments(True), runs(), EvalSettings())
    assert out.measure == "nDCG@10"
    # resolved = A's grades: a relevant; GraphRAG has it 1st, Hybrid 2nd, BM25 3rd
    assert out.resolved.scores == pytest.approx({"GraphRAG": AT_1, "Hybrid": AT_2, "BM25": AT_3})
    assert out.resolved.order == ["GraphRAG", "Hybrid", "BM25"]
    by = {r.assessor: r for r in out.assessors}
    assert list(by) == ["A", "B", "C"]
    # B: only b relevant — Hybrid 1st; GraphRAG and BM25 have it 2nd (tie, added order kept)
    assert by["B"].scores == pytest.approx({"GraphRAG": AT_2, "Hybrid": AT_1, "BM25": AT_2})
    assert by["B"].order == ["Hybrid", "GraphRAG", "BM25"]
    assert by["B"].questions == 1
    # τ-b by hand, B against resolved: (G,H) discordant, (G,BM25) tied in B, (H,BM25)
    # concordant → (1 − 1) / √((3 − 1)(3 − 0)) = 0; A and C agree on every pair → 1
    assert by["B"].tau == pytest.approx(0.0)
    assert by["A"].tau == pytest.approx(1.0) and by["C"].tau == pytest.approx(1.0)
    assert [r.assessor for r in out.reversals()] == ["B"]
    assert out.sentence("ko") == (
        "평가자 B의 판정만 쓰면 Hybrid가 1위입니다 (nDCG@10 1.00 대 GraphRAG 0.63)."
    )
    assert out.sentence("en") == (
        "With assessor B's grades alone, Hybrid comes first (nDCG@10 1.00 vs GraphRAG 0.63)."
    )
    data = out.to_dict()
    assert data["winner_changes_with"] == ["B"]
    assert data["assessors"][1]["order"] == ["Hybrid", "GraphRAG", "BM25"]
    assert data["assessors"][1]["kendall_tau"] == pytest.approx(0.0)


def test_when_no_assessor_changes_the_winner_it_says_so():
    out = rankings_by_assessor(judgments(False), runs(), EvalSettings())
    by = {r.assessor: r for r in out.assessors}
    # B grades a 3 (gain 7), b 1 (gain 1): ideal DCG = 7 + 1/log2 3
    ideal = 7 + AT_2
    assert by["B"].scores["GraphRAG"] == pytest.approx(1.0)
    assert by["B"].scores["Hybrid"] == pytest.approx((1 + 7 * AT_2) / ideal)
    assert by["B"].scores["BM25"] == pytest.approx((AT_2 + 7 * AT_3) / ideal)
    assert by["B"].order == ["GraphRAG", "Hybrid", "BM25"]
    assert by["B"].tau == pytest.approx(1.0)
    assert out.reversals() == []
    assert out.sentence("ko") == "평가자를 바꿔도 1위는 GraphRAG입니다."
    assert out.sentence("en") == "Whoever judges, GraphRAG comes first."


def test_one_assessor_gives_nothing_to_compare():
    one = judgments(True)
    one = one[one["assessor"] == "A"].assign(assessor="")
    out = rankings_by_assessor(one, runs(), EvalSettings())
    assert out.assessors == [] and not out.computed
    assert "two or more" in out.sentence("en")


def test_kendall_tau_b_matches_scipy_with_ties():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 8)
        x = [rng.choice([0.1, 0.2, 0.3, 0.5]) for _ in range(n)]
        y = [rng.choice([0.1, 0.4, 0.6]) for _ in range(n)]
        ours = kendall_tau_b(x, y)
        theirs = kendalltau(x, y).statistic
        if math.isnan(theirs):
            assert ours is None
        else:
            assert ours == pytest.approx(theirs)


def test_kendall_tau_hand_values():
    assert kendall_tau_b([1, 2, 3], [1, 2, 3]) == pytest.approx(1.0)
    assert kendall_tau_b([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    # one swap among three: C = 2, D = 1 → 1/3
    assert kendall_tau_b([1, 2, 3], [2, 1, 3]) == pytest.approx(1 / 3)
    assert kendall_tau_b([1.0], [2.0]) is None
    assert kendall_tau_b([1, 1], [1, 2]) is None


def test_primary_measure_is_ndcg_at_the_largest_k():
    assert primary_measure_of(["P@10", "nDCG@5", "nDCG@10", "MAP"]) == "nDCG@10"
    assert primary_measure_of(["P@10", "MAP"]) == "P@10"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_agreement_sheet_shows_each_assessors_order_and_the_sentence(lang):
    from workbench.core.measures.agreement import agreement_table, resolve_grades
    from workbench.core.measures.evaluate import evaluate
    from workbench.core.report import ReportRequest, build_report
    from workbench.core.report.words import words

    js = judgments(True)
    results = evaluate(resolve_grades(js), runs(), EvalSettings())
    ranked = rankings_by_assessor(js, runs(), EvalSettings(), resolved=results)
    request = ReportRequest(lang=lang, agreement=agreement_table(js), by_assessor=ranked)
    wb = build_report(results, request, None, None)
    ws = next(w for w in wb.worksheets if any(c.value == ranked.sentence(lang) for c in w["A"]))
    column_a = [c.value for c in ws["A"]]
    top = column_a.index(ranked.sentence(lang))
    header = [c.value for c in ws[top + 2]]
    assert header[4:7] == ["GraphRAG", "Hybrid", "BM25"]
    rows = {ws.cell(r, 1).value: [c.value for c in ws[r]] for r in range(top + 3, top + 7)}
    b_row = rows[words("assessor_alone", lang).format(name="B")]
    assert b_row[1] == 1 and b_row[2] == "Hybrid > GraphRAG > BM25"
    assert b_row[3] == pytest.approx(0.0)
    assert b_row[4:7] == pytest.approx([AT_2, AT_1, AT_2])
    resolved_row = rows[words("resolved_grades", lang)]
    assert resolved_row[2] == "GraphRAG > Hybrid > BM25" and resolved_row[3] is None
    # the alpha of the summary is read by Krippendorff's words, not kappa's bands
    alpha_label = words("alpha", lang)
    alpha_row = column_a.index(alpha_label) + 1
    from workbench.core.model.readings import alpha_reading

    assert ws.cell(alpha_row, 3).value == alpha_reading(ws.cell(alpha_row, 2).value, lang)


def test_answerable_questions_without_evidence_are_listed_and_said_how_they_count():
    import numpy as np
    import pandas as pd

    from workbench.core.measures.evaluate import evaluate
    from workbench.core.model.results import results_to_json
    from workbench.core.model.schema import RUN_COLUMNS
    from workbench.core.report import ReportRequest, build_report
    from workbench.core.report.words import words

    questions = pd.DataFrame(
        {
            "question_id": ["q1", "q2", "q3"],
            "question_text": ["", "누가 썼나", ""],
            "question_type": ["", "", ""],
            "answerable": pd.array([True, True, False], dtype="boolean"),
            "note": ["", "", ""],
        }
    )
    # q2 is marked answerable but its one judged passage is graded 0; q3 is not marked
    qrels = pd.DataFrame({"question_id": ["q1", "q2"], "passage_id": ["a", "a"], "grade": [2, 0]})
    run = pd.DataFrame([("S", "q1", "a", 1.0, np.nan, "", 2)], columns=RUN_COLUMNS)
    results = evaluate(qrels, run, EvalSettings(), questions=questions)
    assert results.unanswerable == ["q2", "q3"]
    assert results.answerable_without_evidence == ["q2"]
    data = results_to_json(results)
    assert data["answerable_without_evidence"] == {
        "questions": ["q2"],
        "counted": "left_out_of_means",
    }
    trec = evaluate(qrels, run, EvalSettings(trec_compat=True), questions=questions)
    assert results_to_json(trec)["answerable_without_evidence"]["counted"] == "scored_0"
    wb = build_report(results, ReportRequest(lang="ko", questions=questions), None, None)
    ws = wb[next(n for n in wb.sheetnames if any(
        c.value == f"{words('without_evidence_list', 'ko')} (1)" for c in wb[n]["A"]
    ))]
    column_a = [c.value for c in ws["A"]]
    top = column_a.index("근거를 아직 찾지 못한 질문 (1)")
    assert column_a[top + 1] == words("without_evidence_note", "ko")
    assert [c.value for c in ws[top + 4]][:2] == ["q2", "누가 썼나"]


def test_workbench_agreement_and_eval_write_by_assessor(tmp_path, capsys):
    import json

    from workbench.cli import EXIT_OK, main

    js, rs = judgments(True), runs()
    qrels = []
    for who in ("A", "B", "C"):
        path = tmp_path / f"{who}.csv"
        js[js["assessor"] == who][["question_id", "passage_id", "grade"]].to_csv(path, index=False)
        qrels.append(str(path))
    run_path = tmp_path / "runs.csv"
    rs[["question_id", "passage_id", "rank", "system"]].to_csv(run_path, index=False)
    assert main(["agreement", "--qrels", *qrels, "--run", str(run_path), "--json", "-"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)["by_assessor"]
    assert data["winner_changes_with"] == ["B"]
    assert data["sentence"]["ko"].startswith("평가자 B의 판정만 쓰면 Hybrid가 1위입니다")
    assert main(["agreement", "--qrels", *qrels, "--json", "-"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["by_assessor"] is None
    assert main(["eval", "--qrels", *qrels, "--run", str(run_path), "--json", "-"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)["by_assessor"]
    assert [a["kendall_tau"] for a in data["assessors"]] == pytest.approx([1.0, 0.0, 1.0])
