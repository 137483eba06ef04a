"""Every closed choice the workbench offers, in one registry: its key, its label and its
explanation in Korean and in English.

A choice is spelled here and nowhere else: the settings' types and their validation,
the command line's ``choices`` and ``--help``, the agreement functions, the answer
ratings, the app's combos and the report's Settings sheet (:data:`IN_REPORT`) all
read these sets, so adding a resolution policy, a gain or an order is one
entry here plus the code that computes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Gain = Literal["exponential", "linear"]
Order = Literal["rank", "score", "trec"]
Dedup = Literal["none", "document", "adjacent"]
Unit = Literal["passage", "document"]
Resolution = Literal["median", "majority", "max", "min", "assessor"]
SignificanceTest = Literal["randomization", "t", "wilcoxon"]
Level = Literal["error", "warning", "info"]

#: the resolution policies by name, for the code that computes or tests one of them
MEDIAN: Resolution = "median"
MAJORITY: Resolution = "majority"
HIGHEST: Resolution = "max"
LOWEST: Resolution = "min"
ONE_ASSESSOR: Resolution = "assessor"


@dataclass(frozen=True)
class Choice:
    """One value a setting may take. An explanation may hold ``{name}`` where the caller
    puts a name (the adjudicator of :data:`ONE_ASSESSOR`); the Korean one may use the
    particle form ``{name:이}`` of :class:`workbench.core.model.korean.Word`."""

    key: str
    label_ko: str
    label_en: str
    explanation_ko: str
    explanation_en: str

    def label(self, lang: str = "ko") -> str:
        return self.label_ko if lang == "ko" else self.label_en

    def explanation(self, lang: str = "ko") -> str:
        return self.explanation_ko if lang == "ko" else self.explanation_en


@dataclass(frozen=True)
class Choices:
    """The values of one setting, in the order the app and ``--help`` list them; the
    first is the default."""

    name: str
    items: tuple[Choice, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.items)

    @property
    def default(self) -> str:
        return self.items[0].key

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def __getitem__(self, key: str) -> Choice:
        for choice in self.items:
            if choice.key == key:
                return choice
        raise KeyError(key)

    def label(self, key: str, lang: str = "ko") -> str:
        return self[key].label(lang)

    def explanation(self, key: str, lang: str = "ko") -> str:
        return self[key].explanation(lang)

    def without(self, *keys: str) -> Choices:
        """The same set less ``keys`` (e.g. the policies that need no adjudicator)."""
        return Choices(self.name, tuple(c for c in self.items if c.key not in keys))

    def keys_text(self, lang: str = "en") -> str:
        """The keys as a list in words: ``rank, score or trec`` / ``rank, score 또는 trec``."""
        *head, last = self.keys
        if not head:
            return last
        return ", ".join(head) + (" 또는 " if lang == "ko" else " or ") + last

    def help_text(self, lang: str = "en") -> str:
        """Each key with its explanation, for ``--help``."""
        return "; ".join(f"{c.key}: {c.explanation(lang).rstrip('.')}" for c in self.items)


def _checked(literal, choices: Choices) -> Choices:
    # the Literal type and the registry say the same keys in the same order
    if tuple(get_args(literal)) != choices.keys:
        raise AssertionError(f"{choices.name}: {get_args(literal)} != {choices.keys}")
    return choices


GAINS = _checked(
    Gain,
    Choices(
        "gain",
        (
            Choice(
                "exponential",
                "지수형 (2^g − 1)",
                "Exponential (2^g − 1)",
                "3등급을 7, 1등급을 1로 계산합니다(연구 자료와 같음).",
                "grade 3 is worth 7 and grade 1 worth 1 (as in the study's articles)",
            ),
            Choice(
                "linear",
                "선형 (g)",
                "Linear (g)",
                "3등급을 3으로 계산합니다(trec_eval ndcg_cut과 같음).",
                "grade 3 is worth 3 (as trec_eval's ndcg_cut)",
            ),
        ),
    ),
)

ORDERS = _checked(
    Order,
    Choices(
        "order",
        (
            Choice(
                "rank",
                "순위 열",
                "Rank column",
                "순위 열 기준. 순위가 같으면 점수가 높은 것, 그다음 문단 ID 순. 순위가 없는 "
                "파일은 점수가 높은 순서로 정렬합니다.",
                "by the rank column; equal ranks by higher score, then by passage id. A file "
                "without ranks is ordered by score, highest first.",
            ),
            Choice(
                "score",
                "점수",
                "Score",
                "점수가 높은 순서. 점수가 같으면 문단 ID 순(A→Z). 순위 열은 쓰지 않습니다.",
                "by score, highest first; equal scores by passage id (A→Z). The rank column "
                "is ignored.",
            ),
            Choice(
                "trec",
                "trec_eval 호환",
                "trec_eval-compatible",
                "trec_eval과 똑같이 점수가 높은 순서. 점수가 같으면 문단 ID 역순(Z→A). 순위 "
                "열은 쓰지 않습니다.",
                "exactly as trec_eval — by score, highest first; equal scores by passage id "
                "in reverse (Z→A). The rank column is ignored.",
            ),
        ),
    ),
)

DEDUPS = _checked(
    Dedup,
    Choices(
        "dedup",
        (
            Choice(
                "none",
                "없음 (두 번 나온 문단은 첫 번째만 셈)",
                "None (a repeat counts at its first place)",
                "같은 문단이 한 목록에 두 번 나오면 첫 번째만 셉니다.",
                "a passage listed twice in one ranking counts only at its first place",
            ),
            Choice(
                "document",
                "문서당 문단 하나",
                "One passage per document",
                "한 문서에서 처음 나온 문단만 셉니다.",
                "only the first passage of each document counts",
            ),
            Choice(
                "adjacent",
                "이웃 청크 빼기",
                "Drop neighbouring chunks",
                "같은 문서에서 이미 남긴 청크의 ± 범위 안에 있는 청크를 뺍니다.",
                "drops chunks within ± the window of a chunk already kept from the same "
                "document",
            ),
        ),
    ),
)

UNITS = _checked(
    Unit,
    Choices(
        "unit",
        (
            Choice(
                "passage",
                "문단",
                "Passages",
                "문단마다 따로 평가합니다.",
                "each passage is judged on its own",
            ),
            Choice(
                "document",
                "문서",
                "Documents",
                "문서의 등급은 그 문서 문단 중 가장 높은 등급입니다(문단 시트가 필요합니다).",
                "a document's grade is the best grade of its passages (needs the passages "
                "sheet)",
            ),
        ),
    ),
)

RESOLUTIONS = _checked(
    Resolution,
    Choices(
        "resolution",
        (
            Choice(
                MEDIAN,
                "가운데 (중앙값, 짝수면 낮은 쪽)",
                "Middle (median, the lower on a tie)",
                "평가자 등급이 다르면 가운데 등급을 씁니다. 평가자가 두 명이면 둘 중 낮은 등급을 "
                "씁니다(동률일 때 올려 주지 않음).",
                "Where the assessors differ, the scores use the middle grade; with two "
                "assessors, the lower of the two (a passage is not promoted on a tie).",
            ),
            Choice(
                MAJORITY,
                "가장 많은 쪽 (다수결)",
                "Most common (majority)",
                "평가자 등급이 다르면 가장 많이 나온 등급을 씁니다. 동률이면 가운데 중 낮은 "
                "등급을 씁니다.",
                "Where the assessors differ, the scores use the grade most of them gave; on a "
                "tie, the lower middle grade.",
            ),
            Choice(
                HIGHEST,
                "가장 높은 쪽 (최댓값)",
                "Highest (max)",
                "평가자 등급이 다르면 가장 높은 등급을 씁니다(너그럽게).",
                "Where the assessors differ, the scores use the highest grade any of them gave "
                "(generous).",
            ),
            Choice(
                LOWEST,
                "가장 낮은 쪽 (최솟값)",
                "Lowest (min)",
                "평가자 등급이 다르면 가장 낮은 등급을 씁니다(엄격하게).",
                "Where the assessors differ, the scores use the lowest grade any of them gave "
                "(strict).",
            ),
            Choice(
                ONE_ASSESSOR,
                "한 평가자가 결정",
                "One assessor decides",
                "평가자 등급이 다르면 {name}의 등급을 씁니다. {name:이} 평가하지 않은 항목은 "
                "나머지 평가자의 가운데 등급을 씁니다.",
                "Where the assessors differ, the scores use {name}'s grade; items {name} did "
                "not grade use the middle grade of the others.",
            ),
        ),
    ),
)

#: how several raters' scores of one answer become one: the policies that need no
#: adjudicator (an answer's raters are not assessors of the judgments)
RATINGS = RESOLUTIONS.without(ONE_ASSESSOR)

SIGNIFICANCE_TESTS = _checked(
    SignificanceTest,
    Choices(
        "test",
        (
            Choice(
                "randomization",
                "무작위화 (권장)",
                "Randomization (recommended)",
                "대응 무작위화 검정: 분포를 가정하지 않습니다.",
                "paired randomization test: assumes no distribution",
            ),
            Choice(
                "t",
                "대응 t-검정",
                "Paired t-test",
                "대응 t-검정: 차이가 정규분포라고 가정합니다.",
                "paired t-test: assumes normally distributed differences",
            ),
            Choice(
                "wilcoxon",
                "윌콕슨 부호순위",
                "Wilcoxon signed-rank",
                "윌콕슨 부호순위 검정: 차이의 순위로 비교합니다.",
                "Wilcoxon signed-rank test: compares the ranks of the differences",
            ),
        ),
    ),
)

LEVELS = _checked(
    Level,
    Choices(
        "level",
        (
            Choice("error", "오류", "error", "불러오기를 멈춥니다.", "stops a load"),
            Choice(
                "warning",
                "경고",
                "warning",
                "숫자가 어긋날 수 있으니 살펴보라는 뜻입니다.",
                "asks the user to look (a number may be off)",
            ),
            Choice(
                "info",
                "정보",
                "info",
                "예상대로 일어난 일을 알립니다(경고로 세지 않음).",
                "says what happened as expected (never counted as a warning)",
            ),
        ),
    ),
)

#: the choices of each setting of :class:`workbench.core.model.schema.EvalSettings`
SETTING_CHOICES: dict[str, Choices] = {
    c.name: c for c in (GAINS, ORDERS, DEDUPS, UNITS, RESOLUTIONS)
}


#: how the report's Settings sheet states each choice in force (a sentence a
#: colleague reads without the app), by setting and key
IN_REPORT: dict[tuple[str, str], tuple[str, str]] = {
    ("gain", "exponential"): (
        "2^등급 − 1 (지수, 글 예시와 같음)",
        "2^grade − 1 (exponential, as in the seeds)",
    ),
    ("gain", "linear"): (
        "등급 그대로 (선형, trec_eval ndcg_cut과 같음)",
        "grade (linear, = trec_eval ndcg_cut)",
    ),
    ("order", "rank"): (
        "순위 열 순서 (같은 순위는 점수 높은 순, 그다음 문단ID 순)",
        "rank column (ties: score descending, then passage id)",
    ),
    ("order", "score"): (
        "점수 높은 순, 그다음 문단ID 순",
        "score descending, then passage id ascending",
    ),
    ("order", "trec"): (
        "trec_eval 방식: 점수 높은 순, 그다음 문단ID 역순 (순위 열 무시)",
        "trec_eval: score descending, then passage id descending (rank column ignored)",
    ),
    ("dedup", "none"): (
        "없음: 같은 문단이 한 목록에 두 번 나오면 첫 번째만 셉니다",
        "none: a passage listed twice in one ranking counts only at its first place",
    ),
    ("dedup", "document"): ("문서당 한 문단", "one passage per document"),
    ("dedup", "adjacent"): (
        "이미 나온 문단과 인접한(±w) 문단 제외",
        "drop chunks within ±w of a kept chunk",
    ),
    ("unit", "passage"): ("문단", "passage"),
    ("unit", "document"): (
        "문서 (문서 등급 = 가장 높은 문단 등급)",
        "document (its best passage's grade)",
    ),
    ("resolution", "median"): ("중앙값 (짝수면 낮은 쪽)", "median (lower middle on ties)"),
    ("resolution", "majority"): ("다수결", "majority"),
    ("resolution", "max"): ("가장 높은 등급", "highest grade"),
    ("resolution", "min"): ("가장 낮은 등급", "lowest grade"),
    ("resolution", "assessor"): ("지정한 최종 판정자의 등급", "the adjudicator's grade"),
}


def _report_wording_is_complete() -> None:
    for choices in (GAINS, ORDERS, DEDUPS, UNITS, RESOLUTIONS):
        for key in choices.keys:
            if (choices.name, key) not in IN_REPORT:
                raise AssertionError(f"no report wording for {choices.name}={key}")


_report_wording_is_complete()
