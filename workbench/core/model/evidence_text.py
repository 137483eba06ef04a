"""Evidence sentences: where the sentence that answers a question sits in a passage.

The blog post recommends keeping, for chunk-level evaluation, "정답이 포함된
문장" next to the passage id and grade. The judgments sheet may carry it in a
``근거 문장`` column (:data:`workbench.core.model.schema.EVIDENCE`); the Question
review cards and the report's Low-scoring sheet highlight it inside the
passage text.

A sentence is found in a text as written, else ignoring differences of white
space (line breaks, double spaces) and of typographic quotes — what copying a
sentence out of a document tends to change — and case. Spans are character
offsets into the text as given.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

import pandas as pd

from workbench.core.model import schema as s

__all__ = ["evidence_map", "find_spans", "merge_spans", "split_by_spans"]

_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "「": '"', "」": '"'})
_SPACE = re.compile(r"\s+")


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` with white space runs as one space, quotes plain, lower case,
    and for each folded character the index it came from."""
    out: list[str] = []
    where: list[int] = []
    in_space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not in_space and out:
                out.append(" ")
                where.append(i)
            in_space = True
            continue
        in_space = False
        folded = unicodedata.normalize("NFC", ch).translate(_QUOTES).casefold()
        for c in folded:
            out.append(c)
            where.append(i)
    return "".join(out), where


def find_spans(text: str, sentences: Iterable[str]) -> list[tuple[int, int]]:
    """Character spans ``[start, end)`` of every occurrence of each sentence in
    ``text`` (see the module doc), merged where they overlap, in order."""
    if not text:
        return []
    spans: list[tuple[int, int]] = []
    folded, where = None, None
    for sentence in sentences:
        sentence = (sentence or "").strip()
        if not sentence:
            continue
        start = text.find(sentence)
        if start >= 0:
            while start >= 0:
                spans.append((start, start + len(sentence)))
                start = text.find(sentence, start + len(sentence))
            continue
        if folded is None:
            folded, where = _folded(text)
        needle = _folded(sentence)[0].strip()
        if not needle:
            continue
        at = folded.find(needle)
        while at >= 0:
            spans.append((where[at], where[at + len(needle) - 1] + 1))
            at = folded.find(needle, at + len(needle))
    return merge_spans(spans)


def merge_spans(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def split_by_spans(text: str, spans: Sequence[tuple[int, int]]) -> list[tuple[str, bool]]:
    """``text`` cut into ``(piece, highlighted)`` runs (for rich text cells)."""
    out: list[tuple[str, bool]] = []
    at = 0
    for a, b in spans:
        a, b = max(a, at), min(b, len(text))
        if a >= b:
            continue
        if a > at:
            out.append((text[at:a], False))
        out.append((text[a:b], True))
        at = b
    if at < len(text):
        out.append((text[at:], False))
    return out


def evidence_map(evidence: pd.DataFrame | None) -> dict[tuple[str, str], tuple[str, ...]]:
    """(question id, passage id) → its evidence sentences (each once, in file order)."""
    if evidence is None or not len(evidence):
        return {}
    out: dict[tuple[str, str], list[str]] = {}
    for q, p, sentence in zip(
        evidence[s.QID].astype(str), evidence[s.PID].astype(str), evidence[s.EVIDENCE].astype(str)
    ):
        sentence = sentence.strip()
        if not sentence:
            continue
        got = out.setdefault((q, p), [])
        if sentence not in got:
            got.append(sentence)
    return {k: tuple(v) for k, v in out.items()}
