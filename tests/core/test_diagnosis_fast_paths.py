"""The diagnosis' and the charts' fast paths against the straightforward computation.

``chart_data`` finds each ranking row's list through runs of rows of one
(system, question) (or, when the rows are not in runs, a key per row), and the
diagnosis reads its depths, Recall@K per list and the K advisor's curve points
from one :func:`~workbench.core.measures.chart_data.recall_basis` instead of
the scoring kernel. Here every one of them is compared, to the last bit, with
a computation that keys each row by its ids as text and scores with the kernel
(:func:`~workbench.core.measures.metrics.score_lists`): on random small studies
with several systems, ties, repeated and unjudged passages, unanswerable
questions, questions missing from a run or only in a run, the document unit
and the de-dup policies — and with the ranking's rows in evaluation order,
shuffled, in blocks out of order, and with text instead of categorical ids.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from workbench.core.measures import chart_data as cd
from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.metrics import Measure, score_lists
from workbench.core.model import schema as s
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol import diagnosis as dg
from workbench.core.protocol.diagnosis_settings import DiagnosisSettings
from workbench.core.protocol.missed_evidence import has_core_roles

SEEDS = range(12)


# -- random studies ------------------------------------------------------------------
def random_study(seed: int):
    rng = np.random.default_rng(seed)
    n_q = int(rng.integers(3, 12))
    systems = [f"S{i}" for i in range(int(rng.integers(1, 4)))]
    ks = tuple(sorted({int(k) for k in rng.choice([1, 2, 3, 5, 10, 20], size=rng.integers(1, 5))}))
    settings = EvalSettings(
        ks=ks,
        threshold=int(rng.choice([1, 2])),
        order=str(rng.choice(["rank", "score", "trec"])),
        dedup=str(rng.choice(["none", "document", "adjacent"])),
        unit=str(rng.choice(["passage", "document"])),
        trec_compat=bool(rng.integers(2)),
        depth=None if rng.integers(3) else int(rng.integers(2, 8)),
    )
    qrels, runs, passages, questions = [], [], [], []
    for qi in range(n_q):
        q = f"Q{qi}"
        questions.append({"question_id": q, "question_type": str(rng.choice(["a", "b", ""]))})
        pids = [f"p{qi}_{i}" for i in range(int(rng.integers(2, 9)))]
        for i, p in enumerate(pids):
            # three chunks per document; some passages have no document
            if rng.random() < 0.8:
                passages.append({"passage_id": p, "document_id": f"D{qi}_{i // 3}", "chunk": i % 3})
        for p in rng.choice(pids, size=int(rng.integers(1, len(pids) + 1)), replace=False):
            grade = 0 if qi == 0 else int(rng.choice([0, 0, 1, 2, 3]))  # Q0: unanswerable
            role = str(rng.choice(["", "core", "supporting", "alternative"]))
            qrels.append(
                {"question_id": q, "passage_id": p, "grade": grade, "role": role, "group": ""}
            )
        for system in systems:
            if rng.random() < 0.15:
                continue  # missing from this run
            pool = pids + [f"u{qi}_{j}" for j in range(6)]  # + unjudged passages
            depth = int(rng.integers(1, 15))
            picks = rng.choice(pool, size=depth, replace=True)  # repeats de-dup removes
            for rank, p in enumerate(picks, start=1):
                runs.append(
                    {
                        "system": system,
                        "question_id": q,
                        "passage_id": str(p),
                        "rank": float(rank - rank % 2),  # tied ranks
                        "score": float(rng.integers(0, 4)),  # tied scores
                        "text": "",
                        "source_row": rank,
                    }
                )
    # a question only in a run: its rows belong to no list
    runs.append(
        {
            "system": systems[0],
            "question_id": "ONLY_RUN",
            "passage_id": "z",
            "rank": 1.0,
            "score": 1.0,
            "text": "",
            "source_row": 0,
        }
    )
    return evaluate(
        pd.DataFrame(qrels),
        pd.DataFrame(runs),
        settings,
        questions=pd.DataFrame(questions),
        passages=pd.DataFrame(passages),
    )


def layouts(results, subset: bool = False):
    """The same results with the ranking's rows as evaluated (one run per list),
    shuffled (too many runs: a key per row), in blocks out of order (a list may
    be several runs) and with text ids (no categories). ``subset``: also with
    every other list of ``per_question`` only (rows, relevant ones among them,
    that no list holds), in evaluation order and shuffled."""
    rk = results.ranking
    rng = np.random.default_rng(len(rk))
    shuffled = rk.iloc[rng.permutation(len(rk))].reset_index(drop=True)
    half = len(rk) // 2
    third = len(rk) // 3
    blocks = pd.concat([rk.iloc[half:], rk.iloc[third:half], rk.iloc[:third]], ignore_index=True)
    as_text = rk.astype({s.SYSTEM: object, s.QID: object})
    for name, frame in [
        ("as evaluated", rk),
        ("shuffled", shuffled),
        ("blocks", blocks),
        ("text ids", as_text),
    ]:
        yield name, dataclasses.replace(results, ranking=frame)
    if subset:
        every_other = results.per_question.iloc[::2]
        yield "subset", dataclasses.replace(results, per_question=every_other)
        yield (
            "subset shuffled",
            dataclasses.replace(results, per_question=every_other, ranking=shuffled),
        )


@pytest.fixture(scope="module", params=SEEDS)
def study(request):
    return random_study(request.param)


# -- the straightforward computation -------------------------------------------------
def text_lists(results) -> pd.DataFrame:
    return results.per_question[["system", "question_id"]].astype(str).reset_index(drop=True)


def row_lists(results) -> np.ndarray:
    """Each ranking row's list, found by its ids as text (len(lists): none)."""
    lists = text_lists(results)
    where = {(a, b): i for i, (a, b) in enumerate(zip(lists["system"], lists["question_id"]))}
    rk = results.ranking
    return np.array(
        [
            where.get((str(a), str(b)), len(lists))
            for a, b in zip(rk["system"].astype(object), rk["question_id"].astype(object))
        ],
        dtype=np.int64,
    )


def kernel_scores(results, measures) -> dict[str, np.ndarray]:
    """Every list's ``measures`` by the kernel, from rows keyed one by one; under
    TREC's conventions a list whose question has no relevant judgment scores 0
    where R divides, as evaluate() scores it."""
    lists = text_lists(results)
    questions = pd.Index(pd.unique(lists["question_id"]))
    lst = row_lists(results)
    rk = results.ranking
    grade = rk["grade"].to_numpy(dtype=float)
    judged = (lst < len(lists)) & ~np.isnan(grade)
    qr = results.qrels
    q = questions.get_indexer(qr["question_id"].astype(str))
    g = qr["grade"].to_numpy(dtype=float)
    keep = (q >= 0) & ~np.isnan(g)
    list_question = questions.get_indexer(lists["question_id"])
    values = score_lists(
        measures,
        n_lists=len(lists),
        list_question=list_question,
        row_list=lst[judged],
        row_pos=rk["position"].to_numpy()[judged],
        row_grade=grade[judged],
        judged_question=q[keep],
        judged_grade=g[keep],
        threshold=results.settings.threshold,
        gain=results.settings.gain,
    )
    if results.settings.trec_compat:
        relevant = np.bincount(
            q[keep], weights=g[keep] >= results.settings.threshold, minlength=len(questions)
        )
        without_evidence = relevant[list_question] == 0
        for m in measures:
            if m.family in ("Recall", "MAP", "R-Prec"):
                values[m.name][without_evidence] = 0.0
    return values


def depths(results) -> np.ndarray:
    lists = text_lists(results)
    lst = row_lists(results)
    pos = results.ranking["position"].to_numpy()
    out = np.zeros(len(lists), dtype=np.int64)
    for i, p in zip(lst, pos):
        if i < len(lists):
            out[i] = max(out[i], p)
    return out


def curve_means(results, values: np.ndarray) -> list[float]:
    """Each system's mean of ``values`` over its lists, added one by one in list order."""
    lists = text_lists(results)
    out = []
    for system in results.systems:
        total, n = 0.0, 0
        for v, sys_name in zip(values, lists["system"]):
            if sys_name == str(system):
                total += v
                n += 1
        out.append(total / n if n else np.nan)
    return out


def ladder_ks(results) -> list[int]:
    """The K advisor's points: the settings' K and each system's depth."""
    per_system = pd.Series(depths(results)).groupby(text_lists(results)["system"]).max()
    return sorted({k for k in results.settings.ks if k >= 1} | {int(d) for d in per_system if d})


# -- the tests ------------------------------------------------------------------------
def test_rows_find_their_lists_in_every_layout(study):
    for name, results in layouts(study, subset=True):
        lst, pos, grade = cd._ranking_rows(results, text_lists(results))
        np.testing.assert_array_equal(lst, row_lists(results), err_msg=name)
        np.testing.assert_array_equal(pos, results.ranking["position"].to_numpy(), err_msg=name)
        np.testing.assert_array_equal(grade, results.ranking["grade"].to_numpy(), err_msg=name)


def test_depths_equal_the_row_by_row_maximum(study):
    for name, results in layouts(study, subset=True):
        want = depths(results)
        got = cd.list_depths(results)
        np.testing.assert_array_equal(got["depth"].to_numpy(), want, err_msg=name)
        pd.testing.assert_frame_equal(got[["system", "question_id"]], text_lists(results))
        assert cd.deepest_position(results) == int(want.max(initial=0)), name
        basis = cd.recall_basis(results)
        pd.testing.assert_frame_equal(basis.depths(), got, check_exact=True)


def test_recall_per_list_is_the_kernels_to_the_last_bit(study):
    ks = sorted({1, 2, 3, 7, 1000, *study.settings.ks, *ladder_ks(study)})
    measures = [Measure("Recall", k) for k in ks]
    for name, results in layouts(study, subset=True):
        want = kernel_scores(results, measures)
        scores = cd.list_scores(results, [m.name for m in measures])
        basis = cd.recall_basis(results).scores(ks)
        pd.testing.assert_frame_equal(basis, scores, check_exact=True)
        for m in measures:
            np.testing.assert_array_equal(scores[m.name].to_numpy(), want[m.name], err_msg=name)


def test_other_measures_of_list_scores_still_match_the_kernel(study):
    measures = [Measure("nDCG", 3), Measure("P", 2), Measure("MRR", None), Measure("Judged", 5)]
    for name, results in layouts(study, subset=True):
        want = kernel_scores(results, measures)
        got = cd.list_scores(results, [m.name for m in measures])
        for m in measures:
            np.testing.assert_array_equal(got[m.name].to_numpy(), want[m.name], err_msg=name)


def test_recall_curve_points_equal_curve_data_and_the_mean_of_the_kernel(study):
    ks = ladder_ks(study) or [1]
    for name, results in layouts(study, subset=True):
        want = kernel_scores(results, [Measure("Recall", k) for k in ks])
        curve = cd.curve_data(results, families=("Recall",), ks=ks)
        pd.testing.assert_frame_equal(cd.recall_basis(results).curve(ks), curve, check_exact=True)
        for k in ks:
            got = curve[curve["k"] == k]["value"].to_numpy()
            np.testing.assert_array_equal(
                got, curve_means(results, want[f"Recall@{k}"]), err_msg=f"{name} K={k}"
            )


def test_whole_curves_equal_the_mean_of_the_kernel(study):
    curve = cd.curve_data(study)
    deepest = int(curve["k"].max())
    want = kernel_scores(
        study, [Measure(f, k) for f in ("Recall", "nDCG") for k in range(1, deepest + 1)]
    )
    for name, results in layouts(study):
        got = cd.curve_data(results)
        pd.testing.assert_frame_equal(got, curve, check_exact=True, obj=name)
    for (fam, k), part in curve.groupby(["family", "k"], sort=False):
        np.testing.assert_array_equal(
            part["value"].to_numpy(), curve_means(study, want[f"{fam}@{k}"]), err_msg=f"{fam}@{k}"
        )


def test_first_ranks_and_coverage_do_not_depend_on_the_layout(study):
    fr = cd.first_relevant_ranks(study)
    cov = cd.coverage_data(study)
    for name, results in layouts(study):
        got_fr, got_cov = cd.first_relevant_ranks(results), cd.coverage_data(results)
        pd.testing.assert_frame_equal(got_fr, fr, check_exact=True, obj=name)
        pd.testing.assert_frame_equal(got_cov, cov, check_exact=True, obj=name)


def test_k_advice_from_the_basis_equals_the_one_from_curve_data(study):
    whole = cd.curve_data(study, families=("Recall",))
    points = cd.curve_data(study, families=("Recall",), ks=ladder_ks(study) or [1])
    want = repr(dg.k_advice(study, whole))  # repr: NaN equals NaN, floats to the last bit
    assert repr(dg.k_advice(study, points)) == want
    for name, results in layouts(study):
        assert repr(dg.k_advice(results)) == want, name


@pytest.mark.parametrize("type_min_n", [1, 3])
def test_diagnosis_is_the_same_from_any_path_and_layout(study, type_min_n):
    st = DiagnosisSettings(type_min_n=type_min_n, candidate_k=int(max(study.settings.ks)))
    # the app's path: the whole Recall curve given; the CLI's: the basis' points
    app = dg.diagnose(study, st, curves=cd.curve_data(study, families=("Recall",)))
    want = {lang: dg.diagnosis_to_json(app, lang) for lang in ("en", "ko")}
    for name, results in layouts(study):
        got = dg.diagnose(results, st)
        assert {lang: dg.diagnosis_to_json(got, lang) for lang in ("en", "ko")} == want, name
        assert repr(got.k_advice) == repr(app.k_advice)


@pytest.mark.parametrize("seed", range(40))
def test_order_ids_equals_the_frame_sort(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 30))
    frame = pd.DataFrame(
        {
            s.QID: [f"q{int(i)}" for i in rng.integers(0, 12, size=n)],  # repeated ids
            "m": rng.choice([0.0, -0.0, 0.25, 0.5, 1.0, np.nan, 1 / 3], size=n),  # ties, NaN
        }
    )
    for ascending in (True, False):
        sub = pd.DataFrame({"q": frame[s.QID].astype(str), "v": frame["m"].astype(float)})
        sub = sub.sort_values(["v", "q"], ascending=[ascending, True], kind="stable")
        assert dg._order_ids(frame, "m", ascending) == tuple(sub["q"].tolist())


@pytest.mark.parametrize(
    "cells",
    [
        ["", "", None],
        ["", "보조", "supporting", np.nan],
        ["", " 핵심 ", "보조"],
        ["Core", None],
        ["대체", "core "],
        [],
    ],
)
def test_core_roles_found_as_in_every_cell(cells):
    from workbench.core.model.results import Results

    qrels = pd.DataFrame({s.ROLE: pd.Series(cells * 3, dtype=object)})
    results = Results.__new__(Results)
    results.qrels = qrels
    want = bool((s.evidence_roles(qrels[s.ROLE]) == "core").any())
    assert has_core_roles(results) is want
