"""evaluate(): ordering, de-dup, unit, unanswerable/abstention, missing, warnings."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from workbench.core.measures.evaluate import evaluate
from workbench.core.model.cancel import Cancelled
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings


def qrels(rows: list[tuple]) -> pd.DataFrame:
    cols = ["question_id", "passage_id", "grade", "role", "group"][: len(rows[0])]
    return pd.DataFrame(rows, columns=cols)


def runs(rows: list[tuple]) -> pd.DataFrame:
    """rows: (system, question, passage, rank, score)."""
    frame = pd.DataFrame(rows, columns=["system", "question_id", "passage_id", "rank", "score"])
    frame["rank"] = frame["rank"].astype(float)
    frame["score"] = frame["score"].astype(float)
    frame["text"] = ""
    frame["source_row"] = np.arange(len(frame)) + 2
    return frame[RUN_COLUMNS]


def ranked(system: str, qid: str, pids: list[str]) -> list[tuple]:
    return [(system, qid, p, i + 1, np.nan) for i, p in enumerate(pids)]


def order_of(res, system="s", qid="q") -> list[str]:
    r = res.ranking
    sel = r[(r["system"] == system) & (r["question_id"] == qid)].sort_values("position")
    return [str(p) for p in sel["passage_id"]]


def pq(res, system="s", qid="q") -> pd.Series:
    r = res.per_question
    return r[(r["system"] == system) & (r["question_id"] == qid)].iloc[0]


BLOG = qrels([("q", p, 1) for p in "ACEG"])


def test_blog_example_through_evaluate_fills_every_field():
    res = evaluate(BLOG, runs(ranked("s", "q", list("ABCDE"))), EvalSettings(ks=(3, 5)))
    row = pq(res)
    assert row["P@5"] == pytest.approx(0.6)
    assert row["Recall@3"] == pytest.approx(0.5)
    assert row["MAP@5"] == pytest.approx(0.5666666667)
    assert res.metric("s", "P@3") == pytest.approx(2 / 3)
    assert res.measures[:2] == ["P@3", "P@5"] and res.measures[-3:] == ["MRR", "MAP", "R-Prec"]
    assert res.systems == ["s"]
    assert list(res.per_question.columns[:4]) == [
        "system",
        "question_id",
        "question_type",
        "missing",
    ]
    assert res.aggregates.loc["s", "n"] == 1
    assert list(res.by_type.columns[:3]) == ["system", "question_type", "n"]
    assert list(res.ranking.columns) == [
        "system",
        "question_id",
        "position",
        "passage_id",
        "grade",
        "relevant",
        "score",
        "rank",
    ]
    assert res.ranking["grade"].isna().sum() == 2  # B and D unjudged
    # the relevance flag and R, decided once for every consumer
    assert res.ranking["relevant"].tolist() == [True, False, True, False, True]
    assert res.qrels["relevant"].tolist() == (res.qrels["grade"] >= 1).tolist()
    assert res.relevant_count.to_dict() == {"q": 4}
    assert res.skipped.empty and res.missing.empty and res.run_only.empty
    assert res.unanswerable == []
    assert list(res.abstention.columns) == [
        "n_unanswerable",
        "appropriate_abstentions",
        "appropriate_abstention_rate",
        "n_answerable",
        "false_abstentions",
        "false_abstention_rate",
    ]
    assert set(res.qrels.columns) >= {"question_id", "passage_id", "grade"}


def test_empty_run_every_answerable_question_missing_no_systems():
    res = evaluate(BLOG, runs([]), EvalSettings(ks=(5,)))
    assert res.systems == []
    assert res.per_question.empty
    assert res.aggregates.empty


def test_question_missing_from_run_scores_zero_and_is_listed():
    qr = qrels([("q1", "a", 1), ("q2", "b", 2)])
    res = evaluate(qr, runs(ranked("s", "q1", ["a"])), EvalSettings(ks=(5,)))
    row = pq(res, qid="q2")
    assert bool(row["missing"])
    assert all(row[m] == 0 for m in res.measures)
    assert res.missing.to_dict("records") == [{"system": "s", "question_id": "q2"}]
    assert res.metric("s", "MRR") == pytest.approx(0.5)  # missing counts 0 in the mean
    assert res.aggregates.loc["s", "n"] == 2
    assert any(w.code == "missing_questions" for w in res.warnings)


def test_run_only_question_listed_not_evaluated():
    res = evaluate(BLOG, runs(ranked("s", "q", ["A"]) + ranked("s", "zz", ["A"])), EvalSettings())
    assert res.run_only.to_dict("records") == [{"system": "s", "question_id": "zz"}]
    assert "zz" not in set(res.per_question["question_id"])
    assert any(w.code == "run_only_questions" for w in res.warnings)
    w = next(w for w in res.warnings if w.code == "run_only_questions")
    assert "zz" in w.message_en and "zz" in w.message_ko


def test_ties_in_rank_broken_by_score_then_passage_id():
    rows = [
        ("s", "q", "b", 1, 0.5),
        ("s", "q", "a", 1, 0.5),  # same rank and score as b → id ascending
        ("s", "q", "c", 1, 0.9),  # same rank, higher score → first
        ("s", "q", "d", 0.5, 0.0),
    ]
    res = evaluate(BLOG, runs(rows), EvalSettings(order="rank"))
    assert order_of(res) == ["d", "c", "a", "b"]


def test_rank_all_nan_falls_back_to_score_order():
    rows = [
        ("s", "q", "A", np.nan, 0.1),
        ("s", "q", "B", np.nan, 0.9),
        ("s", "q", "C", np.nan, 0.5),
    ]
    res = evaluate(BLOG, runs(rows), EvalSettings(order="rank"))
    assert order_of(res) == ["B", "C", "A"]
    assert any(w.code == "ordered_by_score" for w in res.warnings)


def test_ties_in_score_order_score_id_ascending_and_trec_id_descending():
    rows = [
        ("s", "q", "A", 1, 0.5),
        ("s", "q", "C", 2, 0.5),
        ("s", "q", "B", 3, 0.7),
        ("s", "q", "E", 4, 0.5),
    ]
    by_score = evaluate(BLOG, runs(rows), EvalSettings(order="score"))
    assert order_of(by_score) == ["B", "A", "C", "E"]
    by_trec = evaluate(BLOG, runs(rows), EvalSettings(order="trec"))
    assert order_of(by_trec) == ["B", "E", "C", "A"]
    by_rank = evaluate(BLOG, runs(rows), EvalSettings(order="rank"))
    assert order_of(by_rank) == ["A", "C", "B", "E"]
    assert pq(by_rank)["P@1"] == 1 and pq(by_score)["P@1"] == 0


def test_rows_out_of_order_in_the_file_are_ranked():
    rows = [("s", "q", "C", 3, 0), ("s", "q", "A", 1, 0), ("s", "q", "B", 2, 0)]
    res = evaluate(BLOG, runs(rows), EvalSettings())
    assert order_of(res) == ["A", "B", "C"]
    assert pq(res)["MAP"] == pytest.approx((1 + 2 / 3) / 4)


def test_repeated_passage_counts_once_first_place_kept():
    res = evaluate(BLOG, runs(ranked("s", "q", ["A", "B", "A", "C"])), EvalSettings(ks=(3,)))
    assert order_of(res) == ["A", "B", "C"]
    assert pq(res)["P@3"] == pytest.approx(2 / 3)
    assert res.skipped.to_dict("records") == [
        {"system": "s", "question_id": "q", "passage_id": "A", "after_position": 2}
    ]
    assert any(w.code == "repeated_passage" for w in res.warnings)


PASSAGES = pd.DataFrame(
    {
        "passage_id": ["d1c1", "d1c2", "d1c3", "d1c5", "d2c1"],
        "document_id": ["D1", "D1", "D1", "D1", "D2"],
        "chunk": [1, 2, 3, 5, 1],
    }
)
DOC_QRELS = qrels([("q", "d1c1", 1), ("q", "d1c5", 3), ("q", "d2c1", 2), ("q", "x", 1)])


def test_dedup_none_keeps_sibling_chunks():
    run = runs(ranked("s", "q", ["d1c1", "d1c2", "d1c5", "d2c1", "x"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(dedup="none"), passages=PASSAGES)
    assert order_of(res) == ["d1c1", "d1c2", "d1c5", "d2c1", "x"]
    assert res.skipped.empty


def test_dedup_document_one_passage_per_document():
    run = runs(ranked("s", "q", ["d1c1", "d1c2", "d1c5", "d2c1", "x", "y"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(dedup="document", ks=(3,)), passages=PASSAGES)
    # passages without a known document (x, y) are their own document
    assert order_of(res) == ["d1c1", "d2c1", "x", "y"]
    assert res.skipped[["passage_id", "after_position"]].to_dict("records") == [
        {"passage_id": "d1c2", "after_position": 1},
        {"passage_id": "d1c5", "after_position": 1},
    ]
    assert pq(res)["P@3"] == 1


def test_dedup_adjacent_drops_neighbouring_chunks_only():
    run = runs(ranked("s", "q", ["d1c2", "d1c1", "d1c3", "d1c5", "d2c1"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(dedup="adjacent", window=1), passages=PASSAGES)
    # c1 and c3 are within ±1 of kept c2; c5 is not
    assert order_of(res) == ["d1c2", "d1c5", "d2c1"]
    assert res.skipped["passage_id"].tolist() == ["d1c1", "d1c3"]
    assert res.skipped["after_position"].tolist() == [1, 1]
    wide = evaluate(DOC_QRELS, run, EvalSettings(dedup="adjacent", window=3), passages=PASSAGES)
    assert order_of(wide) == ["d1c2", "d2c1"]


def test_dedup_adjacent_is_greedy_on_kept_chunks():
    # c1 kept; c2 dropped (next to c1); c3 is compared with KEPT chunks only
    # (c1, two away), so it stays although it touches the dropped c2.
    run = runs(ranked("s", "q", ["d1c1", "d1c2", "d1c3"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(dedup="adjacent", window=1), passages=PASSAGES)
    assert order_of(res) == ["d1c1", "d1c3"]


def test_dedup_without_passages_sheet_warns_and_removes_nothing():
    run = runs(ranked("s", "q", ["d1c1", "d1c2"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(dedup="document"))
    assert order_of(res) == ["d1c1", "d1c2"]
    assert any(w.code == "dedup_without_documents" for w in res.warnings)


def test_document_unit_maps_grades_to_best_passage_and_keeps_first_document():
    run = runs(ranked("s", "q", ["d1c2", "d1c1", "d2c1", "x"]))
    res = evaluate(DOC_QRELS, run, EvalSettings(unit="document", ks=(3,)), passages=PASSAGES)
    assert order_of(res) == ["D1", "D2", "x"]
    got = res.qrels.set_index("passage_id")["grade"].to_dict()
    assert got == {"D1": 3, "D2": 2, "x": 1}
    row = pq(res)
    assert row["P@3"] == 1 and row["Recall@3"] == 1
    assert row["nDCG@3"] == pytest.approx(1.0)
    assert res.ranking["grade"].tolist() == [3, 2, 1]


def test_unanswerable_question_left_out_and_abstention_counted():
    qr = qrels([("q1", "a", 1), ("q2", "b", 0), ("q3", "c", 1)])
    questions = pd.DataFrame({"question_id": ["q1", "q2", "q3", "q4"], "question_type": ""})
    rows = ranked("s", "q1", ["a"]) + ranked("s", "q2", ["b"]) + ranked("t", "q1", ["a"])
    res = evaluate(qr, runs(rows), EvalSettings(), questions=questions)
    assert res.unanswerable == ["q2", "q4"]
    assert set(res.per_question["question_id"]) == {"q1", "q3"}
    ab = res.abstention
    # s answered q2 (unanswerable), abstained on q4; abstained on answerable q3
    assert ab.loc["s", "n_unanswerable"] == 2
    assert ab.loc["s", "appropriate_abstentions"] == 1
    assert ab.loc["s", "appropriate_abstention_rate"] == 0.5
    assert ab.loc["s", "n_answerable"] == 2
    assert ab.loc["s", "false_abstentions"] == 1
    assert ab.loc["s", "false_abstention_rate"] == 0.5
    assert ab.loc["t", "appropriate_abstentions"] == 2
    assert res.metric("s", "MRR") == 0.5  # q1 = 1, q3 missing = 0; q2 not counted


def test_score_floor_turns_low_scored_results_into_abstention():
    qr = qrels([("q1", "a", 1), ("q2", "b", 0)])
    rows = [("s", "q1", "a", 1, 0.9), ("s", "q2", "b", 1, 0.2), ("s", "q2", "c", 2, 0.1)]
    plain = evaluate(qr, runs(rows), EvalSettings())
    floored = evaluate(qr, runs(rows), EvalSettings(score_floor=0.5))
    assert plain.abstention.loc["s", "appropriate_abstentions"] == 0
    assert floored.abstention.loc["s", "appropriate_abstentions"] == 1
    assert floored.abstention.loc["s", "false_abstentions"] == 0
    # the floor changes abstention only, not the measures
    assert floored.metric("s", "MRR") == plain.metric("s", "MRR") == 1


def test_question_type_means_with_n():
    qr = qrels([("q1", "a", 1), ("q2", "b", 1), ("q3", "c", 1)])
    questions = pd.DataFrame(
        {
            "question_id": ["q1", "q2", "q3"],
            "question_type": ["사실 확인", "사실 확인", "개념 관계"],
        }
    )
    rows = ranked("s", "q1", ["a"]) + ranked("s", "q2", ["x", "b"]) + ranked("s", "q3", ["x"])
    res = evaluate(qr, runs(rows), EvalSettings(), questions=questions)
    bt = res.by_type.set_index("question_type")
    assert bt.loc["사실 확인", "n"] == 2
    assert bt.loc["사실 확인", "MRR"] == pytest.approx(0.75)
    assert bt.loc["개념 관계", "MRR"] == 0
    assert pq(res, qid="q3")["question_type"] == "개념 관계"


def test_several_systems_keep_their_order_and_are_independent():
    rows = ranked("zeta", "q", ["A"]) + ranked("alpha", "q", ["B", "A"])
    res = evaluate(BLOG, runs(rows), EvalSettings())
    assert res.systems == ["zeta", "alpha"]
    assert list(res.aggregates.index) == ["zeta", "alpha"]
    assert res.metric("zeta", "MRR") == 1 and res.metric("alpha", "MRR") == 0.5


def test_duplicate_qrels_raise():
    qr = qrels([("q", "a", 1), ("q", "a", 2)])
    with pytest.raises(ValueError, match="one resolved grade"):
        evaluate(qr, runs(ranked("s", "q", ["a"])), EvalSettings())


@pytest.mark.parametrize("unit", ["passage", "document"])
def test_duplicate_qrels_are_named_in_either_unit(unit):
    qr = qrels([("q", "a", 1), ("q", "b", 1), ("r", "a", 2), ("q", "a", 2), ("r", "a", 0)])
    with pytest.raises(ValueError) as caught:
        evaluate(qr, runs(ranked("s", "q", ["a", "b"])), EvalSettings(unit=unit))
    assert str(caught.value).endswith("duplicated: (q, a), (r, a)")


def test_threshold_changes_relevance():
    qr = qrels([("q", "a", 1), ("q", "b", 2)])
    res = evaluate(qr, runs(ranked("s", "q", ["a", "b"])), EvalSettings(threshold=2))
    assert pq(res)["MRR"] == 0.5 and pq(res)["Recall@1"] == 0


def test_low_judged_coverage_warning_is_bilingual():
    res = evaluate(BLOG, runs(ranked("s", "q", ["A", "x", "y", "z", "w"])), EvalSettings(ks=(5,)))
    w = next(w for w in res.warnings if w.code == "low_judged_coverage")
    assert "20%" in w.message_en and "20%" in w.message_ko
    full = evaluate(BLOG, runs(ranked("s", "q", list("ACEG"))), EvalSettings(ks=(4,)))
    assert not any(w.code == "low_judged_coverage" for w in full.warnings)


def test_core_recall_counts_groups_alternative_covers_core():
    qr = qrels(
        [
            ("q", "c1", 3, "core", "g1"),
            ("q", "alt1", 2, "alternative", "g1"),
            ("q", "c2", 3, "core", ""),  # its own group
            ("q", "sup", 1, "supporting", "g3"),  # not a core group
        ]
    )
    res = evaluate(qr, runs(ranked("s", "q", ["alt1", "sup", "x", "c2"])), EvalSettings(ks=(2, 4)))
    assert "CoreRecall@2" in res.measures
    row = pq(res)
    assert row["CoreRecall@2"] == 0.5  # g1 via its alternative; c2 not yet
    assert row["CoreRecall@4"] == 1


def test_core_recall_absent_without_roles():
    res = evaluate(BLOG, runs(ranked("s", "q", ["A"])), EvalSettings())
    assert not any(m.startswith("CoreRecall") for m in res.measures)
    asked = evaluate(BLOG, runs(ranked("s", "q", ["A"])), EvalSettings(), measures=["CoreRecall@5"])
    assert math.isnan(pq(asked)["CoreRecall@5"])
    assert any(w.code == "core_recall_unavailable" for w in asked.warnings)


def test_progress_reported_and_cancel_raises():
    seen = []
    evaluate(
        BLOG, runs(ranked("s", "q", ["A"])), EvalSettings(), progress=lambda f, t: seen.append(f)
    )
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)
    with pytest.raises(Cancelled):
        evaluate(BLOG, runs(ranked("s", "q", ["A"])), EvalSettings(), cancelled=lambda: True)


def test_numeric_ids_are_treated_as_text():
    qr = pd.DataFrame({"question_id": ["1"], "passage_id": ["7"], "grade": [1]})
    run = runs([("s", "1", "7", 1, 0.0)])
    res = evaluate(qr, run, EvalSettings())
    assert res.metric("s", "MRR") == 1


def test_answerable_flag_disagreeing_with_judgments_warns():
    questions = pd.DataFrame(
        {"question_id": ["q"], "answerable": pd.array([False], dtype="boolean")}
    )
    res = evaluate(BLOG, runs(ranked("s", "q", ["A"])), EvalSettings(), questions=questions)
    assert any(w.code == "answerable_flag_disagrees" for w in res.warnings)


def test_core_recall_accepts_korean_role_words():
    qr = qrels([("q", "a", 2, "핵심", "g"), ("q", "b", 2, "대체", "g"), ("q", "c", 2, "핵심", "")])
    res = evaluate(qr, runs(ranked("s", "q", ["b", "x"])), EvalSettings(ks=(2,)))
    assert pq(res)["CoreRecall@2"] == 0.5


def test_no_judgments_at_all_gives_empty_means_and_lists_run_only():
    qr = pd.DataFrame({"question_id": [], "passage_id": [], "grade": []})
    res = evaluate(qr, runs(ranked("s", "q", ["a"])), EvalSettings())
    assert res.per_question.empty
    assert res.aggregates.loc["s", "n"] == 0
    assert res.run_only.to_dict("records") == [{"system": "s", "question_id": "q"}]


@pytest.mark.parametrize("long_list", [6, 60])  # padded grid / one flat sort of keys
def test_repeated_passages_in_lists_of_uneven_length(long_list):
    pids = [f"p{i}" for i in range(long_list)]
    pids[4] = "p1"  # repeat inside the long list
    rows = ranked("s", "q", pids) + ranked("s", "q2", ["a", "a"]) + ranked("s", "q3", ["b"])
    rows += ranked("s", "q4", ["c"]) + ranked("s", "q5", ["d"])
    qr = qrels([("q", "p1", 1), ("q", "p5", 1), ("q2", "a", 1), ("q3", "b", 1)])
    res = evaluate(qr, runs(rows), EvalSettings())
    assert order_of(res)[:5] == ["p0", "p1", "p2", "p3", "p5"]
    assert order_of(res, qid="q2") == ["a"]
    assert sorted(res.skipped["question_id"]) == ["q", "q2"]
    assert pq(res)["MAP"] == pytest.approx((1 / 2 + 2 / 5) / 2)


def test_ranking_does_not_share_memory_with_the_input_runs():
    run = runs(ranked("s", "q", ["A", "B"]))
    res = evaluate(BLOG, run, EvalSettings())
    res.ranking.loc[0, "score"] = 99.0
    assert run["score"].isna().all()


@pytest.mark.parametrize("block", [3, 7, 1 << 18])
@pytest.mark.parametrize("limit", [1, 5, 40, 1000])
def test_a_systems_first_rows_are_found_block_by_block(monkeypatch, block, limit):
    """The low-coverage hint samples a system's first rows; looking for them a block
    of rows at a time gives the rows listing every one would, in order."""
    from workbench.core.measures import evaluate as ev

    monkeypatch.setattr(ev, "_SEARCH_ROWS", block)
    codes = np.random.default_rng(limit + block).integers(0, 3, 200).astype(np.int8)
    for code in (0, 1, 2, 5):
        expected = np.flatnonzero(codes == code)[:limit]
        np.testing.assert_array_equal(ev._first_rows_with(codes, code, limit), expected)
    assert ev._first_rows_with(codes[:0], 0, limit).size == 0


@pytest.mark.parametrize("seed", range(6))
def test_codes_in_order_of_first_appearance_from_categoricals_and_text(seed):
    """Systems and questions are numbered in the order they first appear in the run
    (after the judged questions): from a categorical's codes (the readers') the
    same as from plain text, with rows grouped in stretches or interleaved."""
    from workbench.core.measures.evaluate import _appearance_codes

    rng = np.random.default_rng(seed)
    names = np.array([f"q{i}" for i in range(30)], dtype=object)
    values = names[rng.integers(0, 30, 400)]
    if seed % 2:
        values = np.repeat(values[:40], rng.integers(1, 20, 40))  # stretches, as runs list them
    first = names[rng.choice(30, int(rng.integers(0, 8)), replace=False)] if seed % 3 else None
    expected = list(dict.fromkeys([*([] if first is None else first), *values]))
    for col in (pd.Series(values, dtype=object), pd.Series(pd.Categorical(values))):
        codes, uniques = _appearance_codes(col, first=first)
        assert list(uniques) == expected
        assert list(uniques[codes]) == list(values)


def _lists_by_reference(frame: pd.DataFrame, order: str) -> dict:
    """Each (system, question) list's passages as SPEC §3 orders them, with a stable
    sort of the rows as given; a repeated passage keeps its first place."""
    df = frame.assign(
        neg_score=np.where(frame["score"].isna(), np.inf, -frame["score"]),
        pid=frame["passage_id"].astype(str),
    )
    if order == "rank":
        has_rank = df.groupby("system")["rank"].transform(lambda r: r.notna().any())
        ranked = np.where(df["rank"].isna(), np.inf, df["rank"])
        df["primary"] = np.where(has_rank, ranked, df["neg_score"])
        keys, ascending = ["primary", "neg_score", "pid"], [True, True, True]
    else:
        keys, ascending = ["neg_score", "pid"], [True, order == "score"]
    out = {}
    for (system, qid), rows in df.groupby(["system", "question_id"], sort=False):
        ordered = rows.sort_values(keys, ascending=ascending, kind="stable")
        out[(system, qid)] = list(dict.fromkeys(ordered["pid"]))
    return out


@pytest.mark.parametrize("order", ["trec", "score", "rank"])
@pytest.mark.parametrize("seed", range(5))
def test_lists_are_ordered_as_a_stable_sort_orders_them(order, seed):
    """Rows as a run file holds them (ranked, ties to break) and shuffled (a full
    sort): several systems, tied and missing scores, a system without ranks,
    repeated passages, questions only in the run. Every list equals a stable sort's."""
    rng = np.random.default_rng(seed)
    rows = []
    for system in ("b", "a", "noranks"):
        for q in [f"q{i}" for i in range(int(rng.integers(1, 8)))]:
            pids = [f"p{int(p)}" for p in rng.integers(0, 30, int(rng.integers(0, 25)))]
            # in ranked order, as a run file holds them: tied scores, and the rows
            # without a score or a rank last
            scores = np.sort(rng.integers(0, 6, len(pids)).astype(float))[::-1]
            unscored = int(rng.integers(0, 3))
            scores[len(pids) - unscored :] = np.nan
            for place, (p, sc) in enumerate(zip(pids, scores)):
                unranked = system == "noranks" or place >= len(pids) - unscored
                rows.append((system, q, p, np.nan if unranked else place + 1, sc))
    frame = runs(rows)
    judged = qrels([("q0", "p1", 1), ("q1", "p2", 2), ("q2", "p3", 1)])
    settings = EvalSettings(ks=(5,), order=order)
    for shuffled in (False, True):
        given = frame.sample(frac=1, random_state=seed) if shuffled else frame
        res = evaluate(judged, given.reset_index(drop=True), settings)
        r = res.ranking.sort_values(["system", "question_id", "position"], kind="stable")
        got = {
            (str(s), str(q)): [str(p) for p in g["passage_id"]]
            for (s, q), g in r.groupby(["system", "question_id"], sort=False, observed=True)
        }
        expected = _lists_by_reference(given.reset_index(drop=True), order)
        assert got == {k: v for k, v in expected.items() if v}
        for (s, q), g in r.groupby(["system", "question_id"], observed=True):
            assert g["position"].tolist() == list(range(1, len(g) + 1)), (s, q)


def test_passage_positions_from_the_readers_matches_are_the_lookups_own():
    """Where the run's reader looked the judged passages up, each needle's index
    among the run's passages and the judged passages no run returned (after
    them) is what the lookup over all of them gives; needles the reader was
    not asked about, or without the reader's lookups, are looked up among the
    run's passages and then the others."""
    from workbench.core.measures.evaluate import _passage_positions, _positions_in

    run_passages = np.array(sorted(f"p{i:03d}" for i in range(0, 300, 2)), dtype=object)
    extra = np.array(["p001", "p777"], dtype=object)  # judged, in no run
    p_uniq = np.concatenate([run_passages, extra])
    looked_up = np.array(["p000", "p001", "p002", "p777", "p999"], dtype=object)
    found = np.array([0, -1, 1, -1, -1])  # where the reader found each among the run's
    needles = np.array(["p002", "p777", "p001", "p999", "p000", "p002"], dtype=object)
    got = _passage_positions(run_passages, extra, (looked_up, found), needles)
    assert got.tolist() == _positions_in(p_uniq, needles).tolist() == [1, 151, 150, -1, 0, 1]
    also_others = np.append(needles, "p150")  # not looked up by the reader
    for matched in ((looked_up, found), None):
        got = _passage_positions(run_passages, extra, matched, also_others)
        assert got.tolist() == [1, 151, 150, -1, 0, 1, 75]
    no_extra = np.empty(0, dtype=object)
    got = _passage_positions(run_passages, no_extra, None, also_others)
    assert got.tolist() == [1, -1, -1, -1, 0, 1, 75]


@pytest.mark.parametrize("stretch", [1, 3, 400])
@pytest.mark.parametrize("with_first", [False, True])
def test_systems_and_questions_are_numbered_by_first_appearance(stretch, with_first):
    """The evaluation numbers a run's systems and questions as they first appear
    (the judged questions first, in their own order), whether the column's
    values come in long stretches (numbered from the stretches' heads) or not,
    with categories no row uses and values the judged list lacks."""
    from workbench.core.measures.evaluate import _appearance_codes

    rng = np.random.default_rng(stretch)
    names = np.array([f"q{n}" for n in rng.permutation(60)], dtype=object)
    values = np.repeat(names[rng.integers(0, 50, 3000 // stretch)], stretch)
    categories = sorted({*names, "unused-1", "unused-2"})
    column = pd.Series(pd.Categorical(values, categories=categories))
    first = np.array(["q7", "q3", "not-in-run"], dtype=object) if with_first else None

    expected_order = [*(first if with_first else [])]
    expected_order += [v for v in dict.fromkeys(values.tolist()) if v not in expected_order]
    index = {v: i for i, v in enumerate(expected_order)}
    codes, uniques = _appearance_codes(column, first=first)
    assert list(uniques) == expected_order
    assert codes.tolist() == [index[v] for v in values.tolist()]
