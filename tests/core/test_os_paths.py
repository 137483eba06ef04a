"""Behaviour that differs by operating system, tested here by parameterising the OS part.

Windows and macOS rules run on any machine: the functions of workbench.paths
take the platform, environment and home folder as arguments; file-system
behaviour (NFD names from macOS, the Excel owner file, Korean names with
spaces, long paths) is exercised on real files in a temporary folder.
"""

from __future__ import annotations

import json
import shutil
import sys
import unicodedata
from pathlib import Path

import pytest

from workbench.cli import EXIT_OK, main
from workbench.core.io import load_judgments, load_run
from workbench.core.io.atomic import LockedFileError, atomic_write_bytes, excel_lock_file
from workbench.core.io.project import (
    Project,
    ProjectSource,
    file_sha256,
    load_project,
    save_project,
)
from workbench.core.model.schema import EvalSettings
from workbench.core.report import ReportRequest, write_report
from workbench.core.study import study_from_files
from workbench.paths import (
    WINDOWS_MAX_PATH,
    demo_dir,
    documents_dir,
    existing_variant,
    plain_path,
    settings_file,
    start_dir,
)

KOREAN_WITH_SPACES = "평가 자료 2024/판정 결과 (최종)"

# the Linux rules read real files under a POSIX home folder
posix_files = pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths on a real disk")

# -- the documents folder: where file dialogs start ------------------------------------


def _dirs(*existing: str):
    known = set(existing)
    return lambda path: path in known


def test_documents_on_windows():
    env = {"USERPROFILE": r"C:\Users\홍길동"}
    assert (
        documents_dir("win32", env, is_dir=_dirs(r"C:\Users\홍길동\Documents"))
        == r"C:\Users\홍길동\Documents"
    )


def test_documents_on_windows_moved_to_onedrive():
    env = {"USERPROFILE": r"C:\Users\kim", "OneDrive": r"C:\Users\kim\OneDrive - 교회"}
    moved = r"C:\Users\kim\OneDrive - 교회\Documents"
    assert documents_dir("win32", env, is_dir=_dirs(moved)) == moved


def test_documents_on_macos():
    assert (
        documents_dir("darwin", {}, home="/Users/kim", is_dir=_dirs("/Users/kim/Documents"))
        == "/Users/kim/Documents"
    )


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_documents_missing_means_the_home_folder(platform):
    home = r"C:\Users\kim" if platform == "win32" else "/home/kim"
    assert documents_dir(platform, {}, home=home, is_dir=_dirs()) == home


@posix_files
def test_documents_on_a_korean_linux_desktop_from_user_dirs(tmp_path):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "user-dirs.dirs").write_text(
        '# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR="$HOME/바탕화면"\n'
        'XDG_DOCUMENTS_DIR="$HOME/문서"\n',
        encoding="utf-8",
    )
    (tmp_path / "문서").mkdir()
    (tmp_path / "Documents").mkdir()
    assert documents_dir("linux", {}, home=tmp_path) == str(tmp_path / "문서")


@posix_files
def test_documents_on_linux_from_the_environment_and_xdg_config_home(tmp_path):
    papers = tmp_path / "papers"
    papers.mkdir()
    assert documents_dir("linux", {"XDG_DOCUMENTS_DIR": str(papers)}, home=tmp_path) == str(papers)
    config = tmp_path / "cfg"
    config.mkdir()
    (config / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{papers}"\n', encoding="utf-8")
    assert documents_dir("linux", {"XDG_CONFIG_HOME": str(config)}, home=tmp_path) == str(papers)


@posix_files
def test_documents_switched_off_in_user_dirs_falls_back(tmp_path):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "user-dirs.dirs").write_text(
        'XDG_DOCUMENTS_DIR="$HOME/"\n', encoding="utf-8"
    )
    (tmp_path / "Documents").mkdir()
    assert documents_dir("linux", {}, home=tmp_path) == str(tmp_path / "Documents")


# -- the start folder of file dialogs ---------------------------------------------------


@pytest.mark.parametrize(
    ("platform", "program", "last", "documents"),
    [
        (
            "win32",
            r"C:\Program Files\Retrieval Workbench",
            r"C:\Users\kim\연구",
            r"C:\Users\kim\Documents",
        ),
        (
            "darwin",
            "/Applications/Retrieval Workbench.app",
            "/Users/kim/연구",
            "/Users/kim/Documents",
        ),
        ("linux", "/opt/workbench", "/home/kim/연구", "/home/kim/문서"),
    ],
)
def test_start_folder_is_the_last_one_else_documents_never_the_program(
    platform, program, last, documents
):
    sep = "\\" if platform == "win32" else "/"
    demo = program + sep + "_internal" + sep + "resources" + sep + "demo"
    exists = _dirs(last, documents, demo)
    assert start_dir(last, documents, [program], platform, exists) == last
    # after opening the demo, the next dialog must not start among the program's files
    assert start_dir(demo, documents, [program], platform, exists) == documents
    # a folder that was deleted since
    assert start_dir(last + sep + "gone", documents, [program], platform, exists) == documents
    assert start_dir("", documents, [program], platform, exists) == documents


def test_start_folder_compares_the_program_folder_ignoring_case_on_windows():
    program = r"C:\Program Files\Retrieval Workbench"
    demo = r"c:\program files\retrieval workbench\_internal\resources\demo"
    assert start_dir(demo, r"C:\Docs", [program], "win32", _dirs(demo)) == r"C:\Docs"
    # on Linux the case matters: another folder
    assert start_dir("/opt/WB/demo", "/docs", ["/opt/wb"], "linux", _dirs("/opt/WB/demo")) == (
        "/opt/WB/demo"
    )


# -- where the settings live ------------------------------------------------------------


def test_settings_file_per_os():
    assert (
        settings_file("Org", "App", "win32", {"APPDATA": r"C:\Users\kim\AppData\Roaming"})
        == r"C:\Users\kim\AppData\Roaming\Org\App.ini"
    )
    assert (
        settings_file("Org", "App", "win32", {}, home=r"C:\Users\kim")
        == r"C:\Users\kim\AppData\Roaming\Org\App.ini"
    )
    assert settings_file("Org", "App", "darwin", {}, home="/Users/kim") == (
        "/Users/kim/.config/Org/App.ini"
    )
    assert (
        settings_file("Org", "App", "linux", {}, home="/home/kim")
        == "/home/kim/.config/Org/App.ini"
    )
    assert settings_file("Org", "App", "linux", {"XDG_CONFIG_HOME": "/cfg"}, home="/home/kim") == (
        "/cfg/Org/App.ini"
    )
    # a relative XDG_CONFIG_HOME is ignored, as the XDG rule says
    assert settings_file("Org", "App", "linux", {"XDG_CONFIG_HOME": "cfg"}, home="/h") == (
        "/h/.config/Org/App.ini"
    )


# -- long paths without the \\?\ prefix --------------------------------------------------


def _windows_path(length: int) -> str:
    head = "C:\\Users\\kim\\"
    name = "보고서.xlsx"
    return head + "가" * (length - len(head) - len(name) - 1) + "\\" + name


@pytest.mark.parametrize("length", [30, 200, WINDOWS_MAX_PATH])
def test_long_prefix_is_dropped_up_to_259_characters(length):
    path = _windows_path(length)
    assert len(path) == length
    assert plain_path("\\\\?\\" + path) == path
    assert plain_path(path) == path


def test_long_prefix_is_kept_where_only_it_reaches_the_file():
    path = _windows_path(WINDOWS_MAX_PATH + 1)
    assert plain_path("\\\\?\\" + path) == "\\\\?\\" + path


def test_long_unc_prefix_becomes_a_share_path():
    assert (
        plain_path("\\\\?\\UNC\\server\\공유 폴더\\판정.xlsx") == "\\\\server\\공유 폴더\\판정.xlsx"
    )


def _folder_sizes(room: int) -> list[int]:
    """Lengths of folders (at most 60 characters each) that, each with the
    separator before it, take exactly ``room`` characters: as few as fit, their
    sizes as even as can be (a fixed 60 per folder left a lone separator, one
    character short, when ``room`` was a multiple of 61)."""
    if room == 0:
        return []
    count = -(-room // 61)
    return [room // count + (i < room % count) - 1 for i in range(count)]


def _deep_folder(root: Path, total: int, name: str) -> Path:
    """A folder under ``root`` such that folder / name is exactly ``total`` characters."""
    # what the folders below root take, each with the separator before it
    room = total - len(str(root)) - 1 - len(name)
    if room == 1 or room < 0:  # a separator alone, or root is already too long
        pytest.skip(f"no folder under a {len(str(root))}-character root makes {total}")
    parts = ["가 나" * (size // 3) + "다" * (size % 3) for size in _folder_sizes(room)]
    folder = root.joinpath(*parts)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_folders_fill_the_room_exactly_whatever_the_temporary_folder_leaves():
    for room in [0, *range(2, 400)]:
        sizes = _folder_sizes(room)
        assert sum(size + 1 for size in sizes) == room, room
        assert all(1 <= size <= 60 for size in sizes), room


def test_data_and_project_in_a_259_character_path(tmp_path):
    folder = _deep_folder(tmp_path, WINDOWS_MAX_PATH, "judgments.xlsx")
    judgments = folder / "judgments.xlsx"
    runs = folder / "runs.xlsx"
    shutil.copy(demo_dir() / "judgments.xlsx", judgments)
    shutil.copy(demo_dir() / "runs.xlsx", runs)
    assert len(str(judgments)) == WINDOWS_MAX_PATH
    js = load_judgments(judgments)
    results = study_from_files(js, [load_run(runs)], EvalSettings()).evaluate()
    assert len(results.systems) >= 2
    project = Project(
        sources=[
            ProjectSource("judgments", str(judgments), file_sha256(judgments)),
            ProjectSource("runs", str(runs), file_sha256(runs)),
        ]
    )
    saved = save_project(folder.parent / "p.wbproj", project)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert [s["path"] for s in data["sources"]] == [
        f"{folder.name}/judgments.xlsx",
        f"{folder.name}/runs.xlsx",
    ]
    assert not any("\\\\?\\" in s["absolute"] for s in data["sources"])
    assert [s.path for s in load_project(saved).sources] == [str(judgments), str(runs)]


# -- Korean names with spaces -------------------------------------------------------------


def test_loading_and_writing_a_report_under_a_korean_folder_with_spaces(tmp_path):
    folder = tmp_path / KOREAN_WITH_SPACES
    folder.mkdir(parents=True)
    judgments = folder / "정답 판정 (평가자 3명).xlsx"
    runs = folder / "시스템 결과 모음.xlsx"
    shutil.copy(demo_dir() / "judgments.xlsx", judgments)
    shutil.copy(demo_dir() / "runs.xlsx", runs)
    js = load_judgments(judgments)
    rs = load_run(runs)
    assert js.sources[0].path == str(judgments)
    results = study_from_files(js, [rs], EvalSettings()).evaluate()
    report = write_report(
        folder / "평가 보고서 최종.xlsx", results, ReportRequest(questions=js.questions)
    )
    assert Path(report) == folder / "평가 보고서 최종.xlsx" and Path(report).stat().st_size > 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [judgments.name, runs.name, "평가 보고서 최종.xlsx"]
    )


def test_the_command_line_with_korean_paths_with_spaces(tmp_path, capsys):
    folder = tmp_path / KOREAN_WITH_SPACES
    folder.mkdir(parents=True)
    qrels = folder / "정답 판정.txt"
    run = folder / "검색 결과 BM25.txt"
    qrels.write_text("질문1 0 문단_가 1\n질문1 0 문단_나 0\n", encoding="utf-8")
    run.write_text("질문1 Q0 문단_가 1 2.0 bm25\n", encoding="utf-8")
    report = folder / "보고서 (최종).xlsx"
    code = main(
        ["eval", "--qrels", str(qrels), "--run", str(run), "--report", str(report), "--json", "-"]
    )
    assert code == EXIT_OK
    assert json.loads(capsys.readouterr().out)["systems"]["bm25"]["metrics"]["MRR"] == 1
    assert report.stat().st_size > 0


# -- the Excel owner file ~$name.xlsx ------------------------------------------------------


@pytest.mark.parametrize("name", ["report.xlsx", "평가 보고서 최종.xlsx", "a b.xlsx"])
def test_excel_owner_file_is_next_to_the_workbook(tmp_path, name):
    target = tmp_path / KOREAN_WITH_SPACES / name
    assert excel_lock_file(target) == target.parent / f"~${name}"


@pytest.mark.parametrize("how", ["owner file (every OS)", "rename refused (Windows)"])
def test_a_workbook_open_in_excel_is_reported_and_left_alone(tmp_path, monkeypatch, how):
    folder = tmp_path / KOREAN_WITH_SPACES
    folder.mkdir(parents=True)
    target = folder / "평가 보고서.xlsx"
    target.write_bytes(b"old")
    if how.startswith("owner"):
        excel_lock_file(target).write_bytes(b"\x05kim  ")
    else:
        # Windows refuses to replace a file another program holds open
        def refuse(src, dst):
            raise PermissionError(13, "The process cannot access the file", str(dst))

        monkeypatch.setattr("workbench.core.io.atomic.os.replace", refuse)
        monkeypatch.setattr("workbench.core.io.atomic._REPLACE_DELAY_S", 0)
    with pytest.raises(LockedFileError) as caught:
        atomic_write_bytes(target, b"new")
    assert "평가 보고서.xlsx" in caught.value.message("ko")
    assert target.read_bytes() == b"old"
    assert (
        sorted(p.name for p in folder.iterdir() if p.name.endswith(".xlsx") and "tmp" in p.name)
        == []
    )


# -- NFD names from macOS -------------------------------------------------------------------


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def test_a_run_file_named_in_nfd_gives_the_nfc_system_name(tmp_path):
    name = "하이브리드 검색"
    run = tmp_path / (_nfd(name) + ".csv")
    run.write_text("질문ID,문단ID,순위\nQ1,P1,1\nQ1,P2,2\n", encoding="utf-8")
    assert _nfd(name) != name  # Hangul decomposes
    systems = load_run(run).systems
    assert systems == [name]
    assert unicodedata.is_normalized("NFC", systems[0])


def test_nfd_and_nfc_named_runs_are_one_system(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    nfd = tmp_path / "a" / (_nfd("벡터") + ".csv")
    nfc = tmp_path / "b" / "벡터.csv"
    for path in (nfd, nfc):
        path.write_text("질문ID,문단ID,순위\nQ1,P1,1\n", encoding="utf-8")
    assert load_run(nfd).systems == load_run(nfc).systems == ["벡터"]


def _project_with(sources: list[Path]) -> Project:
    return Project(
        sources=[
            ProjectSource("judgments" if i == 0 else "runs", str(p), file_sha256(p))
            for i, p in enumerate(sources)
        ]
    )


def test_a_project_saved_with_nfd_paths_reopens(tmp_path):
    folder = tmp_path / _nfd("연구 자료")
    folder.mkdir()
    files = [folder / _nfd("정답 판정.xlsx"), folder / _nfd("결과.xlsx")]
    for f in files:
        f.write_bytes(f.name.encode())
    saved = save_project(tmp_path / _nfd("평가 프로젝트.wbproj"), _project_with(files))
    assert [Path(s.path) for s in load_project(saved).sources] == files


def test_a_project_saved_on_macos_finds_its_files_spelled_nfc_here(tmp_path):
    # saved on a Mac: the stored paths are NFD; here the folder and files are NFC
    mac = tmp_path / "mac"
    mac.mkdir()
    nfd_folder = mac / _nfd("연구 자료")
    nfd_folder.mkdir()
    nfd_files = [nfd_folder / _nfd("정답 판정.xlsx"), nfd_folder / _nfd("결과.xlsx")]
    for f in nfd_files:
        f.write_bytes(b"data")
    saved = save_project(mac / "p.wbproj", _project_with(nfd_files))
    here = tmp_path / "here"
    here.mkdir()
    shutil.copy(saved, here / "p.wbproj")
    (here / "연구 자료").mkdir()
    for f in nfd_files:
        shutil.copy(f, here / "연구 자료" / unicodedata.normalize("NFC", f.name))
    shutil.rmtree(mac)  # the absolute paths lead nowhere now
    reopened = [Path(s.path) for s in load_project(here / "p.wbproj").sources]
    # (macOS itself finds either spelling, and may hand back the one asked for)
    assert [unicodedata.normalize("NFC", str(p)) for p in reopened] == [
        str(here / "연구 자료" / "정답 판정.xlsx"),
        str(here / "연구 자료" / "결과.xlsx"),
    ]
    assert all(p.exists() for p in reopened)


def test_existing_variant_keeps_a_path_that_exists_or_none_does(tmp_path):
    nfc = tmp_path / "검색.csv"
    nfc.write_text("x")
    assert existing_variant(nfc) == nfc
    found = existing_variant(tmp_path / _nfd("검색.csv"))
    assert found.exists() and unicodedata.normalize("NFC", str(found)) == str(nfc)
    missing = tmp_path / "없음.csv"
    assert existing_variant(missing) == missing
