"""System cards: what each system is, so a comparison can be disclosed and read.

The Recall article asks to fix the chunk size and overlap before comparing
("청크 크기와 겹침 규칙을 먼저 고정한다. 청크가 작을수록 관련 근거 수가 늘어
Recall이 낮아질 수 있다"); the MRR article lists what to disclose with every
comparison (the evidence unit, the cutoff K …). A :class:`SystemCard` holds
those facts for one system:

=================  ==================  ==========================================
field              Korean header       meaning
=================  ==================  ==========================================
``retriever``      검색 방식           BM25, vector search, hybrid (RRF), graph …
``embedding``      임베딩 모델         the embedding model, if any
``reranker``       재순위 모델         the reranker, if any
``chunk_size``     청크 크기           whole number (characters or tokens)
``overlap``        겹침                whole number, same unit
``unit``           단위                the retrieved unit: 문단, 청크, 문서 …
``context_k``      LLM에 넘기는 K      how many passages go to the language model
``stage``          단계                후보 검색 / 재순위 / 최종 컨텍스트
``pipeline``       파이프라인          the pipeline the stage belongs to
``note``           메모                anything else worth disclosing
=================  ==================  ==========================================

Cards come from a ``시스템 정보`` sheet of the run workbook
(:mod:`workbench.core.io.system_info`) or are typed in the app
(:class:`CardEdit`, kept on the study by the system's
:class:`~workbench.core.study.SystemRef`, so a rename never loses them).
A card typed in the app replaces the file's card of that system.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from workbench.core.model.card_fields import (
    CARD_FIELDS,
    FIELD_LABELS,
    NUMBER_FIELDS,
    STAGES,
    parse_stage,
    whole_number,
)
from workbench.core.model.problems import Problem, warning
from workbench.core.model.refs import SystemRef
from workbench.core.model.study_view import StudyView

__all__ = [
    "CARD_FIELDS",
    "FIELD_LABELS",
    "STAGES",
    "STAGE_LABELS",
    "CardEdit",
    "SystemCard",
    "card_lines",
    "card_text",
    "cards_from_project",
    "cards_to_project",
    "comparability_warnings",
    "parse_stage",
    "pipelines",
]

#: (Korean, English) name of each stage, as the seed blog post names them
STAGE_LABELS: dict[str, tuple[str, str]] = {
    "candidates": ("후보 검색", "candidate search"),
    "rerank": ("재순위", "reranking"),
    "context": ("최종 컨텍스트", "final context"),
}

#: longest text kept in a card field (a card is a few words, not a document)
MAX_TEXT = 300




@dataclass(frozen=True)
class SystemCard:
    """The facts of one system (see the module doc); every field may be empty."""

    retriever: str = ""
    embedding: str = ""
    reranker: str = ""
    chunk_size: int | None = None
    overlap: int | None = None
    unit: str = ""
    context_k: int | None = None
    stage: str = ""
    pipeline: str = ""
    note: str = ""

    @property
    def empty(self) -> bool:
        return all(getattr(self, f) in ("", None) for f in CARD_FIELDS)

    def value(self, name: str) -> Any:
        return getattr(self, name)

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in CARD_FIELDS}

    def with_value(self, name: str, value: Any) -> SystemCard:
        """This card with one field changed (checked as :meth:`from_dict` checks it)."""
        card, problems = SystemCard.from_dict({**self.to_dict(), name: value})
        if problems:
            raise ValueError(problems[0])
        return card

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[SystemCard, list[str]]:
        """A card from a mapping (project file, app); a value of the wrong type
        or range is left empty and named in the returned list (English)."""
        values: dict[str, Any] = {}
        bad: list[str] = []
        for name in CARD_FIELDS:
            if name not in data:
                continue
            v = data[name]
            if name in NUMBER_FIELDS:
                if v is None or v == "":
                    continue
                number = whole_number(v)
                if number is None or number < (1 if name == "context_k" else 0):
                    bad.append(f"{name}={v!r}")
                    continue
                values[name] = number
            elif name == "stage":
                stage = parse_stage(v) if isinstance(v, str) or v is None else None
                if stage is None:
                    bad.append(f"{name}={v!r}")
                    continue
                values[name] = stage
            else:
                if v is None:
                    continue
                if not isinstance(v, str | int | float) or isinstance(v, bool):
                    bad.append(f"{name}={v!r}")
                    continue
                values[name] = _clip(str(v))
        return cls(**values), bad


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"




# -- text for tooltips and reports ------------------------------------------------
def _field_text(card: SystemCard, name: str, lang: str) -> str:
    value = card.value(name)
    if value in ("", None):
        return ""
    if name == "stage":
        pair = STAGE_LABELS.get(value)
        return pair[0 if lang == "ko" else 1] if pair else str(value)
    return str(value)


def card_lines(card: SystemCard, lang: str = "ko") -> list[tuple[str, str]]:
    """``(label, value)`` of every filled field, in display order."""
    i = 0 if lang == "ko" else 1
    out = []
    for name in CARD_FIELDS:
        text = _field_text(card, name, lang)
        if text:
            out.append((FIELD_LABELS[name][i], text))
    return out


def card_text(name: str, card: SystemCard | None, lang: str = "ko") -> str:
    """A tooltip: the system's name, then one ``label: value`` line per filled field
    (or a line saying the card is empty and where to fill it)."""
    lines = [name]
    filled = card_lines(card, lang) if card is not None else []
    if filled:
        lines += [f"{label}: {value}" for label, value in filled]
    else:
        lines.append(
            "시스템 정보 없음 (시스템과 단계 화면이나 실행 결과 파일의 '시스템 정보' 시트에서 입력)"
            if lang == "ko"
            else "No system card (fill it on the Systems and stages page or in a "
            "'시스템 정보' sheet of the run workbook)"
        )
    return "\n".join(lines)


# -- what the cards say about the comparison --------------------------------------
def comparability_warnings(cards: Mapping[str, SystemCard]) -> list[Problem]:
    """One warning when the systems' chunking differs — chunk size, overlap or
    passage unit (only systems with the setting filled count) — naming each
    setting that differs and every system's value.

    The Recall article: smaller chunks give a question more relevant passages,
    so Recall can fall; systems chunked differently have Recall that is not
    directly comparable.
    """
    parts_en: list[str] = []
    parts_ko: list[str] = []
    for name in ("chunk_size", "overlap", "unit"):
        known = {
            sys: card.value(name)
            for sys, card in cards.items()
            if card.value(name) not in ("", None)
        }
        if len({str(v).casefold() for v in known.values()}) < 2:
            continue
        listed = ", ".join(f"{sys} {v}" for sys, v in known.items())
        label_ko, label_en = FIELD_LABELS[name]
        parts_en.append(f"{label_en.lower()}: {listed}")
        parts_ko.append(f"{label_ko}: {listed}")
    if not parts_en:
        return []
    return [
        warning(
            "cards_differ",
            f"The systems are not chunked the same way ({'; '.join(parts_en)}). Smaller chunks "
            "give a question more relevant passages, so Recall can be lower: the Recall of "
            "these systems is not directly comparable. Fix the chunk size and overlap first, "
            "or report the difference with the numbers.",
            f"시스템마다 청크 설정이 다릅니다({'; '.join(parts_ko)}). 청크가 작을수록 관련 근거 "
            "수가 늘어 Recall이 낮아질 수 있으므로, 이 시스템들의 Recall은 그대로 비교할 수 "
            "없습니다. 청크 크기와 겹침 규칙을 먼저 고정하거나, 차이를 숫자와 함께 밝혀 두세요.",
        )
    ]


def pipelines(cards: Mapping[str, SystemCard]) -> dict[str, dict[str, list[str]]]:
    """pipeline name → stage → the systems tagged with it (systems in the given
    order). Systems with a stage but no pipeline name form the pipeline ``""``."""
    out: dict[str, dict[str, list[str]]] = {}
    for system, card in cards.items():
        if not card.stage:
            continue
        stages = out.setdefault(card.pipeline, {})
        stages.setdefault(card.stage, []).append(system)
    return out


# -- edits ------------------------------------------------------------------------
@dataclass(frozen=True)
class CardEdit:
    """A system card typed in the app (``after`` None: back to the file's card).

    Changes the scores' warnings (differing chunk settings), so the study is
    evaluated again."""

    changes_scores: ClassVar[bool] = True
    changes_systems: ClassVar[bool] = False

    ref: SystemRef
    before: SystemCard | None
    after: SystemCard | None

    def apply_to(self, study: StudyView) -> None:
        study._set_card(self.ref, self.after)

    def revert_from(self, study: StudyView) -> None:
        study._set_card(self.ref, self.before)


# -- the project file --------------------------------------------------------------
def cards_to_project(study: StudyView) -> list[dict[str, Any]]:
    """The cards typed in the app, each with what finds its system again: the run
    file (path, SHA-256, name) and the system's name in that file."""
    out = []
    by_id = {src.id: src for src in study.run_sources}
    for ref, card in study.system_cards.items():
        src = by_id.get(ref.source)
        file = src.file if src is not None else None
        if file is None:
            continue
        out.append(
            {
                "path": str(file.path),
                "sha256": file.sha256,
                "file": file.name,
                "system": ref.original,
                "card": card.to_dict(),
            }
        )
    return out


def cards_from_project(study: StudyView, data: Any, file: str = "") -> list[Problem]:
    """Put back the cards a project kept (after its run files are loaded). A card
    finds its run file by path, else by checksum, else by file name; a damaged
    record is skipped with a warning, the rest are kept."""

    problems: list[Problem] = []

    def damaged(what: str) -> None:
        problems.append(
            warning(
                "project_card_damaged",
                f"A system card in the project could not be read ({what}); it was left out.",
                f"프로젝트의 시스템 정보 하나를 읽지 못해 ({what}) 빼고 열었습니다.",
                file=file,
            )
        )

    if data is None:
        return problems
    if not isinstance(data, list):
        damaged("not a list")
        return problems
    sources = [src for src in study.run_sources if src.file is not None]
    cards = dict(study.system_cards)
    for record in data:
        if not isinstance(record, dict) or not isinstance(record.get("system"), str):
            damaged("no system name")
            continue
        card_data = record.get("card")
        if not isinstance(card_data, dict):
            damaged(f"system {record['system']!r}: no card")
            continue
        card, bad = SystemCard.from_dict(card_data)
        if bad:
            damaged(f"system {record['system']!r}: {', '.join(bad)}")
        src = _find_source(sources, record)
        if src is None or record["system"] not in src.run_set.systems:
            continue  # the file was skipped or no longer has the system: nothing to attach
        cards[SystemRef(src.id, record["system"])] = card
    study.system_cards = cards
    return problems


def _find_source(sources: list, record: dict):
    for key, get in (
        ("path", lambda s: str(s.file.path)),
        ("sha256", lambda s: s.file.sha256),
        ("file", lambda s: s.file.name),
    ):
        wanted = record.get(key)
        if not isinstance(wanted, str) or not wanted:
            continue
        hits = [s for s in sources if get(s) == wanted]
        if len(hits) == 1:
            return hits[0]
    return None


def merged(base: SystemCard | None, over: SystemCard | None) -> SystemCard | None:
    """``over`` when given (a card typed in the app replaces the file's), else ``base``."""
    return over if over is not None else base


def card_with(card: SystemCard | None, **values: Any) -> SystemCard:
    """``card`` (or an empty card) with these fields replaced (already checked)."""
    return replace(card or SystemCard(), **values)
