"""Atomic writes: all or nothing, temp files cleaned up, locked targets reported."""

from __future__ import annotations

import os

import pytest

from workbench.core import atomic
from workbench.core.atomic import (
    LockedFileError,
    atomic_write,
    atomic_write_bytes,
    atomic_write_text,
    excel_lock_file,
)
from workbench.core.problems import InputError


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
