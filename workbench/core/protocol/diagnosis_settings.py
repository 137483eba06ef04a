"""The diagnosis's adjustable thresholds: what each one decides, its bounds and
labels (:data:`THRESHOLDS`), and a study's values of them (:class:`DiagnosisSettings`).

Apart from :mod:`workbench.core.protocol.diagnosis` (which holds the rules and
imports pandas) so that the command line can name the thresholds in its help,
and check ``--diagnosis NAME=VALUE``, without loading the diagnosis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

from workbench.core.model.korean import josa
from workbench.core.model.problems import Problem, warning

__all__ = ["THRESHOLDS", "DiagnosisSettings", "Threshold"]


# == thresholds ==================================================================
@dataclass(frozen=True)
class Threshold:
    """One adjustable threshold: its bounds, labels and what it decides."""

    name: str
    kind: str  # "k" (a cutoff), "score" (0–1), "share" (0–1, shown as %), "count"
    low: float
    high: float
    label_ko: str
    label_en: str
    help_ko: str
    help_en: str

    def label(self, lang: str) -> str:
        return self.label_ko if lang == "ko" else self.label_en

    def help(self, lang: str) -> str:
        return self.help_ko if lang == "ko" else self.help_en

    def text(self, value: float) -> str:
        """The value as sentences show it: ``20``, ``0.80``, ``20%``."""
        if self.kind in ("k", "count"):
            return str(int(value))
        if self.kind == "share":
            return f"{value:.0%}"
        return f"{value:.2f}"


THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(
        "candidate_k", "k", 1, 100_000,
        "후보 검색 K", "Candidate K",
        "후보 검색 단계를 보는 K입니다(글의 Recall@20).",
        "The K the candidate stage is judged at (the blog post's Recall@20).",
    ),
    Threshold(
        "context_k", "k", 1, 10_000,
        "재순위·컨텍스트 K", "Context K",
        "재순위와 최종 컨텍스트를 보는 K, 곧 LLM에 넘기는 개수입니다(글의 NDCG@5, Precision@5).",
        "The K reranking and the final context are judged at: the passages passed to the "
        "LLM (the blog post's NDCG@5, Precision@5).",
    ),
    Threshold(
        "recall_low", "score", 0, 1,
        "Recall 낮음 기준", "Recall: low below",
        "Recall이 이보다 낮으면 근거를 놓친다고 봅니다.",
        "Recall below this: evidence is missed.",
    ),
    Threshold(
        "recall_high", "score", 0, 1,
        "Recall 충분 기준", "Recall: enough from",
        "Recall이 이 이상이면 후보를 충분히 찾았다고 봅니다.",
        "Recall at or above this: the candidates are there.",
    ),
    Threshold(
        "ndcg_low", "score", 0, 1,
        "nDCG 약함 기준", "nDCG: weak below",
        "nDCG가 이보다 낮으면 순서가 약하다고 봅니다.",
        "nDCG below this: the order is weak.",
    ),
    Threshold(
        "mrr_low", "score", 0, 1,
        "MRR 늦음 기준", "MRR: late below",
        "MRR이 이보다 낮으면 첫 근거가 늦게 나온다고 봅니다(0.5 = 평균 2위).",
        "MRR below this: the first evidence comes late (0.5 = rank 2 on average).",
    ),
    Threshold(
        "mrr_high", "score", 0, 1,
        "MRR 빠름 기준", "MRR: early from",
        "MRR이 이 이상이면 첫 근거가 빨리 나온다고 봅니다.",
        "MRR at or above this: the first evidence comes early.",
    ),
    Threshold(
        "precision_low", "score", 0, 1,
        "Precision 낮음 기준", "Precision: low below",
        "Precision이 이보다 낮으면 넘기는 문서에 불필요한 것이 많다고 봅니다.",
        "Precision below this: many passages passed on do not help.",
    ),
    Threshold(
        "core_missed_share", "share", 0, 1,
        "핵심 근거 누락 비율", "Core missed: share",
        "핵심 근거를 놓친 질문이 이 비율 이상이면 알립니다.",
        "Say so when at least this share of questions misses core evidence.",
    ),
    Threshold(
        "type_gap", "score", 0, 1,
        "유형 차이 기준", "Type gap",
        "한 질문 유형의 nDCG가 전체 평균보다 이만큼 낮으면 그 유형을 짚습니다.",
        "Name a question type whose nDCG is this much below the mean.",
    ),
    Threshold(
        "type_min_n", "count", 1, 100_000,
        "유형별 최소 질문 수", "Questions per type",
        "이보다 질문이 적은 유형은 따로 짚지 않습니다.",
        "A type with fewer questions is not named on its own.",
    ),
    Threshold(
        "epsilon", "score", 0, 1,
        "K 조언 ε", "K advisor ε",
        "K 목록의 한 단계에서 Recall이 이보다 적게 늘면 더 가져올 가치가 적다고 봅니다.",
        "A step of the K list that adds less Recall than this is not worth its cost.",
    ),
)  # fmt: skip
_THRESHOLD = {t.name: t for t in THRESHOLDS}


@dataclass(frozen=True)
class DiagnosisSettings:
    """The thresholds of the rules (defaults from the seeds where they give one:
    K = 20 for candidates, K = 5 for reranking and the final context)."""

    candidate_k: int = 20
    context_k: int = 5
    recall_low: float = 0.7
    recall_high: float = 0.8
    ndcg_low: float = 0.7
    mrr_low: float = 0.5
    mrr_high: float = 0.8
    precision_low: float = 0.4
    core_missed_share: float = 0.2
    type_gap: float = 0.15
    type_min_n: int = 3
    epsilon: float = 0.02

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def is_default(self) -> bool:
        return self == DiagnosisSettings()

    def text(self, name: str) -> str:
        return _THRESHOLD[name].text(getattr(self, name))

    def with_value(self, name: str, value: float) -> DiagnosisSettings:
        """These settings with one threshold changed; ValueError when out of bounds."""
        ok, clean = _checked(name, value)
        if not ok:
            info = _THRESHOLD.get(name)
            bounds = f"{info.low}–{info.high}" if info else "?"
            raise ValueError(f"{name} must be within {bounds}, not {value!r}")
        return replace(self, **{name: clean})

    @classmethod
    def from_project(cls, data: Any, file: str = "") -> tuple[DiagnosisSettings, list[Problem]]:
        """The thresholds a project kept; a damaged value is left at its default
        with a warning naming it."""
        problems: list[Problem] = []
        if data is None:
            return cls(), problems
        if not isinstance(data, dict):
            data = {"(section)": data}
        good: dict[str, Any] = {}
        defaults = cls()
        for key, value in data.items():
            if key not in _THRESHOLD:
                if key == "(section)":
                    problems.append(_damaged(key, value, "—", file))
                continue  # a threshold of another version
            ok, clean = _checked(key, value)
            if ok:
                good[key] = clean
            else:
                problems.append(_damaged(key, value, getattr(defaults, key), file))
        return cls(**good), problems


def _checked(name: str, value: Any) -> tuple[bool, Any]:
    info = _THRESHOLD.get(name)
    if info is None or isinstance(value, bool) or not isinstance(value, int | float):
        return False, None
    if isinstance(value, float) and not math.isfinite(value):
        return False, None
    if info.kind in ("k", "count"):
        if float(value) != int(value):
            return False, None
        value = int(value)
    else:
        value = float(value)
    return info.low <= value <= info.high, value


def _damaged(key: str, value: Any, default: Any, file: str) -> Problem:
    return warning(
        "project_diagnosis_damaged",
        f"The project's diagnosis threshold '{key}' has the value {value!r}, which is not "
        f"valid; the default ({default!r}) is used.",
        f"프로젝트의 진단 기준 {josa(key, '은', quoted=True)} 값이 "
        f"{josa(repr(value), '이어서')} 올바르지 않아 기본값({default!r})을 씁니다.",
        file=file,
    )
