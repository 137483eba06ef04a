"""The measures by name: each family (P, Recall, Hit, MRR, MAP, nDCG, Judged, R-Prec)
with its labels and whether it takes a cutoff, and names such as ``nDCG@10`` parsed
to a :class:`Measure` and back. The kernel that computes them is
:mod:`workbench.core.measures.metrics`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    """One kind of measure; ``cutoff`` says whether an @K is required, allowed or refused."""

    key: str
    name_en: str
    name_ko: str
    explain_en: str
    explain_ko: str
    cutoff: str  # "required" | "optional" | "none"
    higher_is_better: bool = True

FAMILIES: dict[str, Family] = {
    f.key: f
    for f in [
        Family(
            "P",
            "Precision",
            "정밀도",
            "Share of the top K results that are relevant evidence (always divided by K).",
            "상위 K개 결과 가운데 관련 근거가 차지하는 비율입니다(항상 K로 나눕니다).",
            "required",
        ),
        Family(
            "Recall",
            "Recall",
            "재현율",
            "Share of all relevant evidence for the question that appears in the top K.",
            "질문의 관련 근거 전체 가운데 상위 K개 안에 찾아온 비율입니다.",
            "required",
        ),
        Family(
            "Hit",
            "Hit rate",
            "적중률",
            "1 if at least one relevant passage is in the top K, otherwise 0.",
            "상위 K개 안에 관련 근거가 하나라도 있으면 1, 없으면 0입니다.",
            "required",
        ),
        Family(
            "MRR",
            "Mean reciprocal rank",
            "평균 역순위",
            "1 divided by the rank of the first relevant passage (0 if none), averaged over questions.",
            "처음 나온 관련 근거의 순위의 역수(없으면 0)를 질문마다 구해 평균낸 값입니다.",
            "optional",
        ),
        Family(
            "MAP",
            "Mean average precision",
            "평균 정밀도 평균",
            "Averages the precision at every rank where relevant evidence appears, divided by all relevant evidence.",
            "관련 근거가 나올 때마다의 정밀도를 더해 관련 근거 전체 수로 나눈 값을 질문마다 평균냅니다.",
            "optional",
        ),
        Family(
            "nDCG",
            "Normalised DCG",
            "정규화 누적 이득",
            "Rewards strong evidence placed near the top, compared with the best possible order (1 = ideal).",
            "강한 근거를 앞 순위에 둘수록 높고, 가능한 가장 좋은 순서와 비교한 점수입니다(1이 이상적).",
            "optional",
        ),
        Family(
            "R-Prec",
            "R-precision",
            "R-정밀도",
            "Precision in the top R, where R is the number of relevant passages of the question.",
            "질문의 관련 근거 수(R)만큼의 상위 결과 가운데 관련 근거의 비율입니다.",
            "none",
        ),
        Family(
            "Judged",
            "Judged share",
            "판정 비율",
            "Share of the top K that has any human judgment (unjudged is not the same as judged irrelevant).",
            "상위 K개 가운데 사람이 판정한 결과의 비율입니다(미판정은 '관련 없음'과 다릅니다).",
            "required",
        ),
        Family(
            "CoreRecall",
            "Core evidence recall",
            "핵심 근거 재현율",
            "Share of core evidence groups found in the top K; an alternative passage of the same group counts.",
            "핵심 근거 묶음 가운데 상위 K개 안에 찾아온 비율입니다. 같은 묶음의 대체 근거도 인정합니다.",
            "required",
        ),
    ]
}

# Accepted spellings (lower case, separators stripped) → family key.
_ALIASES: dict[str, str] = {
    "p": "P",
    "prec": "P",
    "precision": "P",
    "recall": "Recall",
    "r": "Recall",
    "hit": "Hit",
    "hits": "Hit",
    "success": "Hit",
    "hitrate": "Hit",
    "mrr": "MRR",
    "rr": "MRR",
    "reciprank": "MRR",
    "map": "MAP",
    "ap": "MAP",
    "mapcut": "MAP",
    "ndcg": "nDCG",
    "ndcgcut": "nDCG",
    "rprec": "R-Prec",
    "rprecision": "R-Prec",
    "judged": "Judged",
    "corerecall": "CoreRecall",
    "core": "CoreRecall",
}

@dataclass(frozen=True, order=True)
class Measure:
    """One measure: a family and an optional cutoff K.

    ``Measure("nDCG", 10).name == "nDCG@10"``; ``parse_measure(m.name) == m``.
    """

    family: str
    cutoff: int | None = None

    def __post_init__(self) -> None:
        fam = FAMILIES.get(self.family)
        if fam is None:
            raise ValueError(f"unknown measure family {self.family!r}")
        if self.cutoff is None and fam.cutoff == "required":
            raise ValueError(f"{self.family} needs a cutoff, e.g. {self.family}@10")
        if self.cutoff is not None:
            if fam.cutoff == "none":
                raise ValueError(f"{self.family} takes no cutoff")
            if int(self.cutoff) != self.cutoff or self.cutoff < 1:
                raise ValueError(f"cutoff must be a positive integer, not {self.cutoff!r}")

    @property
    def info(self) -> Family:
        return FAMILIES[self.family]

    @property
    def name(self) -> str:
        return self.family if self.cutoff is None else f"{self.family}@{self.cutoff}"

    @property
    def name_en(self) -> str:
        return _display(self.info.name_en, self.cutoff)

    @property
    def name_ko(self) -> str:
        return _display(self.info.name_ko, self.cutoff)

    @property
    def explain_en(self) -> str:
        return self.info.explain_en.replace(
            "top K", f"top {self.cutoff}" if self.cutoff else "list"
        )

    @property
    def explain_ko(self) -> str:
        text = self.info.explain_ko
        return text.replace("상위 K개", f"상위 {self.cutoff}개" if self.cutoff else "결과 목록")

    @property
    def higher_is_better(self) -> bool:
        return self.info.higher_is_better

    def display_name(self, lang: str = "ko") -> str:
        return self.name_ko if lang == "ko" else self.name_en

    def explanation(self, lang: str = "ko") -> str:
        return self.explain_ko if lang == "ko" else self.explain_en

    def __str__(self) -> str:
        return self.name

def _display(base: str, cutoff: int | None) -> str:
    return base if cutoff is None else f"{base}@{cutoff}"

_MEASURE_RE = re.compile(r"^\s*([A-Za-z][A-Za-z\- _.]*?)\s*(?:[@_.](\d+))?\s*$")

def parse_measure(text: str | Measure) -> Measure:
    """Parse ``"nDCG@10"`` (or aliases such as ``"ndcg_cut_10"``, ``"P_5"``,
    ``"success@5"`` → Hit, ``"RR"`` → MRR, ``"AP@5"`` → MAP) into a :class:`Measure`.

    Raises ``ValueError`` for an unknown name or a missing/forbidden cutoff.
    """
    if isinstance(text, Measure):
        return text
    m = _MEASURE_RE.match(str(text))
    if not m:
        raise ValueError(f"cannot read measure name {text!r}")
    head, k = m.group(1), m.group(2)
    key = re.sub(r"[\s_.\-]", "", head).lower()
    family = _ALIASES.get(key)
    if family is None:
        raise ValueError(f"unknown measure {text!r}")
    return Measure(family, int(k) if k is not None else None)

def parse_measure_list(text: str) -> tuple[str, ...]:
    """``"nDCG,MAP,P@10"`` → the canonical names ``("nDCG", "MAP", "P@10")``, each once.

    Raises ``ValueError`` naming the first name that does not parse.
    """
    names: list[str] = []
    for part in str(text).split(","):
        if not part.strip():
            continue
        name = parse_measure(part.strip()).name
        if name not in names:
            names.append(name)
    if not names:
        raise ValueError("no measure named")
    return tuple(names)

_CUT_ORDER = ("P", "Recall", "Hit", "MRR", "MAP", "nDCG", "Judged")

def measures_for(ks: Iterable[int], include_core: bool = False) -> list[Measure]:
    """Default display order: for each family P, Recall, Hit, MRR@, MAP@, nDCG,
    Judged (then CoreRecall when ``include_core``) over the sorted ``ks``; then
    MRR, MAP, R-Prec."""
    ks = sorted({int(k) for k in ks})
    fams = list(_CUT_ORDER) + (["CoreRecall"] if include_core else [])
    out = [Measure(f, k) for f in fams for k in ks]
    out += [Measure("MRR"), Measure("MAP"), Measure("R-Prec")]
    return out
