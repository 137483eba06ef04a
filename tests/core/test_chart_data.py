"""Chart data: curves, rank distribution, histograms, per type, coverage, marks.

Every number is checked against the evaluation's own results (aggregates,
by_type, the kernel) or against a hand computation.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.measures import chart_data as cd
from workbench.core.measures import stats
from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import Measure, score_rankings
from workbench.core.model.schema import EvalSettings

SYSTEMS = ("BM25", "벡터 RAG", "GraphRAG")
TYPES = ("사실 확인", "개념 관계", "시대 변화", "")


def synthetic(
    n_questions: int = 24,
    depth: int = 12,
    seed: int = 7,
    settings: EvalSettings | None = None,
    systems=SYSTEMS,
    missing: bool = True,
):
    """Judgments and runs with every case: graded, unjudged, missing, unanswerable."""
    rng = np.random.default_rng(seed)
    qrels, runs, questions = [], [], []
    for qi in range(n_questions):
        q = f"Q{qi + 1:02d}"
        questions.append({"question_id": q, "question_type": TYPES[qi % len(TYPES)]})
        n_judged = int(rng.integers(3, 10))
        for pi in range(n_judged):
            # the last question has only grade 0: unanswerable
            g = 0 if qi == n_questions - 1 else int(rng.choice([0, 0, 1, 2, 3]))
            qrels.append({"question_id": q, "passage_id": f"p{qi}_{pi}", "grade": g})
    for si, system in enumerate(systems):
        for qi in range(n_questions):
            q = f"Q{qi + 1:02d}"
            if missing and si == 1 and qi == 3:
                continue  # an answerable question missing from one run
            d = int(rng.integers(depth // 2, depth + 1))
            pool = [f"p{qi}_{pi}" for pi in range(12)] + [f"x{qi}_{j}" for j in range(10)]
            picks = rng.choice(len(pool), size=min(d, len(pool)), replace=False)
            for rank, pick in enumerate(picks, start=1):
                runs.append(
                    {
                        "system": system,
                        "question_id": q,
                        "passage_id": pool[pick],
                        "rank": float(rank),
                        "score": float(100 - rank),
                        "text": "",
                        "source_row": None,
                    }
                )
    qr = pd.DataFrame(qrels)
    rn = pd.DataFrame(runs)
    qs = pd.DataFrame(questions)
    # an answerable question with no grade ≥ 1 anywhere in the runs still counts
    return evaluate(qr, rn, settings or EvalSettings(ks=(1, 3, 5, 10)), questions=qs)


@pytest.fixture(scope="module")
def results():
    return synthetic()


def test_synthetic_fixture_has_the_edge_cases(results):
    assert len(results.unanswerable) == 1
    assert results.per_question["missing"].any()
    assert len(results.systems) == 3


@pytest.mark.parametrize("gain", ["exponential", "linear"])
@pytest.mark.parametrize("threshold", [1, 2])
def test_curves_equal_aggregates_at_every_settings_k(gain, threshold):
    res = synthetic(settings=EvalSettings(ks=(1, 3, 5, 10), gain=gain, threshold=threshold))
    curves = cd.curve_data(res)
    assert curves["k"].max() == max(cd.deepest_position(res), 10)
    for system in res.systems:
        for fam in ("Recall", "nDCG"):
            for k in res.settings.ks:
                row = curves[(curves.system == system) & (curves.family == fam) & (curves.k == k)]
                assert len(row) == 1
                assert row["value"].iloc[0] == pytest.approx(
                    res.metric(system, f"{fam}@{k}"), abs=1e-12
                )
                assert row["n"].iloc[0] == res.aggregates.loc[system, "n"]


def test_curves_equal_the_kernel_at_every_depth(results):
    """Every K, not only the settings' ones: the kernel scores the same rankings."""
    curves = cd.curve_data(results)
    D = int(curves["k"].max())
    rk = results.ranking.sort_values(["system", "question_id", "position"])
    pq = results.per_question
    ms = [Measure(f, k) for f in ("Recall", "nDCG") for k in range(1, D + 1)]
    scored = score_rankings(
        rk[["system", "question_id", "passage_id"]],
        results.qrels[["question_id", "passage_id", "grade"]],
        ms,
        threshold=results.settings.threshold,
        gain=results.settings.gain,
    )
    merged = pq[["system", "question_id"]].merge(scored, how="left", on=["system", "question_id"])
    merged = merged.fillna(0.0)  # missing questions score 0
    for system in results.systems:
        sub = merged[merged.system == system]
        for fam in ("Recall", "nDCG"):
            got = curves[(curves.system == system) & (curves.family == fam)]["value"].to_numpy()
            want = np.array([sub[f"{fam}@{k}"].mean() for k in range(1, D + 1)])
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_curves_are_monotone_in_recall_and_bounded(results):
    curves = cd.curve_data(results)
    for (_, fam), grp in curves.groupby(["system", "family"]):
        v = grp.sort_values("k")["value"].to_numpy()
        assert np.all((v >= 0) & (v <= 1 + 1e-12))
        if fam == "Recall":
            assert np.all(np.diff(v) >= -1e-15)


def test_curve_max_k_beyond_the_deepest_ranking_stays_flat(results):
    deep = cd.deepest_position(results)
    curves = cd.curve_data(results, max_k=deep + 5)
    rec = curves[(curves.system == "BM25") & (curves.family == "Recall")]
    tail = rec[rec.k >= deep]["value"].to_numpy()
    assert np.allclose(tail, tail[0], atol=1e-15)


def test_a_curve_at_some_k_is_the_whole_curve_at_those_k(results):
    """The K advisor asks for a few points (the settings' K and each depth);
    each is bit for bit the whole curve's value there, beyond the deepest too."""
    deep = cd.deepest_position(results)
    whole = cd.curve_data(results, max_k=deep + 5)
    some = cd.curve_data(results, ks=[deep + 5, 1, 3, deep])
    assert sorted(set(some["k"])) == sorted({1, 3, deep, deep + 5})
    merged = some.merge(whole, on=["system", "family", "k"], suffixes=("", "_whole"))
    assert len(merged) == len(some)
    assert merged["value"].to_numpy().tobytes() == merged["value_whole"].to_numpy().tobytes()
    assert (merged["n"] == merged["n_whole"]).all()
    with pytest.raises(ValueError):
        cd.curve_data(results, ks=[0, 5])


def test_the_k_advisor_reads_the_same_values_from_a_few_points_as_from_the_curve(results):
    from workbench.core.protocol.diagnosis import k_advice

    whole = cd.curve_data(results, families=("Recall",))
    assert k_advice(results) == k_advice(results, curves=whole)


def test_curve_cancel_raises():
    from workbench.core.model.cancel import Cancelled

    res = synthetic(n_questions=6)
    with pytest.raises(Cancelled):
        cd.curve_data(res, cancelled=lambda: True)


def test_first_relevant_ranks_give_mrr(results):
    fr = cd.first_relevant_ranks(results)
    for system in results.systems:
        r = fr.loc[fr.system == system, "first_rank"].to_numpy(dtype=float)
        rr = np.where(np.isnan(r), 0.0, 1.0 / np.where(np.isnan(r), 1.0, r))
        assert rr.mean() == pytest.approx(results.metric(system, "MRR"), abs=1e-12)
        rr10 = np.where(r <= 10, 1.0 / np.where(np.isnan(r), 1.0, r), 0.0)
        assert rr10.mean() == pytest.approx(results.metric(system, "MRR@10"), abs=1e-12)


def test_rank_distribution_shares_match_hit(results):
    dist = cd.rank_distribution(results, k=10)
    assert list(dist["bucket"].unique()) == list(cd.RANK_BUCKETS)
    for system in results.systems:
        sub = dist[dist.system == system].set_index("bucket")
        assert sub["share"].sum() == pytest.approx(1.0, abs=1e-12)
        assert sub["count"].sum() == results.aggregates.loc[system, "n"]
        assert sub.loc["rank_1", "share"] == pytest.approx(results.metric(system, "Hit@1"))
        found = 1.0 - sub.loc["not_found", "share"]
        assert found == pytest.approx(results.metric(system, "Hit@10"), abs=1e-12)
        hit3 = sub.loc["rank_1", "share"] + sub.loc["rank_2_3", "share"]
        assert hit3 == pytest.approx(results.metric(system, "Hit@3"), abs=1e-12)
        ids = [q for t in sub["question_ids"] for q in t]
        assert sorted(ids) == sorted(
            results.per_question.loc[results.per_question.system == system, "question_id"]
        )


def test_missing_question_is_not_found(results):
    dist = cd.rank_distribution(results, k=10)
    missing = results.missing.iloc[0]
    row = dist[(dist.system == missing["system"]) & (dist.bucket == "not_found")].iloc[0]
    assert missing["question_id"] in row["question_ids"]


@pytest.mark.parametrize(
    "k, keys",
    [(1, ["rank_1"]), (2, ["rank_1", "rank_2_3"]), (3, ["rank_1", "rank_2_3"]), (5, None)],
)
def test_rank_buckets_clip_to_k(k, keys):
    got = cd.rank_buckets(k)
    if keys is None:
        assert got == [("rank_1", 1, 1), ("rank_2_3", 2, 3), ("rank_4_k", 4, 5)]
    else:
        assert [b[0] for b in got] == keys
        assert got[-1][2] == min(k, 3)


def test_rank_distribution_hand_example():
    """The MRR article: first relevant at 1, 2, and none in the top 5."""
    qrels = pd.DataFrame(
        {"question_id": ["a", "b", "c"], "passage_id": ["A", "B", "C"], "grade": [1, 1, 1]}
    )
    runs = pd.DataFrame(
        {
            "system": "S",
            "question_id": ["a", "b", "b", "c"],
            "passage_id": ["A", "x", "B", "y"],
            "rank": [1.0, 1.0, 2.0, 1.0],
            "score": np.nan,
            "text": "",
            "source_row": None,
        }
    )
    res = evaluate(qrels, runs, EvalSettings(ks=(5,)))
    dist = cd.rank_distribution(res).set_index("bucket")
    assert dist["count"].to_dict() == {"rank_1": 1, "rank_2_3": 1, "rank_4_k": 0, "not_found": 1}
    assert dist.loc["not_found", "question_ids"] == ("c",)
    assert res.metric("S", "MRR") == pytest.approx(0.5)


def test_by_type_equals_results_by_type(results):
    data = cd.by_type_data(results, "nDCG@10")
    bt = results.by_type
    for rec in data.to_dict("records"):
        want = bt[(bt.system == rec["system"]) & (bt.question_type == rec["question_type"])]
        assert len(want) == 1
        assert rec["mean"] == pytest.approx(float(want["nDCG@10"].iloc[0]), abs=1e-12)
        assert rec["n"] == int(want["n"].iloc[0]) == len(rec["question_ids"])
    assert "" in set(data["question_type"])  # questions without a type are kept


def test_metric_histogram_counts_every_question(results):
    h = cd.metric_histogram(results, "nDCG@10", bins=10)
    pq = results.per_question
    for system in results.systems:
        sub = h[h.system == system]
        assert sub["count"].sum() == (pq.system == system).sum()
        vals = pq.loc[pq.system == system].set_index("question_id")["nDCG@10"]
        for rec in sub.to_dict("records"):
            for q in rec["question_ids"]:
                v = vals[q]
                assert rec["low"] <= v <= rec["high"]
                if rec["bin"] < 9:
                    assert v < rec["high"]


def test_histogram_edges_last_bin_closed_and_ids_sorted():
    h = cd.histogram([0.0, 1.0, 0.5, 0.25, np.nan, 2.0], list("abcdef"), [0, 0.5, 1.0])
    assert h["count"].tolist() == [2, 2]
    assert h.loc[0, "question_ids"] == ("a", "d")
    assert h.loc[1, "question_ids"] == ("c", "b")


def test_difference_histogram_puts_ties_in_the_middle(results):
    h = cd.difference_histogram(results.per_question, "nDCG@10", "BM25", "GraphRAG")
    sc = cd.scatter_data(results.per_question, "nDCG@10", "BM25", "GraphRAG")
    assert h["count"].sum() == len(sc)
    mid = h.loc[(h["center"]).abs().idxmin()]
    ties = set(sc.loc[sc["diff"].abs() < 1e-12, "question_id"])
    assert ties <= set(mid["question_ids"])
    assert h["low"].min() <= -1.0 and h["high"].max() >= 1.0


def test_scatter_and_losses_agree_with_win_tie_loss(results):
    sc = cd.scatter_data(results.per_question, "Recall@10", "BM25", "GraphRAG")
    cmp = stats.compare_systems(
        results.per_question, ["Recall@10"], baseline="BM25", systems=["GraphRAG"], test="t"
    ).iloc[0]
    assert len(sc) == cmp["n"]
    assert sc["diff"].mean() == pytest.approx(cmp["mean_diff"], abs=1e-12)
    lost = cd.losing_questions(results.per_question, "Recall@10", "BM25", "GraphRAG")
    assert len(lost) == cmp["losses"]
    d = sc.set_index("question_id")["diff"]
    assert list(d[lost]) == sorted(d[lost])  # biggest loss first


def test_coverage_matches_judged_measure(results):
    cov = cd.coverage_data(results, k=10)
    pq = results.per_question
    for rec in cov.to_dict("records"):
        sub = pq[(pq.system == rec["system"]) & ~pq["missing"]]
        assert rec["n"] == len(sub)
        assert rec["coverage"] == pytest.approx(sub["Judged@10"].mean(), abs=1e-12)
        assert rec["trusted"] == (rec["coverage"] >= 0.8)


def test_bar_data_means_and_cis(results):
    metrics = cd.default_metrics(results)
    assert metrics == ["nDCG@10", "Recall@10", "MRR"]
    bars = cd.bar_data(results, metrics, n_resamples=500)
    ci = stats.system_confidence_intervals(results.per_question, metrics, n_resamples=500)
    for rec in bars.to_dict("records"):
        assert rec["mean"] == pytest.approx(results.metric(rec["system"], rec["metric"]), abs=1e-12)
        want = ci[(ci.system == rec["system"]) & (ci.metric == rec["metric"])].iloc[0]
        assert rec["ci_low"] == want["ci_low"] and rec["ci_high"] == want["ci_high"]
        assert rec["ci_low"] <= rec["mean"] <= rec["ci_high"]
        vals = results.per_question.set_index(["system", "question_id"])[rec["metric"]]
        scores = [vals[(rec["system"], q)] for q in rec["question_ids"]]
        assert scores == sorted(scores)  # worst first
    no_ci = cd.bar_data(results, metrics, with_ci=False)
    assert no_ci["ci_low"].isna().all()


def test_default_cutoff_without_10():
    res = synthetic(n_questions=6, settings=EvalSettings(ks=(1, 3, 5)))
    assert cd.default_cutoff(res) == 5
    assert cd.default_metrics(res) == ["nDCG@5", "Recall@5", "MRR"]


def test_significance_marks():
    comp = pd.DataFrame(
        {
            "metric": ["nDCG@10", "nDCG@10", "MRR", "MRR"],
            "system": ["A", "B", "A", "B"],
            "mean_diff": [0.1, -0.2, 0.3, 0.0],
            "p_value": [0.001, 0.01, 0.2, 0.001],
            "p_adjusted": [0.002, 0.02, 0.4, math.nan],
        }
    )
    assert cd.significance_marks(comp) == {("A", "nDCG@10"): "▲", ("B", "nDCG@10"): "▼"}
    assert cd.significance_marks(comp, alpha=0.01) == {("A", "nDCG@10"): "▲"}
    assert cd.significance_marks(None) == {}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), depth=st.integers(2, 15))
def test_curves_match_aggregates_property(seed, depth):
    res = synthetic(n_questions=8, depth=depth, seed=seed, settings=EvalSettings(ks=(1, 2, 7)))
    curves = cd.curve_data(res)
    for system in res.systems:
        for k in (1, 2, 7):
            for fam in ("Recall", "nDCG"):
                v = curves[(curves.system == system) & (curves.family == fam) & (curves.k == k)]
                assert v["value"].iloc[0] == pytest.approx(
                    res.metric(system, f"{fam}@{k}"), abs=1e-12
                )


def test_lists_read_the_same_from_categorical_and_text_ranking_columns(results):
    """The TREC fast path hands over categorical ids, the spreadsheet path text:
    list depths and kernel scores must not depend on which (looked up by
    category, an id the lists do not hold is dropped either way)."""
    import dataclasses

    rk = results.ranking
    as_cat = rk.assign(
        system=pd.Categorical(rk["system"].astype(str), categories=[*SYSTEMS, "없는 시스템"]),
        question_id=pd.Categorical(rk["question_id"].astype(str)),
    )
    extra = as_cat.iloc[:1].assign(
        system=pd.Categorical(["없는 시스템"], as_cat["system"].cat.categories)
    )
    as_cat = pd.concat([as_cat, extra], ignore_index=True)
    cat_results = dataclasses.replace(results, ranking=as_cat)
    pd.testing.assert_frame_equal(cd.list_depths(cat_results), cd.list_depths(results))
    measures = ["nDCG@7", "Recall@11", "MRR"]
    pd.testing.assert_frame_equal(
        cd.list_scores(cat_results, measures), cd.list_scores(results, measures)
    )
    assert cd.list_depths(results)["depth"].max() == rk["position"].max()


def test_first_evidence_hand_example():
    """First relevant at ranks 1, 2, 5 and nowhere (the list of d goes 6 deep):
    a quarter at rank 1, half in the top 3, a quarter later, a quarter not found."""
    qrels = pd.DataFrame(
        {
            "question_id": ["a", "b", "c", "d"],
            "passage_id": ["A", "B", "C", "D"],
            "grade": [1, 1, 1, 1],
        }
    )
    lists = {"a": ["A"], "b": ["x", "B"], "c": ["x", "y", "z", "w", "C"], "d": list("uvwxyz")}
    rows = [(q, p, float(i + 1)) for q, ps in lists.items() for i, p in enumerate(ps)]
    runs = pd.DataFrame(
        {
            "system": "S",
            "question_id": [r[0] for r in rows],
            "passage_id": [r[1] for r in rows],
            "rank": [r[2] for r in rows],
            "score": np.nan,
            "text": "",
            "source_row": None,
        }
    )
    # K = 3: "later" must still count rank 5 (the whole list), not call it not found
    res = evaluate(qrels, runs, EvalSettings(ks=(3,)))
    table = cd.first_evidence(res).set_index("system")
    row = table.loc["S"]
    assert row["n"] == 4
    assert (row["rank_1"], row["top_3"], row["later"], row["not_found"]) == (
        0.25,
        0.5,
        0.25,
        0.25,
    )
    assert (row["rank_1_n"], row["top_3_n"], row["later_n"], row["not_found_n"]) == (1, 2, 1, 1)


def test_first_evidence_agrees_with_hit_and_adds_up(results):
    table = cd.first_evidence(results).set_index("system")
    for system in results.systems:
        row = table.loc[system]
        assert row["rank_1"] == pytest.approx(results.metric(system, "Hit@1"), abs=1e-12)
        assert row["top_3"] == pytest.approx(results.metric(system, "Hit@3"), abs=1e-12)
        assert row["top_3"] + row["later"] + row["not_found"] == pytest.approx(1.0, abs=1e-12)
        assert row["n"] == results.aggregates.loc[system, "n"]


def test_under_trec_conventions_curves_and_list_scores_equal_the_table():
    """With trec_compat a question without relevant evidence stays in the means,
    scoring 0 where R divides: the curves, list_scores and the diagnosis' Recall
    basis give it 0 too (the kernel alone gives NaN), so they equal the table."""
    res = synthetic(settings=EvalSettings(ks=(1, 3, 5, 10), trec_compat=True))
    unanswerable = res.per_question["question_id"].isin(res.unanswerable)
    assert unanswerable.any()  # the question without relevant evidence is in the means
    curves = cd.curve_data(res)
    recall_curve = cd.recall_basis(res).curve(res.settings.ks)
    measures = [f"{fam}@{k}" for fam in ("Recall", "MAP") for k in res.settings.ks]
    per_list = cd.list_scores(res, [*measures, "R-Prec"])
    basis_scores = cd.recall_basis(res).scores(res.settings.ks)
    for m in [*measures, "R-Prec"]:
        np.testing.assert_array_equal(per_list[m].to_numpy(), res.per_question[m].to_numpy())
    for k in res.settings.ks:
        np.testing.assert_array_equal(
            basis_scores[f"Recall@{k}"].to_numpy(), res.per_question[f"Recall@{k}"].to_numpy()
        )
    for system in res.systems:
        for k in res.settings.ks:
            expected = res.metric(system, f"Recall@{k}")
            for frame in (curves, recall_curve):
                row = frame[(frame.system == system) & (frame.family == "Recall") & (frame.k == k)]
                assert row["value"].iloc[0] == pytest.approx(expected, abs=1e-12)


def test_under_trec_conventions_the_k_advice_reads_the_tables_recall():
    """The diagnosis' K advice once read NaN for every K under trec_compat (one
    question without relevant evidence made each system's Recall curve NaN) and
    advised the first K with dashes for values."""
    from workbench.core.protocol.diagnosis import DiagnosisSettings, diagnose

    res = synthetic(settings=EvalSettings(ks=(1, 3, 5, 10), trec_compat=True))
    advice = diagnose(res, DiagnosisSettings()).k_advice
    for system in res.systems:
        a = advice[str(system)]
        for k in res.settings.ks:
            if k in a.ladder:
                assert a.recall_at(k) == pytest.approx(res.metric(system, f"Recall@{k}"), abs=1e-12)


def test_the_views_of_one_evaluation_are_made_once_and_equal_making_them_anew(monkeypatch):
    """first_relevant_ranks, deepest_position and first_evidence read every row of
    the ranking; each is made once per Results (the Overview, its charts and
    the report ask for them), the same as made anew, and what a caller changes
    in a frame it got does not reach the kept view."""
    made = synthetic()
    fresh = {
        "ranks": cd._first_relevant_ranks(made),
        "depth": cd._deepest_position(made),
        "evidence": cd._first_evidence(synthetic()),
    }
    reads = []
    ranking_rows = cd._ranking_rows
    monkeypatch.setattr(
        cd, "_ranking_rows", lambda *a, **k: reads.append(1) or ranking_rows(*a, **k)
    )
    assert cd.prepare_views(made) is made
    n_reads = len(reads)
    assert n_reads > 0
    for _ in range(3):
        pd.testing.assert_frame_equal(cd.first_evidence(made), fresh["evidence"])
        pd.testing.assert_frame_equal(cd.first_relevant_ranks(made), fresh["ranks"])
        assert cd.deepest_position(made) == fresh["depth"]
    assert len(reads) == n_reads  # nothing read the ranking again
    got = cd.first_relevant_ranks(made)
    got["first_rank"] = -1.0
    got.loc[0, "system"] = "changed"
    pd.testing.assert_frame_equal(cd.first_relevant_ranks(made), fresh["ranks"])
    evidence = cd.first_evidence(made)
    evidence.iloc[0, 1] = -5
    pd.testing.assert_frame_equal(cd.first_evidence(made), fresh["evidence"])
    # other results are other views
    other = synthetic(settings=EvalSettings(ks=(1, 3)))
    assert cd.first_evidence(other) is not cd.first_evidence(made)
