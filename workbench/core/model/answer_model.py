"""What an answers file holds: the answers and ratings frames, the rubric and its
criteria, and how citations are found in an answer — read by io/answers and
worked on by protocol/answers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

import pandas as pd

from workbench.core.model import schema as s
from workbench.core.model.problems import Problem

#: the rating scale of every criterion
LEVELS: tuple[int, ...] = (0, 1, 2, 3)

#: columns of the answers frame (``system`` is the file's name in an AnswerFile,
#: the system key in :func:`answers_in_force`)
ANSWER_TEXT = "answer"

CITATIONS = "citations"

MODEL = "model"

VERSION = "version"

SHEET = "sheet"

ANSWER_COLUMNS = [s.SYSTEM, s.QID, ANSWER_TEXT, CITATIONS, MODEL, VERSION, SHEET, s.ROW]

CRITERION = "criterion"

SCORE = "score"

TIME = "time"

#: ratings: one row per (question, system key, assessor, criterion)
RATING_COLUMNS = [s.QID, s.SYSTEM, s.ASSESSOR, CRITERION, SCORE, s.NOTE, TIME, s.ROW]

RATING_KEY = [s.QID, s.SYSTEM, s.ASSESSOR, CRITERION]

# == the rubric ============================================================================
@dataclass(frozen=True)
class Criterion:
    """One thing an answer is rated on, 0–3.

    ``key`` identifies it for good (ratings refer to it; it stays when the
    name is edited); ``levels[g]`` describes score ``g``; ``applies``: the
    questions it is rated on — ``answerable``, ``unanswerable`` or ``all``.
    """

    key: str
    name: str
    description: str = ""
    levels: tuple[str, str, str, str] = ("", "", "", "")
    applies: str = "answerable"

    def applies_to(self, answerable: bool) -> bool:
        if self.applies == "all":
            return True
        return (self.applies == "answerable") == bool(answerable)

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "name": self.name,
            "description": self.description,
            "levels": list(self.levels),
            "applies": self.applies,
        }

@dataclass(frozen=True)
class Rubric:
    """The criteria, in the order they are rated and reported."""

    criteria: tuple[Criterion, ...] = ()

    @property
    def keys(self) -> list[str]:
        return [c.key for c in self.criteria]

    def criterion(self, key: str) -> Criterion | None:
        return next((c for c in self.criteria if c.key == key), None)

    def name_of(self, key: str) -> str:
        c = self.criterion(key)
        return c.name if c is not None else key

    def for_question(self, answerable: bool) -> list[Criterion]:
        return [c for c in self.criteria if c.applies_to(answerable)]

    def to_records(self) -> list[dict]:
        return [c.to_dict() for c in self.criteria]

#: key → ((ko name, en name), (ko description, en description), levels 0–3 as (ko, en), applies)
_DEFAULT_CRITERIA: dict[str, tuple] = {
    "citation": (
        ("출처 표기 정확도", "Citation accuracy"),
        (
            "답변의 인용이 실제 원문 문단과 권·강연·페이지 출처를 정확히 가리키는가",
            "Do the answer's citations point at the right passages, with volume, lecture and page?",
        ),
        (
            (
                "인용이 없거나, 없는 출처·엉뚱한 문단을 가리킴",
                "No citation, or citations of sources that do not exist or say something else",
            ),
            (
                "인용은 있으나 상당수가 다른 문단을 가리키거나 확인하기 어려움",
                "Citations are given, but many point elsewhere or cannot be checked",
            ),
            (
                "대부분 정확하나 일부 인용의 위치가 불분명하거나 빠짐",
                "Mostly right; some citations are vague about where, or missing",
            ),
            (
                "모든 인용이 답을 담은 원문 문단을 가리키고 권·강연·페이지 출처가 명확함",
                "Every citation points at the passage that holds the answer, with a clear "
                "volume, lecture and page",
            ),
        ),
        "answerable",
    ),
    "faithfulness": (
        ("맥락 충실성", "Faithfulness to the sources"),
        (
            "답변이 인용한 근거를 과장하거나 왜곡하지 않고 시기·대상·맥락에 맞게 전하는가",
            "Does the answer say what the cited evidence says — no exaggeration or distortion, "
            "in its time, audience and context?",
        ),
        (
            (
                "근거와 어긋나거나 근거를 왜곡함",
                "Contradicts or distorts the evidence",
            ),
            (
                "근거에 없는 주장이 섞이거나 맥락(시기·대상)을 잘못 옮김",
                "Mixes in claims the evidence does not make, or moves it out of its context",
            ),
            (
                "대체로 충실하나 일부 표현이 근거보다 넓거나 강함",
                "Mostly faithful; some wording is broader or stronger than the evidence",
            ),
            (
                "근거의 내용과 맥락을 그대로 전하며 과장이 없음",
                "Says what the evidence says, in its context, without exaggeration",
            ),
        ),
        "answerable",
    ),
    "usefulness": (
        ("목회자 활용성", "Usefulness to a pastor"),
        (
            "목회자가 설교·교육·상담에 쓰고 원문을 검수할 수 있는가",
            "Can a pastor use it in a sermon, a class or counselling, and check it against "
            "the sources?",
        ),
        (
            (
                "활용할 수 없거나 오해를 낳을 수 있음",
                "Cannot be used, or could mislead",
            ),
            (
                "참고는 되지만 그대로 쓰기에는 부족함",
                "Some help, but not enough to use as it is",
            ),
            (
                "활용할 수 있으나 보완이나 원문 재확인이 필요함",
                "Usable after some additions or a second look at the sources",
            ),
            (
                "질문에 직접 답하고 원문 확인 경로가 분명해 그대로 활용할 수 있음",
                "Answers the question directly, with a clear way to the sources; usable as it is",
            ),
        ),
        "answerable",
    ),
    "abstention": (
        ("답변 보류 적절성", "Appropriate abstention"),
        (
            "근거가 부족한 질문에서 추측하지 않고 답변을 보류했는가",
            "On a question the sources cannot answer, did the system hold back instead of "
            "guessing?",
        ),
        (
            (
                "근거 없이 단정적으로 답함",
                "Answers firmly with no evidence",
            ),
            (
                "근거가 부족하다고 하면서도 답을 지어냄",
                "Says the evidence is thin, then makes up an answer anyway",
            ),
            (
                "보류했으나 불필요한 추측이 일부 섞임",
                "Holds back, with some needless speculation",
            ),
            (
                "근거가 없음을 분명히 밝히고 추측 없이 답변을 보류함",
                "Says plainly that the sources do not answer it, and does not guess",
            ),
        ),
        "unanswerable",
    ),
}

def default_rubric(lang: str = "ko") -> Rubric:
    """The seeds' rubric in ``lang``: 출처 표기 정확도, 맥락 충실성, 목회자 활용성
    (answerable questions) and 답변 보류 적절성 (unanswerable ones)."""
    i = 0 if lang == "ko" else 1
    return Rubric(
        tuple(
            Criterion(
                key=key,
                name=names[i],
                description=descriptions[i],
                levels=tuple(level[i] for level in levels),  # type: ignore[arg-type]
                applies=applies,
            )
            for key, (names, descriptions, levels, applies) in _DEFAULT_CRITERIA.items()
        )
    )

def _fold(text: str) -> str:
    """Text compared loosely: NFC, case-folded, without spaces, _ - . ·"""
    text = unicodedata.normalize("NFC", str(text)).casefold()
    return re.sub(r"[\s_\-\.·:/#()\[\]]+", "", text)

def default_criterion_key(name: str) -> str | None:
    """The default criterion a name (Korean or English, or its key) stands for."""
    folded = _fold(name)
    if not folded:
        return None
    for key, (names, *_rest) in _DEFAULT_CRITERIA.items():
        if folded in (_fold(key), _fold(names[0]), _fold(names[1])):
            return key
    return None

def criterion_matches(header: str, criterion: Criterion) -> bool:
    """Whether a column header names ``criterion`` (its name, key, or a default name)."""
    folded = _fold(header)
    if not folded:
        return False
    if folded in (_fold(criterion.name), _fold(criterion.key)):
        return True
    return default_criterion_key(header) == criterion.key

# == citations in an answer ===================================================================
#: a citation marker in answer text: ``[D012-03]``, ``[D012-03, D013-01]``, ``【D012-03】``
MARKER = re.compile(r"[\[［【]([^\[\]［］【】\n]{1,200})[\]］】]")

#: what an id inside a marker looks like (ASCII id with a digit: not ``[참고]`` or ``[1950년]``)
_MARKER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/#\-]*$")

#: separators of a citations cell, and of ids inside one marker
_SEPARATORS = re.compile(r"[,;、，；|\n\t]+")

def _marker_ids(content: str) -> list[str] | None:
    """The ids of one marker's content, or None when it is not a citation."""
    parts = [p.strip() for p in _SEPARATORS.split(content) if p.strip()]
    if not parts:
        return None
    for p in parts:
        if not _MARKER_ID.match(p) or not any(ch.isdigit() for ch in p):
            return None
    return parts

def citation_spans(text: str) -> list[tuple[int, int, list[str]]]:
    """The citation markers in ``text``: ``(start, end, ids)`` in text order
    (``end`` after the closing bracket)."""
    out = []
    for m in MARKER.finditer(text or ""):
        ids = _marker_ids(m.group(1))
        if ids:
            out.append((m.start(), m.end(), [_clean_id(i) for i in ids]))
    return out

def _clean_id(value: str) -> str:
    return unicodedata.normalize("NFC", str(value)).strip()

def split_citation_cell(text: str) -> list[str]:
    """The ids of a citations cell: separated by ``,`` ``;`` ``、`` (full-width
    too), ``|``, tabs or new lines; brackets around an id are dropped
    (``[D012-03]; [D013-01]``). Without any of those separators, ids separated
    by spaces are split when every part looks like an id."""
    text = unicodedata.normalize("NFC", str(text or "")).strip()
    if not text:
        return []
    parts = [p for p in _SEPARATORS.split(text)]
    if len(parts) == 1 and " " in text:
        spaced = text.split()
        if all(_MARKER_ID.match(p.strip("[]［］【】")) for p in spaced):
            parts = spaced
    out = []
    for p in parts:
        p = p.strip().strip("[]［］【】").strip()
        if p:
            out.append(p)
    return out

def parse_citations(answer: str, cell: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """Every passage an answer cites, de-duplicated, in order: the citations
    column first (``cell``: its text, or a list from JSON), then the markers
    in the text (``[D012-03]``) not listed yet."""
    ids: list[str] = []
    if isinstance(cell, str) or cell is None:
        ids.extend(split_citation_cell(cell or ""))
    else:
        for item in cell:
            ids.extend(split_citation_cell("" if item is None else str(item)))
    for _start, _end, marked in citation_spans(answer or ""):
        ids.extend(marked)
    return tuple(dict.fromkeys(i for i in ids if i))

# == what was read ================================================================================
@dataclass
class AnswerFile:
    """Everything read from one answers / ratings workbook, CSV or JSON file.

    ``answers``: :data:`ANSWER_COLUMNS` (``system`` as the file names it);
    ``ratings``: :data:`RATING_COLUMNS` (``system`` as the file names it,
    ``criterion`` a rubric key); ``rubric``: from a 루브릭 sheet, else None.
    """

    answers: pd.DataFrame
    ratings: pd.DataFrame
    rubric: Rubric | None = None
    sources: list[s.SourceFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # warnings only
    #: system name → the sheet its answers came from
    system_sheets: dict[str, str] = field(default_factory=dict)

    @property
    def systems(self) -> list[str]:
        """Every system the file names (answers first, then ratings)."""
        names = self.answers[s.SYSTEM].astype(str).tolist() if len(self.answers) else []
        if len(self.ratings):
            names += self.ratings[s.SYSTEM].astype(str).tolist()
        return list(dict.fromkeys(n for n in names if n))

    @property
    def file(self) -> s.SourceFile | None:
        return self.sources[0] if self.sources else None

def empty_answers() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=object) for c in ANSWER_COLUMNS})

def empty_ratings() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=object) for c in RATING_COLUMNS})
