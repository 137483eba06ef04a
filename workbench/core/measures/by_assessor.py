"""Does the conclusion depend on who judged? The systems ranked by each assessor's
grades alone, beside their ranking by the resolved grades.

Definitions (the README states them too):

- **Resolved order**: the systems scored on the grades the scores use (the
  resolution policy, hand resolutions winning: what the Compare page ranks),
  ordered by the primary measure, best first.
- **An assessor's order**: the systems scored on that assessor's grades alone —
  the judgments frame restricted to the rows of that assessor (first row of an
  item when graded twice, as everywhere) — over the questions that assessor
  graded at least one passage of. A passage of such a question the assessor did
  not grade counts as not relevant (as every unjudged passage does); a question
  the assessor did not grade is left out; a question without a passage the
  assessor found relevant is unanswerable for them and left out of their means
  (as with the resolved grades). So where the assessors split the questions
  between them, an assessor's order also reflects which questions they had:
  ``questions`` says how many.
- **Ties**: systems with equal scores keep the order they were added in; the
  first place may be shared (``leaders``).
- **Kendall's τ** (τ-b, which counts ties): between the scores of the systems
  under the assessor's grades and under the resolved grades,
  τ_b = (C − D) / √((n₀ − T_x)(n₀ − T_y)) with C concordant and D discordant
  pairs, n₀ = n(n − 1)/2, T_x and T_y the pairs tied in each. Undefined (None)
  with fewer than two systems or when every system ties under one of them.

The cost is one evaluation per assessor plus one for the resolved grades, of the
primary measure only: linear in the number of assessors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import pandas as pd
from pandas.api.types import infer_dtype

from workbench.core.measures.agreement import _assessor_names, _dedup, resolve_grades
from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import parse_measure
from workbench.core.model.korean import josa
from workbench.core.model.measure_names import Measure, measures_for
from workbench.core.model.results import Results
from workbench.core.model.schema import ASSESSOR, QID, EvalSettings

#: scores closer than this are a tie (float noise of the means)
TIE = 1e-12


def primary_measure_of(measures: Sequence[str]) -> str:
    """The measure systems are ranked by: nDCG at the largest K when computed,
    else the first nDCG, else the first measure (the rule of the report's
    primary measure)."""
    ndcg = []
    for name in measures:
        try:
            m = parse_measure(name)
        except ValueError:  # a name the registry does not know is no nDCG
            continue
        if m.family == "nDCG":
            ndcg.append((m.cutoff, name))
    with_k = [(k, name) for k, name in ndcg if k is not None]
    if with_k:
        return max(with_k, key=lambda kn: kn[0])[1]
    if ndcg:
        return ndcg[0][1]
    if not measures:
        raise ValueError("the results hold no measures")
    return measures[0]


@dataclass
class Ranking:
    """The systems under one set of grades: scores of the measure, best first."""

    #: "" for the resolved grades, else the assessor's name
    assessor: str
    #: questions that entered the means (answerable under these grades)
    questions: int
    #: system → mean of the measure (NaN: the system was not scored)
    scores: dict[str, float]
    #: systems, best first; ties keep the order the systems were added in
    order: list[str]
    #: Kendall's τ-b against the resolved scores (None: undefined, or the resolved row)
    tau: float | None = None

    @property
    def leaders(self) -> list[str]:
        """The systems sharing the first place."""
        if not self.order:
            return []
        top = self.scores[self.order[0]]
        return [s for s in self.order if _same(self.scores[s], top)]

    def to_dict(self) -> dict:
        return {
            "assessor": self.assessor,
            "questions": int(self.questions),
            "scores": {s: _json(v) for s, v in self.scores.items()},
            "order": list(self.order),
            "leaders": self.leaders,
            "kendall_tau": _json(self.tau),
        }


@dataclass
class ByAssessor:
    """The resolved ranking and one ranking per assessor (sorted by name)."""

    measure: str
    resolved: Ranking
    assessors: list[Ranking] = field(default_factory=list)

    @property
    def computed(self) -> bool:
        """Two or more assessors and systems: there is an order to compare."""
        return len(self.assessors) >= 2 and len(self.resolved.order) >= 2

    def reversals(self) -> list[Ranking]:
        """The assessors whose grades alone put other systems first."""
        return [a for a in self.assessors if set(a.leaders) != set(self.resolved.leaders)]

    def sentence(self, lang: str = "ko") -> str:
        """Whether the first place depends on who judged, with the numbers when it does."""
        if not self.computed:
            if lang == "ko":
                return "평가자가 두 명 이상이고 시스템이 둘 이상일 때 평가자별 순위를 비교합니다."
            return "Rankings per assessor are compared with two or more assessors and systems."
        changed = self.reversals()
        if not changed:
            leaders = self.resolved.leaders
            if lang == "ko":
                if len(leaders) > 1:
                    return f"평가자를 바꿔도 {_and_ko(leaders)} 공동 1위입니다."
                return f"평가자를 바꿔도 1위는 {leaders[0]}입니다."
            if len(leaders) > 1:
                return f"Whoever judges, {_and_en(leaders)} share the first place."
            return f"Whoever judges, {leaders[0]} comes first."
        return " ".join(self._reversal(r, lang) for r in changed)

    def _reversal(self, r: Ranking, lang: str) -> str:
        """"평가자 B의 판정만 쓰면 Hybrid가 1위입니다 (nDCG@10 0.61 대 0.58)": the
        assessor's leader against the resolved leader, both under the assessor's grades."""
        leaders = r.leaders
        if not leaders:  # the assessor's grades score no system (no answerable question)
            if lang == "ko":
                return f"평가자 {r.assessor}의 판정만으로는 점수를 낼 질문이 없습니다."
            return f"Assessor {r.assessor}'s grades alone leave no question to score."
        winner = self.resolved.leaders[0]
        numbers = f"{self.measure} {r.scores[leaders[0]]:.2f}"
        theirs = r.scores.get(winner, math.nan)
        if lang == "ko":
            first = (
                f"{_and_ko(leaders)} 공동 1위입니다"
                if len(leaders) > 1
                else f"{josa(leaders[0], '이')} 1위입니다"
            )
            versus = f" 대 {winner} {theirs:.2f}" if winner not in leaders else ""
            return f"평가자 {r.assessor}의 판정만 쓰면 {first} ({numbers}{versus})."
        first = (
            f"{_and_en(leaders)} share the first place"
            if len(leaders) > 1
            else f"{leaders[0]} comes first"
        )
        versus = f" vs {winner} {theirs:.2f}" if winner not in leaders else ""
        return f"With assessor {r.assessor}'s grades alone, {first} ({numbers}{versus})."

    def to_dict(self, lang: str = "en") -> dict:
        """The ``by_assessor`` field of the JSON of ``workbench eval`` and ``agreement``."""
        return {
            "measure": self.measure,
            "resolved": self.resolved.to_dict(),
            "assessors": [a.to_dict() for a in self.assessors],
            "winner_changes_with": [a.assessor for a in self.reversals()],
            "sentence": {"en": self.sentence("en"), "ko": self.sentence("ko")},
        }


def _same(x: float, y: float) -> bool:
    return (math.isnan(x) and math.isnan(y)) or abs(x - y) <= TIE


def _json(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else float(x)


def _and_ko(names: list[str]) -> str:
    """"A와 B가" / "A, B와 C가": the names joined, the subject particle after the last."""
    if len(names) == 1:
        return josa(names[0], "이")
    return ", ".join(names[:-2] + [josa(names[-2], "와")]) + " " + josa(names[-1], "이")


def _and_en(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Kendall's τ-b of two paired score lists (see the module's note); None when
    undefined. Pairs with a NaN on either side are left out."""
    pairs = [(a, b) for a, b in zip(x, y) if not (math.isnan(a) or math.isnan(b))]
    n = len(pairs)
    if n < 2:
        return None
    concordant = discordant = tied_x = tied_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = pairs[i][0] - pairs[j][0]
            dy = pairs[i][1] - pairs[j][1]
            tx, ty = abs(dx) <= TIE, abs(dy) <= TIE
            tied_x += tx
            tied_y += ty
            if not tx and not ty:
                if (dx > 0) == (dy > 0):
                    concordant += 1
                else:
                    discordant += 1
    n0 = n * (n - 1) // 2
    denominator = math.sqrt((n0 - tied_x) * (n0 - tied_y))
    if denominator == 0:
        return None
    return (concordant - discordant) / denominator


def _ranking(assessor: str, results: Results, measure: str, systems: list[str]) -> Ranking:
    agg = results.aggregates
    scores = {
        s: float(agg.at[s, measure]) if s in agg.index else math.nan for s in systems
    }
    # stable: ties keep the order the systems were added in; unscored systems go last
    order = sorted(
        systems, key=lambda s: (math.isnan(scores[s]), -scores[s] if not math.isnan(scores[s]) else 0)
    )
    questions = int(results.per_question[QID].nunique()) if len(results.per_question) else 0
    return Ranking(assessor, questions, scores, order)


def rankings_by_assessor(
    judgments: pd.DataFrame,
    runs: pd.DataFrame,
    settings: EvalSettings,
    qrels: pd.DataFrame | None = None,
    resolved: Results | None = None,
    measure: str | None = None,
    passages: pd.DataFrame | None = None,
) -> ByAssessor:
    """The systems of ``runs`` ranked by the resolved grades and by each assessor's
    grades alone (definitions in the module's note).

    ``judgments``: the study's judgments in force (one row per item and assessor).
    ``qrels``: the resolved grades (default: :func:`resolve_grades` with the
    settings' policy); ``resolved``: their results when already evaluated (saves
    one evaluation). ``measure`` defaults to :func:`primary_measure_of` the
    settings' measures.
    """
    if measure is None:
        names = resolved.measures if resolved is not None else None
        if names is None:
            names = [m.name for m in _measures_of(settings)]
        measure = primary_measure_of(names)
    one = replace(settings, measures=(measure,))
    if resolved is None or measure not in resolved.aggregates.columns:
        if qrels is None:
            qrels = resolve_grades(judgments, settings.resolution, settings.adjudicator)
        resolved = evaluate(qrels, runs, one, passages=passages, measures=[measure])
    systems = list(resolved.systems)
    out = ByAssessor(measure, _ranking("", resolved, measure, systems))
    if _nobody_named(judgments):
        # a file without assessors (TREC qrels): no one's grades to rank by, and
        # no need to drop repeated rows (a hash of every id) to learn that
        return out
    df = _dedup(judgments)
    base = [out.resolved.scores[s] for s in systems]
    for name in _assessor_names(df):
        own = df[df[ASSESSOR] == name].reset_index(drop=True)
        results = evaluate(own, runs, one, passages=passages, measures=[measure])
        ranking = _ranking(name, results, measure, systems)
        ranking.tau = kendall_tau_b([ranking.scores[s] for s in systems], base)
        out.assessors.append(ranking)
    return out


def _nobody_named(judgments: pd.DataFrame) -> bool:
    """Every row's assessor is "" (the file names none): then
    :func:`_assessor_names` of the judgments is empty. A cheap pass over one
    column; False when it cannot tell (a missing value, say)."""
    if not len(judgments):
        return False
    values = judgments[ASSESSOR].to_numpy(dtype=object)
    # only str values: the comparison below cannot meet pandas' NA (whose truth is an error)
    return infer_dtype(values, skipna=False) == "string" and bool((values == "").all())


def _measures_of(settings: EvalSettings) -> list[Measure]:
    """The measures the settings ask for (the rule of :func:`evaluate` without core roles)."""
    if settings.measures:
        return [parse_measure(m) for m in settings.measures]
    return measures_for(settings.ks)
