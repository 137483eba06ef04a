"""The seeds' diagnostic rules: each fires on a result that meets it, stays silent
on one that does not, names its numbers, thresholds, types and questions."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from _diagnosis_fixtures import evaluated, filler

from workbench.core.protocol.diagnosis import (
    RULES,
    DiagnosisSettings,
    compare,
    diagnose,
    diagnosis_to_json,
    k_advice,
    lowest_cases,
    missed_by_role,
)

REL4 = {"A": 3, "B": 2, "C": 2, "D": 1}


def rules_of(diag, system):
    return [f.rule for f in diag.for_system(system)]


def finding(diag, system, rule):
    return next(f for f in diag.for_system(system) if f.rule == rule)


# -- 후보 검색: Recall@20 low ---------------------------------------------------------
def test_candidates_missed_fires_when_recall_at_20_is_low_and_names_the_questions():
    # q1: only A of A–D in the top 20 (Recall@20 = 0.25); q2: all four found
    res = evaluated(
        {
            "Weak": {"q1": ["A", *filler(19)], "q2": ["A", "B", "C", "D", *filler(16)]},
            "Good": {"q1": ["A", "B", "C", "D", *filler(16)], "q2": ["A", "B", "C", "D"]},
        },
        {"q1": REL4, "q2": REL4},
    )
    diag = diagnose(res)
    f = finding(diag, "Weak", "candidates_missed")
    assert f.values["Recall@20"] == pytest.approx((0.25 + 1.0) / 2)  # 0.625 < 0.7
    assert f.thresholds == {"candidate_k": 20, "recall_low": 0.7}
    assert f.question_ids == ("q1",)  # its own Recall@20 is below the threshold
    assert f.sentence("ko").startswith("Weak는 Recall@20이 0.62로 낮아 후보 검색 단계에서")
    assert "임베딩 모델" in f.sentence("ko") and "Query Expansion" in f.sentence("ko")
    assert "embedding model" in f.sentence("en")
    assert "candidates_missed" not in rules_of(diag, "Good")


def test_rule_needing_recall_at_20_is_silent_without_k_20_and_says_which_k_to_add():
    res = evaluated({"Weak": {"q1": ["A", *filler(19)]}}, {"q1": REL4}, ks=(1, 3, 5, 10))
    diag = diagnose(res)
    assert "candidates_missed" not in rules_of(diag, "Weak")
    silent = {n.rule: n for n in diag.not_checked}
    for rule_id in ("candidates_missed", "order_weak", "found_but_low", "first_late"):
        assert silent[rule_id].add_ks == (20,)
        assert silent[rule_id].needs[0] == "Recall@20"
    assert "K 목록에 20을 더하면" in silent["candidates_missed"].reason("ko")
    assert "Add 20 to the K list" in silent["candidates_missed"].reason("en")


def test_runs_shallower_than_the_k_a_rule_needs_say_so_instead_of_advising_the_k():
    # 5 results per question: Recall@20 would only repeat Recall@5, adding 20 is no help
    res = evaluated({"Weak": {"q1": ["A", *filler(4)]}}, {"q1": REL4}, ks=(1, 3, 5, 10))
    diag = diagnose(res)
    silent = {n.rule: n for n in diag.not_checked}
    for rule_id in ("candidates_missed", "order_weak", "found_but_low", "first_late"):
        note = silent[rule_id]
        assert note.add_ks == ()
        assert note.needs[0] == "Recall@20"
        assert "Add 20" not in note.reason("en") and "K 목록에 20을 더하면" not in note.reason("ko")
        assert "the runs return only 5 results per question" in note.reason("en")
        assert "could not be checked at a depth of 20" in note.reason("en")
    assert silent["candidates_missed"].reason("ko") == (
        "후보 검색: 근거를 놓침: Recall@20이 필요한데 시스템 결과가 질문당 최대 5개뿐이라 "
        "상위 20개 기준으로는 확인할 수 없습니다(K 목록에 더해도 Recall@20은 상위 5개의 값과 "
        "같습니다)."
    )
    assert diagnosis_to_json(diag)["not_checked"][0]["add_k"] == []


def test_runs_deeper_than_the_missing_k_still_advise_adding_it():
    # one system 30 deep, one 5 deep: the deepest run makes Recall@20 worth adding
    res = evaluated(
        {"Deep": {"q1": ["A", *filler(29)]}, "Shallow": {"q1": ["A", *filler(4)]}},
        {"q1": REL4},
        ks=(1, 3, 5, 10),
    )
    silent = {n.rule: n for n in diagnose(res).not_checked}
    assert silent["candidates_missed"].add_ks == (20,)
    assert "Add 20 to the K list" in silent["candidates_missed"].reason("en")
    assert "K 목록에 20을 더하면" in silent["candidates_missed"].reason("ko")


def test_candidate_k_is_adjustable():
    res = evaluated({"Weak": {"q1": ["A", *filler(9)]}}, {"q1": REL4}, ks=(1, 5, 10))
    diag = diagnose(res, DiagnosisSettings(candidate_k=10))
    f = finding(diag, "Weak", "candidates_missed")
    assert f.values == {"Recall@10": 0.25}
    assert "Recall@10이 0.25로" in f.sentence("ko")


# -- 재순위: Recall@20 high but nDCG@5 low ------------------------------------------------
LATE = ["x1", "x2", "x3", "x4", "x5", "A", "B", "C", "D", *filler(11, "y")]


def test_order_weak_fires_on_found_but_badly_ordered_candidates():
    res = evaluated({"Late": {"q1": LATE}, "Early": {"q1": ["A", "B", "C", "D"]}}, {"q1": REL4})
    diag = diagnose(res)
    f = finding(diag, "Late", "order_weak")
    assert f.values["Recall@20"] == 1.0 and f.values["nDCG@5"] == 0.0
    assert f.sentence("ko").startswith(
        "Late는 Recall@20이 1.00으로 후보는 충분히 찾지만 nDCG@5가 0.00으로 순서가 약합니다"
    )
    assert "(기준: Recall@20 ≥ 0.80, nDCG@5 < 0.70)" in f.sentence("ko")
    assert "재순위(reranker) 개선" in f.sentence("ko") and "RRF" in f.sentence("ko")
    assert f.question_ids == ("q1",)
    assert "order_weak" not in rules_of(diag, "Early")


def test_found_but_low_fires_when_recall_at_5_is_low_but_recall_at_20_high():
    res = evaluated({"Late": {"q1": LATE}, "Early": {"q1": ["A", "B", "C", "D"]}}, {"q1": REL4})
    diag = diagnose(res)
    f = finding(diag, "Late", "found_but_low")
    assert f.values == {"Recall@5": 0.0, "Recall@20": 1.0}
    assert "검색 범위를 무작정 늘리기보다" in f.sentence("ko")
    assert "found_but_low" not in rules_of(diag, "Early")


def test_first_late_fires_when_recall_is_high_but_mrr_low():
    # first relevant at rank 6: MRR = 1/6
    res = evaluated({"Late": {"q1": LATE}, "Early": {"q1": ["A", "B", "C", "D"]}}, {"q1": REL4})
    f = finding(diagnose(res), "Late", "first_late")
    assert f.values["MRR"] == pytest.approx(1 / 6)
    assert "첫 근거가 늦게 나옵니다" in f.sentence("ko")
    assert "first_late" not in rules_of(diagnose(res), "Early")


# -- 최종 컨텍스트: P@5 low ------------------------------------------------------------
def test_context_noisy_fires_on_low_precision_at_5():
    res = evaluated(
        {"Noisy": {"q1": ["A", *filler(4)]}, "Clean": {"q1": ["A", "B", "C", "D", "x"]}},
        {"q1": REL4},
    )
    diag = diagnose(res)
    f = finding(diag, "Noisy", "context_noisy")
    assert f.values == {"P@5": pytest.approx(0.2)}
    assert "LLM에 넘기는 상위 5개에 불필요한 문서가 많습니다" in f.sentence("ko")
    assert "context_noisy" not in rules_of(diag, "Clean")  # P@5 = 0.8


# -- MRR high, Recall low -----------------------------------------------------------------
def test_first_only_fires_when_the_first_is_found_and_the_rest_missed():
    res = evaluated(
        {"First": {"q1": ["A", *filler(9)]}, "All": {"q1": ["A", "B", "C", "D"]}},
        {"q1": REL4},
    )
    diag = diagnose(res)
    f = finding(diag, "First", "first_only")
    assert f.values == {"MRR": 1.0, "Recall@5": 0.25}
    assert "MRR이 1.00으로 첫 근거는 빨리 찾지만 Recall@5가 0.25로" in f.sentence("ko")
    assert "first_only" not in rules_of(diag, "All")


# -- per-type naming and type-only firing --------------------------------------------------
def _typed():
    # type T1: first_only holds on its two questions; type T2: everything found
    rel = {q: REL4 for q in ("a1", "a2", "b1", "b2", "b3")}
    rankings = {
        "S": {
            "a1": ["A", *filler(9)],
            "a2": ["A", *filler(9)],
            "b1": ["A", "B", "C", "D"],
            "b2": ["A", "B", "C", "D"],
            "b3": ["A", "B", "C", "D"],
        }
    }
    types = {"a1": "T1", "a2": "T1", "b1": "T2", "b2": "T2", "b3": "T2"}
    return evaluated(rankings, rel, types=types)


def test_a_rule_holding_only_in_one_type_fires_for_that_type_and_says_so():
    res = _typed()
    st = DiagnosisSettings(type_min_n=2)
    f = finding(diagnose(res, st), "S", "first_only")
    # overall Recall@5 = (0.25·2 + 1·3)/5 = 0.7: not below 0.7; in T1 it is 0.25
    assert f.scope == "types" and f.named_types == ("T1",)
    assert f.question_ids == ("a1", "a2")
    assert "'T1' 질문(2개)에서 MRR이 1.00으로" in f.sentence("ko")
    assert "전체 평균은 MRR 1.00, Recall@5 0.70입니다" in f.sentence("ko")
    assert "on 'T1' questions (n = 2)" in f.sentence("en")


def test_types_with_fewer_questions_than_the_minimum_are_not_named():
    res = _typed()
    diag = diagnose(res, DiagnosisSettings(type_min_n=3))  # T1 has only 2
    assert "first_only" not in rules_of(diag, "S")


def test_a_rule_holding_overall_names_the_types_where_it_holds():
    res = _typed()
    # with recall_low 0.8 the overall mean (0.7) meets the rule; only T1 does per type
    f = finding(diagnose(res, DiagnosisSettings(type_min_n=2, recall_low=0.8)), "S", "first_only")
    assert f.scope == "all" and f.named_types == ("T1",)
    assert "유형별로는 T1 0.25에서 두드러집니다" in f.sentence("ko")
    assert f.question_ids == ("a1", "a2")


# -- core evidence missed --------------------------------------------------------------------
def test_missed_by_role_counts_hand_computed():
    # q1: core A (group g1) with alternative A2 (g1), core B (g2), supporting C, no-role D
    rel = {"q1": {"A": 3, "A2": 3, "B": 3, "C": 2, "D": 1}, "q2": {"E": 3, "F": 2}}
    roles = {
        ("q1", "A"): ("core", "g1"),
        ("q1", "A2"): ("alternative", "g1"),
        ("q1", "B"): ("core", "g2"),
        ("q1", "C"): ("supporting", ""),
        ("q2", "E"): ("core", ""),
        ("q2", "F"): ("alternative", ""),
    }
    res = evaluated(
        {
            # A2 covers g1 (so core A is not missed), B, C, D missed; q2: E found
            "S": {"q1": ["A2", "x1", "x2", "x3", "x4", "B"], "q2": ["E", "x1"]},
        },
        rel,
        ks=(5,),
        roles=roles,
        types={"q1": "T", "q2": "T"},
    )
    missed = missed_by_role(res, 5)
    assert missed.has_roles
    row = missed.per_question.set_index("question_id").loc["q1"]
    assert (row.core_missed, row.supporting_missed, row.alternative_missed, row.other_missed) == (
        1,  # B (A is covered by its alternative A2)
        1,  # C
        0,  # A2 was found
        1,  # D
    )
    assert (row.core_groups, row.core_groups_missed) == (2, 1)
    q2 = missed.per_question.set_index("question_id").loc["q2"]
    # F: an alternative of its own group (no core there) → no group to cover, counted
    # as missed alternative only when its group is not covered: it is its own group
    assert (q2.core_missed, q2.alternative_missed, q2.core_groups_missed) == (0, 1, 0)
    t = missed.by_type.iloc[0]
    assert (t.questions, t.core_missed, t.questions_core_missed) == (2, 1, 1)
    assert t.question_ids == ("q1",)
    assert missed.core_missed_questions("S") == ["q1"]


def test_core_missed_rule_fires_and_is_silent_without_roles():
    rel = {f"q{i}": {"A": 3, "B": 2} for i in range(5)}
    roles = {(f"q{i}", "A"): ("core", "") for i in range(5)}
    rankings = {
        "Miss": {f"q{i}": (["B", *filler(6)] if i < 2 else ["A", "B"]) for i in range(5)},
        "Find": {f"q{i}": ["A", "B"] for i in range(5)},
    }
    res = evaluated(rankings, rel, ks=(5, 10), roles=roles)
    diag = diagnose(res)
    f = finding(diag, "Miss", "core_missed")
    assert f.values["share"] == pytest.approx(0.4)
    assert f.question_ids == ("q0", "q1")
    assert "상위 5개에서 핵심 근거를 놓친 질문이 2개(40%)입니다" in f.sentence("ko")
    assert "core_missed" not in rules_of(diag, "Find")
    plain = evaluated(rankings, rel, ks=(5, 10))
    silent = diagnose(plain)
    assert "core_missed" not in rules_of(silent, "Miss")
    assert any(n.rule == "core_missed" for n in silent.not_checked)


# -- the K advisor on hand-made curves ----------------------------------------------------------
def _curves(values: dict[str, list[float]], ks) -> pd.DataFrame:
    rows = []
    for system, vals in values.items():
        for k, v in zip(ks, vals):
            rows.append({"system": system, "family": "Recall", "k": k, "value": v, "n": 1})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def deep_results():
    # four systems, each returning 50 passages for one question
    pids = ["A", *filler(49)]
    return evaluated(
        {name: {"q1": pids} for name in ("Plateau", "Steady", "Jump", "Flat")},
        {"q1": {"A": 3}},
        ks=(5, 10, 20, 50),
    )


def test_k_advisor_on_hand_made_curves(deep_results):
    ks = (5, 10, 20, 50)
    curves = _curves(
        {
            "Plateau": [0.5, 0.8, 0.81, 0.815],  # steps .30 .01 .005 → 10
            "Steady": [0.2, 0.4, 0.6, 0.8],  # never below ε → 50, still growing
            "Jump": [0.5, 0.505, 0.9, 0.91],  # flat, a jump at 20, flat → 20
            "Flat": [0.9, 0.9, 0.9, 0.9],  # nothing to gain after 5 → 5
        },
        ks,
    )
    advice = k_advice(deep_results, curves, epsilon=0.02)
    got = {name: (a.advised_k, a.growing) for name, a in advice.items()}
    assert got == {
        "Plateau": (10, False),
        "Steady": (50, True),
        "Jump": (20, False),
        "Flat": (5, False),
    }
    a = advice["Plateau"]
    assert a.ladder == (5, 10, 20, 50) and a.depth == 50
    assert (a.saved_per_question, a.saved_total, a.passages_total) == (40, 40, 10)
    # a larger ε stops earlier
    assert k_advice(deep_results, curves, epsilon=0.5)["Steady"].advised_k == 5


def test_k_advisor_ladder_stops_at_the_run_depth():
    res = evaluated({"S": {"q1": ["x", "A", "y"]}}, {"q1": {"A": 3}}, ks=(1, 3, 5, 10))
    a = k_advice(res)["S"]
    assert a.depth == 3 and a.ladder == (1, 3)
    assert a.recall == (0.0, 1.0) and a.advised_k == 3 and a.growing


def test_plateau_and_growing_rules_from_the_advisor():
    # Plateau: everything by rank 5 of 20; Growing: a relevant passage at 20
    res = evaluated(
        {
            "Plateau": {"q1": ["A", "B", *filler(18)]},
            "Growing": {"q1": ["A", *filler(18), "B"]},
        },
        {"q1": {"A": 3, "B": 3}},
        ks=(5, 10, 20),
    )
    diag = diagnose(res)
    plateau = finding(diag, "Plateau", "candidates_plateau")
    assert "K = 5 다음부터는 Recall이 한 단계에 0.02 미만으로만 늘어납니다" in plateau.sentence(
        "ko"
    )
    assert "질문당 문단 15개(전체 15개)를 덜 씁니다" in plateau.sentence("ko")
    grow = finding(diag, "Growing", "candidates_growing")
    assert "결과 20개까지 Recall이 계속 늘어납니다(Recall@10 0.50 → Recall@20 1.00)" in (
        grow.sentence("ko")
    )
    assert grow.question_ids == ("q1",)
    assert "candidates_growing" not in rules_of(diag, "Plateau")
    assert "candidates_plateau" not in rules_of(diag, "Growing")


# -- question types -----------------------------------------------------------------------------
def test_type_gap_names_the_weak_type():
    rel = {q: {"A": 3} for q in ("a1", "a2", "a3", "b1", "b2", "b3")}
    rankings = {
        "S": {
            **{q: ["A"] for q in ("a1", "a2", "a3")},
            **{q: [*filler(9), "A"] for q in ("b1", "b2", "b3")},
        },
        "Even": {q: ["A"] for q in rel},
    }
    types = {q: ("Fact" if q.startswith("a") else "Relation") for q in rel}
    diag = diagnose(evaluated(rankings, rel, types=types))
    f = finding(diag, "S", "type_gap")
    assert f.named_types == ("Relation",)
    assert f.values["nDCG@5"] == pytest.approx(0.5)
    assert "'Relation' 질문(3개)에서 nDCG@5가 0.00으로 전체 평균 0.50보다 0.50 낮습니다" in (
        f.sentence("ko")
    )
    assert f.question_ids == ("b1", "b2", "b3")
    assert "type_gap" not in rules_of(diag, "Even")


def test_a_system_no_rule_applies_to_still_gets_a_sentence():
    res = evaluated({"Perfect": {"q1": ["A", "B", "C", "D"]}}, {"q1": REL4}, ks=(5, 10, 20))
    diag = diagnose(res)
    assert rules_of(diag, "Perfect") == ["no_finding"]
    assert "해당하는 것이 없습니다" in diag.for_system("Perfect")[0].sentence("ko")


def test_korean_particles_follow_the_system_name():
    res = evaluated(
        {"GraphRAG": {"q1": LATE}, "BM25": {"q1": LATE}, "벡터": {"q1": LATE}}, {"q1": REL4}
    )
    diag = diagnose(res)
    starts = {f.system: f.sentence("ko").split(" ")[0] for f in diag.findings}
    assert starts == {"GraphRAG": "GraphRAG는", "BM25": "BM25는", "벡터": "벡터는"}
    for f in diag.findings:
        assert "(은)" not in f.sentence("ko") and "이(가)" not in f.sentence("ko")


def test_every_rule_is_data_with_both_languages_and_a_seed_sentence():
    for r in RULES:
        assert r.body_ko and r.body_en and r.advice_ko and r.advice_en and r.source
        assert r.title("ko") and r.title("en")
    assert len({r.id for r in RULES}) == len(RULES)


def test_json_shape():
    res = evaluated({"Late": {"q1": LATE}}, {"q1": REL4})
    data = diagnosis_to_json(diagnose(res), "en")
    assert set(data) == {"thresholds", "systems", "not_checked"}
    assert data["thresholds"]["candidate_k"] == 20
    first = data["systems"]["Late"]["findings"][0]
    assert set(first) >= {"rule", "sentence", "values", "thresholds", "question_ids"}
    assert first["sentence"].startswith("Late: ")
    assert data["systems"]["Late"]["k_advice"]["advised_k"] >= 1
    assert all(not (isinstance(v, float) and math.isnan(v)) for v in first["values"].values())


def test_settings_from_project_keep_good_values_and_name_damaged_ones():
    st, problems = DiagnosisSettings.from_project(
        {"recall_low": 0.6, "candidate_k": 2.5, "epsilon": "x", "unknown": 1}
    )
    assert st.recall_low == 0.6 and st.candidate_k == 20 and st.epsilon == 0.02
    assert {p.code for p in problems} == {"project_diagnosis_damaged"} and len(problems) == 2
    with pytest.raises(ValueError):
        DiagnosisSettings().with_value("recall_high", 1.5)
    assert DiagnosisSettings().with_value("context_k", 10).context_k == 10


def test_lowest_cases_per_type():
    rel = {q: {"A": 3} for q in ("a1", "a2", "a3", "a4")}
    rankings = {"S": {"a1": ["A"], "a2": ["x", "A"], "a3": [*filler(9), "A"], "a4": ["x"]}}
    out = lowest_cases(evaluated(rankings, rel, types=dict.fromkeys(rel, "T")), 5, per_type=2)
    assert out["question_id"].tolist() == ["a3", "a4"]  # both 0, by id
    assert out["nDCG@5"].tolist() == [0.0, 0.0]
    # at a K the settings lack, nDCG comes from the kernel
    out7 = lowest_cases(evaluated(rankings, rel, types=dict.fromkeys(rel, "T")), 7, per_type=1)
    assert out7["nDCG@7"].tolist() == [0.0]


# -- thresholds compare the values as shown ---------------------------------------------
def test_a_value_equal_to_its_threshold_is_not_below_it_despite_rounding_noise():
    # the mean of 2/5, 1 and 1 is 12/15 = 0.80; in floating point it is a hair below
    recall = pd.Series([2 / 5, 1.0, 1.0]).mean()
    assert recall < 0.8  # what the raw comparison saw
    assert compare(recall, ">=", 0.80) and not compare(recall, "<", 0.80)
    # the mean of 0, 1/5 and 1 is 6/15 = 2/5 = 0.40
    precision = pd.Series([0.0, 0.2, 1.0]).mean()
    assert precision < 0.4
    assert not compare(precision, "<", 0.40) and compare(precision, ">=", 0.40)
    # a real difference stays one: 0.396 is below 0.40, 0.799 is not 0.80 or more
    assert compare(0.396, "<", 0.40) and not compare(0.799, ">=", 0.80)


def test_rules_read_a_recall_of_12_of_15_as_0_80_and_a_precision_of_2_of_5_as_0_40():
    five = ["R1", "R2", "R3", "R4", "R5"]
    res = evaluated(
        {
            # Recall@20 = (2/5 + 1 + 1) / 3 = 12/15; MRR = 1/4 (first relevant at rank 4)
            "Late": {
                "q1": [*filler(3), "R1", "R2", *filler(5, "y")],
                "q2": [*filler(3), "A"],
                "q3": [*filler(3), *five],
            },
            # P@5 = (0 + 1/5 + 5/5) / 3 = 2/5
            "Edge": {"q1": filler(5), "q2": ["A", *filler(4)], "q3": five},
        },
        {"q1": dict.fromkeys(five, 2), "q2": {"A": 2}, "q3": dict.fromkeys(five, 2)},
    )
    assert res.metric("Late", "Recall@20") < 0.8  # the float is a hair below 12/15
    assert res.metric("Edge", "P@5") < 0.4  # and a hair below 2/5
    diag = diagnose(res)
    # Recall@20 ≥ 0.80 with MRR < 0.50: the first relevant passage comes late
    assert "first_late" in rules_of(diag, "Late")
    assert "context_noisy" not in rules_of(diag, "Edge")
