"""One number format: ranges, percentages, question ids in natural order."""

from __future__ import annotations

from workbench.core.model.number_text import (
    ids_text,
    natural_key,
    percent_text,
    range_text,
    sorted_ids,
)


def test_range_is_written_with_a_spaced_en_dash():
    assert range_text("0.04", "0.16") == "0.04 – 0.16"
    assert range_text("−0.14", "0.01") == "−0.14 – 0.01"


def test_percent_keeps_its_sign_on_the_number():
    assert percent_text(0.242) == "24.2%"
    assert percent_text(1.0, 0) == "100%"


def test_question_ids_sort_naturally():
    assert sorted_ids(["Q10", "Q2", "Q03", "Q20", "q1"]) == ["q1", "Q2", "Q03", "Q10", "Q20"]
    assert sorted_ids(["질문10", "질문9", "가"]) == ["가", "질문9", "질문10"]
    assert natural_key("Q2") < natural_key("Q10")


def test_ids_text_sorts_then_cuts():
    assert ids_text(["Q03", "Q20", "Q10"]) == "Q03, Q10, Q20"
    assert ids_text(["Q03", "Q20", "Q10", "Q1"], shown=2) == "Q1, Q03 …"


def _natural_key_by_split(text: object) -> tuple:
    """natural_key as first written: every id split on its runs of digits."""
    import re

    value = str(text)
    parts = re.split(r"(\d+)", value.casefold())
    return (tuple((1, int(p), p) if p.isdigit() else (0, 0, p) for p in parts if p), value)


#: ids of every kind the keys must order alike: digits only (with leading zeros,
#: other scripts' digits), mixed, case, Korean, superscripts (digits, not decimals),
#: blank, and numbers that are not text
_ODD_IDS = [
    "301", "0301", "10", "9", "00", "0", "", " ", "Q2", "q10", "Q10", "q2a", "2q", "a1b2",
    "질문10", "질문9", "가", "١٢", "१०", "３０１", "²", "x²", "ß", "SS", "İ1", 7, 3.5, None,
]  # fmt: skip


def test_natural_key_is_the_split_key_for_every_kind_of_id():
    import random

    rng = random.Random(5)
    numbers = [rng.randrange(10 ** rng.randrange(1, 12)) for _ in range(300)]
    ids = _ODD_IDS + [str(n).zfill(rng.randrange(8)) for n in numbers]

    def outcome(key, value):
        try:
            return key(value)
        except ValueError as exc:  # a lone superscript: a digit int() does not read
            return type(exc)

    for value in ids:
        assert outcome(natural_key, value) == outcome(_natural_key_by_split, value), value


def test_ids_text_shows_the_first_in_natural_order():
    import random

    rng = random.Random(11)
    for _ in range(200):
        pool = _ODD_IDS + [f"q{n}" for n in range(30)] + [str(n) for n in range(40)]
        ids = [i for i in rng.sample(pool, rng.randrange(len(pool))) if i != "²"]
        ids += rng.sample(ids, min(len(ids), 3))  # repeated ids (ties)
        ordered = sorted((str(i) for i in ids), key=_natural_key_by_split)
        assert ids_text(ids) == ", ".join(ordered)
        for shown in sorted({0, 1, 2, 5, len(ids) - 1, len(ids), len(ids) + 2} - {-1}):
            expected = ", ".join(ordered[:shown]) + (" …" if len(ordered) > shown else "")
            assert ids_text(iter(ids), shown=shown) == expected, (ids, shown)
    assert ids_text([], shown=3) == ""
