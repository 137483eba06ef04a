"""Tests of workbench.core.measures.stats: paired tests, bootstrap CIs, Holm, sentences."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from workbench.core.measures import stats as S
from workbench.core.model.problems import InputError


def _frame(scores: dict[str, dict[str, list[float]]], qids: dict[str, list[str]] | None = None):
    """per_question frame: scores[system][metric] = list of per-question values."""
    rows = []
    for system, by_metric in scores.items():
        n = len(next(iter(by_metric.values())))
        ids = qids[system] if qids else [f"q{i:02d}" for i in range(n)]
        for i, qid in enumerate(ids):
            row = {
                "system": system,
                "question_id": qid,
                "question_type": "사실 확인",
                "missing": False,
            }
            for metric, values in by_metric.items():
                row[metric] = float(values[i])
            rows.append(row)
    return pd.DataFrame(rows)


def _paired(n: int, shift: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.random(n)
    b = np.clip(a + shift + rng.normal(0, 0.2, n), 0, 1)
    return a, b


# ---------------------------------------------------------------------------
# pairing


def test_paired_scores_inner_join_on_question_id():
    pq = _frame(
        {"BM25": {"MRR": [0.1, 0.2, 0.3]}, "Graph": {"MRR": [0.5, 0.7, 0.9]}},
        qids={"BM25": ["1", "2", "3"], "Graph": ["3", "1", "9"]},
    )
    ids, xa, xb = S.paired_scores(pq, "MRR", "BM25", "Graph")
    assert ids == ["1", "3"]
    assert xa.tolist() == [0.1, 0.3]
    assert xb.tolist() == [0.7, 0.5]


def test_paired_scores_drops_nan_pairs():
    pq = _frame({"A": {"MRR": [0.1, math.nan, 0.3]}, "B": {"MRR": [0.2, 0.4, math.nan]}})
    ids, xa, xb = S.paired_scores(pq, "MRR", "A", "B")
    assert ids == ["q00"]
    assert xa.tolist() == [0.1] and xb.tolist() == [0.2]


def test_paired_scores_unknown_names_are_input_errors():
    pq = _frame({"A": {"MRR": [0.1]}, "B": {"MRR": [0.2]}})
    with pytest.raises(InputError) as info:
        S.paired_scores(pq, "nDCG@10", "A", "B")
    assert "nDCG@10" in info.value.problems[0].message_ko
    with pytest.raises(InputError):
        S.paired_scores(pq, "MRR", "A", "Nope")


# ---------------------------------------------------------------------------
# t-test and Wilcoxon against scipy


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_paired_t_equals_scipy(seed):
    a, b = _paired(30, 0.05, seed)
    assert S.paired_t(a, b) == pytest.approx(sps.ttest_rel(b, a).pvalue, rel=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wilcoxon_equals_scipy(seed):
    a, b = _paired(30, 0.05, seed)
    # graded metrics produce zero differences and tied |d|: keep some of both
    b[:4] = a[:4]
    b[4:8] = a[4:8] + 0.25
    expected = sps.wilcoxon(b, a, zero_method="wilcox", alternative="two-sided").pvalue
    assert S.wilcoxon(a, b) == pytest.approx(expected, rel=1e-12)


def test_wilcoxon_large_sample_equals_scipy():
    a, b = _paired(200, 0.02, 7)
    assert S.wilcoxon(a, b) == pytest.approx(sps.wilcoxon(b, a).pvalue, rel=1e-12)


def test_paired_t_degenerate_cases():
    a = np.array([0.2, 0.4, 0.6])
    assert S.paired_t(a, a) == 1.0
    assert S.paired_t(a, a + 0.5) == 0.0  # constant non-zero difference: t = ∞
    assert math.isnan(S.paired_t([0.1], [0.2]))


# ---------------------------------------------------------------------------
# randomization test


def _exact_sign_flip_p(a: np.ndarray, b: np.ndarray) -> float:
    """Independent reference: enumerate all 2^n sign vectors with itertools."""
    d = b - a
    observed = abs(d.mean())
    hits = 0
    total = 0
    for signs in itertools.product((1.0, -1.0), repeat=d.size):
        total += 1
        if abs((np.array(signs) * d).mean()) >= observed - 1e-12:
            hits += 1
    return hits / total


@pytest.mark.parametrize("seed", [3, 4])
def test_randomization_matches_exact_enumeration_n10(seed):
    a, b = _paired(10, 0.1, seed)
    reference = _exact_sign_flip_p(a, b)
    assert 0.0 < reference < 1.0
    # exact mode (the default for n ≤ EXACT_MAX_N) reproduces the enumeration
    assert S.randomization_test(a, b) == pytest.approx(reference, abs=1e-12)
    assert S.randomization_test(a, b, exact=True) == pytest.approx(reference, abs=1e-12)
    # Monte-Carlo with 20 000 sign flips lands within Monte-Carlo error
    mc = S.randomization_test(a, b, n_permutations=20_000, seed=11, exact=False)
    assert abs(mc - reference) <= 0.01


def test_randomization_exact_small_hand_example():
    # d = (1, 2, 3): sums over the 8 sign vectors are ±6, ±4, ±2, ±0 → |T| ≥ 6 twice
    assert S.randomization_test([0, 0, 0], [1, 2, 3]) == pytest.approx(2 / 8)


def test_randomization_monte_carlo_formula_floor():
    # 30 equal positive differences: no random flip reaches |T_obs| except the
    # all-plus/all-minus vectors (prob 2^-29), so p = (0 + 1) / (n_perm + 1).
    a = np.zeros(30)
    b = np.ones(30)
    assert S.randomization_test(a, b, n_permutations=999, seed=1) == pytest.approx(1 / 1000)


def test_randomization_zero_differences_do_not_change_exact_p():
    a, b = _paired(8, 0.1, 5)
    a2 = np.concatenate([a, [0.3, 0.6]])
    b2 = np.concatenate([b, [0.3, 0.6]])
    assert S.randomization_test(a2, b2) == pytest.approx(S.randomization_test(a, b))


# ---------------------------------------------------------------------------
# identical systems


def test_identical_systems():
    x = np.array([0.0, 0.25, 0.5, 1.0, 1.0, 0.3])
    assert S.randomization_test(x, x) == 1.0
    assert S.randomization_test(x, x, exact=False) == 1.0
    assert S.paired_t(x, x) == 1.0
    assert S.wilcoxon(x, x) == 1.0
    assert S.win_tie_loss(x, x) == (0, 6, 0)
    assert S.bootstrap_ci(x - x) == (0.0, 0.0)

    pq = _frame({"BM25": {"MRR": list(x)}, "Copy": {"MRR": list(x)}})
    for test in S.TESTS:
        row = S.compare_systems(pq, "MRR", test=test).iloc[0]
        assert row["mean_diff"] == 0.0
        assert (row["ci_low"], row["ci_high"]) == (0.0, 0.0)
        assert row["p_value"] == 1.0 and row["p_adjusted"] == 1.0
        assert (row["wins"], row["ties"], row["losses"]) == (0, 6, 0)
    assert S.describe_comparison(row, "en") == (
        "Copy and BM25 score the same on MRR on all 6 questions."
    )
    assert S.describe_comparison(row, "ko") == (
        "Copy의 MRR 점수가 6개 질문 모두에서 BM25의 점수와 같습니다."
    )


# ---------------------------------------------------------------------------
# Holm


def test_holm_hand_worked_example():
    # p = (0.01, 0.04, 0.03, 0.005), m = 4. Sorted ascending:
    #   0.005 × 4 = 0.02
    #   0.01  × 3 = 0.03
    #   0.03  × 2 = 0.06
    #   0.04  × 1 = 0.04 → raised to 0.06 by the running maximum (monotone)
    adjusted = S.holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_caps_at_one_and_skips_nan():
    # 0.6 × 2 = 1.2 → 1; 0.7 × 1 = 0.7 → max(1.2, 0.7) → 1
    assert S.holm([0.6, 0.7]) == pytest.approx([1.0, 1.0])
    # NaN does not count in m: m = 2 → 0.01 × 2, 0.04 × 1
    out = S.holm([0.01, math.nan, 0.04])
    assert out[0] == pytest.approx(0.02) and math.isnan(out[1]) and out[2] == pytest.approx(0.04)
    assert S.holm([]).size == 0
    assert S.holm([0.2]) == pytest.approx([0.2])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=12))
def test_holm_properties(ps):
    p = np.array(ps)
    adj = S.holm(p)
    assert np.all(adj >= p - 1e-15) and np.all(adj <= 1.0)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adj[order]) >= -1e-15)  # monotone in the raw p-values


# ---------------------------------------------------------------------------
# win / tie / loss


def test_win_tie_loss_from_system_point_of_view():
    baseline = [0.5, 0.5, 0.5, 0.5]
    system = [0.7, 0.5, 0.2, 0.5 + 1e-15]  # the last is float noise: a tie
    assert S.win_tie_loss(baseline, system) == (1, 2, 1)
    assert S.win_tie_loss(system, baseline) == (1, 2, 1)
    assert S.win_tie_loss([0.0, 0.0, 0.0], [1.0, 1.0, 0.0]) == (2, 1, 0)


# ---------------------------------------------------------------------------
# bootstrap


def test_bootstrap_ci_covers_true_difference_at_nominal_rate():
    rng = np.random.default_rng(2026)
    true_diff = 0.05
    covered = 0
    sims = 200
    for i in range(sims):
        diffs = rng.normal(true_diff, 0.2, 40)
        low, high = S.bootstrap_ci(diffs, n_resamples=1000, seed=i)
        covered += low <= true_diff <= high
    coverage = covered / sims
    assert 0.90 <= coverage <= 0.98, coverage


def test_bootstrap_ci_is_ordered_and_contains_sample_mean():
    a, b = _paired(40, 0.1, 9)
    low, high = S.bootstrap_ci(b - a, n_resamples=2000)
    assert low < (b - a).mean() < high
    narrow = S.bootstrap_ci(b - a, confidence=0.5, n_resamples=2000)
    assert low < narrow[0] < narrow[1] < high


def test_bootstrap_edge_cases():
    assert all(math.isnan(v) for v in S.bootstrap_ci([]))
    assert S.bootstrap_mean_ci([0.4]) == (0.4, 0.4)
    assert S.bootstrap_mean_ci([0.4, math.nan, 0.4]) == (0.4, 0.4)
    with pytest.raises(ValueError):
        S.bootstrap_ci([0.1, 0.2], confidence=95)


def test_bootstrap_result_does_not_depend_on_chunk_size(monkeypatch):
    a, b = _paired(37, 0.05, 1)
    whole = S.bootstrap_ci(b - a, n_resamples=3000, seed=5)
    monkeypatch.setattr(S, "CHUNK_ELEMENTS", 100)
    assert S.bootstrap_ci(b - a, n_resamples=3000, seed=5) == whole


# ---------------------------------------------------------------------------
# reproducibility


def test_seeded_results_are_reproducible():
    a, b = _paired(40, 0.03, 12)
    assert S.bootstrap_ci(b - a, seed=1) == S.bootstrap_ci(b - a, seed=1)
    assert S.bootstrap_ci(b - a, seed=1) != S.bootstrap_ci(b - a, seed=2)
    p1 = S.randomization_test(a, b, n_permutations=2000, seed=1)
    assert p1 == S.randomization_test(a, b, n_permutations=2000, seed=1)
    assert p1 != S.randomization_test(a, b, n_permutations=2000, seed=2)


def _three_systems() -> pd.DataFrame:
    rng = np.random.default_rng(42)
    base = rng.random((2, 40))
    return _frame(
        {
            "BM25": {"nDCG@10": list(base[0]), "MRR": list(base[1])},
            "GraphRAG": {
                "nDCG@10": list(np.clip(base[0] + 0.15 + rng.normal(0, 0.1, 40), 0, 1)),
                "MRR": list(np.clip(base[1] + rng.normal(0, 0.2, 40), 0, 1)),
            },
            "Hybrid": {
                "nDCG@10": list(np.clip(base[0] + 0.03 + rng.normal(0, 0.2, 40), 0, 1)),
                "MRR": list(np.clip(base[1] + 0.1 + rng.normal(0, 0.2, 40), 0, 1)),
            },
        }
    )


def test_compare_systems_reproducible_and_independent_of_other_systems():
    pq = _three_systems()
    kw = dict(n_permutations=2000, n_resamples=2000)
    first = S.compare_systems(pq, ["nDCG@10", "MRR"], **kw)
    again = S.compare_systems(pq, ["nDCG@10", "MRR"], **kw)
    pd.testing.assert_frame_equal(first, again)
    # a pair's random draws depend on its names, not on which other systems ran
    only = S.compare_systems(pq, ["nDCG@10"], systems=["Hybrid"], **kw).iloc[0]
    full = first[(first.metric == "nDCG@10") & (first.system == "Hybrid")].iloc[0]
    for col in ("p_value", "ci_low", "ci_high"):
        assert only[col] == full[col]
    other_seed = S.compare_systems(pq, ["nDCG@10"], seed=1, **kw)
    assert not np.array_equal(other_seed["ci_low"], first["ci_low"][:2])


# ---------------------------------------------------------------------------
# compare_systems


def test_compare_systems_fields_values_and_holm_per_metric():
    pq = _three_systems()
    out = S.compare_systems(pq, ["nDCG@10", "MRR"], test="t", n_resamples=2000)
    assert list(out.columns) == list(S.COMPARISON_FIELDS)
    assert list(out.columns) == [
        "metric",
        "baseline",
        "system",
        "n",
        "mean_diff",
        "ci_low",
        "ci_high",
        "p_value",
        "p_adjusted",
        "test",
        "wins",
        "ties",
        "losses",
    ]
    assert out[["metric", "system"]].values.tolist() == [
        ["nDCG@10", "GraphRAG"],
        ["nDCG@10", "Hybrid"],
        ["MRR", "GraphRAG"],
        ["MRR", "Hybrid"],
    ]
    assert set(out["baseline"]) == {"BM25"}  # baseline None → the first system
    assert set(out["test"]) == {"t"}
    for _, row in out.iterrows():
        _, xa, xb = S.paired_scores(pq, row["metric"], "BM25", row["system"])
        assert row["n"] == 40
        assert row["mean_diff"] == pytest.approx((xb - xa).mean())  # system − baseline
        assert row["p_value"] == pytest.approx(sps.ttest_rel(xb, xa).pvalue, rel=1e-12)
        assert (row["wins"], row["ties"], row["losses"]) == S.win_tie_loss(xa, xb)
        assert row["ci_low"] < row["mean_diff"] < row["ci_high"]
    # Holm within each metric (m = 2), not across all four rows (m = 4)
    for metric in ("nDCG@10", "MRR"):
        part = out[out.metric == metric]
        assert part["p_adjusted"].to_numpy() == pytest.approx(S.holm(part["p_value"]))
    across_all = S.holm(out["p_value"])
    assert not np.allclose(across_all, out["p_adjusted"])
    # GraphRAG is 0.15 better on nDCG@10 by construction
    g = out[(out.metric == "nDCG@10") & (out.system == "GraphRAG")].iloc[0]
    assert g["mean_diff"] > 0.1 and g["p_adjusted"] < 0.001 and g["wins"] > g["losses"]


def test_compare_systems_baseline_systems_and_missing_questions():
    pq = _frame(
        {
            "A": {"MRR": [0.1, 0.2, 0.3, 0.4]},
            "B": {"MRR": [0.5, 0.5, 0.5]},
            "C": {"MRR": [0.0, 0.0, 0.0, 0.0]},
        },
        qids={"A": ["1", "2", "3", "4"], "B": ["2", "3", "4"], "C": ["1", "2", "3", "4"]},
    )
    out = S.compare_systems(pq, "MRR", baseline="B", n_resamples=500)
    assert out["system"].tolist() == ["A", "C"]
    assert out["n"].tolist() == [3, 3]  # inner join with B's three questions
    assert out["mean_diff"].tolist() == pytest.approx([0.3 - 0.5, -0.5])
    assert out[["wins", "ties", "losses"]].values.tolist() == [[0, 0, 3], [0, 0, 3]]
    sub = S.compare_systems(pq, "MRR", baseline="A", systems=["C", "A"], n_resamples=500)
    assert sub["system"].tolist() == ["C"]
    with pytest.raises(InputError):
        S.compare_systems(pq, "MRR", baseline="Z")
    with pytest.raises(InputError):
        S.compare_systems(pq, "Recall@5")
    with pytest.raises(ValueError):
        S.compare_systems(pq, "MRR", test="anova")


def test_compare_systems_wilcoxon_and_randomization_p_values():
    pq = _three_systems()
    for test, fn in (("wilcoxon", S.wilcoxon), ("randomization", S.randomization_test)):
        out = S.compare_systems(pq, "MRR", test=test, n_permutations=3000, n_resamples=500)
        _, xa, xb = S.paired_scores(pq, "MRR", "BM25", "Hybrid")
        row = out[out.system == "Hybrid"].iloc[0]
        if test == "wilcoxon":
            assert row["p_value"] == pytest.approx(fn(xa, xb))
        else:  # Monte-Carlo with another seed: agrees within MC error
            assert row["p_value"] == pytest.approx(fn(xa, xb, n_permutations=3000), abs=0.02)


def test_comparisons_to_json_plain_types_and_none_for_nan():
    pq = _frame({"A": {"MRR": [0.1, 0.5]}, "B": {"MRR": [0.3, 0.2]}})
    out = S.compare_systems(pq, "MRR", test="t", n_resamples=200)
    out.loc[0, "ci_low"] = math.nan
    records = S.comparisons_to_json(out)
    assert list(records[0]) == list(S.COMPARISON_FIELDS)
    rec = records[0]
    assert rec["ci_low"] is None
    assert type(rec["n"]) is int and type(rec["wins"]) is int
    assert type(rec["mean_diff"]) is float and type(rec["p_value"]) is float
    assert rec["system"] == "B" and rec["baseline"] == "A"
    import json

    json.dumps(records, allow_nan=False)  # strict JSON: no NaN leaked through


# ---------------------------------------------------------------------------
# per-system CIs for the charts


def test_system_confidence_intervals():
    pq = _three_systems()
    ci = S.system_confidence_intervals(pq, ["nDCG@10", "MRR"], n_resamples=1000)
    assert list(ci.columns) == ["system", "metric", "mean", "ci_low", "ci_high", "n"]
    assert len(ci) == 6
    for _, row in ci.iterrows():
        values = pq.loc[pq.system == row["system"], row["metric"]]
        assert row["mean"] == pytest.approx(values.mean())
        assert row["n"] == 40
        assert row["ci_low"] < row["mean"] < row["ci_high"]
    again = S.system_confidence_intervals(pq, ["nDCG@10", "MRR"], n_resamples=1000)
    pd.testing.assert_frame_equal(ci, again)


# ---------------------------------------------------------------------------
# sentences


def _row(**kw):
    row = {
        "metric": "nDCG@10",
        "baseline": "BM25",
        "system": "GraphRAG",
        "n": 40,
        "mean_diff": 0.08,
        "ci_low": 0.03,
        "ci_high": 0.13,
        "p_value": 0.001,
        "p_adjusted": 0.004,
        "test": "randomization",
        "wins": 27,
        "ties": 3,
        "losses": 10,
    }
    row.update(kw)
    return row


def test_describe_significant_english_and_korean():
    row = _row()
    assert S.describe_comparison(row, "en") == (
        "GraphRAG beats BM25 on nDCG@10 by 0.08 (95% CI 0.03 – 0.13, "
        "p = 0.004 after Holm correction; better on 27 of 40 questions)."
    )
    assert S.describe_comparison(row, "ko") == (
        "GraphRAG의 nDCG@10 점수가 BM25보다 0.08 높으며, 이 차이는 통계적으로 유의합니다 "
        "(95% 신뢰구간 0.03 – 0.13, Holm 보정 후 p = 0.004; 40개 질문 중 27개에서 더 좋음)."
    )


def test_describe_not_significant_english_and_korean():
    row = _row(
        mean_diff=0.02, ci_low=-0.03, ci_high=0.07, p_adjusted=0.41, wins=18, losses=15, ties=7
    )
    assert S.describe_comparison(row, "en") == (
        "GraphRAG scores 0.02 higher than BM25 on nDCG@10, but the difference is not "
        "significant (95% CI −0.03 – 0.07, p = 0.41 after Holm correction); better on 18, "
        "worse on 15 of 40 questions — it may be noise."
    )
    assert S.describe_comparison(row, "ko") == (
        "GraphRAG의 nDCG@10 점수가 BM25보다 0.02 높지만, 차이는 통계적으로 유의하지 "
        "않습니다 (95% 신뢰구간 −0.03 – 0.07, Holm 보정 후 p = 0.41; 40개 질문 중 18개에서 "
        "더 좋고 15개에서 더 나쁨). 우연일 수 있습니다."
    )


def test_describe_significantly_worse_tiny_p_and_alpha():
    row = _row(mean_diff=-0.12, ci_low=-0.2, ci_high=-0.05, p_adjusted=0.0002, wins=5, losses=30)
    assert S.describe_comparison(row, "en") == (
        "GraphRAG is worse than BM25 on nDCG@10 by 0.12 (95% CI −0.20 – −0.05, "
        "p < 0.001 after Holm correction; worse on 30 of 40 questions)."
    )
    assert S.describe_comparison(row, "ko") == (
        "GraphRAG의 nDCG@10 점수가 BM25보다 0.12 낮으며, 이 차이는 통계적으로 유의합니다 "
        "(95% 신뢰구간 −0.20 – −0.05, Holm 보정 후 p < 0.001; 40개 질문 중 30개에서 더 나쁨)."
    )
    # the same row is "not significant" at a stricter alpha
    strict = S.describe_comparison(_row(), "en", alpha=0.001)
    assert "not significant" in strict and "it may be noise" in strict


def test_describe_without_holm_and_hangul_names():
    row = _row(system="그래프검색", baseline="키워드검색", p_adjusted=math.nan, p_value=0.02)
    en = S.describe_comparison(row, "en")
    assert "p = 0.020 (" not in en and "p = 0.020;" in en and "Holm" not in en
    ko = S.describe_comparison(row, "ko")
    # no name-dependent particle: 의 / 보다 follow names, 가 follows the fixed word 점수
    assert ko.startswith("그래프검색의 nDCG@10 점수가 키워드검색보다 0.08 높으며")
    assert "Holm" not in ko


def test_describe_from_compare_systems_row_and_no_pairs():
    pq = _three_systems()
    out = S.compare_systems(pq, "nDCG@10", n_permutations=2000, n_resamples=1000)
    text = S.describe_comparison(out.iloc[0], "en")
    assert text.startswith("GraphRAG beats BM25 on nDCG@10 by 0.1")
    empty = _row(n=0, mean_diff=math.nan, ci_low=math.nan, ci_high=math.nan, wins=0, losses=0)
    assert "no question" in S.describe_comparison(empty, "en")
    assert "질문이 없습니다" in S.describe_comparison(empty, "ko")
