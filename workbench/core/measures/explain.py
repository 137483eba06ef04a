"""How a score was computed: the formula of a measure with one question's numbers
filled in, and a system's mean as the sum of its questions' values over N.

The explanation reads what the evaluation decided — the ranked list of
``Results.ranking`` (ordered by the study's tie rule, repeated and de-duplicated
passages removed, cut at the depth), each place's resolved grade, the judgments
of ``Results.qrels`` (R and the ideal order), θ, the gain — and adds the terms
up again the way :mod:`workbench.core.measures.metrics` defines them. Nothing
here orders a ranking again; the value it reaches is the value of the
per-question table (a test holds the two together for every measure).

Words are (en, ko) pairs, chosen with ``lang`` as in
:mod:`workbench.core.model.readings`; the Korean sentences put no particle after
a number or an id, so no template with both particles is needed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from workbench.core.measures.metrics import gain_values
from workbench.core.model import schema as s
from workbench.core.model.choices import DEDUPS, GAINS, IN_REPORT, ORDERS, UNITS
from workbench.core.model.evidence_groups import evidence_groups
from workbench.core.model.measure_names import Measure, parse_measure
from workbench.core.model.number_text import sorted_ids
from workbench.core.model.results import Results

__all__ = [
    "IdealPlace",
    "MeanExplanation",
    "Place",
    "QuestionExplanation",
    "explain_mean",
    "explain_question",
    "formula_words",
    "number",
]

#: every word of an explanation: key → (en, ko)
WORDS: dict[str, tuple[str, str]] = {
    "position": ("Rank", "순위"),
    "passage": ("Passage", "문단"),
    "grade": ("Grade", "등급"),
    "relevant": ("Relevant", "관련"),
    "gain": ("Gain", "이득"),
    "discount": ("Discount 1/log2(i+1)", "할인 1/log2(i+1)"),
    "term": ("Gain × discount", "이득 × 할인"),
    "precision_at": ("Precision at this rank", "이 순위까지의 정밀도"),
    "judged": ("Judged", "판정"),
    "unjudged": ("unjudged", "미판정"),
    "yes": ("yes", "예"),
    "no": ("no", "아니요"),
    "place": ("Place", "자리"),
    "question": ("Question", "질문"),
    "value": ("Value", "값"),
    "note": ("Note", "메모"),
    "missing_mark": ("no results (0)", "결과 없음 (0)"),
    "undefined": ("undefined", "정의되지 않음"),
}

#: each family's formula in words: family → (en, ko)
FORMULAS: dict[str, tuple[str, str]] = {
    "P": (
        "P@K = (relevant passages in the top K) / K — always divided by K, even when fewer "
        "results came back.",
        "P@K = (상위 K개 안의 관련 문단 수) / K — 결과가 K개보다 적어도 항상 K로 나눕니다.",
    ),
    "Recall": (
        "Recall@K = (relevant passages in the top K) / R, R being every relevant judged "
        "passage of the question.",
        "Recall@K = (상위 K개 안의 관련 문단 수) / R. R은 질문의 관련 판정 문단 전체 수입니다.",
    ),
    "Hit": (
        "Hit@K = 1 when at least one relevant passage is in the top K, else 0.",
        "Hit@K = 상위 K개 안에 관련 문단이 하나라도 있으면 1, 없으면 0입니다.",
    ),
    "MRR": (
        "RR = 1 / (rank of the first relevant passage), 0 when there is none (within K); "
        "MRR is its mean over the questions.",
        "RR = 1 / (처음 나온 관련 문단의 순위), (K 안에) 없으면 0입니다. MRR은 질문마다의 RR을 "
        "평균낸 값입니다.",
    ),
    "MAP": (
        "AP = (sum of the precision at each rank holding a relevant passage (within K)) / R; "
        "MAP is its mean over the questions.",
        "AP = (관련 문단이 나온 각 순위에서의 정밀도의 합(K 안)) / R입니다. MAP는 질문마다의 AP를 "
        "평균낸 값입니다.",
    ),
    "nDCG": (
        "nDCG@K = DCG@K / IDCG@K; DCG = Σ gain(grade at rank i) × 1/log2(i+1) over the top K; "
        "IDCG is the DCG of the question's judged grades sorted best first; 0 when IDCG = 0.",
        "nDCG@K = DCG@K / IDCG@K입니다. DCG = 상위 K개에서 Σ 이득(i위의 등급) × 1/log2(i+1), "
        "IDCG는 질문의 판정 등급을 높은 순으로 늘어놓았을 때의 DCG입니다. IDCG = 0이면 0입니다.",
    ),
    "R-Prec": (
        "R-Prec = (relevant passages in the top R) / R.",
        "R-Prec = (상위 R개 안의 관련 문단 수) / R입니다.",
    ),
    "Judged": (
        "Judged@K = (passages in the top K that a person judged) / K; an unjudged passage is "
        "not the same as one judged not relevant.",
        "Judged@K = (상위 K개 가운데 사람이 판정한 문단 수) / K입니다. 미판정은 '관련 없음' "
        "판정과 다릅니다.",
    ),
    "CoreRecall": (
        "CoreRecall@K = (core evidence groups covered in the top K) / (core evidence groups "
        "of the question); an alternative passage of a group covers it.",
        "CoreRecall@K = (상위 K개 안에서 찾은 핵심 근거 묶음 수) / (질문의 핵심 근거 묶음 수)"
        "입니다. 같은 묶음의 대체 근거도 인정합니다.",
    ),
}

_DIVIDED_BY_R = ("Recall", "MAP", "R-Prec")


def _w(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ko" else pair[0]


def word(key: str, lang: str = "ko") -> str:
    """One word of an explanation (a table header) in ``lang``."""
    return _w(WORDS[key], lang)


def formula_words(measure: str | Measure, lang: str = "ko") -> str:
    """The formula of ``measure``'s family in words, K written as the measure's cutoff
    (``"the whole list"`` / ``"결과 전체"`` when it has none)."""
    m = parse_measure(measure)
    text = _w(FORMULAS[m.family], lang)
    if m.cutoff is not None:
        return text.replace("@K", f"@{m.cutoff}").replace("top K", f"top {m.cutoff}").replace(
            "상위 K개", f"상위 {m.cutoff}개"
        ).replace("within K", f"within {m.cutoff}").replace("K 안", f"{m.cutoff}위 안")
    # no cutoff: the whole list counts
    for within in (" (within K)", "(K 안)", "(K 안에) "):
        text = text.replace(within, "")
    return (
        text.replace("@K", "").replace("over the top K", "over the whole list")
        .replace("상위 K개에서", "결과 전체에서")
    )


def number(value: float | None, decimals: int = 4) -> str:
    """A number as the explanation writes it: to ``decimals`` places without trailing
    zeros (2.6, not 2.6000; 1, not 1.0000)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class Place:
    """One place of the ranked list as the evaluation numbered it."""

    position: int
    passage_id: str
    #: the resolved grade (None: nobody judged it)
    grade: float | None
    relevant: bool
    #: nDCG gain of the grade (0 unjudged) and the discount 1/log2(i+1)
    gain: float
    discount: float
    #: P@i at a relevant place (for AP), else None
    precision_at: float | None = None
    #: counts as judged for Judged@K (trec_eval's unj passages do not)
    judged: bool = True


@dataclass(frozen=True)
class IdealPlace:
    """One place of the ideal order (the question's judged grades, best first)."""

    place: int
    grade: float
    gain: float
    discount: float


@dataclass(frozen=True)
class QuestionExplanation:
    """How one system's value of one measure on one question came out."""

    system: str
    question_id: str
    measure: str
    family: str
    cutoff: int | None
    threshold: float
    gain_kind: str
    order: str
    dedup: str
    unit: str
    #: only the first ``depth`` places of each list were evaluated (None: all)
    depth: int | None
    #: relevant judged passages of the question (grade ≥ θ)
    R: int
    #: places of the evaluated list (after ordering, de-dup and depth)
    retrieved: int
    #: the places the measure reads: the top K, or the places that count when it has no K
    places: tuple[Place, ...]
    #: the ranks of the relevant places within the measure's reach
    relevant_ranks: tuple[int, ...]
    first_rank: int | None
    numerator: float
    denominator: float
    value: float
    #: nDCG: the DCG, the ideal order within K and its DCG
    dcg: float | None = None
    idcg: float | None = None
    ideal: tuple[IdealPlace, ...] = ()
    #: CoreRecall: the core groups covered in the top K, and how many the question has
    core_covered: int | None = None
    core_groups: int | None = None
    #: the system returned nothing for the question (every measure 0)
    missing: bool = False
    #: the question counts in the means (False: no relevant evidence, left out)
    in_means: bool = True
    trec_compat: bool = False

    def formula(self, lang: str = "ko") -> str:
        return formula_words(self.measure, lang)

    def steps(self, lang: str = "ko") -> list[str]:
        """The formula with this question's numbers, one line a step, the value last."""
        return _steps(self, lang)

    def place_table(self, lang: str = "ko") -> tuple[list[str], list[list[str]]]:
        """Headers and rows of the places the measure reads (rank, passage, grade, …)."""
        return _place_table(self, lang)

    def ideal_table(self, lang: str = "ko") -> tuple[list[str], list[list[str]]]:
        """nDCG's ideal order: place, grade, gain, discount, gain × discount."""
        headers = [word(k, lang) for k in ("place", "grade", "gain", "discount", "term")]
        rows = [
            [str(p.place), number(p.grade), number(p.gain), number(p.discount),
             number(p.gain * p.discount)]
            for p in self.ideal
        ]  # fmt: skip
        return headers, rows


@dataclass(frozen=True)
class MeanExplanation:
    """A system's mean of one measure: the sum of its questions' values over N."""

    system: str
    measure: str
    #: (question id, value, returned nothing) of every question in the mean, in the
    #: per-question table's order
    values: tuple[tuple[str, float, bool], ...]
    total: float
    n: int
    mean: float
    #: questions without relevant evidence, left out of the mean
    left_out: tuple[str, ...] = ()
    #: questions in the table whose value is undefined (CoreRecall without core groups)
    undefined: tuple[str, ...] = ()
    trec_compat: bool = False
    #: judged questions without relevant evidence kept in the mean with 0 (trec_compat)
    kept_at_zero: tuple[str, ...] = field(default_factory=tuple)

    def steps(self, lang: str = "ko") -> list[str]:
        return _mean_steps(self, lang)


# -- one question ----------------------------------------------------------------------
def _list_rows(results: Results, system: str, question_id: str) -> pd.DataFrame:
    rk = results.ranking
    if rk is None or not len(rk):
        return pd.DataFrame(columns=["position", s.PID, s.GRADE])
    mask = (rk[s.SYSTEM] == system).to_numpy() & (rk[s.QID] == question_id).to_numpy()
    rows = rk.loc[mask, ["position", s.PID, s.GRADE]]
    return rows.sort_values("position", kind="stable")


def _judgments_of(results: Results, question_id: str) -> pd.DataFrame:
    qr = results.qrels
    return qr[qr[s.QID].astype(str) == question_id]


def _reach(measure: Measure, R: int) -> float:
    if measure.family == "R-Prec":
        return float(R)
    return math.inf if measure.cutoff is None else float(measure.cutoff)


def explain_question(
    results: Results,
    system: str,
    question_id: str,
    measure: str | Measure,
    unjudged: pd.DataFrame | None = None,
) -> QuestionExplanation:
    """How ``system``'s ``measure`` on ``question_id`` came out of ``results``.

    ``unjudged``: the (question, passage) pairs graded below 0 in TREC qrels, which
    Judged@K does not count under trec_compat (as the evaluation was given them).
    Raises ``ValueError`` for a system, question or measure the results do not hold.
    """
    m = parse_measure(measure)
    if m.name not in results.measures:
        raise ValueError(f"the results hold no measure {m.name}")
    if system not in results.systems:
        raise ValueError(f"the results hold no system {system!r}")
    settings = results.settings
    theta, gain_kind = settings.threshold, settings.gain
    judgments = _judgments_of(results, question_id)
    universe = set(results.relevant_count.index.astype(str)) | set(
        results.per_question[s.QID].astype(str)
    )
    if question_id not in universe and not len(judgments):
        raise ValueError(f"the results hold no question {question_id!r}")
    j_grades = judgments[s.GRADE].to_numpy(dtype=float)
    R = int((j_grades >= theta).sum())
    rows = _list_rows(results, system, question_id)
    reach = _reach(m, R)
    # trec_eval's unj pairs name passages: the document unit leaves them aside, as evaluate does
    unj = unjudged if settings.unit == UNITS.default else None
    places = _places(rows, theta, gain_kind, reach, m, settings.trec_compat, unj, question_id)
    relevant_ranks = tuple(p.position for p in places if p.relevant and p.position <= reach)
    all_relevant = [int(p) for p, g in zip(rows["position"], rows[s.GRADE]) if g >= theta]
    first = min(all_relevant) if all_relevant else None
    in_means = R > 0 or (settings.trec_compat and len(judgments) > 0)
    base = dict(
        system=system,
        question_id=question_id,
        measure=m.name,
        family=m.family,
        cutoff=m.cutoff,
        threshold=theta,
        gain_kind=gain_kind,
        order=settings.order,
        dedup=settings.dedup,
        unit=settings.unit,
        depth=settings.depth,
        R=R,
        retrieved=len(rows),
        places=places,
        relevant_ranks=relevant_ranks,
        first_rank=first,
        missing=len(rows) == 0,
        in_means=in_means,
        trec_compat=settings.trec_compat,
    )
    return _compute(m, base, places, reach, j_grades, judgments, rows, theta, gain_kind)


def _places(
    rows: pd.DataFrame,
    theta: float,
    gain_kind: str,
    reach: float,
    m: Measure,
    trec_compat: bool,
    unjudged: pd.DataFrame | None,
    question_id: str,
) -> tuple[Place, ...]:
    """The places the measure reads: all within K, or (no K) those that count."""
    positions = rows["position"].to_numpy(dtype=float)
    grades = rows[s.GRADE].to_numpy(dtype=float)
    pids = rows[s.PID].astype(str).to_numpy(dtype=object)
    relevant = grades >= theta
    gains = gain_values(grades, gain_kind)
    not_counted: set[str] = set()
    if trec_compat and unjudged is not None and len(unjudged):
        own = unjudged[unjudged[s.QID].astype(str) == question_id]
        not_counted = set(own[s.PID].astype(str))
    out: list[Place] = []
    n_relevant = 0
    for pos, pid, grade, rel, g in zip(positions, pids, grades, relevant, gains):
        if rel:
            n_relevant += 1
        if pos > reach:
            break
        if math.isinf(reach) and not rel and not (m.family == "nDCG" and g > 0):
            continue  # no K: only the places that add to the value are shown
        out.append(
            Place(
                position=int(pos),
                passage_id=str(pid),
                grade=None if math.isnan(grade) else float(grade),
                relevant=bool(rel),
                gain=float(g),
                discount=1.0 / math.log2(pos + 1.0),
                precision_at=n_relevant / pos if rel else None,
                judged=not math.isnan(grade) and str(pid) not in not_counted,
            )
        )
    return tuple(out)


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator > 0 else math.nan


def _compute(
    m: Measure,
    base: dict,
    places: tuple[Place, ...],
    reach: float,
    j_grades: np.ndarray,
    judgments: pd.DataFrame,
    rows: pd.DataFrame,
    theta: float,
    gain_kind: str,
) -> QuestionExplanation:
    """The family's numerator, denominator and value from the places."""
    R = base["R"]
    n_rel = float(len(base["relevant_ranks"]))
    k = float(m.cutoff) if m.cutoff is not None else math.inf
    extra: dict = {}
    fam = m.family
    if fam == "P":
        num, den = n_rel, k
        value = num / den
    elif fam in ("Recall", "R-Prec"):
        num, den = n_rel, float(R)
        value = _ratio(num, den)
    elif fam == "Hit":
        num, den = n_rel, 1.0
        value = 1.0 if n_rel > 0 else 0.0
    elif fam == "MRR":
        first = base["first_rank"]
        reached = first is not None and first <= k
        num, den = (1.0, float(first)) if reached else (0.0, 1.0)
        value = num / den
    elif fam == "MAP":
        num = math.fsum(p.precision_at for p in places if p.relevant and p.position <= reach)
        den = float(R)
        value = _ratio(num, den)
    elif fam == "nDCG":
        ideal = _ideal(j_grades, gain_kind, k)
        dcg = math.fsum(p.gain * p.discount for p in places if p.position <= reach)
        idcg = math.fsum(p.gain * p.discount for p in ideal)
        num, den = dcg, idcg
        value = dcg / idcg if idcg > 0 else 0.0
        extra = dict(dcg=dcg, idcg=idcg, ideal=ideal)
    elif fam == "Judged":
        num, den = float(sum(1 for p in places if p.judged)), k
        value = num / den
    elif fam == "CoreRecall":
        covered, groups = _core_counts(judgments, rows, theta, k)
        num, den = float(covered), float(groups)
        value = _ratio(num, den)
        extra = dict(core_covered=covered, core_groups=groups)
    else:  # pragma: no cover - a family of measure_names without an explanation
        raise ValueError(f"no explanation for {m.name}")
    if fam in _DIVIDED_BY_R and R == 0 and base["trec_compat"] and base["in_means"]:
        value = 0.0  # trec_eval scores a judged question without evidence 0 here
    return QuestionExplanation(
        **base, numerator=num, denominator=den, value=float(value), **extra
    )


def _ideal(j_grades: np.ndarray, gain_kind: str, k: float) -> tuple[IdealPlace, ...]:
    """The question's judged grades best first, within K, with their gains and discounts."""
    best_first = sorted((float(g) for g in j_grades), reverse=True)
    gains = gain_values(np.asarray(best_first, dtype=float), gain_kind)
    out = []
    for place, (grade, gain) in enumerate(zip(best_first, gains), start=1):
        if place > k:
            break
        out.append(IdealPlace(place, grade, float(gain), 1.0 / math.log2(place + 1.0)))
    return tuple(out)


def _core_counts(
    judgments: pd.DataFrame, rows: pd.DataFrame, theta: float, k: float
) -> tuple[int, int]:
    """Core evidence groups covered within K, and the question's core groups — by
    :func:`~workbench.core.model.evidence_groups.evidence_groups`, as the evaluation."""
    if not len(judgments):
        return 0, 0
    qr = judgments.reset_index(drop=True)
    groups = evidence_groups(qr, qr[s.GRADE].to_numpy(dtype=float) >= theta)
    n_core = int(np.unique(groups.group[groups.core]).size)
    covering = dict(zip(qr[s.PID].astype(str), np.where(groups.covers, groups.group, -1)))
    found = {
        covering.get(str(pid), -1)
        for pid, pos in zip(rows[s.PID], rows["position"])
        if pos <= k
    }
    found.discard(-1)
    return len(found), n_core


# -- the words ---------------------------------------------------------------------------
def _setting(choices, key: str, lang: str) -> str:
    """How the report states a setting's choice in force (the same words)."""
    return _w(IN_REPORT[(choices.name, key)][::-1], lang)


def _settings_line(e: QuestionExplanation, lang: str) -> str:
    """θ, the order, and whatever else shaped this list (gain for nDCG; de-dup, unit
    and depth when they are not the plain ones)."""
    ko = lang == "ko"
    parts = [
        f"관련 기준 θ = {number(e.threshold)} (등급 ≥ θ이면 관련)" if ko
        else f"Relevant when grade ≥ θ = {number(e.threshold)}",
        ("순서: " if ko else "order: ") + _setting(ORDERS, e.order, lang),
    ]  # fmt: skip
    if e.family == "nDCG":
        parts.append(("이득: " if ko else "gain: ") + _setting(GAINS, e.gain_kind, lang))
    if e.dedup != DEDUPS.default:
        parts.append(("중복: " if ko else "de-dup: ") + _setting(DEDUPS, e.dedup, lang))
    if e.unit != UNITS.default:
        parts.append(("단위: " if ko else "unit: ") + _setting(UNITS, e.unit, lang))
    if e.depth is not None:
        parts.append(f"상위 {e.depth}개만 평가" if ko else f"only the first {e.depth} evaluated")
    return (", " if ko else "; ").join(parts)


def _ranks_text(ranks: tuple[int, ...]) -> str:
    return ", ".join(str(r) for r in ranks) if ranks else "—"


def _steps(e: QuestionExplanation, lang: str) -> list[str]:
    ko = lang == "ko"
    lines = [_settings_line(e, lang)]
    if ko:
        lines.append(f"R (관련 판정 문단 수) = {e.R}; 평가한 결과 {e.retrieved}개")
    else:
        lines.append(f"R (relevant judged passages) = {e.R}; {e.retrieved} places evaluated")
    if e.missing:
        lines.append(
            "이 시스템은 이 질문에 결과를 내지 않았으므로 모든 지표가 0입니다."
            if ko
            else "The system returned nothing for this question, so every measure is 0."
        )
    lines += _family_lines(e, lang)
    if not e.in_means:
        lines.append(
            "이 질문에는 관련 근거가 없어(R = 0) 평균에서 빠집니다."
            if ko
            else "The question has no relevant evidence (R = 0): it is left out of the means."
        )
    elif e.R == 0 and e.family in _DIVIDED_BY_R:
        lines.append(
            "trec_eval 방식: R = 0이면 나눌 수 없으므로 0으로 셉니다."
            if ko
            else "trec_eval's convention: with R = 0 nothing divides, so it counts as 0."
        )
    lines.append(f"{e.measure} = {number(e.value)}")
    return lines


def _family_lines(e: QuestionExplanation, lang: str) -> list[str]:
    ko = lang == "ko"
    ranks = _ranks_text(e.relevant_ranks)
    k = e.cutoff
    fam = e.family
    if fam in ("P", "Recall", "Hit", "R-Prec"):
        top = e.R if fam == "R-Prec" else k
        head = (
            f"상위 {top}개 안의 관련 문단: {len(e.relevant_ranks)}개 (순위 {ranks})"
            if ko
            else f"Relevant passages in the top {top}: {len(e.relevant_ranks)} (ranks {ranks})"
        )
        if fam == "Hit":
            return [head]
        return [head, f"{e.measure} = {number(e.numerator)} / {number(e.denominator)}"]
    if fam == "MRR":
        where = "" if k is None else (f"상위 {k}개 안에 " if ko else f" within the top {k}")
        if e.first_rank is None:
            first = "첫 관련 문단: 없음" if ko else "First relevant passage: none"
        else:
            first = (
                f"첫 관련 문단의 순위: {e.first_rank}"
                if ko
                else f"Rank of the first relevant passage: {e.first_rank}"
            )
        if e.numerator == 0:
            tail = f"{where}관련 문단이 없어 0입니다." if ko else f"No relevant passage{where}: 0."
            return [first, tail]
        return [first, f"RR = 1 / {e.first_rank}"]
    if fam == "MAP":
        terms = [p for p in e.places if p.relevant]
        parts = " + ".join(f"{_so_far(p)}/{p.position}" for p in terms) or "0"
        head = (
            f"관련 문단의 순위: {ranks}; 각 순위의 정밀도 = (그 순위까지의 관련 수) / 순위"
            if ko
            else f"Ranks of the relevant passages: {ranks}; precision at each = "
            "(relevant so far) / rank"
        )
        return [head, f"AP = ({parts}) / {e.R} = {number(e.numerator)} / {e.R}"]
    if fam == "nDCG":
        dcg_terms = " + ".join(
            f"{number(p.gain)}/log2({p.position}+1)" for p in e.places if p.gain > 0
        ) or "0"
        ideal_terms = " + ".join(
            f"{number(p.gain)}/log2({p.place}+1)" for p in e.ideal if p.gain > 0
        ) or "0"
        return [
            f"DCG = {dcg_terms} = {number(e.dcg)}",
            (f"IDCG (이상적 순서) = {ideal_terms} = {number(e.idcg)}" if ko
             else f"IDCG (ideal order) = {ideal_terms} = {number(e.idcg)}"),
            f"nDCG = DCG / IDCG = {number(e.dcg)} / {number(e.idcg)}",
        ]  # fmt: skip
    if fam == "Judged":
        return [
            (f"상위 {k}개 가운데 판정된 문단: {number(e.numerator)}개" if ko
             else f"Judged passages in the top {k}: {number(e.numerator)}"),
            f"{e.measure} = {number(e.numerator)} / {k}",
        ]  # fmt: skip
    return [
        (f"상위 {k}개에서 찾은 핵심 근거 묶음: {e.core_covered} / {e.core_groups}" if ko
         else f"Core evidence groups covered in the top {k}: {e.core_covered} of {e.core_groups}"),
    ]  # fmt: skip


def _so_far(place: Place) -> int:
    """The relevant passages up to a relevant ``place`` (its precision × its rank)."""
    return round((place.precision_at or 0.0) * place.position)


def _place_table(e: QuestionExplanation, lang: str) -> tuple[list[str], list[list[str]]]:
    keys = ["position", "passage", "grade", "relevant"]
    if e.family == "nDCG":
        keys += ["gain", "discount", "term"]
    elif e.family == "MAP":
        keys += ["precision_at"]
    elif e.family == "Judged":
        keys += ["judged"]
    yes, no = word("yes", lang), word("no", lang)
    rows = []
    for p in e.places:
        row = [
            str(p.position),
            p.passage_id,
            word("unjudged", lang) if p.grade is None else number(p.grade),
            yes if p.relevant else no,
        ]
        if e.family == "nDCG":
            row += [number(p.gain), number(p.discount), number(p.gain * p.discount)]
        elif e.family == "MAP":
            row += [number(p.precision_at) if p.precision_at is not None else ""]
        elif e.family == "Judged":
            row += [yes if p.judged else no]
        rows.append(row)
    return [word(k, lang) for k in keys], rows


# -- a system's mean -------------------------------------------------------------------
def explain_mean(results: Results, system: str, measure: str | Measure) -> MeanExplanation:
    """``system``'s mean of ``measure``: the per-question values it averages, which
    questions count and which are left out. Raises ``ValueError`` for a system or a
    measure the results do not hold."""
    m = parse_measure(measure)
    if m.name not in results.measures:
        raise ValueError(f"the results hold no measure {m.name}")
    if system not in results.systems:
        raise ValueError(f"the results hold no system {system!r}")
    pq = results.per_question
    own = pq[pq[s.SYSTEM].astype(str) == system]
    qids = own[s.QID].astype(str).tolist()
    vals = own[m.name].to_numpy(dtype=float)
    missing = own["missing"].to_numpy(dtype=bool)
    defined = ~np.isnan(vals)
    values = tuple(
        (q, float(v), bool(miss)) for q, v, miss, ok in zip(qids, vals, missing, defined) if ok
    )
    undefined = tuple(q for q, ok in zip(qids, defined) if not ok)
    total = math.fsum(v for _, v, _ in values)
    n = len(values)
    R = results.relevant_count
    without_evidence = [str(q) for q in R.index[R.to_numpy() == 0]]
    in_table = set(qids)
    return MeanExplanation(
        system=system,
        measure=m.name,
        values=values,
        total=total,
        n=n,
        mean=total / n if n else math.nan,
        left_out=tuple(sorted_ids(q for q in without_evidence if q not in in_table)),
        undefined=tuple(sorted_ids(undefined)),
        trec_compat=results.settings.trec_compat,
        kept_at_zero=tuple(sorted_ids(q for q in without_evidence if q in in_table)),
    )


def _mean_steps(e: MeanExplanation, lang: str) -> list[str]:
    ko = lang == "ko"
    shown = " + ".join(number(v) for _, v, _ in e.values[:12])
    if len(e.values) > 12:
        shown += " + …"
    n_missing = sum(1 for _, _, miss in e.values if miss)
    lines = [
        (f"{e.system}의 {e.measure} 평균 = (질문마다의 값의 합) / N" if ko
         else f"{e.system}'s mean {e.measure} = (sum of the questions' values) / N"),
        f"= ({shown or '0'}) / {e.n}",
        f"= {number(e.total)} / {e.n} = {number(e.mean)}",
    ]  # fmt: skip
    if n_missing:
        lines.append(
            f"결과를 내지 않은 질문 {n_missing}개는 0으로 들어갑니다."
            if ko
            else f"{n_missing} questions the system returned nothing for count as 0."
        )
    if e.left_out:
        ids = ", ".join(e.left_out)
        lines.append(
            f"관련 근거가 없는 질문(R = 0)은 평균에서 뺍니다: {ids}"
            if ko
            else f"Questions without relevant evidence (R = 0) are left out: {ids}"
        )
    if e.kept_at_zero:
        ids = ", ".join(e.kept_at_zero)
        lines.append(
            f"trec_eval 방식: 관련 근거가 없는 판정 질문도 평균에 넣습니다: {ids}"
            if ko
            else f"trec_eval's convention: judged questions without relevant evidence stay "
            f"in the mean: {ids}"
        )
    if e.undefined:
        ids = ", ".join(e.undefined)
        lines.append(
            f"값이 정의되지 않는 질문(핵심 근거 묶음 없음)은 빼고 평균냅니다: {ids}"
            if ko
            else f"Questions where the value is undefined (no core group) are left out: {ids}"
        )
    return lines
