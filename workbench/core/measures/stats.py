"""Paired comparison of retrieval systems: bootstrap CIs, significance tests, Holm.

Everything here works on the per-question frame of
:attr:`workbench.core.model.results.Results.per_question` (columns ``system``,
``question_id``, ``question_type``, ``missing``, then one float column per
measure name such as ``"nDCG@10"``).

Conventions used throughout
---------------------------
* **Baseline vs system.** A comparison is always *system* against *baseline*.
  Differences are ``d_q = x_system(q) − x_baseline(q)``; a positive mean
  difference means the system scores higher. Wins/ties/losses are counted
  from the system's point of view (a *win* is a question where the system
  scores higher than the baseline by more than ``tol``).
* **Pairing.** Only questions that both systems evaluate are used (inner join
  on ``question_id``; a NaN score on either side drops that question). In a
  normal evaluation every answerable question is present for every system
  (missing ones already score 0), so ``n`` is the number of answerable
  questions.
* **Reproducibility.** Every random procedure takes an integer ``seed`` and
  draws from ``numpy.random.Generator(PCG64(seed))``. :func:`compare_systems`
  derives one seed per (metric, baseline, system) from the user's seed and the
  *names*, so adding or removing a system never changes another pair's
  numbers.
* **Memory.** Resamples and permutations are drawn in chunks of at most
  :data:`CHUNK_ELEMENTS` numbers, so thousands of questions × 10 000
  resamples never allocate more than a few tens of MB. The chunk size depends
  only on ``n``, so results do not depend on the machine.

Tests
-----
* ``randomization`` (default): paired sign-flip randomization test of the mean
  difference, two-sided; exact (all ``2^n`` sign vectors) when the number of
  non-zero differences is at most :data:`EXACT_MAX_N`, Monte-Carlo otherwise.
* ``t``: paired t-test (:func:`scipy.stats.ttest_rel`).
* ``wilcoxon``: Wilcoxon signed-rank test (:func:`scipy.stats.wilcoxon`,
  scipy's defaults: ``zero_method="wilcox"`` — zero differences are dropped —
  two-sided, ``method="auto"``).

Multiple comparisons: p-values of all system-vs-baseline pairs *of the same
metric* are adjusted with Holm's step-down method (:func:`holm`).
"""

from __future__ import annotations

import math
import warnings
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.model.choices import SIGNIFICANCE_TESTS
from workbench.core.model.number_text import range_text
from workbench.core.model.problems import InputError, error

__all__ = [
    "COMPARISON_FIELDS",
    "DEFAULT_SEED",
    "EXACT_MAX_N",
    "TESTS",
    "bootstrap_ci",
    "bootstrap_mean_ci",
    "comparisons_to_json",
    "compare_systems",
    "describe_comparison",
    "holm",
    "paired_scores",
    "paired_t",
    "randomization_test",
    "system_confidence_intervals",
    "wilcoxon",
    "win_tie_loss",
]

#: The default seed of every random procedure (written into reports).
DEFAULT_SEED = 20261129
#: Upper bound on the numbers drawn per chunk (resamples × n or permutations × n).
CHUNK_ELEMENTS = 1 << 21
#: Up to this many non-zero differences the randomization test enumerates all
#: 2^n sign flips (65 536 at most) and returns the exact p-value.
EXACT_MAX_N = 16
#: Test names accepted by :func:`compare_systems` (the CLI's ``--test`` values).
TESTS = SIGNIFICANCE_TESTS.keys
#: The columns of :func:`compare_systems`, in order (SPEC §6 ``comparisons``).
COMPARISON_FIELDS = (
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
)

_ID_COLUMNS = ("system", "question_id", "question_type", "missing")


# ---------------------------------------------------------------------------
# pairing


def _problem(code: str, en: str, ko: str) -> InputError:
    return InputError([error(code, en, ko)])


def _check_metric(per_question: pd.DataFrame, metric: str) -> None:
    if metric not in per_question.columns or metric in _ID_COLUMNS:
        found = ", ".join(str(c) for c in per_question.columns if c not in _ID_COLUMNS)
        raise _problem(
            "stats_unknown_metric",
            f"There is no measure called '{metric}' in the results. Measures available: {found}.",
            f"결과에 '{metric}' 지표가 없습니다. 사용할 수 있는 지표: {found}.",
        )


def _system_names(per_question: pd.DataFrame) -> list[str]:
    """Systems in order of first appearance (the order the user added them)."""
    return [str(s) for s in pd.unique(per_question["system"])]


def _check_system(names: Sequence[str], system: str) -> None:
    if system not in names:
        found = ", ".join(names)
        raise _problem(
            "stats_unknown_system",
            f"There is no system called '{system}' in the results. Systems available: {found}.",
            f"결과에 '{system}' 시스템이 없습니다. 사용할 수 있는 시스템: {found}.",
        )


def _scores(per_question: pd.DataFrame, metric: str, system: str) -> pd.Series:
    rows = per_question.loc[per_question["system"].astype(str) == system, ["question_id", metric]]
    # (system, question_id) is unique in Results; keep the first row if a caller
    # hands us a frame where it is not, rather than multiplying pairs in the join.
    rows = rows.drop_duplicates("question_id", keep="first")
    values = pd.to_numeric(rows[metric], errors="coerce").astype(float)
    return pd.Series(values.to_numpy(), index=rows["question_id"].astype(str).to_numpy())


def paired_scores(
    per_question: pd.DataFrame, metric: str, a: str, b: str
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Scores of systems ``a`` and ``b`` on ``metric`` over the questions both evaluate.

    Inner join on ``question_id``; a question whose score is NaN for either
    system is dropped. Questions keep the order in which they appear for ``a``.
    Returns ``(question_ids, x_a, x_b)`` with ``x_a[i]``, ``x_b[i]`` the scores
    of ``question_ids[i]``. Unknown metric or system → :class:`InputError`.
    """
    _check_metric(per_question, metric)
    names = _system_names(per_question)
    _check_system(names, a)
    _check_system(names, b)
    sa = _scores(per_question, metric, a)
    sb = _scores(per_question, metric, b)
    common = sa.index[sa.index.isin(sb.index)]
    xa = sa.loc[common].to_numpy(dtype=float)
    xb = sb.loc[common].to_numpy(dtype=float)
    keep = ~(np.isnan(xa) | np.isnan(xb))
    return [str(q) for q in common[keep]], xa[keep], xb[keep]


# ---------------------------------------------------------------------------
# bootstrap


def _rng(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


def _chunk_rows(n: int) -> int:
    return max(1, CHUNK_ELEMENTS // max(1, n))


def bootstrap_mean_ci(
    values: Sequence[float] | np.ndarray,
    confidence: float = 0.95,
    n_resamples: int = 10_000,
    seed: int = DEFAULT_SEED,
) -> tuple[float, float]:
    """Percentile bootstrap confidence interval of the mean of ``values``.

    ``n_resamples`` resamples of size n are drawn with replacement; the
    interval is the ``(1−c)/2`` and ``(1+c)/2`` quantiles (numpy's default
    linear interpolation) of the resample means, c = ``confidence``. NaNs are
    ignored. n = 0 → ``(nan, nan)``; constant values v → ``(v, v)``.
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples!r}")
    x = np.asarray(values, dtype=float).ravel()
    x = x[~np.isnan(x)]
    n = x.size
    if n == 0:
        return (math.nan, math.nan)
    if np.all(x == x[0]):
        # every resample mean is x[0]; skip the draws and avoid float fuzz
        return (float(x[0]), float(x[0]))
    rng = _rng(seed)
    means = np.empty(n_resamples, dtype=float)
    step = _chunk_rows(n)
    for start in range(0, n_resamples, step):
        stop = min(n_resamples, start + step)
        idx = rng.integers(0, n, size=(stop - start, n), dtype=np.int32)
        means[start:stop] = x[idx].mean(axis=1)
    alpha = 1.0 - confidence
    low, high = np.quantile(means, [alpha / 2.0, 1.0 - alpha / 2.0])
    return (float(low), float(high))


def bootstrap_ci(
    diffs: Sequence[float] | np.ndarray,
    confidence: float = 0.95,
    n_resamples: int = 10_000,
    seed: int = DEFAULT_SEED,
) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean paired difference.

    ``diffs[i] = x_system(q_i) − x_baseline(q_i)``; questions are resampled
    as pairs (that is what resampling the differences means). Same rules as
    :func:`bootstrap_mean_ci`; all-zero differences → ``(0.0, 0.0)``.
    """
    return bootstrap_mean_ci(diffs, confidence=confidence, n_resamples=n_resamples, seed=seed)


# ---------------------------------------------------------------------------
# tests


def _diffs(x_a: Sequence[float] | np.ndarray, x_b: Sequence[float] | np.ndarray) -> np.ndarray:
    a = np.asarray(x_a, dtype=float).ravel()
    b = np.asarray(x_b, dtype=float).ravel()
    if a.shape != b.shape:
        raise ValueError(f"paired samples differ in length: {a.size} and {b.size}")
    d = b - a
    return d[~np.isnan(d)]


def randomization_test(
    x_a: Sequence[float] | np.ndarray,
    x_b: Sequence[float] | np.ndarray,
    n_permutations: int = 10_000,
    seed: int = DEFAULT_SEED,
    exact: bool | None = None,
) -> float:
    """Two-sided paired sign-flip randomization test of the mean difference.

    Under H0 (the two systems are exchangeable on every question) each
    difference ``d_i = x_b(i) − x_a(i)`` is equally likely to carry either
    sign. The statistic is ``|Σ s_i d_i|`` (equivalent to the absolute mean,
    n being fixed).

    * **Exact** (``exact=True``, or ``exact=None`` and at most
      :data:`EXACT_MAX_N` non-zero differences): all ``2^m`` sign vectors of
      the m non-zero differences are enumerated (zero differences do not
      change the statistic) and ``p = #{|T*| ≥ |T_obs| − tol} / 2^m``, the
      identity flip included.
    * **Monte-Carlo** (``exact=False``, or more than :data:`EXACT_MAX_N`
      non-zero differences with ``exact=None``): ``n_permutations`` random
      sign vectors and ``p = (#{|T*| ≥ |T_obs| − tol} + 1) / (n_permutations + 1)``
      (the observed assignment counted once, so p > 0 and the test is valid).

    ``tol = 1e-9 · Σ|d_i|`` absorbs floating-point noise so that flips giving
    the same statistic in exact arithmetic count as "as extreme". All
    differences zero (identical systems) → 1.0; no pairs → NaN.
    ``exact=True`` with more than 24 non-zero differences is refused
    (ValueError) because 2^m would not fit in memory.
    """
    d = _diffs(x_a, x_b)
    if d.size == 0:
        return math.nan
    d = d[d != 0.0]
    m = d.size
    if m == 0:
        return 1.0
    observed = abs(float(d.sum()))
    tol = 1e-9 * float(np.abs(d).sum())
    use_exact = (m <= EXACT_MAX_N) if exact is None else bool(exact)
    if use_exact:
        if m > 24:
            raise ValueError(f"exact enumeration of 2^{m} sign flips is too large")
        count = 0
        total = 1 << m
        step = _chunk_rows(m)
        bits = np.arange(m, dtype=np.int64)
        for start in range(0, total, step):
            codes = np.arange(start, min(total, start + step), dtype=np.int64)
            signs = 1.0 - 2.0 * ((codes[:, None] >> bits) & 1)
            count += int(np.count_nonzero(np.abs(signs @ d) >= observed - tol))
        return count / total
    if n_permutations < 1:
        raise ValueError(f"n_permutations must be at least 1, got {n_permutations!r}")
    rng = _rng(seed)
    total_d = float(d.sum())
    count = 0
    step = _chunk_rows(m)
    for start in range(0, n_permutations, step):
        rows = min(n_permutations, start + step) - start
        # one random bit per sign (8 per drawn byte) is several times faster than
        # drawing a float per sign; Σ s_i d_i = Σ d_i − 2 · Σ_{flipped} d_i
        flips = np.unpackbits(
            rng.integers(0, 256, size=(rows, (m + 7) // 8), dtype=np.uint8), axis=1, count=m
        )
        flipped = total_d - 2.0 * (flips @ d)
        count += int(np.count_nonzero(np.abs(flipped) >= observed - tol))
    return (count + 1) / (n_permutations + 1)


def paired_t(x_a: Sequence[float] | np.ndarray, x_b: Sequence[float] | np.ndarray) -> float:
    """Two-sided paired t-test p-value, :func:`scipy.stats.ttest_rel` (``x_b`` vs ``x_a``).

    Fewer than 2 pairs → NaN. Zero variance of the differences (up to 1e-12
    relative float noise, where scipy divides by zero or loses precision):
    all differences 0 → 1.0; a constant non-zero difference → 0.0 (the limit
    of the t statistic is infinite).
    """
    d = _diffs(x_a, x_b)
    if d.size < 2:
        return math.nan
    scale = max(1.0, float(np.abs(d).max()))
    if float(np.ptp(d)) <= 1e-12 * scale:
        # constant differences up to float noise (a − b with a shifted copy)
        return 1.0 if abs(float(d.mean())) <= 1e-12 * scale else 0.0
    a = np.asarray(x_a, dtype=float).ravel()
    b = np.asarray(x_b, dtype=float).ravel()
    keep = ~(np.isnan(a) | np.isnan(b))
    with warnings.catch_warnings():
        # nearly-constant differences make scipy warn about precision; the
        # value it returns is still the one we report.
        warnings.simplefilter("ignore", RuntimeWarning)
        from scipy import stats as _sps  # half a second to import: only when asked for

        p = _sps.ttest_rel(b[keep], a[keep]).pvalue
    return float(p)


def wilcoxon(x_a: Sequence[float] | np.ndarray, x_b: Sequence[float] | np.ndarray) -> float:
    """Two-sided Wilcoxon signed-rank p-value, :func:`scipy.stats.wilcoxon` defaults.

    ``zero_method="wilcox"``: zero differences are dropped before ranking.
    All differences zero (identical systems) → 1.0 (scipy would divide by
    zero); no pairs → NaN.
    """
    d = _diffs(x_a, x_b)
    if d.size == 0:
        return math.nan
    if not np.any(d != 0.0):
        return 1.0
    a = np.asarray(x_a, dtype=float).ravel()
    b = np.asarray(x_b, dtype=float).ravel()
    keep = ~(np.isnan(a) | np.isnan(b))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", UserWarning)
        from scipy import stats as _sps

        p = _sps.wilcoxon(b[keep], a[keep]).pvalue
    return float(p)


def holm(p_values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Holm–Bonferroni step-down adjusted p-values.

    With the m non-NaN p-values sorted ascending, ``p_(1) ≤ … ≤ p_(m)``:
    ``adj_(i) = min(1, max_{j ≤ i} (m − j + 1) · p_(j))``. The running maximum
    keeps the adjusted values monotone in the raw ones. NaN entries stay NaN
    and do not count in m. Returned in the input order.
    """
    p = np.asarray(p_values, dtype=float).ravel()
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = ok.size
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    scaled = (m - np.arange(m)) * p[order]
    out[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return out


def win_tie_loss(
    x_a: Sequence[float] | np.ndarray,
    x_b: Sequence[float] | np.ndarray,
    tol: float = 1e-12,
) -> tuple[int, int, int]:
    """Questions where the *system* ``b`` beats, ties, or loses to the *baseline* ``a``.

    win: ``x_b − x_a > tol``; loss: ``x_b − x_a < −tol``; tie otherwise.
    Pairs with a NaN are not counted.
    """
    d = _diffs(x_a, x_b)
    wins = int(np.count_nonzero(d > tol))
    losses = int(np.count_nonzero(d < -tol))
    return wins, int(d.size - wins - losses), losses


# ---------------------------------------------------------------------------
# comparing systems


def _derived_seed(seed: int, *names: str) -> int:
    """A seed for one pair/system, fixed by the user's seed and the names only."""
    entropy = [int(seed) & 0xFFFFFFFF, (int(seed) >> 32) & 0xFFFFFFFF]
    entropy += [zlib.crc32(name.encode("utf-8")) for name in names]
    return int(np.random.SeedSequence(entropy).generate_state(2, dtype=np.uint64)[0])


def _as_list(values: str | Iterable[str]) -> list[str]:
    return [values] if isinstance(values, str) else [str(v) for v in values]


def compare_systems(
    per_question: pd.DataFrame,
    metrics: str | Sequence[str],
    baseline: str | None = None,
    systems: Sequence[str] | None = None,
    test: str = "randomization",
    n_permutations: int = 10_000,
    n_resamples: int = 10_000,
    seed: int = DEFAULT_SEED,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Every system against one baseline, per metric (SPEC §3 "Comparing systems").

    One row per (metric, system ≠ baseline), metrics in the given order and
    systems in order of appearance (or as given). Columns
    :data:`COMPARISON_FIELDS`:

    * ``n`` — questions both evaluate (:func:`paired_scores`);
    * ``mean_diff`` — mean of ``system − baseline``;
    * ``ci_low``/``ci_high`` — percentile bootstrap CI of ``mean_diff``
      (:func:`bootstrap_ci`, ``confidence``, ``n_resamples``);
    * ``p_value`` — ``test`` ∈ :data:`TESTS`;
    * ``p_adjusted`` — Holm across all system-vs-baseline rows *of the same
      metric* (:func:`holm`);
    * ``wins``/``ties``/``losses`` — from the system's point of view.

    ``baseline=None`` → the first system. Each row's random draws use a seed
    derived from ``seed`` and the (metric, baseline, system) names. Unknown
    metric, baseline or system → :class:`InputError`; unknown ``test`` →
    ValueError.
    """
    if test not in TESTS:
        raise ValueError(f"test must be one of {', '.join(TESTS)}; got {test!r}")
    metric_list = _as_list(metrics)
    for metric in metric_list:
        _check_metric(per_question, metric)
    names = _system_names(per_question)
    if baseline is None:
        if not names:
            return pd.DataFrame({c: pd.Series(dtype=object) for c in COMPARISON_FIELDS})
        baseline = names[0]
    _check_system(names, baseline)
    if systems is None:
        others = [s for s in names if s != baseline]
    else:
        others = []
        for s in _as_list(systems):
            _check_system(names, s)
            if s != baseline and s not in others:
                others.append(s)

    rows: list[dict[str, Any]] = []
    for metric in metric_list:
        start = len(rows)
        for system in others:
            _, xa, xb = paired_scores(per_question, metric, baseline, system)
            d = xb - xa
            n = int(d.size)
            row_seed = _derived_seed(seed, metric, baseline, system)
            if test == "randomization":
                p = randomization_test(xa, xb, n_permutations=n_permutations, seed=row_seed)
            elif test == "t":
                p = paired_t(xa, xb)
            else:
                p = wilcoxon(xa, xb)
            low, high = bootstrap_ci(
                d, confidence=confidence, n_resamples=n_resamples, seed=row_seed
            )
            wins, ties, losses = win_tie_loss(xa, xb)
            rows.append(
                {
                    "metric": metric,
                    "baseline": baseline,
                    "system": system,
                    "n": n,
                    "mean_diff": float(d.mean()) if n else math.nan,
                    "ci_low": low,
                    "ci_high": high,
                    "p_value": float(p),
                    "p_adjusted": math.nan,
                    "test": test,
                    "wins": wins,
                    "ties": ties,
                    "losses": losses,
                }
            )
        adjusted = holm([r["p_value"] for r in rows[start:]])
        for r, adj in zip(rows[start:], adjusted):
            r["p_adjusted"] = float(adj)

    frame = pd.DataFrame(rows, columns=list(COMPARISON_FIELDS))
    for col in ("n", "wins", "ties", "losses"):
        frame[col] = frame[col].astype("int64")
    for col in ("mean_diff", "ci_low", "ci_high", "p_value", "p_adjusted"):
        frame[col] = frame[col].astype(float)
    return frame


def comparisons_to_json(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows of :func:`compare_systems` as plain dicts for ``--json`` (NaN → None)."""
    out: list[dict[str, Any]] = []
    for rec in frame.to_dict(orient="records"):
        item: dict[str, Any] = {}
        for key in COMPARISON_FIELDS:
            value = rec.get(key)
            if key in ("n", "wins", "ties", "losses"):
                item[key] = None if value is None or pd.isna(value) else int(value)
            elif key in ("mean_diff", "ci_low", "ci_high", "p_value", "p_adjusted"):
                item[key] = None if value is None or pd.isna(value) else float(value)
            else:
                item[key] = None if value is None else str(value)
        out.append(item)
    return out


def system_confidence_intervals(
    per_question: pd.DataFrame,
    metrics: str | Sequence[str],
    seed: int = DEFAULT_SEED,
    n_resamples: int = 10_000,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Mean and percentile bootstrap CI per system × metric (chart whiskers).

    Columns ``system``, ``metric``, ``mean``, ``ci_low``, ``ci_high``, ``n``;
    rows ordered by system (order of appearance) then metric. NaN scores are
    ignored; ``n`` counts the rest. Seeds derive from ``seed`` and the names.
    """
    metric_list = _as_list(metrics)
    for metric in metric_list:
        _check_metric(per_question, metric)
    rows: list[dict[str, Any]] = []
    for system in _system_names(per_question):
        sub = per_question.loc[per_question["system"].astype(str) == system]
        for metric in metric_list:
            x = pd.to_numeric(sub[metric], errors="coerce").to_numpy(dtype=float)
            x = x[~np.isnan(x)]
            low, high = bootstrap_mean_ci(
                x,
                confidence=confidence,
                n_resamples=n_resamples,
                seed=_derived_seed(seed, metric, system),
            )
            rows.append(
                {
                    "system": system,
                    "metric": metric,
                    "mean": float(x.mean()) if x.size else math.nan,
                    "ci_low": low,
                    "ci_high": high,
                    "n": int(x.size),
                }
            )
    frame = pd.DataFrame(rows, columns=["system", "metric", "mean", "ci_low", "ci_high", "n"])
    frame["n"] = frame["n"].astype("int64")
    return frame


# ---------------------------------------------------------------------------
# plain-language sentences

_MINUS = "\u2212"


def _get(row: Mapping[str, Any] | pd.Series, key: str) -> Any:
    value = row[key] if key in row else None
    return value


def _num(row: Mapping[str, Any] | pd.Series, key: str) -> float:
    value = _get(row, key)
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _decimals(diff: float) -> int:
    """Two decimals, three when the difference itself would round to 0.00."""
    return 3 if 0 < abs(diff) < 0.005 else 2


def _fmt(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    if text.startswith("-"):
        # "-0.00" reads as a sign error; a true minus sign reads better in prose
        text = text[1:] if float(text) == 0 else _MINUS + text[1:]
    return text


def _fmt_p(p: float) -> str:
    if p < 0.001:
        return "p < 0.001"
    if p < 0.1:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def _fmt_ci(low: float, high: float, decimals: int, lang: str) -> str:
    # one range format in every language; the spaces keep "−0.13 – −0.03" readable
    return range_text(_fmt(low, decimals), _fmt(high, decimals))


def describe_comparison(
    row: Mapping[str, Any] | pd.Series,
    lang: str = "ko",
    alpha: float = 0.05,
    confidence: float | None = None,
) -> str:
    """One plain sentence (Korean ``lang="ko"`` or English) for a comparison row.

    Significance is judged on ``p_adjusted`` (Holm) when present, else on
    ``p_value``, against ``alpha``. The sentence states the direction, the
    size of the difference, the CI, the p-value (``p < 0.001`` below 0.001)
    and the win/loss counts; a non-significant difference says plainly that
    it may be noise. Numbers use two decimals (three for tiny differences).
    ``confidence`` labels the CI (default: the row's ``confidence`` key if
    any, else 0.95 — :func:`compare_systems`' default).

    Korean particles: 은/는, 이/가, 와/과 depend on how a name is *pronounced*,
    which cannot be known for Latin names (BM25, GraphRAG). The Korean
    sentences are therefore built so that no variable particle follows a
    name: "{system}의 {metric} 점수가 {baseline}보다 …" — 의 and 보다 are
    invariant, and the subject particle follows the fixed word 점수.
    """
    if lang not in ("ko", "en"):
        raise ValueError(f"lang must be 'ko' or 'en', got {lang!r}")
    ko = lang == "ko"
    system = str(_get(row, "system"))
    base = str(_get(row, "baseline"))
    metric = str(_get(row, "metric"))
    n = int(_num(row, "n")) if not math.isnan(_num(row, "n")) else 0
    wins = int(_num(row, "wins")) if not math.isnan(_num(row, "wins")) else 0
    losses = int(_num(row, "losses")) if not math.isnan(_num(row, "losses")) else 0
    diff = _num(row, "mean_diff")
    low, high = _num(row, "ci_low"), _num(row, "ci_high")
    p_adj = _num(row, "p_adjusted")
    p_raw = _num(row, "p_value")
    holm_used = not math.isnan(p_adj)
    p = p_adj if holm_used else p_raw
    if confidence is None:
        confidence = _num(row, "confidence") if "confidence" in row else 0.95
    conf_pct = f"{confidence * 100:g}%"

    if n == 0 or math.isnan(diff):
        if ko:
            return (
                f"{system}의 {metric} 점수를 {base}의 점수와 비교할 수 없습니다. "
                "두 시스템이 함께 평가한 질문이 없습니다."
            )
        return (
            f"{system} cannot be compared with {base} on {metric}: "
            "no question was evaluated for both."
        )

    if wins == 0 and losses == 0:
        if ko:
            return f"{system}의 {metric} 점수가 {n}개 질문 모두에서 {base}의 점수와 같습니다."
        return f"{system} and {base} score the same on {metric} on all {n} questions."

    dec = _decimals(diff)
    size = _fmt(abs(diff), dec)
    if math.isnan(low) or math.isnan(high):
        ci_ko = ci_en = ""
    else:
        ci = _fmt_ci(low, high, dec, lang)
        ci_ko, ci_en = f"{conf_pct} 신뢰구간 {ci}", f"{conf_pct} CI {ci}"

    if math.isnan(p):
        p_ko = p_en = ""
    elif holm_used:
        p_ko, p_en = f"Holm 보정 후 {_fmt_p(p)}", f"{_fmt_p(p)} after Holm correction"
    else:
        p_ko = p_en = _fmt_p(p)
    stats_ko = ", ".join(s for s in (ci_ko, p_ko) if s)
    stats_en = ", ".join(s for s in (ci_en, p_en) if s)

    if diff == 0:
        # the means are equal although some questions differ: no direction to report
        if ko:
            return (
                f"{system}의 {metric} 평균 점수가 {base}의 평균 점수와 같습니다 "
                f"({stats_ko}; {n}개 질문 중 {wins}개에서 더 좋고 {losses}개에서 더 나쁨)."
            )
        return (
            f"{system} and {base} have the same mean {metric} ({stats_en}); "
            f"better on {wins}, worse on {losses} of {n} questions."
        )

    if math.isnan(p):
        # e.g. a t-test on a single question: report the numbers, claim nothing
        if ko:
            word = "높지만" if diff > 0 else "낮지만"
            return (
                f"{system}의 {metric} 점수가 {base}보다 {size} {word}, 질문이 너무 적어 "
                f"유의성을 검정할 수 없습니다 ({n}개 질문 중 {wins}개에서 더 좋고 "
                f"{losses}개에서 더 나쁨)."
            )
        word = "higher" if diff > 0 else "lower"
        return (
            f"{system} scores {size} {word} than {base} on {metric}, but there are too few "
            f"questions to test the difference; better on {wins}, worse on {losses} "
            f"of {n} questions."
        )

    significant = p < alpha
    if significant:
        if ko:
            word = "높으며" if diff > 0 else "낮으며"
            count = f"{wins}개에서 더 좋음" if diff > 0 else f"{losses}개에서 더 나쁨"
            return (
                f"{system}의 {metric} 점수가 {base}보다 {size} {word}, "
                f"이 차이는 통계적으로 유의합니다 ({stats_ko}; {n}개 질문 중 {count})."
            )
        if diff > 0:
            return (
                f"{system} beats {base} on {metric} by {size} "
                f"({stats_en}; better on {wins} of {n} questions)."
            )
        return (
            f"{system} is worse than {base} on {metric} by {size} "
            f"({stats_en}; worse on {losses} of {n} questions)."
        )

    if ko:
        word = "높지만" if diff > 0 else "낮지만"
        return (
            f"{system}의 {metric} 점수가 {base}보다 {size} {word}, 차이는 통계적으로 "
            f"유의하지 않습니다 ({stats_ko}; {n}개 질문 중 {wins}개에서 더 좋고 "
            f"{losses}개에서 더 나쁨). 우연일 수 있습니다."
        )
    word = "higher" if diff > 0 else "lower"
    return (
        f"{system} scores {size} {word} than {base} on {metric}, but the difference is "
        f"not significant ({stats_en}); better on {wins}, worse on {losses} of {n} "
        "questions — it may be noise."
    )
