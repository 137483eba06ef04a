"""Each assessor's standard, and how sure the agreement figures are.

Input is the raw judgments frame (:data:`schema.JUDGMENT_COLUMNS`), the same as
:func:`workbench.core.measures.agreement.agreement_table` takes (one row per
question, passage and assessor; the first row counts when an assessor graded an
item twice).

What is computed
----------------
- **Per assessor**: the items they graded, their mean grade, and how many of
  their grades are 0, 1, 2, 3 (the scale of the confusion matrices).
- **Per pair** of assessors (the pairs of the agreement table), over the items
  both graded: the confusion matrix, the quadratic weighted κ with a bootstrap
  interval, and the difference of the two mean grades (b − a) with a bootstrap
  interval. The means of a pair are over the items *both* graded, so a
  difference is a difference of standard and not of which items each had.
  A difference is *notable* when its 95% interval leaves out 0: then the pair's
  sentence says who grades more generously; otherwise it says the two cannot
  be told apart.
- **Ordinal α** over all assessors with a bootstrap interval.

The bootstrap (percentile, items resampled)
-------------------------------------------
The units resampled are items (question, passage), never single grades: an
item keeps all its grades. For a pair the units are the items both graded; for
α the items graded by two or more assessors (the others do not enter α). Units
are in (question, passage) order as strings sort. Each statistic draws from its
own ``numpy.random.Generator(PCG64(seed))``: replicate r (r = 0 … B − 1) takes
the units at ``rng.integers(0, n, size=n)``, the r-th such draw. The interval
is the 2.5% and 97.5% quantiles (numpy's linear interpolation) of the
replicates' values — a replicate whose statistic is undefined (all its
resampled grades one and the same grade, so there is no disagreement to expect)
is left out and counted (``undefined``); with fewer than
:data:`MIN_DEFINED_SHARE` of the replicates defined, there is no interval.

Each replicate's κ and α come from the counts of the resampled units: units
with the same grades give the same coincidences, so a replicate is a weighted
sum over the few distinct grade patterns (a bincount per replicate), and
1,000 replicates of a few thousand items take well under a second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from workbench.core.measures.agreement import (
    _assessor_names,
    _dedup,
    _pairs_to_show,
    _scale,
    _wide_grades,
)
from workbench.core.measures.stats import DEFAULT_SEED
from workbench.core.model.korean import josa
from workbench.core.model.number_text import range_text
from workbench.core.model.readings import UNDEFINED, reading
from workbench.core.model.schema import GRADE

#: replicates of every interval unless asked otherwise
DEFAULT_REPLICATES = 1000
#: the interval's coverage
CONFIDENCE = 0.95
#: below this share of defined replicates no interval is given (too few to read)
MIN_DEFINED_SHARE = 0.5


def _json(x: float | None) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


@dataclass
class Interval:
    """A percentile bootstrap interval of one statistic.

    ``low``/``high`` are NaN when there is no interval (no unit, or fewer than
    :data:`MIN_DEFINED_SHARE` of the replicates defined). ``undefined`` counts the
    replicates left out because the statistic was undefined on them.
    """

    low: float
    high: float
    replicates: int
    undefined: int = 0

    @property
    def defined(self) -> bool:
        return not (math.isnan(self.low) or math.isnan(self.high))

    def to_dict(self) -> dict:
        return {
            "low": _json(self.low),
            "high": _json(self.high),
            "replicates": int(self.replicates),
            "undefined_replicates": int(self.undefined),
        }

    def text(self, digits: int = 3) -> str:
        """'0.412 – 0.655', or '–' without an interval."""
        if not self.defined:
            return "–"
        return range_text(f"{self.low:.{digits}f}", f"{self.high:.{digits}f}")

    def reading(self, statistic: str, lang: str = "ko") -> str:
        """The interval read by the statistic's own guideline
        (:func:`workbench.core.model.readings.reading`): one reading when both ends
        read alike, else the two it spans."""
        if not self.defined:
            return UNDEFINED[1] if lang == "ko" else UNDEFINED[0]
        low, high = reading(statistic, self.low, lang), reading(statistic, self.high, lang)
        if low == high:
            return f"구간 전체가 ‘{low}’" if lang == "ko" else f"the whole interval reads ‘{low}’"
        return (
            f"구간이 ‘{low}’부터 ‘{high}’까지 걸침"
            if lang == "ko"
            else f"the interval spans ‘{low}’ to ‘{high}’"
        )

    def caveat(self, lang: str) -> str:
        """What was left out, in words ('' when nothing was)."""
        if not self.undefined:
            return ""
        if not self.defined:
            return (
                f"재표본 {self.replicates}개 중 {self.undefined}개는 한 등급만 뽑혀 값이 "
                "정의되지 않아 구간을 낼 수 없습니다."
                if lang == "ko"
                else f"{self.undefined} of {self.replicates} resamples drew a single grade, "
                "where the value is undefined: no interval."
            )
        return (
            f"재표본 {self.replicates}개 중 {self.undefined}개는 한 등급만 뽑혀 값이 정의되지 "
            f"않아 뺐습니다 (구간은 나머지 {self.replicates - self.undefined}개로 계산)."
            if lang == "ko"
            else f"{self.undefined} of {self.replicates} resamples drew a single grade, where "
            f"the value is undefined; the interval is over the other "
            f"{self.replicates - self.undefined}."
        )


@dataclass
class AssessorStandard:
    """One assessor's grades: how many, their mean, and their spread over the scale."""

    assessor: str
    items: int
    mean: float
    #: grade → number of items given that grade (every grade of the scale)
    counts: dict[int, int]

    @property
    def shares(self) -> dict[int, float]:
        return {g: (c / self.items if self.items else math.nan) for g, c in self.counts.items()}

    def to_dict(self) -> dict:
        return {
            "assessor": self.assessor,
            "items": int(self.items),
            "mean_grade": _json(self.mean),
            "grade_counts": {str(g): int(c) for g, c in self.counts.items()},
            "grade_shares": {str(g): _json(v) for g, v in self.shares.items()},
        }


@dataclass
class PairStandard:
    """Two assessors on the items both graded: the confusion matrix, weighted κ and
    the difference of their mean grades, each statistic with its interval."""

    a: str
    b: str
    n: int
    #: rows = a's grade, columns = b's grade, over the scale
    confusion: pd.DataFrame
    kappa_quadratic: float
    kappa_quadratic_ci: Interval
    mean_a: float
    mean_b: float
    #: mean of b − a over the shared items, and its interval
    mean_difference: float
    mean_difference_ci: Interval

    @property
    def notable(self) -> bool:
        """The interval of the difference leaves out 0: one grades higher."""
        ci = self.mean_difference_ci
        return ci.defined and (ci.low > 0 or ci.high < 0)

    def sentence(self, lang: str = "ko") -> str:
        """Who grades more generously, with the numbers; or that it cannot be said."""
        if self.n == 0:
            return (
                f"{self.a}와 {self.b}가 같이 평가한 항목이 없어 기준을 비교할 수 없습니다."
                if lang == "ko"
                else f"{self.a} and {self.b} graded no item in common: their standards "
                "cannot be compared."
            )
        ci = self.mean_difference_ci
        numbers_ko = (
            f"같이 평가한 {self.n}개 항목에서 {josa(self.a, '은')} 평균 {self.mean_a:.2f}, "
            f"{josa(self.b, '은')} {self.mean_b:.2f}"
        )
        numbers_en = (
            f"On the {self.n} items both graded, {self.a} averages {self.mean_a:.2f} and "
            f"{self.b} {self.mean_b:.2f}"
        )
        diff = f"{self.mean_difference:+.2f}"
        if self.notable:
            # said as the generous one's mean minus the other's: a positive difference
            if self.mean_difference > 0:
                generous, strict, low, high = self.b, self.a, ci.low, ci.high
            else:
                generous, strict, low, high = self.a, self.b, -ci.high, -ci.low
            gap = abs(self.mean_difference)
            return (
                f"{numbers_ko}: {josa(generous, '이')} 더 후하게 판정합니다 "
                f"({strict}보다 평균 {gap:.2f} 높음, 95% 구간 {range_text(f'{low:.2f}', f'{high:.2f}')})."
                if lang == "ko"
                else f"{numbers_en}: {generous} grades more generously "
                f"({gap:.2f} higher than {strict} on average, 95% interval "
                f"{range_text(f'{low:.2f}', f'{high:.2f}')})."
            )
        return (
            f"{numbers_ko}: 차이 {diff}의 95% 구간({ci.text(2)})이 0을 포함하므로 "
            "누가 더 후하다고 말할 수 없습니다."
            if lang == "ko"
            else f"{numbers_en}: the 95% interval of the difference {diff} ({ci.text(2)}) "
            "includes 0, so neither can be said to grade more generously."
        )

    def to_dict(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "n": int(self.n),
            "scale": [int(g) for g in self.confusion.index],
            "confusion": self.confusion.to_numpy().astype(int).tolist(),
            "kappa_quadratic": _json(self.kappa_quadratic),
            "kappa_quadratic_ci": self.kappa_quadratic_ci.to_dict(),
            "mean_a": _json(self.mean_a),
            "mean_b": _json(self.mean_b),
            "mean_difference": _json(self.mean_difference),
            "mean_difference_ci": self.mean_difference_ci.to_dict(),
            "notable": self.notable,
            "sentence": {"ko": self.sentence("ko"), "en": self.sentence("en")},
        }


@dataclass
class Standards:
    """Every assessor's standard, every pair's, and α with its interval."""

    scale: list[int]
    seed: int
    replicates: int
    assessors: list[AssessorStandard] = field(default_factory=list)
    pairs: list[PairStandard] = field(default_factory=list)
    alpha_ordinal: float = math.nan
    alpha_ci: Interval = field(default_factory=lambda: Interval(math.nan, math.nan, 0))

    @property
    def computed(self) -> bool:
        """Two or more named assessors: there is something to compare."""
        return len(self.assessors) >= 2

    def to_dict(self) -> dict:
        return {
            "scale": list(self.scale),
            "assessor_standards": [a.to_dict() for a in self.assessors],
            "pair_standards": [p.to_dict() for p in self.pairs],
            "alpha_ordinal": _json(self.alpha_ordinal),
            "alpha_ci": self.alpha_ci.to_dict(),
            "bootstrap": bootstrap_note(self.seed, self.replicates),
        }


def bootstrap_note(seed: int, replicates: int) -> dict:
    """How the intervals were drawn (JSON and report)."""
    return {
        "seed": int(seed),
        "replicates": int(replicates),
        "confidence": CONFIDENCE,
        "method": "percentile; items (question, passage) resampled with replacement",
    }


# ---------------------------------------------------------------------------
# the bootstrap


def _replicate_indices(n: int, replicates: int, seed: int):
    """Replicate r's unit indices, r = 0 … B − 1 (see the module's note)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    for _ in range(replicates):
        yield rng.integers(0, n, size=n)


def _percentile(values: np.ndarray, replicates: int) -> Interval:
    """The interval of the defined replicate values (NaN = undefined)."""
    defined = values[~np.isnan(values)]
    undefined = int(len(values) - len(defined))
    if replicates == 0 or len(defined) < MIN_DEFINED_SHARE * replicates or not len(defined):
        return Interval(math.nan, math.nan, replicates, undefined)
    tail = (1.0 - CONFIDENCE) / 2.0
    low, high = np.quantile(defined, [tail, 1.0 - tail])
    return Interval(float(low), float(high), replicates, undefined)


def _pattern_counts(patterns: np.ndarray, n_patterns: int, replicates: int, seed: int):
    """B × P: how many units of each pattern every replicate drew (None: no unit)."""
    n = len(patterns)
    if n == 0:
        return None
    out = np.empty((replicates, n_patterns), dtype="float64")
    for r, idx in enumerate(_replicate_indices(n, replicates, seed)):
        out[r] = np.bincount(patterns[idx], minlength=n_patterns)
    return out


def weighted_kappas(confusions: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Quadratic weighted κ of each k × k table in ``confusions`` (… × k × k):
    1 − Σ w O / Σ w E, w_ij = (g_i − g_j)², E = row · col / n; NaN where Σ w E = 0
    (:func:`workbench.core.measures.agreement.weighted_kappa`, many at once)."""
    w = (values[:, None] - values[None, :]) ** 2
    n = confusions.sum(axis=(-2, -1))
    rows, cols = confusions.sum(axis=-1), confusions.sum(axis=-2)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.einsum("...i,...j,ij->...", rows, cols, w) / n
        observed = np.einsum("...ij,ij->...", confusions, w)
        kappa = 1.0 - observed / expected
    return np.where(expected > 0, kappa, np.nan)


def ordinal_alphas(coincidences: np.ndarray) -> np.ndarray:
    """Ordinal α of each coincidence matrix (… × k × k, values in scale order):
    1 − (n − 1) Σ o δ² / Σ n_c n_k δ², δ_ck = d_k − d_c with d_g = Σ_{h ≤ g} n_h − n_g / 2
    (:func:`workbench.core.measures.agreement.alpha_reliability`, many at once; a value
    nobody gave has n_c = 0 and adds nothing). NaN where the expected disagreement is 0."""
    n_c = coincidences.sum(axis=-1)
    n = n_c.sum(axis=-1)
    position = np.cumsum(n_c, axis=-1) - n_c / 2.0
    delta = (position[..., None, :] - position[..., :, None]) ** 2
    expected = np.einsum("...c,...k,...ck->...", n_c, n_c, delta)
    observed = np.einsum("...ck,...ck->...", coincidences, delta)
    with np.errstate(invalid="ignore", divide="ignore"):
        alpha = 1.0 - (n - 1) * observed / expected
    return np.where(expected > 0, alpha, np.nan)


def _pair_standard(a: str, b: str, ga: np.ndarray, gb: np.ndarray, scale: list[int],
                   replicates: int, seed: int) -> PairStandard:
    """One pair over the items both graded (``ga``, ``gb``: their grades, unit order)."""
    k = len(scale)
    cell = (ga - scale[0]) * k + (gb - scale[0])
    confusion = np.bincount(cell, minlength=k * k).reshape(k, k).astype("float64")
    values = np.asarray(scale, dtype="float64")
    point = float(weighted_kappas(confusion, values)) if len(ga) else math.nan
    mean_a = float(ga.mean()) if len(ga) else math.nan
    mean_b = float(gb.mean()) if len(gb) else math.nan
    drawn = _pattern_counts(cell, k * k, replicates, seed)
    if drawn is None:
        empty = Interval(math.nan, math.nan, replicates)
        kappa_ci, diff_ci = empty, empty
    else:
        tables = drawn.reshape(replicates, k, k)
        kappa_ci = _percentile(weighted_kappas(tables, values), replicates)
        # b − a of each cell, weighted by how often the replicate drew it
        cell_diff = (values[None, :] - values[:, None]).ravel()
        diffs = drawn @ cell_diff / len(ga)
        diff_ci = _percentile(diffs, replicates)
    cm = pd.DataFrame(confusion.astype("int64"), index=pd.Index(scale), columns=pd.Index(scale))
    cm.index.name, cm.columns.name = a, b
    return PairStandard(
        a=a,
        b=b,
        n=int(len(ga)),
        confusion=cm,
        kappa_quadratic=point,
        kappa_quadratic_ci=kappa_ci,
        mean_a=mean_a,
        mean_b=mean_b,
        mean_difference=mean_b - mean_a,
        mean_difference_ci=diff_ci,
    )


def _alpha_with_interval(grades: np.ndarray, scale: list[int], replicates: int,
                         seed: int) -> tuple[float, Interval]:
    """Ordinal α of the items × assessors ``grades`` (NaN = not graded) and its
    interval, the items with two or more grades resampled."""
    k = len(scale)
    graded = ~np.isnan(grades)
    units = grades[graded.sum(axis=1) >= 2]
    if not len(units):
        return math.nan, Interval(math.nan, math.nan, replicates)
    # each unit's value counts n_u; units with the same counts share their coincidences
    codes = np.where(np.isnan(units), -1, units - scale[0]).astype("int64")
    counts = np.stack([(codes == g).sum(axis=1) for g in range(k)], axis=1)
    patterns, pattern_of = np.unique(counts, axis=0, return_inverse=True)
    pattern_of = pattern_of.ravel()
    m = patterns.sum(axis=1).astype("float64")
    p = patterns.astype("float64")
    # o_u = (n_u n_uᵀ − diag(n_u)) / (m_u − 1), one k × k matrix per pattern
    per_pattern = (p[:, :, None] * p[:, None, :] - np.einsum("pc,ck->pck", p, np.eye(k)))
    per_pattern /= (m - 1.0)[:, None, None]
    flat = per_pattern.reshape(len(patterns), k * k)
    whole = np.bincount(pattern_of, minlength=len(patterns)).astype("float64")
    point = float(ordinal_alphas((whole @ flat).reshape(k, k)))
    drawn = _pattern_counts(pattern_of, len(patterns), replicates, seed)
    coincidences = (drawn @ flat).reshape(replicates, k, k)
    return point, _percentile(ordinal_alphas(coincidences), replicates)


def assessor_standards(
    judgments: pd.DataFrame,
    seed: int = DEFAULT_SEED,
    replicates: int = DEFAULT_REPLICATES,
    progress=None,
    cancelled=None,
) -> Standards:
    """Every assessor's standard, every pair's with intervals, and α with its
    interval (see the module's note). ``progress``/``cancelled`` are the background
    runner's hooks (unused: the work is one short pass)."""
    if replicates < 1:
        raise ValueError(f"replicates must be at least 1, got {replicates!r}")
    df = _dedup(judgments)
    assessors = _assessor_names(df)
    scale = _scale(df[GRADE])
    out = Standards(scale=scale, seed=int(seed), replicates=int(replicates))
    if len(assessors) < 2:
        return out
    wide = _wide_grades(df, assessors).sort_index()
    grades = wide.to_numpy()
    graded = ~np.isnan(grades)
    for j, name in enumerate(assessors):
        own = grades[graded[:, j], j].astype("int64")
        counts = np.bincount(own - scale[0], minlength=len(scale))
        out.assessors.append(
            AssessorStandard(
                assessor=name,
                items=int(len(own)),
                mean=float(own.mean()) if len(own) else math.nan,
                counts={g: int(c) for g, c in zip(scale, counts)},
            )
        )
    for i, j in _pairs_to_show(graded):
        both = graded[:, i] & graded[:, j]
        out.pairs.append(
            _pair_standard(
                assessors[i],
                assessors[j],
                grades[both, i].astype("int64"),
                grades[both, j].astype("int64"),
                scale,
                replicates,
                seed,
            )
        )
    out.alpha_ordinal, out.alpha_ci = _alpha_with_interval(grades, scale, replicates, seed)
    return out


def agreement_json(summary: dict, standards: Standards) -> dict:
    """``workbench agreement``'s JSON: the agreement table's (``summary``, from
    :meth:`~workbench.core.measures.agreement.AgreementSummary.to_dict`) with each pair's
    confusion matrix, mean grades and intervals added to its entry, and
    ``assessor_standards``, ``alpha_ci``, ``scale`` and ``bootstrap`` (seed, replicates)."""
    data = dict(summary)
    by_pair = {(p.a, p.b): p.to_dict() for p in standards.pairs}
    pairs = []
    for entry in summary.get("pairs") or []:
        extra = by_pair.get((entry["a"], entry["b"]), {})
        pairs.append({**entry, **{k: v for k, v in extra.items() if k not in entry}})
    data["pairs"] = pairs
    data["scale"] = list(standards.scale)
    data["assessor_standards"] = [a.to_dict() for a in standards.assessors]
    data["alpha_ci"] = standards.alpha_ci.to_dict()
    data["bootstrap"] = bootstrap_note(standards.seed, standards.replicates)
    return data
