"""Id hygiene: invisible characters are removed from ids and counted once per column."""

from __future__ import annotations

import numpy as np

from workbench.core.io import load_judgments, load_run, normalize_id
from workbench.core.io.ids import INVISIBLE, is_blank, normalize_ids, normalize_ids_counted
from workbench.core.schema import EvalSettings
from workbench.core.study import study_from_files


def test_normalize_id_removes_every_invisible_character():
    for ch in INVISIBLE:
        assert normalize_id(f"{ch}Q0{ch}01{ch}") == "Q001", repr(ch)
    assert normalize_id(" \ufeff 말씀\u200d-1 ") == "말씀-1"
    ids, removed = normalize_ids_counted(np.array(["\ufeffQ1", "Q1", 12.0, None, "a\u00adb"], object))
    assert ids.tolist() == ["Q1", "Q1", "12", "", "ab"]
    assert removed.tolist() == [True, False, False, False, True]


def test_true_and_one_stay_apart():
    values = np.array([True, 1, 1.0, "1", False, 0], dtype=object)
    assert normalize_ids(values).tolist() == ["TRUE", "1", "1", "1", "FALSE", "0"]
    assert is_blank(np.array(["", " ", None, float("nan"), "x", 0], dtype=object)).tolist() == [
        True, True, True, True, False, False,
    ]  # fmt: skip


def test_bom_and_zero_width_ids_match_and_warn_once_per_column(tmp_path):
    judgments = tmp_path / "j.csv"
    judgments.write_text(
        "질문ID,문단ID,등급\n"
        "\ufeffQ001,D1,3\n"  # a BOM glued to the id (copy-paste from another file)
        "Q001,D\u200b2,2\n"
        "\ufeffQ002,D3,1\n"
        "Q002,D4,0\n",
        encoding="utf-8",
    )
    run = tmp_path / "r.csv"
    run.write_text(
        "질문ID,문단ID,순위\nQ001,D1,1\nQ001,D2,2\nQ002,D3,1\nQ\u200c002,D4,2\n", encoding="utf-8"
    )
    js = load_judgments(judgments)
    rs = load_run(run)
    warned = [p for p in js.problems if p.code == "id_invisible_removed"]
    assert [(p.column, p.row) for p in warned] == [("질문ID", 2), ("문단ID", 3)]
    assert "2 cell(s) of column '질문ID'" in warned[0].message_en
    assert "rows 2, 4" in warned[0].message_en
    assert "2개 칸" in warned[0].message_ko and "2, 4행" in warned[0].message_ko
    assert sorted(set(js.judgments["question_id"])) == ["Q001", "Q002"]
    (run_warning,) = [p for p in rs.problems if p.code == "id_invisible_removed"]
    assert run_warning.row == 5 and run_warning.column == "질문ID"
    res = study_from_files(js, [rs], EvalSettings(ks=(2,))).evaluate()
    # every judged passage is found: the ids are the same questions
    assert res.metric("r", "Recall@2") == 1.0
    assert res.missing.empty and res.run_only.empty
