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
