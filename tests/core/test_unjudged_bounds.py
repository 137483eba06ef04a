"""The unjudged ranges computed by rescoring the evaluated lists equal the ranges
computed by evaluating the study again with the holes added to the judgments.

:func:`unjudged_bounds` rescoring the lists is the fast way (integer codes, no
second reading of the run); evaluating again with :func:`filled_qrels` is the
definition. On random studies — several systems, ties, repeated passages,
questions only in the run or only in the questions sheet, every order, gain,
threshold, depth, de-duplication and trec_eval's conventions — both give the
same means to the last bit.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pandas as pd
import pytest

from workbench.core.measures import unjudged_bounds as ub
from workbench.core.measures.evaluate import evaluate
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings


def random_study(
    seed: int,
    n_q: int = 25,
    pool: int = 40,
    systems: tuple[str, ...] = ("BM25", "Vector", "Hybrid"),
    grades: tuple[float, ...] = (0, 1, 2, 3),
):
    rng = np.random.default_rng(seed)
    pids = [f"p{i}" for i in range(pool)]
    q_rows, r_rows = [], []
    for qi in range(n_q):
        qid = f"q{qi}"
        for p in rng.choice(pool, rng.integers(0, 10), replace=False):
            q_rows.append((qid, pids[p], rng.choice(grades, p=[0.4, 0.3, 0.2, 0.1])))
        for system in systems:
            if rng.random() < 0.1:
                continue  # this system returned nothing for the question
            ret = rng.choice(pool, rng.integers(1, 20), replace=True)  # repeats too
            scores = np.round(rng.random(ret.size) * 4) / 4  # coarse: ties
            for place, (p, sc) in enumerate(zip(ret, scores), start=1):
                r_rows.append((system, qid, pids[p], float(place), float(sc)))
    # a question only in the run
    r_rows.append(("BM25", "q_run_only", "p1", 1.0, 1.0))
    qrels = pd.DataFrame(q_rows, columns=["question_id", "passage_id", "grade"])
    runs = pd.DataFrame(r_rows, columns=["system", "question_id", "passage_id", "rank", "score"])
    runs["text"] = ""
    runs["source_row"] = 0
    questions = pd.DataFrame(
        {
            "question_id": [f"q{i}" for i in range(n_q)] + ["q_listed_only"],
            "question_text": "",
            "question_type": [["사실", "요약"][i % 2] for i in range(n_q + 1)],
        }
    )
    passages = pd.DataFrame(
        {
            "passage_id": pids,
            "document_id": [f"doc{i // 4}" for i in range(pool)],
            "chunk": pd.array([i % 4 for i in range(pool)], dtype="Int64"),
        }
    )
    return qrels, runs[RUN_COLUMNS], questions, passages


SETTINGS = [
    EvalSettings(ks=(1, 3, 5, 10), gain=gain, order=order, threshold=threshold,
                 trec_compat=compat, depth=depth, dedup=dedup)
    for gain, order, threshold, compat, depth, dedup in [
        ("exponential", "rank", 1, False, None, "none"),
        ("linear", "trec", 1, True, None, "none"),
        ("exponential", "score", 2, False, 8, "none"),
        ("linear", "rank", 2, True, 5, "adjacent"),
        ("exponential", "trec", 1, False, None, "document"),
    ]
]


@pytest.mark.parametrize(
    ("seed", "settings"), list(itertools.product(range(6), SETTINGS))
)
def test_rescoring_the_lists_gives_the_means_of_evaluating_again(seed, settings):
    qrels, runs, questions, passages = random_study(seed)
    results = evaluate(qrels, runs, settings, questions=questions, passages=passages)
    bounded = [m for m in results.measures if not m.startswith("Judged")]
    for grade in (0, ub.TOP_GRADE):
        fast = ub._filled_by_rescoring(results, bounded, grade)
        slow = ub._filled_by_reevaluating(results, qrels, runs, questions, passages, None, grade)
        pd.testing.assert_frame_equal(fast, slow[bounded], check_exact=True, check_names=False)
    # unjudged_bounds takes today's means for the zeros: they are the zeros' means
    zeros = ub._filled_by_reevaluating(results, qrels, runs, questions, passages, None, 0)
    pd.testing.assert_frame_equal(
        results.aggregates[bounded], zeros[bounded], check_exact=True, check_names=False
    )


def test_every_hole_at_grade_0_leaves_the_means_as_they_are():
    qrels, runs, questions, passages = random_study(3)
    results = evaluate(qrels, runs, EvalSettings(), questions=questions, passages=passages)
    bounds = ub.unjudged_bounds(results, qrels, runs, questions, passages)
    assert not bounds.empty
    assert (bounds["value"] == bounds["as_not_relevant"]).all()
    # a filling at the top grade moves some value: the test can fail
    assert (bounds["as_top_grade"] != bounds["value"]).any()


def test_the_holes_counted_per_system_are_its_unjudged_places_in_evaluated_lists():
    qrels, runs, questions, passages = random_study(5)
    results = evaluate(qrels, runs, EvalSettings(), questions=questions, passages=passages)
    r = results.ranking
    evaluated = set(results.per_question["question_id"].astype(str))
    expected = {
        system: int((r["grade"].isna() & r["question_id"].astype(str).isin(evaluated)
                     & (r["system"].astype(str) == system)).sum())
        for system in results.systems
    }
    bounds = ub.unjudged_bounds(results, qrels, runs, questions, passages)
    got = bounds.groupby("system")["holes"].first().to_dict()
    assert got == expected
    assert all(v > 0 for v in expected.values())


#: every family the bounds rescore, with and without a cutoff, cutoffs beyond
#: some lists' ends, and the uncut nDCG (the ideal ranking expanded in full)
EVERY_FAMILY = (
    "P@2 P@7 Recall@1 Recall@25 Hit@3 MRR@2 MRR MAP@5 MAP nDCG@1 nDCG@7 nDCG R-Prec Judged@5"
).split()


@pytest.mark.parametrize(
    ("seed", "systems", "grades", "settings"),
    [
        (seed, systems, grades, settings)
        for seed, (systems, grades, settings) in enumerate(
            itertools.product(
                [("BM25",), ("BM25", "Vector", "Hybrid")],
                # whole grades, and grades between (a median of assessors)
                [(0, 1, 2, 3), (0, 0.5, 1.5, 3)],
                [
                    EvalSettings(
                        ks=(1, 5),
                        measures=tuple(EVERY_FAMILY),
                        gain=gain,
                        order=order,
                        threshold=threshold,
                        trec_compat=compat,
                        depth=depth,
                    )
                    for gain, order, threshold, compat, depth in [
                        ("exponential", "rank", 1, False, None),
                        ("linear", "trec", 2, True, 6),
                        ("linear", "score", 1.5, True, None),
                    ]
                ],
            )
        )
    ],
)
def test_every_measure_rescored_equals_evaluating_again_with_the_holes_in_the_judgments(
    seed, systems, grades, settings
):
    """One system or several (a hole two systems share is one judgment more),
    whole and fractional grades, every filling grade below, at and above the
    threshold: the rescored means are the re-evaluated ones to the last bit."""
    qrels, runs, questions, passages = random_study(seed, systems=systems, grades=grades)
    results = evaluate(qrels, runs, settings, questions=questions, passages=passages)
    assert results.unanswerable  # questions with R = 0 are among them
    assert ub._ranked_lists(results).numbered  # the cut lists come place by place
    for grade in (0, 1, 1.5, ub.TOP_GRADE):
        fast = ub._filled_by_rescoring(results, list(results.measures), grade)
        slow = ub._filled_by_reevaluating(results, qrels, runs, questions, passages, None, grade)
        pd.testing.assert_frame_equal(
            fast, slow[list(results.measures)], check_exact=True, check_names=False
        )


@pytest.mark.parametrize("settings", SETTINGS[:2])
def test_lists_cut_by_comparing_places_give_the_means_of_lists_taken_place_by_place(
    monkeypatch, settings
):
    """Places that are not 1…n (not evaluate()'s) are cut by comparing them, list
    by list: the same means."""
    qrels, runs, questions, passages = random_study(8)
    results = evaluate(qrels, runs, settings, questions=questions, passages=passages)
    measures = [*results.measures, "nDCG", "MAP@2"]
    by_rows = ub._filled_by_rescoring(results, measures, ub.TOP_GRADE)
    ranked_lists = ub._ranked_lists
    monkeypatch.setattr(
        ub, "_ranked_lists", lambda r: dataclasses.replace(ranked_lists(r), numbered=False)
    )
    by_places = ub._filled_by_rescoring(results, measures, ub.TOP_GRADE)
    pd.testing.assert_frame_equal(by_rows, by_places, check_exact=True)


@pytest.mark.parametrize("settings", SETTINGS[:2])
def test_whole_lists_rescored_a_few_rows_at_a_time_give_the_same_means(monkeypatch, settings):
    qrels, runs, questions, passages = random_study(8)
    results = evaluate(qrels, runs, settings, questions=questions, passages=passages)
    measures = [*results.measures, "MRR", "MAP", "R-Prec"]
    at_once = ub._filled_by_rescoring(results, measures, ub.TOP_GRADE)
    monkeypatch.setattr(ub, "_ROWS_PER_BLOCK", 7)  # a list or two per block
    blocks = ub._ranked_lists(results).blocks()
    assert len(blocks) > 20
    assert blocks[-1][0].size.size == 0  # the lists no system's run reaches
    in_blocks = ub._filled_by_rescoring(results, measures, ub.TOP_GRADE)
    pd.testing.assert_frame_equal(at_once, in_blocks, check_exact=True)


def test_a_ranking_without_rows_leaves_every_list_empty():
    qrels, runs, questions, passages = random_study(2)
    results = evaluate(qrels, runs, EvalSettings(), questions=questions, passages=passages)
    bounded = [m for m in results.measures if not m.startswith("Judged")]
    results.ranking = results.ranking.iloc[:0]
    means = ub._filled_by_rescoring(results, bounded, ub.TOP_GRADE)
    assert list(means.index) == list(results.systems)
    assert (means.fillna(0) == 0).all().all()
    assert (ub._holes_per_system(results) == 0).all()
