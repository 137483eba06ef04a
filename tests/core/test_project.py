"""Project file: relative paths, checksums, atomic writes, clear errors."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil

import pandas as pd
import pytest

from workbench.core.io.project import (
    FORMAT,
    PROJECT_FIELDS,
    SOURCE_FIELDS,
    Project,
    ProjectSource,
    check_sources,
    file_sha256,
    frame_to_records,
    load_project,
    project_to_dict,
    records_to_frame,
    save_project,
)
from workbench.core.model.problems import InputError


def _project(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    qrels = data / "평가.xlsx"
    qrels.write_bytes(b"judgments")
    run = data / "runs.csv"
    run.write_bytes(b"runs")
    return Project(
        sources=[
            ProjectSource(
                "judgments",
                str(qrels),
                file_sha256(qrels),
                # as the import dialog confirms it: ColumnMapping.to_dict()
                mappings={
                    "평가": {"roles": {"질문ID": "question_id", "등급": "grade", "비고": None}}
                },
                sheets={"judgments": "평가"},
            ),
            ProjectSource("runs", str(run), file_sha256(run), sheets=["bm25"]),
        ],
        settings={"ks": [1, 5], "threshold": 2},
        notes={"q1": {"note": "다시 보기", "flagged": True}},
        added_grades=[{"question_id": "q1", "passage_id": "p9", "grade": 2, "assessor": "A"}],
        view={"page": "overview", "question": "q1"},
    )


def test_save_then_load_round_trips_everything(tmp_path):
    project = _project(tmp_path)
    target = save_project(tmp_path / "study.wbproj", project)
    again = load_project(target)
    assert [s.path for s in again.sources] == [
        str((tmp_path / "data" / n).resolve()) for n in ("평가.xlsx", "runs.csv")
    ]
    assert again.sources[0].mappings == project.sources[0].mappings
    assert again.sources[0].sheets == {"judgments": "평가"}
    assert again.sources[1].sheets == ["bm25"]
    assert again.settings == project.settings
    assert again.notes == project.notes
    assert again.added_grades == project.added_grades
    assert again.view == project.view
    assert again.problems == []


def test_paths_are_written_relative_to_the_project(tmp_path):
    target = save_project(tmp_path / "study.wbproj", _project(tmp_path))
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["sources"][0]["path"] == "data/평가.xlsx"


def test_moving_the_whole_folder_keeps_sources(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    save_project(old / "study.wbproj", _project(old))
    new = tmp_path / "new"
    shutil.move(str(old), str(new))
    again = load_project(new / "study.wbproj")
    assert all(s.ok for s in check_sources(again))
    assert again.sources[0].path.startswith(str(new.resolve()))


def test_absolute_path_is_the_fallback_when_only_the_project_moves(tmp_path):
    project = _project(tmp_path)
    target = save_project(tmp_path / "study.wbproj", project)
    moved = tmp_path / "elsewhere" / "study.wbproj"
    moved.parent.mkdir()
    shutil.move(str(target), str(moved))
    again = load_project(moved)
    assert [s.state for s in check_sources(again)] == ["ok", "ok"]


def test_check_sources_reports_missing_and_changed(tmp_path):
    project = _project(tmp_path)
    (tmp_path / "data" / "runs.csv").write_bytes(b"edited")
    (tmp_path / "data" / "평가.xlsx").unlink()
    states = [s.state for s in check_sources(project)]
    assert states == ["missing", "changed"]


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path):
    target = save_project(tmp_path / "study", _project(tmp_path))
    assert target.name == "study.wbproj"
    save_project(target, Project())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "study.wbproj"]
    assert load_project(target).sources == []


def test_save_to_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(InputError) as info:
        save_project(blocker / "sub" / "p.wbproj", Project())
    assert "저장할 수 없습니다" in info.value.summary("ko")
    assert str(blocker / "sub" / "p.wbproj") in info.value.summary("en")


@pytest.mark.parametrize(
    ("content", "needle_ko"),
    [
        ("not json at all", "손상"),
        ('{"hello": 1}', "형식 번호"),
        ('{"format": 99}', "새로운 버전"),
        ('{"format": 1, "sources": ' + "[" * 80 + "]" * 80 + "}", "단계로 겹쳐"),
    ],
)
def test_bad_project_files_give_bilingual_errors(tmp_path, content, needle_ko):
    path = tmp_path / "bad.wbproj"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_project(path)
    assert needle_ko in info.value.summary("ko")
    assert "project" in info.value.summary("en").lower()


def test_missing_project_file(tmp_path):
    with pytest.raises(InputError) as info:
        load_project(tmp_path / "nope.wbproj")
    assert info.value.problems[0].code == "project_not_found"


def test_frames_round_trip_through_records_with_missing_values():
    frame = pd.DataFrame(
        {
            "question_id": ["q1", "q2"],
            "grade": [2, 3],
            "note": [None, "x"],
            "score": [float("nan"), 1.5],
        }
    )
    records = frame_to_records(frame)
    assert records[0] == {"question_id": "q1", "grade": 2, "note": None, "score": None}
    json.dumps(records)  # must be JSON-safe
    back = records_to_frame(records, ["question_id", "grade"])
    assert list(back.columns) == ["question_id", "grade", "note", "score"]
    assert back["grade"].tolist() == [2, 3]
    assert records_to_frame([], ["a"]).columns.tolist() == ["a"]


def test_damaged_fields_are_left_out_and_the_rest_recovered(tmp_path):
    good = _project(tmp_path)
    data = json.loads(json.dumps(project_to_dict(good, tmp_path / "p.wbproj")))
    data["sources"].insert(0, {"kind": "weird", "path": "a"})
    data["sources"][1]["mappings"] = ["not", "a", "mapping"]
    data["notes"]["q2"] = "just text"
    data["added_grades"].append({"question_id": "q1", "passage_id": ["p1"], "grade": 1})
    data["added_grades"].append({"question_id": "q1", "passage_id": "p2", "grade": "high"})
    data["resolutions"] = "nothing"
    data["view"] = [1, 2]
    path = tmp_path / "damaged.wbproj"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    project = load_project(path)
    assert [s.kind for s in project.sources] == ["judgments", "runs"]
    assert project.sources[0].mappings == {}  # the damaged field only
    assert project.sources[0].sheets == {"judgments": "평가"}
    assert project.notes == {"q1": {"note": "다시 보기", "flagged": True}}
    assert project.added_grades == good.added_grades
    assert project.resolutions == [] and project.view == {}
    where = sorted(re.search(r"field '([^']+)'", p.message_en).group(1) for p in project.problems)
    assert where == sorted(
        [
            "sources[0].kind",
            "sources[1].mappings",
            "notes.q2",
            "added_grades[1]",
            "added_grades[2]",
            "resolutions",
            "view",
        ]
    )
    assert all(p.code == "project_field_damaged" for p in project.problems)
    assert "손상되어" in project.problems[0].message_ko


def _write(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_every_field_of_a_source_is_written_and_read_by_one_table():
    declared = {f.name for f in SOURCE_FIELDS} | {"kind", "path"}
    assert declared == {f.name for f in dataclasses.fields(ProjectSource)}
    top = {f.name for f in PROJECT_FIELDS} | {"sources", "problems"}
    assert top == {f.name for f in dataclasses.fields(Project)}


def test_a_mapping_saved_by_an_older_version_is_read_in_the_one_form(tmp_path):
    data = project_to_dict(_project(tmp_path), tmp_path / "old.wbproj")
    # older versions wrote header → role straight under the sheet
    data["sources"][0]["mappings"] = {"평가": {"질문ID": "question_id", "roles": None}}
    project = load_project(_write(tmp_path / "old.wbproj", data))
    assert project.problems == []
    assert project.sources[0].mappings == {
        "평가": {"roles": {"질문ID": "question_id", "roles": None}}
    }
    # saved again, it is written in the one form
    again = project_to_dict(project, tmp_path / "old.wbproj")
    assert again["sources"][0]["mappings"] == project.sources[0].mappings


@pytest.mark.parametrize(
    "mappings",
    [
        {"평가": {"roles": {"질문ID": 3}}},
        {"평가": {"roles": {"질문ID": "question_id"}, "등급": "grade"}},
        {"평가": ["질문ID"]},
        ["평가"],
    ],
)
def test_a_damaged_mapping_is_left_out_with_a_warning(tmp_path, mappings):
    data = project_to_dict(_project(tmp_path), tmp_path / "p.wbproj")
    data["sources"][0]["mappings"] = mappings
    project = load_project(_write(tmp_path / "p.wbproj", data))
    assert project.sources[0].mappings == {}
    assert [re.search(r"field '([^']+)'", p.message_en).group(1) for p in project.problems] == [
        "sources[0].mappings"
    ]


def test_a_setting_out_of_range_is_left_out_with_a_warning_naming_it(tmp_path):
    data = project_to_dict(_project(tmp_path), tmp_path / "p.wbproj")
    data["settings"] = {
        "ks": [1, 0],
        "threshold": 7,
        "depth": -3,
        "measures": ["nDCG", "bogus"],
        "score_floor": 0.5,
        "gain": "linear",
        "a_setting_of_another_version": 1,
    }
    project = load_project(_write(tmp_path / "p.wbproj", data))
    assert project.settings == {
        "score_floor": 0.5,
        "gain": "linear",
        "a_setting_of_another_version": 1,
    }
    where = sorted(re.search(r"field '([^']+)'", p.message_en).group(1) for p in project.problems)
    assert where == ["settings.depth", "settings.ks", "settings.measures", "settings.threshold"]
    threshold = next(p for p in project.problems if "threshold" in p.message_en)
    assert "1~3의 등급" in threshold.message_ko
