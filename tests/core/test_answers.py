"""Answers: citations in both formats, the automatic checks worked out by hand,
the rubric as data (project and ratings sheet), several raters' agreement
against the agreement functions, the statistics, and the ``answers`` JSON."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from _answer_fixture import CITATION_SCORES, add_answers, fixture_study

from workbench.core.io.answers import load_answer_file
from workbench.core.io.project import load_project, save_project
from workbench.core.measures.agreement import (
    agreement_table,
    cohen_kappa,
    confusion_matrix,
    weighted_kappa,
)
from workbench.core.measures.stats import bootstrap_mean_ci
from workbench.core.model import schema as S
from workbench.core.protocol import answers as A
from workbench.core.protocol.answer_results import (
    RATING,
    answer_report,
    answers_to_json,
    rating_agreement,
    rating_disagreements,
    retrieval_correlation,
    retrieval_points,
    scores_used,
    spearman,
    write_ratings_workbook,
)
from workbench.core.study import Study, study_from_project, study_to_project

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def study(tmp_path) -> Study:
    return fixture_study(tmp_path)


@pytest.fixture()
def results(study):
    return study.evaluate()


# -- citations: markers, the column, both ---------------------------------------------------
def test_markers_in_the_text_are_citations():
    text = "참사랑은 [D012-03] 먼저 주는 마음입니다【D013-01】. 두 곳 [D044-01, D044-02; D045-01]."
    assert A.parse_citations(text) == ("D012-03", "D013-01", "D044-01", "D044-02", "D045-01")
    spans = A.citation_spans(text)
    assert [text[a:b] for a, b, _ in spans][0] == "[D012-03]"


def test_brackets_that_are_not_citations_are_left_alone():
    assert A.parse_citations("[참고] 1950년대 [요약] 말씀 [a b]") == ()
    assert A.parse_citations("보기 [12]") == ("12",)  # a numeric id is an id


def test_the_citations_column_in_every_separator():
    assert A.parse_citations("", "D1-01, D1-02;D1-03、D1-04，D1-05；D1-06|D1-07\nD1-08") == tuple(
        f"D1-0{i}" for i in range(1, 9)
    )
    assert A.parse_citations("", "[D1-01]; [D1-02]") == ("D1-01", "D1-02")
    assert A.parse_citations("", "D1-01 D1-02") == ("D1-01", "D1-02")  # ids split by spaces
    assert A.parse_citations("", ["D1-01", "D1-02, D1-03"]) == ("D1-01", "D1-02", "D1-03")


def test_both_formats_are_merged_without_repeats_column_first():
    cited = A.parse_citations("근거 [D2-01] 그리고 [D1-01].", "D1-01; D3-01")
    assert cited == ("D1-01", "D3-01", "D2-01")


def test_ids_are_normalised_like_every_id():
    decomposed = "\u1100\u1161-01"  # 가 in NFD, as macOS writes it
    assert A.parse_citations("", f" {decomposed} ") == ("가-01",)


# -- abstention and system names -------------------------------------------------------------
def test_abstention_is_an_empty_answer_or_a_phrase():
    assert A.is_abstention("")
    assert A.is_abstention("   ")
    assert A.is_abstention("말씀에서는 이 내용이 확인되지  않습니다.")  # spacing ignored
    assert A.is_abstention("근거가  부족하여 …")
    assert not A.is_abstention("참사랑은 먼저 주는 마음입니다.")
    assert A.is_abstention("I cannot answer", ["cannot ANSWER"])
    assert not A.is_abstention("근거가 부족합니다", [])


def test_system_names_match_exactly_then_loosely_and_once():
    matches = A.match_systems(
        ["BM25", "graph rag", "vector_v2", "Hybrid"], ["BM25", "GraphRAG", "Hybrid", "Vector"]
    )
    got = {m.name: (m.target, m.how) for m in matches}
    assert got == {
        "BM25": ("BM25", "exact"),
        "graph rag": ("GraphRAG", "loose"),
        "vector_v2": (None, "none"),
        "Hybrid": ("Hybrid", "exact"),
    }
    # two loose candidates for one target: only an exact name may take it
    twice = A.match_systems(["bm 25", "BM_25"], ["BM25"])
    assert [m.target for m in twice] == [None, None]


# -- the checks, by hand -----------------------------------------------------------------------
def _answer(checks, system, q):
    a = checks.answers
    return a[(a["system"] == system) & (a[S.QID] == q)].iloc[0]


def test_each_flag_on_the_fixture(study, results):
    checks = A.check_answers(study, results)
    flags = {(r["system"], r[S.QID]): r["flags"] for r in checks.answers.to_dict("records")}
    assert flags == {
        ("S1", "q1"): (A.FLAG_NOT_RELEVANT,),
        ("S1", "q2"): (A.FLAG_FALSE_ABSTENTION,),
        ("S1", "q3"): (A.FLAG_NOT_RELEVANT, A.FLAG_NO_ABSTENTION),
        ("S2", "q1"): (A.FLAG_UNKNOWN,),
        ("S2", "q2"): (A.FLAG_NOT_RETRIEVED, A.FLAG_UNJUDGED),
        ("S2", "q3"): (A.FLAG_ABSTENTION,),
        ("S3", "q1"): (A.FLAG_NO_CITATION,),
    }
    assert checks.skipped.to_dict("records") == [{"system": "S3", S.QID: "q9"}]


def test_citation_precision_and_core_coverage_by_hand(study, results):
    checks = A.check_answers(study, results)
    # S1 q1 cites p2 (2), p1 (3), p4 (0): 2 of 3 relevant; covers G1 (p1, and p2 its
    # alternative) of the core groups G1, G2
    a = _answer(checks, "S1", "q1")
    assert a["citation_precision"] == pytest.approx(2 / 3)
    assert (a["core_cited"], a["core_groups"]) == (1, 2)
    # S2 q2: p8 unjudged (not relevant), p5 relevant core without a group: 1/2, 1/1
    a = _answer(checks, "S2", "q2")
    assert a["citation_precision"] == 0.5 and a["core_coverage"] == 1.0
    # an abstention on an answerable question covers nothing; precision undefined
    a = _answer(checks, "S1", "q2")
    assert math.isnan(a["citation_precision"]) and a["core_coverage"] == 0.0
    # an unanswerable question has no core evidence
    assert math.isnan(_answer(checks, "S1", "q3")["core_coverage"])


def test_an_alternative_alone_covers_its_core_group(tmp_path, study, results):
    from workbench.core.protocol.answers import AnswerFile

    frame = pd.DataFrame(
        [["S1", "q1", "대체 근거만 [p2]", ("p2",), "", "", "", 2]], columns=A.ANSWER_COLUMNS
    )
    study.answers.clear_files()
    study.answers.add_source(
        AnswerFile(frame, A.empty_ratings()), names={}, refs={"S1": study.system_info("S1").ref}
    )
    a = _answer(A.check_answers(study, results), "S1", "q1")
    assert (a["core_cited"], a["core_groups"]) == (1, 2)


def test_each_cited_passage_has_its_grade_and_rank_in_its_own_run(study, results):
    c = A.check_answers(study, results).citations
    rows = {(r["system"], r[S.QID], r[S.PID]): r for r in c.to_dict("records")}
    p4 = rows[("S1", "q1", "p4")]
    assert (p4[S.GRADE], p4["relevant"], p4["rank"], p4["retrieved"]) == (0.0, False, 2.0, True)
    assert rows[("S1", "q1", "p2")]["rank"] == 3.0
    x = rows[("S2", "q1", "X99")]
    assert not x["known"] and math.isnan(x[S.GRADE]) and math.isnan(x["rank"])
    p8 = rows[("S2", "q2", "p8")]  # known from the passages sheet, never judged
    assert p8["known"] and math.isnan(p8[S.GRADE]) and p8["rank"] == 1.0
    p5 = rows[("S2", "q2", "p5")]
    assert p5["retrieved"] is False and math.isnan(p5["rank"]) and p5["relevant"]
    assert [
        r["order"] for r in c.to_dict("records") if r[S.QID] == "q1" and r["system"] == "S1"
    ] == [1, 2, 3]


def test_a_higher_threshold_turns_relevant_citations_off(study):
    from dataclasses import replace

    study.set_settings(replace(study.settings, threshold=3))
    checks = A.check_answers(study, study.evaluate())
    # p2 (grade 2) is no longer relevant: 1 of 3
    assert _answer(checks, "S1", "q1")["citation_precision"] == pytest.approx(1 / 3)


def test_the_rates_per_system_by_hand(study, results):
    rates = A.check_answers(study, results).systems
    s1, s2, s3 = rates.loc["S1"], rates.loc["S2"], rates.loc["S3"]
    assert (s1["answers"], s1["answerable"], s1["unanswerable"], s1["citations"]) == (3, 2, 1, 4)
    assert s1["unknown_rate"] == 0 and s1["not_retrieved_rate"] == 0
    assert s1["not_relevant_rate"] == 0.5  # p4 and p7
    assert s1["citation_precision"] == pytest.approx((2 / 3 + 0) / 2)
    assert s1["core_coverage"] == pytest.approx((0.5 + 0.0) / 2)
    assert s1["no_citation_rate"] == 0 and s1["false_abstention_rate"] == 0.5
    assert s1["appropriate_abstention_rate"] == 0.0
    assert s2["unknown_rate"] == 0.25 and s2["unjudged_rate"] == 0.25
    assert s2["not_retrieved_rate"] == pytest.approx(1 / 3)  # p5 of p3, p8, p5
    assert s2["citation_precision"] == 0.5 and s2["core_coverage"] == 0.75
    assert s2["appropriate_abstention_rate"] == 1.0
    # a system without a run: retrieval cannot be checked
    assert math.isnan(s3["not_retrieved_rate"]) and s3["no_citation_rate"] == 1.0


def test_abstention_phrases_are_the_studys_options(study, results):
    study.apply(A.options_edit(study, abstention_phrases=["지어낸"]))
    checks = A.check_answers(study, results)
    assert _answer(checks, "S1", "q3")["abstained"]  # "지어낸 답입니다"
    assert not _answer(checks, "S1", "q2")["abstained"]


def test_a_renamed_run_keeps_its_answers(study, results):
    study.apply(study.rename_edit("S2", "그래프"))
    checks = A.check_answers(study, study.evaluate())
    assert set(checks.answers["system"]) == {"S1", "그래프", "S3"}
    assert _answer(checks, "그래프", "q2")["flags"] == (A.FLAG_NOT_RETRIEVED, A.FLAG_UNJUDGED)


# -- ratings, agreement, resolution --------------------------------------------------------
def test_ratings_in_force_from_the_file_and_the_app(study):
    r = A.ratings_in_force(study)
    assert len(r) == 2 * len(CITATION_SCORES)  # citation and faithfulness
    edit = A.rating_edit(study, "q1", "S1", "citation", 0, "A", time="t")
    study.apply(edit)
    r = A.ratings_in_force(study)
    mine = r[
        (r[S.QID] == "q1")
        & (r[S.SYSTEM] == "S1")
        & (r[S.ASSESSOR] == "A")
        & (r["criterion"] == "citation")
    ]
    assert mine["score"].tolist() == [0]  # the app's replaces the file's
    study.revert(edit)
    r = A.ratings_in_force(study)
    mine = r[
        (r[S.QID] == "q1")
        & (r[S.SYSTEM] == "S1")
        & (r[S.ASSESSOR] == "A")
        & (r["criterion"] == "citation")
    ]
    assert mine["score"].tolist() == [2]
    with pytest.raises(ValueError):
        A.rating_edit(study, "q1", "S1", "citation", 4, "A")


def test_agreement_on_ratings_equals_the_agreement_functions_on_the_same_matrix(study):
    summary = rating_agreement(study)["citation"]
    pair = summary.pairs[0]
    a = pd.Series(
        [CITATION_SCORES[(q, s, "A")] for (q, s, r) in CITATION_SCORES if r == "A"], name="A"
    )
    b = pd.Series(
        [CITATION_SCORES[(q, s, "B")] for (q, s, r) in CITATION_SCORES if r == "B"], name="B"
    )
    cm = confusion_matrix(a, b, [0, 1, 2, 3])
    assert pair.n == 4 and pair.exact == 0.5
    assert pair.kappa == pytest.approx(cohen_kappa(cm))
    assert pair.kappa_quadratic == pytest.approx(weighted_kappa(cm, [0, 1, 2, 3]))
    # by hand: p_o = 2/4, p_e = (1·1 + 1·1 + 2·0 + 0·2)/16 = 1/8 → κ = (1/2 − 1/8)/(7/8) = 3/7
    assert pair.kappa == pytest.approx(3 / 7)
    # and the pooled item (question, system, criterion): the same functions over all rows
    judgments = pd.DataFrame(
        {
            S.QID: [q for (q, s, r) in CITATION_SCORES] * 2,
            S.PID: [f"{s}|c" for (q, s, r) in CITATION_SCORES]
            + [f"{s}|f" for (q, s, r) in CITATION_SCORES],
            S.GRADE: list(CITATION_SCORES.values())
            + [3 if r == "A" else 2 for (q, s, r) in CITATION_SCORES],
            S.ASSESSOR: [r for (q, s, r) in CITATION_SCORES] * 2,
            S.ROLE: "",
            S.GROUP: "",
            S.NOTE: "",
            S.ROW: 0,
        }
    )
    expected = agreement_table(judgments)
    pooled = rating_agreement(study)["all"]
    assert pooled.pairs[0].kappa == pytest.approx(expected.pairs[0].kappa)
    assert pooled.alpha_ordinal == pytest.approx(expected.alpha_ordinal)
    assert pooled.disagreements == expected.disagreements == 6


def test_the_disagreement_queue_and_a_hand_resolution(study):
    queue = rating_disagreements(study)
    items = {(r[S.QID], r[S.SYSTEM], r["criterion"]) for r in queue.to_dict("records")}
    assert ("q1", "S1", "citation") in items and ("q2", "S2", "citation") in items
    assert queue.attrs["assessors"] == ["A", "B"]
    used = scores_used(study)
    key = (used[S.QID] == "q1") & (used[S.SYSTEM] == "S1") & (used["criterion"] == "citation")
    assert used[key]["score"].tolist() == [2]  # median of 2 and 3: the lower middle
    assert used[key]["resolved_by"].tolist() == ["policy"]
    study.apply(A.rating_resolution_edit(study, "q1", "S1", "citation", 3, by="조정자"))
    used = scores_used(study)
    key = (used[S.QID] == "q1") & (used[S.SYSTEM] == "S1") & (used["criterion"] == "citation")
    assert used[key]["score"].tolist() == [3] and used[key]["resolved_by"].tolist() == ["manual"]
    # the raters' own scores stay
    assert len(rating_disagreements(study)) == len(queue)


def test_the_policy_decides_between_raters(study):
    study.apply(A.options_edit(study, policy="max"))
    used = scores_used(study)
    key = (used[S.QID] == "q2") & (used[S.SYSTEM] == "S2") & (used["criterion"] == "citation")
    assert used[key]["score"].tolist() == [3]


# -- statistics -------------------------------------------------------------------------------
def test_means_per_system_with_the_bootstrap_ci(study, results):
    rep = answer_report(study, results)
    by = rep.by_system
    row = by[(by["system"] == "S2") & (by["criterion"] == "citation")].iloc[0]
    # used scores: q1 1 (1, 1), q2 2 (median of 2, 3)
    assert (row["mean"], row["n"]) == (1.5, 2)
    low, high = bootstrap_mean_ci([1.0, 2.0], seed=_seed(rep, "citation", "S2"))
    assert (row["ci_low"], row["ci_high"]) == (low, high)
    # abstention is rated on unanswerable questions only: nobody did here
    ab = by[(by["system"] == "S1") & (by["criterion"] == "abstention")].iloc[0]
    assert ab["n"] == 0


def _seed(rep, metric, system):
    from workbench.core.measures.stats import _derived_seed

    return _derived_seed(rep.seed, metric, system)


def test_paired_tests_with_holm_and_sentences(study, results):
    rep = answer_report(study, results)
    cmp_ = rep.comparisons
    row = cmp_[(cmp_["metric"] == "citation") & (cmp_["system"] == "S2")].iloc[0]
    assert row["baseline"] == "S1" and row["n"] == 2
    assert row["mean_diff"] == pytest.approx(((1 - 2) + (2 - 0)) / 2)
    assert "S2의 출처 표기 정확도 점수가 S1보다" in row["sentence_ko"]
    assert row["sentence_en"].startswith("S2 ")


def test_spearman_against_scipy_and_its_edges():
    from scipy.stats import spearmanr

    x, y = [0.1, 0.5, 0.4, 0.9, 0.2], [1, 2, 2, 3, 0]
    c = spearman(x, y)
    assert c.rho == pytest.approx(spearmanr(x, y).statistic) and c.n == 5
    assert math.isnan(spearman([1, 2], [1, 2]).rho)  # too few
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]).rho)  # constant
    assert spearman([1, 2, float("nan"), 4], [1, 2, 3, 4]).n == 3


def test_retrieval_points_pair_each_answer_with_its_runs_measure(study, results):
    rep = answer_report(study, results)
    points = retrieval_points(rep, results, "nDCG@5")
    # answerable questions of systems with a run: S1 and S2 on q1, q2
    assert sorted(zip(points["system"], points[S.QID])) == [
        ("S1", "q1"),
        ("S1", "q2"),
        ("S2", "q1"),
        ("S2", "q2"),
    ]
    pq = results.per_question.set_index([S.SYSTEM, S.QID])
    for r in points.to_dict("records"):
        assert r["retrieval"] == pq.loc[(r["system"], r[S.QID]), "nDCG@5"]
    corr = retrieval_correlation(points)
    assert corr["all"].n == 4


# -- the rubric as data ---------------------------------------------------------------------------
def test_the_default_rubric_is_the_seeds():
    ko = A.default_rubric("ko")
    assert [c.name for c in ko.criteria] == [
        "출처 표기 정확도",
        "맥락 충실성",
        "목회자 활용성",
        "답변 보류 적절성",
    ]
    assert [c.applies for c in ko.criteria] == ["answerable"] * 3 + ["unanswerable"]
    assert all(len(c.levels) == 4 and all(c.levels) for c in ko.criteria)
    en = A.default_rubric("en")
    assert en.keys == ko.keys and en.criteria[0].name == "Citation accuracy"


def _edited_rubric() -> A.Rubric:
    base = A.default_rubric("ko")
    first = base.criteria[0]
    changed = A.Criterion(
        first.key, "출처 정확도", "바꾼 설명", ("없음", "약함", "보통", "정확"), "all"
    )
    extra = A.Criterion("custom1", "신학적 타당성", "", ("0점", "1점", "2점", "3점"), "answerable")
    return A.Rubric((changed, *base.criteria[1:], extra))


def test_rubric_round_trip_through_the_project(tmp_path, study):
    rubric = _edited_rubric()
    study.apply(A.rubric_edit(study, rubric))
    study.apply(A.options_edit(study, abstention_phrases=["모르겠", "근거 없음"], policy="min"))
    study.apply(
        A.rating_edit(
            study, "q1", "S1", "custom1", 2, "C", note="메모 = 수식 아님", time="2025-01-01"
        )
    )
    study.apply(
        A.rating_resolution_edit(study, "q2", "S2", "citation", 3, by="조정자", reason="합의")
    )
    path = save_project(tmp_path / "p.wbproj", study_to_project(study))
    project = load_project(path)
    loaded = [(src, _load(src)) for src in project.sources]
    assert [src.kind for src in project.sources] == ["judgments", "runs", "answers", "answers"]
    back = study_from_project(project, loaded)
    assert project.problems == []
    assert back.answers.rubric == rubric
    assert back.answers.options.abstention_phrases == ("모르겠", "근거 없음")
    assert back.answers.options.policy == "min"
    pd.testing.assert_frame_equal(
        A.ratings_in_force(back), A.ratings_in_force(study), check_dtype=False
    )
    assert back.answers.resolutions.to_dict("records") == study.answers.resolutions.to_dict(
        "records"
    )
    assert A.system_names(back) == A.system_names(study)
    assert back.answers.refs == {k: back.system_info(k).ref for k in ("S1", "S2")}


def _load(src):
    from workbench.core.io import load_judgments, load_run

    if src.kind == "judgments":
        return load_judgments(src.path)
    if src.kind == "runs":
        return load_run(src.path)
    return load_answer_file(src.path, mappings=src.mappings or None, sheets=src.sheets or None)


def test_a_damaged_answers_section_keeps_the_rest(tmp_path, study):
    section = A.answers_section(study)
    section["rubric"] = [{"key": "x"}, A.default_rubric("ko").criteria[0].to_dict()]
    section["ratings"] = [
        {S.QID: "q1", S.SYSTEM: "S1", S.ASSESSOR: "C", "criterion": "citation", "score": 7},
        {S.QID: "q1", S.SYSTEM: "S1", S.ASSESSOR: "C", "criterion": "citation", "score": 2},
    ]
    section["options"] = {"policy": "loudest", "abstention_phrases": "모름"}
    other = Study()
    problems = A.restore_answers_section(other, section, file="p.wbproj")
    text = " ".join(p.message("en") for p in problems)
    for where in ("rubric[0]", "ratings[0]", "options.policy", "options.abstention_phrases"):
        assert where in text
    assert other.answers.rubric.keys == ["citation"]
    assert other.answers.ratings["score"].tolist() == [2]
    assert other.answers.options == A.AnswerOptions()
    assert A.restore_answers_section(other, "nonsense")[0].code == "project_field_damaged"


def test_rubric_and_ratings_round_trip_through_the_ratings_sheet(tmp_path, study):
    rubric = _edited_rubric()
    study.apply(A.rubric_edit(study, rubric))
    study.apply(A.rating_edit(study, "q1", "S1", "custom1", 2, "C", note="=1+1", time="2025-01-01"))
    path = write_ratings_workbook(tmp_path / "평가결과.xlsx", study, lang="ko")
    file = load_answer_file(path)
    assert file.rubric == rubric
    assert file.problems == []
    expected = A.ratings_in_force(study)
    expected = expected[expected["criterion"].isin(rubric.keys)]
    got = file.ratings
    key = ["question_id", "system", "assessor", "criterion"]
    a = expected.set_index(key)["score"].sort_index()
    b = got.set_index(key)["score"].astype(int).sort_index()
    pd.testing.assert_series_equal(a, b, check_dtype=False)
    note = got[got[S.ASSESSOR] == "C"]["note"].tolist()
    assert note == ["=1+1"]  # text, never a formula
    english = write_ratings_workbook(tmp_path / "ratings_en.xlsx", study, lang="en")
    assert load_answer_file(english).rubric.keys == rubric.keys


def test_the_ratings_workbook_never_replaces_an_input(tmp_path, study):
    from workbench.core.model.problems import InputError

    with pytest.raises(InputError):
        write_ratings_workbook(tmp_path / "answers.xlsx", study)


# -- the JSON ---------------------------------------------------------------------------------------
def test_the_answers_json_shape(study, results):
    data = answers_to_json(answer_report(study, results), results)
    assert set(data) >= {
        "rubric",
        "systems",
        "per_answer",
        "agreement",
        "comparisons",
        "retrieval_correlation",
    }
    s2 = data["systems"]["S2"]
    assert (
        s2["run"] == "S2"
        and s2["checks"]["answers"] == 3
        and isinstance(s2["checks"]["answers"], int)
    )
    assert s2["ratings"]["citation"]["mean"] == 1.5
    item = next(a for a in data["per_answer"] if a["system"] == "S2" and a["question_id"] == "q2")
    assert item["flags"] == [A.FLAG_NOT_RETRIEVED, A.FLAG_UNJUDGED]
    assert item["citations"] == [
        {
            "passage_id": "p8",
            "known": True,
            "grade": None,
            "relevant": False,
            "retrieved": True,
            "rank": 1,
        },
        {
            "passage_id": "p5",
            "known": True,
            "grade": 2,
            "relevant": True,
            "retrieved": False,
            "rank": None,
        },
    ]
    assert data["systems"]["S3"]["run"] is None
    json.dumps(data)  # plain JSON all the way down


def test_the_readme_documents_the_answers_json():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index('"answers"') :]
    for key in (
        "rubric",
        "systems",
        "checks",
        "ratings",
        "per_answer",
        "flags",
        "citations",
        "rank",
        "agreement",
        "comparisons",
        "retrieval_correlation",
    ):
        assert f'"{key}"' in section, key
    for flag in A.FLAGS:
        assert flag in readme, flag


def test_answers_report_holds_the_demo_cases():
    """The demo's planted cases are all found (the demo is what users first see)."""
    from workbench.core.io import load_judgments, load_run

    demo = ROOT / "resources" / "demo"
    study = Study()
    study.set_judgments(load_judgments(demo / "judgments.xlsx"))
    study.add_runs(load_run(demo / "runs.xlsx"))
    add_answers(study, demo / "answers.xlsx")
    add_answers(study, demo / "ratings.xlsx")
    rep = answer_report(study, study.evaluate(), compare=False)
    found = {f for flags in rep.checks.answers["flags"] for f in flags}
    assert found == set(A.FLAGS)
    assert rep.assessors == ["평가자A", "평가자B"]
    kappa = rep.agreement["all"].pairs[0].kappa
    assert 0.4 < kappa < 0.95  # they agree mostly, not always
    assert len(rep.disagreements) > 10
    assert not np.isnan(rep.by_system[rep.by_system["criterion"] == RATING]["mean"]).any()
    assert re.search("[가-힣]", rep.checks.answers["answer"].iloc[0])


# -- the report -----------------------------------------------------------------------------------
def test_the_report_gains_the_answer_sheets_with_every_rating_and_citation(
    tmp_path, study, results
):
    from openpyxl import load_workbook

    from workbench.core.export import report_task
    from workbench.core.report import SHEET_KEYS, SHEET_NAMES

    study.apply(A.rating_edit(study, "q1", "S3", "usefulness", 1, "나", note="직접 평가"))
    path = report_task(tmp_path / "보고서.xlsx", study, results, lang="ko")
    wb = load_workbook(path)
    # one assessor judged the passages: no Agreement sheet; everything else, in order
    # (no system is tagged with a pipeline stage: no Stages sheet; no calibration round)
    assert wb.sheetnames == [
        SHEET_NAMES["ko"][k] for k in SHEET_KEYS if k not in ("agreement", "stages", "calibration")
    ]
    rows = [r for r in wb["답변 평가"].iter_rows(values_only=True)]
    flat = [c for r in rows for c in r if c is not None]
    assert "평가자별 점수" in flat and "루브릭" in flat and "출처 표기 정확도" in flat
    mine = [r for r in rows if r[:3] == ("q1", "S3", "나")]
    assert mine and 1 in mine[0] and "직접 평가" in mine[0]
    cites = [r for r in wb["인용 점검"].iter_rows(values_only=True)]
    x99 = [r for r in cites if r[:2] == ("q1", "S2") and "X99" in r]
    assert x99 and "없는 문단" in x99[0]
    p5 = [r for r in cites if r[:2] == ("q2", "S2") and "p5" in r]
    assert p5 and "검색되지 않음" in p5[0]
    settings = [c for r in wb["설정"].iter_rows(values_only=True) for c in r if c is not None]
    assert "abstention_phrases" in settings and "answers.xlsx" in settings
