"""The one pause of automatic garbage collection (core/memory.gc_paused)."""

from __future__ import annotations

import gc
import threading

import pytest

from workbench.core.model.memory import gc_paused, pausing_gc


@pytest.fixture(autouse=True)
def _collection_on():
    was = gc.isenabled()
    gc.enable()
    yield
    gc.unfreeze()
    gc.enable() if was else gc.disable()


def test_paused_inside_and_resumed_after_with_survivors_frozen():
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    with gc_paused:
        assert not gc.isenabled()
        kept = [[i] for i in range(1000)]  # noqa: F841 - survivors of the work
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # later collections skip what survived


def test_nested_and_across_threads_only_the_last_exit_resumes():
    inside = threading.Event()
    leave = threading.Event()
    seen: list[bool] = []

    def other_task():
        with gc_paused:
            inside.set()
            leave.wait(5)
        seen.append(gc.isenabled())

    with gc_paused:
        with gc_paused:
            pass
        assert not gc.isenabled()  # the inner exit does not resume
        worker = threading.Thread(target=other_task)
        worker.start()
        assert inside.wait(5)
    assert not gc.isenabled()  # the other thread's work still runs
    leave.set()
    worker.join(5)
    assert seen == [True]  # its exit, the last one, resumed collection
    assert gc.isenabled()


def test_a_process_that_had_collection_off_keeps_it_off():
    gc.disable()
    with gc_paused:
        pass
    assert not gc.isenabled()


def test_resumed_after_an_error():
    @pausing_gc
    def fails():
        assert not gc.isenabled()
        raise ValueError("bad row")

    with pytest.raises(ValueError):
        fails()
    assert gc.isenabled()


def test_the_readers_read_with_collection_paused(tmp_path, monkeypatch):
    from workbench.core.io import fast_trec, load_judgments, load_run

    seen: list[tuple[str, bool]] = []
    real = fast_trec.parse_file

    def parse_file(path, kinds):
        seen.append((kinds, gc.isenabled()))
        return real(path, kinds)

    monkeypatch.setattr(fast_trec, "parse_file", parse_file)
    run = tmp_path / "a.run"
    run.write_text("1 Q0 p1 1 2.0 bm25\n1 Q0 p2 2 1.0 bm25\n")
    qrels = tmp_path / "a.qrels"
    qrels.write_text("1 0 p1 2\n")
    assert len(load_run(run).runs) == 2
    assert len(load_judgments(qrels).judgments) == 1
    assert seen == [("sxsffs", False), ("sxsf", False)]
    assert gc.isenabled()


def test_a_process_that_collects_on_request_stays_off_after_work():
    from workbench.core.model import memory

    pause = memory._GcPause()
    with pause:
        pause.collect_only_on_request()  # asked while a piece of work runs
        assert pause.running
    assert not pause.running
    assert not gc.isenabled()
    assert gc.get_freeze_count() > 0  # what the work left is frozen all the same


def test_collect_if_due_collects_the_oldest_generation_past_its_threshold(monkeypatch):
    from workbench.core.model import memory

    collected: list[int] = []
    monkeypatch.setattr(memory.gc, "collect", lambda generation=2: collected.append(generation))
    monkeypatch.setattr(memory.gc, "get_threshold", lambda: (700, 10, 10))
    monkeypatch.setattr(memory.gc, "get_count", lambda: (5, 0, 0))
    assert memory.collect_if_due() is None
    monkeypatch.setattr(memory.gc, "get_count", lambda: (701, 3, 0))
    assert memory.collect_if_due() == 0
    monkeypatch.setattr(memory.gc, "get_count", lambda: (701, 11, 11))
    assert memory.collect_if_due() == 2
    with gc_paused:  # never in the middle of a piece of work
        assert memory.collect_if_due() is None
    assert collected == [0, 2]
