"""Agreement between assessors, and turning several grades into one.

Input everywhere is the raw judgments frame (:data:`schema.JUDGMENT_COLUMNS`):
one row per (question, passage, assessor), before any adjudication. A file
without an assessor column has ``assessor == ""`` on every row; it has one
(unnamed) assessor, so there is nothing to agree on and resolution passes it
through unchanged.

Conventions
-----------
- An *item* is a (question_id, passage_id) pair.
- If one assessor graded the same item twice, the first row (file order)
  counts; the readers already report conflicting duplicates as problems.
- Distances between grades are differences of grade *values* (0–3), not of
  category indexes, so a scale with an unused grade is handled correctly.
- A statistic that is undefined (e.g. kappa when both assessors gave every item
  the same grade: p_e = 1) is ``NaN`` in the objects and ``None`` in
  :meth:`AgreementSummary.to_dict`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np
import pandas as pd
from pandas.api.types import infer_dtype

from workbench.core.model.choices import (
    HIGHEST,
    LOWEST,
    MAJORITY,
    MEDIAN,
    ONE_ASSESSOR,
    RESOLUTIONS,
    Resolution,
)
from workbench.core.model.korean import josa
from workbench.core.model.problems import InputError, error
from workbench.core.model.readings import kappa_reading
from workbench.core.model.schema import ASSESSOR, GRADE, GROUP, NOTE, PID, QID, ROLE

ITEM = [QID, PID]

#: resolved_by values of :func:`resolve_grades`
BY_POLICY = "policy"
BY_MANUAL = "manual"
BY_SINGLE = "single"

#: optional columns of an overrides frame carried into the resolved frame
OVERRIDE_EXTRA = ("resolved_by_name", "reason", "time")

POLICIES: tuple[str, ...] = RESOLUTIONS.keys


def grade_column(assessor: str) -> str:
    """Name of the column holding ``assessor``'s grade in wide frames."""
    return f"grade:{assessor}"


def note_column(assessor: str) -> str:
    """Name of the column holding ``assessor``'s note in wide frames."""
    return f"note:{assessor}"


# ---------------------------------------------------------------------------
# summary objects


@dataclass
class PairAgreement:
    """Agreement of assessors ``a`` and ``b`` over the ``n`` items both graded.

    - ``exact``: share of those items given the same grade.
    - ``kappa``: Cohen's kappa, (p_o − p_e) / (1 − p_e) with
      p_o = Σ_i O_ii / n and p_e = Σ_i (row_i · col_i) / n².
    - ``kappa_quadratic``: weighted kappa 1 − Σ w_ij O_ij / Σ w_ij E_ij with
      w_ij = (g_i − g_j)² and E_ij = row_i · col_j / n (the normalisation
      of w cancels, so this equals sklearn's ``weights="quadratic"`` on a
      contiguous scale).
    - ``confusion``: counts, index = ``a``'s grade, columns = ``b``'s grade,
      over the whole grade scale in use (unused grades show as 0 rows/columns).
    """

    a: str
    b: str
    n: int
    exact: float
    kappa: float
    kappa_quadratic: float
    confusion: pd.DataFrame

    def to_dict(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "n": self.n,
            "exact": _json_float(self.exact),
            "kappa": _json_float(self.kappa),
            "kappa_quadratic": _json_float(self.kappa_quadratic),
        }


@dataclass
class AgreementSummary:
    """Everything the agreement screen and ``workbench agreement`` show.

    ``items`` counts items graded by at least two assessors; ``disagreements``
    counts those where the grades differ. ``alpha_ordinal`` is Krippendorff's
    alpha (ordinal) over all assessors, missing grades allowed.
    """

    assessors: list[str]
    items: int
    pairs: list[PairAgreement] = field(default_factory=list)
    alpha_ordinal: float = math.nan
    disagreements: int = 0
    scale: list[int] = field(default_factory=list)

    def to_dict(self) -> dict:
        """The SPEC §6 JSON shape of ``workbench agreement``."""
        return {
            "assessors": list(self.assessors),
            "items": int(self.items),
            "pairs": [p.to_dict() for p in self.pairs],
            "alpha_ordinal": _json_float(self.alpha_ordinal),
            "disagreements": int(self.disagreements),
        }


def _json_float(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


# ---------------------------------------------------------------------------
# helpers


def _dedup(judgments: pd.DataFrame) -> pd.DataFrame:
    """One row per (item, assessor), the first in file order; grade as int."""
    return _dedup_checked(judgments)[0]


def _dedup_checked(judgments: pd.DataFrame) -> tuple[pd.DataFrame, bool]:
    """:func:`_dedup`, and whether :func:`_no_repeated_key` proved there was
    nothing to drop — then every row has the same assessor, and each id column
    is categorical or holds only ``str`` (no missing value).

    With nothing to drop the frame shares the judgments' arrays: copy-on-write
    keeps pandas' own writes apart, but an array taken out with ``to_numpy``
    and put in a new frame is the judgments' own — copy before writing to it."""
    plain = _no_repeated_key(judgments)
    if plain:
        # nothing to drop: a shallow copy (the columns set below replace, never
        # write into, the caller's arrays) instead of drop_duplicates, which
        # hashes three text columns (~0.1 s for 200k qrels lines)
        df = judgments.copy(deep=False)
    else:
        df = judgments.drop_duplicates([QID, PID, ASSESSOR], keep="first").copy()
    df[GRADE] = df[GRADE].astype("int64")
    if plain and not isinstance(df[ASSESSOR].dtype, pd.CategoricalDtype):
        df[ASSESSOR] = df[ASSESSOR].astype(str)  # all str: nothing to fill
    else:
        df[ASSESSOR] = df[ASSESSOR].fillna("").astype(str)
    return df, plain


def _sameness_keys(column: pd.Series) -> np.ndarray | None:
    """Values that are equal exactly when ``drop_duplicates`` takes two entries
    of ``column`` for the same: a categorical's codes (-1 for every missing
    value, which drop_duplicates also takes for the same), else the values
    themselves when every one is a Python ``str`` (a missing value would not
    follow Python's ``==``: NaN != NaN, None != NaN). None for anything else."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        return column.cat.codes.to_numpy()
    values = column.to_numpy(dtype=object)  # no copy for the str and object dtypes
    if infer_dtype(values, skipna=False) != "string":
        return None
    return values


def _no_repeated_key(judgments: pd.DataFrame) -> bool:
    """True when a cheap check proves that no (question, passage, assessor)
    occurs twice, so :func:`_dedup` has nothing to drop; False when there are
    repeats or the check cannot tell (then drop_duplicates decides).

    The check covers the usual TREC qrels file: one assessor, ids of text (or
    categorical), each question's rows together. It compares neighbouring
    question ids and puts each question's passage ids in a Python set — a str
    caches its hash, and no codes or uniques are built, so this is several
    times cheaper than drop_duplicates' factorizing of three text columns.
    """
    keys = [_sameness_keys(judgments[c]) for c in (QID, PID, ASSESSOR)]
    if any(k is None for k in keys):
        return False
    questions, passages, assessors = keys
    n = len(judgments)
    if n < 2:
        return True
    if not (assessors == assessors[0]).all():
        return False  # several assessors: one item may well be graded by two
    # runs of equal question ids; a question in two runs is beyond this check
    starts = np.concatenate(([0], np.flatnonzero(questions[1:] != questions[:-1]) + 1))
    if len(set(questions[starts].tolist())) != len(starts):
        return False
    ends = np.append(starts[1:], n)
    several = ends - starts > 1  # a run of one row cannot repeat a passage
    passage_list = passages.tolist()
    for start, end in zip(starts[several].tolist(), ends[several].tolist()):
        if len(set(passage_list[start:end])) != end - start:
            return False
    return True


def _assessor_names(df: pd.DataFrame) -> list[str]:
    """Assessor names, sorted; the unnamed assessor "" only next to named ones."""
    names = sorted(set(df[ASSESSOR].tolist()))
    if names == [""]:
        return []
    return names


def _scale(grades: pd.Series) -> list[int]:
    """The grade scale shown in confusion matrices: 0–3, widened to what occurs."""
    lo, hi = 0, 3
    if len(grades):
        lo = min(lo, int(grades.min()))
        hi = max(hi, int(grades.max()))
    return list(range(lo, hi + 1))


def _wide_grades(df: pd.DataFrame, assessors: list[str]) -> pd.DataFrame:
    """Items × assessors grade table (float, NaN where not graded)."""
    wide = df.pivot(index=ITEM, columns=ASSESSOR, values=GRADE)
    return wide.reindex(columns=assessors).astype("float64")


def confusion_matrix(a: pd.Series, b: pd.Series, scale: list[int]) -> pd.DataFrame:
    """Counts of (grade by a, grade by b) over ``scale`` × ``scale``."""
    cm = pd.crosstab(
        pd.Categorical(a.astype("int64"), categories=scale),
        pd.Categorical(b.astype("int64"), categories=scale),
        dropna=False,
    )
    cm = cm.reindex(index=scale, columns=scale, fill_value=0).astype("int64")
    cm.index.name = a.name
    cm.columns.name = b.name
    return cm


def cohen_kappa(confusion: pd.DataFrame | np.ndarray) -> float:
    """Unweighted Cohen's kappa from a square confusion table (rows = a, cols = b).

    κ = (p_o − p_e) / (1 − p_e), p_o = Σ O_ii / n, p_e = Σ row_i col_i / n².
    NaN when n = 0 or p_e = 1 (both assessors used one and the same grade).
    """
    o = np.asarray(confusion, dtype="float64")
    n = o.sum()
    if n == 0:
        return math.nan
    po = np.trace(o) / n
    pe = float((o.sum(axis=1) * o.sum(axis=0)).sum()) / (n * n)
    if math.isclose(pe, 1.0):
        return math.nan
    return float((po - pe) / (1.0 - pe))


def weighted_kappa(
    confusion: pd.DataFrame | np.ndarray, values: list[int] | None = None, power: int = 2
) -> float:
    """Weighted Cohen's kappa, weights w_ij = |g_i − g_j|^power (2 = quadratic).

    κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij with E_ij = row_i · col_j / n.
    ``values`` are the grades of the rows/columns (default: the DataFrame's
    index, else 0..k−1). NaN when n = 0 or the expected disagreement is 0.
    """
    o = np.asarray(confusion, dtype="float64")
    n = o.sum()
    if n == 0:
        return math.nan
    if values is None:
        if isinstance(confusion, pd.DataFrame):
            values = [int(v) for v in confusion.index]
        else:
            values = list(range(o.shape[0]))
    g = np.asarray(values, dtype="float64")
    w = np.abs(g[:, None] - g[None, :]) ** power
    e = np.outer(o.sum(axis=1), o.sum(axis=0)) / n
    denom = float((w * e).sum())
    if denom == 0:
        return math.nan
    return float(1.0 - (w * o).sum() / denom)


#: levels of measurement :func:`alpha_reliability` knows
ALPHA_LEVELS: tuple[str, ...] = ("nominal", "ordinal", "interval", "ratio")


def alpha_reliability(reliability_data: np.ndarray | list, level: str = "ordinal") -> float:
    """Krippendorff's alpha of a coders × units matrix (NaN = the coder gave no value).

    Follows K. Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability"
    (University of Pennsylvania, Annenberg School for Communication,
    https://repository.upenn.edu/asc_papers/43), section C ("any number of
    observers, missing data"):

    - A unit u with m_u ≥ 2 values is *pairable*; other units are left out.
    - Coincidences: o_ck = Σ_u (number of ordered c–k pairs of values in u) / (m_u − 1),
      i.e. o = Σ_u (n_u n_uᵀ − diag(n_u)) / (m_u − 1) with n_u the value counts of u.
    - n_c = Σ_k o_ck (pairable values equal to c), n = Σ_c n_c.
    - α = 1 − D_o / D_e = 1 − (n − 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck.

    Distances δ²_ck between values c and k by ``level``:

    - ``nominal``: 0 if c = k, else 1.
    - ``ordinal``: (Σ_{g=c..k} n_g − (n_c + n_k)/2)², g running over the values
      between c and k inclusive; computed as (d_k − d_c)² with
      d_g = (n of values ≤ g) − n_g / 2, which is the same sum.
    - ``interval``: (c − k)².
    - ``ratio``: ((c − k) / (c + k))², 0 when c = k = 0.

    Returns NaN when alpha is undefined: no pairable unit, or no expected
    disagreement (D_e = 0, e.g. every pairable value is the same grade).
    Raises ``ValueError`` for an unknown ``level`` or data that is not 2-D.
    """
    if level not in ALPHA_LEVELS:
        raise ValueError(f"level must be one of {', '.join(ALPHA_LEVELS)}, not {level!r}")
    data = np.asarray(reliability_data, dtype="float64")
    if data.ndim != 2:
        raise ValueError("reliability data must be a coders × units matrix")
    given = ~np.isnan(data)
    values, codes = np.unique(data[given], return_inverse=True)
    if len(values) < 2:
        return math.nan
    n_values = len(values)
    # data[given] is in row-major order, and so are the column indexes from nonzero
    unit_of = np.nonzero(given)[1]
    counts = np.bincount(
        unit_of * n_values + codes.ravel(), minlength=data.shape[1] * n_values
    ).reshape(data.shape[1], n_values)
    per_unit = counts.sum(axis=1)
    pairable = per_unit >= 2
    if not pairable.any():
        return math.nan
    counts = counts[pairable].astype("float64")
    weighted = counts / (per_unit[pairable] - 1)[:, None]
    coincidences = weighted.T @ counts - np.diag(weighted.sum(axis=0))
    n_c = coincidences.sum(axis=1)
    n = n_c.sum()
    delta = _alpha_distances(values, n_c, level)
    expected = float((np.outer(n_c, n_c) * delta).sum())
    if expected == 0:
        return math.nan
    return float(1.0 - (n - 1) * float((coincidences * delta).sum()) / expected)


def _alpha_distances(values: np.ndarray, n_c: np.ndarray, level: str) -> np.ndarray:
    """δ²_ck for every pair of the sorted ``values`` (see :func:`alpha_reliability`)."""
    c, k = values[:, None], values[None, :]
    if level == "nominal":
        return (c != k).astype("float64")
    if level == "interval":
        return (c - k) ** 2
    if level == "ratio":
        total = c + k
        ratio = np.divide(c - k, total, out=np.zeros_like(total), where=total != 0)
        return ratio**2
    position = np.cumsum(n_c) - n_c / 2.0  # ordinal
    return (position[None, :] - position[:, None]) ** 2


def krippendorff_alpha(judgments: pd.DataFrame, level: str = "ordinal") -> float:
    """Krippendorff's alpha over all assessors (missing grades allowed).

    The assessors × items grade matrix goes to :func:`alpha_reliability`
    (formula and reference there). ``level``: "nominal", "ordinal",
    "interval" or "ratio". NaN when fewer than two assessors, no item has
    two grades, or only one grade value occurs among the paired grades.
    """
    df = _dedup(judgments)
    assessors = sorted(set(df[ASSESSOR].tolist()))
    if len(assessors) < 2:
        return math.nan
    wide = _wide_grades(df, assessors)
    return alpha_reliability(wide.to_numpy().T, level)


# ---------------------------------------------------------------------------
# agreement

#: up to this many assessors every pair is listed, those without a shared item
#: too (they show that two people never judged the same passage); beyond it
#: only pairs that share an item: one sheet per question read as one assessor
#: each (200 sheets) would otherwise give 19,900 empty pairs, and the work
#: would grow with the square of the number of assessors
EVERY_PAIR_UP_TO = 12


def _pairs_to_show(graded: np.ndarray) -> list[tuple[int, int]]:
    """The (i, j) assessor column pairs of the agreement table, i < j in name
    order: every pair for a few assessors, else those that graded an item in
    common (found item by item, so the work follows the grades given)."""
    n_assessors = graded.shape[1]
    if n_assessors <= EVERY_PAIR_UP_TO:
        return list(combinations(range(n_assessors), 2))
    shared: set[tuple[int, int]] = set()
    rows = np.nonzero(graded.sum(axis=1) >= 2)[0]
    for r in rows:
        shared.update(combinations(np.nonzero(graded[r])[0].tolist(), 2))
    return sorted(shared)


def agreement_table(judgments: pd.DataFrame) -> AgreementSummary:
    """Pairwise agreement (exact, κ, quadratic κ, confusion) and ordinal α.

    Pairs are every two assessors in name order, over the items both graded
    (beyond :data:`EVERY_PAIR_UP_TO` assessors only the pairs that share an
    item). A file with one assessor (or none named) gives no pairs and α = NaN.
    """
    df = _dedup(judgments)
    assessors = _assessor_names(df)
    scale = _scale(df[GRADE])
    if len(assessors) < 2:
        return AgreementSummary(assessors=assessors, items=0, scale=scale)

    wide = _wide_grades(df, assessors)
    counted = wide.notna().sum(axis=1)
    multi = wide[counted >= 2]
    spread = multi.max(axis=1) - multi.min(axis=1)

    grades = wide.to_numpy()
    graded = ~np.isnan(grades)
    pairs: list[PairAgreement] = []
    for i, j in _pairs_to_show(graded):
        both = graded[:, i] & graded[:, j]
        ga = grades[both, i].astype("int64")
        gb = grades[both, j].astype("int64")
        n = int(len(ga))
        counts = np.zeros((len(scale), len(scale)), dtype="int64")
        np.add.at(counts, (ga - scale[0], gb - scale[0]), 1)
        cm = pd.DataFrame(counts, index=pd.Index(scale), columns=pd.Index(scale))
        cm.index.name = assessors[i]
        cm.columns.name = assessors[j]
        exact = float((ga == gb).mean()) if n else math.nan
        pairs.append(
            PairAgreement(
                a=assessors[i],
                b=assessors[j],
                n=n,
                exact=exact,
                kappa=cohen_kappa(cm),
                kappa_quadratic=weighted_kappa(cm, scale),
                confusion=cm,
            )
        )
    return AgreementSummary(
        assessors=assessors,
        items=int(len(multi)),
        pairs=pairs,
        alpha_ordinal=krippendorff_alpha(df, "ordinal"),
        disagreements=int((spread > 0).sum()),
        scale=scale,
    )


def disagreements(judgments: pd.DataFrame) -> pd.DataFrame:
    """Items whose assessors gave different grades, biggest gap first.

    Columns: ``question_id``, ``passage_id``, then per assessor (name order)
    ``grade:<name>`` (Int64, <NA> = not graded) and ``note:<name>``, then
    ``n_assessors`` and ``gap`` (max − min grade). Sorted by gap descending,
    then question id, then passage id. ``attrs["assessors"]`` lists the names.
    """
    df = _dedup(judgments)
    assessors = sorted(set(df[ASSESSOR].tolist()))
    grade_cols = [grade_column(a) for a in assessors]
    note_cols = [note_column(a) for a in assessors]
    columns = [QID, PID, *[c for pair in zip(grade_cols, note_cols) for c in pair]]
    columns += ["n_assessors", "gap"]

    stats = df.groupby(ITEM, sort=False)[GRADE].agg(["min", "max", "count"])
    differ = stats[(stats["count"] >= 2) & (stats["max"] > stats["min"])]
    if differ.empty:
        out = pd.DataFrame({c: pd.Series(dtype="object") for c in columns})
        out.attrs["assessors"] = assessors
        return out

    sub = df.set_index(ITEM).loc[differ.index].reset_index()
    grades = sub.pivot(index=ITEM, columns=ASSESSOR, values=GRADE).reindex(columns=assessors)
    notes = (
        sub.assign(**{NOTE: sub[NOTE].fillna("").astype(str)})
        .pivot(index=ITEM, columns=ASSESSOR, values=NOTE)
        .reindex(columns=assessors)
        .astype(object)  # an assessor who graded none of these items: a column of NaN
        .fillna("")
    )
    out = pd.DataFrame(index=grades.index)
    for a in assessors:
        out[grade_column(a)] = grades[a].astype("Int64")
        out[note_column(a)] = notes[a].astype(str)
    out["n_assessors"] = differ["count"].reindex(out.index).astype("int64")
    out["gap"] = (differ["max"] - differ["min"]).reindex(out.index).astype("int64")
    out = out.reset_index()
    out = out.sort_values(["gap", QID, PID], ascending=[False, True, True], kind="stable")
    out = out.reset_index(drop=True)[columns]
    out.attrs["assessors"] = assessors
    return out


def kappa_band(kappa: float | None, lang: str = "ko") -> str:
    """Landis & Koch's reading of a κ or weighted κ — kept under its old name;
    the words live in :mod:`workbench.core.model.readings` (α has its own reading
    there: :func:`~workbench.core.model.readings.alpha_reading`)."""
    return kappa_reading(kappa, lang)


# ---------------------------------------------------------------------------
# resolution


def _lower_median(values: pd.DataFrame) -> pd.Series:
    """Per item, the lower middle of its sorted grades (index = ITEM).

    ``values`` has columns QID, PID, GRADE (one row per grade to consider).
    For n grades the pick is sorted[(n − 1) // 2]: the median when n is odd,
    the lower of the two middle grades when n is even.
    """
    s = values.sort_values([QID, PID, GRADE], kind="stable")
    pos = s.groupby(ITEM, sort=False).cumcount()
    n = s.groupby(ITEM, sort=False)[GRADE].transform("size")
    picked = s[pos == (n - 1) // 2]
    return picked.set_index(ITEM)[GRADE]


def _first_non_empty(df: pd.DataFrame, column: str) -> pd.Series:
    vals = df[column].astype("object").where(df[column].notna() & (df[column] != ""))
    return vals.groupby([df[QID], df[PID]], sort=False).first().fillna("").astype(str)


def resolve_grades(
    judgments: pd.DataFrame,
    policy: Resolution | str = MEDIAN,
    adjudicator: str | None = None,
    overrides: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """One grade per (question, passage) from several assessors' grades.

    Policies (applied to items with ≥ 2 assessors; an item graded once keeps
    that grade, ``resolved_by = "single"``):

    - ``median``: the median grade; with an even count the LOWER of the two
      middle grades — conservative (a passage is not promoted on a tie) and
      always a grade on the scale (no 1.5).
    - ``majority``: the most frequent grade; when several grades are equally
      frequent, the median rule above is applied to the tied grades (two tied
      → the lower; three tied → the middle one).
    - ``max`` / ``min``: the highest / lowest grade.
    - ``assessor``: the ``adjudicator``'s grade where they graded the item,
      else the median rule over the others.

    ``overrides`` (columns question_id, passage_id, grade, optionally
    resolved_by_name, reason, time) are grades resolved by hand; they win over
    the policy (``resolved_by = "manual"``). The last override of an item
    wins; an override with an empty grade is ignored; an override of an item
    nobody graded adds it (``n_assessors = 0``).

    Returns columns question_id, passage_id, grade (int64), role, group
    (first non-empty in file order), n_assessors, resolved_by, plus the
    override's optional columns when given. Rows keep first-appearance order
    of items. ``attrs`` holds ``policy`` and ``adjudicator``.

    Raises :class:`InputError` for an unknown policy or an adjudicator who
    is not among the assessors (with ≥ 2 assessors).
    """
    if policy not in POLICIES:
        raise InputError(
            [
                error(
                    "unknown_resolution_policy",
                    f"Unknown resolution policy '{policy}'. Choose one of: {', '.join(POLICIES)}.",
                    f"알 수 없는 판정 방식 '{policy}'입니다. 다음 중 하나를 고르세요: "
                    f"{', '.join(POLICIES)}.",
                )
            ]
        )
    df, plain = _dedup_checked(judgments)
    if plain and len(df):
        names = [df[ASSESSOR].iat[0]]  # the check found one assessor
    else:
        names = sorted(set(df[ASSESSOR].tolist()))
    if policy == ONE_ASSESSOR and len(names) >= 2 and adjudicator not in names:
        who = adjudicator or ""
        raise InputError(
            [
                error(
                    "unknown_adjudicator",
                    f"The adjudicator '{who}' is not one of the assessors "
                    f"({', '.join(names)}). Choose one of them.",
                    f"최종 판정자 {josa(who, '은', quoted=True)} 평가자 목록({', '.join(names)})에 없습니다. "
                    "이 중에서 고르세요.",
                )
            ]
        )

    if len(names) <= 1:
        out = _single_assessor(df, plain)
    else:
        out = _resolve_items(df, policy, adjudicator)
    if overrides is not None and len(overrides):
        out = _apply_overrides(out, overrides)

    out = out.reset_index(drop=True)
    out.attrs["policy"] = str(policy)
    out.attrs["adjudicator"] = adjudicator
    return out


def _single_assessor(df: pd.DataFrame, plain: bool = False) -> pd.DataFrame:
    """One assessor (a TREC qrels file, say): every item has one grade, no grouping needed.

    ``plain``: :func:`_dedup_checked` found each id column categorical or all
    ``str``; see :func:`_single_assessor_as_is` for what that saves.
    """
    if plain:
        if _as_is_fits(df):
            return _single_assessor_as_is(df)
        # df shares the judgments' arrays, and the frame built below may hold
        # the very arrays to_numpy hands out: copy, so editing the resolved
        # frame cannot change the judgments
        df = df.copy()
    out = pd.DataFrame({QID: df[QID].to_numpy(), PID: df[PID].to_numpy()})
    out[QID] = out[QID].astype(df[QID].dtype)
    out[PID] = out[PID].astype(df[PID].dtype)
    out[GRADE] = df[GRADE].to_numpy(dtype="int64")
    for c in (ROLE, GROUP):
        vals = df[c].astype("object").where(df[c].notna() & (df[c] != ""))
        out[c] = vals.fillna("").astype(str).to_numpy()
    out["n_assessors"] = np.ones(len(df), dtype="int64")
    out["resolved_by"] = np.full(len(df), BY_SINGLE, dtype=object)
    out["resolved_by"] = out["resolved_by"].astype(str)
    return out


#: the dtype pandas gives a column of Python ``str`` objects ("str" from
#: pandas 3 on, object before)
_TEXT = pd.Series(np.array([""], dtype=object)).dtype
#: pandas 3 always copies on write: frames may share arrays until one is written
_COPY_ON_WRITE = int(pd.__version__.split(".")[0]) >= 3


def _as_is_fits(df: pd.DataFrame) -> bool:
    """Whether :func:`_single_assessor_as_is` gives what the general route gives:
    ids categorical or of a string dtype (and all ``str`` — the caller checked),
    role and group of pandas' own string dtype, copy-on-write in force."""
    return (
        _COPY_ON_WRITE
        and isinstance(_TEXT, pd.StringDtype)
        and all(isinstance(df[c].dtype, (pd.CategoricalDtype, pd.StringDtype)) for c in ITEM)
        and all(df[c].dtype == _TEXT for c in (ROLE, GROUP))
    )


def _single_assessor_as_is(df: pd.DataFrame) -> pd.DataFrame:
    """:func:`_single_assessor` taking the columns as they are. The general route
    turns every id and text column into Python objects and back to its dtype,
    pandas checking each string again (~0.05 s for 200k rows), and gets the same
    values: a categorical's codes and categories, a string column without
    missing values unchanged, role and group with "" for a missing value.
    """
    n = len(df)
    index = pd.RangeIndex(n)

    def column(c: str) -> pd.Series:
        return df[c].set_axis(index)

    def blank_for_missing(c: str) -> pd.Series:
        values = df[c].to_numpy(dtype=object)
        if infer_dtype(values, skipna=False) == "string":  # nothing missing: no copy
            return column(c)
        return column(c).fillna("")

    data = {
        QID: column(QID),
        PID: column(PID),
        GRADE: df[GRADE].to_numpy(dtype="int64"),
        ROLE: blank_for_missing(ROLE),
        GROUP: blank_for_missing(GROUP),
        "n_assessors": np.ones(n, dtype="int64"),
        # a constant: pandas checks one string instead of n
        "resolved_by": pd.Series(BY_SINGLE, index=index, dtype=str),
    }
    # copy=False: under copy-on-write the new frame shares the judgments'
    # arrays until either is written to (copying n Python object pointers
    # costs a reference count update per string)
    return pd.DataFrame(data, index=index, copy=False)


def _resolve_items(df: pd.DataFrame, policy: str, adjudicator: str | None) -> pd.DataFrame:
    grouped = df.groupby(ITEM, sort=False)
    n_assessors = grouped[ASSESSOR].nunique()
    items = n_assessors.index

    base = df[[QID, PID, GRADE]]
    if policy == MEDIAN:
        grade = _lower_median(base)
    elif policy == HIGHEST:
        grade = grouped[GRADE].max()
    elif policy == LOWEST:
        grade = grouped[GRADE].min()
    elif policy == MAJORITY:
        counts = base.groupby([QID, PID, GRADE], sort=False).size().rename("k").reset_index()
        top = counts.groupby(ITEM, sort=False)["k"].transform("max")
        grade = _lower_median(counts[counts["k"] == top][[QID, PID, GRADE]])
    else:  # assessor
        grade = _lower_median(base)
        if adjudicator is not None:
            own = df[df[ASSESSOR] == adjudicator].set_index(ITEM)[GRADE]
            grade = grade.copy()
            grade.loc[own.index] = own
    grade = grade.reindex(items).astype("int64")

    out = pd.DataFrame(index=items)
    out[GRADE] = grade
    out[ROLE] = _first_non_empty(df, ROLE).reindex(items)
    out[GROUP] = _first_non_empty(df, GROUP).reindex(items)
    out["n_assessors"] = n_assessors.astype("int64")
    out["resolved_by"] = np.where(out["n_assessors"] >= 2, BY_POLICY, BY_SINGLE)
    return out.reset_index()


def _apply_overrides(out: pd.DataFrame, overrides: pd.DataFrame) -> pd.DataFrame:
    extra = [c for c in OVERRIDE_EXTRA if c in overrides.columns]
    ov = overrides[[QID, PID, GRADE, *extra]].copy()
    ov = ov[ov[GRADE].notna()]
    ov[QID] = ov[QID].astype(str)
    ov[PID] = ov[PID].astype(str)
    ov[GRADE] = ov[GRADE].astype("int64")
    ov = ov.drop_duplicates(ITEM, keep="last").set_index(ITEM)

    out = out.set_index(ITEM)
    new_items = ov.index.difference(out.index, sort=False)
    if len(new_items):
        added = pd.DataFrame(index=new_items)
        added[GRADE] = 0
        added[ROLE] = ""
        added[GROUP] = ""
        added["n_assessors"] = 0
        added["resolved_by"] = BY_MANUAL
        out = pd.concat([out, added])
    out.loc[ov.index, GRADE] = ov[GRADE]
    out.loc[ov.index, "resolved_by"] = BY_MANUAL
    for c in extra:
        col = pd.Series("", index=out.index, dtype="object")
        col.loc[ov.index] = ov[c].astype("object").where(ov[c].notna(), "")
        out[c] = col
    out[GRADE] = out[GRADE].astype("int64")
    out["n_assessors"] = out["n_assessors"].astype("int64")
    return out.reset_index()


def dissent_record(judgments: pd.DataFrame, resolved: pd.DataFrame) -> pd.DataFrame:
    """Wide table for export: every assessor's original grade next to the one used.

    Columns: question_id, passage_id, ``grade:<name>`` per assessor (Int64,
    <NA> = not graded), ``resolved_grade``, ``resolved_by``
    (policy/manual/single), ``policy`` (the policy name for policy-resolved
    rows, "manual" for hand-resolved ones, "" for single), plus any override
    columns (resolved_by_name, reason, time) present in ``resolved``.
    Row order follows ``resolved``.
    """
    df = _dedup(judgments)
    assessors = sorted(set(df[ASSESSOR].tolist()))
    wide = df.pivot(index=ITEM, columns=ASSESSOR, values=GRADE).reindex(columns=assessors)
    extra = [c for c in OVERRIDE_EXTRA if c in resolved.columns]
    res = resolved.set_index(ITEM)
    out = pd.DataFrame(index=res.index)
    for a in assessors:
        out[grade_column(a)] = wide[a].reindex(res.index).astype("Int64")
    out["resolved_grade"] = res[GRADE].astype("int64")
    out["resolved_by"] = res["resolved_by"].astype(str)
    policy = str(resolved.attrs.get("policy", ""))
    out["policy"] = np.select(
        [out["resolved_by"] == BY_POLICY, out["resolved_by"] == BY_MANUAL],
        [policy, BY_MANUAL],
        default="",
    )
    for c in extra:
        out[c] = res[c]
    out = out.reset_index()
    out.attrs["assessors"] = assessors
    return out


# ---------------------------------------------------------------------------
# what the Agreement page shows


@dataclass
class AgreementData:
    """Agreement statistics, the disagreement queue and the grade used per item.

    Built from a study by :func:`agreement_data` (off the GUI thread). The grade
    used of an item is the grade the scores use: a hand resolution in force
    wins (``resolutions``, read from the file or made in the app), else the
    policy's grade (``policy_grades``) — the rule of :func:`resolve_grades`.
    """

    summary: AgreementSummary
    #: :func:`disagreements` of the judgments in force (biggest gap first)
    queue: pd.DataFrame
    #: (question, passage) → the policy's grade, before hand resolutions
    policy_grades: dict[tuple[str, str], int] = field(default_factory=dict)
    #: (question, passage) → the hand resolution in force (grade, by, reason, time, origin)
    resolutions: dict[tuple[str, str], dict] = field(default_factory=dict)
    #: the policy's problem (e.g. an adjudicator who is not an assessor), "" when fine
    problem: str = ""
    policy: str = MEDIAN
    adjudicator: str | None = None

    def grade_used(self, item: tuple[str, str]) -> int | None:
        """The grade the scores use for ``item`` (None: nobody graded it)."""
        resolution = self.resolutions.get(item)
        if resolution is not None:
            return int(resolution[GRADE])
        return self.policy_grades.get(item)

    def with_resolutions(self, resolutions: pd.DataFrame) -> AgreementData:
        """The same data with other hand resolutions in force (after an edit:
        the statistics and the policy's grades do not change)."""
        return replace(self, resolutions=resolutions_by_item(resolutions))


def resolutions_by_item(resolutions: pd.DataFrame) -> dict[tuple[str, str], dict]:
    """Resolutions in force as ``(question, passage) → record``."""
    return {(str(r[QID]), str(r[PID])): r for r in resolutions.to_dict("records")}


def agreement_data(
    judgments: pd.DataFrame,
    resolutions: pd.DataFrame,
    policy: str,
    adjudicator: str | None,
    lang: str = "en",
    progress=None,
    cancelled=None,
) -> AgreementData:
    """What the Agreement page shows, from the study's judgments in force and
    resolutions in force (:meth:`workbench.core.study.Study.judgments_in_force`,
    :meth:`~workbench.core.study.Study.resolutions_in_force`)."""
    summary = agreement_table(judgments)
    queue = disagreements(judgments)
    problem = ""
    try:
        resolved = resolve_grades(judgments, policy, adjudicator=adjudicator)
    except InputError as exc:
        # the page says why and shows the median meanwhile; the scores fail the same way
        problem = "\n".join(p.message(lang) for p in exc.problems)
        resolved = resolve_grades(judgments, MEDIAN)
    policy_grades = dict(
        zip(
            zip(resolved[QID].astype(str), resolved[PID].astype(str)),
            resolved[GRADE].astype(int),
        )
    )
    return AgreementData(
        summary,
        queue,
        policy_grades,
        resolutions_by_item(resolutions),
        problem,
        policy,
        adjudicator,
    )
