"""Ids that differ only in how they were written: ``001`` and ``1``, ``q-1`` and ``Q1``.

A study's files come from different hands: a question id typed as a number in
Excel loses its leading zeros (``001`` → ``1``) while a system's export keeps
them. Nothing is matched on a guess — ids stay exactly as written — but when
the judgments' questions a run lacks and the run's questions the judgments
lack pair up one to one under a looser spelling, the warnings say so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: pairs quoted in a hint
PAIRS_SHOWN = 3

_SEPARATORS = re.compile(r"[\s\-_.]+")
_LEADING_ZEROS = re.compile(r"(?<![0-9])0+(?=[0-9])")
_NOT_DIGITS = re.compile(r"[^0-9]+")


def _spelling(text: str) -> str:
    return _SEPARATORS.sub("", text).casefold()


def _without_zeros(text: str) -> str:
    return _LEADING_ZEROS.sub("", _spelling(text))


def _digits(text: str) -> str:
    digits = _NOT_DIGITS.sub(" ", text).split()
    return " ".join(d.lstrip("0") or "0" for d in digits)


#: looser and looser keys, each with what differs when two ids meet under it
_KEYS = (
    ("spelling", _spelling),
    ("leading_zeros", _without_zeros),
    ("letters", _digits),
)

_WHY = {
    "spelling": (
        "they differ only in capitals, spaces or marks such as - _ .",
        "대소문자, 띄어쓰기나 - _ . 같은 부호만 다릅니다",
    ),
    "leading_zeros": (
        "Excel drops the leading zeros of an id typed as a number; format the column as Text "
        "and type them again",
        "Excel은 숫자로 입력한 ID 앞의 0을 지웁니다. 열 서식을 '텍스트'로 바꾸고 다시 입력하세요",
    ),
    "letters": (
        "the same numbers with other letters around them",
        "숫자는 같고 앞뒤 글자가 다릅니다",
    ),
}


def look_alike_pairs(
    ours: Iterable[str], theirs: Iterable[str], numbers_alone: bool = True
) -> tuple[list[tuple[str, str]], str]:
    """``(their id, our id)`` pairs that meet one to one under the first looser
    spelling where any do, and which spelling that was (``""``: none).
    ``numbers_alone``: also pair ids whose numbers alone agree (Q7 and 7)."""
    ours, theirs = list(dict.fromkeys(ours)), list(dict.fromkeys(theirs))
    if not ours or not theirs:
        return [], ""
    for name, key in _KEYS if numbers_alone else _KEYS[:-1]:
        our_keys: dict[str, list[str]] = {}
        for q in ours:
            our_keys.setdefault(key(q), []).append(q)
        their_keys: dict[str, list[str]] = {}
        for q in theirs:
            their_keys.setdefault(key(q), []).append(q)
        pairs = [
            (their_keys[k][0], mine[0])
            for k, mine in our_keys.items()
            if k and len(mine) == 1 and len(their_keys.get(k, ())) == 1
        ]
        if pairs:
            return pairs, name
    return [], ""


#: what the ids are, in a hint (English, Korean)
_WHAT = {"question": ("question ids", "질문 ID"), "passage": ("passage ids", "문단 ID")}


def look_alike_hint(
    missing: Iterable[str], extra: Iterable[str], what: str = "question"
) -> tuple[str, str]:
    """A sentence (English, Korean) to add to a warning when the judgments' ids a
    run lacks (``missing``) and the run's ids the judgments lack (``extra``) look
    like the same ids written another way; ``("", "")`` when they do not.
    ``what``: ``"question"`` or ``"passage"`` ids (two passages whose numbers
    alone agree, D12 and P12, are as likely two passages: not offered)."""
    pairs, why = look_alike_pairs(missing, extra, numbers_alone=what == "question")
    if not pairs:
        return "", ""
    shown = ", ".join(f"{run} ↔ {judged}" for run, judged in pairs[:PAIRS_SHOWN])
    if len(pairs) > PAIRS_SHOWN:
        shown += f" … (+{len(pairs) - PAIRS_SHOWN})"
    en, ko = _WHY[why]
    what_en, what_ko = _WHAT[what]
    return (
        f" The run's {what_en} look like the judgments' written another way: {shown} ({en}). "
        "Write the ids the same way in both files.",
        f" 결과의 {what_ko}가 판정 파일의 ID를 다르게 적은 것으로 보입니다: {shown} ({ko}). "
        "두 파일에서 ID를 같은 모양으로 적으세요.",
    )
