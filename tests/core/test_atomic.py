"""Atomic writes: all or nothing, temp files cleaned up, locked targets reported."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from workbench.core.io import atomic
from workbench.core.io.atomic import (
    STALE_AFTER_S,
    TEMP_NAME,
    LockedFileError,
    SaveError,
    atomic_write,
    atomic_write_bytes,
    atomic_write_text,
    excel_lock_file,
    is_workbench_temporary,
    save_error,
    sweep_stale_temporaries,
    temp_path_for,
)
from workbench.core.model.problems import InputError


@pytest.fixture(autouse=True)
def no_retry_delay(monkeypatch):
    monkeypatch.setattr(atomic, "_REPLACE_DELAY_S", 0.0)


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir())


def test_write_creates_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "out.txt"
    seen = []

    def writer(tmp):
        seen.append(tmp)
        assert tmp.parent == tmp_path  # same folder: os.replace is a rename
        assert tmp.suffix == ".txt"  # suffix kept for writers that look at it
        tmp.write_text("안녕", encoding="utf-8")

    assert atomic_write(target, writer) == target
    assert target.read_text(encoding="utf-8") == "안녕"
    assert leftovers(tmp_path) == ["out.txt"]
    assert not seen[0].exists()


def test_exception_in_writer_keeps_old_file_and_removes_temp(tmp_path):
    target = tmp_path / "report.xlsx"
    target.write_bytes(b"old")

    def writer(tmp):
        tmp.write_bytes(b"half a fi")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        atomic_write(target, writer)
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == ["report.xlsx"]


def test_keyboard_interrupt_also_cleans_up(tmp_path):
    def writer(tmp):
        tmp.write_bytes(b"x")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(tmp_path / "a.csv", writer)
    assert leftovers(tmp_path) == []


def test_excel_owner_file_means_locked(tmp_path):
    target = tmp_path / "보고서.xlsx"
    excel_lock_file(target).write_bytes(b"owner")
    called = []
    with pytest.raises(LockedFileError) as info:
        atomic_write(target, called.append)
    err = info.value
    assert called == []  # refused before any work
    assert err.reason == "locked"
    assert "보고서.xlsx" in err.message("ko") and "Excel" in err.message("ko")
    assert "open in Excel" in err.message("en")
    assert isinstance(err, InputError) and err.problems[0].code == "file_locked"
    assert not target.exists()


def test_permission_error_on_replace_is_locked_error(tmp_path, monkeypatch):
    target = tmp_path / "report.xlsx"
    target.write_bytes(b"old")
    calls = []

    def refuse(src, dst):
        calls.append((src, dst))
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(LockedFileError) as info:
        atomic_write_bytes(target, b"new")
    assert info.value.reason == "locked"
    assert len(calls) == atomic._REPLACE_RETRIES
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == ["report.xlsx"]


def test_transient_permission_error_is_retried(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    real = os.replace
    calls = []

    def flaky(src, dst):
        calls.append(1)
        if len(calls) < 3:
            raise PermissionError(13, "busy")
        real(src, dst)

    monkeypatch.setattr(atomic.os, "replace", flaky)
    atomic_write_text(target, "ok")
    assert target.read_text() == "ok" and len(calls) == 3
    assert leftovers(tmp_path) == ["a.txt"]


def test_unwritable_folder_is_reported(tmp_path, monkeypatch):
    def no_create(path, mode="r", *args, **kwargs):
        if "x" in mode:
            raise PermissionError(13, "Permission denied")
        return open(path, mode, *args, **kwargs)

    monkeypatch.setattr(atomic, "open", no_create, raising=False)
    with pytest.raises(LockedFileError) as info:
        atomic_write_text(tmp_path / "a.txt", "x")
    assert info.value.reason == "not_writable"
    assert "folder" in info.value.message("en") and "폴더" in info.value.message("ko")
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores permissions"
)
def test_read_only_folder_for_real(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(LockedFileError):
            atomic_write_text(folder / "a.txt", "x")
    finally:
        folder.chmod(0o700)
    assert leftovers(folder) == []


def test_text_helper_encoding_and_newlines(tmp_path):
    target = tmp_path / "a.csv"
    atomic_write_text(target, "가\n", encoding="utf-8-sig", newline="\r\n")
    assert target.read_bytes() == b"\xef\xbb\xbf" + "가".encode() + b"\r\n"


# -- every OS error of a save explains itself ---------------------------------------------
def _os_error(code: int) -> OSError:
    return OSError(code, os.strerror(code))


def test_target_that_is_a_folder_is_named(tmp_path):
    folder = tmp_path / "report.xlsx"
    folder.mkdir()
    with pytest.raises(SaveError) as info:
        atomic_write_text(folder, "x")
    assert info.value.reason == "is_folder"
    assert str(folder) in info.value.message("en") and "folder" in info.value.message("en")
    assert "폴더" in info.value.message("ko")
    assert leftovers(tmp_path) == ["report.xlsx"] and leftovers(folder) == []


def test_missing_folder_names_the_users_path_not_the_temporary(tmp_path):
    target = tmp_path / "nowhere" / "보고서.xlsx"
    with pytest.raises(SaveError) as info:
        atomic_write_text(target, "x")
    err = info.value
    assert err.reason == "no_folder" and isinstance(err, InputError)
    for lang in ("en", "ko"):
        assert str(target) in err.message(lang)
        assert ".~wb-" not in err.message(lang)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("code", "reason", "en_word", "ko_word"),
    [
        (errno.ENOSPC, "disk_full", "disk is full", "가득"),
        (errno.EROFS, "read_only", "read-only", "읽기 전용"),
        (errno.ENAMETOOLONG, "name_too_long", "too long", "깁니다"),
        (errno.EIO, "os_error", "Choose another folder", "다른 폴더"),
    ],
)
@pytest.mark.parametrize("stage", ["create", "write", "fsync", "replace"])
def test_each_os_error_at_each_stage_becomes_a_message(
    tmp_path, monkeypatch, code, reason, en_word, ko_word, stage
):
    target = tmp_path / "결과 보고서.xlsx"
    target.write_bytes(b"old")
    real_open, real_fsync, real_replace = open, os.fsync, os.replace

    def fake_open(path, mode="r", *args, **kwargs):
        if stage == "create" and "x" in mode:
            raise _os_error(code)
        return real_open(path, mode, *args, **kwargs)

    def writer(tmp):
        if stage == "write":
            tmp.write_bytes(b"half")
            raise _os_error(code)
        tmp.write_bytes(b"new")

    def fake_fsync(fd):
        if stage == "fsync":
            raise _os_error(code)
        return real_fsync(fd)

    def fake_replace(src, dst):
        if stage == "replace":
            raise _os_error(code)
        return real_replace(src, dst)

    monkeypatch.setattr(atomic, "open", fake_open, raising=False)
    monkeypatch.setattr(atomic.os, "fsync", fake_fsync)
    monkeypatch.setattr(atomic.os, "replace", fake_replace)
    with pytest.raises(SaveError) as info:
        atomic_write(target, writer)
    err = info.value
    assert err.reason == reason
    assert isinstance(err.__cause__, OSError) and err.__cause__.errno == code
    assert en_word in err.message("en") and ko_word in err.message("ko")
    assert str(target) in err.message("en") and str(target) in err.message("ko")
    assert target.read_bytes() == b"old"  # the previous version is intact
    assert leftovers(tmp_path) == ["결과 보고서.xlsx"]  # no temporary left


def test_windows_disk_full_code_is_understood(tmp_path):
    exc = OSError(errno.EINVAL, "There is not enough space on the disk")
    exc.winerror = 112  # what Windows sets for ERROR_DISK_FULL
    assert save_error(tmp_path / "a.xlsx", exc).reason == "disk_full"


def test_long_legal_name_is_not_made_too_long_by_the_temporary(tmp_path):
    # 250 characters is legal (NAME_MAX 255); the old temporary name added ~20
    target = tmp_path / ("가" * 80 + "a" * 5 + ".xlsx")  # 80 × 3 bytes + 10 = 250 bytes
    assert len(target.name.encode()) == 250
    seen = []
    atomic_write(target, lambda tmp: (seen.append(tmp.name), tmp.write_bytes(b"ok")))
    assert target.read_bytes() == b"ok"
    assert TEMP_NAME.fullmatch(seen[0]) and len(seen[0]) <= 20
    assert leftovers(tmp_path) == [target.name]


def test_temporary_names_match_one_pattern_and_keep_the_suffix(tmp_path):
    for name in ("r.xlsx", "p.wbproj", "chart.png", "noext", "weird.suf fix"):
        tmp = temp_path_for(tmp_path / name)
        assert tmp.parent == tmp_path and is_workbench_temporary(tmp.name)
        if name in ("r.xlsx", "p.wbproj", "chart.png"):
            assert tmp.suffix == os.path.splitext(name)[1]


# -- leftovers of killed writes --------------------------------------------------------
def _age(path, seconds):
    old = time.time() - seconds
    os.utime(path, (old, old), follow_symlinks=False)


def test_sweep_removes_only_workbench_temporaries_no_write_holds(tmp_path):
    old_new = tmp_path / ".~wb-0123abcd.xlsx"
    old_legacy = tmp_path / ".report.0123456789ab.tmp.xlsx"
    old_project = tmp_path / ".~k3j4h5g6.wbproj"
    killed = tmp_path / ".~wb-89abcdef.xlsx"  # a write killed a moment ago: nobody holds it
    users = [tmp_path / "report.xlsx", tmp_path / ".~wb-notes.txt", tmp_path / "~$report.xlsx"]
    for p in [old_new, old_legacy, old_project, killed, *users]:
        p.write_bytes(b"x")
    folder_like = tmp_path / ".~wb-00000000.dir"
    folder_like.mkdir()
    for p in [old_new, old_legacy, old_project, *users, folder_like]:
        _age(p, STALE_AFTER_S + 60)
    removed = sweep_stale_temporaries(tmp_path)
    assert sorted(p.name for p in removed) == sorted(
        p.name for p in (old_new, old_legacy, old_project, killed)
    )
    assert sorted(leftovers(tmp_path)) == sorted([folder_like.name, *(p.name for p in users)])


def test_sweep_leaves_the_temporary_of_a_write_in_progress(tmp_path):
    """Another save into the same folder (another window, another program) is
    still writing: its temporary stays, and its save completes."""
    import threading

    writing = threading.Event()
    go_on = threading.Event()
    seen = []

    def slow_writer(tmp):
        tmp.write_bytes(b"first half")
        seen.append(tmp)
        writing.set()
        assert go_on.wait(30)
        with open(tmp, "ab") as handle:
            handle.write(b", second half")

    errors = []

    def save():
        try:
            atomic_write(tmp_path / "slow.txt", slow_writer)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    thread = threading.Thread(target=save)
    thread.start()
    try:
        assert writing.wait(30)
        assert sweep_stale_temporaries(tmp_path) == []
        atomic_write_text(tmp_path / "quick.txt", "done")  # a save that sweeps the folder
        assert seen[0].exists()
    finally:
        go_on.set()
        thread.join(30)
    assert errors == []
    assert (tmp_path / "slow.txt").read_bytes() == b"first half, second half"
    assert sorted(leftovers(tmp_path)) == ["quick.txt", "slow.txt"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_sweep_never_follows_or_removes_a_link(tmp_path):
    precious = tmp_path / "data.xlsx"
    precious.write_bytes(b"keep")
    link = tmp_path / ".~wb-0badf00d.xlsx"
    link.symlink_to(precious)
    _age(link, STALE_AFTER_S + 60)
    assert sweep_stale_temporaries(tmp_path) == []
    assert link.is_symlink() and precious.read_bytes() == b"keep"


def test_next_save_into_the_folder_sweeps_leftovers(tmp_path):
    leftover = tmp_path / ".~wb-deadbeef.xlsx"
    leftover.write_bytes(b"half a report")
    _age(leftover, STALE_AFTER_S + 60)
    atomic_write_text(tmp_path / "other.txt", "x")
    assert leftovers(tmp_path) == ["other.txt"]


def test_sweep_of_a_missing_folder_is_quiet(tmp_path):
    assert sweep_stale_temporaries(tmp_path / "gone") == []


def test_project_save_uses_the_same_writer(tmp_path, monkeypatch):
    from workbench.core.io.project import Project, save_project

    target = tmp_path / "study.wbproj"
    save_project(target, Project(notes={"Q1": {"note": "첫 저장", "flagged": False}}))
    before = target.read_bytes()
    names = []
    real_replace = os.replace

    def full(src, dst):
        names.append(Path(src).name)
        raise _os_error(errno.ENOSPC)

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(SaveError) as info:
        save_project(target, Project(notes={"Q1": {"note": "둘째", "flagged": True}}))
    assert info.value.reason == "disk_full" and str(target) in info.value.message("ko")
    assert is_workbench_temporary(names[0])
    monkeypatch.setattr(atomic.os, "replace", real_replace)
    assert target.read_bytes() == before
    assert leftovers(tmp_path) == ["study.wbproj"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_a_special_file_is_written_to_never_replaced(tmp_path):
    """``--json /dev/null`` must not turn the device into a file (as root it would)."""
    import stat
    import threading

    from workbench.core.io.atomic import atomic_write_text

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    atomic_write_text(fifo, '{"ok": true}')
    reader.join(timeout=10)
    assert got == ['{"ok": true}']
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still the pipe, not a file put in its place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    atomic_write_text(os.devnull, "nothing")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
