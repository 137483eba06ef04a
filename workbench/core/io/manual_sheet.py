"""The 매뉴얼 / manual sheet of a judgments workbook, read into a
:class:`~workbench.core.model.manual_model.Manual`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from workbench.core.io.ids import display_text, normalize_id
from workbench.core.io.mapping import normalize_header
from workbench.core.model import grades as g
from workbench.core.model.korean import josa
from workbench.core.model.manual_model import (
    Example,
    GradeRule,
    Manual,
)

#: names of the manual sheet (Korean, English); both are recognised when read
MANUAL_SHEETS: tuple[str, ...] = ("매뉴얼", "manual", "평가 매뉴얼", "evaluation manual")

#: what the θ row and a principle row say in the first column
_THETA_KEYS = ("θ", "theta", "관련기준", "관련기준θ", "threshold", "relevancethreshold")

_PRINCIPLE_KEYS = ("원칙", "운영원칙", "principle", "principles")

#: column headers of the manual sheet, per language (the reader knows both)
HEADERS: dict[str, dict[str, str]] = {
    "ko": {
        "grade": "등급",
        "label": "이름",
        "definition": "정의",
        "example_id": "예시 문단ID",
        "example_text": "예시 본문",
    },
    "en": {
        "grade": "grade",
        "label": "label",
        "definition": "definition",
        "example_id": "example passage id",
        "example_text": "example text",
    },
}

#: every header each column is recognised by (normalised like the other readers)
_HEADER_SYNONYMS: dict[str, tuple[str, ...]] = {
    "grade": ("등급", "grade", "관련도", "relevance", "항목", "item"),
    "label": ("이름", "등급이름", "등급명", "명칭", "label", "name", "값", "value"),
    "definition": ("정의", "설명", "판정기준", "판정예시", "definition", "description", "rule"),
    "example_id": (
        "예시문단id",
        "예시문단",
        "예시id",
        "examplepassageid",
        "exampleid",
        "examplepassage",
    ),
    "example_text": ("예시본문", "예시", "예시문장", "exampletext", "example"),
}

def _norm(text: Any) -> str:

    return normalize_header(str(text or ""))

def is_manual_sheet(name: str) -> bool:
    """A sheet named like the manual (매뉴얼, manual, 평가 매뉴얼 …)."""
    return _norm(name) in {_norm(n) for n in MANUAL_SHEETS}

def _complete(
    rules: Mapping[int, GradeRule], threshold: int, rule: str, principles: Sequence[str]
) -> Manual:
    """A manual with a rule for every grade 0–3 (a missing one: the grade's label, no definition)."""
    full = [rules.get(grade) or GradeRule(grade, g.LABELS["ko"][grade], "") for grade in g.GRADES]
    return Manual(tuple(full), int(threshold), rule, tuple(principles))

def _column_of(table: Any, key: str) -> str | None:
    wanted = {_norm(x) for x in _HEADER_SYNONYMS[key]} | {_norm(h[key]) for h in HEADERS.values()}
    return next((h for h in table.headers if _norm(h) in wanted), None)

def manual_from_sheet(col: Any, sheet: Any) -> Manual | None:
    """The manual of a 매뉴얼 sheet (an io ``Sheet``), problems as warnings in ``col``.

    None when the sheet holds no grade rule at all (a warning says why).
    """

    table = sheet.table
    name = sheet.name
    if table is None:
        col.warning(
            "manual_empty",
            f"The manual sheet '{name}' is empty, so the default manual (the seed table) is used.",
            f"매뉴얼 시트 {josa(name, '이', quoted=True)} 비어 있어 기본 매뉴얼(연구 문서의 등급 "
            "표)을 씁니다.",
            sheet=name,
        )
        return None
    cols = {key: _column_of(table, key) for key in HEADERS["ko"]}
    if cols["grade"] is None or cols["definition"] is None:
        found = ", ".join(str(h) for h in table.headers)
        col.warning(
            "manual_columns",
            f"The manual sheet '{name}' needs the columns 등급 (grade) and 정의 (definition); "
            f"its columns are: {found}. The default manual (the seed table) is used.",
            f"매뉴얼 시트 '{name}'에는 등급과 정의 열이 있어야 합니다. 있는 열: {found}. 기본 "
            "매뉴얼(연구 문서의 등급 표)을 씁니다.",
            sheet=name,
            row=int(table.header_row),
        )
        return None

    def cell(key: str, i: int) -> str:
        header = cols[key]
        if header is None:
            return ""
        text = unicodedata.normalize("NFC", display_text(table.columns[header][i])).strip()
        return normalize_id(text) if key == "example_id" and text else text

    labels: dict[int, str] = {}
    definitions: dict[int, str] = {}
    examples: dict[int, list[Example]] = {}
    threshold: int | None = None
    rule = ""
    principles: list[str] = []
    theta_keys = {_norm(k) for k in _THETA_KEYS}
    principle_keys = {_norm(k) for k in _PRINCIPLE_KEYS}
    for i in range(table.n_rows):
        row = int(table.rows[i])
        key = cell("grade", i)
        label, definition = cell("label", i), cell("definition", i)
        example = Example(cell("example_id", i), cell("example_text", i))
        if not (key or label or definition or not example.empty):
            continue
        if _norm(key) in theta_keys:
            try:
                value = float(label)
            except ValueError:
                value = float("nan")
            if not (value == value and value.is_integer() and 1 <= value <= 3):
                col.warning(
                    "manual_threshold",
                    f"The θ row needs θ as a whole number 1–3 in the column "
                    f"'{cols['label'] or HEADERS['ko']['label']}'; it has '{label}'. θ = 1 is used.",
                    f"θ 행의 '{cols['label'] or HEADERS['ko']['label']}' 열에는 1–3의 정수가 "
                    f"있어야 하는데 {josa(label or '(빈칸)', '이', quoted=True)} 있습니다. θ = 1을 씁니다.",
                    sheet=name,
                    row=row,
                    column=cols["label"],
                )
            else:
                threshold = int(value)
            rule = definition
            continue
        if _norm(key) in principle_keys:
            if definition:
                principles.append(definition)
            continue
        try:
            number = float(key)
        except ValueError:
            number = float("nan")
        if not (number == number and number.is_integer() and int(number) in g.GRADES):
            col.warning(
                "manual_grade",
                f"'{key}' is not a grade 0–3, θ or 원칙 (principle); the row is left out of "
                "the manual.",
                f"{josa(key or '(빈칸)', '은', quoted=True)} 0–3 등급, θ, 원칙 가운데 어느 것도 "
                "아니어서 이 행은 매뉴얼에서 뺍니다.",
                sheet=name,
                row=row,
                column=cols["grade"],
            )
            continue
        grade = int(number)
        if label and grade not in labels:
            labels[grade] = label
        if definition:
            if grade in definitions and definitions[grade] != definition:
                col.warning(
                    "manual_definition_twice",
                    f"Grade {grade} is defined twice; the first definition is used.",
                    f"등급 {grade}의 정의가 두 번 있습니다. 첫 번째 정의를 씁니다.",
                    sheet=name,
                    row=row,
                    column=cols["definition"],
                )
            definitions.setdefault(grade, definition)
        if not example.empty:
            examples.setdefault(grade, []).append(example)
    if not (labels or definitions or examples):
        col.warning(
            "manual_no_grades",
            f"The manual sheet '{name}' defines no grade, so the default manual (the seed table) "
            "is used.",
            f"매뉴얼 시트 '{name}'에 등급 정의가 없어 기본 매뉴얼(연구 문서의 등급 표)을 씁니다.",
            sheet=name,
        )
        return None
    missing = [grade for grade in g.GRADES if grade not in definitions]
    if missing:
        shown = ", ".join(str(m) for m in missing)
        col.warning(
            "manual_grade_missing",
            f"The manual sheet '{name}' has no definition for grade {shown}.",
            f"매뉴얼 시트 '{name}'에 등급 {shown}의 정의가 없습니다.",
            sheet=name,
        )
    rules = {
        grade: GradeRule(
            grade,
            labels.get(grade, g.LABELS["ko"][grade]),
            definitions.get(grade, ""),
            tuple(examples.get(grade, ())),
        )
        for grade in g.GRADES
    }
    return _complete(rules, threshold or 1, rule, principles)
