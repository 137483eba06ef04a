"""Canonical column names and the containers every reader produces.

Readers turn whatever headers a user typed into these names; everything
downstream (metrics, agreement, report, UI) speaks only these names.
Ids are always text (``str``); grades are ``int`` 0–3 (or the scale in use).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.model.choices import (
    DEDUPS,
    GAINS,
    ORDERS,
    RESOLUTIONS,
    UNITS,
    Choices,
    Dedup,
    Gain,
    Order,
    Resolution,
    Unit,
)
from workbench.core.model.measure_names import parse_measure
from workbench.core.model.problems import Problem

# -- judgments sheet ---------------------------------------------------------
QID = "question_id"
PID = "passage_id"
GRADE = "grade"
ASSESSOR = "assessor"  # "" when the file has no assessor column
ROLE = "role"  # "core" | "supporting" | "alternative" | ""
GROUP = "group"  # evidence group id, "" when none
NOTE = "note"
#: the sentence of the passage that answers the question (optional column 근거 문장)
EVIDENCE = "evidence_sentence"
ROW = "source_row"  # Excel row number (or text line) the record came from

# -- run sheets --------------------------------------------------------------
SYSTEM = "system"
RANK = "rank"  # float, NaN when the file has no rank
SCORE = "score"  # float, NaN when the file has no score
TEXT = "text"  # passage text given in the run, "" when none

# -- questions sheet ---------------------------------------------------------
QTEXT = "question_text"
QTYPE = "question_type"  # "" when unknown
ANSWERABLE = "answerable"  # pandas "boolean" dtype, <NA> when not stated

# -- passages sheet ----------------------------------------------------------
DOCID = "document_id"
CHUNK = "chunk"  # chunk index within its document, Int64
VOLUME = "volume"  # 권
LECTURE = "lecture"  # 강연
PAGE = "page"  # 페이지
DATE = "date"  # 날짜

ROLES = ("core", "supporting", "alternative")
#: role words typed in Korean, read as the roles above
ROLE_WORDS = {"핵심": "core", "보조": "supporting", "대체": "alternative"}


def evidence_roles(col: pd.Series) -> np.ndarray:
    """Each cell's evidence role: core / supporting / alternative, else the word as
    typed (trimmed, lower case), "" for an empty cell. Cleaned once per distinct
    value: qrels have hundreds of thousands of rows and a few roles."""
    codes, uniques = pd.factorize(col.to_numpy(dtype=object), use_na_sentinel=True)
    words = [str(u).strip().lower() for u in uniques]
    keys = np.array([ROLE_WORDS.get(w, w) for w in words] + [""], dtype=object)
    return keys[codes]  # code −1 (an empty cell) takes the last entry, ""


JUDGMENT_COLUMNS = [QID, PID, GRADE, ASSESSOR, ROLE, GROUP, NOTE, ROW]
RUN_COLUMNS = [SYSTEM, QID, PID, RANK, SCORE, TEXT, ROW]
QUESTION_COLUMNS = [QID, QTEXT, QTYPE, ANSWERABLE, NOTE]
PASSAGE_COLUMNS = [PID, DOCID, TEXT, VOLUME, LECTURE, PAGE, DATE, CHUNK]
#: hand resolutions: who resolved (``by``), why, and when (text as written)
RESOLUTION_COLUMNS = [QID, PID, GRADE, "by", "reason", "time"]
#: evidence sentences of the judgments sheet: one row per (question, passage,
#: sentence), with the assessor who wrote it and the Excel row
EVIDENCE_COLUMNS = [QID, PID, EVIDENCE, ASSESSOR, ROW]


@dataclass(frozen=True)
class SourceFile:
    """An input file as read: where it was and its SHA-256 at read time."""

    path: str
    sha256: str
    sheet: str | None = None

    @property
    def name(self) -> str:
        from pathlib import Path

        return Path(self.path).name


@dataclass
class JudgmentSet:
    """Everything read from a judgments workbook (or TREC qrels / JSON file).

    ``judgments`` keeps one row per (question, passage, assessor) — before any
    adjudication; :mod:`workbench.core.measures.agreement` resolves it to one grade.
    """

    judgments: pd.DataFrame  # JUDGMENT_COLUMNS
    questions: pd.DataFrame | None = None  # QUESTION_COLUMNS
    passages: pd.DataFrame | None = None  # PASSAGE_COLUMNS
    sources: list[SourceFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # warnings only
    #: grades resolved by hand, read back from a 조정/resolutions sheet
    #: (RESOLUTION_COLUMNS), None when the file has no such sheet
    resolutions: pd.DataFrame | None = None
    #: the 근거 문장 column (EVIDENCE_COLUMNS), None when the sheet has none
    evidence: pd.DataFrame | None = None
    #: the evaluation manual of a 매뉴얼/manual sheet
    #: (:class:`workbench.core.protocol.manual.Manual`), None when the file has none
    manual: Any = None
    #: (question_id, passage_id) judged with a negative grade in TREC qrels
    #: (graded 0 here; trec_eval counts them as unjudged), None when none
    unjudged: pd.DataFrame | None = None

    @property
    def assessors(self) -> list[str]:
        names = self.judgments[ASSESSOR].unique().tolist()
        return sorted(n for n in names if n)


@dataclass
class RunSet:
    """Ranked lists of one or more systems, read from one file."""

    runs: pd.DataFrame  # RUN_COLUMNS
    sources: list[SourceFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # warnings only
    #: system name → the sheet it was read from (workbooks with one sheet per
    #: system, or a system column on one sheet); empty for text files
    system_sheets: dict[str, str] = field(default_factory=dict)
    #: the system cards of a 시스템 정보 sheet (``system`` + the card fields, see
    #: :mod:`workbench.core.io.system_info`), None when the file has none
    system_info: pd.DataFrame | None = None
    #: (the frame, its systems): asked for by every tooltip and legend, and a
    #: run of millions of rows takes ~20 ms to list them
    _systems_of: tuple[Any, list[str]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    #: (the frame, its systems' question counts): see question_counts
    _questions_of: tuple[Any, dict[str, int]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def systems(self) -> list[str]:
        """The systems in the order they first appear (nobody changes a RunSet's
        frame in place: a rename makes a new frame)."""
        if self._systems_of is None or self._systems_of[0] is not self.runs:
            self._systems_of = (self.runs, [str(n) for n in pd.unique(self.runs[SYSTEM])])
        return list(self._systems_of[1])

    def question_counts(self) -> dict[str, int]:
        """How many distinct questions each system has lists for (a missing
        question id not counted), by system name. The start page shows them
        on the window's thread: selecting each system's rows of a 2M-row run
        and counting its questions took ~0.1 s a system; the readers'
        categorical codes, at the rows where a list begins, take a few ms."""
        if self._questions_of is None or self._questions_of[0] is not self.runs:
            self._questions_of = (self.runs, _question_counts(self.runs))
        return dict(self._questions_of[1])


def _question_counts(runs: pd.DataFrame) -> dict[str, int]:
    systems, questions = runs[SYSTEM], runs[QID]
    if not (
        isinstance(systems.dtype, pd.CategoricalDtype)
        and isinstance(questions.dtype, pd.CategoricalDtype)
    ):
        return {
            str(name): int(runs.loc[systems == name, QID].nunique())
            for name in pd.unique(systems.dropna())
        }
    sys_codes = np.asarray(systems.array.codes, dtype=np.int64)
    q_codes = np.asarray(questions.array.codes, dtype=np.int64)
    if not sys_codes.size:
        return {}
    # each list's rows mostly lie together: its (system, question) pair is read
    # where either changes, and pairs seen twice are counted once
    heads = np.empty(sys_codes.size, dtype=bool)
    heads[0] = True
    np.not_equal(sys_codes[1:], sys_codes[:-1], out=heads[1:])
    heads[1:] |= q_codes[1:] != q_codes[:-1]
    s_at, q_at = sys_codes[heads], q_codes[heads]
    n_q = max(len(questions.cat.categories), 1)
    keep = (s_at >= 0) & (q_at >= 0)
    pairs = np.unique(s_at[keep] * n_q + q_at[keep])
    counts = np.bincount(pairs // n_q, minlength=len(systems.cat.categories))
    names = systems.cat.categories
    return {str(names[c]): int(counts[c]) for c in np.unique(s_at[s_at >= 0])}




@dataclass(frozen=True)
class EvalSettings:
    """Every choice that changes a number. Written into every report.

    - ``ks``: cutoffs for the @K measures.
    - ``threshold``: θ — a passage is relevant iff its grade ≥ θ.
    - ``gain``: nDCG gain, ``2**g - 1`` (exponential, the seeds) or ``g``
      (linear, = trec_eval ``ndcg_cut``).
    - ``order``: ``rank`` (rank column; ties by score desc then passage id),
      ``score`` (score desc then passage id asc), ``trec`` (score desc then
      passage id desc — trec_eval's rule; the rank column is ignored).
    - ``dedup``: ``none`` (a repeated passage counts once), ``document`` (one
      passage per document), ``adjacent`` (drop chunks within ±``window`` of a
      kept chunk of the same document).
    - ``unit``: evaluate passages, or documents (a document's grade is its best
      passage's grade).
    - ``score_floor``: a system abstains on a question when it returns nothing
      with a score ≥ this floor (None: only when it returns nothing).
    - ``resolution`` / ``adjudicator``: how several assessors' grades become one.
    - ``trec_compat``: trec_eval's conventions — a judged question without
      relevant evidence stays in the means (scoring 0), and Judged@K counts a
      grade below 0 in TREC qrels as unjudged (trec_eval ``unj``). Off: such
      questions are left out of the means and reported apart, as the seeds ask.
    - ``depth``: only the first N places of each ordered list are evaluated
      (trec_eval ``-M N``); None: the whole list.
    - ``measures``: the measures to report, by registry name (``"nDCG"``,
      ``"MAP"``, ``"P@10"``…); None: the default set for ``ks``.
    """

    ks: tuple[int, ...] = (1, 3, 5, 10)
    threshold: int = 1
    gain: Gain = GAINS.default
    order: Order = ORDERS.default
    dedup: Dedup = DEDUPS.default
    window: int = 1
    unit: Unit = UNITS.default
    score_floor: float | None = None
    resolution: Resolution = RESOLUTIONS.default
    adjudicator: str | None = None
    trec_compat: bool = False
    depth: int | None = None
    measures: tuple[str, ...] | None = None

    def to_dict(self) -> dict:
        return {
            "ks": list(self.ks),
            "threshold": self.threshold,
            "gain": self.gain,
            "order": self.order,
            "dedup": self.dedup,
            "window": self.window,
            "unit": self.unit,
            "score_floor": self.score_floor,
            "resolution": self.resolution,
            "adjudicator": self.adjudicator,
            "trec_compat": self.trec_compat,
            "depth": self.depth,
            "measures": list(self.measures) if self.measures is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict) -> EvalSettings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "ks" in known:
            known["ks"] = tuple(int(k) for k in known["ks"])
        if known.get("measures") is not None:
            known["measures"] = tuple(str(m) for m in known["measures"])
        if known.get("depth") is not None:
            known["depth"] = int(known["depth"])
        if "trec_compat" in known:
            known["trec_compat"] = bool(known["trec_compat"])
        return cls(**known)


# -- what a setting may be --------------------------------------------------------
def _whole(value: Any, low: int, high: int | None = None) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= low
        and (high is None or value <= high)
    )


def _measure_names(value: Any) -> bool:
    # the metrics module reads measure names; imported here only when a list is checked

    if not isinstance(value, list | tuple) or not value:
        return False
    try:
        return all(isinstance(name, str) and parse_measure(name) for name in value)
    except ValueError:
        return False


#: the largest cutoff K, window or pooling depth a setting may hold: deeper than
#: any real run, and small enough that the tables it sizes fit in memory (a
#: project asking for K = 10⁹ would otherwise allocate gigabytes)
MAX_CUTOFF = 10_000


def _one_of(choices: Choices) -> tuple[Any, str, str]:
    return (lambda v: v in choices.keys, choices.keys_text("en"), choices.keys_text("ko"))


#: each setting of :class:`EvalSettings` as a project file or a caller may give it
#: (JSON values: a list where the settings hold a tuple): the check, then what it
#: should be in English and in Korean, for the warning when it is not
SETTING_RULES: dict[str, tuple[Any, str, str]] = {
    "ks": (
        lambda v: (
            isinstance(v, list | tuple) and bool(v) and all(_whole(k, 1, MAX_CUTOFF) for k in v)
        ),
        f"cutoffs K from 1 to {MAX_CUTOFF:,}",
        f"1~{MAX_CUTOFF:,}의 K 목록",
    ),
    "threshold": (lambda v: _whole(v, 1, 3), "a grade from 1 to 3", "1~3의 등급"),
    "gain": _one_of(GAINS),
    "order": _one_of(ORDERS),
    "dedup": _one_of(DEDUPS),
    "window": (
        lambda v: _whole(v, 0, MAX_CUTOFF),
        f"a whole number from 0 to {MAX_CUTOFF:,}",
        f"0~{MAX_CUTOFF:,}의 정수",
    ),
    "unit": _one_of(UNITS),
    "score_floor": (
        lambda v: (
            v is None
            or (isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v))
        ),
        "a number or nothing",
        "숫자 또는 빈 값",
    ),
    "resolution": _one_of(RESOLUTIONS),
    "adjudicator": (
        lambda v: v is None or isinstance(v, str),
        "a name or nothing",
        "이름 또는 빈 값",
    ),
    "trec_compat": (lambda v: isinstance(v, bool), "true or false", "true 또는 false"),
    "depth": (
        lambda v: v is None or _whole(v, 1, MAX_CUTOFF),
        f"a whole number from 1 to {MAX_CUTOFF:,}, or nothing",
        f"1~{MAX_CUTOFF:,}의 정수 또는 빈 값",
    ),
    "measures": (
        lambda v: v is None or _measure_names(v),
        "measure names such as nDCG, MAP, P@10, or nothing",
        "nDCG, MAP, P@10 같은 지표 이름 또는 빈 값",
    ),
}


def setting_ok(name: str, value: Any) -> bool:
    """Whether ``value`` is a valid value of the setting ``name`` of
    :class:`EvalSettings` (one evaluation could run with it); False for a name
    that is not a setting."""
    rule = SETTING_RULES.get(name)
    return rule is not None and bool(rule[0](value))
