"""Column mapping: which header of a sheet holds which canonical column.

Headers are matched to roles (the canonical column names of
:mod:`workbench.core.model.schema`) through Korean and English synonyms, after
normalising case, spaces, underscores, hyphens, dots and a trailing
parenthesised remark (``등급 (0~3)`` → ``등급``). The hand-typed "wide" run
layout has one column per rank (``1, 2, 3…``, ``rank1…``, ``1위…``,
``top1…``); such a column gets the role ``"rank@N"`` (see :func:`wide_rank`).

Some headers mean different things on different sheets: ``문서ID`` is the
document id on a passages sheet but, when it is the only id column, the
passage id on a judgments or run sheet; :func:`detect_mapping` applies
those rules once the kind of sheet is known.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from workbench.core.model import schema as S

SheetKind = Literal["judgments", "questions", "passages", "run", "run_wide", "unknown"]

#: Roles a user can give a column, in the order a mapping dropdown lists them.
ROLE_CHOICES: tuple[str, ...] = (
    S.QID,
    S.PID,
    S.GRADE,
    S.ASSESSOR,
    S.ROLE,
    S.GROUP,
    S.NOTE,
    S.EVIDENCE,
    S.SYSTEM,
    S.RANK,
    S.SCORE,
    S.TEXT,
    S.QTEXT,
    S.QTYPE,
    S.ANSWERABLE,
    S.DOCID,
    S.CHUNK,
    S.VOLUME,
    S.LECTURE,
    S.PAGE,
    S.DATE,
)

#: Display names of the roles: (Korean, English).
ROLE_LABELS: dict[str, tuple[str, str]] = {
    S.QID: ("질문ID", "question id"),
    S.PID: ("문단ID", "passage id"),
    S.GRADE: ("등급", "grade"),
    S.ASSESSOR: ("평가자", "assessor"),
    S.ROLE: ("근거역할", "evidence role"),
    S.GROUP: ("근거그룹", "evidence group"),
    S.NOTE: ("메모", "note"),
    S.EVIDENCE: ("근거문장", "evidence sentence"),
    S.SYSTEM: ("시스템", "system"),
    S.RANK: ("순위", "rank"),
    S.SCORE: ("점수", "score"),
    S.TEXT: ("본문", "passage text"),
    S.QTEXT: ("질문", "question text"),
    S.QTYPE: ("질문유형", "question type"),
    S.ANSWERABLE: ("답변가능", "answerable"),
    S.DOCID: ("문서ID", "document id"),
    S.CHUNK: ("청크번호", "chunk index"),
    S.VOLUME: ("권", "volume"),
    S.LECTURE: ("강연", "lecture"),
    S.PAGE: ("페이지", "page"),
    S.DATE: ("날짜", "date"),
}

_SYNONYMS: dict[str, tuple[str, ...]] = {
    S.QID: (
        "질문id",
        "질문아이디",
        "질문번호",
        "질문코드",
        "질문no",
        "문항",
        "문항id",
        "문항번호",
        "질의id",
        "질의번호",
        "쿼리id",
        "쿼리번호",
        "qid",
        "queryid",
        "questionid",
        "questionno",
        "questionnumber",
        "qno",
        "topic",
        "topicid",
        "topicno",
        "query_id",
        "question_id",
    ),
    S.PID: (
        "문단id",
        "문단아이디",
        "문단번호",
        "문단코드",
        "청크id",
        "청크아이디",
        "단락id",
        "단락번호",
        "패시지id",
        "근거id",
        "근거문단",
        "근거문단id",
        "정답문단",
        "정답문단id",
        "검색문단",
        "검색결과",
        "결과문단",
        "passageid",
        "passage",
        "pid",
        "chunkid",
        "paragraphid",
        "segmentid",
        "passage_id",
        "chunk_id",
        "para_id",
        "paraid",
        "문단",
    ),
    S.GRADE: (
        "등급",
        "관련도",
        "관련성",
        "관련등급",
        "적합도",
        "적합성",
        "정답등급",
        "판정",
        "판정등급",
        "평가등급",
        "평가",
        "레이블",
        "라벨",
        "grade",
        "relevance",
        "rel",
        "label",
        "judgment",
        "judgement",
        "relevancegrade",
        "relevancelevel",
    ),
    S.ASSESSOR: (
        "평가자",
        "검수자",
        "판정자",
        "채점자",
        "작성자",
        "평가자명",
        "assessor",
        "annotator",
        "judge",
        "rater",
        "evaluator",
        "reviewer",
    ),
    S.ROLE: ("근거역할", "역할", "근거유형", "근거구분", "evidencerole", "role"),
    S.GROUP: ("근거그룹", "그룹", "근거묶음", "evidencegroup", "group", "groupid"),
    S.NOTE: (
        "메모",
        "비고",
        "노트",
        "참고",
        "note",
        "notes",
        "comment",
        "comments",
        "remark",
        "remarks",
        "memo",
    ),
    S.EVIDENCE: (
        "근거문장",
        "근거 문장",
        "정답문장",
        "답변문장",
        "답문장",
        "근거구절",
        "evidencesentence",
        "evidence_sentence",
        "answersentence",
        "answer_sentence",
        "supportingsentence",
    ),
    S.SYSTEM: (
        "시스템",
        "시스템명",
        "모델",
        "모델명",
        "검색기",
        "검색방식",
        "방법",
        "run",
        "runid",
        "runname",
        "tag",
        "system",
        "systemname",
        "model",
        "method",
        "retriever",
    ),
    S.RANK: ("순위", "등수", "랭크", "순번", "rank", "ranking", "position", "pos"),
    S.SCORE: (
        "점수",
        "유사도",
        "스코어",
        "검색점수",
        "유사도점수",
        "score",
        "similarity",
        "sim",
        "retrievalscore",
    ),
    S.TEXT: (
        "본문",
        "내용",
        "문단내용",
        "문단본문",
        "문단텍스트",
        "텍스트",
        "청크내용",
        "청크본문",
        "원문",
        "text",
        "content",
        "contents",
        "passagetext",
        "body",
        "chunktext",
        "passage_text",
    ),
    S.QTEXT: (
        "질문",
        "질문내용",
        "질문문",
        "질문텍스트",
        "질의",
        "질의내용",
        "쿼리",
        "question",
        "query",
        "questiontext",
        "querytext",
    ),
    S.QTYPE: (
        "질문유형",
        "유형",
        "질문종류",
        "종류",
        "분류",
        "카테고리",
        "질문분류",
        "type",
        "questiontype",
        "category",
        "qtype",
        "querytype",
    ),
    S.ANSWERABLE: (
        "답변가능",
        "답변가능여부",
        "응답가능",
        "응답가능여부",
        "답변가능성",
        "정답유무",
        "정답여부",
        "answerable",
        "hasanswer",
        "isanswerable",
    ),
    S.DOCID: (
        "문서id",
        "문서아이디",
        "문서번호",
        "문서",
        "원문id",
        "documentid",
        "docid",
        "doc",
        "docno",
        "document",
        "document_id",
        "doc_id",
    ),
    S.CHUNK: (
        "청크번호",
        "청크순번",
        "청크",
        "청크인덱스",
        "문단순번",
        "chunk",
        "chunkindex",
        "chunkno",
        "chunkidx",
        "chunknumber",
        "chunk_index",
    ),
    S.VOLUME: ("권", "권수", "권호", "권번호", "volume", "vol", "book"),
    S.LECTURE: (
        "강연",
        "강연제목",
        "강연명",
        "말씀제목",
        "제목",
        "lecture",
        "title",
        "sermon",
        "talk",
    ),
    S.PAGE: ("페이지", "쪽", "면", "page", "pages", "pageno"),
    S.DATE: ("날짜", "일자", "강연일", "강연날짜", "일시", "date"),
}

_PAREN = re.compile(r"[\(\[（【][^\)\]）】]*[\)\]）】]")
_CLOSERS = ")]）】"
_STRIP = re.compile(r"[\s_\-\.·:/#]+")


def _without_remarks(text: str) -> str:
    """``text`` less its (remarks). An opening bracket with no closing one after
    it cannot start a remark, so the search stops at the last closing bracket:
    without that, every one of n unclosed brackets is tried against the rest
    of the text (n² steps; a cell of 20,000 '[' took seconds)."""
    last = max(text.rfind(c) for c in _CLOSERS)
    if last < 0:
        return text
    return _PAREN.sub("", text[: last + 1]) + text[last + 1 :]


def normalize_header(text: str) -> str:
    """Lower case, NFC, without spaces/underscores/hyphens/dots or a (remark)."""
    text = unicodedata.normalize("NFC", str(text)).strip()
    stripped = _without_remarks(text)
    if _STRIP.sub("", stripped):
        text = stripped
    else:  # the remark is the whole header: keep its words
        text = re.sub(r"[\(\)\[\]（）【】]", "", text)
    return _STRIP.sub("", text).casefold()


_LOOKUP: dict[str, str] = {}
for _role, _names in _SYNONYMS.items():
    for _name in _names:
        _LOOKUP.setdefault(normalize_header(_name), _role)

_WIDE = re.compile(r"^(?:rank|top|순위|no|r)?(\d{1,4})(?:위|등|순위|번|번째|st|nd|rd|th)?$")


def wide_position(header: str) -> int | None:
    """The rank a wide-layout column stands for (``"3"``, ``"rank3"``, ``"3위"`` → 3)."""
    m = _WIDE.match(normalize_header(header))
    if not m:
        return None
    n = int(m.group(1))
    return n if n >= 1 else None


def wide_rank(role: str | None) -> int | None:
    """The rank of a ``"rank@N"`` role, else None."""
    if role and role.startswith(f"{S.RANK}@"):
        try:
            return int(role.split("@", 1)[1])
        except ValueError:
            return None
    return None


def role_label(role: str | None, lang: str = "ko") -> str:
    """A role's display name (``"rank@3"`` → ``"순위 3"``; None → ``"(무시)"``)."""
    if role is None:
        return "(무시)" if lang == "ko" else "(ignore)"
    n = wide_rank(role)
    if n is not None:
        return f"순위 {n}" if lang == "ko" else f"rank {n}"
    ko, en = ROLE_LABELS.get(role, (role, role))
    return ko if lang == "ko" else en


def header_role(header: str) -> str | None:
    """The role a header names by itself (no sheet context), else None."""
    return _LOOKUP.get(normalize_header(header))


@dataclass
class ColumnMapping:
    """Header → role (a canonical column name, ``"rank@N"`` or None = ignore).

    Keeps the sheet's column order. JSON-safe through :meth:`to_dict` /
    :meth:`from_dict` so a confirmed mapping can live in the project file.
    """

    roles: dict[str, str | None] = field(default_factory=dict)

    # -- mapping protocol -------------------------------------------------
    def __getitem__(self, header: str) -> str | None:
        return self.roles[header]

    def __setitem__(self, header: str, role: str | None) -> None:
        self.roles[header] = role

    def __contains__(self, header: object) -> bool:
        return header in self.roles

    def __iter__(self) -> Iterator[str]:
        return iter(self.roles)

    def __len__(self) -> int:
        return len(self.roles)

    def get(self, header: str, default: str | None = None) -> str | None:
        return self.roles.get(header, default)

    def items(self):
        return self.roles.items()

    # -- queries ----------------------------------------------------------
    def header_for(self, role: str) -> str | None:
        """The first header mapped to ``role``."""
        for header, r in self.roles.items():
            if r == role:
                return header
        return None

    def has(self, role: str) -> bool:
        return self.header_for(role) is not None

    @property
    def mapped_roles(self) -> set[str]:
        return {r for r in self.roles.values() if r}

    def missing(self, required: Iterable[str]) -> list[str]:
        """The roles of ``required`` no header is mapped to."""
        have = self.mapped_roles
        return [r for r in required if r not in have]

    @property
    def wide_columns(self) -> dict[str, int]:
        """Header → rank for the columns of the wide run layout."""
        out = {}
        for header, role in self.roles.items():
            n = wide_rank(role)
            if n is not None:
                out[header] = n
        return out

    # -- persistence ------------------------------------------------------
    def to_dict(self) -> dict:
        return {"roles": dict(self.roles)}

    @classmethod
    def from_dict(cls, data: dict) -> ColumnMapping:
        if not isinstance(data, dict):
            return cls({})
        # to_dict's form, or the plain header → role form of older project files
        # (whose roles are never maps, even for a column headed "roles")
        roles = data["roles"] if isinstance(data.get("roles"), dict) else data
        return cls({str(k): (str(v) if v else None) for k, v in roles.items()})

    def copy(self) -> ColumnMapping:
        return ColumnMapping(dict(self.roles))


# -- sheet names --------------------------------------------------------------
_SHEET_NAMES: dict[str, tuple[str, ...]] = {
    "judgments": (
        "평가",
        "판정",
        "정답",
        "정답셋",
        "적합성",
        "관련성",
        "평가결과",
        "판정결과",
        "judgments",
        "judgements",
        "judgment",
        "qrels",
        "relevance",
        "labels",
        "gold",
        "goldstandard",
        "groundtruth",
        "annotations",
    ),
    "questions": (
        "질문",
        "문항",
        "질의",
        "질문목록",
        "questions",
        "question",
        "queries",
        "query",
        "topics",
    ),
    "passages": (
        "문단",
        "청크",
        "본문",
        "문서",
        "말씀",
        "passages",
        "passage",
        "chunks",
        "chunk",
        "documents",
        "corpus",
        "docs",
        "collection",
    ),
}


def sheet_name_kind(name: str) -> str | None:
    """The kind a sheet's name suggests (``평가`` → judgments), else None."""
    norm = normalize_header(name)
    for kind, names in _SHEET_NAMES.items():
        if norm in {normalize_header(n) for n in names}:
            return kind
    for kind, names in _SHEET_NAMES.items():
        if any(normalize_header(n) in norm for n in names if len(normalize_header(n)) >= 2):
            return kind
    return None


# -- detection ----------------------------------------------------------------
def _base_roles(headers: list[str]) -> dict[str, str | None]:
    roles: dict[str, str | None] = {}
    taken: set[str] = set()
    wide_taken: set[int] = set()
    for h in headers:
        role = header_role(h)
        if role is None:
            n = wide_position(h)
            if n is not None and n not in wide_taken:
                wide_taken.add(n)
                role = f"{S.RANK}@{n}"
        if role is not None and role in taken:
            role = None  # the first column with a role wins; a second one is ignored
        if role is not None:
            taken.add(role)
        roles[h] = role
    return roles


def kind_from_roles(roles: dict[str, str | None], sheet_name: str = "") -> str:
    """Judge a sheet's kind from its mapped roles, then from its name."""
    have = {r for r in roles.values() if r}
    wide = any(wide_rank(r) is not None for r in have)
    has_q = S.QID in have or S.QTEXT in have
    has_p = S.PID in have or S.DOCID in have
    by_name = sheet_name_kind(sheet_name) if sheet_name else None
    if wide and has_q and S.PID not in have:
        return "run_wide"
    if has_q and has_p:
        if S.GRADE in have:
            return "judgments"
        if S.RANK in have or S.SYSTEM in have:
            return "run"
        if S.SCORE in have:
            return "judgments" if by_name == "judgments" else "run"
    if (
        S.QID not in have
        and has_p
        and (have & {S.TEXT, S.VOLUME, S.LECTURE, S.PAGE, S.CHUNK, S.DATE})
    ):
        return "passages"
    if not has_p and has_q and have & {S.QTEXT, S.QTYPE, S.ANSWERABLE}:
        return "questions"
    if by_name:
        return by_name
    return "unknown"


def adjust_for_kind(roles: dict[str, str | None], kind: str) -> dict[str, str | None]:
    """Apply the sheet-context rules (lone 문서ID is the passage id, …)."""
    roles = dict(roles)
    have = {r for r in roles.values() if r}

    def rename(old: str, new: str) -> None:
        for h, r in roles.items():
            if r == old:
                roles[h] = new
                return

    if kind in ("judgments", "run", "run_wide", "passages"):
        if S.PID not in have and S.DOCID in have and kind != "run_wide":
            rename(S.DOCID, S.PID)
    if kind in ("judgments", "run", "run_wide", "questions"):
        if S.QID not in have and S.QTEXT in have:
            rename(S.QTEXT, S.QID)
    if kind == "judgments" and S.GRADE not in have and S.SCORE in have:
        rename(S.SCORE, S.GRADE)
    return roles


def as_judgments_mapping(mapping: ColumnMapping) -> ColumnMapping:
    """The mapping of a sheet read as judgments. Its kind was guessed from its
    columns alone, and question id, passage id and 점수 look like a run's; but a
    team calls grades 점수, so a lone 점수/score column is the grade unless a
    rank column makes the sheet a run's."""
    have = {r for r in mapping.roles.values() if r}
    if S.GRADE not in have and S.SCORE in have and S.RANK not in have:
        return ColumnMapping(adjust_for_kind(mapping.roles, "judgments"))
    return mapping


def detect_mapping(headers: list[str], sheet_name: str = "") -> tuple[ColumnMapping, str]:
    """Map ``headers`` to roles and judge the sheet's kind.

    Returns ``(mapping, kind)`` with kind one of ``judgments``, ``questions``,
    ``passages``, ``run``, ``run_wide``, ``unknown``.
    """
    roles = _base_roles(headers)
    kind = kind_from_roles(roles, sheet_name)
    return ColumnMapping(adjust_for_kind(roles, kind)), kind


def header_score(cells: list[str]) -> int:
    """How header-like a row is: the number of cells naming a role.

    Rank-position cells (``1``, ``2위``) count only beside a named column, so
    a data row of numbers is not taken for a wide-layout header.
    """
    named = sum(1 for c in cells if c and header_role(c) is not None)
    if not named:
        return 0
    return named + sum(
        1 for c in cells if c and header_role(c) is None and wide_position(c) is not None
    )


def _jamo(text: str) -> str:
    # Hangul syllables decompose into letters, so "듭급" is close to "등급".
    return unicodedata.normalize("NFD", normalize_header(text))


def closest_header(role: str, headers: Iterable[str], exclude: Iterable[str] = ()) -> str | None:
    """The header most like one of ``role``'s synonyms (difflib), if any is close."""
    import difflib  # only when headers are guessed: a TREC file has none

    excluded = set(exclude)
    targets = [_jamo(n) for n in (*_SYNONYMS.get(role, ()), *ROLE_LABELS.get(role, ()))]
    best, best_score = None, 0.0
    for h in headers:
        if h in excluded or not str(h).strip():
            continue
        hj = _jamo(h)
        for t in targets:
            score = difflib.SequenceMatcher(None, hj, t).ratio()
            if len(t) >= 2 and (t in hj or hj in t):
                score = max(score, 0.75)
            if score > best_score:
                best, best_score = h, score
    return best if best_score >= 0.6 else None
