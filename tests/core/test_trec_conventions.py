"""trec_eval's conventions on request (--trec-compat, --depth, --measures), checked
by hand and against pytrec_eval; and the run checks that must stay linear."""

from __future__ import annotations

import json
import time

import numpy as np
import pandas as pd
import pytest

from workbench.cli import EXIT_OK, EXIT_USAGE, main
from workbench.core.io import load_judgments, load_run
from workbench.core.measures.agreement import _dedup, _resolve_items, resolve_grades
from workbench.core.measures.evaluate import evaluate
from workbench.core.model.results import json_text, results_to_json
from workbench.core.model.schema import RUN_COLUMNS, EvalSettings
from workbench.core.study import study_from_files

pytrec_eval = pytest.importorskip("pytrec_eval")

# q3 is judged but has no relevant passage (R = 0); z is graded -1 (trec_eval: unjudged)
QRELS = """q1 0 a 2
q1 0 b 0
q1 0 c 1
q2 0 a 0
q2 0 d 0
q2 0 e 1
q3 0 x 0
q3 0 y 0
q3 0 z -1
"""
# q2: d and e tie on score; trec_eval's order puts e (larger id) first
RUN = """q1 Q0 b 1 3.0 sys
q1 Q0 a 2 2.0 sys
q1 Q0 f 3 1.0 sys
q1 Q0 c 4 0.5 sys
q2 Q0 d 1 2.0 sys
q2 Q0 e 2 2.0 sys
q2 Q0 g 3 1.0 sys
q3 Q0 z 1 5.0 sys
q3 Q0 x 2 4.0 sys
q3 Q0 w 3 3.0 sys
"""


@pytest.fixture
def files(tmp_path):
    q = tmp_path / "q.qrels"
    q.write_text(QRELS)
    r = tmp_path / "r.run"
    r.write_text(RUN)
    return q, r


def _results(files, **kw):
    q, r = files
    settings = EvalSettings(ks=(1, 3, 5), order="trec", gain="linear", **kw)
    return study_from_files(load_judgments(q), [load_run(r)], settings).evaluate()


def test_trec_compat_keeps_r0_questions_in_the_means_hand_computed(files):
    on = _results(files, trec_compat=True)
    off = _results(files)
    # AP: q1 relevant a (2nd) and c (4th) of R=2 → (1/2 + 2/4)/2 = 0.5;
    # q2: e first (tie broken by id, descending) → 1; q3: R = 0 → 0
    assert on.metric("sys", "MAP") == pytest.approx((0.5 + 1.0 + 0.0) / 3)
    assert off.metric("sys", "MAP") == pytest.approx((0.5 + 1.0) / 2)
    assert int(on.aggregates.loc["sys", "n"]) == 3 and int(off.aggregates.loc["sys", "n"]) == 2
    # R = 0 divides Recall and R-Prec: trec_eval gives 0
    q3 = on.per_question.set_index("question_id").loc["q3"]
    assert q3["Recall@3"] == 0.0 and q3["R-Prec"] == 0.0 and q3["MAP"] == 0.0
    assert on.unanswerable == ["q3"] and off.unanswerable == ["q3"]
    # Judged@3 of q3: z is graded -1, unjudged for trec_eval (unj_3 = 2/3) → 1/3
    assert q3["Judged@3"] == pytest.approx(1 / 3)
    assert off.per_question.set_index("question_id").loc["q1", "Judged@3"] == pytest.approx(2 / 3)
    assert results_to_json(on)["settings"]["trec_compat"] is True


def test_trec_compat_equals_trec_evals_all_line(files):
    """trec_eval's 'all' line is the mean over the questions of run ∩ qrels."""
    on = _results(files, trec_compat=True)
    qrels = {}
    for line in QRELS.splitlines():
        q, _, d, g = line.split()
        qrels.setdefault(q, {})[d] = int(g)
    run = {}
    for line in RUN.splitlines():
        q, _, d, _, sc, _ = line.split()
        run.setdefault(q, {})[d] = float(sc)
    names = {"P.1,3,5", "recall.3,5", "map", "recip_rank", "ndcg_cut.3,5", "Rprec", "success.1,3"}
    theirs = pytrec_eval.RelevanceEvaluator(qrels, names).evaluate(run)
    pairs = {
        "P@1": "P_1", "P@3": "P_3", "P@5": "P_5", "Recall@3": "recall_3",
        "Recall@5": "recall_5", "MAP": "map", "MRR": "recip_rank", "nDCG@3": "ndcg_cut_3",
        "nDCG@5": "ndcg_cut_5", "R-Prec": "Rprec", "Hit@1": "success_1", "Hit@3": "success_3",
    }  # fmt: skip
    for mine, te in pairs.items():
        all_line = np.mean([theirs[q][te] for q in theirs])
        assert on.metric("sys", mine) == pytest.approx(all_line, abs=1e-12), mine


def _random_runs(seed: int):
    rng = np.random.default_rng(seed)
    rows = []
    for q in range(15):
        n = int(rng.integers(1, 25))
        pids = rng.choice(40, n, replace=True)  # repeats too
        scores = np.round(rng.random(n) * 3) / 3  # ties
        ranks = rng.permutation(n) + 1
        for p, sc, r in zip(pids, scores, ranks):
            rows.append(("sys", f"q{q}", f"p{p}", float(r), float(sc), "", 0))
    runs = pd.DataFrame(rows, columns=RUN_COLUMNS)
    judged = [(f"q{q}", f"p{p}", int(rng.integers(0, 4))) for q in range(15) for p in range(0, 40, 3)]
    qrels = pd.DataFrame(judged, columns=["question_id", "passage_id", "grade"])
    return qrels, runs


@pytest.mark.parametrize("order", ["rank", "score", "trec"])
@pytest.mark.parametrize("depth", [1, 3, 10])
def test_depth_equals_truncating_the_run(order, depth):
    qrels, runs = _random_runs(depth)
    settings = EvalSettings(ks=(1, 3, 5, 10), order=order)
    deep = evaluate(qrels, runs, EvalSettings(ks=(1, 3, 5, 10), order=order, depth=depth))
    # truncate by hand: the first `depth` places of each list in the order in force
    full = evaluate(qrels, runs, settings)
    order_rows = full.ranking  # one row per kept place; repeats were dropped
    kept = []
    for _, group in runs.groupby(["system", "question_id"], sort=False):
        ranked = _sorted(group, order)
        kept.append(ranked.head(depth))
    cut = pd.concat(kept, ignore_index=True)[RUN_COLUMNS]
    truncated = evaluate(qrels, cut, settings)
    pd.testing.assert_frame_equal(
        deep.per_question.reset_index(drop=True), truncated.per_question.reset_index(drop=True)
    )
    assert len(deep.ranking) <= len(order_rows)
    # only `depth` places are left: P@10 can be at most depth / 10
    assert (deep.per_question["P@10"] <= depth / 10 + 1e-12).all()
    if depth == 1:
        assert not deep.per_question["P@10"].equals(full.per_question["P@10"])


def _sorted(group: pd.DataFrame, order: str) -> pd.DataFrame:
    if order == "rank":
        return group.sort_values(
            ["rank", "score", "passage_id"], ascending=[True, False, True], kind="stable"
        )
    if order == "score":
        return group.sort_values(["score", "passage_id"], ascending=[False, True], kind="stable")
    return group.sort_values(["score", "passage_id"], ascending=[False, False], kind="stable")


def test_cli_measures_depth_and_trec_compat(files, capsys):
    q, r = files
    code = main(
        ["eval", "--qrels", str(q), "--run", str(r), "--order", "trec", "--gain", "linear",
         "--trec-compat", "--depth", "2", "--measures", "nDCG,MAP,p@3", "--json", "-"]
    )  # fmt: skip
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert list(data["systems"]["sys"]["metrics"]) == ["nDCG", "MAP", "P@3"]
    assert data["settings"]["trec_compat"] is True and data["settings"]["depth"] == 2
    assert data["settings"]["measures"] == ["nDCG", "MAP", "P@3"]
    assert data["systems"]["sys"]["n"] == 3
    # depth 2: q1 keeps b, a → AP = (1/2)/2
    per_q = {rec["question_id"]: rec["metrics"] for rec in data["per_question"]}
    assert per_q["q1"]["MAP"] == pytest.approx(0.25)


@pytest.mark.parametrize("bad", [["--measures", "nDCG,Frobnicate"], ["--depth", "0"]])
def test_cli_rejects_bad_measures_and_depth(files, capsys, bad):
    q, r = files
    assert main(["eval", "--qrels", str(q), "--run", str(r), *bad]) == EXIT_USAGE
    assert "workbench eval" in capsys.readouterr().err


def test_settings_round_trip():
    s = EvalSettings(trec_compat=True, depth=100, measures=("nDCG", "P@10"))
    assert EvalSettings.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert EvalSettings.from_dict({"ks": [1, 3]}).trec_compat is False


def test_one_huge_rank_is_counted_not_listed(tmp_path):
    path = tmp_path / "r.run"
    path.write_text("q1 Q0 a 1 2.0 t\nq1 Q0 b 100000000 1.0 t\n")
    t0 = time.perf_counter()
    rs = load_run(path)
    assert time.perf_counter() - t0 < 5  # enumerating 10^8 ranks would take minutes
    gap = [p for p in rs.problems if p.code == "rank_gap"]
    assert len(gap) == 1
    assert "2–99,999,999 are missing (99,999,998 rank(s)" in gap[0].message_en
    assert "99,999,998개" in gap[0].message_ko
    assert "order given" not in gap[0].message_en


def test_gap_summary_shows_the_first_stretches(tmp_path):
    ranks = [1, 3, 5, 7, 9, 11, 13, 20]
    path = tmp_path / "r.run"
    path.write_text("".join(f"q Q0 p{r} {r} {1 / r:.4f} t\n" for r in ranks))
    (gap,) = [p for p in load_run(path).problems if p.code == "rank_gap"]
    assert "rank(s) 2, 4, 6, 8, 10 … are missing (12 rank(s); ranks run 1–20)" in gap.message_en


def test_single_assessor_resolution_equals_the_grouped_one():
    js = pd.DataFrame(
        {
            "question_id": ["q1", "q1", "q2", "q2"],
            "passage_id": ["a", "b", "a", "c"],
            "grade": [3, 0, 1, 2],
            "assessor": ["", "", "", ""],
            "role": ["core", "", "", "alternative"],
            "group": ["", "g1", "", ""],
            "note": ["", "", "", ""],
            "source_row": [2, 3, 4, 5],
        }
    ).astype({c: "str" for c in ["question_id", "passage_id", "assessor", "role", "group"]})
    fast = resolve_grades(js)
    slow = _resolve_items(_dedup(js), "median", None).reset_index(drop=True)
    pd.testing.assert_frame_equal(fast, slow)


def test_json_text_is_the_same_json(files):
    data = results_to_json(_results(files))
    text = json_text(data)
    assert json.loads(text) == json.loads(json.dumps(data))
    # one per-question record per line
    assert text.count('{"system": "sys", "question_id"') == len(data["per_question"])
