"""The fields of a system card (retrieval method, models, chunking, stages) as a
system-information sheet and the app name them, and how a stage is read.
"""

from __future__ import annotations

from typing import Any

#: stage keys in pipeline order
STAGES: tuple[str, ...] = ("candidates", "rerank", "context")

_STAGE_WORDS: dict[str, str] = {
    "후보검색": "candidates",
    "후보": "candidates",
    "1차검색": "candidates",
    "검색": "candidates",
    "candidates": "candidates",
    "candidate": "candidates",
    "candidatesearch": "candidates",
    "retrieval": "candidates",
    "재순위": "rerank",
    "재정렬": "rerank",
    "리랭킹": "rerank",
    "리랭크": "rerank",
    "rerank": "rerank",
    "reranking": "rerank",
    "reranked": "rerank",
    "최종컨텍스트": "context",
    "최종": "context",
    "컨텍스트": "context",
    "context": "context",
    "finalcontext": "context",
    "final": "context",
}

#: card fields in display order
CARD_FIELDS: tuple[str, ...] = (
    "retriever",
    "embedding",
    "reranker",
    "chunk_size",
    "overlap",
    "unit",
    "context_k",
    "stage",
    "pipeline",
    "note",
)

#: (Korean, English) label of each field — the 시스템 정보 sheet's headers
FIELD_LABELS: dict[str, tuple[str, str]] = {
    "retriever": ("검색 방식", "Retriever"),
    "embedding": ("임베딩 모델", "Embedding model"),
    "reranker": ("재순위 모델", "Reranker"),
    "chunk_size": ("청크 크기", "Chunk size"),
    "overlap": ("겹침", "Overlap"),
    "unit": ("단위", "Passage unit"),
    "context_k": ("LLM에 넘기는 K", "K passed to the LLM"),
    "stage": ("단계", "Stage"),
    "pipeline": ("파이프라인", "Pipeline"),
    "note": ("메모", "Note"),
}

#: fields holding a whole number (None when not given)
NUMBER_FIELDS = frozenset({"chunk_size", "overlap", "context_k"})

def parse_stage(text: object) -> str | None:
    """A stage key from what a user typed (``"재순위"``, ``"Reranking"`` → ``"rerank"``);
    ``""`` for blank, None when not understood."""
    if text is None:
        return ""
    raw = "".join(str(text).split()).casefold()
    if not raw:
        return ""
    if raw in STAGES:
        return raw
    return _STAGE_WORDS.get(raw)

def whole_number(value: Any) -> int | None:
    """A whole number from a cell: ``500``, ``500.0``, ``"500"``, ``"500자"``,
    ``"512 tokens"`` → 500/512; None when there is no leading whole number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value == value and value.is_integer() else None
    text = str(value).strip().replace(",", "")
    digits = ""
    for ch in text:
        if ch.isdigit() and ch.isascii():
            digits += ch
        else:
            break
    if not digits:
        return None
    rest = text[len(digits) :].strip()
    if rest.startswith(".") and rest[1:2].isdigit():
        frac = rest[1:].split()[0] if rest[1:].split() else ""
        if frac.strip("0"):
            return None  # 512.5 is not a whole number
    return int(digits)
