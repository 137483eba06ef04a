"""Decisive judging: can grading the unjudged passages still reverse a comparison,
and which passages matter for it (Carterette, Allan & Sitaraman, "Minimal Test
Collections for Retrieval Evaluation", SIGIR 2006).

**Holes** are the unjudged retrieved passages of the evaluated questions
(:func:`~workbench.core.measures.unjudged_bounds.holes`). A *filling* gives each
hole a grade of the scale. For a pair of systems A (``system``) and B
(``baseline``) on a measure, the comparison is the mean over the questions both
are scored on of ``d_q = A(q) − B(q)`` (the Compare page's ``mean_diff``).
Fillings are independent between questions, so the highest (lowest) mean
difference any filling reaches is the mean of each question's highest
(lowest) ``d_q`` — computed per question in closed form:

- **P@K** (exact): a hole in A's top K only adds 1/K to ``d_q`` when relevant, one
  in B's top K only takes 1/K, one in both moves nothing.
- **Hit@K** (exact): ``d_q`` depends only on whether some relevant hole lies in
  A's top K only, in B's only, or in both; every such case is tried.
- **MRR** (exact): the best filling for A makes at most one hole of A's list
  relevant (a further relevant hole can only raise B's reciprocal rank), so
  every single hole and none are tried.
- **Recall@K** (exact): ``d_q = (n + x_A − x_B) / (R + x)`` with ``x`` the holes
  made relevant; the maximum makes A's only holes relevant and B's not, and
  the holes retrieved by neither top K (or by both) relevant only when that
  shrinks a negative difference.
- **nDCG** (exact with the ideal DCG held at its judged value): a hole adds
  ``gain(top) × (discount in A − discount in B) / IDCG`` at most, its grade
  moving it linearly; filling holes also raises the true ideal DCG, which
  this holds fixed (so does the "decided" it gives).
- **MAP** (exact for a question with at most :data:`MAP_EXACT_HOLES` holes in
  the two top Ks, else conservative): with few holes every filling of them is
  tried (a hole in neither top K only grows R, so all of those relevant or
  none is the extreme). With more, A's highest AP makes the earliest j of its
  holes relevant, best over j (an exchange argument: a relevant passage moved
  earlier never lowers AP's sum), and B's AP is at least its judged sum over
  ``R + every hole of the question``; ``d_q``'s range is taken between those,
  so it may be wider than the truth — "undecided" may be said of a comparison
  no filling can flip, never "decided" of one that can.

What is held fixed: the runs, the settings and the questions — a question
with no relevant judged passage stays as it is (left out of the means, or 0
under trec_compat), since a filling that made it answerable would change the
set of questions compared. R-Prec, Judged@K and CoreRecall are not assessed.

**Decided**: every filling keeps the sign of today's mean difference (a zero
difference is decided only when no filling moves it).

**Weights** (which hole to judge next): a hole's weight on one comparison is
how far it alone can move the mean difference — for P@K and nDCG its exact
share of the range, for the others the change when it alone takes the top
grade —; its weight is the sum over the comparisons not yet decided.
:func:`next_to_judge` orders the holes by it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import pandas as pd

from workbench.core.measures.metrics import gain_values, parse_measure
from workbench.core.measures.unjudged_bounds import TOP_GRADE
from workbench.core.model import schema as s
from workbench.core.model.results import Results

#: how each assessed family's range is computed (README and the JSON say it)
METHODS = {
    "P": "exact",
    "Hit": "exact",
    "MRR": "exact",
    "Recall": "exact",
    "nDCG": "exact_ideal_gain_held",
    "MAP": "conservative",
}
DECISION_COLUMNS = [
    "measure",
    "system",
    "baseline",
    "n",
    "mean_diff",
    "low",
    "high",
    "decided",
    "holes_that_matter",
    "method",
]
_TOL = 1e-12
INF = math.inf


@dataclass
class _List:
    """One system's list for one question: judged relevant positions (sorted) and
    each hole's position."""

    rel: list[float] = field(default_factory=list)
    holes: dict[str, float] = field(default_factory=dict)

    def first(self, kk: float) -> float:
        return self.rel[0] if self.rel and self.rel[0] <= kk else INF

    def hole_at(self, pid: str, kk: float) -> float:
        pos = self.holes.get(pid, INF)
        return pos if pos <= kk else INF


@dataclass
class _Question:
    R: float
    holes: list[str]
    grades: np.ndarray  # judged grades, best first (for the ideal DCG)


@dataclass
class _Study:
    lists: dict[tuple[str, str], _List]
    questions: dict[str, _Question]
    top_gain: float
    gain: str


def _prepare(results: Results, top_grade: float) -> _Study:
    r = results.ranking
    evaluated = set(results.per_question[s.QID].astype(str))
    systems = r[s.SYSTEM].astype(str).to_numpy()
    qids = r[s.QID].astype(str).to_numpy()
    pids = r[s.PID].astype(str).to_numpy()
    pos = r["position"].to_numpy(dtype=float)
    grade = r[s.GRADE].to_numpy(dtype=float)
    relevant = r["relevant"].to_numpy(dtype=bool)
    lists: dict[tuple[str, str], _List] = {}
    q_holes: dict[str, dict[str, None]] = {q: {} for q in evaluated}
    for sy, q, p, at, g, rel in zip(systems, qids, pids, pos, grade, relevant):
        if q not in evaluated:
            continue
        one = lists.setdefault((sy, q), _List())
        if np.isnan(g):
            one.holes[p] = at
            q_holes[q][p] = None
        elif rel:
            one.rel.append(at)
    for one in lists.values():
        one.rel.sort()
    qr = results.qrels
    by_q = {
        str(q): np.sort(g.to_numpy(dtype=float))[::-1]
        for q, g in qr.groupby(qr[s.QID].astype(str), sort=False)[s.GRADE]
    }
    rc = results.relevant_count
    questions = {
        q: _Question(
            R=float(rc.get(q, 0)),
            holes=list(q_holes[q]),
            grades=by_q.get(q, np.zeros(0)),
        )
        for q in evaluated
    }
    gain = results.settings.gain
    top_gain = float(gain_values(np.array([top_grade]), gain)[0])
    return _Study(lists, questions, top_gain, gain)


def _disc(pos: float) -> float:
    return 0.0 if pos == INF else 1.0 / math.log2(pos + 1.0)


def _ap(rel: Iterable[float], denominator: float) -> float:
    total = sum((i + 1) / at for i, at in enumerate(sorted(rel)))
    return total / denominator if denominator > 0 else 0.0


# Each family: (A's list, B's list, the question, K) → (largest rise of d_q, largest
# fall of d_q, {hole: weight}), all on one question's scale.
def _precision(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    weights = {}
    up = down = 0.0
    for p in q.holes:
        in_a, in_b = a.hole_at(p, kk) < INF, b.hole_at(p, kk) < INF
        if in_a != in_b:
            weights[p] = 1.0 / kk
            if in_a:
                up += 1.0 / kk
            else:
                down += 1.0 / kk
    return up, down, weights


def _hit(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    def d(relevant: set[str]) -> float:
        ha = a.first(kk) < INF or any(a.hole_at(p, kk) < INF for p in relevant)
        hb = b.first(kk) < INF or any(b.hole_at(p, kk) < INF for p in relevant)
        return float(ha) - float(hb)

    only_a = [p for p in q.holes if a.hole_at(p, kk) < INF and b.hole_at(p, kk) == INF]
    only_b = [p for p in q.holes if b.hole_at(p, kk) < INF and a.hole_at(p, kk) == INF]
    both = [p for p in q.holes if a.hole_at(p, kk) < INF and b.hole_at(p, kk) < INF]
    # d depends only on which of the three kinds holds a relevant hole
    cases = [
        {*x, *y, *z}
        for x in ([], only_a[:1])
        for y in ([], only_b[:1])
        for z in ([], both[:1])
    ]
    return _from_cases(d, cases, only_a + only_b + both)


def _from_cases(d, cases, movers):
    d0 = d(set())
    values = [d(c) for c in cases]
    weights = {p: abs(d({p}) - d0) for p in movers}
    return max(values) - d0, d0 - min(values), {p: w for p, w in weights.items() if w > 0}


def _reciprocal_rank(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    def rr(one: _List, relevant: set[str]) -> float:
        first = min([one.first(kk), *(one.hole_at(p, kk) for p in relevant)])
        return 0.0 if first == INF else 1.0 / first

    def d(relevant: set[str]) -> float:
        return rr(a, relevant) - rr(b, relevant)

    movers = [p for p in q.holes if a.hole_at(p, kk) < INF or b.hole_at(p, kk) < INF]
    return _from_cases(d, [set(), *({p} for p in movers)], movers)


def _recall(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    ra = sum(1 for at in a.rel if at <= kk)
    rb = sum(1 for at in b.rel if at <= kk)
    in_a = {p for p in q.holes if a.hole_at(p, kk) < INF}
    in_b = {p for p in q.holes if b.hole_at(p, kk) < INF}
    n_all = len(q.holes)

    def highest(n: float, mine: set[str], theirs: set[str]) -> float:
        only = len(mine - theirs)
        rest = n_all - only - len(theirs - mine)  # in both top K or in neither
        top = n + only
        return top / (q.R + only) if top >= 0 else top / (q.R + only + rest)

    d0 = (ra - rb) / q.R
    hi = highest(ra - rb, in_a, in_b)
    lo = -highest(rb - ra, in_b, in_a)
    weights = {}
    for p in q.holes:
        w = abs((ra + (p in in_a) - rb - (p in in_b)) / (q.R + 1) - d0)
        if w > 0:
            weights[p] = w
    return hi - d0, d0 - lo, weights


#: up to this many holes in the two top Ks, MAP's range is found by trying every filling
MAP_EXACT_HOLES = 8


def _average_precision(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    def rel_of(one: _List) -> list[float]:
        return [at for at in one.rel if at <= kk]

    def highest(one: _List) -> float:
        mine = sorted(at for at in (one.hole_at(p, kk) for p in q.holes) if at < INF)
        return max(_ap(rel_of(one) + mine[:j], q.R + j) for j in range(len(mine) + 1))

    def lowest(one: _List) -> float:
        return _ap(rel_of(one), q.R + len(q.holes))

    def d(relevant: Sequence[str], others: int) -> float:
        extra_a = [at for at in (a.hole_at(p, kk) for p in relevant) if at < INF]
        extra_b = [at for at in (b.hole_at(p, kk) for p in relevant) if at < INF]
        denominator = q.R + len(relevant) + others
        return _ap(rel_of(a) + extra_a, denominator) - _ap(rel_of(b) + extra_b, denominator)

    d0 = d((), 0)
    movers = [p for p in q.holes if a.hole_at(p, kk) < INF or b.hole_at(p, kk) < INF]
    others = len(q.holes) - len(movers)
    if len(movers) <= MAP_EXACT_HOLES:
        # every filling of the holes in the top Ks; the holes elsewhere only grow R,
        # which shrinks the difference: all of them relevant or none is the extreme
        values = [
            d(chosen, extra)
            for n in range(len(movers) + 1)
            for chosen in combinations(movers, n)
            for extra in {0, others}
        ]
        hi, lo = max(values), min(values)
    else:
        hi, lo = highest(a) - lowest(b), lowest(a) - highest(b)
    weights = {}
    for p in q.holes:
        w = abs(d((p,), 0) - d0) if p in movers else abs(d((), 1) - d0)
        if w > 0:
            weights[p] = w
    return hi - d0, d0 - lo, weights


def _ndcg(a: _List, b: _List, q: _Question, kk: float, st: _Study):
    ideal = gain_values(q.grades, st.gain)
    places = np.arange(1, ideal.size + 1, dtype=float)
    top = places <= kk
    idcg = float(np.sum(ideal[top] / np.log2(places[top] + 1.0)))
    if idcg <= 0:
        return 0.0, 0.0, {}
    up = down = 0.0
    weights = {}
    for p in q.holes:
        c = st.top_gain * (_disc(a.hole_at(p, kk)) - _disc(b.hole_at(p, kk))) / idcg
        if c > 0:
            up += c
        else:
            down -= c
        if c != 0:
            weights[p] = abs(c)
    return up, down, weights


_FAMILIES = {
    "P": _precision,
    "Hit": _hit,
    "MRR": _reciprocal_rank,
    "Recall": _recall,
    "nDCG": _ndcg,
    "MAP": _average_precision,
}


def assessed(measure: str) -> bool:
    """Whether :func:`decide` can say if ``measure``'s comparisons are decided."""
    return parse_measure(measure).family in _FAMILIES


def all_pairs(systems: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of systems, each once: (later, earlier) in the given order."""
    return [(b, a) for a, b in combinations([str(x) for x in systems], 2)]


def baseline_pairs(systems: Sequence[str], baseline: str) -> list[tuple[str, str]]:
    """Every system against ``baseline`` (the Compare page's comparisons)."""
    return [(str(x), str(baseline)) for x in systems if str(x) != str(baseline)]


@dataclass
class _Comparison:
    row: dict
    weights: dict[tuple[str, str], float]  # hole → its weight on the mean difference


def _is_decided(d0: float, low: float, high: float) -> bool:
    if d0 > _TOL:
        return low > _TOL
    if d0 < -_TOL:
        return high < -_TOL
    return abs(low) <= _TOL and abs(high) <= _TOL


def _compare(
    st: _Study, per_question: pd.DataFrame, measure: str, system: str, baseline: str
) -> _Comparison:
    m = parse_measure(measure)
    kk = INF if m.cutoff is None else float(m.cutoff)
    family = _FAMILIES.get(m.family)
    pq = per_question[per_question[s.SYSTEM].astype(str).isin([system, baseline])]
    wide = pq.set_index([pq[s.QID].astype(str), pq[s.SYSTEM].astype(str)])[measure].unstack()
    row = {"measure": measure, "system": system, "baseline": baseline}
    if system not in wide.columns or baseline not in wide.columns:
        wide = pd.DataFrame(columns=[system, baseline])
    wide = wide[[system, baseline]].dropna()
    n = len(wide)
    diffs = (wide[system] - wide[baseline]).to_numpy(dtype=float)
    d0 = float(diffs.mean()) if n else math.nan
    row.update(n=n, mean_diff=d0)
    if family is None or not n:
        row.update(low=math.nan, high=math.nan, decided=None, holes_that_matter=0, method=None)
        return _Comparison(row, {})
    ups, downs = np.zeros(n), np.zeros(n)
    weights: dict[tuple[str, str], float] = {}
    empty = _List()
    for i, q in enumerate(wide.index):
        question = st.questions.get(q)
        if question is None or question.R <= 0 or not question.holes:
            continue
        a = st.lists.get((system, q), empty)
        b = st.lists.get((baseline, q), empty)
        up, down, ws = family(a, b, question, kk, st)
        ups[i], downs[i] = up, down
        for p, w in ws.items():
            weights[(q, p)] = weights.get((q, p), 0.0) + w / n
    low, high = float((diffs - downs).mean()), float((diffs + ups).mean())
    row.update(
        low=low,
        high=high,
        decided=_is_decided(d0, low, high),
        holes_that_matter=len(weights),
        method=METHODS[m.family],
    )
    return _Comparison(row, weights)


def _comparisons(
    results: Results, pairs: Sequence[tuple[str, str]], measures: Sequence[str] | None,
    top_grade: float,
) -> list[_Comparison]:
    st = _prepare(results, top_grade)
    chosen = list(measures) if measures is not None else list(results.measures)
    return [
        _compare(st, results.per_question, measure, system, baseline)
        for measure in chosen
        for system, baseline in pairs
    ]


def decide(
    results: Results,
    pairs: Sequence[tuple[str, str]] | None = None,
    measures: Sequence[str] | None = None,
    top_grade: float = TOP_GRADE,
) -> pd.DataFrame:
    """One row per (measure, pair): columns :data:`DECISION_COLUMNS`.

    ``pairs``: (system, baseline) — default :func:`all_pairs`; ``measures``
    default: every measure of ``results``. ``low`` / ``high``: the lowest and
    highest mean difference any filling of the holes gives (see the module
    doc; ``method`` says how exact); ``decided``: True / False, None when the
    measure is not assessed; ``holes_that_matter``: the holes that can move
    this comparison."""
    pairs = all_pairs(results.systems) if pairs is None else pairs
    rows = [c.row for c in _comparisons(results, pairs, measures, top_grade)]
    return pd.DataFrame(rows, columns=DECISION_COLUMNS)


def next_to_judge(
    results: Results,
    pairs: Sequence[tuple[str, str]] | None = None,
    measures: Sequence[str] | None = None,
    top_grade: float = TOP_GRADE,
) -> pd.DataFrame:
    """The holes that can move a comparison not yet decided, heaviest first:
    ``question_id``, ``passage_id``, ``weight`` (the sum of its weights on the
    undecided comparisons; ties in question then passage order)."""
    pairs = all_pairs(results.systems) if pairs is None else pairs
    total: dict[tuple[str, str], float] = {}
    for c in _comparisons(results, pairs, measures, top_grade):
        if c.row["decided"] is False:
            for item, w in c.weights.items():
                total[item] = total.get(item, 0.0) + w
    frame = pd.DataFrame(
        [(q, p, w) for (q, p), w in total.items()], columns=[s.QID, s.PID, "weight"]
    )
    frame = frame.sort_values(
        ["weight", s.QID, s.PID], ascending=[False, True, True], kind="mergesort"
    )
    return frame.reset_index(drop=True)


def decisions_to_json(decisions: pd.DataFrame) -> list[dict]:
    """The rows as JSON records (NaN → None)."""

    def clean(value):
        if isinstance(value, float) and math.isnan(value):
            return None
        if isinstance(value, (np.bool_, bool)):
            return bool(value)
        if isinstance(value, np.integer):
            return int(value)
        return value

    return [{k: clean(v) for k, v in rec.items()} for rec in decisions.to_dict("records")]
