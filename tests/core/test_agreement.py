"""Assessor agreement and grade resolution (workbench.core.measures.agreement)."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.measures import agreement as ag
from workbench.core.model.problems import InputError
from workbench.core.model.schema import JUDGMENT_COLUMNS


def frame(rows: list[tuple]) -> pd.DataFrame:
    """Rows of (question, passage, grade, assessor[, role, group, note])."""
    full = []
    for i, r in enumerate(rows):
        q, p, g, a, *rest = r
        role, group, note = (list(rest) + ["", "", ""])[:3]
        full.append((q, p, g, a, role, group, note, i + 2))
    return pd.DataFrame(full, columns=JUDGMENT_COLUMNS)


def two_assessors(a: list[int], b: list[int]) -> pd.DataFrame:
    rows = []
    for i, (ga, gb) in enumerate(zip(a, b)):
        rows.append(("Q1", f"P{i:03d}", ga, "A"))
        rows.append(("Q1", f"P{i:03d}", gb, "B"))
    return frame(rows)


def sklearn_style_kappa(y1: list[int], y2: list[int], weights: str | None = None) -> float:
    """Independent re-statement of sklearn.metrics.cohen_kappa_score (label indexes)."""
    labels = sorted(set(y1) | set(y2))
    idx = {v: i for i, v in enumerate(labels)}
    k = len(labels)
    cm = np.zeros((k, k))
    for u, v in zip(y1, y2):
        cm[idx[u], idx[v]] += 1
    expected = np.outer(cm.sum(axis=1), cm.sum(axis=0)) / cm.sum()
    if weights is None:
        w = np.ones((k, k)) - np.eye(k)
    else:
        w = (np.arange(k)[:, None] - np.arange(k)[None, :]) ** 2
    return 1 - (w * cm).sum() / (w * expected).sum()


# ---------------------------------------------------------------------------
# kappa against hand-computed tables


def test_kappa_two_by_two_hand_table():
    # Table (rows A, cols B):   B=0  B=1
    #                    A=0    20    5
    #                    A=1    10   15        n = 50
    # p_o = (20 + 15) / 50 = 0.70
    # rows 25, 25; cols 30, 20 → p_e = (25·30 + 25·20) / 50² = 1250 / 2500 = 0.50
    # κ = (0.70 − 0.50) / (1 − 0.50) = 0.40
    a = [0] * 20 + [0] * 5 + [1] * 10 + [1] * 15
    b = [0] * 20 + [1] * 5 + [0] * 10 + [1] * 15
    s = ag.agreement_table(two_assessors(a, b))
    (pair,) = s.pairs
    assert pair.n == 50
    assert pair.exact == pytest.approx(0.70)
    assert pair.kappa == pytest.approx(0.40)
    cm = pair.confusion
    assert list(cm.index) == [0, 1, 2, 3] and list(cm.columns) == [0, 1, 2, 3]
    assert cm.loc[0, 0] == 20 and cm.loc[0, 1] == 5 and cm.loc[1, 0] == 10 and cm.loc[1, 1] == 15
    assert cm.to_numpy().sum() == 50
    assert s.items == 50 and s.disagreements == 15


def test_kappa_and_quadratic_kappa_four_grades_hand_table():
    # A: 0 1 2 3,  B: 0 2 2 1   → cells (0,0) (1,2) (2,2) (3,1), n = 4
    # rows r = [1,1,1,1], cols c = [1,1,2,0]
    # unweighted: p_o = 2/4 = 0.5; p_e = (1+1+2+0)/16 = 0.25; κ = 0.25/0.75 = 1/3
    # quadratic: Σ w·O = (1−2)² + (3−1)² = 5
    #   Σ w·E = ¼ Σ_j c_j Σ_i (i−j)² = ¼ (1·14 + 1·6 + 2·6 + 0·14) = 32/4 = 8
    #   κ_q = 1 − 5/8 = 0.375
    a, b = [0, 1, 2, 3], [0, 2, 2, 1]
    (pair,) = ag.agreement_table(two_assessors(a, b)).pairs
    assert pair.kappa == pytest.approx(1 / 3)
    assert pair.kappa_quadratic == pytest.approx(0.375)
    assert pair.exact == pytest.approx(0.5)
    assert pair.kappa == pytest.approx(sklearn_style_kappa(a, b))
    assert pair.kappa_quadratic == pytest.approx(sklearn_style_kappa(a, b, "quadratic"))


def test_weighted_kappa_uses_grade_values_not_indexes():
    # Grades used: 0, 1, 3 (2 unused).  A: 0 1 3,  B: 1 1 3
    # rows r = [1,1,1], cols c = [0,2,1] over values g = (0, 1, 3), n = 3
    # by value: Σ w·O = (0−1)² = 1
    #   Σ w·E = ⅓ [2·((0−1)² + 0 + (3−1)²) + 1·((0−3)² + (1−3)² + 0)] = ⅓ (10 + 13) = 23/3
    #   κ_q = 1 − 3/23 = 20/23
    # by index (0,1,2) it would be 1 − 1/3 = 2/3 — wrong for a 0–3 scale
    cm3 = pd.DataFrame([[0, 1, 0], [0, 1, 0], [0, 0, 1]], index=[0, 1, 3], columns=[0, 1, 3])
    assert ag.weighted_kappa(cm3) == pytest.approx(20 / 23)
    assert ag.weighted_kappa(cm3.to_numpy()) == pytest.approx(2 / 3)
    # through the summary the full 0–3 scale is used, so the value is 20/23 too
    (pair,) = ag.agreement_table(two_assessors([0, 1, 3], [1, 1, 3])).pairs
    assert pair.kappa_quadratic == pytest.approx(20 / 23)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3)),
        min_size=2,
        max_size=40,
    )
)
def test_kappa_matches_sklearn_formula(pairs):
    a = [p[0] for p in pairs]
    b = [p[1] for p in pairs]
    labels = sorted(set(a) | set(b))
    s = ag.agreement_table(two_assessors(a, b))
    (pair,) = s.pairs
    if math.isnan(pair.kappa):
        # undefined only when both assessors used one and the same grade (p_e = 1)
        assert len(set(a)) == 1 and set(a) == set(b)
    else:
        assert pair.kappa == pytest.approx(sklearn_style_kappa(a, b))
        # swapping assessors never changes kappa
        (swapped,) = ag.agreement_table(two_assessors(b, a)).pairs
        assert swapped.kappa == pytest.approx(pair.kappa)
    # quadratic: sklearn uses label indexes → equal when labels are contiguous
    if labels == list(range(labels[0], labels[-1] + 1)) and not math.isnan(pair.kappa_quadratic):
        assert pair.kappa_quadratic == pytest.approx(sklearn_style_kappa(a, b, "quadratic"))
    assert pair.exact == pytest.approx(np.mean(np.array(a) == np.array(b)))


def test_identical_assessors_kappa_one_and_no_disagreements():
    grades = [0, 1, 2, 3, 3, 2, 0, 1]
    j = two_assessors(grades, grades)
    s = ag.agreement_table(j)
    (pair,) = s.pairs
    assert pair.kappa == pytest.approx(1.0)
    assert pair.kappa_quadratic == pytest.approx(1.0)
    assert pair.exact == 1.0
    assert s.alpha_ordinal == pytest.approx(1.0)
    assert s.disagreements == 0
    assert ag.disagreements(j).empty


def test_kappa_undefined_when_both_use_one_grade():
    s = ag.agreement_table(two_assessors([2, 2, 2], [2, 2, 2]))
    d = s.to_dict()
    assert d["pairs"][0]["kappa"] is None and d["pairs"][0]["exact"] == 1.0
    assert d["alpha_ordinal"] is None
    json.dumps(d)  # no NaN in the JSON


# ---------------------------------------------------------------------------
# Krippendorff's alpha: the worked example of "Computing Krippendorff's
# Alpha-Reliability" (4 observers × 12 units, values 1–5, missing allowed).

KRIPP = {
    "A": [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    "B": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    "C": [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    "D": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
}


def kripp_frame() -> pd.DataFrame:
    rows = []
    for who, values in KRIPP.items():
        for unit, v in enumerate(values, start=1):
            if v is not None:
                rows.append(("Q1", f"U{unit:02d}", v, who))
    return frame(rows)


@pytest.mark.parametrize(
    ("level", "published"),
    [("nominal", 0.743), ("interval", 0.849), ("ordinal", 0.815), ("ratio", 0.797)],
)
def test_krippendorff_alpha_published_example(level, published):
    value = ag.krippendorff_alpha(kripp_frame(), level)
    assert value == pytest.approx(published, abs=5e-4)


def test_krippendorff_alpha_exact_package_values():
    # values the krippendorff package gives on the example (checked once by hand
    # against the paper's 0.743 / 0.815 / 0.849)
    j = kripp_frame()
    assert ag.krippendorff_alpha(j, "nominal") == pytest.approx(0.743421052631579)
    assert ag.krippendorff_alpha(j, "interval") == pytest.approx(0.8491071428571428)
    assert ag.agreement_table(j).alpha_ordinal == pytest.approx(0.8153875037548814)


def test_agreement_summary_on_worked_example():
    s = ag.agreement_table(kripp_frame())
    assert s.assessors == ["A", "B", "C", "D"]
    # units with ≥2 values: all but unit 12 (only B)
    assert s.items == 11
    assert [(p.a, p.b) for p in s.pairs] == [
        ("A", "B"),
        ("A", "C"),
        ("A", "D"),
        ("B", "C"),
        ("B", "D"),
        ("C", "D"),
    ]
    ab = s.pairs[0]
    # A and B share units 1–9; they differ only on unit 6 (1 vs 2)
    assert ab.n == 9 and ab.exact == pytest.approx(8 / 9)
    # units where values differ: 2 (C=3), 6, 8 (C=2) → 3
    assert s.disagreements == 3
    assert s.scale == [0, 1, 2, 3, 4, 5]
    d = s.to_dict()
    assert set(d) == {"assessors", "items", "pairs", "alpha_ordinal", "disagreements"}
    assert set(d["pairs"][0]) == {"a", "b", "n", "exact", "kappa", "kappa_quadratic"}
    assert d["items"] == 11 and d["disagreements"] == 3
    json.dumps(d)


def test_single_assessor_file_has_no_pairs():
    j = frame([("Q1", "P1", 3, ""), ("Q1", "P2", 0, ""), ("Q2", "P1", 1, "")])
    s = ag.agreement_table(j)
    assert s.to_dict() == {
        "assessors": [],
        "items": 0,
        "pairs": [],
        "alpha_ordinal": None,
        "disagreements": 0,
    }
    assert ag.disagreements(j).empty


# ---------------------------------------------------------------------------
# disagreement list


def test_disagreements_sorted_by_gap_then_question():
    j = frame(
        [
            ("Q2", "P1", 1, "A", "", "", "애매함"),
            ("Q2", "P1", 2, "B"),
            ("Q1", "P5", 0, "A"),
            ("Q1", "P5", 3, "B", "", "", "핵심 근거"),
            ("Q1", "P6", 2, "A"),
            ("Q1", "P6", 2, "B"),  # agree: not listed
            ("Q1", "P7", 3, "A"),
            ("Q1", "P7", 2, "B"),
            ("Q3", "P1", 1, "A"),  # only one assessor: not listed
        ]
    )
    d = ag.disagreements(j)
    assert list(d.columns) == [
        "question_id",
        "passage_id",
        "grade:A",
        "note:A",
        "grade:B",
        "note:B",
        "n_assessors",
        "gap",
    ]
    assert list(zip(d["question_id"], d["passage_id"])) == [
        ("Q1", "P5"),
        ("Q1", "P7"),
        ("Q2", "P1"),
    ]
    assert d["gap"].tolist() == [3, 1, 1]
    assert d["grade:A"].tolist() == [0, 3, 1] and d["grade:B"].tolist() == [3, 2, 2]
    assert d.loc[0, "note:B"] == "핵심 근거" and d.loc[2, "note:A"] == "애매함"
    assert ag.agreement_table(j).disagreements == 3


# ---------------------------------------------------------------------------
# kappa bands


@pytest.mark.parametrize(
    ("kappa", "ko", "en"),
    [
        (-0.1, "나쁨", "poor"),
        (0.0, "미미", "slight"),
        (0.20, "미미", "slight"),
        (0.21, "약함", "fair"),
        (0.40, "약함", "fair"),
        (0.41, "보통", "moderate"),
        (0.60, "보통", "moderate"),
        (0.61, "상당", "substantial"),
        (0.80, "상당", "substantial"),
        (0.81, "거의 완전", "almost perfect"),
        (1.0, "거의 완전", "almost perfect"),
        (float("nan"), "정의되지 않음", "undefined"),
        (None, "정의되지 않음", "undefined"),
    ],
)
def test_kappa_band(kappa, ko, en):
    assert ag.kappa_band(kappa, "ko") == ko
    assert ag.kappa_band(kappa, "en") == en


def test_kappa_band_float_noise_at_boundary():
    assert ag.kappa_band(0.1 + 0.1, "en") == "slight"
    assert ag.kappa_band(0.6000000000000001, "en") == "moderate"


# ---------------------------------------------------------------------------
# resolution policies

#   item  A  B  C  D      median  majority  max  min  assessor=C
#   I1    0  1  3  -        1        1       3    0      3      (3-way tie → middle)
#   I2    2  2  0  -        2        2       2    0      0
#   I3    1  2  -  -        1        1       2    1      1      (C absent → median of others)
#   I4    0  1  3  3        1        3       3    0      3      (even → lower middle)
#   I5    2  -  -  -        2        2       2    2      2      (single)
POLICY_ROWS = [
    ("Q1", "I1", 0, "A", "core", "G1"),
    ("Q1", "I1", 1, "B", "", ""),
    ("Q1", "I1", 3, "C", "alternative", "G2"),
    ("Q1", "I2", 2, "A"),
    ("Q1", "I2", 2, "B", "supporting", ""),
    ("Q1", "I2", 0, "C"),
    ("Q2", "I3", 1, "A"),
    ("Q2", "I3", 2, "B"),
    ("Q2", "I4", 0, "A"),
    ("Q2", "I4", 1, "B"),
    ("Q2", "I4", 3, "C"),
    ("Q2", "I4", 3, "D"),
    ("Q3", "I5", 2, "A"),
]
EXPECTED = {
    "median": [1, 2, 1, 1, 2],
    "majority": [1, 2, 1, 3, 2],
    "max": [3, 2, 2, 3, 2],
    "min": [0, 0, 1, 0, 2],
    "assessor": [3, 0, 1, 3, 2],
}


@pytest.mark.parametrize("policy", list(EXPECTED))
def test_resolution_policy(policy):
    r = ag.resolve_grades(frame(POLICY_ROWS), policy, adjudicator="C")
    assert list(r.columns) == [
        "question_id",
        "passage_id",
        "grade",
        "role",
        "group",
        "n_assessors",
        "resolved_by",
    ]
    assert r["passage_id"].tolist() == ["I1", "I2", "I3", "I4", "I5"]
    assert r["grade"].tolist() == EXPECTED[policy]
    assert r["grade"].dtype == np.int64
    assert r["n_assessors"].tolist() == [3, 3, 2, 4, 1]
    assert r["resolved_by"].tolist() == ["policy"] * 4 + ["single"]
    # first non-empty role / group in file order
    assert r["role"].tolist() == ["core", "supporting", "", "", ""]
    assert r["group"].tolist() == ["G1", "", "", "", ""]
    assert r.attrs["policy"] == policy


def test_majority_two_way_tie_takes_lower():
    j = frame([("Q", "P", 1, "A"), ("Q", "P", 1, "B"), ("Q", "P", 3, "C"), ("Q", "P", 3, "D")])
    assert ag.resolve_grades(j, "majority")["grade"].tolist() == [1]


def test_duplicate_row_of_one_assessor_counts_once():
    j = frame([("Q", "P", 3, "A"), ("Q", "P", 0, "A"), ("Q", "P", 1, "B"), ("Q", "P", 1, "C")])
    r = ag.resolve_grades(j, "max")
    assert r["grade"].tolist() == [3] and r["n_assessors"].tolist() == [3]
    # A counts with its first grade (3): max 3, min 1
    assert ag.resolve_grades(j, "min")["grade"].tolist() == [1]


def test_overrides_win_over_policy():
    overrides = pd.DataFrame(
        {
            "question_id": ["Q1", "Q2", "Q2", "Q9", "Q3"],
            "passage_id": ["I1", "I4", "I4", "I9", "I5"],
            "grade": [2, 0, 1, None, None],
            "resolved_by_name": ["평가자C", "평가자C", "평가자D", "x", "y"],
            "reason": ["논의 후 합의", "", "재검토", "", ""],
        }
    )
    r = ag.resolve_grades(frame(POLICY_ROWS), "max", overrides=overrides)
    by = r.set_index("passage_id")
    assert by.loc["I1", "grade"] == 2 and by.loc["I1", "resolved_by"] == "manual"
    # last override of an item wins
    assert by.loc["I4", "grade"] == 1 and by.loc["I4", "resolved_by_name"] == "평가자D"
    assert by.loc["I4", "reason"] == "재검토"
    # untouched items keep the policy; empty-grade overrides are ignored
    assert by.loc["I2", "grade"] == 2 and by.loc["I2", "resolved_by"] == "policy"
    assert by.loc["I2", "reason"] == ""
    assert by.loc["I5", "resolved_by"] == "single"
    assert "I9" not in by.index
    assert r["grade"].dtype == np.int64


def test_override_of_unjudged_item_adds_it():
    overrides = pd.DataFrame({"question_id": ["Q7"], "passage_id": ["NEW"], "grade": [3]})
    r = ag.resolve_grades(frame(POLICY_ROWS), overrides=overrides)
    assert len(r) == 6
    last = r.iloc[-1]
    assert (last["passage_id"], last["grade"], last["n_assessors"], last["resolved_by"]) == (
        "NEW",
        3,
        0,
        "manual",
    )


@pytest.mark.parametrize("policy", list(EXPECTED))
def test_single_assessor_passes_through(policy):
    rows = [
        ("Q1", "P1", 3, "", "core", "G1"),
        ("Q1", "P2", 0, ""),
        ("Q2", "P1", 1, "", "supporting", "G1"),
        ("Q2", "P3", 2, ""),
    ]
    j = frame(rows)
    r = ag.resolve_grades(j, policy, adjudicator="누구")
    assert r["question_id"].tolist() == j["question_id"].tolist()
    assert r["passage_id"].tolist() == j["passage_id"].tolist()
    assert r["grade"].tolist() == j["grade"].tolist()
    assert r["role"].tolist() == j["role"].tolist()
    assert r["group"].tolist() == j["group"].tolist()
    assert set(r["resolved_by"]) == {"single"}


def test_unknown_policy_and_adjudicator_are_input_errors():
    with pytest.raises(InputError) as e:
        ag.resolve_grades(frame(POLICY_ROWS), "average")
    assert "average" in e.value.summary("ko")
    with pytest.raises(InputError) as e:
        ag.resolve_grades(frame(POLICY_ROWS), "assessor", adjudicator="Z")
    assert e.value.errors[0].code == "unknown_adjudicator"
    with pytest.raises(InputError):
        ag.resolve_grades(frame(POLICY_ROWS), "assessor")


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=3, max_size=3),
        min_size=1,
        max_size=15,
    )
)
def test_resolved_grade_between_min_and_max(grid):
    rows = []
    for i, grades in enumerate(grid):
        for who, g in zip("ABC", grades):
            if g is not None:
                rows.append(("Q", f"P{i}", g, who))
    if not rows:
        return
    j = frame(rows)
    lo = j.groupby("passage_id")["grade"].min()
    hi = j.groupby("passage_id")["grade"].max()
    judge = j["assessor"].iloc[-1]
    for policy in ag.POLICIES:
        r = ag.resolve_grades(j, policy, adjudicator=judge).set_index("passage_id")["grade"]
        assert (r >= lo.reindex(r.index)).all() and (r <= hi.reindex(r.index)).all()
    med = ag.resolve_grades(j, "median").set_index("passage_id")["grade"]
    for pid, g in j.groupby("passage_id")["grade"]:
        values = sorted(g.tolist())
        assert med[pid] == values[(len(values) - 1) // 2]


# ---------------------------------------------------------------------------
# dissent record


def test_dissent_record_keeps_every_original_grade():
    j = frame(POLICY_ROWS)
    overrides = pd.DataFrame(
        {"question_id": ["Q1"], "passage_id": ["I2"], "grade": [1], "reason": ["합의"]}
    )
    r = ag.resolve_grades(j, "median", overrides=overrides)
    d = ag.dissent_record(j, r)
    assert list(d.columns) == [
        "question_id",
        "passage_id",
        "grade:A",
        "grade:B",
        "grade:C",
        "grade:D",
        "resolved_grade",
        "resolved_by",
        "policy",
        "reason",
    ]
    row = d.set_index("passage_id")
    assert row.loc["I1", ["grade:A", "grade:B", "grade:C"]].tolist() == [0, 1, 3]
    assert pd.isna(row.loc["I1", "grade:D"])
    assert row.loc["I1", "resolved_grade"] == 1 and row.loc["I1", "policy"] == "median"
    assert row.loc["I2", "resolved_grade"] == 1 and row.loc["I2", "policy"] == "manual"
    assert row.loc["I2", "reason"] == "합의"
    assert row.loc["I5", "resolved_by"] == "single" and row.loc["I5", "policy"] == ""


def test_disagreements_with_an_assessor_who_graded_none_of_them():
    """A grade given in the app on an item nobody disputes adds an assessor whose
    note column in the queue is empty, not a column of NaN."""
    import pandas as pd

    from workbench.core.measures.agreement import disagreements, note_column
    from workbench.core.model import schema as S

    frame = pd.DataFrame(
        {
            S.QID: ["q1", "q1", "q2"],
            S.PID: ["p1", "p1", "p9"],
            S.GRADE: [0, 2, 1],
            S.ASSESSOR: ["A", "B", "앱 평가자"],
            S.ROLE: "",
            S.GROUP: "",
            S.NOTE: ["", "보류", ""],
            S.ROW: [2, 3, None],
        }
    )
    queue = disagreements(frame)
    assert len(queue) == 1
    assert queue[note_column("앱 평가자")].tolist() == [""]
    assert queue[note_column("B")].tolist() == ["보류"]


# -- readings: each statistic by its own guideline, one set of words ----------------


def test_kappa_040_reads_fair_not_almost_perfect():
    from workbench.core.model.readings import reading

    # Landis & Koch: 0.21–0.40 fair, 0.41–0.60 moderate
    assert reading("kappa", 0.40, "en") == "fair"
    assert reading("kappa", 0.45, "en") == "moderate"
    assert reading("kappa", 0.45, "ko") == "보통"
    assert reading("kappa_quadratic", 0.40, "en") != "almost perfect"


def test_alpha_reads_by_krippendorffs_thresholds_not_kappa_bands():
    from workbench.core.model.readings import alpha_reading, reading

    # 0.70 would be "substantial" on Landis & Koch's scale; Krippendorff: tentative only
    assert reading("alpha", 0.70, "en") == "good enough for tentative conclusions only (0.667–0.800)"
    assert alpha_reading(0.70, "ko") == "잠정적 결론에만 충분함 (0.667–0.800)"
    assert alpha_reading(0.80, "ko") == "결론을 내릴 만큼 믿을 만함 (≥ 0.800)"
    assert alpha_reading(0.666, "en") == "too low to rely on (below 0.667)"
    assert alpha_reading(0.667, "en").startswith("good enough for tentative")
    assert alpha_reading(float("nan"), "en") == "undefined"
    with pytest.raises(ValueError):
        reading("accuracy", 0.5)
