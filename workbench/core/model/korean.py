"""Korean particles (조사) chosen from the word they follow.

Korean writes 은/는, 이/가, 을/를, 과/와 and 으로/로 differently after a final
consonant (받침) than after a vowel: "질문은", "시스템이", but "BM25는",
"문단ID가". Printing both forms as a template (은 and 는 side by side, one in
brackets) reads like a form to fill in, so every Korean message picks the
particle here instead.

The word is read as a Korean reader says it:

- Hangul: the last syllable's 받침 (ㄹ counts as a vowel for 으로/로: "서울로").
- Digits: the last number as it is read — 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오,
  6 육, 7 칠, 8 팔, 9 구; trailing zeros are read as 십, 백, 천, 만, 억
  ("10은", "100은", "1000은", "20000은"; "0은").
- Latin letters: an acronym or id (``Q013``, ``BM25``, ``ID``) is spelled out
  (A 에이 … L 엘, M 엠, N 엔, R 알 …); a word ending in lowercase letters is
  read as English: a final m, n, ng, ic or l ends in a consonant ("Vector는",
  "system을", "logic을"), anything else in a vowel.
- Trailing quotes, brackets with their content and punctuation are skipped:
  the particle follows the word before them ("'BM25'는", "관련도(0~3)는").

Use :func:`josa` in code (``josa("BM25", "은")`` → ``"BM25는"``) and
:class:`Word` in format strings, including translated ones:
``"{name:은} 없습니다".format(name=Word("Q013"))`` → ``"Q013은 없습니다"``;
an English string with a plain ``{name}`` formats the same Word as itself.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["PARTICLES", "Word", "final_consonant", "josa", "particle"]

#: every form a caller may name → (after a consonant, after a vowel)
PARTICLES: dict[str, tuple[str, str]] = {}
for _consonant, _vowel in (
    ("은", "는"),
    ("이", "가"),
    ("을", "를"),
    ("과", "와"),
    ("으로", "로"),
    ("이나", "나"),
    ("이라", "라"),
    ("이에요", "예요"),
    ("이어서", "여서"),
    ("이어야", "여야"),
):
    for _key in (_consonant, _vowel, f"{_consonant}/{_vowel}"):
        PARTICLES[_key] = (_consonant, _vowel)
# "이" alone is the subject particle (이/가); "아/야" is not used in messages.

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # index of ㄹ among the final consonants

# None: no final consonant; "l": ㄹ; "c": another consonant
_DIGIT_FINAL = {
    "0": "c",  # 영
    "1": "l",  # 일
    "2": None,  # 이
    "3": "c",  # 삼
    "4": None,  # 사
    "5": None,  # 오
    "6": "c",  # 육
    "7": "l",  # 칠
    "8": "l",  # 팔
    "9": None,  # 구
}
_LETTER_FINAL = {"l": "l", "m": "c", "n": "c", "r": "l"}  # 엘 엠 엔 알; others end in a vowel

_TRAILING_NOISE = re.compile(r"""[\s'"`‘’“”.,;:!?…·»›\]」』】〉》-]+$""")
_TRAILING_BRACKETS = re.compile(r"\s*[(\[{（［｛][^()\[\]{}（）［］｛｝]*[)\]}）］｝]$")


def _core(word: str) -> str:
    """The word without what follows it in writing: quotes, brackets, punctuation."""
    text = unicodedata.normalize("NFC", str(word))
    while True:
        stripped = _TRAILING_NOISE.sub("", text)
        stripped = _TRAILING_BRACKETS.sub("", stripped)
        if stripped == text or not stripped:
            return stripped or text
        text = stripped


def _number_final(digits: str) -> str | None:
    value = digits.lstrip("0")
    if not value:
        return "c"  # 영
    zeros = len(value) - len(value.rstrip("0"))
    if zeros == 0:
        return _DIGIT_FINAL[value[-1]]
    # read as 십, 백, 천, 만 (up to 천만), 억 (up to 천억): all end in a consonant; 조 does not
    return "c" if zeros < 12 else None


def _latin_final(letters: str) -> str | None:
    last = letters[-1]
    if last.isupper() or len(letters) == 1:
        return _LETTER_FINAL.get(last.lower())  # spelled out: 엘, 엠, 엔, 알
    lower = letters.lower()
    if lower.endswith(("m", "n", "ng", "ic")):  # …ic is read 익: music 뮤직, logic 로직
        return "c"
    if lower.endswith("l"):
        return "l"
    return None


def final_consonant(word: str) -> str | None:
    """How ``word`` ends when read aloud: ``"c"`` a final consonant other than ㄹ,
    ``"l"`` a final ㄹ, ``None`` a vowel (or nothing readable)."""
    text = _core(word)
    if not text:
        return None
    last = text[-1]
    code = ord(last)
    if _HANGUL_FIRST <= code <= _HANGUL_LAST:
        final = (code - _HANGUL_FIRST) % 28
        if final == 0:
            return None
        return "l" if final == _RIEUL else "c"
    # full-width digits and letters read like their ASCII forms
    last = unicodedata.normalize("NFKC", last)
    if last.isdigit() and last.isascii():
        digits = re.search(r"[0-9]+$", unicodedata.normalize("NFKC", text))
        return _number_final(digits.group(0) if digits else last)
    if last.isascii() and last.isalpha():
        letters = re.search(r"[A-Za-z]+$", unicodedata.normalize("NFKC", text))
        return _latin_final(letters.group(0) if letters else last)
    return None


def particle(word: str, which: str) -> str:
    """The form of particle ``which`` (either form or both: ``"은"``, ``"는"``,
    ``"은/는"``, ``"으로"`` …) that follows ``word``."""
    try:
        after_consonant, after_vowel = PARTICLES[which]
    except KeyError:
        raise ValueError(f"unknown Korean particle {which!r}") from None
    final = final_consonant(word)
    if after_consonant == "으로":
        return "으로" if final == "c" else "로"
    return after_consonant if final is not None else after_vowel


def josa(word: object, which: str, *, quoted: bool = False) -> str:
    """``word`` followed by the right form of particle ``which``: ``josa("BM25", "은")``
    → ``"BM25는"``, ``josa("질문", "이")`` → ``"질문이"``; ``quoted=True`` puts the
    word in single quotes first (``'Q013'은``), as messages show values from a file."""
    text = str(word)
    shown = f"'{text}'" if quoted else text
    return shown + particle(text, which)


class Word(str):
    """A string that takes a particle as its format spec: ``f"{Word('Q013'):은}"``
    → ``"Q013은"``. A plain ``{}`` formats it as itself, so one argument serves the
    Korean and the English form of a translated message."""

    def __format__(self, spec: str) -> str:
        if spec in PARTICLES:
            return josa(str(self), spec)
        return format(str(self), spec)
