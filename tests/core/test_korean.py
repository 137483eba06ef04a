"""The particle helper: 은/는, 이/가, 을/를, 과/와, 으로/로 from how the word is read."""

import pytest

from workbench.core.model.korean import Word, final_consonant, josa, particle

# word, 은/는, 이/가, 을/를, 과/와, 으로/로
TABLE = [
    # Hangul with and without 받침, ㄹ
    ("질문", "은", "이", "을", "과", "으로"),
    ("시스템", "은", "이", "을", "과", "으로"),
    ("문단", "은", "이", "을", "과", "으로"),
    ("평가자", "는", "가", "를", "와", "로"),
    ("관련도", "는", "가", "를", "와", "로"),
    ("서울", "은", "이", "을", "과", "로"),
    ("파일", "은", "이", "을", "과", "로"),
    # digits as read: 영 일 이 삼 사 오 육 칠 팔 구
    ("0", "은", "이", "을", "과", "으로"),
    ("1", "은", "이", "을", "과", "로"),
    ("2", "는", "가", "를", "와", "로"),
    ("3", "은", "이", "을", "과", "으로"),
    ("4", "는", "가", "를", "와", "로"),
    ("5", "는", "가", "를", "와", "로"),
    ("6", "은", "이", "을", "과", "으로"),
    ("7", "은", "이", "을", "과", "로"),
    ("8", "은", "이", "을", "과", "로"),
    ("9", "는", "가", "를", "와", "로"),
    # numbers with trailing zeros: 십 백 천 만
    ("10", "은", "이", "을", "과", "으로"),
    ("20", "은", "이", "을", "과", "으로"),
    ("100", "은", "이", "을", "과", "으로"),
    ("1000", "은", "이", "을", "과", "으로"),
    ("20000", "은", "이", "을", "과", "으로"),
    ("12", "는", "가", "를", "와", "로"),
    ("순위 4", "는", "가", "를", "와", "로"),
    # ids and acronyms, spelled out
    ("Q013", "은", "이", "을", "과", "으로"),
    ("Q012", "는", "가", "를", "와", "로"),
    ("BM25", "는", "가", "를", "와", "로"),
    ("D012-03", "은", "이", "을", "과", "으로"),
    ("질문ID", "는", "가", "를", "와", "로"),
    ("RAG", "는", "가", "를", "와", "로"),
    ("GraphRAG", "는", "가", "를", "와", "로"),
    ("HTML", "은", "이", "을", "과", "로"),
    ("M", "은", "이", "을", "과", "으로"),
    ("N", "은", "이", "을", "과", "으로"),
    ("R", "은", "이", "을", "과", "로"),
    ("X", "는", "가", "를", "와", "로"),
    # English words, read as words
    ("Vector", "는", "가", "를", "와", "로"),
    ("Hybrid", "는", "가", "를", "와", "로"),
    ("system", "은", "이", "을", "과", "으로"),
    ("Korean", "은", "이", "을", "과", "으로"),
    ("ranking", "은", "이", "을", "과", "으로"),
    ("model", "은", "이", "을", "과", "로"),
    ("cubic", "은", "이", "을", "과", "으로"),
    ("logic", "은", "이", "을", "과", "으로"),
    # quotes, brackets and punctuation are skipped
    ("'BM25'", "는", "가", "를", "와", "로"),
    ("관련도(0~3)", "는", "가", "를", "와", "로"),
    ("'질문'", "은", "이", "을", "과", "으로"),
    ("runs.xlsx", "는", "가", "를", "와", "로"),
    ("평가자A ", "는", "가", "를", "와", "로"),
    # full-width digits read like ASCII ones
    ("３", "은", "이", "을", "과", "으로"),
]


@pytest.mark.parametrize("word, eun, i, eul, gwa, euro", TABLE)
def test_particle_table(word, eun, i, eul, gwa, euro):
    assert particle(word, "은/는") == eun
    assert particle(word, "이/가") == i
    assert particle(word, "을/를") == eul
    assert particle(word, "과/와") == gwa
    assert particle(word, "으로/로") == euro


@pytest.mark.parametrize("spelling", ["은", "는", "은/는"])
def test_every_spelling_of_a_particle_means_the_same(spelling):
    assert josa("BM25", spelling) == "BM25는"
    assert josa("질문", spelling) == "질문은"


def test_word_in_format_strings():
    assert "{name:이} 없습니다".format(name=Word("Q013")) == "Q013이 없습니다"
    assert f"{Word('순위 4'):이} 빠졌습니다" == "순위 4가 빠졌습니다"
    assert "{name} is missing".format(name=Word("Q013")) == "Q013 is missing"
    assert f"{Word('x'):>3}" == "  x"


def test_unknown_particle_is_a_programming_error():
    with pytest.raises(ValueError):
        particle("질문", "야")


def test_nothing_readable_counts_as_a_vowel():
    assert final_consonant("") is None
    assert josa("", "은") == "는"
    assert josa("…", "이") == "…가"


def test_quoted_values_keep_their_quotes():
    assert josa("Q013", "이", quoted=True) == "'Q013'이"
    assert josa("평가자", "은", quoted=True) == "'평가자'는"
