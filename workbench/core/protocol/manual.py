"""The evaluation manual (평가 매뉴얼): what each grade means, with examples, and θ.

The seeds fix the protocol before any number is trusted: "등급 0~3의 정의와
실제 판정 예시를 평가 매뉴얼에 고정한다". A :class:`Manual` holds

- one :class:`GradeRule` per grade 0–3: a short label (the grade chip's
  text), the definition (the chip's tooltip, the Judging page's side panel)
  and example passages (:class:`Example`: a passage id from the passages
  sheet and/or a text);
- θ, the relevance threshold (a passage is relevant iff grade ≥ θ), and the
  sentence saying what "relevant" means (``threshold_rule``);
- the principles of the protocol, one sentence each.

:func:`default_manual` is the seed table (the nDCG article's grade table,
the MRR article's rule for "relevant", the principles of the nDCG and
Recall articles), in Korean or English; the labels are those of
:mod:`workbench.core.model.grades`.

**The 매뉴얼 sheet** (``manual`` in English; in a judgments workbook, the
templates, an exported judgments workbook and a pool workbook), one row each:

====================  =========  =============================  ===========  ==========
등급 / grade          이름       정의                           예시 문단ID  예시 본문
====================  =========  =============================  ===========  ==========
3                     직접 근거  질문에 직접 답하는 원문 …      D012-03
3                                                                            another example's text
2                     강한 뒷받침 …
θ                     1          ‘관련’은 단순 키워드 일치가 …
원칙                              등급 0~3의 정의와 …
====================  =========  =============================  ===========  ==========

A grade may take several rows, one per example; its label and definition are
read from the first row that has them. The θ row (``θ``, ``관련 기준`` or
``threshold`` in the first column) has θ as a whole number 1–3 in the second
column and the sentence in the third; a 원칙 (``principle``) row has one
principle in the third column. A damaged row is left out with a warning that
names the sheet, row and column: a manual never stops the grades from loading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from workbench.core.io.cells import put
from workbench.core.io.manual_sheet import (
    HEADERS,
    MANUAL_SHEETS,
    _complete,
    is_manual_sheet,
    manual_from_sheet,
)
from workbench.core.model import grades as g
from workbench.core.model.korean import josa
from workbench.core.model.manual_model import (
    Example,
    GradeRule,
    Manual,
)
from workbench.core.model.problems import Problem, warning

__all__ = [
    "Example",
    "GradeRule",
    "MANUAL_SHEETS",
    "Manual",
    "ManualEdit",
    "default_manual",
    "manual_from_dict",
    "manual_from_sheet",
    "manual_rows",
    "manual_sheet_name",
    "is_manual_sheet",
    "write_manual_sheet",
]




_THETA_WORD = {"ko": "θ", "en": "θ"}
_PRINCIPLE_WORD = {"ko": "원칙", "en": "principle"}








# -- the seed table ---------------------------------------------------------------
_SEED_DEFINITIONS: dict[str, dict[int, str]] = {
    # the nDCG article's table "등급 / 판정 예시", word for word
    "ko": {
        3: "질문에 직접 답하는 원문 문단이며 권·강연·페이지 출처가 명확함",
        2: "답을 강하게 뒷받침하지만 일부 해석·연결이 더 필요함",
        1: "주제는 관련되나 질문의 직접 근거로는 부족함",
        0: "관련이 없거나 오해를 낳을 수 있음",
    },
    "en": {
        3: "An original passage that answers the question directly, with a clear volume, "
        "lecture and page.",
        2: "Strongly supports the answer, but some interpretation or linking is still needed.",
        1: "On the topic, but not enough to be direct evidence for the question.",
        0: "Not related, or could mislead.",
    },
}
_SEED_RULE = {
    # the MRR article's first operating principle
    "ko": "‘관련’은 단순 키워드 일치가 아니라 질문에 답할 수 있는 원문 근거인지로 판정한다.",
    "en": "‘Relevant’ is judged by whether the passage is original evidence that can answer "
    "the question, not by matching keywords.",
}
_SEED_PRINCIPLES = {
    "ko": (
        "등급 0~3의 정의와 실제 판정 예시를 평가 매뉴얼에 고정한다.",
        "한 질문에 대해 최소 2인의 평가자가 독립 판정하고, 불일치는 합의 또는 이견 기록으로 "
        "처리한다.",
        "정답 근거 목록은 한 사람이 임의로 확정하지 말고, 최소 2인의 검수 또는 이견 기록 절차를 "
        "둔다.",
    ),
    "en": (
        "The definitions of grades 0–3 and real judging examples are fixed in the evaluation "
        "manual.",
        "At least two assessors judge each question independently; disagreements are settled "
        "by consensus or kept as a dissent record.",
        "No single person settles the list of evidence alone: at least two reviews, or a record "
        "of the dissent.",
    ),
}


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "ko"


def default_manual(lang: str = "ko") -> Manual:
    """The seed table: labels of :mod:`workbench.core.model.grades`, the nDCG article's
    definitions, θ = 1 with the MRR article's rule, the articles' principles."""
    lang = _lang(lang)
    rules = tuple(
        GradeRule(grade, g.LABELS[lang][grade], _SEED_DEFINITIONS[lang][grade])
        for grade in g.GRADES
    )
    return Manual(rules, 1, _SEED_RULE[lang], _SEED_PRINCIPLES[lang])


def manual_sheet_name(lang: str = "ko") -> str:
    return "매뉴얼" if _lang(lang) == "ko" else "manual"






# -- the project file ---------------------------------------------------------------
def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def manual_from_dict(
    data: Any, where: str = "manual", file: str = ""
) -> tuple[Manual | None, list[Problem]]:
    """A manual kept in a project file; every field is checked. A damaged grade,
    example or principle is left out with a warning naming it; a section that
    is not a manual at all gives None (and a warning)."""
    problems: list[Problem] = []

    def drop(field_name: str, expected_en: str, expected_ko: str) -> None:
        problems.append(
            warning(
                "project_manual_damaged",
                f"The project file's field '{field_name}' is damaged (expected {expected_en}); "
                "it was left out and the rest of the manual was kept.",
                f"프로젝트 파일의 항목 {josa(field_name, '이', quoted=True)} 손상되어 있어(기대한 "
                f"형식: {expected_ko}) 빼고 나머지 매뉴얼을 살렸습니다.",
                file=file,
            )
        )

    if not isinstance(data, dict) or not isinstance(data.get("grades"), list):
        drop(where, "a manual with a list of grades", "등급 목록이 있는 매뉴얼")
        return None, problems
    rules: dict[int, GradeRule] = {}
    for i, item in enumerate(data["grades"]):
        name = f"{where}.grades[{i}]"
        grade = item.get("grade") if isinstance(item, dict) else None
        label, definition = (
            (_text(item.get("label", "")), _text(item.get("definition", "")))
            if isinstance(item, dict)
            else (None, None)
        )
        if (
            not isinstance(grade, int)
            or isinstance(grade, bool)
            or grade not in g.GRADES
            or grade in rules
            or label is None
            or definition is None
        ):
            drop(
                name,
                "a grade 0–3 (once) with a label and a definition",
                "0–3 등급(한 번씩)과 이름, 정의",
            )
            continue
        examples = []
        raw = item.get("examples", [])
        if not isinstance(raw, list):
            drop(f"{name}.examples", "a list", "목록")
            raw = []
        for j, ex in enumerate(raw):
            pid = _text(ex.get("passage_id", "")) if isinstance(ex, dict) else None
            text = _text(ex.get("text", "")) if isinstance(ex, dict) else None
            if pid is None or text is None:
                drop(f"{name}.examples[{j}]", "a passage id and a text", "문단ID와 본문")
                continue
            example = Example(pid.strip(), text.strip())
            if not example.empty:
                examples.append(example)
        rules[grade] = GradeRule(grade, label.strip(), definition.strip(), tuple(examples))
    threshold = data.get("threshold", 1)
    if not isinstance(threshold, int) or isinstance(threshold, bool) or not 1 <= threshold <= 3:
        drop(f"{where}.threshold", "a whole number 1–3", "1–3의 정수")
        threshold = 1
    rule = _text(data.get("threshold_rule", ""))
    if rule is None:
        drop(f"{where}.threshold_rule", "text", "글자")
        rule = ""
    principles = []
    raw_p = data.get("principles", [])
    if not isinstance(raw_p, list):
        drop(f"{where}.principles", "a list of sentences", "문장 목록")
        raw_p = []
    for j, p in enumerate(raw_p):
        if not isinstance(p, str):
            drop(f"{where}.principles[{j}]", "a sentence", "문장")
        elif p.strip():
            principles.append(p.strip())
    return _complete(rules, threshold, rule, principles), problems




# -- the 매뉴얼 sheet -----------------------------------------------------------------
def manual_rows(manual: Manual, lang: str = "ko") -> tuple[list[str], list[list[Any]]]:
    """The 매뉴얼 sheet as a header and rows (grades 3 → 0, one row per example;
    then θ and the principles)."""
    lang = _lang(lang)
    h = HEADERS[lang]
    header = [h["grade"], h["label"], h["definition"], h["example_id"], h["example_text"]]
    rows: list[list[Any]] = []
    for rule in sorted(manual.grades, key=lambda r: -r.grade):
        examples = list(rule.examples) or [Example()]
        for i, ex in enumerate(examples):
            first = i == 0
            rows.append(
                [
                    rule.grade,
                    rule.label if first else "",
                    rule.definition if first else "",
                    ex.passage_id,
                    ex.text,
                ]
            )
    rows.append([_THETA_WORD[lang], manual.threshold, manual.threshold_rule, "", ""])
    for p in manual.principles:
        rows.append([_PRINCIPLE_WORD[lang], "", p, "", ""])
    return header, rows


def write_manual_sheet(wb: Any, manual: Manual, lang: str = "ko", title: str | None = None) -> Any:
    """Add the 매뉴얼 sheet to the openpyxl workbook ``wb``; returns the sheet.

    Every cell is text or a number, never a formula; long texts wrap."""
    from openpyxl.styles import Alignment, Font, PatternFill


    header, rows = manual_rows(manual, lang)
    ws = wb.create_sheet(title or manual_sheet_name(lang))
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="DDEBF7")
    for j, text in enumerate(header, start=1):
        cell = ws.cell(row=1, column=j)
        put(cell, text)
        cell.font = bold
        cell.fill = fill
    wrap = Alignment(wrap_text=True, vertical="top")
    for i, values in enumerate(rows, start=2):
        for j, value in enumerate(values, start=1):
            cell = ws.cell(row=i, column=j)
            put(cell, value)
            cell.alignment = wrap
    for letter, width in zip("ABCDE", (10, 16, 60, 14, 50)):
        ws.column_dimensions[letter].width = width
    ws.freeze_panes = "A2"
    return ws






# -- the edit -----------------------------------------------------------------------
@dataclass(frozen=True)
class ManualEdit:
    """The study's manual replaced (``after`` None: back to the judgments file's
    manual, or the seed table). θ in the manual does not change the scores: the
    settings' θ does (the study warns when the two differ)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    before: Manual | None
    after: Manual | None

    def apply_to(self, study: Any) -> None:
        study.manual = self.after

    def revert_from(self, study: Any) -> None:
        study.manual = self.before
