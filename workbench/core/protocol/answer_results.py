"""What the answer evaluation shows: ratings per system, agreement of the raters,
paired tests, and whether better retrieval gave better answers.

Everything is computed from the study (:mod:`workbench.core.protocol.answers`) and its
current :class:`~workbench.core.model.results.Results` by :func:`answer_report`,
the one function the Answers page (in a worker), the report and the command
line call.

Conventions
-----------
- **Items**: a rating item is (question, system, criterion). Several raters'
  scores of an item become the *score used* by the rule of the passage
  grades (:func:`workbench.core.measures.agreement.resolve_grades`; policy
  ``AnswerOptions.policy``, median by default — the lower middle on a tie),
  a hand resolution winning. Every rater's own score is kept.
- **Agreement** per criterion treats (question, system) as the item and
  hands the raters' scores to the existing functions of
  :mod:`workbench.core.measures.agreement` (:func:`agreement_table`: exact agreement,
  Cohen's kappa, quadratic weighted kappa per pair; Krippendorff's alpha,
  ordinal, over everyone); ``"all"`` pools every criterion, the item being
  (question, system, criterion).
- **Means**: per system and criterion, the mean of the scores used over the
  answers the criterion applies to (answerable / unanswerable questions),
  with a 95% percentile bootstrap CI
  (:func:`workbench.core.measures.stats.system_confidence_intervals`, seeded); the
  same per question type. ``rating`` is an answer's mean over the criteria
  that apply to it and were rated.
- **Paired tests**: every system against the first (or a chosen baseline)
  per criterion, over the questions both have a score for
  (:func:`workbench.core.measures.stats.compare_systems`, randomization test, Holm
  across pairs), each with a plain-language sentence
  (:func:`workbench.core.measures.stats.describe_comparison`).
- **Retrieval vs answer**: per (system, question) a retrieval measure of the
  system's run (e.g. nDCG@5) against the answer's rating; Spearman's rank
  correlation (:func:`scipy.stats.spearmanr`) over all points and per
  system; NaN with fewer than three points or a constant side.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.io.atomic import atomic_write, save_workbook
from workbench.core.io.cells import put
from workbench.core.io.outputs import refuse_output_onto_inputs
from workbench.core.measures.agreement import (
    AgreementSummary,
    agreement_table,
    disagreements,
    grade_column,
    resolve_grades,
)
from workbench.core.measures.stats import (
    COMPARISON_FIELDS,
    DEFAULT_SEED,
    compare_systems,
    describe_comparison,
    system_confidence_intervals,
)
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView
from workbench.core.protocol import answers as A

#: joins system and criterion into one "passage" id for the agreement functions
_JOIN = "\x1f"
#: the column of an answer's mean rating
RATING = "rating"
ALL = "all"


def _check(cancelled: CancelCheck | None) -> None:
    if cancelled is not None and cancelled():
        raise Cancelled()


# == ratings as judgments ====================================================================
def _as_judgments(ratings: pd.DataFrame, per_criterion: bool) -> pd.DataFrame:
    """Ratings in the shape of a judgments frame: question → ``question_id``,
    system (and criterion) → ``passage_id``, rater → ``assessor``, score → ``grade``."""
    if per_criterion:
        pid = ratings[s.SYSTEM].astype(str)
    else:
        pid = ratings[s.SYSTEM].astype(str) + _JOIN + ratings[A.CRITERION].astype(str)
    return pd.DataFrame(
        {
            s.QID: ratings[s.QID].astype(str).to_numpy(),
            s.PID: pid.to_numpy(),
            s.GRADE: ratings[A.SCORE].astype("int64").to_numpy(),
            s.ASSESSOR: ratings[s.ASSESSOR].astype(str).to_numpy(),
            s.ROLE: "",
            s.GROUP: "",
            s.NOTE: ratings[s.NOTE].astype(str).to_numpy(),
            s.ROW: 0,
        },
        columns=s.JUDGMENT_COLUMNS,
    )


def rated(
    study: StudyView, rubric: A.Rubric | None = None, ratings: pd.DataFrame | None = None
) -> pd.DataFrame:
    """The ratings in force of the rubric's criteria (every rater's own score);
    ``ratings``: :func:`~workbench.core.protocol.answers.ratings_in_force` when already at hand."""
    rubric = rubric or study.answers.rubric_in_force()
    ratings = A.ratings_in_force(study) if ratings is None else ratings
    if not len(ratings):
        return ratings
    return ratings[ratings[A.CRITERION].isin(rubric.keys)].reset_index(drop=True)


def scores_used(
    study: StudyView, rubric: A.Rubric | None = None, ratings: pd.DataFrame | None = None
) -> pd.DataFrame:
    """One row per rated (question, system key, criterion): ``score`` (int), the
    number of raters ``n_raters`` and ``resolved_by`` (``single`` / ``policy`` /
    ``manual``), by the passage grades' rule (see the module doc)."""
    columns = [s.QID, s.SYSTEM, A.CRITERION, A.SCORE, "n_raters", "resolved_by"]
    ratings = rated(study, rubric, ratings)
    res = study.answers.resolutions
    if not len(ratings) and not len(res):
        return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
    judgments = _as_judgments(ratings, per_criterion=False) if len(ratings) else None
    overrides = None
    if len(res):
        keys = rubric.keys if rubric is not None else study.answers.rubric_in_force().keys
        res = res[res[A.CRITERION].isin(keys)]
        overrides = pd.DataFrame(
            {
                s.QID: res[s.QID].astype(str).to_numpy(),
                s.PID: (
                    res[s.SYSTEM].astype(str) + _JOIN + res[A.CRITERION].astype(str)
                ).to_numpy(),
                s.GRADE: res[A.SCORE].to_numpy(),
            }
        )
    if judgments is None:
        judgments = _as_judgments(
            pd.DataFrame({c: pd.Series(dtype=object) for c in A.RATING_COLUMNS}).assign(
                **{A.SCORE: pd.Series(dtype="int64")}
            ),
            per_criterion=False,
        )
    resolved = resolve_grades(
        judgments,
        study.answers.options.policy,
        overrides=overrides if overrides is not None and len(overrides) else None,
    )
    parts = resolved[s.PID].astype(str).str.split(_JOIN, n=1, expand=True)
    out = pd.DataFrame(
        {
            s.QID: resolved[s.QID].astype(str),
            s.SYSTEM: parts[0] if len(resolved) else pd.Series(dtype=object),
            A.CRITERION: parts[1] if len(resolved) else pd.Series(dtype=object),
            A.SCORE: resolved[s.GRADE].astype("int64"),
            "n_raters": resolved["n_assessors"].astype("int64"),
            "resolved_by": resolved["resolved_by"].astype(str),
        },
        columns=columns,
    )
    return out.reset_index(drop=True)


def rating_agreement(
    study: StudyView, rubric: A.Rubric | None = None, ratings: pd.DataFrame | None = None
) -> dict[str, AgreementSummary]:
    """Per criterion key (and ``"all"`` pooled) the agreement of the raters
    (:func:`workbench.core.measures.agreement.agreement_table`, see the module doc)."""
    rubric = rubric or study.answers.rubric_in_force()
    ratings = rated(study, rubric, ratings)
    out: dict[str, AgreementSummary] = {}
    if not len(ratings):
        return out
    for c in rubric.criteria:
        sub = ratings[ratings[A.CRITERION] == c.key]
        if len(sub):
            out[c.key] = agreement_table(_as_judgments(sub, per_criterion=True))
    out[ALL] = agreement_table(_as_judgments(ratings, per_criterion=False))
    return out


def rating_disagreements(
    study: StudyView, rubric: A.Rubric | None = None, ratings: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Items the raters scored differently, biggest gap first: ``question_id``,
    ``system`` (key), ``criterion``, ``score:<rater>`` (Int64) and
    ``note:<rater>`` per rater (name order), ``n_raters``, ``gap``.
    ``attrs["assessors"]`` lists the raters."""
    rubric = rubric or study.answers.rubric_in_force()
    ratings = rated(study, rubric, ratings)
    raters = sorted(set(ratings[s.ASSESSOR].tolist())) if len(ratings) else []
    columns = [s.QID, s.SYSTEM, A.CRITERION]
    for r in raters:
        columns += [f"score:{r}", f"note:{r}"]
    columns += ["n_raters", "gap"]
    if not len(ratings):
        out = pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
        out.attrs["assessors"] = raters
        return out
    queue = disagreements(_as_judgments(ratings, per_criterion=False))
    if not len(queue):
        out = pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
        out.attrs["assessors"] = raters
        return out
    parts = queue[s.PID].astype(str).str.split(_JOIN, n=1, expand=True)
    out = pd.DataFrame({s.QID: queue[s.QID].astype(str), s.SYSTEM: parts[0], A.CRITERION: parts[1]})
    for r in raters:
        out[f"score:{r}"] = (
            queue[grade_column(r)]
            if grade_column(r) in queue
            else pd.array([pd.NA] * len(queue), dtype="Int64")
        )
        note = f"note:{r}"
        out[note] = queue[note] if note in queue else ""
    out["n_raters"] = queue["n_assessors"].to_numpy()
    out["gap"] = queue["gap"].to_numpy()
    order = {k: i for i, k in enumerate(rubric.keys)}
    out["_c"] = out[A.CRITERION].map(order)
    out = out.sort_values(
        ["gap", s.QID, s.SYSTEM, "_c"], ascending=[False, True, True, True], kind="stable"
    )
    out = out.drop(columns="_c").reset_index(drop=True)[columns]
    out.attrs["assessors"] = raters
    return out


# == the report ==================================================================================
@dataclass
class AnswerReport:
    """Everything the Answers page, the report sheets and ``--json`` show.

    - ``checks``: :class:`~workbench.core.protocol.answers.AnswerChecks`;
    - ``rated``: every rater's score in force (RATING_COLUMNS, ``system`` the
      key) plus ``shown`` (the system's name);
    - ``answers``: one row per checked answer — ``system`` (name shown),
      ``key``, ``question_id``, ``question_type``, ``answerable``, one column
      per criterion key (the score used, NaN = not rated or not applicable)
      and ``rating`` (their mean);
    - ``by_system`` / ``by_type``: ``system`` (and ``question_type``),
      ``criterion``, ``mean``, ``ci_low``, ``ci_high``, ``n``;
    - ``comparisons``: :func:`compare_systems` rows (``metric`` = criterion
      key) with ``criterion_name`` and the sentences ``sentence_ko`` /
      ``sentence_en``;
    - ``agreement``: criterion key (and ``"all"``) → AgreementSummary;
    - ``disagreements``: :func:`rating_disagreements` with ``shown``.
    """

    rubric: A.Rubric
    options: A.AnswerOptions
    checks: A.AnswerChecks
    rated: pd.DataFrame
    answers: pd.DataFrame
    by_system: pd.DataFrame
    by_type: pd.DataFrame
    comparisons: pd.DataFrame
    agreement: dict[str, AgreementSummary]
    disagreements: pd.DataFrame
    systems: list[str]
    assessors: list[str]
    seed: int = DEFAULT_SEED
    warnings: list = field(default_factory=list)
    #: the bootstrap CIs were computed (the quick report leaves them NaN)
    intervals: bool = True

    @property
    def n_answers(self) -> int:
        return int(len(self.checks.answers))

    def shown_of(self, key: str) -> str:
        hit = self.checks.answers[self.checks.answers["key"] == key]
        return str(hit.iloc[0]["system"]) if len(hit) else key


def _answer_scores(checks: A.AnswerChecks, used: pd.DataFrame, rubric: A.Rubric) -> pd.DataFrame:
    base = checks.answers[["system", "key", s.QID, s.QTYPE, "answerable"]].copy()
    lookup: dict[tuple[str, str, str], int] = {}
    if len(used):
        lookup = dict(
            zip(
                zip(
                    used[s.QID].astype(str),
                    used[s.SYSTEM].astype(str),
                    used[A.CRITERION].astype(str),
                ),
                used[A.SCORE].astype(int),
            )
        )
    qids = base[s.QID].astype(str).tolist()
    keys = base["key"].astype(str).tolist()
    answerable = base["answerable"].astype(bool).tolist()
    for c in rubric.criteria:
        base[c.key] = [
            float(lookup[(q, k, c.key)])
            if c.applies_to(a) and (q, k, c.key) in lookup
            else math.nan
            for q, k, a in zip(qids, keys, answerable)
        ]
    if rubric.criteria:
        base[RATING] = base[[c.key for c in rubric.criteria]].mean(axis=1, skipna=True)
    else:
        base[RATING] = math.nan
    return base.reset_index(drop=True)


def _per_question_frame(answers: pd.DataFrame, keys: Sequence[str]) -> pd.DataFrame:
    """The answers in the per-question shape the stats functions take."""
    frame = pd.DataFrame(
        {
            "system": answers["system"].astype(str),
            "question_id": answers[s.QID].astype(str),
            "question_type": answers[s.QTYPE].astype(str),
            "missing": False,
        }
    )
    for k in [*keys, RATING]:
        frame[k] = answers[k].astype(float) if k in answers else math.nan
    return frame


def _means(frame: pd.DataFrame, keys: list[str], seed: int, intervals: bool = True) -> pd.DataFrame:
    """Mean and n per system and criterion; with ``intervals`` the bootstrap CI
    too (NaN without)."""
    columns = ["system", "criterion", "mean", "ci_low", "ci_high", "n"]
    if not len(frame) or not keys:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
    if intervals:
        ci = system_confidence_intervals(frame, keys, seed=seed)
        return ci.rename(columns={"metric": "criterion"})[columns]
    rows = []
    for system in pd.unique(frame["system"]):
        sub = frame[frame["system"] == system]
        for k in keys:
            x = sub[k].dropna()
            mean = float(x.mean()) if len(x) else math.nan
            rows.append([system, k, mean, math.nan, math.nan, int(len(x))])
    out = pd.DataFrame(rows, columns=columns)
    out["n"] = out["n"].astype("int64")
    return out


def answer_report(
    study: StudyView,
    results: Results | None,
    *,
    lang: str = "ko",
    baseline: str | None = None,
    seed: int = DEFAULT_SEED,
    compare: bool = True,
    intervals: bool = True,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> AnswerReport:
    """The answer evaluation of the study (see the module doc). ``lang`` picks
    the default rubric's language when none was given; ``baseline``: the
    system the others are compared with (default: the first). Without
    ``compare`` no paired tests, without ``intervals`` no bootstrap CIs (the
    quick report the Review tab needs after each rating)."""

    def step(fraction: float) -> None:
        _check(cancelled)
        if progress is not None:
            progress(fraction, "")

    step(0.0)
    rubric = study.answers.rubric_in_force(lang)
    checks = A.check_answers(study, results)
    step(0.2)
    in_force = A.ratings_in_force(study)
    ratings = rated(study, rubric, in_force)
    names = A.system_names(study)
    if len(ratings):
        ratings = ratings.assign(shown=ratings[s.SYSTEM].map(lambda k: names.get(k, k)))
    else:
        ratings = ratings.assign(shown=pd.Series(dtype=object))
    used = scores_used(study, rubric, in_force)
    answers = _answer_scores(checks, used, rubric)
    systems = [names.get(k, k) for k in study.answers.keys()]
    systems = [x for x in dict.fromkeys(systems) if x in set(answers["system"])]
    keys = [c.key for c in rubric.criteria]
    frame = _per_question_frame(answers, keys)
    step(0.35)
    by_system = _means(frame, [*keys, RATING], seed, intervals)
    types = sorted({t for t in frame["question_type"] if t})
    parts = []
    for t in types:
        sub = _means(frame[frame["question_type"] == t], [*keys, RATING], seed, intervals)
        if len(sub):
            parts.append(sub.assign(question_type=t))
    by_type = (
        pd.concat(parts, ignore_index=True)[
            ["system", "question_type", "criterion", "mean", "ci_low", "ci_high", "n"]
        ]
        if parts
        else pd.DataFrame(
            {
                c: pd.Series(dtype=object)
                for c in ["system", "question_type", "criterion", "mean", "ci_low", "ci_high", "n"]
            }
        )
    )
    step(0.55)
    comparisons = pd.DataFrame()
    if compare and len(systems) >= 2 and len(used):
        base = baseline if baseline in systems else systems[0]
        wanted = [k for k in [*keys, RATING] if frame[k].notna().any()]
        if wanted:
            comparisons = compare_systems(frame, wanted, baseline=base, seed=seed)
            comparisons = comparisons[comparisons["n"] > 0].reset_index(drop=True)
            if len(comparisons):
                label = {k: rubric.name_of(k) for k in keys}
                label[RATING] = "평가 평균" if lang == "ko" else "mean rating"
                comparisons["criterion_name"] = comparisons["metric"].map(label)
                for code in ("ko", "en"):
                    other = {k: rubric.name_of(k) for k in keys}
                    other[RATING] = "평가 평균" if code == "ko" else "mean rating"
                    comparisons[f"sentence_{code}"] = [
                        describe_comparison({**row, "metric": other[row["metric"]]}, lang=code)
                        for row in comparisons.to_dict("records")
                    ]
    step(0.8)
    agreement = rating_agreement(study, rubric, in_force)
    queue = rating_disagreements(study, rubric, in_force)
    queue["shown"] = (
        queue[s.SYSTEM].map(lambda k: names.get(k, k)) if len(queue) else pd.Series(dtype=object)
    )
    assessors = sorted(set(ratings[s.ASSESSOR].tolist())) if len(ratings) else []
    step(1.0)
    return AnswerReport(
        rubric=rubric,
        options=study.answers.options,
        checks=checks,
        rated=ratings,
        answers=answers,
        by_system=by_system,
        by_type=by_type,
        comparisons=comparisons,
        agreement=agreement,
        disagreements=queue,
        systems=systems,
        assessors=assessors,
        seed=seed,
        warnings=list(checks.warnings),
        intervals=intervals,
    )


# == retrieval vs answer ===========================================================================
@dataclass(frozen=True)
class Correlation:
    """Spearman's rank correlation of a retrieval measure and the answer rating."""

    rho: float
    p_value: float
    n: int

    def to_dict(self) -> dict:
        return {"spearman": _clean(self.rho), "p_value": _clean(self.p_value), "n": self.n}


def spearman(x: Sequence[float], y: Sequence[float]) -> Correlation:
    """Spearman's rho (ties get average ranks, scipy's rule) over the pairs where
    neither is NaN; NaN with fewer than three pairs or when a side is constant."""
    from scipy.stats import spearmanr

    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    n = int(a.size)
    if n < 3 or np.all(a == a[0]) or np.all(b == b[0]):
        return Correlation(math.nan, math.nan, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = spearmanr(a, b)
    return Correlation(float(result.statistic), float(result.pvalue), n)


def retrieval_points(
    report: AnswerReport, results: Results | None, measure: str, criterion: str = RATING
) -> pd.DataFrame:
    """Per answer to an answerable question whose system has a run: ``system``,
    ``question_id``, ``retrieval`` (the run's ``measure`` for the question)
    and ``answer`` (the score used of ``criterion``, or the mean rating)."""
    columns = ["system", s.QID, "retrieval", "answer"]
    if results is None or measure not in results.per_question.columns:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
    pq = results.per_question
    value = dict(
        zip(zip(pq[s.SYSTEM].astype(str), pq[s.QID].astype(str)), pq[measure].astype(float))
    )
    runs = dict(zip(report.checks.answers["key"], report.checks.answers["run"]))
    rows = []
    answers = report.answers
    col = criterion if criterion in answers.columns else RATING
    for rec in answers.to_dict("records"):
        if not rec["answerable"]:
            continue
        run = runs.get(rec["key"])
        if run is None:
            continue
        x = value.get((str(run), str(rec[s.QID])))
        if x is None:
            continue
        rows.append(
            {"system": rec["system"], s.QID: rec[s.QID], "retrieval": x, "answer": rec[col]}
        )
    return pd.DataFrame(rows, columns=columns)


def retrieval_correlation(points: pd.DataFrame) -> dict[str, Correlation]:
    """Spearman's rho over every point (``"all"``) and per system."""
    out = {
        ALL: spearman(points["retrieval"], points["answer"])
        if len(points)
        else Correlation(math.nan, math.nan, 0)
    }
    for system, sub in points.groupby("system", sort=False):
        out[str(system)] = spearman(sub["retrieval"], sub["answer"])
    return out


def default_measure(results: Results | None) -> str | None:
    """The retrieval measure the scatter starts with: nDCG@5, else the nDCG of
    the smallest K at least 5, else the first nDCG, else the first measure."""
    if results is None or not results.measures:
        return None
    measures = list(results.measures)
    if "nDCG@5" in measures:
        return "nDCG@5"
    ndcg = [m for m in measures if m.startswith("nDCG@")]
    ks = sorted((int(m.split("@")[1]), m) for m in ndcg if m.split("@")[1].isdigit())
    above = [m for k, m in ks if k >= 5]
    if above:
        return above[0]
    if ks:
        return ks[-1][1]
    return measures[0]


# == JSON =========================================================================================
_COUNTS = frozenset({"answers", "answerable", "unanswerable", "citations"})


def _clean(value: Any) -> Any:
    if value is None or value is pd.NA:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    return value


def answers_to_json(
    report: AnswerReport, results: Results | None = None, measure: str | None = None
) -> dict:
    """The ``answers`` part of ``workbench eval --json`` (shape in the README):
    the rubric, per system the check rates and rating means, per answer its
    flags, scores and every cited passage with its grade and its rank in that
    system's run (null when not retrieved), the raters' agreement, the paired
    tests and the rank correlation with a retrieval measure."""
    checks = report.checks
    rates = checks.systems
    means = report.by_system
    systems: dict[str, dict] = {}
    runs = dict(zip(checks.answers["system"], checks.answers["run"]))
    for name in report.systems:
        rec = rates.loc[name] if name in rates.index else None
        ratings = {}
        for c in [*report.rubric.keys, RATING]:
            hit = (
                means[(means["system"] == name) & (means["criterion"] == c)]
                if len(means)
                else means
            )
            if len(hit):
                row = hit.iloc[0]
                ratings[c] = {
                    "mean": _clean(row["mean"]),
                    "ci_low": _clean(row["ci_low"]),
                    "ci_high": _clean(row["ci_high"]),
                    "n": int(row["n"]),
                }
        systems[name] = {
            "run": _clean(runs.get(name)),
            "checks": {k: (int(rec[k]) if k in _COUNTS else _clean(rec[k])) for k in A.RATE_COLUMNS}
            if rec is not None
            else {},
            "ratings": ratings,
        }
    cites: dict[tuple[str, str], list[dict]] = {}
    for c in checks.citations.to_dict("records"):
        rank = _clean(c["rank"])
        grade = _clean(c[s.GRADE])
        cites.setdefault((c["key"], c[s.QID]), []).append(
            {
                "passage_id": c[s.PID],
                "known": bool(c["known"]),
                "grade": None if grade is None else int(grade),
                "relevant": bool(c["relevant"]),
                "retrieved": None if c["retrieved"] is None else bool(c["retrieved"]),
                "rank": None if rank is None else int(rank),
            }
        )
    scores = {(r["key"], r[s.QID]): r for r in report.answers.to_dict("records")}
    per_answer = []
    for a in checks.answers.to_dict("records"):
        sc = scores.get((a["key"], a[s.QID]), {})
        per_answer.append(
            {
                "system": a["system"],
                "question_id": a[s.QID],
                "answerable": bool(a["answerable"]),
                "abstained": bool(a["abstained"]),
                "flags": list(a["flags"]),
                "citation_precision": _clean(a["citation_precision"]),
                "core_coverage": _clean(a["core_coverage"]),
                "citations": cites.get((a["key"], a[s.QID]), []),
                "ratings": {k: _clean(sc.get(k)) for k in report.rubric.keys},
                "rating": _clean(sc.get(RATING)),
            }
        )
    data: dict[str, Any] = {
        "rubric": report.rubric.to_records(),
        "abstention_phrases": list(report.options.abstention_phrases),
        "policy": report.options.policy,
        "systems": systems,
        "per_answer": per_answer,
        "agreement": {k: v.to_dict() for k, v in report.agreement.items()},
        "comparisons": [
            {
                "criterion": r["metric"],
                **{k: _clean(r[k]) for k in COMPARISON_FIELDS if k != "metric"},
            }
            for r in (report.comparisons.to_dict("records") if len(report.comparisons) else [])
        ],
        "warnings": [p.to_dict() for p in report.warnings],
    }
    measure = measure or default_measure(results)
    if measure is not None and results is not None:
        points = retrieval_points(report, results, measure)
        corr = retrieval_correlation(points)
        data["retrieval_correlation"] = {
            "measure": measure,
            "answer": RATING,
            **corr[ALL].to_dict(),
            "systems": {k: v.to_dict() for k, v in corr.items() if k != ALL},
        }
    return data


# == the ratings workbook ============================================================================
RATINGS_SHEET = {"ko": "답변평가", "en": "ratings"}
RUBRIC_SHEET = {"ko": "루브릭", "en": "rubric"}
_RATING_HEADERS = {
    "ko": {
        "question_id": "질문ID",
        "system": "시스템",
        "assessor": "평가자",
        "note": "메모",
        "time": "평가시각",
    },
    "en": {
        "question_id": "question_id",
        "system": "system",
        "assessor": "assessor",
        "note": "note",
        "time": "time",
    },
}
_RUBRIC_HEADERS = {
    "ko": ("기준", "키", "적용", "수준", "설명"),
    "en": ("criterion", "key", "applies", "level", "description"),
}
_APPLIES_TEXT = {
    "ko": {"answerable": "답변 가능", "unanswerable": "답변 불가", "all": "모두"},
    "en": {"answerable": "answerable", "unanswerable": "unanswerable", "all": "all"},
}


def rubric_rows(rubric: A.Rubric, lang: str = "ko") -> list[list[Any]]:
    """The rubric as the rows of a 루브릭 sheet: per criterion one row with its
    description (level blank), then one row per level 0–3."""
    applies = _APPLIES_TEXT["en" if lang == "en" else "ko"]
    rows: list[list[Any]] = []
    for c in rubric.criteria:
        rows.append([c.name, c.key, applies[c.applies], None, c.description])
        for g, text in zip(A.LEVELS, c.levels):
            rows.append([c.name, c.key, applies[c.applies], g, text])
    return rows


def write_ratings_workbook(
    path: str | Path,
    study: StudyView,
    lang: str = "ko",
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write every rating in force (sheet 답변평가: 질문ID, 시스템, 평가자, one
    column per criterion, 메모, 평가시각 — one row per answer and rater) and the
    rubric (루브릭); read back with :func:`workbench.core.io.answers.load_answer_file`
    it gives the same ratings and rubric. Atomic; never onto an input."""
    from openpyxl import Workbook


    lang = "en" if lang == "en" else "ko"
    target = Path(path)
    refuse_output_onto_inputs(target, [f.path for f in study.sources() if f.path])
    rubric = study.answers.rubric_in_force(lang)
    in_force = A.ratings_in_force(study)
    ratings = rated(study, rubric, in_force)
    names = A.system_names(study)
    h = _RATING_HEADERS[lang]
    wb = Workbook()
    ws = wb.active
    ws.title = RATINGS_SHEET[lang]
    _append_row(
        ws,
        [
            h["question_id"],
            h["system"],
            h["assessor"],
            *[c.name for c in rubric.criteria],
            h["note"],
            h["time"],
        ],
    )
    if len(ratings):
        for (q, key, who), group in ratings.groupby([s.QID, s.SYSTEM, s.ASSESSOR], sort=False):
            _check(cancelled)
            by = dict(zip(group[A.CRITERION], group[A.SCORE]))
            notes = [n for n in dict.fromkeys(group[s.NOTE].astype(str)) if n]
            times = sorted(t for t in group[A.TIME].astype(str) if t)
            _append_row(
                ws,
                [
                    _text(q),
                    _text(names.get(key, key)),
                    _text(who),
                    *[int(by[c.key]) if c.key in by else None for c in rubric.criteria],
                    _text("; ".join(notes)),
                    _text(times[-1] if times else ""),
                ],
            )
    rb = wb.create_sheet(RUBRIC_SHEET[lang])
    _append_row(rb, list(_RUBRIC_HEADERS[lang]))
    for row in rubric_rows(rubric, lang):
        _append_row(rb, list(row))
    from openpyxl.styles import Font

    bold = Font(bold=True)
    for sheet in (ws, rb):
        for cell in sheet[1]:
            cell.font = bold
        sheet.freeze_panes = "A2"
        for col in sheet.columns:
            width = max((len(str(c.value or "")) for c in col[:200]), default=8)
            sheet.column_dimensions[col[0].column_letter].width = max(8, min(width * 1.6 + 2, 60))
    if progress is not None:
        progress(0.8, "")

    def save(tmp: Path) -> None:
        save_workbook(wb, tmp)
        _check(cancelled)

    out = atomic_write(target, save)
    if progress is not None:
        progress(1.0, "")
    return out


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _append_row(sheet: Any, values: list[Any]) -> None:
    """Add ``values`` as the sheet's next row, each through the one cell
    writer (text stays text, a note "=1+1" is not a formula)."""

    row = (
        1 if sheet.max_row == 1 and sheet.cell(row=1, column=1).value is None else sheet.max_row + 1
    )
    for j, value in enumerate(values, start=1):
        put(sheet.cell(row=row, column=j), value)


def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")
