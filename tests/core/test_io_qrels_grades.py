"""TREC qrels accept any whole-number grade; Excel/CSV judgments keep the 0–3 scale."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from workbench.core.io import load_judgments, load_run
from workbench.core.measures.metrics import gain_values
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError
from workbench.core.model.schema import EvalSettings
from workbench.core.study import study_from_files


def _qrels(tmp_path, text: str):
    path = tmp_path / "judged.qrels"
    path.write_text(text, encoding="utf-8")
    return path


def test_negative_grades_become_zero_with_one_counting_warning(tmp_path):
    js = load_judgments(_qrels(tmp_path, "q1 0 d1 -1\nq1 0 d2 2\nq2 0 d1 -2\nq2 0 d3 0\n"))
    assert js.judgments[S.GRADE].tolist() == [0, 2, 0, 0]
    negative = [p for p in js.problems if p.code == "qrels_negative_grades"]
    assert len(negative) == 1 and not negative[0].is_error
    assert negative[0].message_en.startswith("2 judgment(s)")
    assert negative[0].message_ko.startswith("판정 2개")
    assert negative[0].row == 1
    assert not [p for p in js.problems if p.code == "qrels_high_grades"]


def test_grades_above_three_are_kept_with_an_informational_warning(tmp_path):
    js = load_judgments(_qrels(tmp_path, "q1 0 d1 4\nq1 0 d2 1\nq1 0 d3 7\n"))
    assert js.judgments[S.GRADE].tolist() == [4, 1, 7]
    assert js.judgments[S.GRADE].dtype == np.int64
    high = [p for p in js.problems if p.code == "qrels_high_grades"]
    assert len(high) == 1 and "up to 7" in high[0].message_en and "최대 7" in high[0].message_ko


def test_non_integer_qrels_grade_is_still_an_error(tmp_path):
    with pytest.raises(InputError) as info:
        load_judgments(_qrels(tmp_path, "q1 0 d1 1\nq1 0 d2 1.5\n"))
    bad = [p for p in info.value.problems if p.code == "grade_invalid"]
    assert [p.row for p in bad] == [2]
    assert "whole number" in bad[0].message_en and "정수" in bad[0].message_ko


@pytest.mark.parametrize("grade", ["4", "-1"])
def test_excel_and_csv_judgments_keep_the_zero_to_three_scale(tmp_path, grade):
    path = tmp_path / "j.csv"
    path.write_text(f"질문ID,문단ID,등급\nq1,d1,1\nq1,d2,{grade}\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_judgments(path)
    assert [p.row for p in info.value.problems if p.code == "grade_invalid"] == [3]


def test_metrics_use_grades_above_three():
    g = gain_values(np.array([0, 3, 4, 7, np.nan]))
    assert g.tolist() == [0.0, 7.0, 15.0, 127.0, 0.0]


def test_ndcg_with_a_grade_four_qrels(tmp_path):
    js = load_judgments(_qrels(tmp_path, "q1 0 d1 4\nq1 0 d2 1\nq1 0 d3 -1\n"))
    run = tmp_path / "sys.run"
    run.write_text("q1 Q0 d2 1 2.0 sys\nq1 Q0 d1 2 1.0 sys\nq1 Q0 d3 3 0.5 sys\n")
    rs = load_run(run)
    results = study_from_files(js, [rs], EvalSettings(ks=(3,))).evaluate()
    per_q = results.per_question
    ndcg = per_q.loc[per_q[S.QID] == "q1", "nDCG@3"].iloc[0]
    # gains 2^1−1 = 1 then 2^4−1 = 15 (d3's −1 is 0); ideal order 15, 1
    dcg = 1 + 15 / np.log2(3)
    ideal = 15 + 1 / np.log2(3)
    assert ndcg == pytest.approx(dcg / ideal, abs=1e-12)
    assert isinstance(results.per_question, pd.DataFrame)
