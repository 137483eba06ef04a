"""Stages of one pipeline: what the reranked top K dropped from the candidate top N."""

from __future__ import annotations

import math

import pytest
from _diagnosis_fixtures import evaluated

from workbench.core.protocol.diagnosis import DiagnosisSettings
from workbench.core.protocol.stages import (
    StageStep,
    stage_losses,
    stage_measures,
    stage_plan,
    stage_plans,
    stage_questions,
)
from workbench.core.protocol.system_cards import SystemCard

REL = {"q1": {"A": 3, "B": 2, "C": 1, "D": 3}, "q2": {"A": 3, "E": 2}}
RANKINGS = {
    # candidates: q1 finds A B C D in its top 7; q2 finds A
    "Cand": {"q1": ["A", "x1", "B", "x2", "C", "x3", "D"], "q2": ["A", "x1"]},
    # reranked: q1 top 3 = B A x1 (C at 5, D gone); q2 top 3 = E A (E was no candidate)
    "Rr": {"q1": ["B", "A", "x1", "y1", "C"], "q2": ["E", "A"]},
}


@pytest.fixture(scope="module")
def res():
    return evaluated(RANKINGS, REL, ks=(3, 5, 7), types={"q1": "T1", "q2": "T2"})


def test_stage_losses_on_a_two_stage_fixture(res):
    losses = stage_losses(res, StageStep("candidates", "Cand", 7), StageStep("rerank", "Rr", 3))
    lost = losses[losses["kind"] == "lost"]
    # q1 lost D (grade 3, not in the reranked list) and C (grade 1, reranked to 5)
    assert lost[["question_id", "passage_id", "grade"]].values.tolist() == [
        ["q1", "D", 3.0],
        ["q1", "C", 1.0],
    ]
    d = lost.set_index("passage_id").loc["D"]
    assert d.from_position == 7 and math.isnan(d.to_position)
    c = lost.set_index("passage_id").loc["C"]
    assert (c.from_position, c.to_position) == (5, 5)
    gained = losses[losses["kind"] == "gained"]
    assert gained[["question_id", "passage_id"]].values.tolist() == [["q2", "E"]]
    assert math.isnan(gained.iloc[0].from_position) and gained.iloc[0].to_position == 1
    per_q = stage_questions(losses)
    assert per_q[["question_id", "lost", "gained"]].values.tolist() == [["q1", 2, 0], ["q2", 0, 1]]
    assert per_q.iloc[0].lost_ids == ("D", "C") and per_q.iloc[0].best_lost_grade == 3


def test_a_shallower_candidate_top_loses_less(res):
    losses = stage_losses(res, StageStep("candidates", "Cand", 3), StageStep("rerank", "Rr", 3))
    # in the candidate top 3 only A and B: both kept; C, D are not "lost" by the reranker
    assert losses[losses["kind"] == "lost"].empty


def test_stage_measures_side_by_side(res):
    cards = {
        "Cand": SystemCard(stage="candidates", pipeline="P"),
        "Rr": SystemCard(stage="rerank", pipeline="P", context_k=3),
    }
    plans = stage_plans(res, cards, DiagnosisSettings(candidate_k=20))
    assert len(plans) == 1
    plan = plans[0]
    # N = min(candidate K 20, the candidate run's depth 7); K from the card
    assert [(s.stage, s.system, s.depth) for s in plan.steps] == [
        ("candidates", "Cand", 7),
        ("rerank", "Rr", 3),
    ]
    table = stage_measures(res, plan).set_index("system")
    # Cand: Recall@7 q1 4/4, q2 1/2; Rr: q1 B A C = 3/4 (C at 5), q2 E A = 2/2
    assert table.loc["Cand", "Recall@7"] == pytest.approx((1.0 + 0.5) / 2)
    assert table.loc["Rr", "Recall@7"] == pytest.approx((0.75 + 1.0) / 2)
    assert table.loc["Cand", "MRR"] == pytest.approx(1.0)
    assert table.loc["Rr", "MRR"] == pytest.approx(1.0)
    assert table.loc["Rr", "P@3"] == pytest.approx((2 / 3 + 2 / 3) / 2)
    assert table.loc["Cand", "stage_measure"] == "Recall@7"
    assert table.loc["Rr", "stage_measure"] == "nDCG@3"


def test_stage_plan_overrides_and_missing_stages(res):
    cards = {"Cand": SystemCard(stage="candidates", pipeline="P")}
    assert stage_plans(res, cards, DiagnosisSettings()) == []  # one stage: nothing to compare
    plan = stage_plan(
        res,
        "P",
        {"candidates": ["Cand"], "rerank": ["Rr", "Other"]},
        {},
        DiagnosisSettings(),
        n=5,
        k=2,
    )
    assert [(s.system, s.depth) for s in plan.steps] == [("Cand", 5), ("Rr", 2)]
    assert plan.extra == ()  # "Other" is not an evaluated system
