"""workbench.core.protocol.review and workbench.core.model.grades: per-question view data, triage."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from workbench.core.model import grades
from workbench.core.model import schema as s
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings, JudgmentSet
from workbench.core.protocol.review import (
    ALL_FAIL,
    NONE_FAIL,
    SOME_FAIL,
    Card,
    Gap,
    ReviewIndex,
    Source,
    build_index,
    relation,
    triage,
)

NAN = math.nan


def _results(skipped: pd.DataFrame | None = None, threshold: int = 1) -> Results:
    """Two systems, three questions (q3 unanswerable, q2 missing from B)."""
    ranking = pd.DataFrame(
        [
            ("A", "q1", 1, "p1", 3.0, 0.9, 1.0),
            ("A", "q1", 2, "p9", NAN, 0.8, 2.0),
            ("A", "q1", 3, "p2", 0.0, 0.7, 3.0),
            ("A", "q1", 4, "p3", 2.0, 0.6, 4.0),
            ("B", "q1", 1, "p9", NAN, 0.95, 1.0),
            ("B", "q1", 2, "p1", 3.0, 0.90, 2.0),
            ("B", "q1", 3, "p2", 0.0, 0.85, 3.0),
            ("A", "q2", 1, "p5", 1.0, 0.5, 1.0),
        ],
        columns=[s.SYSTEM, s.QID, "position", s.PID, s.GRADE, s.SCORE, s.RANK],
    )
    qrels = pd.DataFrame(
        [
            ("q1", "p1", 3, "core", "g1"),
            ("q1", "p2", 0, "", ""),
            ("q1", "p3", 2, "alternative", "g1"),
            ("q1", "p4", 1, "supporting", ""),
            ("q2", "p5", 1, "", ""),
            ("q3", "p6", 0, "", ""),
        ],
        columns=[s.QID, s.PID, s.GRADE, s.ROLE, s.GROUP],
    )
    per_question = pd.DataFrame(
        [
            ("A", "q1", "사실 확인", False, 0.9, 0.75),
            ("B", "q1", "사실 확인", False, 0.3, 0.25),
            ("A", "q2", "개념 관계", False, 0.2, 1.0),
            ("B", "q2", "개념 관계", True, 0.0, 0.0),
        ],
        columns=[s.SYSTEM, s.QID, s.QTYPE, "missing", "nDCG@3", "Recall@3"],
    )
    if skipped is None:
        skipped = pd.DataFrame(columns=[s.SYSTEM, s.QID, s.PID, "after_position"])
    return Results(
        settings=EvalSettings(ks=(3,), threshold=threshold),
        measures=["nDCG@3", "Recall@3"],
        systems=["A", "B"],
        per_question=per_question,
        aggregates=pd.DataFrame(),
        by_type=pd.DataFrame(),
        abstention=pd.DataFrame(),
        unanswerable=["q3"],
        ranking=ranking,
        skipped=skipped,
        missing=pd.DataFrame({s.SYSTEM: ["B"], s.QID: ["q2"]}),
        run_only=pd.DataFrame(columns=[s.SYSTEM, s.QID]),
        qrels=qrels.assign(relevant=qrels[s.GRADE] >= threshold),
    )


def _judgments() -> pd.DataFrame:
    rows = [
        ("q1", "p1", 3, "kim"),
        ("q1", "p1", 2, "lee"),
        ("q1", "p2", 0, "kim"),
        ("q1", "p3", 2, "kim"),
        ("q1", "p4", 1, "lee"),
        ("q2", "p5", 1, "kim"),
        ("q3", "p6", 0, "kim"),
    ]
    frame = pd.DataFrame(rows, columns=[s.QID, s.PID, s.GRADE, s.ASSESSOR])
    for col in (s.ROLE, s.GROUP, s.NOTE):
        frame[col] = ""
    frame[s.ROW] = range(2, 2 + len(frame))
    return frame[s.JUDGMENT_COLUMNS]


def _passages() -> pd.DataFrame:
    return pd.DataFrame(
        {
            s.PID: ["p1", "p2", "p3"],
            s.DOCID: ["d1", "d1", "d2"],
            s.TEXT: ["첫째 문단", "", "셋째 문단"],
            s.VOLUME: ["12", "", "7.0"],
            s.LECTURE: ["참사랑", "", ""],
            s.PAGE: [34.0, None, "5"],
            s.DATE: ["", "", ""],
            s.CHUNK: [0, 1, 0],
        }
    )


def _index(**kwargs) -> ReviewIndex:
    runs = pd.DataFrame({s.PID: ["p2", "p9"], s.TEXT: ["둘째 (런)", "런에만 있는 문단"]})
    questions = pd.DataFrame(
        {s.QID: ["q2", "q1", "q3"], s.QTEXT: ["둘", "하나", "셋"], s.QTYPE: ["", "", "전역 주제"]}
    )
    return ReviewIndex(
        _results(**kwargs),
        questions=questions,
        passages=_passages(),
        judgments=_judgments(),
        runs=runs,
    )


# -- relative positions ------------------------------------------------------------
@pytest.mark.parametrize(
    "position, others, expected",
    [
        (1, [3], "higher"),
        (3, [1], "lower"),
        (2, [2], "same"),
        (2, [None], "absent"),
        (2, [None, 5], "higher"),
        (4, [None, 5, 1], "lower"),
        (1, [], "none"),
    ],
)
def test_relation(position, others, expected):
    assert relation(position, others) == expected


def test_column_cards_match_ranking_with_relations_and_text():
    index = _index()
    col = index.column("A", "q1", 3, others=["A", "B"])
    cards = col.cards
    assert [c.passage_id for c in cards] == ["p1", "p9", "p2"]
    assert [c.position for c in cards] == [1, 2, 3]
    assert cards[0].grade == 3.0 and math.isnan(cards[1].grade) and not cards[1].judged
    # p1: 1st here, 2nd in B → higher; p9: 2nd here, 1st in B → lower; p2 3rd in both
    assert [c.relation for c in cards] == ["higher", "lower", "same"]
    assert cards[0].others[0].system == "B" and cards[0].others[0].position == 2
    # text: passages sheet first, run text as fallback
    assert cards[0].text == "첫째 문단"
    assert cards[1].text == "런에만 있는 문단"
    assert cards[2].text == "둘째 (런)"
    assert cards[0].score == pytest.approx(0.9)


def test_relation_absent_when_other_system_lacks_passage():
    index = _index()
    col = index.column("A", "q2", 3, others=["B"])
    assert [c.relation for c in col.cards] == ["absent"]
    assert col.cards[0].others[0].position is None


def test_column_single_system_has_no_relation():
    col = _index().column("A", "q1", 3)
    assert {c.relation for c in col.cards} == {"none"}


def test_k_beyond_list_shows_everything():
    col = _index().column("A", "q1", 50, others=["B"])
    assert len(col.cards) == 4


# -- missed evidence ------------------------------------------------------------------
def test_missed_evidence_lists_relevant_not_in_top_k_best_first():
    index = _index()
    missed = index.missed("A", "q1", 3)
    # relevant (grade ≥ 1): p1 (in top 3), p3 (position 4), p4 (not retrieved)
    assert [(m.passage_id, m.grade, m.position) for m in missed] == [
        ("p3", 2.0, 4),
        ("p4", 1.0, None),
    ]
    assert missed[0].role == "alternative"
    missed_b = index.missed("B", "q1", 3)
    assert [m.passage_id for m in missed_b] == ["p3", "p4"]


def test_missed_evidence_follows_threshold():
    index = _index(threshold=2)
    assert [m.passage_id for m in index.missed("A", "q1", 3)] == ["p3"]
    assert [m.passage_id for m in index.missed("A", "q1", 4)] == []


def test_missed_evidence_of_missing_question_is_all_relevant():
    index = _index()
    col = index.column("B", "q2", 3)
    assert col.missing and col.cards == []
    assert [m.passage_id for m in col.missed] == ["p5"]


# -- skipped gaps -----------------------------------------------------------------------
def test_skipped_gaps_are_placed_after_their_position_and_counted():
    skipped = pd.DataFrame(
        [
            ("A", "q1", "x1", 1),
            ("A", "q1", "x2", 1),
            ("A", "q1", "x0", 0),
            ("A", "q1", "x9", 3),  # after the 3rd: outside the top 3 … still between 3 and 4
            ("B", "q1", "y1", 1),
        ],
        columns=[s.SYSTEM, s.QID, s.PID, "after_position"],
    )
    index = _index(skipped=skipped)
    gaps = index.gaps("A", "q1", 3)
    assert [(g.after_position, g.count) for g in gaps] == [(0, 1), (1, 2)]
    items = index.column("A", "q1", 3).items
    kinds = [
        f"gap{it.count}" if isinstance(it, Gap) else f"#{it.position}"
        for it in items
        if isinstance(it, Gap | Card)
    ]
    assert kinds == ["gap1", "#1", "gap2", "#2", "#3"]
    assert index.gaps("A", "q1", 4)[-1].passage_ids == ["x9"]


# -- gold evidence, sources, questions -------------------------------------------------
def test_gold_rows_carry_each_assessors_grade_role_and_source():
    index = _index()
    gold = index.gold("q1")
    assert [g.passage_id for g in gold] == ["p1", "p3", "p4", "p2"]
    assert gold[0].assessor_grades == {"kim": 3, "lee": 2}
    assert gold[0].role == "core" and gold[0].group == "g1"
    assert gold[0].source.format("ko") == "12권 · 참사랑 · 34쪽"
    assert gold[0].source.format("en") == "Vol. 12 · 참사랑 · p. 34"
    assert gold[1].source.format("ko") == "7권 · 5쪽"
    assert index.assessors == ["kim", "lee"]
    assert index.gold("nope") == []


def test_source_empty_and_existing_suffix():
    assert not Source()
    assert Source(volume="3권", page="9쪽").format("ko") == "3권 · 9쪽"


def test_question_table_lists_every_question_sheet_order_first():
    index = _index()
    table = index.question_table("nDCG@3")
    assert table[s.QID].tolist() == ["q2", "q1", "q3"]
    assert table[s.ANSWERABLE].tolist() == [True, True, False]
    assert table["A"].tolist()[:2] == [0.2, 0.9]
    assert math.isnan(table["A"].tolist()[2])
    assert table["mean"].tolist()[1] == pytest.approx(0.6)
    # type from the questions sheet, else from per_question
    assert table[s.QTYPE].tolist() == ["개념 관계", "사실 확인", "전역 주제"]


def test_view_bundles_gold_columns_and_metrics():
    view = _index().view("q1", ["A", "B"], 3)
    assert view.text == "하나" and view.answerable
    assert [c.system for c in view.columns] == ["A", "B"]
    assert view.columns[1].metrics == {"nDCG@3": 0.3, "Recall@3": 0.25}


def test_build_index_includes_added_grades_as_an_assessor():
    from workbench.core.study import Study

    study = Study()
    study.set_judgments(JudgmentSet(_judgments(), passages=_passages()))
    study.apply(study.grade_edit("q1", "p9", 2, assessor="앱 평가자"))
    index = build_index(_results(), study)
    assert index.assessor_grades("q1", "p9") == {"앱 평가자": 2}
    assert "앱 평가자" in index.assessors


# -- triage -------------------------------------------------------------------------------
def test_triage_every_some_none():
    pq = pd.DataFrame(
        {
            s.SYSTEM: ["A", "B", "A", "B", "A", "B", "A"],
            s.QID: ["q1", "q1", "q2", "q2", "q3", "q3", "q4"],
            "nDCG@3": [0.1, 0.2, 0.1, 0.9, 0.6, 0.5, NAN],
        }
    )
    out = triage(pq, "nDCG@3", 0.5)
    assert out.to_dict() == {"q1": ALL_FAIL, "q2": SOME_FAIL, "q3": NONE_FAIL}
    # the threshold is strict: 0.5 is not below 0.5
    assert triage(pq, "nDCG@3", 0.6)["q3"] == SOME_FAIL
    assert triage(pq, "nDCG@3", 0.5, systems=["A"])["q2"] == ALL_FAIL
    assert triage(pq, "missing-measure", 0.5).empty


# -- grades ---------------------------------------------------------------------------------
def test_grade_labels_colours_and_unjudged():
    assert grades.chip_text(3, "ko") == "3 직접 근거"
    assert grades.chip_text(0, "en") == "0 not relevant"
    assert grades.chip_text(NAN, "ko") == "미평가"
    assert grades.chip_text(None, "en") == "unjudged"
    assert [grades.colour(g) for g in range(4)] == ["#d54541", "#caab39", "#52b262", "#58aadc"]
    assert grades.colour(NAN) == "#888888"
    assert grades.colour(0) != grades.colour(None)  # unjudged never looks like 0
    assert grades.label(2.0, "ko") == "강한 뒷받침"
    assert grades.role_label("core") == "핵심" and grades.role_label("", "en") == ""
    assert grades.text_colour("#ffffff") == "#000000"
    assert grades.text_colour("#000000") == "#ffffff"
    assert grades.definition(1, "en") and grades.definition(None, "ko")


def test_missed_evidence_removed_by_dedup_is_marked():
    skipped = pd.DataFrame(
        [("A", "q1", "p4", 2)], columns=[s.SYSTEM, s.QID, s.PID, "after_position"]
    )
    missed = {m.passage_id: m for m in _index(skipped=skipped).missed("A", "q1", 3)}
    assert missed["p4"].skipped and missed["p4"].position is None
    assert not missed["p3"].skipped


def test_row_texts_from_categories_equal_the_text_of_every_row():
    """The review index reads a ranking's ids and a run's texts per category (millions
    of rows): the same values as converting every row."""
    import numpy as np
    import pandas as pd

    from workbench.core.io.ids import id_categorical
    from workbench.core.protocol.review import _non_blank, _RowTexts

    def same(a, b):
        return (a is b) or a == b or (a != a and b != b)

    for values in (["a", None, "b", "a"], ["", " x", None, "  ", "y"], []):
        col = pd.Series(pd.Categorical(values))
        plain = col.astype(str).to_numpy(dtype=object)
        texts = _RowTexts(col)
        got = texts[np.arange(len(col))]  # the rows asked for, as an array
        assert len(got) == len(plain)
        assert all(same(a, b) for a, b in zip(got, plain))
        assert all(same(texts[i], plain[i]) for i in range(len(col)))  # one row at a time
    # the readers' categoricals (text known in order): their own strings, per row
    read = pd.Series(id_categorical(np.array([2, 0, 1, 2]), np.array(["p1", "p2", "p3"], dtype=object)))
    assert _RowTexts(read)[np.array([3, 1])].tolist() == ["p3", "p1"]
    for values in (["a", None, "b", "a"], ["", " x", None, "  ", "y"], []):
        col = pd.Series(pd.Categorical(values))
        expected = (col.astype(object).fillna("").astype(str).str.strip() != "").to_numpy(bool)
        assert np.array_equal(_non_blank(col), expected)
        obj = pd.Series(values, dtype=object)
        assert np.array_equal(_non_blank(obj), expected)
