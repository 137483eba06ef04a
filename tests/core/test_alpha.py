"""Krippendorff's alpha computed with numpy (workbench.core.measures.agreement.alpha_reliability).

Hand-computed cases first, then a cross-check against the ``krippendorff``
package, which is a test-only dependency (it is GPL-3.0, so the app does not
ship it).
"""

from __future__ import annotations

import math
from fractions import Fraction

import krippendorff
import numpy as np
import pytest

from workbench.core.measures.agreement import ALPHA_LEVELS, alpha_reliability

NAN = math.nan

# Section C of Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability":
# 4 observers × 12 units, values 1–5, missing data.
PAPER = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, 3],
    [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NAN],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN],
]


def test_paper_example_nominal_exactly():
    # The paper's coincidence matrix has n = 40, diagonal sum 32 and
    # n_c = 9, 13, 10, 5, 3 for the values 1..5, so
    # α = ((n−1)·Σo_cc − Σn_c(n_c−1)) / (n(n−1) − Σn_c(n_c−1))
    #   = (39·32 − 344) / (1560 − 344) = 904 / 1216 = 0.743 (the paper's value).
    assert alpha_reliability(PAPER, "nominal") == pytest.approx(
        float(Fraction(904, 1216)), abs=1e-15
    )


@pytest.mark.parametrize(
    ("level", "published"), [("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)]
)
def test_paper_example_other_levels_to_the_published_digits(level, published):
    assert alpha_reliability(PAPER, level) == pytest.approx(published, abs=5e-4)


# Two raters, three units: (0, 0), (1, 1), (1, 2).
# Coincidences (m_u = 2, so each ordered pair counts 1): o_00 = 2, o_11 = 2,
# o_12 = o_21 = 1; n_c = (2, 3, 1), n = 6.
SMALL = [[0, 1, 1], [0, 1, 2]]


def test_small_nominal_by_hand():
    # D_o·(n−1) = 5·(o_12 + o_21) = 10; Σ_{c≠k} n_c n_k = 36 − (4 + 9 + 1) = 22
    assert alpha_reliability(SMALL, "nominal") == pytest.approx(1 - 10 / 22, abs=1e-15)


def test_small_interval_by_hand():
    # Σ o δ² = 2·1 = 2 → ·5 = 10; Σ n_c n_k (c−k)² = 2·(2·3·1 + 2·1·4 + 3·1·1) = 34
    assert alpha_reliability(SMALL, "interval") == pytest.approx(1 - 10 / 34, abs=1e-15)


def test_small_ordinal_by_hand():
    # d_g = cumulative n − n_g/2 = (1, 3.5, 5.5): δ²_01 = 6.25, δ²_02 = 20.25, δ²_12 = 4.
    # Σ o δ² = 2·4 = 8 → ·5 = 40; Σ n_c n_k δ² = 2·(6·6.25 + 2·20.25 + 3·4) = 180
    assert alpha_reliability(SMALL, "ordinal") == pytest.approx(1 - 40 / 180, abs=1e-15)


def test_small_ratio_by_hand():
    # δ²(0, k) = 1, δ²(1, 2) = (1/3)² = 1/9
    # Σ o δ² = 2/9 → ·5 = 10/9; Σ n_c n_k δ² = 2·(6·1 + 2·1 + 3·1/9) = 50/3
    assert alpha_reliability(SMALL, "ratio") == pytest.approx(1 - (10 / 9) / (50 / 3), abs=1e-15)


@pytest.mark.parametrize("level", ALPHA_LEVELS)
def test_a_lone_grade_on_an_extra_unit_changes_nothing(level):
    # unit 4 is graded by one rater only: not pairable, left out
    with_lone = [[0, 1, 1, 3], [0, 1, 2, NAN]]
    assert alpha_reliability(with_lone, level) == alpha_reliability(SMALL, level)


@pytest.mark.parametrize("level", ALPHA_LEVELS)
def test_perfect_agreement_is_one(level):
    assert alpha_reliability([[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, NAN, 3]], level) == 1.0


@pytest.mark.parametrize(
    "data",
    [
        [[2, 2, 2], [2, 2, 2]],  # one value only
        [[0, 1, NAN], [NAN, NAN, 2]],  # no unit with two values
        [[1, 1, 3], [1, 1, NAN]],  # two values, but the paired ones are all 1
        [[NAN, NAN], [NAN, NAN]],
    ],
)
@pytest.mark.parametrize("level", ALPHA_LEVELS)
def test_undefined_alpha_is_nan(data, level):
    assert math.isnan(alpha_reliability(data, level))


def test_unknown_level_and_bad_shape_are_refused():
    with pytest.raises(ValueError, match="level"):
        alpha_reliability(SMALL, "cardinal")
    with pytest.raises(ValueError, match="matrix"):
        alpha_reliability([0, 1, 2], "nominal")


def _random_matrices(seed: int, count: int):
    """Coders × units grade matrices: 2–5 raters, grades 0–3, about a third missing."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        raters = int(rng.integers(2, 6))
        units = int(rng.integers(3, 30))
        data = rng.integers(0, 4, size=(raters, units)).astype("float64")
        data[rng.random(data.shape) < rng.uniform(0.0, 0.6)] = np.nan
        yield data


def _package_alpha(data: np.ndarray, level: str) -> float:
    try:
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(krippendorff.alpha(reliability_data=data, level_of_measurement=level))
    except ValueError:  # the package refuses a one-value domain / no pairable unit
        return math.nan


@pytest.mark.parametrize("level", ALPHA_LEVELS)
def test_equals_the_krippendorff_package_on_random_matrices(level):
    compared = undefined = 0
    worst = 0.0
    for data in _random_matrices(seed=ALPHA_LEVELS.index(level) + 20, count=240):
        ours, theirs = alpha_reliability(data, level), _package_alpha(data, level)
        if math.isnan(theirs):
            assert math.isnan(ours), data
            undefined += 1
            continue
        worst = max(worst, abs(ours - theirs))
        assert ours == pytest.approx(theirs, abs=1e-12, rel=0), data
        compared += 1
    assert compared >= 200, (compared, undefined)
    assert worst <= 1e-12
