"""Each assessor's standard and the bootstrap intervals of weighted κ and ordinal α
(workbench.core.measures.agreement_intervals), checked against a reference bootstrap
written here: the same seed and resampling indices, each replicate computed by
independent code (a hand-written quadratic κ; the krippendorff package for α)."""

from __future__ import annotations

import math

import krippendorff
import numpy as np
import pandas as pd
import pytest

from workbench.core.measures import agreement as ag
from workbench.core.measures import agreement_intervals as ai
from workbench.core.model.schema import JUDGMENT_COLUMNS

SCALE = [0, 1, 2, 3]


def frame(rows: list[tuple]) -> pd.DataFrame:
    """Rows of (question, passage, grade, assessor)."""
    full = [(q, p, g, a, "", "", "", i + 2) for i, (q, p, g, a) in enumerate(rows)]
    return pd.DataFrame(full, columns=JUDGMENT_COLUMNS)


def random_study(seed: int = 7, items: int = 60) -> pd.DataFrame:
    """Three assessors around a true grade; C grades a third of the items, B is lenient."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(items):
        truth = int(rng.integers(0, 4))
        for who, shift in (("A", 0), ("B", 1), ("C", 0)):
            if who == "C" and i % 3:
                continue
            grade = int(np.clip(truth + rng.integers(-1, 2) + shift, 0, 3))
            rows.append((f"Q{i // 6}", f"P{i:03d}", grade, who))
    return frame(rows)


# -- independent reference code ---------------------------------------------------------


def hand_quadratic_kappa(y1: list[int], y2: list[int]) -> float:
    """1 − Σ w O / Σ w E by loops over the grade values (no numpy algebra)."""
    n = len(y1)
    observed = sum((u - v) ** 2 for u, v in zip(y1, y2))
    expected = sum((u - v) ** 2 for u in y1 for v in y2) / n
    return math.nan if expected == 0 else 1.0 - observed / expected


def reference_items(judgments: pd.DataFrame) -> dict[tuple[str, str], dict[str, int]]:
    """(question, passage) → {assessor: grade}, the first row of an assessor counting."""
    items: dict[tuple[str, str], dict[str, int]] = {}
    for q, p, g, a in judgments[["question_id", "passage_id", "grade", "assessor"]].itertuples(
        index=False
    ):
        items.setdefault((str(q), str(p)), {}).setdefault(a, int(g))
    return items


def percentile(values: list[float]) -> tuple[float, float, int]:
    defined = [v for v in values if not math.isnan(v)]
    low, high = np.quantile(defined, [0.025, 0.975])
    return float(low), float(high), len(values) - len(defined)


def reference_kappa_interval(judgments, a, b, replicates, seed):
    items = reference_items(judgments)
    units = sorted(k for k, g in items.items() if a in g and b in g)
    rng = np.random.Generator(np.random.PCG64(seed))
    values = []
    for _ in range(replicates):
        idx = rng.integers(0, len(units), size=len(units))
        drawn = [items[units[i]] for i in idx]
        values.append(hand_quadratic_kappa([g[a] for g in drawn], [g[b] for g in drawn]))
    return percentile(values)


def reference_alpha_interval(judgments, replicates, seed):
    items = reference_items(judgments)
    names = sorted({a for g in items.values() for a in g})
    units = sorted(k for k, g in items.items() if len(g) >= 2)
    matrix = np.array([[items[u].get(a, np.nan) for u in units] for a in names], dtype=float)
    rng = np.random.Generator(np.random.PCG64(seed))
    values = []
    for _ in range(replicates):
        idx = rng.integers(0, len(units), size=len(units))
        values.append(
            krippendorff.alpha(
                reliability_data=matrix[:, idx],
                level_of_measurement="ordinal",
                value_domain=SCALE,
            )
        )
    return percentile(values)


# -- the intervals against the reference --------------------------------------------------


def test_kappa_intervals_equal_the_reference_bootstrap():
    judgments = random_study()
    result = ai.assessor_standards(judgments, seed=123, replicates=300)
    assert [(p.a, p.b) for p in result.pairs] == [("A", "B"), ("A", "C"), ("B", "C")]
    for pair in result.pairs:
        low, high, undefined = reference_kappa_interval(judgments, pair.a, pair.b, 300, 123)
        assert pair.kappa_quadratic_ci.low == pytest.approx(low, abs=1e-12)
        assert pair.kappa_quadratic_ci.high == pytest.approx(high, abs=1e-12)
        assert pair.kappa_quadratic_ci.undefined == undefined == 0
        assert pair.kappa_quadratic_ci.low < pair.kappa_quadratic < pair.kappa_quadratic_ci.high


def test_alpha_interval_equals_the_reference_bootstrap_with_the_package():
    judgments = random_study()
    result = ai.assessor_standards(judgments, seed=99, replicates=200)
    low, high, undefined = reference_alpha_interval(judgments, 200, 99)
    assert result.alpha_ci.low == pytest.approx(low, abs=1e-12)
    assert result.alpha_ci.high == pytest.approx(high, abs=1e-12)
    assert result.alpha_ci.undefined == undefined == 0


def test_another_seed_draws_another_interval_and_the_same_seed_the_same():
    judgments = random_study()
    one = ai.assessor_standards(judgments, seed=1, replicates=200)
    again = ai.assessor_standards(judgments, seed=1, replicates=200)
    other = ai.assessor_standards(judgments, seed=2, replicates=200)
    assert one.alpha_ci == again.alpha_ci
    assert one.alpha_ci != other.alpha_ci


def test_point_values_equal_the_krippendorff_package_and_the_agreement_table():
    judgments = random_study(seed=3, items=45)
    items = reference_items(judgments)
    units = sorted(items)
    matrix = np.array([[items[u].get(a, np.nan) for u in units] for a in "ABC"], dtype=float)
    result = ai.assessor_standards(judgments, replicates=10)
    assert result.alpha_ordinal == pytest.approx(
        krippendorff.alpha(reliability_data=matrix, level_of_measurement="ordinal"), abs=1e-12
    )
    table = ag.agreement_table(judgments)
    for pair, row in zip(result.pairs, table.pairs):
        assert pair.kappa_quadratic == pytest.approx(row.kappa_quadratic, abs=1e-12)
        assert pair.confusion.equals(row.confusion)


def test_published_example_alpha():
    # Krippendorff (2011), section C: 4 coders, 12 units, missing values; ordinal α = 0.815
    data = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
        [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
    ]
    rows = [
        (f"Q{u}", f"P{u}", value, coder)
        for coder, grades in zip("WXYZ", data)
        for u, value in enumerate(grades)
        if value is not None
    ]
    result = ai.assessor_standards(frame(rows), replicates=5)
    matrix = np.array([[np.nan if v is None else v for v in r] for r in data], dtype=float)
    expected = krippendorff.alpha(reliability_data=matrix, level_of_measurement="ordinal")
    assert result.alpha_ordinal == pytest.approx(expected, abs=1e-12)
    assert result.alpha_ordinal == pytest.approx(0.815, abs=0.001)


def test_perfect_agreement_gives_the_interval_one_to_one():
    rows = []
    for i in range(40):
        for who in ("A", "B"):
            rows.append(("Q1", f"P{i:02d}", i % 4, who))
    result = ai.assessor_standards(frame(rows), replicates=500)
    (pair,) = result.pairs
    assert (pair.kappa_quadratic_ci.low, pair.kappa_quadratic_ci.high) == (1.0, 1.0)
    assert (result.alpha_ci.low, result.alpha_ci.high) == (1.0, 1.0)
    assert (pair.mean_difference_ci.low, pair.mean_difference_ci.high) == (0.0, 0.0)
    assert not pair.notable
    assert "말할 수 없습니다" in pair.sentence("ko")


def test_a_resample_of_a_single_grade_is_left_out_and_said():
    # nine items both graded 0 and one both graded 2: a resample missing that item has
    # one grade only, where κ and α are undefined
    rows = []
    for i in range(10):
        for who in ("A", "B"):
            rows.append(("Q1", f"P{i}", 2 if i == 9 else 0, who))
    judgments = frame(rows)
    result = ai.assessor_standards(judgments, seed=5, replicates=400)
    rng = np.random.Generator(np.random.PCG64(5))
    missed = sum(9 not in rng.integers(0, 10, size=10) for _ in range(400))
    assert 0 < missed < 200  # about 400 × 0.9¹⁰ ≈ 139
    (pair,) = result.pairs
    assert pair.kappa_quadratic_ci.undefined == missed
    assert result.alpha_ci.undefined == missed
    # every defined resample agrees perfectly
    assert (pair.kappa_quadratic_ci.low, pair.kappa_quadratic_ci.high) == (1.0, 1.0)
    assert f"400개 중 {missed}개" in result.alpha_ci.caveat("ko")
    assert f"{missed} of 400 resamples" in pair.kappa_quadratic_ci.caveat("en")
    assert result.to_dict()["alpha_ci"]["undefined_replicates"] == missed


def test_no_interval_when_every_resample_is_undefined():
    rows = [("Q1", f"P{i}", 1, who) for i in range(6) for who in ("A", "B")]
    result = ai.assessor_standards(frame(rows), replicates=50)
    (pair,) = result.pairs
    assert math.isnan(pair.kappa_quadratic) and math.isnan(result.alpha_ordinal)
    assert not pair.kappa_quadratic_ci.defined and pair.kappa_quadratic_ci.undefined == 50
    assert pair.kappa_quadratic_ci.text() == "–"
    assert "no interval" in pair.kappa_quadratic_ci.caveat("en")
    assert result.to_dict()["alpha_ci"]["low"] is None


# -- each assessor's standard -------------------------------------------------------------


def test_each_assessors_items_mean_and_distribution_by_hand():
    rows = [
        ("Q1", "P1", 0, "A"), ("Q1", "P2", 1, "A"), ("Q1", "P3", 1, "A"), ("Q1", "P4", 3, "A"),
        ("Q1", "P1", 2, "B"), ("Q1", "P2", 2, "B"), ("Q1", "P3", 3, "B"),
        ("Q1", "P1", 1, "A"),  # a second row of A on P1: the first counts
    ]  # fmt: skip
    result = ai.assessor_standards(frame(rows), replicates=20)
    a, b = result.assessors
    assert (a.assessor, a.items, a.mean) == ("A", 4, pytest.approx(5 / 4))
    assert a.counts == {0: 1, 1: 2, 2: 0, 3: 1}
    assert a.shares == {0: 0.25, 1: 0.5, 2: 0.0, 3: 0.25}
    assert (b.assessor, b.items, b.mean) == ("B", 3, pytest.approx(7 / 3))
    assert b.counts == {0: 0, 1: 0, 2: 2, 3: 1}
    (pair,) = result.pairs
    # on the three items both graded: A 0, 1, 1 (mean 2/3); B 2, 2, 3 (mean 7/3)
    assert pair.n == 3
    assert pair.mean_a == pytest.approx(2 / 3) and pair.mean_b == pytest.approx(7 / 3)
    assert pair.mean_difference == pytest.approx(5 / 3)
    assert pair.confusion.loc[0, 2] == 1 and pair.confusion.loc[1, 2] == 1
    assert pair.confusion.loc[1, 3] == 1 and int(pair.confusion.to_numpy().sum()) == 3


def test_a_lenient_assessor_is_named_with_the_numbers():
    # B gives one grade more than A on every one of 30 items: the difference is 1 in
    # every resample, so the interval is [1, 1] and leaves out 0
    rows = []
    for i in range(30):
        rows.append(("Q1", f"P{i:02d}", i % 3, "A"))
        rows.append(("Q1", f"P{i:02d}", i % 3 + 1, "B"))
    (pair,) = ai.assessor_standards(frame(rows), replicates=100).pairs
    assert pair.notable
    assert (pair.mean_difference_ci.low, pair.mean_difference_ci.high) == (1.0, 1.0)
    assert pair.sentence("ko") == (
        "같이 평가한 30개 항목에서 A는 평균 1.00, B는 2.00: B가 더 후하게 판정합니다 "
        "(A보다 평균 1.00 높음, 95% 구간 1.00 – 1.00)."
    )
    assert pair.sentence("en") == (
        "On the 30 items both graded, A averages 1.00 and B 2.00: B grades more generously "
        "(1.00 higher than A on average, 95% interval 1.00 – 1.00)."
    )


def test_the_first_assessor_named_when_they_are_the_lenient_one():
    rows = []
    for i in range(30):
        rows.append(("Q1", f"P{i:02d}", i % 3 + 1, "가"))
        rows.append(("Q1", f"P{i:02d}", i % 3, "나"))
    (pair,) = ai.assessor_standards(frame(rows), replicates=100).pairs
    assert "가가 더 후하게" in pair.sentence("ko") and "나보다 평균 1.00 높음" in pair.sentence("ko")


def test_one_assessor_has_nothing_to_compare():
    rows = [("Q1", f"P{i}", i % 4, "A") for i in range(5)]
    result = ai.assessor_standards(frame(rows))
    assert not result.computed and result.pairs == []


def test_json_shape_states_the_seed_and_replicates():
    data = ai.assessor_standards(random_study(), seed=11, replicates=50).to_dict()
    assert data["bootstrap"]["seed"] == 11 and data["bootstrap"]["replicates"] == 50
    assert [a["assessor"] for a in data["assessor_standards"]] == ["A", "B", "C"]
    first = data["pair_standards"][0]
    assert first["scale"] == SCALE
    assert sum(map(sum, first["confusion"])) == first["n"]
    assert set(first["kappa_quadratic_ci"]) == {"low", "high", "replicates", "undefined_replicates"}


def test_replicates_must_be_positive():
    with pytest.raises(ValueError):
        ai.assessor_standards(random_study(), replicates=0)


def test_an_interval_is_read_by_its_statistics_guideline():
    # κ: 0.45 and 0.75 are both in Landis & Koch's bands, "moderate" and "substantial"
    spans = ai.Interval(0.45, 0.75, 1000)
    assert spans.reading("kappa_quadratic", "en") == "the interval spans ‘moderate’ to ‘substantial’"
    assert spans.reading("kappa_quadratic", "ko") == "구간이 ‘보통’부터 ‘상당’까지 걸침"
    # α read by Krippendorff's thresholds: 0.70–0.79 is tentative at both ends
    tentative = ai.Interval(0.70, 0.79, 1000)
    assert tentative.reading("alpha", "ko") == "구간 전체가 ‘잠정적 결론에만 충분함 (0.667–0.800)’"
    assert ai.Interval(math.nan, math.nan, 1000, 1000).reading("alpha", "en") == "undefined"


def test_a_thousand_resamples_of_three_thousand_items_take_well_under_seconds():
    import time

    judgments = random_study(seed=11, items=3000)
    start = time.perf_counter()
    result = ai.assessor_standards(judgments, replicates=1000)
    elapsed = time.perf_counter() - start
    assert result.alpha_ci.defined and len(result.pairs) == 3
    # about 0.1 s here; a replicate computed item by item would take minutes
    assert elapsed < 3.0, elapsed
