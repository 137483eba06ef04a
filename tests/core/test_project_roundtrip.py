"""A project the app saves reopens as it was, with no problem reported: the
project file's writer and reader share one table of fields, so any study
(its sources with their confirmed mappings, conversions, rows left out, sheet
choices, system names and assessor; grades, resolutions, notes, flags, pools,
ratings, system cards, the manual and the diagnosis thresholds) saved and
loaded back is the project that was saved, field by field."""

from __future__ import annotations

import copy
import dataclasses
import unicodedata
from pathlib import Path

import pytest
from _answer_fixture import write_answers, write_judgments, write_ratings, write_runs
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from workbench.core.io import load_judgments, load_run
from workbench.core.io.answers import load_answer_file
from workbench.core.io.mapping import ROLE_CHOICES, ColumnMapping
from workbench.core.io.project import (
    Project,
    ProjectSource,
    file_sha256,
    load_project,
    save_project,
)
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol import answers as A
from workbench.core.protocol.diagnosis import DiagnosisSettings
from workbench.core.protocol.manual import Example, GradeRule, Manual
from workbench.core.protocol.pool import CANNOT, LATER, add_pool_edit, build_pool, mark_edit
from workbench.core.protocol.system_cards import SystemCard
from workbench.core.study import Study, read_options, study_from_project, study_to_project

#: names a user really types: spaces, the two spellings of Hangul (macOS writes
#: NFD), an emoji, Latin with a combining accent, brackets
ODD_NAMES = (
    "평가 결과 (최종)",
    unicodedata.normalize("NFD", "한국어 이름"),
    unicodedata.normalize("NFC", "한국어 이름"),
    "🙂 검색",
    "e\u0301té",
    "  앞뒤 공백  ",
    "[하이브리드] v2",
    "3점",
)
_LETTERS = "가나다라한국어평가자시스템 _-()0123456789abcXYZ🙂é\u0301\u1100\u1161"
TEXT = st.one_of(st.sampled_from(ODD_NAMES), st.text(alphabet=_LETTERS, min_size=1, max_size=12))
MAYBE_TEXT = st.one_of(st.none(), TEXT)
#: who gave a grade in the app: never blank (the study refuses a grade without a name)
NAME = TEXT.filter(lambda text: text.strip() != "")
ROLE = st.one_of(st.none(), st.sampled_from((*ROLE_CHOICES, "rank@1", "rank@2")))
#: one sheet's mapping as the import dialog confirms it: ColumnMapping.to_dict()
MAPPING = st.dictionaries(TEXT, ROLE, min_size=1, max_size=5).map(
    lambda roles: ColumnMapping(roles).to_dict()
)
MAPPINGS = st.dictionaries(TEXT, MAPPING, max_size=3)
CONVERSIONS = st.dictionaries(TEXT, st.integers(0, 3), max_size=3)
SKIP_ROWS = st.dictionaries(
    st.one_of(st.just(""), TEXT), st.lists(st.integers(1, 1_048_576), max_size=4), max_size=2
)
NAMES = st.dictionaries(TEXT, TEXT, max_size=3)
JUDGMENT_SHEETS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"judgments": st.one_of(TEXT, st.lists(TEXT, min_size=2, max_size=3))},
        optional={"questions": TEXT, "passages": TEXT},
    ),
)
RUN_SHEETS = st.one_of(st.none(), st.lists(TEXT, max_size=3))
ANSWER_SHEETS = st.dictionaries(TEXT, st.sampled_from(("answers", "ratings", "rubric")), max_size=3)
SETTINGS = st.builds(
    EvalSettings,
    ks=st.lists(st.integers(1, 1000), min_size=1, max_size=5).map(tuple),
    threshold=st.integers(1, 3),
    gain=st.sampled_from(("exponential", "linear")),
    order=st.sampled_from(("rank", "score", "trec")),
    dedup=st.sampled_from(("none", "document", "adjacent")),
    window=st.integers(0, 20),
    unit=st.sampled_from(("passage", "document")),
    score_floor=st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False)),
    resolution=st.sampled_from(("median", "majority", "max", "min", "assessor")),
    adjudicator=MAYBE_TEXT,
    trec_compat=st.booleans(),
    depth=st.one_of(st.none(), st.integers(1, 10_000)),
    measures=st.one_of(
        st.none(),
        st.lists(
            st.sampled_from(("nDCG", "MAP", "P@10", "Recall@5", "MRR")), min_size=1, unique=True
        ).map(tuple),
    ),
)
NOTES = st.dictionaries(TEXT, st.fixed_dictionaries({"note": TEXT, "flagged": st.booleans()}))
GRADE = st.one_of(st.none(), st.integers(0, 3))
ADDED = st.lists(
    st.fixed_dictionaries(
        {"question_id": TEXT, "passage_id": TEXT, "grade": GRADE, "assessor": TEXT},
        optional={"reason": TEXT, "time": TEXT, "role": TEXT, "group": TEXT, "note": TEXT},
    ),
    max_size=4,
)
RESOLUTIONS = st.lists(
    st.fixed_dictionaries(
        {
            "question_id": TEXT,
            "passage_id": TEXT,
            "grade": GRADE,
            "by": TEXT,
            "reason": TEXT,
            "time": TEXT,
        }
    ),
    max_size=4,
)
JSON_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**53), 2**53),
        st.floats(allow_nan=False, allow_infinity=False),
        TEXT,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=8,
)
VIEW = st.fixed_dictionaries(
    {},
    optional={
        "page": st.sampled_from(("overview", "review", "judging")),
        "question": TEXT,
        "systems": st.lists(TEXT, max_size=3),
    },
)
SECTIONS = st.dictionaries(
    st.sampled_from(("manual", "pools", "system_cards", "diagnosis", "answers", "미래 기능")),
    JSON_VALUE,
    max_size=3,
)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Small real files of every kind, in a folder with a Korean name and a space."""
    folder = tmp_path_factory.mktemp("round") / "평가 자료 🙂"
    folder.mkdir()
    runs_csv = folder / unicodedata.normalize("NFD", "검색 결과.csv")
    runs_csv.write_text("질문ID,문단ID,순위,점수\nq1,p1,1,0.9\nq1,p3,2,0.5\n", encoding="utf-8")
    return {
        "judgments": write_judgments(folder / "판정 결과.xlsx"),
        "runs": write_runs(folder / "runs.xlsx"),
        "runs_csv": runs_csv,
        "answers": write_answers(folder / "답변.xlsx"),
        "ratings": write_ratings(folder / "답변 평가.xlsx"),
    }


def _resolved(path: Path) -> str:
    return str(path.resolve())


@st.composite
def projects(draw, files: dict[str, Path]) -> Project:
    """Any project: sources naming real files, with every option a source keeps."""
    sources = []
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from(sorted(files)))
        kind = {"runs_csv": "runs", "ratings": "answers"}.get(key, key)
        sheets = {"judgments": JUDGMENT_SHEETS, "runs": RUN_SHEETS, "answers": ANSWER_SHEETS}
        sources.append(
            ProjectSource(
                kind=kind,
                path=_resolved(files[key]),
                sha256=draw(st.sampled_from(("", file_sha256(files[key])))),
                mappings=draw(MAPPINGS),
                sheets=draw(sheets[kind]),
                system=draw(MAYBE_TEXT),
                names=draw(NAMES),
                assessor=draw(MAYBE_TEXT) if kind == "judgments" else None,
                conversions=draw(CONVERSIONS) if kind == "judgments" else {},
                skip_rows=draw(SKIP_ROWS),
            )
        )
    return Project(
        sources=sources,
        settings=draw(SETTINGS).to_dict(),
        notes=draw(NOTES),
        added_grades=draw(ADDED),
        resolutions=draw(RESOLUTIONS),
        view=draw(VIEW),
        sections=draw(SECTIONS),
    )


def _assert_same_project(again: Project, saved: Project) -> None:
    for f in dataclasses.fields(Project):
        if f.name != "problems":
            assert getattr(again, f.name) == getattr(saved, f.name), f.name
    assert again.problems == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_project_saved_reopens_unchanged_with_no_problem(files, data):
    project = data.draw(projects(files))
    target = files["judgments"].parent / "연구 프로젝트 🙂.wbproj"
    again = load_project(save_project(target, project))
    _assert_same_project(again, project)


# -- a whole study: the app's way in and out ------------------------------------------------
@pytest.fixture(scope="module")
def loaded(files) -> dict[str, object]:
    """Each file read once (a study gets its own copy)."""
    return {
        _resolved(files["judgments"]): load_judgments(files["judgments"]),
        _resolved(files["runs"]): load_run(files["runs"]),
        _resolved(files["runs_csv"]): load_run(files["runs_csv"]),
        _resolved(files["answers"]): load_answer_file(files["answers"]),
        _resolved(files["ratings"]): load_answer_file(files["ratings"]),
    }


def _dialog_options(draw, sheets) -> dict:
    """What an import dialog hands the window: mappings as ColumnMapping.to_dict()."""
    roles = draw(st.lists(st.dictionaries(TEXT, ROLE, min_size=1, max_size=4), max_size=2))
    names = draw(st.lists(TEXT, min_size=len(roles), max_size=len(roles), unique=True))
    return {
        "mappings": {n: ColumnMapping(r).to_dict() for n, r in zip(names, roles, strict=True)},
        "sheets": draw(sheets),
    }


#: what an editor of the manual or of a system card keeps: text without spaces around it
TYPED = TEXT.map(str.strip).filter(bool)


def _manual(draw) -> Manual:
    text = TYPED
    rules = tuple(
        GradeRule(g, draw(text), draw(text), (Example(draw(text), draw(text)),)) for g in range(4)
    )
    return Manual(rules, draw(st.integers(1, 3)), draw(text), tuple(draw(st.lists(text))))


def _unique_names(draw, count: int) -> list[str]:
    names = draw(st.lists(TEXT.map(str.strip).filter(bool), min_size=count, max_size=count))
    return [f"{name} {i}" for i, name in enumerate(names)]  # two systems never share one


def _build_study(draw, files, loaded) -> Study:
    # resolving by one assessor's grades needs one of the file's assessors: not drawn here
    study = Study(draw(SETTINGS.filter(lambda s: s.resolution != "assessor")))
    js = copy.deepcopy(loaded[_resolved(files["judgments"])])
    options = _dialog_options(draw, JUDGMENT_SHEETS)
    options["conversions"] = draw(CONVERSIONS)
    options["skip_rows"] = draw(SKIP_ROWS)
    options["assessor"] = draw(TEXT)
    study.set_judgments(js, read_options(options))
    for key in draw(st.lists(st.sampled_from(("runs", "runs_csv")), min_size=1, unique=True)):
        run_options = _dialog_options(draw, RUN_SHEETS)
        run_options["skip_rows"] = draw(SKIP_ROWS)
        study.add_runs(copy.deepcopy(loaded[_resolved(files[key])]), read_options(run_options))
    for key in draw(st.lists(st.sampled_from(("answers", "ratings")), unique=True)):
        file = copy.deepcopy(loaded[_resolved(files[key])])
        names, refs = A.auto_names(study, file)
        study.answers.add_source(
            file, read_options(_dialog_options(draw, ANSWER_SHEETS)), names, refs
        )
    # the user's work, each kind of it
    for q, p in draw(st.lists(st.sampled_from([("q1", "p1"), ("q2", "p9"), ("q3", "p7")]))):
        study.apply(
            study.grade_edit(
                q, p, draw(st.integers(0, 3)), assessor=draw(NAME), reason=draw(TEXT), time="t1"
            )
        )
    if draw(st.booleans()):
        study.apply(
            study.resolution_edit(
                "q1", "p2", draw(GRADE), by=draw(TEXT), reason=draw(TEXT), time="t2"
            )
        )
    for q in draw(st.lists(st.sampled_from(("q1", "q2", "q3")), unique=True)):
        study.apply(study.note_edit(q, note=draw(TEXT), flagged=draw(st.booleans())))
    if draw(st.booleans()):
        pool = add_pool_edit(study, build_pool(study, draw(TEXT), seed=draw(st.integers(0, 99))))
        study.apply(pool)
        items = study.pools.pool(pool.pool.id).items
        for item in items[: draw(st.integers(0, 2))]:
            state = draw(st.sampled_from((LATER, CANNOT)))
            study.apply(mark_edit(study, pool.pool.id, item, state, draw(TEXT), time="t3"))
    if study.answers.sources and draw(st.booleans()):
        system = min(A.system_names(study))  # an answer system by its key
        study.apply(
            A.rating_edit(
                study,
                "q1",
                system,
                "citation",
                draw(st.integers(0, 3)),
                draw(TEXT),
                note=draw(TEXT),
                time="t4",
            )  # fmt: skip
        )
        study.apply(
            A.rating_resolution_edit(
                study,
                "q1",
                system,
                "citation",
                draw(st.integers(0, 3)),
                by=draw(TEXT),
                reason=draw(TEXT),
            )  # fmt: skip
        )
    if draw(st.booleans()):
        card = SystemCard(
            reranker=draw(TYPED), context_k=draw(st.integers(1, 50)), note=draw(TYPED)
        )
        study.apply(study.card_edit(study.systems[0], card))
    if draw(st.booleans()):
        study.apply(study.manual_edit(_manual(draw)))
    if draw(st.booleans()):
        thresholds = DiagnosisSettings().with_value("recall_low", draw(st.floats(0, 1)))
        study.apply(study.diagnosis_edit(thresholds))
    # the systems renamed last: the work above names them as they were
    for name, new in zip(study.systems, _unique_names(draw, len(study.systems)), strict=True):
        if draw(st.booleans()):
            study.apply(study.rename_edit(name, new))
    return study


# a study takes ~0.3 s to build and check, so no shrinking (it would run for minutes):
# a failure shows the draws of the example as found
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.generate],
)
@given(data=st.data())
def test_any_study_saved_reopens_as_it_was_with_no_problem(files, loaded, data):
    study = _build_study(data.draw, files, loaded)
    view = data.draw(VIEW)
    project = study_to_project(study, view)
    target = files["judgments"].parent / "연구 🙂.wbproj"
    again = load_project(save_project(target, project))
    _assert_same_project(again, project)
    # opened in the app: the files read again, the work put back, nothing reported
    reopened = study_from_project(
        again, [(src, copy.deepcopy(loaded[src.path])) for src in again.sources]
    )
    assert again.problems == []
    _assert_same_project(study_to_project(reopened, view), project)


def test_a_mapping_confirmed_in_the_dialog_survives_save_and_load(files, tmp_path):
    confirmed = ColumnMapping(
        {"질문 번호": "question_id", "문단ID": "passage_id", "등급 (0~3)": "grade", "비고": None}
    )
    dialog_options = {"mappings": {"평가": confirmed.to_dict()}, "sheets": {"judgments": "평가"}}
    source = ProjectSource(
        "judgments",
        _resolved(files["judgments"]),
        file_sha256(files["judgments"]),
        mappings=read_options(dialog_options).to_dict()["mappings"],
        sheets=dialog_options["sheets"],
    )
    again = load_project(save_project(tmp_path / "p.wbproj", Project(sources=[source])))
    assert again.problems == []
    (reopened,) = again.sources
    assert ColumnMapping.from_dict(reopened.mappings["평가"]).roles == confirmed.roles
    assert reopened.mappings == {"평가": confirmed.to_dict()}
