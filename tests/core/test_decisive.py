"""Decisive judging: the bounds are re-evaluations with the holes filled, a
comparison that can flip is undecided and names the passages that can flip it,
one that cannot is decided, grading those passages decides the first, and
every range equals the extremes over every filling (brute force)."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import openpyxl
import pandas as pd
import pytest

from workbench.cli import EXIT_OK, EXIT_USAGE, main
from workbench.core.io import load_judgments, load_run
from workbench.core.measures import decisive
from workbench.core.measures.decisive import decide, next_to_judge
from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import gain_values
from workbench.core.measures.unjudged_bounds import filled_qrels, holes
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.pool import build_next_pool
from workbench.core.study import Study

# q1: r1 (3) and r2 (2) relevant, n1 not. A ranks r1 r2 (P@2 = 1); B ranks the
# holes h2 h3 (P@2 = 0, 1 if both were relevant: A − B can fall to 0);
# C ranks n1 and the hole h4 (P@2 ≤ 0.5: A − C stays ≥ 0.5).
JUDGMENTS = "질문ID,문단ID,등급,평가자\nq1,r1,3,J\nq1,r2,2,J\nq1,n1,0,J\n"
RUNS = (
    "시스템,질문ID,문단ID,순위,점수\n"
    "A,q1,r1,1,9\nA,q1,r2,2,8\n"
    "B,q1,h2,1,9\nB,q1,h3,2,8\n"
    "C,q1,n1,1,9\nC,q1,h4,2,8\n"
)


@pytest.fixture
def study(tmp_path) -> Study:
    j = tmp_path / "judgments.csv"
    r = tmp_path / "runs.csv"
    j.write_text(JUDGMENTS, encoding="utf-8")
    r.write_text(RUNS, encoding="utf-8")
    st = Study(EvalSettings(ks=(2,)))
    st.set_judgments(load_judgments(j))
    st.add_runs(load_run(r))
    return st


PAIRS = [("B", "A"), ("C", "A")]


def _row(decisions: pd.DataFrame, measure: str, system: str, baseline: str) -> dict:
    hit = decisions[
        (decisions["measure"] == measure)
        & (decisions["system"] == system)
        & (decisions["baseline"] == baseline)
    ]
    assert len(hit) == 1
    return hit.iloc[0].to_dict()


def test_a_comparison_that_can_flip_is_undecided_and_one_that_cannot_is_decided(study):
    d = decide(study.evaluate(), PAIRS, ["P@2"])
    b = _row(d, "P@2", "B", "A")
    assert (b["mean_diff"], b["low"], b["high"]) == (-1.0, -1.0, 0.0)
    assert b["decided"] is False and b["holes_that_matter"] == 2
    c = _row(d, "P@2", "C", "A")
    assert (c["mean_diff"], c["low"], c["high"]) == (-1.0, -1.0, -0.5)
    assert c["decided"] is True and c["method"] == "exact"


def test_the_passages_proposed_are_those_that_can_flip_the_undecided_comparison(study):
    nxt = next_to_judge(study.evaluate(), PAIRS, ["P@2"])
    # h4 moves only A vs C, which is decided; h2 and h3 each move B − A by 1/2
    assert set(zip(nxt["question_id"], nxt["passage_id"])) == {("q1", "h2"), ("q1", "h3")}
    assert nxt["weight"].tolist() == [0.5, 0.5]


def test_grading_the_proposed_passages_decides_the_comparison(study):
    pool = build_next_pool(study, "K", 5, pairs=PAIRS, measures=["P@2"])
    assert set(pool.items) == {("q1", "h2"), ("q1", "h3")}
    for (q, p), grade in zip(sorted(pool.items), (3, 0)):
        study.apply(study.grade_edit(q, p, grade, assessor="K"))
    b = _row(decide(study.evaluate(), PAIRS, ["P@2"]), "P@2", "B", "A")
    assert (b["mean_diff"], b["low"], b["high"]) == (-0.5, -0.5, -0.5)
    assert b["decided"] is True and b["holes_that_matter"] == 0
    assert len(next_to_judge(study.evaluate(), PAIRS, ["P@2"])) == 0


def test_the_bounds_are_the_evaluation_with_the_holes_filled_by_0_and_the_top_grade(study):
    results = study.evaluate()
    bounds = study.unjudged_bounds(results).set_index(["system", "measure"])
    pairs = holes(results)
    assert set(zip(pairs["question_id"], pairs["passage_id"])) == {
        ("q1", "h2"),
        ("q1", "h3"),
        ("q1", "h4"),
    }
    for grade, column in ((0, "as_not_relevant"), (3, "as_top_grade")):
        again = evaluate(filled_qrels(study.qrels(), pairs, grade), study.runs(), study.settings)
        for system in ("A", "B", "C"):
            for measure in ("P@2", "Recall@2", "nDCG@2", "MRR", "MAP"):
                assert bounds.loc[(system, measure), column] == pytest.approx(
                    float(again.aggregates.loc[system, measure])
                )
    # by hand: B's P@2 is 0 with the holes not relevant and 1 at the top grade;
    # A's Recall@2 falls from 2/2 to 2/5 when the three holes become relevant
    assert bounds.loc[("B", "P@2"), "as_top_grade"] == 1.0
    assert bounds.loc[("A", "Recall@2"), "as_top_grade"] == pytest.approx(0.4)
    assert bounds.loc[("B", "P@2"), "holes"] == 2
    assert "Judged@2" not in {m for _s, m in bounds.index}


# -- every range against every filling ---------------------------------------------------
# two questions, two systems, holes in one list only, in both, and in neither top 2
BRUTE_QRELS = pd.DataFrame(
    {
        "question_id": ["q1", "q1", "q1", "q2", "q2"],
        "passage_id": ["a", "b", "c", "d", "e"],
        "grade": [3, 1, 0, 2, 0],
    }
)
BRUTE_RUNS = pd.DataFrame(
    {
        "system": ["X"] * 7 + ["Y"] * 7,
        "question_id": ["q1"] * 4 + ["q2"] * 3 + ["q1"] * 4 + ["q2"] * 3,
        "passage_id": ["u1", "a", "u2", "c", "u4", "d", "e"]
        + ["b", "u1", "u3", "a", "e", "u4", "u5"],
        "rank": [1, 2, 3, 4, 1, 2, 3] * 2,
        "score": [np.nan] * 14,
    }
)
MEASURES = ["P@2", "Hit@1", "Recall@2", "MRR", "MAP", "MAP@2", "nDCG@2", "nDCG"]


def _fixed_ideal_ndcg(results, judged_results, measure: str) -> pd.Series:
    """nDCG with the ideal DCG of the judged grades: the filled DCG over the judged IDCG."""
    cutoff = math.inf if "@" not in measure else int(measure.split("@")[1])
    r = results.ranking
    r = r[r["position"] <= cutoff]
    gains = gain_values(r["grade"].to_numpy(dtype=float)) / np.log2(r["position"] + 1.0)
    dcg = pd.Series(gains).groupby([r["system"].astype(str).values, r["question_id"].astype(str).values]).sum()
    out = {}
    for q, g in judged_results.qrels.groupby("question_id")["grade"]:
        ideal = np.sort(gain_values(g.to_numpy(dtype=float)))[::-1]
        places = np.arange(1, ideal.size + 1)
        keep = places <= cutoff
        idcg = float(np.sum(ideal[keep] / np.log2(places[keep] + 1.0)))
        out[q] = dcg.get(("X", q), 0.0) / idcg - dcg.get(("Y", q), 0.0) / idcg
    return pd.Series(out)


def test_each_range_is_the_extremes_over_every_filling():
    settings = EvalSettings(ks=(1, 2))
    judged = evaluate(BRUTE_QRELS, BRUTE_RUNS, settings, measures=MEASURES)
    pairs = holes(judged)
    assert len(pairs) == 5
    seen: dict[str, list[float]] = {m: [] for m in MEASURES}
    for grades in itertools.product((0, 3), repeat=len(pairs)):
        filled = pd.concat(
            [BRUTE_QRELS, pairs.assign(grade=list(grades))], ignore_index=True
        )
        res = evaluate(filled, BRUTE_RUNS, settings, measures=MEASURES)
        pq = res.per_question.set_index(["question_id", "system"])
        for m in MEASURES:
            if m.startswith("nDCG"):
                diffs = _fixed_ideal_ndcg(res, judged, m)
            else:
                diffs = pq[m].xs("X", level="system") - pq[m].xs("Y", level="system")
            seen[m].append(float(diffs.mean()))
    d = decide(judged, [("X", "Y")], MEASURES)
    for m in MEASURES:
        row = _row(d, m, "X", "Y")
        assert row["low"] == pytest.approx(min(seen[m])), m
        assert row["high"] == pytest.approx(max(seen[m])), m
        d0 = row["mean_diff"]
        same_sign = all(np.sign(round(v, 12)) == np.sign(round(d0, 12)) for v in seen[m])
        assert row["decided"] is same_sign, m
    # the fixture has both kinds
    assert {bool(x) for x in d["decided"]} == {True, False}


def test_the_conservative_map_range_holds_every_filling(monkeypatch):
    """With more holes than MAP_EXACT_HOLES the MAP range is the decoupled bound:
    never narrower than the truth."""
    settings = EvalSettings(ks=(1, 2))
    judged = evaluate(BRUTE_QRELS, BRUTE_RUNS, settings, measures=["MAP"])
    exact = _row(decide(judged, [("X", "Y")], ["MAP"]), "MAP", "X", "Y")
    monkeypatch.setattr(decisive, "MAP_EXACT_HOLES", 0)
    wide = _row(decide(judged, [("X", "Y")], ["MAP"]), "MAP", "X", "Y")
    assert wide["low"] <= exact["low"] - 1e-9 and wide["high"] >= exact["high"]


# -- the command line ------------------------------------------------------------------
@pytest.fixture
def files(tmp_path):
    j = tmp_path / "judgments.csv"
    r = tmp_path / "runs.csv"
    j.write_text(JUDGMENTS, encoding="utf-8")
    r.write_text(RUNS, encoding="utf-8")
    return j, r


def test_eval_json_has_the_bounds_and_whether_each_comparison_is_decided(files, tmp_path):
    j, r = files
    target = tmp_path / "out.json"
    code = main(
        ["eval", "--qrels", str(j), "--run", str(r), "--k", "2", "--compare", "--json", str(target)]
    )
    assert code == EXIT_OK
    data = json.loads(target.read_text(encoding="utf-8"))
    b = data["unjudged_bounds"]["B"]
    assert b["holes"] == 2
    assert b["measures"]["P@2"] == {"as_not_relevant": 0.0, "as_top_grade": 1.0}
    assert "Judged@2" not in b["measures"]
    rows = {(c["metric"], c["system"]): c for c in data["comparisons"]}
    # baseline A: B − A on P@2 can rise from −1 to 0 (undecided), C − A at most −0.5
    assert rows[("P@2", "B")]["decided"] is False
    assert rows[("P@2", "B")]["unjudged_range"] == [-1.0, 0.0]
    assert rows[("P@2", "B")]["unjudged_that_matter"] == 2
    assert rows[("P@2", "C")]["decided"] is True
    assert rows[("P@2", "C")]["decided_method"] == "exact"
    assert rows[("Judged@2", "C")]["decided"] is None


def test_pool_next_writes_the_heaviest_unjudged_passages(files, tmp_path):
    j, r = files
    out = tmp_path / "next.xlsx"
    base = ["pool", "--qrels", str(j), "--run", str(r), "--k", "2", "--assessor", "K"]
    assert main([*base, "--next", "1", "--out", str(out)]) == EXIT_OK
    wb = openpyxl.load_workbook(out)
    ids = [row[2] for row in wb.worksheets[0].iter_rows(min_row=2, values_only=True) if row[2]]
    # every pair of systems on P@2: h2 and h3 move B − A and C − B, h4 only C − A
    # (decided) and C − B: each of h2, h3 weighs 1/2 + 1/2, h4 1/2
    assert len(ids) == 1 and ids[0] in {"h2", "h3"}
    assert main([*base, "--next", "0", "--out", str(out)]) == EXIT_USAGE
