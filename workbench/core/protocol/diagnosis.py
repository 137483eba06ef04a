"""From numbers to what to fix: the seeds' diagnostic rules in plain language.

The seed blog post (Precision … NDCG) does not stop at formulas; it says what
to do with them, stage by stage::

    후보 검색 단계 → Recall@20으로 정답 문서가 후보에 포함되는지 평가
    Reranking 단계 → MRR과 NDCG@5로 정답 문서가 상위에 재배치되는지 평가
    최종 Context 단계 → Precision@5로 불필요한 문서가 얼마나 포함되는지 평가

and the Recall, MRR and nDCG articles add how to read them. :data:`RULES`
holds those rules as data: an id, the stage, the measures each needs (as
templates over the thresholds, ``"Recall@{candidate_k}"``), the conditions
(``Recall@20 ≥ recall_high`` …), the sentence in Korean and English with the
values and thresholds filled in, the advice, and the seed sentence it
applies. :func:`diagnose` evaluates them on a
:class:`~workbench.core.model.results.Results`:

- a rule fires for a system when its conditions hold on the system's means
  (``Results.aggregates``), or on the means of a question type with at least
  ``type_min_n`` questions (``Results.by_type``) — then that type is named;
  where it holds overall but not in every type, the types where it holds are
  named too;
- only rules the data supports fire: a rule needing Recall@20 is silent when
  20 is not among the settings' K, and the diagnosis says so and which K to
  add (:class:`NotChecked`);
- each :class:`Finding` names the numbers it rests on, the thresholds used
  and the questions behind it (those whose own values meet the conditions,
  worst first).

Thresholds (:class:`DiagnosisSettings`) have stated defaults, are adjustable
and live on the study (project section ``diagnosis``) and in the report.

Also here: the **K advisor** (:func:`k_advice`, the blog's "Recall@20과
Recall@50의 차이가 거의 없다면 … 추가 비용을 지불할 필요가 없을 수 있다") and
**missed evidence by role** (:func:`missed_by_role`, the Recall article's
"누락된 근거가 핵심인지 보조인지 오류 사례를 함께 분석한다"), which lives in
:mod:`workbench.core.protocol.missed_evidence` and is offered here too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from workbench.core.measures.chart_data import RecallBasis, list_scores, recall_basis
from workbench.core.measures.metrics import parse_measure
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.korean import Word, josa
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView
from workbench.core.protocol.diagnosis_settings import (
    THRESHOLDS,
    DiagnosisSettings,
)
from workbench.core.protocol.missed_evidence import (
    MissedEvidence,
    has_core_roles,
    missed_by_role,
)

__all__ = [
    "RULES",
    "THRESHOLDS",
    "Diagnosis",
    "DiagnosisSettings",
    "DiagnosisSettingsEdit",
    "Finding",
    "KAdvice",
    "MissedEvidence",
    "NotChecked",
    "Rule",
    "diagnose",
    "diagnosis_to_json",
    "k_advice",
    "lowest_cases",
    "missed_by_role",
    "rule",
]


@dataclass(frozen=True)
class DiagnosisSettingsEdit:
    """New thresholds (undoable). The scores stay; the diagnosis is read again."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    before: DiagnosisSettings
    after: DiagnosisSettings

    def apply_to(self, study: StudyView) -> None:
        study.diagnosis_settings = self.after

    def revert_from(self, study: StudyView) -> None:
        study.diagnosis_settings = self.before


# == comparing a value with a threshold ===========================================
#: Values within this of a threshold count as equal to it. The measures are means of
#: fractions of small whole numbers (2/5, 12/15), which floating point leaves a few
#: 1e-16 off (the mean of 0, 1/5 and 1 is 0.39999999999999997): a P@5 of exactly 0.40
#: must not be "below 0.40" while the report prints 0.40. A tolerance, not rounding to
#: the two decimals the sentences print: the tables show three or four, and a P@5 of
#: 0.396 is below 0.40 there and must stay so; two distinct means of such fractions
#: differ by far more than 1e-9.
THRESHOLD_TOLERANCE = 1e-9


def compare(value, op: str, threshold: float):
    """``value op threshold`` (op ``"<"`` or ``">="``) with :data:`THRESHOLD_TOLERANCE`:
    every rule compares through this one helper. ``value`` may be a number or a
    NumPy array (element-wise); NaN meets neither."""
    edge = float(threshold) - THRESHOLD_TOLERANCE
    if op == "<":
        return value < edge
    if op == ">=":
        return value >= edge
    raise ValueError(f"unknown comparison {op!r}")


# == rules as data ===============================================================
@dataclass(frozen=True)
class Clause:
    """``measure op threshold``: ``Recall@{candidate_k} >= recall_high``."""

    measure: str  # a measure name, with threshold names in braces
    op: str  # "<" or ">="
    threshold: str

    def measure_name(self, st: DiagnosisSettings) -> str:
        return self.measure.format(**st.to_dict())

    def holds(self, value: float, st: DiagnosisSettings) -> bool:
        if value is None or not math.isfinite(float(value)):
            return False
        return bool(compare(float(value), self.op, getattr(st, self.threshold)))

    def text(self, st: DiagnosisSettings) -> str:
        sign = "<" if self.op == "<" else "≥"
        return f"{self.measure_name(st)} {sign} {st.text(self.threshold)}"


@dataclass(frozen=True)
class Rule:
    """One diagnostic rule of the seeds (see the module doc).

    ``kind``: ``measures`` (the clauses on the means), ``core_missed``,
    ``k_plateau``, ``k_growing``, ``type_gap`` or ``no_finding``. ``body_*``
    are format strings: ``{m1}``/``{v1}``/``{t1}`` … the clauses' measure,
    value and threshold (as :class:`~workbench.core.model.korean.Word`, so the
    Korean picks its particles: ``{m1:이} {v1:으로}``), plus ``{k}`` and the
    kind's own fields.
    """

    id: str
    stage: str  # candidates | rerank | context | evidence | depth | types | none
    kind: str
    clauses: tuple[Clause, ...]
    thresholds: tuple[str, ...]
    body_ko: str
    body_en: str
    advice_ko: str
    advice_en: str
    source: str  # the seed sentence the rule applies (Korean, as written)
    title_ko: str = ""
    title_en: str = ""

    def measures(self, st: DiagnosisSettings) -> list[str]:
        return [c.measure_name(st) for c in self.clauses]

    def title(self, lang: str) -> str:
        return self.title_ko if lang == "ko" else self.title_en


RULES: tuple[Rule, ...] = (
    Rule(
        "candidates_missed", "candidates", "measures",
        (Clause("Recall@{candidate_k}", "<", "recall_low"),),
        ("candidate_k", "recall_low"),
        "{m1:이} {v1:으로} 낮아 후보 검색 단계에서 정답 근거를 놓칩니다",
        "{m1} is {v1}: the candidate search misses evidence",
        "임베딩 모델, BM25와 벡터 검색의 결합 방식, Query Expansion, 청킹 방식, 메타데이터 "
        "필터, 색인 누락을 먼저 살펴보세요",
        "look first at the embedding model, how BM25 and vector search are combined, query "
        "expansion, the chunking, metadata filters and missing index entries",
        "Recall@20이 낮다면 다음 항목을 먼저 살펴봐야 합니다: 임베딩 모델, BM25와 벡터 검색의 "
        "결합 방식, Query Expansion, 청킹 방식, 메타데이터 필터, 색인 누락",
        "후보 검색: 근거를 놓침", "Candidates: evidence missed",
    ),
    Rule(
        "order_weak", "rerank", "measures",
        (
            Clause("Recall@{candidate_k}", ">=", "recall_high"),
            Clause("nDCG@{context_k}", "<", "ndcg_low"),
        ),
        ("candidate_k", "context_k", "recall_high", "ndcg_low"),
        "{m1:이} {v1:으로} 후보는 충분히 찾지만 {m2:이} {v2:으로} 순서가 약합니다",
        "{m1} is {v1}, so the candidates are there, but {m2} is {v2}: the order is weak",
        "재순위(reranker) 개선을 먼저 보세요: Reranker 모델, 검색 점수 결합 방식, RRF 설정, "
        "Reranking 후보 개수, 질문과 문서의 관련도 판단 기준",
        "improve the reranking first: the reranker model, how the retrieval scores are "
        "combined, the RRF settings, the number of candidates reranked, the relevance criteria",
        "Recall@20은 높지만 NDCG@5가 낮다면 후보 문서는 충분히 찾았지만 순서가 좋지 않다는 "
        "의미일 수 있습니다",
        "재순위: 순서가 약함", "Reranking: weak order",
    ),
    Rule(
        "found_but_low", "rerank", "measures",
        (
            Clause("Recall@{context_k}", "<", "recall_low"),
            Clause("Recall@{candidate_k}", ">=", "recall_high"),
        ),
        ("candidate_k", "context_k", "recall_low", "recall_high"),
        "{m2:이} {v2:으로} 관련 근거를 찾고는 있지만 {m1:이} {v1:으로} 앞 순위에는 적습니다",
        "{m2} is {v2}, so the evidence is found, but {m1} is only {v1}: little of it reaches "
        "the top",
        "검색 범위를 무작정 늘리기보다 재순위(Reranking)를 개선하는 편이 효과적일 수 있습니다",
        "improving the reranking may help more than retrieving more candidates",
        "Recall@5는 낮지만 Recall@20이 높다면 Retriever는 관련 문서를 찾고 있으나 순위가 좋지 "
        "않다는 의미입니다",
        "재순위: 찾았지만 뒤에 있음", "Reranking: found but low",
    ),
    Rule(
        "first_late", "rerank", "measures",
        (
            Clause("Recall@{candidate_k}", ">=", "recall_high"),
            Clause("MRR", "<", "mrr_low"),
        ),
        ("candidate_k", "recall_high", "mrr_low"),
        "{m1:이} {v1:으로} 근거를 찾지만 {m2:이} {v2:으로} 낮아 첫 근거가 늦게 나옵니다",
        "{m1} is {v1}, but {m2} is {v2}: the first evidence comes late",
        "첫 근거가 앞에 오도록 재순위를 보세요. 첫 근거가 1위·2–3위·그 아래·미검색인 질문의 "
        "비율(차트 ▸ 첫 관련 순위)도 함께 보세요",
        "look at the reranking, so the first evidence comes first; see the share of questions "
        "whose first evidence is at rank 1, 2–3, lower or missing (Charts ▸ First relevant rank)",
        "Recall은 높지만 MRR이나 NDCG가 낮다면 필요한 문서는 찾았지만 순위를 제대로 정하지 못한 "
        "것입니다",
        "재순위: 첫 근거가 늦음", "Reranking: first evidence late",
    ),
    Rule(
        "context_noisy", "context", "measures",
        (Clause("P@{context_k}", "<", "precision_low"),),
        ("context_k", "precision_low"),
        "{m1:이} {v1:으로} 낮아 LLM에 넘기는 상위 {k}개에 불필요한 문서가 많습니다",
        "{m1} is {v1}: the top {k} passed to the LLM hold many passages that do not help",
        "관련 없는 문서가 컨텍스트를 차지하고 토큰 비용과 응답 시간이 늘며 정답 근거가 묻힐 수 "
        "있습니다. 넘기는 개수를 줄이거나 재순위·점수 하한으로 걸러 보세요",
        "irrelevant passages take up the context, cost tokens and time, and can bury the "
        "evidence: pass fewer, or filter them with a reranker or a score floor",
        "최종 Context 단계 → Precision@5로 불필요한 문서가 얼마나 포함되는지 평가",
        "최종 컨텍스트: 불필요한 문서", "Final context: noise",
    ),
    Rule(
        "first_only", "evidence", "measures",
        (
            Clause("MRR", ">=", "mrr_high"),
            Clause("Recall@{context_k}", "<", "recall_low"),
        ),
        ("context_k", "mrr_high", "recall_low"),
        "{m1:이} {v1:으로} 첫 근거는 빨리 찾지만 {m2:이} {v2:으로} 나머지 근거를 많이 놓칩니다",
        "{m1} is {v1}, so the first evidence comes early, but {m2} is {v2}: much of the rest "
        "is missed",
        "여러 근거를 함께 읽어야 하는 질문에서는 MRR만으로 충분하지 않습니다. 후보 수와 청킹 "
        "방식을 보고, 놓친 근거가 핵심인지 보조인지 확인하세요(놓친 근거 탭)",
        "for questions that need several passages MRR is not enough: look at the number of "
        "candidates and the chunking, and whether the missed evidence is core or supporting "
        "(Missed evidence tab)",
        "첫 번째 정답 문서는 항상 1위에 있음, 나머지 관련 문서는 대부분 검색되지 않음 → 이 "
        "시스템은 MRR은 높지만 Recall은 낮을 수 있습니다",
        "근거: 첫 근거만 찾음", "Evidence: only the first found",
    ),
    Rule(
        "core_missed", "evidence", "core_missed", (),
        ("context_k", "core_missed_share"),
        "상위 {k}개에서 핵심 근거를 놓친 질문이 {count}개({share})입니다",
        "misses core evidence in the top {k} on {count} questions ({share})",
        "값만 비교하지 말고, 누락된 근거가 핵심인지 보조인지 오류 사례를 함께 보세요(놓친 근거 탭)",
        "do not compare the numbers alone: look at the cases, and whether the missed evidence "
        "is core or supporting (Missed evidence tab)",
        "값만 비교하지 말고, 누락된 근거가 핵심인지 보조인지 오류 사례를 함께 분석한다",
        "근거: 핵심 근거 누락", "Evidence: core missed",
    ),
    Rule(
        "candidates_plateau", "depth", "k_plateau", (),
        ("epsilon",),
        "K = {k} 다음부터는 Recall이 한 단계에 {eps} 미만으로만 늘어납니다(Recall@{k} {v1}, "
        "Recall@{depth} {v2})",
        "after K = {k} Recall grows by less than {eps} per step (Recall@{k} {v1}, "
        "Recall@{depth} {v2})",
        "후보를 {depth}개까지 가져오며 비용을 더 들일 필요가 없을 수 있습니다. {k}개만 넘기면 "
        "질문당 문단 {saved}개(전체 {total}개)를 덜 씁니다",
        "retrieving {depth} may not be worth its cost: passing {k} saves {saved} passages per "
        "question ({total} in all)",
        "Recall@20과 Recall@50의 차이가 거의 없다면, 후보 문서를 50개까지 검색하면서 추가 비용을 "
        "지불할 필요가 없을 수 있습니다",
        "K: 더 가져와도 늘지 않음", "K: more adds little",
    ),
    Rule(
        "candidates_growing", "depth", "k_growing", (),
        ("epsilon",),
        "결과 {depth}개까지 Recall이 계속 늘어납니다(Recall@{kp} {v1} → Recall@{depth} {v2})",
        "Recall keeps growing up to the {depth} results returned (Recall@{kp} {v1} → "
        "Recall@{depth} {v2})",
        "후보를 더 많이 가져오면 근거를 더 찾을 수 있습니다. 검색 개수를 늘려 Recall이 어디서 "
        "멈추는지 확인하세요",
        "more candidates may find more evidence: retrieve more and see where Recall stops "
        "growing",
        "이를 통해 후보 문서 수를 늘렸을 때 Recall이 어느 구간까지 의미 있게 증가하는지 확인할 "
        "수 있습니다",
        "K: 아직 늘어남", "K: still growing",
    ),
    Rule(
        "type_gap", "types", "type_gap", (Clause("nDCG@{context_k}", "<", "type_gap"),),
        ("context_k", "type_gap", "type_min_n"),
        "'{type}' 질문({n}개)에서 {m1:이} {v1:으로} 전체 평균 {v2}보다 {gap} 낮습니다",
        "on '{type}' questions (n = {n}) {m1} is {v1}, {gap} below its mean of {v2}",
        "전체 평균뿐 아니라 이 유형의 낮은 점수 사례를 보세요(놓친 근거 탭 ▸ 유형별 낮은 사례)",
        "look beyond the mean at this type's low-scoring cases (Missed evidence tab ▸ lowest "
        "cases per type)",
        "전체 평균뿐 아니라 질문 유형별 nDCG와 낮은 점수의 대표 사례를 분석한다",
        "질문 유형: 한 유형이 약함", "Question types: one is weak",
    ),
    Rule(
        "no_finding", "none", "no_finding", (), (),
        "확인한 규칙 가운데 해당하는 것이 없습니다({values})",
        "none of the rules checked applies ({values})",
        "숫자만으로 끝내지 말고 점수가 낮은 질문 몇 개를 직접 읽어 보세요",
        "do not stop at the numbers: read a few of the lowest-scoring questions",
        "평균만 제시하지 말고, 1위·상위 3위·미검색 질문의 비율과 실패 사례를 함께 제시한다",
        "해당 없음", "Nothing found",
    ),
)  # fmt: skip
_RULE = {r.id: r for r in RULES}


def rule(rule_id: str) -> Rule:
    return _RULE[rule_id]


# == results of a diagnosis ========================================================
@dataclass(frozen=True)
class TypeValues:
    """The per-type values a finding looked at."""

    question_type: str
    n: int
    values: dict[str, float]
    holds: bool


@dataclass(frozen=True)
class Finding:
    """One rule firing for one system (see the module doc for when)."""

    system: str
    rule: str
    stage: str
    #: ``all`` (the system's means) or ``types`` (only some question types)
    scope: str
    sentence_ko: str
    sentence_en: str
    #: measure (or quantity) → value the sentence rests on (overall)
    values: dict[str, float]
    #: threshold name → value used
    thresholds: dict[str, float]
    #: the question types named in the sentence (where the rule holds)
    named_types: tuple[str, ...] = ()
    #: every question type looked at, with its values
    types: tuple[TypeValues, ...] = ()
    #: the questions behind the finding, worst first
    question_ids: tuple[str, ...] = ()

    def sentence(self, lang: str = "ko") -> str:
        return self.sentence_ko if lang == "ko" else self.sentence_en

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "stage": self.stage,
            "scope": self.scope,
            "sentence": self.sentence(lang),
            "values": {k: _clean(v) for k, v in self.values.items()},
            "thresholds": {k: _clean(v) for k, v in self.thresholds.items()},
            "types": [
                {
                    "question_type": t.question_type,
                    "n": t.n,
                    "values": {k: _clean(v) for k, v in t.values.items()},
                    "holds": t.holds,
                }
                for t in self.types
            ],
            "named_types": list(self.named_types),
            "question_ids": list(self.question_ids),
        }


@dataclass(frozen=True)
class NotChecked:
    """A rule the data does not support, and what would let it run."""

    rule: str
    reason_ko: str
    reason_en: str
    #: the measures it needs that the results lack
    needs: tuple[str, ...] = ()
    #: K values to add to the settings
    add_ks: tuple[int, ...] = ()
    system: str | None = None

    def reason(self, lang: str = "ko") -> str:
        return self.reason_ko if lang == "ko" else self.reason_en

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "system": self.system,
            "needs": list(self.needs),
            "add_k": list(self.add_ks),
            "reason": self.reason(lang),
        }


@dataclass(frozen=True)
class KAdvice:
    """How many passages to pass on, from one system's Recall@K curve.

    ``ladder``: the settings' K values up to the run ``depth``, and the depth;
    ``recall``: mean Recall at each. ``advised_k``: the smallest K of the
    ladder after which every step adds less than ``epsilon`` Recall (the
    depth when even the last step adds ``epsilon`` or more: ``growing``).
    """

    system: str
    depth: int
    ladder: tuple[int, ...]
    recall: tuple[float, ...]
    advised_k: int
    growing: bool
    epsilon: float
    n: int

    def recall_at(self, k: int) -> float:
        return self.recall[self.ladder.index(k)] if k in self.ladder else math.nan

    @property
    def saved_per_question(self) -> int:
        """Passages per question not passed on at the advised K (vs the depth)."""
        return int(self.depth - self.advised_k)

    @property
    def saved_total(self) -> int:
        return self.saved_per_question * self.n

    @property
    def passages_total(self) -> int:
        """Passages passed on over every question at the advised K."""
        return int(self.advised_k * self.n)

    def to_json(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "ladder": list(self.ladder),
            "recall": [_clean(v) for v in self.recall],
            "advised_k": self.advised_k,
            "growing": self.growing,
            "epsilon": self.epsilon,
            "questions": self.n,
            "passages_per_question": self.advised_k,
            "passages_total": self.passages_total,
            "saved_per_question": self.saved_per_question,
            "saved_total": self.saved_total,
        }


@dataclass
class Diagnosis:
    """Every finding, what could not be checked, and the K advice."""

    settings: DiagnosisSettings
    systems: list[str]
    findings: list[Finding] = field(default_factory=list)
    not_checked: list[NotChecked] = field(default_factory=list)
    k_advice: dict[str, KAdvice] = field(default_factory=dict)

    def for_system(self, system: str) -> list[Finding]:
        return [f for f in self.findings if f.system == system]


def _clean(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# == helpers ======================================================================
def _fmt(value: float) -> str:
    return "–" if value is None or not math.isfinite(float(value)) else f"{float(value):.2f}"


def _type_rows(results: Results, system: str, names: Sequence[str], min_n: int) -> list[dict]:
    """Per-type means of ``names`` for one system (types with a name and ≥ min_n questions)."""
    bt = results.by_type
    if bt is None or not len(bt) or s.QTYPE not in bt.columns:
        return []
    sub = bt[bt[s.SYSTEM].astype(str) == str(system)]
    # only the columns read below: records of every measure column cost ~4 ms a call
    wanted = [c for c in dict.fromkeys([s.QTYPE, "n", *names]) if c in sub.columns]
    out = []
    for rec in sub[wanted].to_dict("records"):
        t = str(rec.get(s.QTYPE) or "")
        n = int(rec.get("n") or 0)
        if not t or n < min_n:
            continue
        out.append({"type": t, "n": n, "values": {m: float(rec.get(m, math.nan)) for m in names}})
    return out


def _scope_phrase(t: str, n: int, lang: str) -> str:
    return f"'{t}' 질문({n}개)에서 " if lang == "ko" else f"on '{t}' questions (n = {n}), "


def _compose(
    system: str,
    lang: str,
    body: str,
    criteria: str,
    advice: str,
    scope: str = "",
    extra: str = "",
) -> str:
    """``{system}은 {scope}{body} ({criteria}){extra} → {advice}``."""
    if lang == "ko":
        head = f"{josa(system, '은')} {scope}{body}"
        crit = f" (기준: {criteria})" if criteria else ""
        return f"{head}{crit}.{extra} → {advice}."
    head = f"{system}: {scope}{body}"
    crit = f" (criteria: {criteria})" if criteria else ""
    return f"{head}{crit}{extra}. → {advice[:1].upper()}{advice[1:]}."


def _order_ids(frame: pd.DataFrame, measure: str, ascending: bool) -> tuple[str, ...]:
    """The question ids of ``frame`` by ``measure`` (NaN last), ties by id, then
    in frame order. What ``sort_values(["v", "q"], ascending=[ascending, True],
    kind="stable")`` gives — it too sorts a float column by value (negated when
    descending, so NaN stays last) and text by its rank — without building a
    frame for it (a third of a millisecond instead of one, a few times per system)."""
    if not len(frame):
        return ()
    ids = frame[s.QID].astype(str).to_numpy(dtype=object)
    values = frame[measure].to_numpy(dtype=float)
    _, id_rank = np.unique(ids, return_inverse=True)  # text order, as Python compares str
    order = np.lexsort((id_rank.ravel(), values if ascending else -values))
    return tuple(ids[order].tolist())


def _system_rows(results: Results, system: str) -> pd.DataFrame:
    pq = results.per_question
    return pq[pq[s.SYSTEM].astype(str) == str(system)]


# == the measure rules ================================================================
def _measure_rule(
    r: Rule, results: Results, st: DiagnosisSettings, depths: Mapping[str, int]
) -> tuple[list[Finding], list[NotChecked]]:
    names = r.measures(st)
    missing = [m for m in names if m not in results.measures]
    if missing:
        return [], [_not_checked_measures(r, missing, results, depths)]
    findings = []
    for system in results.systems:
        agg = results.aggregates
        if system not in agg.index:
            continue
        overall = {m: float(agg.loc[system, m]) for m in names}
        holds_all = all(c.holds(overall[m], st) for c, m in zip(r.clauses, names))
        typed = _type_rows(results, system, names, st.type_min_n)
        type_values = tuple(
            TypeValues(
                t["type"],
                t["n"],
                t["values"],
                all(c.holds(t["values"][m], st) for c, m in zip(r.clauses, names)),
            )
            for t in typed
        )
        holding = [t for t in type_values if t.holds]
        if not holds_all and not holding:
            continue
        # the questions behind it: their own values meet every condition
        rows = _system_rows(results, system)
        mask = np.ones(len(rows), dtype=bool)
        for c, m in zip(r.clauses, names):
            vals = rows[m].to_numpy(dtype=float)
            t = float(getattr(st, c.threshold))
            with np.errstate(invalid="ignore"):
                mask &= compare(vals, c.op, t)
        key = next((i for i, c in enumerate(r.clauses) if c.op == "<"), 0)
        ascending = r.clauses[key].op == "<"
        if holds_all:
            scope, values_used, named = "all", overall, []
            if holding and len(holding) < len(type_values):
                named = holding
        else:
            scope = "types"
            # the worst type (by the condition's measure) speaks; the others are named
            holding.sort(key=lambda t: t.values[names[key]], reverse=not ascending)
            values_used, named = holding[0].values, holding
            in_types = rows[s.QTYPE].astype(str).isin([t.question_type for t in holding])
            mask &= in_types.to_numpy()
        qids = _order_ids(rows[mask], names[key], ascending)
        sentences = {}
        for lang in ("ko", "en"):
            fmt = _clause_words(r, names, values_used, st)
            fmt["k"] = st.context_k
            body = (r.body_ko if lang == "ko" else r.body_en).format(**fmt)
            criteria = ", ".join(c.text(st) for c in r.clauses)
            scope_text, extra = "", ""
            if scope == "types":
                lead = named[0]
                scope_text = _scope_phrase(lead.question_type, lead.n, lang)
                others = [t.question_type for t in named[1:]]
                if lang == "ko":
                    extra = f" 전체 평균은 {_values_text(overall, names)}입니다."
                    if others:
                        extra = f" {' · '.join(others)} 질문에서도 마찬가지이며,{extra}"
                else:
                    extra = f"; overall {_values_text(overall, names)}"
                    if others:
                        extra = f"; also on {' · '.join(others)}{extra}"
            elif named:
                listed = " · ".join(
                    f"{t.question_type} {_fmt(t.values[names[key]])}" for t in named
                )
                extra = (
                    f" 유형별로는 {listed}에서 두드러집니다."
                    if lang == "ko"
                    else f"; above all on {listed}"
                )
            extra += _depth_caveat(names, depths.get(system, 0), lang)
            advice = r.advice_ko if lang == "ko" else r.advice_en
            sentences[lang] = _compose(system, lang, body, criteria, advice, scope_text, extra)
        findings.append(
            Finding(
                system=system,
                rule=r.id,
                stage=r.stage,
                scope=scope,
                sentence_ko=sentences["ko"],
                sentence_en=sentences["en"],
                values=overall,
                thresholds={t: getattr(st, t) for t in r.thresholds},
                named_types=tuple(t.question_type for t in named),
                types=type_values,
                question_ids=qids,
            )
        )
    return findings, []


def _clause_words(
    r: Rule, names: Sequence[str], values: Mapping[str, float], st: DiagnosisSettings
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, (c, m) in enumerate(zip(r.clauses, names), start=1):
        out[f"m{i}"] = Word(m)
        out[f"v{i}"] = Word(_fmt(values[m]))
        out[f"t{i}"] = Word(st.text(c.threshold))
    return out


def _values_text(values: Mapping[str, float], names: Sequence[str]) -> str:
    return ", ".join(f"{m} {_fmt(values[m])}" for m in names)


def _depth_caveat(names: Sequence[str], depth: int, lang: str) -> str:
    """A Recall@K whose K is deeper than the system's runs holds the depth's value."""

    deeper = [m for m in names if (parse_measure(m).cutoff or 0) > depth > 0]
    if not deeper:
        return ""
    if lang == "ko":
        return (
            f" (결과가 질문당 최대 {depth}개라 {josa(deeper[0], '은')} 상위 {depth}개의 값입니다.)"
        )
    return (
        f" (the runs hold at most {depth} per question, so {deeper[0]} is the top {depth}'s value)"
    )


def _not_checked_measures(
    r: Rule, missing: Sequence[str], results: Results, depths: Mapping[str, int]
) -> NotChecked:
    """Why a rule's measures are missing, and the K to add to the settings — unless
    every system's deepest list is shorter than a K the rule needs: then adding
    it would only repeat the value at the depth (a run 5 deep has Recall@20 =
    Recall@5), so the note says how deep the runs are and advises no K."""

    ks = sorted({int(parse_measure(m).cutoff) for m in missing if parse_measure(m).cutoff})
    have = ", ".join(str(k) for k in results.settings.ks)
    add = ", ".join(str(k) for k in ks)
    shown = ", ".join(missing)
    deepest = max((int(d) for d in depths.values()), default=0)
    beyond = [k for k in ks if k > deepest > 0]
    if beyond:
        deep = ", ".join(str(k) for k in beyond)
        first = next(m for m in missing if (parse_measure(m).cutoff or 0) in beyond)
        return NotChecked(
            rule=r.id,
            needs=tuple(missing),
            reason_ko=(
                f"{r.title_ko}: {josa(shown, '이')} 필요한데 시스템 결과가 질문당 최대 "
                f"{deepest}개뿐이라 상위 {deep}개 기준으로는 확인할 수 없습니다"
                f"(K 목록에 더해도 {josa(first, '은')} 상위 {deepest}개의 값과 같습니다)."
            ),
            reason_en=(
                f"{r.title_en}: needs {shown}, but the runs return only {deepest} results "
                f"per question, so it could not be checked at a depth of {deep} ({first} "
                f"would only repeat the top {deepest}'s value)."
            ),
        )
    return NotChecked(
        rule=r.id,
        needs=tuple(missing),
        add_ks=tuple(ks),
        reason_ko=(
            f"{r.title_ko}: {josa(shown, '이')} 필요한데 설정의 K({have})에 "
            f"{josa(add, '이')} 없어 확인하지 않았습니다. K 목록에 {josa(add, '을')} 더하면 "
            "확인합니다."
        ),
        reason_en=(
            f"{r.title_en}: needs {shown}, but {add} is not among the K of the settings "
            f"({have}), so it was not checked. Add {add} to the K list to check it."
        ),
    )


def lowest_cases(results: Results, k: int, per_type: int = 3) -> pd.DataFrame:
    """The ``per_type`` lowest nDCG@k questions of each (system, question type):
    ``system``, ``question_type``, ``question_id``, ``nDCG@k`` (ties by id).

    nDCG@k comes from the evaluation when it has it, else from the kernel
    (:func:`workbench.core.measures.chart_data.list_scores`)."""

    name = f"nDCG@{int(k)}"
    pq = results.per_question
    if name in pq.columns:
        frame = pq[[s.SYSTEM, s.QID, s.QTYPE, name]].copy()
    else:
        scores = list_scores(results, [name])
        frame = pq[[s.SYSTEM, s.QID, s.QTYPE]].reset_index(drop=True).copy()
        frame[name] = scores[name].to_numpy()
    frame[s.QTYPE] = frame[s.QTYPE].fillna("").astype(str)
    frame = frame.sort_values([name, s.QID], kind="stable")
    order = {name_: i for i, name_ in enumerate(results.systems)}
    out = frame.groupby([s.SYSTEM, s.QTYPE], sort=False).head(int(per_type))
    out = out.assign(_s=out[s.SYSTEM].map(order)).sort_values(
        ["_s", s.QTYPE, name, s.QID], kind="stable"
    )
    return out.drop(columns="_s").reset_index(drop=True)


def _core_rule(
    r: Rule, results: Results, st: DiagnosisSettings, missed: MissedEvidence | None
) -> tuple[list[Finding], list[NotChecked]]:
    if missed is None or not missed.has_roles or results.settings.unit == "document":
        return [], [
            NotChecked(
                rule=r.id,
                reason_ko=(
                    f"{r.title_ko}: 판정에 근거 역할 열(핵심/보조/대체)이 없거나 문서 단위로 평가해 "
                    "확인하지 않았습니다. 평가 시트에 '근거역할' 열을 두면 확인합니다."
                ),
                reason_en=(
                    f"{r.title_en}: the judgments have no evidence-role column (core/supporting/"
                    "alternative), or the unit is the document, so it was not checked. Add a "
                    "근거역할 column to the judgments sheet to check it."
                ),
            )
        ]
    findings = []
    t = st.core_missed_share
    for system in results.systems:
        pq = missed.per_question[missed.per_question[s.SYSTEM] == str(system)]
        with_core = pq[pq["core_groups"] > 0]
        if not len(with_core):
            continue
        hit = with_core[with_core["core_groups_missed"] > 0]
        share = len(hit) / len(with_core)
        type_values = []
        for qtype in pd.unique(with_core[s.QTYPE]):
            part = with_core[with_core[s.QTYPE] == qtype]
            if not qtype or len(part) < st.type_min_n:
                continue
            type_share = float((part["core_groups_missed"] > 0).mean())
            type_values.append(
                TypeValues(
                    str(qtype), int(len(part)), {"share": type_share}, compare(type_share, ">=", t)
                )
            )
        holding = [tv for tv in type_values if tv.holds]
        if compare(share, "<", t) and not holding:
            continue
        ordered = hit.sort_values(["core_groups_missed", s.QID], ascending=[False, True])
        if compare(share, ">=", t):
            scope = "all"
            named = holding if len(holding) < len(type_values) else []
            count, shown_share = len(hit), share
            qids = tuple(ordered[s.QID].astype(str))
        else:
            scope = "types"
            holding.sort(key=lambda tv: -tv.values["share"])
            named = holding
            lead = holding[0]
            part = hit[hit[s.QTYPE].isin([tv.question_type for tv in holding])]
            count = int((hit[s.QTYPE] == lead.question_type).sum())
            shown_share = lead.values["share"]
            qids = tuple(
                part.sort_values(["core_groups_missed", s.QID], ascending=[False, True])[
                    s.QID
                ].astype(str)
            )
        sentences = {}
        for lang in ("ko", "en"):
            body = (r.body_ko if lang == "ko" else r.body_en).format(
                k=st.context_k, count=count, share=f"{shown_share:.0%}"
            )
            criteria = (
                f"핵심 근거를 놓친 질문 ≥ {st.text('core_missed_share')}"
                if lang == "ko"
                else f"questions missing core evidence ≥ {st.text('core_missed_share')}"
            )
            scope_text, extra = "", ""
            if scope == "types":
                lead = named[0]
                scope_text = _scope_phrase(lead.question_type, lead.n, lang)
                extra = (
                    f" 전체로는 {len(hit)}개({share:.0%})입니다."
                    if lang == "ko"
                    else f"; overall {len(hit)} ({share:.0%})"
                )
            elif named:
                listed = " · ".join(f"{tv.question_type} {tv.values['share']:.0%}" for tv in named)
                extra = (
                    f" 유형별로는 {listed}에서 두드러집니다."
                    if lang == "ko"
                    else f"; above all on {listed}"
                )
            advice = r.advice_ko if lang == "ko" else r.advice_en
            sentences[lang] = _compose(system, lang, body, criteria, advice, scope_text, extra)
        findings.append(
            Finding(
                system=system,
                rule=r.id,
                stage=r.stage,
                scope=scope,
                sentence_ko=sentences["ko"],
                sentence_en=sentences["en"],
                values={
                    "questions_core_missed": float(len(hit)),
                    "questions_with_core": float(len(with_core)),
                    "share": share,
                },
                thresholds={n: getattr(st, n) for n in r.thresholds},
                named_types=tuple(tv.question_type for tv in named),
                types=tuple(type_values),
                question_ids=qids,
            )
        )
    return findings, []


# == the K advisor ===================================================================
def k_advice(
    results: Results,
    curves: pd.DataFrame | None = None,
    epsilon: float = 0.02,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    deepest: pd.Series | None = None,
    basis: RecallBasis | None = None,
) -> dict[str, KAdvice]:
    """The K advisor per system, from its Recall@K curve.

    ``curves``: :func:`workbench.core.measures.chart_data.curve_data` (computed when
    not given). For each system the *ladder* is the settings' K values up to
    its run depth (its deepest position), plus the depth; the advised K is
    the smallest ladder K after which every step of the ladder adds less than
    ``epsilon`` mean Recall. When even the last step adds ``epsilon`` or
    more, the advice is the depth and ``growing`` is set (more candidates may
    find more). A system whose ladder has fewer than two K gets no advice.
    ``deepest``: each system's deepest list (from ``list_depths``), when known.
    ``basis``: :func:`~workbench.core.measures.chart_data.recall_basis` of
    ``results``, when the caller has it already (the diagnosis shares one).
    """

    if deepest is None or curves is None:
        basis = basis if basis is not None else recall_basis(results)
    depths = deepest if deepest is not None else _system_depths(basis)
    ks = sorted({int(k) for k in results.settings.ks})
    if curves is None:
        if cancelled is not None and cancelled():
            raise Cancelled()
        # only the ladders' points of the curve (the settings' K and each depth):
        # the same values as curve_data's, from the relevant rows alone
        ladder_ks = {k for k in ks if k >= 1} | {int(d) for d in depths.to_numpy() if d >= 1}
        curves = basis.curve(sorted(ladder_ks))
        if progress is not None:
            progress(1.0, "")
    out: dict[str, KAdvice] = {}
    recall = curves[curves["family"] == "Recall"] if len(curves) else curves
    for system in results.systems:
        depth = int(depths.get(str(system), 0))
        if depth < 1:
            continue
        ladder = tuple(sorted({k for k in ks if k <= depth} | {depth}))
        if len(ladder) < 2:
            continue
        sub = recall[recall["system"] == str(system)].set_index("k")["value"]
        values = tuple(float(sub.get(k, math.nan)) for k in ladder)
        steps = np.diff(np.asarray(values, dtype=float))
        advised_i = len(ladder) - 1
        for i in range(len(steps) - 1, -1, -1):
            if compare(steps[i], "<", epsilon):
                advised_i = i
            else:
                break
        growing = bool(compare(steps[-1], ">=", epsilon))
        n = int(results.aggregates.loc[system, "n"]) if system in results.aggregates.index else 0
        out[str(system)] = KAdvice(
            system=str(system),
            depth=depth,
            ladder=ladder,
            recall=values,
            advised_k=int(ladder[advised_i]),
            growing=growing,
            epsilon=float(epsilon),
            n=n,
        )
    return out


def _system_depths(basis: RecallBasis) -> pd.Series:
    """Each system's deepest list (index: system as text, in order of first list)."""
    return basis.depths().groupby("system", sort=False)["depth"].max()


def _k_rules(
    results: Results, st: DiagnosisSettings, advice: Mapping[str, KAdvice], basis: RecallBasis
) -> tuple[list[Finding], list[NotChecked]]:

    findings: list[Finding] = []
    checks: list[NotChecked] = []
    needed = sorted({k for a in advice.values() for k in a.ladder})
    # = list_scores(results, [f"Recall@{k}" …]), without another pass over the ranking
    per_list = basis.scores(needed) if needed else None
    for system in results.systems:
        a = advice.get(str(system))
        if a is None:
            checks.append(
                NotChecked(
                    rule="candidates_plateau",
                    system=str(system),
                    reason_ko=(
                        f"K 조언: {josa(system, '은')} 질문당 결과가 너무 적어(또는 K 목록에 결과 수보다 "
                        "작은 K가 없어) Recall이 K에 따라 어떻게 늘어나는지 볼 수 없습니다."
                    ),
                    reason_en=(
                        f"K advisor: {system} returns too few results per question (or the K "
                        "list has no K below that), so how Recall grows with K cannot be seen."
                    ),
                )
            )
            continue
        rows = per_list[per_list["system"] == str(system)] if per_list is not None else None
        if a.growing:
            r = _RULE["candidates_growing"]
            kp = a.ladder[-2]
            v1, v2 = a.recall_at(kp), a.recall_at(a.depth)
            fmt = {"depth": a.depth, "kp": kp, "v1": _fmt(v1), "v2": _fmt(v2)}
            gained = rows[rows[f"Recall@{a.depth}"] > rows[f"Recall@{kp}"] + 1e-12]
            qids = _order_ids(
                gained.assign(d=gained[f"Recall@{a.depth}"] - gained[f"Recall@{kp}"]),
                "d",
                ascending=False,
            )
            values = {f"Recall@{kp}": v1, f"Recall@{a.depth}": v2, "step": v2 - v1}
            criteria_ko = f"마지막 단계 {v2 - v1:+.2f} ≥ ε {st.text('epsilon')}"
            criteria_en = f"last step {v2 - v1:+.2f} ≥ ε {st.text('epsilon')}"
        else:
            r = _RULE["candidates_plateau"]
            v1, v2 = a.recall_at(a.advised_k), a.recall_at(a.depth)
            fmt = {
                "k": a.advised_k,
                "depth": a.depth,
                "v1": _fmt(v1),
                "v2": _fmt(v2),
                "eps": st.text("epsilon"),
                "saved": a.saved_per_question,
                "total": a.saved_total,
            }
            later = rows[rows[f"Recall@{a.depth}"] > rows[f"Recall@{a.advised_k}"] + 1e-12]
            qids = _order_ids(
                later.assign(d=later[f"Recall@{a.depth}"] - later[f"Recall@{a.advised_k}"]),
                "d",
                ascending=False,
            )
            values = {f"Recall@{a.advised_k}": v1, f"Recall@{a.depth}": v2}
            criteria_ko = f"한 단계 증가 < ε {st.text('epsilon')}"
            criteria_en = f"growth per step < ε {st.text('epsilon')}"
        fmt.setdefault("eps", st.text("epsilon"))
        sentences = {}
        for lang in ("ko", "en"):
            body = (r.body_ko if lang == "ko" else r.body_en).format(**fmt)
            advice_text = (r.advice_ko if lang == "ko" else r.advice_en).format(**fmt)
            criteria = criteria_ko if lang == "ko" else criteria_en
            sentences[lang] = _compose(system, lang, body, criteria, advice_text)
        findings.append(
            Finding(
                system=str(system),
                rule=r.id,
                stage=r.stage,
                scope="all",
                sentence_ko=sentences["ko"],
                sentence_en=sentences["en"],
                values={k: float(v) for k, v in values.items()},
                thresholds={"epsilon": st.epsilon},
                question_ids=qids,
            )
        )
    return findings, checks


# == question types =================================================================
def _type_gap_rule(
    r: Rule, results: Results, st: DiagnosisSettings, depths: Mapping[str, int]
) -> tuple[list, list]:
    name = r.measures(st)[0]
    if name not in results.measures:
        return [], [_not_checked_measures(r, [name], results, depths)]
    findings = []
    for system in results.systems:
        if system not in results.aggregates.index:
            continue
        mean = float(results.aggregates.loc[system, name])
        typed = _type_rows(results, system, [name], st.type_min_n)
        if len(typed) < 2 or not math.isfinite(mean):
            continue
        type_values = tuple(
            TypeValues(
                t["type"],
                t["n"],
                t["values"],
                bool(compare(mean - t["values"][name], ">=", st.type_gap)),
            )
            for t in typed
        )
        holding = sorted((t for t in type_values if t.holds), key=lambda t: t.values[name])
        if not holding:
            continue
        lead = holding[0]
        v = lead.values[name]
        rows = _system_rows(results, system)
        rows = rows[(rows[s.QTYPE].astype(str) == lead.question_type) & (rows[name] < mean)]
        qids = _order_ids(rows, name, True)
        fmt = {
            "type": lead.question_type,
            "n": lead.n,
            "m1": Word(name),
            "v1": Word(_fmt(v)),
            "v2": _fmt(mean),
            "gap": f"{mean - v:.2f}",
        }
        sentences = {}
        for lang in ("ko", "en"):
            body = (r.body_ko if lang == "ko" else r.body_en).format(**fmt)
            others = [t.question_type for t in holding[1:]]
            extra = ""
            if others:
                extra = (
                    f" {' · '.join(others)} 질문도 평균보다 {st.text('type_gap')} 이상 낮습니다."
                    if lang == "ko"
                    else f"; {' · '.join(others)} too"
                )
            criteria = (
                f"평균보다 {st.text('type_gap')} 이상 낮음, 질문 {st.type_min_n}개 이상"
                if lang == "ko"
                else f"{st.text('type_gap')} or more below the mean, n ≥ {st.type_min_n}"
            )
            advice = r.advice_ko if lang == "ko" else r.advice_en
            sentences[lang] = _compose(system, lang, body, criteria, advice, extra=extra)
        findings.append(
            Finding(
                system=str(system),
                rule=r.id,
                stage=r.stage,
                scope="types",
                sentence_ko=sentences["ko"],
                sentence_en=sentences["en"],
                values={name: mean, f"{name} ({lead.question_type})": v},
                thresholds={t: getattr(st, t) for t in r.thresholds},
                named_types=tuple(t.question_type for t in holding),
                types=type_values,
                question_ids=qids,
            )
        )
    return findings, []


def _no_finding(results: Results, st: DiagnosisSettings, system: str) -> Finding:
    r = _RULE["no_finding"]
    wanted = [
        f"Recall@{st.candidate_k}",
        f"Recall@{st.context_k}",
        f"nDCG@{st.context_k}",
        "MRR",
        f"P@{st.context_k}",
    ]
    names = [m for m in dict.fromkeys(wanted) if m in results.measures]
    agg = results.aggregates
    values = {m: float(agg.loc[system, m]) for m in names} if system in agg.index else {}
    listed = ", ".join(f"{m} {_fmt(v)}" for m, v in values.items())
    sentences = {
        lang: _compose(
            system,
            lang,
            (r.body_ko if lang == "ko" else r.body_en).format(values=listed),
            "",
            r.advice_ko if lang == "ko" else r.advice_en,
        )
        for lang in ("ko", "en")
    }
    return Finding(
        system=system,
        rule=r.id,
        stage=r.stage,
        scope="all",
        sentence_ko=sentences["ko"],
        sentence_en=sentences["en"],
        values=values,
        thresholds={},
    )


# == the diagnosis ===================================================================
def diagnose(
    results: Results,
    settings: DiagnosisSettings | None = None,
    curves: pd.DataFrame | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Diagnosis:
    """Apply :data:`RULES` to ``results`` (see the module doc).

    ``curves``: the Recall@K curves (:func:`~workbench.core.measures.chart_data.curve_data`)
    when the caller has them already. Findings come per system in the order of
    :data:`RULES`; a system none of them applies to gets a ``no_finding``
    sentence, so every system is spoken of.
    """

    st = settings or DiagnosisSettings()

    def step(fraction: float) -> None:
        if cancelled is not None and cancelled():
            raise Cancelled()
        if progress is not None:
            progress(fraction, "Diagnosis / 진단")

    step(0.0)
    diag = Diagnosis(settings=st, systems=[str(x) for x in results.systems])
    if not len(results.per_question):
        return diag
    # one pass over the ranking for the depths, the K advice and the K rules
    basis = recall_basis(results)
    deepest = _system_depths(basis)
    depths = deepest.to_dict()
    # only the core-evidence rule reads what was missed, and only when roles are given
    missed = missed_by_role(results, st.context_k) if has_core_roles(results) else None
    step(0.2)
    advice = k_advice(
        results, curves, st.epsilon, cancelled=cancelled, deepest=deepest, basis=basis
    )
    diag.k_advice = advice
    step(0.7)
    found: list[Finding] = []
    for r in RULES:
        if r.kind == "measures":
            f, n = _measure_rule(r, results, st, depths)
        elif r.kind == "core_missed":
            f, n = _core_rule(r, results, st, missed)
        elif r.kind == "k_plateau":
            f, n = _k_rules(results, st, advice, basis)
        elif r.kind == "type_gap":
            f, n = _type_gap_rule(r, results, st, depths)
        else:  # k_growing comes with k_plateau; no_finding is added below
            continue
        found.extend(f)
        diag.not_checked.extend(n)
    order = {name: i for i, name in enumerate(diag.systems)}
    rank = {r.id: i for i, r in enumerate(RULES)}
    found.sort(key=lambda f: (order.get(f.system, 0), rank[f.rule]))
    for system in diag.systems:
        mine = [f for f in found if f.system == system]
        diag.findings.extend(mine or [_no_finding(results, st, system)])
    step(1.0)
    return diag


def diagnosis_to_json(diag: Diagnosis, lang: str = "en") -> dict[str, Any]:
    """The ``diagnosis`` of ``workbench eval --json``: the thresholds, per system
    its findings (rule, sentence in ``lang``, values, thresholds, question ids)
    and K advice, and what could not be checked."""
    systems: dict[str, Any] = {}
    for system in diag.systems:
        advice = diag.k_advice.get(system)
        systems[system] = {
            "findings": [f.to_json(lang) for f in diag.for_system(system)],
            "k_advice": advice.to_json() if advice is not None else None,
        }
    return {
        "thresholds": diag.settings.to_dict(),
        "systems": systems,
        "not_checked": [n.to_json(lang) for n in diag.not_checked],
    }
