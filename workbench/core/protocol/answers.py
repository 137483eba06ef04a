"""Answers, not only passages: what each system wrote, how it is rated, and its citations.

The seeds ask for more than retrieval metrics: "검색 지표와 별도로 출처 표기
정확도, 맥락 충실성, 목회자 활용성 평가를 실시한다". This module holds the data
of that evaluation on the :class:`~workbench.core.study.Study`
(``study.answers``, an :class:`AnswerWork`) and the automatic citation checks.

The data
--------
- **Answer files** (:class:`AnswerFile`, read by :mod:`workbench.core.io.answers`):
  per (system, question) the answer text, the cited passage ids and the
  optional model / version; ratings typed in Excel (a ratings sheet) and a
  rubric (a 루브릭 sheet) may come in the same workbook or in their own.
  Several files may be loaded (one per system, say); each is an
  :class:`AnswerSource` with the names its systems were given at import.
- **System keys**: an answer's system is named by a *key* fixed at import —
  the study system's name it was matched to, or the file's own name when it
  matches no run. Ratings (read or given in the app) use the same keys, so
  they never change when a system is renamed later; ``AnswerWork.refs``
  says which run each key belongs to, so the name shown follows renames.
- **The rubric** (:class:`Rubric`): criteria with a 0–3 level description
  each and the questions they apply to (answerable / unanswerable / all).
  The default comes from the seeds (:func:`default_rubric`): 출처 표기
  정확도, 맥락 충실성, 목회자 활용성 and, for unanswerable questions, 답변 보류
  적절성. In force: the one edited in the app, else the last file's 루브릭
  sheet, else the default.
- **Ratings**: (question, system key, assessor, criterion) → 0–3 with a note
  and a time. The file's ratings and those given in the app; an app rating
  replaces the same assessor's rating of the same item. Hand resolutions of
  disagreements win over the policy (see :mod:`workbench.core.protocol.answer_results`).

Edits (:class:`RatingEdit`, :class:`RatingResolutionEdit`, :class:`RubricEdit`,
:class:`AnswerOptionsEdit`) are frozen records carrying what they replace,
applied and reverted through :meth:`Study.apply` / :meth:`Study.revert` like
every other edit; none changes the retrieval scores.

Citation checks
---------------
:func:`check_answers` is a pure function of the study and its current
:class:`~workbench.core.model.results.Results`. Per cited passage:

- *known*: the id is in the passages sheet, in the judgments, or in any run;
  otherwise it is **unknown** (a fabricated citation);
- *grade*: the grade the scores use (:meth:`Study.grades_used`), None when
  unjudged; *relevant*: the evaluation's relevance flag (grade ≥ θ);
- *rank*: the 1-based position in that system's ranking for the question
  (``Results.ranking.position``; in the document unit, the position of the
  passage's document), None when not retrieved; a passage removed by the
  de-duplication policy counts as retrieved, without a position;
- *not retrieved*: known, but not in that system's run for the question (a
  citation the retrieval cannot have supplied). Undecided (None) when the
  answer's system is matched to no run.

Per answer: the **flags** (:data:`FLAGS`), *citation precision* = cited
passages with grade ≥ θ / cited passages (None without citations), and
*core-evidence coverage* = core evidence groups cited / core evidence groups
of the question. A core group is a judgments group holding a relevant core
passage (a core passage without a group is a group of its own); a relevant
alternative passage of the group covers it. None for a question without
core evidence.

*Abstention*: an empty answer, or one containing a phrase of
:attr:`AnswerOptions.abstention_phrases` (default "근거가 부족", "답변할 수
없", "확인되지 않"; compared without case and with spaces collapsed). On an
unanswerable question (no relevant evidence, R = 0) it is appropriate; on
an answerable one it is a false abstention.
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from workbench.core.io.options import ReadOptions
from workbench.core.io.project import frame_to_records, records_to_frame
from workbench.core.model import schema as s
from workbench.core.model.answer_model import (  # noqa: F401 (its vocabulary, read through this module)
    ANSWER_COLUMNS,
    ANSWER_TEXT,
    CITATIONS,
    CRITERION,
    LEVELS,
    MARKER,
    MODEL,
    RATING_COLUMNS,
    RATING_KEY,
    SCORE,
    SHEET,
    TIME,
    VERSION,
    AnswerFile,
    Criterion,
    Rubric,
    _fold,
    citation_spans,
    criterion_matches,
    default_criterion_key,
    default_rubric,
    empty_answers,
    empty_ratings,
    parse_citations,
    split_citation_cell,
)
from workbench.core.model.choices import RATINGS
from workbench.core.model.evidence_groups import evidence_groups
from workbench.core.model.korean import josa
from workbench.core.model.number_text import ids_text
from workbench.core.model.problems import Problem, warning
from workbench.core.model.refs import SystemRef
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView

#: which questions a criterion is rated on
APPLIES: tuple[str, ...] = ("answerable", "unanswerable", "all")


#: hand resolutions of ratings: who decided (``by``), why and when
RATING_RESOLUTION_COLUMNS = [s.QID, s.SYSTEM, CRITERION, SCORE, "by", "reason", TIME]
RATING_ITEM = [s.QID, s.SYSTEM, CRITERION]

#: what an answer can be flagged for (:func:`check_answers`)
FLAG_UNKNOWN = "unknown_citation"
FLAG_NOT_RETRIEVED = "not_retrieved"
FLAG_NOT_RELEVANT = "cites_not_relevant"
FLAG_UNJUDGED = "cites_unjudged"
FLAG_NO_CITATION = "no_citation"
FLAG_FALSE_ABSTENTION = "false_abstention"
FLAG_ABSTENTION = "appropriate_abstention"
FLAG_NO_ABSTENTION = "no_abstention"
#: in the order the page and the report list them; every one but
#: ``appropriate_abstention`` marks a problem
FLAGS: tuple[str, ...] = (
    FLAG_UNKNOWN,
    FLAG_NOT_RETRIEVED,
    FLAG_NOT_RELEVANT,
    FLAG_UNJUDGED,
    FLAG_NO_CITATION,
    FLAG_FALSE_ABSTENTION,
    FLAG_NO_ABSTENTION,
    FLAG_ABSTENTION,
)
GOOD_FLAGS = frozenset({FLAG_ABSTENTION})

FLAG_LABELS: dict[str, tuple[str, str]] = {
    FLAG_UNKNOWN: ("없는 문단 인용", "cites an unknown passage"),
    FLAG_NOT_RETRIEVED: ("검색되지 않은 문단 인용", "cites a passage not retrieved"),
    FLAG_NOT_RELEVANT: ("관련 없는 문단 인용", "cites a passage below θ"),
    FLAG_UNJUDGED: ("미평가 문단 인용", "cites an unjudged passage"),
    FLAG_NO_CITATION: ("인용 없음", "no citation"),
    FLAG_FALSE_ABSTENTION: ("잘못된 답변 보류", "false abstention"),
    FLAG_NO_ABSTENTION: ("근거 없는 질문에 답함", "answered an unanswerable question"),
    FLAG_ABSTENTION: ("적절한 답변 보류", "appropriate abstention"),
}

FLAG_EXPLANATIONS: dict[str, tuple[str, str]] = {
    FLAG_UNKNOWN: (
        "인용한 문단ID가 문단 시트, 판정, 어떤 검색 결과에도 없습니다. 지어낸 출처일 수 있습니다.",
        "A cited passage id is in no passages sheet, judgment or run: the source may be made up.",
    ),
    FLAG_NOT_RETRIEVED: (
        "인용한 문단이 이 시스템의 검색 결과에 없습니다. 검색이 건넬 수 없었던 근거입니다.",
        "A cited passage is not in this system's results: retrieval cannot have supplied it.",
    ),
    FLAG_NOT_RELEVANT: (
        "인용한 문단이 판정에서 관련 기준(θ)보다 낮은 등급을 받았습니다.",
        "A cited passage was judged below the relevance threshold θ.",
    ),
    FLAG_UNJUDGED: (
        "인용한 문단을 아직 아무도 판정하지 않았습니다.",
        "Nobody has judged a cited passage yet.",
    ),
    FLAG_NO_CITATION: (
        "답변했지만 출처를 하나도 밝히지 않았습니다.",
        "The answer names no source at all.",
    ),
    FLAG_FALSE_ABSTENTION: (
        "근거가 있는 질문인데 답변을 보류했습니다.",
        "The question has relevant evidence, yet the system did not answer.",
    ),
    FLAG_NO_ABSTENTION: (
        "근거가 없는 질문인데 답변을 보류하지 않았습니다.",
        "The question has no relevant evidence, yet the system answered.",
    ),
    FLAG_ABSTENTION: (
        "근거가 없는 질문에서 답변을 보류했습니다.",
        "The question has no relevant evidence and the system did not answer.",
    ),
}

DEFAULT_ABSTENTION_PHRASES: tuple[str, ...] = ("근거가 부족", "답변할 수 없", "확인되지 않")
#: the seed of the blind mode's column order
DEFAULT_BLIND_SEED = 20261129
#: how several raters' scores become one (the rules of the passage grades)
RATING_POLICIES: tuple[str, ...] = RATINGS.keys


def flag_label(flag: str, lang: str = "ko") -> str:
    ko, en = FLAG_LABELS.get(flag, (flag, flag))
    return ko if lang == "ko" else en


def flag_explanation(flag: str, lang: str = "ko") -> str:
    ko, en = FLAG_EXPLANATIONS.get(flag, ("", ""))
    return ko if lang == "ko" else en
















def new_criterion_key(name: str, taken: Iterable[str]) -> str:
    """A key for a criterion added by the user: a default's key when the name is
    one, else ``custom1``, ``custom2`` … (the first free one)."""
    taken = set(taken)
    key = default_criterion_key(name)
    if key and key not in taken:
        return key
    n = 1
    while f"custom{n}" in taken:
        n += 1
    return f"custom{n}"


def rubric_from_records(
    value: Any, where: str, file: str = ""
) -> tuple[Rubric | None, list[Problem]]:
    """A rubric kept in a project file (``[{"key", "name", "description", "levels",
    "applies"}]``); damaged criteria are left out with a warning naming them, and a
    rubric with no criterion left is None."""
    problems: list[Problem] = []
    if value is None:
        return None, problems
    if not isinstance(value, list):
        problems.append(_damaged(where, "a list of criteria", "기준 목록", file))
        return None, problems
    out: list[Criterion] = []
    seen: set[str] = set()
    for i, rec in enumerate(value):
        if not isinstance(rec, dict):
            problems.append(_damaged(f"{where}[{i}]", "a criterion", "기준", file))
            continue
        key, name = rec.get("key"), rec.get("name")
        levels = rec.get("levels")
        applies = rec.get("applies", "answerable")
        description = rec.get("description", "")
        ok = (
            isinstance(key, str)
            and key.strip()
            and key not in seen
            and isinstance(name, str)
            and name.strip()
            and isinstance(description, str)
            and isinstance(levels, list)
            and len(levels) == len(LEVELS)
            and all(isinstance(x, str) for x in levels)
            and applies in APPLIES
        )
        if not ok:
            problems.append(
                _damaged(
                    f"{where}[{i}]",
                    "key, name, four level texts and what it applies to",
                    "키, 이름, 네 수준 설명과 적용 대상",
                    file,
                )
            )
            continue
        seen.add(key)
        out.append(Criterion(key, name.strip(), description, tuple(levels), applies))  # type: ignore[arg-type]
    return (Rubric(tuple(out)) if out else None), problems


def _damaged(where: str, en: str, ko: str, file: str) -> Problem:
    return warning(
        "project_field_damaged",
        f"The project file's field '{where}' is damaged (expected {en}); it was left out and "
        "the rest of the project was opened.",
        f"프로젝트 파일의 항목 {josa(where, '이', quoted=True)} 손상되어 있어(기대한 형식: {ko}) "
        "빼고 나머지를 열었습니다.",
        file=file,
    )














# == abstention ==================================================================================
def _phrase_form(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", str(text))).strip().casefold()


def is_abstention(answer: str, phrases: Iterable[str] = DEFAULT_ABSTENTION_PHRASES) -> bool:
    """An empty answer, or one containing one of ``phrases`` (case and spacing ignored)."""
    text = _phrase_form(answer or "")
    if not text:
        return True
    return any(p and _phrase_form(p) in text for p in phrases)


# == system names ==================================================================================
@dataclass(frozen=True)
class SystemMatch:
    """How a system name of an answers file was matched to a study system."""

    name: str
    target: str | None  # the study system, None: no run has that name
    how: str  # "exact" | "loose" | "none"


def match_systems(names: Sequence[str], targets: Sequence[str]) -> list[SystemMatch]:
    """Match answer systems to the study's systems: the same name first, then the
    same name ignoring case, spaces, ``_ - .`` (when exactly one target fits
    and no other name fits it too). A target is taken by one name at most."""
    targets = list(dict.fromkeys(targets))
    taken: set[str] = set()
    out: dict[str, SystemMatch] = {}
    for name in names:
        if name in targets and name not in taken:
            out[name] = SystemMatch(name, name, "exact")
            taken.add(name)
    # a target two names fit loosely is ambiguous: the user chooses
    wanted: dict[str, int] = {}
    for name in names:
        if name not in out:
            for t in targets:
                if t not in taken and _fold(t) == _fold(name):
                    wanted[t] = wanted.get(t, 0) + 1
    for name in names:
        if name in out:
            continue
        fits = [t for t in targets if t not in taken and _fold(t) == _fold(name)]
        if len(fits) == 1 and wanted.get(fits[0]) == 1:
            out[name] = SystemMatch(name, fits[0], "loose")
            taken.add(fits[0])
        else:
            out[name] = SystemMatch(name, None, "none")
    return [out[n] for n in dict.fromkeys(names)]


def how_joined(name: str, key: str, runs: Sequence[str]) -> str:
    """How a file's system ``name`` joins the study under ``key``: ``"exact"`` (the
    run of that name), ``"loose"`` (a run whose name differs only in case, spaces
    or ``_ - .``), ``"chosen"`` (another run, picked by hand) or ``"none"`` (no run:
    the answers keep ``key``). Said of the key in force, so a name joined through
    answers loaded earlier ("bm25" → "BM25") is not called unmatched."""
    if key not in runs:
        return "none"
    if key == name:
        return "exact"
    return "loose" if _fold(key) == _fold(name) else "chosen"


def auto_names(study: StudyView, file: AnswerFile) -> tuple[dict[str, str], dict[str, SystemRef]]:
    """How an answers file's systems join the study when nobody chooses: a
    system matched to a run (:func:`match_systems`) takes the run's name as its
    key; another one takes the key of an answer system already loaded that it
    matches, else its own name. Returns ``(names, refs)`` for
    :meth:`AnswerWork.add_source`."""
    matches = match_systems(file.systems, study.systems)
    known = sorted(set(study.answers.keys()))
    names: dict[str, str] = {}
    refs: dict[str, SystemRef] = {}
    for m in matches:
        if m.target is not None:
            names[m.name] = m.target
            refs[m.target] = study.system_info(m.target).ref
        elif m.name in known:
            names[m.name] = m.name
        else:
            # a ratings file may name the answers' systems loosely too
            loose = match_systems([m.name], known)[0]
            names[m.name] = loose.target or m.name
    return names, refs








def empty_rating_resolutions() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype=object) for c in RATING_RESOLUTION_COLUMNS})


@dataclass(frozen=True)
class AnswerSource:
    """One answers file in the study: what was read, how (``options``: confirmed
    ``mappings`` and ``sheets``), and the key each of its systems was given."""

    id: int
    file: AnswerFile
    options: ReadOptions = field(default_factory=ReadOptions)
    #: system name in the file → system key
    names: dict[str, str] = field(default_factory=dict)

    def key_of(self, name: str) -> str:
        return self.names.get(name, name)


@dataclass(frozen=True)
class AnswerOptions:
    """Choices of the answer evaluation that are not the rubric."""

    abstention_phrases: tuple[str, ...] = DEFAULT_ABSTENTION_PHRASES
    #: several raters' scores → one (the passage grades' rules)
    policy: str = RATINGS.default
    blind_seed: int = DEFAULT_BLIND_SEED

    def to_dict(self) -> dict:
        return {
            "abstention_phrases": list(self.abstention_phrases),
            "policy": self.policy,
            "blind_seed": self.blind_seed,
        }


# == the study's answer work ======================================================================
class AnswerWork:
    """The answers part of a study (``study.answers``): files, system keys, the
    rubric, options, ratings given in the app and hand resolutions.

    Like the rest of the study, an edit replaces attributes with new values and
    never changes a frame in place, so :meth:`copy` is enough for a snapshot.
    """

    def __init__(self) -> None:
        self.sources: list[AnswerSource] = []
        #: system key → the run system it belongs to (keys of no run are absent)
        self.refs: dict[str, SystemRef] = {}
        #: the rubric edited in the app (None: the file's, else the default)
        self.rubric: Rubric | None = None
        self.options = AnswerOptions()
        #: ratings given in the app (RATING_COLUMNS)
        self.ratings: pd.DataFrame = empty_ratings()
        #: ratings resolved by hand (RATING_RESOLUTION_COLUMNS)
        self.resolutions: pd.DataFrame = empty_rating_resolutions()
        self._next_id = 1

    def copy(self) -> AnswerWork:
        other = AnswerWork()
        other.__dict__.update(self.__dict__)
        other.sources = list(self.sources)
        other.refs = dict(self.refs)
        return other

    @property
    def loaded(self) -> bool:
        return bool(self.sources)

    @property
    def has_work(self) -> bool:
        return bool(
            len(self.ratings)
            or len(self.resolutions)
            or self.rubric is not None
            or self.options != AnswerOptions()
        )

    def add_source(
        self,
        file: AnswerFile,
        options: ReadOptions | dict | None = None,
        names: Mapping[str, str] | None = None,
        refs: Mapping[str, SystemRef] | None = None,
    ) -> AnswerSource:
        """Add an answers file. ``names``: file system name → key (default: the
        name itself); ``refs``: key → the run system it is matched to."""
        source = AnswerSource(
            self._next_id, file, ReadOptions.from_dict(options), dict(names or {})
        )
        self._next_id += 1
        self.sources = [*self.sources, source]
        self.refs = {**self.refs, **dict(refs or {})}
        return source

    def remove_source(self, source_id: int) -> None:
        self.sources = [src for src in self.sources if src.id != source_id]

    def clear_files(self) -> None:
        self.sources = []
        self.refs = {}

    def file_rubric(self) -> Rubric | None:
        """The rubric of the last file that has a 루브릭 sheet."""
        for src in reversed(self.sources):
            if src.file.rubric is not None:
                return src.file.rubric
        return None

    def rubric_in_force(self, lang: str = "ko") -> Rubric:
        """The app's rubric, else the last file's 루브릭 sheet, else the default in ``lang``."""
        return self.rubric or self.file_rubric() or default_rubric(lang)

    def keys(self) -> list[str]:
        """Every system key of the answers, in file order."""
        out: list[str] = []
        for src in self.sources:
            for name in src.file.systems:
                out.append(src.key_of(name))
        return list(dict.fromkeys(out))

    def source_files(self) -> list[s.SourceFile]:
        out = []
        for src in self.sources:
            out.extend(src.file.sources)
        return out

    def warnings(self) -> list[Problem]:
        out: list[Problem] = []
        for src in self.sources:
            out.extend(src.file.problems)
        return out


def system_names(study: StudyView) -> dict[str, str]:
    """System key → the name shown: the matched run's name in the study now, else the key."""
    work = study.answers
    current = {info.ref: info.name for info in study.system_infos()}
    return {
        key: current.get(work.refs[key], key) if key in work.refs else key for key in work.keys()
    }


def run_of(study: StudyView, key: str) -> str | None:
    """The study system (current name) an answer system key is matched to, else None."""
    ref = study.answers.refs.get(key)
    if ref is None:
        return None
    return next((i.name for i in study.system_infos() if i.ref == ref), None)


def answers_in_force(study: StudyView) -> pd.DataFrame:
    """One row per (system key, question): the answers of every file (a later
    file's answer replaces an earlier one of the same system and question).
    Columns :data:`ANSWER_COLUMNS` with ``system`` the key."""
    parts = []
    for src in study.answers.sources:
        frame = src.file.answers
        if not len(frame):
            continue
        if src.names:
            frame = frame.assign(
                **{s.SYSTEM: frame[s.SYSTEM].map(lambda n, src=src: src.key_of(n))}
            )
        parts.append(frame)
    if not parts:
        return empty_answers()
    merged = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    merged = merged.drop_duplicates([s.SYSTEM, s.QID], keep="last")
    return merged.reset_index(drop=True)


def ratings_in_force(study: StudyView) -> pd.DataFrame:
    """One row per (question, system key, assessor, criterion): the files'
    ratings, then those given in the app; the app's replaces the same assessor's
    rating of the same item (columns :data:`RATING_COLUMNS`)."""
    parts = []
    for src in study.answers.sources:
        frame = src.file.ratings
        if not len(frame):
            continue
        if src.names:
            frame = frame.assign(
                **{s.SYSTEM: frame[s.SYSTEM].map(lambda n, src=src: src.key_of(n))}
            )
        parts.append(frame.reindex(columns=RATING_COLUMNS))
    app = study.answers.ratings
    if len(app):
        parts.append(app.reindex(columns=RATING_COLUMNS))
    if not parts:
        return empty_ratings()
    merged = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    merged = merged[merged[SCORE].notna()]
    merged = merged.drop_duplicates(RATING_KEY, keep="last").copy()
    merged[SCORE] = merged[SCORE].astype("int64")
    for c in (s.QID, s.SYSTEM, s.ASSESSOR, CRITERION, s.NOTE, TIME):
        merged[c] = merged[c].astype(object).where(merged[c].notna(), "").astype(str)
    return merged.reset_index(drop=True)


def blind_order(question_id: str, keys: Sequence[str], seed: int = DEFAULT_BLIND_SEED) -> list[str]:
    """The systems in the blind mode's order for one question: shuffled by a
    generator seeded with ``seed`` and the question id (the same every time)."""
    order = list(keys)
    random.Random(f"{int(seed)}:{question_id}").shuffle(order)
    return order


def blind_label(index: int, lang: str = "ko") -> str:
    """``답변 A`` / ``Answer A`` for the ``index``-th column in blind mode."""
    letter = chr(ord("A") + index) if index < 26 else str(index + 1)
    return f"답변 {letter}" if lang == "ko" else f"Answer {letter}"


# == edits ============================================================================================
def _records(frame: pd.DataFrame) -> tuple[dict, ...]:
    return tuple(frame.to_dict("records"))


def _without(frame: pd.DataFrame, mask: pd.Series, rows: Sequence[dict], columns) -> pd.DataFrame:
    kept = frame[~mask].reset_index(drop=True) if len(frame) else frame
    if not rows:
        return kept
    extra = pd.DataFrame(list(rows), columns=list(columns))
    return extra if not len(kept) else pd.concat([kept, extra], ignore_index=True)


def _rating_mask(frame: pd.DataFrame, q: str, system: str, assessor: str, criterion: str):
    if not len(frame):
        return pd.Series([], dtype=bool)
    return (
        (frame[s.QID] == q)
        & (frame[s.SYSTEM] == system)
        & (frame[s.ASSESSOR] == assessor)
        & (frame[CRITERION] == criterion)
    )


def _item_mask(frame: pd.DataFrame, q: str, system: str, criterion: str):
    if not len(frame):
        return pd.Series([], dtype=bool)
    return (frame[s.QID] == q) & (frame[s.SYSTEM] == system) & (frame[CRITERION] == criterion)


@dataclass(frozen=True)
class RatingEdit:
    """One assessor's rating of one criterion of one answer (``score`` None:
    taken back). ``shown_as``: how the undo text names the answer (the blind
    mode's "답변 B"), "" to name the system."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    question_id: str
    system: str
    assessor: str
    criterion: str
    score: int | None
    note: str = ""
    time: str = ""
    shown_as: str = ""
    #: the criterion's name when the rating was given (for the undo text)
    criterion_name: str = ""
    replaced: tuple[dict, ...] = ()

    def apply_to(self, study: StudyView) -> None:
        work = study.answers
        mask = _rating_mask(
            work.ratings, self.question_id, self.system, self.assessor, self.criterion
        )
        rows = []
        if self.score is not None or self.note:
            rows = [
                {
                    s.QID: self.question_id,
                    s.SYSTEM: self.system,
                    s.ASSESSOR: self.assessor,
                    CRITERION: self.criterion,
                    SCORE: self.score,
                    s.NOTE: self.note,
                    TIME: self.time,
                    s.ROW: None,
                }
            ]
        work.ratings = _without(work.ratings, mask, rows, RATING_COLUMNS)

    def revert_from(self, study: StudyView) -> None:
        work = study.answers
        mask = _rating_mask(
            work.ratings, self.question_id, self.system, self.assessor, self.criterion
        )
        work.ratings = _without(work.ratings, mask, list(self.replaced), RATING_COLUMNS)


@dataclass(frozen=True)
class RatingResolutionEdit:
    """A disagreement on one criterion of one answer resolved by hand (``score``
    None: back to the policy)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    question_id: str
    system: str
    criterion: str
    score: int | None
    by: str = ""
    reason: str = ""
    time: str = ""
    shown_as: str = ""
    replaced: tuple[dict, ...] = ()

    def apply_to(self, study: StudyView) -> None:
        work = study.answers
        mask = _item_mask(work.resolutions, self.question_id, self.system, self.criterion)
        rows = []
        if self.score is not None:
            rows = [
                {
                    s.QID: self.question_id,
                    s.SYSTEM: self.system,
                    CRITERION: self.criterion,
                    SCORE: self.score,
                    "by": self.by,
                    "reason": self.reason,
                    TIME: self.time,
                }
            ]
        work.resolutions = _without(work.resolutions, mask, rows, RATING_RESOLUTION_COLUMNS)

    def revert_from(self, study: StudyView) -> None:
        work = study.answers
        mask = _item_mask(work.resolutions, self.question_id, self.system, self.criterion)
        work.resolutions = _without(
            work.resolutions, mask, list(self.replaced), RATING_RESOLUTION_COLUMNS
        )


@dataclass(frozen=True)
class RubricEdit:
    """The rubric edited in the app (``after`` None: back to the file's or the default)."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    before: Rubric | None
    after: Rubric | None

    def apply_to(self, study: StudyView) -> None:
        study.answers.rubric = self.after

    def revert_from(self, study: StudyView) -> None:
        study.answers.rubric = self.before


@dataclass(frozen=True)
class AnswerOptionsEdit:
    """The abstention phrases, the raters' policy or the blind seed changed."""

    changes_scores: ClassVar[bool] = False
    changes_systems: ClassVar[bool] = False

    before: AnswerOptions
    after: AnswerOptions

    def apply_to(self, study: StudyView) -> None:
        study.answers.options = self.after

    def revert_from(self, study: StudyView) -> None:
        study.answers.options = self.before


def rating_edit(
    study: StudyView,
    question_id: str,
    system: str,
    criterion: str,
    score: int | None,
    assessor: str,
    note: str | None = None,
    time: str = "",
    shown_as: str = "",
    criterion_name: str = "",
) -> RatingEdit:
    """The edit that gives (``score`` None: takes back) ``assessor``'s rating.
    ``note`` None keeps the note the assessor's rating has in the app."""
    if score is not None and int(score) not in LEVELS:
        raise ValueError(f"a rating is one of {LEVELS}, not {score!r}")
    ratings = study.answers.ratings
    mask = _rating_mask(ratings, str(question_id), str(system), str(assessor), str(criterion))
    replaced = _records(ratings[mask]) if len(ratings) else ()
    if note is None:
        note = str(replaced[0].get(s.NOTE) or "") if replaced else ""
        if not replaced:
            current = ratings_in_force(study)
            hit = current[_rating_mask(current, question_id, system, assessor, criterion)]
            note = str(hit.iloc[0][s.NOTE]) if len(hit) else ""
    if score is None and note and not replaced:
        # only a note: keep the score in force (from a file) beside it
        current = ratings_in_force(study)
        hit = current[_rating_mask(current, question_id, system, assessor, criterion)]
        score = int(hit.iloc[0][SCORE]) if len(hit) else None
    return RatingEdit(
        question_id=str(question_id),
        system=str(system),
        assessor=str(assessor),
        criterion=str(criterion),
        score=None if score is None else int(score),
        note=str(note or ""),
        time=time,
        shown_as=shown_as,
        criterion_name=criterion_name,
        replaced=replaced,
    )


def rating_resolution_edit(
    study: StudyView,
    question_id: str,
    system: str,
    criterion: str,
    score: int | None,
    by: str = "",
    reason: str = "",
    time: str = "",
    shown_as: str = "",
) -> RatingResolutionEdit:
    if score is not None and int(score) not in LEVELS:
        raise ValueError(f"a rating is one of {LEVELS}, not {score!r}")
    res = study.answers.resolutions
    mask = _item_mask(res, str(question_id), str(system), str(criterion))
    return RatingResolutionEdit(
        question_id=str(question_id),
        system=str(system),
        criterion=str(criterion),
        score=None if score is None else int(score),
        by=by,
        reason=reason,
        time=time,
        shown_as=shown_as,
        replaced=_records(res[mask]) if len(res) else (),
    )


def rubric_edit(study: StudyView, rubric: Rubric | None) -> RubricEdit:
    return RubricEdit(study.answers.rubric, rubric)


def options_edit(study: StudyView, **changes: Any) -> AnswerOptionsEdit:
    before = study.answers.options
    if "abstention_phrases" in changes:
        changes["abstention_phrases"] = tuple(
            p.strip() for p in changes["abstention_phrases"] if str(p).strip()
        )
    if "policy" in changes and changes["policy"] not in RATING_POLICIES:
        raise ValueError(f"the policy is one of {RATING_POLICIES}")
    return AnswerOptionsEdit(before, replace(before, **changes))


# == the project section ===========================================================================
SECTION = "answers"


def answers_section(study: StudyView) -> dict | None:
    """The answer work as ``Project.sections["answers"]`` keeps it (None: nothing to keep).

    ``systems``: key → the name of the run it is matched to now (so a project
    reopened finds it again); ``rubric``, ``options``, ``ratings`` and
    ``resolutions`` (records) as in :class:`AnswerWork`. The files themselves
    are project sources (kind ``answers``)."""

    work = study.answers
    if not work.loaded and not work.has_work:
        return None
    current = {info.ref: info.name for info in study.system_infos()}
    return {
        "systems": {key: current[ref] for key, ref in work.refs.items() if ref in current},
        "rubric": work.rubric.to_records() if work.rubric is not None else None,
        "options": work.options.to_dict(),
        "ratings": frame_to_records(work.ratings.reindex(columns=RATING_COLUMNS)),
        "resolutions": frame_to_records(
            work.resolutions.reindex(columns=RATING_RESOLUTION_COLUMNS)
        ),
    }


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def _whole_score(v: Any) -> bool:
    return (
        isinstance(v, int | float)
        and not isinstance(v, bool)
        and float(v).is_integer()
        and int(v) in LEVELS
    )


def _rating_records(
    value: Any, where: str, required: Sequence[str], allow_empty: bool, file: str, problems: list
) -> list[dict]:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.append(_damaged(where, "a list", "목록", file))
        return []
    out = []
    for i, rec in enumerate(value):
        ok = (
            isinstance(rec, dict)
            and all(isinstance(k, str) and _scalar(v) for k, v in rec.items())
            and all(isinstance(rec.get(k), str) for k in required)
        )
        score = rec.get(SCORE) if isinstance(rec, dict) else None
        if ok and not (_whole_score(score) or (allow_empty and score is None)):
            ok = False
        if not ok:
            problems.append(
                _damaged(
                    f"{where}[{i}]",
                    "question_id, system, criterion and a score 0–3",
                    "질문ID, 시스템, 기준과 0–3 점수",
                    file,
                )
            )
            continue
        out.append({**rec, SCORE: None if score is None else int(score)})
    return out


def restore_answers_section(study: StudyView, data: Any, file: str = "") -> list[Problem]:
    """Put back the answer work a project kept (after its files are loaded);
    returns a warning for every damaged field (the rest is kept)."""

    problems: list[Problem] = []
    if data is None:
        return problems
    if not isinstance(data, dict):
        return [_damaged(f"sections.{SECTION}", "an object", "객체", file)]
    work = study.answers
    where = f"sections.{SECTION}"
    systems = data.get("systems") or {}
    if isinstance(systems, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in systems.items()
    ):
        infos = {i.name: i.ref for i in study.system_infos()}
        work.refs = {**work.refs, **{k: infos[v] for k, v in systems.items() if v in infos}}
    else:
        problems.append(_damaged(f"{where}.systems", "key → system", "키 → 시스템", file))
    rubric, found = rubric_from_records(data.get("rubric"), f"{where}.rubric", file)
    problems.extend(found)
    work.rubric = rubric
    options = data.get("options") or {}
    if isinstance(options, dict):
        phrases = options.get("abstention_phrases", list(DEFAULT_ABSTENTION_PHRASES))
        policy = options.get("policy", RATINGS.default)
        seed = options.get("blind_seed", DEFAULT_BLIND_SEED)
        good = AnswerOptions()
        if isinstance(phrases, list) and all(isinstance(p, str) for p in phrases):
            good = replace(good, abstention_phrases=tuple(p for p in phrases if p.strip()))
        else:
            problems.append(
                _damaged(f"{where}.options.abstention_phrases", "texts", "글자 목록", file)
            )
        if policy in RATING_POLICIES:
            good = replace(good, policy=policy)
        else:
            problems.append(_damaged(f"{where}.options.policy", "a policy", "통합 방식", file))
        if isinstance(seed, int) and not isinstance(seed, bool):
            good = replace(good, blind_seed=seed)
        else:
            problems.append(_damaged(f"{where}.options.blind_seed", "a whole number", "정수", file))
        work.options = good
    else:
        problems.append(_damaged(f"{where}.options", "an object", "객체", file))
    ratings = _rating_records(
        data.get("ratings"),
        f"{where}.ratings",
        (s.QID, s.SYSTEM, s.ASSESSOR, CRITERION),
        True,
        file,
        problems,
    )
    resolutions = _rating_records(
        data.get("resolutions"),
        f"{where}.resolutions",
        (s.QID, s.SYSTEM, CRITERION),
        False,
        file,
        problems,
    )
    frame = records_to_frame(ratings, RATING_COLUMNS)[RATING_COLUMNS]
    for c in (s.QID, s.SYSTEM, s.ASSESSOR, CRITERION, s.NOTE, TIME):
        if len(frame):
            frame[c] = frame[c].astype(object).where(frame[c].notna(), "").astype(str)
    work.ratings = frame if len(frame) else empty_ratings()
    res = records_to_frame(resolutions, RATING_RESOLUTION_COLUMNS)[RATING_RESOLUTION_COLUMNS]
    work.resolutions = res if len(res) else empty_rating_resolutions()
    return problems


# == citation checks ================================================================================
@dataclass
class AnswerChecks:
    """What :func:`check_answers` found.

    - ``answers``: one row per answer — ``system`` (the name shown),
      ``key``, ``run`` (the matched study system or None), ``question_id``,
      ``question_type``, ``answerable``, ``abstained``, ``answer``,
      ``model``, ``version``, ``n_citations``, ``flags`` (a tuple, in
      :data:`FLAGS` order), ``citation_precision``, ``core_coverage``,
      ``core_groups``, ``core_cited``.
    - ``citations``: one row per cited passage — ``system``, ``key``,
      ``question_id``, ``order`` (1-based), ``passage_id``, ``known``,
      ``grade`` (float, NaN unjudged), ``relevant``, ``retrieved`` (True /
      False / None when the system has no run), ``rank`` (float, NaN when not
      in the ranking).
    - ``systems``: per system (the name shown) the rates of :func:`system_rates`.
    - ``skipped``: answers to questions the evaluation does not know
      (``system``, ``question_id``).
    """

    answers: pd.DataFrame
    citations: pd.DataFrame
    systems: pd.DataFrame
    skipped: pd.DataFrame
    threshold: int = 1
    warnings: list[Problem] = field(default_factory=list)


ANSWER_CHECK_COLUMNS = [
    "system",
    "key",
    "run",
    s.QID,
    s.QTYPE,
    "answerable",
    "abstained",
    ANSWER_TEXT,
    MODEL,
    VERSION,
    "n_citations",
    "flags",
    "citation_precision",
    "core_coverage",
    "core_groups",
    "core_cited",
]
CITATION_CHECK_COLUMNS = [
    "system",
    "key",
    s.QID,
    "order",
    s.PID,
    "known",
    s.GRADE,
    "relevant",
    "retrieved",
    "rank",
]
#: the per-system rates, in report order
RATE_COLUMNS = [
    "answers",
    "answerable",
    "unanswerable",
    "citations",
    "unknown_rate",
    "not_retrieved_rate",
    "not_relevant_rate",
    "unjudged_rate",
    "citation_precision",
    "core_coverage",
    "no_citation_rate",
    "appropriate_abstention_rate",
    "false_abstention_rate",
]


def _core_groups(qrels: pd.DataFrame | None, threshold: int) -> tuple[dict, dict]:
    """Per question: core group → its passages (core and alternative), and
    passage → the core groups it covers (:func:`evidence_groups`). Only relevant
    passages (grade ≥ θ) count."""
    groups: dict[str, dict[int, set[str]]] = {}
    covers: dict[str, dict[str, set[int]]] = {}
    if qrels is None or not len(qrels) or s.ROLE not in qrels:
        return groups, covers
    found = evidence_groups(qrels, qrels[s.GRADE].astype(int).to_numpy() >= threshold)
    rows = np.flatnonzero(found.covers)
    qids = qrels[s.QID].astype(str).to_numpy(dtype=object)[rows]
    pids = qrels[s.PID].astype(str).to_numpy(dtype=object)[rows]
    for q, p, g in zip(qids.tolist(), pids.tolist(), found.group[rows].tolist()):
        groups.setdefault(q, {}).setdefault(g, set()).add(p)
        covers.setdefault(q, {}).setdefault(p, set()).add(g)
    return groups, covers


def _mean(values: list[float]) -> float:
    values = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return float(sum(values) / len(values)) if values else math.nan


def _rate(k: int, n: int) -> float:
    return k / n if n else math.nan


def check_answers(study: StudyView, results: Results | None) -> AnswerChecks:
    """The automatic checks of every answer in force (see the module doc)."""
    settings = results.settings if results is not None else study.settings
    threshold = int(settings.threshold)
    names = system_names(study)
    runs = study.runs()
    known, grades, qrels = _known_passages_and_grades(study, runs)
    groups, covers = _core_groups(qrels, threshold)
    evaluated, qtype = _evaluated_questions(study, results)
    look = _CitationLookup(
        threshold=threshold,
        known=known,
        grades=grades,
        doc_unit=settings.unit == "document",
        runs_by_key={key: run_of(study, key) for key in study.answers.keys()},
    )
    look.read_rankings(study, results, runs)
    phrases = study.answers.options.abstention_phrases

    answer_rows: list[dict] = []
    citation_rows: list[dict] = []
    skipped: list[dict] = []
    for rec in answers_in_force(study).to_dict("records"):
        key = str(rec[s.SYSTEM])
        q = str(rec[s.QID])
        shown = names.get(key, key)
        if q not in evaluated:
            skipped.append({"system": shown, s.QID: q})
            continue
        answerable = evaluated[q]
        text = str(rec.get(ANSWER_TEXT) or "")
        cited = tuple(rec.get(CITATIONS) or ())
        abstained = is_abstention(text, phrases)
        flags: set[str] = set()
        n_relevant = 0
        cited_groups: set[str] = set()
        for order, pid in enumerate(cited, start=1):
            row = look.citation(shown, key, q, order, pid, flags)
            citation_rows.append(row)
            if row["relevant"]:
                n_relevant += 1
                cited_groups.update(covers.get(q, {}).get(pid, ()))
        if not cited and not abstained:
            flags.add(FLAG_NO_CITATION)
        if answerable and abstained:
            flags.add(FLAG_FALSE_ABSTENTION)
        if not answerable:
            flags.add(FLAG_ABSTENTION if abstained else FLAG_NO_ABSTENTION)
        n_groups = len(groups.get(q, {})) if answerable else 0
        answer_rows.append(
            {
                "system": shown,
                "key": key,
                "run": look.runs_by_key.get(key),
                s.QID: q,
                s.QTYPE: qtype.get(q, ""),
                "answerable": answerable,
                "abstained": abstained,
                ANSWER_TEXT: text,
                MODEL: str(rec.get(MODEL) or ""),
                VERSION: str(rec.get(VERSION) or ""),
                "n_citations": len(cited),
                "flags": tuple(f for f in FLAGS if f in flags),
                "citation_precision": n_relevant / len(cited) if cited else math.nan,
                "core_coverage": len(cited_groups) / n_groups if n_groups else math.nan,
                "core_groups": n_groups,
                "core_cited": len(cited_groups),
            }
        )
    answers_frame = pd.DataFrame(answer_rows, columns=ANSWER_CHECK_COLUMNS)
    citations_frame = pd.DataFrame(citation_rows, columns=CITATION_CHECK_COLUMNS)
    order = [names.get(k, k) for k in study.answers.keys()]
    return AnswerChecks(
        answers_frame,
        citations_frame,
        system_rates(answers_frame, citations_frame, order),
        pd.DataFrame(skipped, columns=["system", s.QID]),
        threshold,
        _check_warnings(study, names, skipped, look.runs_by_key),
    )


def _known_passages_and_grades(
    study: StudyView, runs: pd.DataFrame
) -> tuple[set[str], dict[tuple[str, str], int], pd.DataFrame | None]:
    """Every passage id the study knows (passages sheet, runs, judgments), the grade
    of each judged (question, passage), and the resolved judgments (None without any)."""
    js = study.judgment_set
    known: set[str] = set()
    if js is not None and js.passages is not None and len(js.passages):
        known.update(js.passages[s.PID].astype(str).tolist())
    if len(runs):
        known.update(runs[s.PID].astype(str).unique().tolist())
    grades: dict[tuple[str, str], int] = {}
    qrels = None
    if js is not None:
        qrels = study.qrels()
        known.update(qrels[s.PID].astype(str).tolist())
        grades = dict(
            zip(
                zip(qrels[s.QID].astype(str).tolist(), qrels[s.PID].astype(str).tolist()),
                qrels[s.GRADE].astype(int).tolist(),
            )
        )
    return known, grades, qrels


def _evaluated_questions(
    study: StudyView, results: Results | None
) -> tuple[dict[str, bool], dict[str, str]]:
    """The evaluation's questions: answerable (scored, True) and unanswerable
    (R = 0, False); and each question's type."""
    evaluated: dict[str, bool] = {}
    qtype: dict[str, str] = {}
    if results is not None:
        for q, t in zip(
            results.per_question[s.QID].astype(str).tolist(),
            results.per_question[s.QTYPE].tolist() if s.QTYPE in results.per_question else [],
        ):
            evaluated[q] = True
            qtype.setdefault(
                q, "" if t is None or (isinstance(t, float) and math.isnan(t)) else str(t)
            )
        for q in results.unanswerable:
            evaluated[str(q)] = False
    js = study.judgment_set
    if js is not None and js.questions is not None and len(js.questions):
        for q, t in zip(js.questions[s.QID].astype(str).tolist(), js.questions[s.QTYPE].tolist()):
            if not qtype.get(q) and isinstance(t, str):
                qtype[q] = t
    return evaluated, qtype


@dataclass
class _CitationLookup:
    """What a citation is checked against: the known passages, the grades, and per
    (run system, question) the evaluated ranking, what de-dup removed and the raw run."""

    threshold: int
    known: set[str]
    grades: dict[tuple[str, str], int]
    doc_unit: bool
    #: answers key → the study system whose run it is (None: no run)
    runs_by_key: dict[str, str | None]
    #: (run system, question) → passage (document in the document unit) → position
    positions: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)
    removed: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    retrieved_raw: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    doc_of: dict[str, str] = field(default_factory=dict)
    relevant_flag: dict[tuple[str, str], bool] = field(default_factory=dict)

    def read_rankings(self, study: StudyView, results: Results | None, runs: pd.DataFrame) -> None:
        js = study.judgment_set
        if self.doc_unit and js is not None and js.passages is not None and s.DOCID in js.passages:
            self.doc_of = dict(
                zip(
                    js.passages[s.PID].astype(str).tolist(),
                    js.passages[s.DOCID].fillna("").astype(str).tolist(),
                )
            )
        if results is not None and len(results.ranking):
            rk = results.ranking
            for sysname, q, pid, pos in zip(
                rk[s.SYSTEM].astype(str).tolist(),
                rk[s.QID].astype(str).tolist(),
                rk[s.PID].astype(str).tolist(),
                rk["position"].tolist(),
            ):
                self.positions.setdefault((sysname, q), {}).setdefault(pid, int(pos))
            sk = results.skipped
            if sk is not None and len(sk):
                for sysname, q, pid in zip(
                    sk[s.SYSTEM].astype(str).tolist(),
                    sk[s.QID].astype(str).tolist(),
                    sk[s.PID].astype(str).tolist(),
                ):
                    self.removed.setdefault((sysname, q), set()).add(pid)
        if len(runs):
            for sysname, q, pid in zip(
                runs[s.SYSTEM].astype(str).tolist(),
                runs[s.QID].astype(str).tolist(),
                runs[s.PID].astype(str).tolist(),
            ):
                self.retrieved_raw.setdefault((sysname, q), set()).add(pid)
        if results is not None and not self.doc_unit and len(results.qrels):
            self.relevant_flag = dict(
                zip(
                    zip(
                        results.qrels[s.QID].astype(str).tolist(),
                        results.qrels[s.PID].astype(str).tolist(),
                    ),
                    results.qrels["relevant"].astype(bool).tolist(),
                )
            )

    def citation(
        self, shown: str, key: str, q: str, order: int, pid: str, flags: set[str]
    ) -> dict:
        """The check of one cited passage (a row of ``AnswerChecks.citations``); the
        answer's ``flags`` gain what it finds."""
        is_known = pid in self.known
        grade = self.grades.get((q, pid))
        if grade is not None and self.relevant_flag:
            relevant = bool(self.relevant_flag.get((q, pid), grade >= self.threshold))
        else:
            relevant = grade is not None and grade >= self.threshold
        rank = math.nan
        retrieved: bool | None = None
        run = self.runs_by_key.get(key)
        if run is not None:
            lookup = self.doc_of.get(pid, pid) if self.doc_unit else pid
            where = self.positions.get((run, q), {})
            if lookup in where:
                rank = float(where[lookup])
            retrieved = (
                lookup in where
                or lookup in self.removed.get((run, q), set())
                or pid in self.retrieved_raw.get((run, q), set())
            )
        if not is_known:
            flags.add(FLAG_UNKNOWN)
        elif retrieved is False:
            flags.add(FLAG_NOT_RETRIEVED)
        if is_known and grade is None:
            flags.add(FLAG_UNJUDGED)
        elif grade is not None and not relevant:
            flags.add(FLAG_NOT_RELEVANT)
        return {
            "system": shown,
            "key": key,
            s.QID: q,
            "order": order,
            s.PID: pid,
            "known": is_known,
            s.GRADE: math.nan if grade is None else float(grade),
            "relevant": relevant,
            "retrieved": retrieved,
            "rank": rank,
        }


def _check_warnings(
    study: StudyView,
    names: Mapping[str, str],
    skipped: list[dict],
    runs_by_key: Mapping[str, str | None],
) -> list[Problem]:
    """The answer set's own warnings, answers to unknown questions, answers with no run."""
    warnings = list(study.answers.warnings())
    if skipped:
        shown_ids = ids_text({r[s.QID] for r in skipped}, shown=10)
        warnings.append(
            warning(
                "answers_unknown_questions",
                f"{len(skipped)} answer(s) are to questions the judgments do not have "
                f"({shown_ids}); they are not checked or rated.",
                f"판정에 없는 질문에 대한 답변 {len(skipped)}개는 점검하거나 평가하지 않습니다"
                f"({shown_ids}).",
            )
        )
    for key, run in runs_by_key.items():
        if run is None:
            name = names.get(key, key)
            warnings.append(
                warning(
                    "answers_no_run",
                    f"The answers of '{name}' match no system's results, so it cannot be checked "
                    "whether their citations were retrieved.",
                    f"'{name}'의 답변은 어느 시스템의 검색 결과와도 이어지지 않아, 인용한 문단이 "
                    "검색되었는지 확인할 수 없습니다.",
                )
            )
    return warnings


def system_rates(
    answers: pd.DataFrame, citations: pd.DataFrame, order: Sequence[str] | None = None
) -> pd.DataFrame:
    """Per system (index, in ``order``) the check rates:

    - ``answers`` / ``answerable`` / ``unanswerable``: answers checked;
    - ``citations``: passages cited (over all answers);
    - ``unknown_rate``: unknown citations / citations;
    - ``not_retrieved_rate``: known citations not retrieved / known citations
      (NaN when the system has no run);
    - ``not_relevant_rate``: citations judged below θ / citations;
      ``unjudged_rate``: known unjudged citations / citations;
    - ``citation_precision``: mean over answers with citations of their
      citation precision;
    - ``core_coverage``: mean over answers to answerable questions with core
      evidence (an abstention covers nothing);
    - ``no_citation_rate``: answers without citation / answers that do not abstain;
    - ``appropriate_abstention_rate``: abstentions / answers to unanswerable
      questions; ``false_abstention_rate``: abstentions / answers to
      answerable questions.
    """
    names = list(order) if order is not None else []
    for n in answers["system"].tolist() if len(answers) else []:
        if n not in names:
            names.append(n)
    rows = {}
    for name in names:
        a = answers[answers["system"] == name] if len(answers) else answers
        c = citations[citations["system"] == name] if len(citations) else citations
        n_cit = len(c)
        known = c[c["known"].astype(bool)] if n_cit else c
        with_run = known[known["retrieved"].notna()] if len(known) else known
        not_retrieved = (
            int((with_run["retrieved"] == False).sum())  # noqa: E712 - a column of objects
            if len(with_run)
            else 0
        )
        answerable = a[a["answerable"].astype(bool)] if len(a) else a
        unanswerable = a[~a["answerable"].astype(bool)] if len(a) else a
        speaking = a[~a["abstained"].astype(bool)] if len(a) else a
        rows[name] = {
            "answers": len(a),
            "answerable": len(answerable),
            "unanswerable": len(unanswerable),
            "citations": n_cit,
            "unknown_rate": _rate(int((~c["known"].astype(bool)).sum()) if n_cit else 0, n_cit),
            "not_retrieved_rate": _rate(not_retrieved, len(with_run))
            if len(with_run)
            else math.nan,
            "not_relevant_rate": _rate(
                int((c[s.GRADE].notna() & ~c["relevant"].astype(bool)).sum()) if n_cit else 0, n_cit
            ),
            "unjudged_rate": _rate(
                int((c["known"].astype(bool) & c[s.GRADE].isna()).sum()) if n_cit else 0, n_cit
            ),
            "citation_precision": _mean(a["citation_precision"].tolist()) if len(a) else math.nan,
            "core_coverage": _mean(
                [v for v, g in zip(answerable["core_coverage"], answerable["core_groups"]) if g]
            )
            if len(answerable)
            else math.nan,
            "no_citation_rate": _rate(
                int((speaking["n_citations"] == 0).sum()) if len(speaking) else 0, len(speaking)
            ),
            "appropriate_abstention_rate": _rate(
                int(unanswerable["abstained"].astype(bool).sum()) if len(unanswerable) else 0,
                len(unanswerable),
            ),
            "false_abstention_rate": _rate(
                int(answerable["abstained"].astype(bool).sum()) if len(answerable) else 0,
                len(answerable),
            ),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=RATE_COLUMNS)
    for c in ("answers", "answerable", "unanswerable", "citations"):
        frame[c] = frame[c].astype("int64") if len(frame) else frame[c]
    return frame
