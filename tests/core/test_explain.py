"""How a score was computed: every measure's explanation reaches the value the
evaluation reported, and its filled-in numbers are the hand-computed ones."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.explain import explain_mean, explain_question, formula_words
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings


def qrels(rows: list[tuple]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["question_id", "passage_id", "grade", "role", "group"])


def runs(rows: list[tuple]) -> pd.DataFrame:
    """rows: (system, question, passage, score); no rank, so the score orders them."""
    frame = pd.DataFrame(rows, columns=["system", "question_id", "passage_id", "score"])
    frame["rank"] = np.nan
    frame["score"] = frame["score"].astype(float)
    frame["text"] = ""
    frame["source_row"] = np.arange(len(frame)) + 2
    return frame[RUN_COLUMNS]


# q1: grades 0–3, an alternative passage covering a core group; q2: plain; q3: no
# relevant evidence (left out of means); q4: beta returns nothing for it.
QRELS = qrels(
    [
        ("q1", "a", 3, "core", "g1"),
        ("q1", "b", 0, "", ""),
        ("q1", "c", 2, "alternative", "g1"),
        ("q1", "d", 1, "core", "g2"),
        ("q1", "e", 1, "supporting", ""),
        ("q2", "x", 1, "core", ""),
        ("q2", "y", 2, "", ""),
        ("q2", "z", 0, "", ""),
        ("q3", "m", 0, "", ""),
        ("q4", "w", 3, "core", ""),
    ]
)
RUNS = runs(
    [
        # alpha q1 by score: c, then a and u1 tied at 0.8 (a first: passage id A→Z),
        # b, d, u2, e — ranks 1 c(2), 2 a(3), 3 u1(unjudged), 4 b(0), 5 d(1), 6 u2, 7 e(1)
        ("alpha", "q1", "c", 0.9),
        ("alpha", "q1", "u1", 0.8),
        ("alpha", "q1", "a", 0.8),
        ("alpha", "q1", "b", 0.5),
        ("alpha", "q1", "d", 0.4),
        ("alpha", "q1", "u2", 0.3),
        ("alpha", "q1", "e", 0.2),
        ("alpha", "q2", "x", 0.9),
        ("alpha", "q2", "u5", 0.7),
        ("alpha", "q2", "y", 0.7),
        ("alpha", "q3", "m", 0.5),
        ("alpha", "q4", "v", 0.9),
        ("alpha", "q4", "w", 0.8),
        # beta: q1 u3, d, b, a; q2 y, z, x, u4; q3 m; nothing for q4
        ("beta", "q1", "u3", 0.9),
        ("beta", "q1", "d", 0.8),
        ("beta", "q1", "b", 0.7),
        ("beta", "q1", "a", 0.6),
        ("beta", "q2", "y", 0.9),
        ("beta", "q2", "z", 0.8),
        ("beta", "q2", "x", 0.7),
        ("beta", "q2", "u4", 0.6),
        ("beta", "q3", "m", 0.9),
    ]
)


def evaluated(gain: str = "exponential", trec_compat: bool = False):
    settings = EvalSettings(ks=(1, 3, 5), order="score", gain=gain, trec_compat=trec_compat)
    return evaluate(QRELS, RUNS, settings)


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-12


@pytest.mark.parametrize("trec_compat", [False, True])
@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_every_measure_explained_reaches_the_reported_value(gain, trec_compat):
    res = evaluated(gain, trec_compat)
    assert "CoreRecall@5" in res.measures and "nDCG@3" in res.measures
    checked = 0
    for rec in res.per_question.to_dict("records"):
        for measure in res.measures:
            e = explain_question(res, rec["system"], rec["question_id"], measure)
            assert same(e.value, float(rec[measure])), (rec["system"], rec["question_id"], measure)
            checked += 1
    assert checked == len(res.per_question) * len(res.measures)
    for system in res.systems:
        for measure in res.measures:
            m = explain_mean(res, system, measure)
            assert same(m.mean, float(res.aggregates.loc[system, measure])), (system, measure)


def test_ndcg_numbers_are_the_hand_computed_ones_for_both_gains():
    # alpha q1 top 3: c(2) at 1, a(3) at 2, u1 unjudged at 3; judged grades 3, 2, 1, 1, 0
    e = explain_question(evaluated("exponential"), "alpha", "q1", "nDCG@3")
    assert [p.position for p in e.places] == [1, 2, 3]
    assert [p.passage_id for p in e.places] == ["c", "a", "u1"]
    assert e.places[2].grade is None and not e.places[2].relevant
    assert e.dcg == pytest.approx(3 / 1 + 7 / math.log2(3), abs=1e-12)
    assert e.idcg == pytest.approx(7 / 1 + 3 / math.log2(3) + 1 / 2, abs=1e-12)
    assert [p.grade for p in e.ideal] == [3, 2, 1]
    assert e.value == pytest.approx(e.dcg / e.idcg, abs=1e-12)
    lin = explain_question(evaluated("linear"), "alpha", "q1", "nDCG@3")
    assert lin.dcg == pytest.approx(2 + 3 / math.log2(3), abs=1e-12)
    assert lin.idcg == pytest.approx(3 + 2 / math.log2(3) + 1 / 2, abs=1e-12)
    assert [p.gain for p in lin.ideal] == [3, 2, 1]


def test_r_first_rank_and_average_precision_are_the_hand_computed_ones():
    res = evaluated()
    ap = explain_question(res, "alpha", "q1", "MAP")
    assert ap.R == 4  # a, c, d, e have grade ≥ 1
    assert ap.relevant_ranks == (1, 2, 5, 7)
    assert [p.precision_at for p in ap.places] == [1 / 1, 2 / 2, 3 / 5, 4 / 7]
    assert ap.value == pytest.approx((1 + 1 + 3 / 5 + 4 / 7) / 4, abs=1e-12)
    rr = explain_question(res, "beta", "q1", "MRR")
    assert rr.first_rank == 2  # u3 is unjudged, d is relevant
    assert rr.value == 0.5
    rr1 = explain_question(res, "beta", "q1", "MRR@1")
    assert rr1.first_rank == 2 and rr1.value == 0
    judged = explain_question(res, "alpha", "q1", "Judged@5")
    assert judged.numerator == 4 and judged.value == pytest.approx(4 / 5)
    core = explain_question(res, "alpha", "q1", "CoreRecall@1")
    # c (alternative) covers g1 at rank 1; g2 (d) is at rank 5
    assert (core.core_covered, core.core_groups) == (1, 2)
    rprec = explain_question(res, "beta", "q2", "R-Prec")
    assert rprec.R == 2 and rprec.relevant_ranks == (1,) and rprec.value == 0.5


def test_a_missing_question_and_one_without_evidence_say_so():
    res = evaluated()
    gone = explain_question(res, "beta", "q4", "nDCG@5")
    assert gone.missing and gone.value == 0 and gone.retrieved == 0
    assert any("returned nothing" in line for line in gone.steps("en"))
    assert any("결과를 내지 않았" in line for line in gone.steps("ko"))
    empty = explain_question(res, "alpha", "q3", "P@1")
    assert not empty.in_means and empty.R == 0
    assert any("left out of the means" in line for line in empty.steps("en"))
    mean = explain_mean(res, "beta", "nDCG@5")
    assert mean.left_out == ("q3",) and mean.n == 3
    assert [q for q, _, miss in mean.values if miss] == ["q4"]
    assert any("q3" in line for line in mean.steps("en"))
    kept = explain_mean(evaluated(trec_compat=True), "beta", "Recall@5")
    assert kept.kept_at_zero == ("q3",) and kept.n == 4


def test_the_steps_show_this_questions_numbers_in_both_languages():
    res = evaluated()
    e = explain_question(res, "alpha", "q1", "nDCG@3")
    ko, en = e.steps("ko"), e.steps("en")
    assert ko[-1] == en[-1] == f"nDCG@3 = {e.value:.4f}"
    assert any(f"{e.dcg:.4f}" in line and "DCG" in line for line in en)
    assert any("이상적" in line and f"{e.idcg:.4f}" in line for line in ko)
    headers, rows = e.place_table("ko")
    assert headers[:3] == ["순위", "문단", "등급"]
    assert rows[2][:3] == ["3", "u1", "미판정"]
    assert "@3" in formula_words("nDCG@3", "en") and "상위 3개" in formula_words("P@3", "ko")


def test_unknown_names_are_refused_with_a_message():
    res = evaluated()
    with pytest.raises(ValueError, match="no system"):
        explain_question(res, "gamma", "q1", "P@1")
    with pytest.raises(ValueError, match="no measure"):
        explain_mean(res, "alpha", "P@7")
    with pytest.raises(ValueError, match="no question"):
        explain_question(res, "alpha", "q9", "P@1")


# -- the seeds' worked examples ----------------------------------------------------------
def _plain(rows: list[tuple]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["question_id", "passage_id", "grade"])


def _listed(system: str, qid: str, pids: list[str]) -> list[tuple]:
    return [(system, qid, p, 1.0 - i / 100) for i, p in enumerate(pids)]


def test_seed_recall5_is_one_third():
    res = evaluate(
        _plain([("q", p, 1) for p in "ABC"]),
        runs(_listed("s", "q", ["A", "x1", "x2", "x3", "x4"])),
        EvalSettings(ks=(5,), order="score"),
    )
    e = explain_question(res, "s", "q", "Recall@5")
    assert (e.numerator, e.denominator) == (1, 3) and e.value == pytest.approx(1 / 3)
    assert "Recall@5 = 1 / 3" in e.steps("en")


def test_seed_mrr_first_at_1_2_none_is_one_half():
    rows, judged = [], []
    for qid, first in (("q1", 1), ("q2", 2), ("q3", None)):
        rows += _listed("s", qid, [f"{qid}-{j}" for j in range(1, 6)])
        judged.append((qid, f"{qid}-{first}" if first else f"{qid}-nowhere", 1))
    res = evaluate(_plain(judged), runs(rows), EvalSettings(ks=(5,), order="score"))
    firsts = [explain_question(res, "s", q, "MRR").first_rank for q in ("q1", "q2", "q3")]
    assert firsts == [1, 2, None]
    mean = explain_mean(res, "s", "MRR")
    assert (mean.total, mean.n, mean.mean) == (1.5, 3, 0.5)


def test_seed_ndcg3_grades_3_0_2_is_0_956():
    res = evaluate(
        _plain([("q", "a", 3), ("q", "b", 0), ("q", "c", 2)]),
        runs(_listed("s", "q", ["a", "b", "c"])),
        EvalSettings(ks=(3,), order="score", gain="exponential"),
    )
    e = explain_question(res, "s", "q", "nDCG@3")
    assert e.dcg == pytest.approx(8.5, abs=1e-12)
    assert e.idcg == pytest.approx(7 + 3 / math.log2(3), abs=1e-12)
    assert round(e.idcg, 3) == 8.893 and round(e.value, 3) == 0.956


def test_seed_blog_p5_and_ap():
    res = evaluate(
        _plain([("q", p, 1) for p in "ACEG"]),
        runs(_listed("s", "q", list("ABCDE"))),
        EvalSettings(ks=(5,), order="score"),
    )
    p5 = explain_question(res, "s", "q", "P@5")
    assert p5.relevant_ranks == (1, 3, 5) and p5.value == pytest.approx(0.6)
    ap = explain_question(res, "s", "q", "MAP@5")
    assert ap.R == 4 and [p.precision_at for p in ap.places if p.relevant] == [1, 2 / 3, 3 / 5]
    assert round(ap.value, 2) == 0.57
    assert "AP = (1/1 + 2/3 + 3/5) / 4 = 2.2667 / 4" in ap.steps("en")


def test_depth_and_document_dedup_are_said_and_followed():
    from workbench.core.model import schema as s

    passages = pd.DataFrame(
        {s.PID: ["a", "b", "c", "d", "e"], s.DOCID: ["D1", "D1", "D2", "D3", "D3"]}
    )
    settings = EvalSettings(ks=(1, 3, 5), order="score", dedup="document", depth=6)
    res = evaluate(QRELS, RUNS, settings, passages=passages)
    # alpha q1 by score: c, a, u1, b, d, u2, e — cut at 6 (e leaves), then one passage
    # per document: b (D1 after a) goes; left c(2), a(3), u1, d(1), u2
    e = explain_question(res, "alpha", "q1", "MAP")
    assert e.retrieved == 5 and e.relevant_ranks == (1, 2, 4)
    assert e.value == pytest.approx((1 + 1 + 3 / 4) / 4, abs=1e-12)
    pq = res.per_question
    assert e.value == pytest.approx(
        float(pq[(pq["system"] == "alpha") & (pq["question_id"] == "q1")]["MAP"].iloc[0]),
        abs=1e-12,
    )
    first = e.steps("en")[0]
    assert "de-dup: one passage per document" in first and "only the first 6 evaluated" in first
    assert "중복: 문서당 한 문단" in e.steps("ko")[0]


def test_trec_compat_judged_leaves_out_passages_graded_below_zero(tmp_path):
    from workbench.core.io import load_judgments, load_run
    from workbench.core.study import study_from_files

    qrels = tmp_path / "q.qrels"
    qrels.write_text("q1 0 a 2\nq1 0 b 0\nq3 0 x 0\nq3 0 y 1\nq3 0 z -1\n")
    run = tmp_path / "r.run"
    run.write_text(
        "q1 Q0 b 1 3.0 sys\nq1 Q0 a 2 2.0 sys\nq3 Q0 z 1 5.0 sys\nq3 Q0 x 2 4.0 sys\n"
        "q3 Q0 w 3 3.0 sys\n"
    )
    settings = EvalSettings(ks=(1, 3), order="trec", gain="linear", trec_compat=True)
    study = study_from_files(load_judgments(qrels), [load_run(run)], settings)
    res = study.evaluate()
    unjudged = study.judgment_set.unjudged
    e = explain_question(res, "sys", "q3", "Judged@3", unjudged)
    # z is graded -1 (trec_eval: unjudged), x is judged, w nobody judged → 1/3
    assert [p.judged for p in e.places] == [False, True, False]
    assert e.value == pytest.approx(1 / 3)
    for rec in res.per_question.to_dict("records"):
        for measure in res.measures:
            got = explain_question(res, rec["system"], rec["question_id"], measure, unjudged)
            assert same(got.value, float(rec[measure])), (rec["question_id"], measure)
