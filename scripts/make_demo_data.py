"""Write the bundled demo data set (resources/demo/judgments.xlsx, runs.xlsx,
answers.xlsx and ratings.xlsx).

Everything here is synthetic: the passages are short Korean texts written for
this project from templates (no sermon text is copied), the volumes, lecture
titles, pages and dates are invented, and the four "systems" are simulated
(scores = system strength per question type × grade + document effect + noise).

The answers of the four systems are synthetic too: short Korean answers
built from the passages each system retrieved, citing their ids, with a few
planted cases (a made-up citation, a grade-0 citation, a citation the
system never retrieved, an answer without citations, a false and several
correct abstentions); two raters score them with the seeds' rubric and
sometimes disagree. They come from their own random generator
(ANSWER_SEED), so the judgments and runs stay exactly as they were.

The generator is deterministic (fixed seed, fixed zip timestamps), so running
it again gives byte-identical files:

    python scripts/make_demo_data.py [--out resources/demo] [--check]

``--check`` also prints a quick nDCG@10 per system and question type, the
share of unjudged retrieved passages, and the assessors' disagreement rate.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import random
import re
import sys
import tempfile
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

SEED = 20240517
#: the generator of what was added later (evidence sentences): its own stream,
#: so every value drawn from SEED stays exactly as it was
EXTRA_SEED = 20261201
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "resources" / "demo"

ASSESSORS = ("평가자A", "평가자B")
SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
TYPES = ("사실 확인", "개념 관계", "시대 변화", "전역 주제")
N_PER_TYPE = 12
N_DOCS = 104
TOP_K = 10

# Strength of each simulated system per question type: how strongly the
# passage grade drives its score (noise has sd 1). BM25 wins on exact terms,
# GraphRAG on relations and collection-wide themes, Hybrid is solid overall.
STRENGTH = {
    "BM25": {"사실 확인": 3.2, "개념 관계": 0.7, "시대 변화": 1.1, "전역 주제": 0.6},
    "Vector": {"사실 확인": 1.2, "개념 관계": 1.1, "시대 변화": 1.0, "전역 주제": 1.0},
    "Hybrid": {"사실 확인": 1.5, "개념 관계": 1.4, "시대 변화": 1.5, "전역 주제": 1.3},
    "GraphRAG": {"사실 확인": 0.9, "개념 관계": 2.4, "시대 변화": 1.0, "전역 주제": 2.5},
}
SCALE = 0.7
# How much chunks of one document move together in a system's scores: a high
# value retrieves adjacent chunks side by side (what de-duplication is for).
DOC_EFFECT = {"BM25": 0.9, "Vector": 1.3, "Hybrid": 0.9, "GraphRAG": 0.5}
# Systems that return nothing for unanswerable questions (by question index).
ABSTAIN = {"BM25": (), "Vector": (1,), "Hybrid": (0, 2), "GraphRAG": (0, 1, 3)}

# ---------------------------------------------------------------------------
# Korean text helpers


def has_batchim(word: str) -> bool:
    ch = word.rstrip()[-1]
    code = ord(ch) - 0xAC00
    if 0 <= code < 11172:
        return code % 28 != 0
    return ch in "0136780LMNR"  # digits/letters read with a final consonant


def josa(word: str, pair: str) -> str:
    """word + the right particle: pair is e.g. '은는', '이가', '을를', '과와'."""
    if pair == "으로로":
        code = ord(word[-1]) - 0xAC00
        final = code % 28 if 0 <= code < 11172 else 0
        return word + ("으로" if final not in (0, 8) else "로")
    if pair == "이라는라는":
        return word + ("이라는" if has_batchim(word) else "라는")
    return word + (pair[0] if has_batchim(word) else pair[1])


def josa_only(word: str, pair: str) -> str:
    """Just the particle that :func:`josa` would append."""
    return josa(word, pair)[len(word) :]


THEMES: dict[str, dict[str, str]] = {
    "참사랑": {"gloss": "먼저 주고 준 것을 잊어버리는 마음", "act": "남을 위하여 사는 일"},
    "참부모": {"gloss": "자녀의 길을 앞서 걸으며 본이 되는 자리", "act": "부모의 마음으로 품는 일"},
    "가정": {"gloss": "사랑을 처음 배우고 연습하는 학교", "act": "식탁에서 하루를 나누는 일"},
    "평화": {"gloss": "서로 위하는 관계가 넓어진 상태", "act": "원수를 이웃으로 대하는 일"},
    "섭리": {"gloss": "역사를 바른 방향으로 이끄는 큰 뜻", "act": "때를 분별하는 일"},
    "효정": {"gloss": "부모를 기쁘게 하려는 자녀의 정성", "act": "아침마다 먼저 인사드리는 일"},
    "심정": {
        "gloss": "사랑하고 싶고 사랑받고 싶은 마음의 뿌리",
        "act": "상대의 아픔을 헤아리는 일",
    },
    "창조원리": {
        "gloss": "주체와 대상이 주고받으며 자라는 질서",
        "act": "주고받는 관계를 바로 세우는 일",
    },
    "탕감": {"gloss": "잃어버린 자리를 되찾기 위해 치르는 조건", "act": "작은 정성을 쌓아 가는 일"},
    "축복": {"gloss": "새 가정을 출발시키는 약속과 책임", "act": "부부가 서로를 위해 기도하는 일"},
    "자연": {"gloss": "사람을 위해 예비된 선물이자 교과서", "act": "땅과 바다를 아끼는 일"},
    "교육": {"gloss": "마음과 몸을 함께 기르는 일", "act": "자녀와 함께 배우는 일"},
}
THEME_NAMES = list(THEMES)

PLACES = ("청평 호숫가", "부산 영도", "서울 남산", "대전 보문산", "광주 무등산", "제주 성산",
          "강릉 경포", "춘천 의암", "목포 유달산", "여수 오동도", "안동 하회", "수원 화성")  # fmt: skip
SEASONS = ("봄 수련회", "여름 수련회", "가을 집회", "겨울 수련회", "새해 모임", "청년 모임")
LECTURE_PATTERNS = (
    "{t}의 길", "{t}{과와} 우리 가정", "{p}에서의 말씀", "{t}{을를} 다시 생각함",
    "새벽에 나눈 {t} 이야기", "{t}{과와} 책임", "{p} {s} 말씀", "오늘의 {t}",
    "{t}{으로로} 가는 길", "{t}{을를} 이루는 생활",
)  # fmt: skip
# Invented "exact terms" for fact questions: these words appear verbatim in the
# evidence, which is what a term-matching system (BM25) is good at.
TERMS = (
    ("세 개의 다리", "믿음과 정성과 실천이라는 세 가지 발판"),
    ("첫 새벽의 약속", "하루를 시작하며 먼저 감사하겠다는 다짐"),
    ("등불 세 개", "부모와 자녀와 이웃을 밝히는 세 가지 정성"),
    ("빈 그릇의 비유", "비워야 채워진다는 가르침"),
    ("두 개의 열쇠", "용서와 감사라는 마음의 열쇠"),
    ("네 모퉁이 기도", "동서남북의 이웃을 위해 드리는 기도"),
    ("소금 한 줌", "눈에 띄지 않게 맛을 내는 섬김"),
    ("돌다리 일곱 걸음", "한 걸음씩 조건을 쌓아 가는 훈련"),
    ("마루 위의 식탁", "온 가족이 함께 앉는 저녁 시간"),
    ("바람개비 교육", "스스로 움직이게 돕는 가르침"),
    ("두레박 정성", "깊은 곳에서 길어 올리는 꾸준한 노력"),
    ("은행나무 약속", "세대를 넘어 지켜 가는 가정의 약속"),
)
ERAS = (
    ("1960년대", 1960, 1969, "개인의 신앙 자세"),
    ("1970–80년대", 1970, 1989, "교회와 공동체의 확장"),
    ("1990년대", 1990, 1999, "세계 평화와 가정의 연결"),
    ("2000년대", 2000, 2009, "가정 단위의 실천과 다음 세대"),
)


def sentences_core(kind: str, spec: dict, rng: random.Random) -> str:
    t = spec["theme"]
    g = THEMES[t]["gloss"]
    if kind == "fact":
        term, meaning = spec["term"]
        opts = (
            f"'{term}'{'이란' if has_batchim(term) else '란'} {josa(meaning, '을를')} "
            f"가리킵니다. {josa(t, '을를')} 이루려면 "
            "이것을 날마다 점검해야 한다고 거듭 말했습니다.",
            f"그날 말한 '{term}'{'은' if has_batchim(term) else '는'} 바로 {meaning}입니다. 말로 끝나지 않고 "
            f"생활에서 드러날 때 {josa(t, '이가')} 살아난다는 것입니다.",
            f"{josa(term, '은는')} {josa(meaning, '을를')} 뜻합니다. 이것이 없으면 "
            f"{josa(t, '은는')} 이름만 남게 된다고 분명히 밝혔습니다.",
        )
    elif kind == "relation":
        a, b = spec["theme"], spec["theme2"]
        opts = (
            f"{josa(a, '이가')} 뿌리라면 {josa(b, '은는')} 그 열매입니다. {a} 없이 "
            f"{josa(b, '을를')} 이루려 하면 오래가지 못합니다.",
            f"{josa(b, '은는')} {josa(a, '을를')} 바탕으로 할 때에만 제자리를 찾습니다. "
            f"{josa(THEMES[a]['gloss'], '이가')} 먼저 서야 합니다.",
            f"{josa(a, '과와')} {josa(b, '은는')} 따로 떨어진 것이 아닙니다. "
            f"{josa(THEMES[a]['act'], '이가')} 곧 {b}에 이르는 문입니다.",
        )
    elif kind == "era":
        era = spec["era"]
        opts = (
            f"{spec['year']}년 무렵에는 {josa(t, '을를')} 주로 {era[3]}{josa_only(era[3], '이라는라는')} 관점에서 "
            "이야기했습니다. 그때 모인 사람들에게 가장 급한 것이 그것이었습니다.",
            f"이 시기에 {josa(t, '은는')} 무엇보다 {era[3]}에서 출발했습니다. "
            f"{josa(g, '이라는라는')} 설명도 그 흐름 안에서 나왔습니다.",
            f"{era[0]}의 말씀에서 {josa(t, '은는')} {era[3]}에 무게가 실려 있습니다. "
            f"{spec['year']}년의 강연이 그 전환을 잘 보여 줍니다.",
        )
    else:  # global
        opts = (
            f"어느 강연에서든 {josa(t, '은는')} 다시 돌아오는 주제입니다. "
            f"{g}, 이것이 모든 말씀의 중심에 있습니다.",
            f"{josa(t, '은는')} 한두 번 하고 마는 이야기가 아닙니다. 시대와 장소가 "
            f"달라져도 {josa(g, '이라는라는')} 뜻은 변하지 않았습니다.",
            f"처음부터 끝까지 {josa(t, '을를')} 빼고는 말씀을 이해할 수 없습니다. "
            f"{josa(THEMES[t]['act'], '이가')} 그 출발점입니다.",
        )
    return rng.choice(opts)


def sentences_support(theme: str, rng: random.Random) -> str:
    g = THEMES[theme]["gloss"]
    act = THEMES[theme]["act"]
    opts = (
        f"{theme}에 관해서는 앞에서도 말했지만, 가정에서 작은 일부터 실천하는 것이 중요합니다. "
        f"{josa(act, '이가')} 그 첫걸음입니다.",
        f"어느 집 어머니는 {josa(act, '을를')} 십 년 넘게 이어 왔다고 합니다. 그 가정을 보면 "
        f"{josa(theme, '이가')} 무엇인지 알 수 있습니다.",
        f"{josa(g, '이라는라는')} 말을 들으면 어렵게 느껴질 수 있습니다. 그러나 "
        f"{act}에서 시작하면 누구나 할 수 있습니다.",
        f"젊은 부부들에게 {josa(theme, '을를')} 물었더니 저마다 다르게 답했습니다. "
        "그래도 서로를 먼저 생각한다는 점은 같았습니다.",
    )
    return rng.choice(opts)


def sentences_filler(theme: str, place: str, rng: random.Random) -> str:
    opts = (
        f"그날 아침 {place}에는 비가 많이 내렸습니다. 모인 식구들과 함께 노래를 부르고 "
        "기도로 모임을 시작했습니다.",
        f"{place}까지 오는 길이 멀었을 텐데 모두 건강한 얼굴이어서 반가웠습니다. "
        "먼저 식사부터 하고 이야기를 이어 가자고 했습니다.",
        "오늘은 시간이 많지 않으니 짧게 말하겠습니다. 지난번에 약속한 일들을 "
        "각자 돌아보고 다음 모임에서 나누기로 합시다.",
        f"{theme} 이야기를 하기 전에 지난달 행사를 준비한 분들께 감사를 전합니다. "
        "수고가 많았습니다.",
        "질문이 있으면 끝나고 따로 찾아오십시오. 여기서 다 답하기에는 이야기가 너무 길어집니다.",
        f"요즘 {place} 주변에 새 길이 많이 났습니다. 길이 넓어지는 만큼 마음도 "
        "넓어져야 한다고 농담처럼 말했습니다.",
        f"{josa(theme, '은는')} 책으로만 배울 수 없습니다. 오늘은 그 이야기보다 "
        "우리가 모이게 된 사연부터 듣겠습니다.",
    )
    return rng.choice(opts)


# ---------------------------------------------------------------------------
# the data model


@dataclass
class Doc:
    doc_id: str
    theme: str
    volume: int
    lecture: str
    year: int
    date: str
    page: int
    place: str
    n_chunks: int
    texts: dict[int, str] = field(default_factory=dict)

    def pid(self, chunk: int) -> str:
        return f"{self.doc_id}-{chunk:02d}"


@dataclass
class Question:
    qid: str
    qtype: str
    text: str
    answerable: bool
    spec: dict
    # passage id -> (grade, role, group, note)
    pool: dict[str, tuple[int, str, str, str]] = field(default_factory=dict)


def make_docs(rng: random.Random) -> list[Doc]:
    docs = []
    years = sorted(rng.randint(1960, 2009) for _ in range(N_DOCS))
    for i, year in enumerate(years, start=1):
        theme = THEME_NAMES[(i * 7) % len(THEME_NAMES)]
        place = rng.choice(PLACES)
        pattern = rng.choice(LECTURE_PATTERNS)
        lecture = re.sub(
            r"\{t\}\{(\w+)\}",
            lambda m, t=theme: josa(t, m.group(1)),
            pattern,
        ).format(t=theme, p=place, s=rng.choice(SEASONS))
        volume = min(30, 1 + (year - 1960) * 30 // 50)
        date = f"{year}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"
        docs.append(
            Doc(
                doc_id=f"D{i:03d}",
                theme=theme,
                volume=volume,
                lecture=lecture,
                year=year,
                date=date,
                page=rng.randint(12, 380),
                place=place,
                n_chunks=rng.randint(3, 5),
            )
        )
    return docs


class Placer:
    """Puts evidence passages into free chunk slots of fitting documents."""

    def __init__(self, docs: list[Doc], rng: random.Random) -> None:
        self.docs = docs
        self.rng = rng

    def free(self, doc: Doc) -> list[int]:
        return [c for c in range(1, doc.n_chunks + 1) if c not in doc.texts]

    def place(self, text: str, theme: str, years: tuple[int, int] | None, avoid: set[str]) -> str:
        def fits(d: Doc, strict_theme: bool) -> bool:
            if d.doc_id in avoid or not self.free(d):
                return False
            if years and not (years[0] <= d.year <= years[1]):
                return False
            return d.theme == theme or not strict_theme

        for strict in (True, False):
            cands = [d for d in self.docs if fits(d, strict)]
            if cands:
                doc = self.rng.choice(cands)
                chunk = self.rng.choice(self.free(doc))
                doc.texts[chunk] = text
                return doc.pid(chunk)
        raise RuntimeError("no free chunk left; raise N_DOCS")


def build_questions(docs: list[Doc], rng: random.Random) -> list[Question]:
    placer = Placer(docs, rng)
    questions: list[Question] = []
    terms = list(TERMS)
    rng.shuffle(terms)
    # which questions of each type are unanswerable (5 in all)
    unanswerable = {"사실 확인": {4, 9}, "개념 관계": {7}, "시대 변화": {5}, "전역 주제": {10}}
    n = 0
    for ti, qtype in enumerate(TYPES):
        for k in range(N_PER_TYPE):
            n += 1
            qid = f"Q{n:03d}"
            # every theme once per type; the second theme 1–5 steps away
            theme = THEME_NAMES[(k + 3 * ti) % len(THEME_NAMES)]
            theme2 = THEME_NAMES[(k + 3 * ti + 1 + k % 5) % len(THEME_NAMES)]
            spec: dict = {"theme": theme, "theme2": theme2}
            if k in unanswerable[qtype]:
                questions.append(unanswerable_question(qid, qtype, spec, k))
                continue
            if qtype == "사실 확인":
                spec["term"] = terms[k % len(terms)]
                term = spec["term"][0]
                text = (
                    f"'{term}'{'은' if has_batchim(term) else '는'} 무엇을 뜻하며 "
                    "어떤 강연에서 설명되었나요?",
                    f"'{term}'{'이라는' if has_batchim(term) else '라는'} 표현은 "
                    "어떤 뜻으로 쓰였나요?",
                    f"'{term}'{'을' if has_batchim(term) else '를'} 설명한 강연에서 "
                    "강조한 것은 무엇인가요?",
                )[k % 3]
                plan = [("fact", 1, rng.randint(0, 1))]
            elif qtype == "개념 관계":
                text = (
                    f"{josa(theme, '과와')} {josa(theme2, '은는')} 서로 어떤 관계로 설명되나요?",
                    f"{josa(theme, '이가')} {theme2}에 어떤 영향을 준다고 말하나요?",
                    f"{josa(theme2, '을를')} 이루는 데 {josa(theme, '은는')} 어떤 역할을 하나요?",
                )[k % 3]
                plan = [("relation", 1, 1), ("relation", 1, rng.randint(0, 1))]
            elif qtype == "시대 변화":
                e1, e2 = rng.sample(range(len(ERAS)), 2)
                e1, e2 = sorted((e1, e2))
                spec["eras"] = (ERAS[e1], ERAS[e2])
                text = (
                    f"{theme}에 대한 강조점은 {ERAS[e1][0]}와 "
                    f"{ERAS[e2][0]} 사이에 어떻게 달라졌나요?"
                )
                plan = [("era0", 1, rng.randint(0, 1)), ("era1", 1, rng.randint(0, 1))]
            else:
                text = (
                    f"말씀선집 전체에서 {josa(theme, '은는')} 어떤 의미로 반복해서 다뤄지나요?",
                    f"여러 강연에 걸쳐 {josa(theme, '을를')} 설명하는 공통된 뜻은 무엇인가요?",
                    f"{theme}에 관한 말씀들을 모으면 어떤 큰 그림이 보이나요?",
                )[k % 3]
                plan = [("global", 1, 1), ("global", 1, rng.randint(0, 1)), ("global", 1, 0)]
            q = Question(qid, qtype, text, True, spec)
            used_docs: set[str] = set()
            for gi, (kind, n_core, n_alt) in enumerate(plan, start=1):
                group = f"G{gi}"
                years = None
                local = dict(spec)
                if kind.startswith("era"):
                    era = spec["eras"][int(kind[-1])]
                    years = (era[1], era[2])
                    local["era"] = era
                    kind = "era"
                for role, count in (("핵심", n_core), ("대체", n_alt)):
                    for _ in range(count):
                        if years:
                            local["year"] = rng.randint(*years)
                        pid = placer.place(
                            sentences_core(kind, local, rng), theme, years, used_docs
                        )
                        used_docs.add(pid[:4])
                        grade = 3 if role == "핵심" else rng.choice((2, 3))
                        q.pool[pid] = (grade, role, group, "")
            for _ in range(rng.randint(1, 3)):
                pid = placer.place(sentences_support(theme, rng), theme, None, used_docs)
                used_docs.add(pid[:4])
                q.pool[pid] = (rng.choice((1, 1, 2)), "보조", "", "")
            questions.append(q)
    return questions


def unanswerable_question(qid: str, qtype: str, spec: dict, k: int) -> Question:
    t = spec["theme"]
    texts = {
        "사실 확인": (
            f"{josa(t, '을를')} 주제로 한 2015년 국제 학술대회의 발표자는 누구였나요?",
            "말씀선집에 실린 강연 가운데 가장 긴 강연은 몇 시간 동안 이어졌나요?",
        ),
        "개념 관계": (f"{josa(t, '과와')} 인공지능 윤리는 어떤 관계로 설명되나요?",),
        "시대 변화": (f"2020년대에 {t}에 대한 설명은 어떻게 바뀌었나요?",),
        "전역 주제": ("말씀선집 전체에서 주식 투자는 어떻게 다뤄지나요?",),
    }
    opts = texts[qtype]
    text = opts[k % len(opts)] if qtype != "사실 확인" else opts[0 if k < 6 else 1]
    return Question(qid, qtype, text, False, spec)


CLOSERS = (
    "이 말을 잊지 말고 집에 돌아가 식구들과 나누십시오.",
    "오늘 여기 모인 여러분이 그 증인이 되어야 합니다.",
    "하루아침에 되는 일이 아니니 서두르지 마십시오.",
    "그래서 작은 약속부터 지키자고 말한 것입니다.",
    "이것은 누구에게나 열려 있는 길입니다.",
    "말보다 생활이 먼저라는 것을 기억하십시오.",
    "자녀들이 그 모습을 보고 배웁니다.",
    "어려울 때일수록 이 점을 다시 생각해야 합니다.",
    "그때 모인 사람들은 한참 동안 말이 없었습니다.",
    "여러분의 가정에서 이것을 시험해 보십시오.",
    "다음 모임에서 각자 느낀 점을 이야기해 봅시다.",
    "그 자리에 있던 청년들이 크게 고개를 끄덕였습니다.",
)


def fill_and_pool(docs: list[Doc], questions: list[Question], rng: random.Random) -> None:
    """Write the remaining chunks, then add non-relevant passages to each pool."""
    # a closing sentence on most chunks, so that templated passages rarely repeat
    for d in docs:
        for c, text in list(d.texts.items()):
            if rng.random() < 0.8:
                d.texts[c] = f"{text} {rng.choice(CLOSERS)}"
    for d in docs:
        for c in range(1, d.n_chunks + 1):
            if c not in d.texts:
                if rng.random() < 0.35:
                    text = sentences_support(d.theme, rng)
                else:
                    text = sentences_filler(d.theme, d.place, rng)
                if rng.random() < 0.8:
                    text = f"{text} {rng.choice(CLOSERS)}"
                d.texts[c] = text
    by_id = {d.doc_id: d for d in docs}
    for q in questions:
        # adjacent chunks of evidence passages: judged, mostly not relevant
        for pid in list(q.pool):
            doc = by_id[pid[:4]]
            chunk = int(pid[5:])
            for adj in (chunk - 1, chunk + 1):
                apid = doc.pid(adj)
                if 1 <= adj <= doc.n_chunks and apid not in q.pool and rng.random() < 0.75:
                    q.pool[apid] = (1, "보조", "", "") if rng.random() < 0.15 else (0, "", "", "")
        # topically close passages from other documents of the theme
        same = [d for d in docs if d.theme in (q.spec["theme"], q.spec["theme2"])]
        target = rng.randint(14, 18) if q.answerable else rng.randint(8, 11)
        tries = 0
        while len(q.pool) < target and tries < 200:
            tries += 1
            d = rng.choice(same if rng.random() < 0.7 else docs)
            pid = d.pid(rng.randint(1, d.n_chunks))
            if pid not in q.pool:
                q.pool[pid] = (0, "", "", "")


DISAGREE_UP = ("질문과 간접적으로 관련", "핵심 문장이 있음", "배경 설명으로 유용")
DISAGREE_DOWN = ("부분적으로만 답함", "재검토 필요", "질문의 시기와 맞지 않음")


def judgments_rows(questions: list[Question], rng: random.Random) -> list[list]:
    """Both assessors judge every pool; B departs from A on about 12% of items."""
    rows: list[list] = []
    for q in questions:
        for pid in sorted(q.pool):
            grade, role, group, note = q.pool[pid]
            b_grade, b_note = grade, ""
            # unanswerable questions stay at 0 for both: no relevant evidence
            if q.answerable and rng.random() < 0.14:
                step = 2 if rng.random() < 0.15 else 1
                if grade - step >= 0 and (grade + step > 3 or rng.random() < 0.5):
                    b_grade = grade - step
                else:
                    b_grade = min(3, grade + step)
                notes = DISAGREE_UP if b_grade > grade else DISAGREE_DOWN
                b_note = rng.choice(notes) if rng.random() < 0.6 else ""
            a_note = "핵심 근거" if role == "핵심" and rng.random() < 0.3 else ""
            b_role, b_group = (role, group) if b_grade > 0 else ("", "")
            a_role, a_group = (role, group) if grade > 0 else ("", "")
            if b_grade > 0 and not b_role:
                b_role = "보조"
            rows.append([q.qid, pid, grade, ASSESSORS[0], a_role, a_group, a_note])
            rows.append([q.qid, pid, b_grade, ASSESSORS[1], b_role, b_group, b_note])
    return rows


#: the 시스템 정보 sheet of runs.xlsx: what each simulated system stands for. BM25
#: indexes shorter chunks than the others, so the app warns that Recall is not
#: directly comparable; Vector and Hybrid are the candidate and the reranked
#: stage of one pipeline (the blog post's 후보 검색 → 재순위).
SYSTEM_INFO_HEADER = [
    "시스템",
    "검색 방식",
    "임베딩 모델",
    "재순위 모델",
    "청크 크기",
    "겹침",
    "단위",
    "LLM에 넘기는 K",
    "단계",
    "파이프라인",
    "메모",
]
SYSTEM_INFO = [
    ["BM25", "BM25 (키워드)", "", "", 300, 0, "문단", 5, "", "", "형태소 분석 후 색인"],
    ["Vector", "벡터 검색", "bge-m3", "", 500, 50, "문단", 10, "후보 검색", "하이브리드 RAG",
     "후보 10개를 재순위 단계로 넘김"],
    ["Hybrid", "BM25+벡터 결합 (RRF)", "bge-m3", "bge-reranker-v2-m3", 500, 50, "문단", 5,
     "재순위", "하이브리드 RAG", "후보를 다시 정렬해 상위 5개를 LLM에 넘김"],
    ["GraphRAG", "그래프 탐색 + 벡터", "bge-m3", "", 500, 50, "문단", 5, "", "",
     "개념 그래프로 관련 강연을 넓혀 찾음"],
]  # fmt: skip

#: share of answerable questions whose core evidence gets a 근거 문장
EVIDENCE_SHARE = 0.35

#: the 매뉴얼 sheet of judgments.xlsx: the team's own words for the grades (the
#: app's labels), θ and how the two assessors worked; no word names a system, a
#: rank, a score or an assessor, since the manual is shown beside blind judging
#: and goes into the judging workbooks
MANUAL_DEFINITIONS = {
    3: "질문에 직접 답하는 원문 문단. 이 문단만 인용해도 답이 되고, 권·강연·페이지로 출처를 "
    "밝힐 수 있다.",
    2: "답을 강하게 뒷받침하지만, 답이 되려면 앞뒤 문단이나 다른 강연과 이어 읽는 해석이 더 "
    "필요하다.",
    1: "질문과 같은 주제(참사랑, 가정, 약속 등)를 다루지만 질문이 묻는 내용에는 답하지 않는다.",
    0: "질문과 관련이 없거나, 낱말만 겹치고 뜻이 달라 답으로 인용하면 오해를 낳는다.",
}
MANUAL_THRESHOLD_RULE = (
    "‘관련’은 낱말이 겹치는지가 아니라 질문에 답할 원문 근거가 되는지로 판정한다. 등급 1 "
    "이상을 관련으로 센다."
)
MANUAL_PRINCIPLES = (
    "평가자 두 사람이 질문마다 같은 후보 문단을 서로 상의하지 않고 따로 판정한다.",
    "판정은 질문과 문단 본문만 보고 하며, 어느 검색 방식이 찾은 문단인지는 보지 않는다.",
    "근거역할은 핵심(답에 꼭 필요), 보조(답을 넓혀 줌), 대체(같은 내용을 다른 권·강연에서 "
    "설명)로 적고, 같은 내용을 담은 문단은 같은 근거그룹(G1, G2 …)으로 묶는다.",
    "답할 수 없는 질문(답변가능 = 아니오)은 후보 문단을 모두 0으로 판정한다.",
    "두 사람의 등급이 다르면 고치지 말고 그대로 두고, 이유를 메모에 적어 합의 회의에서 다시 본다.",
)


def first_sentence(text: str) -> str:
    """The first sentence of a passage (up to and with its final period)."""
    m = re.search(r"[.!?](?=\s|$)", text)
    return text[: m.end()] if m else text


def evidence_sentences(docs: list[Doc], questions: list[Question]) -> dict[tuple[str, str], str]:
    """(question, passage) → the sentence of the core passage that answers it, for
    about a third of the answerable questions (drawn from :data:`EXTRA_SEED`)."""
    rng = random.Random(EXTRA_SEED)
    by_id = {d.doc_id: d for d in docs}
    out: dict[tuple[str, str], str] = {}
    for q in questions:
        if not q.answerable or rng.random() >= EVIDENCE_SHARE:
            continue
        core = sorted(pid for pid, (_g, role, _grp, _n) in q.pool.items() if role == "핵심")
        if not core:
            continue
        pid = rng.choice(core)
        doc = by_id[pid[:4]]
        out[(q.qid, pid)] = first_sentence(doc.texts[int(pid[5:])])
    return out


def run_rows(
    docs: list[Doc], questions: list[Question], rng: random.Random
) -> dict[str, list[list]]:
    all_pids = [d.pid(c) for d in docs for c in range(1, d.n_chunks + 1)]
    by_id = {d.doc_id: d for d in docs}
    out: dict[str, list[list]] = {s: [] for s in SYSTEMS}
    unanswerable = [q for q in questions if not q.answerable]
    for q in questions:
        # unjudged candidates: chunks next to the pool or from the question's theme
        extra: list[str] = []
        same = [d for d in docs if d.theme == q.spec["theme"]]
        while len(extra) < 3:
            d = rng.choice(same) if rng.random() < 0.6 else by_id[rng.choice(all_pids)[:4]]
            pid = d.pid(rng.randint(1, d.n_chunks))
            if pid not in q.pool and pid not in extra:
                extra.append(pid)
        cands = sorted(q.pool) + extra
        for system in SYSTEMS:
            if not q.answerable and unanswerable.index(q) in ABSTAIN[system]:
                continue  # the system abstains: no rows for this question
            strength = STRENGTH[system][q.qtype]
            doc_eff = {d: rng.gauss(0, DOC_EFFECT[system]) for d in sorted({p[:4] for p in cands})}
            scored = []
            for pid in cands:
                # unjudged candidates: topically close but not pooled (≈ grade 0)
                grade = q.pool.get(pid, (-0.6,))[0]
                raw = SCALE * strength * grade + doc_eff[pid[:4]] + rng.gauss(0, 1)
                scored.append((raw, pid))
            scored.sort(key=lambda x: (-x[0], x[1]))
            top = scored[:TOP_K]
            for rank, (raw, pid) in enumerate(top, start=1):
                out[system].append([q.qid, rank, pid, display_score(system, raw, q.answerable)])
    return out


def display_score(system: str, raw: float, answerable: bool) -> float:
    if system == "BM25":
        return round(max(0.5, 8.0 + 2.2 * raw), 3)
    # similarity-like scores in 0–1; unanswerable questions score lower, so an
    # abstention score floor has something to work with
    shift = 0.0 if answerable else -1.2
    return round(1 / (1 + math.exp(-(0.45 * raw + shift - 0.6))), 4)


# ---------------------------------------------------------------------------
# answers and their ratings (their own random generator)

ANSWER_SEED = 20240517 + 17
RATERS = ("평가자A", "평가자B")
ANSWER_MODEL = ("데모 생성기", "1.0")
#: the rubric's criteria as the ratings sheet names them (the seeds' wording)
CRITERIA = ("출처 표기 정확도", "맥락 충실성", "목회자 활용성", "답변 보류 적절성")
#: how each system writes its citations: markers in the text, the 인용 column, or both
CITATION_STYLE = {"BM25": "both", "Vector": "both", "Hybrid": "column", "GraphRAG": "markers"}
#: questions rated by each rater (the rest are left for the app)
RATED_BY = {"평가자A": 40, "평가자B": 30}

OPENINGS = (
    "관련 강연을 보면 이렇게 설명합니다.",
    "말씀선집의 해당 부분은 다음과 같습니다.",
    "요약하면 다음과 같습니다.",
    "원문에 비추어 정리하면 이렇습니다.",
)
CONNECTORS = ("또한", "이어서", "다른 강연에서도", "함께 보면")
CLOSINGS = (
    "설교에서는 이 대목을 가정의 실천과 이어서 전할 수 있습니다.",
    "교육 시간에는 원문을 함께 읽고 나누기를 권합니다.",
    "상담에서 인용할 때는 해당 강연의 앞뒤 맥락을 함께 확인하십시오.",
    "",
)
OVERSTATEMENT = "이것만이 모든 문제를 해결하는 유일한 길이라고 단언했습니다."
ABSTAIN_TEXTS = (
    "검색된 말씀에서 이 질문에 답할 근거가 부족합니다. 추측하여 답하지 않겠습니다.",
    "말씀선집에서 이 내용은 확인되지 않습니다. 원문 근거 없이 답변할 수 없습니다.",
)
UNFOUNDED = (
    "여러 강연을 종합하면 그렇다고 볼 수 있습니다.",
    "말씀 전체의 흐름에서 자연스럽게 이어지는 결론입니다.",
)


def opening_sentence(text: str) -> str:
    """A passage's words up to its first "다." (what an answer quotes)."""
    end = text.find("다. ")
    return text if end < 0 else text[: end + 2]


def resolved_grades(judgments: list[list]) -> dict[tuple[str, str], int]:
    grades: dict[tuple[str, str], list[int]] = {}
    for q, p, g, *_ in judgments:
        grades.setdefault((q, p), []).append(g)
    return {k: sorted(v)[(len(v) - 1) // 2] for k, v in grades.items()}


@dataclass
class Answer:
    system: str
    qid: str
    text: str
    cited: list[str]
    column: str
    abstained: bool
    overstated: bool = False


def planted_cases(questions: list[Question]) -> dict[tuple[str, str], str]:
    """(system, question) → the case planted there, on fixed questions."""
    first = {}
    second = {}
    for q in questions:
        if q.answerable:
            if q.qtype in first:
                second.setdefault(q.qtype, q.qid)
            first.setdefault(q.qtype, q.qid)
    return {
        ("Vector", first["개념 관계"]): "fabricated",
        ("BM25", first["전역 주제"]): "grade0",
        ("Vector", first["시대 변화"]): "false_abstention",
        ("Hybrid", second["사실 확인"]): "no_citation",
        ("GraphRAG", first["사실 확인"]): "not_retrieved",
    }


def make_answer(
    system: str,
    q: Question,
    ranked: list[str],
    docs: dict[str, Doc],
    grades: dict[tuple[str, str], int],
    case: str,
    rng: random.Random,
) -> Answer:
    def text_of(pid: str) -> str:
        return docs[pid[:4]].texts[int(pid[5:])]

    if not ranked or case == "false_abstention":
        return Answer(system, q.qid, rng.choice(ABSTAIN_TEXTS), [], "", True)
    if not q.answerable:
        # GraphRAG and Hybrid hold back; BM25 and Vector answer from whatever came back
        holds_back = system in ("GraphRAG", "Hybrid") or rng.random() < 0.25
        if holds_back:
            return Answer(system, q.qid, rng.choice(ABSTAIN_TEXTS), [], "", True)
        pid = ranked[0]
        text = f"{opening_sentence(text_of(pid))} [{pid}] {rng.choice(UNFOUNDED)}"
        return Answer(system, q.qid, text, [pid], pid, False)
    n = 3 if rng.random() < 0.3 else 2
    cited = list(ranked[:n])
    if case == "grade0":
        zero = [p for p in ranked if grades.get((q.qid, p)) == 0]
        cited = [cited[0], zero[0] if zero else ranked[-1]]
    if case == "not_retrieved":
        elsewhere = [
            p for p, (g, *_rest) in sorted(q.pool.items()) if g >= 2 and p not in ranked
        ] or [p for p in sorted(q.pool) if p not in ranked]
        cited = [cited[0], elsewhere[0]]
    sentences = [opening_sentence(text_of(p)) for p in cited]
    if case == "fabricated":
        fake = f"D9{int(q.qid[1:]):02d}-0{1 + len(cited)}"
        cited = [*cited[:1], fake]
        sentences = [sentences[0], "이 가르침은 초기 강연에서 처음 체계적으로 정리되었습니다."]
    style = CITATION_STYLE[system]
    if case == "no_citation":
        style = "none"
    parts = [rng.choice(OPENINGS)]
    for i, (pid, sentence) in enumerate(zip(cited, sentences)):
        lead = "" if i == 0 else rng.choice(CONNECTORS) + " "
        marker = f" [{pid}]" if style in ("markers", "both") else ""
        parts.append(f"{lead}{sentence}{marker}")
    overstated = rng.random() < 0.1
    if overstated:
        parts.append(OVERSTATEMENT)
    closing = rng.choice(CLOSINGS)
    if closing:
        parts.append(closing)
    column = ", ".join(cited) if style in ("column", "both") else ""
    cited_out = cited if style != "none" else []
    return Answer(system, q.qid, " ".join(parts), cited_out, column, False, overstated)


def answer_set(
    docs: list[Doc],
    questions: list[Question],
    judgments: list[list],
    runs: dict[str, list[list]],
    rng: random.Random,
) -> dict[str, list[Answer]]:
    by_id = {d.doc_id: d for d in docs}
    grades = resolved_grades(judgments)
    cases = planted_cases(questions)
    out: dict[str, list[Answer]] = {}
    for system in SYSTEMS:
        ranked: dict[str, list[str]] = {}
        for qid, _rank, pid, _score in runs[system]:
            ranked.setdefault(qid, []).append(pid)
        out[system] = [
            make_answer(
                system,
                q,
                ranked.get(q.qid, []),
                by_id,
                grades,
                cases.get((system, q.qid), ""),
                rng,
            )
            for q in questions
        ]
    return out


def true_scores(a: Answer, q: Question, grades: dict[tuple[str, str], int]) -> list[int | None]:
    """What a careful rater gives: citation accuracy, faithfulness, usefulness,
    appropriate abstention (None where a criterion does not apply)."""
    if not q.answerable:
        return [None, None, None, 3 if a.abstained else 0]
    if a.abstained:
        return [0, 1, 0, None]
    cited = [grades.get((q.qid, p)) for p in a.cited]
    good = [g for g in cited if g is not None and g >= 1]
    if not a.cited:
        citation = 0
    elif None in cited and any(p[:2] == "D9" for p in a.cited):
        citation = 1  # a made-up source
    else:
        share = len(good) / len(a.cited)
        citation = 3 if share == 1 else 2 if share >= 0.5 else 1
    best = max([g for g in cited if g is not None] or [0])
    faithful = {3: 3, 2: 2, 1: 2, 0: 1}[best] - (1 if a.overstated else 0)
    useful = min(3, max(0, round((citation + best) / 2)))
    return [citation, max(faithful, 0), useful, None]


def rating_rows(
    answers: dict[str, list[Answer]],
    questions: list[Question],
    judgments: list[list],
    rng: random.Random,
) -> list[list]:
    """Both raters score the first questions (A more than B); B departs from A
    by one point on about one item in six."""
    grades = resolved_grades(judgments)
    by_q = {q.qid: q for q in questions}
    order = [q.qid for q in questions]
    rows: list[list] = []
    for rater in RATERS:
        chosen = set(order[: RATED_BY[rater]])
        for system in SYSTEMS:
            for a in answers[system]:
                if a.qid not in chosen:
                    continue
                scores = true_scores(a, by_q[a.qid], grades)
                out = []
                for v in scores:
                    if v is not None and rater == RATERS[1] and rng.random() < 0.17:
                        v = min(3, max(0, v + rng.choice((-1, 1))))
                    out.append(v)
                note = ""
                if a.overstated and rater == RATERS[0]:
                    note = "근거보다 강한 표현"
                elif any(p[:2] == "D9" for p in a.cited) and rater == RATERS[0]:
                    note = "없는 출처 인용"
                rows.append([a.qid, system, rater, *out, note])
    rows.sort(key=lambda r: (order.index(r[0]), SYSTEMS.index(r[1]), RATERS.index(r[2])))
    return rows


# ---------------------------------------------------------------------------
# writing


HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")


def display_width(value: object) -> int:
    s = str(value)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def add_sheet(wb: Workbook, title: str, header: list[str], rows: list[list], widths=None):
    ws = wb.create_sheet(title)
    ws.append(header)
    for cell in ws[1]:
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(horizontal="center")
    for r in rows:
        ws.append(r)
    for i, name in enumerate(header, start=1):
        if widths and name in widths:
            w = widths[name]
        else:
            longest = max([display_width(name)] + [display_width(r[i - 1]) for r in rows[:500]])
            w = min(60, longest + 3)
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.freeze_panes = "A2"
    return ws


FIXED_TIME = (2024, 5, 17, 9, 0, 0)


def save_atomic(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps (reproducible bytes), via a temp file + os.replace."""
    import datetime

    stamp = datetime.datetime(*FIXED_TIME)
    wb.properties.creator = "workbench demo generator"
    wb.properties.created = stamp
    buf = io.BytesIO()
    wb.save(buf)
    # openpyxl stamps "modified" with the current time and zip entries with
    # the local clock; rewrite both so the files do not change between runs
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>2024-05-17T09:00:00Z\g<2>",
                    data,
                )
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(zi, data)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".xlsx", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(out.getvalue())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build(seed: int = SEED):
    rng = random.Random(seed)
    docs = make_docs(rng)
    questions = build_questions(docs, rng)
    fill_and_pool(docs, questions, rng)
    judgments = judgments_rows(questions, rng)
    runs = run_rows(docs, questions, rng)
    return docs, questions, judgments, runs


def write(out_dir: Path, seed: int = SEED) -> tuple[Path, Path, Path, Path]:
    docs, questions, judgments, runs = build(seed)
    # the 근거 문장 goes on the first assessor's row of the item
    sentences = evidence_sentences(docs, questions)
    judgments = [
        [*row, sentences.get((row[0], row[1]), "") if row[3] == ASSESSORS[0] else ""]
        for row in judgments
    ]

    wb = Workbook()
    wb.remove(wb.active)
    ws = add_sheet(
        wb,
        "평가",
        ["질문ID", "문단ID", "등급", "평가자", "근거역할", "근거그룹", "메모", "근거 문장"],
        judgments,
        widths={"메모": 26, "근거 문장": 40},
    )
    dv = DataValidation(type="list", formula1='"0,1,2,3"', allow_blank=False)
    dv.error = "등급은 0, 1, 2, 3 중 하나입니다."
    dv.errorTitle = "등급"
    ws.add_data_validation(dv)
    dv.add(f"C2:C{len(judgments) + 1}")
    add_sheet(
        wb,
        "질문",
        ["질문ID", "질문", "질문유형", "답변가능"],
        [[q.qid, q.text, q.qtype, "예" if q.answerable else "아니오"] for q in questions],
    )
    passage_rows = [
        [d.pid(c), d.doc_id, c, d.volume, d.lecture, d.page + c - 1, d.date, d.texts[c]]
        for d in docs
        for c in range(1, d.n_chunks + 1)
    ]
    add_sheet(
        wb,
        "문단",
        ["문단ID", "문서ID", "청크번호", "권", "강연", "페이지", "날짜", "본문"],
        passage_rows,
        widths={"본문": 90},
    )
    # the manual as the app writes it (the reader's format), after the data sheets
    from workbench.core.protocol.manual import write_manual_sheet

    write_manual_sheet(wb, demo_manual(questions, judgments), "ko")
    judgments_path = out_dir / "judgments.xlsx"
    save_atomic(wb, judgments_path)

    wb = Workbook()
    wb.remove(wb.active)
    for system in SYSTEMS:
        add_sheet(wb, system, ["질문ID", "순위", "문단ID", "점수"], runs[system])
    add_sheet(wb, "시스템 정보", SYSTEM_INFO_HEADER, SYSTEM_INFO, widths={"메모": 40})
    runs_path = out_dir / "runs.xlsx"
    save_atomic(wb, runs_path)

    rng = random.Random(ANSWER_SEED)
    answers = answer_set(docs, questions, judgments, runs, rng)
    wb = Workbook()
    wb.remove(wb.active)
    for system in SYSTEMS:
        add_sheet(
            wb,
            system,
            ["질문ID", "답변", "인용", "모델", "버전"],
            [[a.qid, a.text, a.column, *ANSWER_MODEL] for a in answers[system]],
            widths={"답변": 90, "인용": 24},
        )
        for row in wb[system].iter_rows(min_row=2, min_col=2, max_col=2):
            row[0].alignment = Alignment(wrap_text=True, vertical="top")
    answers_path = out_dir / "answers.xlsx"
    save_atomic(wb, answers_path)

    wb = Workbook()
    wb.remove(wb.active)
    ratings = rating_rows(answers, questions, judgments, rng)
    ws = add_sheet(
        wb,
        "답변평가",
        ["질문ID", "시스템", "평가자", *CRITERIA, "메모"],
        ratings,
        widths={c: 14 for c in CRITERIA} | {"메모": 22},
    )
    dv = DataValidation(type="list", formula1='"0,1,2,3"', allow_blank=True)
    dv.error = "점수는 0, 1, 2, 3 중 하나입니다."
    dv.errorTitle = "점수"
    ws.add_data_validation(dv)
    dv.add(f"D2:G{len(ratings) + 1}")
    add_sheet(
        wb, "루브릭", ["기준", "키", "적용", "수준", "설명"], rubric_rows(), widths={"설명": 70}
    )
    ratings_path = out_dir / "ratings.xlsx"
    save_atomic(wb, ratings_path)
    return judgments_path, runs_path, answers_path, ratings_path


def demo_manual(questions: list[Question], judgments: list[list]):
    """The demo's evaluation manual (a ``workbench.core.protocol.manual.Manual``): the
    definitions above, and for each grade as its example the first item of an
    answerable question both assessors gave that grade."""
    sys.path.insert(0, str(ROOT))
    from workbench.core.model.grades import LABELS
    from workbench.core.protocol.manual import Example, GradeRule, Manual

    answerable = {q.qid for q in questions if q.answerable}
    given: dict[tuple[str, str], list[int]] = {}
    for qid, pid, grade, *_ in judgments:
        if qid in answerable:
            given.setdefault((qid, pid), []).append(grade)
    rules = []
    for grade in (0, 1, 2, 3):
        pid = next(p for (_q, p), gs in given.items() if gs == [grade] * len(ASSESSORS))
        rules.append(
            GradeRule(grade, LABELS["ko"][grade], MANUAL_DEFINITIONS[grade], (Example(pid),))
        )
    return Manual(tuple(rules), 1, MANUAL_THRESHOLD_RULE, MANUAL_PRINCIPLES)


def rubric_rows() -> list[list]:
    """The seeds' rubric as the app writes it (the app's default, in Korean)."""
    sys.path.insert(0, str(ROOT))
    from workbench.core.protocol.answer_results import rubric_rows as rows
    from workbench.core.protocol.answers import default_rubric

    return rows(default_rubric("ko"), "ko")


def check(seed: int = SEED) -> None:
    """Print what the demo shows: nDCG@10 by system × type, unjudged share, disagreement."""
    docs, questions, judgments, runs = build(seed)
    grades: dict[tuple[str, str], list[int]] = {}
    for q, p, g, *_ in judgments:
        grades.setdefault((q, p), []).append(g)
    resolved = {k: sorted(v)[(len(v) - 1) // 2] for k, v in grades.items()}
    differ = sum(1 for v in grades.values() if max(v) != min(v))
    print(f"items {len(grades)}, disagreements {differ} ({differ / len(grades):.1%})")
    qtype = {q.qid: q.qtype for q in questions}
    answerable = {q.qid for q in questions if q.answerable}
    for system, rows in runs.items():
        per_q: dict[str, list[str]] = {}
        for q, _r, p, _s in rows:
            per_q.setdefault(q, []).append(p)
        unjudged = sum(1 for q, _r, p, _s in rows if (q, p) not in resolved)
        by_type: dict[str, list[float]] = {}
        for q in answerable:
            ranked = per_q.get(q, [])
            gains = [2 ** resolved.get((q, p), 0) - 1 for p in ranked]
            dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
            ideal = sorted((2**g - 1 for (qq, _), g in resolved.items() if qq == q), reverse=True)
            idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal[:TOP_K]))
            by_type.setdefault(qtype[q], []).append(dcg / idcg if idcg else 0.0)
        cells = "  ".join(f"{t} {sum(v) / len(v):.3f}" for t, v in sorted(by_type.items()))
        overall = [x for v in by_type.values() for x in v]
        print(
            f"{system:9s} nDCG@10 {sum(overall) / len(overall):.3f} | {cells} | "
            f"unjudged {unjudged / len(rows):.1%} | questions {len(per_q)}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    paths = write(args.out, args.seed)
    for p in paths:
        print(f"wrote {p} ({p.stat().st_size // 1024} KB)")
    if args.check:
        check(args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
