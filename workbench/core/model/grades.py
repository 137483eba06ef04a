"""The relevance grade scale: labels (Korean / English) and colours.

One place for the words and colours of grades, shared by the review page,
the charts and the Excel report, so a grade looks the same everywhere.
Colour is never the only cue: every chip shows the grade's label text too.

Scale (from the study's judging guide):

====  ===============  ================
grade Korean           English
====  ===============  ================
0     관련 없음        not relevant
1     주제만 관련      on topic only
2     강한 뒷받침      strong support
3     직접 근거        direct evidence
====  ===============  ================

An *unjudged* passage (no grade at all) is not the same as grade 0 and has
its own grey colour and label.

The study's evaluation manual (:mod:`workbench.core.protocol.manual`) may give the
grades other labels and definitions: :func:`label`, :func:`chip_text` and
:func:`definition` take it as ``manual`` (anything with ``label(grade)`` and
``definition(grade)`` returning text or None) and fall back to the words
above where it gives none. A manual that keeps a label of the table above
(the templates' seed table does) shows it in the UI's language: a Korean
manual's "직접 근거" is "direct evidence" in the English UI, while a label of
the team's own ("직접") stays as typed.
"""

from __future__ import annotations

import math
from typing import Any, Literal

Lang = Literal["ko", "en"]

GRADES: tuple[int, ...] = (0, 1, 2, 3)

LABELS: dict[str, dict[int, str]] = {
    "ko": {0: "관련 없음", 1: "주제만 관련", 2: "강한 뒷받침", 3: "직접 근거"},
    "en": {0: "not relevant", 1: "on topic only", 2: "strong support", 3: "direct evidence"},
}

#: longer definitions, for tooltips
DEFINITIONS: dict[str, dict[int, str]] = {
    "ko": {
        0: "질문과 관계가 없는 문단입니다.",
        1: "질문의 주제는 다루지만 답을 뒷받침하지는 않습니다.",
        2: "답을 강하게 뒷받침하지만 그 자체로 답은 아닙니다.",
        3: "질문에 직접 답하는 근거입니다.",
    },
    "en": {
        0: "The passage has nothing to do with the question.",
        1: "The passage is on the question's topic but does not support the answer.",
        2: "The passage strongly supports the answer without stating it.",
        3: "The passage directly answers the question.",
    },
}

UNJUDGED_LABEL: dict[str, str] = {"ko": "미평가", "en": "unjudged"}

#: diffir's grade colours (red → yellow → green → blue), grey for unjudged
COLOURS: dict[int, str] = {0: "#d54541", 1: "#caab39", 2: "#52b262", 3: "#58aadc"}
UNJUDGED_COLOUR = "#888888"

ROLE_LABELS: dict[str, dict[str, str]] = {
    "ko": {"core": "핵심", "supporting": "보조", "alternative": "대체"},
    "en": {"core": "core", "supporting": "supporting", "alternative": "alternative"},
}


def _as_grade(grade: float | int | None) -> int | None:
    """``None``/NaN → ``None`` (unjudged); otherwise the integer grade."""
    if grade is None:
        return None
    try:
        value = float(grade)
    except (TypeError, ValueError):
        return None
    if math.isnan(value):
        return None
    return int(round(value))


def is_judged(grade: float | int | None) -> bool:
    return _as_grade(grade) is not None


def _from_manual(manual: Any, what: str, g: int) -> str | None:
    if manual is None:
        return None
    text = getattr(manual, what)(g)
    return text or None


def _manual_label(manual: Any, g: int, lang: Lang) -> str | None:
    """The manual's label of grade ``g``; one of the app's own labels in ``lang``."""
    text = _from_manual(manual, "label", g)
    if text is not None and text in {words.get(g) for words in LABELS.values()}:
        return LABELS[lang].get(g, text)
    return text


def label(grade: float | int | None, lang: Lang = "ko", manual: Any = None) -> str:
    """The label alone: ``"직접 근거"``; ``"미평가"`` for unjudged.

    A grade outside 0–3 (another scale) gets no label, just its number.
    """
    g = _as_grade(grade)
    if g is None:
        return UNJUDGED_LABEL[lang]
    return _manual_label(manual, g, lang) or LABELS[lang].get(g, str(g))


def chip_text(grade: float | int | None, lang: Lang = "ko", manual: Any = None) -> str:
    """What a grade chip shows: ``"3 직접 근거"``; ``"미평가"`` for unjudged."""
    g = _as_grade(grade)
    if g is None:
        return UNJUDGED_LABEL[lang]
    text = _manual_label(manual, g, lang) or LABELS[lang].get(g)
    return f"{g} {text}" if text else str(g)


def definition(grade: float | int | None, lang: Lang = "ko", manual: Any = None) -> str:
    """The grade's definition (the manual's when it has one), for tooltips."""
    g = _as_grade(grade)
    if g is None:
        return (
            "아직 아무도 평가하지 않은 문단입니다. 점수 계산에서는 0으로 셉니다."
            if lang == "ko"
            else "Nobody has judged this passage yet. Scores count it as 0."
        )
    return _from_manual(manual, "definition", g) or DEFINITIONS[lang].get(g, "")


def colour(grade: float | int | None) -> str:
    """Background colour (``#rrggbb``) of a grade; grey for unjudged.

    Grades above 3 take the colour of 3, below 0 the colour of 0.
    """
    g = _as_grade(grade)
    if g is None:
        return UNJUDGED_COLOUR
    return COLOURS[min(max(g, 0), 3)]


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    h = hex_colour.lstrip("#")
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def text_colour(background: str) -> str:
    """Black or white, whichever has the higher WCAG contrast on ``background``."""
    lum = _luminance(background)
    contrast_black = (lum + 0.05) / 0.05
    contrast_white = 1.05 / (lum + 0.05)
    return "#000000" if contrast_black >= contrast_white else "#ffffff"


def role_label(role: str | None, lang: Lang = "ko") -> str:
    """핵심 / 보조 / 대체 (or English); ``""`` when no role."""
    if not role:
        return ""
    return ROLE_LABELS[lang].get(str(role), str(role))
