"""Measure registry and kernel: seed worked examples and named edge cases."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from workbench.core.measures.metrics import (
    FAMILIES,
    FAMILY_KERNELS,
    Measure,
    gain_values,
    measures_for,
    parse_measure,
    score_rankings,
)


def qrels_of(grades: dict[str, float], qid: str = "q") -> pd.DataFrame:
    return pd.DataFrame(
        {
            "question_id": [qid] * len(grades),
            "passage_id": list(grades),
            "grade": list(grades.values()),
        }
    )


def ranking_of(pids: list[str], qid: str = "q", system: str = "s") -> pd.DataFrame:
    return pd.DataFrame({"system": system, "question_id": qid, "passage_id": pids})


def score(pids, grades, measures, **kw) -> dict[str, float]:
    frame = score_rankings(ranking_of(pids), qrels_of(grades), measures, **kw)
    assert len(frame) == 1
    return {m: float(frame[m].iloc[0]) for m in frame.columns[2:]}


# -- registry ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, name",
    [
        ("nDCG@10", "nDCG@10"),
        ("ndcg@10", "nDCG@10"),
        ("ndcg_cut_10", "nDCG@10"),
        ("recall@5", "Recall@5"),
        ("P_5", "P@5"),
        ("p@5", "P@5"),
        ("success@5", "Hit@5"),
        ("hit@5", "Hit@5"),
        ("RR", "MRR"),
        ("recip_rank", "MRR"),
        ("RR@5", "MRR@5"),
        ("AP@5", "MAP@5"),
        ("map", "MAP"),
        ("Rprec", "R-Prec"),
        ("r-prec", "R-Prec"),
        ("judged@5", "Judged@5"),
        ("CoreRecall@5", "CoreRecall@5"),
    ],
)
def test_parse_measure_aliases(text, name):
    m = parse_measure(text)
    assert m.name == name
    assert parse_measure(m.name) == m  # canonical name round-trips


@pytest.mark.parametrize(
    "bad", ["P", "Recall", "Hit", "Judged", "R-Prec@5", "BLEU@4", "nDCG@0", ""]
)
def test_parse_measure_rejects_bad_names(bad):
    with pytest.raises(ValueError):
        parse_measure(bad)


def test_every_family_has_bilingual_names_and_explanations():
    for fam in FAMILIES.values():
        assert fam.name_en and fam.name_ko and fam.explain_en and fam.explain_ko
        assert any("\uac00" <= ch <= "\ud7a3" for ch in fam.explain_ko)  # Hangul present
    m = Measure("Recall", 5)
    assert "5" in m.explain_en and "5" in m.explain_ko
    assert m.display_name("ko") != m.display_name("en")
    assert m.higher_is_better


def test_measures_for_default_display_order():
    names = [m.name for m in measures_for([5, 1])]
    assert names == [
        "P@1",
        "P@5",
        "Recall@1",
        "Recall@5",
        "Hit@1",
        "Hit@5",
        "MRR@1",
        "MRR@5",
        "MAP@1",
        "MAP@5",
        "nDCG@1",
        "nDCG@5",
        "Judged@1",
        "Judged@5",
        "MRR",
        "MAP",
        "R-Prec",
    ]
    with_core = [m.name for m in measures_for([5], include_core=True)]
    assert "CoreRecall@5" in with_core
    assert with_core.index("CoreRecall@5") < with_core.index("MRR")


def test_gain_values_exponential_and_linear():
    g = np.array([0, 1, 2, 3, np.nan, -1])
    assert gain_values(g).tolist() == [0, 1, 3, 7, 0, 0]
    assert gain_values(g, "linear").tolist() == [0, 1, 2, 3, 0, 0]


# -- seed worked examples -----------------------------------------------------


def test_seed_ndcg3_grades_3_0_2_is_0_956():
    # only those three passages are judged: DCG 8.5 / IDCG 8.893
    r = score(["a", "b", "c"], {"a": 3, "b": 0, "c": 2}, ["nDCG@3"])
    dcg = 7 / math.log2(2) + 0 + 3 / math.log2(4)
    idcg = 7 / math.log2(2) + 3 / math.log2(3)
    assert dcg == pytest.approx(8.5)
    assert idcg == pytest.approx(8.893, abs=1e-3)
    assert r["nDCG@3"] == pytest.approx(dcg / idcg)
    assert round(r["nDCG@3"], 3) == 0.956


def test_seed_recall5_one_of_three_is_one_third():
    r = score(["A", "x1", "x2", "x3", "x4"], {"A": 1, "B": 1, "C": 1}, ["Recall@5"])
    assert r["Recall@5"] == pytest.approx(1 / 3)


def test_seed_blog_example_relevant_ACEG_top5_ABCDE():
    r = score(
        list("ABCDE"),
        dict.fromkeys("ACEG", 1),
        ["P@5", "Recall@5", "P@3", "Recall@3", "Hit@5", "MRR", "MAP@5"],
    )
    assert r["P@5"] == pytest.approx(0.6)
    assert r["Recall@5"] == pytest.approx(0.75)
    assert r["P@3"] == pytest.approx(2 / 3)
    assert r["Recall@3"] == pytest.approx(0.5)
    assert r["Hit@5"] == 1
    assert r["MRR"] == 1
    # (1 + 2/3 + 3/5) / 4 — the seed writes (1 + 0.67 + 0.6) / 4 = 0.567
    assert r["MAP@5"] == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)
    assert round(r["MAP@5"], 3) == 0.567


def _mrr(first_ranks: list[int | None]) -> float:
    frames, judged = [], []
    for i, first in enumerate(first_ranks):
        qid = f"q{i}"
        pids = [f"{qid}-{j}" for j in range(1, 6)]
        frames.append(ranking_of(pids, qid))
        rel = f"{qid}-{first}" if first else f"{qid}-nowhere"
        judged.append(qrels_of({rel: 1}, qid))
    out = score_rankings(pd.concat(frames), pd.concat(judged), ["MRR"])
    return float(out["MRR"].mean())


def test_seed_mrr_first_relevant_at_1_2_none_is_0_5():
    assert _mrr([1, 2, None]) == pytest.approx(0.5)


def test_seed_mrr_first_relevant_at_1_2_5_is_0_567():
    assert _mrr([1, 2, 5]) == pytest.approx((1 + 0.5 + 0.2) / 3)
    assert round(_mrr([1, 2, 5]), 3) == 0.567


# -- edge cases --------------------------------------------------------------


def test_precision_divides_by_k_when_list_shorter_than_k():
    r = score(["a", "b"], {"a": 1}, ["P@5", "Judged@5", "Recall@5", "Hit@10"])
    assert r["P@5"] == pytest.approx(1 / 5)
    assert r["Judged@5"] == pytest.approx(1 / 5)
    assert r["Recall@5"] == 1
    assert r["Hit@10"] == 1


def test_k_larger_than_list_ndcg_uses_all_judged_for_ideal():
    # list has one grade-2 passage; two more relevant passages are judged but not retrieved
    r = score(["a"], {"a": 2, "b": 3, "c": 1}, ["nDCG@10"])
    idcg = 7 + 3 / math.log2(3) + 1 / math.log2(4)
    assert r["nDCG@10"] == pytest.approx(3 / idcg)


def test_all_zero_grades_give_nan_recall_and_zero_ndcg():
    r = score(["a", "b"], {"a": 0, "b": 0}, ["Recall@5", "nDCG@5", "P@5", "MAP", "Judged@5"])
    assert math.isnan(r["Recall@5"]) and math.isnan(r["MAP"])  # R = 0: unanswerable
    assert r["nDCG@5"] == 0  # IDCG = 0 → 0
    assert r["P@5"] == 0
    assert r["Judged@5"] == pytest.approx(2 / 5)


def test_grade_below_threshold_still_gives_ndcg_gain():
    # θ = 2: grade 1 is not relevant but still gains (trec_eval does the same)
    r = score(["a", "b"], {"a": 1, "b": 2}, ["nDCG@2", "P@2", "MRR"], threshold=2)
    dcg = 1 + 3 / math.log2(3)
    idcg = 3 + 1 / math.log2(3)
    assert r["nDCG@2"] == pytest.approx(dcg / idcg)
    assert r["P@2"] == pytest.approx(0.5)
    assert r["MRR"] == pytest.approx(0.5)


def test_linear_gain_ndcg():
    r = score(["a", "b", "c"], {"a": 3, "b": 0, "c": 2}, ["nDCG@3"], gain="linear")
    assert r["nDCG@3"] == pytest.approx((3 + 2 / 2) / (3 + 2 / math.log2(3)))


def test_unjudged_passage_is_not_relevant_and_not_judged():
    r = score(["u", "a"], {"a": 1}, ["P@1", "MRR", "Judged@2", "R-Prec"])
    assert r["P@1"] == 0
    assert r["MRR"] == 0.5
    assert r["Judged@2"] == 0.5
    assert r["R-Prec"] == 0  # R = 1 and position 1 is unjudged


def test_r_precision_and_map_without_cutoff():
    r = score(["a", "x", "b", "y", "c"], {"a": 1, "b": 1, "c": 1, "d": 1}, ["R-Prec", "MAP"])
    assert r["R-Prec"] == pytest.approx(2 / 4)  # top 4 holds a, b
    assert r["MAP"] == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)


def test_mrr_at_k_is_zero_when_first_relevant_beyond_k():
    r = score(["x", "y", "a"], {"a": 1}, ["MRR@2", "MRR@3", "MAP@2"])
    assert r["MRR@2"] == 0
    assert r["MRR@3"] == pytest.approx(1 / 3)
    assert r["MAP@2"] == 0


def test_empty_ranking_frame_scores_nothing():
    out = score_rankings(ranking_of([]), qrels_of({"a": 1}), ["P@5", "nDCG@5"])
    assert len(out) == 0


def test_several_systems_and_questions_in_one_call():
    rk = pd.concat(
        [
            ranking_of(["a", "b"], "q1", "s1"),
            ranking_of(["b", "a"], "q1", "s2"),
            ranking_of(["c"], "q2", "s1"),
        ]
    )
    qr = pd.concat([qrels_of({"a": 1}, "q1"), qrels_of({"c": 2}, "q2")])
    out = score_rankings(rk, qr, ["MRR"]).set_index(["system", "question_id"])["MRR"]
    assert out[("s1", "q1")] == 1
    assert out[("s2", "q1")] == 0.5
    assert out[("s1", "q2")] == 1


def test_every_measure_family_has_a_kernel_in_the_table():
    assert set(FAMILY_KERNELS) == set(FAMILIES)


def test_measures_at_a_cutoff_add_each_lists_values_as_a_mask_over_every_row_would():
    """The kernel reads the rows at positions ≤ K as a prefix of the rows sorted
    by position (no mask and copy per K); each list's values are still added in
    the order of its positions, so every value is the masked sum to the last bit."""
    from workbench.core.measures.metrics import gain_values, score_lists

    rng = np.random.default_rng(7)
    n_lists, depth = 300, 120
    row_list = np.repeat(np.arange(n_lists), depth)
    row_pos = np.tile(np.arange(1, depth + 1), n_lists).astype(float)
    row_grade = np.where(rng.random(row_list.size) < 0.4, rng.integers(0, 4, row_list.size), np.nan)
    list_question = np.arange(n_lists) // 3
    judged_question = np.repeat(np.arange(n_lists // 3), 50)
    judged_grade = rng.integers(0, 4, judged_question.size).astype(float)
    ks = (1, 3, 5, 10, 20, 50, 100)
    measures = [parse_measure(f"{f}@{k}") for f in ("nDCG", "MAP", "P", "Recall") for k in ks]
    got = score_lists(
        measures,
        n_lists=n_lists,
        list_question=list_question,
        row_list=row_list,
        row_pos=row_pos,
        row_grade=row_grade,
        judged_question=judged_question,
        judged_grade=judged_grade,
        threshold=2,
        gain="exponential",
    )
    judged = ~np.isnan(row_grade)
    lst, pos, grade = row_list[judged], row_pos[judged], row_grade[judged]
    dg = gain_values(grade, "exponential") * (1.0 / np.log2(pos + 1.0))
    rel = grade >= 2
    nth = pd.Series(rel.astype(float)).groupby(lst).cumsum().to_numpy()
    R = np.bincount(judged_question, weights=judged_grade >= 2)[list_question]
    ideal = np.sort(judged_grade.reshape(-1, 50), axis=1)[:, ::-1]
    ideal_dg = gain_values(ideal, "exponential") * (1.0 / np.log2(np.arange(1, 51) + 1.0))
    for k in ks:
        top = pos <= k
        dcg = np.bincount(lst[top], weights=dg[top], minlength=n_lists)
        idcg_q = np.zeros(ideal.shape[0])
        for j in range(min(k, 50)):  # added place by place, as the kernel adds them
            idcg_q += ideal_dg[:, j]
        idcg = idcg_q[list_question]
        want_ndcg = np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), 0.0)
        assert got[f"nDCG@{k}"].tobytes() == want_ndcg.tobytes()
        top_rel = top & rel
        ap = np.bincount(lst[top_rel], weights=nth[top_rel] / pos[top_rel], minlength=n_lists)
        with np.errstate(invalid="ignore", divide="ignore"):
            assert got[f"MAP@{k}"].tobytes() == (ap / np.where(R > 0, R, np.nan)).tobytes()
        hits = np.bincount(lst[top_rel], minlength=n_lists).astype(float)
        assert got[f"P@{k}"].tobytes() == (hits / k).tobytes()


@pytest.mark.parametrize("seed", range(8))
def test_r_precision_counts_the_relevant_rows_in_each_lists_top_r(seed):
    """R-Prec of every list against a count done list by list: several systems and
    questions, lists shorter and longer than R, unjudged and irrelevant rows, an
    empty question (R = 0: NaN), thresholds 1 and 2."""
    rng = np.random.default_rng(seed)
    threshold = int(rng.integers(1, 3))
    pool = [f"p{i}" for i in range(40)]
    grades = {}
    for q in [f"q{i}" for i in range(6)]:
        judged = rng.choice(pool, size=int(rng.integers(0, 20)), replace=False)
        grades[q] = {str(p): int(rng.integers(0, 4)) for p in judged}
    rankings, expected = [], {}
    for system in ("s1", "s2", "s3"):
        for q, judged in grades.items():
            if rng.random() < 0.2:
                continue
            pids = [str(p) for p in rng.choice(pool, size=int(rng.integers(1, 30)), replace=False)]
            rankings.append(ranking_of(pids, qid=q, system=system))
            R = sum(g >= threshold for g in judged.values())
            found = sum(judged.get(p, 0) >= threshold for p in pids[:R])
            expected[(system, q)] = found / R if R else math.nan
    qrels = pd.concat([qrels_of(g, qid=q) for q, g in grades.items()], ignore_index=True)
    qrels = pd.concat([qrels, qrels_of({"p0": 0}, qid="q_empty")], ignore_index=True)
    frame = score_rankings(pd.concat(rankings, ignore_index=True), qrels, ["R-Prec"], threshold)
    got = dict(zip(zip(frame["system"], frame["question_id"]), frame["R-Prec"]))
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert (math.isnan(value) and math.isnan(got[key])) or got[key] == value, key
